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
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_ID, LintContext, Unit, is_descendant
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

CHECKS = (MISMATCH, COUNT)

UNITS = "发次夜名人票分件份层只刀瓶项类处个档"
_SAME_UNIT = {"人": "名", "回": "次"}
_QUALIFIERS = (
    "上限", "下限", "至多", "最多", "至少", "最少", "不得超过", "不超过", "超过", "合计", "共计", "定为", "设为",
    "共", "各", "仅", "恒", "为", "达", "计", "约", "满", "限", "设",
)  # fmt: skip
_QTY = re.compile(rf"(?<![\d.A-Za-z])(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>[{UNITS}])")
_PARAM_WORDS = ("上限", "下限", "门槛", "初始", "至多", "最多", "至少")
_BARE = re.compile(rf"(?:{'|'.join(_PARAM_WORDS)})\s*(?P<num>\d+)(?![\d.])(?!\s*[{UNITS}])")
_CITE_PAREN = re.compile(
    rf"[（(](?:[^（）()]{{0,12}}?)(?P<cids>{CLAUSE_ID}(?:[^（）()]{{0,3}}{CLAUSE_ID})*)[^（）()]{{0,8}}[）)]"
)
_CITE_INLINE = re.compile(rf"(?:依|见|详见|参见|按)\s*(?P<cid>{CLAUSE_ID})")
_STOP = "。；｜|\n"
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+$")
_COUNT = re.compile(
    rf"共\s*(?P<n>[一二三四五六七八九十]{{1,3}}|\d+)\s*(?P<unit>类|项|种|处|条|关)\s*[（(]\s*(?P<a>{CLAUSE_ID})\s*[~〜～]\s*(?P<b>{CLAUSE_ID})\s*[）)]"
)
KEY_LEN = 2
_GENERIC_KEYS = frozenset(
    (
        "每夜",
        "全局",
        "当夜",
        "次夜",
        "每次",
        "首次",
        "累计",
        "同时",
        "一次",
        "连续",
        "至少",
        "初始",
        "合计",
        "每人",
        "每只",
        "个体",
    )
)
LONG_KEY = 4


@dataclass(frozen=True)
class Quantity:
    key: str  # up to KEY_LEN characters of the words before the number
    long_key: str  # up to LONG_KEY characters: used when no citation names the owner
    value: str
    unit: str
    ordinal: bool  # 「第 5 夜」
    start: int
    end: int


def _key(text: str, start: int) -> tuple[str, str, bool]:
    head = text[max(0, start - 12) : start].rstrip().rstrip("（(：:「〔 ")
    ordinal = head.endswith("第")
    if ordinal:
        head = head[:-1].rstrip()
    run = _CJK_RUN.search(head)
    words = run.group(0) if run else ""
    changed = True
    while changed and words:
        changed = False
        for q in _QUALIFIERS:
            if words.endswith(q) and len(words) > len(q) - 1:
                words = words[: -len(q)]
                changed = True
    return words[-KEY_LEN:], words[-LONG_KEY:], ordinal


def quantities(text: str) -> list[Quantity]:
    """Numbers with a unit (「3 件」), and bare integers right after a parameter word (「库存上限3」)."""
    out: list[Quantity] = []
    taken: set[int] = set()
    for m in _QTY.finditer(text):
        unit = _SAME_UNIT.get(m.group("unit"), m.group("unit"))
        key, long_key, ordinal = _key(text, m.start())
        taken.add(m.start())
        if len(key) < KEY_LEN:
            continue
        out.append(Quantity(key, long_key, m.group("num"), unit, ordinal, m.start(), m.end()))
    for m in _BARE.finditer(text):
        if m.start("num") in taken:
            continue
        key, long_key, ordinal = _key(text, m.start("num"))
        if len(key) < KEY_LEN or ordinal:
            continue
        out.append(Quantity(key, long_key, m.group("num"), "", False, m.start("num"), m.end("num")))
    out.sort(key=lambda q: q.start)
    return out


def _unit_ok(restated: str, owner: str) -> bool:
    return restated == owner or not restated or not owner


