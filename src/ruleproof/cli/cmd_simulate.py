"""``ruleproof simulate [--book KEY] --games N`` — many seeded random games: winners, nights, speed."""

from __future__ import annotations

import argparse
import time
from collections import Counter

from ruleproof import books
from ruleproof.cli.common import add_book_argument, book_from_args
from ruleproof.cli.i18n import t
from ruleproof.cli.options import add_spec_options, spec_from_args
from ruleproof.errors import UserError
from ruleproof.jsonout import dumps


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "simulate", help=t("按种子进行多局随机对局并汇总", "run many seeded random games and summarize them")
    )
    p.add_argument(
        "--games", type=int, default=100, help=t("局数（默认 100）", "number of games (default 100)")
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help=t("首个种子（各局依次用 seed、seed+1、…）", "first seed (games use seed, seed+1, …)"),
    )
    p.add_argument("--json", action="store_true", help=t("机器可读的 JSON", "machine-readable JSON"))
    add_book_argument(p, t("规则书（默认 fanhanglu）", "the book (default fanhanglu)"))
    add_spec_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UserError("--games 须为正整数", "--games must be positive")
    book = book_from_args(args)
    engine = books.engine_of(book, "ruleproof simulate")
    spec = spec_from_args(args, book, "simulate")
    winners: Counter[str] = Counter()
    rows: Counter[str] = Counter()
    nights: list[int] = []
    secondary = 0  # games with a secondary win (返航录: the alien escaped, 6.9, 1.2.5)
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        g = engine.random_game(spec, seed)
        result = g.run()
        winners[result.winner if result else "none"] += 1
        rows[result.row if result else "—"] += 1
        nights.append(g.night)
        secondary += bool(result and result.secondary)
    elapsed = time.perf_counter() - start
    sides = [*(key for key, _, _ in engine.factions), "draw", "none"]
    sides += sorted(k for k in winners if k not in sides)
    summary = {
        "games": args.games,
        "first_seed": args.seed,
        "spec": spec.describe_changes() if spec is not None else {},
        "winners": {k: winners[k] for k in sides if winners[k]},
        "rows": dict(sorted(rows.items())),
        "secondary_wins": secondary,
        "nights": {"mean": round(sum(nights) / len(nights), 2), "min": min(nights), "max": max(nights)},
        "games_per_second": round(args.games / elapsed, 1),
    }
    if args.json:
        print(dumps(summary), end="")
        return 0
    en = args.lang == "en"
    names = {key: (en_name if en else zh) for key, zh, en_name in engine.factions}
    names.update({"draw": "draw" if en else "平局", "none": "unfinished" if en else "未结束"})
    if en:
        print(f"{args.games} games (seeds {args.seed}–{args.seed + args.games - 1})")
    else:
        print(f"对局 {args.games} 局（种子 {args.seed}–{args.seed + args.games - 1}）")
    sep = ": " if en else "："
    for k in sides:
        if not winners[k]:
            continue
        v = winners[k]
        print(f"  {names.get(k, k)}{sep}{v}（{100 * v / args.games:.1f}%）")
    if engine.secondary_label is not None:
        label = engine.secondary_label[1 if en else 0]
        print(f"  {label}{sep}{secondary}（{100 * secondary / args.games:.1f}%）")
    mean = round(sum(nights) / len(nights), 2)
    if en:
        print(f"  rounds: mean {mean}, min {min(nights)}, max {max(nights)}")
        print(f"  speed: {summary['games_per_second']} games/s")
    else:
        print(f"  夜数：平均 {mean}，最少 {min(nights)}，最多 {max(nights)}")
        print(f"  速度：{summary['games_per_second']} 局∕秒")
    return 0
