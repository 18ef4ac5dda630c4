"""The family's game machinery on :mod:`ruleproof.runtime`, shared by the books that import it.

* :class:`Player` — a seat with real and surface identity (实际/表面 身份·阵营), identity tags ([群内]
  [接刀]), per-skill state (uses left, spent, lost), whether its identity is public (翻牌), cards;
* :class:`FamilyGame` — statuses through the runtime's ``Statuses`` (the book's :class:`Family` says what
  each one blocks), hits resolved by :func:`..kernels.hit` against the defence instances held, the
  exit record, the 「踢球」 chain through :func:`..kernels.kick`, the vote tally through
  :func:`..kernels.tally`, win determination through :func:`..kernels.determine`.

A book subclasses :class:`FamilyGame` with its own tables and rules; nothing here names a book.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ruleproof.kernel.algebra import PY
from ruleproof.runtime import BaseGame, BookEngine, Observer, Phase, Policy, Seat, Status, Statuses, Until
from ruleproof.specs._werewolf_family import kernels
from ruleproof.specs._werewolf_family.model import Damage, Family, SkillDef, Timing
from ruleproof.vectors.format import Vector, parse_after


class SkillState:
    """One skill a seat holds: uses left (None: not a count skill), whether a <限定> one is spent, whether
    it was lost, and where it came from — ``origin`` is ``own`` (the seat's identity) or the skill that
    granted it (a gift, a copy, an inheritance); ``role`` is the section printing the skill when it is
    not the seat's own identity, ``version`` a variant of it the text defines (机械狼's), ``lease`` the
    status-like record of when an acquired skill ends (None: it stays)."""

    __slots__ = ("lease", "lost", "origin", "role", "spent", "uses", "version")

    def __init__(
        self, uses: int | None = None, origin: str = "own", *, role: str = "", version: str = ""
    ) -> None:
        self.uses = uses
        self.spent = False
        self.lost = False
        self.origin = origin
        self.role = role
        self.version = version
        self.lease: Status | None = None

    @property
    def acquired(self) -> bool:
        """Held through another skill (获取技能): a copy, an inheritance, a gift — a *second-hand* skill."""
        return self.origin != "own"


class _Quiet:
    """A log sink for the lease table's expiry (the game logs ``skill_ended`` itself)."""

    def log(self, kind: str, data: dict[str, Any]) -> None:
        pass


class Player(Seat):
    """A seat of the family: ``role`` the identity whose skills it uses, ``true_role`` its 实际身份 (never
    changes), ``faction`` its 实际阵营; the surface ones are what checks see."""

    __slots__ = (
        "cards",
        "exit_order",
        "flipped",
        "follow",
        "marks",
        "sheriff",
        "skills",
        "surface_camp",
        "surface_knife",
        "surface_role",
        "tags",
    )

    def __init__(self, n: int, role: str, faction: str) -> None:
        super().__init__(n, role, faction)
        self.surface_role = role
        self.surface_camp = faction
        self.surface_knife: bool | None = None  # 表面带刀 when a disguise sets it (None: the real one)
        self.follow: tuple[int, str] | None = (
            None  # (seat, "same" | "opposite"): whose faction changes it follows
        )
        self.tags: set[str] = set()  # "[群内]", "[接刀]"
        self.skills: dict[str, SkillState] = {}
        self.flipped = False
        self.sheriff = False
        self.cards = {"blue": 0, "yellow": 0, "red": 0}
        self.marks: dict[str, Any] = {}  # per-role bookkeeping (last targets, counters)
        self.exit_order = 0  # position in the game's exit record (0: in the game)

    def holds(self, skill: str) -> bool:
        s = self.skills.get(skill)
        return s is not None and not s.lost


