"""An event kind a book has not worded yet is printed by the one describer of event data
(:func:`ruleproof.runtime.words.describe`): in words, with the book's names — never ``key=value`` or a
Python dict."""

from __future__ import annotations

from ruleproof.runtime.model import Event
from ruleproof.runtime.render import LogRenderer, Words


def _renderer() -> LogRenderer:
    def words(lang: str) -> Words:
        return Words(lang, roles={"seer": "预言家" if lang != "en" else "Seer"})

    return LogRenderer(texts={}, words=words, period=lambda e, lang: f"第 {e.night} 夜")


def test_an_unworded_kind_is_described_in_words() -> None:
    r = _renderer()
    e = Event(2, "n1", "new_kind", "public", (), {"target": 8, "role": "seer", "voided": True})
    zh = r.line(e, r.words("zh"))
    assert zh == "new_kind 目标 8 号，职业 预言家，作废 是"
    en = r.line(e, r.words("en"))
    assert en == "new_kind target player 8, role Seer, voided yes"
    assert r.unworded == {"new_kind"}
    assert r.line(Event(2, "n1", "empty", "public", (), {}), r.words("zh")) == "empty —"
