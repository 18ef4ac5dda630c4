"""Family q on the real text (issue 10, eighth pass): a citation whose shape says it lands on the wrong place
(``lint/citeshape.py``) — a clause citing its own family for a sibling's title, deferring to itself, set
against itself; a clause cited twice in one sentence, once for a sibling's title."""

from __future__ import annotations

import dataclasses

import pytest

from ruleproof.lint import citeshape, topics
from ruleproof.lint.context import LintContext
from ruleproof.text.sentences import sentence_at
from tests.lint.citing import assert_retarget_caught, citation_at


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "shape", "likely"),
    [
        # 4.10.0 「（a）击破工匠护甲（4.11）」 renumbered to its own parent 4.10: 4.11 is titled 工匠
        ("4.10.0", "4.11", 2309, "4.10", "title", "4.11"),
        # 4.7.3 「其身份标注（4.7.4）亦一并移除」 renumbered to itself: 4.7.4 is titled 身份标注
        ("4.7.3", "4.7.4", 2093, "4.7.3", "title", "4.7.4"),
        # 6.8.2 「死囚外星人依 6.8.1 阵营类条款自动命中」 renumbered to itself: a clause deferring to itself
        ("6.8.2", "6.8.1", 3481, "6.8.2", "defers", ""),
        # 4.4.1 「自杀依 4.4.2不予回复」 renumbered to itself
        ("4.4.1", "4.4.2", 1735, "4.4.1", "defers", ""),
        # 1.5.2 「本条为兜底条款，与 1.5.3 相互独立」 renumbered to itself: the clause set against itself
        ("1.5.2", "1.5.3", 321, "1.5.2", "compared", ""),
        # 5.3.0 「本款…与名额（5.3.1）为两件事」 renumbered to itself
        ("5.3.0", "5.3.1", 2965, "5.3.0", "compared", ""),
    ],
)
def test_a_citation_of_its_own_family_is_judged_by_its_shape(
    judged: tuple[LintContext, topics.Topics],
    clause: str,
    raw: str,
    line: int,
    wrong: str,
    shape: str,
    likely: str,
) -> None:
    ctx, tp = judged
    ref, at = citation_at(tp, clause, raw, line)
    unit = ctx.unit_by_id[clause]
    assert citeshape.family_shape(tp, unit, at, ref) is None  # (not its own family: never asked)
    moved = dataclasses.replace(ref, target_clause=wrong)
    assert topics.self_citing_unit(ctx, moved) is unit
    place, _terms, found = assert_retarget_caught(
        judged, topics.self_citation, (ref, at), wrong, meant=likely, kind=citeshape.ShapedPlace
    )
    assert found.shape == shape
    finding = topics.topic_finding(unit, moved, at, place, _terms, found)
    assert finding.check == "citation-topic" and finding.clause == clause
    if not likely:  # no title names the target: the finding names the neighbours a renumbering came from
        assert found.candidates and all(
            c.rpartition(".")[0] == wrong.rpartition(".")[0] for c in found.candidates
        )
        assert raw in found.candidates and "自身" in finding.message
        # the lead and the id as printed (the test moves the target only; an edit of the text moves both)
        assert shape != "defers" or f"「依 {raw}」" in finding.message


def test_a_clause_cited_twice_for_a_siblings_title_names_the_sibling(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """3.2.6 「工程师维修（4.3.2）、工程师追加维修（4.3.3）」 with 4.3.3 renumbered to 4.3.2: 4.3.3 is titled 追加维修
    (4.3.2 维修's title inside it does not count); the first citation, whose phrase says only 维修, is not it."""
    cited = citation_at(judged[1], "3.2.6", "4.3.3", 1275)
    _place, terms, _likely = assert_retarget_caught(judged, citeshape.listed_twice, cited, "4.3.2")
    assert terms == ["追加维修"]


def test_no_clause_cited_twice_in_a_sentence_of_the_text_is_reported(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """The text cites one clause twice in a sentence 77 times (「与 2.5：2.5 管获取后…」, 附录三's 「（7.2.2 私人反馈）」
    rows, 「寂灭时刻（1.4.1）与决斗时刻（1.4.2）」's neighbours; 79 before the score lists' 0.5s stopped being read as
    clause 0.5, lists17): none is a finding."""
    ctx, tp = judged
    twice = 0
    for unit in ctx.units_outside_log():
        cited, _where = citeshape._clause_citations(tp, unit)
        for at, ref in cited:
            sent = sentence_at(tp.sentences_of(unit), at)
            lo, hi = (sent.start, sent.end) if sent is not None else (0, len(unit.text))
            if ref.target_item or not any(
                o != at and lo <= o < hi and r.target_clause == ref.target_clause and not r.target_item
                for o, r in cited
            ):
                continue
            twice += 1
            assert citeshape.listed_twice(tp, unit, at, ref) is None, (unit.id, ref.line, ref.raw)
    assert twice == 77
