"""(e) Restatements that disagree with the clause owning the fact (「硬编码数字 vs 唯一权威源」).

A number restated elsewhere names its owner by citing it: 「库存上限 3（4.11.3）」, 「依 4.4.6，存储上限
2 发」.  For every quantity (a number with a unit: 发 次 夜 名 票 分 件 …) this check finds the citation
that governs it — the first parenthesised citation after it in the same sentence, else the 依 / 见
before it in the same sentence — and reads the owner clause (with its sub-clauses).  The quantity is
keyed by the words right before the number (「库存上限」, 「初始」, 「门槛」; qualifiers such as 至多 /
上限 / 共 are set aside).  When the owner states a quantity with the same key and unit, and none of the
owner's values for that key equals the restated value, the restatement disagrees with its source.

Counts are checked the same way against the text itself: 「共十类（7.2.1~7.2.10）」 must match the
number of clauses in the cited range.

Only quantities whose owner says something comparable are judged; a restatement of a number the
owner does not state is not reported (that is a different defect: a fact without a source).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.findings import Finding, Severity
from ruleproof.lint import arithmetic, enumerations, examples, frames, positions
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import (
    CLAUSE_ID,
    ITEM_LABEL,
    LintContext,
    Unit,
    find_loose,
    is_descendant,
    safe_key,
)
from ruleproof.lint.facts import QUALIFIER_RE, QUALIFIERS, Fact
from ruleproof.lint.memo import PerLintTable, per_lint
from ruleproof.lint.vocab import title_terms as vocab_title_terms
from ruleproof.text.markers import cn_number

MISMATCH = CheckInfo(
    id="restatement-mismatch",
    family="e",
    severity=Severity.WARNING,
    title="复述的数值与所引权威条款不符",
    title_en="restated number disagrees with the clause it cites",
    rule="0.7：援引处不得另立口径，被引条款变更时援引处随之变更；复述的数值、门槛、次数必须与所引条款一致。",
    rule_en="0.7: a citing place may not set its own figure; a restated number, threshold or count must "
    "equal what the cited clause says.",
    advice="把复述处的数值改为所引条款的数值，或删去数值只保留援引（「依 X」）。",
    advice_en="Change the restated number to the cited clause's, or drop it and keep only the citation.",
)

COUNT = CheckInfo(
    id="count-mismatch",
    family="e",
    severity=Severity.WARNING,
    title="所称数目与实际条款数不符",
    title_en="stated count disagrees with the clauses it enumerates",
    rule="「共 N 类（X~Y）」之类的计数须与所列范围内实有的条款数一致；增删条款后计数常被遗漏。",
    rule_en="A count such as 'N kinds (X~Y)' must equal the number of clauses in the range; counts go "
    "stale when clauses are added or removed.",
    advice="更新计数，或改为不预设数目的写法（「凡…者即属之」）。",
    advice_en="Update the count, or phrase it without a fixed number.",
)

CHECKS = (MISMATCH, COUNT, *enumerations.CHECKS, *arithmetic.CHECKS, *positions.CHECKS)

_CITE_PAREN = re.compile(
    rf"[（(](?:[^（）()]{{0,12}}?)(?P<cids>{CLAUSE_ID}(?:[^（）()]{{0,3}}{CLAUSE_ID})*)[^（）()]{{0,8}}[）)]"
)
_CITE_INLINE = re.compile(rf"(?:依|见|详见|参见|按|同|如)\s*(?P<cid>{CLAUSE_ID})")
_CITE_ITEM = re.compile(rf"(?P<cid>{CLAUSE_ID})(?P<item>{ITEM_LABEL})?")
_CITE_RIGHT_AFTER = re.compile(rf"\s*[，,]?\s*(?:依|见|详见|参见)\s*(?P<cid>{CLAUSE_ID})")
_STOP = "。；｜|\n"
_COUNT = re.compile(
    rf"共\s*(?P<n>[一二三四五六七八九十]{{1,3}}|\d+)\s*(?P<unit>类|项|种|处|条|关)\s*[（(]\s*(?P<a>{CLAUSE_ID})\s*[~〜～]\s*(?P<b>{CLAUSE_ID})\s*[）)]"
)
# an appendix that restates the body row by row, each row headed by the name of the role it is about
_CARD_WORDS = ("速查卡",)


@dataclass(frozen=True)
class Scope:
    """Where an owner's facts are: a clause with its sub-clauses, or one item of it."""

    clause: str
    item: str | None = None


def run(ctx: LintContext) -> Iterator[Finding]:
    seen: set[tuple[str, str | None, int | None, object]] = set()
    for f in (
        *_restatements(ctx),
        *_steps(ctx),
        *frames.run(ctx, MISMATCH),
        *examples.run(ctx, MISMATCH),
        *positions.anchored(ctx, MISMATCH),
        *_after_frames(ctx),
        *_rate_units(ctx),
    ):
        # one odd statement reached by two links (a citation or title, and the same words) is one finding
        key = (f.check, f.clause, f.line, f.extra.get("value"))
        if key not in seen:
            seen.add(key)
            yield f
    yield from _counts(ctx)
    yield from enumerations.run(ctx)
    yield from arithmetic.run(ctx)
    yield from positions.run(ctx)
    yield from positions.after_threshold(ctx)


# ------------------------------------------------------------------------------------ fact groups


