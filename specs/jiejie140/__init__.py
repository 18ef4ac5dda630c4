"""[140]乘风破浪的姐姐2 (seed 002) as an executable spec (issue 14; docs/jiejie140.md).

``load_spec(overrides=…, interpretation=…, doc=…)`` returns a :class:`Spec`: the skill records, the step
tables and the win table *read from the text* (the bundled one, or a revision given as ``doc``), the
parameters (prose constants with their quotes; ``--set`` overrides the tunable ones — a reform) and the
reading of every interpretation switch.  Bad keys or values raise :class:`ruleproof.errors.UserError`.

Modules: :mod:`.source` (the text), :mod:`.names` (identifiers), :mod:`.skills` (skill records from the
tables), :mod:`.tables` (steps, wins), :mod:`.params`, :mod:`.interpretations`, :mod:`.kernels` (rules
written once for the engine and Z3), :mod:`.setup` (the set-up procedure and its Z3 constraints),
:mod:`.engine`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ruleproof.errors import UserError
from ruleproof.specs.jiejie140.interpretations import SWITCH_BY_KEY, SWITCHES
from ruleproof.specs.jiejie140.params import PARAM_BY_KEY, PARAMS
from ruleproof.specs.jiejie140.skills import SkillBook, bundled_skills, read_skills
from ruleproof.specs.jiejie140.source import BOOK
from ruleproof.specs.jiejie140.tables import (
    Order,
    WinTable,
    bundled_order,
    bundled_wins,
    read_order,
    read_wins,
)
from ruleproof.specs.model import IntSpec, resolve_int_params, resolve_readings
from ruleproof.text import Document

VERSION = "140"
BOOK_ID = f"{BOOK}/{VERSION}"


@dataclass(frozen=True)
class Spec(IntSpec):
    """The rules as read from a text, with effective parameters and readings."""

    params: Mapping[str, int]
    interpretation: Mapping[str, str]
    skills: SkillBook
    order: Order
    wins: WinTable
    overrides: Mapping[str, int] = field(default_factory=dict)
    book: str = BOOK_ID

    def switch_defaults(self) -> Mapping[str, str]:
        return {key: s.default for key, s in SWITCH_BY_KEY.items()}


def load_spec(
    overrides: Mapping[str, object] | None = None,
    interpretation: Mapping[str, str] | None = None,
    doc: Document | None = None,
) -> Spec:
    """The spec read from ``doc`` (default: the bundled text), with ``overrides`` and readings applied."""
    params, applied = resolve_int_params(PARAMS, overrides, BOOK)
    readings = resolve_readings(SWITCHES, interpretation)
    if doc is None:
        skills, order, wins = bundled_skills(), bundled_order(), bundled_wins()
    else:
        skills, order, wins = read_skills(doc), read_order(doc), read_wins(doc)
    return Spec(params, readings, skills, order, wins, applied)


def parse_assignment(text: str) -> tuple[str, int]:
    """``KEY=VALUE`` as an author writes it (every parameter of this book is a whole number)."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key:
        raise UserError(f"参数赋值须写作 KEY=VALUE：{text}", f"expected KEY=VALUE, got {text!r}")
    if key not in PARAM_BY_KEY:
        raise UserError(f"未知参数 {key}", f"unknown parameter {key}")
    if not raw.lstrip("-").isdigit():
        raise UserError(f"参数 {key} 须为整数：{raw}", f"{key} takes a whole number, got {raw!r}")
    return key, int(raw)


__all__ = ["BOOK", "BOOK_ID", "PARAMS", "SWITCHES", "VERSION", "Spec", "load_spec", "parse_assignment"]
