"""The options the configuration sub-commands (``ruleproof config BOOK``) share, and their checks: each
book's ``cli.py`` adds its own options beside these, so a shared option reads and is checked the same in
every book."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ruleproof.cli.i18n import t
from ruleproof.errors import UserError


def positive(value: int | None, name: str) -> None:
    """``--boards``, ``--pool-size``…: when given, a positive integer (exit 2 otherwise)."""
    if value is not None and value < 1:
        raise UserError(f"{name} 须为正整数，收到 {value}", f"{name} must be a positive integer, got {value}")


def add_seed(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help=t("随机种子（同一种子同样输出）", "random seed (the same seed, the same output)"),
    )


def add_boards(p: argparse.ArgumentParser, default: int | None, zh: str, en: str) -> None:
    """``--boards N``: how many different line-ups (``zh`` / ``en``: the default, as the book words it)."""
    p.add_argument(
        "--boards", type=int, default=default, help=t(f"方案数（{zh}）", f"number of line-ups ({en})")
    )


def add_check(p: argparse.ArgumentParser, zh: str, en: str) -> None:
    """``--check``: the configuration rules' own problems (``zh`` / ``en``: which)."""
    p.add_argument("--check", action="store_true", help=t(zh, en))


def add_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=t("JSON 输出", "JSON output"))


def add_range(p: argparse.ArgumentParser, default: tuple[int, int]) -> None:
    """``--range A-B``: the player counts ``--check`` scans."""
    lo, hi = default
    p.add_argument(
        "--range",
        dest="scan",
        metavar="A-B",
        help=t(
            f"--check 扫描的人数范围（默认 {lo}-{hi}）",
            f"the player counts --check scans (default {lo}-{hi})",
        ),
    )


def scan_range(
    text: str | None, players: int | None, default: tuple[int, int], check: Callable[[int, int], None]
) -> list[int]:
    """The player counts to check: ``--players`` alone, else ``--range A-B`` (each end passed to the book's
    ``check(lo, hi)``), else ``default``."""
    if players is not None:
        return [players]
    if text is None:
        return list(range(default[0], default[1] + 1))
    parts = text.split("-")
    if len(parts) != 2 or not all(x.strip().isdigit() for x in parts) or int(parts[0]) > int(parts[1]):
        raise UserError(f"--range 应形如 8-40，收到 {text!r}", f"--range must look like 8-40, got {text!r}")
    lo, hi = int(parts[0]), int(parts[1])
    check(lo, hi)
    return list(range(lo, hi + 1))


__all__ = ["add_boards", "add_check", "add_json", "add_range", "add_seed", "positive", "scan_range"]
