"""Command-line interface.

Each sub-command lives in its own module under ``ruleproof.cli`` and exposes
``register(subparsers) -> None``; the parser it adds sets ``func`` to a callable taking the
parsed namespace and returning the exit status.  Add new commands to ``COMMANDS``.

Exit statuses used across commands: 0 ok / nothing found, 1 findings or a violated property,
2 bad input or usage, 3 unknown (a solver gave no answer in time), 130 / 143 interrupted by SIGINT /
SIGTERM (no result is printed as if complete).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from ruleproof import __version__, interrupts, progress
from ruleproof.cli import i18n
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError

COMMANDS: tuple[str, ...] = (
    "check",
    "lint",
    "outline",
    "refs",
    "config",
    "replay",
    "conform",
    "vectors",
    "play",
    "simulate",
    "study",
    "vocab",
    "params",
    "verify",
    "readings",
    "firing",
    "appendix",
    "mutate",
)


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line and exit 2 (argparse's own convention too)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: 用法错误 / usage error: {message}\n")


def build_parser(lang: str = "zh", commands: Sequence[str] = COMMANDS) -> argparse.ArgumentParser:
    """The command line, its help texts in ``lang`` (see :mod:`ruleproof.cli.i18n`), with the sub-commands
    ``commands`` (all by default; :func:`main` registers only the one named on the command line, so
    ``play`` / ``simulate`` / ``study`` never import z3, networkx or jinja2 through another command's module)."""
    i18n.set_lang(lang)
    parser = _Parser(
        prog="ruleproof",
        description=t(
            "返航录等版杀规则书的形式化校验与测试预言机",
            "formal verifier and test oracle for long Chinese forum social-deduction rulebooks (版杀)",
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"ruleproof {__version__}",
        help=t("显示版本号并退出", "show the version and exit"),
    )
    parser.add_argument(
        "--lang",
        choices=("zh", "en"),
        default="zh",
        help=t("消息与帮助的语言（默认中文）", "language of messages and help (default zh)"),
    )
    parser.add_argument(
        "--quiet",
        action="store_true",
        help=t(
            "不在 stderr 显示进度（进度只在终端上显示）",
            "no progress on stderr (it is only shown on a terminal anyway)",
        ),
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
    parser = build_parser(i18n.lang_of(args_list), (named,) if named is not None else COMMANDS)
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        with interrupts.guard(), progress.to_terminal(progress.wanted(args.quiet), args.lang):
            status: int = args.func(args)
            interrupts.raise_if_pending()  # a signal recorded late (in a finalizer) still ends the run
    except UserError as exc:
        print(f"ruleproof: {exc.message(args.lang)}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:
        return 0
    except BaseException as exc:  # Interrupted (SIGINT / SIGTERM), a bare Ctrl-C, or what a signal became
        sig = interrupts.interrupt_of(exc)
        if sig is None:
            raise
        print(
            f"ruleproof: 已中断（{sig.name}），未产出完整结果"
            if args.lang != "en"
            else f"ruleproof: interrupted ({sig.name}); no complete result was produced",
            file=sys.stderr,
        )
        return sig.exit_code
    return status


def entry() -> None:
    """The ``ruleproof`` console script: :func:`main`, then exit.  After an interrupt the process ends
    without running finalizers — a Z3 object whose construction the signal cut short would otherwise print
    a traceback from its ``__del__`` at shutdown after the one clean line."""
    code = main()
    if code in (130, 143):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
