"""Spec ↔ text drift check on the real text and on an edited copy."""

from __future__ import annotations

from dataclasses import dataclass

from ruleproof.books import DEFAULT_BOOK, Source
from ruleproof.drift import drift_findings
from ruleproof.text import Document, read_document


@dataclass(frozen=True)
class Entry:
    key: str
    clause: str
    quote: str


CAP = Entry("sheriff.bullet_cap", "4.4.6", "2 发")
VOTES = Entry("vote.exile_min_votes", "2.3.4", "至少获得 3 票")


def test_quotes_found_on_real_text(fanhanglu: Document) -> None:
    assert drift_findings(fanhanglu, [CAP, VOTES], {"sheriff.bullet_cap": ["2"]}) == []


def test_heading_text_counts(fanhanglu: Document) -> None:
    # 「（2 发）」 is printed in the title of 4.4.6 itself
    assert drift_findings(fanhanglu, [Entry("cap.title", "4.4.6", "子弹存储上限（2 发）")]) == []


def test_edited_text_is_noticed() -> None:
    edited = DEFAULT_BOOK.read_bytes().decode("utf-8").replace("2 发", "3 发").replace("2发", "3发")
    doc = read_document(Source("edited.txt", edited.encode("utf-8")))
    findings = drift_findings(doc, [CAP])
    assert [f.check for f in findings] == ["spec-quote-missing"]
    assert findings[0].clause == "4.4.6" and findings[0].line == doc.clauses["4.4.6"].line


def test_missing_clause_and_value(fanhanglu: Document) -> None:
    findings = drift_findings(fanhanglu, [Entry("x", "9.9.9", "无"), CAP], {"sheriff.bullet_cap": ["3"]})
    assert [f.check for f in findings] == ["spec-clause-missing", "spec-value-mismatch"]
