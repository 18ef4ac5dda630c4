"""(r) Prose contradictions: two places that state the same rule differently.

The order tables (:mod:`ruleproof.lint.orders`) compare chains and 「先于」 pairs; here are the rules the
text states in running prose, extracted, normalised and compared:

* **orders in a sentence** — 「先消耗保护、后消耗护盾」: both sides name nodes of one order table; the
  table (chains and pairs the text states elsewhere) must not order them the other way;
* **the same effect at two times** — one place says 「当夜的夜间主动技能被封锁」 and another
  「次夜的夜间主动技能被封锁」: the same words follow two opposite time words (当夜 / 次夜 / 下一夜 …);
* **what one role alone has, given to another** — 「自救额度为生化医师独有」 (「…独属」「…专属」, the owner
  a role the text names in a title) while another place speaks of 「救援医师的自救」.

Each finding quotes both places.  Book-generic: the roles are the names of the text's role sections,
the time words and the exclusivity words a closed list of the language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import networkx as nx

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.orders import extract_order_tables
from ruleproof.lint.vocab import title_terms

CONTRADICTION = CheckInfo(
    id="prose-contradiction",
    family="r",
    severity=Severity.WARNING,
    title="两处以文字陈述同一规则而说法相反",
    title_en="two places state the same rule differently",
    rule="同一规则在两处陈述时必须一致（0.7：援引处不得另立口径）；修订常只改其中一处。",
    rule_en="A rule stated in two places must say the same in both (0.7); revisions often change one.",
    advice="以唯一权威源为准改正另一处，或删去重复陈述只保留援引。",
    advice_en="Correct the other place after the authoritative one, or drop the restatement and cite.",
)

CHECKS = (CONTRADICTION,)

# opposite time words: the same effect cannot happen at both
_TIMES = ("当夜", "次夜", "下一夜", "下一个夜晚", "次日")
_OPPOSITE = {
    frozenset(("当夜", "次夜")),
    frozenset(("当夜", "下一夜")),
    frozenset(("当夜", "下一个夜晚")),
}
_TIME_RE = re.compile("(" + "|".join(_TIMES) + ")(?:的|起|即)?")
MIN_EFFECT = 6  # characters of the words after the time word that must be the same
_EFFECT_STOP = "，,；;。：:（(）)「」、⸺—｜"

_EXCLUSIVE = re.compile(
    r"(?P<thing>[\u4e00-\u9fff]{2,8}?)(?:为|系|属)(?P<owner>[\u4e00-\u9fff]{2,6}?)(?:独有|独属)"
)
_ORDER_SENTENCE = re.compile(
    r"先(?:消耗|结算|由)?(?P<a>[\u4e00-\u9fff]{2,8}?)[、，,]\s*(?:再|后)(?:消耗|结算|由)?(?P<b>[\u4e00-\u9fff]{2,8})"
)


@dataclass(frozen=True)
class Statement:
    unit: str
    line: int
    offset: int
    quote: str


def run(ctx: LintContext) -> Iterator[Finding]:
    yield from _times(ctx)
    yield from _exclusive(ctx)
    yield from _sentence_orders(ctx)


def _units(ctx: LintContext) -> list[Unit]:
    return list(ctx.units_outside_log())


def _effect(text: str, start: int) -> str:
    end = start
    while end < len(text) and text[end] not in _EFFECT_STOP and end - start < 16:
        end += 1
    return re.sub(r"\s+", "", text[start:end])


def _times(ctx: LintContext) -> Iterator[Finding]:
    """The same words after two opposite time words, in two places."""
    seen: dict[str, dict[str, Statement]] = {}
    for unit in _units(ctx):
        text = unit.text
        for m in _TIME_RE.finditer(text):
            effect = _effect(text, m.end())
            if len(effect) < MIN_EFFECT:
                continue
            stmt = Statement(
                unit.id, unit.line_of(m.start()), m.start(), clip(text[m.start() : m.end() + 20], 30)
            )
            seen.setdefault(effect, {}).setdefault(m.group(1), stmt)
    for effect, by_time in sorted(seen.items()):
        times = sorted(by_time)
        for i, a in enumerate(times):
            for b in times[i + 1 :]:
                if frozenset((a, b)) not in _OPPOSITE:
                    continue
                first, second = sorted((by_time[a], by_time[b]), key=lambda s: (s.line, s.unit))
                t_first = a if by_time[a] is first else b
                t_second = b if t_first == a else a
                yield CONTRADICTION.finding(
                    second.unit,
                    second.line,
                    f"此处说「{t_second}{effect}」，而 {first.unit}（第 {first.line} 行）说「{t_first}{effect}」",
                    f"says '{t_second}{effect}' while {first.unit} (line {first.line}) says '{t_first}{effect}'",
                    second.quote,
                    related=[(first.unit, first.line)],
                    extra={"kind": "time", "effect": effect, "here": t_second, "there": t_first},
                )


def _roles(ctx: LintContext) -> set[str]:
    """Names of the text's role sections: the title words of sections that have sub-clauses of their
    own, plus the spec's names (when the book has a spec)."""
    out: set[str] = set()
    ids = set(ctx.doc.clauses)
    for c in ctx.doc:
        if c.id.count(".") == 1 and any(x.startswith(c.id + ".") for x in ids):
            out.update(t for t in title_terms(c.title) if t in ctx.vocabulary)
    out.update(t for t in ctx.knowledge.terms if t in ctx.vocabulary)
    return out


