"""The one way every Z3 call is made: seeded, budgeted solvers and a check that tells apart an answer, a
limit reached, an unknown and an interrupt.

* :func:`new_solver` / :func:`new_optimize` — a ``Solver`` / ``Optimize`` with the seed given, a
  deterministic work budget per call (Z3's ``rlimit``, :data:`DEFAULT_RLIMIT`), a wall-clock timeout only
  when one is asked for, and Z3's own Ctrl-C handler off (the signal must reach Python:
  :mod:`ruleproof.interrupts`).
* :func:`check` — ``solver.check(*assumptions)``; an interrupt (SIGINT, SIGTERM) raises
  :class:`~ruleproof.interrupts.Interrupted` instead of returning Z3's ``unknown``, so a cancelled check is
  never taken for a verdict, and a caller that would fall back (an unminimized trace) never sees it.
* :func:`answer` — what a check's result was: :class:`Answer` ``sat`` / ``unsat`` / ``timeout`` (a time or
  resource limit was reached) / ``unknown`` (the solver gave up: incomplete theory, quantifiers).
* :func:`why` — the reason of a non-answer, in words for a report (``solver budget of … units used up``,
  ``timed out (20000 ms)``).
* :func:`wall_clock_limits` — how many checks so far ended on a wall-clock timeout: such a verdict depends
  on the machine's speed and load, so the verdict cache (:mod:`ruleproof.smt.cache`) never keeps it.

Why a work budget and not a wall-clock limit by default: a verdict must not depend on the machine.  A
20-second wall-clock limit answered on an idle machine and timed out on the same question at a load of 14
(two of the suite's tests failed only under load that way); Z3's resource count is deterministic for a
given question, seed and Z3 version, so the same question is answered — or reported ``timeout`` — the same
everywhere, and only how long it takes varies.

The smt layer (:mod:`ruleproof.smt.ts`: BMC, induction, minimization, ranks, one-shot formulas) and the
configuration solver (:mod:`ruleproof.config.solver`) call through here, so every book inherits it.
"""

from __future__ import annotations

import threading
import time
import weakref
from enum import StrEnum
from typing import Any

import z3

from ruleproof import interrupts

# Z3's process-wide Ctrl-C handler would swallow SIGINT during a check (it cancels the check and returns
# ``unknown``): off, so the signal reaches Python's handler (and, under interrupts.guard, cancels the
# check through the watcher below).
z3.set_param("ctrl_c", False)


# The contexts a :func:`check` is running on (how many checks each), and those an interrupt cancelled
# meanwhile.  Only a context with a check running is cancelled: Z3 keeps the cancel of an idle context
# pending until its next check starts, and an assertion added to an incremental solver meanwhile is lost
# — ``x > 2``, check, cancel, ``x < 1``, check answered ``sat`` (docs/robustness.md, "Interrupt
# bookkeeping").  Guarded by a lock: the interrupt watcher is another thread.
_IN_CHECK: dict[z3.Context, int] = {}
_CANCELLED: set[z3.Context] = set()
_LOCK = threading.Lock()


def _cancel_z3() -> None:
    """Cancel every check running now (what the interrupt watcher calls); an idle context is left alone.

    A cancel can still be lost: Z3 resets a context's cancel when a check starts, so one that lands after
    :func:`check` recorded the context and before Z3's check began is wiped (under load that window is
    wide enough: a SIGINT left a pigeonhole check solving for minutes).  So while the signal stands — it
    arrived inside the active guard, where every check must end and no new one starts — the running
    checks are cancelled again every :data:`_RECANCEL_S` seconds (a thread of its own: the watcher goes
    on reading signals), until none runs or :data:`_RECANCEL_FOR_S` seconds have passed."""
    if _cancel_running() and interrupts.standing():
        threading.Thread(target=_keep_cancelling, name="ruleproof-recancel", daemon=True).start()


