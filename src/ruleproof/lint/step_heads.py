"""(q, steps) A step cited for the action the sentence names right before it (「查验于步骤 2 结算」「转化自步骤
0.6 结算完成即生效」), read against the names at the head of the step table's rows.

A row of the step table (2.1.1) opens with the names of what happens at its step, joined by 「∕」 or run
together, one bracket of them included: 「2 查验∕巡逻普通船员查验、神探查验」, 「0.6 进化∕转化∕转职于本步骤结算」,
「8 医生（治疗∕救援∕自救∕制药）」.  Past that head a row speaks of other steps' events as well (row 1 乔装: 「排在
步骤 2 之前，故…覆盖当夜的船员查验」), so the words of the whole row cannot tell which step an action belongs
to; its head can.  :func:`head_names` reads the head as the run of the text's terms from the row's start,
each next term right after the last or past one 「∕」「/」「、」「（」.

A finding when the term that ends right before 「于∕在∕自」 and the step heads exactly one row, and that row is
not the cited one: the step was renumbered or mistyped.  A time is not an event's place (「查验于步骤 2 之前」
says when, not where) and is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding
from ruleproof.lint.base import clip
from ruleproof.lint.citetext import part_end
from ruleproof.lint.diagnosis import RENUMBERED_OR_MISTYPED_EN, RENUMBERED_OR_MISTYPED_ZH
from ruleproof.lint.step_rowwords import renumbered_step
from ruleproof.lint.step_rowwords import skipped as _skipped
from ruleproof.lint.topics import SPECIFIC_SHARE, Topics

_JOINS = "∕/、（("  # what may stand between two names of a row's head
_STEP = re.compile(
    r"(?:(?<![早晚先后])(?P<mark>[于在自]))?\s*(?:当夜|该夜)?\s*步骤\s*(?P<k>\d{1,2}(?:\.\d{1,2})?[ab]?)(?![\d.])"
)
_NIGHT_WORDS = ("当夜", "该夜")  # what _STEP lets stand between its mark and 步骤
_MARKS = "于在自"


def step_mentions(text: str) -> Iterator[re.Match[str]]:
    """What ``_STEP.finditer(text)`` yields, read only around each 「步骤」 the text prints (``str.find``):
    every match prints it, and starts no earlier than the longest prefix the pattern allows before it
    (blanks, 当夜∕该夜, blanks, a mark), so trying ``_STEP.match`` at those few starts, in order, finds the
    leftmost match — the scan led by an optional mark otherwise tries every character of the text."""
    pos = 0
    at = text.find("步骤")
    while at >= 0:
        lo = at
        while lo > pos and text[lo - 1].isspace():
            lo -= 1
        if text[max(pos, lo - 2) : lo] in _NIGHT_WORDS:
            lo -= 2
            while lo > pos and text[lo - 1].isspace():
                lo -= 1
        if lo > pos and text[lo - 1] in _MARKS:
            lo -= 1
        for start in range(lo, at + 1):
            m = _STEP.match(text, start)
            if m is not None:
                yield m
                pos = m.end()
                break
        at = text.find("步骤", max(pos, at + 2))


_TIME_AFTER = re.compile(r"\s*(?:结算|结束|完成|开始)*\s*(?:之前|之后|前|后|起|内|以前|以后)")
_CONDITION = ("在", "于", "因", "若", "如", "自", "从", "当")  # words after a step that say when, not what
NAME_REACH = 8  # characters before 「于∕在∕自」 in which the action's term must end right at the mark


def head_names(topics: Topics, rows: dict[str, str]) -> dict[str, set[str]]:
    """Each term at the head of a row with the steps whose rows head with it."""
    homes: dict[str, set[str]] = {}
    for key, row in rows.items():
        body = row[len(key) :].lstrip()
        end = 0
        for hit in topics.vocab.scan(body[:40]):
            if hit.start != end and not (hit.start == end + 1 and body[end] in _JOINS):
                break
            homes.setdefault(hit.term, set()).add(key)
            end = hit.end
    return homes


def _named(topics: Topics, text: str, m: re.Match[str], homes: dict[str, set[str]]) -> tuple[str, int] | None:
    """The action the sentence names at the step of ``m``, with where its term starts: the term that ends right
    before 「于∕在∕自」, else the first term of the words right after the step that heads a row (「于步骤 4b 提交
    破坏行动」) in its sentence part — not when they open on a condition (「步骤 8 在寂灭时刻中空转」)."""
    if m.group("mark"):
        head = text[max(0, m.start() - NAME_REACH) : m.start()]
        hits = topics.vocab.scan(head)
        if hits and hits[-1].end == len(head):
            return hits[-1].term, m.start() - len(hits[-1].term)
    after = text[m.end() : part_end(text, m.end(), min(len(text), m.end() + NAME_REACH))]
    if after.lstrip().startswith(_CONDITION) or _skipped(text, m.start()):
        return None
    hit = next((h for h in topics.vocab.scan(after) if h.term in homes), None)
    return (hit.term, m.end() + hit.start) if hit is not None else None


def run(topics: Topics, tables: set[str | None]) -> Iterator[Finding]:
    """The steps cited beside an action that heads exactly one other row of the step table."""
    rows = topics.places.step_rows
    if len(rows) < 2:
        return
    homes = head_names(topics, rows)
    for unit in topics.ctx.units_outside_log():
        if unit.id in tables:
            continue  # the tables say when, and cite each other's steps in their notes
        text = unit.text
        if "步骤" not in text:
            continue  # (every match prints 步骤: a scan led by an optional mark tries every character)
        for m in step_mentions(text):
            key = m.group("k")
            if key not in rows or _TIME_AFTER.match(text, m.end()):
                continue
            named = _named(topics, text, m, homes)
            if named is None:
                continue
            term, at = named
            home = homes.get(term, set())
            if len(home) != 1 or key in home or not topics.vocab.specific(term, SPECIFIC_SHARE):
                continue
            (likely,) = home
            raw = text[min(at, m.start()) : max(m.end(), at + len(term))]
            owner = topics.ctx.owners.night_steps
            yield renumbered_step(
                unit,
                m.start("k"),
                f"「{clip(raw, 30)}」：步骤表（{owner}）中「{term}」列在步骤 {likely} 一行之首，步骤 {key} 一行之首不列它，"
                f"{RENUMBERED_OR_MISTYPED_ZH}",
                f"'{clip(raw, 30)}': the step table ({owner}) heads step {likely}'s row with '{term}', not step "
                f"{key}'s — {RENUMBERED_OR_MISTYPED_EN}",
                clip(text[max(0, m.start() - 12) : m.end() + 12], 40),
                owner,
                (key, likely),
                [term],
            )
