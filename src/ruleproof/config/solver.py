"""Small Z3 helpers shared by the configuration encodings: seeded solvers and honest statuses."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import z3

from ruleproof.errors import UserError

# Per-check limit.  The configuration problems are small (≤ 200 Booleans); a check that takes this
# long is reported as unknown, never rounded to feasible or infeasible.
TIMEOUT_MS = 20_000


class Status(StrEnum):
    SAT = "feasible"
    UNSAT = "infeasible"
    UNKNOWN = "unknown"


class SolverUnknown(UserError):
    """Z3 gave no answer; the CLI exits 3 and says so."""

    def __init__(self, what: str) -> None:
        super().__init__(
            f"求解器未能给出结论（unknown）：{what}", f"the solver returned unknown: {what}", exit_code=3
        )


def make_solver(seed: int = 0) -> z3.Solver:
    """A solver whose own choices are seeded (``smt.random_seed``) and time-limited."""
    solver = z3.Solver()
    solver.set("random_seed", seed % (2**31))
    solver.set("timeout", TIMEOUT_MS)
    return solver


def check(solver: z3.Solver, *assumptions: Any) -> Status:
    result = solver.check(*assumptions)
    if result == z3.sat:
        return Status.SAT
    if result == z3.unsat:
        return Status.UNSAT
    return Status.UNKNOWN


def require(status: Status, what: str) -> bool:
    """``True`` for feasible, ``False`` for infeasible; unknown raises :class:`SolverUnknown`."""
    if status is Status.UNKNOWN:
        raise SolverUnknown(what)
    return status is Status.SAT


def count(literals: list[z3.BoolRef]) -> z3.ArithRef:
    """Number of true literals, as an integer term (0 for an empty list)."""
    if not literals:
        return z3.IntVal(0)
    return z3.Sum([z3.If(lit, 1, 0) for lit in literals])
