"""docs/jiejie140.md embeds the switches as the spec states them, and names only vectors that exist."""

from __future__ import annotations

import re

from ruleproof.specs.jiejie140 import SWITCHES
from ruleproof.specs.model import switches_markdown

from .conftest import COUNTEREXAMPLES, ROOT, VECTORS

DOC = ROOT / "docs" / "jiejie140.md"


def test_switch_section_is_generated_from_the_spec() -> None:
    text = DOC.read_text(encoding="utf-8")
    embedded = text.split("<!-- switches:start -->\n", 1)[1].split("<!-- switches:end -->", 1)[0]
    assert embedded.strip() == switches_markdown(SWITCHES).strip()


def test_vectors_the_doc_names_exist_and_counts_match() -> None:
    text = DOC.read_text(encoding="utf-8")
    names = {p.stem for p in [*VECTORS, *COUNTEREXAMPLES]}
    table = text.split("## Readings", 1)[1].split("<!-- switches:start -->", 1)[0]
    named = re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+){2,})`", table)
    named += re.findall(r"vector `([a-z0-9-]+)`", text)
    assert len(named) > 26
    for name in named:
        assert name in names, name
    assert f"holds {len(VECTORS)} hand-checked vectors" in text
