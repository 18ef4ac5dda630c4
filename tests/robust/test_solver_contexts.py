"""A Z3 context of its own (``solvers.new_context``: genshin165's configuration scan) is cancelled by an
interrupt like the main context: a signal during its check must end the check, not wait for its answer.

The check goes through ``solvers.check``: only a context a check is running on is cancelled (an idle
one is left alone: tests/robust/test_interrupt_bookkeeping.py).  Run in a child process: if the cancel
did not reach the check, its thread would go on solving for minutes in the suite's worker."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import threading, time
import z3
from ruleproof import solvers

ctx = solvers.new_context()
s = solvers.new_solver(rlimit=0, ctx=ctx)  # a pigeonhole problem, no work budget: minutes of work
n = 14
p = [[z3.Bool(f"php{i}_{j}", ctx) for j in range(n - 1)] for i in range(n)]
for row in p:
    s.add(z3.Or(row))
for j in range(n - 1):
    for i in range(n):
        for k in range(i + 1, n):
            s.add(z3.Or(z3.Not(p[i][j]), z3.Not(p[k][j])))
got = []
worker = threading.Thread(target=lambda: got.append(solvers.check(s)), daemon=True)
worker.start()
time.sleep(0.5)
solving = worker.is_alive()
solvers._cancel_z3()  # what the interrupt watcher calls
worker.join(timeout=30)
print(solving, worker.is_alive(), got)
"""


def test_the_cancelling_of_an_interrupt_reaches_a_context_of_its_own() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.split("\n")[-2] == "True False [unknown]"  # was solving; ended; no answer
