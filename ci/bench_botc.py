"""Benchmark of the [M124] 血染钟楼 engine: seeded random games per CPU-second (process time, so a loaded
shared machine skews it less than the wall clock) in the readings the suite's random games use, then a
cProfile summary.  Not a test: it prints figures.

    .venv/bin/python ci/bench_botc.py [--games N] [--seed S] [--profile-games M]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import time

from ruleproof.specs.botc_m124 import load_spec
from ruleproof.specs.botc_m124.engine.runner import ENGINE, SHARDS, shard_readings


def play(shard: str, first: int, games: int) -> tuple[list[int], list[str]]:
    nights, winners = [], []
    for seed in range(first, first + games):
        g = ENGINE.random_game(load_spec(interpretation=shard_readings(shard, seed)), seed)
        g.run()
        nights.append(g.night)
        winners.append(g.result.winner if g.result else "none")
    return nights, winners


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=500, help="games per shard")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--profile-games", type=int, default=200)
    args = ap.parse_args()

    play("defaults", args.seed, 20)  # warm up imports and caches
    total_cpu = 0.0
    for shard in SHARDS:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        nights, winners = play(shard, args.seed, args.games)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        total_cpu += cpu
        counts = {w: winners.count(w) for w in sorted(set(winners))}
        print(
            f"{shard:16} {args.games} games: {args.games / cpu:6.1f} games/CPU-s ({args.games / wall:6.1f}/wall-s),"
            f" nights mean {statistics.mean(nights):.2f} max {max(nights)}, results {counts}"
        )
    n = args.games * len(SHARDS)
    print(f"all shards: {n} games in {total_cpu:.1f} CPU-s ({n / total_cpu:.1f} games/CPU-s)")

    profiler = cProfile.Profile()
    profiler.enable()
    play("defaults", args.seed, args.profile_games)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
    print(f"\ncProfile over {args.profile_games} games (top functions by own time):")
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:5000])


if __name__ == "__main__":
    main()
