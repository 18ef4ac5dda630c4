"""Family q (issue 10, judge14b): a citation judged by the text's own consistency — a sub-label the cited
clause does not head, lists of one clause that share members, a clause's summary of what its items apply,
a glossary entry that restates a sibling, parallel rows that follow their siblings' order
(``lint/citeconsistency.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ruleproof.lint import citeconsistency as cc
from ruleproof.lint import topics
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.text.model import Ref, RefKind
from tests.lint.citing import (
    Found,
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
    citation_at,
    citation_near,
    own_citations,
)

Judged = tuple[LintContext, topics.Topics]
Rule = Callable[[topics.Topics, Unit, int, Ref], Found | None]


def _worded(found: Found, wrong: str, *needles: str, signal: str = "") -> str:
    """The finding's Chinese words (framed as every citation finding is), which quote ``needles``; the
    evidence that found it is ``signal``."""
    place, _terms, likely = found
    assert isinstance(likely, cc.ConsistentPlace) and likely.signal == signal
    zh, en = likely.explain(wrong, place.name, "")
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)
    assert all(n in zh for n in needles), zh
    return zh


def _glossary_citation(tp: topics.Topics, raw: str, line: int) -> tuple[Ref, int]:
    unit = tp.ctx.unit_by_id["附录一"]
    ref = next(r for r in tp.ctx.refs_by_unit["附录一"] if r.raw == raw and r.line == line)
    at = tp.locate(unit, ref)
    assert at is not None
    return ref, at


@pytest.mark.parametrize(
    ("rule", "kinds", "at_least"),
    [
        (cc.sublabel_evidence, (RefKind.ITEM,), 200),
        (cc.colist_evidence, (RefKind.CLAUSE, RefKind.ITEM), 1400),
        (cc.summary_evidence, (RefKind.CLAUSE, RefKind.ITEM), 1400),
        (cc.glossary_evidence, (RefKind.CLAUSE,), 1000),
        (cc.order_evidence, (RefKind.CLAUSE, RefKind.ITEM), 1400),
        (cc.rows_evidence, (RefKind.CLAUSE, RefKind.ITEM), 1400),
    ],
)
def test_silent_at_the_texts_own_targets(
    judged: Judged, rule: Rule, kinds: tuple[RefKind, ...], at_least: int
) -> None:
    assert_silent_at_own_targets(judged, rule, kinds=kinds, at_least=at_least)


@pytest.mark.parametrize(
    ("clause", "line"),
    [
        ("4.12.5", 2643),  # 「依2.8.3④附为时序确认，非例外，无须登记」 (judge13: cite seed 61, cite-012)
        ("6.8.7", 3589),  # 「变形不受沉默封锁（依2.8.3④附，位于覆盖期之前…）」
        ("4.13.7", 2757),  # 「依 2.8.3④附登记（时序结果，非豁免）」
    ],
)
def test_a_sub_label_only_one_item_heads_names_that_item(judged: Judged, clause: str, line: int) -> None:
    """2.8.3 heads 「④附·时序确认」 and no other 附: 「2.8.3⑤附」 cites an appendix that does not exist."""
    cited = citation_at(judged[1], clause, "2.8.3④", line)
    found = assert_retarget_caught(judged, cc.sublabel_evidence, cited, "⑤", kind=cc.ConsistentPlace)
    assert found[1] == ["⑤附"] and found[0].name == "2.8.3⑤"
    _worded(found, "2.8.3⑤", "「2.8.3⑤附」", "2.8.3④", signal="sublabel")


def test_an_item_citation_without_a_sub_label_is_not_judged_by_it(judged: Judged) -> None:
    """「依2.8.2⑥」 is followed by no 附: the sub-label evidence says nothing, whatever the item."""
    assert_retarget_left(judged, cc.sublabel_evidence, ("4.3.1", "2.8.2⑥", 1635), "⑦")


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "other"),
    [
        # 4.12.5 repeats 「并同步 2.1.1 与2.1.6」 for each new action slot (judge13: cite seed 60, cite-009)
        ("4.12.5", "2.1.1", 2633, "2.1.2", "2.1.6"),
        # 4.10.1 「各依其本身条款（3.3、4.6.4③）」, then 「各依 3.3、5.3.3、2.8.2⑨与 4.6.4③」 (cite seed 60, -008)
        ("4.10.1", "3.3", 2343, "3.2", "4.6.4③"),
        # an item of the shared list: 4.6.4③ → ④ while the other list of 4.10.1 keeps ③
        ("4.10.1", "4.6.4③", 2345, "④", "3.3"),
    ],
)
def test_a_list_sharing_members_with_another_list_of_the_clause_names_its_sibling(
    judged: Judged, clause: str, raw: str, line: int, wrong: str, other: str
) -> None:
    found = assert_retarget_caught(
        judged, cc.colist_evidence, (clause, raw, line), wrong, kind=cc.ConsistentPlace
    )
    assert other in found[1]
    _worded(found, found[0].name, raw, "同引一处", signal="colist")


def test_a_list_sharing_nothing_with_another_list_of_its_clause_is_its_own(judged: Judged) -> None:
    """3.3.10 「选择感染目标时（5.3∕5.8）」: no other list of 3.3.10 shares a member with it, so a retargeted
    member is left to the other checks."""
    assert_retarget_left(judged, cc.colist_evidence, citation_near(judged[1], "3.3.10", "5.8"), "5.7")


def topics_own(judged: Judged) -> list[tuple[Unit, int, Ref]]:
    return list(own_citations(*judged))


def test_an_item_citation_outside_the_summary_names_the_summed_up_sibling(judged: Judged) -> None:
    """4.4.9 ⑨ 「其余各款均为对 2.5∕2.8.3∕2.8.7 的〔适用〕」: 2.5 is cited by one item only (「全局 2 个夜晚（2.5）」,
    judge13: cite seed 61, cite-010); retargeted to 2.4, the summary names 2.5 that nothing else cites."""
    cited = citation_near(judged[1], "4.4.9", "2.5", before="全局 2 个夜晚（")
    found = assert_retarget_caught(judged, cc.summary_evidence, cited, "2.4", kind=cc.ConsistentPlace)
    _worded(found, "2.4", "2.5∕2.8.3∕2.8.7".replace("∕", "、"), "不在总括之列", signal="summary")


def test_a_summary_member_no_item_cites_names_the_cited_sibling(judged: Judged) -> None:
    """The same summary's 2.5 retargeted to 2.4: the items cite 2.5, which the summary now leaves out."""
    cited = citation_near(judged[1], "4.4.9", "2.5", before="均为对")
    found = assert_retarget_caught(judged, cc.summary_evidence, cited, "2.4", kind=cc.ConsistentPlace)
    _worded(found, "2.4", "无一款引用", "不在总括之列", signal="summary")


