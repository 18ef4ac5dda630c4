"""``ruleproof check [FILE]`` — the main job: every available check on a rulebook, one report.

Stages: read the text into a clause tree; lint it (references, numbering, exception bookkeeping,
ten-gate lines, restatements, order tables, revision log, extraction hygiene).  Output formats and
baselines are those of ``ruleproof lint``.  Exit 0 when nothing is found beyond the baseline, 1 when
something is, 2 when the input cannot be used.
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.books import load_source
from ruleproof.cli.cmd_lint import add_report_arguments, emit_report
from ruleproof.cli.common import add_file_argument
from ruleproof.findings import Finding, Severity, Stage
from ruleproof.lint import CHECKS, run_lint
from ruleproof.text import Document, read_document


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "check", help="主任务：对规则书运行全部检查并汇总", description=__doc__
    )
    add_file_argument(p)
    add_report_arguments(p)
    p.set_defaults(func=run)


def _count(findings: list[Finding]) -> tuple[int, int, int]:
    return (
        sum(f.severity is Severity.ERROR for f in findings),
        sum(f.severity is Severity.WARNING for f in findings),
        sum(f.severity is Severity.NOTE for f in findings),
    )


def reading_stage(doc: Document) -> Stage:
    n_refs = sum(1 for _ in doc.refs())
    n_items = sum(len(c.items) for c in doc)
    return Stage(
        "text",
        "ok",
        f"读取 {len(doc.clauses)} 条款、{n_items} 项、{n_refs} 处引用、{len(doc.appendices)} 个附录",
        f"read {len(doc.clauses)} clauses, {n_items} items, {n_refs} references, {len(doc.appendices)} appendices",
    )


def lint_stage(findings: list[Finding]) -> Stage:
    e, w, n = _count(findings)
    return Stage(
        "lint",
        "findings" if findings else "ok",
        f"一致性检查：{len(findings)} 条（错误 {e} · 警告 {w} · 提示 {n}）",
        f"lint: {len(findings)} finding(s) ({e} error, {w} warning, {n} note)",
    )


def run(args: argparse.Namespace) -> int:
    doc = read_document(load_source(args.file))
    findings = run_lint(doc)
    stages = [reading_stage(doc), lint_stage(findings)]
    return emit_report(args, doc, findings, CHECKS, tool="ruleproof check", stages=stages)