class _Groups:
    """Union-find over facts: a group is one quantity stated in several places."""

    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts
        self.index = {id(f): i for i, f in enumerate(facts)}
        self.parent = list(range(len(facts)))
        self.owner: set[int] = set()  # statements in the clause that owns the quantity
        self.spec: dict[int, float] = {}  # root-independent: statements inside a spec-quoted phrase
        self.how: dict[int, set[str]] = {}
        self.slips: list[tuple[Fact, list[Fact]]] = []  # a unit word of time the cited clause never uses

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: Fact, b: Fact, how: str, owner_side: bool) -> None:
        ia, ib = self.index[id(a)], self.index[id(b)]
        self.how.setdefault(ia, set()).add(how)
        if owner_side:
            self.owner.add(ib)
        ra, rb = self.find(ia), self.find(ib)
        if ra != rb:
            self.parent[ra] = rb

    def components(self) -> list[list[int]]:
        out: dict[int, list[int]] = {}
        for i in range(len(self.facts)):
            out.setdefault(self.find(i), []).append(i)
        return [sorted(v) for v in out.values() if len(v) > 1]


def _scope_facts(ctx: LintContext, scope: Scope) -> list[Fact]:
    """The facts the scope holds (:meth:`FactTable.in_scope`: indexed by clause family, memoised)."""
    return ctx.facts.in_scope(scope.clause, scope.item)


SPECIFIC_SHARE = 0.12  # a subject used in more clauses than this names nothing in particular
CITED_COMMON = 3  # statements a cited clause makes with such a subject before it is the source of one


def _same_predicate(a: str, b: str, kinds: frozenset[str] = frozenset()) -> bool:
    """「子弹存储」 and 「存储」 say the same, so do 「存量设」 and 「存量一律」 (a word in common); 「消耗」 and
    「持有」 do not.  No verb at all (「上限 2 发」) matches any verb when a bound says which quantity it
    is (上限, 至少, 初始, 全局 …) — not for 「各 3 份」 against 「各到账 1 份」."""
    if not a or not b:
        return a == b or bool(kinds & examples.BOUNDS)
    return a.endswith(b) or b.endswith(a) or bool(_pairs(a) & _pairs(b))


def _pairs(text: str) -> set[str]:
    return {text[i : i + 2] for i in range(len(text) - 1)}


def compatible(a: Fact, b: Fact) -> bool:
    """Two statements of the same quantity: unit (a bare threshold matches any), qualifiers, ordinal,
    arity, and subject (the same term, or each one's term in the other's sentence part)."""
    if a.unit_word and b.unit_word and a.unit_word != b.unit_word:
        return False
    if a.kinds != b.kinds or a.ordinal != b.ordinal or len(a.value) != len(b.value):
        return False
    if not _same_predicate(a.predicate, b.predicate, a.kinds):
        return False  # 「消耗 2 次」 and 「持有 1 次」 are two quantities
    if a.follows != b.follows:
        return False  # 「第 1 夜生效」 and 「第 4 夜消失」 are two positions
    if a.subject is None or b.subject is None:
        return False
    if a.subject == b.subject or (a.subject in b.terms and b.subject in a.terms):
        return True
    # 「子弹存储上限 2 发」 and 「子弹存量设上限 2 发」: one subject is the head of the other
    return a.subject.startswith(b.subject) or b.subject.startswith(a.subject)


def _governing(ctx: LintContext, unit: Unit, f: Fact) -> list[Scope]:
    """What a fact's sentence cites for it: the first parenthesised citation after the number (in the
    same sentence), else the last 依 / 见 X before it; in a glossary entry, the entry's own citation."""
    text = unit.text
    stop_after = min((p for p in (text.find(ch, f.end) for ch in _STOP) if p >= 0), default=len(text))
    for m in _CITE_PAREN.finditer(text, f.end, stop_after):
        scopes = [
            Scope(x.group("cid"), x.group("item"))
            for x in _CITE_ITEM.finditer(m.group("cids"))
            if ctx.exists(x.group("cid"))
        ]
        if scopes:
            return scopes
    right = _CITE_RIGHT_AFTER.match(text, f.end)
    if right is not None and ctx.exists(right.group("cid")):
        return [Scope(right.group("cid"))]  # 「乔装总数同为 8次，见7.3.1）」
    stop_before = max(text.rfind(ch, 0, f.start) for ch in _STOP) + 1
    inline = [m for m in _CITE_INLINE.finditer(text, stop_before, f.start) if ctx.exists(m.group("cid"))]
    if inline:
        return [Scope(inline[-1].group("cid"))]
    if not unit.is_clause and any(w in unit.title for w in ("术语",)):
        # a glossary entry runs to its citation 「（4.4.6）」
        entry = _CITE_PAREN.search(text, f.end, min(len(text), f.end + 160))
        if entry is not None:
            return [Scope(c) for c in re.findall(CLAUSE_ID, entry.group("cids")) if ctx.exists(c)][:1]
    return []


# a bracket that cites, closing right before the number with only qualifiers between (「嗅探（猎手专属，4.4.8）
# 每夜至多 2 名」), or a dash or colon after it (「研 专属（4.14.3）⸺每夜至多1次」): the bracket names what the
# number is about
_CITE_BEFORE = re.compile(rf"[（(][^（）()]{{0,12}}?(?P<cid>{CLAUSE_ID})[）)]\s*(?:[⸺—：:]+\s*)?$")


