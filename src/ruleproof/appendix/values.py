"""Reading a spec parameter's *current* value from the text, through the phrase the spec quotes.

A spec :class:`~ruleproof.specs.model.Param` carries its clause and the phrase it was read from
(「存量一律不得超过2发」).  The generated appendices must follow the body: when the author edits
「2发」 into 「3发」, the generated role card must say 3.  So the phrase is turned into a pattern with
every number left open (「存量一律不得超过(N)发」, spaces optional, as the PDF inserts them freely) and
matched in the clause; the numbers at the positions where the spec's own value sits in the quote are
the body's value.  When the phrase's wording is gone (the drift check reports that), the spec value is
used and the result says so (``found=False``), so nothing pretends to be read from the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from ruleproof.specs.model import Param, Unit
from ruleproof.text.model import Clause, Document

NUM = r"\d+(?:\.\d+)?"
_TOKEN = re.compile(r"\d+(?:\.\d+)*")  # a number, or a clause id (two dots or more) kept literal
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class BodyValue:
    """A parameter's value as the body prints it now."""

    key: str
    numbers: tuple[str, ...]  # as printed in the body: ("2",) or ("1", "3", "5") or ("1.0",)
    clause: str
    line: int | None  # source line of the first number (None when not found)
    quote: str  # the phrase as printed now (spaces squashed), or the spec's quote when not found
    found: bool  # read from the text (True) or the spec's value (the phrase is no longer there)

    @property
    def values(self) -> tuple[Decimal, ...]:
        return tuple(Decimal(n) for n in self.numbers)

    def show(self, sep: str = "、") -> str:
        return sep.join(self.numbers)


def squash(text: str) -> str:
    return _SPACE.sub("", text)


def spec_numbers(param: Param) -> tuple[Decimal, ...]:
    """The spec's value as the numbers an author prints (hundredths as decimals)."""
    raw = param.value if isinstance(param.value, tuple) else (param.value,)
    if param.unit is Unit.CENTI:
        return tuple(Decimal(v) / 100 for v in raw)
    return tuple(Decimal(v) for v in raw)


@lru_cache(maxsize=1024)
def _quote_pattern(quote: str) -> tuple[re.Pattern[str], tuple[Decimal, ...]]:
    """The quote with every number open, and the numbers the quote itself prints."""
    text = squash(quote)
    parts: list[str] = []
    numbers: list[Decimal] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        parts.append(re.escape(text[pos : m.start()]))
        token = m.group()
        if token.count(".") >= 2:  # a clause id inside the phrase: literal
            parts.append(re.escape(token))
        else:
            parts.append(f"({NUM})")
            numbers.append(Decimal(token))
        pos = m.end()
    parts.append(re.escape(text[pos:]))
    return re.compile("".join(parts)), tuple(numbers)


def value_slots(param: Param) -> tuple[int, ...] | None:
    """Indices of the quote's numbers that print the spec's value (None when the quote does not)."""
    _pattern, printed = _quote_pattern(param.quote)
    want = spec_numbers(param)
    for start in range(len(printed) - len(want) + 1):
        if printed[start : start + len(want)] == want:
            return tuple(range(start, start + len(want)))
    return None


class _Squashed:
    """A clause's text (headings and body) without whitespace, mapped back to source lines."""

    def __init__(self, clause: Clause) -> None:
        chars: list[str] = []
        lines: list[int] = []
        for h in clause.headings:
            for ch in h.raw:
                if not ch.isspace():
                    chars.append(ch)
                    lines.append(h.line)
        for span in clause.spans:
            for ch in span.text:
                if not ch.isspace():
                    chars.append(ch)
                    lines.append(span.line)
        self.text = "".join(chars)
        self.lines = lines

    def line_at(self, pos: int) -> int | None:
        return self.lines[pos] if 0 <= pos < len(self.lines) else None


class BodyReader:
    """Reads parameter values (and caches the squashed clause texts) for one document."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self._texts: dict[str, _Squashed] = {}
        self._values: dict[str, BodyValue] = {}

    def _text(self, clause: Clause) -> _Squashed:
        if clause.id not in self._texts:
            self._texts[clause.id] = _Squashed(clause)
        return self._texts[clause.id]

    def param(self, param: Param) -> BodyValue:
        """``param``'s value as the body prints it in the clause the spec cites."""
        if param.key not in self._values:
            self._values[param.key] = self._read(param)
        return self._values[param.key]

    def _read(self, param: Param) -> BodyValue:
        fallback = BodyValue(
            param.key,
            tuple(_plain(d, param.unit) for d in spec_numbers(param)),
            param.clause,
            None,
            squash(param.quote),
            False,
        )
        clause = self.doc.clauses.get(param.clause)
        slots = value_slots(param)
        if clause is None or slots is None:
            return fallback
        pattern, _printed = _quote_pattern(param.quote)
        text = self._text(clause)
        m = pattern.search(text.text)
        if m is None:
            return fallback
        numbers = tuple(m.group(i + 1) for i in slots)
        return BodyValue(
            param.key, numbers, param.clause, text.line_at(m.start(slots[0] + 1)), m.group(), True
        )


def _plain(d: Decimal, unit: Unit) -> str:
    """A spec value as an author prints it: 2 → "2"; hundredths with one decimal at least (1 → "1.0")."""
    if unit is Unit.CENTI:
        return f"{d:.1f}" if d == d.quantize(Decimal("0.1")) else f"{d:.2f}"
    return str(int(d)) if d == d.to_integral_value() else str(d)
