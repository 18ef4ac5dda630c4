"""The one way every Z3 call is made: seeded, time-limited solvers and a check that tells apart an
answer, a timeout, an unknown and an interrupt.

* :func:`new_solver` / :func:`new_optimize` — a ``Solver`` / ``Optimize`` with the timeout and seed given
  and Z3's own Ctrl-C handler off (the signal must reach Python: :mod:`ruleproof.interrupts`).
* :func:`check` — ``solver.check(*assumptions)``; an interrupt (SIGINT, SIGTERM) raises
  :class:`~ruleproof.interrupts.Interrupted` instead of returning Z3's ``unknown``, so a cancelled check is
  never taken for a verdict, and a caller that would fall back (an unminimized trace) never sees it.
* :func:`answer` — what a check's result was: :class:`Answer` ``sat`` / ``unsat`` / ``timeout`` (a time or
  resource limit was reached) / ``unknown`` (the solver gave up: incomplete theory, quantifiers).
* :func:`why` — the reason of a non-answer, in words for a report (``timed out (20000 ms)``).

The smt layer (:mod:`ruleproof.smt.ts`: BMC, induction, minimization, ranks, one-shot formulas) and the
configuration solver (:mod:`ruleproof.config.solver`) call through here, so every book inherits it.
"""

from __future__ import annotations

import weakref
from enum import StrEnum
from typing import Any

import z3

from ruleproof import interrupts

# Z3's process-wide Ctrl-C handler would swallow SIGINT during a check (it cancels the check and returns
# ``unknown``): off, so the signal reaches Python's handler (and, under interrupts.guard, cancels the
# check through the watcher below).
z3.set_param("ctrl_c", False)


def _cancel_z3() -> None:
    z3.main_ctx().interrupt()


interrupts.register_canceller(_cancel_z3)

Solverish = Any  # a z3.Solver or z3.Optimize (z3 is untyped)
_TIMEOUTS: weakref.WeakKeyDictionary[Solverish, int] = weakref.WeakKeyDictionary()


class Answer(StrEnum):
    SAT = "sat"
    UNSAT = "unsat"
    TIMEOUT = "timeout"  # a time or resource limit was reached
    UNKNOWN = "unknown"  # the solver gave up (incomplete)


# Z3's words for "a limit was reached" (its reason_unknown): a timeout is reported as "timeout",
# "canceled" or "sat.canceled" depending on the engine; a resource limit as "canceled" or
# "max. resource limit exceeded"; memory as "max. memory exceeded".  Z3's own Ctrl-C is off, so
# "canceled" is never an interrupt here (interrupts are known from the signal, not from Z3's words).
_LIMIT_WORDS = ("timeout", "canceled", "cancelled", "resource limit", "memory")


def new_solver(timeout_ms: int, seed: int = 0) -> z3.Solver:
    s = z3.Solver()
    s.set("timeout", timeout_ms)
    s.set("random_seed", seed % (2**31))
    s.set("ctrl_c", False)
    _TIMEOUTS[s] = timeout_ms
    return s


def new_optimize(timeout_ms: int, seed: int = 0) -> z3.Optimize:
    o = z3.Optimize()
    o.set("timeout", timeout_ms)
    o.set("random_seed", seed % (2**31))
    o.set("ctrl_c", False)
    _TIMEOUTS[o] = timeout_ms
    return o


def check(solver: Solverish, *assumptions: Any) -> z3.CheckSatResult:
    """``solver.check(*assumptions)``; raises :class:`~ruleproof.interrupts.Interrupted` when a signal
    arrived during the call (the cancelled ``unknown`` is never returned)."""
    interrupts.raise_if_pending()
    result: z3.CheckSatResult = solver.check(*assumptions)
    interrupts.raise_if_pending()
    return result


def answer(solver: Solverish, result: z3.CheckSatResult) -> Answer:
    """The kind of ``result`` (of the last :func:`check` of ``solver``)."""
    if result == z3.sat:
        return Answer.SAT
    if result == z3.unsat:
        return Answer.UNSAT
    reason = solver.reason_unknown().lower()
    return Answer.TIMEOUT if any(w in reason for w in _LIMIT_WORDS) else Answer.UNKNOWN


def why(solver: Solverish, lang: str = "en") -> str:
    """Why the last check gave no answer, for a report: ``timed out (20000 ms)`` / ``unknown (…)``."""
    reason = solver.reason_unknown()
    if answer(solver, z3.unknown) is Answer.TIMEOUT:
        limit = _timeout_of(solver)
        if lang == "zh":
            return f"超时（{limit} 毫秒）" if limit else f"达到资源上限（{reason}）"
        return f"timed out ({limit} ms)" if limit else f"resource limit reached ({reason})"
    return (
        f"未知（{reason or '求解器未说明'}）" if lang == "zh" else f"unknown ({reason or 'no reason given'})"
    )


def _timeout_of(solver: Solverish) -> int | None:
    """The timeout the solver was made with by this module (None for one made elsewhere)."""
    return _TIMEOUTS.get(solver)


__all__ = ["Answer", "answer", "check", "new_optimize", "new_solver", "why"]
