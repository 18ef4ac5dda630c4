"""Output of ``check NEW --against OLD`` in the formats of ``check``.

text: what changed (clauses, constants, invariants, vectors), then the new findings as ``check``
prints them, then the fixed ones.  json: ``check``'s JSON of the new findings plus a ``revision``
object.  sarif: only the new findings on lines the revision changed (a pull request's annotations).
junit: one case per check, failing on new findings.  Chinese first; ``--lang en`` for English.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ruleproof.findings import Finding, Stage
from ruleproof.jsonout import dumps
from ruleproof.lint.base import CheckInfo
from ruleproof.lint.report import LintReport, render
from ruleproof.revgate.align import Pair
from ruleproof.revgate.compare import RevisionReport

LIST_AT_MOST = 40  # clauses / vectors listed one by one in text output


def stages(r: RevisionReport) -> list[Stage]:
    c = r.alignment.counts()
    runs = r.alignment.renumberings
    runs_zh = "；改号 " + "、".join(x.describe() for x in runs) if runs else ""
    runs_en = "; renumbered " + ", ".join(x.describe(en=True) for x in runs) if runs else ""
    out = [
        Stage(
            "revision",
            "findings" if c["edited"] or c["added"] or c["removed"] else "ok",
            f"条款对照：未变 {c['same']}，仅引用随改号更新 {c['cites']}，改动 {c['edited']}，新增 {c['added']}，"
            f"删除 {c['removed']}{runs_zh}；{len(r.alignment.changed_lines)} 行有改动",
            f"clauses: {c['same']} unchanged, {c['cites']} only their citations renumbered, {c['edited']} edited, "
            f"{c['added']} added, {c['removed']} removed{runs_en}; {len(r.alignment.changed_lines)} line(s) changed",
        ),
        Stage(
            "findings",
            "findings" if r.added else "ok",
            f"发现：新增 {len(r.added)}，已修复 {len(r.fixed)}，未变 {len(r.kept)}",
            f"findings: {len(r.added)} new, {len(r.fixed)} fixed, {len(r.kept)} unchanged",
        ),
    ]
    if r.new.against is None or not r.new.against.has("spec"):
        out.append(Stage("params", "skipped", "无可执行规格：跳过参数对照", "no executable spec: skipped"))
    else:
        changed = [p for p in r.params if p.kind == "changed"]
        out.append(
            Stage(
                "params",
                "findings" if r.params else "ok",
                f"规格参数：所据原文中的数值改变 {len(changed)} 处，原文不再可见 {sum(p.kind == 'gone' for p in r.params)} 处",
                f"spec params: {len(changed)} printed value(s) changed, "
                f"{sum(p.kind == 'gone' for p in r.params)} phrase(s) gone",
            )
        )
    if r.old.report is None or r.new.report is None:
        out.append(Stage("invariants", "skipped", "未运行不变式验证", "invariants not verified"))
    else:
        out.append(
            Stage(
                "invariants",
                "findings" if r.invariants else "ok",
                f"不变式：状态改变 {len(r.invariants)} 个"
                + (
                    "（" + "、".join(f"{i.name} {i.old}→{i.new}" for i in r.invariants) + "）"
                    if r.invariants
                    else ""
                ),
                f"invariants: {len(r.invariants)} changed status"
                + (
                    " (" + ", ".join(f"{i.name} {i.old}→{i.new}" for i in r.invariants) + ")"
                    if r.invariants
                    else ""
                ),
            )
        )
    v = r.vectors
    if v is None:
        out.append(
            Stage("vectors", "skipped", "未给出 --vectors：跳过向量重放", "no --vectors given: skipped")
        )
    else:
        replay_zh = (
            f"按两版所印数值各重放 {v.replayed} 个，结果改变 {len(v.changed)} 个"
            if v.replayed
            else "两版所印的规格数值相同：重放结果不会改变（未重放）"
        )
        replay_en = (
            f"replayed {v.replayed} under each revision's values, {len(v.changed)} changed outcome"
            if v.replayed
            else "the revisions print the same spec values: replay outcomes cannot change (not replayed)"
        )
        out.append(
            Stage(
                "vectors",
                "findings" if v.changed or v.citing else "ok",
                f"向量 {v.total} 个：{replay_zh}；引用了改动∕删除∕改号条款的 {len(v.citing)} 个",
                f"vectors {v.total}: {replay_en}; {len(v.citing)} cite a clause edited, removed or renumbered",
            )
        )
    return out + list(r.new.stages)


def _pair_line(p: Pair, en: bool) -> str:
    if p.kind == "added":
        return f"+ {p.new}" + (f" (line {p.new_line})" if en else f"（第 {p.new_line} 行）")
    if p.kind == "removed":
        return f"- {p.old}" + (f" (old line {p.old_line})" if en else f"（旧版第 {p.old_line} 行）")
    moved = f"{p.old} → {p.new}" if p.moved else f"{p.new}"
    share = f"{p.similarity:.1%}"
    if en:
        return f"~ {moved} (line {p.new_line}, {share} of the text kept)"
    return f"~ {moved}（第 {p.new_line} 行，保留 {share} 原文）"


def details(r: RevisionReport, en: bool) -> list[str]:
    lines: list[str] = []
    changed = r.alignment.of_kind("edited", "added", "removed")
    if changed:
        lines.append("changed clauses:" if en else "改动的条款：")
        lines += [f"  {_pair_line(p, en)}" for p in changed[:LIST_AT_MOST]]
        if len(changed) > LIST_AT_MOST:
            lines.append(
                f"  … {len(changed) - LIST_AT_MOST} more"
                if en
                else f"  …… 另有 {len(changed) - LIST_AT_MOST} 条"
            )
    if r.params:
        lines.append("spec params:" if en else "规格参数：")
        lines += [f"  {p.describe(en)}" for p in r.params]
    if r.invariants:
        lines.append("invariants:" if en else "不变式：")
        lines += [f"  {i.name}: {i.old} → {i.new}" for i in r.invariants]
    if r.vectors is not None:
        if r.vectors.changed:
            lines.append("vectors whose outcome changed:" if en else "重放结果改变的向量：")
            for vc in r.vectors.changed[:LIST_AT_MOST]:
                was = "pass" if not vc.old else f"{len(vc.old)} mismatch(es)"
                now = "pass" if not vc.new else f"{len(vc.new)} mismatch(es)"
                if not en:
                    was = "通过" if not vc.old else f"{len(vc.old)} 处不符"
                    now = "通过" if not vc.new else f"{len(vc.new)} 处不符"
                lines.append(f"  {vc.id}: {was} → {now}")
                lines += [f"      {m}" for m in vc.new[:3]]
        if r.vectors.citing:
            lines.append(
                "vectors citing a clause the revision touched:" if en else "引用了改动条款的向量（请复核）："
            )
            for c in r.vectors.citing[:LIST_AT_MOST]:
                lines.append(
                    f"  {c.id}: " + ", ".join(f"{k} {h}" for k, h in zip(c.cites, c.how, strict=True))
                )
            if len(r.vectors.citing) > LIST_AT_MOST:
                lines.append(f"  … {len(r.vectors.citing) - LIST_AT_MOST} more")
    return lines


def _fixed(r: RevisionReport, en: bool) -> list[str]:
    if not r.fixed:
        return []
    lines = ["", f"fixed ({len(r.fixed)}):" if en else f"已修复（{len(r.fixed)} 条，旧版行号）："]
    for f in sorted(r.fixed, key=Finding.sort_key):
        where = f"§{f.clause} " if f.clause else ""
        at = (f"line {f.line}" if en else f"第 {f.line} 行") if f.line is not None else ""
        lines.append(f"  ✓ [{f.check}] {where}{at}  {f.message_en if en else f.message}")
    return lines


def render_revision(
    r: RevisionReport,
    fmt: str,
    lang: str,
    *,
    checks: Sequence[CheckInfo],
    uri: str,
    old_name: str,
    titles: dict[str, str],
) -> str:
    en = lang == "en"
    findings = r.on_changed_lines() if fmt == "sarif" else r.added
    report = LintReport(
        source=r.new.doc.name,
        uri=uri,
        title=r.new.doc.title,
        checks=checks,
        findings=findings,
        baselined=[],
        clause_titles=titles,
        tool="ruleproof check --against",
        stages=stages(r),
    )
    if fmt == "text":
        head = (
            f"revision check: {old_name} → {r.new.doc.name}"
            if en
            else f"修订对照：{old_name} → {r.new.doc.name}"
        )
        body = render(report, "text", lang).rstrip("\n")
        more = details(r, en)
        top, sep, rest = body.partition("\n\n")  # the header and stage lines, then the findings
        text = head + "\n" + top + ("\n\n" + "\n".join(more) if more else "") + sep + rest
        return text + "\n".join(["", *_fixed(r, en)]) + "\n"
    out = render(report, fmt, lang)
    if fmt != "json":
        return out
    doc: dict[str, Any] = json.loads(out)
    doc["revision"] = {
        "old": old_name,
        "new": r.new.doc.name,
        "clauses": r.alignment.counts(),
        "pairs": [p.to_json() for p in r.alignment.pairs if p.kind != "same"],
        "renumberings": [x.to_json() for x in r.alignment.renumberings],
        "changed_lines": sorted(r.alignment.changed_lines),
        "fixed": [f.to_json() for f in sorted(r.fixed, key=Finding.sort_key)],
        "kept": len(r.kept),
        "params": [p.to_json() for p in r.params],
        "overrides": {"old": r.old_overrides, "new": r.new_overrides},
        "invariants": [i.to_json() for i in r.invariants],
        "vectors": None
        if r.vectors is None
        else {
            "total": r.vectors.total,
            "replayed": r.vectors.replayed,
            "changed": [v.to_json() for v in r.vectors.changed],
            "citing": [v.to_json() for v in r.vectors.citing],
        },
    }
    return dumps(doc)
