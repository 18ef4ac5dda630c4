"""Benchmark: run the test suite once and print its wall time, its CPU seconds, the worker count and a
machine-speed calibration, so that figures taken on machines of different speed (or load) can be compared.

    python ci/bench_suite.py [--workers N] [--dist MODE] [--marker EXPR] [-- PYTEST-ARGS…]

Defaults: ``-n 2 --dist worksteal -m "not heavy"`` (the quickstart's suite on this project's 2 cores).  The
CPU seconds are the user + system time of pytest and every process it waited for (its xdist workers and
their subprocesses: ``getrusage(RUSAGE_CHILDREN)``), which depend far less on the load than the wall time.
The calibration is the CPU time of a fixed pure-Python loop (10^7 additions), taken before and after the run: divide a CPU figure
by it to compare two machines.  The load average (1 min) is printed before and after.  Prints figures and
pytest's exit status; exits with pytest's status.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time

LOOP = 10**7


def calibration() -> float:
    """CPU seconds of a fixed pure-Python loop of :data:`LOOP` additions."""
    start = time.process_time()
    total = 0
    for n in range(LOOP):
        total += n
    assert total == LOOP * (LOOP - 1) // 2
    return time.process_time() - start


def load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="2", help="pytest-xdist -n (default 2)")
    parser.add_argument(
        "--dist", default="worksteal", help="pytest-xdist --dist (default worksteal, the README's)"
    )
    parser.add_argument("--marker", default="not heavy", help='pytest -m (default "not heavy")')
    parser.add_argument("pytest_args", nargs="*", help="further pytest arguments (after --)")
    args = parser.parse_args()
    before = calibration()
    load_before = load()
    argv = [sys.executable, "-m", "pytest", "-q", "-n", args.workers, "--dist", args.dist, "-m", args.marker]
    argv += args.pytest_args
    print("running:", " ".join(argv), flush=True)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    rc = subprocess.call(argv)
    wall = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    user, system = now.ru_utime - used.ru_utime, now.ru_stime - used.ru_stime
    after = calibration()
    print(f"workers: {args.workers}; dist: {args.dist}; marker: {args.marker!r}; pytest exit status {rc}")
    print(f"wall: {wall:.1f} s; CPU: {user + system:.1f} s ({user:.1f} user + {system:.1f} sys)")
    print(
        f"calibration (10^7 additions, CPU s): {before:.2f} before, {after:.2f} after; "
        f"CPU / calibration: {(user + system) / ((before + after) / 2):.0f}"
    )
    print(f"load average (1 min): {load_before:.2f} before, {load():.2f} after; cores: {os.cpu_count()}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
