"""Claims as the text states them: a sentence located in its clause, with the constants it writes.

A theorem the rulebook states ("上限 2 发", "下夜存量＝N − k + m", "②③⑤同制") is checked with *its own*
constants, read from the sentence through the reader (the clause tree), never with the spec's tunable
parameters — so a reform or a revision that changes the rule but not the claim makes the claim fail.

A :class:`ClaimPattern` is the claim's wording with slots: ``{name}`` a number (``2``, ``2.5``, ``6.0``),
``{name:circled}`` a run of item symbols (``②③⑤``), ``{name:step}`` a night step (``9``, ``0.55``, ``4a``), ``{name:expr}`` a linear expression over single-letter
variables (``N − k + m``), ``{name:any}`` a short gap of any text.  Every other character is literal, and
any whitespace may appear between any two characters (the PDF export inserts spaces freely).  A wording
that is no longer printed in the clause raises :class:`ClaimMissing` — the theorem is then not checked
(reported ``unknown``, never passed).

The same templates read the *rules* a text states (:func:`read_value`): a spec parameter quotes the phrase
its value comes from; with the value turned into a slot, the phrase of an edited text gives the value the
edited text states.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ruleproof.text import Appendix, Clause, Document

CIRCLED = "〇①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
_SLOT = re.compile(r"\{(\w+)(?::(\w+))?\}")
_KINDS = {
    # a number not glued to another (a flattened table prints 「+2.56.0」 for the cells 2.5 and 6.0)
    "num": r"(?<![\d.])\d+(?:\.\d+)?(?!\.?\d)",
    "circled": f"[{CIRCLED}]+",
    "step": r"(?<![\d.])\d+(?:\.\d+)?[ab]?(?![\d.ab])",  # a night step: 9, 0.55, 4a
    "expr": r"[A-Za-z0-9+\-−－＋\s]+?",
    "any": r".{0,40}?",
    "circledlist": r"[^。；]{0,40}?",  # text naming items among other words: 「④维修总量、⑥死亡名单、⑧倒计时值」
}
_SENTENCE_END = "。；！？"


class ClaimMissing(Exception):
    """The claim's wording is not (or no longer) printed in its clause."""


@dataclass(frozen=True)
class ClaimPattern:
    """How a claim is worded: the clause that states it and its template (see the module docstring)."""

    key: str
    clause: str
    template: str

    def regex(self) -> re.Pattern[str]:
        return template_regex(self.template)


@dataclass(frozen=True)
class Claim:
    """A claim read from the text: where, the sentence (quote) and the constants it writes."""

    key: str
    clause: str
    line: int
    quote: str
    values: dict[str, Any] = field(default_factory=dict)

    def num(self, name: str) -> int:
        """A number slot as an int (a claim such as 「上限 2 发」)."""
        value = self.values[name]
        assert isinstance(value, Decimal) and value == value.to_integral_value(), (self.key, name)
        return int(value)

    def centi(self, name: str) -> int:
        """A decimal slot in hundredths (「6 分」 → 600)."""
        value = self.values[name]
        assert isinstance(value, Decimal), (self.key, name)
        return int(value * 100)

    def to_json(self) -> dict[str, Any]:
        shown = {k: (str(v) if isinstance(v, Decimal) else v) for k, v in sorted(self.values.items())}
        return {
            "key": self.key,
            "clause": self.clause,
            "line": self.line,
            "quote": self.quote,
            "values": shown,
        }


def template_regex(template: str) -> re.Pattern[str]:
    """The regex of a template: literal characters with optional whitespace between them, slots as groups."""
    parts: list[str] = []
    pos = 0
    for m in _SLOT.finditer(template):
        parts.extend(re.escape(ch) for ch in template[pos : m.start()] if not ch.isspace())
        kind = m.group(2) or "num"
        parts.append(f"(?P<{m.group(1)}>{_KINDS[kind]})")
        pos = m.end()
    parts.extend(re.escape(ch) for ch in template[pos:] if not ch.isspace())
    return re.compile(r"\s*".join(parts), re.S)


