"""The habit audit sees every reader of the citation-habit map (issue 10): a rule of family q that reads the
map its own way — not through the habit rule — cannot be made to report an unedited citation by one edit
elsewhere without the audit naming it (judge14a's weighing of habits did so on a development seed while the
audit, which asked the habit rule only, stayed 0)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from ruleproof.lint import habit_audit, topics
from ruleproof.lint.citehabits import CitationHabits, RecordingHabits
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.topics import Place, habit_places
from ruleproof.text.model import Ref

Judged = tuple[LintContext, topics.Topics]


@pytest.fixture
def judged(judged_plain: Judged) -> Judged:
    return judged_plain  # the text alone, as ``lint`` runs it (tests/lint/conftest.py)


def _counting_reader(
    tp: topics.Topics, unit: Unit, at: int, ref: Ref
) -> tuple[Place, list[str], Place] | None:
    """A rule reading the map otherwise than the habit rule: two other clauses citing one sibling for a term of
    the phrase, none the cited place — no share, no 'the cited place says it' guard."""
    place = tp.target(ref)[0]
    if place is None:
        return None
    others = habit_places(tp, ref, place)[1]
    for term in tp.habit_terms(unit, at, ref.raw):
        votes = tp.habits.other_clauses(term, unit.id)
        if votes.get(place.name):
            continue
        best = max(((votes[s], s) for s in others if s != place.name), default=(0, ""))
        if best[0] >= 2:
            return place, [term], others[best[1]]
    return None


@pytest.fixture
def with_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(topics, "_CHAIN", (*topics._CHAIN, (topics.CLAUSE_OR_ITEM, _counting_reader)))


def _edits_of(tp: topics.Topics, unit: Unit, at: int, ref: Ref) -> list[tuple[str, CitationHabits]]:
    place = tp.target(ref)[0]
    assert place is not None
    terms = set(tp.habit_terms(unit, at, ref.raw))
    siblings = [s for s in habit_places(tp, ref, place)[1] if s != place.name]
    movers = [
        c
        for c in tp.habits.sites()
        if place.name in c.places and (c.unit, c.at) != (unit.id, at) and terms & set(c.terms)
    ]
    return list(habit_audit._edits(tp.habits, terms, siblings, movers, ref))


def _habit_rule_with(tp: topics.Topics, habits: CitationHabits, unit: Unit, at: int, ref: Ref) -> object:
    base = tp.habits
    vars(tp)["habits"] = habits
    try:
        place = tp.target(ref)[0]
        assert place is not None
        return topics.habit_fit(tp, unit, at, ref, place)
    finally:
        vars(tp)["habits"] = base


@pytest.mark.usefixtures("with_reader")
def test_a_rule_reading_the_map_its_own_way_is_audited(judged: Judged) -> None:
    """With the counting reader in the chain, the audit names citations one added citation would report —
    and for at least one of them the habit rule stays silent under every edit the audit makes: the audit of
    stop 33, which ran the verdict only where the habit rule spoke, could not have seen it."""
    ctx, tp = judged
    tipped = habit_audit.tips(ctx, tp, sample=slice(0, None, 6))
    assert tipped
    where = {(u.id, r.line, r.raw): (u, at, r) for u, at, r, _self in habit_audit._judged(ctx, tp)}
    unseen = []
    for tip in tipped:
        unit, at, ref = where[(tip.unit, tip.line, tip.raw)]
        if all(_habit_rule_with(tp, m, unit, at, ref) is None for _what, m in _edits_of(tp, unit, at, ref)):
            unseen.append(tip)
    assert unseen, "every tip was one the habit rule itself would speak on: the test shows nothing new"


@pytest.mark.usefixtures("with_reader")
def test_an_edit_skipped_for_the_same_answers_leaves_the_verdict_as_it_was(judged: Judged) -> None:
    """The audit's shortcut is exact: an edited map answering every question the verdict asked as before gives
    the verdict it gave — checked by running the whole verdict anyway, for every edit of every tenth
    citation, with both the habit rule and the counting reader asking."""
    ctx, tp = judged
    skipped = 0
    for unit, at, ref, self_cite in list(habit_audit._judged(ctx, tp))[::10]:
        if tp.target(ref)[0] is None:
            continue
        recording = tp.habits.recording()
        before = habit_audit._judge_with(ctx, tp, recording, unit, at, ref, self_cite)
        for _what, habits in _edits_of(tp, unit, at, ref):
            if habit_audit._same_answers(habits, recording.log):
                skipped += 1
                assert habit_audit._judge_with(ctx, tp, habits, unit, at, ref, self_cite) == before
    assert skipped > 100


def test_the_recording_map_writes_down_every_question_a_reader_can_ask() -> None:
    """Every public question of the map is one :class:`RecordingHabits` writes down, or is built of them
    (``evidence``; ``plus``/``minus``/``recording`` make new maps): a question added later unrecorded fails
    here."""
    built_of_others = {"evidence", "plus", "minus", "recording"}
    public = {n for n, _f in inspect.getmembers(CitationHabits, inspect.isfunction) if not n.startswith("_")}
    recorded = {n for n in vars(RecordingHabits) if not n.startswith("_")}
    assert public - built_of_others == recorded


def test_no_module_reads_the_map_behind_its_questions() -> None:
    """Outside citehabits, no module of the linter (the audit included) reads the map's filing (``_sites``,
    ``_by_site``) or builds a map of its own: every reader asks ``Topics.habits``, the map the audit edits."""
    lint = Path(topics.__file__).parent
    offenders = []
    for path in sorted(lint.glob("*.py")):
        if path.name == "citehabits.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("_sites", "_by_site"):
                offenders.append(f"{path.name}:{node.lineno} .{node.attr}")
            called = isinstance(node, ast.Call) and getattr(node.func, "id", "") == "CitationHabits"
            if called and path.name != "topics.py":
                offenders.append(f"{path.name}:{node.lineno} CitationHabits(…)")
    assert offenders == []
