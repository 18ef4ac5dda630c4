"""A generated appendix as text (the rulebook's own style: one line per entry, cells joined by 「｜」),
Markdown (a table per appendix) or HTML (a page rendered with Jinja2, every value escaped).

Each cell prints the clauses it comes from after it (「…（4.4.6）」), so every generated line cites its
source.  The text form is also what ``--diff`` reads back when it is pasted in place of the printed
appendix (the round trip).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import jinja2

from ruleproof.appendix.model import Cell, Entry, Table
from ruleproof.text.model import Document

FORMATS = ("text", "markdown", "html")


def _cites(cell: Cell, doc: Document) -> str:
    shown = [c for c in cell.cites if c]
    if not shown:
        return ""
    # a rule the spec can only take from an appendix is printed as such, never as a body citation
    parts = [
        c if c in doc.clauses or (doc.resolves(c) and not c.startswith("附录")) else "正文未载" for c in shown
    ]
    return "（" + "、".join(dict.fromkeys(parts)) + "）"


def cell_text(cell: Cell, doc: Document, first: bool) -> str:
    return cell.text if first else cell.text + _cites(cell, doc)


def entry_cells(entry: Entry, doc: Document) -> list[str]:
    return [cell_text(c, doc, i == 0) for i, c in enumerate(entry.cells)]


def render_text(tables: Sequence[Table], doc: Document) -> str:
    out: list[str] = []
    for t in tables:
        out.append(f"{t.name} {t.title}")
        out.append(t.intro)
        out.append("｜".join(t.columns))
        out.extend("｜".join(entry_cells(e, doc)) for e in t.entries)
        if t.notes:
            out.append(f"{len(t.notes)}个{t.notes_title}：")
            for e in t.notes:
                out.append("｜".join(entry_cells(e, doc)))
        out.append("")
    return "\n".join(out)


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def render_markdown(tables: Sequence[Table], doc: Document) -> str:
    out: list[str] = []
    for t in tables:
        out.append(f"## {t.name} {t.title}")
        out.append("")
        out.append(_md(t.intro))
        out.append("")
        out.append("| " + " | ".join(_md(c) for c in t.columns) + " |")
        out.append("|" + "---|" * len(t.columns))
        for e in t.entries:
            out.append("| " + " | ".join(_md(c) for c in entry_cells(e, doc)) + " |")
        if t.notes:
            out.append("")
            out.append(f"{len(t.notes)}个{t.notes_title}：")
            out.append("")
            out.append("| 要点 | 内容 |")
            out.append("|---|---|")
            for e in t.notes:
                out.append("| " + " | ".join(_md(c) for c in entry_cells(e, doc)) + " |")
        out.append("")
    return "\n".join(out)


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    # autoescape everything: cells quote rulebook text, which may hold 「<」「&」 or anything an author typed
    return jinja2.Environment(
        loader=jinja2.PackageLoader("ruleproof.appendix", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def render_html(tables: Sequence[Table], doc: Document) -> str:
    rows = [
        {
            "name": t.name,
            "title": t.title,
            "intro": t.intro,
            "columns": list(t.columns),
            "entries": [
                [{"text": c.text, "cites": _cites(c, doc) if i else ""} for i, c in enumerate(e.cells)]
                for e in t.entries
            ],
            "notes_title": f"{len(t.notes)}个{t.notes_title}" if t.notes else "",
            "notes": [
                [{"text": c.text, "cites": _cites(c, doc) if i else ""} for i, c in enumerate(e.cells)]
                for e in t.notes
            ],
        }
        for t in tables
    ]
    return _environment().get_template("appendix.html.j2").render(book=doc.title, tables=rows)


def render(tables: Sequence[Table], doc: Document, fmt: str) -> str:
    if fmt == "text":
        return render_text(tables, doc)
    if fmt == "markdown":
        return render_markdown(tables, doc)
    if fmt == "html":
        return render_html(tables, doc)
    raise ValueError(fmt)
