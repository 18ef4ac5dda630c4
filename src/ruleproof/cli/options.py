"""Options shared by the engine commands: ``--set KEY=VALUE`` (a reform) and ``--interpret KEY=READING``."""

from __future__ import annotations

import argparse

from ruleproof.errors import UserError
from ruleproof.specs.fanhanglu import Spec, load_spec, parse_assignment


def add_spec_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="override a tunable parameter (see `ruleproof params`), e.g. sheriff.bullet_cap=3",
    )
    parser.add_argument(
        "--interpret",
        dest="readings",
        action="append",
        default=[],
        metavar="SWITCH=READING",
        help="choose a reading of an interpretation switch (see docs/interpretations.md)",
    )


def spec_from_args(args: argparse.Namespace) -> Spec:
    overrides = dict(parse_assignment(a) for a in args.overrides)
    readings: dict[str, str] = {}
    for text in args.readings:
        key, sep, value = text.partition("=")
        if not sep:
            raise UserError(
                f"解释开关须写作 SWITCH=READING：{text}", f"expected SWITCH=READING, got {text!r}"
            )
        readings[key.strip()] = value.strip()
    return load_spec(overrides=overrides, interpretation=readings)
