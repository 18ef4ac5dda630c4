"""Options shared by the engine commands: ``--book KEY``, ``--set KEY=VALUE`` (a reform) and
``--interpret SWITCH=READING``; the spec comes from the book's profile."""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof import books
from ruleproof.books import BookProfile
from ruleproof.errors import UserError

SET_HELP = "override a tunable parameter (see `ruleproof params`), e.g. sheriff.bullet_cap=3"


def add_spec_options(parser: argparse.ArgumentParser, set_help: str = SET_HELP) -> None:
    """``--set KEY=VALUE`` and ``--interpret SWITCH=READING`` (``set_help``: a command whose --set takes more
    than the spec's parameters says so)."""
    parser.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=set_help,
    )
    parser.add_argument(
        "--interpret",
        dest="readings",
        action="append",
        default=[],
        metavar="SWITCH=READING",
        help="choose a reading of an interpretation switch (see docs/interpretations.md)",
    )


def spec_from_args(args: argparse.Namespace, book: BookProfile, command: str) -> Any:
    """The book's spec with the ``--set`` and ``--interpret`` of the command line.  A book with an engine
    but no spec takes neither (exit 2 when given)."""
    if not book.has("spec"):
        if args.overrides or args.readings:
            raise book.missing("spec", f"{command} --set/--interpret")
        return None
    spec = books.spec_of(book, command)
    overrides = dict(spec.parse_assignment(a) for a in args.overrides)
    readings: dict[str, str] = {}
    for text in args.readings:
        key, sep, value = text.partition("=")
        if not sep:
            raise UserError(
                f"解释开关须写作 SWITCH=READING：{text}", f"expected SWITCH=READING, got {text!r}"
            )
        readings[key.strip()] = value.strip()
    return spec.load(overrides=overrides, interpretation=readings)
