"""The game loop every book shares: rounds of periods of steps, a decision snapshot per step, legality
checks, serial resolution in the round's order, hooks, the event log, the action ledger and the outcome.

A book's engine subclasses :class:`BaseGame` with its state and its rules (the ``rules`` class attribute,
a :class:`~ruleproof.runtime.rules.Ruleset`), and overrides the few methods whose meaning is the book's:
:meth:`phases` / :meth:`phase_runs` (which periods a round has — a book whose text adds an extra night
or skips the day flow says so here), :meth:`step_frozen`, :meth:`check_common`, :meth:`capable`,
:meth:`incapacity`, :meth:`capability_at_snapshot`, :meth:`opening`, :meth:`decision_view`.

One step of a collected (non-stream) period:

1. ``pre`` hooks (system work: deaths due, arrivals);
2. the **decision snapshot**: :attr:`decision` is the step's (round, step, and what the book's
   :meth:`decision_view` records, if it overrides it), the policy submits its actions, and *every*
   action is checked — the common checks, then the skill's own — before *any* resolves, so all decisions
   of a step see the same state;
3. resolution: a leading skill first, then in the round's resolution order (:attr:`order`), ties by the
   spec's skill order, until the game ends; an actor no longer capable is logged ``not_executed`` (also one unable at the
   snapshot, where the book reads capability there: :meth:`capability_at_snapshot`); :attr:`resolving`
   names the skill being resolved; every executed action goes
   into the action ledger with its initiator's true role; collective skills (votes, pairings) resolve
   together after the others;
4. ``post`` hooks (publications, settlement, victory checks).

A *stream* period (a real-time day) asks the policy once per step too, but resolves each action on its
own in ``at`` order, checked against the state of its moment; a policy with a ``keeps(g, action)`` method
may withdraw a decision when its moment comes (a random player does not shoot a char already out).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from ruleproof.runtime.menus import MenuShape, probe_copy, seat_menu
from ruleproof.runtime.model import (
    SYSTEM,
    Action,
    Event,
    IllegalAction,
    LedgerEntry,
    Result,
    Seat,
)
from ruleproof.runtime.policy import Choice, Policy
from ruleproof.runtime.rules import SETUP, Phase, Ruleset, SkillImpl
from ruleproof.runtime.statuses import Statuses

P = TypeVar("P", bound=Seat)

LAST = 1 << 30  # position of a seat missing from the round's order: after everybody


class Observer(Protocol):
    def __call__(self, g: Any, night: int, step: str) -> None: ...


class Decision(NamedTuple):
    """The decision snapshot of a step: every decision of the step is taken, and checked, on it."""

    night: int
    step: str
    view: Any  # what the book records of the state at the step's start (None: the live state, unchanged
    #               until the step's checks are over)


@mypyc_attr(allow_interpreted_subclasses=True)
class BaseGame(Generic[P]):
    """One game of some book.  Subclasses set :attr:`rules` and fill :attr:`players`."""

    rules: ClassVar[Ruleset[Any, Any, Any]]

    def __init__(
        self,
        players: list[P],
        policy: Policy,
        *,
        observer: Observer | None = None,
        stop_after: tuple[str, int] | None = None,
    ) -> None:
        self.players = players
        self.policy = policy
        self.observer = observer
        # called at each step's decision snapshot, before the policy is asked (menu checkpoints)
        self.decision_observer: Observer | None = None
        self.stop_after = stop_after  # ("night" | "day", n): stop after that half of round n
        self.night = 0  # the round
        self.step = "setup"
        self.current_phase: Phase = SETUP
        self.order: list[int] = []  # the round's resolution order of seats
        self.pos: dict[int, int] = {}  # seat → its position in ``order``
        self.events: list[Event] = []
        self.result: Result | None = None
        self.ledger: list[LedgerEntry] = []  # every executed action, by its initiator (system-only)
        self.submitted: Sequence[Action] = ()  # the actions submitted at the current step
        self.resolving = ""  # the skill whose resolution is running (what may deal damage is the spec's)
        self._view: object = None  # the book's record of the state at the current step's start
        self._captures = type(self).decision_view is not BaseGame.decision_view
        self.statuses = Statuses(self.rules.steps())

    # ── running ─────────────────────────────────────────────────────────────────────────────

    def has_result(self) -> bool:
        """Whether the game has a result.  (A method, not ``self.result is None`` inline: a compiled build
        would narrow the attribute across the calls that set it.)"""
        return self.result is not None

    def run(self) -> Result | None:
        """Play until a result, or until ``stop_after``.  Returns the result, if any."""
        self.opening()
        n = 0
        while not self.has_result():
            n += 1
            for phase in self.phases(n):
                if not self.phase_runs(phase):
                    continue
                self.run_phase(n, phase)
                if self.has_result() or self.stop_after == (phase.kind, n):
                    return self.result
            if self.stop_after is not None and self.stop_after[1] <= n:
                break
        return self.result

    def phases(self, n: int) -> Sequence[Phase]:
        """The periods of round ``n`` (default: the book's cycle)."""
        return self.rules.cycle

    def phase_runs(self, phase: Phase) -> bool:
        """Whether ``phase`` happens this round (an endgame may skip the day flow)."""
        return True

    def opening(self) -> None:
        """What happens before round 1 (an opening announcement)."""

    def setup_seats(self) -> None:
        """Run the setup hooks: each seat's role's, then the ``"*"`` ones."""
        hooks = self.rules.setup_hooks
        for pl in self.players:
            for fn in hooks.get(pl.role, ()):
                fn(self, pl)
            for fn in hooks.get("*", ()):
                fn(self, pl)

    def run_phase(self, n: int, phase: Phase) -> None:
        self.night = n
        self.current_phase = phase
        for key in phase.steps:
            self.step = key
            if self.statuses.active:
                self.statuses.expire(self, n, key, "start")
            self.run_step(phase, key)
            if self.statuses.active:
                self.statuses.expire(self, n, key, "end")
            if self.observer is not None:
                self.observer(self, n, key)
            if self.has_result():
                return

    def run_step(self, phase: Phase, key: str) -> None:
        frozen = self.step_frozen(key)
        hooks = self.rules.hooks
        for fn in hooks.get((key, "pre"), ()):
            fn(self)
            if self.has_result():
                return
        if self.decision_observer is not None:
            self.decision_observer(self, self.night, key)
        if not frozen:
            if phase.stream:
                self.run_stream(key)
            else:
                self.run_actions(key)
        for fn in hooks.get((key, "post"), ()):
            fn(self)
            if self.has_result():
                return

    def step_frozen(self, key: str) -> bool:
        """Whether the step takes no decisions this round (its hooks still run)."""
        return False

    @property
    def decision(self) -> Decision:
        """The current step's decision snapshot."""
        return Decision(self.night, self.step, self._view)

    def decision_view(self, step: str) -> object:
        """What the book records of the state at a step's start for its checks and policies (default:
        nothing — the runtime's own guarantee, every check before any resolution, suffices)."""
        return None

    def run_actions(self, step: str) -> None:
        if self._captures:
            self._view = self.decision_view(step)
        actions = self.policy.actions(self, step)
        if not actions:
            return
        self.submitted = actions  # what the step's checks may consult (a skill coupled to another)
        rules = self.rules
        rank = rules.step_rank(step)
        impls = rules.skills
        checked: list[Action] = []
        seen: set[tuple[int, str]] = set()
        # capability read on the decision snapshot, when the book says so: an actor unable then stays unable
        # at its turn, whatever resolved before it (and one able then can still lose the ability)
        at_snapshot: dict[tuple[int, str], str] | None = {} if self.capability_at_snapshot() else None
        for a in sorted(actions, key=lambda a: rank.get(a.skill, 0)):
            impl = self.impl(a)
            pl = self.player(a.actor, a.skill)
            if (a.actor, a.skill) in seen:
                raise self.duplicate(a)
            seen.add((a.actor, a.skill))
            self.check_common(pl, a)
            impl.check(self, pl, a)
            checked.append(a)
            if at_snapshot is not None and not impl.collective and not impl.capable(self, pl, a):
                at_snapshot[(a.actor, a.skill)] = self.incapacity(pl)
        pos = self.pos
        checked.sort(key=lambda a: (not impls[a.skill].leads, pos.get(a.actor, LAST), rank[a.skill]))
        collective: dict[str, list[Action]] = {}
        ledger = self.ledger
        for a in checked:
            if self.has_result():
                return  # the game ended while the step resolved: nothing more happens
            impl = impls[a.skill]
            if impl.collective:
                collective.setdefault(a.skill, []).append(a)
                continue
            pl = self.players[a.actor - 1]
            if not impl.capable(self, pl, a):
                self.not_executed(pl, a)
                continue
            if at_snapshot and (a.actor, a.skill) in at_snapshot:
                self.not_executed(pl, a, at_snapshot[(a.actor, a.skill)])
                continue
            ledger.append(LedgerEntry(self.night, step, pl.n, pl.true_role, a.skill, a.targets))
            self.resolving = a.skill
            self.resolve_action(impl, pl, a)
            self.resolving = ""
        for key, acts in collective.items():
            for a in acts:
                pl = self.players[a.actor - 1]
                ledger.append(LedgerEntry(self.night, step, pl.n, pl.true_role, a.skill, a.targets))
            self.resolving = key
            impls[key].resolve_all(self, acts)
            self.resolving = ""

    def run_stream(self, step: str) -> None:
        """A real-time step: each action, in ``at`` order (ties in submission order), is checked against
        the state of its moment and resolved at once (collective skills too, one action at a time)."""
        if self._captures:
            self._view = self.decision_view(step)
        actions = self.policy.actions(self, step)
        if not actions:
            return
        self.submitted = actions
        seen: set[tuple[int, str, int]] = set()
        keeps = getattr(self.policy, "keeps", None)  # a policy may withdraw a decision when its moment comes
        for a in sorted(actions, key=lambda a: a.at if a.at is not None else -1):
            if keeps is not None and not keeps(self, a):
                self.log("withdrawn", {"actor": a.actor, "skill": a.skill})
                continue
            impl = self.impl(a)
            pl = self.player(a.actor, a.skill)
            moment = a.at if a.at is not None else -1
            if (a.actor, a.skill, moment) in seen:
                raise self.duplicate(a)
            seen.add((a.actor, a.skill, moment))
            self.check_common(pl, a)
            impl.check(self, pl, a)
            if not impl.capable(self, pl, a):
                self.not_executed(pl, a)
                continue
            self.ledger.append(LedgerEntry(self.night, step, pl.n, pl.true_role, a.skill, a.targets))
            self.resolving = a.skill
            self.resolve_action(impl, pl, a)
            self.resolving = ""
            if self.has_result():
                return

    def resolve_action(self, impl: SkillImpl[Any, Any, Any], pl: P, a: Action) -> None:
        """Resolve one checked, capable action (``impl.resolve``).  A book whose rules act *on an action*
        as it resolves — another seat re-choosing its targets, its feedback going elsewhere, its effect
        delayed — overrides this; the default is the skill's own resolution."""
        impl.resolve(self, pl, a)

    # ── seats, legality, capability ─────────────────────────────────────────────────────────

    def player(self, n: int, skill: str = "") -> P:
        if not 1 <= n <= len(self.players):
            raise IllegalAction(
                self.rules.clauses["seat"],
                f"没有 {n} 号玩家",
                f"there is no player {n}",
                night=self.night,
                skill=skill,
            )
        return self.players[n - 1]

    def impl(self, a: Action) -> SkillImpl[Any, Any, Any]:
        impl = self.rules.skills.get(a.skill)
        if impl is None:
            raise IllegalAction(
                self.rules.clauses["skill"],
                f"未知技能 {a.skill}",
                f"unknown skill {a.skill}",
                night=self.night,
                actor=a.actor,
            )
        return impl

    def illegal(self, clause: str, zh: str, en: str, a: Action) -> IllegalAction:
        """The error for an illegal ``a`` (a day action names no night)."""
        night = self.night if self.current_phase.kind != "day" else None
        return IllegalAction(clause, zh, en, night=night, actor=a.actor, skill=a.skill)

    def duplicate(self, a: Action) -> IllegalAction:
        info = self.rules.info.get(a.skill)
        clause = info.clause if info else self.rules.clauses["skill"]
        return self.illegal(clause, "同一技能同一步骤只可提交一次", "one submission per skill and step", a)

    def check_common(self, pl: P, a: Action) -> None:
        """What every action shares: a seat in the game, holding the skill, targets existing and in the game
        (unless the skill only names them)."""
        out = self.rules.clauses["out"]
        if not pl.alive:
            raise self.illegal(out, "出局者不再参与任何投票与行动", "players out of the game cannot act", a)
        info = self.rules.info.get(a.skill)
        if info is not None and pl.role not in info.roles and pl.true_role not in info.roles:
            raise self.illegal(info.clause, f"{pl.role} 不持有此技能", f"a {pl.role} has no {a.skill}", a)
        impl = self.rules.skills[a.skill]
        for t in a.targets:
            tp = self.player(t, a.skill)
            if not tp.alive and not impl.targets_may_be_out:
                clause = impl.dead_target_clause or out
                raise self.illegal(clause, f"目标 {t} 号已出局", f"target {t} is out of the game", a)

    def capable(self, pl: P, skill: str) -> bool:
        """Whether ``pl`` can still use ``skill`` when its turn comes (default: while in the game)."""
        return pl.alive

    def incapacity(self, pl: P) -> str:
        """Why ``pl`` could not act (logged with ``not_executed``)."""
        return "out" if not pl.alive else "blocked"

    def capability_at_snapshot(self) -> bool:
        """Whether an actor's capability is also read on the step's decision snapshot (a book's reading):
        then one unable at the snapshot is not executed even if able again at its turn."""
        return False

    def not_executed(self, pl: P, a: Action, snapshot_reason: str | None = None) -> None:
        """``a`` is not carried out: its actor lost the ability before its turn (or lacked it at the
        decision snapshot: ``snapshot_reason``, logged with ``snapshot: true``)."""
        if snapshot_reason is None:
            self.log("not_executed", {"actor": pl.n, "skill": a.skill, "reason": self.incapacity(pl)})
        else:
            self.log(
                "not_executed", {"actor": pl.n, "skill": a.skill, "reason": snapshot_reason, "snapshot": True}
            )

    # ── the system player ────────────────────────────────────────────────────────────────────

    def choose(
        self,
        key: str,
        options: Sequence[Choice],
        *,
        clause: str,
        default: int = 0,
        accept: Callable[[Choice], str | None] | None = None,
    ) -> Choice:
        """A choice the rules leave to the system player (the storyteller, the director): asked of the
        policy like any decision, logged, and checked to be one of ``options``; ``default`` is the index
        of the option taken when the policy leaves it (a :class:`~ruleproof.runtime.policy.PassPolicy`).

        ``accept`` opens the choice beyond ``options`` (a word, a sentence the text leaves free): a pick
        not among them is taken when ``accept(pick)`` returns None, else refused with the reason it
        returns (Chinese); ``options`` are then the candidates a random policy draws from."""
        if not options:
            raise ValueError(f"choice {key} without options")
        pick = self.policy.choose(self, key, options)
        if pick is None:
            pick = options[default]
        elif pick not in options:
            why = "不在可选之列" if accept is None else accept(pick)
            if why is not None:
                shown = list(options) if len(options) <= 12 else [*list(options)[:12], "…"]
                raise IllegalAction(
                    clause,
                    f"系统选择 {key} 不合规则（{why}）：可选 {shown}，实为 {pick!r}",
                    f"the system choice {key} is not allowed ({why}): options {shown}, got {pick!r}",
                    night=self.night if self.current_phase.kind != "day" else None,
                    actor=SYSTEM,
                    skill=key,
                )
        self.log("choice", {"key": key, "pick": pick})
        return pick

    # ── events ──────────────────────────────────────────────────────────────────────────────

    def log(self, kind: str, data: dict[str, Any]) -> None:
        """The referee's log: visible to nobody in the game."""
        self.events.append(Event(self.night, self.step, kind, "system", (), data))

    def private(self, to: int, kind: str, data: dict[str, Any]) -> None:
        """Private feedback to seat ``to``."""
        self.events.append(Event(self.night, self.step, kind, "private", (to,), data))

    def announce(self, kind: str, data: dict[str, Any]) -> None:
        """A public announcement: seen by everybody."""
        self.events.append(Event(self.night, self.step, kind, "public", (), data))

    # ── the end ─────────────────────────────────────────────────────────────────────────────

    def finish(self, winner: str, node: str, row: str, reason: str, secondary: Sequence[int] = ()) -> None:
        self.result = Result(winner, self.night, node, row, reason, secondary)
        self.log("result", self.result.to_json())

    def snapshot(self) -> dict[str, Any]:
        """The state as the book's state fields (what vector expectations compare)."""
        raise NotImplementedError(f"{type(self).__name__}.snapshot")

    def views(self) -> dict[str, dict[str, Any]] | None:
        """Each seat's private view of the state now (``ruleproof-vector/2`` ``views``): seat → view key →
        value, only the keys the seat is entitled to see.  None: the book reports no views."""
        return None

    # ── menus (what a seat is offered at a step's decision, runtime.menus) ─────────────────────

    def menu_shape(self, pl: P, skill: str) -> MenuShape | None:
        """How ``skill``'s options are probed for ``pl`` (default: it names targets); None: not on menus."""
        return MenuShape(targets=True)

    def menu_action(
        self, seat: int, skill: str, targets: tuple[int, ...], fields: Mapping[str, Any]
    ) -> Action:
        """The action a menu probe submits (a book with action fields builds its own)."""
        return Action(seat, skill, targets)

    def probe_copy(self) -> BaseGame[P]:
        """A copy of the game to probe a decision on (runtime.menus.probe_copy; a book shares its spec)."""
        return probe_copy(self)

    def menus(self, step: str) -> dict[str, dict[str, dict[str, Any]]]:
        """Every seat's menu at ``step``'s decision now: seat → skill → options (runtime.menus)."""
        out = {}
        for p in self.players:
            menu = seat_menu(self, p.n, step)
            if menu:
                out[str(p.n)] = menu
        return out


StepFn = Callable[[BaseGame[Any]], None]

__all__ = ["LAST", "BaseGame", "Decision", "Observer", "StepFn"]
