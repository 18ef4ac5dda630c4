"""docs/conformance.md: its minimal adapter runs as printed (behind a ``my_engine`` that calls ruleproof's
engine) and passes 返航录's ruleproof-vector/2 vectors; its uncovered-clause table is checked in
test_corpus.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ruleproof.cli.cmd_replay import load
from ruleproof.conform.runner import Conformance, EngineProcess
from ruleproof.vectors.format import V2_EXPECT_KEYS, V2_TOP_KEYS

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "conformance.md"

MY_ENGINE = """
from types import SimpleNamespace

from ruleproof.conform.reference import Adapter

ADAPTER = Adapter()
BOOKS = ADAPTER.books()


def play(case, items):
    list(ADAPTER.handle(case))
    for item in items:
        list(ADAPTER.handle({"type": "decisions", "item": item}))
    replies = list(ADAPTER.handle({"type": "play"}))
    if replies[-1]["type"] == "error":
        raise NotImplementedError(replies[-1]["message"])
    r = SimpleNamespace(events=[], state_at={}, views_at={}, menus_at={}, ledger=[])
    for m in replies:
        kind = m.pop("type")
        if kind == "event":
            r.events.append(m)
        elif kind == "snapshot":
            r.state_at[m["at"]] = m["state"]
        elif kind == "views":
            r.views_at[m["at"]] = m["views"]
        elif kind == "menus":
            r.menus_at[m["at"]] = m["menus"]
        elif kind == "ledger":
            r.ledger = m["entries"]
        elif kind == "end":
            r.final, r.illegal = m["final"], m["illegal"]
    return r
"""


def adapter_source() -> str:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("<!-- minimal-adapter:start -->", 1)[1].split("<!-- minimal-adapter:end -->", 1)[0]
    code = block.split("```python\n", 1)[1].split("```", 1)[0]
    return code


def test_minimal_adapter_is_about_fifty_lines() -> None:
    assert 40 <= len(adapter_source().strip().splitlines()) <= 60


def test_minimal_adapter_from_the_docs_passes_the_v2_vectors(tmp_path: Path) -> None:
    (tmp_path / "adapter.py").write_text(adapter_source(), encoding="utf-8")
    (tmp_path / "my_engine.py").write_text(MY_ENGINE, encoding="utf-8")
    paths = sorted((ROOT / "tests" / "fanhanglu" / "vectors").glob("v2-*.json"))
    assert len(paths) >= 9
    reports = Conformance(EngineProcess([sys.executable, str(tmp_path / "adapter.py")]), load).run(paths)
    assert [r.status for r in reports] == ["pass"] * len(paths), [
        r.to_json() for r in reports if r.status != "pass"
    ]


@pytest.mark.parametrize("word", sorted(V2_TOP_KEYS | V2_EXPECT_KEYS))
def test_every_v2_word_is_documented_and_used(word: str) -> None:
    vectors = (ROOT / "docs" / "vectors.md").read_text(encoding="utf-8")
    assert f"`{word}`" in vectors.split("## Version 2", 1)[1]
    used = [
        p
        for p in (ROOT / "tests" / "fanhanglu" / "vectors").glob("v2-*.json")
        if f'"{word}"' in p.read_text("utf-8")
    ]
    assert used, word
