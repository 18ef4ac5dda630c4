"""Every vector under tests/botc_m124/vectors replays with all expectations holding; each cites sections
that exist in the text and is stored in canonical JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.books import load_source
from ruleproof.specs.botc_m124.engine.runner import ENGINE
from ruleproof.text import read_document
from ruleproof.vectors import dump_vector

VECTORS = sorted((Path(__file__).parent / "vectors").glob("*.json"))
COUNTEREXAMPLES = sorted((Path(__file__).parents[2] / "counterexamples" / "botc_m124").glob("*.json"))
DOC = read_document(load_source("bundled:botc-m124"))


@pytest.mark.parametrize("path", VECTORS + COUNTEREXAMPLES, ids=lambda p: p.stem)
def test_vector(path: Path) -> None:
    vec, _outcome, mismatches = ENGINE.replay(path)
    assert mismatches == [], [m.line("en") for m in mismatches]
    for cite in vec.raw["cites"]:
        assert DOC.resolves(cite), cite
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert path.read_text(encoding="utf-8") == dump_vector(raw)
    assert raw["id"] == path.stem


def test_enough_vectors() -> None:
    assert len(VECTORS) >= 80
