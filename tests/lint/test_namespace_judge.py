"""Issue 10, thirteenth namespace pass: a step or batch citation weighed against the rows a renumbering lands
on (:mod:`ruleproof.lint.rowweigh`) — real citations of 返航录 at their own targets and retargeted to a
neighbouring row, as a renumbering edit leaves them."""

from __future__ import annotations

import pytest

from ruleproof.lint import rowweigh
from ruleproof.text.model import RefKind
from tests.lint.citing import (
    Judged,
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
    citation_near,
)

NAMESPACE = (RefKind.NIGHT_STEP, RefKind.BATCH)


def test_silent_on_every_step_and_batch_citation_of_the_text(judged: Judged) -> None:
    # the precision guard: the text's own 394 step and batch citations, the tables' notes among them
    asked = assert_silent_at_own_targets(judged, rowweigh.weigh_verdict, kinds=NAMESPACE, at_least=350)
    assert any(unit.id == "2.1.1" for unit, _at, _ref in asked)  # the step table's notes are asked too


@pytest.mark.parametrize(
    ("clause", "raw", "before", "after", "wrong", "meant"),
    [
        # the hand study's batch: 「所载之死亡者」 is what batch ⑥ (死亡名单) publishes, not ⑤ or ⑦
        ("4.13.1", "批次⑥", "即本次", "所载之死亡者", "⑦", "批次⑥"),
        ("4.13.1", "批次⑥", "即本次", "所载之死亡者", "⑤", "批次⑥"),
        # 「次日白天首次发言前」 before it: row ⑪'s time column (⑩ is published after the vote)
        ("附录二", "批次⑪", "次日白天首次发言前随", "发布", "⑩", "批次⑪"),
        # the words after the step head row 2 (查验∕巡逻普通船员查验、神探查验), printed in two rows at most
        ("6.1.1", "步骤2", "早于", "的神探查验", "3", "步骤 2"),
        # 「制药需占用」: row 8 heads with 医生（治疗∕救援∕自救∕制药）
        ("2.4.2", "步骤 8", "制药需占用", " 并主动推进", "9", "步骤 8"),
        # what is settled at the step is said before 「于」, even with 「结算后」 after it
        ("4.1.3", "步骤 4a", "协助维修者于", " 结算后获得", "3.5", "步骤 4a"),
        # the batch table's time column: ③ publishes 查验∕巡逻∕神探 counts, step 2's events
        ("2.1.6", "步骤2", "神探公告", "后", "3", "步骤 2"),
        # the step table's preamble names each step it orders by what happens there
        ("2.1.1", "步骤 2", "早于", " 的神探查验", "1", "步骤 2"),
    ],
)
def test_a_neighbouring_row_that_clearly_fits_better_is_named(
    judged: Judged, clause: str, raw: str, before: str, after: str, wrong: str, meant: str
) -> None:
    _ctx, tp = judged
    cited = citation_near(tp, clause, raw, before=before, after=after)
    found = assert_retarget_caught(judged, rowweigh.weigh_verdict, cited, wrong, meant=meant)
    assert found[1], found  # the words that fit the row meant


@pytest.mark.parametrize(
    ("clause", "raw", "before", "after", "wrong"),
    [
        # 「晚于步骤7」: the words before say what is compared with the step (医生救援 is 8's), not what is at it
        ("6.8.4", "步骤7", "晚于", "、早于", "6"),
        # 「是否最终死亡、是否被步骤 8救回」: 死亡 is another member of the list
        ("7.2.7", "步骤 8", "是否被", "救回", "7"),
        # 「步骤 2 之前」 says when, not what happens at step 2
        ("2.1.1", "步骤 2", "排在", " 之前", "3"),
    ],
)
def test_words_that_are_not_the_rows_are_not_weighed(
    judged: Judged, clause: str, raw: str, before: str, after: str, wrong: str
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before, after=after)
    assert assert_retarget_left(judged, rowweigh.weigh_verdict, cited, wrong).id == clause


def test_a_word_many_rows_print_tells_no_row(judged: Judged) -> None:
    # 「当夜」「结算」 are every row's; 濒死 is printed by rows 0.55 and 9 — worth half a row-word each
    _ctx, tp = judged
    table = rowweigh._table(tp, batch=False)
    assert table is not None
    assert rowweigh._score(table, "9", {"结算": 1.0, "当夜": 1.0})[0] == 0.0
    assert rowweigh._score(table, "9", {"死亡": 1.0})[0] == 2.0  # the head of row 9 alone: 死亡结算
    assert 0 < rowweigh._score(table, "0.55", {"濒死": 1.0})[0] < 1.0
