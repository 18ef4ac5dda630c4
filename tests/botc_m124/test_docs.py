"""docs/botc-m124.md embeds the switches as the spec states them, names only vectors that exist, and its
vector count is the folder's."""

from __future__ import annotations

import re
from pathlib import Path

from ruleproof.specs.botc_m124.interpretations import SWITCHES
from ruleproof.specs.model import switches_markdown

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "botc-m124.md"
VECTORS = sorted((ROOT / "tests" / "botc_m124" / "vectors").glob("*.json"))
COUNTEREXAMPLES = sorted((ROOT / "counterexamples" / "botc_m124").glob("*.json"))


def test_switch_section_is_generated_from_the_spec() -> None:
    text = DOC.read_text(encoding="utf-8")
    embedded = text.split("<!-- switches:start -->\n", 1)[1].split("<!-- switches:end -->", 1)[0]
    assert embedded.strip() == switches_markdown(SWITCHES).strip()


def test_named_vectors_exist_and_counts_match() -> None:
    text = DOC.read_text(encoding="utf-8")
    names = {p.stem for p in [*VECTORS, *COUNTEREXAMPLES]}
    named = [n for n in re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+){2,})`", text) if not n.startswith("switch-")]
    assert len(named) > 60
    for name in named:
        assert name in names, name
    assert f"{len(VECTORS)} hand-checked vectors" in text
    assert f"→ {len(VECTORS) + len(COUNTEREXAMPLES)} pass" in text
