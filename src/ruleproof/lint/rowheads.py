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
  2.1.6 「⑥ 死亡名单（格式见4.10）」) is headed by the item's heading (family q's ``_item_heads``).

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
citing line, never how the text cites elsewhere, so no edit of another clause can make it report.
"""

from __future__ import annotations

import re
import weakref
from bisect import bisect_right
from typing import TYPE_CHECKING

from ruleproof.lint.gatelines import _GATE_TOKEN, _citing
from ruleproof.lint.headwords import NEAR_CITED
from ruleproof.text.model import Ref, RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, _Topics

# a step table's column heads: 「步骤 发生什么 要点」「步骤 发生什么 相关公告批次」
_STEP_HEADER = re.compile(r"步骤\s*发生什么")
# a gate's name up to its first bracket or dash (「是否重复阐述了某通则⸺若是，…」 → 是否重复阐述了某通则)
_NAME_CUT = re.compile(r"[（(〔【⸺—：:，,]")
# the last row of a table ends where the text goes on past it: 「11 倒计时结算 ⑧倒计时值七个要点：①…」
_TABLE_END = re.compile(r"[：:。]")
# an item table's column heads: 「项 说明」「项 位置 一句话标签 状态」
_ITEM_HEADER = re.compile(r"项\s*(?:说明|位置)")
_IN_CELL = "（(∕/、，,"  # a row key never follows these: the number is a cell's

_Rows = tuple[list[int], list[str]]  # row starts (sorted) and their heads; a start past a table's end: ""
_ROWS: weakref.WeakKeyDictionary[_Topics, dict[str, _Rows]] = weakref.WeakKeyDictionary()


def _step_rows(topics: _Topics, unit: Unit) -> _Rows:
    """The rows of the step tables of a unit, memoised per text: where each row starts and the name it
    prints after its key (step_topics' ``_row_names``); the last row ends at the table's end."""
    memo = _ROWS.setdefault(topics, {})
    out = memo.get(unit.id)
    if out is not None:
        return out
    from ruleproof.lint.step_topics import _ROW_NAMES, _row_names
    from ruleproof.lint.topics import _step_head, _step_order

    starts: list[int] = []
    heads: list[str] = []
    text = unit.text
    header = _STEP_HEADER.search(text)
    if header is not None:
        keys = sorted(
            {r.target_item for r in topics.ctx.doc.refs() if r.kind is RefKind.NIGHT_STEP and r.target_item},
            key=_step_order,
        )
        pos = header.end()
        for key in keys:
            found = _step_head(text, key, pos)
            while found is not None and text[found[0] - 1] in _IN_CELL:
                found = _step_head(text, key, found[1])  # 「强力乔装（2 次∕…」: a number in a cell
            if found is None:
                continue
            starts.append(found[0])
            heads.append(_row_names(text[found[1] : found[1] + _ROW_NAMES]))
            pos = found[1]
        if starts:
            end = _TABLE_END.search(text, pos)
            starts.append(end.start() if end is not None else len(text))
            heads.append("")
    out = memo[unit.id] = (starts, heads)
    return out


def _gate_head(topics: _Topics, unit: Unit, at: int) -> str:
    """The name of the gate whose answer a citation in a 十关核验 line stands in ('' outside a line)."""
    span = next((s for s in topics.gate_spans.get(unit.id, []) if s[0] <= at < s[1]), None)
    if span is None:
        return ""
    label = _gate_label(topics, unit, at, span)
    gate = next((g for g in topics.gates if g.label == label), None)
    return _NAME_CUT.split(gate.name, 1)[0] if gate is not None else ""


def _gate_label(topics: _Topics, unit: Unit, at: int, span: tuple[int, int]) -> str:
    """The last gate label before ``at`` in a 十关核验 line (a numeral citing an item is no label)."""
    text = unit.text
    label = ""
    for m in _GATE_TOKEN.finditer(text, span[0], at):
        if not _citing(text, m.start()):
            label = m.group(0)
    return label


def row_head(topics: _Topics, unit: Unit, at: int) -> str:
    """What heads the row a citation stands in: its gate's name in a ten-gate line, its step's name in a
    step row, else ''."""
    gate = _gate_head(topics, unit, at)
    if gate:
        return gate
    starts, heads = _step_rows(topics, unit)
    k = bisect_right(starts, at) - 1
    if k >= 0 and heads[k]:
        return heads[k]
    return _item_row_head(topics, unit, at)


def _item_row_head(topics: _Topics, unit: Unit, at: int) -> str:
    """The heading of the item row of a 「项 说明」 table a citation stands in ('' elsewhere)."""
    from ruleproof.lint.topics import Place, _item_heads

    clause = topics.ctx.clause(unit.id) if unit.is_clause else None
    if clause is None:
        return ""
    row = None
    for it in clause.items:
        if it.offset > at:
            break
        row = it
    if row is None or _ITEM_HEADER.search(unit.text, 0, row.offset) is None:
        return ""
    heads = _item_heads(topics, Place(f"{clause.id}{row.label}", f"{clause.title}。{row.text}"))
    return next(iter(heads), "")


def row_fit(topics: _Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The row head's words and the sibling whose head they name, when the cited place's head is not named."""
    from ruleproof.lint.headwords import _body, _likely_cited_near, _own_heads
    from ruleproof.lint.topics import Place, _bigrams, _in_tag, _related, _squash

    item = ref.kind is RefKind.ITEM and bool(ref.target_item)
    if not ref.target_clause or not (item or ref.kind is RefKind.CLAUSE) or _in_tag(unit.text, at):
        return None
    head = _bigrams(row_head(topics, unit, at))
    if not head:
        return None
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    group = [place, *near]
    own = _own_heads(topics, group, item)
    if own[0] & head:
        return None
    hits = [
        (k, sorted(own[k] & head))
        for k in range(1, len(group))
        if own[k] & head and not _related(group[k].name, unit.id)
    ]
    if len(hits) != 1:
        return None
    k, said = hits[0]
    likely = group[k]
    own_text = _beside_removed(place.text, likely.name)
    if any(w in _body(Place(place.name, own_text), item) for w in said):
        return None  # the cited place says the head's word too (not merely beside a citation of the sibling)
    if _next_gate(topics, unit, at, ref):
        return None
    phrase = _bigrams(topics.window(unit, at, ref.raw)) - topics.common_words - head
    if any(w in _squash(own_text) for w in phrase):
        return None  # the cell says what it cites the place for
    if _likely_cited_near(topics, unit, at, ref, likely.name):
        return None
    return said, likely


def _beside_removed(text: str, likely: str) -> str:
    """The text without what it says just before a citation of ``likely``: 7.1's visibility table says
    「乔装的发动与所伪装的职业仅发动者本人可见 7.3」 — it names 乔装 to send the reader to 7.3, which does
    not make 7.1 a place about 乔装."""
    cited = re.compile(rf"(?<![\d.]){re.escape(likely)}(?!\d|\.\d)")
    for m in reversed(list(cited.finditer(text))):
        text = text[: max(0, m.start() - NEAR_CITED)] + "。" + text[m.end() :]
    return text


def _next_gate(topics: _Topics, unit: Unit, at: int, ref: Ref) -> bool:
    """An item citation whose label is the next gate's, in a 十关核验 line that gives that gate no label
    of its own after it: 「记账依2.9⑧不新增批次⑨已标注」 answers gate ⑧ right after citing 2.9, which the reader
    took for 2.9⑧."""
    span = next((s for s in topics.gate_spans.get(unit.id, []) if s[0] <= at < s[1]), None)
    if span is None or not ref.target_item:
        return False
    labels = [g.label for g in topics.gates]
    current = _gate_label(topics, unit, at, span)
    if current not in labels or labels.index(current) + 1 >= len(labels):
        return False
    if ref.target_item != labels[labels.index(current) + 1]:
        return False
    text = unit.text
    return not any(
        m.group(0) == ref.target_item and not _citing(text, m.start())
        for m in _GATE_TOKEN.finditer(text, at + len(ref.raw), span[1])
    )


def row_verdict(topics: _Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`row_fit` under family q's guards (not a comparison or a denial, not numbers the reader took
    for an id, in a list only when the list rule confirms it) — but a gate the checklist cites is judged."""
    from ruleproof.lint.topics import _compared_or_denied, _in_list, _number_pair

    text, end = unit.text, at + len(ref.raw)
    if _compared_or_denied(text, at, end) or _number_pair(text, at, ref.raw):
        return None
    found = row_fit(topics, unit, at, ref)
    if found is None:
        return None
    if _in_list(text, at, end) and not topics.list_confirms(unit, at, ref, *found):
        return None
    place = topics.target(ref)[0]
    return (place, *found) if place is not None else None
