"""``ruleproof check [FILE]`` — the main job: every available check on a rulebook, one report.

Stages: read the text into a clause tree (numbered 4.4.6, or by its headings); the generic lint of its
shape; the book-specific lint (返航录's exception registry and ten-gate lines, where the book's profile
or the text declares them); compare the executable spec's quoted phrases with the text (drift); verify
the invariants the text states (``ruleproof verify``, every reading, BMC depth ``CHECK_DEPTH``); the
configuration rules' own checks (``ruleproof config genshin165 --check``).  Every stage is listed, with
"skipped" and the reason where the book has no such thing.  Output formats and baselines are those of
``ruleproof lint``.
Exit 0 when nothing is found beyond the baseline and every invariant is proved or holds, 1 when
something is found or an invariant is violated, 3 when an invariant is unknown (never shown as a pass)
and nothing else failed, 2 when the input cannot be used.
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.books import load_source
from ruleproof.cli.cmd_lint import add_report_arguments, emit_report
from ruleproof.cli.common import add_file_argument
from ruleproof.pipeline import CHECK_DEPTH, SPECS, run_check, spec_for
from ruleproof.text import read_document

__all__ = ["CHECK_DEPTH", "SPECS", "register", "run", "spec_for"]


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "check", help="主任务：对规则书运行全部检查并汇总", description=__doc__
    )
    add_file_argument(p)
    add_report_arguments(p)
    p.add_argument(
        "--spec",
        choices=("auto", "none", *SPECS),
        default="auto",
        help="与正文对照的可执行规格；auto 按标题识别（返航录 → fanhanglu），none 只做文本检查",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    doc = read_document(load_source(args.file))
    result = run_check(doc, spec_choice=args.spec)
    code = emit_report(
        args, doc, result.findings, result.checks, tool="ruleproof check", stages=result.stages
    )
    if code == 0 and result.report is not None and result.report.exit_code() == 3:
        return 3  # an unknown invariant is not a pass
    return code
