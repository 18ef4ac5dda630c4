"""No citation of the real text is one edit away from a citation-habit finding (issue 10, family q)."""

from __future__ import annotations

from ruleproof.lint import topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.habit_audit import tips
from ruleproof.text import Document


def test_no_citation_of_the_real_text_is_one_edit_from_a_habit_finding(fanhanglu: Document) -> None:
    """For every clause and item citation family q does not report, one citation added in another clause
    under a term of its phrase at a sibling of its target, or one citation of its target retargeted to a
    sibling, must not make it reported: the habit needs clauses, not one clause's citations, and a term
    cited all over names no place (before: 「二者独立（2.5）」 in 4.12.5, 「详见2.3」 in 4.9.1 and two more)."""
    ctx = LintContext(fanhanglu)
    assert tips(ctx, topics._Topics(ctx)) == []
