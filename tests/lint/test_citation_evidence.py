"""Family q on the real text (issue 10): no citation is one edit away from a citation-habit finding, and a
sibling that fits the citing phrase clearly better names the intended target."""

from __future__ import annotations

import dataclasses

import pytest

from ruleproof.lint import citefit, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.habit_audit import tips
from ruleproof.text import Document
from ruleproof.text.model import Ref, RefKind


@pytest.fixture(scope="module")
def judged(fanhanglu: Document) -> tuple[LintContext, topics._Topics]:
    ctx = LintContext(fanhanglu)
    return ctx, topics._Topics(ctx)


def test_no_citation_of_the_real_text_is_one_edit_from_a_habit_finding(
    judged: tuple[LintContext, topics._Topics],
) -> None:
    """For every clause and item citation family q does not report, one citation added in another clause
    under a term of its phrase at a sibling of its target, or one citation of its target retargeted to a
    sibling, must not make it reported: the habit needs clauses, not one clause's citations, and a term
    cited all over names no place (main's rules: 8, among them 「二者独立（2.5）」 in 4.12.5, 「详见2.3」 in 4.9.1)."""
    assert tips(*judged) == []


def _citation(ctx: LintContext, clause: str, raw: str) -> Ref:
    return next(r for r in ctx.doc.refs() if r.clause == clause and r.raw == raw and r.kind is RefKind.CLAUSE)


@pytest.mark.parametrize(
    ("clause", "raw", "wrong", "terms"),
    [
        # 「击杀进化的额外出刀 5.4」: 5.4 is 击杀进化, 5.3 感染进化
        ("2.5.2", "5.4", "5.3", {"击杀进化", "额外出刀"}),
        # 「夜数上限见 1.5（99 夜）」: 1.5 is the night limit, 1.4 something else
        ("3.1", "1.5", "1.4", {"夜数上限"}),
    ],
)
def test_a_sibling_that_fits_clearly_better_is_the_likely_target(
    judged: tuple[LintContext, topics._Topics], clause: str, raw: str, wrong: str, terms: set[str]
) -> None:
    ctx, tp = judged
    ref = _citation(ctx, clause, raw)
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None
    at = tp.locate(unit, ref)
    assert at is not None
    assert topics.verdict(ctx, tp, unit, at, ref) is None  # the text's own citation: no finding
    found = citefit.sibling_margin(
        tp, unit, at, dataclasses.replace(ref, target_clause=wrong), topics._related
    )
    assert found is not None and found[1].name == raw and terms <= set(found[0])