def _cited_before(ctx: LintContext, unit: Unit, f: Fact) -> Scope | None:
    """The clause a bracket cites right before the number, only qualifiers between them."""
    text = unit.text
    lo = max(text.rfind(ch, 0, f.start) for ch in _STOP) + 1
    window = text[max(lo, f.start - 40) : f.start]
    head = QUALIFIER_RE.sub("", window.rstrip())
    m = _CITE_BEFORE.search(head)
    if m is None or not ctx.exists(m.group("cid")) or not f.kinds & examples.BOUNDS:
        return None
    return Scope(m.group("cid"))


# 「仍受5.6的全部目标限制，同夜至多 1 刀」: the sentence says the number is the cited clause's limit
_BOUND_BY = re.compile(
    rf"受\s*(?P<cid>{CLAUSE_ID})\s*(?:之|的)?[^，,。；（）()]{{0,12}}?(?:限制|约束)\s*[，,]\s*"
)


def _bound_by(ctx: LintContext, unit: Unit, f: Fact) -> Scope | None:
    """The clause whose limits the sentence says bind, right before a number with only qualifiers between
    (「受 5.6 的全部目标限制，同夜至多 1 刀」): that clause's bound of the unit word is the one restated."""
    text = unit.text
    lo = max(text.rfind(ch, 0, f.start) for ch in _STOP) + 1
    m = ([None, *_BOUND_BY.finditer(text, lo, f.start)])[-1]  # the last before the number
    # only qualifiers between, or a two-character time word the glossary does not list (「同夜」)
    if (
        m is None
        or len(QUALIFIER_RE.sub("", text[m.end() : f.start]).strip()) > 2
        or not f.kinds & examples.BOUNDS
    ):
        return None
    return Scope(m.group("cid")) if ctx.exists(m.group("cid")) else None


def _link_beside(groups: _Groups, f: Fact, owner_facts: list[Fact], loose: bool = False) -> bool:
    """Link ``f`` to the cited clause's one statement of its unit word and bound, whatever their subjects:
    the citation beside the number says what it is about.  Only when the clause says one value that way.
    ``loose``: the owner's bound may say more of it (「同夜至多」 against 「每夜至多」: 同夜 is no qualifier)."""
    same = [
        g
        for g in owner_facts
        if not g.scenario
        and g.unit_word == f.unit_word
        and (g.kinds == f.kinds or (loose and "max" in f.kinds and f.kinds <= g.kinds))
        and g.ordinal == f.ordinal
        and len(g.value) == len(f.value)
    ]
    if not same or len({g.value for g in same}) != 1:
        return False
    for g in same:
        groups.union(f, g, "cited", owner_side=True)
    return True


def _title_owner(ctx: LintContext, unit: Unit, f: Fact, card_role: str | None) -> Scope | None:
    """The one clause whose title names the fact's subject (「4.11.3 库存与分配后果」 owns 「库存上限 3」);
    on a role card, the one under the section of the row's role."""
    subject = f.subject
    if subject is None or not ctx.vocabulary.specific(subject, 0.15):
        return None
    owners = _titled(ctx, subject)
    if len(owners) > 1 and card_role:
        sections = [c.id for c in ctx.doc if card_role in c.title]
        owners = [o for o in owners if any(is_descendant(o, s) for s in sections)]
    if len(owners) != 1:
        return None
    owner = owners[0]
    if unit.is_clause and (is_descendant(unit.id, owner) or is_descendant(owner, unit.id)):
        return None
    return Scope(owner)


_TITLED: PerLintTable[LintContext, str, list[str]] = PerLintTable()


def _titled(ctx: LintContext, subject: str) -> list[str]:
    """The outermost clauses whose titles print ``subject`` (memoised per lint: the facts of one subject
    ask again — ~320 facts of 返航录, each a pass over every title)."""

    def build() -> list[str]:
        titled = [c.id for c in ctx.doc if subject in c.title]
        return [o for o in titled if not any(is_descendant(o, p) for p in titled if p != o)]

    return _TITLED.get_or_build(ctx, subject, build)


def _card_role(ctx: LintContext, unit: Unit, f: Fact) -> str | None:
    """On a role card, the role named last before the fact (the row's head)."""
    if unit.is_clause or not any(w in unit.title for w in _CARD_WORDS):
        return None
    roles = _section_terms(ctx)
    best: str | None = None
    for h in ctx.vocabulary.scan(unit.text[max(0, f.start - 200) : f.start]):
        if h.term in roles:
            best = h.term
    return best


@per_lint
def _section_terms(ctx: LintContext) -> frozenset[str]:
    """The title terms of the text's sections (clauses one dot deep): the roles a role card's rows name (read
    once per lint: every fact of a role card asks)."""
    return frozenset(t for c in ctx.doc if c.id.count(".") == 1 for t in vocab_title_terms(c.title))


def _link_to(groups: _Groups, f: Fact, owner_facts: list[Fact], how: str, least: int = 1) -> bool:
    """Link ``f`` to the owner's statements of the same quantity — only when those agree among
    themselves: an owner stating two values for what looks like one quantity (「未觉醒时每夜至多 1 刀；
    觉醒后每夜至多 2 刀」) is talking about two quantities, and the words cannot tell which."""
    same = [g for g in owner_facts if g is not f and not g.scenario and compatible(f, g)]
    if len(same) < least or not same or (len({g.value for g in same}) != 1 and not _slip(same)):
        return False
    for g in same:
        groups.union(f, g, how, owner_side=True)
    return True


