"""The book registry: every rulebook ruleproof knows, what each has, and how a text, a ``bundled:KEY``
name, a ``--book KEY`` option or a vector's ``book`` field leads to it.

This package is the only place shared code reaches a book's modules from (by the references in
:mod:`.catalog`, imported on demand); ``tests/test_layout.py`` scans every import to keep it so.

``fanhanglu`` (返航录 v1preview1.0) is the default book for every command that takes ``[FILE]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ruleproof.books.catalog import CATALOG
from ruleproof.books.profile import PARTS, BookProfile, LintProfile
from ruleproof.errors import BadInput, UserError
from ruleproof.fsutil import read_limited

if TYPE_CHECKING:
    from ruleproof.books.protocols import ExecutableSpec
    from ruleproof.runtime.replay import BookEngine

BOOKS: dict[str, BookProfile] = {b.key: b for b in CATALOG}
DEFAULT_BOOK = BOOKS["fanhanglu"]
BundledBook = BookProfile  # the name this registry had before books declared their parts

RECOGNISE_LINES = 20  # the opening lines searched for a book's recognition phrases


@dataclass(frozen=True)
class Source:
    """Raw bytes of a document plus a display name used in messages and reports."""

    name: str
    data: bytes
    path: Path | None = None


# The largest rulebook text read (the bundled 返航录 is 1 MB; the reader and lint stay near-linear, a 10 MB
# text is read and linted in well under a minute: ci/bench_size.py).  Larger input — or a device such as
# /dev/zero — is one line, exit 2.
MAX_TEXT_BYTES = 16 * 1024 * 1024


def load_source(file: str | None, default: BookProfile = DEFAULT_BOOK) -> Source:
    """Read ``file`` (a path, or ``bundled:KEY``), or the bundled default when ``file`` is None."""
    if file is None:
        return Source(name=f"bundled:{default.key}", data=default.read_bytes())
    if file.startswith("bundled:"):
        key = file.removeprefix("bundled:")
        book = BOOKS.get(key)
        if book is None or book.filename is None:
            known = ", ".join(sorted(k for k, b in BOOKS.items() if b.filename))
            raise BadInput(
                f"没有名为 {key} 的内置规则书（可用：{known}）", f"no bundled book {key!r} (known: {known})"
            )
        return Source(name=file, data=book.read_bytes())
    path = Path(file)
    data = read_limited(path, MAX_TEXT_BYTES, ("规则书文本", "rulebook text"))
    return Source(name=str(path), data=data, path=path)


def get(key: str) -> BookProfile:
    """The book named ``key`` (exit 2 naming the known ones otherwise)."""
    book = BOOKS.get(key)
    if book is None:
        known = ", ".join(BOOKS)
        raise UserError(f"没有名为 {key} 的规则书（可用：{known}）", f"no book {key!r} (known: {known})")
    return book


def recognise(source: Source) -> BookProfile | None:
    """The book a source is: ``bundled:KEY`` names it; otherwise the first book one of whose recognition
    phrases stands in the text's opening lines (radical look-alikes mapped first)."""
    if source.name.startswith("bundled:"):
        return BOOKS.get(source.name.removeprefix("bundled:"))
    from ruleproof.text.normalize import normalize

    text = source.data[:20_000].decode("utf-8", errors="replace")
    lines = [normalize(ln) for ln in text.splitlines() if ln.strip()][:RECOGNISE_LINES]
    for line in lines:
        found = recognise_title(line)
        if found is not None:
            return found
    return None


def recognise_title(title: str) -> BookProfile | None:
    """The first book one of whose recognition phrases stands in ``title`` (a document's title line)."""
    for book in BOOKS.values():
        if any(phrase in title for phrase in book.recognise):
            return book
    return None


def book_for(key: str | None, source: Source | None = None) -> BookProfile:
    """The book a command works on: ``--book KEY`` when given, else the one the source is, else (no
    source) the default book.  A user's text that is no known book needs ``--book``."""
    if key is not None:
        return get(key)
    if source is None:
        return BOOKS[DEFAULT_BOOK.key]
    found = recognise(source)
    if found is None:
        raise UserError(
            f"认不出 {source.name} 是哪一本规则书：请用 --book 指定（可选：{', '.join(BOOKS)}）",
            f"cannot tell which book {source.name} is: name it with --book (one of {', '.join(BOOKS)})",
        )
    return found


def by_id(book_id: object, where: str = "<vector>") -> BookProfile:
    """The book a vector's ``book`` field (``key/version``) names."""
    if not isinstance(book_id, str) or "/" not in book_id:
        raise BadInput(f"{where}：book 须为 规则书/版本", f"{where}: book must be KEY/VERSION")
    key, _, version = book_id.partition("/")
    book = BOOKS.get(key)
    if book is None:
        raise BadInput(
            f"{where}：未知规则书 {book_id}（可用：{', '.join(BOOKS)}）",
            f"{where}: unknown book {book_id} (known: {', '.join(BOOKS)})",
        )
    if version != book.version:
        raise BadInput(
            f"{where}：向量属于 {book_id}，本工具实现的是 {book.book_id}",
            f"{where}: the vector is for {book_id}; ruleproof implements {book.book_id}",
        )
    return book


def engine_of(book: BookProfile, command: str = "replay") -> BookEngine:
    engine: BookEngine = book.load("engine", command)
    return engine


def spec_of(book: BookProfile, command: str) -> ExecutableSpec[Any]:
    spec: ExecutableSpec[Any] = book.load("spec", command)
    return spec


def engine_for_vector(book_id: object, where: str = "<vector>") -> BookEngine:
    """The engine that replays a vector of ``book_id`` (``where``: the vector file; its errors name the
    ``$.book`` field)."""
    return engine_of(by_id(book_id, f"{where}: $.book" if where != "<vector>" else where), "replay")


def invariants_of(book: BookProfile, command: str) -> Sequence[Any]:
    found: Sequence[Any] = book.load("invariants", command)
    return found


__all__ = [
    "BOOKS",
    "DEFAULT_BOOK",
    "PARTS",
    "BookProfile",
    "BundledBook",
    "LintProfile",
    "Source",
    "book_for",
    "by_id",
    "engine_for_vector",
    "engine_of",
    "get",
    "invariants_of",
    "load_source",
    "recognise",
    "recognise_title",
    "spec_of",
]
