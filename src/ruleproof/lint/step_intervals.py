"""(q, steps) A stretch of the night given by its two ends (「步骤 3 之后、4a 之前」, 「白天投票之后、当夜步骤 0
之前」, 「晚于步骤 7、早于步骤 9」) read against the order of the step table (2.1.1).

Two ends name a stretch of time, and the step table orders the steps, so:

* the stretch is not empty: the step it starts after comes before the step it ends at (「步骤 4b 之后、4a 之前」
  holds no time);
* a stretch from the day to a step of the night (「白天投票之后、当夜步骤 N 之前」) is the time between the day
  and the night: it ends at the night's first step, the table's first row — a later step would put the table's
  earlier rows inside a stretch said to lie before the night;
* a stretch given for a step (「步骤 1（0.6 之后、步骤 2 之前）」, 「于步骤 8…（晚于步骤 7、早于步骤 9）」) holds that
  step: it starts before it and ends after it.

An end is a step of the table (「步骤 3」, or a bare number right before 之前∕之后 once the other end has said
步骤); the words between an end and 之前∕之后 (「步骤 0 私聊之后」) name what happens there and are passed over.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding
from ruleproof.lint.citetext import step_order
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.lint.topics import TOPIC, Topics

_KEY = r"\d{1,2}(?:\.\d{1,2})?[ab]?(?![\d.])"
_WORDS = r"[\u4e00-\u9fff∕/（）()]{0,12}?"  # what happens at an end: 「步骤 3（保镖保护∕工匠护甲）之后」
_NIGHT = r"(?:当夜|该夜)?\s*"
# 「A 之后、B 之前」: A a step or the day; B a step
_AFTER_BEFORE = re.compile(
    rf"(?:(?P<day>白天|昼)[\u4e00-\u9fff]{{0,8}}?|(?P<s1>步骤)\s*(?P<a>{_KEY})\s*{_WORDS}|(?<![\d.])(?P<bare>{_KEY}))"
    rf"\s*(?:结算|完成|结束)*\s*之?后"
    rf"\s*[、，,]\s*(?P<night>当夜|该夜)?\s*(?P<s2>步骤)?\s*(?P<b>{_KEY})"
)
# 「晚于步骤 A、早于步骤 B」
_LATER_EARLIER = re.compile(
    rf"[晚后]于\s*{_NIGHT}步骤\s*(?P<a>{_KEY})\s*[、，,]\s*[早先]于\s*{_NIGHT}(?:步骤)?\s*(?P<b>{_KEY})"
)
# the step the stretch is given for: 「步骤 1（」 right before, or 「于步骤 8」 earlier in the sentence part
_FOR_BRACKET = re.compile(rf"步骤\s*(?P<k>{_KEY})\s*[（(]\s*$")
_FOR_AT = re.compile(rf"(?:[于归在]|位于)\s*{_NIGHT}步骤\s*(?P<k>{_KEY})")
FOR_REACH = 24  # characters before a stretch in which 「于步骤 K」 gives the step it is for


def run(ctx: LintContext, topics: Topics) -> Iterator[Finding]:
    rows = topics.places.step_rows
    if len(rows) < 2:
        return
    order = {k: n for n, k in enumerate(sorted(rows, key=step_order))}
    first = min(order, key=order.__getitem__)
    owner = ctx.owners.night_steps
    for unit in ctx.units_outside_log():
        text = unit.text
        if "步骤" not in text or unit.id == owner:
            continue  # (the step table says where its rows stand by standing there)
        for m in (*_AFTER_BEFORE.finditer(text), *_LATER_EARLIER.finditer(text)):
            a, b = m.group("a"), m.group("b")
            if m.re is _AFTER_BEFORE:
                a = a or m.group("bare")
                if a is not None and not (m.group("s1") or m.group("s2")):
                    continue  # two bare numbers: not steps
            closed = m.re is _LATER_EARLIER or _BEFORE_END.match(text, m.end()) is not None
            if not closed and not (m.group("day") and m.group("night") and m.group("s2")):
                continue  # 「…之后、步骤 N」 not closed by 之前 (but 「白天…之后、当夜步骤 N」): no stretch
            if b not in order or (a is not None and a not in order):
                continue
            why = _fault(text, m, a, b, order, first)
            if why is None:
                continue
            zh, en, likely = why
            raw = text[m.start() : m.end()].strip()
            yield TOPIC.finding_at(
                unit,
                m.span(),
                f"「{raw}」：{zh}（步骤顺序见 {owner}），{RENUMBERED_ZH}",
                f"'{raw}': {en} (the step order of {owner}) — {RENUMBERED_EN}",
                quote=(10, 6, 40),
                related=[(owner, None)],
                extra={
                    "target": f"步骤 {likely[0]}",
                    "likely": likely[1],
                    "terms": [raw],
                    "kind": "night_step",
                },
            )


_OTHER_NIGHT = re.compile(r"(?:[上前昨次翌]一?夜|前晚|昨晚)")
_BEFORE_END = re.compile(r"\s*(?:结算|开始)*\s*之?前")


def _fault(
    text: str, m: re.Match[str], a: str | None, b: str, order: dict[str, int], first: str
) -> tuple[str, str, tuple[str, str]] | None:
    """What the stretch gets wrong against the table's order: (zh, en, (the step at fault, the likely one))."""
    if a is None:  # from the day
        if b == first:
            return None
        return (
            f"从白天到当夜步骤 {b} 之间，却有步骤表排在步骤 {b} 之前的行动；白天与夜晚之间止于当夜第一步「步骤 {first}」",
            f"a stretch from the day to step {b} holds the steps the table puts before {b}; the time between the "
            f"day and the night ends at its first step {first}",
            (b, f"步骤 {first}"),
        )
    if _OTHER_NIGHT.search(text, max(0, m.start() - 6), m.start() + 2):
        return None  # 「上一夜步骤 9 …后、当夜步骤 0 之前」: from one night into the next
    if order[a] >= order[b]:
        return (
            f"步骤 {a} 不在步骤 {b} 之前，此段时间为空",
            f"step {a} does not come before step {b}: the stretch is empty",
            (a, f"步骤 {b} 之前的一步"),
        )
    k = _for_step(text, m)
    if k is None or k not in order or order[a] < order[k] < order[b]:
        return None
    return (
        f"此段时间是为步骤 {k} 而说的，步骤 {k} 却不在步骤 {a} 与步骤 {b} 之间",
        f"the stretch is said for step {k}, which is not between step {a} and step {b}",
        (a if order[k] <= order[a] else b, f"步骤 {k} 两侧的步骤"),
    )


def _for_step(text: str, m: re.Match[str]) -> str | None:
    """The step the stretch is said for: the one whose bracket it opens, else 「于步骤 K」 before it in the same
    sentence part."""
    at = m.start()
    bracket = _FOR_BRACKET.search(text, max(0, at - 12), at)
    if bracket is not None:
        return bracket.group("k")
    lo = max(0, at - FOR_REACH)
    cut = max(text.rfind(ch, lo, at) for ch in "。；;")
    found = list(_FOR_AT.finditer(text, max(lo, cut + 1), at))
    return found[-1].group("k") if found else None
