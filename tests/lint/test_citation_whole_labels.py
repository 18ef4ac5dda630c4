"""Family q (issue 10, cite12b): a citation labelled, right before it, with exactly one clause's whole title
name names that clause, even when the cited clause's title holds the name as part of its own
(``citeattach._whole_label``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citeattach, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_ZH
from ruleproof.text import Document
from tests.lint.citing import assert_retarget_caught, assert_retarget_left, citation_at, judged_topics
from tests.lint.edited import FAMILY_OR_ALL, topic_messages


@pytest.fixture(scope="module")
def judged(fanhanglu: Document) -> tuple[LintContext, topics.Topics]:
    return judged_topics(fanhanglu)


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "label"),
    [
        # 6.1.2 「含职业夜间技能、进化（5.1）、转化（5.5）」 → 5.2 破坏进化 (mutation seed 8, cite-015)
        ("6.1.2", "5.1", 3315, "5.2", "进化"),
        # 2.8.3 「、普通船员转职（4.2）、」 → 4.1 普通船员 (mutation seed 11, cite-006)
        ("2.8.3", "4.2", 931, "4.1", "普通船员转职"),
        # 6.8.3 「；刀数（5.6）属被动」: 刀数 is the title of 5.6.2, under 5.6 (mutation seed 11, cite-013)
        ("6.8.3", "5.6", 3521, "5.5", "刀数"),
        # 7.2.7 「④破坏（5.2∕6.3）」: the words before the bracket label its second id too — 6.3 破坏
        ("7.2.7", "6.3", 3985, "6.4", "破坏"),
    ],
)
def test_a_whole_title_name_before_a_retargeted_citation_names_its_clause(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str, label: str
) -> None:
    ctx, tp = judged
    ref, at = citation_at(tp, clause, raw, line)
    unit = ctx.unit_by_id[clause]
    place, terms, likely = assert_retarget_caught(
        judged, citeattach.attach_verdict, (ref, at), wrong, meant=raw, kind=citeattach.WholeLabelledPlace
    )
    assert terms == [label] and place.name == wrong
    family = [c for c in tp.children(wrong.rpartition(".")[0]) if "." in c]
    assert (
        citeattach._label_before(tp, unit.text, at, wrong, family) is None
    )  # the older label rule is silent
    assert label in tp.title_heads(likely.titled) and likely.titled in (raw, *tp.children(raw))
    zh, en = likely.explain(wrong, place.name, label)
    assert f"「{label}」" in zh and raw in zh and zh.endswith(RENUMBERED_ZH) and raw in en


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong"),
    [
        # 「外星人当夜选择击杀或破坏（6.1）」: 破坏 is 6.3's whole name, but the other part says 6.6 击杀 — the
        # bracket annotates the choice 6.1 蛰伏 is set against
        ("7.2.1", "6.1", 3869, "6.2"),
        # 「生化医师∕疫苗研究员 4.5、4.14」: the names pair with the ids in order, 疫苗研究员 is 4.14's
        ("1.1.1", "4.5", 99, "4.4"),
        # 「白天常规投票与夜晚会议（2.3.3）同制」: 夜晚会议 is 2.3.3's, but 投票 (2.3.4) is said beside it
        ("6.9.1", "2.3.3", 3613, "2.3.2"),
    ],
)
def test_words_that_also_name_another_clause_are_no_whole_label(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str
) -> None:
    ctx, tp = judged
    ref, at = citation_at(tp, clause, raw, line)
    unit = ctx.unit_by_id[clause]
    family = [c for c in tp.children(wrong.rpartition(".")[0]) if "." in c]
    heads = {h for h, _c in citeattach.family_heads(tp, family)}
    assert any(h in unit.text[max(0, at - 12) : at] for h in heads)  # a whole head stands right before the id
    assert citeattach._whole_label(tp, unit.text, at, wrong, family) is None
    assert assert_retarget_left(judged, citeattach.label_fit, (ref, at), wrong) is unit


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_whole_label(whole: bool) -> None:
    """6.1.2's 「进化（5.1）」 renumbered to 5.2 in the text: ``ruleproof lint`` reports it at 6.1.2, naming 5.1
    (family q alone in the suite, every family in the heavy job)."""
    found = topic_messages("夜间技能、进化（5.1）、", "夜间技能、进化（5.2）、", "6.1.2", whole)
    assert any("「进化」，正是 5.1 的标题名" in m for m in found), found
