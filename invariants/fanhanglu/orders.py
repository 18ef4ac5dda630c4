"""``priority_tables_consistent`` — the orders the spec uses are total, acyclic and agree with every
restatement the text makes: night steps (2.1.1), damage-side layers (2.8.2⑥), infection-side layers
(5.3.3), the victory order (1.2.3) and the adjudication order (0.5).

The text side is the lint's extraction (:func:`ruleproof.lint.orders.extract_order_tables`, check (f)):
one directed graph per order table, each edge with the clause, line and quote of every statement.  Each
spec order is compared with

* numbered orders (victory rows, adjudication items — their nodes are bare ①②…): the table its own
  clause owns;
* the night steps: the table holding the 「步骤 X」 nodes (every step chain and pair of the text);
* the layer orders: the table of its own clause, and every other table all of whose nodes name layers or
  layer classes of that order (so a restatement the lint files under another clause is compared too).

Node names map to spec elements by the spec's Chinese names (exact, else the one name they end: 「保护」 →
保镖保护), class names (全额减免 / 时限类 / 存续类, 2.8.2①) to every layer of that class in the spec's order;
nodes that name nothing of the spec are listed, not guessed.  Then Z3 decides whether ranks exist with
``rank(a) < rank(b)`` for every consecutive pair of the spec's order and every mapped text edge: if not,
the minimal unsat core names the contradicting statements (a ``violated`` result); the text alone is
checked the same way first, so "the text contradicts itself" and "the spec contradicts the text" are
told apart.  Pairs of the spec's order no text statement supports are reported as unconfirmed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from ruleproof.claims import CIRCLED, ClaimPattern
from ruleproof.lint.context import LintContext
from ruleproof.lint.orders import OrderTable, extract_order_tables
from ruleproof.smt.invariant import Checked, Invariant, NotConcretizable, confirm
from ruleproof.smt.ranks import Statement, Unknown, conflict
from ruleproof.smt.ts import CheckResult, Options, Status
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.tables import (
    ADJUDICATION_ORDER,
    BATCHES,
    DAMAGE_ORDER,
    INFECTION_ORDER,
    LAYER_CLASS_ZH,
    NIGHT_STEPS,
    VICTORY_ORDER,
)
from ruleproof.specs.model import LayerDef, StepKind
from ruleproof.text import Document

from . import scenario as sc

LAYERS: dict[str, LayerDef] = {layer.key: layer for layer in (*DAMAGE_ORDER.layers, *INFECTION_ORDER.layers)}
_STRIP = str.maketrans("", "", "【】「」〔〕 \u3000")


@dataclass
class SpecOrder:
    key: str
    clause: str
    elements: tuple[str, ...]
    names: dict[str, str]  # exact Chinese name → element
    classes: dict[str, tuple[str, ...]]  # class name → elements
    numbered: bool  # nodes are bare item symbols; compare only with the owning clause's table

    def element(self, node: str) -> tuple[str, ...]:
        name = node.translate(_STRIP).removesuffix("层")
        if name in self.classes:
            return self.classes[name]
        if name in self.names:
            return (self.names[name],)
        ends = [e for n, e in self.names.items() if n.endswith(name)] if len(name) >= 2 else []
        return tuple(dict.fromkeys(ends)) if len(set(ends)) == 1 else ()


def spec_orders(spec: Spec) -> list[SpecOrder]:
    steps = tuple(s.key for s in NIGHT_STEPS)
    step_names = {f"步骤{s.key}": s.key for s in NIGHT_STEPS if s.kind is StepKind.STEP}
    step_names.update({s.zh: s.key for s in NIGHT_STEPS if s.kind is not StepKind.STEP})
    out = [SpecOrder("night_steps", "2.1.1", steps, step_names, {}, numbered=False)]
    for key, clause, order in (
        ("damage_layers", DAMAGE_ORDER.clause, spec.damage_order()),
        ("infection_layers", INFECTION_ORDER.clause, spec.infection_order()),
    ):
        names = {LAYERS[k].zh: k for k in order}
        classes = {
            zh: tuple(k for k in order if LAYERS[k].klass is klass) for klass, zh in LAYER_CLASS_ZH.items()
        }
        out.append(SpecOrder(key, clause, tuple(order), names, classes, numbered=False))
    rows = tuple(r.row for r in VICTORY_ORDER)
    out.append(SpecOrder("victory", VICTORY_ORDER[0].clause, rows, {r: r for r in rows}, {}, numbered=True))
    items = tuple(a.row for a in ADJUDICATION_ORDER)
    out.append(
        SpecOrder("adjudication", ADJUDICATION_ORDER[0].clause, items, {i: i for i in items}, {}, True)
    )
    return out


def _tables_for(order: SpecOrder, tables: dict[str, OrderTable]) -> list[OrderTable]:
    if order.numbered:
        return [tables[order.clause]] if order.clause in tables else []
    if order.key == "night_steps":
        return [t for t in tables.values() if sum(1 for n in t.graph.nodes if n.startswith("步骤")) >= 2]
    out = []
    for key in sorted(tables):
        nodes = list(tables[key].graph.nodes)
        if key == order.clause or (len(nodes) >= 2 and all(order.element(n) for n in nodes)):
            out.append(tables[key])
    return out


@dataclass
class OrderVerdict:
    order: SpecOrder
    tables: list[str]
    text_conflict: list[Statement]
    spec_conflict: list[Statement]
    unconfirmed: list[tuple[str, str]]
    unmapped: list[str]
    domain: list[str]  # problems with the spec's order itself (duplicates, missing elements)

    @property
    def ok(self) -> bool:
        return not (self.text_conflict or self.spec_conflict or self.domain)

    def to_json(self) -> dict[str, Any]:
        return {
            "order": self.order.key,
            "clause": self.order.clause,
            "spec": list(self.order.elements),
            "tables": self.tables,
            "consistent": self.ok,
            "text_conflict": [s.to_json() for s in self.text_conflict],
            "spec_conflict": [s.to_json() for s in self.spec_conflict],
            "unconfirmed": [list(p) for p in self.unconfirmed],
            "unmapped_nodes": self.unmapped,
            "domain": self.domain,
        }


def judge(order: SpecOrder, tables: dict[str, OrderTable], opts: Options) -> OrderVerdict:
    chosen = _tables_for(order, tables)
    text: list[Statement] = []
    unmapped: set[str] = set()
    for t in chosen:
        for a, b, data in sorted(t.graph.edges(data=True)):
            ea, eb = order.element(a), order.element(b)
            unmapped.update(n for n, e in ((a, ea), (b, eb)) if not e)
            for src in data["sources"]:
                text.extend(Statement(x, y, src.clause, src.line, src.raw) for x in ea for y in eb if x != y)
    spec_side = [
        Statement(x, y, "spec", None, f"{order.key}: {x} → {y}")
        for x, y in zip(order.elements, order.elements[1:], strict=False)
    ]
    domain = _domain(order, chosen)
    text_conflict = conflict(text, opts)
    spec_conflict = [] if text_conflict else conflict([*spec_side, *text], opts)
    g: nx.DiGraph[str] = nx.DiGraph()
    g.add_edges_from((s.before, s.after) for s in text)
    unconfirmed = [
        (x, y)
        for x, y in zip(order.elements, order.elements[1:], strict=False)
        if not (x in g and y in g and nx.has_path(g, x, y))
    ]
    return OrderVerdict(
        order, [t.key for t in chosen], text_conflict, spec_conflict, unconfirmed, sorted(unmapped), domain
    )


def _domain(order: SpecOrder, chosen: Sequence[OrderTable] = ()) -> list[str]:
    problems = [
        f"{e} appears more than once" for e in sorted(set(order.elements)) if order.elements.count(e) > 1
    ]
    if order.key == "night_steps":  # the step table 2.1.1 must have the same steps, not only the same order
        said = {n.translate(_STRIP) for t in chosen for n in t.graph.nodes if n.startswith("步骤")}
        problems += [
            f"the text's {n} is not a step of the spec" for n in sorted(said) if not order.element(n)
        ]
        problems += [
            f"the spec's step {s.key} is not in the text's step table"
            for s in NIGHT_STEPS
            if s.kind is StepKind.STEP and f"步骤{s.key}" not in said and s.key in order.elements
        ]
    if order.key == "damage_layers":
        problems += [
            f"layer {layer.key} missing" for layer in DAMAGE_ORDER.layers if layer.key not in order.elements
        ]
    if order.key == "infection_layers":
        problems += [
            f"layer {layer.key} missing"
            for layer in INFECTION_ORDER.layers
            if layer.key not in order.elements
        ]
    return problems


# ── the batch list of 2.1.6 ─────────────────────────────────────────────────────────────────────

_WHEN = re.compile(r"步骤\s*(\d+(?:\.\d+)?[ab]?)\s*(?:后|开始时)")


def text_batches(doc: Document, clause: str = "2.1.6") -> dict[str, str | None]:
    """The batch rows of the table 2.1.6 as printed: symbol → when it is published (a step key, ``day``,
    ``setup``; None when the row names no time).  Rows are read in their order 〇 ① ② …, each at the first
    mark that is not a reference (a mark right after a digit, 「2.8.12④」, or after another mark, 「②③」)."""
    c = doc.clause(clause)
    if c is None:
        return {}
    text = c.text
    out: dict[str, str | None] = {}
    pos = 0
    marks: list[tuple[str, int]] = []
    for symbol in CIRCLED:  # 〇 ① ② … in order, until the table has no next row
        at = pos
        while True:
            at = text.find(symbol, at)
            if at < 0 or not (
                at and (text[at - 1].isdigit() or text[at - 1] in ".〜~" or text[at - 1] in CIRCLED)
            ):
                break
            at += 1
        if at < 0:
            break
        marks.append((symbol, at))
        pos = at + 1
    for n, (symbol, at) in enumerate(marks):
        seg = text[at + 1 : marks[n + 1][1] if n + 1 < len(marks) else len(text)]
        m = _WHEN.search(seg)
        if m:
            out[symbol] = m.group(1)
        elif "白天" in seg:
            out[symbol] = "day"
        elif "第 1 夜之前" in seg or "第1夜之前" in seg:
            out[symbol] = "setup"
        else:
            out[symbol] = None
    return out


def judge_batches(doc: Document) -> dict[str, Any]:
    """The spec's batch table against 2.1.6: the same batches, each published after the same step."""
    said = text_batches(doc)
    problems = []
    for b in BATCHES:
        if b.symbol not in said:
            problems.append(f"the spec's batch {b.symbol} is not in the text's list 2.1.6")
        elif said[b.symbol] is not None and said[b.symbol] != b.when:
            problems.append(
                f"batch {b.symbol}: the text publishes it after {said[b.symbol]}, the spec after {b.when}"
            )
    spec_symbols = {b.symbol for b in BATCHES}
    problems += [f"the text's batch {sym} is not in the spec" for sym in said if sym not in spec_symbols]
    return {
        "order": "batch_list",
        "clause": "2.1.6",
        "spec": {b.symbol: b.when for b in BATCHES},
        "text": said,
        "consistent": not problems and bool(said),
        "domain": problems or ([] if said else ["the text's batch list 2.1.6 was not found"]),
    }


