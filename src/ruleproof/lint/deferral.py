"""(g) Circular deferral: A says 「T 依 B」 (not listed here) and B says 「T 依 A，本条不另列」.

Each side leaves the matter to the other, so the text never states it.  A *deferral* is a citation
introduced by 依 / 见 / 详见 / 参见 / 参照 / 按, whose sentence either hands a topic to the cited clause
(the topic words right before the citing word) or says so outright (「本条不另列」「本处不另列」).  Two
deferrals form a cycle when they point at each other (clause or item level) and their topics share
at least :data:`MIN_SHARED` characters in a row (「菜单之收敛依 6.5⑦」 ↔ 「菜单之收敛依 1.4.1.4，本条不另列」).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_OR_ITEM, LintContext, is_descendant, normalize_item
from ruleproof.text.model import Ref

CIRCULAR = CheckInfo(
    id="circular-deferral",
    family="g",
    severity=Severity.WARNING,
    title="循环援引：两条互相推给对方",
    title_en="circular deferral: two clauses leave the matter to each other",
    rule="0.7：援引指向唯一权威源；A 依 B、B 又依 A 时，两处都不载明规则，等于无规定。",
    rule_en="0.7: a citation points to the single authoritative source; when A defers to B and B back "
    "to A, neither states the rule, so there is none.",
    advice="选定其中一条为权威源并在该处写明规则，另一条改为单向援引。",
    advice_en="Make one of them the authoritative source and state the rule there; the other cites it.",
)

CHECKS = (CIRCULAR,)

MIN_SHARED = 3
TOPIC_WINDOW = 14
_CITING = ("依", "见", "详见", "参见", "参照", "按", "援引")
_OUTRIGHT = re.compile(r"本[条项款处节](?:内)?不另[列述设立]|不在本[条处]内")
_SENTENCE_END = "。；！？\n"
_CJK = re.compile(r"[\u4e00-\u9fff]+")


@dataclass(frozen=True)
class Deferral:
    ref: Ref
    topic: str  # CJK words before the citing word, in the same sentence
    outright: bool
    phrase: str  # the topic, the citing word and the citation as printed


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    lo = max(text.rfind(ch, 0, start) for ch in _SENTENCE_END) + 1
    his = [p for p in (text.find(ch, end) for ch in _SENTENCE_END) if p >= 0]
    return lo, (min(his) + 1 if his else len(text))


def _deferrals(ctx: LintContext) -> list[Deferral]:
    out: list[Deferral] = []
    for unit in ctx.clause_units:
        clause = ctx.clause(unit.id)
        if clause is None:
            continue
        text = unit.text
        pos = 0
        for ref in clause.refs:
            if ref.kind not in CLAUSE_OR_ITEM or ref.target_clause is None:
                continue
            at = text.find(ref.raw, pos)
            if at < 0:
                at = text.find(ref.raw)
                if at < 0:
                    continue
            pos = at + len(ref.raw)
            head = text[:at].rstrip()
            word = next((w for w in _CITING if head.endswith(w)), None)
            if word is None:
                continue
            word_at = len(head) - len(word)
            lo, hi = _sentence(text, at, at + len(ref.raw))
            zone = text[max(lo, word_at - TOPIC_WINDOW) : word_at]
            zone = re.split(r"[，、：（）「」〔〕【】]", zone)[-1]
            topic = "".join(_CJK.findall(zone))
            outright = bool(_OUTRIGHT.search(text[at:hi]))
            if topic or outright:
                phrase = text[word_at - len(zone) : at + len(ref.raw)]
                out.append(Deferral(ref, topic, outright, phrase.strip()))
    return out


def _points_at(d: Deferral, other: Deferral) -> bool:
    """Does ``d`` cite the clause (and item, if it names one) where ``other`` is written?"""
    src = other.ref
    if (
        d.ref.target_clause is None
        or src.clause is None
        or not is_descendant(src.clause, d.ref.target_clause)
    ):
        return False
    wanted = d.ref.target_item
    return wanted is None or src.item is None or normalize_item(wanted) == normalize_item(src.item)


def _shared(a: str, b: str) -> str:
    best = ""
    for i in range(len(a)):
        for j in range(i + len(best) + 1, len(a) + 1):
            if a[i:j] in b:
                best = a[i:j]
            else:
                break
    return best


def run(ctx: LintContext) -> Iterator[Finding]:
    defs = _deferrals(ctx)
    reported: set[tuple[str, str]] = set()
    # each deferral under its clause and every clause above it: the ones ``a`` can point at are filed
    # under ``a``'s target (what ``_points_at`` asks first), not found by trying every later deferral
    under: dict[str, list[int]] = {}
    for j, b in enumerate(defs):
        where = b.ref.clause
        if where is not None:
            for above in {where, *(where[:k] for k, ch in enumerate(where) if ch == ".")}:
                under.setdefault(above, []).append(j)
    for i, a in enumerate(defs):
        for j in under.get(a.ref.target_clause or "", []) if a.ref.target_clause is not None else []:
            if j <= i:
                continue
            b = defs[j]
            if a.ref.clause == b.ref.clause:
                continue
            if not (_points_at(a, b) and _points_at(b, a)):
                continue
            shared = _shared(a.topic, b.topic)
            if len(shared) < MIN_SHARED and not (a.outright or b.outright):
                continue
            if len(shared) < MIN_SHARED and (not a.topic or not b.topic):
                continue
            key = (min(a.ref.clause or "", b.ref.clause or ""), max(a.ref.clause or "", b.ref.clause or ""))
            if key in reported:
                continue
            reported.add(key)
            wa = f"{a.ref.clause}{a.ref.item or ''}"
            wb = f"{b.ref.clause}{b.ref.item or ''}"
            yield CIRCULAR.finding(
                a.ref.clause,
                a.ref.line,
                f"{wa} 把「{shared or a.topic}」交给 {a.ref.raw}，而 {wb} 又把它交回 {b.ref.raw}：两处都未载明",
                f"{wa} leaves '{shared or a.topic}' to {a.ref.raw}, and {wb} hands it back via {b.ref.raw}: "
                "neither states it",
                clip(f"{a.phrase} ⇄ {b.phrase}", 70),
                related=[(b.ref.clause, b.ref.line)],
                extra={"topic": shared or a.topic, "other": wb},
            )
