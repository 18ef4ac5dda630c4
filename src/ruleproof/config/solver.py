"""Small Z3 helpers shared by the configuration encodings: seeded solvers and honest statuses."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import z3

from ruleproof import solvers
from ruleproof.errors import UserError

# The configuration problems are small (≤ 200 Booleans): each check gets the shared deterministic work
# budget (ruleproof.solvers.DEFAULT_RLIMIT); one that uses it up is reported as such, never rounded to
# feasible or infeasible — and the same on every machine, however loaded.


class Status(StrEnum):
    SAT = "feasible"
    UNSAT = "infeasible"
    TIMEOUT = "timeout"  # the per-check budget was used up: no answer
    UNKNOWN = "unknown"  # the solver gave up: no answer


class SolverUnknown(UserError):
    """Z3 gave no answer (timed out, or unknown); the CLI exits 3 and says which."""

    def __init__(self, what: str, timed_out: bool = False) -> None:
        if timed_out:
            zh, en = (
                f"求解预算用尽（{solvers.DEFAULT_RLIMIT} 单位），未能给出结论",
                f"the solver used up its budget ({solvers.DEFAULT_RLIMIT} units)",
            )
        else:
            zh, en = "求解器未能给出结论（unknown）", "the solver returned unknown"
        super().__init__(f"{zh}：{what}", f"{en}: {what}", exit_code=3)


def make_solver(seed: int = 0, ctx: z3.Context | None = None) -> z3.Solver:
    """A solver whose own choices are seeded (``smt.random_seed``) and budgeted
    (:func:`ruleproof.solvers.new_solver`: an interrupt ends the run, it is never an answer), in ``ctx``
    (default Z3's main context)."""
    return solvers.new_solver(seed=seed, ctx=ctx)


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


def count(literals: list[z3.BoolRef], ctx: z3.Context | None = None) -> z3.ArithRef:
    """Number of true literals, as an integer term (0 for an empty list, in ``ctx``)."""
    if not literals:
        return z3.IntVal(0, ctx)
    return z3.Sum([z3.If(lit, 1, 0) for lit in literals])
