"""``ruleproof check [FILE]`` — the main job: every available check on a rulebook, one report.

Stages: read the text into a clause tree (numbered 4.4.6, or by its headings); the generic lint of its
shape; the book-specific lint (返航录's exception registry and ten-gate lines, where the book's profile
or the text declares them); compare the executable spec's quoted phrases with the text (drift); verify
the invariants the text states (``ruleproof verify``, every reading, BMC depth ``CHECK_DEPTH``); the
configuration rules' own checks (``ruleproof config genshin165 --check``).  Which book the text is, and
so which stages it has, comes from the book registry (``--book KEY``, ``bundled:KEY`` or the text's
title); every stage is listed, with "skipped" and the reason where the book has no such thing (yet).
Output formats and baselines are those of ``ruleproof lint``.
Exit 0 when nothing is found beyond the baseline and every invariant is proved or holds, 1 when
something is found or an invariant is violated, 3 when an invariant is unknown (never shown as a pass)
and nothing else failed, 2 when the input cannot be used.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ruleproof import appendix, books, drift
from ruleproof.books import BOOKS, PARTS, BookProfile, load_source
from ruleproof.cli.cmd_lint import add_report_arguments, checks_for, emit_report
from ruleproof.cli.common import add_book_argument, add_file_argument, book_of_text, same_book
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError
from ruleproof.findings import Finding, Severity, Stage
from ruleproof.htmlreport import Extras, Story, SwitchView, file_in, tell, words_of
from ruleproof.lint import BOOK_CHECK_IDS, CheckInfo, families_for, run_lint
from ruleproof.lint.profiles import BOOK_FAMILIES, book_families
from ruleproof.smt.ts import Options, Status
from ruleproof.smt.verify import VIOLATED, VerifyReport, counterexample_name, report_findings, verify_all
from ruleproof.text import Document, read_document
from ruleproof.vectors.format import read_raw

SPECS = tuple(key for key, book in BOOKS.items() if book.has("spec"))  # books with an executable spec
CHECK_DEPTH = 4  # nights of BMC in `check` (every invariant of the bundled text closes by induction first)


def register(sub: Any) -> None:
    HELP = t("主任务：对规则书运行全部检查并汇总", "the main job: every check on a rulebook, one report")
    p: argparse.ArgumentParser = sub.add_parser("check", help=HELP, description=t(HELP, __doc__ or ""))
    add_file_argument(p)
    add_report_arguments(p)
    p.add_argument(
        "--spec",
        choices=("auto", "none", *SPECS),
        default="auto",
        help=t(
            "与正文对照的可执行规格；auto 按书识别（返航录 → fanhanglu），none 只做文本检查",
            "the executable spec to check the text against; auto: by the book (返航录 → fanhanglu); none: text checks only",
        ),
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
    if doc.shape != "dotted":
        roles, skills = len(doc.names.of("role")), len(doc.names.of("skill"))
        tables = sum(len(c.tables) for c in doc)
        return Stage(
            "text",
            "ok",
            f"按标题读取 {len(doc.clauses)} 节、{roles} 个身份、{skills} 个技能、{tables} 张表、{n_items} 项、"
            f"{n_refs} 处按名称的引用（{len(doc.missing)} 处所引名称未定义）",
            f"read by headings: {len(doc.clauses)} sections, {roles} roles, {skills} skills, {tables} tables, "
            f"{n_items} items, {n_refs} references by name ({len(doc.missing)} to undefined names)",
        )
    return Stage(
        "text",
        "ok",
        f"读取 {len(doc.clauses)} 条款、{n_items} 项、{n_refs} 处引用、{len(doc.appendices)} 个附录",
        f"read {len(doc.clauses)} clauses, {n_items} items, {n_refs} references, {len(doc.appendices)} appendices",
    )


def lint_stage(findings: list[Finding], doc: Document | None = None) -> Stage:
    e, w, n = _count(findings)
    families = "、".join(m.__name__.rsplit(".", 1)[-1] for m in families_for(doc)) if doc is not None else ""
    label = f"（{families}）" if families else ""
    return Stage(
        "lint",
        "findings" if findings else "ok",
        f"一致性检查{label}：{len(findings)} 条（错误 {e} · 警告 {w} · 提示 {n}）",
        f"lint{' (' + families.replace('、', ', ') + ')' if families else ''}: {len(findings)} finding(s) "
        f"({e} error, {w} warning, {n} note)",
    )


def book_lint_stage(doc: Document, findings: list[Finding]) -> Stage:
    enabled = sorted(book_families(doc))
    if not enabled:
        names = "、".join(BOOK_FAMILIES.values())
        return Stage(
            "book-lint",
            "skipped",
            f"本书没有{names}：跳过这两项专有检查",
            "the book declares no exception registry or ten-gate checklist: book-specific checks skipped",
        )
    e, w, n = _count(findings)
    what = "、".join(BOOK_FAMILIES[k] for k in enabled)
    return Stage(
        "book-lint",
        "findings" if findings else "ok",
        f"专有检查（{what}）：{len(findings)} 条（错误 {e} · 警告 {w} · 提示 {n}）",
        f"book-specific checks ({', '.join(enabled)}): {len(findings)} finding(s) ({e} error, {w} warning, {n} note)",
    )


def config_stage(doc: Document) -> tuple[Stage, list[Finding]]:
    """The configuration rules' own checks.  They encode the bundled text's rules (each cites its line),
    so they run on the bundled book only (``doc.book``), not on a user's revision of it."""
    book = BOOKS.get(doc.book or "")
    rules = book.load("config", "check") if book is not None and book.has("config") else None
    checked = rules.check() if rules is not None else None
    if book is None or checked is None:
        return (
            Stage(
                "config",
                "skipped",
                "本书没有可检查的身份配置规则：跳过配置检查",
                "no configuration rules with checks for this book: skipped",
            ),
            [],
        )
    found = list(checked.findings)
    e, w, n = _count(found)
    return (
        Stage(
            "config",
            "findings" if found else "ok",
            f"身份配置规则（ruleproof config {book.key} --check，{checked.scope}）：{len(found)} 条"
            f"（错误 {e} · 警告 {w} · 提示 {n}）",
            f"configuration rules (ruleproof config {book.key} --check, {checked.scope.replace('–', '-')}): "
            f"{len(found)} finding(s) ({e} error, {w} warning, {n} note)",
        ),
        found,
    )


