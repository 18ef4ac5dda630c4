"""Spec ↔ text drift: every spec entry that cites a clause must still be printed there.

A spec constant carries the clause id and the Chinese phrase it was read from (「4.4.6」, 「2 发」).
When the author edits the rulebook — changes 「2 发」 to 「3 发」, renumbers 4.4.6 — the phrase is no
longer in that clause and the spec silently describes a different game.  This check notices it:

* ``spec-clause-missing`` — the cited clause is not in the text;
* ``spec-quote-missing`` — the quoted phrase is not in the clause (spaces ignored: the PDF inserts them
  freely, 「至少获得3 票」 vs 「至少获得 3 票」);
* ``spec-value-mismatch`` — the phrase is there but does not contain the value the spec uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo
from ruleproof.text import Document
from ruleproof.text.model import PREAMBLE

_ADVICE = (
    "核对该条款：若条文确有修改，同步修改规格（specs/）中引用它的条目；若只是措辞调整，更新规格所引原文。"
)
_ADVICE_EN = "Check the clause: if the rule changed, update the spec entry citing it; if only wording changed, update the quote."
CHECKS: tuple[CheckInfo, ...] = (
    CheckInfo(
        "spec-clause-missing",
        "spec",
        Severity.ERROR,
        "规格所引条款不存在",
        "spec cites a missing clause",
        "规格（可执行模型）的每个常量、次序与表格都引用其条款；条款不在，模型便无所依。",
        "Every constant, order and table of the executable spec cites its clause.",
        _ADVICE,
        _ADVICE_EN,
    ),
    CheckInfo(
        "spec-quote-missing",
        "spec",
        Severity.ERROR,
        "规格所据原文已不在条款中",
        "spec phrase no longer in its clause",
        "规格条目所据的原文必须仍在其所引条款中，否则验证的是另一套规则。",
        "The phrase a spec entry was read from must still be in the clause it cites.",
        _ADVICE,
        _ADVICE_EN,
    ),
    CheckInfo(
        "spec-value-mismatch",
        "spec",
        Severity.ERROR,
        "规格取值与原文不符",
        "spec value differs from its phrase",
        "规格使用的数值须出现在其所据原文中。",
        "The value the spec uses must appear in the phrase it was read from.",
        _ADVICE,
        _ADVICE_EN,
    ),
)

_SPACES = re.compile(r"\s+")


class Cited(Protocol):
    """Anything in a spec that cites a clause by id and quotes its phrase."""

    @property
    def key(self) -> str: ...
    @property
    def clause(self) -> str: ...
    @property
    def quote(self) -> str: ...


@dataclass(frozen=True)
class Quoted:
    """A phrase a spec reads, with the clause it cites (what a book's ``drift`` part returns)."""

    key: str  # what in the spec: "param sheriff.bullet_cap", "skill deceive 次数限制"
    clause: str
    quote: str


def _squash(text: str) -> str:
    return _SPACES.sub("", text)


def _text_of(doc: Document, clause_id: str) -> str | None:
    clause = doc.clauses.get(clause_id)
    if clause is None:
        return _squash(doc.preamble_text()) if clause_id == PREAMBLE and doc.preamble else None
    return _squash("".join(h.raw for h in clause.headings) + clause.text)


def drift_findings(
    doc: Document, entries: Iterable[Cited], values: dict[str, list[str]] | None = None
) -> list[Finding]:
    """Findings for entries whose clause or phrase is no longer in ``doc``.

    ``values`` optionally maps an entry key to the printed forms of the value the spec uses
    (e.g. ``{"sheriff.bullet_cap": ["2"]}``); at least one must occur in the quote.
    """
    out: list[Finding] = []
    for entry in entries:
        text = _text_of(doc, entry.clause)
        if text is None and doc.resolves(entry.clause):
            continue  # a chapter or appendix: no single clause text to hold the phrase
        if text is None:
            out.append(
                Finding(
                    check="spec-clause-missing",
                    severity=Severity.ERROR,
                    clause=entry.clause,
                    line=None,
                    message=f"规格项 {entry.key} 引用的条款 {entry.clause} 在文中不存在（条款被删除或重新编号？）",
                    message_en=f"spec entry {entry.key} cites clause {entry.clause}, which is not in the text",
                    quote=entry.quote,
                    extra={"key": entry.key},
                )
            )
            continue
        clause = doc.clauses.get(entry.clause)
        line = clause.line if clause is not None else doc.preamble[0].line
        if _squash(entry.quote) not in text:
            out.append(
                Finding(
                    check="spec-quote-missing",
                    severity=Severity.ERROR,
                    clause=entry.clause,
                    line=line,
                    message=f"规格项 {entry.key} 所据原文「{entry.quote}」已不在 {entry.clause} 中：条文改了，规格须同步",
                    message_en=f"spec entry {entry.key}: the phrase it was read from is no longer in {entry.clause}",
                    quote=entry.quote,
                    extra={"key": entry.key},
                )
            )
            continue
        forms = (values or {}).get(entry.key)
        if forms and not any(_squash(f) in _squash(entry.quote) for f in forms):
            out.append(
                Finding(
                    check="spec-value-mismatch",
                    severity=Severity.ERROR,
                    clause=entry.clause,
                    line=line,
                    message=f"规格项 {entry.key} 的取值 {'/'.join(forms)} 不在所据原文「{entry.quote}」中",
                    message_en=f"spec entry {entry.key}: value {'/'.join(forms)} is not in its phrase",
                    quote=entry.quote,
                    extra={"key": entry.key, "values": forms},
                )
            )
    return out
