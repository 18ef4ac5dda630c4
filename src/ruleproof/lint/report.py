"""Output formats of ``ruleproof lint``: text (for the rule author), JSON, SARIF 2.1.0, JUnit XML.

All four are deterministic: same findings, same bytes (no timestamps, no absolute paths beyond the
file name the user gave).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ruleproof import __version__
from ruleproof.findings import Finding, Severity, Stage
from ruleproof.jsonout import dumps
from ruleproof.lint.base import CheckInfo
from ruleproof.text.model import clause_key

FORMATS = ("text", "json", "sarif", "junit", "html")  # html: ruleproof.htmlreport (it needs the text)

_SEV_ZH = {Severity.ERROR: "错误", Severity.WARNING: "警告", Severity.NOTE: "提示"}
_SEV_MARK = {Severity.ERROR: "✗", Severity.WARNING: "!", Severity.NOTE: "·"}


@dataclass
class LintReport:
    source: str  # display name: a path as given, or bundled:KEY
    uri: str  # artifact location for SARIF: a URI reference (percent-encoded relative path, file: URI, bundled:KEY)
    title: str  # the rulebook's first line
    checks: Sequence[CheckInfo]
    findings: list[Finding]  # new findings (not absorbed by the baseline), sorted
    baselined: list[Finding] = field(default_factory=list)
    clause_titles: dict[str, str] = field(default_factory=dict)
    tool: str = "ruleproof lint"
    stages: list[Stage] = field(default_factory=list)  # ``ruleproof check``: one line per stage
    uri_base: str | None = None  # the file: URI of --srcroot; ``uri`` is then relative to it (SRCROOT)

    def check(self, check_id: str) -> CheckInfo:
        for info in self.checks:
            if info.id == check_id:
                return info
        raise KeyError(check_id)

    def counts(self) -> dict[str, int]:
        out = {s.value: 0 for s in Severity}
        for f in self.findings:
            out[f.severity.value] += 1
        return out

    def per_check(self) -> dict[str, int]:
        out = {c.id: 0 for c in self.checks}
        for f in self.findings:
            out[f.check] = out.get(f.check, 0) + 1
        return out


def render(report: LintReport, fmt: str, lang: str = "zh") -> str:
    if fmt == "text":
        return render_text(report, lang)
    if fmt == "json":
        return render_json(report)
    if fmt == "sarif":
        return render_sarif(report)
    if fmt == "junit":
        return render_junit(report, lang)
    raise ValueError(fmt)


# --------------------------------------------------------------------------------------------- text


def _group_key(clause: str | None) -> tuple[int, tuple[int, ...], str]:
    if clause is None:
        return (2, (), "")
    try:
        return (0, clause_key(clause), clause)
    except ValueError:  # appendices: 附录一 …
        return (1, (), clause)


FIX_FIRST = 5  # how many findings the closing "what to fix first" list names

_STAGE_RANK = {"violated": 0, "findings": 1, "unknown": 2, "vacuous": 2}


def verdict(report: LintReport, lang: str = "zh") -> str:
    """One line: pass / fail / undecided, and the counts — the first and the last line of ``check``."""
    en = lang == "en"
    c = report.counts()
    unsettled = [s.name for s in report.stages if s.status in ("unknown", "vacuous")]
    if report.findings:
        word = "FAIL" if en else "未通过"
    elif unsettled:
        word = "UNDECIDED" if en else "未定"
    else:
        word = "PASS" if en else "通过"
    if en:
        line = f"verdict: {word} — {len(report.findings)} finding(s): {c['error']} error, {c['warning']} warning, {c['note']} note"
        return line + (f"; not settled: {', '.join(unsettled)}" if unsettled else "")
    line = f"结论：{word}——{len(report.findings)} 条发现（错误 {c['error']} · 警告 {c['warning']} · 提示 {c['note']}）"
    return line + (f"；未能定论：{'、'.join(unsettled)}" if unsettled else "")


def fix_first(report: LintReport, n: int = FIX_FIRST) -> list[Finding]:
    """What to fix first: theorems the text states that do not hold, then errors, then warnings — in
    the order of the text within each, at most ``n``."""
    rank = {Severity.ERROR: 1, Severity.WARNING: 2, Severity.NOTE: 3}
    ordered = sorted(
        report.findings,
        key=lambda f: (0 if f.check == "invariant-violated" else rank[f.severity], *Finding.sort_key(f)),
    )
    return [f for f in ordered if f.severity is not Severity.NOTE][:n]


def _fix_first_lines(report: LintReport, en: bool) -> list[str]:
    first = fix_first(report)
    if not first:
        return []
    out = ["", "What to fix first:" if en else "先修这些："]
    for k, f in enumerate(first, 1):
        where = _where(f.clause, f.line, en)
        out.append(f"  {k}. {where} [{f.check}] {clip(f.message_en if en else f.message, 90)}")
    rest = len(report.findings) - len(first)
    if rest > 0:
        out.append(f"  … and {rest} more above" if en else f"  ……其余 {rest} 条见上文")
    return out


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def render_text(report: LintReport, lang: str = "zh") -> str:
    en = lang == "en"
    counts = report.counts()
    total = len(report.findings)
    lines: list[str] = []
    if report.stages:  # ``check``: the verdict first, and again last (the last thing on the screen)
        lines.append(verdict(report, lang))
    if en:
        head = f"{report.title} ({report.source}): {total} finding(s)"
        head += f" — {counts['error']} error, {counts['warning']} warning, {counts['note']} note"
    else:
        head = f"{report.title}（{report.source}）：{total} 条发现"
        head += f"（错误 {counts['error']} · 警告 {counts['warning']} · 提示 {counts['note']}）"
    if report.baselined:
        head += (
            f"; {len(report.baselined)} more accepted by the baseline"
            if en
            else f"；另有 {len(report.baselined)} 条已在基线中"
        )
    lines.append(head)
    for stage in report.stages:
        lines.append(f"  [{stage.name}] {stage.summary_en if en else stage.summary}")
        lines.extend(f"      {en_line if en else zh}" for zh, en_line in stage.lines)
    groups: dict[str | None, list[Finding]] = {}
    for f in report.findings:
        groups.setdefault(f.clause, []).append(f)
    for clause in sorted(groups, key=_group_key):
        items = sorted(groups[clause], key=Finding.sort_key)
        lines.append("")
        if clause is None:
            lines.append("(whole text)" if en else "（全文）")
        else:
            title = report.clause_titles.get(clause, "")
            sep = " " if title else ""
            lines.append(f"§{clause}{sep}{title}" if clause[0].isdigit() else f"{clause}{sep}{title}")
        for f in items:
            info = report.check(f.check)
            where = (f"line {f.line}" if en else f"第 {f.line} 行") if f.line is not None else ""
            sev = f.severity.value if en else _SEV_ZH[f.severity]
            msg = f.message_en if en else f.message
            lines.append(f"  {_SEV_MARK[f.severity]} {sev} [{f.check}] {where}{': ' if where else ''}{msg}")
            if f.quote:
                lines.append(f"      「{f.quote}」")
            colon = ": " if en else "："
            if f.related:
                rel = (", " if en else "、").join(_where(c, ln, en) for c, ln in f.related)
                lines.append(f"      {'see also' if en else '相关'}{colon}{rel}")
            rule = info.rule_en if en else info.rule
            advice = info.advice_en if en else info.advice
            lines.append(f"      {'rule' if en else '规则'}{colon}{rule}")
            lines.append(f"      {'to do' if en else '处理'}{colon}{advice}")
    if not report.findings:
        lines.append("")
        lines.append("No findings." if en else "未发现问题。")
    if report.stages:
        lines.extend(_fix_first_lines(report, en))
        lines.append("")
        lines.append(verdict(report, lang))
    return "\n".join(lines) + "\n"


def _where(clause: str | None, line: int | None, en: bool) -> str:
    parts = []
    if clause:
        parts.append(f"§{clause}" if clause[0].isdigit() else clause)
    if line is not None:
        parts.append(f"line {line}" if en else f"第 {line} 行")
    return " ".join(parts) or "?"


# --------------------------------------------------------------------------------------------- json


def render_json(report: LintReport) -> str:
    doc: dict[str, Any] = {
        "tool": {"name": report.tool, "version": __version__},
        "source": report.source,
        "title": report.title,
        "summary": {
            "findings": len(report.findings),
            "baselined": len(report.baselined),
            "by_severity": report.counts(),
            "by_check": report.per_check(),
        },
        "checks": [
            {
                "id": c.id,
                "family": c.family,
                "severity": c.severity.value,
                "title": c.title,
                "title_en": c.title_en,
            }
            for c in report.checks
        ],
        "findings": [f.to_json() for f in report.findings],
    }
    if report.stages:
        doc["stages"] = [s.to_json() for s in report.stages]
    return dumps(doc)


# -------------------------------------------------------------------------------------------- sarif

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def _artifact(report: LintReport) -> dict[str, Any]:
    out: dict[str, Any] = {"uri": report.uri}
    if report.uri_base is not None:
        out["uriBaseId"] = "SRCROOT"
    return out


def _location(
    artifact: dict[str, Any], line: int | None, clause: str | None, snippet: str = ""
) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {**artifact, "index": 0}}
    if line is not None:
        region: dict[str, Any] = {"startLine": line}
        if snippet:
            region["snippet"] = {"text": snippet}
        physical["region"] = region
    loc: dict[str, Any] = {"physicalLocation": physical}
    if clause:
        loc["logicalLocations"] = [{"name": clause, "kind": "section"}]
    return loc


def render_sarif(report: LintReport) -> str:
    index = {c.id: i for i, c in enumerate(report.checks)}
    rules = [
        {
            "id": c.id,
            "name": "".join(part.capitalize() for part in c.id.split("-")),
            "shortDescription": {"text": c.title_en},
            "fullDescription": {"text": f"{c.title}：{c.rule}"},
            "help": {"text": f"{c.advice}\n{c.advice_en}"},
            "defaultConfiguration": {"level": _SARIF_LEVEL[c.severity]},
            "properties": {"family": c.family, "title_zh": c.title},
        }
        for c in report.checks
    ]
    results = []
    for f in report.findings:
        result: dict[str, Any] = {
            "ruleId": f.check,
            "ruleIndex": index[f.check],
            "level": _SARIF_LEVEL[f.severity],
            "message": {"text": f"{f.message}（{f.message_en}）"},
            "locations": [_location(_artifact(report), f.line, f.clause, f.quote)],
            "partialFingerprints": {
                "ruleproof/v1": hashlib.sha256(f.fingerprint().encode("utf-8")).hexdigest()[:32]
            },
        }
        if f.related:
            result["relatedLocations"] = [
                {"id": i, **_location(_artifact(report), ln, c)}
                for i, (c, ln) in enumerate(f.related, start=1)
            ]
        if f.extra:
            result["properties"] = {"extra": f.extra}
        results.append(result)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "ruleproof-lint",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": rules,
                    }
                },
                "artifacts": [{"location": _artifact(report), "encoding": "utf-8"}],
                **(
                    {"originalUriBaseIds": {"SRCROOT": {"uri": report.uri_base}}}
                    if report.uri_base is not None
                    else {}
                ),
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return dumps(log)


# -------------------------------------------------------------------------------------------- junit


def render_junit(report: LintReport, lang: str = "zh") -> str:
    """One test case per check: it fails when the check has findings beyond the baseline."""
    en = lang == "en"
    by_check: dict[str, list[Finding]] = {c.id: [] for c in report.checks}
    for f in report.findings:
        by_check.setdefault(f.check, []).append(f)
    failures = sum(1 for fs in by_check.values() if fs)
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    out.append(f'<testsuites name={quoteattr(report.tool)} tests="{len(by_check)}" failures="{failures}">')
    out.append(
        f'  <testsuite name={quoteattr("lint " + report.source)} tests="{len(by_check)}"'
        f' failures="{failures}" errors="0" skipped="0">'
    )
    for info in report.checks:
        fs = sorted(by_check.get(info.id, []), key=Finding.sort_key)
        title = info.title_en if en else info.title
        out.append(f"    <testcase classname={quoteattr('lint.' + info.family)} name={quoteattr(info.id)}>")
        if fs:
            summary = f"{len(fs)} finding(s): {title}" if en else f"{len(fs)} 条发现：{title}"
            body = "\n".join(
                f"{_where(f.clause, f.line, en)}: {f.message_en if en else f.message}"
                + (f" 「{f.quote}」" if f.quote else "")
                for f in fs
            )
            out.append(
                f"      <failure message={quoteattr(summary)} type={quoteattr(info.severity.value)}>"
                f"{escape(body)}</failure>"
            )
        out.append("    </testcase>")
    out.append("  </testsuite>")
    out.append("</testsuites>")
    return "\n".join(out) + "\n"