# ------------------------------------------------------------------ an owner stating a value per condition

CONDITION_MIN = 2  # characters that name something in a condition before a number
_CONDITION_BREAK = re.compile(r"[，,、；;：:（(）)⸺—。「」｜|\n]")
_CONDITION_WINDOW = 16
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")


def _condition_words(ctx: LintContext, f: Fact, qualifiers: bool = False) -> str:
    """The words right before a number in its sentence part, qualifiers out (「其余一律」「仅感染进化者」), or
    kept (「每夜至多」: what a finding shows of a number with no term before it)."""
    text = ctx.unit_by_id[f.unit].text
    part = _CONDITION_BREAK.split(text[max(0, f.start - _CONDITION_WINDOW) : f.start])[-1]
    words = "".join(_CJK_RUN.findall(part))
    return words if qualifiers else QUALIFIER_RE.sub("", words)


def _condition(ctx: LintContext, f: Fact) -> str:
    """Of those, the ones that name something (function characters out too): 「未觉醒时每夜至多1刀」 →
    「未觉醒时」, 「仅感染进化者至多 3 名」 → 「感染进化」."""
    return frames.content(_condition_words(ctx, f))


def _same_condition(a: str, b: str) -> bool:
    """「未觉醒」 and 「未觉醒时」 are one condition (one says more after it); 「觉醒后」 and 「未觉醒时」 are not."""
    return min(len(a), len(b)) >= CONDITION_MIN and (a.startswith(b) or b.startswith(a))


def _link_condition(ctx: LintContext, groups: _Groups, f: Fact, owner_facts: list[Fact]) -> bool:
    """A cited clause that states one quantity under conditions, a value each (6.2 「未觉醒时每夜至多1刀；觉醒后
    每夜至多 2 刀」), is two quantities for the ordinary links; its statements are told apart by the words right
    before the number (:func:`_condition`), and a restatement that says the condition (6.6 「依 6.2（未觉醒至多
    1 刀、觉醒后至多 2刀）」) is linked to the one statement of that condition.  The unit word, position and arity
    must agree and the two share a bound (至多 上限 至少 …: a restatement may leave 每夜 outside its bracket);
    the owner must say at least two conditions, and the restatement's must be said with one value there."""
    mine = _condition(ctx, f)
    bounds = f.kinds & examples.BOUNDS
    if len(mine) < CONDITION_MIN or not bounds:
        return False
    same = [
        g
        for g in owner_facts
        if g is not f
        and not g.scenario
        and g.unit_word == f.unit_word
        and g.ordinal == f.ordinal
        and len(g.value) == len(f.value)
        and g.kinds & bounds
    ]
    said = {id(g): _condition(ctx, g) for g in same}
    if len({c for c in said.values() if len(c) >= CONDITION_MIN}) < 2:
        return False
    matched = [g for g in same if _same_condition(mine, said[id(g)])]
    if not matched or len({g.value for g in matched}) != 1:
        return False
    for g in matched:
        groups.union(f, g, "condition", owner_side=True)
    return True


def _unit_slip(f: Fact, owner_facts: list[Fact]) -> list[Fact]:
    """The cited clause states ``f``'s value only in another unit word of time, at least twice, and
    never in ``f``'s (「乔装总数同为 8夜，见7.3.1」 against 7.3.1's 「＝8 次」「同为 8 次」): ``f`` miscounts
    what it restates.  Returns the owner's statements, or nothing."""
    if f.unit_word not in frames.TIMES or f.ordinal:
        return []
    same = [g for g in owner_facts if g.value == f.value and not g.ordinal and not g.scenario]
    words = {g.unit_word for g in same}
    if len(same) < 2 or len(words) != 1 or f.unit_word in words or not words <= frames.TIMES:
        return []
    return same


def _slip(same: list[Fact]) -> bool:
    """The owner says two values for what looks like one quantity, far apart (「2 发」 in ① and in ⑥):
    one quantity with a slip, which the vote finds — not two quantities, which are said side by side
    (「未觉醒时每夜至多 1 刀；觉醒后每夜至多 2 刀」)."""
    if len({g.value for g in same}) != 2:
        return False
    return not any(
        a.unit == b.unit and a.value != b.value and abs(a.start - b.start) <= frames.NEAR
        for i, a in enumerate(same)
        for b in same[i + 1 :]
    )