def _governing(ctx: LintContext, text: str, q: Quantity) -> list[str]:
    """The clauses a quantity's sentence cites: the first parenthesised citation after it (「（6.9.1、
    6.9.2⑤）」 names two), else the last 依 X before it."""
    stop_after = min((p for p in (text.find(ch, q.end) for ch in _STOP) if p >= 0), default=len(text))
    for m in _CITE_PAREN.finditer(text, q.end, stop_after):
        return [c for c in re.findall(CLAUSE_ID, m.group("cids")) if ctx.exists(c)]
    stop_before = max(text.rfind(ch, 0, q.start) for ch in _STOP) + 1
    inline = [m for m in _CITE_INLINE.finditer(text, stop_before, q.start) if ctx.exists(m.group("cid"))]
    return [inline[-1].group("cid")] if inline else []


def _owner_facts(ctx: LintContext, cid: str, cache: dict[str, list[Quantity]]) -> list[Quantity]:
    if cid not in cache:
        cache[cid] = [
            q
            for c in ctx.doc
            if is_descendant(c.id, cid)
            for q in quantities(f"{c.title}。") + quantities(c.text)
        ]
    return cache[cid]


def run(ctx: LintContext) -> Iterator[Finding]:
    yield from _restatements(ctx)
    yield from _counts(ctx)


def _title_owner(ctx: LintContext, unit: Unit, q: Quantity) -> str | None:
    """The one clause whose title names the quantity (「4.11.3 库存与分配后果」 owns 「库存上限 3」).

    Used when no citation names the owner: the role card and most in-body restatements cite nothing.
    Generic words (每夜, 全局 …) name no fact and are ignored.
    """
    if q.key in _GENERIC_KEYS:
        return None
    owners = [c.id for c in ctx.doc if q.key in c.title]
    owners = [o for o in owners if not any(is_descendant(o, p) for p in owners if p != o)]
    if len(owners) != 1:
        return None
    owner = owners[0]
    if unit.is_clause and (is_descendant(unit.id, owner) or is_descendant(owner, unit.id)):
        return None
    return owner


def _comparable(
    ctx: LintContext, owners: list[str], q: Quantity, cache: dict[str, list[Quantity]]
) -> list[Quantity]:
    return [
        f
        for o in owners
        for f in _owner_facts(ctx, o, cache)
        if _unit_ok(q.unit, f.unit) and f.ordinal == q.ordinal and f.key == q.key
    ]


def _restatements(ctx: LintContext) -> Iterator[Finding]:
    logs = ctx.log_appendices
    cache: dict[str, list[Quantity]] = {}
    for unit in ctx.units():
        if unit.id in logs:
            continue
        text = unit.text
        for q in quantities(text):
            owners = [
                o
                for o in _governing(ctx, text, q)
                if not (unit.is_clause and (is_descendant(unit.id, o) or is_descendant(o, unit.id)))
            ]
            how = "cited"
            facts = _comparable(ctx, owners, q, cache)
            if not facts:
                # no citation, or the cited clause does not state this quantity: the clause whose
                # title names it owns it
                owner = _title_owner(ctx, unit, q)
                owners, how = ([owner], "title") if owner else ([], how)
                facts = _comparable(ctx, owners, q, cache)
            if not facts or any(f.value == q.value for f in facts):
                continue
            values = "、".join(sorted({f"{f.value} {f.unit}".strip() for f in facts}))
            yield _finding(ctx, unit, q, "、".join(owners), values, how)


def _finding(ctx: LintContext, unit: Unit, q: Quantity, owner: str, values: str, how: str) -> Finding:
    text = unit.text
    quote = clip(text[max(0, q.start - 12) : q.end + 4], 40)
    owner_clause = ctx.clause(owner.split("、")[0])
    if how == "cited":
        zh_src, en_src = f"并援引 {owner}", f"citing {owner}"
    else:
        zh_src, en_src = f"（该数值归 {owner} 所定）", f"(a figure owned by {owner}, whose title names it)"
    return MISMATCH.finding(
        unit.id,
        unit.line_of(q.start),
        f"此处写「{q.key}…{q.value}{q.unit}」{zh_src}，但 {owner} 中「{q.key}」对应的是 {values}",
        f"says '{q.key} … {q.value}{q.unit}' {en_src}, but {owner} gives {values} for '{q.key}'",
        quote,
        related=[(owner.split("、")[0], owner_clause.line if owner_clause else None)],
        extra={
            "owner": owner,
            "via": how,
            "key": q.key,
            "value": q.value,
            "unit": q.unit,
            "owner_values": values,
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
