"""A label's list and the note that closes it (text/sections.py ``_closing_notes``): a label section whose lines
are all entries 「name，…」, then a gap of blank lines, then a paragraph that is no entry — the note belongs to the
section the label is part of ([165]原神's 接刀 order after 机械狼's table; no other bundled book changes)."""

from __future__ import annotations

from ruleproof.text import Document
from tests.conftest import doc_from_text

TEXT = """[T1]导演

【好人阵营】

1、工匠
修补[夜晚]——修好一件东西。
学到的技能：
村民，获得技能<种田>
猎人，获得技能<射击>
医生，获得技能<治疗>
{gap}
全体好人的行动顺序：工匠，村民，猎人。

[T1]导演

【坏人阵营】

1、刺客
刺杀[夜晚]——对一名角色造成出局。
"""


def lines_of(doc: Document, cid: str) -> list[int]:
    return [s.line for s in doc.clauses[cid].spans]


def test_a_note_after_the_gap_closes_the_list() -> None:
    doc = doc_from_text(TEXT.format(gap="\n\n"))
    note = next(i for i, ln in enumerate(doc.lines, start=1) if ln.startswith("全体好人"))
    assert note in lines_of(doc, "工匠")
    assert note not in lines_of(doc, "学到的技能")


def test_without_a_gap_the_paragraph_stays_in_the_list() -> None:
    doc = doc_from_text(TEXT.format(gap=""))
    note = next(i for i, ln in enumerate(doc.lines, start=1) if ln.startswith("全体好人"))
    assert note in lines_of(doc, "学到的技能")


def test_an_entry_after_the_gap_stays_in_the_list() -> None:
    doc = doc_from_text(
        TEXT.format(gap="\n\n").replace("全体好人的行动顺序：工匠，村民，猎人。", "牧师，获得技能<祈祷>")
    )
    entry = next(i for i, ln in enumerate(doc.lines, start=1) if ln.startswith("牧师"))
    assert entry in lines_of(doc, "学到的技能")