def _link(ctx: LintContext) -> _Groups:
    table = ctx.facts
    facts = table.all()
    groups = _Groups(facts)
    for unit in ctx.units():
        if unit.id not in table.by_unit:
            continue
        for f in table.by_unit[unit.id]:
            if f.scenario:
                continue
            if f.subject is None:
                # no term before it, but its condition words (「未觉醒至多 1 刀」) or a bracket citing right before
                # the number (4.14.5 「研 专属（4.14.3）⸺每夜至多1次」) say what it is about
                linked = any(
                    _link_condition(ctx, groups, f, _scope_facts(ctx, scope))
                    for scope in _governing(ctx, unit, f)
                    if not (
                        unit.is_clause
                        and (is_descendant(unit.id, scope.clause) or is_descendant(scope.clause, unit.id))
                    )
                )
                before = None if linked else _cited_before(ctx, unit, f)
                if before is not None and not (unit.is_clause and is_descendant(unit.id, before.clause)):
                    linked = _link_beside(groups, f, _scope_facts(ctx, before))
                bound = None if linked else _bound_by(ctx, unit, f)
                if bound is not None and not (unit.is_clause and is_descendant(unit.id, bound.clause)):
                    _link_beside(groups, f, _scope_facts(ctx, bound), loose=True)
                continue
            specific = ctx.vocabulary.specific(f.subject, SPECIFIC_SHARE)
            linked = False
            for scope in _governing(ctx, unit, f):
                if unit.is_clause and (
                    is_descendant(unit.id, scope.clause) or is_descendant(scope.clause, unit.id)
                ):
                    continue
                slip = _unit_slip(f, _scope_facts(ctx, scope))
                if slip:
                    groups.slips.append((f, slip))
                # a common word (「消耗」) names the quantity only where the cited clause says it the same
                # way, with the same value, more than once: 「依 6.4.2仅消耗 1 次」 against 6.4.2's four
                least = 1 if specific else CITED_COMMON
                linked |= _link_to(groups, f, _scope_facts(ctx, scope), "cited", least)
                if not linked:
                    linked = _link_condition(ctx, groups, f, _scope_facts(ctx, scope))
            before = None if linked else _cited_before(ctx, unit, f)
            if before is not None and not (unit.is_clause and is_descendant(unit.id, before.clause)):
                linked = _link_beside(groups, f, _scope_facts(ctx, before))
            bound = None if linked else _bound_by(ctx, unit, f)
            if bound is not None and not (unit.is_clause and is_descendant(unit.id, bound.clause)):
                linked = _link_beside(groups, f, _scope_facts(ctx, bound), loose=True)
            if linked or not specific:
                continue
            owner = _title_owner(ctx, unit, f, _card_role(ctx, unit, f))
            if owner is not None:
                _link_to(groups, f, _scope_facts(ctx, owner), "title")
    # the phrases the executable spec reads its constants from: authoritative statements
    quoted: list[Fact] = []
    spans: list[tuple[str, int, int]] = []
    for cid, quote in ctx.knowledge.quotes:
        if cid not in table.by_unit:
            continue
        at = find_loose(ctx.unit_by_id[cid].text, quote)
        if at is None:
            continue
        lo, hi = at
        spans.append((cid, lo, hi))
        quoted += [
            f
            for f in table.by_unit[cid]
            if lo <= f.start < hi
            and f.subject is not None
            and ctx.vocabulary.specific(f.subject, SPECIFIC_SHARE)
        ]
    _link_quote_words(ctx, groups, spans)
    spec_ids = {id(p) for p in quoted}
    by_subject: dict[str | None, list[Fact]] = {}
    for f in facts:
        by_subject.setdefault(f.subject, []).append(f)
    for p in quoted:
        groups.spec[groups.index[id(p)]] = p.value[0]
        for f in by_subject.get(p.subject, []):
            if f is p or f.scenario or not compatible(f, p) or f.subject != p.subject:
                continue
            if id(f) in spec_ids and f.value != p.value:
                continue  # two constants of the spec: two quantities, whatever the words say
            groups.union(f, p, "spec", owner_side=True)
    return groups


def _section(cid: str) -> str:
    return ".".join(cid.split(".")[:2])


def _words(text: str) -> set[str]:
    """The two-character words of ``text`` that name something (qualifiers and function words out)."""
    return _pairs(frames.content(re.sub(r"[^\u4e00-\u9fff]", "", text)))


def _link_quote_words(ctx: LintContext, groups: _Groups, spans: list[tuple[str, int, int]]) -> None:
    """A spec constant's phrase names its quantity in words (7.3.1 「每个个体全局限 2 次」); a statement
    in the same section (or citing the phrase's clause) with the same unit word and qualifiers and one of
    those words in its sentence part (7.3.8 「⑦全局 2 次∕个体」) restates the constant, whatever its
    subject.  Only a phrase with one number is read: its words are that number's."""
    table = ctx.facts
    for cid, lo, hi in spans:
        inside = [f for f in table.by_unit[cid] if lo <= f.start < hi]
        if len(inside) != 1 or inside[0].scenario or inside[0].ordinal or not inside[0].unit_word:
            continue
        if not inside[0].kinds & examples.BOUNDS:
            continue  # a bound (上限 至多 全局 初始 …) says which quantity it is; a bare 「2.5 分」 does not
        p = inside[0]
        text = ctx.unit_by_id[cid].text
        words = _words(text[lo : p.start])
        if not words:
            continue
        for unit_id, facts in table.by_unit.items():
            if unit_id == cid or not ctx.unit_by_id[unit_id].is_clause:
                continue
            for f in facts:
                if f.scenario or f.ordinal or f.kinds != p.kinds or f.unit_word != p.unit_word:
                    continue
                if len(f.value) != len(p.value):
                    continue
                if _section(unit_id) != _section(cid) and cid not in f.cites:
                    continue
                u_text = ctx.unit_by_id[unit_id].text
                seg_lo = max(u_text.rfind(ch, 0, f.start) for ch in "，,；;。：:（(）)【】「」｜") + 1
                seg_hi = min(
                    (q for q in (u_text.find(ch, f.end) for ch in "，,；;。：:（(）)【】「」｜") if q >= 0),
                    default=len(u_text),
                )
                if words & _words(u_text[seg_lo : f.start] + u_text[f.end : seg_hi]):
                    groups.union(f, p, "spec", owner_side=True)
                    groups.spec[groups.index[id(p)]] = p.value[0]


