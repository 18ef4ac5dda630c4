"""The vector corpus: every registered book's hand-checked vectors and counterexamples (the folders its
registry entry names), and ``ruleproof vectors export``'s corpus with its manifest and clause coverage."""

from __future__ import annotations

from pathlib import Path

from ruleproof.books import BOOKS, BookProfile


def repo_root() -> Path:
    """The repository (the registry's folders are relative to it): src/ruleproof/vectors/ → three up."""
    return Path(__file__).resolve().parents[3]


def book_sources(book: BookProfile) -> list[Path]:
    """The folders of ``book``'s vectors: hand-checked, then counterexamples (those that exist)."""
    out = []
    for rel in (book.vectors, book.counterexamples):
        if rel:
            path = repo_root() / rel
            if path.is_dir() and any(path.glob("*.json")):
                out.append(path)
    return out


def corpus_sources(books: list[BookProfile] | None = None) -> list[Path]:
    """The vector folders of ``books`` (default: every registered book)."""
    out: list[Path] = []
    for book in books if books is not None else list(BOOKS.values()):
        out += book_sources(book)
    return out


__all__ = ["book_sources", "corpus_sources", "repo_root"]
