"""Helpers shared by the commands: the ``[FILE]`` and ``--book`` arguments, reading the document, and
choosing the book a command works on (through the book registry, :mod:`ruleproof.books`)."""

from __future__ import annotations

import argparse
import sys

from ruleproof import books, interrupts
from ruleproof.books import BOOKS, DEFAULT_BOOK, BookProfile, Source, load_source
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError
from ruleproof.text import Document, read_document


def file_help() -> str:
    bundled = ", ".join(sorted(k for k, b in BOOKS.items() if b.filename))
    return t(
        f"规则书文本文件（UTF-8 / GB18030）；省略时使用内置的 {DEFAULT_BOOK.title} {DEFAULT_BOOK.version}；"
        f"bundled:KEY 选用其他内置规则书（{bundled}）",
        f"rulebook text file (UTF-8 / GB18030); default: the bundled {DEFAULT_BOOK.key} "
        f"{DEFAULT_BOOK.version}; bundled:KEY for another bundled book ({bundled})",
    )


def book_help() -> str:
    return t(
        f"规则书（{', '.join(BOOKS)}）；省略时按 FILE 识别，无 FILE 时为 {DEFAULT_BOOK.key}",
        f"the book ({', '.join(BOOKS)}); default: the one FILE is, or {DEFAULT_BOOK.key} without FILE",
    )


def add_file_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", metavar="FILE", help=file_help())


def add_book_argument(parser: argparse.ArgumentParser, help: str | None = None) -> None:
    parser.add_argument("--book", metavar="KEY", help=help if help is not None else book_help())


def load_document(file: str | None) -> Document:
    return read_document(load_source(file))


def book_from_args(args: argparse.Namespace, source: Source | None = None) -> BookProfile:
    """``--book KEY``, else the book ``source`` is (``bundled:KEY`` or recognised by its title), else —
    no source — the default book; a text no book recognises needs ``--book`` (exit 2)."""
    return books.book_for(getattr(args, "book", None), source)


def book_of_text(args: argparse.Namespace, source: Source) -> BookProfile | None:
    """Like :func:`book_from_args`, but None for a text no book recognises (text-only commands run on it)."""
    key = getattr(args, "book", None)
    return books.get(key) if key is not None else books.recognise(source)


def same_book(source: Source, wanted: BookProfile) -> None:
    """Refuse to check a text against another book's spec: its tables and theorems would be read from
    the wrong text, and every check of them would pass on nothing (exit 2).  A text no book recognises
    (a user's revision with a new title) is taken as the book named."""
    found = books.recognise(source)
    if found is not None and found.key != wanted.key:
        raise UserError(
            f"{source.name} 是《{found.title}》（{found.key}），不是 {wanted.key}：不能用 {wanted.key} 的规格"
            f"验证它（其表格与定理须读自 {wanted.key} 的正文）",
            f"{source.name} is {found.key}, not {wanted.key}: it cannot be verified against the {wanted.key} "
            f"spec (its tables and theorems must be read from a {wanted.key} text)",
        )


def write(text: str) -> None:
    """A command's result on stdout, in one piece; never after an interrupt (a report cut short or
    finished after the signal must not look complete)."""
    interrupts.raise_if_pending()
    sys.stdout.write(text)


def add_solver_options(parser: argparse.ArgumentParser) -> None:
    """``--rlimit N`` (the deterministic work budget of each solver call) and ``--timeout MS`` (a wall-clock
    limit on top, none unless asked for): the commands that call Z3 share them (ruleproof.solvers)."""
    from ruleproof.solvers import DEFAULT_RLIMIT

    parser.add_argument(
        "--rlimit",
        type=int,
        default=DEFAULT_RLIMIT,
        metavar="N",
        help=t(
            f"每次求解的工作量预算（Z3 资源单位，默认 {DEFAULT_RLIMIT}；与机器快慢无关，同一问题处处同一结论）",
            f"work budget per solver call (Z3 resource units, default {DEFAULT_RLIMIT}; independent of the "
            "machine's speed: the same question gets the same verdict everywhere)",
        ),
    )
    parser.add_argument(
        "--timeout",
        type=int,
        default=None,
        metavar="MS",
        help=t(
            "另加每次求解的墙钟时限（毫秒；默认无——其结论随机器快慢而变，不入结论缓存）",
            "an additional wall-clock limit per solver call (ms; default none — a verdict it decides depends "
            "on the machine's speed and is not cached)",
        ),
    )


def add_jobs_argument(parser: argparse.ArgumentParser) -> None:
    """``--jobs N``: worker processes for the solver's independent units (:mod:`ruleproof.parallel`)."""
    from ruleproof.parallel import ENV, MAX_JOBS

    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        metavar="N",
        help=t(
            f"用 N 个工作进程并行求解彼此独立的验证单元（默认：${ENV}，否则本进程可用的 CPU 数，至多 "
            f"{MAX_JOBS}；1 即在本进程内逐一求解）。输出与 --jobs 1 逐字节相同（耗时字段除外）",
            f"solve the independent verification units in N worker processes (default: ${ENV}, else the CPUs "
            f"this process may use, at most {MAX_JOBS}; 1: one after the other in this process).  The output is "
            "byte-identical to --jobs 1 (apart from timing fields)",
        ),
    )


def solver_limits(args: argparse.Namespace) -> dict[str, int]:
    """``timeout_ms`` and ``rlimit`` for :class:`ruleproof.smt.ts.Options` from :func:`add_solver_options`'s
    options (each a positive number when given; exit 2 otherwise)."""
    if args.timeout is not None and args.timeout <= 0:
        raise UserError("--timeout 须为正数（毫秒）", "--timeout must be positive (ms)")
    if args.rlimit <= 0:
        raise UserError("--rlimit 须为正整数", "--rlimit must be a positive integer")
    return {"timeout_ms": args.timeout or 0, "rlimit": args.rlimit}
