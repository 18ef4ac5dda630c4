"""``ruleproof simulate --games N`` — many seeded random games: winners, nights, speed."""

from __future__ import annotations

import argparse
import time
from collections import Counter

from ruleproof.cli.options import add_spec_options, spec_from_args
from ruleproof.errors import UserError
from ruleproof.jsonout import dumps
from ruleproof.specs.fanhanglu.engine import Game, RandomPolicy, random_roles


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="run many seeded random games and summarize them")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0, help="first seed (games use seed, seed+1, …)")
    p.add_argument("--json", action="store_true")
    add_spec_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UserError("--games 须为正整数", "--games must be positive")
    spec = spec_from_args(args)
    winners: Counter[str] = Counter()
    rows: Counter[str] = Counter()
    nights: list[int] = []
    escapes = 0  # games in which the alien won a secondary win by escaping (6.9, 1.2.5)
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        g = Game(spec, random_roles(seed), RandomPolicy(seed), seed=seed)
        result = g.run()
        winners[result.winner if result else "none"] += 1
        rows[result.row if result else "—"] += 1
        nights.append(g.night)
        escapes += bool(g.secondary)
    elapsed = time.perf_counter() - start
    summary = {
        "games": args.games,
        "first_seed": args.seed,
        "spec": spec.describe_changes(),
        "winners": {k: winners[k] for k in ("humans", "xenos", "alien", "draw", "none") if winners[k]},
        "rows": dict(sorted(rows.items())),
        "secondary_wins": escapes,
        "nights": {"mean": round(sum(nights) / len(nights), 2), "min": min(nights), "max": max(nights)},
        "games_per_second": round(args.games / elapsed, 1),
    }
    if args.json:
        print(dumps(summary), end="")
        return 0
    zh = {"humans": "人类", "xenos": "异形", "alien": "外星人", "draw": "平局", "none": "未结束"}
    print(f"对局 {args.games} 局（种子 {args.seed}–{args.seed + args.games - 1}）")
    for k in ("humans", "xenos", "alien", "draw", "none"):
        if not winners[k]:
            continue
        v = winners[k]
        print(f"  {zh[k]}：{v}（{100 * v / args.games:.1f}%）")
    print(f"  外星人逃亡次胜：{escapes}（{100 * escapes / args.games:.1f}%）")
    print(f"  夜数：平均 {round(sum(nights) / len(nights), 2)}，最少 {min(nights)}，最多 {max(nights)}")
    print(f"  速度：{summary['games_per_second']} 局∕秒")
    return 0