class Hit:
    """One damage waiting to resolve (a night's exit list) or resolving now."""

    __slots__ = ("against", "cause", "kind", "rank", "seq", "skill", "source", "target")

    def __init__(
        self,
        target: int,
        kind: Damage,
        source: int,
        skill: str,
        rank: tuple[int, ...] = (),
        seq: int = 0,
        cause: int = 0,
        against: str | None = None,
    ) -> None:
        self.target = target
        self.kind = kind
        self.source = source
        self.skill = skill
        self.rank = rank
        self.seq = seq
        self.cause = cause  # a chained exit: the seat whose exit caused it
        self.against = against  # the source's 实际阵营 (a defence may apply only against some camps)


class FamilyGame(BaseGame[Player]):
    """A game of the family.  Subclasses set ``rules`` and ``family`` and fill in their book's rules."""

    family: Family
    shortest_first: bool = True  # which defence absorbs a hit (kernels.hit)

    def __init__(
        self,
        players: list[Player],
        policy: Policy,
        *,
        seed: int = 0,
        observer: Observer | None = None,
        stop_after: tuple[str, int] | None = None,
    ) -> None:
        super().__init__(players, policy, observer=observer, stop_after=stop_after)
        self.rng = random.Random(f"game:{seed}")
        self.exits: list[tuple[int, str, str]] = []  # (seat, how, step) in exit order
        self.step_index = {k: i for i, k in enumerate(self.rules.steps())}
        self.leases = Statuses(self.rules.steps())  # when acquired skills end (SkillState.lease)

    def run(self) -> Any:
        """The runtime's loop, except that ``stop_after = (kind, n)`` waits for the *last* period of that
        kind in round n (a round of this family has several day periods: 正午 then 黄昏)."""
        self.opening()
        n = 0
        while self.result is None:
            n += 1
            i = 0
            while True:  # asked again after each period: a rule may add one to this round (月亮's night)
                phases = list(self.phases(n))
                if i >= len(phases):
                    break
                phase = phases[i]
                i += 1
                if not self.phase_runs(phase):
                    continue
                self.run_phase(n, phase)
                if self.finished():
                    return self.result
                later = [ph.kind for ph in self.phases(n)[i:]]
                if self.stop_after == (phase.kind, n) and phase.kind not in later:
                    return self.result
            if self.stop_after is not None and self.stop_after[1] <= n:
                break
        return self.result

    def finished(self) -> bool:
        return self.result is not None

    def run_step(self, phase: Phase, key: str) -> None:
        """The runtime's step, with acquired skills ending at their lease's edge (as statuses do)."""
        if self.leases.active:
            self._end_leases(key, "start")
        super().run_step(phase, key)
        if self.leases.active:
            self._end_leases(key, "end")

    def _end_leases(self, key: str, edge: str) -> None:
        for lease in self.leases.expire(_Quiet(), self.night, key, edge):
            p = self.seat(lease.holder)
            state = p.skills.get(lease.name)
            if state is not None and state.lease is lease:
                del p.skills[lease.name]
                self.log("skill_ended", {"seat": p.n, "skill": lease.name, "origin": state.origin})

    # ── skills from other identities (获取技能, 身份更换) ────────────────────────────────────────

    def role_skills(self, role: str) -> Sequence[SkillDef]:
        """The skills an identity's section prints (the book's role table)."""
        raise NotImplementedError(type(self).__name__)

    def initial_uses(self, p: Player, name: str, count: int | None) -> int | None:
        """A skill's uses in its initial state (刷新至初始)."""
        return count if count is not None and count >= 0 else None

    def grant(
        self,
        p: Player,
        name: str,
        *,
        origin: str,
        role: str = "",
        uses: int | None = None,
        until: Until | None = None,
        version: str = "",
    ) -> SkillState:
        """``p`` gets the skill ``name`` from ``origin`` (a gift, a copy, an inheritance).  A skill it already
        holds is not duplicated: a count skill gains the uses (「选择重复获得技能则对应技能次数+1」), another
        stays as it is.  ``until``: the acquired skill ends then (a lease)."""
        held = p.skills.get(name)
        if held is not None and not held.lost:
            if held.uses is not None and uses is not None:
                held.uses += uses
            self.log("skill_kept", {"seat": p.n, "skill": name, "origin": origin, "uses": held.uses})
            return held
        state = SkillState(uses, origin, role=role, version=version)
        if until is not None:
            state.lease = self.leases.add(p.n, name, source=p.n, until=until, origin=origin)
        p.skills[name] = state
        self.log(
            "skill_gained",
            {"seat": p.n, "skill": name, "origin": origin, "role": role, "version": version, "uses": uses},
        )
        return state

    def acquire(
        self,
        p: Player,
        role: str,
        *,
        origin: str,
        until: Until | None = None,
        version: str = "",
        refresh: bool = True,
        source: Player | None = None,
        names: Iterable[str] | None = None,
    ) -> list[str]:
        """``p`` takes the skills of the identity ``role`` (获取技能: every noun of the original identity now
        means ``p``).  ``refresh`` (刷新至初始): initial uses, and [开局] skills may be used at once; without
        it a [开局] skill is unusable (「获得的技能若没有“刷新至初始”条目，则类别[开局]的技能不可用」) and the
        uses are ``source``'s where given.  Only the identity's own skills pass: never a temporary or
        second-hand skill of ``source`` (「不会获得临时技能和二手技能」).  Returns the names granted."""
        wanted = set(names) if names is not None else None
        out: list[str] = []
        for sd in self.role_skills(role):
            if wanted is not None and sd.name not in wanted:
                continue
            start = Timing.START in sd.timings
            if start and not refresh:
                continue
            uses = self.initial_uses(p, sd.name, sd.count)
            if not refresh and source is not None:
                own = source.skills.get(sd.name)
                if own is not None and not own.acquired:
                    uses = own.uses
            state = self.grant(p, sd.name, origin=origin, role=role, uses=uses, until=until, version=version)
            if not refresh and source is not None:
                own = source.skills.get(sd.name)
                state.spent = bool(own is not None and not own.acquired and own.spent)
            out.append(sd.name)
        return out

    def drop_acquired(self, p: Player, origin: str) -> list[str]:
        """``p`` loses every skill it holds from ``origin``."""
        gone = [k for k, st in p.skills.items() if st.origin == origin]
        for k in gone:
            st = p.skills.pop(k)
            if st.lease is not None and st.lease in self.leases.active:
                self.leases.active.remove(st.lease)
        if gone:
            self.log("skill_lost", {"seat": p.n, "skills": gone, "origin": origin})
        return gone

    # ── factions that change, and follow another char's (阵营转变, 跟随…变动) ───────────────────────

    def set_faction(
        self, p: Player, faction: str, *, why: str, follow: tuple[int, str] | None = None
    ) -> None:
        """``p``'s 实际阵营 becomes ``faction`` (told: 「你的阵营转变为xx阵营」).  A char following another's
        faction keeps following only while its changes come from that char (「在自己被其他手段改变阵营后，该效果
        失效」); chars following ``p`` change with it."""
        if why != "follow":
            p.follow = follow
        old = p.faction
        if old == faction:
            return
        p.faction = faction
        self.log("faction", {"seat": p.n, "from": old, "to": faction, "why": why})
        self.faction_told(p)
        for q in self.players:
            if q.follow is not None and q.follow[0] == p.n and q is not p:
                self.set_faction(q, self.followed_faction(q, faction), why="follow")

    def followed_faction(self, follower: Player, leader_faction: str) -> str:
        """The faction a follower takes from its leader's (``same``; the book reads ``opposite``)."""
        return leader_faction

    def faction_told(self, p: Player) -> None:
        """Tell ``p`` its new faction (the book's words)."""

    # ── returning to the game (复活) ───────────────────────────────────────────────────────────

    def revive(self, p: Player, *, by: int, skill: str) -> None:
        """``p`` returns to the game (「若被复活将重新回到游戏」), its statuses as they were when it went out."""
        if p.alive:
            return
        p.alive = True
        p.out = ""
        p.exit_order = 0
        self.log("revived", {"seat": p.n, "by": by, "skill": skill})

    # ── statuses ─────────────────────────────────────────────────────────────────────────────

    def has(self, p: Player | int, name: str) -> bool:
        n = p if isinstance(p, int) else p.n
        return self.statuses.has(n, name)

    def effects(self, p: Player) -> frozenset[str]:
        return self.family.effects(s.name for s in self.statuses.of(p.n))

    def immune_to_negative(self, p: Player, name: str) -> bool:
        """Whether ``p`` cannot take the negative status ``name`` (the book says who)."""
        return False

    def give(
        self, p: Player, name: str, *, source: int, until: Until | None = None, **data: Any
    ) -> Status | None:
        """``p`` gets the status ``name`` (None when it cannot hold it)."""
        spec = self.family.statuses.get(name)
        negative = spec.negative if spec is not None else bool(data.pop("negative", False))
        if negative and self.immune_to_negative(p, name):
            self.log("status_refused", {"holder": p.n, "status": name, "source": source})
            return None
        status = self.statuses.add(p.n, name, source=source, until=until, **data)
        self.log("status", {"holder": p.n, "status": name, "source": source, "until": list(until or ())})
        return status

    def until(self, round_: int, step: str, edge: str = "start") -> Until:
        return Until(round_, step, edge)

    def _expiry_rank(self, s: Status) -> int:
        if s.until is None:
            return 1 << 30
        u = s.until
        return (u.night * 1000 + self.step_index.get(u.step, 0)) * 2 + (0 if u.edge == "start" else 1)

    # ── hits ─────────────────────────────────────────────────────────────────────────────────

    def defences(self, p: Player, hit: Hit) -> list[tuple[Status, bool, bool]]:
        """The defence instances ``p`` holds against ``hit``: (status, cancels this hit, counted)."""
        out = []
        for s in self.statuses.of(p.n):
            for d in self.family.defences:
                if d.status != s.name:
                    continue
                against = s.data.get("against")
                applies = hit.kind in d.cancels and (against is None or hit.against == against)
                out.append((s, applies, d.counted))
        return out

    def absorb(self, p: Player, hit: Hit) -> str | None:
        """Run :func:`kernels.hit` on ``p``'s defences: the absorbing status's name, or None."""
        inst = self.defences(p, hit)
        if not inst:
            return None
        cancels = [c for _, c, _ in inst]
        counted = [k for _, _, k in inst]
        held = [True] * len(inst)
        expiry = [self._expiry_rank(s) for s, _, _ in inst]
        count = [int(s.data.get("count", 1)) if k else 0 for s, _, k in inst]
        found, best, after = kernels.hit(
            PY, cancels, counted, held, expiry, count, shortest_first=self.shortest_first
        )
        if not found:
            return None
        status = inst[best][0]
        if counted[best]:
            status.data["count"] = after[best]
            if after[best] <= 0:
                self.statuses.active.remove(status)
        self.log(
            "absorbed",
            {
                "target": p.n,
                "by": status.name,
                "kind": hit.kind.value,
                "skill": hit.skill,
                "source": hit.source,
            },
        )
        return status.name

    def resolve_hit(self, h: Hit) -> bool:
        """One hit on a char in the game: a defence absorbs it, or another effect cancels it (the book's
        :meth:`cancels_otherwise`), or the char goes out (the book's :meth:`exit`).  True: it went out."""
        t = self.seat(h.target)
        if not t.alive or self.absorb(t, h) or self.cancels_otherwise(t, h):
            return False
        self.exit(t, h.kind, h.source, h.skill)
        return True

    def cancels_otherwise(self, t: Player, h: Hit) -> bool:
        """「有其他效果可以抵消伤害，则这些效果全部结算」: none by default."""
        return False

    def exit(self, t: Player, kind: Damage, source: int, skill: str) -> None:
        raise NotImplementedError(type(self).__name__)

    # ── the 「踢球」 chain ───────────────────────────────────────────────────────────────────────

    def kick(self, actor: Player, selected: int, skill: str) -> int:
        """The final target of one ball: each stage of the book's redirection chain once, in order."""
        n = len(self.players)
        stages = [self.stage_table(stage, actor, skill) for stage in self.family.redirection.entries]
        final, trail = kernels.kick(PY, selected - 1, [[d - 1 for d in table] for table in stages])
        if any(t != selected - 1 for t in trail):
            self.log(
                "redirected",
                {
                    "actor": actor.n,
                    "skill": skill,
                    "selected": selected,
                    "trail": [t + 1 for t in trail],
                    "stages": list(self.family.redirection.entries),
                },
            )
        return final + 1 if 0 <= final < n else selected

    def stage_table(self, stage: str, actor: Player, skill: str) -> list[int]:
        """Where ``stage`` sends a ball on each seat (1-based; identity when it does nothing)."""
        return [p.n for p in self.players]

    # ── the vote ─────────────────────────────────────────────────────────────────────────────

    def count_votes(
        self, ballots: Mapping[int, int | None], weight: Callable[[Player], int], bonus: Mapping[int, int]
    ) -> tuple[dict[int, int], list[int]]:
        """The count per seat and the seats at the top (empty when nobody got a vote)."""
        n = len(self.players)
        seats = [p.n for p in self.players]
        votes = [(ballots.get(s) or 0) - 1 if s in ballots else -1 for s in seats]
        weights = [weight(p) for p in self.players]
        counts, top, _at_top = kernels.tally(PY, votes, weights, [bonus.get(s, 0) for s in seats])
        per = {seats[i]: counts[i] for i in range(n)}
        tops = [s for s in seats if top > 0 and per[s] == top]
        return per, tops

    # ── win determination ────────────────────────────────────────────────────────────────────

    def decide(
        self,
        factions: Sequence[str],
        lost: Mapping[str, bool],
        wins: Mapping[str, bool],
        alive: Mapping[str, bool],
        priority: Iterable[str],
    ) -> str | None:
        order = [factions.index(f) for f in priority if f in factions]
        winner, _ = kernels.determine(
            PY,
            [lost.get(f, False) for f in factions],
            [wins.get(f, False) for f in factions],
            [alive.get(f, False) for f in factions],
            order,
        )
        return factions[winner] if winner >= 0 else None

    def seat_snapshot(self, p: Player) -> dict[str, Any]:
        """The state fields every book of the family shows for a seat (vectors' ``state``)."""
        mine = self.statuses.of(p.n)
        return {
            "role": p.role,
            "faction": p.faction,
            "alive": p.alive,
            "out": p.out,
            "exited": not p.alive,
            "statuses": sorted({s.name for s in mine}),
            "guard": sum(int(s.data.get("count", 0)) for s in mine if s.name == "守护"),
            "tags": sorted(p.tags),
            "sheriff": p.sheriff,
        }

    # ── helpers ──────────────────────────────────────────────────────────────────────────────

    def living(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    def seat(self, n: int) -> Player:
        return self.players[n - 1]


class DayFirstEngine(BookEngine):
    """A :class:`BookEngine` for books whose round is ``day N`` then ``night N`` (the runtime's default
    orders ``night N`` first): where a ``run: script`` replay stops."""

    def stop_point(self, vec: Vector) -> tuple[str, int]:
        points = [vec.last, *(("night", n) for n in vec.nights), *(("day", n) for n in vec.days)]
        points += [(half, n) for half, n in vec.choices]
        for e in vec.expect:
            if "after" in e:
                kind, n, _ = parse_after(e["after"])
                points.append((kind, n))
        return max(points, key=lambda item: (item[1], 1 if item[0] == "night" else 0))


__all__ = ["DayFirstEngine", "FamilyGame", "Hit", "Player", "SkillState"]