class PriorityTablesConsistent(Invariant[Spec]):
    name = "priority_tables_consistent"
    title = "次序表一致：夜间步骤、两侧层序、判定顺序、裁判次序全序无环，且与正文每处复述一致"
    title_en = "priority tables: total, acyclic, and agreeing with every restatement in the text"
    cites = ("2.1.1", "2.8.2", "5.3.3", "1.2.3", "0.5")
    switches = ("damage.night_immunity_position",)
    abstraction = "the spec's orders vs the lint's order tables of the text, as integer ranks"
    # the tables as the text heads or states them (the orders themselves are read from every restatement)
    claims = (
        ClaimPattern("steps", "2.1.1", "夜间步骤总表"),
        ClaimPattern(
            "damage", "2.8.2", "全额减免〔{full:any}〕→时限类〔{timed:any}〕→存续类〔{persistent:any}〕"
        ),
        ClaimPattern("victory", "1.2.3", "判定顺序"),
        ClaimPattern("adjudication", "0.5", "裁判次序"),
        ClaimPattern("batches", "2.1.6", "公告批次一览"),
    )

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        claims = self.claims_or_gap(doc, "smt-ranks")
        if isinstance(claims, Checked):
            return claims
        out = self._check(spec, opts, doc)
        out.claims = [c.to_json() for c in claims.values()]
        return out

    def _check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        tables = extract_order_tables(LintContext(doc))
        try:
            verdicts = [judge(order, tables, opts) for order in spec_orders(spec)]
        except Unknown as exc:
            return Checked(CheckResult(Status.UNKNOWN, "smt-ranks", 0, note=f"solver unknown ({exc})"))
        bad = [v for v in verdicts if not v.ok]
        batches = judge_batches(doc)
        details: dict[str, Any] = {"orders": [v.to_json() for v in verdicts], "batch_list": batches}
        # non-vacuity: every order of the spec is compared with at least one table of the text
        alone = [v.order.key for v in verdicts if not v.tables]
        details["alive"] = [
            {
                "kind": "premise",
                "name": f"{v.order.key}_compared",
                "clause": v.order.clause,
                "zh": "正文有此次序之表",
                "en": "the text states this order",
                "status": "reached" if v.tables else "unreached",
                "depth": 0 if v.tables else None,
            }
            for v in verdicts
        ]
        if not bad and batches["consistent"]:
            if alone:  # an order no table of the text states was compared with nothing
                note = (
                    f"no table of the text states {', '.join(alone)}: not compared (the text cannot be read)"
                )
                return Checked(
                    CheckResult(Status.UNKNOWN, "smt-ranks", 0, note=note, unknown="not-read"),
                    details=details,
                )
            return Checked(CheckResult(Status.PROVED, "smt-ranks", 0), details=details)
        says = [_say(v) for v in bad] + (
            [f"batch_list: {', '.join(batches['domain'])}"] if not batches["consistent"] else []
        )
        result = CheckResult(Status.VIOLATED, "smt-ranks", 0, note="; ".join(says))
        out = Checked(result, details=details)
        try:
            out.scenario = _scenario(spec, bad)
        except NotConcretizable as exc:
            out.scenario_note = str(exc)
        if out.scenario is not None:
            out.details["engine"] = confirm(out.scenario, None)
        return out


