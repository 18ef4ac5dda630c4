"""Family q (issue 10, cite13b): words glued to a citation say which place it means — a gloss bracket, names
paired with ids in order, an item's heading, a sibling's title before the bracket (``citegloss``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citegloss, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_ZH
from tests.lint.citing import (
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
)
from tests.lint.edited import FAMILY_OR_ALL, topic_messages


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "kind", "evidence"),
    [
        # 4.14.5 「适用2.5（额度即上限）」: 2.5 says 「额度即上限」, 2.6 never does (mutation seed 19, cite-013)
        ("4.14.5", "2.5", 2859, "2.6", "gloss", "额度即上限"),
        # 1.1.1 「生化医师∕疫苗研究员 4.5、4.14」: the first name goes with the first id (seed 19, cite-001)
        ("1.1.1", "4.5", 99, "4.6", "paired", "生化医师"),
        # 5.1 「与转化次数（1.5.1②）」: item ② opens with 「转化次数」 (seed 20, cite-014)
        ("5.1", "1.5.1②", 2653, "③", "heading", "转化次数"),
        # 7.1.2 「外星人的夜晚免疫消耗告知（7.2.4）」: 7.2.4's title, not 7.2.3's (seed 22, cite-016)
        ("7.1.2", "7.2.4", 3783, "7.2.3", "title", "外星人的夜晚免疫消耗告知"),
        # 4.8.1 「互不牵连（4.8.2、4.10.5）」: 4.10.5 抵挡层与层序 and 4.8.2 伤害层序 share 层序, 4.8.3 受袭感知
        # nothing (seed 19, cite-011)
        ("4.8.1", "4.8.2", 2175, "4.8.3", "kin", "层序"),
    ],
)
def test_words_glued_to_a_retargeted_citation_name_the_place_it_meant(
    judged: tuple[LintContext, topics.Topics],
    clause: str,
    raw: str,
    line: int,
    wrong: str,
    kind: str,
    evidence: str,
) -> None:
    """Each is caught where the text's own citation is silent, naming the intended place by the glued words
    (``assert_retarget_caught``), and family q reports it."""
    place, terms, likely = assert_retarget_caught(
        judged,
        citegloss.gloss_verdict,
        (clause, raw, line),
        wrong,
        kind=citegloss.GluedPlace,
    )
    assert isinstance(likely, citegloss.GluedPlace) and likely.rule == kind and terms == [evidence]
    assert place.name != raw
    zh, en = likely.explain(wrong, place.name, evidence)
    assert f"「{evidence}」" in zh and raw in zh and zh.endswith(RENUMBERED_ZH) and raw in en


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong"),
    [
        # 7.3.2 「依 2.8.1③之三（唯一权威源）」: the text glosses citations of unrelated clauses with the same words —
        # a role, not a place (2.8.1③之二 says 唯一权威源, ③之三 does not)
        ("7.3.2", "2.8.1③之三", 4079, "③之二"),
        # 4.4.7 「（4.4.4 不适用）」: words after the id that say something of the citation, not a name
        ("4.4.7", "4.4.4", 1835, "4.4.2"),
        # 0.5 「濒死不跨夜（4.10.4）」: 4.10.4's title says it in two pieces (濒死（即时状态，不跨夜）)
        ("0.5", "4.10.4", 71, "4.10.4"),
        # 4.7.2 「（4.7.3、4.7.4）」: members of one family share its subject (查验 — 4.7.1's title too)
        ("4.7.2", "4.7.4", 2073, "4.7.4"),
        ("4.7.5", "4.7.2", 2139, "4.7.2"),
    ],
)
def test_stock_glosses_predicates_and_split_titles_name_nobody(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str
) -> None:
    assert_retarget_left(judged, citegloss.gloss_verdict, (clause, raw, line), wrong)


def test_the_rules_are_silent_at_every_citation_of_the_text(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    assert_silent_at_own_targets(judged, citegloss.gloss_verdict, at_least=1000)


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_gloss(whole: bool) -> None:
    """4.14.5's 「适用2.5（额度即上限）」 renumbered to 2.6 in the text: ``ruleproof lint`` reports it, naming 2.5
    (family q alone in the suite, every family in the heavy job; the bundled file prints 用 as the Kangxi
    radical ⽤, which the reader's normalisation folds)."""
    found = topic_messages("⸺适用2.5（额度即上限）", "⸺适用2.6（额度即上限）", "4.14.5", whole)
    assert any("「额度即上限」" in m and "2.5" in m for m in found), found


def test_values_paired_with_names_are_no_citations() -> None:
    """「船员 1.5∕有职业者 2.0∕异形2.5」 (a ∕-run of 「words number」 pairs, one number no clause's) holds scores; the
    reader takes none of them for a citation — 「（保镖保护4.8∕警长巡逻4.4）」, every number a clause's, cites two."""
    from ruleproof.text.refs import _in_value_run

    def exists(cid: str) -> bool:
        return cid in {"1.5", "2.5", "4.4", "4.8"}

    scores = "致死型（击杀）船员 1.5∕有职业者 2.0∕异形2.5。"
    for n in ("1.5", "2.0", "2.5"):
        at = scores.index(n)
        assert _in_value_run(scores, at, at + len(n), exists)
    cites = "（保镖保护4.8∕警长巡逻4.4）"
    for n in ("4.8", "4.4"):
        at = cites.index(n)
        assert not _in_value_run(cites, at, at + len(n), exists)
