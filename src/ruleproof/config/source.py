"""Where a rule comes from: the Chinese sentence and its line in the bundled text.

A :class:`Cite` is built from a quote; its line is found by searching the bundled text at run time,
so an edited text that no longer contains the sentence is noticed (:class:`QuoteNotFound`, and the
test suite locates every quote the package carries).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ruleproof.books import BOOKS


class QuoteNotFound(LookupError):
    """A rule's source sentence is not in the bundled text any more: the rule must be re-read."""


@cache
def book_lines(book: str) -> tuple[str, ...]:
    """The bundled text of ``book`` as lines (1-based line ``i`` is ``book_lines(book)[i - 1]``)."""
    return tuple(BOOKS[book].read_bytes().decode("utf-8").splitlines())


def locate(book: str, quote: str, *, after: int = 0) -> int:
    """1-based line of the first occurrence of ``quote`` in ``book`` after line ``after``."""
    for number, line in enumerate(book_lines(book), start=1):
        if number > after and quote in line:
            return number
    raise QuoteNotFound(f"{book}: quote not found after line {after}: {quote!r}")


@dataclass(frozen=True)
class Cite:
    """A quote from a bundled book and the line it stands on."""

    book: str
    quote: str
    line: int

    @classmethod
    def of(cls, book: str, quote: str, *, after: int = 0) -> Cite:
        return cls(book, quote, locate(book, quote, after=after))

    def to_json(self) -> dict[str, object]:
        return {"line": self.line, "quote": self.quote}
