"""The edited-text helpers the lint tests share (tests/lint/edited.py): the per-process memo of the unedited
text, and the premise of linting by family — a family's findings are the whole lint's findings of its checks."""

from __future__ import annotations

import pytest

from ruleproof.lint import FAMILIES, families_for
from tests.lint.edited import (
    BATCHED_FAMILIES,
    Edit,
    batches,
    edited,
    family_of,
    section,
    unedited,
    unedited_context,
)

TOPICS = family_of("citation-topic")


def checks_of(family: str) -> set[str]:
    return {info.id for f in FAMILIES if f.__name__ == family for info in f.CHECKS}


def test_family_of_names_the_module_that_reports_the_check() -> None:
    assert family_of("citation-topic") == "ruleproof.lint.topics"
    assert (
        family_of("restatement-mismatch") == family_of("arithmetic-mismatch") == "ruleproof.lint.restatements"
    )
    with pytest.raises(ValueError):
        family_of("no-such-check")


def test_the_unedited_memo_is_one_context_and_hands_out_copies() -> None:
    """Read and built once per process; a caller that changes the list it got changes no other caller's."""
    assert unedited_context() is unedited_context()
    first = unedited(TOPICS)
    assert first and {f.check for f in first} <= checks_of(TOPICS)
    first.clear()
    again = unedited(TOPICS)
    assert again and again is not first


def test_an_edit_is_read_from_the_text_not_the_memo() -> None:
    """``edited`` reads the text again for every edit (the memo holds the unedited text only), and refuses
    an edit whose old words are not in the text exactly once."""
    doc = edited(("该夜步骤 11 自然流逝为 0", "该夜步骤 10 自然流逝为 0"))
    changed = "该夜步骤 10 自然流逝为 0"
    assert any(changed in line for line in doc.lines)
    assert not any(changed in line for line in unedited_context().doc.lines)
    with pytest.raises(AssertionError):
        edited(("，", "；"))


def test_a_batch_holds_one_batched_familys_cases_in_different_sections() -> None:
    """Two family q cases far apart share a text; one more in a section a member edits or reads (2.3) starts
    another batch; a case of a family that compares places across the text (restatements) and a case
    marked ``alone`` are batches of their own."""
    step_10 = Edit.of(
        [("紧急会议（4.9）在步骤10增开", "紧急会议（4.9）在步骤11增开")], "citation-topic", {"2.3.3"}
    )
    step_055 = Edit.of([("步骤 0.55 感染致死结算时", "步骤 0.5 感染致死结算时")], "citation-topic", {"6.4.2"})
    batch_7 = Edit.of([("紧急会议开场公告（批次⑦", "紧急会议开场公告（批次⑨")], "citation-topic", {"2.3.0"})
    steps = Edit.of([("共 6 档），", "共 5 档），")], "range-step-count", {"4.2.2"})
    lone = Edit(step_055.pairs, step_055.family, frozenset({"7.1"}), alone=True)
    assert TOPICS in BATCHED_FAMILIES and steps.family not in BATCHED_FAMILIES
    assert section("4.11.3") == "4.11" and section("附录一") == "附录一"
    got = batches((step_10, step_055, batch_7, steps, lone))
    assert got == ((step_10, step_055), (batch_7,), (steps,), (lone,))
    # an edit whose old words stand in a section another case reads findings in (6.5) is kept apart too
    reads_6_5 = Edit(step_10.pairs, step_10.family, frozenset({"6.5"}))
    edits_6_5 = Edit.of(
        [("故清除效果于步骤 8 实际落地", "故清除效果于步骤 7 实际落地")], "citation-topic", {"1.1"}
    )
    assert batches((reads_6_5, edits_6_5)) == ((reads_6_5,), (edits_6_5,))
    assert batches((step_10, edits_6_5)) == ((step_10, edits_6_5),)


@pytest.mark.heavy
def test_each_family_finds_what_the_whole_lint_finds_of_its_checks() -> None:
    """On the unedited text, every family run alone on the shared context gives exactly the whole lint's
    findings of its checks, in the same order (what the ``[family]`` cases rest on; the ``[all]`` cases of
    the heavy job check it again on every edited text)."""
    whole = unedited(None)
    ran = [f.__name__ for f in families_for(unedited_context().doc)]
    assert ran and set(ran) <= {f.__name__ for f in FAMILIES}
    for family in ran:
        assert unedited(family) == [f for f in whole if f.check in checks_of(family)], family
