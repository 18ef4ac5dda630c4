"""Speed figures of issue 17 (not a test: it prints figures; docs/studies.md quotes them with this command).

* ``engine`` — full random 返航录 games per CPU-second in one process (user + sys of this process, after a
  warm-up), as ``simulate`` plays them; says whether the compiled build (setup.py, RULEPROOF_MYPYC=1) is in use;
* ``study`` — games per CPU-second of the generic study (the ``reasonable`` policies: views and plug-ins);
* ``parallel`` — the same study on 1 and on N local worker processes: wall time, speed-up, CPU time, and
  that the aggregates are byte-identical;
* ``scale`` — one run of M games of the generic study (one streaming aggregate), sampled every M / steps
  games: wall and CPU time so far and the resident memory of this process and of its largest worker, to
  show memory flat in the number of games;
* ``cluster`` — the same games on local worker processes and on a Dask LocalCluster, and whether the
  aggregates are the same bytes.

    .venv/bin/python ci/bench_study.py engine [--games 2000]
    .venv/bin/python ci/bench_study.py study [--games 500]
    .venv/bin/python ci/bench_study.py parallel [--games 2000] [--workers 2]
    .venv/bin/python ci/bench_study.py scale [--games 1000000] [--steps 10] [--workers 2] [--policy '*=random']
    .venv/bin/python ci/bench_study.py cluster [--games 2000] [--workers 2]

The machine is shared: the load average is printed with every figure; quote CPU-time figures, and wall-time
speed-ups only together with the load they were taken under.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import time

from ruleproof.studies import runner
from ruleproof.studies.study import Config


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def compiled() -> bool:
    import ruleproof.runtime.game as game

    return not (game.__file__ or "").endswith(".py")


def engine(games: int) -> None:
    from ruleproof.specs.fanhanglu import load_spec
    from ruleproof.specs.fanhanglu.engine import Game, RandomPolicy, random_roles

    spec = load_spec()
    for s in range(50):
        Game(spec, random_roles(s), RandomPolicy(s), seed=s).run()
    c0, t0 = cpu(), time.perf_counter()
    nights = 0
    for s in range(games):
        g = Game(spec, random_roles(s), RandomPolicy(s), seed=s)
        g.run()
        nights += g.night
    c, t = cpu() - c0, time.perf_counter() - t0
    print(
        f"engine: {games} random games, {nights / games:.2f} nights each, compiled={compiled()}: "
        f"{games / c:.0f} games per CPU-second ({c:.2f} s CPU, {t:.2f} s wall; load {load()})"
    )


def study(games: int) -> None:
    runner.play_chunk("fanhanglu", "generic", Config(), 1, 0, 20)
    c0, t0 = cpu(), time.perf_counter()
    runner.play_chunk("fanhanglu", "generic", Config(), 0, 0, games)
    c, t = cpu() - c0, time.perf_counter() - t0
    print(
        f"study: {games} games of the generic study (reasonable policies), compiled={compiled()}: "
        f"{games / c:.0f} games per CPU-second ({c:.2f} s CPU, {t:.2f} s wall; load {load()})"
    )


def parallel(games: int, workers: int) -> None:
    out = {}
    for w in (1, workers):
        c0, k0, t0 = cpu(), children_cpu(), time.perf_counter()
        agg = runner.run_games("fanhanglu", "generic", Config(), 0, games, runner.Where(w), lambda n: None)
        out[w] = (time.perf_counter() - t0, cpu() - c0 + children_cpu() - k0, json.dumps(agg.to_json()))
        print(
            f"parallel: {games} games on {w} process(es): {out[w][0]:.1f} s wall, {out[w][1]:.1f} s CPU (load {load()})"
        )
    same = out[1][2] == out[workers][2]
    print(
        f"parallel: speed-up {out[1][0] / out[workers][0]:.2f}× on {workers} processes; aggregates identical: {same}"
    )


def _proc_stat(pid: int) -> tuple[float, int]:
    """CPU seconds (user + sys) and resident memory (MB) of a live process, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    rss = int(fields[21]) * os.sysconf("SC_PAGE_SIZE") // 2**20
    return (int(fields[11]) + int(fields[12])) / tick, rss