def read_claim(doc: Document, pattern: ClaimPattern) -> Claim:
    """The first place ``pattern`` is printed in its clause or appendix (headings included), with its
    slots parsed."""
    clause = _container(doc, pattern.clause)
    if clause is None:
        raise ClaimMissing(f"clause {pattern.clause} is not in the text")
    found = _search(clause, pattern.regex())
    if found is None:
        raise ClaimMissing(f"{pattern.clause}: 「{pattern.template}」 is not printed there")
    m, text, line = found
    values: dict[str, Any] = {}
    for name, kind in ((g.group(1), g.group(2) or "num") for g in _SLOT.finditer(pattern.template)):
        raw = m.group(name)
        values[name] = _parse(raw, kind)
    return Claim(pattern.key, pattern.clause, line, _sentence(text, m.start(), m.end()), values)


def _container(doc: Document, cite: str) -> Clause | Appendix | None:
    found = doc.clause(cite)
    if found is not None:
        return found
    return next((a for a in doc.appendices if a.name == cite), None)


def _search(clause: Clause | Appendix, rx: re.Pattern[str]) -> tuple[re.Match[str], str, int] | None:
    for h in clause.headings if isinstance(clause, Clause) else ():
        m = rx.search(h.raw)
        if m:
            return m, h.raw, h.line
    text = clause.text
    m = rx.search(text)
    if m:
        return m, text, clause.line_of_offset(m.start())
    return None


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence around ``text[start:end]``, whitespace squashed (what a finding quotes)."""
    lo = max((text.rfind(ch, 0, start) for ch in _SENTENCE_END), default=-1) + 1
    hi = min((i for i in (text.find(ch, end) for ch in _SENTENCE_END) if i >= 0), default=len(text))
    return re.sub(r"\s+", " ", text[lo : hi + 1]).strip()


def _parse(raw: str, kind: str) -> Any:
    if kind == "num":
        return Decimal(raw)
    if kind in ("circled", "circledlist"):
        return tuple(CIRCLED.index(ch) for ch in raw if ch in CIRCLED)
    if kind == "expr":
        return linear(raw)
    if kind == "step":
        return raw
    return raw.strip()


_TERM = re.compile(r"([+\-])?(\d*)([A-Za-z])")


def linear(expr: str) -> dict[str, int]:
    """``"N − k + m"`` → ``{"N": 1, "k": -1, "m": 1}``: the coefficients of a linear expression."""
    squashed = re.sub(r"\s+", "", expr).replace("−", "-").replace("－", "-").replace("＋", "+")
    out: dict[str, int] = {}
    pos = 0
    for m in _TERM.finditer(squashed):
        if m.start() != pos:
            raise ClaimMissing(f"not a linear expression: {expr!r}")
        sign = -1 if m.group(1) == "-" else 1
        coeff = int(m.group(2)) if m.group(2) else 1
        out[m.group(3)] = out.get(m.group(3), 0) + sign * coeff
        pos = m.end()
    if pos != len(squashed) or not out:
        raise ClaimMissing(f"not a linear expression: {expr!r}")
    return out


def read_value(doc: Document, clause_id: str, quote: str, printed: str) -> tuple[Decimal, int, str] | None:
    """The value an (edited) text states in the phrase ``quote`` of ``clause_id``, where the spec's value
    is printed as ``printed``: the template is the quote with that one number turned into a slot.  None
    when the clause or the phrase's wording is gone, or the number is not printed exactly once in the
    quote (nothing to read without guessing).  Returns (value, line, sentence)."""
    numbers = list(re.finditer(r"\d+(?:\.\d+)?", quote))
    hits = [m for m in numbers if m.group(0) == printed]
    if len(hits) != 1:
        return None
    hit = hits[0]
    literal = [re.escape(ch) for ch in quote[: hit.start()] if not ch.isspace()]
    literal.append(f"(?P<v>{_KINDS['num']})")
    literal += [re.escape(ch) for ch in quote[hit.end() :] if not ch.isspace()]
    clause = _container(doc, clause_id)
    if clause is None:
        return None
    found = _search(clause, re.compile(r"\s*".join(literal), re.S))
    if found is None:
        return None
    m, text, line = found
    return Decimal(m.group("v")), line, _sentence(text, m.start(), m.end())


__all__ = ["CIRCLED", "Claim", "ClaimMissing", "ClaimPattern", "linear", "read_claim", "read_value"]
