"""(f) Order tables: every precedence the text states, merged per table into a directed graph.

This module is also the extraction that issue 5's ``priority_tables_consistent`` invariant uses:
:func:`extract_order_tables` returns, per table, a :class:`networkx.DiGraph` whose edges carry the
clause and line of every statement that supports them.

Where precedences come from:

* **chains** 「A→B→C」 (three or more elements; 「＞」 too), bracket-aware: 「全额减免〔安全室、夜晚免疫〕
  →时限类〔保镖保护、警长巡逻〕→存续类〔…〕」 orders the classes and every member of one class before
  every member of the next; a chain inside a group (「时限类〔抗体→保护→巡逻〕」) orders the members.
  Parentheticals (「（4.3.1）」) and ordinal prefixes (「第二层」) are dropped from node names, and so is
  the caption an item may open a chain with: its marker and everything up to a 【…】 label
  (「⑥现行层序·伤害侧【唯一权威源】全额减免〔…〕→…」, 2.8.2⑥) — a marker only when the other elements
  carry none (「〇留言→①自由讨论→②投票」 keeps its labels).
* **pairs** 「A 先于 / 早于 / 优先于 B」 and 「A 后于 / 晚于 B」, added only when both sides name nodes
  already in one table (so prose never invents nodes; a short name reaches the one node it ends,
  「护甲」 → 工匠护甲).  A side with a class group (「时限类〔保镖保护、警长巡逻〕先于存续类〔…〕」) orders the
  members too.  Bare row labels are rows of the clause the statement is written in: 「③先于①②」, and
  「平局优先于①②③④」 written in row 〇 of 1.2.3 puts that row first.  A denied order (「亦不优先于」
  「不得早于」) states none.
* **numbered lists** in clauses whose title says 顺序 / 次序 / 优先级 and whose text says 依次 / 按下列顺序:
  the items in order.
* **night steps** 「步骤 X」: numbered steps are ordered by number (the step table says 「序号在前的步骤先
  结算」); every chain or pair naming two steps is checked against that order.

A table is keyed by the clause that owns it: the clause a chain cites (「层序依 2.8.2 为「…」」,
「…」（5.3.3）), or that a lead-in earlier in the same item names (4.14.7 「感染侧层序依 5.3.3（唯一
权威源），下表为对该权威源之重述」), else the clause the chain is written in; a clause that states no
chain of its own and defers to another (4.10.5 「一律依 2.8.2」) is an alias of that table.  Node names
that differ only by a qualifier (「保护」 / 「保镖保护」) are merged when they never appear together in one
chain.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise

import networkx as nx

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_ID, ITEM_LABEL, LintContext, Unit, safe_key
from ruleproof.lint.memo import per_lint

CYCLE = CheckInfo(
    id="order-cycle",
    family="f",
    severity=Severity.ERROR,
    title="次序表自相矛盾（成环）",
    title_en="order table contradicts itself (cycle)",
    rule="同一次序表（层序、步骤、判定顺序等）的各处表述合并后必须无环：A 先于 B 与 B 先于 A 不能同真。",
    rule_en="All statements of one order table (layer order, night steps, victory order…) merged together "
    "must be acyclic: 'A before B' and 'B before A' cannot both hold.",
    advice="以该表的唯一权威源为准，改正复述处的次序（或改正权威源）。",
    advice_en="Follow the table's single authoritative source and correct the restatement (or the source).",
)

CONFLICT = CheckInfo(
    id="order-conflict",
    family="f",
    severity=Severity.ERROR,
    title="两处对同一对元素的先后说法相反",
    title_en="two statements give opposite orders for the same pair",
    rule="同一次序表中，两处对同一对元素给出相反先后，即为矛盾；复述须与唯一权威源一致（0.7）。",
    rule_en="Within one order table, two statements giving a pair opposite orders contradict each other; "
    "restatements must agree with the single authoritative source (0.7).",
    advice="以唯一权威源为准改正另一处，或删去复述改为援引。",
    advice_en="Correct the other statement to match the authoritative source, or replace it by a citation.",
)

CHECKS = (CYCLE, CONFLICT)

STEP_TABLE = "night-steps"  # key of the step table when no clause owns the 「步骤 X」 references
MAX_NODE = 16
_ARROWS = ("→", "->", "＞")
_CHAIN_STOP = "，。；：:、\n⸺—"
_OPEN = "（(〔【「"
_CLOSE = "）)〕】」"
_PAREN = re.compile(r"（[^（）]*）|\([^()]*\)")
_LABEL = re.compile(r"【[^【】]*】")  # a caption label: 【唯一权威源】
_TRAILING_LABEL = re.compile(r"【[^【】]*】\s*$")
_LEADING_MARKER = re.compile(rf"(?:{ITEM_LABEL})\s*")
_STEP_SPACE = re.compile(r"步骤\s+")
_CJK_GAP = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
_ORDINAL_PREFIX = re.compile(r"^第[一二三四五六七八九十\d]+[层步档位项]")
_STEP = re.compile(r"步骤\s*(\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])")
_STEP_HEAD = re.compile(r"^(?:步骤\s*)?(\d{1,2}(?:\.\d{1,2})?[ab]?)(?=$|[（(\s])")
_PAIR = re.compile(r"(?P<kw>先于|早于|优先于|后于|晚于)")
_REVERSED = ("后于", "晚于")
_PAIR_STOP = "，。；：、⸺—（）()「」〔〕【】"
# 「不优先于」「并非先于」「不得早于」 deny or forbid an order; they state none
_NEGATION = re.compile(r"(?:不|非|未|无|勿)[得可能必应须会需]?\s*$")
# a side of a pair that carries a class group: 「时限类〔保镖保护、警长巡逻〕」 (name, then the group)
_GROUP_BEFORE = re.compile(r"[\u4e00-\u9fff]{1,16}〔[^〔〕]{1,80}〕\s*(?:整体|一律|均)?$")
_GROUP_AFTER = re.compile(r"\s*[\u4e00-\u9fff]{1,16}〔[^〔〕]{1,80}〕")
# row labels: items (① (23) ③之二) and the zero row 〇 some tables print ahead of ①
_ROW = rf"(?:{ITEM_LABEL}|〇)"
_ROW_RUN = rf"(?P<run>{_ROW}(?:\s*[、∕]?\s*{_ROW})*)"  # 「①②③④」「①、②」
_ROW_LABEL = re.compile(_ROW)
_LABEL_RUN_AFTER = re.compile(rf"\s*{_ROW_RUN}")
_LABEL_RUN_BEFORE = re.compile(rf"{_ROW_RUN}\s*$")
_CITED_ROW_BEFORE = re.compile(rf"(?:{CLAUSE_ID}|批次|判定|步骤)\s*{_ROW}+\s*$")
_ID_BEFORE = re.compile(r"[\d.．]\s*$|(?:批次|判定|步骤|第)$")
_CN_NUMERAL = "〇零一二三四五六七八九十百千"
_ZERO_ROW = re.compile(rf"(?<![{_CN_NUMERAL}\d])〇(?=[\u4e00-\u9fff])(?![{_CN_NUMERAL}])")
_FILLER = (
    "整体",
    "一律",
    "恒",
    "均",
    "必然",
    "总是",
    "始终",
    "亦",
    "也",
    "故",
    "则",
    "且",
    "即",
    "类内明文",
    "类内",
)
_LIST_TITLE = ("顺序", "次序", "优先级")
_LIST_CUE = ("依次", "按下列顺序", "顺序取", "依序")
# the table a chain restates: a citation right after it (「…」（4.10.5）, or later in the same glossary row
# 「按「…」逐层消耗，每层各抵挡 1 次（5.3.3）」), or a citing word before it (「层序依 2.8.2 为「…」」)
_CITE_AFTER = re.compile(rf"^[^。；「]{{0,24}}?[（(]\s*(?P<cid>{CLAUSE_ID})[^（）()]*[）)]")
_LEAD_IN = re.compile(rf"(?:层序|顺序|次序)\s*(?:依|见|按|以)\s*(?P<cid>{CLAUSE_ID})(?![\d.])")
_CITE_BEFORE = re.compile(rf"(?:依|见|按)\s*(?P<cid>{CLAUSE_ID})[^。；「]{{0,14}}「?$")


@dataclass(frozen=True)
class Source:
    clause: str  # clause id or appendix name
    line: int
    raw: str


@dataclass
class OrderTable:
    key: str  # owning clause id, or "night-steps"
    graph: nx.DiGraph[str] = field(default_factory=nx.DiGraph)

    def add(self, a: str, b: str, src: Source) -> None:
        if a == b:
            return
        if self.graph.has_edge(a, b):
            self.graph.edges[a, b]["sources"].append(src)
        else:
            self.graph.add_edge(a, b, sources=[src])

    def sources(self, a: str, b: str) -> list[Source]:
        out: list[Source] = self.graph.edges[a, b]["sources"]
        return out


@dataclass(frozen=True)
class Element:
    name: str
    members: tuple[tuple[str, ...], ...]  # member chains (a list 「A、B」 is one-element chains)


@dataclass(frozen=True)
class Chain:
    unit: str
    line: int
    start: int
    end: int
    elements: tuple[Element, ...]
    raw: str


# ------------------------------------------------------------------------------------ text helpers


def _clean(name: str) -> str:
    name = _PAREN.sub("", name)
    name = name.strip(" 「」『』：:，,。；;、⸺—\u3000")
    name = _ORDINAL_PREFIX.sub("", name)
    return name.strip()


def _split_top(text: str, seps: tuple[str, ...]) -> list[str]:
    """Split on ``seps`` outside brackets."""
    parts: list[str] = []
    depth = 0
    cur = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        hit = next((s for s in seps if depth == 0 and text.startswith(s, i)), None)
        if hit:
            parts.append(cur)
            cur = ""
            i += len(hit)
            continue
        cur += ch
        i += 1
    parts.append(cur)
    return parts


def _caption_start(raw: str, item_marker: bool) -> int:
    """Where the element starts in ``raw`` once the caption an item may open with is set aside:
    「⑥现行层序·伤害侧【唯一权威源】全额减免〔…〕」 → at 「全额减免」.  A leading item marker goes (when it is
    the item's, not the element's label), and so does everything up to a 【…】 label that more text
    follows.  Only the part before the element's class group 〔…〕 is looked at."""
    at = len(raw) - len(raw.lstrip())
    if item_marker and (m := _LEADING_MARKER.match(raw, at)):
        at = m.end()
    head_end = raw.find("〔", at)
    head_end = len(raw) if head_end < 0 else head_end
    labels = list(_LABEL.finditer(raw, at, head_end))
    if labels and raw[labels[-1].end() : head_end].strip():
        at = labels[-1].end()
    return at


