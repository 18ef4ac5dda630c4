"""Family q (issue 10, tenth pass): an item citation whose phrase names only the cited clause's subject is read
by the citing clause's title (``lint/itemsubject.py``)."""

from __future__ import annotations

import dataclasses

import pytest

from ruleproof.lint import itemsubject, topics
from ruleproof.lint.context import LintContext
from ruleproof.text.model import RefKind


@pytest.mark.parametrize("wrong", ["⑤", "⑦"])
def test_the_citing_title_names_the_item_meant(
    judged: tuple[LintContext, topics._Topics], wrong: str
) -> None:
    """2.8.3 (「主动与被动的封锁通则」) 「变形（6.8.3⑥）…不在本清单之列」: ⑥ is headed 「封锁：」 (mutate seed 3
    cite-003 moved it to ⑦ 「不得转职：」)."""
    ctx, tp = judged
    unit = ctx.unit_by_id["2.8.3"]
    ref = next(r for r in ctx.refs_by_unit["2.8.3"] if r.raw == "6.8.3⑥")
    at = tp.locate(unit, ref)
    assert at is not None
    assert itemsubject.subject_verdict(tp, unit, at, ref) is None
    moved = dataclasses.replace(ref, target_item=wrong)
    found = itemsubject.subject_verdict(tp, unit, at, moved)
    assert found is not None and found[2].name == "6.8.3⑥" and found[1] == ["封锁"]
    assert topics.verdict(ctx, tp, unit, at, moved) is not None


def test_the_texts_own_item_citations(judged: tuple[LintContext, topics._Topics]) -> None:
    """At their own targets the item citations of the text are silent but one, 6.1.2's 「沉默（6.9.1④）」 — ⑤ of
    6.9.1 is headed 沉默 — which family q's phrase checks report already (sim_citations' own flags)."""
    ctx, tp = judged
    hits = []
    asked = 0
    for ref in ctx.doc.refs():
        unit = topics.judged_unit(ctx, ref) if ref.kind is RefKind.ITEM else None
        at = tp.locate(unit, ref) if unit is not None else None
        if unit is None or at is None:
            continue
        asked += 1
        if itemsubject.subject_verdict(tp, unit, at, ref) is not None:
            hits.append((unit.id, ref.raw))
            assert topics.verdict(ctx, tp, unit, at, ref) is not None
    assert asked >= 150
    assert hits == [("6.1.2", "6.9.1④")]
