"""Family q (issue 10, cite12b): a bare list of citations that repeats citations printed earlier in its clause
names the earlier sibling a renumbered member stands for (``lint/citelists.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citelists, citetext, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_ZH
from ruleproof.text import Document
from tests.lint.citing import (
    assert_retarget_caught,
    assert_silent_at_own_targets,
    citation_at,
    judged_topics,
    moved,
)
from tests.lint.edited import FAMILY_OR_ALL, topic_messages


@pytest.fixture(scope="module")
def judged(fanhanglu: Document) -> tuple[LintContext, topics.Topics]:
    return judged_topics(fanhanglu)


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong"),
    [
        # 4.10.1 「感染（3.3）与毒药（4.6.4③）…各依其本身条款（3.3、4.6.4③）结算」 (mutation seed 8, cite-011)
        ("4.10.1", "3.3", 2341, "3.2"),
        # 2.8.12 「维修者暴露（ 4.3.6）与破坏者暴露（3.2、5.2）」 after ② cites 5.2 and 3.2
        ("2.8.12", "5.2", 1119, "5.1"),
    ],
)
def test_a_list_repeating_earlier_citations_names_the_earlier_sibling(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str
) -> None:
    place, terms, likely = assert_retarget_caught(
        judged, citelists.list_verdict, (clause, raw, line), wrong, meant=raw, kind=citelists.EchoedPlace
    )
    assert terms == [raw] and place.name == wrong
    zh, en = likely.explain(wrong, place.name, raw)
    assert raw in zh and zh.endswith(RENUMBERED_ZH) and raw in en


def test_a_list_with_a_member_the_clause_never_cited_before_is_no_echo(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """3.3.10 「选择感染目标时（5.3∕5.8）」: neither member is cited earlier in 3.3.10, so the list is the clause's
    own, not a repetition — a retargeted member is left to the other checks."""
    ctx, tp = judged
    unit = ctx.unit_by_id["3.3.10"]
    ref = next(r for r in ctx.refs_by_unit["3.3.10"] if r.raw == "5.8")
    at = tp.locate(unit, ref)
    assert at is not None and citetext.in_list(unit.text, at, at + len(ref.raw))
    assert citelists.list_verdict(tp, unit, at, moved(ref, "5.7")) is None


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "part"),
    [
        # 7.2.2 「③ 被结茧护盾或工匠护甲抵挡（5.7、4.11）」: the second words, 工匠护甲, name 4.11 工匠
        ("7.2.2", "4.11", 3891, "4.12", "工匠护甲抵挡"),
        # 7.1.2 「警长∕猎手的武装识别（4.4、4.4.7⑤）」: the first words, 警长, name 4.4
        ("7.1.2", "4.4", 3783, "4.5", "警长"),
    ],
)
def test_words_paired_in_order_with_a_bracket_of_citations_name_their_clause(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str, part: str
) -> None:
    place, terms, likely = assert_retarget_caught(
        judged, citelists.list_verdict, (clause, raw, line), wrong, meant=raw, kind=citelists.PairedPlace
    )
    assert terms == [part] and place.name == wrong
    zh, en = likely.explain(wrong, place.name, part)
    assert f"「{part}」" in zh and zh.endswith(RENUMBERED_ZH) and raw in en


def test_a_bracket_with_words_of_its_own_or_another_count_of_parts_is_not_paired(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """「破坏（5.2∕6.3）」 (7.2.7): two citations for one word; 「转化（5.5，2次上限跨形态累计）」 (6.8.3): one citation, and words of its own."""
    ctx, tp = judged
    ref, at = citation_at(tp, "7.2.7", "6.3", 3985)
    unit = ctx.unit_by_id["7.2.7"]
    assert citelists.list_verdict(tp, unit, at, moved(ref, "6.4")) is None
    ref, at = citation_at(tp, "6.8.3", "5.5", 3519)
    assert citelists.list_verdict(tp, ctx.unit_by_id["6.8.3"], at, moved(ref, "5.6")) is None


def test_every_citation_of_the_text_is_silent_at_its_own_target(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    assert_silent_at_own_targets(judged, citelists.list_verdict, at_least=1000)


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_echoing_list(whole: bool) -> None:
    """4.10.1's list 「（3.3、4.6.4③）」 renumbered to 3.2 in the text: ``ruleproof lint`` reports it at 4.10.1
    (family q alone in the suite, every family in the heavy job)."""
    found = topic_messages("（3.3、4.6.4③）结算", "（3.2、4.6.4③）结算", "4.10.1", whole)
    assert any("唯 3.2 前文未引" in m and "3.3" in m for m in found), found
