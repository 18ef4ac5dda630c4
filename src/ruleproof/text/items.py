"""Items (①…, (11)…, ③之二) and tags (〔例外〕, 〔通则 X 之例外〕, 〔适用 2.9〕…) inside a clause body."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ruleproof.text.headings import ID_RE
from ruleproof.text.markers import CIRCLED_CLASS, MARKER_RE, marker_label, parse_marker
from ruleproof.text.model import Clause, Item, Tag

# A marker directly after these is a citation or a mention, not the start of an item.
_NOT_ITEM_BEFORE = (
    *(
        "批次",
        "判定",
        "步骤",
        "第",
        "之",
        "由",
        "随",
        "见",
        "依",
        "及",
        "与",
        "和",
        "或",
        "、",
        "∕",
        "「",
        "〔",
    ),
    *("至", "～", "〜", "~", "本条", "本款", "本项", "同", "按", "照", "将", "（", "入", "在"),
)
_NOT_ITEM_AFTER = ("〜", "~", "∕", "、", "至", "之")
_ID_BEFORE = re.compile(r"\d(?:\.\d{1,2})+\s*$")


@dataclass(frozen=True)
class _Marker:
    pos: int
    end: int
    ordinal: int
    variant: int | None
    paren: bool


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _inside_parentheses(text: str, pos: int) -> bool:
    """An unclosed （ within the 30 characters before ``pos``."""
    depth = 0
    for ch in reversed(text[max(0, pos - 30) : pos]):
        if ch in "）)":
            depth += 1
        elif ch in "（(":
            if depth == 0:
                return True
            depth -= 1
    return False


STRONG, WEAK, CITED = 0, 1, 2


def _item_markers(text: str, breaks: set[int]) -> list[tuple[_Marker, int]]:
    """Markers that may start an item, each with a level: STRONG (reads as an item), WEAK (a label in a
    list 「③④不参与层序」 — an item only when no strong marker has that number) or CITED (right after a
    clause id, 「依7.1.2⑥封锁」 — an item only when it fills the one gap in this clause's sequence)."""
    out: list[tuple[_Marker, int]] = []
    for m in MARKER_RE.finditer(text):
        before = text[max(0, m.start() - 12) : m.start()]
        after = text[m.end() : m.end() + 1]
        at_line_start = m.start() in breaks
        if text.startswith(_NOT_ITEM_AFTER, m.end()):
            continue  # a range 「①〜⑥」, a mention 「⑧之下」
        if not at_line_start and _inside_parentheses(text, m.start()):
            continue  # 「（3.3.9已增列①之二）」 mentions an item of another clause
        level = STRONG
        if (after and MARKER_RE.match(after) and not m.group("var")) or (
            before and MARKER_RE.match(before[-1])
        ):
            # a list of labels 「④⑥⑧为 0」「①②③④」, or the tail of a citation 「4.6.4③⑤）」 — but in
            # 「2.8.2⑥④感染侧」 ⑥ cites and ④ starts the next item, which its text shows
            cited_then_item = before and _ID_BEFORE.search(before[:-1]) and _CJK.match(after)
            if not cited_then_item:
                level = WEAK
        if not at_line_start:
            if _ID_BEFORE.search(before):
                level = CITED  # 「4.10.0⑤」 cites an item of another clause
            elif before.rstrip().endswith(_NOT_ITEM_BEFORE):
                continue
        ordinal, variant, paren = parse_marker(m)
        out.append((_Marker(m.start(), m.end(), ordinal, variant, paren), level))
    return out


# (written to start with its first character, the look-behind after it: ``re`` skips to the candidates instead of
# trying the pattern at every character — the same matches, tests/lint/test_lint_indexes.py)
_SERIAL_RE = re.compile(rf"(\d(?<![0-9.．A-Za-z]\d)\d{{0,2}})\.(?=[\u4e00-\u9fff「（〔【{CIRCLED_CLASS}])")


@dataclass(frozen=True)
class NumberMark:
    """A 「N.」 in the body: an author's list number or an export serial number."""

    pos: int
    end: int
    number: int


def number_marks(text: str) -> list[NumberMark]:
    return [NumberMark(m.start(), m.end(), int(m.group(1))) for m in _SERIAL_RE.finditer(text)]


def numbered_run(marks: list[NumberMark]) -> list[NumberMark]:
    """The longest run of consecutive numbers k, k+1, … (in text order): a list the text numbered with
    「N.」 — the author's own 「1.…2.…」 or export serial numbers 「31.…35.」 that replaced ①…⑤."""
    best: list[NumberMark] = []
    for start in range(len(marks)):
        run = [marks[start]]
        for mk in marks[start + 1 :]:
            if mk.number == run[-1].number + 1:
                run.append(mk)
        if len(run) > len(best):
            best = run
    return best if len(best) >= 2 else []


def extract_items(clause: Clause) -> list[Item]:
    """Top-level items of a clause.

    Item ①, then ② if ② occurs, and so on: an ordinal is accepted when the one before it (or the one
    two before, so one missing item does not hide the rest) was accepted.  The first occurrence of an
    ordinal is the item; later ones (nested enumerations 「②…：①…②…」) stay inside its text.  Order of
    appearance is free: the 2.8.9 registry prints (23)…(26) before ①.
    """
    text = clause.text
    markers = _item_markers(text, clause.line_breaks())
    best: dict[tuple[int, int | None], _Marker] = {}
    anchored = any(level == STRONG and mk.ordinal == 1 for mk, level in markers)
    for wanted in (STRONG, WEAK) if anchored else (STRONG,):
        for mk, level in markers:
            if level == wanted:
                best.setdefault((mk.ordinal, mk.variant), mk)
    present = {o for o, v in best if v is None}
    accepted: set[int] = set()
    ordinal = 1
    while ordinal <= 60:
        if ordinal in present:
            accepted.add(ordinal)
        elif not (ordinal - 1 in accepted and ordinal + 1 in present):
            break  # a single missing item is stepped over; two in a row end the list
        ordinal += 1
    chosen = [mk for (o, _v), mk in best.items() if o in accepted]
    pos = {mk.ordinal: mk.pos for mk in chosen if mk.variant is None}
    for gap in range(2, max(accepted, default=0)):
        if gap in pos or gap - 1 not in pos or gap + 1 not in pos:
            continue
        # 「见5.5.2③释放」 between ② and ④: the citation's marker is this clause's missing item ③
        fill = next(
            (
                mk
                for mk, level in markers
                if level == CITED
                and mk.ordinal == gap
                and mk.variant is None
                and pos[gap - 1] < mk.pos < pos[gap + 1]
            ),
            None,
        )
        if fill is not None:
            chosen.append(fill)
    if not chosen:
        # no circled items: a numbered list 「1.…2.…」 (or serials that replaced ①…) stands for them,
        # so that 「2.2⑤」 finds the fifth entry printed as 「35.」
        run = numbered_run(number_marks(text))
        chosen = [_Marker(mk.pos, mk.end, n + 1, None, False) for n, mk in enumerate(run)]
    chosen.sort(key=lambda mk: mk.pos)
    items: list[Item] = []
    for n, mk in enumerate(chosen):
        stop = chosen[n + 1].pos if n + 1 < len(chosen) else len(text)
        items.append(
            Item(
                label=text[mk.pos : mk.end],
                ordinal=mk.ordinal,
                variant=mk.variant,
                line=clause.line_of_offset(mk.pos),
                text=text[mk.end : stop].strip(),
                offset=mk.pos,
            )
        )
    return items


TAG_KINDS = ("例外", "适用", "重申", "差量", "索引", "替换")
_TAG_RE = re.compile(r"〔([^〔〕\n]{1,40})〕")
_MENTION_BEFORE = (
    "标注",
    "标为",
    "改标",
    "标",
    "以",
    "「",
    "∕",
    "、",
    "或",
    "并",
    "及",
    "加",
)
# Nouns ending in 标 (「两刀可指向同一目标〔通则 X 之例外〕」): the bracket after them is applied, not talked about
# — the verb 标 (「未标〔例外〕」) is what marks a mention.
_NOUNS_ENDING_IN_BIAO = ("目标", "指标", "坐标", "商标", "路标", "达标", "锦标")
_MENTION_AFTER = ("∕", "、", "＝", "」", "或", "者须", "三分", "之类", "而非", "类型", "标注")


def extract_tags(clause: Clause) -> list[Tag]:
    text = clause.text
    out: list[Tag] = []
    for m in _TAG_RE.finditer(text):
        content = m.group(1)
        kind = next((k for k in TAG_KINDS if k in content), None)
        if kind is None:
            continue
        target_clause: str | None = None
        target_item: str | None = None
        idm = ID_RE.search(content)
        if idm:
            target_clause = idm.group(1)
            mk = MARKER_RE.match(content, idm.end())
            if mk:
                o, v, p = parse_marker(mk)
                target_item = marker_label(o, v, p)
        before = text[max(0, m.start() - 3) : m.start()].rstrip()
        after = text[m.end() : m.end() + 3]
        out.append(
            Tag(
                kind=kind,
                raw=m.group(0),
                line=clause.line_of_offset(m.start()),
                clause=clause.id,
                item=clause.item_at(m.start()),
                target_clause=target_clause,
                target_item=target_item,
                mention=(before.endswith(_MENTION_BEFORE) and not before.endswith(_NOUNS_ENDING_IN_BIAO))
                or after.startswith(_MENTION_AFTER),
            )
        )
    return _mark_legends(
        out, [m.start() for m in _TAG_RE.finditer(text) if any(k in m.group(1) for k in TAG_KINDS)]
    )


def _mark_legends(tags: list[Tag], positions: list[int]) -> list[Tag]:
    """Three or more different kinds within a short stretch define the vocabulary (0.4:
    「〔重申〕纯重复…；〔适用〕…；〔例外〕…」): they are talked about, not applied."""
    legend: set[int] = set()
    for i in range(len(tags)):
        window = [j for j in range(i, len(tags)) if positions[j] - positions[i] <= 80]
        if len({tags[j].kind for j in window}) >= 3:
            legend.update(window)
    return [replace(t, mention=True) if i in legend else t for i, t in enumerate(tags)]


def strong_item_markers(text: str, breaks: set[int]) -> list[tuple[int, int, int | None, str]]:
    """Every marker that reads as the start of an item (not only the first of each number, which is
    what :func:`extract_items` keeps): ``(offset, ordinal, variant, label)`` in text order.  Layout
    checks use it to see labels the tree leaves out (a second 「②」)."""
    return [
        (mk.pos, mk.ordinal, mk.variant, text[mk.pos : mk.end])
        for mk, level in _item_markers(text, breaks)
        if level == STRONG
    ]