def _cancel_running() -> bool:
    """Cancel the checks running now; whether there were any."""
    with _LOCK:
        for ctx in _IN_CHECK:
            ctx.interrupt()
            _CANCELLED.add(ctx)
        return bool(_IN_CHECK)


_RECANCEL_S = 0.05
_RECANCEL_FOR_S = 60.0


def _keep_cancelling() -> None:
    deadline = time.monotonic() + _RECANCEL_FOR_S
    while time.monotonic() < deadline and interrupts.standing():
        time.sleep(_RECANCEL_S)
        if not _cancel_running():
            return


interrupts.register_canceller(_cancel_z3)

Solverish = Any  # a z3.Solver or z3.Optimize (z3 is untyped)
# the limits a solver was made with here: (wall-clock ms or 0 for none, work budget in Z3 resource units)
_LIMITS: weakref.WeakKeyDictionary[Solverish, tuple[int, int]] = weakref.WeakKeyDictionary()

# Z3 resource units one check may use (``rlimit``).  The largest check the bundled books ask (the full
# 返航录 verify and readings, every configuration check, firing) uses under a tenth of it
# (``python ci/solver_budget.py`` measures both figures); on this project's 2-core machine it is about
# the work Z3 does in 20 s.  A check that needs more is ``timeout`` (exit 3), on every machine alike.
DEFAULT_RLIMIT = 50_000_000

_wall_clock_hits = 0


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
_WALL_CLOCK = "timeout"  # Z3's reason for a wall-clock timeout (a used-up ``rlimit`` says "canceled")


def _limited(s: Solverish, timeout_ms: int, seed: int, rlimit: int) -> Solverish:
    if timeout_ms < 0 or rlimit < 0:
        raise ValueError(f"limits must not be negative: timeout_ms={timeout_ms}, rlimit={rlimit}")
    if timeout_ms:
        s.set("timeout", timeout_ms)
    if rlimit:
        s.set("rlimit", rlimit)
    s.set("random_seed", seed % (2**31))
    s.set("ctrl_c", False)
    _LIMITS[s] = (timeout_ms, rlimit)
    return s


def new_context() -> z3.Context:
    """A Z3 context of its own (an interrupt cancels its checks like the main context's).  Z3's answers
    beyond sat/unsat — an unsat core, a model — depend on the context's history (the ids of every term made
    in it before): a question asked in a fresh context gets the same core whatever the process did first."""
    return z3.Context()


def new_solver(
    timeout_ms: int = 0, seed: int = 0, rlimit: int = DEFAULT_RLIMIT, ctx: z3.Context | None = None
) -> z3.Solver:
    """A seeded solver; each check may use ``rlimit`` resource units (0: no budget) and, when
    ``timeout_ms`` is not 0, that many milliseconds of wall-clock time.  ``ctx``: the Z3 context (default
    the main one; :func:`new_context`)."""
    return _limited(z3.Solver(ctx=ctx), timeout_ms, seed, rlimit)


# The preprocessing of :func:`new_eliminating_solver`: rewrite, propagate constants, and eliminate every
# variable an equation defines (an unrolled path's next-state constants, ``s@t+1 == step(s@t, i@t)``), then
# the SMT core.  An incremental solver (one that was ever pushed) skips that elimination.
ELIMINATING = ("simplify", "propagate-values", "solve-eqs", "smt")


def new_eliminating_solver(timeout_ms: int = 0, seed: int = 0, rlimit: int = DEFAULT_RLIMIT) -> z3.Solver:
    """:func:`new_solver` for a one-shot question: Z3's SMT core after :data:`ELIMINATING`'s preprocessing
    (not incremental: every check re-runs it on every assertion, so ask it once).  The same answers (the
    tactics keep satisfiability); on a k-induction step of an unrolled path, a fraction of the work (the
    ``occupancy`` system's 1-induction step: 2–5 s CPU incremental, under 1 s here)."""
    return _limited(z3.Then(*ELIMINATING).solver(), timeout_ms, seed, rlimit)


