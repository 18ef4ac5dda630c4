"""``check --format html``: one self-contained page for a rule author (no network, no files beside it).

* the verdict and the counts, every stage;
* filters by severity and by check (a few lines of inline script; ``#severity=error&check=ref-missing``
  in the address sets them, so a link can point at a filtered view);
* the clause text with its findings beside it, clause by clause (the clauses that have findings);
* the reference graph (an arc diagram: clauses in text order, an arc per citation, broken ones red) and
  the order tables the text states (each drawn as a layered graph; a cycle red), as inline SVG;
* each counterexample as a night-by-night story in the book's words, with its vector (embedded, a
  download link, and its file in the book's counterexamples folder when it is there);
* each interpretation switch with its readings, their clauses, and the scenario that tells them apart
  when the book has one.

Everything is computed here from shared data (the clause tree, the findings, the lint's order tables, the
verify report, the book's switches and vocabulary); nothing names a book.  Same input, same bytes.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

import jinja2
import networkx as nx
from markupsafe import Markup

from ruleproof.findings import Finding, Severity
from ruleproof.lint.report import LintReport, fix_first, verdict
from ruleproof.text.model import Document

SEV_ZH = {Severity.ERROR: "错误", Severity.WARNING: "警告", Severity.NOTE: "提示"}


@dataclass
class Story:
    """A counterexample or a distinguishing scenario, told night by night."""

    title: str
    status: str  # "violated" / "distinguishes"
    cites: list[str]
    lines: list[str]
    vector: dict[str, Any]
    file: str | None = None  # where the vector is kept, when it is

    @property
    def data_uri(self) -> str:
        raw = json.dumps(self.vector, ensure_ascii=False, indent=2).encode("utf-8")
        return "data:application/json;base64," + base64.b64encode(raw).decode("ascii")

    @property
    def json(self) -> str:
        return json.dumps(self.vector, ensure_ascii=False, indent=2)


@dataclass
class SwitchView:
    key: str
    title: str
    default: str
    readings: list[tuple[str, str, list[str]]]  # value, words, clauses
    scenarios: list[Story] = field(default_factory=list)


@dataclass
class Extras:
    """What ``check`` knows beyond the findings (all optional: ``lint --format html`` has none)."""

    stories: list[Story] = field(default_factory=list)
    switches: list[SwitchView] = field(default_factory=list)
    orders: list[Any] = field(default_factory=list)  # lint OrderTable objects


# ── stories ──────────────────────────────────────────────────────────────────────────────────


def words_of(vocabulary: Mapping[str, Any] | None) -> dict[str, str]:
    """Identifier → Chinese name, from a book's ``vocab --json`` (roles, skills)."""
    out: dict[str, str] = {}
    for kind in ("roles", "skills"):
        for item in (vocabulary or {}).get(kind, []):
            if isinstance(item, dict) and "key" in item and "zh" in item:
                out[str(item["key"])] = str(item["zh"])
    return out


def tell(vector: Mapping[str, Any], words: Mapping[str, str]) -> list[str]:
    """A vector's setup, script and expectations in sentences, night by night."""

    def name(k: Any) -> str:
        return words.get(str(k), str(k))

    lines = []
    players = vector.get("setup", {}).get("players", {})
    if isinstance(players, dict) and players:
        cast = "、".join(f"{seat} 号{name(role)}" for seat, role in players.items())
        lines.append(f"开局：{cast}")
    for item in vector.get("script", []):
        if not isinstance(item, dict):
            continue
        half = "夜" if "night" in item else "日"
        n = item.get("night", item.get("day"))
        acts = []
        for a in item.get("actions", []):
            if not isinstance(a, dict):
                continue
            targets = "、".join(f"{t} 号" for t in a.get("targets", []))
            extra = "".join(
                f"，{k} {v}" for k, v in a.items() if k not in ("actor", "skill", "targets") and v is not None
            )
            acts.append(
                f"{a.get('actor')} 号{name(a.get('skill'))}" + (f" → {targets}" if targets else "") + extra
            )
        for key in ("votes", "meeting_votes"):
            votes = item.get(key)
            if isinstance(votes, dict) and votes:
                acts.append(
                    "投票：" + "、".join(f"{v}→{t if t is not None else '弃'}" for v, t in votes.items())
                )
        if "order" in item:
            acts.append("结算顺序 " + "、".join(map(str, item["order"])))
        lines.append(f"第 {n} {half}：" + ("；".join(acts) if acts else "无人行动"))
    for e in vector.get("expect", []):
        if not isinstance(e, dict):
            continue
        if "final" in e:
            lines.append(f"结局：{_plain(e['final'])}")
            continue
        what = "；".join(f"{k} {_plain(v)}" for k, v in e.items() if k not in ("after", "note"))
        lines.append(f"{e.get('after', '')} 之后：{what}")
    return lines


