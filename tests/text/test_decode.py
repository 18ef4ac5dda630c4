"""Bytes in: UTF-8, UTF-8 with BOM, GB18030 — anything else is one clear error."""

from __future__ import annotations

import pytest

from ruleproof.books import Source
from ruleproof.errors import BadInput
from ruleproof.text import read_document
from tests.text.test_synthetic import BASE


@pytest.mark.parametrize(
    "data",
    [BASE.encode("utf-8"), b"\xef\xbb\xbf" + BASE.encode("utf-8"), BASE.encode("gb18030")],
    ids=["utf-8", "utf-8-bom", "gb18030"],
)
def test_supported_encodings(data: bytes) -> None:
    doc = read_document(Source("x.txt", data))
    assert list(doc.clauses) == ["1.1", "1.2", "1.3", "2.1", "2.2"]
    assert doc.title == "示例规则书"


def test_crlf_line_endings_keep_line_numbers() -> None:
    doc = read_document(Source("x.txt", BASE.replace("\n", "\r\n").encode("utf-8")))
    assert doc.clauses["1.3"].line == 11


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"", "为空"),
        (b"   \n\n", "为空"),
        (bytes(range(256)) * 4, "二进制"),
        (b"\x89PNG\r\n\x1a\n" + bytes(300), "二进制"),
        (b"plain english text only", "没有中文"),
        ("这是一段没有条款编号的中文文字。".encode(), "找不到条款编号"),
        (b"\xff\xfe\xfd\x80\x81" * 50, "编码"),
    ],
    ids=["empty", "blank", "binary", "png", "english", "no-clauses", "undecodable"],
)
def test_bad_input(data: bytes, needle: str) -> None:
    with pytest.raises(BadInput) as err:
        read_document(Source("bad.bin", data))
    assert needle in err.value.zh
    assert "bad.bin" in err.value.zh and "bad.bin" in err.value.en