def new_optimize(timeout_ms: int = 0, seed: int = 0, rlimit: int = DEFAULT_RLIMIT) -> z3.Optimize:
    """:func:`new_solver` for an ``Optimize``."""
    return _limited(z3.Optimize(), timeout_ms, seed, rlimit)


def check(solver: Solverish, *assumptions: Any) -> z3.CheckSatResult:
    """``solver.check(*assumptions)``; raises :class:`~ruleproof.interrupts.Interrupted` when a signal
    arrived during the call (the cancelled ``unknown`` is never returned).  While it runs, an interrupt
    cancels it; when it returns, its context keeps no cancel (:func:`_checked`)."""
    global _wall_clock_hits
    interrupts.raise_if_pending()
    ctx: z3.Context = solver.ctx
    entered = False
    try:
        with _LOCK:
            _IN_CHECK[ctx] = _IN_CHECK.get(ctx, 0) + 1
            entered = True  # (no call between the two stores: CPython runs no signal handler there)
        result: z3.CheckSatResult = solver.check(*assumptions)
    finally:
        if entered:
            _checked(ctx)
    interrupts.raise_if_pending()
    if result == z3.unknown and _WALL_CLOCK in solver.reason_unknown().lower():
        _wall_clock_hits += 1
    return result


def _checked(ctx: z3.Context) -> None:
    """A check on ``ctx`` returned.  If an interrupt cancelled ``ctx`` meanwhile, its cancel may still be
    pending (it can land after Z3's check ended, before this bookkeeping): an empty check clears it (Z3
    resets a context's cancel when a check starts), so no later assertion on ``ctx`` is lost."""
    with _LOCK:
        left = _IN_CHECK.pop(ctx) - 1
        if left:
            _IN_CHECK[ctx] = left
        stale = not left and ctx in _CANCELLED
        if stale:
            _CANCELLED.discard(ctx)
    if stale:
        new_solver(ctx=ctx).check()


def wall_clock_limits() -> int:
    """How many checks of this process have ended on a wall-clock timeout (a verdict the machine's speed
    decided; see the module's doc)."""
    return _wall_clock_hits


def answer(solver: Solverish, result: z3.CheckSatResult) -> Answer:
    """The kind of ``result`` (of the last :func:`check` of ``solver``)."""
    if result == z3.sat:
        return Answer.SAT
    if result == z3.unsat:
        return Answer.UNSAT
    reason = solver.reason_unknown().lower()
    return Answer.TIMEOUT if any(w in reason for w in _LIMIT_WORDS) else Answer.UNKNOWN


def why(solver: Solverish, lang: str = "en") -> str:
    """Why the last check gave no answer, for a report: ``solver budget of 50000000 units used up`` /
    ``timed out (20000 ms)`` / ``unknown (…)``."""
    reason = solver.reason_unknown()
    zh = lang == "zh"
    if answer(solver, z3.unknown) is Answer.TIMEOUT:
        timeout_ms, rlimit = _LIMITS.get(solver, (0, 0))
        if _WALL_CLOCK in reason.lower() and timeout_ms:
            return f"超时（{timeout_ms} 毫秒）" if zh else f"timed out ({timeout_ms} ms)"
        if rlimit and "memory" not in reason.lower():
            return f"求解预算用尽（{rlimit} 单位）" if zh else f"solver budget of {rlimit} units used up"
        return f"达到资源上限（{reason}）" if zh else f"resource limit reached ({reason})"
    return f"未知（{reason or '求解器未说明'}）" if zh else f"unknown ({reason or 'no reason given'})"


__all__ = [
    "DEFAULT_RLIMIT",
    "Answer",
    "answer",
    "check",
    "new_context",
    "new_eliminating_solver",
    "new_optimize",
    "new_solver",
    "wall_clock_limits",
    "why",
]
