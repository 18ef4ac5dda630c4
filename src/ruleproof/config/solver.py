"""Small Z3 helpers shared by the configuration encodings: seeded solvers and honest statuses."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import z3

from ruleproof import solvers
from ruleproof.errors import UserError

# Per-check limit.  The configuration problems are small (≤ 200 Booleans); a check that takes this
# long is reported as unknown, never rounded to feasible or infeasible.
TIMEOUT_MS = 20_000


class Status(StrEnum):
    SAT = "feasible"
    UNSAT = "infeasible"
    TIMEOUT = "timeout"  # the per-check limit was reached: no answer
    UNKNOWN = "unknown"  # the solver gave up: no answer


class SolverUnknown(UserError):
    """Z3 gave no answer (timed out, or unknown); the CLI exits 3 and says which."""

    def __init__(self, what: str, timed_out: bool = False) -> None:
        if timed_out:
            zh, en = (
                f"求解器超时（{TIMEOUT_MS} 毫秒），未能给出结论",
                f"the solver timed out ({TIMEOUT_MS} ms)",
            )
        else:
            zh, en = "求解器未能给出结论（unknown）", "the solver returned unknown"
        super().__init__(f"{zh}：{what}", f"{en}: {what}", exit_code=3)


def make_solver(seed: int = 0) -> z3.Solver:
    """A solver whose own choices are seeded (``smt.random_seed``) and time-limited
    (:func:`ruleproof.solvers.new_solver`: an interrupt ends the run, it is never an answer)."""
    return solvers.new_solver(TIMEOUT_MS, seed)


def check(solver: z3.Solver, *assumptions: Any) -> Status:
    result = solvers.check(solver, *assumptions)
    kind = solvers.answer(solver, result)
    if kind is solvers.Answer.SAT:
        return Status.SAT
    if kind is solvers.Answer.UNSAT:
        return Status.UNSAT
    return Status.TIMEOUT if kind is solvers.Answer.TIMEOUT else Status.UNKNOWN


def require(status: Status, what: str) -> bool:
    """``True`` for feasible, ``False`` for infeasible; no answer raises :class:`SolverUnknown`."""
    if status in (Status.UNKNOWN, Status.TIMEOUT):
        raise SolverUnknown(what, timed_out=status is Status.TIMEOUT)
    return status is Status.SAT


def count(literals: list[z3.BoolRef]) -> z3.ArithRef:
    """Number of true literals, as an integer term (0 for an empty list)."""
    if not literals:
        return z3.IntVal(0)
    return z3.Sum([z3.If(lit, 1, 0) for lit in literals])
