"""Where a spec entry stands in the bundled text: its section's clause and the source line of its phrase
(read through the text reader, so the lines are the file's own)."""

from __future__ import annotations

import re
from functools import cache

from ruleproof.books import load_source
from ruleproof.text import Document, read_document
from ruleproof.text.model import PREAMBLE

BOOK = "botc-m124"
_SPACE = re.compile(r"\s+")


@cache
def document() -> Document:
    return read_document(load_source(f"bundled:{BOOK}"))


def line_of(clause: str, quote: str) -> int | None:
    """The source line where ``quote`` starts inside ``clause`` (spaces ignored), or the clause's own
    line; None when the clause is not in the text."""
    doc = document()
    if clause == PREAMBLE:
        first, last = (doc.preamble[0].line, doc.preamble[-1].line) if doc.preamble else (1, 0)
    else:
        c = doc.clauses.get(clause)
        if c is None:
            return None
        first, last = c.line, c.end_line
    want = _SPACE.sub("", quote)
    for n in range(first, last + 1):
        if want[: min(len(want), 12)] in _SPACE.sub("", doc.lines[n - 1]):
            return n
    return first


__all__ = ["BOOK", "document", "line_of"]
