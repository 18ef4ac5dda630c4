"""Family q (issue 10, tenth pass): an item citation whose phrase names only the cited clause's subject is read
by the citing clause's title (``lint/itemsubject.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import itemsubject, topics
from ruleproof.lint.context import LintContext
from ruleproof.text.model import RefKind
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_near


@pytest.mark.parametrize("wrong", ["⑤", "⑦"])
def test_the_citing_title_names_the_item_meant(judged: tuple[LintContext, topics.Topics], wrong: str) -> None:
    """2.8.3 (「主动与被动的封锁通则」) 「变形（6.8.3⑥）…不在本清单之列」: ⑥ is headed 「封锁：」 (mutate seed 3
    cite-003 moved it to ⑦ 「不得转职：」)."""
    cited = citation_near(judged[1], "2.8.3", "6.8.3⑥")
    _place, terms, _likely = assert_retarget_caught(judged, itemsubject.subject_verdict, cited, wrong)
    assert terms == ["封锁"]


def test_the_texts_own_item_citations(judged: tuple[LintContext, topics.Topics]) -> None:
    """At their own targets the item citations of the text are silent but one, 6.1.2's 「沉默（6.9.1④）」 — ⑤ of
    6.9.1 is headed 沉默 — which family q's phrase checks report already (sim_citations' own flags)."""
    ctx, tp = judged
    asked = assert_silent_at_own_targets(
        judged,
        itemsubject.subject_verdict,
        kinds=(RefKind.ITEM,),
        at_least=150,
        reported=[("6.1.2", 3335, "6.9.1④")],
    )
    unit, at, ref = next(c for c in asked if c[2].line == 3335 and c[2].raw == "6.9.1④")
    assert topics.verdict(ctx, tp, unit, at, ref) is not None
