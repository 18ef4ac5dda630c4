"""The conformance report in three forms: text (Chinese first, ``--lang en``), JSON, JUnit XML.

Every vector is one line (``ok`` / ``FAIL`` / ``ERROR``) followed by its mismatches — the expectation's
index in the vector, the run (for a vector with ``readings``), the checkpoint, what was compared, expected
and actual, and the vector's clause ids — and a summary line.  JUnit: one ``testsuite`` per book, one
``testcase`` per vector (``classname`` the book, ``name`` the vector id), a ``failure`` per failing vector
whose text lists its mismatches, an ``error`` for an error; CI systems read it as they read pytest's.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from functools import cache
from typing import Any

from ruleproof.conform.runner import CaseReport
from ruleproof.jsonout import dumps

QUOTE = 32  # characters of a clause's text quoted in a report


@cache
def _clauses(book_id: str) -> dict[str, tuple[str, int, str]]:
    """Clause id → (title, source line, the opening of its text) for a book with a bundled text."""
    from ruleproof.books import by_id, load_source
    from ruleproof.errors import UserError
    from ruleproof.text import read_document

    try:
        book = by_id(book_id)
    except UserError:
        return {}
    if book.filename is None:
        return {}
    doc = read_document(load_source(f"bundled:{book.key}"))
    return {cid: (c.title, c.line, c.text[:QUOTE]) for cid, c in doc.clauses.items()}


def clause_refs(r: CaseReport) -> list[dict[str, Any]]:
    """The vector's cited clauses with their title, source line and the opening of their text."""
    known = _clauses(r.book) if r.book else {}
    out: list[dict[str, Any]] = []
    for cid in r.cites:
        if cid in known:
            title, line, quote = known[cid]
            out.append({"clause": cid, "title": title, "line": line, "quote": quote})
        else:
            out.append({"clause": cid})
    return out


def _clause_lines(r: CaseReport, lang: str) -> list[str]:
    """One line per cited clause: its id, title, source line and the opening of its text."""
    out = []
    for c in clause_refs(r):
        if "line" not in c:
            out.append(f"  cites {c['clause']}" if lang == "en" else f"  条款 {c['clause']}")
        elif lang == "en":
            out.append(f"  cites {c['clause']} {c['title']} (line {c['line']}): 「{c['quote']}…」")
        else:
            out.append(f"  条款 {c['clause']} {c['title']}（第 {c['line']} 行）：「{c['quote']}…」")
    return out


def summary(reports: Sequence[CaseReport]) -> dict[str, int]:
    return {
        "vectors": len(reports),
        "passed": sum(r.status == "pass" for r in reports),
        "failed": sum(r.status == "fail" for r in reports),
        "errors": sum(r.status == "error" for r in reports),
        "mismatches": sum(len(r.mismatches) for r in reports),
    }


def text(reports: Sequence[CaseReport], engine: dict[str, Any], lang: str) -> str:
    lines = []
    name = engine.get("engine", "?")
    lines.append(f"engine: {name}" if lang == "en" else f"引擎：{name}")
    for r in reports:
        label = f"{r.path} ({r.id})" if r.id else r.path
        if r.status == "pass":
            lines.append(f"ok   {label}")
        elif r.status == "error":
            lines.append(f"ERROR {label}")
            lines.append("  " + (r.error if lang == "en" else r.error_zh or r.error))
        else:
            lines.append(f"FAIL {label}")
            lines += ["  " + m.line(lang) for m in r.mismatches]
            lines += _clause_lines(r, lang)
    s = summary(reports)
    if lang == "en":
        lines.append(
            f"{s['passed']}/{s['vectors']} vectors passed; {s['failed']} failed "
            f"({s['mismatches']} mismatches), {s['errors']} errors"
        )
    else:
        lines.append(
            f"{s['vectors']} 个向量：通过 {s['passed']}，不符 {s['failed']}（{s['mismatches']} 处），出错 {s['errors']}"
        )
    return "\n".join(lines) + "\n"


def json_report(reports: Sequence[CaseReport], engine: dict[str, Any]) -> str:
    return dumps(
        {
            "protocol": engine.get("protocol"),
            "engine": engine.get("engine"),
            "vectors": [
                {**r.to_json(), "clauses": clause_refs(r)} if r.status != "pass" else r.to_json()
                for r in reports
            ],
            "summary": summary(reports),
            "ok": all(r.status == "pass" for r in reports),
        }
    )


def junit(reports: Sequence[CaseReport], engine: dict[str, Any]) -> str:
    suites = ET.Element("testsuites", name=f"ruleproof conform: {engine.get('engine', '?')}")
    groups: dict[str, list[CaseReport]] = {}
    for r in reports:
        groups.setdefault(r.book or "(unreadable)", []).append(r)
    for book, items in groups.items():
        s = summary(items)
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=book,
            tests=str(s["vectors"]),
            failures=str(s["failed"]),
            errors=str(s["errors"]),
        )
        for r in items:
            case = ET.SubElement(suite, "testcase", classname=book, name=r.id or r.path, file=r.path)
            if r.status == "fail":
                body = "\n".join(
                    [*(m.line("en") for m in r.mismatches), *(x.strip() for x in _clause_lines(r, "en"))]
                )
                fail = ET.SubElement(case, "failure", message=f"{len(r.mismatches)} mismatch(es)")
                fail.text = body
            elif r.status == "error":
                err = ET.SubElement(case, "error", message=r.error.splitlines()[0] if r.error else "error")
                err.text = r.error
    ET.indent(suites)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


__all__ = ["json_report", "junit", "summary", "text"]