def _say(v: OrderVerdict) -> str:
    if v.domain:
        return f"{v.order.key}: {', '.join(v.domain)}"
    who = "text" if v.text_conflict else "spec vs text"
    core = v.text_conflict or v.spec_conflict
    return f"{v.order.key} ({who}): " + " / ".join(f"{s.before}<{s.after} [{s.source}]" for s in core)


# ── a damage-side conflict as a game: the engine consumes the layer the text puts later ─────────

# how the standard table gives a target each damage layer tonight (night 1)
_GRANT = {
    "night_immunity": (sc.ALIEN, None),  # the classic alien starts with one charge (6.4.1)
    "safe_room": (sc.ENGINEER, {"actor": sc.ENGINEER, "skill": "safe_room", "targets": [sc.ENGINEER]}),
    "protection": (None, {"actor": sc.BODYGUARD, "skill": "protect"}),
    "patrol": (None, {"actor": sc.POLICE, "skill": "patrol"}),
    "shield": (None, {"actor": sc.XENOS[1], "skill": "cocoon"}),
    # the craftsman (the defender seat's other variant) wears its initial armor from the start (4.11.1③);
    # another target gets a quick armor forged on night 1 and distributed on night 2 (4.11.2)
    "armor": (sc.BODYGUARD, None),
}
_HIT = {
    "safe_room": "safe_room",
    "night_immunity": "immunity_consumed",
    "protection": "protection",
    "patrol": "patrol",
    "shield": "shield",
    "armor": "armor",
}


