"""A book's rules as the runtime sees them: its round cycle (periods and their step lists, as data), and a
registry of skill implementations and hooks the book's modules fill in with decorators.

A role plugs in without touching the game loop:

* a :class:`SkillImpl` subclass registered with :meth:`Ruleset.skill` — ``check`` (legality at the step's
  decision snapshot, raising ``g.illegal(...)`` with the clause), ``resolve`` (one action, serially in the
  round's resolution order) or ``resolve_all`` (collective skills: votes, pairings), ``capable`` (whether
  the actor can still act when its turn comes) and ``propose`` (what the seeded random policy may do);
* :meth:`Ruleset.hook` for system work before / after a step (deaths, publications, victory checks);
* :meth:`Ruleset.on_setup` for a role's initial state (``"*"``: every seat).

The book's spec says *which* skills exist, their step, roles and clause (``Ruleset.declare``); the
registry says *how* they resolve.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

G = TypeVar("G")  # the book's game class
P = TypeVar("P")  # the book's seat class
A = TypeVar("A")  # the book's action class


@dataclass(frozen=True)
class Phase:
    """One period of a round: its key, which half of the round it is (``night`` or ``day``: the name
    ``ruleproof-vector/1`` checkpoints use), its steps in order, and whether its decisions are a real-time
    *stream* (each action checked and resolved on its own, in ``at`` order, against the state of its
    moment) rather than collected on one decision snapshot and resolved together."""

    key: str
    kind: str
    steps: tuple[str, ...]
    stream: bool = False


SETUP = Phase("setup", "setup", ("setup",))


@dataclass(frozen=True)
class SkillInfo:
    """What the spec says of a skill, as far as the runtime needs it: the steps it acts at, the roles
    holding it, its clause, whether it takes the seat's one action of the period (``exclusive``) and the
    skills it cannot be combined with in the same period."""

    key: str
    steps: tuple[str, ...]
    roles: frozenset[str]
    clause: str
    exclusive: bool = False
    excludes: tuple[str, ...] = ()
    implemented: bool = True  # False: the spec lists it, the engine refuses it (NotImplementedRule)
    places: tuple[int, ...] = ()  # its place among the skills of each of ``steps`` (a book whose lists order
    #                               a step's skills, and a skill that sits at different places in two lists)


class SkillImpl(Generic[G, P, A]):
    """How one skill of the spec resolves."""

    key: ClassVar[str]
    collective: ClassVar[bool] = False  # resolved all at once (chat pairing, votes)
    dead_target_clause: ClassVar[str] = ""  # the clause forbidding a target already out ("" → the book's)
    targets_may_be_out: ClassVar[bool] = False  # targets name seats rather than act on them (a report)
    leads: ClassVar[bool] = False  # opens its step: resolved before every other action of the step

    def check(self, g: G, p: P, a: A) -> None:
        """Legality at the step's decision snapshot; raise ``g.illegal(...)``."""

    def resolve(self, g: G, p: P, a: A) -> None:
        raise NotImplementedError(self.key)

    def resolve_all(self, g: G, actions: Sequence[A]) -> None:
        raise NotImplementedError(self.key)

    def capable(self, g: G, p: P, a: A) -> bool:
        """Whether the actor can still act when its turn comes; default: the game's own rule."""
        capable: Callable[[P, str], bool] = g.capable  # type: ignore[attr-defined]
        return capable(p, self.key)

    def propose(self, g: G, p: P, rng: random.Random) -> A | None:
        """A random legal action for ``p`` at this skill's step, or None."""
        return None

    def available(self, g: G, p: P) -> bool:
        """Whether the skill is on ``p``'s menu now (a quota left, a once-only use not spent)."""
        return True


StepHook = Callable[[G], None]


