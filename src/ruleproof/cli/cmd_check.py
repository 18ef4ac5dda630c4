"""``ruleproof check [FILE]`` — the main job: every available check on a rulebook, one report.

Stages: read the text into a clause tree; lint it (references, numbering, exception bookkeeping,
ten-gate lines, restatements, order tables, revision log, extraction hygiene); compare the executable
spec's quoted phrases with the text (drift); verify the invariants the text states (``ruleproof verify``,
every reading, BMC depth ``CHECK_DEPTH``).  Output formats and baselines are those of ``ruleproof lint``.
Exit 0 when nothing is found beyond the baseline and every invariant is proved or holds, 1 when
something is found or an invariant is violated, 3 when an invariant is unknown (never shown as a pass)
and nothing else failed, 2 when the input cannot be used.
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof import appendix, drift
from ruleproof.books import load_source
from ruleproof.cli.cmd_lint import add_report_arguments, emit_report
from ruleproof.cli.common import add_file_argument
from ruleproof.findings import Finding, Severity, Stage
from ruleproof.lint import CHECKS, run_lint
from ruleproof.smt.ts import Options, Status
from ruleproof.smt.verify import DEAD_EXCEPTION, VACUOUS, VIOLATED, VerifyReport, report_findings, verify_all
from ruleproof.text import Document, read_document

# The executable specs and how a text is recognised as theirs (by its title line).
SPECS = {"fanhanglu": "返航录"}
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
        help="与正文对照的可执行规格；auto 按标题识别（返航录 → fanhanglu），none 只做文本检查",
    )
    p.set_defaults(func=run)


def spec_for(doc: Document, choice: str) -> str | None:
    if choice != "auto":
        return None if choice == "none" else choice
    return next((key for key, word in SPECS.items() if word in doc.title), None)


def drift_stage(doc: Document, spec: str | None) -> tuple[Stage, list[Finding]]:
    if spec is None:
        return Stage(
            "spec", "skipped", "无对应的可执行规格：跳过规格对照", "no executable spec for this text: skipped"
        ), []
    from ruleproof.specs.fanhanglu.drift import quotes

    entries = quotes()
    found = drift.drift_findings(doc, entries)
    return (
        Stage(
            "spec",
            "findings" if found else "ok",
            f"规格对照（{spec}）：{len(entries)} 处引文，{len(found)} 处已与正文不符",
            f"spec drift ({spec}): {len(entries)} quoted phrases, {len(found)} no longer match the text",
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


def verify_stage(report: VerifyReport | None) -> Stage:
    if report is None:
        return Stage(
            "verify",
            "skipped",
            "无对应的可执行规格：跳过不变式验证",
            "no executable spec for this text: skipped",
        )
    by: dict[Status, list[str]] = {}
    for inv in report.invariants:
        by.setdefault(inv.status, []).append(inv.invariant.name)
    other = [
        f"{inv.invariant.name}（{','.join(f'{k}={v}' for k, v in rr.readings.items())}）"
        for inv in report.invariants
        for rr in inv.readings
        if not rr.configured and rr.status is Status.VIOLATED and inv.status is not Status.VIOLATED
    ]
    zh = {
        Status.PROVED: "已证明",
        Status.HOLDS: "有界成立",
        Status.VIOLATED: "违反",
        Status.UNKNOWN: "未知",
        Status.VACUOUS: "空证",
    }
    groups = sorted(by.items(), key=lambda kv: kv[0].value)
    parts = [f"{zh[s]} {len(n)}（{'、'.join(n)}）" for s, n in groups]
    parts_en = [f"{s.value} {len(n)} ({', '.join(n)})" for s, n in groups]
    tail = f"；其他解读下违反：{'、'.join(other)}" if other else ""
    tail_en = f"; violated in other readings: {', '.join(other)}" if other else ""
    status = {Status.VIOLATED: "violated", Status.VACUOUS: "vacuous", Status.UNKNOWN: "unknown"}.get(
        report.status, "ok"
    )
    return Stage(
        "verify",
        status,
        f"不变式验证（BMC {report.options.depth} 夜）：" + " · ".join(parts) + tail,
        f"verification (BMC {report.options.depth} nights): " + " · ".join(parts_en) + tail_en,
    )


def readings_stage(report: list[dict[str, Any]] | None) -> Stage:
    """What each interpretation switch costs in play (``ruleproof readings``): one line per switch."""
    if report is None:
        return Stage(
            "readings",
            "skipped",
            "无对应的可执行规格：跳过解读比较",
            "no executable spec for this text: skipped",
        )
    from ruleproof.cli.cmd_readings import STATUS_ZH

    counts: dict[str, int] = {}
    for r in report:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    bad = [r["switch"] for r in report if r["engine_agrees"] is False]
    lines = []
    for r in report:
        a, b = r["readings"]
        if r["status"] == "distinguished":
            night = r["scenario_night"] or r["night"]
            zh = (
                f"{r['switch']}（{a}∕{b}）：第 {night} 夜可区分——{r['scenario']}（{', '.join(r['differs'])}）"
            )
            en = f"{r['switch']} ({a}/{b}): told apart on night {night} — {', '.join(r['differs'])}"
        else:
            zh = f"{r['switch']}（{a}∕{b}）：{STATUS_ZH[r['status']]}（{r['depth']} 夜）"
            en = f"{r['switch']} ({a}/{b}): {r['status']} ({r['depth']} nights)"
        lines.append((zh, en))
    parts = "、".join(f"{STATUS_ZH[k]} {n}" for k, n in sorted(counts.items()))
    parts_en = ", ".join(f"{k} {n}" for k, n in sorted(counts.items()))
    status = "findings" if bad else ("unknown" if counts.get("unknown") else "ok")
    tail, tail_en = (
        (f"；引擎与模型不符：{'、'.join(bad)}", f"; the engine disagrees: {', '.join(bad)}")
        if bad
        else ("", "")
    )
    return Stage(
        "readings",
        status,
        f"解释开关 {len(report)} 个：{parts}{tail}",
        f"interpretation switches {len(report)}: {parts_en}{tail_en}",
        tuple(lines),
    )


def appendix_stage(doc: Document, found: list[Finding]) -> Stage:
    if appendix.profile_for(doc) is None:
        return Stage("appendix", "skipped", "无附录配置：跳过附录比对", "no appendix profile: skipped")
    e, w, n = _count(found)
    return Stage(
        "appendix",
        "findings" if found else "ok",
        f"附录比对（由正文生成 vs 印行）：{len(found)} 条（错误 {e} · 警告 {w} · 提示 {n}）",
        f"appendices (generated from the body vs printed): {len(found)} finding(s) ({e} error, {w} warning, {n} note)",
    )


def run(args: argparse.Namespace) -> int:
    doc = read_document(load_source(args.file))
    findings = run_lint(doc)
    spec = spec_for(doc, args.spec)
    spec_stage, spec_findings = drift_stage(doc, spec)
    report = None
    readings: list[dict[str, Any]] | None = None
    if spec == "fanhanglu":
        from ruleproof.invariants.fanhanglu.readings import all_readings
        from ruleproof.specs.fanhanglu import load_spec

        report = verify_all(load_spec(), doc, options=Options(depth=CHECK_DEPTH))
        readings = [v.to_json() for v in all_readings(report.spec, Options(depth=CHECK_DEPTH))]
    appendix_found = appendix.appendix_findings(doc)
    stages = [
        reading_stage(doc),
        lint_stage(findings),
        spec_stage,
        verify_stage(report),
        readings_stage(readings),
        appendix_stage(doc, appendix_found),
    ]
    everything = findings + spec_findings + appendix_found + (report_findings(report, doc) if report else [])
    checks = (*CHECKS, *drift.CHECKS, *appendix.CHECKS, VIOLATED, VACUOUS, DEAD_EXCEPTION)
    code = emit_report(
        args, doc, sorted(everything, key=Finding.sort_key), checks, tool="ruleproof check", stages=stages
    )
    if code == 0 and report is not None and report.exit_code() == 3:
        return 3  # an unknown invariant is not a pass
    return code
