"""The clause tree as JSON-ready data (``ruleproof outline --json``); see docs/text-model.md."""

from __future__ import annotations

from typing import Any

from ruleproof.text.model import Clause, Definition, Document, Missing, Ref, Table, Tag


def ref_json(ref: Ref) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": ref.kind.value,
        "raw": ref.raw,
        "line": ref.line,
        "target": ref.target_clause,
        "target_item": ref.target_item,
    }
    if ref.item is not None:
        out["item"] = ref.item
    if ref.context != "body":
        out["context"] = ref.context
    if ref.quoted:
        out["quoted"] = True
    if ref.name is not None:
        out["name"] = ref.name
    if ref.owner is not None:
        out["owner"] = ref.owner
    if ref.qualifier is not None:
        out["qualifier"] = ref.qualifier
    return out


def tag_json(tag: Tag) -> dict[str, Any]:
    return {
        "kind": tag.kind,
        "raw": tag.raw,
        "line": tag.line,
        "item": tag.item,
        "target": tag.target_clause,
        "target_item": tag.target_item,
        "mention": tag.mention,
    }


def table_json(table: Table) -> dict[str, Any]:
    return {
        "line": table.line,
        "header": list(table.header),
        "rows": [{"line": r.line, "cells": list(r.cells)} for r in table.rows],
    }


def definition_json(d: Definition) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": d.kind, "name": d.name, "clause": d.clause, "line": d.line}
    if d.owner is not None:
        out["owner"] = d.owner
    if d.bracket:
        out["bracket"] = d.bracket
    if d.category:
        out["category"] = d.category
    return out


def clause_json(clause: Clause) -> dict[str, Any]:
    if clause.kind != "clause":
        return section_json(clause)
    return {
        **_head(clause),
        "displaced": clause.displaced,
        "fused": clause.fused,
        "items": _items(clause),
        "tags": [tag_json(t) for t in clause.tags],
        "refs": [ref_json(r) for r in clause.refs],
    }


def _head(clause: Clause) -> dict[str, Any]:
    return {
        "id": clause.id,
        "title": clause.title,
        "line": clause.line,
        "end_line": clause.end_line,
        "headings": [{"line": h.line, "title": h.title} for h in clause.headings],
    }


def _items(clause: Clause) -> list[dict[str, Any]]:
    return [{"label": it.label, "ordinal": it.ordinal, "line": it.line} for it in clause.items]


def section_json(clause: Clause) -> dict[str, Any]:
    """A section of a book shaped by headings: the clause fields plus its number, parent, tables, roles."""
    head = _head(clause)
    return {
        "id": clause.id,
        "kind": clause.kind,
        "title": clause.title,
        "number": clause.number,
        "parent": clause.parent,
        "style": clause.style,
        "role": list(clause.role),
        **{k: head[k] for k in ("line", "end_line", "headings")},
        "fused": clause.fused,
        "items": _items(clause),
        "tables": [table_json(t) for t in clause.tables],
        "refs": [ref_json(r) for r in clause.refs],
    }


def missing_json(m: Missing) -> dict[str, Any]:
    r = m.ref
    target = r.target_clause or ""
    if r.name is not None:
        out = {
            "id": r.name,
            "name": r.name,
            "kind": r.kind.value,
            "reason": m.reason,
            "raw": r.raw,
            "clause": r.clause,
            "line": r.line,
            "context": r.context,
        }
        if r.owner is not None:
            out["owner"] = r.owner
        return out
    return {
        "id": target + (r.target_item or "") if r.kind.value in ("clause", "item", "registry") else target,
        "target": r.target_clause,
        "target_item": r.target_item,
        "kind": r.kind.value,
        "reason": m.reason,
        "raw": r.raw,
        "clause": r.clause,
        "line": r.line,
        "context": r.context,
        "quoted": r.quoted,
    }


def document_json(doc: Document) -> dict[str, Any]:
    if doc.shape != "dotted":
        return {
            "document": {"name": doc.name, "title": doc.title, "lines": len(doc.lines), "shape": doc.shape},
            "clauses": [clause_json(c) for c in doc.clauses.values()],
            "names": [definition_json(d) for d in doc.names.definitions],
            "missing": [missing_json(m) for m in doc.missing],
            "noise": [{"kind": n.kind, "raw": n.raw, "line": n.line, "clause": n.clause} for n in doc.noise],
        }
    return {
        "document": {"name": doc.name, "title": doc.title, "lines": len(doc.lines)},
        "clauses": [clause_json(c) for c in doc.clauses.values()],
        "chapters": [{"number": ch.number, "title": ch.title, "line": ch.line} for ch in doc.chapters],
        "appendices": [
            {"name": a.name, "title": a.title, "line": a.line, "refs": [ref_json(r) for r in a.refs]}
            for a in doc.appendices
        ],
        "missing": [missing_json(m) for m in doc.missing],
        "noise": [{"kind": n.kind, "raw": n.raw, "line": n.line, "clause": n.clause} for n in doc.noise],
    }