def _plain(v: Any) -> str:
    if isinstance(v, dict):
        return "，".join(f"{k} {_plain(x)}" for k, x in v.items())
    if isinstance(v, list):
        return "、".join(_plain(x) for x in v) or "无"
    return str(v)


# ── SVG ──────────────────────────────────────────────────────────────────────────────────────


def reference_svg(doc: Document, flagged: set[str]) -> Markup:
    """An arc diagram: the clauses (or sections) in text order on a line, an arc above it from each
    citing clause to the clause it cites; a citation of something absent ends in a red mark.  Clauses with
    findings are drawn red."""
    ids = list(doc.clauses)
    if not ids:
        return Markup("")
    pos = {cid: n for n, cid in enumerate(ids)}
    step = 6.0
    width = max(400.0, 40 + step * len(ids))
    base = 230.0
    arcs: dict[tuple[int, int], int] = {}
    broken: dict[int, int] = {}
    for ref in doc.refs():
        src = pos.get(ref.clause or "")
        if src is None:
            continue
        dst = pos.get(ref.target_clause or "") if ref.target_clause else None
        if ref.target_clause and dst is None:
            broken[src] = broken.get(src, 0) + 1
        elif dst is not None and dst != src:
            arcs[(src, dst)] = arcs.get((src, dst), 0) + 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="refgraph" viewBox="0 0 {width:.0f} 260" '
        f'width="{width:.0f}" height="260" role="img" aria-label="reference graph">'
    ]
    for (a, b), count in sorted(arcs.items()):
        x1, x2 = 20 + a * step, 20 + b * step
        h = min(210.0, abs(x2 - x1) / 2)
        mid = (x1 + x2) / 2
        w = min(3.0, 0.6 + math.log2(count + 1) * 0.5)
        parts.append(
            f'<path d="M{x1:.1f},{base} Q{mid:.1f},{base - 2 * h:.1f} {x2:.1f},{base}" '
            f'class="arc" stroke-width="{w:.2f}"><title>{escape(ids[a])} → {escape(ids[b])}'
            f"（{count}）</title></path>"
        )
    for n, cid in enumerate(ids):
        x = 20 + n * step
        cls = "node flagged" if cid in flagged else "node"
        parts.append(
            f'<a href="#c-{escape(cid)}"><circle cx="{x:.1f}" cy="{base}" r="2.4" class="{cls}">'
            f"<title>{escape(cid)} {escape(doc.clauses[cid].title)}</title></circle></a>"
        )
    for n, count in sorted(broken.items()):
        x = 20 + n * step
        parts.append(
            f'<line x1="{x:.1f}" y1="{base + 4}" x2="{x:.1f}" y2="{base + 14 + 2 * count}" class="broken">'
            f"<title>{escape(ids[n])}：{count} 处引用指向不存在的条款</title></line>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))


def order_svg(graph: Any, title: str, ident: str = "order") -> Markup:
    """One order table as a layered graph (left to right by precedence); edges on a cycle are red."""
    g: nx.DiGraph[str] = graph
    if g.number_of_nodes() == 0:
        return Markup("")
    cyclic = {
        (a, b) for cycle in nx.simple_cycles(g) for a, b in zip(cycle, [*cycle[1:], cycle[0]], strict=True)
    }
    acyclic = g.copy()
    acyclic.remove_edges_from(cyclic)
    layers = [sorted(layer) for layer in nx.topological_generations(acyclic)]
    where: dict[str, tuple[float, float]] = {}
    box_w, box_h, gap_x, gap_y = 120.0, 26.0, 40.0, 12.0
    for i, layer in enumerate(layers):
        for j, node in enumerate(layer):
            where[node] = (10 + i * (box_w + gap_x), 24 + j * (box_h + gap_y))
    width = 20 + len(layers) * (box_w + gap_x)
    height = 34 + max(len(layer) for layer in layers) * (box_h + gap_y)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="order" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{escape(title)}">',
        f'<defs><marker id="arrow-{escape(ident)}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" '
        'markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>',
        f'<text x="10" y="14" class="otitle">{escape(title)}</text>',
    ]
    for a, b in sorted(g.edges):
        (x1, y1), (x2, y2) = where[a], where[b]
        cls = "edge cycle" if (a, b) in cyclic else "edge"
        parts.append(
            f'<line x1="{x1 + box_w:.1f}" y1="{y1 + box_h / 2:.1f}" x2="{x2:.1f}" y2="{y2 + box_h / 2:.1f}" '
            f'class="{cls}" marker-end="url(#arrow-{escape(ident)})"><title>{escape(a)} 先于 {escape(b)}</title></line>'
        )
    for node, (x, y) in sorted(where.items()):
        label = node if len(node) <= 9 else node[:8] + "…"
        parts.append(
            f'<g><rect x="{x:.1f}" y="{y:.1f}" width="{box_w}" height="{box_h}" rx="4" class="box"/>'
            f'<text x="{x + 6:.1f}" y="{y + 17:.1f}">{escape(label)}<title>{escape(node)}</title></text></g>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))


# ── the page ─────────────────────────────────────────────────────────────────────────────────


@lru_cache(maxsize=1)
def _template() -> jinja2.Template:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("ruleproof", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.get_template("check.html.j2")


def render_html(report: LintReport, doc: Document, extras: Extras | None = None, lang: str = "zh") -> str:
    x = extras or Extras()
    by_clause: dict[str | None, list[Finding]] = {}
    for f in report.findings:
        by_clause.setdefault(f.clause, []).append(f)
    sections = []
    for cid in [*doc.clauses, *(a.name for a in doc.appendices), None]:
        found = by_clause.pop(cid, [])
        if found:
            sections.append(_section(doc, cid, found))
    for cid, found in by_clause.items():  # a clause id the text does not have (a missing clause)
        sections.append(_section(doc, cid, found))
    orders = [
        order_svg(t.graph, f"{t.key}", f"o{n}")
        for n, t in enumerate(x.orders)
        if t.graph.number_of_nodes() >= 2
    ]
    checks = sorted({f.check for f in report.findings})
    return _template().render(
        report=report,
        verdict=verdict(report, lang),
        fix_first=fix_first(report),
        sections=sections,
        checks=checks,
        sev_zh=SEV_ZH,
        refgraph=reference_svg(doc, {f.clause for f in report.findings if f.clause}),
        orders=orders,
        stories=x.stories,
        switches=x.switches,
        lang=lang,
    )


def _section(doc: Document, cid: str | None, found: list[Finding]) -> dict[str, Any]:
    clause = doc.clauses.get(cid or "")
    appendix = next((a for a in doc.appendices if a.name == cid), None)
    if clause is not None:
        title, line, text = clause.title, clause.line, clause.text
    elif appendix is not None:
        title, line, text = appendix.title, appendix.line, appendix.text
    else:
        title, line, text = "", None, ""
    return {
        "id": cid or "全文",
        "anchor": f"c-{cid}" if cid else "c-whole",
        "title": title,
        "line": line,
        "text": text if len(text) <= 6000 else text[:6000] + "……",
        "findings": sorted(found, key=Finding.sort_key),
        "severities": sorted({f.severity.value for f in found}),
    }


def file_in(folder: str | None, stem: str) -> str | None:
    """``folder/stem.json`` when that file exists (a counterexample kept in the book's folder)."""
    if folder is None:
        return None
    path = Path(folder) / f"{stem}.json"
    return path.as_posix() if path.is_file() else None


__all__ = [
    "Extras",
    "Story",
    "SwitchView",
    "file_in",
    "order_svg",
    "reference_svg",
    "render_html",
    "tell",
    "words_of",
]


def stories_of(
    vectors: Sequence[tuple[str, dict[str, Any], str | None]], words: Mapping[str, str]
) -> list[Story]:
    """Stories of ``(title, vector, file)`` triples."""
    return [
        Story(title, "violated", list(v.get("cites", [])), tell(v, words), v, file)
        for title, v, file in vectors
    ]
