"""``ruleproof outline [FILE] [--json]`` — the clause tree read from the text."""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.cli.common import add_file_argument, load_document, write
from ruleproof.jsonout import dumps
from ruleproof.text import Document
from ruleproof.text.export import document_json

REASONS_ZH = {
    "clause-absent": "条款不存在",
    "defined-inline": "仅在上级条款正文中内联出现，无独立条款",
    "item-absent": "该条款无此项",
    "registry-entry-absent": "登记册无此登记项",
    "namespace-owner-absent": "找不到该编号体系所属的条款",
}


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "outline", help="条款树：编号、标题、项、标签、引用与行号", description=__doc__
    )
    add_file_argument(p)
    p.add_argument("--json", action="store_true", help="machine-readable JSON (format in docs/text-model.md)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    doc = load_document(args.file)
    write(dumps(document_json(doc)) if args.json else render(doc, args.lang))
    return 0


def render(doc: Document, lang: str) -> str:
    zh = lang != "en"
    out: list[str] = []
    n_items = sum(len(c.items) for c in doc)
    n_refs = sum(1 for _ in doc.refs())
    if zh:
        out.append(f"{doc.title}")
        out.append(
            f"{len(doc.clauses)} 条款 · {n_items} 项 · {n_refs} 处引用 · {len(doc.chapters)} 章 · "
            f"{len(doc.appendices)} 个附录 · {len(doc.lines)} 行"
        )
    else:
        out.append(f"{doc.title}")
        out.append(
            f"{len(doc.clauses)} clauses · {n_items} items · {n_refs} references · {len(doc.chapters)} chapters"
            f" · {len(doc.appendices)} appendices · {len(doc.lines)} lines"
        )
    out.append("")
    chapters = {ch.number: ch for ch in doc.chapters}
    shown: set[int] = set()
    for clause in doc:
        top = clause.key[0]
        if top in chapters and top not in shown:
            shown.add(top)
            out.append(f"{'第' if zh else 'chapter '}{top}{'章' if zh else ''} {chapters[top].title}")
        indent = "  " * (len(clause.key) - 1)
        marks = []
        if clause.displaced:
            marks.append("错位页" if zh else "displaced")
        if clause.fused:
            marks.append("标题嵌在段中" if zh else "fused heading")
        if len(clause.headings) > 1:
            lines = "、".join(str(h.line) for h in clause.headings[1:])
            marks.append(f"另见第 {lines} 行的同号标题" if zh else f"repeated heading at {lines}")
        items = " ".join(it.label for it in clause.items)
        tags = " ".join(t.raw for t in clause.tags if not t.mention)
        line = (
            f"{indent}{clause.id} {clause.title}  〔{'第' if zh else 'L'}{clause.line}{'行' if zh else ''}〕"
        )
        if items:
            line += f"  {items}"
        if tags:
            line += f"  {tags}"
        if marks:
            line += f"  ({'；'.join(marks)})"
        out.append(line)
    for appendix in doc.appendices:
        out.append(
            f"{appendix.name} {appendix.title}  〔{'第' if zh else 'L'}{appendix.line}{'行' if zh else ''}〕"
        )
    if doc.missing:
        out.append("")
        out.append("被引用但不存在的目标：" if zh else "Cited targets that do not exist:")
        for m in doc.missing:
            r = m.ref
            where = r.clause or r.context.removeprefix("appendix:")
            target = (r.target_clause or "") + (r.target_item or "")
            reason = REASONS_ZH.get(m.reason, m.reason) if zh else m.reason
            out.append(f"  {target:<12} {reason} — {where} 第 {r.line} 行「{r.raw}」")
    return "\n".join(out) + "\n"
