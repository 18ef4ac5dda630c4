"""Reading profiles: how a bundled book is printed, so its reader need not guess.

A profile names the book's *shape* — ``dotted`` (clauses numbered 4.4.6, read by ``headings.py``) or
``sectioned`` (headings, roles and tables, read by ``sections.py``).  A text that is not a bundled
book (a user's own file) has the profile ``auto``: it is read as dotted when it numbers its clauses
that way and by its headings otherwise — the bundled books read the same way without their profile
(tests/text/test_books_read.py).  This is the text layer's part of a book's profile; the lint's part
is ``ruleproof.lint.profiles``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReadingProfile:
    shape: str = "auto"  # "dotted" | "sectioned" | "auto"


READING_PROFILES: dict[str, ReadingProfile] = {
    "fanhanglu": ReadingProfile("dotted"),
    "genshin165": ReadingProfile("sectioned"),
    "jiejie140": ReadingProfile("sectioned"),
    "botc-m124": ReadingProfile("sectioned"),
    "random41": ReadingProfile("sectioned"),
}

AUTO = ReadingProfile()


def reading_profile(book: str | None) -> ReadingProfile:
    return READING_PROFILES.get(book, AUTO) if book else AUTO