def config_checks(findings: list[Finding]) -> list[CheckInfo]:
    """Report entries for the configuration checks' ids (their texts live with the findings)."""
    out: dict[str, CheckInfo] = {}
    for f in findings:
        out.setdefault(
            f.check,
            CheckInfo(
                id=f.check,
                family="config",
                severity=f.severity,
                title="身份配置规则",
                title_en="configuration rules",
                rule="身份配置规则须对每个人数都可满足、其中的界与概率须可达且不越界。",
                rule_en="The configuration rules must be satisfiable for every player count, their bounds "
                "reachable and their probabilities within range.",
                advice="见 ruleproof config --check 的说明（docs/config.md）。",
                advice_en="See ruleproof config --check (docs/config.md).",
            ),
        )
    return list(out.values())


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


def html_extras(doc: Document, book: BookProfile | None, report: VerifyReport | None) -> Extras:
    """What the HTML page shows beyond the findings: the text's order tables, every counterexample of
    the verification as a story, the book's interpretation switches with the scenarios kept for them."""
    from ruleproof.lint.context import LintContext
    from ruleproof.lint.orders import extract_order_tables

    orders = list(extract_order_tables(LintContext(doc)).values()) if doc.shape == "dotted" else []
    words = words_of(
        books.engine_of(book).vocabulary_json() if book is not None and book.has("engine") else None
    )
    folder = book.counterexamples if book is not None else None
    stories = []
    if report is not None:
        for inv in report.invariants:
            for rr in inv.readings:
                vector = rr.checked.scenario
                if rr.status is not Status.VIOLATED or vector is None:
                    continue
                label = ",".join(f"{k}={v}" for k, v in rr.readings.items()) or "default"
                failed = ", ".join(rr.checked.result.trace.failed) if rr.checked.result.trace else ""
                stem = counterexample_name(inv.invariant.name, report.spec, rr.readings)
                title = f"{inv.invariant.name}（{label}）违反：{failed}"
                stories.append(
                    Story(
                        title,
                        "violated",
                        list(vector.get("cites", [])),
                        tell(vector, words),
                        vector,
                        file_in(folder, stem),
                    )
                )
    switches = []
    if book is not None and book.has("spec"):
        for sw in books.spec_of(book, "check").switches:
            view = SwitchView(
                sw.key, sw.title, sw.default, [(r.value, r.zh, list(r.clauses)) for r in sw.readings]
            )
            view.scenarios = _kept_scenarios(folder, sw.key, words)
            switches.append(view)
    return Extras(stories=stories, switches=switches, orders=orders)


