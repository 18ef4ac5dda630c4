"""The rules an (edited) text states: each tunable parameter's value, read back from the phrase it quotes.

A book's spec parameters are its bundled text's values; an author's revision may change a number in a
rule (「存量一律不得超过3发」).  ``ruleproof verify FILE`` checks the theorems FILE states against the rules
FILE states, so those values are read from FILE: the parameter's quoted phrase with its value turned into
a slot (:func:`ruleproof.claims.read_value`).  A value read this way is applied like a ``--set`` reform
(an explicit ``--set`` wins) and listed in the report, next to the drift check that says the spec is stale.
A phrase that is reworded, or whose number cannot be told apart from the others it prints, is skipped:
the spec's value stays and drift reports the phrase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ruleproof.claims import read_value
from ruleproof.specs.model import Param, Unit
from ruleproof.text import Document


@dataclass(frozen=True)
class TextRule:
    """A parameter whose value in the text differs from the spec's."""

    key: str
    clause: str
    line: int
    quote: str
    spec_value: int
    text_value: int

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "clause": self.clause,
            "line": self.line,
            "quote": self.quote,
            "spec": self.spec_value,
            "text": self.text_value,
        }


def _printed(p: Param, value: int) -> list[str]:
    """How the text may print ``value``: 600 hundredths as 6 / 6.0 / 6.00."""
    if p.unit is not Unit.CENTI:
        return [str(value)]
    shown = p.display(value)
    return list(dict.fromkeys([shown, f"{value / 100:.1f}", f"{value / 100:.2f}"]))


def text_rules(doc: Document, params: Sequence[Param]) -> list[TextRule]:
    """Every tunable parameter of ``params`` whose phrase in ``doc`` states another value than the spec's."""
    out = []
    for p in params:
        if not p.tunable or not isinstance(p.value, int):
            continue
        for printed in _printed(p, p.value):
            found = read_value(doc, p.clause, p.quote, printed)
            if found is None:
                continue
            raw, line, quote = found
            value = int(raw * 100) if p.unit is Unit.CENTI else int(raw)
            exact = raw * 100 == value if p.unit is Unit.CENTI else raw == Decimal(value)
            if exact and value != p.value and value >= p.minimum:
                out.append(TextRule(p.key, p.clause, line, quote, p.value, value))
            break
    return out


__all__ = ["TextRule", "text_rules"]
