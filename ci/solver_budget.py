"""How much of the solver work budget (``ruleproof.solvers.DEFAULT_RLIMIT``) the bundled books' questions use.

Runs the solver workloads of the bundled books with the verdict cache off — ``verify`` of every book with a
spec (返航录 in every reading, at ``verify``'s and ``check``'s depths), 返航录's readings and firing, every
configuration ``--check`` — and records, for every Z3 check, the resource units it used (Z3's ``rlimit
count``) and its wall time.  Prints the largest check, the share of the budget it uses, and the units per
second of this machine (with the load average beside it):

    python ci/solver_budget.py            # everything (several minutes on 2 cores)
    python ci/solver_budget.py --quick    # 返航录 verify at check's depth only
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import time
from typing import Any

os.environ["RULEPROOF_CACHE"] = "off"  # measure the solver, not the cache

from ruleproof import solvers
from ruleproof.cli import main

calls: list[tuple[int, float, str]] = []  # (units, seconds, which workload)
_state = {"last": 0, "what": ""}
_real = solvers.check


def _count(solver: Any) -> int:
    try:
        return int(solver.statistics().get_key_value("rlimit count"))
    except Exception:  # no work was done: Z3 reports no count
        return _state["last"]


def measured_check(solver: Any, *assumptions: Any) -> Any:
    start = time.perf_counter()
    result = _real(solver, *assumptions)
    seconds = time.perf_counter() - start
    now = _count(solver)  # the context's running count: this check's units are the difference
    calls.append((max(now - _state["last"], 0), seconds, str(_state["what"])))
    _state["last"] = now
    return result


solvers.check = measured_check  # type: ignore[assignment]


def run(what: str, *argv: str) -> None:
    _state["what"] = what
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(list(argv))
    print(f"  {what}: exit {code}", file=sys.stderr)


def main_(quick: bool) -> None:
    run("verify fanhanglu depth 4", "verify", "--depth", "4", "--no-timing")
    if not quick:
        run("verify fanhanglu depth 6", "verify", "--no-timing")
        run("readings fanhanglu", "readings")
        run("firing fanhanglu", "firing", "--json")
        for key in ("genshin165", "jiejie140", "botc-m124", "random41"):
            run(f"verify {key}", "verify", f"bundled:{key}", "--no-timing")
        run("config genshin165 --check", "config", "genshin165", "--check")
        run("config jiejie140 --check", "config", "jiejie140", "--check")
        run("config botc-m124 --check", "config", "botc-m124", "--check")
        run("config jiejie140 --players 18", "config", "jiejie140", "--players", "18")
    units = sum(u for u, _s, _w in calls)
    seconds = sum(s for _u, s, _w in calls)
    big = max(calls)
    print(
        f"checks: {len(calls)}, units {units:,}, solver seconds {seconds:.1f} (load {os.getloadavg()[0]:.1f})"
    )
    print(
        f"largest check: {big[0]:,} units, {big[1]:.2f} s ({big[2]}) = "
        f"{100 * big[0] / solvers.DEFAULT_RLIMIT:.1f} % of the budget ({solvers.DEFAULT_RLIMIT:,})"
    )
    rate = units / seconds if seconds else 0.0
    print(
        f"units per solver second here: {rate:,.0f} → the budget ≈ {solvers.DEFAULT_RLIMIT / rate:.0f} s here"
    )
    for u, s, w in sorted(calls, reverse=True)[:5]:
        print(f"  {u:>12,} units {s:7.2f} s  {w}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true")
    main_(parser.parse_args().quick)