def _weight(groups: _Groups, members: list[int]) -> tuple[int, int, int]:
    """Votes for a value: its statements (a spec constant counts twice), then the owner's, then the spec's."""
    spec = sum(1 for i in members if i in groups.spec)
    return (len(members) + spec, sum(1 for i in members if i in groups.owner), spec)


def _restatements(ctx: LintContext) -> Iterator[Finding]:
    groups = _link(ctx)
    facts = groups.facts
    for comp in groups.components():
        values: dict[tuple[float, ...], list[int]] = {}
        for i in comp:
            values.setdefault(facts[i].value, []).append(i)
        if len(values) < 2:
            continue

        weights = {v: _weight(groups, members) for v, members in values.items()}
        ranked = sorted(values, key=lambda v: weights[v], reverse=True)
        if weights[ranked[0]] == weights[ranked[1]]:
            continue  # no side is the odd one out
        consensus = ranked[0]
        agree = values[consensus]
        owner = next((facts[i].unit for i in agree if i in groups.owner), None)
        for v in ranked[1:]:
            for i in values[v]:
                yield _finding(ctx, facts[i], [facts[j] for j in agree], groups.how.get(i, set()), owner)
    for f, same in groups.slips:
        yield _finding(ctx, f, same, {"cited", "unit"}, same[0].unit)


def _finding(ctx: LintContext, f: Fact, agree: list[Fact], how: set[str], owner: str | None) -> Finding:
    unit = ctx.unit_by_id[f.unit]
    text = unit.text
    quote = clip(text[max(0, f.start - 12) : f.end + 4], 40)
    where = sorted({g.unit for g in agree}, key=lambda u: (safe_key(u) == (), safe_key(u), u))
    shown = agree[0].spaced
    places = "、".join(where[:6]) + ("…" if len(where) > 6 else "")
    # a statement linked by its condition is about what the condition names (「其余一律」, not the sentence's term)
    subject = _condition_words(ctx, f) if "condition" in how else f.subject or _condition_words(ctx, f, True)
    return MISMATCH.finding(
        f.unit,
        f.line,
        f"此处「{subject}」为 {f.spaced}，而 {places} 所述同一数值为 {shown}",
        f"says {f.spaced} for '{subject}', while {places} state{'s' if len(where) == 1 else ''} {shown} for it",
        quote,
        related=[(g.unit, g.line) for g in agree[:5]],
        extra={
            "subject": subject,
            "value": f.shown,
            "consensus": shown,
            "places": where,
            "owner": owner or where[0],
            "via": sorted(how) or ["owner"],
        },
    )


# ------------------------------------------------------------------------ the same words after the number

AFTER_MIN = 4  # characters that name something, said right after the unit word by both statements
BEFORE_SHARED = 3  # and the characters right before the number the two have in common


def _same_after(a: frames.Said, b: frames.Said) -> bool:
    """Two statements of one quantity told by what follows the number: 「同一攻击个体累计达 3 次「出刀致濒死」后」
    and 「同一计数主体累计达 3 次出刀致濒死后」 — the words before them name little once the qualifiers are
    set aside (「累计达」), which is why :func:`frames.same_frame` does not join them, but the thing counted is
    said after the unit word.  The same sign, position and bound after the unit word, the same subject
    when both name one, at least :data:`BEFORE_SHARED` characters right before the number in common and
    at least :data:`AFTER_MIN` characters that name something at the start of the words after it."""
    if a.ordinal != b.ordinal or a.sign != b.sign or a.bound_after != b.bound_after:
        return False
    if a.unit is b.unit and abs(a.start - b.start) < 8:
        return False  # one statement
    if a.subject and b.subject and a.subject not in b.subject and b.subject not in a.subject:
        return False
    if frames.common_suffix(a.before, b.before) < BEFORE_SHARED:
        return False
    shared = frames.common_prefix(a.after, b.after)
    return len(frames.content(a.after[:shared])) >= AFTER_MIN


def _after_groups(said: list[frames.Said]) -> list[list[frames.Said]]:
    """Statements of one unit word joined by :func:`_same_after` (indexed by the unit word and the first
    :data:`AFTER_MIN` characters after it: pairs are compared only within one key)."""
    keyed: dict[tuple[str, str], list[int]] = {}
    for i, s in enumerate(said):
        if len(s.after) >= AFTER_MIN and not s.ordinal:
            keyed.setdefault((s.word, s.after[:AFTER_MIN]), []).append(i)
    joined = frames.Union(len(said))
    for members in keyed.values():
        for x, i in enumerate(members):
            for j in members[x + 1 :]:
                if _same_after(said[i], said[j]):
                    joined.union(i, j)
    out: dict[int, list[frames.Said]] = {}
    for members in keyed.values():
        for i in members:
            out.setdefault(joined.find(i), []).append(said[i])
    return [g for g in out.values() if len(g) > 1]


