"""``ruleproof play [--book KEY] [--seed N]`` — one seeded random game with a readable log."""

from __future__ import annotations

import argparse

from ruleproof import books
from ruleproof.cli.common import add_book_argument, book_from_args
from ruleproof.cli.i18n import t
from ruleproof.cli.options import add_spec_options, spec_from_args
from ruleproof.jsonout import dumps


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play", help=t("按种子进行一局随机对局并打印其记录", "play one seeded random game and print its log")
    )
    p.add_argument("--seed", type=int, default=0, help=t("随机种子（默认 0）", "random seed (default 0)"))
    p.add_argument(
        "--public",
        action="store_true",
        help=t("只看公开信息（批次公告）", "only what everyone sees (the batches)"),
    )
    p.add_argument("--json", action="store_true", help=t("以 JSON 输出事件记录", "the event log as JSON"))
    add_book_argument(p, t("规则书（默认 fanhanglu）", "the book (default fanhanglu)"))
    add_spec_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    book = book_from_args(args)
    engine = books.engine_of(book, "ruleproof play")
    spec = spec_from_args(args, book, "play")
    g = engine.random_game(spec, args.seed)
    roles = [p.role for p in g.players]
    g.run()
    if args.json:
        print(
            dumps(
                {
                    "seed": args.seed,
                    "spec": spec.describe_changes() if spec is not None else {},
                    "roles": {str(i + 1): r for i, r in enumerate(roles)},
                    "result": g.result.to_json() if g.result else None,
                    "events": [e.to_json() for e in g.events],
                }
            ),
            end="",
        )
        return 0
    for line in engine.render(g.events, args.lang, private=not args.public, system=not args.public):
        print(line)
    return 0