def _label_off(raw: str) -> str:
    """A 【…】 label after the name (「护盾【定案】」) is not part of it; a name that is all label stays."""
    head_end = raw.find("〔")
    head_end = len(raw) if head_end < 0 else head_end
    m = _TRAILING_LABEL.search(raw, 0, head_end)
    if m and raw[: m.start()].strip():
        return raw[: m.start()] + raw[head_end:]
    return raw


def _element(raw: str, position: str = "middle") -> Element | None:
    raw = _label_off(raw.strip())
    raw = _STEP_SPACE.sub("步骤", _PAREN.sub("", raw)) if "〔" not in raw else raw
    # a flattened table leaves cell text around a chain: 「额减免时 第一层抗体」 — keep the part next to the arrow
    gaps = [m.start() for m in _CJK_GAP.finditer(raw)] if "〔" not in raw else []
    if gaps and position == "first":
        raw = raw[gaps[-1] + 1 :]
    elif gaps and position == "last":
        raw = raw[: gaps[0] + 1]
    group = re.search(r"〔(?P<inner>.*)〕", raw)
    members: list[tuple[str, ...]] = []
    if group:
        inner = group.group("inner")
        head = raw[: group.start()]
        if any(a in inner for a in _ARROWS):
            members.append(tuple(n for n in (_clean(p) for p in _split_top(inner, _ARROWS)) if n))
        else:
            members.extend((n,) for n in (_clean(p) for p in _split_top(inner, ("、", "∕"))) if n)
    else:
        head = raw
    name = _clean(head)
    if not name or len(name) > MAX_NODE:
        return None
    return Element(name, tuple(members))


