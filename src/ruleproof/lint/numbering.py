"""(b) Numbering: gaps among sibling clauses, ids printed for two different clauses, item numbers.

* ``numbering-gap`` — a sibling number is skipped (2.8.7 → 2.8.9); when the missing id is cited
  elsewhere the finding says so (cited-but-absent) and is an error, not a warning.
* ``numbering-duplicate`` — one id heads two different clauses.  The reader merges repeated
  printings of an id whose titles agree (a summary-table row 「7.2.1 被查验者的查」 and the section
  「7.2.1 被查验者的查验来源反馈」, or an annex 「2.3.4 附·…」) and records the others as noise
  ``duplicate-heading`` (「4.3.1 十关核验」 after 「4.3.1 安全室」); those are the findings.
* ``item-numbering`` — an item label used twice in one clause, or items skipped (①②④).  Item labels
  are circled numerals and are compared as items, never as digits.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo
from ruleproof.lint.context import LintContext, safe_key
from ruleproof.lint.gatelines import find_gate_lines, parse_gates
from ruleproof.text.markers import ORDINAL_TO_CIRCLED
from ruleproof.text.model import Item

GAP = CheckInfo(
    id="numbering-gap",
    family="b",
    severity=Severity.WARNING,
    title="条款编号缺号",
    title_en="clause numbering skips a number",
    rule="同级条款应连续编号；缺号往往是删条后未重排，或条款在导出时遗失——若缺号被引用，援引处便无所依。",
    rule_en="Sibling clauses are numbered consecutively; a gap is a deleted clause not renumbered, or a "
    "clause lost in export — and if the missing id is cited, the citing rules have nothing to rest on.",
    advice="补回遗失的条款；若为有意删除，改引现行条款并在修订记录中说明。",
    advice_en="Restore the lost clause; if it was deleted on purpose, redirect its citations and note it "
    "in the revision log.",
)

DUPLICATE = CheckInfo(
    id="numbering-duplicate",
    family="b",
    severity=Severity.ERROR,
    title="同一编号用于两个不同条款",
    title_en="one id heads two different clauses",
    rule="条款号须唯一：同号两条时，「依 X」无法确定所指。",
    rule_en="Clause ids are unique: with two clauses numbered X, 'per X' is ambiguous.",
    advice="为其中一条改号，并同步所有引用。",
    advice_en="Renumber one of them and update every citation.",
)

ITEMS = CheckInfo(
    id="item-numbering",
    family="b",
    severity=Severity.WARNING,
    title="项号重复或缺号",
    title_en="item numbers duplicated or skipped",
    rule="项号（①②…）在条款内唯一且连续；引用 X② 依赖于此（唯一编号原则）。",
    rule_en="Item numbers (①②…) are unique and consecutive within a clause; citations such as X② rely on it.",
    advice="重排该条款的项号，并同步引用这些项的条款。",
    advice_en="Renumber the clause's items and update the clauses citing them.",
)

CHECKS = (GAP, DUPLICATE, ITEMS)


def run(ctx: LintContext) -> Iterator[Finding]:
    yield from _gaps(ctx)
    yield from _duplicates(ctx)
    yield from _items(ctx)


def _citations(ctx: LintContext) -> dict[str, list[tuple[str | None, int]]]:
    logs = {f"appendix:{name}" for name in ctx.log_appendices}
    out: dict[str, list[tuple[str | None, int]]] = defaultdict(list)
    for ref in ctx.doc.refs():
        if ref.target_clause and ref.context not in logs:
            out[ref.target_clause].append((ref.clause or ref.context.removeprefix("appendix:"), ref.line))
    return out


def _gaps(ctx: LintContext) -> Iterator[Finding]:
    siblings: dict[str, list[int]] = defaultdict(list)
    first: dict[str, int] = {}
    for c in ctx.doc:
        parent = c.parent_id
        if parent is None:
            continue
        siblings[parent].append(c.key[-1])
        first.setdefault(parent, c.line)
    cited = _citations(ctx)
    for parent in sorted(siblings, key=safe_key):
        present = sorted(set(siblings[parent]))
        start = 1 if present[0] >= 1 else present[0]
        for n in range(start, present[-1]):
            if n in present:
                continue
            cid = f"{parent}.{n}"
            after = max((p for p in present if p < n), default=None)
            prev = ctx.clause(f"{parent}.{after}") if after is not None else None
            nxt = ctx.clause(f"{parent}.{min(p for p in present if p > n)}")
            near = prev or nxt
            line = near.line if near is not None else first[parent]
            sites = cited.get(cid, [])
            if sites:
                shown = "、".join(sorted({s or "?" for s, _ in sites}, key=safe_key))
                zh = f"缺少条款 {cid}，但它被引用了 {len(sites)} 次（{shown}）"
                en = f"clause {cid} is missing, yet it is cited {len(sites)} time(s) ({shown})"
                sev = Severity.ERROR
            else:
                if prev is not None:
                    zh, en = f"编号缺 {cid}（{prev.id} 之后）", f"numbering skips {cid} (after {prev.id})"
                else:
                    first_id = nxt.id if nxt else parent
                    zh, en = f"编号缺 {cid}（{first_id} 之前）", f"numbering skips {cid} (before {first_id})"
                sev = Severity.WARNING
            yield GAP.finding(
                parent if ctx.exists(parent) else (near.id if near else None),
                line,
                zh,
                en,
                cid,
                related=sites[:10],
                severity=sev,
                extra={"missing": cid, "cited": len(sites)},
            )


def _duplicates(ctx: LintContext) -> Iterator[Finding]:
    """Headings the reader found for an id already taken, with an unrelated title (noise
    ``duplicate-heading``); repeats with an agreeing title are the same clause printed twice."""
    for n in ctx.doc.noise:
        if n.kind != "duplicate-heading":
            continue
        cid = n.raw.split(maxsplit=1)[0] if n.raw else n.clause
        first = ctx.clause(cid)
        if first is None:
            continue
        yield DUPLICATE.finding(
            first.id,
            n.line,
            f"编号 {first.id} 再次用作标题「{n.raw}」，而 {first.id} 已是「{first.title}」（第 {first.line} 行）",
            f"id {first.id} heads '{n.raw}' although {first.id} is already '{first.title}' (line {first.line})",
            n.raw,
            related=[(first.id, first.line)],
        )


def _gate_line_spans(ctx: LintContext) -> dict[str, list[tuple[int, int]]]:
    """Source-line ranges of the 「十关核验」 lines per clause: their ①…⑨ are gates, not items."""
    parsed = parse_gates(ctx)
    out: dict[str, list[tuple[int, int]]] = defaultdict(list)
    if parsed is None:
        return out
    for gl in find_gate_lines(ctx, parsed[1]):
        unit = ctx.unit_by_id[gl.unit]
        out[gl.unit].append((gl.line, unit.line_of(max(gl.start, gl.end - 1))))
    return out


def _out_of_order(items: list[Item]) -> list[Item]:
    """Items whose labels break the text order: those outside a longest run of increasing labels (on a
    tie, the run with the lowest labels: in 「②…①…③」 ② is out of place, not ①)."""

    def rank(run: list[int]) -> tuple[int, list[int]]:
        return (len(run), [-items[i].ordinal for i in run])

    runs: list[list[int]] = []  # per item: the indices of the best increasing run ending there
    for j, it in enumerate(items):
        prior = [runs[i] for i in range(j) if items[i].ordinal < it.ordinal]
        runs.append([*(max(prior, key=rank) if prior else []), j])
    if not runs:
        return []
    longest: list[int] = max(runs, key=rank)
    keep = set(longest)
    return [it for j, it in enumerate(items) if j not in keep]


def _items(ctx: LintContext) -> Iterator[Finding]:
    gate_spans = _gate_line_spans(ctx)
    for c in ctx.doc:
        if c.id == ctx.owners.registry:
            continue  # its entries: registry-numbering
        spans = gate_spans.get(c.id, [])
        plain = [
            it for it in c.items if it.variant is None and not any(lo <= it.line <= hi for lo, hi in spans)
        ]
        if not plain:
            continue
        counts = Counter(it.ordinal for it in plain)
        for ordinal, n in sorted(counts.items()):
            if n < 2:
                continue
            hits = [it for it in plain if it.ordinal == ordinal]
            yield ITEMS.finding(
                c.id,
                hits[1].line,
                f"{c.id} 中项号 {hits[0].label} 出现 {n} 次（第 {'、'.join(str(h.line) for h in hits)} 行）",
                f"item {hits[0].label} appears {n} times in {c.id}",
                f"{c.id}{hits[0].label}",
                related=[(c.id, h.line) for h in hits[:1]],
            )
        for it in _out_of_order(plain):
            # the nearest item before it with a higher label, or after it with a lower one
            higher = [p for p in plain if p.offset < it.offset and p.ordinal > it.ordinal]
            lower = [p for p in plain if p.offset > it.offset and p.ordinal < it.ordinal]
            other, where, where_en = (higher[-1], "之后", "after") if higher else (lower[0], "之前", "before")
            yield ITEMS.finding(
                c.id,
                it.line,
                f"{c.id} 的项号次序错乱：{it.label}（第 {it.line} 行「{it.label}{it.text[:8]}」）印在 "
                f"{other.label}（第 {other.line} 行）{where}——多为项号误植，或某项缺失而此处是他项内的列举∕提及",
                f"the item labels of {c.id} are out of order: {it.label} (line {it.line}) comes {where_en} "
                f"{other.label} (line {other.line}) — a misprinted label, or an item is missing and this is a "
                "list or a mention inside another item",
                f"{c.id}{it.label} 错位",
                related=[(c.id, other.line)],
                extra={"label": it.label, "other": other.label},
            )
        ordinals = sorted(counts)
        lo = min(1, ordinals[0])
        skipped = [n for n in range(lo, ordinals[-1]) if n not in counts and n >= 1]
        if skipped:
            labels = "".join(ORDINAL_TO_CIRCLED.get(n, f"({n})") for n in skipped)
            yield ITEMS.finding(
                c.id,
                c.line,
                f"{c.id} 的项号跳过了 {labels}",
                f"the items of {c.id} skip {labels}",
                f"{c.id} 缺 {labels}",
                extra={"skipped": skipped},
            )
