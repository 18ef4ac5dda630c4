"""Family q (issue 10, citeitem20): an item citation whose item's heading denies what the citing sentence part
affirms, one sibling's heading affirming it (``lint/itemdenied.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import itemdenied, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_ZH
from ruleproof.text.model import RefKind
from tests.lint.citing import (
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
    citation_near,
)

Judged = tuple[LintContext, topics.Topics]


@pytest.mark.parametrize(
    ("clause", "before", "wrong"),
    [
        # 「⑥受沉默封锁（2.8.3③）」 (a 十关核验 gate whose checklist cites 2.8.3): ④ is 「明文豁免清单（不受封锁）」
        ("4.11.6", "受沉默封锁（", "④"),
        # 「故受沉默封锁依 2.8.3③」; ⑤ is headed 「明文不封锁」
        ("6.9.8", "故受沉默封锁依", "⑤"),
        ("7.3.8", "受沉默封锁（依", "④"),
    ],
)
def test_a_heading_denying_the_parts_word_names_the_affirming_sibling(
    judged: Judged, clause: str, before: str, wrong: str
) -> None:
    cited = citation_near(judged[1], clause, "2.8.3③", before=before)
    place, words, likely = assert_retarget_caught(
        judged, itemdenied.denied_verdict, cited, wrong, kind=itemdenied.AffirmedItem
    )
    assert isinstance(likely, itemdenied.AffirmedItem)
    assert words == [likely.word] and "封锁" in likely.word and place.name == f"2.8.3{wrong}"
    zh, _en = likely.explain(place.name, place.name, likely.word)
    assert f"「{likely.denied}」" in zh and "2.8.3③" in zh and zh.endswith(RENUMBERED_ZH)


def test_a_part_that_denies_the_word_too_is_left(judged: Judged) -> None:
    """「故不受沉默封锁（4.12.4②、2.8.3④）」 moved to ⑤ 「明文不封锁」: both deny 封锁 — nothing to tell."""
    assert_retarget_left(judged, itemdenied.denied_verdict, citation_near(judged[1], "2.1.1", "2.8.3④"), "⑤")


def test_the_texts_own_item_citations_are_silent(judged: Judged) -> None:
    """Every item citation of 返航录 at its own target: no finding — among them 4.12.5's 「⑥封锁＝依2.8.3④附，
    …故不受封锁」 (封锁 before ＝ is the gate's field name) and the citations of 2.8.3④ that deny 封锁."""
    assert_silent_at_own_targets(judged, itemdenied.denied_verdict, kinds=(RefKind.ITEM,), at_least=200)


@pytest.mark.parametrize(
    ("text", "word", "polarity"),
    [
        ("受沉默与感染抑制封锁", "封锁", (True, False)),
        ("故不受沉默封锁", "封锁", (False, True)),
        ("⑥封锁＝依附，故不受封锁", "封锁", (False, True)),
        ("执行须具行动能力，故受沉默封锁", "封锁", (True, False)),
    ],
)
def test_a_word_is_affirmed_or_denied_in_its_phrase(
    text: str, word: str, polarity: tuple[bool, bool]
) -> None:
    assert itemdenied._polarity(text, word) == polarity


def test_a_headings_denied_words() -> None:
    assert {"封锁", "受封锁"} <= itemdenied._denied_words("明文豁免清单（不受封锁）")
    assert itemdenied._denied_words("受封锁者总清单") == frozenset()