class Ruleset(Generic[G, P, A]):
    """The registry of one book's engine: its cycle (and any other period its rounds may have: an opening
    night with its own order, an extra period a rule inserts), the skills the spec declares, their implementations
    and the hooks.  ``clauses`` names the clause of each rule the runtime itself enforces:

    * ``seat`` — the seats of the game (an action naming a seat that does not exist);
    * ``out`` — seats out of the game neither act nor are targeted;
    * ``skill`` — the list of skills (an action naming a skill the book does not have).
    """

    def __init__(
        self,
        book: str,
        cycle: Sequence[Phase],
        clauses: Mapping[str, str],
        *,
        other_phases: Sequence[Phase] = (),
    ) -> None:
        missing = {"seat", "out", "skill"} - set(clauses)
        if missing:
            raise ValueError(f"{book}: the ruleset needs the clauses {sorted(missing)}")
        self.book = book
        self.cycle: tuple[Phase, ...] = tuple(cycle)
        self.other_phases: tuple[Phase, ...] = tuple(other_phases)  # an opening night, an extra round…
        self.clauses: dict[str, str] = dict(clauses)
        self.info: dict[str, SkillInfo] = {}
        self.rank: dict[str, int] = {}  # the spec's order of skills: checking order and resolution ties
        self._step_rank: dict[str, dict[str, int]] = {}  # step → skill → its order at that step
        self.skills: dict[str, SkillImpl[G, P, A]] = {}
        self.hooks: dict[tuple[str, str], list[Callable[[G], None]]] = {}
        self.setup_hooks: dict[str, list[Callable[[G, P], None]]] = {}

    # ── what the spec declares ───────────────────────────────────────────────────────────────

    def declare(self, skills: Iterable[SkillInfo]) -> None:
        """The spec's skills, in its order (the order is the rank)."""
        for info in skills:
            self.info[info.key] = info
            self.rank[info.key] = len(self.rank)
        self._step_rank = {}

    def step_rank(self, step: str) -> dict[str, int]:
        """The order of skills at ``step``: each skill's place there where the spec gives one (``places``),
        after them the others in the spec's order."""
        found = self._step_rank.get(step)
        if found is None:
            found = {}
            late = 1 << 20
            for key, info in self.info.items():
                place = None
                if info.places and step in info.steps:
                    place = info.places[info.steps.index(step)]
                found[key] = place if place is not None else late + self.rank[key]
            self._step_rank[step] = found
        return found

    def steps(self) -> tuple[str, ...]:
        """Every step key of the cycle (then of the other periods), in order, once."""
        phases = (*self.cycle, *self.other_phases)
        return tuple(dict.fromkeys(key for phase in phases for key in phase.steps))

    # ── what the book's modules register ─────────────────────────────────────────────────────

    def skill(self, cls: type[SkillImpl[G, P, A]]) -> type[SkillImpl[G, P, A]]:
        self.skills[cls.key] = cls()
        return cls

    def hook(self, step: str, when: str) -> Callable[[Callable[[G], None]], Callable[[G], None]]:
        """Register system work to run ``when`` (``pre`` or ``post``) the step ``step``."""
        if when not in ("pre", "post"):
            raise ValueError(f"hook time must be pre or post, not {when!r}")

        def deco(fn: Callable[[G], None]) -> Callable[[G], None]:
            self.hooks.setdefault((step, when), []).append(fn)
            return fn

        return deco

    def on_setup(self, *roles: str) -> Callable[[Callable[[G, P], None]], Callable[[G, P], None]]:
        """A role's initial state (``"*"``: every seat, after the role's own hooks)."""

        def deco(fn: Callable[[G, P], None]) -> Callable[[G, P], None]:
            for role in roles:
                self.setup_hooks.setdefault(role, []).append(fn)
            return fn

        return deco

    # ── what the random policy offers ────────────────────────────────────────────────────────

    def menus(self) -> dict[str, list[Option[G, P, A]]]:
        """step → the implemented skills acting at it, in spec order (a skill with several windows is
        offered at each)."""
        out: dict[str, list[Option[G, P, A]]] = {}
        for key, info in self.info.items():
            impl = self.skills.get(key)
            if impl is None or not info.implemented:
                continue
            custom = type(impl).capable is not SkillImpl.capable  # an own capability rule
            for step in info.steps:
                out.setdefault(step, []).append(
                    (key, impl, info.roles, info.exclusive, info.excludes, custom)
                )
        return out


# (skill key, implementation, roles, takes the period's one action, excluded skills, own capability rule)
Option = tuple[str, SkillImpl[G, P, A], frozenset[str], bool, tuple[str, ...], bool]

__all__ = ["SETUP", "Option", "Phase", "Ruleset", "SkillImpl", "SkillInfo", "StepHook"]
