"""The citation-habit map (family q, issue 10): evidence read from how the text cites a term elsewhere."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ruleproof.lint.citehabits import HABIT_VOTES, CitationHabits, Citing


def _habits(*rows: tuple[str, int, tuple[str, ...], tuple[str, ...]]) -> CitationHabits:
    return CitationHabits(Citing(*row) for row in rows)


HABITS = _habits(
    ("2.3", 10, ("4.10.2",), ("八步结算链",)),
    ("4.1", 20, ("4.10.2③", "4.10.2"), ("八步结算链", "濒死")),
    ("5.2", 30, ("4.10.2",), ("八步结算链",)),
    ("6.1", 40, ("4.10.3",), ("八步结算链",)),  # the citation judged below, retargeted
    ("6.4", 50, ("4.10.3",), ("击杀归属",)),
)
SIBLINGS = ["4.10.1", "4.10.2", "4.10.3"]


def test_a_term_cited_elsewhere_at_a_sibling_names_it() -> None:
    habit = HABITS.evidence(["八步结算链"], "4.10.3", SIBLINGS, lambda t: False, ("6.1", 40))
    assert habit is not None and (habit.term, habit.likely, habit.votes) == ("八步结算链", "4.10.2", 3)


def test_the_judged_citation_does_not_vote_and_a_habit_at_the_target_clears_it() -> None:
    # at its own place (6.1 cites 4.10.2 in the original) the other three votes are still there, but
    # the text also cites 4.10.3 for the term: one vote at the target is a habit too
    both = _habits(
        *[(f"x{k}", k, ("4.10.2",), ("八步结算链",)) for k in range(3)],
        ("y", 0, ("4.10.3",), ("八步结算链",)),
    )
    assert both.evidence(["八步结算链"], "4.10.3", SIBLINGS, lambda t: False, ("z", 0)) is None
    assert both.evidence(["八步结算链"], "4.10.3", SIBLINGS, lambda t: False, ("y", 0)) is not None


def test_a_term_the_cited_place_says_and_the_text_cites_nowhere_clears_it() -> None:
    # a registry row cites where an exception is, by the exception's own words (「5.3.2 夜晚免疫…」)
    says = {"夜晚免疫"}.__contains__
    assert HABITS.evidence(["夜晚免疫", "八步结算链"], "4.10.3", SIBLINGS, says, ("6.1", 40)) is None


def test_two_siblings_cited_alike_name_neither() -> None:
    tied = _habits(
        *[(f"{c}-{k}", k, (c,), ("层序",)) for c in ("2.8.2", "5.3.3") for k in range(HABIT_VOTES)]
    )
    assert tied.evidence(["层序"], "5.3.2", ["2.8.2", "5.3.3", "5.3.2"], lambda t: False, ("q", 0)) is None


@given(st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=6))
def test_evidence_needs_enough_votes_and_none_at_the_target(away: int, here: int) -> None:
    rows = [(f"u{k}", k, ("A",), ("术语",)) for k in range(away)] + [
        (f"v{k}", k, ("B",), ("术语",)) for k in range(here)
    ]
    habit = _habits(*rows).evidence(["术语"], "B", ["A", "B"], lambda t: False, ("w", 0))
    assert (habit is not None) == (away >= HABIT_VOTES and here == 0)


def test_one_citation_elsewhere_needs_the_sibling_to_be_about_the_term() -> None:
    once = _habits(("a", 0, ("4.14.2",), ("诊断",)))
    judged = ["诊断"], "4.14.3", ["4.14.2", "4.14.3"], lambda t: False, ("b", 0)
    assert once.evidence(*judged) is None
    assert once.evidence(*judged, lambda t, s: False) is None
    habit = once.evidence(*judged, lambda t, s: (t, s) == ("诊断", "4.14.2"))
    assert habit is not None and (habit.likely, habit.votes) == ("4.14.2", 1)


def test_an_item_citation_votes_for_its_clause() -> None:
    assert HABITS.votes("濒死", "z", 0)["4.10.2"] == 1


def test_votes_are_clauses_and_never_the_citing_clauses_own() -> None:
    # one clause citing 4.10.2 three times is one vote; a table citing its own rows is no evidence
    one_clause = _habits(*[("x", k, ("4.10.2",), ("八步结算链",)) for k in range(3)])
    assert one_clause.votes("八步结算链", "z", 0)["4.10.2"] == 1
    assert one_clause.evidence(["八步结算链"], "4.10.3", SIBLINGS, lambda t: False, ("z", 0)) is None
    rows = _habits(
        ("4.14.5", 1, ("4.14.3",), ("‹专属",)),
        ("4.14.5", 2, ("4.14.4",), ("‹专属",)),
        ("a", 0, ("4.14.3",), ("‹专属",)),
    )
    assert rows.evidence(["‹专属"], "4.14.2", ["4.14.3", "4.14.4"], lambda t: False, ("4.14.5", 0)) is None


def test_a_term_cited_all_over_names_no_place() -> None:
    # 「详见」 at six places once each and at 2.1 twice: 2 of 8 clauses is no habit of 2.1
    spread = [(f"c{k}", 0, (f"9.{k}",), ("‹详见",)) for k in range(6)]
    habits = _habits(*spread, ("d", 0, ("2.1",), ("‹详见",)), ("e", 0, ("2.1",), ("‹详见",)))
    assert habits.evidence(["‹详见"], "2.3", ["2.1", "2.2"], lambda t: False, ("f", 0)) is None
    focused = _habits(*spread[:2], ("d", 0, ("2.1",), ("‹详见",)), ("e", 0, ("2.1",), ("‹详见",)))
    assert focused.evidence(["‹详见"], "2.3", ["2.1", "2.2"], lambda t: False, ("f", 0)) is not None


@given(st.lists(st.tuples(st.sampled_from("abcde"), st.sampled_from(["A", "B", "C", "D"])), max_size=8))
def test_one_added_clause_moves_a_count_by_one_at_most(rows: list[tuple[str, str]]) -> None:
    habits = _habits(*[(u, k, (p,), ("术语",)) for k, (u, p) in enumerate(rows)])
    more = habits.plus(Citing("new", 0, ("A",), ("术语",)))
    before, after = habits.votes("术语", "w", 0), more.votes("术语", "w", 0)
    assert after["A"] == before["A"] + 1 and all(after[p] == before[p] for p in "BCD")
    assert more.minus(("new", 0)).votes("术语", "w", 0) == before
