"""Family q (issue 10, sixteenth pass): a name said before 依∕属∕见…, in an item's heading or glued to a bracket,
that one sibling's title names and the cited title does not (``lint/citenamed.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citenamed, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.text import Document
from tests.lint.citing import (
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
    citation_near,
    judged_topics,
)


@pytest.fixture(scope="module")
def judged(fanhanglu: Document) -> tuple[LintContext, topics.Topics]:
    return judged_topics(fanhanglu)


@pytest.mark.parametrize(
    ("clause", "raw", "before", "wrong", "name", "position"),
    [
        # 「施加告知属 7.2.6明文授予」: 7.2.6 「结茧护盾的施加告知于步骤 4b 结茧实际」, a title too long to be one name;
        # 告知 is in 7.2.4, 7.2.5 and 7.2.6's titles, 施加告知 in 7.2.6's alone (mutate seed 265 cite-014)
        ("5.7", "7.2.6", "施加告知属", "7.2.5", "施加告知", "connective"),
        # 「⑤ 武装识别 依 4.4.5 同制」: the item's heading is 4.4.5's title; 依…同制 hands it to 4.4.5, it compares
        # nothing (mutate seed 263 cite-011)
        ("4.4.7", "4.4.5", "武装识别 依", "4.4.4", "武装识别", "connective"),
        # 「开枪规则同警长（4.4.1）」: no suffix is a title, 开枪 (4.4.1 「开枪」) is the run's one titled word
        ("4.4.7", "4.4.1", "开枪规则同警长（", "4.4.2", "开枪", "bracket"),
    ],
)
def test_a_sibling_titled_by_the_name_is_named(
    judged: tuple[LintContext, topics.Topics],
    clause: str,
    raw: str,
    before: str,
    wrong: str,
    name: str,
    position: str,
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before)
    place, words, likely = assert_retarget_caught(
        judged, citenamed.named_verdict, cited, wrong, kind=citenamed.NamedPlace
    )
    assert isinstance(likely, citenamed.NamedPlace)
    assert words == [name] and name in likely.title and likely.position == position
    zh, en = likely.explain(wrong, place.name, name)
    assert zh.startswith(f"引用 {wrong}：") and f"「{likely.name_said}」" in zh
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)


def test_a_cited_place_that_speaks_of_the_name_is_left(judged: tuple[LintContext, topics.Topics]) -> None:
    """「与工匠护甲（4.11）同制」 → 4.10 「濒死、当夜死亡与通用规则」: 4.11's title is 工匠, but 4.10's text speaks of
    工匠 too, so it may be what the sentence means — the rule leaves it (mutate seed 330 cite-011)."""
    cited = citation_near(judged[1], "5.7", "4.11", before="与工匠护甲（")
    unit = assert_retarget_left(judged, citenamed.named_verdict, cited, "4.10")
    assert citenamed.naming_run(unit.text, cited[1], "4.11") == ("工匠护甲", "bracket")


def test_the_texts_own_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every clause citation of the text at its own target: no finding — and hundreds say a name the rule
    reads, so it is asked in earnest."""
    asked = assert_silent_at_own_targets(judged, citenamed.named_verdict)
    naming = [c for c in asked if citenamed.naming_run(c[0].text, c[1], c[2].raw)[0]]
    assert len(naming) >= 500, len(naming)


@pytest.mark.parametrize(
    ("text", "raw", "run"),
    [
        ("施加者不知盾被打破；施加告知属 7.2.6明文授予", "7.2.6", ("施加告知", "connective")),
        ("溢出。⑤ 武装识别 依 4.4.5 同制：与", "4.4.5", ("武装识别", "connective")),
        ("溢出。⑤ 武装识别 4.4.5：与", "4.4.5", ("武装识别", "heading")),
        ("决斗时刻的僵局判定另依1.4.3", "1.4.3", ("决斗时刻的僵局判定", "connective")),  # 另 is no name
        ("盾被打破时知情，与工匠护甲（4.11）同制", "4.11", ("工匠护甲", "bracket")),  # 与: a preposition
        ("当夜选择击杀或破坏依 6.1 结算", "6.1", ("", "")),  # a coordination names no one thing
        ("当夜选择击杀或破坏（6.1）", "6.1", ("", "")),
        ("其余两阵营 判定 1.2.5", "1.2.5", ("", "")),  # no connective, no item label: no naming position
    ],
)
def test_naming_run(text: str, raw: str, run: tuple[str, str]) -> None:
    assert citenamed.naming_run(text, text.index(raw), raw) == run


def test_title_pieces_cut_a_long_title_into_names() -> None:
    pieces = citenamed.title_pieces("结茧护盾的施加告知于步骤 4b 结茧实际")
    assert pieces == ("结茧护盾", "施加告知于步骤", "结茧实际")
    assert citenamed.title_pieces("行动位与批次通则") == ("行动位", "批次通则")
    assert citenamed.title_pieces("开局职业公告（职业选定后·第 1 夜之前）") == ("开局职业公告",)
