"""Family q (issue 10, fifteenth pass): a bracket citing one place annotates the term glued before it, and the
term's head word is the title of one sibling of the cited place, not of the cited place
(``lint/citetitled.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citetitled, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.text import Document
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_at, judged_topics


@pytest.fixture(scope="module")
def judged(fanhanglu: Document) -> tuple[LintContext, topics.Topics]:
    return judged_topics(fanhanglu)


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "head"),
    [
        # 「转职（4.2）随其变化后之身份记」: 4.2 「普通船员转职」; 4.3 「工程师」 speaks of 转职 only in passing
        # (mutate seed 264 cite-012)
        ("4.13.1", "4.2", 2681, "4.3", "转职"),
        # 「候选池限于本局开局公告（2.3.0）所列」: 2.3.0 「开局职业公告」; 2.3.1 「开局公开讨论」 shares 开局 only
        # (mutate seed 266 cite-008)
        ("4.1.1", "2.3.0", 1521, "2.3.1", "公告"),
    ],
)
def test_a_sibling_titled_by_the_annotated_term_is_named(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str, head: str
) -> None:
    cited = citation_at(judged[1], clause, raw, line)
    place, words, likely = assert_retarget_caught(
        judged, citetitled.titled_verdict, cited, wrong, kind=citetitled.TitledPlace
    )
    assert words == [head] and likely.head == head and head in likely.title
    zh, en = likely.explain(wrong, place.name, head)
    assert zh.startswith(f"引用 {wrong}：")
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)
    assert f"「{likely.term}」" in zh


def test_the_texts_own_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every clause citation of the text at its own target: no finding — and many are brackets annotating a
    term, so the rule is asked in earnest."""
    asked = assert_silent_at_own_targets(judged, citetitled.titled_verdict)
    annotating = [c for c in asked if citetitled.annotated_term(c[0].text, c[1], c[2].raw)]
    assert len(annotating) >= 200, len(annotating)


@pytest.mark.parametrize(
    ("text", "raw", "term"),
    [
        ("不改真实身份；转职（4.2）随其变化", "4.2", "转职"),
        ("限于本局开局公告（2.3.0）所列", "2.3.0", "限于本局开局公告"),
        ("当夜选择击杀或破坏（6.1）均", "6.1", ""),  # a coordination: the bracket annotates the whole phrase
        ("属同一口径（见 4.10.4）", "4.10.4", ""),  # not the bracket's only content
        ("开枪（4.4.8、4.4.7①）", "4.4.8", ""),  # a list
        ("开枪 （4.4.8）", "4.4.8", ""),  # not glued
    ],
)
def test_annotated_term(text: str, raw: str, term: str) -> None:
    assert citetitled.annotated_term(text, text.index(raw), raw) == term


def test_cover_counts_runs_the_title_prints() -> None:
    assert citetitled.cover("本局开局公告", "开局职业公告") == 4
    assert citetitled.cover("本局开局公告", "开局公开讨论") == 3
    assert citetitled.cover("转职", "工程师") == 0
