"""Family q (issue 10, eleventh pass): the statement a citation backs, printed verbatim at one sibling of the
cited place and not at it (``lint/citeprinted.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citeprinted, citetext, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.lint.frames import longest_run
from ruleproof.text import Document
from ruleproof.text.model import RefKind
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_at, judged_topics


@pytest.fixture(scope="module")
def judged(fanhanglu: Document) -> tuple[LintContext, topics.Topics]:
    return judged_topics(fanhanglu)


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "meant", "run"),
    [
        # 「（即窃听报告发布阶段开始之前，2.3.2）」: a citation closing a bracket after a comma (mutate seed 7 cite-011)
        ("4.12.1", "2.3.2", 2573, "2.3.3", "2.3.2", "窃听报告发布阶段"),
        # 「依4.4.6④，其持有量恒≤ 1，不适用该上限」: the governed part (seed 7 cite-008)
        ("4.2.2", "4.4.6④", 1613, "⑤", "4.4.6④", "持有量恒≤1"),
        # 「（…；且死囚局无沉默源，6.8.6①）」: 6.8.6① 「全场无沉默源」 (seed 4 cite-015)
        ("6.8.7", "6.8.6①", 3589, "②", "6.8.6①", "无沉默源"),
        # 「感染标记对医生、本人与异形阵营可见（3.3.10）」: a bracket holding one citation (seed 7 cite-017)
        ("7.1.3", "3.3.10", 3795, "3.3.11", "3.3.10", "异形阵营可见"),
    ],
)
def test_a_sibling_printing_the_backed_statement_is_named(
    judged: tuple[LintContext, topics.Topics],
    clause: str,
    raw: str,
    line: int,
    wrong: str,
    meant: str,
    run: str,
) -> None:
    place, terms, likely = assert_retarget_caught(
        judged,
        citeprinted.printed_verdict,
        (clause, raw, line),
        wrong,
        meant=meant,
        kind=citeprinted.PrintedPlace,
    )
    assert terms == [run] and likely.cited_run <= citeprinted.CITED_RUN
    zh, en = likely.explain(raw, place.name, run)
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)


def test_the_texts_own_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every clause and item citation of the text at its own target: no finding (and many back a statement
    long enough to be read)."""
    asked = assert_silent_at_own_targets(judged, citeprinted.printed_verdict)
    backing = [c for c in asked if len(citeprinted.backed(c[0], c[1], c[2].raw)) >= citeprinted.PRINTED_RUN]
    assert len(backing) >= 300


def test_a_sibling_pointing_at_the_cited_place_is_not_named(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """7.3.7 「依 4.7.5②，神探不获任何「本条可能不可靠」之提示」 retargeted to ④: ④ prints the words, but it
    prints them explaining ② (「②③之别：…故②不含任何…」) — a sibling naming the cited label is not the one meant."""
    ctx, tp = judged
    ref, at = citation_at(tp, "7.3.7", "4.7.5②", 4123)
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None and ref.kind is RefKind.ITEM
    said = citeprinted.backed(unit, at, ref.raw)
    items = {p.name: citetext.squash(p.text.split("。", 1)[-1]) for p in tp.places.items("4.7.5")}
    assert len(longest_run(said, items["4.7.5④"])) >= citeprinted.PRINTED_RUN  # ④ prints the statement …
    assert len(longest_run(said, items["4.7.5②"])) <= citeprinted.CITED_RUN  # … ② does not …
    assert "②" in items["4.7.5④"]  # … and ④ names ②: the guard keeps the citation silent
    assert citeprinted.printed_fit(tp, unit, at, ref) is None


@pytest.mark.parametrize(
    ("text", "raw", "part"),
    [
        ("读取结果保留（即窃听报告发布阶段开始之前，2.3.2）为止", "2.3.2", "即窃听报告发布阶段开始之前"),
        ("破坏（停转夜不随之取得，依 6.8.6②）、夜晚免疫", "6.8.6②", "停转夜不随之取得"),
        ("不保真（与白天发言同制，7.0）；仅", "7.0", "与白天发言同制"),
        ("属玩家自由发言（2.3.4）", "2.3.4", ""),  # no comma before: the bracket rule reads it
        (
            "濒死原因可见的取得条件依4.6.1）＋治疗",
            "4.6.1",
            "濒死原因可见的取得条件",
        ),  # a bare deferral in a bracket
        ("仅清感染，依 3.3。其后", "3.3", "仅清感染"),  # … closing a sentence after a comma
        ("仅清感染依 3.3。其后", "3.3", ""),  # … but without the comma only in a bracket
        ("（2.3.4，不保真）", "2.3.4", ""),  # the citation does not close the bracket
    ],
)
def test_closing_part(text: str, raw: str, part: str) -> None:
    assert citeprinted.closing_part(text, text.index(raw), raw) == part


@pytest.mark.parametrize(
    ("text", "raw", "part"),
    [
        ("其于白天发言陈述结论者，属玩家自由发言（2.3.4），不保真", "2.3.4", "属玩家自由发言"),
        ("感染标记对医生、本人与异形阵营可见（3.3.10）", "3.3.10", "本人与异形阵营可见"),
        ("即池内所记载之身份（4.7.3、4.7.4），二者", "4.7.4", ""),  # a list: each member its own share
        ("第一层抗体（4.5，感染侧专属）", "4.5", ""),  # words besides the citation: it annotates them
        ("感染（3.3）与毒药（4.6.4③）二者", "4.6.4③", "与毒药"),  # back to the bracket before
    ],
)
def test_bracketed_part(text: str, raw: str, part: str) -> None:
    assert citeprinted.bracketed_part(text, text.index(raw)) == part
