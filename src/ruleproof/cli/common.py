"""Helpers shared by the commands: the ``[FILE]`` argument and reading the document."""

from __future__ import annotations

import argparse
import sys

from ruleproof.books import BOOKS, DEFAULT_BOOK, load_source
from ruleproof.text import Document, read_document

FILE_HELP = (
    f"规则书文本文件（UTF-8 / GB18030）；省略时使用内置的 {DEFAULT_BOOK.title} {DEFAULT_BOOK.version}；"
    f"bundled:KEY 选用其他内置规则书（{', '.join(sorted(BOOKS))}）"
)


def add_file_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar="FILE", help=FILE_HELP)


def load_document(file: str | None) -> Document:
    return read_document(load_source(file))


def write(text: str) -> None:
    sys.stdout.write(text)
