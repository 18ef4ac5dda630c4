"""``ruleproof vocab`` — the identifiers vectors may use (roles, skills, seats, batches, state fields…)."""

from __future__ import annotations

import argparse

from ruleproof.jsonout import dumps
from ruleproof.specs.fanhanglu.engine.vocab import markdown, vocabulary


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "vocab", help="identifiers vectors may use: roles, skills, seats, batches, state fields"
    )
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true")
    fmt.add_argument("--markdown", action="store_true", help="the tables embedded in docs/vectors.md")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.json:
        print(dumps(vocabulary()), end="")
    else:
        print(markdown(), end="")
    return 0
