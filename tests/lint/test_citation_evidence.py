"""Family q on the real text (issue 10): no citation is one edit away from a citation-habit finding, and a
sibling that fits the citing phrase clearly better names the intended target."""

from __future__ import annotations

import pytest

from ruleproof.lint import citefit, citetext, headwords, topics
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.habit_audit import tips
from ruleproof.text.model import Ref, RefKind
from tests.lint.citing import assert_retarget_caught


@pytest.fixture
def judged(judged_plain: tuple[LintContext, topics.Topics]) -> tuple[LintContext, topics.Topics]:
    return judged_plain  # the text alone, without the spec's knowledge (tests/lint/conftest.py)


@pytest.mark.parametrize(
    "sample",
    [
        pytest.param(slice(0, None, 4), id="every-4th"),
        pytest.param(slice(None), id="all", marks=pytest.mark.heavy),
    ],
)
def test_no_citation_of_the_real_text_is_one_edit_from_a_habit_finding(
    judged: tuple[LintContext, topics.Topics], sample: slice
) -> None:
    """For every clause and item citation family q does not report, one citation added in another clause
    under a term of its phrase at a sibling of its target, or one citation of its target retargeted to a
    sibling, must not make it reported: the habit needs clauses, not one clause's citations, and a term
    cited all over names no place (main's rules: 8, among them 「二者独立（2.5）」 in 4.12.5, 「详见2.3」 in 4.9.1).
    The suite audits every fourth citation in text order, the heavy job every citation."""
    assert tips(*judged, sample=sample) == []


def _citation(ctx: LintContext, clause: str, raw: str) -> Ref:
    return next(r for r in ctx.doc.refs() if r.clause == clause and r.raw == raw and r.kind is RefKind.CLAUSE)


@pytest.mark.parametrize(
    ("clause", "raw", "wrong", "terms"),
    [
        # 「击杀进化的额外出刀 5.4」: 5.4 is 击杀进化, 5.3 感染进化
        ("2.5.2", "5.4", "5.3", {"击杀进化", "额外出刀"}),
        # 「夜数上限见 1.5（99 夜）」: 1.5 is the night limit, 1.4 something else
        ("3.1", "1.5", "1.4", {"夜数上限"}),
    ],
)
def test_a_sibling_that_fits_clearly_better_is_the_likely_target(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, wrong: str, terms: set[str]
) -> None:
    ctx, tp = judged
    ref = _citation(ctx, clause, raw)
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None
    at = tp.locate(unit, ref)
    assert at is not None
    found, _likely = assert_retarget_caught(
        judged,
        lambda tp, unit, at, ref: citefit.sibling_margin(tp, unit, at, ref, citetext.related),
        (ref, at),
        wrong,
    )
    assert terms <= set(found)


def _judged_citation(
    judged: tuple[LintContext, topics.Topics], unit_id: str, raw: str, line: int | None = None
) -> tuple[Unit, int, Ref]:
    ctx, tp = judged
    for ref in ctx.doc.refs():
        unit = topics.judged_unit(ctx, ref)
        if unit is not None and unit.id == unit_id and ref.raw.replace(" ", "") == raw:
            at = tp.locate(unit, ref)
            if at is not None and (line is None or ref.line == line):
                return unit, at, ref
    raise LookupError(f"{unit_id} {raw}")


@pytest.mark.parametrize(
    ("unit_id", "raw", "wrong", "words"),
    [
        # 「各自受 2.9⑤ 独占性约束」: 2.9⑤ is headed 独占性, ⑥ 产物确定时点
        ("4.11.2", "2.9⑤", "⑥", {"独占"}),
        # 「经停摆奖励间接影响倒计时（依 1.3）」: 1.3 is 停摆系统, 1.2 胜利条件与判定优先级
        ("3.1", "1.3", "1.2", {"停摆"}),
    ],
)
def test_a_phrase_naming_a_siblings_head_names_the_likely_target(
    judged: tuple[LintContext, topics.Topics], unit_id: str, raw: str, wrong: str, words: set[str]
) -> None:
    _unit, at, ref = _judged_citation(judged, unit_id, raw)
    found, _likely = assert_retarget_caught(judged, headwords.head_fit, (ref, at), wrong)
    assert words <= set(found)


@pytest.mark.parametrize(
    ("unit_id", "raw", "line"),
    [
        # 「依 2.8.7 明文授予（登记于 2.8.9⑥）」: 登记 is said of 2.8.9, cited right after
        ("4.9.7", "2.8.7", 2285),
        # the registry row 「(12) 5.3.2 夜晚免疫不参与感染侧层序」 cites where 夜晚免疫 is (5.3.3's title: 层序)
        ("2.8.9", "5.3.2", 1051),
        # the glossary entry 窃听 ends 「不受沉默封锁（4.12.1）」: it cites where 窃听 is defined
        ("附录一", "4.12.1", 4227),
    ],
)
def test_head_words_another_place_owns_are_no_evidence(
    judged: tuple[LintContext, topics.Topics], unit_id: str, raw: str, line: int
) -> None:
    """Each of these is reported by the head words alone, without the guard it illustrates."""
    unit, at, ref = _judged_citation(judged, unit_id, raw, line)
    assert headwords.head_fit(judged[1], unit, at, ref) is None
