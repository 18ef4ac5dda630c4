"""The reference engine: one 15-player game of 返航录, resolved step by step as the text says.

The loop is the runtime's (:class:`ruleproof.runtime.game.BaseGame`): nights walk ``NIGHT_STEPS``
(2.1.1); at each step the policy's decisions are collected on one observation snapshot and checked, then
resolved serially in the night's settlement order (2.1.2, 2.1.3).  This class holds the book's state and
the rules the runtime asks the book about: the arrival step and the settlement order, the endgames' frozen
steps and skipped days (1.4), the checks every action shares (2.6, 2.5.3, 2.8.1), capability (2.4.1),
batches (2.1.6, 2.1.7), damage and infection layers, settlement and victory.  Skill resolution, step hooks,
setup and arrivals come from the registry (:mod:`ruleproof.specs.fanhanglu.engine.registry`); resolution
arithmetic comes from the kernels (:mod:`ruleproof.specs.fanhanglu.kernels`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from ruleproof.runtime.game import BaseGame, Observer
from ruleproof.runtime.menus import MenuShape, probe_copy
from ruleproof.runtime.model import LedgerEntry, Result
from ruleproof.runtime.policy import Policy
from ruleproof.runtime.rules import Phase, SkillImpl
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.model import (
    FAKE,
    NONE,
    Action,
    Event,
    IllegalAction,
    NotImplementedRule,
    Player,
)
from ruleproof.specs.fanhanglu.engine.registry import DAY, DYING_HOOKS, RULES, SKILL_IMPLS
from ruleproof.specs.fanhanglu.kernels import (
    PY,
    DamageLayers,
    Hit,
    Infect,
    InfectionLayers,
    Winner,
    batch_published,
    damage_point,
    faction_alive,
    infection_application,
    occupancy_release,
    settle_deaths,
    victory,
)
from ruleproof.specs.fanhanglu.roles import (
    DAMAGE_SKILLS,
    DIRECTIONS,
    RESCUE_SKILLS,
    ROLE_BY_KEY,
    SKILL_BY_KEY,
)
from ruleproof.specs.fanhanglu.tables import BATCH_BY_KEY, NIGHT_STEPS, VICTORY_ORDER
from ruleproof.specs.model import BatchDef, PublishRule, StepKind

NO_DECISIONS = frozenset(s.key for s in NIGHT_STEPS if s.kind is StepKind.ARRIVAL)
FROZEN_IN_EXTINCTION = frozenset(s.key for s in NIGHT_STEPS if s.frozen_in_extinction)
SKILL_STEP: dict[str, str] = {s.key: s.step for s in SKILL_BY_KEY.values()}
DIRECTION_KEYS: tuple[str, ...] = tuple(d for d, _ in DIRECTIONS)
FACTION_KEYS: tuple[str, ...] = ("humans", "xenos", "alien")
WINNER_NAMES = {Winner.DRAW: "draw", Winner.HUMANS: "humans", Winner.XENOS: "xenos", Winner.ALIEN: "alien"}

# attack kinds (2.8.4) — the damage type an attack is recorded as
XENO_KNIFE, ALIEN_KNIFE, GUNSHOT = "xeno_knife", "alien_knife", "gunshot"


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(BaseGame[Player]):
    """One game.  ``roles[i]`` is the role of player ``i + 1``."""

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
    ) -> None:
        players = [Player(i + 1, r, ROLE_BY_KEY[r].faction) for i, r in enumerate(roles)]
        super().__init__(players, policy, observer=observer, stop_after=stop_after)
        self.spec = spec
        self.rng_order = random.Random(f"order:{seed}")
        self.roles_in_game: tuple[str, ...] = tuple(dict.fromkeys(roles))
        # true-faction membership (0-based indices) — fixed, since no role in this engine changes faction
        self.members = tuple(
            [i for i, pl in enumerate(self.players) if pl.faction == f] for f in FACTION_KEYS
        )
        self._counts: tuple[int, int, int] | None = None
        self.extinction = False  # 寂灭时刻 (1.4.1)
        self.duel = False  # 决斗时刻 (1.4.2)
        self.countdown: int = spec.p("countdown.initial")
        self.net_damage: int = 0
        self.tiers: tuple[bool, ...] = (False, False, False)
        self.countdown_void: bool = False
        self.occupancy: list[int] = [0] * len(DIRECTION_KEYS)
        self.stall_night = 0  # the night after an alien sabotage (3.2.5)
        self.repair_cut_night = 0  # the night a repair cut applies (3.2.6)
        self.repair_cut_pct = 0
        self.stalemate: int = 0
        self.stalemate_from: int = 0  # first night counted for stalemate (1.4.3), 0 = not enabled
        # issue 7: the emergency meeting (4.9.2), escapes (6.9), mirror ledgers (2.8.5), real-time draw
        self.meeting_night: int = 0
        self.meetings: int = 0
        self.meeting_votes: list[Action] = []
        self.accused: int = 0  # the public accusation marker of the meeting in progress (4.9.6)
        self.secondary: list[int] = []
        self.mirrors: dict[int, dict[str, Player]] = {}  # death-row alien → role → its mirror ledger
        self.overtime: int = 0  # minutes of overtime used (1.5.3)
        self.draw_deadline: int = 0  # the clock at which the running overtime ends (1.5.3④)
        self.eavesdropped: dict[int, list[list[int]]] = {}  # eavesdropper → pairs read tonight (4.12.1)
        self.revived_tonight: int = 0
        self.revive_trace: dict[str, Any] = {}  # 6.8.4⑥ waiting for a published batch ⑥
        self.archives: list[tuple[int, int, int]] = []  # retro archives (initiator, target, night), 4.10.0④
        self.settled: dict[tuple[int, int], int] = {}  # tier settled per pair (escape.tier_scope per_pair)
        # self.ledger (the runtime's): 2.8.16 主动行动发起者记账 — every executed active action, by its
        # initiator's number and true role at that moment (2.8.16②: a disguise or a transform does not
        # change it, a job change does), system-only (④)
        self.last_hit = Hit.DYING  # how the last point of damage ended (for the bounty of a blocked shot)
        self.poison_seen: dict[int, list[dict[str, int]]] = {}  # the poison list each poisoner was shown
        self.vote_records: dict[str, dict[str, int]] = {}  # vote session → voter → target (4.9.1, 4.9.3)
        self.interp = dict(spec.interpretation)
        self.damage_order = spec.damage_order()
        self.infection_order = spec.infection_order()
        self.p = spec.p
        self.reset_night()
        self.setup_seats()

    # ── running ─────────────────────────────────────────────────────────────────────────────

    def opening(self) -> None:
        """Batch 〇: the opening role composition (2.3.0)."""
        counts = {r: sum(1 for pl in self.players if pl.role == r) for r in ROLE_BY_KEY}
        self.publish("0", 1, {"roles": {r: c for r, c in counts.items() if c}})

    def phase_runs(self, phase: Phase) -> bool:
        """1.4.1.3, 1.4.2: no day flow in the endgames."""
        return phase is not DAY or not (self.extinction or self.duel)

    def step_frozen(self, key: str) -> bool:
        """No decisions at the arrival step (2.1.5: system work — its hooks bring the quotas, then the
        night's settlement order is drawn, 2.1.3) nor, in extinction, at the steps 1.4.1.3 freezes."""
        return key in NO_DECISIONS or (self.extinction and key in FROZEN_IN_EXTINCTION)

    def make_order(self) -> None:
        """2.1.3: one independent random order of the living players for the whole night."""
        living = [pl.n for pl in self.players if pl.alive]
        given = self.policy.order(self, self.night)
        if given is not None:
            rest = [n for n in living if n not in given]
            bad = [n for n in given if n not in living]
            if bad or len(set(given)) != len(given):
                raise IllegalAction(
                    "2.1.3",
                    f"结算顺序须为当夜存活玩家之不重复排列（{bad}）",
                    f"the settlement order must list distinct living players ({bad})",
                    night=self.night,
                )
            order = list(given) + rest
        else:
            order = living
            self.rng_order.shuffle(order)
        self.order = order
        self.pos = {n: i for i, n in enumerate(order)}

    # ── players, legality, capability ───────────────────────────────────────────────────────

    def impl(self, a: Any) -> SkillImpl[Any, Any, Any]:
        sdef = SKILL_BY_KEY.get(a.skill)
        if sdef is None:
            return super().impl(a)  # an unknown skill (2.8.10)
        if not sdef.implemented or a.skill not in SKILL_IMPLS:
            raise NotImplementedRule(
                f"技能 {a.skill}（{sdef.zh}，{sdef.clause}）尚未实现（{sdef.issue}）",
                f"skill {a.skill} ({sdef.clause}) is not implemented yet ({sdef.issue})",
            )
        return SKILL_IMPLS[a.skill]

    def duplicate(self, a: Any) -> IllegalAction:
        return self.illegal(
            SKILL_BY_KEY[a.skill].clause, "同一技能同夜只可提交一次", "one submission per skill", a
        )

    def check_common(self, pl: Player, a: Any) -> None:
        """Checks every action shares: alive actor, role, main slot, targets alive (2.6, 2.5.3, 2.8.1)."""
        sdef = SKILL_BY_KEY[a.skill]
        if not pl.alive:
            raise self.illegal(
                self.rules.clauses["out"],
                "出局者不再参与任何投票与行动",
                "players out of the game cannot act",
                a,
            )
        if pl.role not in sdef.roles and pl.true_role not in sdef.roles:
            raise self.illegal(
                sdef.clause, f"{ROLE_BY_KEY[pl.role].zh}不持有此技能", f"a {pl.role} has no {a.skill}", a
            )
        for t in a.targets:
            tp = self.player(t, a.skill)
            if not tp.alive and not SKILL_IMPLS[a.skill].targets_may_be_out:
                clause = SKILL_IMPLS[a.skill].dead_target_clause
                raise self.illegal(clause, f"目标 {t} 号已出局", f"target {t} is out of the game", a)
        if sdef.targets == "self" and a.targets and a.targets != (pl.n,):
            raise self.illegal(sdef.clause, "此技能仅对自己", "this skill targets oneself only", a)
        if sdef.targets == "one" and len(a.targets) != 1 and a.skill != "chat":
            raise self.illegal(sdef.clause, "须指定一名目标", "exactly one target", a)
        if sdef.slot == "main":
            if pl.no_main_night == self.night:
                raise self.illegal(
                    "5.5.3", "转化当夜步骤 4b 与步骤 7 均无任何行动", "no action on a conversion night", a
                )
            if pl.main_night == self.night and pl.main_skill != a.skill:
                raise self.illegal(
                    _MAIN_CLAUSE.get(pl.role, "2.5.3"),
                    f"当夜已选择「{SKILL_BY_KEY[pl.main_skill].zh}」，每夜只能一类出手",
                    f"already chose {pl.main_skill} tonight (one action per night)",
                    a,
                )
            pl.main_night, pl.main_skill = self.night, a.skill
        for other in sdef.excludes:
            if other in pl.used:
                raise self.illegal(
                    sdef.clause, f"不可与「{SKILL_BY_KEY[other].zh}」同夜", f"not with {other}", a
                )
        pl.used.add(a.skill)

    def capable(self, pl: Player, skill: str) -> bool:
        blocked = SKILL_BY_KEY[skill].blocked
        if not pl.alive:
            return False
        if pl.dying and "dying" in blocked:
            return False
        if pl.silenced_night == self.night and "silence" in blocked:
            return False
        return not (pl.suppressed_night == self.night and "suppression" in blocked)

    def capability_at_snapshot(self) -> bool:
        """2.1.2①: whether an actor can act is also read on the step's decision snapshot — under the reading
        ``snapshot`` of ``capability.rescued_same_step``, a player rescued earlier in the step stays unable."""
        return self.interp["capability.rescued_same_step"] == "snapshot"

    def incapacity(self, pl: Player) -> str:
        if pl.dying:
            return "dying"
        if pl.silenced_night == self.night:
            return "silenced"
        if pl.suppressed_night == self.night:
            return "suppressed"
        return "out"

    # ── counts ──────────────────────────────────────────────────────────────────────────────

    def alive_count(self) -> int:
        return sum(1 for pl in self.players if pl.alive)

    def faction_counts(self) -> tuple[int, int, int]:
        """Living players per true faction (kernel ``faction_alive``), cached until someone leaves."""
        if self._counts is None:
            alive = [pl.alive for pl in self.players]
            h, x, a = (faction_alive(PY, alive, members) for members in self.members)
            self._counts = (h, x, a)
        return self._counts

    def role_holders_alive(self, role: str) -> bool:
        """4.1.1③: whether some true holder of ``role`` is still in the game (crew by base role)."""
        return any(pl.alive and (pl.base_role == role or pl.true_role == role) for pl in self.players)

    # ── events and batches ──────────────────────────────────────────────────────────────────

    # log / private / announce are the runtime's; announce is a public publication outside the numbered
    # batches (the vote-source map of 4.9.3, the accusation marker of 4.9.6): seen by everybody, official

    def publish(self, key: str, quantity: int | None, content: dict[str, Any]) -> bool:
        """Publish batch ``key`` if its rule (2.1.7, with the active switches) says so; an unpublished
        batch is logged for the referee as ``batch_withheld`` with the content it would have carried.
        A batch whose spec names its ``measure`` is tested on that content field (pass ``None``)."""
        bdef = BATCH_BY_KEY[key]
        if bdef.measure:
            assert quantity is None, f"batch {key}: the quantity is its field {bdef.measure!r}"
            quantity = batch_quantity(bdef, content)
        assert quantity is not None
        carried = None
        if self.spec.publishes_carried(key):
            carried = any(bool(content.get(f)) for f in bdef.carries)
        shown = batch_published(PY, bdef.rule, quantity, self.spec.zero_means_unpublished(), carried)
        data = {"batch": key, **content}
        if shown:
            self.events.append(Event(self.night, self.step, "batch", "public", (), data))
        else:
            self.events.append(Event(self.night, self.step, "batch_withheld", "system", (), data))
        return shown

    # ── damage and infection ────────────────────────────────────────────────────────────────

    def attack(self, attacker: Player, target: Player, kind: str) -> bool:
        """One point of damage (4.10.2); returns True when it made the target dying (生效, 7.2.2).  Only the
        spec's damaging skills deal damage (``DAMAGE_SKILLS``, which the dying model reads too)."""
        if self.resolving not in DAMAGE_SKILLS:
            raise AssertionError(
                f"{self.resolving or 'no skill'} dealt damage; the spec's DAMAGE_SKILLS do not list it"
            )
        n = self.night
        s = DamageLayers(
            target.dying,
            target.safe_room_night == n,
            target.immune_night == n,
            target.immunity,
            target.protect_night == n and target.protect_dmg,
            target.patrol_night == n and target.patrol_dmg,
            target.armor,
            target.shield,
        )
        new, code = damage_point(PY, s, self.damage_order)
        if target.protect_night == n and target.protected_by:
            self.private(target.protected_by, "attack_type", {"type": kind})  # 4.8.3
        if code == Hit.PROTECTION:
            target.protect_dmg = False
        elif code == Hit.PATROL:
            target.patrol_dmg = False
        elif code == Hit.ARMOR:
            target.armor = False
            if not target.armor_inf:
                target.armor_until = 0
            self.private(target.n, "layer_broken", {"layer": "armor"})
        elif code == Hit.SHIELD:
            target.shield = False
            self.private(target.n, "layer_broken", {"layer": "shield"})
        elif code == Hit.IMMUNITY_CONSUMED:
            target.immunity = new.immunity
            target.immune_night = n
            self._immunity_feedback.append(target.n)
        landed = code == Hit.DYING or code == Hit.ALREADY_DYING
        if landed and kind not in target.sources:
            target.sources.append(kind)
        if landed:
            target.landed_by.append(attacker.n)  # 4.13.1⑤: every landed initiator (true identity)
        elif code in (Hit.ARMOR, Hit.SHIELD, Hit.IMMUNITY_CONSUMED) and attacker is not target:
            self.archives.append((attacker.n, target.n, n))  # 4.10.0④ 追溯型 (a)(b)(c)
        self.log(
            "hit",
            {"attacker": attacker.n, "target": target.n, "type": kind, "result": Hit(code).name.lower()},
        )
        self.last_hit = Hit(code)
        if code == Hit.DYING:
            target.kill_by = attacker.n
            self.log("dying", {"player": target.n, "cause": kind})
            self.become_dying(target)
            return True
        return False

    def become_dying(self, p: Player) -> None:
        """A player enters dying (4.10.4); the registered dying hooks run (a process annulled, …)."""
        p.dying = True
        for fn in DYING_HOOKS:
            fn(self, p)

    def end_dying(self, target: Player) -> None:
        """A rescue ends dying (4.10.4①); only the spec's ``RESCUE_SKILLS`` do."""
        if self.resolving not in RESCUE_SKILLS:
            raise AssertionError(
                f"{self.resolving or 'no skill'} ended dying; the spec's RESCUE_SKILLS do not list it"
            )
        target.dying = False

    def infect(self, xeno: Player, target: Player) -> int:
        """One infection application (5.3.3, 3.3.3); returns the :class:`Infect` code."""
        n = self.night
        ab_live = target.antibody_night == n
        s = InfectionLayers(
            target.dying,
            target.safe_room_night == n,
            target.vaccine_from <= n <= target.vaccine_until,
            ab_live,
            target.protect_night == n and target.protect_inf,
            target.patrol_night == n and target.patrol_inf,
            target.armor_inf,
            target.mark,
            target.presented == "xeno",
        )
        new, code = infection_application(PY, s, self.infection_order)
        if code == Infect.ANTIBODY:
            target.antibody_night = 0
            if target.antibody_src:
                self.private(target.antibody_src, "antibody_triggered", {})  # 4.5.3
        elif code == Infect.PROTECTION:
            target.protect_inf = False
        elif code == Infect.PATROL:
            target.patrol_inf = False
        elif code == Infect.ARMOR:
            target.armor_inf = False
            if not target.armor:
                target.armor_until = 0
        elif code == Infect.VACCINE and target.vaccine_src:
            self.private(target.vaccine_src, "vaccine_triggered", {})  # 4.14.4⑦ (7.2.9)
        elif code == Infect.TRUE_MARK:
            evolved = xeno.direction == "infection"
            rel = self.p("infection.death_night_evolved") if evolved else self.p("infection.death_night")
            target.mark, target.mark_due, target.mark_by = new.mark, n + rel - 1, xeno.n
            self.private(target.n, "mark_known", {"due": target.mark_due})  # 3.3.10②
            if target.role == "alien":  # 6.5①②: one self-heal quota per true infection, hold ≤ 1
                target.self_heal_quota = min(self.p("alien.heal_quota_cap"), target.self_heal_quota + 1)
        elif code == Infect.FAKE_MARK and not self.extinction:  # 1.4.1.5: no new fake marks in extinction
            target.mark, target.mark_due, target.mark_by = FAKE, 0, xeno.n
        self.log("infect", {"xeno": xeno.n, "target": target.n, "result": Infect(code).name.lower()})
        return code

    def clear_mark(self, pl: Player) -> None:
        pl.mark, pl.mark_due, pl.mark_by = NONE, 0, 0
        pl.self_heal_quota = 0  # 6.5⑥: the quota is void once the infection is gone

    # ── nightly reset of layers (called from the arrival hook) ──────────────────────────────

    def reset_night(self) -> None:
        """Per-night tallies (batches ②③④⑤, feedback queues) and per-night player fields."""
        self._immunity_feedback: list[int] = []
        self.countdown_at_start = self.countdown  # batch ⑧ is withheld when the value did not change
        self.checks = 0  # 2.1.7③ 查验出手人次 (ambush + crew + detective)
        self.check_sources: dict[int, list[str]] = {}  # 7.2.1, merged per step
        self.patrolled = 0
        self.announcements: list[dict[str, Any]] = []
        self.evolutions = 0
        self.repair_settled = 0
        self.repair_exposures: list[dict[str, Any]] = []
        self.assisting_crew: list[int] = []
        self.sabotage_night = 0
        self.sabotage_evolved = 0
        self.sabotage_exposures: list[dict[str, Any]] = []
        self.day_votes: list[Action] = []
        self.chat_pairs: list[list[int]] = []
        self.dead_tonight: list[Player] = []
        self.plan: dict[int, str] = {}  # the random policy's plan of the night per player
        self.day_focus = 0  # the random policy's focus of the day's votes
        self.proposed: set[tuple[int, str]] = set()  # what the random policy proposed at this step
        for pl in self.players:
            pl.sources = []
            pl.kill_by = 0
            pl.shots = []
            pl.shots_landed = []
            pl.used = set()
            pl.landed_by = []

    # ── settlement, victory, phases ─────────────────────────────────────────────────────────

    def settle(self) -> list[Player]:
        """Step 9 (4.10.6): the dying die; returns the dead in number order."""
        alive = tuple(pl.alive for pl in self.players)
        dying = tuple(pl.dying for pl in self.players)
        after, died, left = settle_deaths(PY, alive, dying)  # who dies and who stays dying: the kernel's
        dead = [pl for pl, d in zip(self.players, died, strict=True) if d]
        for pl, a, still in zip(self.players, after, left, strict=True):
            pl.alive = a
            pl.dying = still
        self._counts = None
        for pl in dead:
            self.remove(pl, "dead")
        return dead

    def remove(self, pl: Player, how: str) -> None:
        """A player leaves the game (death or exile): occupancy is released at once (1.5.1③④)."""
        pl.alive = False
        pl.out = how
        self._counts = None
        pl.death_night = self.night
        if pl.direction is not None and not pl.no_occupancy:
            onehot = tuple(d == pl.direction for d in DIRECTION_KEYS)
            self.occupancy = list(occupancy_release(PY, self.occupancy, onehot, True))

    def check_victory(self, node: str) -> None:
        humans, xenos, alien = self.faction_counts()
        cap = self.night >= self.p("night_cap") and node == self.last_node_of_night()
        code, row = victory(PY, VICTORY_ORDER, humans, xenos, alien, self.countdown, self.countdown_void, cap)
        if code != Winner.NONE:
            r = VICTORY_ORDER[row - 1]
            self.finish(WINNER_NAMES[Winner(code)], node, r.row, r.condition)

    def last_node_of_night(self) -> str:
        if self.meeting_night == self.night:
            return "vote"  # 1.5.2: the last step settled is the meeting of step 10 (4.9.2 skips step 11)
        return "step11" if self.step11_runs() else "step9"

    def step11_runs(self) -> bool:
        if self.extinction or self.meeting_night == self.night:  # 1.4.1.3; 4.9.2 该夜跳过步骤 11
            return False
        return not (self.duel and self.interp["duel.countdown_runs"] == "frozen")

    def finish(self, winner: str, node: str, row: str, reason: str, secondary: Sequence[int] = ()) -> None:
        """The game ends; escapes won so far stay secondary wins (6.9, 1.2.5)."""
        super().finish(winner, node, row, reason, secondary or self.secondary)

    @property
    def phase(self) -> str:
        """normal / extinction / duel / extinction_duel (a duel reached inside extinction, 1.4.2)."""
        if self.extinction and self.duel:
            return "extinction_duel"
        return "extinction" if self.extinction else ("duel" if self.duel else "normal")

    # ── snapshots ───────────────────────────────────────────────────────────────────────────

    def views(self) -> dict[str, dict[str, Any]]:
        """Each seat's private view (engine/views.py)."""
        from ruleproof.specs.fanhanglu.engine.views import views

        return views(self)

    def menu_shape(self, pl: Player, skill: str) -> MenuShape | None:
        from ruleproof.specs.fanhanglu.engine.views import menu_shape

        return menu_shape(self, pl, skill)

    def menu_action(
        self, seat: int, skill: str, targets: tuple[int, ...], fields: Mapping[str, Any]
    ) -> Action:
        from ruleproof.specs.fanhanglu.engine.views import menu_action

        return menu_action(seat, skill, targets, dict(fields))

    def probe_copy(self) -> Game:
        copied = probe_copy(self, (self.spec,))
        assert isinstance(copied, Game)
        return copied

    def snapshot(self) -> dict[str, Any]:
        from ruleproof.specs.fanhanglu.engine.snapshot import snapshot

        return snapshot(self)


def batch_quantity(bdef: BatchDef, content: Mapping[str, Any]) -> int:
    """The quantity a batch's zero rule tests (2.1.7): its measured field — a count, a list's length, or a
    published decimal in hundredths."""
    value = content[bdef.measure]
    if isinstance(value, list | tuple):
        return len(value)
    return round(value * 100) if isinstance(value, float) else int(value)


# The clause that states a role's one-action-per-night rule, for error messages.
_MAIN_CLAUSE: Mapping[str, str] = {
    "crew": "4.1",
    "engineer": "4.3.1",
    "sheriff": "4.4.4",
    "hunter": "4.4.7",
    "bio_doctor": "4.5.4",
    "rescue_doctor": "4.6.3",
    "temp_doctor": "4.2.2",
    "detective": "4.7.2",
    "poisoner": "4.6.4",
    "vaccine_researcher": "4.14.5",
    "craftsman": "4.11.2",
    "xeno": "5.8.1",
    "alien": "6.5",
}

ArrivalFn = Callable[[Game], None]

__all__ = [
    "ALIEN_KNIFE",
    "GUNSHOT",
    "XENO_KNIFE",
    "Game",
    "LedgerEntry",
    "Observer",
    "Policy",
    "PublishRule",
    "Result",
]
