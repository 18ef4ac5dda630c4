"""Benchmark: time the Z3 verification of the 返航录 theorems (goal ≤ 60 s together on 2 cores), with the
verdict cache off.  Prints figures; never fails.

    python ci/bench_verify.py [--depth K] [--set KEY=VALUE]… [--runs N]

Each invariant is checked in every reading of its switches (as ``ruleproof verify`` does), one process,
one core; the median of N runs is reported per invariant, with the status and method, then the total.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ["RULEPROOF_CACHE"] = "off"  # measure the solver, not the cache

from ruleproof.books import load_source
from ruleproof.invariants.fanhanglu import INVARIANTS
from ruleproof.smt import Options, verify_all
from ruleproof.specs.fanhanglu import load_spec, parse_assignment
from ruleproof.text import read_document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=Options.depth)
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    spec = load_spec(dict(parse_assignment(a) for a in args.overrides))
    doc = read_document(load_source(None))
    opts = Options(depth=args.depth)
    times: dict[str, list[float]] = {inv.name: [] for inv in INVARIANTS}
    totals: list[float] = []
    cpus: list[float] = []
    last = None
    for _ in range(args.runs):
        start, cpu = time.perf_counter(), time.process_time()
        last = verify_all(spec, doc, options=opts)
        totals.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        for r in last.invariants:
            times[r.invariant.name].append(r.seconds)
    assert last is not None
    print(
        f"cores available {os.cpu_count()} (this script uses one); BMC depth {opts.depth}; runs {args.runs}"
    )
    for r in last.invariants:
        res = r.headline.checked.result
        how = f"{res.method}" + (f" k={res.k}" if res.k else f" depth={res.depth}")
        readings = ", ".join(rr.status.value for rr in r.readings)
        print(
            f"{r.invariant.name:28} {statistics.median(times[r.invariant.name]):7.3f} s  "
            f"{r.status.value:15} {how:18} readings: {readings}"
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{'total':28} {statistics.median(totals):7.3f} s wall, {statistics.median(cpus):7.3f} s CPU "
        f"(one process; load average {load:.1f} at the end; goal ≤ 60 s on 2 cores)"
    )


if __name__ == "__main__":
    main()
