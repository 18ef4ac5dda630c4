"""Family q on the real text (issue 10): a citation in a step row, a ten-gate answer or an item-table row is
judged by the row's own head (:mod:`ruleproof.lint.rowheads`)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from ruleproof.books import load_source
from ruleproof.lint import rowheads, topics
from ruleproof.lint.context import LintContext, Unit
from ruleproof.text.model import Ref
from tests.conftest import doc_from_text
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets


@pytest.fixture
def judged(judged_plain: tuple[LintContext, topics.Topics]) -> tuple[LintContext, topics.Topics]:
    return judged_plain  # the text alone, without the spec's knowledge (tests/lint/conftest.py)


def _at(
    judged: tuple[LintContext, topics.Topics], unit: str, raw: str, nth: int = 0
) -> tuple[Unit, int, Ref]:
    """The ``nth`` judged citation ``raw`` of ``unit``, where it stands."""
    ctx, tp = judged
    found = []
    for ref in ctx.doc.refs():
        u = topics.judged_unit(ctx, ref)
        if u is None or u.id != unit or ref.raw != raw:
            continue
        at = tp.locate(u, ref)
        if at is not None:
            found.append((u, at, ref))
    return sorted(found, key=lambda f: f[1])[nth]


@pytest.mark.parametrize(
    ("unit", "raw", "head"),
    [
        ("2.1.1", "7.3", "乔装"),  # the step row 「1乔装 异形∕外星人于本步骤伪装身份（7.3）」
        ("附录三", "7.2.2", "外星人击杀∕双刀"),  # 「5 外星人击杀∕双刀 无（7.2.2 私人反馈）」
        ("4.3.1", "2.8.2⑥", "伤害侧层序"),  # the ten-gate answer 「③伤害侧层序＝…依 2.8.2⑥〔适用〕」
        ("4.11.1", "4.10.5", "层序"),  # the item-table row 「② 层序 …」
    ],
)
def test_the_row_head_is_the_step_gate_or_item_heading(
    judged: tuple[LintContext, topics.Topics], unit: str, raw: str, head: str
) -> None:
    u, at, _ref = _at(judged, unit, raw, 1 if unit == "4.3.1" else 0)
    assert rowheads.row_head(judged[1], u, at) == head


@pytest.mark.parametrize(
    ("unit", "raw", "nth", "wrong"),
    [
        # 乔装 is 7.3's title (乔装通则); 7.1 says it only just before citing 7.3 (mutate seed 2, cite-003)
        ("2.1.1", "7.3", 0, "7.1"),
        # gate ③ is 伤害侧: 2.8.2⑥ is headed 「现行层序·伤害侧」, ⑦ 「现行层序·感染侧」 (seed 3, cite-009)
        ("4.3.1", "2.8.2⑥", 1, "⑦"),
        # 2.1.6's row 「⑥ 死亡名单（格式见4.10）」: 4.10 is 死亡与濒死…, 4.11 工匠
        ("2.1.6", "4.10", 0, "4.11"),
    ],
)
def test_a_retargeted_row_citation_names_the_place_its_head_names(
    judged: tuple[LintContext, topics.Topics], unit: str, raw: str, nth: int, wrong: str
) -> None:
    _u, at, ref = _at(judged, unit, raw, nth)
    assert_retarget_caught(judged, rowheads.row_verdict, (ref, at), wrong, meant=raw)


def test_the_finding_quotes_the_head_s_words_whole() -> None:
    """The matched two-character words are shown as the head's runs: 「伤害」「害侧」 → 伤害侧 (not 层序, which
    ⑦ says too); a run one character short of its piece is the whole piece (「度记」「记账」 → 额度记账)."""
    assert rowheads._shown("伤害侧层序", ["伤害", "害侧"]) == ["伤害侧"]
    assert rowheads._shown("额度记账", ["度记", "记账"]) == ["额度记账"]
    assert rowheads._shown("外星人击杀∕双刀", ["双刀"]) == ["双刀"]


def test_a_cell_that_says_what_it_cites_is_not_judged_by_its_row(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """附录三 「1 乔装（7.3）：…无（不设批次，归入 7.1 不公开；…）」: the row is 乔装's (7.3's title), but 7.1 is
    cited for 不公开, which the cell says and 7.1 says."""
    u, at, ref = _at(judged, "附录三", "7.1")
    assert rowheads.row_head(judged[1], u, at) == "乔装"
    assert rowheads.row_fit(judged[1], u, at, ref) is None


def test_the_next_gate_after_a_clause_id_is_not_an_item(judged: tuple[LintContext, topics.Topics]) -> None:
    """4.11.6 「⑦额度记账…记账依2.9⑧不新增批次⑨已标注」: the reader took gate ⑧'s answer for 2.9's item ⑧;
    its heading (状态限制) is not 额度记账, yet nothing is reported — the label is the gate's."""
    u, at, ref = _at(judged, "4.11.6", "2.9⑧")
    assert rowheads.row_head(judged[1], u, at) == "额度记账"
    assert rowheads._next_gate(judged[1], u, at, ref)
    assert rowheads.row_fit(judged[1], u, at, ref) is None
    other = dataclasses.replace(ref, target_item="⑨")  # a label that is no gate's answer here is judged
    assert not rowheads._next_gate(judged[1], u, at, other)


def test_no_row_citation_of_the_real_text_is_reported(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every clause and item citation in a row, at its own target: the rule reports none (ci/sim_citations.py's
    own flags stay the four known ones)."""
    tp = judged[1]
    # step rows, gate answers and item-table rows are all read
    assert_silent_at_own_targets(
        judged,
        rowheads.row_verdict,
        where=lambda unit, at, _ref: rowheads.row_head(tp, unit, at),
        at_least=300,
    )


def test_a_checklist_without_a_gate_still_leaves_that_gate_s_answers_alone() -> None:
    """A revision that drops gate ⑧ from 2.8.10's checklist does not turn 4.11.6's answer 「记账依2.9⑧不新增
    批次」 into a citation of 2.9's item ⑧: the next gate after ⑦ is ⑧ by its numeral, whatever the checklist
    lists (found measuring the merge: mutate seed 1's gate-003 reported 4.11.6, a clause it did not touch)."""
    text = load_source(None).data.decode("utf-8")
    dropped = re.subn(r"⑧是否新增或改变任[^｜]*｜", "", text)
    assert dropped[1] == 1
    ctx = LintContext(doc_from_text(dropped[0]))
    found = [f for f in topics.run(ctx) if f.check == "citation-topic" and f.clause == "4.11.6"]
    assert found == []