def _scenario(spec: Spec, bad: Sequence[OrderVerdict]) -> dict[str, Any]:
    damage = next((v for v in bad if v.order.key == "damage_layers" and v.spec_conflict), None)
    if damage is None:
        raise NotConcretizable("only a damage-side layer conflict has a game scenario")
    order = spec.damage_order()
    pair = next(
        (
            (s.before, s.after)
            for s in damage.spec_conflict
            if s.source != "spec" and order.index(s.before) > order.index(s.after)
        ),
        None,
    )
    if pair is None or any(k not in _GRANT for k in pair):
        raise NotConcretizable(f"no way to give one target both layers {pair}")
    if set(pair) == {"armor", "protection"}:
        raise NotConcretizable("the bodyguard and the craftsman share the defender seat (1.1.1)")
    others = [k for k in pair if k != "armor"]
    fixed = [t for t, _ in (_GRANT[k] for k in others) if t is not None]
    if len(set(fixed)) > 1:
        raise NotConcretizable(f"layers {pair} cannot meet on one player")
    table = sc.players(p10="craftsman") if "armor" in pair else None
    target = fixed[0] if fixed else (sc.BODYGUARD if "armor" in pair else sc.CREW[0])
    night = 1
    script = []
    if "armor" in pair and target != sc.BODYGUARD:  # not the craftsman itself: forge, then distribute
        script.append(sc.night(1, {"actor": sc.BODYGUARD, "skill": "quick_forge"}))
        night = 2
    actions = [
        dict(g, targets=[target]) if "targets" not in g else dict(g)
        for _, g in (_GRANT[k] for k in others)
        if g
    ]
    if night == 2:
        actions.append(
            {"actor": sc.BODYGUARD, "skill": "distribute_armor", "targets": [target], "kinds": ["quick"]}
        )
    actions.append({"actor": sc.XENOS[0], "skill": "knife", "targets": [target]})
    script.append(sc.night(night, *actions))
    first = min(pair, key=order.index)
    src = next(s for s in damage.spec_conflict if (s.before, s.after) == pair)
    return sc.vector(
        spec,
        ident="priority_tables_consistent",
        title=f"伤害侧层序与正文不符：{LAYERS[pair[0]].zh} 应先于 {LAYERS[pair[1]].zh}（{src.source}）",
        description=(
            f"{src.source} 第 {src.line} 行「{src.quote}」定 {LAYERS[pair[0]].zh} 先于 {LAYERS[pair[1]].zh}；"
            f"本解释下引擎之层序为 {' → '.join(order)}，一刀落在同时持有两层的目标上，先消耗的是 {LAYERS[first].zh}。"
        ),
        cites=["2.8.2", "4.10.2", src.source],
        script=script,
        expect=[
            {"after": f"night {night}", "events": [{"kind": "hit", "target": target, "result": _HIT[first]}]}
        ],
        table=table,
    )
