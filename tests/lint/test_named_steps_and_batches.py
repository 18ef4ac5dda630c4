"""Issue 10, seventh namespace pass: a batch called by its name, and a step followed by the words of one
row of the step table, read against the tables of the real 返航录 text."""

from __future__ import annotations

import functools

import pytest

from ruleproof.books import Source, load_source
from ruleproof.lint import run_lint
from ruleproof.text import read_document
from ruleproof.text.normalize import normalize

TOPIC = "citation-topic"


@functools.cache
def _topics(*pairs: tuple[str, str]) -> frozenset[tuple[str, str, str]]:
    text = normalize(load_source(None).data.decode("utf-8"))
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    found = run_lint(read_document(Source("mutated.txt", text.encode("utf-8"))))
    return frozenset((f.clause, f.fingerprint(), f.message) for f in found if f.check == TOPIC)


@pytest.mark.parametrize(
    ("old", "new", "clause", "likely"),
    [
        # 2.3.0 calls batch ⑦ 「紧急会议开场公告」; the table's row ⑦ says 「会议开场」, row ⑨ nothing of it
        ("紧急会议开场公告（批次⑦", "紧急会议开场公告（批次⑨", "2.3.0", "批次⑦"),
        # row 11 of the step table is the one that says 「停转夜自然流逝为 0」
        ("该夜步骤 11 自然流逝为 0", "该夜步骤 10 自然流逝为 0", "3.2.5", "步骤 11"),
    ],
)
def test_a_renumbered_name_is_found(old: str, new: str, clause: str, likely: str) -> None:
    new_ones = _topics((old, new)) - _topics()
    assert {c for c, _fp, _m in new_ones} == {clause}, new_ones
    assert any(likely in m for _c, _fp, m in new_ones)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # named once elsewhere and by no row: one other place is not enough to say which batch it is
        ("驱逐公告（批次⑩）之前", "驱逐公告（批次⑪）之前"),
        # a property many steps have (「不占行动窗口」) is not what happens at one step
        ("①行动位＝步骤 1（不占行动窗口）", "①行动位＝步骤 2（不占行动窗口）"),
    ],
)
def test_what_does_not_tell_a_row_is_not_judged_by_it(old: str, new: str) -> None:
    new_ones = _topics((old, new)) - _topics()
    assert not any("步骤表中只有" in m or "他处对它的称呼" in m for _c, _fp, m in new_ones), new_ones
