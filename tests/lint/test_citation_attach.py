"""Family q (issue 10, cite11a): what the text prints beside a citation — a registry pointer, a title label, an
appended part 「附」 — names the place it means (``lint/citeattach.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citeattach, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_ZH
from tests.lint.citing import (
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
    citation_at,
)
from tests.lint.edited import FAMILY_OR_ALL, topic_messages


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "kind", "evidence"),
    [
        # 「依 2.8.7 明文授予（登记于 2.8.9⑥）」: entry ⑥ registers 2.8.7
        ("4.9.7", "2.8.7", 2285, "2.8.6", citeattach.PointedPlace, "2.8.9⑥"),
        # 「依 2.8.12④（〔通则2.8.12①之例外，登记于 2.8.9(17)〕）」: (17) registers 2.8.12④
        ("4.3.6", "2.8.12④", 1709, "⑤", citeattach.PointedPlace, "2.8.9(17)"),
        # 「不走 4.10.2 八步结算链」: a denial still names the place by its title
        ("4.10.1", "4.10.2", 2341, "4.10.3", citeattach.LabelledPlace, "八步结算链"),
        # 「依2.5.2可少于上限」
        ("4.14.4", "2.5.2", 2825, "2.5.1", citeattach.LabelledPlace, "可少于上限"),
        # 「外星人夜晚免疫（6.4）」: the label before a bracket
        ("5.3.2", "6.4", 2993, "6.3", citeattach.LabelledPlace, "夜晚免疫"),
        # 「工匠护甲（4.11）」: the words before the bracket name one clause of 4.x, 4.11 工匠
        ("4.4.8", "4.11", 1875, "4.10", citeattach.LabelledPlace, "工匠"),
        # 「详依 2.3.4 附」: 2.3.4's part is a heading of its own, 「2.3.4 附·票数公开」
        ("2.1.7", "2.3.4", 539, "2.3.3", citeattach.PartedPlace, "附"),
        # 「读取依 2.8.3④附不受沉默与感染抑制封锁」: ④ prints 「④附·时序确认」
        ("4.12.4", "2.8.3④", 2621, "⑤", citeattach.PartedPlace, "附"),
    ],
)
def test_what_the_text_prints_beside_a_retargeted_citation_names_its_place(
    judged: tuple[LintContext, topics.Topics],
    clause: str,
    raw: str,
    line: int,
    wrong: str,
    kind: type[topics.ExplainedPlace],
    evidence: str,
) -> None:
    place, terms, likely = assert_retarget_caught(
        judged, citeattach.attach_verdict, (clause, raw, line), wrong, kind=kind
    )
    assert terms == [evidence] and place.name != likely.name
    zh, en = likely.explain(raw, place.name, evidence)
    assert likely.name in zh and RENUMBERED_ZH in zh and likely.name in en


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong"),
    [
        # 「外星人当夜选择击杀或破坏（6.1）」: the phrase ends on 6.3 破坏 but names 6.6 击杀 too — it is what
        # 6.1 is set against, not a label (the lost cite10b named 6.3 here on mutation seed 8)
        ("7.2.1", "6.1", 3869, "6.2"),
        # 「即开局讨论（2.3.1）」: 讨论 is 2.3.4's head and part of 2.3.1's 开局公开讨论
        ("2.3.0", "2.3.1", 571, "2.3.2"),
        # 「(16) 4.12.2 窃听报告…」: 窃听 (4.12.1) runs on into 报告 (4.12.2)
        ("2.8.9", "4.12.2", 1053, "4.12.3"),
        # 「与普通乔装同制（7.3.3）」: compared with 7.3.0's 普通乔装, not labelled by it
        ("7.3.2", "7.3.3", 4087, "7.3.4"),
    ],
)
def test_words_that_name_two_places_are_no_label(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str
) -> None:
    ctx, tp = judged
    ref, at = citation_at(tp, clause, raw, line)
    unit = ctx.unit_by_id[clause]
    heads = citeattach.family_heads(tp, [c for c in tp.children(wrong.rpartition(".")[0]) if "." in c])
    touching = unit.text[max(0, at - 8) : at + len(raw) + 8]
    assert any(h in touching and c != ref.target_clause for h, c in heads)  # a sibling's head touches the id
    assert assert_retarget_left(judged, citeattach.label_fit, (ref, at), wrong) is unit


def test_every_citation_of_the_text_is_silent_at_its_own_target(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    assert_silent_at_own_targets(judged, citeattach.attach_verdict, at_least=1000)


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_renumbered_part(whole: bool) -> None:
    """2.1.7's 「详依 2.3.4 附」 renumbered to 2.3.3 in the text: ``ruleproof lint`` reports it at 2.1.7,
    naming 2.3.4 and its part (family q alone in the suite, every family in the heavy job)."""
    found = topic_messages("详依 2.3.4 附", "详依 2.3.3 附", "2.1.7", whole)
    assert any("2.3.3 并无附项；2.3.4 才有" in m for m in found), found