def _exclusive(ctx: LintContext) -> Iterator[Finding]:
    """「X为R独有」 and elsewhere 「R2的X」 (R2 another role)."""
    roles = _roles(ctx)
    claims: list[tuple[str, str, Statement]] = []
    for unit in _units(ctx):
        if "独有" not in unit.text and "独属" not in unit.text:
            continue  # the pattern ends on one of them: a text without both is not scanned
        for m in _EXCLUSIVE.finditer(unit.text):
            owner = m.group("owner")
            if owner not in roles:
                continue
            thing = _core(m.group("thing"), ctx)
            if thing is None:
                continue
            claims.append((thing, owner, Statement(unit.id, unit.line_of(m.start()), m.start(), m.group(0))))
    for thing, owner, where in claims:
        pattern = re.compile(
            "(" + "|".join(sorted(map(re.escape, roles), key=len, reverse=True)) + rf")的{re.escape(thing)}"
        )
        said = "的" + thing  # every match prints it: the units that do not are not scanned
        for unit in _units(ctx):
            if said not in unit.text:
                continue
            for m in pattern.finditer(unit.text):
                other = m.group(1)
                if (
                    other == owner
                    or owner in other
                    or _longer_role(unit.text, m.start() + len(other), roles) != other
                ):
                    continue
                yield CONTRADICTION.finding_at(
                    unit,
                    m.span(),
                    f"此处说「{m.group(0)}」，而 {where.unit}（第 {where.line} 行）说「{where.quote}」",
                    f"says '{m.group(0)}' while {where.unit} (line {where.line}) says '{where.quote}'",
                    quote=(10, 6, 30),
                    related=[(where.unit, where.line)],
                    extra={"kind": "exclusive", "thing": thing, "owner": owner, "other": other},
                )


def _core(thing: str, ctx: LintContext) -> str | None:
    """The thing owned, without a trailing 额度 / 能力 / 技能 (「自救额度」 → 自救), if the text uses it."""
    for tail in ("额度", "能力", "技能", "权"):
        if thing.endswith(tail) and len(thing) - len(tail) >= 2:
            thing = thing[: -len(tail)]
            break
    hits = ctx.vocabulary.scan(thing)
    if hits and hits[-1].end == len(thing):
        return hits[-1].term
    return thing if len(thing) >= 2 else None


def _longer_role(text: str, end: int, roles: set[str]) -> str | None:
    """The longest role name ending at ``end`` (「助理工程师」 over 「工程师」)."""
    best: str | None = None
    for r in roles:
        if end - len(r) >= 0 and text.startswith(r, end - len(r)) and (best is None or len(r) > len(best)):
            best = r
    return best


def _sentence_orders(ctx: LintContext) -> Iterator[Finding]:
    """「先消耗A、后消耗B」 against the order table whose nodes A and B name."""
    tables = extract_order_tables(ctx)
    for unit in _units(ctx):
        for m in _ORDER_SENTENCE.finditer(unit.text):
            for table in tables.values():
                nodes = list(table.graph.nodes)
                a, b = _node(m.group("a"), nodes), _node(m.group("b"), nodes)
                if a is None or b is None or a == b:
                    continue
                if not nx.has_path(table.graph, b, a):
                    continue
                path = nx.shortest_path(table.graph, b, a)
                src = table.sources(path[0], path[1])[0]
                yield CONTRADICTION.finding(
                    unit.id,
                    unit.line_of(m.start()),
                    f"此处说「{m.group(0)}」（{a} 先于 {b}），而 {src.clause}（第 {src.line} 行）的次序是 {'→'.join(path)}",
                    f"says '{m.group(0)}' ({a} before {b}) while {src.clause} (line {src.line}) orders {' → '.join(path)}",
                    clip(m.group(0), 30),
                    related=[(src.clause, src.line)],
                    extra={"kind": "order", "table": table.key, "said": [a, b], "table_path": path},
                )
                break


def _node(phrase: str, nodes: list[str]) -> str | None:
    exact = [n for n in nodes if n == phrase]
    if exact:
        return exact[0]
    longer = [n for n in nodes if n.endswith(phrase) or phrase.endswith(n)]
    return longer[0] if len(longer) == 1 else None