def _chain_spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of arrow chains: maximal runs of 「element → element → …」 at bracket depth 0."""
    i = 0
    n = len(text)
    while i < n:
        at = min((p for p in (text.find(a, i) for a in _ARROWS) if p >= 0), default=-1)
        if at < 0:
            return
        # walk back to the start of the first element
        start = at
        depth = 0
        while start > 0:
            ch = text[start - 1]
            if ch in _CLOSE:
                depth += 1
            elif ch in _OPEN:
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and ch in _CHAIN_STOP:
                break
            start -= 1
        # walk forward over elements joined by arrows
        end = at
        depth = 0
        while end < n:
            ch = text[end]
            if ch in _OPEN:
                depth += 1
            elif ch in _CLOSE:
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and ch in _CHAIN_STOP:
                break
            end += 1
        yield start, end
        i = end + 1


def find_chains(ctx: LintContext, units: list[Unit]) -> list[Chain]:
    out: list[Chain] = []
    for unit in units:
        text = unit.text
        for start, end in _chain_spans(text):
            raw = text[start:end]
            parts = _split_top(raw, _ARROWS)
            if len(parts) < 2:
                continue
            # a marker on the first element only is the item's (「⑥现行层序…」), not the element's
            # (「〇留言→①自由讨论→②投票」 labels every element)
            item_marker = bool(_LEADING_MARKER.match(parts[0].strip())) and not any(
                _LEADING_MARKER.match(p.strip()) for p in parts[1:]
            )
            skip = _caption_start(parts[0], item_marker)
            start, raw, parts[0] = start + skip, raw[skip:], parts[0][skip:]
            elements = [
                _element(p, "first" if k == 0 else "last" if k == len(parts) - 1 else "middle")
                for k, p in enumerate(parts)
            ]
            if any(e is None for e in elements):
                continue
            els = tuple(e for e in elements if e is not None)
            grouped = sum(len(e.members) for e in els)
            if len(els) < 3 and not grouped:
                continue  # 「A→B」 alone is a mapping or a change (「2 件 → 3 件」), not an order
            out.append(Chain(unit.id, unit.line_of(start), start, end, els, raw))
    return out


# ------------------------------------------------------------------------------------ extraction


def _step_label(name: str) -> str | None:
    m = _STEP_HEAD.match(name.replace(" ", ""))
    return m.group(1) if m else None


def step_key(label: str) -> tuple[float, str]:
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([ab]?)", label)
    return (float(m.group(1)), m.group(2)) if m else (float("inf"), label)


def _owner(ctx: LintContext, unit: Unit, chain: Chain) -> str:
    text = unit.text
    after = _CITE_AFTER.match(text[chain.end : chain.end + 24])
    if after and ctx.exists(after.group("cid")):
        return after.group("cid")
    sentence_start = max(text.rfind(ch, 0, chain.start) for ch in "。；") + 1
    before = _CITE_BEFORE.search(text[max(sentence_start, chain.start - 24) : chain.start])
    if before and ctx.exists(before.group("cid")):
        return before.group("cid")
    lead = _lead_in(ctx, unit, chain.start)
    return lead or unit.id


def _lead_in(ctx: LintContext, unit: Unit, offset: int) -> str | None:
    """A lead-in earlier in the same item (or item-less clause) naming the order's source: 4.14.7
    「感染侧层序依 5.3.3（唯一权威源），下表为对该权威源之重述」 before its table."""
    clause = ctx.clause(unit.id) if unit.is_clause else None
    if clause is None:
        return None
    label = clause.item_at(offset)
    item = clause.item(label) if label else None
    begin = item.offset if item else 0
    leads = [m for m in _LEAD_IN.finditer(unit.text, begin, offset) if ctx.exists(m.group("cid"))]
    return leads[-1].group("cid") if leads else None


def _aliases(ctx: LintContext, owners: set[str]) -> dict[str, str]:
    """A table clause with no chain of its own that defers to another table (「一律依 2.8.2」)."""
    out: dict[str, str] = {}
    for cid in owners:
        unit = ctx.unit_by_id.get(cid)
        if unit is None or not unit.is_clause:
            continue
        m = re.search(rf"(?:依|见)\s*(?P<cid>{CLAUSE_ID})", unit.text)
        if m and m.group("cid") != cid:
            out[cid] = m.group("cid")
    return out


def _resolve(key: str, aliases: dict[str, str]) -> str:
    seen = set()
    while key in aliases and key not in seen:
        seen.add(key)
        key = aliases[key]
    return key


@per_lint
def extract_order_tables(ctx: LintContext) -> dict[str, OrderTable]:
    """Per table (owning clause id, or ``"night-steps"``), the directed graph of stated precedences.

    Every edge has ``sources``: the :class:`Source` (clause, line, raw text) of each statement.  Memoised per
    context (families f and r both read the tables, and neither changes them)."""
    return _extract_order_tables(ctx)


def _extract_order_tables(ctx: LintContext) -> dict[str, OrderTable]:
    units = list(ctx.units_outside_log())
    chains = find_chains(ctx, units)
    tables: dict[str, OrderTable] = {}
    steps = OrderTable(STEP_TABLE)
    chain_owner: dict[int, str] = {}
    for k, chain in enumerate(chains):
        chain_owner[k] = _owner(ctx, ctx.unit_by_id[chain.unit], chain)
    written = {c.unit for c in chains}
    keys = set(chain_owner.values())
    aliases = _aliases(ctx, keys - written)
    aliases = {k: v for k, v in aliases.items() if v in keys}

    def table(key: str) -> OrderTable:
        key = _resolve(key, aliases)
        if key not in tables:
            tables[key] = OrderTable(key)
        return tables[key]

    cooccur: dict[str, set[frozenset[str]]] = {}
    for k, chain in enumerate(chains):
        src = Source(chain.unit, chain.line, clip(chain.raw, 80))
        names = [e.name for e in chain.elements]
        labels = [_step_label(n) for n in names]
        if sum(1 for x in labels if x) >= 2:
            for x, y in pairwise(names):
                steps.add(_step_node(x), _step_node(y), src)
            continue
        t = table(chain_owner[k])
        everything = set(names) | {m for e in chain.elements for grp in e.members for m in grp}
        cooccur.setdefault(t.key, set()).add(frozenset(everything))
        for ea, eb in pairwise(chain.elements):
            t.add(ea.name, eb.name, src)
            for ma in (m for grp in ea.members for m in grp):
                for mb in (m for grp in eb.members for m in grp):
                    t.add(ma, mb, src)
        for e in chain.elements:
            for grp in e.members:
                for x, y in pairwise(grp):
                    t.add(x, y, src)
    _numbered_lists(ctx, table)
    _step_base(ctx, steps)
    for t in tables.values():
        _merge_qualified(t, cooccur.get(t.key, set()))
    _pairs(ctx, units, tables, steps, lambda key: tables.get(_resolve(key, aliases)))
    if steps.graph.number_of_nodes():
        key = _step_owner(ctx) or STEP_TABLE
        if key in tables:  # the step table also holds chains of its own
            for a, b, data in steps.graph.edges(data=True):
                for src in data["sources"]:
                    tables[key].add(a, b, src)
        else:
            steps.key = key
            tables[key] = steps
    return tables


def _step_node(name: str) -> str:
    label = _step_label(name)
    return f"步骤{label}" if label else name


def _step_owner(ctx: LintContext) -> str | None:
    """The clause owning the night-step table: the one 「步骤 X」 references resolve to."""
    owners = [r.target_clause for r in ctx.doc.refs() if r.kind.value == "night_step" and r.target_clause]
    return max(sorted(set(owners)), key=owners.count) if owners else None


def _step_base(ctx: LintContext, steps: OrderTable) -> None:
    """Numbered steps in number order, as the step table states (「序号在前的步骤先结算」)."""
    owner = _step_owner(ctx)
    labels: set[str] = set()
    for r in ctx.doc.refs():
        if (
            r.kind.value == "night_step"
            and r.target_item
            and re.fullmatch(r"\d+(?:\.\d+)?[ab]?", r.target_item)
        ):
            labels.add(r.target_item)
    for node in list(steps.graph.nodes):
        if node.startswith("步骤"):
            labels.add(node.removeprefix("步骤"))
    ordered = sorted(labels, key=step_key)
    base_clause = owner or STEP_TABLE
    owner_clause = ctx.clause(owner)
    base_line = owner_clause.line if owner_clause else 0
    for a, b in pairwise(ordered):
        steps.add(f"步骤{a}", f"步骤{b}", Source(base_clause, base_line, f"步骤 {a} → 步骤 {b}（按序号）"))


def _numbered_lists(ctx: LintContext, table: Callable[[str], OrderTable]) -> None:
    for clause in ctx.doc:
        if not any(w in clause.title for w in _LIST_TITLE):
            continue
        unit = ctx.unit_by_id[clause.id]
        if not any(w in unit.text for w in _LIST_CUE) or len(clause.items) < 2:
            continue
        items = sorted((it for it in clause.items if it.variant is None), key=lambda it: it.ordinal)
        t = table(clause.id)
        for a, b in pairwise(items):
            t.add(a.label, b.label, Source(clause.id, a.line, clip(f"{a.label}{a.text}", 40)))


def _merge_qualified(t: OrderTable, chains: set[frozenset[str]]) -> None:
    """Merge 「保护」 into 「保镖保护」 when only one node ends with it and they never share a chain."""
    g = t.graph
    for short in sorted(g.nodes, key=len):
        if short not in g or len(short) < 2:
            continue
        longer = [n for n in g.nodes if n != short and n.endswith(short)]
        if len(longer) != 1:
            continue
        long = longer[0]
        if any(short in c and long in c for c in chains):
            continue
        for u, _, data in list(g.in_edges(short, data=True)):
            for s in data["sources"]:
                t.add(u if u != short else long, long, s)
        for _, v, data in list(g.out_edges(short, data=True)):
            for s in data["sources"]:
                t.add(long, v if v != short else long, s)
        g.remove_node(short)


def _side(text: str, before: bool) -> str:
    """The phrase on one side of 先于: back (or forward) to the nearest stop character."""
    if before:
        cut = max(text.rfind(ch) for ch in _PAIR_STOP)
        phrase = text[cut + 1 :]
    else:
        cuts = [p for p in (text.find(ch) for ch in _PAIR_STOP) if p >= 0]
        phrase = text[: min(cuts)] if cuts else text
    for f in _FILLER:
        phrase = phrase.replace(f, "")
    return phrase.strip()


def _match(phrase: str, nodes: list[str], prefix: bool) -> str | None:
    best: str | None = None
    for n in nodes:
        ok = phrase == n or (phrase.startswith(n) if prefix else phrase.endswith(n))
        if ok and (best is None or len(n) > len(best)):
            best = n
    if best is None and len(phrase) >= 2:
        # the short name of a qualified node (「护甲先于护盾」 in a table of 工匠护甲 and 结茧护盾), when
        # only one node ends with it — the rule by which 「保护」 and 「保镖保护」 merge
        longer = [n for n in nodes if n.endswith(phrase)]
        best = longer[0] if len(longer) == 1 else None
    return best


def _labels(phrase: str, before: bool) -> list[str] | None:
    """A run of row labels next to the keyword: 「①②③④」 after it, 「③」 before it (None if there is none).
    A run after a clause id or a namespace word (「2.8.2⑥」「批次③」) cites something else: None."""
    m = (_LABEL_RUN_BEFORE.search if before else _LABEL_RUN_AFTER.match)(phrase)
    if m is None or _ID_BEFORE.search(phrase[: m.start()]):
        return None
    return [x.group(0) for x in _ROW_LABEL.finditer(m.group("run"))]


def _row(ctx: LintContext, unit: Unit, offset: int) -> str | None:
    """The row of its clause's numbered table that a statement at ``offset`` is written in: the item
    around it, or — before the first item — a row 〇 (the zero row printed ahead of ①: 1.2.3's
    「〇已达第 99 夜…全局平局」)."""
    clause = ctx.clause(unit.id) if unit.is_clause else None
    if clause is None:
        return None
    label = clause.item_at(offset)
    if label is not None:
        return label
    return "〇" if _ZERO_ROW.search(unit.text, 0, offset) else None


def _label_pair(
    ctx: LintContext,
    unit: Unit,
    m: re.Match[str],
    left_raw: str,
    right_raw: str,
    table: Callable[[str], OrderTable | None],
    src: Source,
) -> bool:
    """「平局优先于①②③④」 / 「③先于①②」: row labels of the statement's own clause (bare labels cite the
    clause they are written in).  A left side that is no label is the subject of the row the statement
    sits in.  The listed rows must already be rows of that clause's numbered table; the zero row 〇 may
    join a table that starts at ①.  Returns whether the statement was one of labels (handled here)."""
    if _CITED_ROW_BEFORE.search(left_raw):
        return True  # 「依 1.3②优先于①」: a row of another clause, no row of this one
    left = _labels(_side(left_raw, True), before=True)
    right = _labels(right_raw, before=False)
    if right is None:
        return left is not None  # 「③先于其余各条」: nothing listed to order against
    t = table(unit.id) if unit.is_clause else None
    if t is None:
        return True
    if left is None:
        row = _row(ctx, unit, m.start())
        subject = _side(left_raw, True)
        left = [row] if row and subject and len(subject) <= MAX_NODE else []
    if m.group("kw") in _REVERSED:
        left, right = right, left

    def known(label: str) -> bool:
        return label in t.graph or (label == "〇" and "①" in t.graph)

    if all(known(x) for x in (*left, *right)):
        for a in left:
            for b in right:
                t.add(a, b, src)
    return True


def _group_pair(
    left_raw: str, right_raw: str, reverse: bool, tables: dict[str, OrderTable], src: Source
) -> bool:
    """「时限类〔保镖保护、警长巡逻〕先于存续类〔工匠护甲、结茧护盾〕」: a pair whose sides carry class groups
    orders the classes and every member of one before every member of the other, like a chain of two.
    As for every pair, only names already in a table count, members included.  Returns whether a side
    had a group (the statement is handled here)."""
    lm = _GROUP_BEFORE.search(left_raw)
    rm = _GROUP_AFTER.match(right_raw)
    if lm is None and rm is None:
        return False
    left = _element(lm.group(0)) if lm else Element(_side(left_raw, True), ())
    right = _element(rm.group(0)) if rm else Element(_side(right_raw, False), ())
    if left is None or right is None:
        return True
    if reverse:
        left, right = right, left
    for t in tables.values():
        nodes = list(t.graph.nodes)
        a = _match(left.name, nodes, prefix=False)
        b = _match(right.name, nodes, prefix=True)
        if not (a and b and a != b):
            continue
        t.add(a, b, src)
        for ma in (_match(x, nodes, prefix=False) for grp in left.members for x in grp):
            for mb in (_match(y, nodes, prefix=False) for grp in right.members for y in grp):
                if ma and mb and ma != mb:
                    t.add(ma, mb, src)
    return True


def _pairs(
    ctx: LintContext,
    units: list[Unit],
    tables: dict[str, OrderTable],
    steps: OrderTable,
    table: Callable[[str], OrderTable | None],
) -> None:
    for unit in units:
        text = unit.text
        for m in _PAIR.finditer(text):
            if _NEGATION.search(text, max(0, m.start() - 3), m.start()):
                continue  # 「亦不优先于该表任一条件」 states no order
            left_raw = text[max(0, m.start() - 30) : m.start()]
            right_raw = text[m.end() : m.end() + 30]
            src = Source(
                unit.id, unit.line_of(m.start()), clip(text[max(0, m.start() - 14) : m.end() + 14], 40)
            )
            if _label_pair(ctx, unit, m, left_raw, right_raw, table, src):
                continue
            if _group_pair(left_raw, right_raw, m.group("kw") in _REVERSED, tables, src):
                continue
            sl = _STEP.findall(left_raw[-16:])
            sr = _STEP.findall(right_raw[:16])
            a_raw, b_raw = _side(left_raw, True), _side(right_raw, False)
            reverse = m.group("kw") in _REVERSED
            if sl and sr:
                first, second = f"步骤{sl[-1]}", f"步骤{sr[0]}"  # the steps nearest the keyword
                steps.add(*((second, first) if reverse else (first, second)), src)
                continue
            if reverse:
                a_raw, b_raw = b_raw, a_raw
            for t in tables.values():
                nodes = list(t.graph.nodes)
                a = _match(a_raw, nodes, prefix=reverse)
                b = _match(b_raw, nodes, prefix=not reverse)
                if a and b and a != b:
                    t.add(a, b, src)


# --------------------------------------------------------------------------------------- findings


def _cycle_sources(t: OrderTable, cycle: list[str]) -> list[Source]:
    out: list[Source] = []
    for a, b in pairwise([*cycle, cycle[0]]):
        out.extend(t.sources(a, b)[:1])
    return out


def _rotated(cycle: list[str]) -> list[str]:
    """The cycle starting at its least node: networkx's starting point depends on set order."""
    at = cycle.index(min(cycle))
    return cycle[at:] + cycle[:at]


