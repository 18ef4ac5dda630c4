"""Family q on the real text (issue 10, sixth and seventh passes): a phrase the spec or the glossary
attributes to one clause — a quoted phrase, or a role, skill, layer or step name the spec defines there —
cited as that clause's sibling, names the owner (``lint/citeowners.py``)."""

from __future__ import annotations

import dataclasses

import pytest

from ruleproof.books import BOOKS, load_source
from ruleproof.lint import citeowners, topics
from ruleproof.lint.context import LintContext, Unit
from ruleproof.pipeline import knowledge_for
from ruleproof.text.model import Ref, RefKind
from tests.conftest import doc_from_text
from tests.lint.citing import assert_retarget_caught, citation_at, moved
from tests.lint.edited import FAMILY_OR_ALL, family_of, lint


def _at(judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int) -> tuple[Ref, int]:
    ref, at = citation_at(judged[1], clause, raw, line)
    assert ref.kind is RefKind.CLAUSE
    return ref, at


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "phrase"),
    [
        # 「本批次为官方背书第四档（4.7.5）」: the glossary's 官方背书第四档 is 4.7.5's, the spec's term too
        ("2.1.7", "4.7.5", 545, "4.7.4", "官方背书第四档"),
        # 「调查报告另附致死来源清单（4.10.6）」: the spec reads 调查报告 from 4.10.6
        ("2.8.12", "4.10.6", 1113, "4.10.5", "调查报告"),
        # 「「普通船员」（4.1，与职业名逐字一致…）」: the spec's role 普通船员 is defined at 4.1 (seventh pass)
        ("7.2.1", "4.1", 3863, "4.3", "普通船员"),
        # 「每夜出刀数依 6.2（未觉醒至多 1 刀…）」: the spec's skill 觉醒 is 6.2's (出刀 is 5.6.1's)
        ("6.6", "6.2", 3449, "6.3", "觉醒"),
        # 「窃听报告另附「本条内容不保真」之性质标注（4.12.2）」: 4.12.2 first quotes 不保真 (a coined term)
        ("2.8.12", "4.12.2", 1115, "4.12.1", "不保真"),
        # 「依 2.5.3：救援、治疗与制药三者互斥」: 2.5.3 coins 「三者互斥」
        ("4.6.3", "2.5.3", 1971, "2.5.2", "三者互斥"),
    ],
)
def test_a_phrase_owned_by_a_sibling_names_it(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str, phrase: str
) -> None:
    phrases, _likely = assert_retarget_caught(
        judged, citeowners.owner_sibling, _at(judged, clause, raw, line), wrong
    )
    assert phrase in phrases


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong"),
    [
        # 「呈现异形者依效果免疫根本不进入感染致死（5.3.5）」: 效果免疫 is 5.3.2's, but 5.3.5 says 呈现异形
        ("1.4.1.3", "5.3.5", 249, "5.3.5"),
        # 「初始1发、4.4.3的额外子弹、4.4.2的悬赏回复」: 初始1发 (4.4.7's) is 4.4.3's part of the list
        ("4.4.6", "4.4.2", 1801, "4.4.2"),
        # 「转职（4.2）查「普通船员」恒答「是」」: a bracketed citation annotates the words before it
        ("2.8.1", "4.2", 879, "4.2"),
        # a table 「生化医师∕疫苗研究员 4.5、4.14神探∕摆渡人 4.7」: the words after 4.14 are 4.7's
        ("1.1.1", "4.14", 99, "4.14"),
    ],
)
def test_no_owner_across_another_citation_or_a_shared_matter(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str
) -> None:
    ctx, tp = judged
    ref, at = _at(judged, clause, raw, line)
    found = citeowners.owner_sibling(
        tp, ctx.unit_by_id[clause], at, dataclasses.replace(ref, target_clause=wrong)
    )
    assert found is None


def test_the_coined_terms_are_owned_by_the_clause_that_first_quotes_them(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    _ctx, tp = judged
    coined = {(cid, term) for cid, term, _ in citeowners.defined_phrases(tp)}
    assert {("4.12.2", "不保真"), ("2.5.3", "三者互斥")} <= coined


def test_a_common_word_quoted_first_coins_nothing(judged: tuple[LintContext, topics.Topics]) -> None:
    """「不适用」 is first quoted in 2.8.10's gate answers but said all over the text: 2.8.13's 「不适用于
    2.8.2 伤害侧层序」 retargeted to 2.8.10 is not that clause's term (a false alarm of the measurement)."""
    ctx, tp = judged
    assert "不适用" not in {term for _, term, _ in citeowners.defined_phrases(tp)}
    ref, at = _at(judged, "2.8.13", "2.8.2", 1139)
    unit = ctx.unit_by_id["2.8.13"]
    assert citeowners.owner_sibling(tp, unit, at, dataclasses.replace(ref, target_clause="2.8.10")) is None


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "phrase"),
    [
        # 6.8.2 「其能力仅为三项：①变形（6.8.3）」 renumbered to itself: 变形 is the spec's skill of 6.8.3
        ("6.8.2", "6.8.3", 3479, "6.8.2", "变形"),
        # 6.1.2 「觉醒（6.2）」 renumbered to its own parent 6.1: 觉醒 is 6.2's skill
        ("6.1.2", "6.2", 3319, "6.1", "觉醒"),
    ],
)
def test_a_citation_of_its_own_family_is_judged_by_the_owners(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str, phrase: str
) -> None:
    ctx, _tp = judged
    ref, at = _at(judged, clause, raw, line)
    assert topics.self_citing_unit(ctx, moved(ref, wrong)) is ctx.unit_by_id[clause]
    phrases, _likely = assert_retarget_caught(judged, citeowners.family_owner, (ref, at), wrong)
    assert phrase in phrases
    assert_retarget_caught(judged, topics.self_citation, (ref, at), wrong, meant=raw)


