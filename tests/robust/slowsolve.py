"""Run ``ruleproof ARGS…`` with one solver call made slow on purpose (a test helper, run as a script).

Before the ``SLOW_AT``-th call of :func:`ruleproof.solvers.check` whose solver is of kind ``SLOW_KIND``
(``any``, ``optimize``: a Z3 ``Optimize``, ``minimize``: a call made by the minimization of a counterexample,
``ruleproof.smt.ts.minimize``, ``solver``), a pigeonhole problem that Z3
needs minutes for is checked through the real wrapper on the same Z3 context, after ``SOLVING`` is printed
on stderr: the test sends its signal then, and the real interrupt path (watcher → ``ctx.interrupt()`` →
:class:`~ruleproof.interrupts.Interrupted`) must end the run.  Without a signal the pigeonhole call is
abandoned at its own timeout (``SLOW_TIMEOUT_MS``) and the run goes on normally.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import z3

from ruleproof import cli, solvers

real_check = solvers.check
calls = 0


def pigeonhole(n: int, timeout_ms: int) -> z3.Solver:
    s = solvers.new_solver(timeout_ms, rlimit=0)  # no work budget: slow until the signal (or the timeout)
    p = [[z3.Bool(f"php{i}_{j}") for j in range(n - 1)] for i in range(n)]
    for row in p:
        s.add(z3.Or(row))
    for j in range(n - 1):
        for i in range(n):
            for k in range(i + 1, n):
                s.add(z3.Or(z3.Not(p[i][j]), z3.Not(p[k][j])))
    return s


def in_minimization() -> bool:
    frame = sys._getframe()
    while frame is not None:
        if frame.f_code.co_name == "minimize" and frame.f_globals.get("__name__") == "ruleproof.smt.ts":
            return True
        frame = frame.f_back
    return False


def slow_check(solver: Any, *assumptions: Any) -> Any:
    global calls
    kind = os.environ.get("SLOW_KIND", "any")
    if kind == "minimize":
        slow = in_minimization()
    else:
        slow = kind == "any" or (kind == "optimize") == isinstance(solver, z3.Optimize)
    if slow:
        calls += 1
        if calls == int(os.environ.get("SLOW_AT", "1")):
            # one write of the whole line: with --jobs 2 two forked workers reach here at once, and print's
            # two writes ("SOLVING", then the newline) interleaved into "SOLVINGSOLVING" (a failure seen at load 20)
            os.write(2, b"SOLVING\n")
            real_check(pigeonhole(14, int(os.environ.get("SLOW_TIMEOUT_MS", "120000"))))
    return real_check(solver, *assumptions)


solvers.check = slow_check
sys.argv[0] = "ruleproof"
cli.entry()
