from __future__ import annotations

import pytest

from ruleproof.books import Source, load_source
from ruleproof.text import Document, read_document


@pytest.fixture(scope="session")
def fanhanglu() -> Document:
    """The bundled 返航录 v1preview1.0 text, read once per test session (per xdist worker)."""
    return read_document(load_source(None))


def doc_from_text(text: str, name: str = "synthetic.txt") -> Document:
    return read_document(Source(name=name, data=text.encode("utf-8")))
