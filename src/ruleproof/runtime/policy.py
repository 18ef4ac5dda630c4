"""Where decisions come from: the policy protocol, and the three policies every book gets — nobody acts
(:class:`PassPolicy`), a vector's script (:class:`ScriptPolicy`), seeded random legal play
(:class:`RandomPolicy`).

A decision is asked for at every step (``actions``), once per round for the resolution order the script
may fix (``order``), and whenever a rule leaves a choice to the system player — the storyteller, the
director, the referee's draw (``choose``).  Same seed, same decisions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

from ruleproof.runtime.model import Action, Seat
from ruleproof.runtime.rules import Option

Choice = int | str
"""A value the system player may pick (a seat number, a role key, a reading…): what a vector scripts."""


class Policy(Protocol):
    """Where decisions come from."""

    def actions(self, g: Any, step: str) -> list[Action]:
        """The actions submitted at ``step`` of the current round (in any order: the game orders them)."""
        ...

    def order(self, g: Any, night: int) -> Sequence[int] | None:
        """The round's resolution order of seats, if the policy fixes one (a vector's ``order``)."""
        ...

    def choose(self, g: Any, key: str, options: Sequence[Choice]) -> Choice | None:
        """The system player's pick among ``options`` for the choice ``key``; None: the rule's default."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)
class PassPolicy:
    """Nobody does anything; the system player takes every rule's default."""

    def actions(self, g: Any, step: str) -> list[Action]:
        return []

    def order(self, g: Any, night: int) -> Sequence[int] | None:
        return None

    def choose(self, g: Any, key: str, options: Sequence[Choice]) -> Choice | None:
        return None


