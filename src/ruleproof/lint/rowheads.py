"""(q) A citation in a table row, a step row or a ten-gate line, judged by the row's own head.

The text prints many citations in tables whose rows are named by their first cell, and in the 「十关核验」
lines whose answers are named by the checklist's gates; the words right around such a citation are often
a cell's description that names nothing (「1乔装 异形∕外星人于本步骤伪装身份（7.3）」), while the row's head
says what the row is about:

- a **step row** of a step table (a table whose header is 「步骤 发生什么 …」: 2.1.1, 附录三) is headed by
  the step's name, printed after its key (「1乔装」「0.1 外星人蛰伏」「5 外星人击杀∕双刀」);
- a **ten-gate line** answers each gate of the checklist (2.8.10: 「③ 伤害侧层序」「⑥ 封锁」); an answer
  (「③伤害侧层序＝…依 2.8.2⑥〔适用〕」) is headed by its gate's name as the checklist defines it;
- a **row of an item table** (items after the column heads 「项 说明」 or 「项 位置 …」: 4.11.1 「② 层序 …」,
  2.1.6 「⑥ 死亡名单（格式见4.10）」) is headed by the item's heading (family q's ``item_heads``).

A citation there is reported, naming the sibling, when the head says none of the cited place's own head
words (its title's names for a clause, its heading for an item, the words no sibling prints at its head:
:mod:`ruleproof.lint.headwords`) and the own head words of exactly one sibling, which the cited place never
says — unless the citation's own phrase says a word of the cited place (「归入7.1不公开」 in the 乔装 row: the
cell says what it cites 7.1 for, whatever the row is named), a citation of the sibling stands close by on
the same line (the head is that citation's), or the sibling is of the citing clause's own family.  A word
the cited place says only just before a citation of the sibling does not count as its own (7.1's visibility
table 「乔装的发动与所伪装的职业仅发动者本人可见 7.3」 sends the reader to 7.3), and an item citation whose
label is the next gate's, in a line that prints that gate nowhere after it, is the gate's answer (「记账依
2.9⑧不新增批次」: ⑧ is the gate 「不新增批次」, not 2.9's item ⑧) and is not judged.  Unlike
family q's verdicts this one also judges the gate answers the checklist itself cites by clause: the gate's
name tells which of that clause's items (2.8.2⑥ 「现行层序·伤害侧」 against ⑦ 「现行层序·感染侧」).

It reads only the row's head, the citing phrase, the places' heads and texts and the citations on the
citing line, never how the text cites elsewhere: an edit of another clause moves it only through the cited
places themselves or, for a gate answer, through the checklist's gate names (an edit that damages a gate's
name in 2.8.10 changes the head of that gate's answers everywhere).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import (
    bigrams,
    compared_or_denied,
    in_list,
    in_tag,
    number_pair,
    squash,
    step_head,
    step_order,
)
from ruleproof.lint.gatelines import GATE_TOKEN, numeral_cited
from ruleproof.lint.headwords import NEAR_CITED, likely_cited_near, place_body, sibling_head
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.step_topics import ROW_NAMES_SPAN, row_names
from ruleproof.lint.topics import Place, item_heads
from ruleproof.text.markers import CIRCLED
from ruleproof.text.model import Ref, RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics

# a step table's column heads: 「步骤 发生什么 要点」「步骤 发生什么 相关公告批次」
_STEP_HEADER = re.compile(r"步骤\s*发生什么")
# a gate's name up to its first bracket or dash (「是否重复阐述了某通则⸺若是，…」 → 是否重复阐述了某通则)
_NAME_CUT = re.compile(r"[（(〔【⸺—：:，,]")
# the last row of a table ends where the text goes on past it: 「11 倒计时结算 ⑧倒计时值七个要点：①…」
_TABLE_END = re.compile(r"[：:。]")
# an item table's column heads: 「项 说明」「项 位置 一句话标签 状态」
_ITEM_HEADER = re.compile(r"项\s*(?:说明|位置)")
_PIECE = re.compile(r"[^\s∕/、·（）()，,；;]+")  # a row head's pieces: 「外星人击杀∕双刀」
_IN_CELL = "（(∕/、，,"  # a row key never follows these: the number is a cell's

_Rows = tuple[list[int], list[str]]  # row starts (sorted) and their heads; a start past a table's end: ""
_BESIDE: dict[tuple[str, str], str] = {}


def _step_rows(topics: Topics, unit: Unit) -> _Rows:
    """The rows of the step tables of a unit: where each row starts and the name it prints after its key
    (step_topics' ``row_names``); the last row ends at the table's end."""

    starts: list[int] = []
    heads: list[str] = []
    text = unit.text
    header = _STEP_HEADER.search(text)
    if header is not None:
        keys = sorted(topics.places.step_rows, key=step_order)  # the keys of 2.1.1's rows
        pos = header.end()
        for key in keys:
            found = step_head(text, key, pos)
            while found is not None and text[found[0] - 1] in _IN_CELL:
                found = step_head(text, key, found[1])  # 「强力乔装（2 次∕…」: a number in a cell
            if found is None:
                continue
            starts.append(found[0])
            heads.append(row_names(text[found[1] : found[1] + ROW_NAMES_SPAN]))
            pos = found[1]
        if starts:
            end = _TABLE_END.search(text, pos)
            starts.append(end.start() if end is not None else len(text))
            heads.append("")
    return starts, heads


_Marks = tuple[
    int, int, tuple[tuple[int, str], ...]
]  # a 十关核验 line's span and its gate labels (offset, label)


@dataclass(frozen=True)
class _UnitRows:
    """Where the rows of one unit start and what heads them, read once per text."""

    steps: _Rows
    items: _Rows
    lines: tuple[_Marks, ...]


# per text: each unit's rows, read once
_ROWS: PerLintTable[Topics, str, _UnitRows] = PerLintTable()


def _rows(topics: Topics, unit: Unit) -> _UnitRows:
    return _ROWS.get_or_build(
        topics,
        unit.id,
        lambda: _UnitRows(_step_rows(topics, unit), _item_rows(topics, unit), _gate_marks(topics, unit)),
    )


def _gate_marks(topics: Topics, unit: Unit) -> tuple[_Marks, ...]:
    """The unit's 十关核验 lines with their gate labels (a numeral citing an item is no label)."""
    text = unit.text
    return tuple(
        (
            lo,
            hi,
            tuple(
                (m.start(), m.group(0))
                for m in GATE_TOKEN.finditer(text, lo, hi)
                if not numeral_cited(text, m.start())
            ),
        )
        for lo, hi in topics.gate_spans.get(unit.id, [])
    )


def _gate_label(rows: _UnitRows, at: int) -> tuple[str, _Marks | None]:
    """The last gate label before ``at`` in the 十关核验 line it stands in, and the line."""
    line = next((m for m in rows.lines if m[0] <= at < m[1]), None)
    if line is None:
        return "", None
    return next((label for pos, label in reversed(line[2]) if pos < at), ""), line


def row_head(topics: Topics, unit: Unit, at: int) -> str:
    """What heads the row a citation stands in: its gate's name in a ten-gate line (as the checklist
    defines it), its step's name in a step row, its item's heading in an item table, else ''."""
    rows = _rows(topics, unit)
    label, line = _gate_label(rows, at)
    if line is not None:
        gate = next((g for g in topics.gates if g.label == label), None)
        return _NAME_CUT.split(gate.name, 1)[0] if gate is not None else ""
    for starts, heads in (rows.steps, rows.items):
        k = bisect_right(starts, at) - 1
        if k >= 0 and heads[k]:
            return heads[k]
    return ""


def _item_rows(topics: Topics, unit: Unit) -> _Rows:
    """The rows of a unit's 「项 说明」 tables: the items after the first column heads, where each starts and
    its heading (family q's ``item_heads``)."""

    clause = topics.ctx.clause(unit.id) if unit.is_clause else None
    header = _ITEM_HEADER.search(unit.text) if clause is not None else None
    starts: list[int] = []
    heads: list[str] = []
    if clause is None or header is None:
        return starts, heads
    for it in clause.items:
        if it.offset >= header.start():
            starts.append(it.offset)
            found = item_heads(topics, Place(f"{clause.id}{it.label}", f"{clause.title}。{it.text}"))
            heads.append(next(iter(found), ""))
    return starts, heads


def row_fit(
    topics: Topics, unit: Unit, at: int, ref: Ref, named: str | None = None
) -> tuple[list[str], Place] | None:
    """The row head's words and the sibling whose head they name, when the cited place's head is not named
    (``named``: the row head, when the caller has read it)."""
    item = ref.kind is RefKind.ITEM and bool(ref.target_item)
    if not ref.target_clause or not (item or ref.kind is RefKind.CLAUSE):
        return None
    named = row_head(topics, unit, at) if named is None else named
    if not named:
        return None  # (most citations: outside any row)

    head = bigrams(named)
    if not head or in_tag(unit.text, at):
        return None
    found = sibling_head(topics, ref, item, head, unit.id)
    if found is None:
        return None
    place, likely, said = found
    own_text = _beside_removed(place.text, likely.name)
    if any(w in place_body(Place(place.name, own_text), item) for w in said):
        return None  # the cited place says the head's word too (not merely beside a citation of the sibling)
    if _next_gate(topics, unit, at, ref):
        return None
    phrase = bigrams(topics.window(unit, at, ref.raw)) - topics.common_words - head
    if any(w in squash(own_text) for w in phrase):
        return None  # the cell says what it cites the place for
    if likely_cited_near(topics, unit, at, ref, likely.name):
        return None
    return _shown(named, said), likely


def _shown(head: str, said: list[str]) -> list[str]:
    """The head's words the finding quotes: each run of the head the matched two-character words cover
    (「伤害」「害侧」 → 伤害侧), stretched over one character left at either end of its piece (「度记」「记账」 →
    额度记账: 额度 is every ⑦-gate sibling's word, so it was not matched, but the reader's word is whole)."""
    covered = [False] * len(head)
    for w in said:
        at = head.find(w)
        while at >= 0:
            covered[at] = covered[at + 1] = True
            at = head.find(w, at + 1)
    out: list[str] = []
    for piece in _PIECE.finditer(head):
        lo, hi = piece.span()
        marks = "".join("1" if c else "0" for c in covered[lo:hi])
        for m in re.finditer("1+", marks):
            start = 0 if m.start() == 1 else m.start()
            end = len(marks) if m.end() == len(marks) - 1 else m.end()
            out.append(piece.group(0)[start:end])
    return list(dict.fromkeys(out)) or said


def _beside_removed(text: str, likely: str) -> str:
    """The text without what it says just before a citation of ``likely``: 7.1's visibility table says
    「乔装的发动与所伪装的职业仅发动者本人可见 7.3」 — it names 乔装 to send the reader to 7.3, which does
    not make 7.1 a place about 乔装.  (Memoised: every row citation of a place reads it against the same
    sibling.)"""
    key = (text, likely)
    out = _BESIDE.get(key)
    if out is None:
        out = text
        at = text.rfind(likely)
        while at >= 0:
            end = at + len(likely)
            after = text[end : end + 2]
            if not (text[at - 1 : at].isdecimal() or text[at - 1 : at] == ".") and not (
                after[:1].isdecimal() or (after[:1] == "." and after[1:2].isdecimal())
            ):
                out = out[: max(0, at - NEAR_CITED)] + "。" + out[end:]
            at = text.rfind(likely, 0, at)
        if len(_BESIDE) > 4096:
            _BESIDE.clear()
        _BESIDE[key] = out
    return out


def _next_gate(topics: Topics, unit: Unit, at: int, ref: Ref) -> bool:
    """An item citation whose label is the next gate's, in a 十关核验 line that gives that gate no label
    of its own after it: 「记账依2.9⑧不新增批次⑨已标注」 answers gate ⑧ right after citing 2.9, which the reader
    took for 2.9⑧.  The next gate is the next numeral, not the checklist's next entry: a revision that drops
    gate ⑧ from 2.8.10 leaves 4.11.6's line answering ⑧ all the same (mutate seed 1, gate-003)."""
    current, line = _gate_label(_rows(topics, unit), at)
    if line is None or not ref.target_item or current not in CIRCLED:
        return False
    if CIRCLED.get(ref.target_item) != CIRCLED[current] + 1:
        return False
    return not any(pos > at and label == ref.target_item for pos, label in line[2])


def row_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`row_fit` under family q's guards (not a comparison or a denial, not numbers the reader took
    for an id, in a list only when the list rule confirms it) — but a gate the checklist cites is judged."""
    named = row_head(topics, unit, at)
    if not named:
        return None  # (most citations: outside any row)

    text, end = unit.text, at + len(ref.raw)
    if compared_or_denied(text, at, end, topics.vocab.prefixes) or number_pair(text, at, ref.raw):
        return None
    found = row_fit(topics, unit, at, ref, named)
    if found is None:
        return None
    if in_list(text, at, end) and not topics.list_confirms(unit, at, ref, *found):
        return None
    place = topics.target(ref)[0]
    return (place, *found) if place is not None else None
