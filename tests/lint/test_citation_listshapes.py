"""Family q on the real text (issue 10, sixteenth pass): list shapes and self-citations — a list naming one
source twice, a clause listed beside its own item, a range running backwards (``citelists.shape_verdict``); a
clause joined with itself (「本处与 X」 in X) or cited for a numbered part it lacks (「X 例外一」:
``citeshape.part_label``); and a score table's numbers, which are no citations (``text/refs.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citelists, citeshape, topics
from ruleproof.lint.context import LintContext
from ruleproof.text import Document
from ruleproof.text.model import RefKind
from tests.lint.citing import (
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
    citation_at,
    citation_near,
    self_citations,
)

Judged = tuple[LintContext, topics.Topics]


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "shape", "neighbour"),
    [
        # 4.6.4 「比照4.10.4③∕④」 with ③ renumbered to ④: 「4.10.4④∕④」 names one item twice
        ("4.6.4", "4.10.4③", 2013, "④", "twice", "4.10.4③"),
        # 2.8.3 「（4.4.8、4.4.7①）」 with 4.4.8 renumbered to 4.4.7: the whole clause beside its own item
        ("2.8.3", "4.4.8", 929, "4.4.7", "beside", "4.4.8"),
        # 2.8.11 「（7.2.1~7.2.10）」 with 7.2.10 renumbered to 7.2.1: a range ending where it starts
        ("2.8.11", "7.2.10", 1091, "7.2.1", "range", "7.2.2"),
    ],
)
def test_a_list_whose_shape_cannot_be_right_is_reported(
    judged: Judged, clause: str, raw: str, line: int, wrong: str, shape: str, neighbour: str
) -> None:
    _place, _terms, likely = assert_retarget_caught(
        judged, citelists.shape_verdict, (clause, raw, line), wrong, meant="", kind=citeshape.ShapedPlace
    )
    assert isinstance(likely, citeshape.ShapedPlace)
    assert likely.shape == shape and neighbour in likely.candidates


def test_a_bare_label_after_or_is_an_item_of_the_same_clause(judged: Judged) -> None:
    """1.4.1.1 「直接命中 1.2.3②或③」 with ② renumbered to ③: 「1.2.3③或③」 names one item twice — the bare ③ after
    或 is 1.2.3's item, as after ∕ and 、."""
    cited = citation_near(judged[1], "1.4.1.1", "1.2.3②", before="直接命中")
    _place, _terms, likely = assert_retarget_caught(
        judged, citelists.shape_verdict, cited, "③", meant="", kind=citeshape.ShapedPlace
    )
    assert isinstance(likely, citeshape.ShapedPlace)
    assert likely.shape == "twice" and "1.2.3②" in likely.candidates


def test_a_variant_label_is_listed_beside_its_own_item(judged: Judged) -> None:
    """4.11.6 「（4.11.2① 与①之二均标〔适用 2.9〕」 with ① renumbered to ②: the bare 「①之二」 is a part of 4.11.2①,
    listed beside its own item — 4.11.2① is named (citeitem20)."""
    cited = citation_near(judged[1], "4.11.6", "4.11.2①")
    place, terms, likely = assert_retarget_caught(
        judged, citelists.shape_verdict, cited, "②", kind=citelists.BaseOfVariant
    )
    assert isinstance(likely, citelists.BaseOfVariant)
    assert place.name == "4.11.2②" and terms == ["①之二"] and likely.variant == "①之二"
    zh, _en = likely.explain("4.11.2②", place.name, "①之二")
    assert "「①之二」是同条 4.11.2① 的分项" in zh


def test_a_list_that_stays_well_formed_is_left_to_the_other_rules(judged: Judged) -> None:
    """「（4.4.8、4.4.7①）」 with 4.4.8 renumbered to 4.4.9 still lists two places once each; 「（7.2.1~7.2.10）」
    with 7.2.10 renumbered to 7.2.9 still runs forward."""
    assert_retarget_left(judged, citelists.shape_verdict, ("2.8.3", "4.4.8", 929), "4.4.9")
    assert_retarget_left(judged, citelists.shape_verdict, ("2.8.11", "7.2.10", 1091), "7.2.9")


