"""``ruleproof vocab [--book KEY]`` — the identifiers vectors may use (roles, skills, seats, batches, state
fields…), from the book's engine."""

from __future__ import annotations

import argparse

from ruleproof import books
from ruleproof.cli.common import add_book_argument, book_from_args
from ruleproof.cli.i18n import t
from ruleproof.jsonout import dumps


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "vocab",
        help=t(
            "向量可用的标识符：职业、技能、席位、批次、状态字段",
            "identifiers vectors may use: roles, skills, seats, batches, state fields",
        ),
    )
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help=t("机器可读的 JSON", "machine-readable JSON"))
    fmt.add_argument(
        "--markdown",
        action="store_true",
        help=t("docs/vectors.md 中的表格", "the tables embedded in docs/vectors.md"),
    )
    add_book_argument(p, t("规则书（默认 fanhanglu）", "the book (default fanhanglu)"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    engine = books.engine_of(book_from_args(args), "ruleproof vocab")
    if args.json:
        print(dumps(engine.vocabulary_json()), end="")
    else:
        print(engine.vocabulary_markdown(), end="")
    return 0
