"""``ruleproof refs [FILE] CLAUSE`` — what a clause cites and who cites it."""

from __future__ import annotations

import argparse
from typing import Any

from ruleproof.cli.common import file_help, load_document, write
from ruleproof.cli.i18n import t
from ruleproof.errors import UserError
from ruleproof.jsonout import dumps
from ruleproof.text.export import ref_json
from ruleproof.text.graph import cited_by, cites, reference_graph
from ruleproof.text.markers import MARKER_RE, parse_marker
from ruleproof.text.model import Ref


def register(sub: Any) -> None:
    HELP = t("某条款引用了谁、被谁引用", "what a clause cites and who cites it")
    p: argparse.ArgumentParser = sub.add_parser("refs", help=HELP, description=t(HELP, __doc__ or ""))
    p.add_argument(
        "args",
        nargs="+",
        metavar="[FILE] CLAUSE",
        help=t(
            f"CLAUSE 如 4.4.6、2.8.9(17)、附录四；按标题读取的规则书可用节、身份、技能名（如 猎人、最后一枪）。{file_help()}",
            f"CLAUSE such as 4.4.6, 2.8.9(17), 附录四; in a book read by headings a section, role or skill name (猎人, 最后一枪). {file_help()}",
        ),
    )
    p.add_argument("--json", action="store_true", help=t("机器可读的 JSON", "machine-readable JSON"))
    p.set_defaults(func=run)


def _split_item(target: str) -> tuple[str, tuple[int, int | None] | None]:
    m = MARKER_RE.search(target)
    if m is None:
        return target, None
    ordinal, variant, _ = parse_marker(m)
    return target[: m.start()], (ordinal, variant)


def _same_item(ref: Ref, item: tuple[int, int | None] | None) -> bool:
    if item is None:
        return True
    if ref.target_item is None:
        return False
    m = MARKER_RE.fullmatch(ref.target_item)
    if m is None:
        return False
    ordinal, variant, _ = parse_marker(m)
    return (ordinal, variant) == item


def run(args: argparse.Namespace) -> int:
    if len(args.args) > 2:
        raise UserError("refs 只接受 [FILE] CLAUSE 两个参数", "refs takes [FILE] CLAUSE")
    file, target = (args.args[0], args.args[1]) if len(args.args) == 2 else (None, args.args[0])
    doc = load_document(file)
    graph = reference_graph(doc)
    node, item = _split_item(target.strip()) if doc.shape == "dotted" else (target.strip(), None)
    by_name: str | None = None
    if node not in graph and doc.shape != "dotted":
        # a book shaped by headings: a skill, status or camp by name → the section that defines it
        defined = [d for d in doc.names.definitions if d.name == node and d.kind != "term"]
        if defined:
            by_name, node = node, defined[0].clause
    if node not in graph:
        raise UserError(
            f"文中既没有条款 {node}，也没有任何地方引用它",
            f"no clause {node} in the text and nothing cites it",
        )
    outgoing = [] if item is not None or by_name is not None else cites(graph, node)
    incoming = [
        r for r in cited_by(graph, node) if _same_item(r, item) and (by_name is None or r.name == by_name)
    ]
    kind = graph.nodes[node]["kind"]
    if args.json:
        write(
            dumps(
                {
                    "target": target,
                    "kind": kind,
                    "title": graph.nodes[node]["title"],
                    "line": graph.nodes[node]["line"],
                    "cites": [ref_json(r) for r in outgoing],
                    "cited_by": [dict(ref_json(r), source=r.clause or r.context) for r in incoming],
                }
            )
        )
        return 0
    zh = args.lang != "en"
    out: list[str] = []
    title = graph.nodes[node]["title"]
    if kind == "absent":
        out.append(
            f"{target}：{'文中不存在此条款（仅被引用）' if zh else 'absent from the text (only cited)'}"
        )
    else:
        out.append(
            f"{target} {title}  〔{'第' if zh else 'L'}{graph.nodes[node]['line']}{'行' if zh else ''}〕"
        )
    if item is None:
        out.append(f"{'引用了' if zh else 'cites'}（{len(outgoing)}）：")
        for r in outgoing:
            out.append(f"  → {(r.target_clause or '') + (r.target_item or ''):<12} 第 {r.line} 行「{r.raw}」")
    out.append(f"{'被引用' if zh else 'cited by'}（{len(incoming)}）：")
    for r in incoming:
        src = r.clause or r.context.removeprefix("appendix:")
        out.append(f"  ← {src:<12} 第 {r.line} 行「{r.raw}」")
    write("\n".join(out) + "\n")
    return 0
