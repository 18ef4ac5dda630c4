"""(q) The book's own habit for the words printed right before a citation: the same words cite another id.

A rulebook prints the same governing words before its citations again and again — 「须经侦探查验（4.7.1）」 in
five clauses.  The habit map (:mod:`ruleproof.lint.citehabits`) files every clause and item citation under
the ``RUN_WORDS`` characters printed right before it (:meth:`topics.Topics.habit_terms`, marked apart from
the vocabulary's terms and the two-character lead word).  A citation is reported, naming the sibling, when

- no other citation of the text prints these words before the cited place (the pairing would be a habit
  too), and the cited place (with its titles) does not print them itself;
- of the cited place's siblings exactly ONE is cited after these words elsewhere, by at least
  ``RUN_VOTES`` clauses other than the citing one, and those are at least half of the clauses printing the
  words before any citation (words printed before ids all over — 「的规定」 — name no place);
- the sibling is not of the citing clause's own family, and family q's guards hold
  (:func:`headwords.guarded`: comparison, denial, number pair, gate, list).

The evidence is the text's other citations, so an edit elsewhere changes it: the habit audit
(:mod:`ruleproof.lint.habit_audit`) records what this rule asks of the map and judges every edit that
changes an answer; it must stay 0.  Measured on 返航录 v1preview1.0: docs/lint.md, family q, "Fourteenth
pass — habits".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruleproof.lint.citetext import related, squash
from ruleproof.lint.headwords import guarded
from ruleproof.lint.topics import RUN_MARK, HabitualPlace, habit_places, run_before

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

RUN_VOTES = 3  # other clauses printing the words before the one sibling


def book_habit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The words before the citation and the one sibling the book cites after them (see the module)."""
    key = run_before(unit.text, at)  # (as :meth:`topics.Topics.habit_terms` files it)
    place = topics.target(ref)[0]
    if key is None or place is None:
        return None
    site, habits = (unit.id, at), topics.habits
    if not habits.cited_by(key, unit.id, RUN_VOTES) or habits.cited_at(key, place.name, site):
        return None  # (most citations: the words are printed before few other ids, or before this one)
    votes = habits.other_clauses(key, unit.id)
    said, others = habit_places(topics, ref, place)
    cited = [(votes[s], s) for s in others if s != place.name and votes[s] and not related(s, unit.id)]
    if len(cited) != 1 or cited[0][0] < RUN_VOTES or 2 * cited[0][0] < habits.clauses_citing(key, unit.id):
        return None
    words = key.removeprefix(RUN_MARK)
    if words in said or words in squash(topics.places.clause_text(ref.target_clause or "")):
        return None  # the cited place prints the words itself
    likely = others[cited[0][1]]
    text = likely.text or topics.places.clause_text(likely.name)
    return [words], HabitualPlace(likely.name, text, cited[0][0])


def book_habit_verdict(
    topics: Topics, unit: Unit, at: int, ref: Ref
) -> tuple[Place, list[str], Place] | None:
    """:func:`book_habit` under family q's guards."""
    return guarded(topics, unit, at, ref, book_habit(topics, unit, at, ref))
