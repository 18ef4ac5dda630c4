"""Family q (issue 10, citecarry19): the subject said nearby (``lint/citecarry.py``) — carried from the part
before a citation's own when that part names nothing, and a glued term's head among sub-clause titles."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ruleproof.lint import citecarry, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from tests.lint.citing import (
    assert_retarget_caught,
    assert_silent_at_own_targets,
    citation_near,
    family_q_reports,
    moved,
)
from tests.lint.edited import FAMILY_OR_ALL, topic_messages, unedited_text

# ``judged``: tests/lint/conftest.py's session fixture (the rules memoise only per-lint tables, read-only)


@pytest.mark.parametrize(
    ("clause", "raw", "before", "wrong", "word"),
    [
        # 「⑤胜负：逃亡生效即判外星人次胜；对局继续，依 1.2.5」: 1.2.5 「逃亡（次胜）与对局继续」, two parts back
        ("6.9.4", "1.2.5", "对局继续，依", "1.2.4", "逃亡"),
        # 「（步骤 11 已冻结，依1.4）」: the bracket's part before; 冻结 is a title word of 1.4's family only
        ("3.2.5", "1.4", "已冻结，依", "1.5", "冻结"),
        # 「⑧ 悬赏以该目标于步骤 9 实际死亡为准，详见 4.4」: 4.4.2 「悬赏（子弹回复）」
        ("4.10.2", "4.4", "实际死亡为准，详见", "4.3", "悬赏"),
    ],
)
def test_the_part_before_lends_its_subject(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, before: str, wrong: str, word: str
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before)
    place, words, likely = assert_retarget_caught(
        judged, citecarry.carried_verdict, cited, wrong, kind=citecarry.CarriedPlace
    )
    assert isinstance(likely, citecarry.CarriedPlace)
    assert place.name == wrong and words == [word] and likely.word == word
    zh, en = likely.explain(wrong, place.name, word)
    assert zh.startswith(f"引用 {wrong}：") and "其前句段" in zh and f"「{word}」" in zh
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)


@pytest.mark.parametrize(
    ("clause", "raw", "before", "wrong", "head"),
    [
        # 「现行声明：抗体（4.5）」: 4.5 「生化医师」 lacks 抗体, its sub-clause 4.5.3 「抗体触发感知」 holds it
        ("2.8.2", "4.5", "现行声明：抗体（", "4.6", "抗体"),
        # 「第一层抗体（4.5，感染侧专属）」: the bracket goes on after a comma and still annotates the term
        ("5.3.3", "4.5", "第一层抗体（", "4.6", "抗体"),
        # 「②沉默（6.1）」: 6.1.2 「沉默机制（蛰伏专属）」
        ("7.0", "6.1", "②沉默（", "6.2", "沉默"),
    ],
)
def test_a_glued_term_is_named_by_a_sub_clause_title(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, before: str, wrong: str, head: str
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before)
    place, words, likely = assert_retarget_caught(
        judged, citecarry.family_titled_verdict, cited, wrong, kind=citecarry.SubtitledPlace
    )
    assert isinstance(likely, citecarry.SubtitledPlace)
    assert place.name == wrong and words == [head] and head in likely.title
    assert likely.title in {c.title for c in judged[0].doc.clauses.values()}


def test_a_shared_head_is_told_by_its_modifier(judged: tuple[LintContext, topics.Topics]) -> None:
    """「①已处于决斗时刻（1.4.2）」 renumbered to 1.4.1 「寂灭时刻」: both titles hold the head 时刻, only 1.4.2's prints
    决斗时刻 (1.4.3's own title 「僵局判定【仅适用于决斗时刻…】」 is the citing family's and does not count)."""
    cited = citation_near(judged[1], "1.4.3", "1.4.2", before="已处于决斗时刻（")
    place, words, likely = assert_retarget_caught(
        judged, citecarry.family_titled_verdict, cited, "1.4.1", kind=citecarry.SubtitledPlace
    )
    assert place.name == "1.4.1" and words == ["决斗时刻"] and likely.name == "1.4.2"


@pytest.mark.parametrize(
    ("clause", "raw", "before", "wrong", "word", "other"),
    [
        # 「…不适用于 2.8.2 伤害…层序…」: 层序 (2.8.2's titles) and 伤害 (2.8.4's); 2.8.1 says neither
        ("2.8.13", "2.8.2", "仅适用于产出效力修正，不适用于", "2.8.1", "层序", "伤害"),
        # 「例外之完整口径与「自我治疗不属生路」依 3.3.6」: 生路 (3.3.6) and 口径 (3.3.7); 3.3.5 says neither
        ("1.4.1.3", "3.3.6", "自我治疗不属生路」依", "3.3.5", "生路", "口径"),
    ],
)
def test_a_part_naming_two_siblings(
    judged: tuple[LintContext, topics.Topics],
    clause: str,
    raw: str,
    before: str,
    wrong: str,
    word: str,
    other: str,
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before)
    place, words, likely = assert_retarget_caught(
        judged, citecarry.pair_verdict, cited, wrong, kind=citecarry.PairPlace
    )
    assert isinstance(likely, citecarry.PairPlace)
    assert place.name == wrong and words == [word] and likely.other == other
    zh, en = likely.explain(wrong, place.name, word)
    assert f"「{word}」「{other}」" in zh and f"{wrong} 的标题与正文皆不言及" in zh
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)


def test_an_ancestor_citation_by_its_subject(judged: tuple[LintContext, topics.Topics]) -> None:
    """5.5.3's 「当夜未出刀，刀数照常回复，见 5.6」 renumbered to 5.5, the citing clause's own parent: judged by
    ``topics.self_citation``, which now asks the subject readings — 刀数 is a title word of 5.6's family alone."""
    ctx, tp = judged
    ref, at = citation_near(tp, "5.5.3", "5.6", before="刀数照常回复，见")
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None and not family_q_reports(judged, unit, at, ref)
    wrong = moved(ref, "5.5")
    assert topics.self_citing_unit(ctx, wrong) is unit
    found = citecarry.ancestor_verdict(tp, unit, at, wrong)
    assert found is not None and found[0].name == "5.5" and found[1] == ["刀数"] and found[2].name == "5.6"
    assert family_q_reports(judged, unit, at, wrong)


