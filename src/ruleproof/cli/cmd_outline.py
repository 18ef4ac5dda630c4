"""``ruleproof outline [FILE] [--json]`` — the clause tree read from the text."""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.cli.common import add_file_argument, load_document, write
from ruleproof.cli.i18n import t
from ruleproof.jsonout import dumps
from ruleproof.text import Document
from ruleproof.text.export import document_json

REASONS_ZH = {
    "clause-absent": "条款不存在",
    "defined-inline": "仅在上级条款正文中内联出现，无独立条款",
    "item-absent": "该条款无此项",
    "registry-entry-absent": "登记册无此登记项",
    "namespace-owner-absent": "找不到该编号体系所属的条款",
    "name-undefined": "文中没有定义这个名称",
    "skill-not-of-role": "这个技能属于别的身份",
}
KINDS_ZH = {"role": "身份", "skill": "技能", "status": "状态", "camp": "阵营", "tag": "标签"}


def register(sub: Any) -> None:
    HELP = t(
        "条款树：编号、标题、项、标签、引用与行号",
        "the clause tree: ids, titles, items, tags, references and lines",
    )
    p: argparse.ArgumentParser = sub.add_parser("outline", help=HELP, description=t(HELP, __doc__ or ""))
    add_file_argument(p)
    p.add_argument(
        "--json",
        action="store_true",
        help=t(
            "机器可读的 JSON（格式见 docs/text-model.md）",
            "machine-readable JSON (format in docs/text-model.md)",
        ),
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    doc = load_document(args.file)
    write(dumps(document_json(doc)) if args.json else render(doc, args.lang))
    return 0


def render(doc: Document, lang: str) -> str:
    if doc.shape != "dotted":
        return render_sections(doc, lang)
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


def render_sections(doc: Document, lang: str) -> str:
    """A book shaped by headings: sections indented under their parents, roles and tables marked."""
    zh = lang != "en"
    n_items = sum(len(c.items) for c in doc)
    n_refs = sum(1 for _ in doc.refs())
    roles = doc.names.of("role")
    skills = doc.names.of("skill")
    out = [doc.title]
    if zh:
        out.append(
            f"{len(doc.clauses)} 节 · {len(roles)} 个身份 · {len(skills)} 个技能 · {n_items} 项 · "
            f"{n_refs} 处按名称的引用 · {len(doc.lines)} 行（按标题读取）"
        )
    else:
        out.append(
            f"{len(doc.clauses)} sections · {len(roles)} roles · {len(skills)} skills · {n_items} items · "
            f"{n_refs} references by name · {len(doc.lines)} lines (read by headings)"
        )
    out.append("")
    depth: dict[str, int] = {}
    for c in doc:
        d = depth[c.parent] + 1 if c.parent in depth else 0
        depth[c.id] = d
        marks = []
        if c.role:
            marks.append(("身份 " if zh else "role ") + "/".join(c.role))
        if c.tables:
            rows = sum(len(t.rows) for t in c.tables)
            marks.append(
                f"表格 {len(c.tables)}（{rows} 行）" if zh else f"{len(c.tables)} table(s), {rows} rows"
            )
        if c.items:
            marks.append(" ".join(it.label for it in c.items))
        if c.fused:
            marks.append("标题与正文同行" if zh else "heading fused with its body")
        where = f"〔第{c.line}行〕" if zh else f"〔L{c.line}〕"
        label = c.id if c.id.rsplit("/", 1)[-1] == c.title else f"{c.id}  {c.title}"
        line = f"{'  ' * d}{label}  {where}"
        if marks:
            line += "  " + "；".join(marks)
        out.append(line)
    if doc.missing:
        out.append("")
        out.append("被引用但文中没有定义的名称：" if zh else "Names cited but not defined in the text:")
        for m in doc.missing:
            r = m.ref
            kind = KINDS_ZH.get(r.kind.value, r.kind.value) if zh else r.kind.value
            reason = REASONS_ZH.get(m.reason, m.reason) if zh else m.reason
            out.append(f"  {kind} {r.name}：{reason} — {r.clause} 第 {r.line} 行「{r.raw}」")
    return "\n".join(out) + "\n"
