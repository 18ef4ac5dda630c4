"""The stages of ``ruleproof check`` as one function, shared by ``check``, ``check --against`` and
``mutate``.

Stages: ``text`` (read the clause tree, numbered 4.4.6 or by its headings; always); ``lint`` (the generic
lint of the text's shape, and the book-specific lint — 返航录's exception registry and ten-gate lines —
where the book's profile or the text declares them; for a numbered text, how much of the revision log
was read); ``spec`` (the executable spec's quoted phrases against the text); ``verify`` (the invariants
the text states, every reading, BMC depth :data:`CHECK_DEPTH`); ``appendix`` (the appendices generated
from the body against the printed ones); ``config`` (the configuration rules' own checks, bundled books
only).  Which book the text is, and so which stages it has, comes from the book registry; every stage
is listed, with "skipped" and the reason where it did not run.  The lint is given what the book's spec
quotes (its names and the phrases its constants are read from) when there is one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ruleproof import appendix, books, drift, parallel, progress
from ruleproof.books import BOOKS, PARTS, BookProfile
from ruleproof.books.protocols import Readings
from ruleproof.findings import Finding, Severity, Stage
from ruleproof.lint import (
    BOOK_CHECK_IDS,
    CheckInfo,
    Knowledge,
    LintContext,
    families_for,
    lint_context,
    revisions,
)
from ruleproof.lint.profiles import BOOK_FAMILIES, book_families
from ruleproof.smt.ts import Options, Status
from ruleproof.smt.verify import DEAD_EXCEPTION, VACUOUS, VIOLATED, VerifyReport, plan_verify, report_findings
from ruleproof.text import Document

SPECS = tuple(key for key, book in BOOKS.items() if book.has("spec"))  # books with an executable spec
CHECK_DEPTH = 4  # nights of BMC in `check` (every invariant of the bundled text closes by induction first)
STAGES = ("lint", "spec", "verify", "appendix", "config")


@dataclass
class CheckRun:
    doc: Document
    book: BookProfile | None  # the book the text is
    against: BookProfile | None  # the book whose spec it was checked against
    findings: list[Finding]  # sorted
    stages: list[Stage]
    report: VerifyReport | None = None
    checks: list[CheckInfo] = field(default_factory=list)


def knowledge_for(book: BookProfile | None) -> Knowledge | None:
    """What the book's spec tells the lint: the names it quotes and the phrases its constants are read
    from (its drift quotes, through the registry), and the names it defines with their clauses."""
    if book is None or not book.has("drift"):
        return None
    entries = book.load("drift", "check")()
    terms = tuple(dict.fromkeys(e.quote for e in entries if str(e.key).startswith("term ")))
    owners: tuple[tuple[str, str], ...] = ()
    if book.has("owners"):
        owners = tuple((str(c), str(n)) for c, n in book.load("owners", "check")())
    return Knowledge(terms=terms, quotes=tuple((e.clause, e.quote) for e in entries), owners=owners)


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


def readings_stage(
    report: list[dict[str, Any]] | None, book: BookProfile | None, requested: bool = False
) -> Stage:
    """What each interpretation switch costs in play (``ruleproof readings``): one line per switch."""
    if report is None:
        return skipped("readings", book, "readings", requested)
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


def not_selected(name: str) -> Stage:
    return Stage(name, "skipped", "未运行（按所选阶段）", "not run (stage not selected)")


def verify_and_readings(
    doc: Document, against: BookProfile, overrides: Mapping[str, int] | None, jobs: int
) -> tuple[VerifyReport, list[dict[str, Any]] | None]:
    """The ``verify`` stage's report and the readings search's verdicts (when the book has one), their
    units run side by side in ``jobs`` worker processes (:mod:`ruleproof.parallel`): the readings search
    is one long unit, handed out first so that the invariants' units fill the other cores around it."""
    opts = Options(depth=CHECK_DEPTH)
    plan = plan_verify(books.spec_of(against, "check").load(overrides), doc, options=opts)
    units: list[Callable[[], Any]] = list(plan.units)
    if against.has("readings"):
        search: Readings = against.load("readings", "check")
        units.append(lambda: [v.to_json() for v in search(plan.spec, opts)])

    def shown(i: int, done: int) -> None:  # one bar: the readings search is its last step
        label = plan.label(i) if i < len(plan.units) else "readings"
        progress.update("verify", label, done, len(units))

    values = parallel.run_all(units, jobs, first=range(len(plan.units), len(units)), progress=shown)
    report = plan.report(values[: len(plan.units)], None)
    return report, (values[-1] if len(units) > len(plan.units) else None)


def run_check(
    doc: Document,
    *,
    book: BookProfile | None,
    against: BookProfile | None,
    stages: Sequence[str] = STAGES,
    overrides: Mapping[str, int] | None = None,
    spec_off: bool = False,
    jobs: int = 1,
) -> CheckRun:
    """Every selected stage on ``doc`` (the text of ``book``), checked against ``against``'s spec; the
    findings of all stages, sorted.  ``overrides`` are spec params (internal units) the invariants are
    verified under — the values a revision prints.  ``spec_off``: ``--spec none`` was asked for.
    ``jobs``: worker processes for the verification and the readings search (1: this process)."""
    out: list[Finding] = []
    done = [reading_stage(doc)]
    if "lint" in stages:
        ctx = LintContext(doc, knowledge_for(against))
        lint = lint_context(ctx)
        out += lint
        done.append(lint_stage([f for f in lint if f.check not in BOOK_CHECK_IDS], doc))
        done.append(book_lint_stage(doc, [f for f in lint if f.check in BOOK_CHECK_IDS]))
        if doc.shape == "dotted":
            done.append(revisions_stage(ctx))
        ctx.drop_views()  # (its tables freed now, not at a full collection: a mutation run checks hundreds of texts)
    else:
        done += [not_selected("lint"), not_selected("book-lint")]
    if "spec" in stages:
        spec_stage, spec_findings = drift_stage(doc, against, spec_off)
        out += spec_findings
        done.append(spec_stage)
    else:
        done.append(not_selected("spec"))
    report = None
    readings: list[dict[str, Any]] | None = None
    if "verify" in stages:
        if against is not None and against.has("invariants") and against.has("spec"):
            report, readings = verify_and_readings(doc, against, overrides, jobs)
            out += report_findings(report, doc)
        done.append(verify_stage(report, against, spec_off))
        done.append(readings_stage(readings, against, spec_off))
    else:
        done += [not_selected("verify"), not_selected("readings")]
    if "appendix" in stages:
        found = appendix.appendix_findings(doc, book)
        out += found
        done.append(appendix_stage(doc, book, found))
    else:
        done.append(not_selected("appendix"))
    cfg: list[Finding] = []
    if "config" in stages:
        cfg_stage, cfg = config_stage(doc)
        out += cfg
        done.append(cfg_stage)
    else:
        done.append(not_selected("config"))
    checks = [
        *(info for family in families_for(doc) for info in family.CHECKS),
        *drift.CHECKS,
        *appendix.CHECKS,
        VIOLATED,
        VACUOUS,
        DEAD_EXCEPTION,
        *config_checks(cfg),
    ]
    return CheckRun(doc, book, against, sorted(out, key=Finding.sort_key), done, report, checks)
