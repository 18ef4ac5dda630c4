"""Family q (issue 10, citecarry19): the subject said nearby (``lint/citecarry.py``) — carried from the part
before a citation's own when that part names nothing, and a glued term's head among sub-clause titles."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ruleproof.lint import citecarry, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_near
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


@pytest.mark.parametrize("rule", [citecarry.carried_verdict, citecarry.family_titled_verdict])
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
