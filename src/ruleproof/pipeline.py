"""The stages of ``ruleproof check`` as one function, shared by ``check``, ``check --against`` and
``mutate``.

Stages: ``text`` (read the clause tree; always), ``lint`` (every lint family), ``spec`` (the executable
spec's quoted phrases against the text, when the book has a spec) and ``verify`` (the invariants the
text states, every reading, BMC depth :data:`CHECK_DEPTH`).  The lint is given what the spec knows
(its role and skill names, the phrases its constants are read from) when the text is recognised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ruleproof import drift
from ruleproof.findings import Finding, Severity, Stage
from ruleproof.lint import CHECKS, Knowledge, run_lint
from ruleproof.lint.base import CheckInfo
from ruleproof.text import Document

if TYPE_CHECKING:
    from ruleproof.smt.verify import VerifyReport

# The executable specs and how a text is recognised as theirs (by its title line).
SPECS = {"fanhanglu": "返航录"}
CHECK_DEPTH = 4  # nights of BMC in `check` (every invariant of the bundled text closes by induction first)
STAGES = ("lint", "spec", "verify")


@dataclass
class CheckRun:
    doc: Document
    spec: str | None
    findings: list[Finding]  # sorted
    stages: list[Stage]
    report: VerifyReport | None = None
    checks: list[CheckInfo] = field(default_factory=list)


def spec_for(doc: Document, choice: str = "auto") -> str | None:
    if choice != "auto":
        return None if choice == "none" else choice
    return next((key for key, word in SPECS.items() if word in doc.title), None)


def knowledge_for(spec: str | None) -> Knowledge | None:
    """What the book's spec tells the lint: its names and the phrases its constants are read from."""
    if spec != "fanhanglu":
        return None
    from ruleproof.specs.fanhanglu.drift import quotes
    from ruleproof.specs.fanhanglu.roles import ROLES, SKILLS

    terms = tuple(dict.fromkeys([*(r.zh for r in ROLES), *(s.zh for s in SKILLS)]))
    return Knowledge(terms=terms, quotes=tuple((q.clause, q.quote) for q in quotes()))


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


def skipped_stage(name: str) -> Stage:
    return Stage(name, "skipped", "未运行（按所选阶段）", "not run (stage not selected)")


def run_check(doc: Document, *, spec_choice: str = "auto", stages: Sequence[str] = STAGES) -> CheckRun:
    """Every selected stage on ``doc``; the findings of all stages, sorted."""
    from ruleproof.smt.verify import VIOLATED

    spec = spec_for(doc, spec_choice)
    out: list[Finding] = []
    done = [reading_stage(doc)]
    if "lint" in stages:
        lint = run_lint(doc, knowledge_for(spec))
        out += lint
        done.append(lint_stage(lint))
    else:
        done.append(skipped_stage("lint"))
    if "spec" in stages:
        spec_stage, spec_findings = drift_stage(doc, spec)
        out += spec_findings
        done.append(spec_stage)
    else:
        done.append(skipped_stage("spec"))
    report = None
    if "verify" in stages and spec == "fanhanglu":
        from ruleproof.smt.ts import Options
        from ruleproof.smt.verify import report_findings, verify_all
        from ruleproof.specs.fanhanglu import load_spec

        report = verify_all(load_spec(), doc, options=Options(depth=CHECK_DEPTH))
        out += report_findings(report, doc)
        done.append(verify_stage(report))
    elif "verify" in stages:
        done.append(verify_stage(None))
    else:
        done.append(skipped_stage("verify"))
    checks = [*CHECKS, *drift.CHECKS, VIOLATED]
    return CheckRun(doc, spec, sorted(out, key=Finding.sort_key), done, report, checks)


def verify_stage(report: VerifyReport | None) -> Stage:
    from ruleproof.smt.ts import Status

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
