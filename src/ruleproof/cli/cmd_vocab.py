"""``ruleproof vocab [--book KEY]`` — the identifiers vectors may use (roles, skills, seats, batches, state
fields…), from the book's engine."""

from __future__ import annotations

import argparse

from ruleproof import books
from ruleproof.cli.common import add_book_argument, book_from_args
from ruleproof.jsonout import dumps


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "vocab", help="identifiers vectors may use: roles, skills, seats, batches, state fields"
    )
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true")
    fmt.add_argument("--markdown", action="store_true", help="the tables embedded in docs/vectors.md")
    add_book_argument(p, "规则书（默认 fanhanglu）")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    engine = books.engine_of(book_from_args(args), "ruleproof vocab")
    if args.json:
        print(dumps(engine.vocabulary_json()), end="")
    else:
        print(engine.vocabulary_markdown(), end="")
    return 0
