"""Command-line interface.

Each sub-command lives in its own module under ``ruleproof.cli`` and exposes
``register(subparsers) -> None``; the parser it adds sets ``func`` to a callable taking the
parsed namespace and returning the exit status.  Add new commands to ``COMMANDS``.

Exit statuses used across commands: 0 ok / nothing found, 1 findings or a violated property,
2 bad input or usage, 3 unknown (a solver gave no answer in time).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ruleproof import __version__
from ruleproof.errors import UserError

COMMANDS: tuple[str, ...] = (
    "check",
    "lint",
    "outline",
    "refs",
    "config",
    "replay",
    "play",
    "simulate",
    "study",
    "vocab",
    "params",
    "verify",
    "appendix",
)


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line and exit 2 (argparse's own convention too)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: 用法错误 / usage error: {message}\n")


def build_parser(commands: Sequence[str] = COMMANDS) -> argparse.ArgumentParser:
    """The command line with the sub-commands ``commands`` (all by default; :func:`main` registers only the
    one named on the command line, so ``play`` / ``simulate`` / ``study`` never import z3, networkx or
    jinja2 through another command's module)."""
    parser = _Parser(prog="ruleproof", description="返航录等版杀规则书的形式化校验与测试预言机")
    parser.add_argument("--version", action="version", version=f"ruleproof {__version__}")
    parser.add_argument(
        "--lang", choices=("zh", "en"), default="zh", help="message language (default zh / 默认中文)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in commands:
        module = importlib.import_module(f"ruleproof.cli.cmd_{name.replace('-', '_')}")
        module.register(sub)
    return parser


def _named_command(argv: Sequence[str]) -> str | None:
    """The sub-command named on the command line (the first word that is one), if any."""
    return next((a for a in argv if a in COMMANDS), None)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    named = _named_command(args_list)
    parser = build_parser((named,) if named is not None else COMMANDS)
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        status: int = args.func(args)
    except UserError as exc:
        print(f"ruleproof: {exc.message(args.lang)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("ruleproof: 已中断 / interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