def test_no_citation_of_its_own_family_in_the_text_is_reported(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """The text cites its own clauses and their ancestors legitimately (「受 4.8.1 连续保护限制」 in 4.8.1,
    「依 7.0」 under 7): none of them is a finding."""
    ctx, tp = judged
    seen = 0
    for ref in ctx.doc.refs():
        unit = topics.self_citing_unit(ctx, ref)
        at = tp.locate(unit, ref) if unit is not None else None
        if unit is None or at is None:
            continue
        seen += 1
        assert citeowners.family_owner(tp, unit, at, ref) is None, (unit.id, ref.line, ref.raw)
        # nor by their shape (lint/citeshape.py: 「本项与①占位数（1.5.1）…相互独立」, 「（4.13.1、2.3.2）」 in a list)
        assert topics.self_citation(tp, unit, at, ref) is None, (unit.id, ref.line, ref.raw)
    assert seen >= 20


def _glossary_at(judged: tuple[LintContext, topics.Topics], raw: str, line: int) -> tuple[Unit, Ref, int]:
    ctx, tp = judged
    ref = next(r for r in ctx.doc.refs() if r.clause is None and r.raw == raw and r.line == line)
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None and tp.glossary(unit)
    at = tp.locate(unit, ref)
    assert at is not None
    return unit, ref, at


@pytest.mark.parametrize(
    ("raw", "line", "wrong", "head"),
    [
        # 附录一 「假标记外观同真标记但不计时、不致死的标记…（5.3.5）」: 5.3.5 is titled 假标记 (5.3.4 says
        # 假标记 in passing: 「每多烙一个假标记」)
        ("5.3.5", 4189, "5.3.4", "假标记"),
        # 附录一 「攒弹 猎手的子弹成长方式…可反复进行（4.4.7②）」: ② is headed 攒弹 (③ says it in passing)
        ("4.4.7②", 4237, "③", "攒弹"),
    ],
)
def test_a_glossary_entry_cites_the_place_titled_by_its_term(
    judged: tuple[LintContext, topics.Topics], raw: str, line: int, wrong: str, head: str
) -> None:
    _unit, ref, at = _glossary_at(judged, raw, line)
    _place, terms, _likely = assert_retarget_caught(
        judged, citeowners.glossary_title, (ref, at), wrong, meant=raw
    )
    assert terms == [head]


@pytest.mark.parametrize(
    ("raw", "line", "clause"),
    [
        # 7.3.0 「两型：普通乔装与强力乔装」: the entry 强力乔装 cites 7.3.2 and 7.3.7, rightly
        ("7.3.2", 4259, "7.3.2"),
        ("7.3.7", 4259, "7.3.7"),
        # 子弹存储上限's entry says 「唯一作用点为4.4.3 额外子弹」 in its prose: not the entry's own citation
        ("4.4.3", 4199, "4.4.3"),
    ],
)
def test_no_glossary_title_for_a_title_naming_two_things_or_a_citation_in_the_prose(
    judged: tuple[LintContext, topics.Topics], raw: str, line: int, clause: str
) -> None:
    unit, ref, at = _glossary_at(judged, raw, line)
    assert citeowners.glossary_title(judged[1], unit, at, ref) is None


def test_a_two_character_word_coins_nothing(judged: tuple[LintContext, topics.Topics]) -> None:
    """Coined terms have three characters or more: a two-character quotation (「无效」) is an ordinary word
    as often as a term, and its share of the units sits near the threshold."""
    _ctx, tp = judged
    assert all(len(term) >= citeowners.DEFINED_MIN for _, term, _ in citeowners.defined_phrases(tp))


@pytest.mark.parametrize(
    ("keep", "resume"),
    [  # `ruleproof mutate --seed 3` truncate-004 and -005: 3.3.12 and 4.1.1③ cut short, far from 7.2.2
        ("攻击结果反馈（7.2.2）与之构成对称", "四、"),
        ("某职业全", "④存活实例数"),
    ],
)
@FAMILY_OR_ALL
def test_an_edit_elsewhere_makes_no_untouched_citation_off_topic(keep: str, resume: str, whole: bool) -> None:
    """An edit that deletes occurrences of a word elsewhere must not turn an untouched citation into a
    finding (it did: 「无效」 became "uncommon" and 7.2.2's 「反馈「无效」，仍依4.10.6」 was reported).  Linted
    by family q alone in the suite, whole in the heavy job (tests/lint/edited.py)."""
    text = load_source(None).data.decode("utf-8")
    assert text.count(keep) == 1
    cut = text.index(keep) + len(keep.split("（")[0])
    doc = doc_from_text(text[:cut] + text[text.index(resume, cut) :])
    found = lint(doc, None if whole else family_of("citation-topic"), knowledge_for(BOOKS["fanhanglu"]))
    assert [f for f in found if f.check == "citation-topic" and f.clause == "7.2.2"] == []