def _kept_scenarios(folder: str | None, key: str, words: dict[str, str]) -> list[Story]:
    """Vectors kept in the book's counterexamples folder that pin a reading of ``key``: one reading
    breaks a theorem the other keeps (``…--KEY=VALUE.json``), or the readings' own scenarios
    (``readings/KEY…``)."""
    if folder is None or not Path(folder).is_dir():
        return []
    paths = sorted(Path(folder).glob(f"*{key}=*.json")) + sorted(Path(folder).glob(f"readings/{key}*.json"))
    out = []
    for path in paths[:4]:
        try:
            vector = read_raw(path)
        except UserError:
            continue
        out.append(
            Story(
                str(vector.get("title") or path.stem),
                "distinguishes",
                list(vector.get("cites", [])),
                tell(vector, words),
                vector,
                path.as_posix(),
            )
        )
    return out


def run(args: argparse.Namespace) -> int:
    source = load_source(args.file)
    book = book_of_text(args, source)
    doc = read_document(source)
    findings = run_lint(doc)
    generic = [f for f in findings if f.check not in BOOK_CHECK_IDS]
    specific = [f for f in findings if f.check in BOOK_CHECK_IDS]
    against = spec_book(args, book)
    if against is not None and args.spec not in ("auto", "none"):
        same_book(source, against)
    off = args.spec == "none"
    spec_stage, spec_findings = drift_stage(doc, against, off)
    report = None
    if against is not None and against.has("invariants") and against.has("spec"):
        spec = books.spec_of(against, "check").load()
        report = verify_all(spec, doc, options=Options(depth=CHECK_DEPTH))
    appendix_found = appendix.appendix_findings(doc, book)
    cfg_stage, cfg_findings = config_stage(doc)
    stages = [
        reading_stage(doc),
        lint_stage(generic, doc),
        book_lint_stage(doc, specific),
        spec_stage,
        verify_stage(report, against, off),
        appendix_stage(doc, book, appendix_found),
        cfg_stage,
    ]
    everything = (
        findings
        + spec_findings
        + appendix_found
        + (report_findings(report, doc) if report else [])
        + cfg_findings
    )
    checks = (*checks_for(doc), *drift.CHECKS, *appendix.CHECKS, VIOLATED, *config_checks(cfg_findings))
    code = emit_report(
        args,
        doc,
        sorted(everything, key=Finding.sort_key),
        checks,
        tool="ruleproof check",
        stages=stages,
        extras=lambda: html_extras(doc, against, report),
    )
    if code == 0 and report is not None and report.exit_code() == 3:
        return 3  # an unknown invariant is not a pass
    return code
