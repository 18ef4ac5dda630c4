"""The book-habit rule (family q, issue 10): the words printed right before a citation, printed before one
sibling of the cited place in at least three other clauses and never before the cited place."""

from __future__ import annotations

import pytest

from ruleproof.lint import citebookhabit, habit_audit, topics
from ruleproof.lint.citehabits import Citing
from ruleproof.lint.context import LintContext
from ruleproof.lint.topics import HabitualPlace
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_at

Judged = tuple[LintContext, topics.Topics]


def test_silent_at_every_own_citation_of_the_real_text(judged: Judged) -> None:
    assert_silent_at_own_targets(judged, citebookhabit.book_habit, at_least=1000)


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "words"),
    [
        # 「神探查验（4.7.1）」 is printed in four other clauses; 4.7.2 and 4.7.3 never print 神探查验
        ("2.8.1", "4.7.1", 865, "4.7.2", "神探查验"),
        ("7.3.2", "4.7.1", 4085, "4.7.3", "神探查验"),
        # 「并登记入 2.8.9」: the registry clause, cited after these words in three other clauses
        ("4.4.9", "2.8.9", 1897, "2.8.10", "并登记入"),
    ],
)
def test_a_retarget_the_book_prints_otherwise_is_named_back(
    judged: Judged, clause: str, raw: str, line: int, wrong: str, words: str
) -> None:
    found = assert_retarget_caught(judged, citebookhabit.book_habit, (clause, raw, line), wrong)
    said, likely = found
    assert said == [words]
    assert isinstance(likely, HabitualPlace) and likely.votes >= citebookhabit.RUN_VOTES


def test_two_votes_are_not_a_habit(judged: Judged, monkeypatch: pytest.MonkeyPatch) -> None:
    """6.8.2's unedited 「外星人依 6.8.1」: one other clause prints 「外星人依 6.8.3」, none 6.8.1.  Were two votes
    enough, one citation added elsewhere would report it (the habit audit's tip at two votes); at three the
    added citation leaves it silent."""
    ctx, tp = judged
    ref, at = citation_at(tp, "6.8.2", "6.8.1", 3481)
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None
    key = topics.RUN_MARK + "外星人依"
    votes = tp.habits.other_clauses(key, unit.id)
    assert votes["6.8.3"] == 1 and not votes["6.8.1"]
    added = tp.habits.plus(Citing(habit_audit.PHANTOM, 0, ("6.8.3",), (key,)))
    base = tp.habits
    vars(tp)["habits"] = added
    try:
        assert citebookhabit.book_habit(tp, unit, at, ref) is None
        monkeypatch.setattr(citebookhabit, "RUN_VOTES", 2)
        found = citebookhabit.book_habit(tp, unit, at, ref)
    finally:
        vars(tp)["habits"] = base
    assert found is not None and found[1].name == "6.8.3"
    assert citebookhabit.book_habit(tp, unit, at, ref) is None  # (the text as it is: one vote)