def test_the_texts_own_ancestor_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every citation of the text of the citing clause's own ancestor (「与救援医师同席位（4.6）」 in 4.6.4, 「本条为
    7.2 项下唯一明文授权」 in 7.2.7, …): the ancestor reading finds nothing."""
    ctx, tp = judged
    asked = 0
    for ref in ctx.doc.refs():
        unit = topics.self_citing_unit(ctx, ref)
        at = tp.locate(unit, ref) if unit is not None else None
        if unit is None or at is None or unit.id == ref.target_clause:
            continue
        asked += 1
        assert citecarry.ancestor_verdict(tp, unit, at, ref) is None, (unit.id, ref.line, ref.raw)
    assert asked >= 10, asked


@pytest.mark.parametrize(
    "rule", [citecarry.carried_verdict, citecarry.family_titled_verdict, citecarry.pair_verdict]
)
def test_the_texts_own_citations_are_silent(
    judged: tuple[LintContext, topics.Topics], rule: Callable[..., object]
) -> None:
    """Every citation of the text at its own target: no finding — among them 4.5.2's 「（其自身感染致濒死者，系
    救援额度指向自身，见3.3.8）」 (the walk stops at 救援额度, a title name nearer than 感染致死), 4.4.9's 「⑤可见性＝
    依2.8.7」 (an item's heading is no part to walk past), 2.8.10's 「①行动位归属（2.8.6）」 (the cited titles cover
    行动位) and 4.4.9's 「全局 2 个夜晚（2.5）」 (a count, no name)."""
    assert_silent_at_own_targets(judged, rule, at_least=1000)


@pytest.mark.parametrize(
    ("text", "raw", "term"),
    [
        ("②时限型：抗体（4.5，仅参与感染侧）与", "4.5", "抗体"),
        ("现行声明：抗体（4.5）为感染侧", "4.5", "抗体"),
        ("（4.5、4.6）", "4.5", ""),  # a list, no term
        ("抗体（4.5 仅参与）", "4.5", ""),  # no comma: not a remark after the citation
    ],
)
def test_glued_term(text: str, raw: str, term: str) -> None:
    assert citecarry.glued_term(text, text.index(raw), raw) == term


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_carried_subject(whole: bool) -> None:
    """6.9.4's 「对局继续，依 1.2.5。」 renumbered to 1.2.4 in the text: ``ruleproof lint`` reports it at 6.9.4,
    naming 1.2.5 and the word 逃亡 said two parts before (family q alone in the suite, every family in the heavy
    job)."""
    text = unedited_text()
    start = text.index("对局继续，依 1.2.5。")
    old = text[start : start + len("对局继续，依 1.2.5。")]
    found = topic_messages(old, old.replace("1.2.5", "1.2.4"), "6.9.4", whole)
    assert any("「逃亡」" in m and "1.2.5" in m for m in found), found
