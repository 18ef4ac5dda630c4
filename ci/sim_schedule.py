"""Simulate pytest-xdist's ``load`` and ``worksteal`` schedulers on 2 workers from a suite's CPU profile.

    python ci/sim_schedule.py PROFILE.json COLLECTION.txt [--runs N]

PROFILE.json is ``--cpu-profile-json`` of a suite run (``python ci/bench_suite.py -- -p tests.cpu_profile
--cpu-profile-json PROFILE.json``); COLLECTION.txt the test ids in collection order (``python -m pytest
--collect-only -q -m "not heavy" > COLLECTION.txt``).  Each test costs its CPU seconds (setup + call +
teardown); a setup above 0.3 s is taken for a module's fixture and paid again by a worker that runs the
module without having built it.  The wall time of an idle 2-core machine is the busier worker's CPU time, so
the simulation tells the *tail*: how far the last worker runs past the mean of the two.  Load varies what a
test costs, so each run draws every cost again (log-normal, sigma 0.4; run 0 uses the measured costs).
The schedulers are xdist 3.8's (``scheduler/load.py``, ``scheduler/worksteal.py``): ``load`` sends each
worker a quarter of its share, then tops a worker up to half of its share of what is left once it holds
fewer than a quarter (not after a test of 0.1 s or more while it still holds two); ``worksteal`` sends
each worker half the collection, and an idle one (fewer than two tests queued) takes half of the other's
queue from its end.  A model: it ignores start-up, the controller and the verdict cache's lock waits.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict

FIXTURE = 0.3  # CPU-s: a setup above this is a fixture build
SIGMA = 0.4


def read(profile: str, collection: str) -> tuple[list[str], dict[str, float], dict[str, float]]:
    with open(profile, encoding="utf-8") as f:
        rows = json.load(f)
    cost: dict[str, float] = defaultdict(float)
    fixture: dict[str, float] = {}
    for worker_rows in rows.values():
        for node, phase, seconds in worker_rows:
            if node.startswith("<"):
                continue
            if phase == "setup" and seconds > FIXTURE:
                fixture.setdefault(node.split("::")[0], seconds)
            else:
                cost[node] += seconds
    with open(collection, encoding="utf-8") as f:
        tests = [line.strip() for line in f if "::" in line]
    return tests, cost, fixture


def simulate(kind: str, tests: list[str], cost: dict[str, float], fixture: dict[str, float]) -> list[float]:
    """Each worker's CPU seconds when the last test ends."""
    pending = list(range(len(tests)))
    queue: list[list[int]] = [[], []]
    busy = [0.0, 0.0]
    built: list[set[str]] = [set(), set()]

    def send(w: int, k: int) -> None:
        queue[w].extend(pending[:k])
        del pending[:k]

    if kind == "load":
        chunk = max(len(tests) // 2 // 4, 2)
        send(0, chunk)
        send(1, chunk)
    else:
        send(0, len(pending) // 2)
        send(1, len(pending))
    done = [False, False]
    while not all(done):
        w = min((k for k in (0, 1) if not done[k]), key=lambda k: busy[k])
        if not queue[w]:
            done[w] = True
            continue
        node = tests[queue[w].pop(0)]
        module = node.split("::")[0]
        spent = cost.get(node, 0.0)
        if module in fixture and module not in built[w]:
            built[w].add(module)
            spent += fixture[module]
        busy[w] += spent
        if kind == "load":
            low, high = max(2, len(pending) // 2 // 4), max(2, len(pending) // 2 // 2)
            if pending and len(queue[w]) < low and not (spent >= 0.1 and len(queue[w]) >= 2):
                send(w, high - len(queue[w]))
        elif len(queue[w]) < 2:
            if pending:
                send(w, len(pending))
            else:
                other = queue[1 - w]
                k = min(len(other) // 2, max(0, len(other) - 2))
                if k:
                    queue[w].extend(other[-k:])
                    del other[-k:]
    return busy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile")
    parser.add_argument("collection")
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    tests, cost, fixture = read(args.profile, args.collection)
    for kind in ("load", "worksteal"):
        walls, tails = [], []
        for run in range(args.runs):
            rnd = random.Random(run)
            sigma = 0.0 if run == 0 else SIGMA
            busy = simulate(
                kind,
                tests,
                {k: v * rnd.lognormvariate(0, sigma) for k, v in cost.items()},
                {k: v * rnd.lognormvariate(0, sigma) for k, v in fixture.items()},
            )
            if run == 0:
                print(f"{kind}: measured costs: workers {busy[0]:.1f} / {busy[1]:.1f} CPU-s")
            walls.append(max(busy))
            tails.append(max(busy) - sum(busy) / 2)
        print(
            f"{kind}: {args.runs} runs: busier worker {statistics.mean(walls):.1f} CPU-s on average; "
            f"tail past the mean of the two {statistics.mean(tails):.1f} s on average, {max(tails):.1f} at most"
        )


if __name__ == "__main__":
    main()