@mypyc_attr(allow_interpreted_subclasses=True)
class ScriptPolicy:
    """A vector's script: ``nights[n]`` / ``days[n]`` list the actions of round ``n``'s night and day half,
    ``orders[n]`` an optional resolution order, ``choices[(half, n)]`` the system player's picks in the
    order the rules ask for them.  Up to round ``last`` (or always, without a ``fallback``) the script
    decides — unscripted steps pass; after it the fallback does.  ``step_of(skill)`` is the skill's own
    step, for actions that do not name one."""

    def __init__(
        self,
        nights: Mapping[int, Sequence[Action]],
        days: Mapping[int, Sequence[Action]],
        orders: Mapping[int, Sequence[int]],
        *,
        step_of: Mapping[str, str],
        fallback: Policy | None = None,
        last: int = 0,
        choices: Mapping[tuple[str, int], Sequence[tuple[str, Choice]]] | None = None,
    ) -> None:
        self.nights = nights
        self.days = days
        self.orders = orders
        self.step_of = step_of
        self.fallback = fallback
        self.last = last  # the last scripted round; after it the fallback decides
        self.choices = {k: list(v) for k, v in (choices or {}).items()}

    def _scripted(self, night: int) -> bool:
        return night <= self.last or self.fallback is None

    def actions(self, g: Any, step: str) -> list[Action]:
        if not self._scripted(g.night):
            return self.fallback.actions(g, step) if self.fallback else []
        script = self.days if g.current_phase.kind == "day" else self.nights
        return [a for a in script.get(g.night, ()) if self.step_for(g, a) == step]

    def step_for(self, g: Any, a: Action) -> str:
        """The step a scripted action is submitted at: its own ``step``, else its skill's declared step.
        A book whose skills wake at a step that depends on the state (a reading, who holds them) overrides
        this."""
        return a.step or self.step_of.get(a.skill, "?")

    def order(self, g: Any, night: int) -> Sequence[int] | None:
        if not self._scripted(night):
            return self.fallback.order(g, night) if self.fallback else None
        return self.orders.get(night)

    def choose(self, g: Any, key: str, options: Sequence[Choice]) -> Choice | None:
        if not self._scripted(g.night):
            return self.fallback.choose(g, key, options) if self.fallback else None
        queue = self.choices.get((g.current_phase.kind, g.night))
        if queue and queue[0][0] == key:
            return queue.pop(0)[1]
        return None


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomPolicy:
    """Seeded random legal play: at each step every living seat, in the round's order, walks its menu (the
    step's implemented skills its role or true role holds, in spec order) and lets each skill ``propose``;
    a skill that takes the seat's one action of the period is skipped once one was proposed.  The system
    player picks uniformly.  Same seed, same game.

    A book adapts it by overriding the small hooks: :meth:`seats` (whose decisions, in which order — and a
    plan made once per round), :meth:`main_done`, :meth:`excluded`, :meth:`proposed`, :meth:`probe`; a
    study's policy overrides :meth:`pick` (ruleproof.studies)."""

    def __init__(self, seed: int, menus: Mapping[str, list[Option[Any, Any, Any]]]) -> None:
        self.rng = random.Random(f"policy:{seed}")
        self.options = menus
        # step → (role, true role) → the step's skills such a seat may use, in spec order
        self._menus: dict[str, dict[tuple[str, str], list[Option[Any, Any, Any]]]] = {}
        # step → every role holding one of the step's skills: a seat holding none is skipped at once
        self._holders: dict[str, frozenset[str]] = {
            step: frozenset(role for o in opts for role in o[2]) for step, opts in menus.items()
        }

    def order(self, g: Any, night: int) -> Sequence[int] | None:
        return None

    def choose(self, g: Any, key: str, options: Sequence[Choice]) -> Choice | None:
        return self.rng.choice(options) if options else None

    # ── hooks ────────────────────────────────────────────────────────────────────────────────

    def seats(self, g: Any, step: str) -> Sequence[int]:
        """Whose decisions are asked, in order: the round's resolution order, or every seat."""
        return g.order or [p.n for p in g.players]

    def main_done(self, g: Any, p: Any) -> bool:
        """Whether ``p`` already used its one action of the period."""
        return False

    def excluded(self, p: Any, excludes: tuple[str, ...]) -> bool:
        """Whether ``p`` already chose a skill that excludes this one."""
        return False

    def begin(self, g: Any, step: str) -> None:
        """A step with a menu starts (after :meth:`seats`)."""

    def proposed(self, g: Any, p: Any, key: str) -> None:
        """``p`` proposed ``key`` at this step (a book may let later skills see it)."""

    def probe(self, p: Any, key: str) -> Action:
        """The action a skill's own capability rule is asked about before proposing."""
        return Action(p.n, key, (p.n,))

    def pick(self, g: Any, p: Any, key: str, impl: Any, rng: random.Random) -> Action | None:
        """``p``'s action for the skill ``key`` (``impl``) at this step: the skill's random legal proposal.
        A study's policy overrides it to let a plug-in decide (it still draws the proposal first, so the
        random stream is the same whatever the plug-in answers)."""
        a: Action | None = impl.propose(g, p, rng)
        return a

    # ── the loop ─────────────────────────────────────────────────────────────────────────────

    def actions(self, g: Any, step: str) -> list[Action]:
        rng = self.rng
        order = self.seats(g, step)
        options = self.options.get(step)
        if not options:
            return []
        menus = self._menus.setdefault(step, {})
        holders = self._holders[step]
        out: list[Action] = []
        self.begin(g, step)
        players: list[Seat] = g.players
        for n in order:
            p = players[n - 1]
            if not p.alive or (p.role not in holders and p.true_role not in holders):
                continue
            menu = menus.get((p.role, p.true_role))
            if menu is None:
                menu = menus[(p.role, p.true_role)] = [
                    o for o in options if p.role in o[2] or p.true_role in o[2]
                ]
            if not menu:
                continue
            main_done = self.main_done(g, p)
            for key, impl, _roles, main, excludes, custom in menu:
                if (main and main_done) or (excludes and self.excluded(p, excludes)):
                    continue
                if not (impl.capable(g, p, self.probe(p, key)) if custom else g.capable(p, key)):
                    continue
                a = self.pick(g, p, key, impl, rng)
                if a is not None:
                    out.append(a)
                    self.proposed(g, p, key)
                    if main:
                        main_done = True
        return out


__all__ = ["Choice", "PassPolicy", "Policy", "RandomPolicy", "ScriptPolicy"]
