"""``ruleproof check [FILE]`` — the main job: every available check on a rulebook, one summary.

Stages: read the text into a clause tree, then report what does not hold.  Exit 0 when nothing is
found, 1 when something is, 2 when the input cannot be used.
"""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.cli.common import add_file_argument, load_document, write
from ruleproof.findings import Finding, Severity
from ruleproof.jsonout import dumps
from ruleproof.text import Document

_REASON = {
    "clause-absent": ("引用的条款在文中不存在", "cited clause does not exist"),
    "defined-inline": (
        "引用的条款没有独立条文，只在上级条款中内联出现",
        "cited clause exists only inline in its parent",
    ),
    "item-absent": ("引用的项在该条款中不存在", "cited item does not exist in that clause"),
    "registry-entry-absent": ("引用的登记项在登记册中不存在", "cited registry entry does not exist"),
    "namespace-owner-absent": ("找不到该编号体系所属的条款", "no clause owns this numbering"),
}


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "check", help="主任务：对规则书运行全部检查并汇总", description=__doc__
    )
    add_file_argument(p)
    p.add_argument("--json", action="store_true", help="machine-readable JSON")
    p.set_defaults(func=run)


def reference_findings(doc: Document) -> list[Finding]:
    out: list[Finding] = []
    for m in doc.missing:
        r = m.ref
        target = (r.target_clause or "") + (r.target_item or "")
        zh, en = _REASON.get(m.reason, (m.reason, m.reason))
        out.append(
            Finding(
                check="ref-missing",
                severity=Severity.NOTE if r.quoted else Severity.ERROR,
                clause=r.clause or r.context.removeprefix("appendix:"),
                line=r.line,
                message=f"{zh}：{target}",
                message_en=f"{en}: {target}",
                quote=r.raw,
            )
        )
    return sorted(out, key=Finding.sort_key)


def run(args: argparse.Namespace) -> int:
    doc = load_document(args.file)
    findings = reference_findings(doc)
    zh = args.lang != "en"
    if args.json:
        write(
            dumps(
                {
                    "document": {"name": doc.name, "title": doc.title, "clauses": len(doc.clauses)},
                    "findings": [f.to_json() for f in findings],
                }
            )
        )
    else:
        out = [f"{doc.name}：{doc.title}" if zh else f"{doc.name}: {doc.title}"]
        out.append(
            f"读取 {len(doc.clauses)} 条款、{sum(1 for _ in doc.refs())} 处引用。"
            if zh
            else f"read {len(doc.clauses)} clauses, {sum(1 for _ in doc.refs())} references."
        )
        for f in findings:
            msg = f.message if zh else f.message_en
            out.append(f"  {f.clause} 第 {f.line} 行 [{f.check}] {msg}（「{f.quote}」）")
        out.append(f"共 {len(findings)} 项发现。" if zh else f"{len(findings)} findings.")
        write("\n".join(out) + "\n")
    return 1 if findings else 0