def test_a_one_citation_summary_of_an_item_names_the_item_the_clause_cites(judged: Judged) -> None:
    """4.3.1 ⑨ 「各款皆为对 2.8.2⑥ 之〔适用〕」 while the clause cites 2.8.2⑥ three times and ⑦ never."""
    cited = citation_near(judged[1], "4.3.1", "2.8.2⑥", before="各款皆为对")
    assert_retarget_caught(judged, cc.summary_evidence, cited, "⑦", kind=cc.ConsistentPlace)


def test_a_summary_that_is_not_a_full_list_names_nothing(judged: Judged) -> None:
    """4.4.9's items cite 2.8.2, 2.8.6 and 2.8.9, none summed up: the summary does not list the family, so
    an item's 2.8.x retargeted is not judged by it (2.8.3, which the summary names, is cited by no item)."""
    assert_retarget_left(judged, cc.summary_evidence, ("4.4.9", "2.8.6", 1885), "2.8.5")


@pytest.mark.parametrize(
    ("raw", "line", "wrong"),
    [
        # 「抵免层 …按「全额减免…→工匠护甲」逐层消耗，每层各抵挡 1 次（5.3.3）」 (mutation seed 108, cite-016)
        ("5.3.3", 4161, "5.3.2"),
        ("4.13.3", 4145, "4.13.2"),
        ("4.14", 4147, "4.13"),
    ],
)
def test_a_glossary_entry_restating_a_sibling_names_it(
    judged: Judged, raw: str, line: int, wrong: str
) -> None:
    cited = _glossary_citation(judged[1], raw, line)
    found = assert_retarget_caught(judged, cc.glossary_evidence, cited, wrong, kind=cc.ConsistentPlace)
    assert len(found[1]) >= cc.GLOSS_MIN
    _worded(found, wrong, "术语表", raw, signal="glossary")


