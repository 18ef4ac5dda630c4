"""The stages of ``ruleproof check`` as one function, shared by ``check``, ``check --against`` and
``mutate``.

Stages: ``text`` (read the clause tree, numbered 4.4.6 or by its headings; always); ``lint`` (the generic
lint of the text's shape, and the book-specific lint — 返航录's exception registry and ten-gate lines —
where the book's profile or the text declares them; with the revision log's parsed / unparsed rows);
``spec`` (the executable spec's quoted phrases against the text, when the book has a spec); ``verify``
(the invariants the text states, every reading, BMC depth :data:`CHECK_DEPTH`); ``appendix`` (the
appendices generated from the body against the printed ones); ``config`` (the configuration rules' own
checks, bundled genshin165 only).  The lint is given what the spec knows (its role and skill names, the
phrases its constants are read from) when the text is recognised.  Every stage is listed, with
"skipped" and the reason where it did not run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ruleproof import appendix, drift
from ruleproof.findings import Finding, Severity, Stage
from ruleproof.lint import BOOK_CHECK_IDS, Knowledge, LintContext, families_for, lint_context, revisions
from ruleproof.lint.base import CheckInfo
from ruleproof.lint.profiles import BOOK_FAMILIES, book_families
from ruleproof.text import Document

if TYPE_CHECKING:
    from ruleproof.smt.verify import VerifyReport

# The executable specs and how a text is recognised as theirs (by its title line).
SPECS = {"fanhanglu": "返航录"}
# Bundled books whose configuration rules have their own checks (``ruleproof config KEY --check``); they
# encode the bundled text's rules, so they run on that book only, not on a user's revision of it.
CONFIG_CHECKED = ("genshin165",)
CHECK_DEPTH = 4  # nights of BMC in `check` (every invariant of the bundled text closes by induction first)
STAGES = ("lint", "spec", "verify", "appendix", "config")


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
    if doc.book not in CONFIG_CHECKED:
        return (
            Stage(
                "config",
                "skipped",
                "本书没有可检查的身份配置规则：跳过配置检查",
                "no configuration rules with checks for this book: skipped",
            ),
            [],
        )
    from ruleproof.specs.genshin165.check import DEFAULT_RANGE, check

    ns = list(range(DEFAULT_RANGE[0], DEFAULT_RANGE[1] + 1))
    found = check(ns)
    e, w, n = _count(found)
    return (
        Stage(
            "config",
            "findings" if found else "ok",
            f"身份配置规则（ruleproof config {doc.book} --check，N = {ns[0]}–{ns[-1]}）：{len(found)} 条"
            f"（错误 {e} · 警告 {w} · 提示 {n}）",
            f"configuration rules (ruleproof config {doc.book} --check, N = {ns[0]}-{ns[-1]}): "
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


def skipped_stage(name: str) -> Stage:
    return Stage(name, "skipped", "未运行（按所选阶段）", "not run (stage not selected)")


def revisions_stage(ctx: LintContext) -> Stage:
    """How much of the revision log was read into claims (the rest is listed by line, never guessed)."""
    if not ctx.log_appendices:
        return Stage("revisions", "skipped", "无修订记录：跳过", "no revision log: skipped")
    s = revisions.summary(ctx)
    lines = "、".join(map(str, s.unparsed[:12])) + ("…" if len(s.unparsed) > 12 else "")
    tail = f"；未读出的行：第 {lines} 行" if s.unparsed else ""
    tail_en = f"; rows not read at lines {lines.replace('、', ', ')}" if s.unparsed else ""
    return Stage(
        "revisions",
        "ok",
        f"修订记录：{s.rows} 行，其中 {s.parsed} 行读出 {s.claims} 项主张，{s.rows - s.parsed} 行未读出{tail}",
        f"revision log: {s.rows} rows, {s.parsed} read into {s.claims} claims, {s.rows - s.parsed} not read"
        + tail_en,
    )


def run_check(
    doc: Document,
    *,
    spec_choice: str = "auto",
    stages: Sequence[str] = STAGES,
    overrides: Mapping[str, int] | None = None,
) -> CheckRun:
    """Every selected stage on ``doc``; the findings of all stages, sorted.  ``overrides`` are spec
    params (internal units) the invariants are verified under — the values a revision prints."""
    from ruleproof.smt.verify import VIOLATED

    spec = spec_for(doc, spec_choice)
    out: list[Finding] = []
    done = [reading_stage(doc)]
    if "lint" in stages:
        ctx = LintContext(doc, knowledge_for(spec))
        lint = lint_context(ctx)
        out += lint
        generic = [f for f in lint if f.check not in BOOK_CHECK_IDS]
        done.append(lint_stage(generic, doc))
        done.append(book_lint_stage(doc, [f for f in lint if f.check in BOOK_CHECK_IDS]))
        if doc.shape == "dotted":
            done.append(revisions_stage(ctx))
    else:
        done += [skipped_stage("lint"), skipped_stage("book-lint")]
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

        report = verify_all(load_spec(overrides), doc, options=Options(depth=CHECK_DEPTH))
        out += report_findings(report, doc)
        done.append(verify_stage(report))
    elif "verify" in stages:
        done.append(verify_stage(None))
    else:
        done.append(skipped_stage("verify"))
    if "appendix" in stages:
        found = appendix.appendix_findings(doc)
        out += found
        done.append(appendix_stage(doc, found))
    else:
        done.append(skipped_stage("appendix"))
    cfg: list[Finding] = []
    if "config" in stages:
        cfg_stage, cfg = config_stage(doc)
        out += cfg
        done.append(cfg_stage)
    else:
        done.append(skipped_stage("config"))
    checks = [
        *(info for family in families_for(doc) for info in family.CHECKS),
        *drift.CHECKS,
        *appendix.CHECKS,
        VIOLATED,
        *config_checks(cfg),
    ]
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
