"""``ruleproof check [FILE]`` — the main job: every available check on a rulebook, one report.

Stages: read the text into a clause tree; lint it (references, numbering, restatements, order tables,
revision log, extraction hygiene, and the book's own bookkeeping checks — 返航录's exception registry
and ten-gate lines — where its profile enables them); compare the executable spec's quoted phrases with
the text (drift); verify the invariants the text states (``ruleproof verify``, every reading, BMC depth
``CHECK_DEPTH``).  Which book the text is, and so which stages it has, comes from the book registry
(``--book KEY``, ``bundled:KEY`` or the text's title); a stage the book does not have yet is listed as
skipped, saying so.  Output formats and baselines are those of ``ruleproof lint``.
Exit 0 when nothing is found beyond the baseline and every invariant is proved or holds, 1 when
something is found or an invariant is violated, 3 when an invariant is unknown (never shown as a pass)
and nothing else failed, 2 when the input cannot be used.
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof import appendix, books, drift
from ruleproof.books import BOOKS, PARTS, BookProfile, load_source
from ruleproof.cli.cmd_lint import add_report_arguments, emit_report
from ruleproof.cli.common import add_book_argument, add_file_argument, book_of_text, lint_skip
from ruleproof.findings import Finding, Severity, Stage
from ruleproof.lint import CHECKS, run_lint
from ruleproof.smt.ts import Options, Status
from ruleproof.smt.verify import VIOLATED, VerifyReport, report_findings, verify_all
from ruleproof.text import Document, read_document

SPECS = tuple(key for key, book in BOOKS.items() if book.has("spec"))  # books with an executable spec
CHECK_DEPTH = 4  # nights of BMC in `check` (every invariant of the bundled text closes by induction first)


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
        help="与正文对照的可执行规格；auto 按书识别（返航录 → fanhanglu），none 只做文本检查",
    )
    add_book_argument(p)
    p.set_defaults(func=run)


def skipped(stage: str, book: BookProfile | None, part: str, requested: bool = False) -> Stage:
    """A stage that does not run: by request (``--spec none``), or because this text's book does not have
    the part it needs (yet) — saying which."""
    zh, en = PARTS[part]
    if requested:
        return Stage(stage, "skipped", "按 --spec none 跳过", "skipped (--spec none)")
    if book is None:
        return Stage(
            stage,
            "skipped",
            f"认不出是哪本规则书（可用 --book 指定）：跳过（需{zh}）",
            f"unknown book (name it with --book): skipped (needs {en})",
        )
    return Stage(stage, "skipped", f"{book.key} 尚无{zh}：跳过", f"{book.key} has no {en} yet: skipped")


def drift_stage(
    doc: Document, book: BookProfile | None, requested: bool = False
) -> tuple[Stage, list[Finding]]:
    if book is None or not book.has("drift"):
        return skipped("spec", book, "drift", requested), []
    entries = book.load("drift", "check")()
    found = drift.drift_findings(doc, entries)
    return (
        Stage(
            "spec",
            "findings" if found else "ok",
            f"规格对照（{book.key}）：{len(entries)} 处引文，{len(found)} 处已与正文不符",
            f"spec drift ({book.key}): {len(entries)} quoted phrases, {len(found)} no longer match the text",
        ),
        found,
    )


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


def verify_stage(report: VerifyReport | None, book: BookProfile | None, requested: bool = False) -> Stage:
    if report is None:
        return skipped("verify", book, "invariants", requested)
    by: dict[Status, list[str]] = {}
    for inv in report.invariants:
        by.setdefault(inv.status, []).append(inv.invariant.name)
    other = [
        f"{inv.invariant.name}（{','.join(f'{k}={v}' for k, v in rr.readings.items())}）"
        for inv in report.invariants
        for rr in inv.readings
        if not rr.configured and rr.status is Status.VIOLATED and inv.status is not Status.VIOLATED
    ]
    zh = {Status.PROVED: "已证明", Status.HOLDS: "有界成立", Status.VIOLATED: "违反", Status.UNKNOWN: "未知"}
    groups = sorted(by.items(), key=lambda kv: kv[0].value)
    parts = [f"{zh[s]} {len(n)}（{'、'.join(n)}）" for s, n in groups]
    parts_en = [f"{s.value} {len(n)} ({', '.join(n)})" for s, n in groups]
    tail = f"；其他解读下违反：{'、'.join(other)}" if other else ""
    tail_en = f"; violated in other readings: {', '.join(other)}" if other else ""
    status = {Status.VIOLATED: "violated", Status.UNKNOWN: "unknown"}.get(report.status, "ok")
    return Stage(
        "verify",
        status,
        f"不变式验证（BMC {report.options.depth} 夜）：" + " · ".join(parts) + tail,
        f"verification (BMC {report.options.depth} nights): " + " · ".join(parts_en) + tail_en,
    )


def appendix_stage(doc: Document, book: BookProfile | None, found: list[Finding]) -> Stage:
    if book is None or not book.has("appendix"):
        return skipped("appendix", book, "appendix")
    e, w, n = _count(found)
    return Stage(
        "appendix",
        "findings" if found else "ok",
        f"附录比对（由正文生成 vs 印行）：{len(found)} 条（错误 {e} · 警告 {w} · 提示 {n}）",
        f"appendices (generated from the body vs printed): {len(found)} finding(s) ({e} error, {w} warning, {n} note)",
    )


def spec_book(args: argparse.Namespace, book: BookProfile | None) -> BookProfile | None:
    """The book whose spec the text is checked against: ``--spec`` when it names one, none with
    ``--spec none``, else the text's own book."""
    if args.spec == "none":
        return None
    return books.get(args.spec) if args.spec != "auto" else book


def run(args: argparse.Namespace) -> int:
    source = load_source(args.file)
    book = book_of_text(args, source)
    doc = read_document(source)
    findings = run_lint(doc, skip=lint_skip(book))
    against = spec_book(args, book)
    off = args.spec == "none"
    spec_stage, spec_findings = drift_stage(doc, against, off)
    report = None
    if against is not None and against.has("invariants") and against.has("spec"):
        spec = books.spec_of(against, "check").load()
        report = verify_all(spec, doc, options=Options(depth=CHECK_DEPTH))
    appendix_found = appendix.appendix_findings(doc, book)
    stages = [
        reading_stage(doc),
        lint_stage(findings),
        spec_stage,
        verify_stage(report, against, off),
        appendix_stage(doc, book, appendix_found),
    ]
    everything = findings + spec_findings + appendix_found + (report_findings(report, doc) if report else [])
    checks = (*CHECKS, *drift.CHECKS, *appendix.CHECKS, VIOLATED)
    code = emit_report(
        args, doc, sorted(everything, key=Finding.sort_key), checks, tool="ruleproof check", stages=stages
    )
    if code == 0 and report is not None and report.exit_code() == 3:
        return 3  # an unknown invariant is not a pass
    return code
