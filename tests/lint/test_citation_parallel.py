"""Family q (issue 10, citeback19): the same phrase printed before a sibling's citation in other clauses
(``lint/citeparallel.py``) — the book's set phrases as evidence of where a citation was meant to point."""

from __future__ import annotations

import pytest

from ruleproof.lint import citeparallel, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_near, moved
from tests.lint.edited import FAMILY_OR_ALL, topic_messages, unedited_text

# ``judged``: tests/lint/conftest.py's session fixture (the rule reads the per-lint habit map only)


@pytest.mark.parametrize(
    ("clause", "raw", "before", "wrong", "phrase", "voters"),
    [
        # 「外星人蛰伏查验（6.1.1）」 in five units: 6.1.2 says 蛰伏查验 too, so the book-habit rule's veto holds
        (
            "4.1",
            "6.1.1",
            "外星人蛰伏查验（",
            "6.1.2",
            "外星人蛰伏查验",
            ("2.8.1", "7.3.0", "7.3.2", "附录一"),
        ),
        (
            "附录一",
            "6.1.1",
            "外星人蛰伏查验（",
            "6.1.2",
            "外星人蛰伏查验",
            ("2.8.1", "4.1", "7.3.0", "7.3.2"),
        ),
        # a list printed alike in three clauses: 「明文新增行动位并同步 2.1.1 与 2.1.6」
        ("4.4.9", "2.1.1", "明文新增行动位并同步", "2.1.2", "明文新增行动位并同步", ("2.8.6", "4.2.1")),
        # an item citation under a gate of a ten-gate line: the checklist cites 2.8.3, not which item
        ("4.14.8", "2.8.3③", "感染抑制封锁（", "④", "受沉默与感染抑制封锁", ("4.3.1", "4.4.9", "5.7")),
    ],
)
def test_the_sibling_other_clauses_cite_after_the_phrase_is_named(
    judged: tuple[LintContext, topics.Topics],
    clause: str,
    raw: str,
    before: str,
    wrong: str,
    phrase: str,
    voters: tuple[str, ...],
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before)
    place, words, likely = assert_retarget_caught(
        judged, citeparallel.parallel_verdict, cited, wrong, kind=citeparallel.ParallelPlace
    )
    assert isinstance(likely, citeparallel.ParallelPlace)
    assert words == [phrase] and likely.phrase == phrase and likely.clauses == voters
    zh, en = likely.explain(raw, place.name, phrase)
    assert f"「{phrase}」" in zh and likely.name in zh and place.name in zh and "、".join(voters) in zh
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)


def test_the_texts_own_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every clause and item citation of the text at its own target: no finding — among them 6.8.2's 「死囚外星人
    依 6.8.1」 and 7.3.0's 「死囚外星人依 6.8.3」 (voters of the cited family are left out), 附录一's 「不受沉默封锁
    （4.12.1）」 (2.1.1's 「不受沉默封锁（4.12.4②、2.8.3④）」 opens a list: no vote for a single citation)."""
    asked = assert_silent_at_own_targets(judged, citeparallel.parallel_verdict, at_least=1300)
    _ctx, tp = judged
    phrased = 0
    for unit, at, _ref in asked:
        key = topics.run_before(unit.text, at)
        phrased += key is not None and len(tp.habits.filed(key)) > 0
    assert phrased >= 500, phrased  # most citations have words before them the map files


def test_a_voter_of_the_cited_family_is_no_evidence(judged: tuple[LintContext, topics.Topics]) -> None:
    """6.8.2's 「死囚外星人依 6.8.1」 pointed at 6.8.3, as 7.3.0 cites after the same words: 6.8.2 is of the cited
    family, whose members all speak of 死囚外星人 — silent."""
    ctx, tp = judged
    ref, at = citation_near(tp, "6.8.2", "6.8.1", before="死囚外星人依")
    unit = ctx.unit_by_id["6.8.2"]
    assert citeparallel.parallel_fit(tp, unit, at, ref) is None
    assert citeparallel.parallel_fit(tp, unit, at, moved(ref, "6.8.3")) is None


@pytest.mark.parametrize(
    ("a", "b", "shared"),
    [
        ("故受沉默与感染抑制封锁", "接种均受沉默与感染抑制封锁", "受沉默与感染抑制封锁"),
        ("故不受沉默封锁", "⑥受沉默封锁", ""),  # a negation right before the shared words: the opposite
        ("不受沉默封锁", "故不受沉默封锁", "不受沉默封锁"),  # the negation shared: the same statement
        ("按目标之真实阵营计", "出局揭示依", ""),
    ],
)
def test_shared_phrase(a: str, b: str, shared: str) -> None:
    assert citeparallel.shared_phrase(a, b) == shared
    assert citeparallel.shared_phrase(b, a) == shared


@pytest.mark.parametrize(
    ("text", "raw", "phrase"),
    [
        ("；③外星人自我治疗（6.5，口径同②）", "6.5", "外星人自我治疗"),
        ("明文新增行动位并同步 2.1.1 与 2.1.6", "2.1.1", "明文新增行动位并同步"),
        ("（见 7.0）", "7.0", "见"),
        ("2.1.1、2.8.3④", "2.8.3④", ""),
    ],
)
def test_glued_phrase(text: str, raw: str, phrase: str) -> None:
    assert citeparallel.glued_phrase(text, text.index(raw)) == phrase


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_phrases_place(whole: bool) -> None:
    """4.1's 「外星人蛰伏查验（6.1.1）」 renumbered to 6.1.2 in the text: ``ruleproof lint`` reports it at 4.1, naming
    6.1.1 and the phrase (family q alone in the suite, every family in the heavy job)."""
    text = unedited_text()
    old = "验（6.1.1）、暴露与"  # (a line break splits 4.1's 「蛰伏查\n\n验」; 附录一 prints 「、暴露公告」)
    assert text.count(old) == 1
    found = topic_messages(old, old.replace("6.1.1", "6.1.2"), "4.1", whole)
    assert any("「外星人蛰伏查验」" in m and "6.1.1" in m for m in found), found