def test_the_texts_own_lists_are_silent(judged: Judged) -> None:
    """Every clause and item citation of 返航录 (1,415) at its own target: no list names a source twice (the
    ones printed in a row are family q's 「并列了两次」 check's), sets a clause beside its own item, or runs
    a range backwards; no citation names a numbered part its clause lacks."""
    asked = assert_silent_at_own_targets(judged, citelists.shape_verdict, at_least=1000)
    assert_silent_at_own_targets(judged, citeshape.labelled_verdict, at_least=len(asked))


def test_a_gate_label_glued_to_a_clause_id_is_no_item_beside_it(judged: Judged) -> None:
    """4.11.6 「记账依2.9⑧不新增批次」: read as 2.9 followed by the next gate's label (``gatecites.as_cited``),
    the clause citation is not set beside the item citation read at the same place."""
    ctx, tp = judged
    ref, at = citation_at(tp, "4.11.6", "2.9⑧", 2553)
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None
    assert topics.verdict(ctx, tp, unit, at, ref) is None


@pytest.mark.parametrize(
    ("clause", "raw", "line", "shape", "likely"),
    [
        # 2.8.11 「须同时在本处与2.8.10项下核对」 renumbered to 2.8.11: 本处 joined with itself
        ("2.8.11", "2.8.10", 1081, "here", ""),
        # 2.3.4 「验票官票源可见（2.3.5 例外一）」 renumbered to 2.3.4: 2.3.4 has no 例外一, 2.3.5 has
        ("2.3.4", "2.3.5", 663, "", "2.3.5"),
    ],
)
def test_a_citation_renumbered_onto_its_own_clause_is_caught(
    judged: Judged, clause: str, raw: str, line: int, shape: str, likely: str
) -> None:
    _place, _terms, found = assert_retarget_caught(
        judged, topics.self_citation, (clause, raw, line), clause, meant=likely
    )
    if shape:
        assert isinstance(found, citeshape.ShapedPlace) and found.shape == shape
        assert raw in found.candidates
    else:
        assert isinstance(found, citeshape.LabelledPlace) and found.label == "例外一"


def test_a_numbered_part_names_its_clause_wherever_the_citation_lands(judged: Judged) -> None:
    """「（2.3.5 例外一）」 renumbered to 2.3.3 (no family of the citing clause): 2.3.5 is the one sibling printing
    例外一; the citing clause's own 「2.3.5 例外一」 (a label right after an id) is no part of 2.3.4."""
    assert_retarget_caught(judged, citeshape.labelled_verdict, ("2.3.4", "2.3.5", 663), "2.3.3")


def test_the_texts_own_self_citations_have_no_such_shape(judged: Judged) -> None:
    """返航录's 25 citations of the citing clause or an ancestor (「本项与①占位数（1.5.1）」 — 本项 is an item,
    set against its clause — 「依 7.2 总则」 in 7.2.7): none is joined with 本处/本条 or names a part it lacks."""
    ctx, tp = judged
    asked = list(self_citations(ctx, tp))
    assert len(asked) >= 20
    for unit, at, ref in asked:
        assert citeshape.part_label(tp, unit, at, ref) is None
        found = citeshape.family_shape(tp, unit, at, ref)
        assert found is None or not isinstance(found[1], citeshape.ShapedPlace) or found[1].shape != "here"


def test_a_score_table_is_no_list_of_citations(fanhanglu: Document) -> None:
    """附录一's 「濒死型助攻 1.0；追溯型助攻 0.5（…）；参与成功驱逐 0.5（上限 3）；沉默 0.5（上限 3）」 prints names
    with values (1.0 is no clause id): no 0.5 of it is read as clause 0.5; 「摆渡人 4.13、疫苗研究员 4.14」, every
    number a clause's, still cites both clauses."""
    scored = [i + 1 for i, line in enumerate(fanhanglu.lines) if "沉默 0.5" in line]
    assert len(scored) >= 2
    refs = list(fanhanglu.refs())
    assert not [r for r in refs if r.line in scored and r.target_clause == "0.5"]
    named = next(i + 1 for i, line in enumerate(fanhanglu.lines) if "摆渡人 4.13、疫苗研究员 4.14" in line)
    cited = {r.target_clause for r in refs if r.line == named and r.kind is RefKind.CLAUSE}
    assert {"4.13", "4.14"} <= cited
