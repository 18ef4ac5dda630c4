"""Options shared by the engine commands: ``--book KEY``, ``--set KEY=VALUE`` (a reform) and
``--interpret SWITCH=READING``; the spec comes from the book's profile."""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof import books
from ruleproof.books import BookProfile
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError


def add_spec_options(parser: argparse.ArgumentParser, set_help: str | None = None) -> None:
    """``--set KEY=VALUE`` and ``--interpret SWITCH=READING`` (``set_help``: a command whose --set takes more
    than the spec's parameters says so, in the language being built)."""
    parser.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=set_help
        or t(
            "改动一个可调参数（见 ruleproof params），如 sheriff.bullet_cap=3",
            "override a tunable parameter (see `ruleproof params`), e.g. sheriff.bullet_cap=3",
        ),
    )
    parser.add_argument(
        "--interpret",
        dest="readings",
        action="append",
        default=[],
        metavar="SWITCH=READING",
        help=t(
            "选择解释开关的一种解读（见 docs/interpretations.md）",
            "choose a reading of an interpretation switch (see docs/interpretations.md)",
        ),
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