def _after_frames(ctx: LintContext) -> Iterator[Finding]:
    """The words after the number vote on its value as the words before it do (:func:`frames.run`): a value
    said once against one said more often is the odd one out; one against one is decided by a citation,
    then the body over an appendix; two statements in one place that nothing decides are reported without
    a verdict — but not two places of the text that nothing joins but these words (「自动生成 3 个平衡的」 in
    one section, 「4 个」 in another, may be two programs).  Two values side by side in one place are two
    quantities."""
    for group in _after_groups(frames.statements(ctx)):
        if frames.two_quantities(group, by_value=True):
            continue
        votes: dict[str, list[frames.Said]] = {}
        for s in group:
            votes.setdefault(s.value, []).append(s)
        decided = frames.decide(votes, by_value=True)
        if decided is None:
            continue
        top, verdict = decided
        if not verdict and len({s.unit.id for s in group}) > 1:
            continue
        for value, members in votes.items():
            if value != top and len(members) == 1:
                yield frames.finding(MISMATCH, members[0], votes[top], True, verdict)


# --------------------------------------------------------- the unit word of a rate or of a whole-game quota

_RATES = frozenset(
    ("global", "per-night")
)  # 全局 全场 终身 整局 …, 每夜 每晚 每昼夜: how often, or how many in all


def _rate_units(ctx: LintContext) -> Iterator[Finding]:
    """A rate or a whole-game quota (「每夜至多 1 次」「全局限 2 次」「全局限 2 个夜晚」) is counted in the unit words of
    time the text uses with those qualifiers; a unit word it uses with them once, where every other one it uses
    with them is said at least :data:`frames.PROFILE_MIN` times, is a slip (「每夜至多1夜」 among twelve 「每夜至多
    N 次」, 「全局至多 1 夜」 among seven 「全局至多 N 次」).  Keyed by the qualifier kinds right before the number
    and its comparator, over the unit words as printed (「2 个夜晚」 is the text's own habit, not 「2 夜」); a
    position, a condition or a minimum does not vote."""
    keyed: dict[tuple[frozenset[str], str], list[frames.Said]] = {}
    for s in frames.statements(ctx):
        if s.word not in frames.TIMES or s.ordinal or s.case:
            continue
        kinds = frozenset(QUALIFIERS[q] for q in QUALIFIER_RE.findall(_own_part(s)))
        if kinds & _RATES:
            keyed.setdefault((kinds, s.sign), []).append(s)
    for group in keyed.values():
        words: dict[str, list[frames.Said]] = {}
        for s in group:
            words.setdefault(s.printed, []).append(s)
        once = [w for w, said in words.items() if len(said) == 1]
        usual = [s for w, said in words.items() if len(said) >= frames.PROFILE_MIN for s in said]
        if len(once) != 1 or len(words) < 2 or len(usual) != len(group) - 1:
            continue
        (odd,) = words[once[0]]
        yield _rate_finding(odd, usual)


_RATE_TAIL = 6  # characters right before the number read for its qualifiers
_PART_END = re.compile(r"[，,；;。：:（(）)「」⸺—｜|、\n]")


def _own_part(s: frames.Said) -> str:
    """The characters right before the number in its own sentence part (a frame may run into the part
    before it; the qualifiers of a rate are those of its own part: 「每夜至多 1 次，全局限 3 次」)."""
    window = s.unit.text[max(0, s.start - _RATE_TAIL) : s.start]
    cut = max((m.end() for m in _PART_END.finditer(window)), default=0)
    return window[cut:]


def _rate_finding(s: frames.Said, usual: list[frames.Said]) -> Finding:
    counted = sorted({u.printed for u in usual}, key=lambda w: -sum(1 for u in usual if u.printed == w))
    shown = "」「".join(counted)
    where = "、".join(list(dict.fromkeys(u.unit.id for u in usual))[:6])
    frame = _own_part(s).strip()
    return MISMATCH.finding(
        s.unit.id,
        s.unit.line_of(s.start),
        f"此处「{frame}{s.value}{s.printed}」，而本文以同样的限定语所计之数（{len(usual)} 处，如 {where}）"
        f"均以「{shown}」计（单位不一致）",
        f"says '{frame}{s.value}{s.printed}', while the {len(usual)} other numbers after these qualifiers "
        f"(e.g. {where}) are counted in '{'/'.join(counted)}' (the unit word differs)",
        s.quote,
        related=[u.place for u in usual[:5]],
        extra=frames.against(s, usual, frame, "/".join(counted), ["words", "unit", "rate"]),
    )


# 「自步骤 0.5 起」「于步骤 8 结算」: a step with the word before it and the word after it
_STEP_AT = re.compile(
    r"(?P<pre>[\u4e00-\u9fff])\s*步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])\s*(?P<post>[\u4e00-\u9fff])"
)


