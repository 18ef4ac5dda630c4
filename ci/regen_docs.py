"""Rewrite the generated sections of docs/vectors.md and docs/interpretations.md from the spec.

    .venv/bin/python ci/regen_docs.py

The test suite fails when these sections are out of date (tests/fanhanglu/test_engine_cli.py).
"""

from __future__ import annotations

from pathlib import Path

from ruleproof.specs.fanhanglu.engine.vocab import interpretations_markdown, markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"


def splice(path: Path, name: str, body: str) -> None:
    start, end = f"<!-- {name}:start -->\n", f"<!-- {name}:end -->"
    text = path.read_text(encoding="utf-8")
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    path.write_text(head + start + body + end + tail, encoding="utf-8")


if __name__ == "__main__":
    splice(DOCS / "vectors.md", "vocab", markdown())
    splice(DOCS / "interpretations.md", "switches", interpretations_markdown())
    print("docs regenerated")
