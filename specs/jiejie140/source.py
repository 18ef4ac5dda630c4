"""The text the spec is read from: the bundled [140]乘风破浪的姐姐2 (or a revision of it), through the reader.

The skill tables, the night-step table, the set-up table and the win table are *read* from the clause
tree's table rows (``ruleproof.text``: each row keeps its cells and its source line), not retyped here, so
a revised cell changes the spec and the drift check quotes the cell as the bundled text prints it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ruleproof.books import BOOKS, Source
from ruleproof.errors import BadInput
from ruleproof.text import Clause, Document, read_document
from ruleproof.text.model import Row, Table

BOOK = "jiejie140"


@cache
def bundled() -> Document:
    """The bundled text's clause tree (read once per process)."""
    book = BOOKS[BOOK]
    return read_document(Source(name=f"bundled:{BOOK}", data=book.read_bytes()))


@dataclass(frozen=True)
class Cell:
    """One cell of a table row: the column it stands in (the header's word), its text, where it is."""

    column: str
    text: str
    clause: str
    line: int


def clause(doc: Document, clause_id: str) -> Clause:
    found = doc.clauses.get(clause_id)
    if found is None:
        raise BadInput(
            f"《{doc.title}》中没有「{clause_id}」一节：规格读不到它的表格",
            f"{doc.name}: no section {clause_id!r}, the spec cannot read its table",
        )
    return found


def tables(doc: Document, clause_id: str) -> list[Table]:
    return clause(doc, clause_id).tables


def cells(table: Table, row: Row, clause_id: str) -> dict[str, Cell]:
    """A row's cells by their column's header word (a row shorter than the header lacks its last keys)."""
    out: dict[str, Cell] = {}
    for column, text in zip(table.header, row.cells, strict=False):
        out[column] = Cell(column, text.strip(), clause_id, row.line)
    return out


def line_of(doc: Document, clause_id: str, phrase: str) -> int:
    """The source line of ``phrase`` in the clause (its first line if the phrase is not on one line)."""
    c = clause(doc, clause_id)
    squashed = phrase.replace(" ", "")
    for span in c.spans:
        if squashed in span.text.replace(" ", ""):
            return span.line
    for h in c.headings:
        if squashed in h.raw:
            return h.line
    return c.line


__all__ = ["BOOK", "Cell", "bundled", "cells", "clause", "line_of", "tables"]