def test_a_glossary_citation_inside_an_entry_is_not_its_close(judged: Judged) -> None:
    """「与抵挡层序（2.8.2∕5.3.3）、额度…」 is followed by a mark: inside the entry 产出效力修正, whose words are
    2.8.13's — its citation of 2.8.2 is not the entry's own."""
    cited = _glossary_citation(judged[1], "2.8.2", 4243)
    assert assert_retarget_left(judged, cc.glossary_evidence, cited, "2.8.3").id == "附录一"


@pytest.mark.parametrize("wrong", ["4.14.2", "4.14.4"])
def test_parallel_rows_out_of_order_name_the_missing_sibling(judged: Judged, wrong: str) -> None:
    """4.14.5's rows 「诊断 专属（4.14.2）…研制 专属（4.14.3）…接种 专属（4.14.4）」 (mutation seed 110, cite-013)."""
    cited = ("4.14.5", "4.14.3", 2855)
    found = assert_retarget_caught(judged, cc.order_evidence, cited, wrong, kind=cc.ConsistentPlace)
    assert found[1] == ["4.14.2", "4.14.3", "4.14.4"]
    _worded(found, wrong, "4.14.3", "全条未引", signal="order")


def test_rows_that_are_not_parallel_keep_their_order_to_themselves(judged: Judged) -> None:
    """7.2.5 cites 4.8.1, 4.8.3, 4.8.3 with different words before each: a text may skip a sibling on
    purpose, so without parallel rows the order says nothing."""
    ctx, tp = judged
    unit = ctx.unit_by_id["7.2.5"]
    for u, at, ref in topics_own(judged):
        if u.id == "7.2.5" and ref.target_clause == "4.8.3":
            assert cc.order_evidence(tp, unit, at, ref) is None


@pytest.mark.parametrize("line", [4373, 4375])
def test_rows_of_one_wording_citing_one_place_name_it(judged: Judged, line: int) -> None:
    """附录三's step table: 「5 外星人击杀∕双刀 无（7.2.2 私人反馈）6 …枪击 无（7.2.2 私人反馈）7 …」 — three
    rows worded alike cite 7.2.2 (mutation seed 111, cite-020, was one of them retargeted to 7.2.1)."""
    ctx, tp = judged
    ref = next(r for r in ctx.refs_by_unit["附录三"] if r.raw == "7.2.2" and r.line == line)
    at = tp.locate(ctx.unit_by_id["附录三"], ref)
    assert at is not None
    found = assert_retarget_caught(judged, cc.rows_evidence, (ref, at), "7.2.1", kind=cc.ConsistentPlace)
    assert found[1] == ["无（…私人反"]
    _worded(found, "7.2.1", "7.2.2", "另外 2 行", signal="rows")


def test_rows_of_one_wording_citing_different_places_name_nothing(judged: Judged) -> None:
    """4.14.5's rows 「专属（4.14.2）⸺每夜」「专属（4.14.3）⸺每夜」 are worded alike but cite two places: no
    one place is the rows' statement."""
    assert_retarget_left(judged, cc.rows_evidence, ("4.14.5", "4.14.4", 2859), "4.14.5")
