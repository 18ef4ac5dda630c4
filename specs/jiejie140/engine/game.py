"""One game of [140]乘风破浪的姐姐2 on the generic runtime (docs/jiejie140.md, "Engine").

The :class:`Game` keeps the book's state and applies the rules every skill shares, from the skill
records: who holds a skill now (own identity, 英灵召唤, 绝境先驱, 同步链接, the faction's ballot, an office),
when it may act (发动时间 and the night table, under the readings), what blocks it (精神干扰, 命运洪流,
机能破坏, an arbiter application, a red card), its limit (次数限制 with 双重武装's bonus and 欺诈's debt),
its charge (超能 needs an open charge window; 传承者 spends layers), its targets (目标) and
「不可对同一目标连续使用」.  Every effect on a seat goes through :meth:`Game.affect`: 连锁感应's redirection,
光辉仲裁 and 安宁颂歌 (the kernel :func:`~ruleproof.specs.jiejie140.kernels.effect_gate`), 敌意感应 and the
sensor's reaction (a choice ``react:<seat>``: ``none`` / ``avoid`` / ``counter``), the effect, then
同步链接's propagation.  Deaths go through :meth:`Game.kill` (灵能护盾, credit, 遗泽, 消逝, 灵能溪流, the
soul link, the judge), ballots through :meth:`Game.tally` (the kernels :func:`ballot_passes` and
:func:`dual_priority`), wins through :meth:`Game.check_wins` (:func:`win_rows`, :func:`resolve_winners`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ruleproof.kernel.algebra import PY
from ruleproof.runtime.game import BaseGame, Observer
from ruleproof.runtime.model import IllegalAction
from ruleproof.runtime.policy import Choice, Policy
from ruleproof.runtime.rules import Phase
from ruleproof.specs.jiejie140 import Spec
from ruleproof.specs.jiejie140 import kernels as k
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.engine.model import (
    Ballot,
    Death,
    Effect,
    JAction,
    JSeat,
    day_period,
    night_period,
)
from ruleproof.specs.jiejie140.engine.registry import AUTOMATIC, NIGHT_STEPS, RULES, night_steps_of
from ruleproof.specs.jiejie140.skills import Kind, LimitKind, SkillRecord, Target, Timing

MAX_ROUNDS = 20  # an engine cap (not a rule): a game nobody wins stops unfinished after night 20
BALLOTS = ("telekinesis", "ascend", "hidden_push")
FACTION_SKILL = {nm.ETERNAL: "telekinesis", nm.COHESION: "telekinesis", nm.ADAPTATION: "ascend"}
DUSK_MOMENT = 10**6  # the close of the day: after every moment of the stream


class Deferring:
    """The policy as the game sees it: actions of a seat under 时间凝滞 are put off by one day
    (「视为延后一天发动」) and come back at the same step and moment of the next day."""

    def __init__(self, inner: Policy, game: Game) -> None:
        self.inner = inner
        self.game = game

    def actions(self, g: Any, step: str) -> list[Any]:
        out: list[Any] = []
        game = self.game
        for a in self.inner.actions(g, step):
            rec = game.rec(a.skill)
            ability = rec is not None and rec.kind.ability
            if isinstance(a, JAction) and ability and not a.deferred and game.deferred_now(a.actor):
                a.deferred += 1
                game.pending.setdefault((game.night + 1, step), []).append(a)
                game.log("deferred", {"actor": a.actor, "skill": a.skill, "to_round": game.night + 1})
                continue
            out.append(a)
        due = game.pending.pop((game.night, step), [])
        if due:
            taken = {(a.actor, a.skill) for a in due}
            out = [a for a in out if not (getattr(a, "tentative", False) and (a.actor, a.skill) in taken)]
            out.extend(due)
        return out

    def order(self, g: Any, night: int) -> Sequence[int] | None:
        return self.inner.order(g, night)

    def choose(self, g: Any, key: str, options: Sequence[Choice]) -> Choice | None:
        return self.inner.choose(g, key, options)


class Game(BaseGame[JSeat]):
    rules = RULES

    def __init__(
        self,
        spec: Spec,
        roles: Sequence[str],
        policy: Policy,
        *,
        seed: int = 0,
        observer: Observer | None = None,
        stop_after: tuple[str, int] | None = None,
        max_rounds: int = MAX_ROUNDS,
        setup_log: Sequence[tuple[str, dict[str, Any]]] = (),
    ) -> None:
        players = []
        for i, r in enumerate(roles):
            identity, _, faction = r.partition("@")
            players.append(JSeat(i + 1, identity, faction or default_faction(identity)))
        super().__init__(players, policy, observer=observer, stop_after=stop_after or ("night", max_rounds))
        self.policy = Deferring(policy, self)
        self._period = 0  # the period now (set at each period's start)
        self.spec = spec
        self.seed = seed
        self.rng = random.Random(f"game:{seed}")
        self.effects: list[Effect] = []
        self.by_holder: dict[int, list[Effect]] = {}
        self.ver = 0  # bumped by every change skills_of reads (effects, identities, factions, offices)
        self._held: dict[int, tuple[tuple[int, int], dict[str, str]]] = {}
        self.dirty = True  # something a win row reads changed since the last check
        self.listed = spec.order.night_step_of()  # skill → the night step the table lists it at
        self.ballots: list[Ballot] = []
        self.exits: list[int] = []  # seats in the order they left the game (deaths, red cards)
        self.seq = 0
        self.lost: dict[str, bool] = {f: False for f in nm.FACTIONS}
        self.initial: dict[str, int] = {f: sum(1 for p in players if p.faction == f) for f in nm.FACTIONS}
        self.judge: dict[int, int] = {}  # round → the judge's seat
        self.trial: dict[int, dict[str, Any]] = {}  # round → {"target": seat, "votes": {seat: (vote, at)}}
        self.arbiter: dict[int, int] = {}  # round → the arbiter's seat
        self.applicants: dict[int, dict[int, int]] = {}  # round → seat → moment of application
        self.protected: dict[int, frozenset[int]] = {}  # round → 光辉仲裁's block
        self.pending: dict[tuple[int, str], list[JAction]] = {}  # 时间凝滞: (round, step) → actions
        self.alive_at_night_start: frozenset[int] = frozenset()
        self.trigger_id = 0
        self.tallied: dict[tuple[int, str], list[int]] = {}  # (round, faction) → the targets its ballot hit
        self.forced: tuple[int, int] | None = None  # 欺诈: (A, the deceiver) while A's skill is forced
        self.moment = 0  # the stream's current ``at`` (by night: the step's number)
        self.watch: dict[int, list[tuple[int, str]]] = {}  # round → (foreseer, skill) 时间观望
        self.touch: dict[int, list[tuple[int, int, int]]] = {}  # round → (foreseer, target, teammate)
        self.quiet: dict[int, list[tuple[int, bool]]] = {}  # round → (silencer, endpoints) 静寂感知
        self.fate: dict[str, int] = {}  # faction → the round 命运洪流 exposed it
        self.links: list[tuple[int, int, int]] = []  # 灵魂链接 (transmitter, A, B), while unbroken
        self.used_today: dict[int, set[int]] = {}  # round → seats that used a skill (仲裁者 application)
        self.announced_round: dict[int, list[int]] = {}
        self.promotions: list[tuple[int, int, str]] = []  # (round, seat, identity) to announce next day
        self.silenced: dict[int, list[int]] = {}  # round → seats under 沉默封锁 (announced)
        self.winner_rows: list[str] = []
        self._focus: dict[tuple[int, str, str], int] = {}
        self.day_dead: set[int] = set()  # seats dead by day in the round being tallied
        self.misleads: list[tuple[int, int, int | None]] = []  # 误导: (deceiver, target, rewrite)
        self.stasis_armed: set[int] = set()  # 凝滞永续: seats whose next 时间凝滞 lasts for good
        self.boosts: dict[tuple[int, str], int] = {}  # 脑内强化: (thinker, mode) → times boosted
        self.bonus_due: dict[int, list[tuple[int, str]]] = {}  # 双重武装: round → (seat, skill) boosted
        self.setup_log = list(setup_log)  # 开场行动's record, logged at the first dawn (round 1)
        self.setup_seats()
        for p in players:
            if p.role in nm.PROMOTED:
                p.promoted_by = "initial"

    # ── time ────────────────────────────────────────────────────────────────────────────────────

    @property
    def round(self) -> int:
        return self.night

    @property
    def is_day(self) -> bool:
        return self.current_phase.kind == "day"

    @property
    def period(self) -> int:
        return self._period

    def _set_period(self) -> None:
        self._period = day_period(self.night) if self.is_day else night_period(self.night)

    def that_day(self) -> tuple[int, int]:
        """「当日」「当天」 from now: the rest of the round (reading day.scope=round) or of the period."""
        if self.spec.reading("day.scope") == "round":
            return self.period, night_period(self.night)
        return self.period, self.period

    def next_day(self) -> tuple[int, int]:
        """「下一日」「次日」: the whole next round."""
        return day_period(self.night + 1), night_period(self.night + 1)

    def phases(self, n: int) -> Sequence[Phase]:
        fixed = self.policy.order(self, n)
        living = [p.n for p in self.players if p.alive]
        self.order = [x for x in (fixed or []) if x in living] + [x for x in living if x not in (fixed or [])]
        self.pos = {s: i for i, s in enumerate(self.order)}
        return super().phases(n)

    def run_phase(self, n: int, phase: Phase) -> None:
        self.night, self.current_phase = n, phase
        self._set_period()
        if phase.kind == "night":
            self.alive_at_night_start = frozenset(p.n for p in self.players if p.alive)
        super().run_phase(n, phase)

    def capability_at_snapshot(self) -> bool:
        """Step 4: 「步骤4中各技能视为同时发动」 — in the dynamic mode a seat able at the step's start acts."""
        return not self.is_day and self.step == "4" and self.spec.reading("night.mode") == "dynamic"

    # ── effects ─────────────────────────────────────────────────────────────────────────────────

    def add_effect(
        self, holder: int, name: str, source: int, span: tuple[int, int | None], **data: Any
    ) -> Effect:
        eff = Effect(name, holder, source, span[0], span[1], dict(data))
        self.effects.append(eff)
        self.by_holder.setdefault(holder, []).append(eff)
        self.ver += 1
        self.log("effect", eff.to_json())
        return eff

    def has(self, holder: int, name: str, period: int | None = None) -> bool:
        mine = self.by_holder.get(holder)
        if not mine:
            return False
        at = self.period if period is None else period
        return any(e.name == name and e.active(at) for e in mine)

    def effect(self, holder: int, name: str) -> Effect | None:
        mine = self.by_holder.get(holder)
        if not mine:
            return None
        at = self.period
        found = [e for e in mine if e.name == name and e.active(at)]
        return found[-1] if found else None

    # ── who holds what ──────────────────────────────────────────────────────────────────────────

    def rec(self, key: str) -> SkillRecord | None:
        return self.spec.skills.skills.get(key)

    def own_skills(self, p: JSeat) -> list[str]:
        book = self.spec.skills.identities
        out = list(book[p.role].skills) if p.role in book else []
        if p.base is not None and p.base in book:
            out += [s for s in book[p.base].skills if s not in out]
        return out

    def indexed(self, p: JSeat) -> list[str]:
        """Skills by their number #1, #2 … as 双重武装 and 欺诈 count them (追随者: its own skill is #1 and
        the identity's skills follow from #2)."""
        return self.own_skills(p)

    def skills_of(self, p: JSeat) -> dict[str, str]:
        """skill → why ``p`` may use it now: ``own``, ``faction``, ``summoned``, ``vanguard``, ``linked``,
        ``office`` (cached until the state it reads changes)."""
        key = (self.period, self.ver)
        hit = self._held.get(p.n)
        if hit is not None and hit[0] == key:
            return hit[1]
        out = self._skills_of(p)
        self._held[p.n] = (key, out)
        return out

    def _skills_of(self, p: JSeat) -> dict[str, str]:
        out: dict[str, str] = {}
        broken = self.has(p.n, "function_break")
        for s in self.own_skills(p):
            rec = self.rec(s)
            if rec is None:
                continue
            if p.lost_all:
                continue  # 命运洪流 failed: 「失去除阵营技能外所有技能」
            if broken and rec.kind in (Kind.NORMAL, Kind.SUPER):
                continue  # 机能破坏: 「失去自身当前所有普通能力与超能能力」
            if p.vanguard is not None and p.role == "inheritor" and rec.kind.personal:
                continue  # 绝境先驱: 「并失去传承者个人技能」
            out[s] = "own"
        if p.vanguard is not None and not p.lost_all:
            for s in self.spec.skills.identities[p.vanguard].skills:
                rec = self.rec(s)
                if rec is not None and not (broken and rec.kind.personal):
                    out.setdefault(s, "vanguard")
        fs = self.faction_skill(p)
        if fs is not None:
            out[fs] = "faction"
        summon = self.effect(p.n, "hero_summon")
        if summon is not None and not p.lost_all and not broken:
            ident = str(summon.data["identity"])
            resonance = self.has(p.n, "soul_resonance")
            for s in self.spec.skills.identities[ident].skills:
                rec = self.rec(s)
                if rec is None:
                    continue
                if rec.kind is Kind.NORMAL or (rec.kind is Kind.SUPER and resonance):
                    out.setdefault(s, "summoned")
        link = self.effect(p.n, "sync_link")
        if link is not None:
            partner = self.players[int(link.data["partner"]) - 1]
            for s, why in self.skills_of_own_only(partner).items():
                rec = self.rec(s)
                if rec is not None and rec.kind.personal and why == "own":
                    out.setdefault(s, "linked")
        if self.judge.get(self.night) == p.n:
            out["revenge_trial"] = "office"
        if self.arbiter.get(self.night) == p.n:
            out["radiant_arbitration"] = "office"
        out[nm.TRIAL_VOTE] = "procedure"
        out[nm.ARBITER_APPLY] = "procedure"
        return out

    def skills_of_own_only(self, p: JSeat) -> dict[str, str]:
        broken = self.has(p.n, "function_break")
        out = {}
        for s in self.own_skills(p):
            rec = self.rec(s)
            if rec is not None and not p.lost_all and not (broken and rec.kind.personal):
                out[s] = "own"
        return out

    def faction_skill(self, p: JSeat) -> str | None:
        """The ballot ``p`` casts: 集团念力 (永恒/凝聚全员), 聚灵晋升 (所有适应者; 升华者 per ballot.sublimator),
        隐匿推流 (欺骗阵营除欺骗者外所有成员)."""
        if p.faction in nm.MIRROR:
            return "telekinesis"
        if p.faction == nm.ADAPTATION:
            if p.role == "sublimator" and self.spec.reading("ballot.sublimator") == "excluded":
                return None
            return "ascend"
        if p.faction == nm.DECEPTION and p.role != "deceiver":
            return "hidden_push"
        return None

    # ── legality ────────────────────────────────────────────────────────────────────────────────

    def illegal_at(self, clause: str, zh: str, en: str, a: JAction) -> IllegalAction:
        return self.illegal(clause, zh, en, a)

    def acting_dead_ok(self, p: JSeat, key: str) -> bool:
        rec = self.rec(key)
        if rec is not None and rec.timing is Timing.DEATH:
            return True  # 灵魂遗示: 「死亡后」
        if key == "revenge_trial":
            return True  # the judge is 「前一日非审判致死的第一个死者」
        # by night: submitted at the night's start (「大家提交所有夜晚行动」); capable() decides by the mode
        return not self.is_day and p.n in self.alive_at_night_start

    def check_common(self, pl: JSeat, a: Any) -> None:
        assert isinstance(a, JAction)
        if not a.tentative:
            self._check_common(pl, a)
            return
        try:  # a random proposal made at the step's start: if its moment finds it illegal, it lapses
            self._check_common(pl, a)
            impl = self.rules.skills[a.skill]
            impl.check(self, pl, a)
        except IllegalAction as exc:
            a.void = exc.en

    def _check_common(self, pl: JSeat, a: JAction) -> None:
        if self.is_day and a.at is not None and self.forced is None:
            self.moment = a.at  # the stream's moment (每个技能 「做记录，标注时间」)
        forced = self.forced is not None and self.forced[0] == pl.n
        key = a.skill
        rec = self.rec(key)
        if pl.red:
            raise self.illegal(
                "红牌", "红牌罚下出局的角色，不能发动任何技能", "a red-carded player cannot act", a
            )
        if not pl.alive and not self.acting_dead_ok(pl, key):
            raise self.illegal(
                "出局", "角色出局结算结束后，不能继续参与讨论、投票、行使特权", "players out cannot act", a
            )
        if rec is not None and rec.timing is Timing.DEATH and pl.alive:
            raise self.illegal(rec.clause, f"{rec.zh}只能死亡后发动", f"{key} acts after death only", a)
        held = self.skills_of(pl)
        if key not in held:
            clause = rec.clause if rec is not None else RULES.clauses["skill"]
            if rec is not None and rec.kind is Kind.FACTION and pl.faction in rec.holders:
                clause = "投票"  # 「除欺骗者阵营以及升华者均可参与投票」
            raise self.illegal(clause, f"{pl.n} 号现在没有技能 {key}", f"player {pl.n} holds no {key} now", a)
        if key in AUTOMATIC:
            raise self.illegal(
                rec.clause if rec else "出局",
                f"{key} 为被动或触发生效的技能，由规则自行结算，不能主动发动",
                f"{key} is applied by the rules, not launched",
                a,
            )
        if rec is not None and not forced:
            self.check_window(pl, rec, a)
        self.check_blocks(pl, rec, a, forced)
        if rec is not None:
            self.check_quota(pl, rec, a, forced)
            self.check_targets(pl, rec, a)

    def check_window(self, p: JSeat, rec: SkillRecord, a: JAction) -> None:
        if self.is_day:
            ok = (self.step == "dawn") == (rec.timing is Timing.DAWN) and self.step in ("dawn", "stream")
            if rec.timing is Timing.NIGHT:
                ok = False
        else:
            steps = night_steps_of(rec)
            listed = self.listed.get(rec.key)
            if (
                rec.timing is Timing.ANY
                and listed is None
                and self.spec.reading("night.anytime") == "day_only"
            ):
                steps = ()
            ok = self.step in steps
        if rec.trigger == "ungrouped" and p.grouped:
            ok = False
        if rec.trigger == "leader_dead" and not self.leader_dead_for(p):
            raise self.illegal(
                rec.clause, "本阵营永恒者/凝聚者/欺骗者尚未死亡", "the faction's leader has not died", a
            )
        if not ok:
            half = "白天" if self.is_day else f"夜间步骤 {self.step}"
            raise self.illegal(
                "开场行动" if not self.is_day else rec.clause,
                f"{rec.zh}（发动时间「{rec.cell('发动时间').text}」）不能在{half}发动",
                f"{rec.key} cannot act at {self.step}",
                a,
            )

    def leader_dead_for(self, p: JSeat) -> bool:
        leaders = [q for q in self.players if q.faction == p.faction and q.role in (*nm.LEADERS, "deceiver")]
        return any(not q.alive for q in leaders)

    def check_blocks(self, p: JSeat, rec: SkillRecord | None, a: JAction, forced: bool) -> None:
        key = a.skill
        if key in (nm.TRIAL_VOTE, nm.ARBITER_APPLY):
            return
        kind = rec.kind if rec is not None else Kind.POWER
        if kind.ability and not forced and self.has(p.n, "mind_jam"):
            blocks_ballot = self.spec.reading("mind_jam.ballots") == "blocked"
            if kind is not Kind.FACTION or blocks_ballot:
                raise self.illegal("耳语者", "精神干扰：目标下一日整天无法使用任何能力", "under 精神干扰", a)
        if kind.ability and self.has(p.n, "fate_all"):
            raise self.illegal(
                "预知者", "命运洪流：发动者次日无法发动任何技能", "命运洪流: no skill today", a
            )
        if kind.personal and self.has(p.n, "fate_personal"):
            raise self.illegal(
                "预知者", "命运洪流：该阵营成员下一日无法发动个人技能", "命运洪流: no personal skill", a
            )
        applied = self.applicants.get(self.night, {})
        if p.n in applied and kind is not Kind.POWER:
            raise self.illegal(
                "附加身份",
                "申请仲裁者即放弃使用当日所有技能",
                "an arbiter applicant gave up today's skills",
                a,
            )

    def window_key(self, p: JSeat, rec: SkillRecord) -> tuple[Any, ...] | None:
        lk = rec.limit.kind
        if lk in (LimitKind.PER_DAY, LimitKind.PER_NIGHT, LimitKind.PER_DAYTIME):
            return ("r", self.night)
        if lk is LimitKind.GLOBAL:
            return ("g",)
        if lk is LimitKind.PER_CHARGE:
            return ("c", p.charge_id)
        if lk is LimitKind.PER_TRIGGER:
            return ("t", self.trigger_id)
        return None

    def left(self, p: JSeat, rec: SkillRecord, wk: tuple[Any, ...]) -> int:
        slot = (rec.key, wk)
        return int(
            k.uses_left(PY, rec.limit.count, p.bonus.get(slot, 0), p.debt.get(slot, 0), p.uses.get(slot, 0))
        )

    def charged(self, p: JSeat) -> bool:
        return p.charge_id > 0 and bool(k.charge_open(PY, p.charge_period, self.period))

    def check_quota(self, p: JSeat, rec: SkillRecord, a: JAction, forced: bool) -> None:
        if rec.kind is Kind.FACTION:
            extra = 1 if self.has(p.n, "void_guide") else 0
            cast = sum(1 for b in self.ballots if b.voter == p.n and b.round == self.night)
            if cast >= rec.limit.count + extra and not forced:
                raise self.illegal(rec.clause, "阵营技能每天限1次", "one ballot a day", a)
            return
        if rec.limit.layers:
            if p.layers < rec.limit.layers:
                raise self.illegal(
                    rec.clause,
                    f"需消耗 {rec.limit.layers} 层充能，只有 {p.layers} 层",
                    f"needs {rec.limit.layers} charge layers, has {p.layers}",
                    a,
                )
        elif rec.kind is Kind.SUPER and not self.charged(p):
            raise self.illegal(
                "永恒者/凝聚者",
                "超能技能只有在有充能的情况下才可以使用",
                "a super skill needs an open charge",
                a,
            )
        wk = self.window_key(p, rec)
        if wk is not None and not forced and self.left(p, rec, wk) <= 0:
            raise self.illegal(
                rec.clause,
                f"{rec.zh}「{rec.cell('次数限制').text}」已用完",
                f"{rec.key}: its limit ({rec.limit.kind.value} {rec.limit.count}) is used up",
                a,
            )
        if rec.key == "double_arm" and p.cooldown:
            raise self.illegal(
                rec.clause, "双重武装处于被加持技能的冷却时间", "double_arm is cooling down", a
            )
        for other in rec.excludes:  # 「发动后无法发动“技能·X”」 (same window)
            o = self.rec(other)
            if o is not None:
                wko = self.window_key(p, o)
                if wko is not None and p.uses.get((other, wko), 0):
                    raise self.illegal(
                        rec.clause, f"已发动{o.zh}，无法发动{rec.zh}", f"{other} excludes {rec.key}", a
                    )

    def check_targets(self, p: JSeat, rec: SkillRecord, a: JAction) -> None:
        t = rec.target
        ts = a.targets
        n_players = len(self.players)
        for x in ts:
            if not 1 <= x <= n_players:
                raise self.illegal("开场行动", f"没有 {x} 号玩家", f"no player {x}", a)
        want = {
            Target.NONE: (0, 0),
            Target.SELF: (0, 1),
            Target.ONE: (1, 1),
            Target.OTHER: (1, 1),
            Target.PAIR: (2, 2),
            Target.PAIR_OTHERS: (2, 2),
            Target.MANY_OR_PUBLIC: (0, n_players),
            Target.SKILL: (0, 0),
            Target.DEAD_TEAMMATE: (1, 1),
            Target.TEAMMATE: (1, 1),
            Target.ONE_AND_TEAMMATE: (2, 2),
            Target.TALLY_TARGET: (0, 1),
            Target.A_OPTIONAL_B: (1, 2),
            Target.ALL_AFFECTED: (0, 0),
            Target.ONE_DECLARED: (1, 1),
            Target.ELEVATOR_BLOCK: (0, n_players),
        }.get(t, (0, n_players))
        if not want[0] <= len(ts) <= want[1]:
            raise self.illegal(
                rec.clause,
                f"目标须为「{rec.cell('目标').text}」",
                f"targets must be {t.value} ({want[0]}-{want[1]})",
                a,
            )
        if t is Target.SELF and ts and ts != (p.n,):
            raise self.illegal(rec.clause, "只能指定自己", "self only", a)
        if t in (Target.OTHER, Target.PAIR_OTHERS) and p.n in ts:
            raise self.illegal(rec.clause, "须指定自己以外的目标", "a target other than oneself", a)
        if t in (Target.PAIR, Target.PAIR_OTHERS) and len(set(ts)) != len(ts):
            raise self.illegal(rec.clause, "A 与 B 须为两名不同的角色", "A and B must differ", a)
        if t is Target.TEAMMATE and (ts[0] == p.n or self.players[ts[0] - 1].faction != p.faction):
            raise self.illegal(rec.clause, "须选定一名队友（本阵营成员）", "a teammate", a)
        if t is Target.ONE_AND_TEAMMATE and self.players[ts[1] - 1].faction != p.faction:
            raise self.illegal(rec.clause, "第二个目标须为本阵营成员", "the second target is a teammate", a)
        dead_ok = t is Target.DEAD_TEAMMATE
        for i, x in enumerate(ts):
            q = self.players[x - 1]
            if t is Target.ONE_AND_TEAMMATE and i == 1:
                continue  # 「若该成员未存活，预知者也不会得到提示」: a dead teammate is no error
            if q.announced and not dead_ok:
                raise self.illegal(
                    "出局",
                    f"{x} 号为已经公示的出局角色，不允许被选为技能或投票的目标",
                    f"player {x}'s exit was announced: not a target",
                    a,
                )
        if dead_ok:
            q = self.players[ts[0] - 1]
            if q.alive or q.faction != p.faction:
                raise self.illegal(rec.clause, "须选定一个死亡队友", "a dead teammate", a)
        if rec.no_consecutive and ts and p.last_target.get(rec.key) == ts:
            raise self.illegal(
                rec.clause,
                f"{rec.zh}不可对同一目标连续使用",
                f"{rec.key}: not on the same target twice running",
                a,
            )
        if rec.once_per_target and any(self.players[x - 1].linked_ever for x in ts):
            raise self.illegal(
                rec.clause, "被同步链接指定过的角色不可再次被同步链接指定", "already linked once", a
            )

    def capable(self, pl: JSeat, skill: str) -> bool:
        if pl.red:
            return False
        if pl.alive:
            return True
        rec = self.rec(skill)
        if (rec is not None and rec.timing is Timing.DEATH) or skill == "revenge_trial":
            return True
        # by night: 「提交的行动均视为有效（夜晚被弄死也视为技能用出去了）」 (batch) or 「死者的夜晚行动视为没有发动」
        return (
            self.acting_dead_ok(pl, skill) and not self.is_day and self.spec.reading("night.mode") == "batch"
        )

    def incapacity(self, pl: JSeat) -> str:
        return "red_card" if pl.red else ("dead" if not pl.alive else "blocked")

    # ── using a skill ───────────────────────────────────────────────────────────────────────────

    def spend(self, p: JSeat, rec: SkillRecord, a: JAction) -> None:
        """Count the use: its window, its layers, its last target; forced by 欺诈, the use is taken from
        the next day's count instead (「不占用当日技能使用次数，占用次日技能使用次数」, possibly negative)."""
        forced = self.forced is not None and self.forced[0] == p.n
        wk = self.window_key(p, rec)
        if wk is not None:
            if forced:
                nxt = ("r", self.night + 1) if wk[0] == "r" else wk
                p.debt[(rec.key, nxt)] = p.debt.get((rec.key, nxt), 0) + 1
            else:
                p.uses[(rec.key, wk)] = p.uses.get((rec.key, wk), 0) + 1
        if rec.limit.layers:
            p.layers -= rec.limit.layers
        if a.targets:
            p.last_target[rec.key] = a.targets
        self.used_today.setdefault(self.night, set()).add(p.n)

    def observe_use(self, p: JSeat, rec: SkillRecord, a: JAction) -> None:
        """Who sees a use: 时间观望 (the skill's targets and the user's faction), 时间接触 (the watched seat's
        personal skills), 命运洪流 (an exposed faction's personal skills are announced)."""
        if self.forced is not None and rec.key != "fraud":
            pass
        for foreseer, skill in self.watch.get(self.night, []):
            shown = (
                "soul_relay" if rec.key == "deceive" else rec.key
            )  # 欺骗 「被获知时显示为“技能·灵魂传递”」
            if skill == shown and rec.key != "fraud":
                self.tell(
                    foreseer, "time_watch", {"skill": skill, "targets": list(a.targets), "faction": p.faction}
                )
        if rec.kind.personal:
            for foreseer, target, mate in self.touch.get(self.night, []):
                if target == p.n:
                    from ruleproof.specs.jiejie140.engine.skills.mirror import touch_tell

                    data = {"target": p.n, "skill": rec.key, "targets": list(a.targets)}
                    touch_tell(self, foreseer, mate, "time_touch_use", data)
            if p.faction in self.fate:
                self.announce("fate_exposed", {"seat": p.n, "identity": p.role, "faction": p.faction})

    def tell(self, to: int, kind: str, data: dict[str, Any]) -> None:
        """Private feedback; under 欺诈 the forced seat's feedback goes to the deceiver (「A无法获得自身技能的反馈」)."""
        if self.forced is not None and to == self.forced[0]:
            to = self.forced[1]
        self.private(to, kind, data)

    # ── effects on seats ────────────────────────────────────────────────────────────────────────

    def affect(
        self,
        actor: int,
        rec: SkillRecord,
        target: int,
        apply: Callable[[JSeat], object],
        *,
        hostile: bool | None = None,
        counter_to: int | None = None,
        propagate: bool = True,
        kill: bool = False,
    ) -> bool:
        """Apply one skill's effect to ``target`` through the rules every effect shares; True when it
        landed.  ``counter_to`` is whom a counter strikes (a ballot's last voter); ``kill`` marks a
        death-dealing effect (同步链接's propagation follows the reading sync_link.death)."""
        is_hostile = rec.hostile if hostile is None else hostile
        t = target
        chain = self.effect(t, "chain_sense")
        if chain is not None and chain.source != actor and self.players[chain.source - 1].alive:
            self.log("redirected", {"skill": rec.key, "from": t, "to": chain.source})
            t = chain.source  # 连锁感应: 「代替该目标承受所有技能」
        q = self.players[t - 1]
        gate = k.effect_gate(
            PY,
            ability=rec.kind.ability,
            hostile=is_hostile,
            unavoidable=rec.unavoidable,
            arbiter=t in self.protected.get(self.night, frozenset()) and self.arbiter_covers(),
            hymn=self.has(t, "peace_hymn"),
            pierce=self.spec.reading("hymn.unavoidable") == "unavoidable_pierces",
        )
        if gate != k.Gate.LANDS:
            self.log("unaffected", {"skill": rec.key, "target": t, "by": k.Gate(gate).name.lower()})
            return False
        source = counter_to if counter_to is not None else actor
        if is_hostile and q.alive and "hostile_sense" in self.skills_of(q) and self.sense(q, source, rec):
            return False
        apply(q)
        if propagate and rec.key != "sync_link":
            link = self.effect(t, "sync_link")
            if link is not None and (not kill or self.spec.reading("sync_link.death") == "propagates"):
                partner = int(link.data["partner"])
                self.log("link_propagated", {"skill": rec.key, "from": t, "to": partner})
                self.affect(
                    actor,
                    rec,
                    partner,
                    apply,
                    hostile=is_hostile,
                    counter_to=counter_to,
                    propagate=False,
                    kill=kill,
                )
        return True

    def arbiter_covers(self) -> bool:
        if self.spec.reading("day.scope") == "round":
            return True
        return self.is_day

    def sense(self, q: JSeat, source: int, rec: SkillRecord) -> bool:
        """敌意感应 fires: the sensor learns the hostile skill and its source, then may avoid (危机规避) or
        counter (极限反击) — one of them (「发动后无法发动…」), once per trigger.  True when avoided."""
        self.trigger_id += 1
        self.private(q.n, "hostile_sense", {"skill": rec.key, "source": source})
        avoid = self.rec("crisis_avoid")
        counter = self.rec("counterstrike")
        held = self.skills_of(q)
        options: list[Choice] = ["none"]
        if (
            avoid is not None
            and "crisis_avoid" in held
            and not rec.unavoidable
            and rec.key not in avoid.avoid_exempt
        ):
            options.append("avoid")
        if (
            counter is not None
            and "counterstrike" in held
            and not rec.uncounterable
            and self.players[source - 1].alive
        ):
            options.append("counter")
        if len(options) == 1:
            return False
        if self.has(q.n, "mind_jam") or q.lost_all:
            return False
        pick = self.choose(f"react:{q.n}", options, clause="感应者")
        if pick == "avoid" and avoid is not None:
            q.uses[("crisis_avoid", ("t", self.trigger_id))] = 1
            self.log("avoided", {"sensor": q.n, "skill": rec.key, "source": source})
            return True
        if pick == "counter" and counter is not None:
            q.uses[("counterstrike", ("t", self.trigger_id))] = 1
            self.log("counterstrike", {"sensor": q.n, "target": source, "skill": rec.key})
            cause = counter
            self.affect(
                q.n,
                cause,
                source,
                lambda v: self.kill(v, cause="counterstrike", killer=q.n, credit=(q.faction,), kill=True),
                kill=True,
            )
        return False

    # ── deaths ──────────────────────────────────────────────────────────────────────────────────

    def kill(
        self,
        q: JSeat,
        *,
        cause: str,
        killer: int | None,
        credit: tuple[str, ...],
        kill: bool,
        ability: bool = True,
    ) -> bool:
        """``q`` dies (unless dead already or under 灵能护盾).  True when it died."""
        shielded = self.has(q.n, "psi_shield")
        _alive, left = k.exits(PY, q.alive, True, shielded)
        if not left:
            if not q.alive:
                self.log("fizzle", {"target": q.n, "cause": cause})
            else:
                self.log("shielded", {"target": q.n, "cause": cause})  # 灵能护盾: 「目标当日不会死」
            return False
        self.seq += 1
        moment = self.moment if self.is_day else NIGHT_STEPS.index(self.step) + 1
        q.alive = False
        q.out = "dead"
        self.ver += 1
        self.dirty = True
        q.death = Death(self.night, self.period, moment, self.seq, cause, killer, credit, kill)
        self.exits.append(q.n)
        self.log("death", {"seat": q.n, **q.death.to_json()})
        self.after_death(q, ability)
        return True

    def after_death(self, q: JSeat, ability: bool) -> None:
        d = q.death
        assert d is not None
        held = self.skills_of(q)  # what it still holds: 机能破坏 takes the normal abilities, passives too
        # 遗泽: 「所有存活的成员获得“充能”」
        if q.role in nm.LEADERS and "legacy" in held:
            for m in self.players:
                if m.alive and m.faction == q.faction:
                    self.give_charge(m, (q.n,), "legacy")
        # 消逝: 被能力技能击杀后 — 「击杀欺骗者的阵营所有存活的成员获得“充能”」
        if q.role == "deceiver" and "fade" in held and d.kill and ability and d.credit:
            for f in d.credit:
                for m in self.players:
                    if m.alive and m.faction == f:
                        self.give_charge(m, (q.n,), "fade")
        # 灵能溪流: 「获知自己被谁击杀，并选择是否由主持人公示」
        if "psi_stream" in held:
            self.private(q.n, "psi_stream", {"killer": d.killer, "cause": d.cause})
            if d.killer is not None:
                pub = self.choose(f"stream:{q.n}", ["keep", "publish"], clause="适应者")
                if pub == "publish":
                    self.announce("psi_stream", {"seat": q.n, "killer": d.killer})
        # 灵魂链接 breaks when the transmitter dies
        self.break_links(q.n, "death")

    def break_links(self, transmitter: int, why: str) -> None:
        keep = []
        for tr, a, b in self.links:
            if tr == transmitter:
                for x in (a, b):
                    self.private(x, "soul_link_broken", {"why": why})
                self.log("soul_link_broken", {"transmitter": tr, "a": a, "b": b, "why": why})
            else:
                keep.append((tr, a, b))
        self.links = keep

    def give_charge(self, p: JSeat, by: tuple[int, ...], source: str) -> None:
        """A charge state: 「如果被“充能”目标具有超能技能，则当前时段与下一时段可发动超能技能」; the charged seat is
        told (「被充能者会接到充能提示」); 灵能储备 adds a layer, 高效蓄能 restores 双重武装."""
        p.charge_id += 1
        p.charge_period = self.period
        p.chargers = by
        self.private(p.n, "charged", {"source": source})
        self.log("charge", {"seat": p.n, "by": list(by), "source": source, "period": self.period})
        held = self.skills_of(p)
        if "psi_reserve" in held:
            p.layers += 1
        if "quick_recharge" in held and p.cooldown:
            p.cooldown = False
            self.log("quick_recharge", {"seat": p.n})

    # ── ballots ─────────────────────────────────────────────────────────────────────────────────

    def cast(self, p: JSeat, a: JAction) -> None:
        tally = (
            a.declare
            if a.skill == "hidden_push"
            else (p.faction if a.skill == "telekinesis" else nm.ADAPTATION)
        )
        assert tally is not None
        b = Ballot(len(self.ballots) + 1, p.n, a.skill, tally, a.targets[0], self.moment, self.night)
        if self.has(p.n, "mind_jam") and self.spec.reading("mind_jam.ballots") == "blocked":
            b.void = "mind_jam"
        self.ballots.append(b)
        self.log("ballot", b.to_json())

    def valid_ballots(self, rnd: int) -> list[Ballot]:
        """Today's ballots that count: 「白天死者的票不计，审判致死视为白天死亡」."""
        self.day_dead = {
            p.n
            for p in self.players
            if p.death is not None and p.death.round == rnd and p.death.period == day_period(rnd)
        }
        out = []
        for b in self.ballots:
            if b.round != rnd or b.void:
                continue
            v = self.players[b.voter - 1]
            if (
                not v.alive
                and v.death is not None
                and v.death.round == rnd
                and v.death.period == day_period(rnd)
            ):
                b.void = "died by day"
                self.log("ballot_void", b.to_json())
                continue
            if v.red:
                b.void = "red card"
                continue
            out.append(b)
        return out

    def cancel(self, ballots: list[Ballot]) -> None:
        """聚灵晋升: 「目标每获得一票…则抵消一票以它为目标的其他“阵营技能”(从后往前抵消)」."""
        ascend = [b for b in ballots if b.tally == nm.ADAPTATION and not b.cancelled]
        for target in sorted({b.target for b in ascend}):
            n = sum(1 for b in ascend if b.target == target)
            others = sorted(
                (b for b in ballots if b.target == target and b.tally in nm.MIRROR and not b.cancelled),
                key=lambda b: (b.at, b.id),
                reverse=True,
            )
            for b in others[:n]:
                b.cancelled = True
                self.log("ballot_cancelled", b.to_json())

    def tally_mirror(self) -> None:
        """Night step 1: 集团念力, each mirror faction's ballots against 「票数超过阵营内当前存活人数一半」."""
        rnd = self.night
        ballots = self.valid_ballots(rnd)
        if self.spec.reading("ballot.cancel_timing") == "before_tally":
            self.cancel(ballots)
        rec = self.rec("telekinesis")
        assert rec is not None and rec.threshold is not None
        hits: dict[
            str, dict[int, tuple[int, int, int]]
        ] = {}  # faction → target → (votes, last at, last voter)
        for f in nm.MIRROR:
            members = [p.alive for p in self.players if p.faction == f]
            mine = [b for b in ballots if b.tally == f]
            for target in sorted({b.target for b in mine if not b.cancelled}):
                on = sorted((b for b in mine if b.target == target), key=lambda b: (b.at, b.id))
                pairs = [
                    (not b.cancelled, self.players[b.voter - 1].alive or b.voter not in self.day_dead)
                    for b in on
                ]
                votes, alive, passed = k.tally(PY, pairs, members, rec.threshold)
                on = [b for b in on if not b.cancelled]
                self.log(
                    "tally",
                    {
                        "skill": "telekinesis",
                        "faction": f,
                        "target": target,
                        "votes": votes,
                        "alive": alive,
                        "passed": passed,
                    },
                )
                if passed:
                    hits.setdefault(f, {})[target] = (len(on), on[-1].at, on[-1].voter)
        E, C = nm.ETERNAL, nm.COHESION
        for f, by_target in hits.items():
            self.tallied[(rnd, f)] = sorted(by_target)
        for f in (E, C):
            for target, (votes, last, voter) in sorted(hits.get(f, {}).items()):
                e = nm.enemy(f)
                credit: tuple[str, ...] = (f,)
                if target in hits.get(e, {}):
                    ov, ol, _ = hits[e][target]
                    mine_first = k.dual_priority(PY, votes, last, ov, ol)
                    theirs_first = k.dual_priority(PY, ov, ol, votes, last)
                    self.log(
                        "dual",
                        {
                            "target": target,
                            "faction": f,
                            "prevails": mine_first,
                            "tie": not mine_first and not theirs_first,
                        },
                    )
                    if theirs_first:
                        continue  # the other faction's 集团念力 prevails
                    if not mine_first:  # an exact tie (votes and last moment): the text ranks neither
                        if f == C:
                            continue  # one death, counted for both, its counter to 永恒's last voter
                        credit = (f, e)
                    elif self.spec.reading("ballot.dual") == "both_credited":
                        credit = (f, e)
                self.ballot_kill(f, target, voter, credit)

    def ballot_kill(self, f: str, target: int, last_voter: int, credit: tuple[str, ...]) -> None:
        rec = self.rec("telekinesis")
        assert rec is not None
        self.affect(
            last_voter,
            rec,
            target,
            lambda v: self.kill(v, cause="telekinesis", killer=last_voter, credit=credit, kill=True),
            counter_to=last_voter,
            kill=True,
        )

    def tally_ascend(self) -> None:
        """Night step 10: 聚灵晋升 against 「票数大于存活适应者人数的一半」; a promoted target with 2 votes is
        charged."""
        rnd = self.night
        ballots = [b for b in self.valid_ballots(rnd) if b.tally == nm.ADAPTATION]
        if self.spec.reading("ballot.cancel_timing") == "at_ascend_step":
            self.cancel(self.valid_ballots(rnd))  # too late for 集团念力: it was counted at step 1
        rec = self.rec("ascend")
        assert rec is not None and rec.threshold is not None
        members = [p.alive for p in self.players if p.faction == nm.ADAPTATION]
        for target in sorted({b.target for b in ballots}):
            on = [b for b in ballots if b.target == target]
            q = self.players[target - 1]
            votes, alive, passed = k.tally(PY, [(True, True) for _ in on], members, rec.threshold)
            self.log(
                "tally",
                {
                    "skill": "ascend",
                    "faction": nm.ADAPTATION,
                    "target": target,
                    "votes": votes,
                    "alive": alive,
                    "passed": passed,
                },
            )
            if q.role in nm.PROMOTED and len(on) >= self.spec.p("ascend.charge_votes") and q.alive:
                self.give_charge(q, tuple(b.voter for b in on), "ascend")
            if not passed or not q.alive:
                continue
            self.tallied[(rnd, nm.ADAPTATION)] = [*self.tallied.get((rnd, nm.ADAPTATION), []), target]
            if q.role == "adaptor":
                self.affect(on[-1].voter, rec, target, self.promote_by_ascend)

    def promote_by_ascend(self, q: JSeat) -> None:
        pick = self.choose(f"promote:{q.n}", list(nm.PROMOTED), clause="阵营技能")
        self.promote(q, str(pick), "ascend")
        self.promotions.append((self.night, q.n, str(pick)))

    def promote(self, q: JSeat, identity: str, how: str) -> None:
        self.ver += 1
        self.dirty = True
        q.role = identity
        q.true_role = identity
        q.promoted_by = how
        self.log("promoted", {"seat": q.n, "identity": identity, "by": how})

    def change_faction(self, q: JSeat, faction: str, why: str) -> bool:
        if self.has(q.n, "psi_shield"):
            self.log("shielded", {"target": q.n, "cause": why})  # 「也不会被转变阵营」
            return False
        self.log(
            "faction_change",
            {"seat": q.n, "from": q.faction, "to": faction, "why": why, "period": self.period},
        )
        self.ver += 1
        self.dirty = True
        q.faction = faction
        return True

    def focus(self, p: JSeat, rng: random.Random) -> int | None:
        """The random policy's ballot: each faction agrees on one target a day (an enemy, or for 聚灵晋升 an
        unpromoted adaptor), so that tallies can pass."""
        key = (self.night, self.faction_skill(p) or "", p.faction if p.faction != nm.DECEPTION else "")
        if key not in self._focus:
            living = [q for q in self.players if q.alive and not q.announced]
            if key[1] == "ascend":
                pool = [q.n for q in living if q.role == "adaptor"]
            else:
                pool = [q.n for q in living if q.faction != p.faction]
            self._focus[key] = rng.choice(pool) if pool else 0
        return self._focus[key] or None

    def deferred_now(self, seat: int) -> bool:
        """时间凝滞: this seat's ability skills today count as launched one day later."""
        return self.has(seat, "time_stasis")

    # ── wins ────────────────────────────────────────────────────────────────────────────────────

    def win_inputs(self) -> k.WinInputs:
        alive = {f: sum(1 for p in self.players if p.alive and p.faction == f) for f in nm.FACTIONS}
        leader_killed: dict[str, bool] = {}
        members_killed: dict[str, int] = {}
        for f in nm.MIRROR:
            e = nm.enemy(f)
            enemies = [p for p in self.players if p.death is not None and self.initial_faction(p) == e]
            leader_killed[f] = any(
                p.death is not None and p.death.kill and f in p.death.credit and p.role == nm.LEADER_OF[e]
                for p in enemies
            )
            members_killed[f] = sum(
                1
                for p in enemies
                if p.death is not None and p.death.kill and f in p.death.credit and p.role != nm.LEADER_OF[e]
            )
        cumulative = self.spec.reading("win.promoted_count") == "cumulative"
        promoted = sum(
            1
            for p in self.players
            if p.promoted_by == "ascend" and p.faction == nm.ADAPTATION and (p.alive or cumulative)
        )
        unpromoted = sum(
            1 for p in self.players if p.alive and p.faction == nm.ADAPTATION and p.role not in nm.PROMOTED
        )
        return k.WinInputs(
            alive, self.initial, leader_killed, members_killed, promoted, unpromoted, self.night, self.is_day
        )

    def initial_faction(self, p: JSeat) -> str:
        return p.faction if p.faction in nm.MIRROR else ""

    def check_wins(self, node: str) -> None:
        if self.result is not None:
            return
        self.dirty = False
        w = self.win_inputs()
        wins, losses = k.win_rows(PY, w, self.spec.params)
        for f, lost in losses.items():
            if lost and not self.lost[f]:
                self.lost[f] = True
                self.log("faction_lost", {"faction": f})  # 「阵营被判负后，不予公示」
        winners = k.resolve_winners(PY, wins, self.lost, self.spec.wins.priority)
        won = [f for f in nm.FACTIONS if winners[f]]
        if not won:
            return
        rows = [f"{f}/{r}" for (f, r), v in wins.items() if v and f in won and not self.lost[f]]
        rows = [r for r in rows if self._rank(r) == min(self._rank(x) for x in rows)]
        self.winner_rows = rows
        winner = "+".join(won)
        self.finish(winner, node, ",".join(rows), "PS2 tie" if len(won) > 1 else "win")

    def _rank(self, row: str) -> int:
        f, _, r_ = row.partition("/")
        r = int(r_)
        rank = self.spec.wins.rank(f, r)
        return len(self.spec.wins.priority) if rank is None else rank

    def wins_now(self, node: str) -> None:
        """Check wins after a resolution (reading win.check=continuous)."""
        if self.dirty and self.spec.reading("win.check") == "continuous":
            self.check_wins(node)

    # ── snapshot ────────────────────────────────────────────────────────────────────────────────

    def snapshot(self) -> dict[str, Any]:
        from ruleproof.specs.jiejie140.engine.snapshot import snapshot

        return snapshot(self)


def default_faction(identity: str) -> str:
    return {
        "eternal_leader": nm.ETERNAL,
        "cohesion_leader": nm.COHESION,
        "deceiver": nm.DECEPTION,
        "follower": nm.DECEPTION,
    }.get(identity, nm.ADAPTATION)


__all__ = ["BALLOTS", "DUSK_MOMENT", "MAX_ROUNDS", "Deferring", "Game", "default_faction"]
