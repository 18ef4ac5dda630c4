"""The ten-gate checklist's own sources against the lines' votes (:func:`ruleproof.lint.gatecites.odd_sources`),
on edits of the real 返航录 text: a checklist source retargeted to a sibling that no line cites under its gate,
while the lines of several clauses cite the old one there, is a finding at the checklist."""

from __future__ import annotations

import pytest

from tests.heavy_split import first_of_each
from tests.lint.edited import FAMILY_OR_ALL, family_of, mutated, unedited

TOPIC = "citation-topic"
CHECKLIST = "2.8.10"


def _new_messages(old: str, new: str, whole: bool) -> list[tuple[str, str]]:
    family = None if whole else family_of(TOPIC)
    before = {f.fingerprint() for f in unedited(family) if f.check == TOPIC}
    return [
        (f.clause, f.message)
        for f in mutated((old, new), family=family)
        if f.check == TOPIC and f.fingerprint() not in before
    ]


RETARGETS = [
    # gate ⑦'s 2.5 retargeted: eight clauses' lines cite 2.5 under ⑦ (no check caught this before)
    ("⑦额度记账（2.5、2.9", "⑦额度记账（2.6、2.9", "接入检查 ⑦ 引 2.6，而 8 条"),
    ("⑦额度记账（2.5、2.9", "⑦额度记账（2.4、2.9", "接入检查 ⑦ 引 2.4，而 8 条"),
    # gate ⑤'s 2.8.7 → 2.8.8: eleven clauses' lines cite 2.8.7 under ⑤
    ("⑤可见性（2.8.7）", "⑤可见性（2.8.8）", "接入检查 ⑤ 引 2.8.8，而 11 条"),
]
# One retarget per checklist gate in the suite (the first in the table); another retarget of the same gate's
# source, one lint of its own text, runs in the heavy job.
RETARGET_IDS = [f"{old}->{new}" for old, new, _ in RETARGETS]
RETARGET_SPLIT = first_of_each(
    "tests/lint/test_checklist_sources.py::test_a_retargeted_checklist_source_is_found",
    RETARGET_IDS,
    [old[0] for old, _, _ in RETARGETS],  # the gate's number (⑦, ⑤) opens the line edited
)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [RETARGET_SPLIT.param(*case, id=i) for case, i in zip(RETARGETS, RETARGET_IDS, strict=True)],
)
@FAMILY_OR_ALL
def test_a_retargeted_checklist_source_is_found(old: str, new: str, said: str, whole: bool) -> None:
    found = _new_messages(old, new, whole)
    assert any(c == CHECKLIST and said in m for c, m in found), found


def test_the_unedited_checklist_agrees_with_its_lines() -> None:
    # ①之二's 1.1.1 is cited by no line (they answer 「不适用」) and the lines' sources under it are split: no finding
    found = [f for f in unedited(family_of(TOPIC)) if f.check == TOPIC and "接入检查" in f.message]
    assert found == []
