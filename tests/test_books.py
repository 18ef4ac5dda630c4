"""The bundled rulebooks are byte-identical copies of the user's texts."""

from __future__ import annotations

import hashlib

import pytest

from ruleproof.books import BOOKS, DEFAULT_BOOK, load_source
from ruleproof.errors import BadInput

# sha256 of the seed files in ../shared/seeds at the time they were bundled.
SHA256 = {
    "fanhanglu": "47e003a7b199e5b9d4b3c6025edcacf1d95cbae62043e77ab4d990057e2d17cb",
}


def test_default_is_fanhanglu() -> None:
    assert DEFAULT_BOOK.key == "fanhanglu"
    assert DEFAULT_BOOK.book_id == "fanhanglu/v1preview1.0"


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_bundled_book_readable(key: str) -> None:
    data = BOOKS[key].read_bytes()
    assert len(data) > 20_000
    data.decode("utf-8")


def test_fanhanglu_bytes_unchanged() -> None:
    assert hashlib.sha256(DEFAULT_BOOK.read_bytes()).hexdigest() == SHA256["fanhanglu"]


def test_load_source_errors(tmp_path: object) -> None:
    with pytest.raises(BadInput):
        load_source("/nonexistent/file.txt")
    with pytest.raises(BadInput):
        load_source("bundled:nope")
    assert load_source("bundled:genshin165").name == "bundled:genshin165"
