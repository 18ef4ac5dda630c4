"""One game of [M124] 血染钟楼 on the runtime: set-up, the held skills, statuses and marks, death
judgments, the day's nominations / votes / execution, the win rules — the mechanics every role's skill
module (:mod:`.skills`) builds on.

Time: ``dawns`` / ``dusks`` count the 拂晓 / 黄昏 passed; a status given 「持续至下一个黄昏」 ends when
``dusks`` reaches its count + 1.  Statuses are in force only while their source skill works (held, not
lost, not failed): 「失去技能或技能失效……状态和标记也一并解除……一旦技能不再失去或失效后，这些状态和标记会
恢复，但持续时间按正常计算」 (技能, line 43) — their windows are fixed when given, so a suspended status
comes back with its original expiry.  The statuses in force are a fixed point of that rule (a later [超度]
suspends an earlier mark; the [超度]'s own suspension brings the mark back), found from the order the
entries were given; where the rule has no fixed point the order given decides.  A status never suspends
the skill that gives it (酒鬼's 醉意 would otherwise switch itself off and on forever — the text's
circularity, reported by the invariant ``suspension_well_founded``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ruleproof.errors import BadInput
from ruleproof.kernel.algebra import PY
from ruleproof.runtime import BaseGame, IllegalAction, Observer, Phase, Policy
from ruleproof.specs.botc_m124 import Spec
from ruleproof.specs.botc_m124.engine.model import EVIL, GOOD, Held, Nomination, Player, St
from ruleproof.specs.botc_m124.engine.registry import DAY, DAYTIME, NIGHT, OPENING, RULES
from ruleproof.specs.botc_m124.kernels import (
    dead_vote,
    dies_of_judgment,
    evil_wins,
    execution_flags,
    good_wins,
)
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, SKILL_BY_KEY, Kind
from ruleproof.specs.botc_m124.setup import Setup, violations
from ruleproof.specs.botc_m124.tables import GRANTS, Anchor

GRANT = {(g.skill, g.name): g for g in GRANTS}
CLOCK_NIGHT = 1200  # 关门: the night's actions carry no clock


def hhmm(minutes: int | None) -> str:
    if minutes is None:
        return "-"
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class Game(BaseGame[Player]):
    rules = RULES

    def __init__(
        self,
        spec: Spec,
        setup: Setup,
        policy: Policy,
        *,
        seed: int = 0,
        observer: Observer | None = None,
        stop_after: tuple[str, int] | None = None,
    ) -> None:
        problems = violations(spec, setup)
        if problems:
            rule, msg = problems[0]
            raise BadInput(f"开局配置不合规则（{rule}）：{msg}", f"illegal set-up ({rule}): {msg}")
        players = []
        for i, role in enumerate(setup.seats):
            players.append(Player(i + 1, role, GOOD if ROLE_BY_KEY[role].good else EVIL))
        super().__init__(players, policy, observer=observer, stop_after=stop_after)
        self.spec = spec
        self.setup = setup
        self.rng = random.Random(f"game:{seed}")
        self.dawns = 0
        self.dusks = 0
        self.clock = 0  # minutes of the current day; CLOCK_NIGHT at night
        self.seq = 0
        self.entries: list[St] = []
        self.version = 0
        self._force: tuple[int, dict[tuple[int, str], list[St]]] | None = None
        self.nominations: list[Nomination] = []
        self.executed_today: int | None = None
        self.exec_death_today: int | None = None
        self.deaths_today: list[int] = []  # who died (or registered dead) during the day
        self.night_deaths: list[int] = []  # to announce at 开门
        self.outsider_died_today = False
        self.someone_died_today = False
        self.demon_voted_today = False
        self.minion_nominated_today = False
        self.mastermind_day: int | None = None  # the extra day of 主谋
        self.red_cards: dict[str, int] = {GOOD: 0, EVIL: 0}
        self.cards: dict[int, dict[str, int]] = {}
        self.fanggu_jumped = False
        self.po_skipped: dict[int, bool] = {}
        self.timers: list[tuple[int, int, Callable[[], None]]] = []  # (at, order, fn)
        self.words: dict[int, str] = {}  # 灵言师 seat → its word x
        self.amnesiac: dict[int, str] = {}  # 追忆者 seat → the skill behind its ???
        self.pixie_x: dict[int, str] = {}  # 小精灵 seat → the role x its 观察 named
        self.answer_as: str | None = None
        self.ballots: dict[str, list[tuple[int, int]]] = {}  # <团队> skill → (minion, target) in order
        self.tasks: dict[int, list[str]] = {}  # 任务达人 seat → its open tasks
        self.taskmaster_lost: set[int] = (
            set()
        )  # 任务达人 seats that went mad about being one  # an answer given under another skill's name (???)
        self.adventurer_mark: dict[int, str] = {}
        self.pending_result: tuple[str, str, str] | None = None
        self.starpass = False  # a 小恶魔's self-kill in progress (the game does not end of it)
        self._jumping = False  # a 蚀梦游魂 jump in progress (the 猩红女士 does not trigger)
        self.goon_nights: dict[int, int] = {}  # 暴徒 seat → the last night it was chosen
        self.barber_of: dict[int, int] = {}  # Demon seat → the 理发师 whose 交换 it holds
        self.held_rev = 0  # bumped whenever a seat's held skills change (the holders index)
        self._holders: tuple[int, dict[str, list[Player]]] | None = None
        self._alive: tuple[int, int] = (-1, 0)
        self.wakers_cache: tuple[object, list[tuple[Player, str]]] = (None, [])
        self._win_checked: tuple[int, int | None] | None = None

    # ── the round ──────────────────────────────────────────────────────────────────────────

    def phases(self, n: int) -> Sequence[Phase]:
        return (OPENING, DAY) if n == 1 else (NIGHT, DAY)

    def opening(self) -> None:
        setupgame.start(self)

    def touch(self) -> None:
        self.version += 1

    # ── held skills ───────────────────────────────────────────────────────────────────────

    def give_role_skills(self, p: Player, role: str, joined: int) -> None:
        p.held = {k: Held(k, joined) for k in ROLE_BY_KEY[role].skills}
        p.joined = joined
        self.held_changed()

    def held_changed(self) -> None:
        """A seat's held skills changed (gained, lost, cleared)."""
        self.held_rev += 1
        self.touch()

    def holders_index(self) -> dict[str, list[Player]]:
        """Skill key → the seats whose ``held`` has it (whether or not it works now): the original role's
        holders first, then those who gained it (「行动顺序在原角色之后」), each by seat number."""
        if self._holders is None or self._holders[0] != self.held_rev:
            idx: dict[str, list[Player]] = {}
            for p in self.players:
                for k in p.held:
                    idx.setdefault(k, []).append(p)
            for k, ps in idx.items():
                ps.sort(key=lambda q: (q.held[k].gained, q.n))
            self._holders = (self.held_rev, idx)
        return self._holders[1]

    def gain(self, p: Player, role: str, source: str, *, until_dawn: int | None = None) -> None:
        """「某些角色可以获得其他角色的技能，在获得时均刷新至初始，行动顺序在原角色之后」."""
        for k in ROLE_BY_KEY[role].skills:
            p.held[k] = Held(k, self.night, gained=True, source=source, until_dawn=until_dawn)
        self.held_changed()

    def holds(self, p: Player, key: str) -> bool:
        """Holds ``key`` now: not lost by death (unless <无视死亡> or [亡魂]), [超度], the 女巫's rule."""
        return self._holds(p, key, self.force())

    def _holds(self, p: Player, key: str, force: dict[tuple[int, str], list[St]]) -> bool:
        h = p.held.get(key)
        if h is None or p.out == "red_card":  # 红牌罚下: out of the game, no skill left
            return False
        if h.until_dawn is not None and self.dawns >= h.until_dawn:
            return False
        if not (p.alive or p.registered_dead or SKILL_BY_KEY[key].survives_death or force.get((p.n, "亡魂"))):
            return False
        if force.get((p.n, "超度")) and ROLE_BY_KEY[p.role].kind is Kind.MINION:
            return False
        # 「当场上存活玩家数量等于三名玩家时，女巫失去所有技能」
        return not (SKILL_BY_KEY[key].role == "witch" and self.alive_count() == self.spec.p("witch.alive"))

    def impaired(self, n: int, skill: str | None = None) -> bool:
        """[醉酒] or [中毒] in force on seat ``n`` (not counting what ``skill`` of ``n`` gives itself)."""
        for name in ("醉酒", "中毒"):
            for st in self.force().get((n, name), ()):
                if not (st.source == n and st.skill == skill):
                    return True
        return False

    def fails(self, p: Player, key: str) -> bool:
        """A non-information skill of an impaired seat fails, unless it only makes / removes marks or
        only 获知 (常见状态特效)."""
        sk = SKILL_BY_KEY[key]
        if "info" in sk.effects or sk.unaffected_by_impairment:
            return False
        return self.impaired(p.n, key)

    def works(self, p: Player, key: str) -> bool:
        return self.holds(p, key) and not self.fails(p, key)

    # ── statuses and marks ────────────────────────────────────────────────────────────────

    def window(self, duration: Any) -> tuple[str, int] | None:
        if duration is None:
            return None
        count = self.dawns if duration.anchor is Anchor.DAWN else self.dusks
        return (duration.anchor.value, count + duration.count)

    def grant(self, holder: int, name: str, source: Player, skill: str, **data: Any) -> None:
        """``source``'s ``skill`` gives ``holder`` the status or mark ``name``, its window fixed now (a game
        that has ended gives nothing)."""
        if self.result is not None:
            return
        g = GRANT[(skill, "冒险" if skill == "adventurer.adventure" else name)]
        self.seq += 1
        st = St(
            name,
            g.mark,
            source.n,
            skill,
            self.seq,
            holder=holder,
            end=self.window(g.duration),
            start=self.window(g.since),
            data=dict(data),
        )
        self.entries.append(st)
        self.touch()
        if not g.mark or name in ("被驱魔", "被辩护"):
            self.log(
                "status",
                {
                    "holder": holder,
                    "name": name,
                    "source": source.n,
                    "skill": skill,
                    "until": list(st.end) if st.end else None,
                },
            )

    def carry(self, n: int) -> None:
        """恶魔宝宝 携带: 「使拥有[携带宝宝]标记的角色解除[携带宝宝]标记；使该角色获得[携带宝宝]标记，并使其获知是恶魔宝宝
        的携带者」.  The 恶魔宝宝 has no seat, so the mark is no seat's skill's: nothing suspends it."""
        self.remove(lambda e: e.name == "携带宝宝")
        self.seq += 1
        self.entries.append(St("携带宝宝", True, 0, "lilmonsta.carry", self.seq, holder=n))
        self.touch()
        self.log("babysitter", {"seat": n})
        self.private(n, "learn", {"skill": "lilmonsta.carry", "babysitter": True})

    def ongoing(self, name: str, source: Player, skill: str, holders: Callable[[Any], list[int]]) -> None:
        """A passive's status whose holders follow the state (茶艺, 腐化, 迷乱, 强健…)."""
        self.seq += 1
        self.entries.append(St(name, False, source.n, skill, self.seq, holders=holders))
        self.touch()

    def remove(self, pred: Callable[[St], bool]) -> None:
        self.entries = [e for e in self.entries if not pred(e)]
        self.touch()

    def _in_window(self, st: St) -> bool:
        def reached(point: tuple[str, int]) -> bool:
            anchor, count = point
            return (self.dawns if anchor == Anchor.DAWN.value else self.dusks) >= count

        if st.start is not None and not reached(st.start):
            return False
        return st.end is None or not reached(st.end)

    def force(self) -> dict[tuple[int, str], list[St]]:
        """Every status / mark in force, by (holder, name).

        An entry is in force while in its window and supported: its source skill is held (not lost by
        death, [超度], the 女巫's rule — read on the statuses in force) and, if the skill is one an
        impairment makes fail, not impaired by another source's [醉酒] / [中毒] in force (its marks too,
        unless ``drunk.mixed_skill=marks_survive``).  What is in force decides what is supported, so the set
        is a fixed point: started from the order the entries were given (what was given earlier may
        suspend what was given later) and recomputed on the whole previous set until nothing changes — a
        later [超度] suspends an earlier mark, and its own suspension brings the mark back.  Where the
        recomputation cycles (the text's rule has no fixed point there) the order-given set stands."""
        if self._force is not None and self._force[0] == self.version:
            return self._force[1]
        live = [st for st in sorted(self.entries, key=lambda e: e.seq) if self._in_window(st)]
        first = self._supported_set(live, None)
        seen = [first]
        cur = first
        for _ in range(len(live) + 1):
            nxt = self._supported_set(live, cur)
            if nxt == cur:
                break
            if nxt in seen:  # a cycle: no fixed point — keep the order-given set
                cur = first
                break
            seen.append(nxt)
            cur = nxt
        self._force = (self.version, cur)
        return cur

    def _supported_set(
        self, live: list[St], basis: dict[tuple[int, str], list[St]] | None
    ) -> dict[tuple[int, str], list[St]]:
        """The entries of ``live`` supported on ``basis`` (None: on what precedes each, in order)."""
        out: dict[tuple[int, str], list[St]] = {}
        marks_survive = self.spec.reading("drunk.mixed_skill") == "marks_survive"
        for st in live:
            on = out if basis is None else basis
            src = self.players[st.source - 1] if st.source else None
            if src is not None and st.skill in SKILL_BY_KEY:
                if not self._holds(src, st.skill, on):
                    continue
                sk = SKILL_BY_KEY[st.skill]
                fails = not sk.unaffected_by_impairment and "info" not in sk.effects
                if fails and not (st.mark and marks_survive):
                    blocked = any(
                        e.source != st.source or e.skill != st.skill
                        for name in ("醉酒", "中毒")
                        for e in on.get((src.n, name), ())
                    )
                    if blocked:
                        continue
            holders = st.holders(self) if st.holders is not None else [st.holder]
            for h in holders:
                out.setdefault((h, st.name), []).append(st)
        return out

    def has(self, n: int, name: str) -> bool:
        return bool(self.force().get((n, name)))

    def marks(self, name: str) -> list[int]:
        return sorted({h for (h, nm), sts in self.force().items() if nm == name and sts})

    def expire_anchor(self, anchor: Anchor) -> None:
        """A 拂晓 / 黄昏 passes: count it; the entries whose window closed for good are dropped."""
        if anchor is Anchor.DAWN:
            self.dawns += 1
        else:
            self.dusks += 1
        gone = [
            e
            for e in self.entries
            if e.end is not None and not self._in_window(e) and (e.start is None or self._started(e))
        ]
        for e in gone:
            self.log("status_ended", {"holder": e.holder, "name": e.name, "skill": e.skill})
        self.entries = [e for e in self.entries if e not in gone]
        self.touch()

    def _started(self, st: St) -> bool:
        assert st.start is not None
        anchor, count = st.start
        return (self.dawns if anchor == Anchor.DAWN.value else self.dusks) >= count

    # ── who is what ───────────────────────────────────────────────────────────────────────

    def alive_count(self) -> int:
        if self._alive[0] != self.version:
            self._alive = (self.version, sum(p.alive and not p.registered_dead for p in self.players))
        return self._alive[1]

    def living(self) -> list[Player]:
        return [p for p in self.players if p.alive and not p.registered_dead]

    def kind(self, p: Player) -> Kind:
        return ROLE_BY_KEY[p.role].kind

    def is_demon(self, p: Player) -> bool:
        """A Demon role, or the [携带宝宝] holder (恶习: 「拥有[携带宝宝]标记的角色被视为恶魔」)."""
        if self.kind(p) is Kind.DEMON:
            return True
        return self.setup.monsta and p.n in self.marks("携带宝宝")

    def demons(self) -> list[Player]:
        return [p for p in self.players if self.is_demon(p)]

    def living_demons(self) -> int:
        zombuul_alive = self.spec.reading("zombuul.win_registration") == "alive"
        if self.setup.monsta and not any(e.name == "携带宝宝" for e in self.entries):
            return 1  # 恶魔宝宝 before its first babysitter: the Demon of the game is still in play
        return sum(
            self.is_demon(p) and p.alive and (not p.registered_dead or zombuul_alive) for p in self.players
        )

    def neighbours(self, n: int, pred: Callable[[Player], bool]) -> list[int]:
        """The nearest seat above and below ``n`` (circular) satisfying ``pred`` (「上下分别最近的」)."""
        out: list[int] = []
        size = len(self.players)
        for step in (-1, 1):
            for k in range(1, size):
                q = self.players[(n - 1 + step * k) % size]
                if q.n == n:
                    break
                if pred(q):
                    if q.n not in out:
                        out.append(q.n)
                    break
        return out

    def alive_pred(self, q: Player) -> bool:
        return q.alive and not q.registered_dead

    # ── deaths ────────────────────────────────────────────────────────────────────────────

    def judge(self, target: int, source: Player | None, skill: str, *, execution: bool = False) -> bool:
        """A death judgment (死亡判定): [不死] stops any, [庇护] a Demon's, [霸道] an execution's."""
        t = self.players[target - 1]
        if not t.alive or t.registered_dead or self.result is not None:
            return False
        by_demon = (
            source is not None
            and skill in SKILL_BY_KEY
            and ROLE_BY_KEY[SKILL_BY_KEY[skill].role].kind is Kind.DEMON
        )
        shields = [name for name in ("不死", "庇护", "霸道") if self.has(target, name)]
        dies = dies_of_judgment(
            PY, "不死" in shields, "庇护" in shields, by_demon, "霸道" in shields, execution
        )
        self.log(
            "judgment",
            {
                "target": target,
                "source": source.n if source else 0,
                "skill": skill,
                "execution": execution,
                "by_demon": by_demon,
                "statuses": shields,
                "dies": dies,
            },
        )
        if not dies:
            blockers = ["不死"] + (["庇护"] if by_demon else []) + (["霸道"] if execution else [])
            interference.judgment_blocked(self, target, source, skill, blockers)
            return False
        if self.works(t, "zombuul.undead") and not t.held["zombuul.undead"].used:
            t.held["zombuul.undead"].used = True  # 「在丧尸死亡时，不死亡，但被视为死亡」
            t.registered_dead = True
            self.touch()
            self.record_death(t, skill, source, execution, registered=True)
            return True
        self.die(t, skill, source, execution=execution)
        return True

    def die(self, t: Player, cause: str, source: Player | None, *, execution: bool = False) -> None:
        """Death itself (刺客 「其死亡」, 噬脑魔 「噬脑魔死亡」 and a judgment that kills)."""
        if not t.alive or self.result is not None:
            return
        was_demon_alive = self.living_demons()
        alive_before = self.alive_count()
        t.alive = False
        t.out = "dead"
        self.touch()
        self.record_death(t, cause, source, execution)
        triggers.on_death(self, t, cause, source, execution, was_demon_alive, alive_before)

    def record_death(
        self, t: Player, cause: str, source: Player | None, execution: bool, registered: bool = False
    ) -> None:
        data = {"player": t.n, "cause": cause, "execution": execution}
        if registered:
            data["registered"] = True
        if self.current_phase.kind == "day" or self.step in DAY.steps:
            self.announce("death", data)  # 「白天的死亡会即刻公示」
            self.deaths_today.append(t.n)
            self.someone_died_today = True
            if self.kind(t) is Kind.OUTSIDER:
                self.outsider_died_today = True
        else:
            self.log("death", data)
            self.night_deaths.append(t.n)

    # ── executions ────────────────────────────────────────────────────────────────────────

    def execute(self, n: int, how: str) -> None:
        """「处决会即刻公示，被处决的玩家会受到一次死亡判定，一旦有玩家被处决，白天结束」."""
        p = self.players[n - 1]
        self.executed_today = n
        self.announce(
            "execution", {"player": n, "how": how, "at": hhmm(self.clock) if self.step == DAYTIME else None}
        )
        triggers.before_execution_judgment(self, p)
        if self.result is not None:
            return
        died = self.judge(n, None, "execution", execution=True)
        if died and not p.registered_dead:
            self.exec_death_today = n
        triggers.after_execution(self, p, died)

    def day_over(self) -> bool:
        """「一旦有玩家被处决，白天结束，白天发动的技能均不可发动」."""
        return self.executed_today is not None

    # ── timers of the real-time day ───────────────────────────────────────────────────────

    def at(self, minute: int, fn: Callable[[], None]) -> None:
        self.timers.append((minute, len(self.timers), fn))
        self.timers.sort()

    def advance(self, minute: int) -> None:
        """Run every timer due before ``minute`` (tallies, the 月之子's default choice)."""
        while self.timers and self.timers[0][0] <= minute and self.result is None:
            when, _, fn = self.timers.pop(0)
            self.clock = max(self.clock, when)
            fn()
        self.clock = max(self.clock, minute)

    def check_common(self, pl: Player, a: Any) -> None:
        if self.current_phase.kind == "day" and a.at is not None:
            self.advance(a.at)
        skills.check_common(self, pl, a)

    def capable(self, pl: Player, skill: str) -> bool:
        return skills.capable(self, pl, skill)

    def incapacity(self, pl: Player) -> str:
        if not pl.alive:
            return "dead"
        if self.has(pl.n, "沉默"):
            return "silenced"
        return "lost"

    # ── winning ───────────────────────────────────────────────────────────────────────────

    def check_win(self, moment: str) -> None:
        """The two win conditions (胜负判定) and the overrides that hold the game open; under the reading
        ``win.check_time=phase_end`` only at the end of a phase (``moment`` = "phase")."""
        if self.result is not None:
            return
        if self.spec.reading("win.check_time") == "phase_end" and moment != "phase":
            return
        if self.mastermind_day is not None or self.starpass:
            return  # 主谋: the game goes on until that day's end; 小恶魔: not while its star passes
        seen = (self.version, self.mastermind_day)
        if self._win_checked == seen:
            return  # nothing changed since the last check
        self._win_checked = seen
        demons = self.living_demons()
        if good_wins(PY, demons):
            self.end(GOOD, "good", "场上不存在存活的恶魔")
        elif evil_wins(
            PY,
            self.alive_count(),
            demons,
            self.spec.p("win.evil_alive"),
            self.spec.reading("win.evil_alive") == "exactly",
        ):
            self.end(EVIL, "evil", "场上仅剩两名存活角色，且场上存在存活的恶魔")

    def end(self, winner: str, row: str, reason: str) -> None:
        """The game ends: the 异端分子 and 政客 apply at the end (「游戏结束时」)."""
        winner, secondary, note = triggers.at_game_end(self, winner)
        node = f"{self.current_phase.kind} {self.step}"
        self.finish(winner, node, row, f"{reason}；{note}" if note else reason, secondary)

    # ── the snapshot ──────────────────────────────────────────────────────────────────────

    def snapshot(self) -> dict[str, Any]:
        force = self.force()
        players: dict[str, Any] = {}
        for p in self.players:
            statuses = sorted({nm for (h, nm), sts in force.items() if h == p.n and sts and not sts[0].mark})
            marks = sorted({nm for (h, nm), sts in force.items() if h == p.n and sts and sts[0].mark})
            players[str(p.n)] = {
                "role": p.role,
                "alignment": p.faction,
                "alive": p.alive and not p.registered_dead,
                "out": p.out,
                "registered_dead": p.registered_dead,
                "statuses": statuses,
                "marks": marks,
                "skills": sorted(k for k in p.held if self.holds(p, k)),
                "used": sorted(k for k, h in p.held.items() if h.used),
                "dead_vote_used": p.dead_yes,
                "believed": p.believed,
            }
        return {
            "night": self.night,
            "dawns": self.dawns,
            "dusks": self.dusks,
            "alive": self.alive_count(),
            "executed_today": self.executed_today,
            "nominations": [
                {"nominator": nm.nominator, "nominee": nm.nominee, "at": hhmm(nm.at), "yes": nm.count}
                for nm in self.nominations
            ],
            "players": players,
        }