def _workers() -> list[int]:
    """This process's live children (the worker pool)."""
    me = str(os.getpid())
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat", encoding="ascii") as f:
                    if f.read().rsplit(")", 1)[1].split()[1] == me:
                        out.append(int(d))
            except OSError:
                continue
    return out


def scale(games: int, steps: int, workers: int, policies: tuple[str, ...]) -> None:
    """One study run of ``games`` games (one streaming aggregate, as ``ruleproof study`` plays them), sampled
    every ``games / steps`` games: wall and CPU time so far (this process and its live workers), resident
    memory of this process and of the largest worker."""
    config = Config(policies=policies)
    every = max(1, games // steps)
    done = [0, 0]
    dead_cpu: dict[int, float] = {}  # last CPU seen of each worker (a worker may be replaced)
    c0, k0, t0 = cpu(), children_cpu(), time.perf_counter()

    def tick(n: int) -> None:
        done[0] += n
        if done[0] - done[1] < every and done[0] < games:
            return
        done[1] = done[0]
        rss = []
        for pid in _workers():
            try:
                c, r = _proc_stat(pid)
            except OSError:
                continue
            dead_cpu[pid] = c
            rss.append(r)
        _, me = _proc_stat(os.getpid())
        w = time.perf_counter() - t0
        c = cpu() - c0 + sum(dead_cpu.values())
        print(
            f"scale: {done[0]:>9} games, {w:6.0f} s wall, {c:6.0f} s CPU ({done[0] / c:.0f} games per CPU-second); "
            f"RSS this process {me} MB, largest worker {max(rss, default=0)} MB; load {load()}",
            flush=True,
        )

    agg = runner.run_games("fanhanglu", "generic", config, 1000, games, runner.Where(workers), tick)
    w, c = time.perf_counter() - t0, cpu() - c0 + children_cpu() - k0  # the workers are reaped by now
    print(
        f"scale: {agg.games} games of the generic study (policies {list(policies) or 'default'}), "
        f"compiled={compiled()}, {workers} worker processes: {w:.0f} s wall, {c:.0f} s CPU, "
        f"{agg.games / c:.0f} games per CPU-second; aggregate {len(json.dumps(agg.to_json()))} bytes"
    )


def cluster(games: int, workers: int) -> None:
    """The same games on local worker processes and on a Dask LocalCluster: are the aggregates the same bytes?"""
    out = {}
    for where in (runner.Where(workers), runner.Where(workers, local_cluster=True)):
        t0 = time.perf_counter()
        agg = runner.run_games("fanhanglu", "generic", Config(), 7, games, where, lambda n: None)
        out[where.label()] = json.dumps(agg.to_json()).encode()
        print(
            f"cluster: {games} games on {where.label()}: {time.perf_counter() - t0:.1f} s wall (load {load()})"
        )
    a, b = out.values()
    print(
        f"cluster: aggregates byte-identical: {a == b} ({len(a)} bytes, sha256 {hashlib.sha256(a).hexdigest()[:16]})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("engine", "study", "parallel", "scale", "cluster"))
    ap.add_argument("--games", type=int)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--policy", action="append", default=[], help="WHO=NAME, as `ruleproof study --policy`")
    a = ap.parse_args()
    if a.what == "engine":
        engine(a.games or 2000)
    elif a.what == "study":
        study(a.games or 500)
    elif a.what == "parallel":
        parallel(a.games or 2000, a.workers)
    elif a.what == "cluster":
        cluster(a.games or 2000, a.workers)
    else:
        scale(a.games or 1_000_000, a.steps, a.workers, tuple(a.policy))


if __name__ == "__main__":
    main()
