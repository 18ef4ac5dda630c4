"""The spec's constants as a revision prints them.

Every :class:`~ruleproof.specs.model.Param` quotes the phrase its value is read from (「至少获得3 票」).
The number in that phrase that equals the value is the slot: the phrase with the slot left open is
searched in the clause (spaces ignored, the clause followed through a renumbering), and the number
found there is what that revision says.  A param whose phrase holds its value twice takes the first
(「每人每夜 1 次发起+ 1 次接受」); one whose value is not printed as digits (「全场唯一一次」) or is a list
cannot be read, and only its phrase's presence is checked (the drift check).

The readings give, per revision, the overrides that make the spec say what that text says — which the
revision gate uses to replay vectors and verify invariants under the new text's numbers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from ruleproof.specs.model import Param, Unit
from ruleproof.text import Document

_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Slot:
    param: Param
    before: str  # the phrase before the number (spaces removed)
    after: str  # and after it

    def pattern(self) -> re.Pattern[str]:
        """The phrase with the number open; spaces allowed between any two characters (the PDF puts
        them anywhere), but never inside the number (「+2.5 6.0」 is two numbers)."""
        return re.compile(
            _loose(self.before) + r"\s*(?<![\d.])(\d+(?:\.\d+)?)(?![\d])\s*" + _loose(self.after)
        )


def _loose(text: str) -> str:
    return r"\s*".join(re.escape(ch) for ch in text)


@dataclass(frozen=True)
class Reading:
    key: str
    clause: str | None  # where it was read (None: the clause is gone)
    value: str | None  # as printed; None when the phrase is not there
    phrase: str | None  # the phrase as printed (spaces removed)


@dataclass(frozen=True)
class ParamChange:
    param: Param
    old: Reading
    new: Reading

    @property
    def kind(self) -> str:
        if self.old.value is not None and self.new.value is not None:
            return "changed"
        return "gone" if self.new.value is None else "back"

    def describe(self, en: bool = False) -> str:
        p = self.param
        if self.kind == "changed":
            if en:
                return (
                    f"{p.key} ({p.doc_en}): {self.old.value} → {self.new.value} — "
                    f"{self.new.clause} now reads 「{self.new.phrase}」 (was 「{self.old.phrase}」)"
                )
            return (
                f"{p.key}（{p.doc}）：{self.old.value} → {self.new.value}——"
                f"{self.new.clause} 现作「{self.new.phrase}」（原作「{self.old.phrase}」）"
            )
        if self.kind == "gone":
            where = self.new.clause or p.clause
            if en:
                return f"{p.key} ({p.doc_en}): the phrase 「{p.quote}」 is no longer in {where}"
            return f"{p.key}（{p.doc}）：所据原文「{p.quote}」已不在 {where} 中"
        if en:
            return f"{p.key} ({p.doc_en}): the phrase is back in {self.new.clause}: 「{self.new.phrase}」"
        return f"{p.key}（{p.doc}）：所据原文重又见于 {self.new.clause}：「{self.new.phrase}」"

    def to_json(self) -> dict[str, object]:
        return {
            "key": self.param.key,
            "kind": self.kind,
            "clause": self.param.clause,
            "quote": self.param.quote,
            "old": {"clause": self.old.clause, "value": self.old.value, "phrase": self.old.phrase},
            "new": {"clause": self.new.clause, "value": self.new.value, "phrase": self.new.phrase},
        }


def _squash(text: str) -> str:
    return _SPACES.sub("", text)


def slot(param: Param) -> Slot | None:
    """The open slot of ``param``'s phrase; None when its value is not printed there as digits."""
    if isinstance(param.value, tuple):
        return None
    quote = _squash(param.quote)
    shown = Decimal(param.display())
    for m in _NUMBER.finditer(quote):
        if Decimal(m.group(0)) == shown:
            return Slot(param, quote[: m.start()], quote[m.end() :])
    return None


def clause_text(doc: Document, cid: str) -> str | None:
    clause = doc.clauses.get(cid)
    if clause is None:
        return None
    # source lines kept apart: a table's cells run together in the clause text (「+2.56.0」)
    return "\n".join([*(h.raw for h in clause.headings), *(span.text for span in clause.spans)])


def read(doc: Document, param: Param, clause: str | None = None) -> Reading | None:
    """What ``doc`` prints for ``param`` (in ``clause``, default the param's own); None: unreadable."""
    s = slot(param)
    if s is None:
        return None
    cid = clause or param.clause
    text = clause_text(doc, cid)
    if text is None:
        return Reading(param.key, None, None, None)
    m = s.pattern().search(text)
    if m is None:
        return Reading(param.key, cid, None, None)
    return Reading(param.key, cid, m.group(1), _squash(m.group(0)))


def changes(
    old: Document, new: Document, params: Sequence[Param], old_to_new: Mapping[str, str]
) -> list[ParamChange]:
    """Params whose printed value (or phrase) differs between the two revisions."""
    out: list[ParamChange] = []
    for p in params:
        a = read(old, p)
        if a is None:
            continue
        b = read(new, p, old_to_new.get(p.clause, p.clause))
        assert b is not None
        if a.value is None and b.value is None:
            continue
        if a.value is not None and b.value is not None and Decimal(a.value) == Decimal(b.value):
            continue
        out.append(ParamChange(p, a, b))
    return out


def internal(param: Param, printed: str) -> int | None:
    """A printed value in the param's internal unit; None when it has more decimals than the unit."""
    d = Decimal(printed) * (100 if param.unit is Unit.CENTI else 1)
    return int(d) if d == d.to_integral_value() else None


def overrides(
    doc: Document, params: Sequence[Param], clause_of: Mapping[str, str] | None = None
) -> dict[str, int]:
    """The tunable params whose value ``doc`` prints differently from the spec, in internal units."""
    out: dict[str, int] = {}
    for p in params:
        if not p.tunable:
            continue
        r = read(doc, p, (clause_of or {}).get(p.clause, p.clause))
        if r is None or r.value is None:
            continue
        v = internal(p, r.value)
        if v is not None and v != p.value and v >= p.minimum:
            out[p.key] = v
    return out