def _steps(ctx: LintContext) -> Iterator[Finding]:
    """A step restated with a citation of its source: 6.8.3 「早于沉默覆盖期（自步骤 0.5 起，6.1.2）」.
    The bracket pairs the step with its source.  When the cited clause (with its sub-clauses) says
    「自步骤 X 起」 in the same words — the same word before the step and after it — and never with this
    step, the restatement disagrees with it.  A step said without its source in the same bracket is no
    restatement of anything (「嗅探于步骤 3.5 结算…（5.7）」 cites 5.7 for something else).  Like the
    numbers, the statements vote: when two or more restatements agree with one another against the
    source's one value, the source is the odd one out and is reported where it is."""
    restated: dict[tuple[str, str, str], list[tuple[Unit, int, str, str]]] = {}
    for unit in ctx.units_outside_log():
        text = unit.text
        if "步骤" not in text:
            continue  # (every match prints 步骤; a scan led by a CJK class tries every character)
        for m in _STEP_AT.finditer(text):
            lo = max(text.rfind(ch, 0, m.start()) for ch in "（(")
            hi = min((p for p in (text.find(ch, m.end()) for ch in "）)") if p >= 0), default=-1)
            if lo < 0 or hi < 0 or re.search(r"[）)。；]", text[lo + 1 : m.start()]) or hi - lo > 40:
                continue  # the step and its source share one bracket: 「（自步骤 0.5 起，6.1.2）」
            for x in re.finditer(rf"(?<![\d.])(?P<cid>{CLAUSE_ID})(?![\d])", text[lo:hi]):
                cid = x.group("cid")
                if not ctx.exists(cid) or (
                    unit.is_clause and (is_descendant(unit.id, cid) or is_descendant(cid, unit.id))
                ):
                    continue
                quote = clip(text[max(0, m.start() - 12) : m.end() + 12], 40)
                key = (cid, m.group("pre"), m.group("post"))
                restated.setdefault(key, []).append((unit, unit.line_of(m.start("k")), m.group("k"), quote))
    for (cid, pre, post), places in restated.items():
        said: dict[str, tuple[str, int]] = {}
        for c in ctx.doc:
            if c.id == cid or is_descendant(c.id, cid):
                cu = ctx.unit_by_id[c.id]
                for x in _STEP_AT.finditer(c.text) if "步骤" in c.text else ():
                    if x.group("pre") == pre and x.group("post") == post:
                        said.setdefault(x.group("k"), (c.id, cu.line_of(x.start("k"))))
        off = [p for p in places if p[2] not in said]
        if not said or not off:
            continue
        phrase = f"{pre}步骤 {{}} {post}"
        ks = {p[2] for p in places}
        if len(said) == 1 and len(ks) == 1 and len(places) >= 2:
            k, (owner, line) = next(iter(said.items()))
            where = "、".join(dict.fromkeys(p[0].id for p in places))
            text = ctx.unit_by_id[owner].text
            yield MISMATCH.finding(
                owner,
                line,
                f"此处「{phrase.format(k)}」，而援引本条的 {where} 均作「{phrase.format(places[0][2])}」",
                f"says '{phrase.format(k)}', while {where}, citing it, all say '{phrase.format(places[0][2])}'",
                clip(text[max(0, text.find(k) - 12) : text.find(k) + 12], 40),
                related=[(p[0].id, p[1]) for p in places[:5]],
                extra={
                    "subject": "步骤",
                    "value": k,
                    "consensus": places[0][2],
                    "places": sorted(ks),
                    "owner": owner,
                    "via": ["cited"],
                },
            )
            continue
        shown = "、".join(f"步骤 {k}" for k in said)
        for unit, line, k, quote in off:
            yield MISMATCH.finding(
                unit.id,
                line,
                f"此处「{phrase.format(k)}」援引 {cid}，而 {cid} 同一说法为 {shown}",
                f"says '{phrase.format(k)}' citing {cid}, which says it of {shown}",
                quote,
                related=[(c, ln) for c, ln in said.values()][:3],
                extra={
                    "subject": "步骤",
                    "value": k,
                    "consensus": next(iter(said)),
                    "places": [cid],
                    "owner": cid,
                    "via": ["cited"],
                },
            )


def _counts(ctx: LintContext) -> Iterator[Finding]:
    for unit in ctx.units():
        text = unit.text
        for m in _COUNT.finditer(text):
            raw = m.group("n")
            n = int(raw) if raw.isdigit() else cn_number(raw)
            a, b = m.group("a"), m.group("b")
            parent_a, parent_b = a.rsplit(".", 1)[0], b.rsplit(".", 1)[0]
            if n is None or parent_a != parent_b:
                continue
            lo, hi = int(a.rsplit(".", 1)[1]), int(b.rsplit(".", 1)[1])
            span = hi - lo + 1
            present = [f"{parent_a}.{k}" for k in range(lo, hi + 1) if ctx.exists(f"{parent_a}.{k}")]
            problems = []
            if span != n:
                problems.append((f"所列范围 {a}~{b} 含 {span} 个编号", f"the range {a}~{b} spans {span} ids"))
            if len(present) != span:
                absent = [f"{parent_a}.{k}" for k in range(lo, hi + 1) if f"{parent_a}.{k}" not in present]
                problems.append(
                    (
                        f"其中 {'、'.join(absent)} 无独立条款",
                        f"{', '.join(absent)} have no clause of their own",
                    )
                )
            if not problems or (span == n and len(present) == span):
                continue
            if span == n:
                continue  # the count matches the range; absent sections are the numbering check's business
            yield COUNT.finding(
                unit.id,
                unit.line_of(m.start()),
                f"称「共{raw}{m.group('unit')}」，但" + "；".join(p[0] for p in problems),
                f"says there are {n} {m.group('unit')}, but " + "; ".join(p[1] for p in problems),
                m.group(0),
                extra={"stated": n, "range": [a, b], "span": span, "present": len(present)},
            )
