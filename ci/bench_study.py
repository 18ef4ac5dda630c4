"""Speed figures of issue 17 (not a test: it prints figures; docs/studies.md quotes them with this command).

* ``engine`` — full random 返航录 games per CPU-second in one process (user + sys of this process, after a
  warm-up), as ``simulate`` plays them; says whether the compiled build (setup.py, RULEPROOF_MYPYC=1) is in use;
* ``study`` — games per CPU-second of the generic study (the ``reasonable`` policies: views and plug-ins);
* ``parallel`` — the same study on 1 and on N local worker processes: wall time, speed-up, CPU time, and
  that the aggregates are byte-identical;
* ``scale`` — M games of the generic study in steps, each step's wall and CPU time and the peak memory
  (max RSS of this process and of its workers), to show memory flat in the number of games.

    .venv/bin/python ci/bench_study.py engine [--games 2000]
    .venv/bin/python ci/bench_study.py study [--games 500]
    .venv/bin/python ci/bench_study.py parallel [--games 2000] [--workers 2]
    .venv/bin/python ci/bench_study.py scale [--games 1000000] [--steps 10] [--workers 2] [--policy '*=random']

The machine is shared: the load average is printed with every figure; quote CPU-time figures, and wall-time
speed-ups only together with the load they were taken under.
"""

from __future__ import annotations

import argparse
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


def scale(games: int, steps: int, workers: int, policies: tuple[str, ...]) -> None:
    step = games // steps
    config = Config(policies=policies)
    total_wall = total_cpu = 0.0
    for i in range(steps):
        c0, k0, t0 = cpu(), children_cpu(), time.perf_counter()
        runner.run_games(
            "fanhanglu", "generic", config, 1000 + i, step, runner.Where(workers), lambda n: None
        )
        w, c = time.perf_counter() - t0, cpu() - c0 + children_cpu() - k0
        total_wall += w
        total_cpu += c
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        crss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(
            f"scale: step {i + 1}/{steps}: {step} games, {w:.0f} s wall, {c:.0f} s CPU; "
            f"peak RSS parent {rss // 1024} MB, largest worker {crss // 1024} MB; load {load()}",
            flush=True,
        )
    print(
        f"scale: {step * steps} games in {total_wall:.0f} s wall, {total_cpu:.0f} s CPU on {workers} processes: "
        f"{step * steps / total_cpu:.0f} games per CPU-second"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("engine", "study", "parallel", "scale"))
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
    else:
        scale(a.games or 1_000_000, a.steps, a.workers, tuple(a.policy))


if __name__ == "__main__":
    main()
