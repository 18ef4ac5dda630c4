"""Z3-guided seeded draws: the random choices come from ``random.Random(seed)``, Z3 keeps them legal.

A board is a set of *units* (one Boolean per role copy).  :func:`guided_fill` fills each group's
remaining slots by weighted draws; before a drawn unit is fixed, Z3 is asked whether the partial board
still extends to a legal one.  A unit that does not is excluded for the rest of the board, which is
sound: adding constraints never turns an unsatisfiable set satisfiable.  The board is therefore legal
by construction *and* the result depends only on the seed (Z3 answers sat/unsat, never chooses).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import z3

from ruleproof.config.solver import check, require


@dataclass(frozen=True)
class Unit:
    """One copy of a role that a board may hold."""

    role: str
    copy: int  # 1-based; copy j can be present only if copy j-1 is
    group: str  # the slot group it fills (a camp or a category)
    weight: Fraction
    lit: z3.BoolRef

    @property
    def key(self) -> tuple[str, int]:
        return (self.role, self.copy)


def weighted_index(rng: random.Random, weights: Sequence[Fraction]) -> int:
    """An index drawn with probability proportional to its weight (one ``rng.random()`` call)."""
    point = Fraction(rng.random()) * sum(weights)
    for i, w in enumerate(weights):
        if point < w:
            return i
        point -= w
    return len(weights) - 1


def weighted_choice(rng: random.Random, items: Sequence[Unit]) -> Unit:
    return items[weighted_index(rng, [u.weight for u in items])]


# need(group, filled-per-group, decided) -> slots still to fill in that group
Need = Callable[[str, Mapping[str, int], Mapping[tuple[str, int], bool]], int]


def guided_fill(
    solver: z3.Solver, units: Sequence[Unit], need: Need, rng: random.Random, what: str
) -> dict[tuple[str, int], bool]:
    """Decide every unit; the solver must already hold the constraints and be satisfiable.

    The encoding must include ``copy j ⇒ copy j-1`` for roles with several copies.
    """
    decided: dict[tuple[str, int], bool] = {}
    filled: Counter[str] = Counter()
    groups = list(dict.fromkeys(u.group for u in units))

    def fix(u: Unit, value: bool) -> None:
        solver.add(u.lit if value else z3.Not(u.lit))
        decided[u.key] = value
        if value:
            filled[u.group] += 1
            return
        for later in units:  # copy j absent ⇒ copies after j absent (the encoding says so too)
            if later.role == u.role and later.copy > u.copy and later.key not in decided:
                solver.add(z3.Not(later.lit))
                decided[later.key] = False

    def open_units(group: str | None = None) -> list[Unit]:
        return [
            u
            for u in units
            if u.key not in decided
            and (group is None or u.group == group)
            and (u.copy == 1 or decided.get((u.role, u.copy - 1)) is True)
        ]

    while True:
        progress = True
        while progress:
            progress = False
            for group in groups:
                while need(group, filled, decided) > 0:
                    candidates = open_units(group)
                    if not candidates:
                        break
                    u = weighted_choice(rng, candidates)
                    ok = require(check(solver, u.lit), what)
                    fix(u, ok)
                    progress = progress or ok
        rest = [u for u in units if u.key not in decided]
        if not rest:
            return decided
        if require(check(solver, *[z3.Not(u.lit) for u in rest]), what):
            for u in rest:
                fix(u, False)
            return decided
        # Some undecided unit must be present (a dependency, or extra slots the thief opened).
        ready = open_units()
        u = ready[rng.randrange(len(ready))]
        fix(u, require(check(solver, u.lit), what))


Value = int | bool


def guided_values(
    solver: z3.Solver,
    terms: Sequence[tuple[z3.ExprRef, Sequence[Value]]],
    rng: random.Random,
    what: str,
    *assumptions: z3.BoolRef,
) -> dict[str, Value]:
    """Fix each term in order to a value drawn with ``rng`` from its candidates (tried in a seeded random
    order; the first one Z3 says still extends to a solution is kept).  The solver must be satisfiable
    under ``assumptions``, and the candidates must include every value a solution can give the term.

    As with :func:`guided_fill`, Z3 only answers sat/unsat: the values depend on the seed alone, never on
    the model Z3 happens to build — which varies with the solver's internal state (the ids of terms an
    earlier question made), so the same seed could give two different set-ups in one process."""
    chosen: dict[str, Value] = {}
    for term, candidates in terms:
        order = list(candidates)
        rng.shuffle(order)
        for v in order:
            if require(check(solver, *assumptions, term == v), what):
                solver.add(term == v)
                chosen[str(term)] = v
                break
        else:
            raise ValueError(f"{what}: no candidate value of {term} extends to a solution")
    return chosen
