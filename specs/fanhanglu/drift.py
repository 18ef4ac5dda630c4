"""Spec ↔ text drift check: every quoted phrase of the spec must still be in the rulebook text.

A rule author who edits 「2 发」 in 4.4.6 will see ``sheriff.bullet_cap`` reported here.  The text is
normalized the way the PDF extraction needs (Kangxi radicals → ordinary characters, whitespace ignored).
"""

from __future__ import annotations

import re
import unicodedata

from ruleproof.specs.fanhanglu.params import PARAMS
from ruleproof.specs.fanhanglu.tables import ADJUDICATION_ORDER, DAMAGE_ORDER, INFECTION_ORDER, VICTORY_ORDER

# CJK radicals supplement (U+2E80–U+2EFF) seen in the PDF extraction; NFKC leaves most of them alone.
RADICALS = str.maketrans(
    {"⻅": "见", "⻓": "长", "⻆": "角", "⻔": "门", "⻚": "页", "⻬": "齐", "⻛": "风", "⺟": "母"}
)
_SPACE = re.compile(r"\s+")


def flatten(text: str) -> str:
    """Kangxi radicals (U+2F00–U+2FDF) by NFKC, the supplement by table, all whitespace removed."""
    out = "".join(unicodedata.normalize("NFKC", ch) if "\u2f00" <= ch <= "\u2fdf" else ch for ch in text)
    return _SPACE.sub("", out.translate(RADICALS))


def quotes() -> list[tuple[str, str, str]]:
    """(what, clause, quote) for every phrase the spec quotes."""
    out = [(f"param {p.key}", p.clause, p.quote) for p in PARAMS]
    out += [(f"order {o.key}", o.clause, o.quote) for o in (DAMAGE_ORDER, INFECTION_ORDER)]
    out += [(f"victory row {r.row}", r.clause, r.quote) for r in VICTORY_ORDER]
    out += [(f"adjudication row {r.row}", r.clause, r.quote) for r in ADJUDICATION_ORDER]
    return out


def missing_quotes(text: str) -> list[tuple[str, str, str]]:
    """The spec's quotes that no longer appear in ``text``."""
    flat = flatten(text)
    return [q for q in quotes() if flatten(q[2]) not in flat]


__all__ = ["flatten", "missing_quotes", "quotes"]
