"""Issue 10, seventh namespace pass: a batch called by its name, and a step followed by the words of one
row of the step table, read against the tables of the real 返航录 text."""

from __future__ import annotations

import pytest

from tests.lint.edited import BATCH_OR_ALL, FAMILY_OR_ALL, Edit, added, family_of, mutated, unedited

TOPIC = "citation-topic"


def _new_topics(old: str, new: str, whole: bool) -> set[tuple[str, str, str]]:
    """The citation-topic findings on the real text with ``old`` replaced by ``new`` that the unedited text
    does not have: linted by family q alone (the suite) or whole (heavy), tests/lint/edited.py."""
    family = None if whole else family_of(TOPIC)
    before = {(f.clause, f.fingerprint(), f.message) for f in unedited(family) if f.check == TOPIC}
    found = mutated((old, new), family=family)
    return {(f.clause, f.fingerprint(), f.message) for f in found if f.check == TOPIC} - before


NAMED: list[tuple[str, str, str, str]] = [
    # 2.3.0 calls batch ⑦ 「紧急会议开场公告」; the table's row ⑦ says 「会议开场」, row ⑨ nothing of it
    ("紧急会议开场公告（批次⑦", "紧急会议开场公告（批次⑨", "2.3.0", "批次⑦"),
    # row 11 of the step table is the one that says 「停转夜自然流逝为 0」
    ("该夜步骤 11 自然流逝为 0", "该夜步骤 10 自然流逝为 0", "3.2.5", "步骤 11"),
]
EDITS = tuple(Edit.of([(old, new)], TOPIC, {clause}) for old, new, clause, _likely in NAMED)


@pytest.mark.parametrize(("old", "new", "clause", "likely"), NAMED)
@BATCH_OR_ALL
def test_a_renumbered_name_is_found(old: str, new: str, clause: str, likely: str, whole: bool) -> None:
    """Both edits in one text linted by family q (the suite: tests/lint/edited.py, ``batches``), or each alone
    by every family (heavy)."""
    found = added(Edit.of([(old, new)], TOPIC, {clause}), EDITS, whole)
    new_ones = {(f.clause, f.fingerprint(), f.message) for f in found if f.check == TOPIC}
    assert {c for c, _fp, _m in new_ones} == {clause}, new_ones
    assert any(likely in m for _c, _fp, m in new_ones)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # (「驱逐公告（批次⑪）」 was here: named once elsewhere, no vote of _batch_names; row ⑩ printing 驱逐 now
        # tells it, tests/lint/test_step_rows_and_frames.py)
        # a property many steps have (「不占行动窗口」) is not what happens at one step
        ("①行动位＝步骤 1（不占行动窗口）", "①行动位＝步骤 2（不占行动窗口）"),
    ],
)
@FAMILY_OR_ALL
def test_what_does_not_tell_a_row_is_not_judged_by_it(old: str, new: str, whole: bool) -> None:
    new_ones = _new_topics(old, new, whole)
    assert not any("步骤表中只有" in m or "他处对它的称呼" in m for _c, _fp, m in new_ones), new_ones
