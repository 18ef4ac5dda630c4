"""Benchmark of the reference engine: full seeded random 15-player games per second on one core, then a
cProfile summary of where the time goes.  Not a test: it prints figures (target ≥ 200 games/s/core).

    .venv/bin/python ci/bench_engine.py [--games N] [--seed S] [--profile-games M]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import time

from ruleproof.specs.fanhanglu import load_spec
from ruleproof.specs.fanhanglu.engine import Game, RandomPolicy, random_roles


def play(first: int, games: int) -> list[int]:
    spec = load_spec()
    nights = []
    for seed in range(first, first + games):
        g = Game(spec, random_roles(seed), RandomPolicy(seed), seed=seed)
        g.run()
        nights.append(g.night)
    return nights


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=3, help="timed rounds; the best is reported")
    ap.add_argument("--profile-games", type=int, default=200)
    args = ap.parse_args()

    play(args.seed, 20)  # warm up imports and caches
    rates = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        nights = play(args.seed, args.games)
        rates.append(args.games / (time.perf_counter() - start))
    print(f"games: {args.games} × {args.rounds} rounds, seeds {args.seed}–{args.seed + args.games - 1}")
    print(f"nights per game: mean {statistics.mean(nights):.2f}, max {max(nights)}")
    print(f"games/s/core: best {max(rates):.1f}, median {statistics.median(rates):.1f} (target ≥ 200)")

    profiler = cProfile.Profile()
    profiler.enable()
    play(args.seed, args.profile_games)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).sort_stats("tottime")
    stats.print_stats(18)
    print(f"\ncProfile over {args.profile_games} games (top functions by own time):")
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:6000])


if __name__ == "__main__":
    main()