def count_execution(g: Game) -> int | None:
    """The day-end execution by the votes (处决，死亡与复活): the kernel over this day's nominations."""
    noms = [nm for nm in g.nominations if nm.count is not None]
    if not noms or g.executed_today is not None:
        return None
    alive = g.alive_count() if g.spec.reading("execution.alive_basis") == "day_end" else None
    flags = []
    for nm in noms:
        basis = alive if alive is not None else (nm.alive_at_tally or 0)
        votes = [x.count or 0 for x in noms]
        mine = execution_flags(PY, votes, [True] * len(noms), basis, g.spec.p("execute.factor"), False)
        flags.append(mine[noms.index(nm)])
    winners = [nm.nominee for nm, f in zip(noms, flags, strict=True) if f]
    return winners[0] if winners else None


def vote_counts(g: Game, voter: Player, yes: bool) -> bool:
    counted, used = dead_vote(PY, voter.alive and not voter.registered_dead, voter.dead_yes, yes)
    voter.dead_yes = used
    return counted


def illegal(g: Game, clause: str, zh: str, en: str, a: Any) -> IllegalAction:
    return g.illegal(clause, zh, en, a)


def seats(g: Game, pred: Callable[[Player], bool] | None = None) -> Iterable[Player]:
    return (p for p in g.players if pred is None or pred(p))


# the rule modules call back into Game; imported last, so either side may be imported first
from ruleproof.specs.botc_m124.engine import interference, setupgame, skills, triggers  # noqa: E402

__all__ = ["CLOCK_NIGHT", "Game", "count_execution", "hhmm", "illegal", "seats", "vote_counts"]
