"""A Z3 context of its own (``solvers.new_context``: genshin165's configuration scan) is cancelled by an
interrupt like the main context: a signal during its check must end the check, not wait for its answer."""

from __future__ import annotations

import threading
import time

import z3

from ruleproof import solvers


def _pigeonhole(n: int, ctx: z3.Context) -> z3.Solver:
    s = solvers.new_solver(rlimit=0, ctx=ctx)  # no work budget: minutes of work
    p = [[z3.Bool(f"php{i}_{j}", ctx) for j in range(n - 1)] for i in range(n)]
    for row in p:
        s.add(z3.Or(row))
    for j in range(n - 1):
        for i in range(n):
            for k in range(i + 1, n):
                s.add(z3.Or(z3.Not(p[i][j]), z3.Not(p[k][j])))
    return s


def test_the_cancelling_of_an_interrupt_reaches_a_context_of_its_own() -> None:
    ctx = solvers.new_context()
    s = _pigeonhole(14, ctx)
    got: list[z3.CheckSatResult] = []
    worker = threading.Thread(target=lambda: got.append(s.check()))
    worker.start()
    time.sleep(0.5)
    assert worker.is_alive()  # still solving
    solvers._cancel_z3()  # what the interrupt watcher calls
    worker.join(timeout=30)
    assert not worker.is_alive() and got == [z3.unknown]
