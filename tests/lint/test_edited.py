"""The edited-text helpers the lint tests share (tests/lint/edited.py): the per-process memo of the unedited
text, and the premise of linting by family — a family's findings are the whole lint's findings of its checks."""

from __future__ import annotations

import pytest

from ruleproof.lint import FAMILIES, families_for
from tests.lint.edited import edited, family_of, unedited, unedited_context

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
