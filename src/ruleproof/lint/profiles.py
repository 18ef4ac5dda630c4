"""Lint profiles: which check families run on a book.

Every book gets the generic families of its shape (docs/lint.md): a text numbered 4.4.6 gets the
reference, numbering, restatement, order, deferral, revision-log and hygiene checks; a text shaped by
headings gets the name, structure, win-table, sequence and forum-extraction checks.  Book-specific
bookkeeping — 返航录's exception registry (2.8.9, family c) and ten-gate lines (2.8.10, family d) — runs
when the book's profile enables it, or when the text itself declares such a registry or checklist
(a clause titled 「例外登记册」 / 「接入检查（十关）」), so it never fires on a book that has neither.
This is the lint's part of a book's profile (its registry entry's ``lint``, :mod:`ruleproof.books`); the
reading part is ``ruleproof.text.profiles``.
"""

from __future__ import annotations

from ruleproof.books import BOOKS, LintProfile
from ruleproof.text.model import Document
from ruleproof.text.refs import find_owners

# the book-specific families and the clause-title words by which a text declares what they check
BOOK_FAMILIES = {"exceptions": "例外登记册（2.8.9）", "gates": "接入检查（十关，2.8.10）"}


NO_PROFILE = LintProfile()


def book_families(doc: Document) -> frozenset[str]:
    """The book-specific families that run on ``doc``: its profile's, plus what the text declares."""
    book = BOOKS.get(doc.book or "")
    enabled = set((book.lint if book is not None else NO_PROFILE).book_families)
    if doc.shape == "dotted":
        owners = find_owners({c.id: c.title for c in doc})
        if owners.registry is not None:
            enabled.add("exceptions")
        if owners.gates is not None:
            enabled.add("gates")
    return frozenset(enabled)