def _restatement_first(key: str, srcs: list[Source]) -> list[Source]:
    """Sources with the restatements (not the owning clause) first: that is where the fix goes."""
    return sorted(srcs, key=lambda s: s.clause == key)


def run(ctx: LintContext) -> Iterator[Finding]:
    tables = extract_order_tables(ctx)
    for key in sorted(tables, key=lambda k: (safe_key(k), k)):
        t = tables[key]
        g = t.graph
        seen_pairs: set[frozenset[str]] = set()
        for a, b in sorted(g.edges):
            if not g.has_edge(b, a) or frozenset((a, b)) in seen_pairs:
                continue
            seen_pairs.add(frozenset((a, b)))
            s1, s2 = t.sources(a, b)[0], t.sources(b, a)[0]
            if s1.clause == key and s2.clause != key:
                (a, s1), (b, s2) = (b, s2), (a, s1)
            yield CONFLICT.finding(
                s1.clause,
                s1.line,
                f"次序表 {key}：此处说「{a}」先于「{b}」，{s2.clause} 却说「{b}」先于「{a}」",
                f"order table {key}: here '{a}' comes before '{b}', but {s2.clause} puts '{b}' before '{a}'",
                f"{s1.raw} ⇄ {s2.raw}",
                related=[(s2.clause, s2.line)],
                extra={"table": key, "pair": [a, b], "other": s2.clause},
            )
        for cycle in sorted(_rotated(c) for c in nx.simple_cycles(g, length_bound=6) if len(c) >= 3):
            srcs = _restatement_first(key, _cycle_sources(t, cycle))
            path = "→".join([*cycle, cycle[0]])
            clauses = "、".join(dict.fromkeys(s.clause for s in srcs))
            yield CYCLE.finding(
                srcs[0].clause,
                srcs[0].line,
                f"次序表 {key} 成环：{path}（涉及 {clauses}）",
                f"order table {key} has a cycle: {path} (statements in {clauses})",
                path,
                related=[(s.clause, s.line) for s in srcs[1:]],
                extra={"table": key, "cycle": cycle},
            )
