"""Reading profiles: how a bundled book is printed, so its reader need not guess.

A profile names the book's *shape* — ``dotted`` (clauses numbered 4.4.6, read by ``headings.py``) or
``sectioned`` (headings, roles and tables, read by ``sections.py``).  A text that is not a bundled
book (a user's own file) has the profile ``auto``: it is read as dotted when it numbers its clauses
that way and by its headings otherwise — the bundled books read the same way without their profile
(tests/text/test_books_read.py).  This is the text layer's part of a book's profile; the lint's part
is ``ruleproof.lint.profiles``.  Both are parts of the book's entry in the book registry.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReadingProfile:
    shape: str = "auto"  # "dotted" | "sectioned" | "auto"


AUTO = ReadingProfile()


def reading_profile(book: str | None) -> ReadingProfile:
    """The reading profile of the bundled book ``book`` — the ``reading`` part of its registry entry
    (``ruleproof.books``) — or ``auto``."""
    from ruleproof.books import BOOKS

    profile = BOOKS.get(book) if book else None
    if profile is None or profile.reading is None:
        return AUTO
    return ReadingProfile(profile.reading)
