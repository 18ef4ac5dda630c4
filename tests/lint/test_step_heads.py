"""Issue 10, twelfth namespace pass: a step cited beside the action that heads another row of the step table
(:mod:`ruleproof.lint.step_heads`), a batch said to go 「随」 a step, and 「与 Y 同窗口」 with the step after the
phrase — edits of the real 返航录 text, linted by family q."""

from __future__ import annotations

import pytest

from ruleproof.lint import step_heads, topics
from ruleproof.lint.context import LintContext
from tests.lint.edited import FAMILY_OR_ALL
from tests.lint.test_step_rows_and_frames import _new_topics

HEADED = "一行之首"  # the words of step_heads' message


def test_a_row_head_is_the_run_of_names_at_its_start(judged: tuple[LintContext, topics._Topics]) -> None:
    _ctx, tp = judged
    homes = step_heads.head_names(tp, tp.places.step_rows)
    assert homes["查验"] == {
        "2"
    }  # row 1 speaks of 查验 past its head (「覆盖当夜的船员查验」), row 0.1 inside it
    assert homes["转化"] == {"0.6"}  # 「进化∕转化∕转职」
    assert homes["救援"] == {"8"}  # inside the bracket: 「医生（治疗∕救援∕自救∕制药）」
    assert homes["外星人"] == {"0.1", "5"}  # two rows open with it: it tells no step


@pytest.mark.parametrize(
    ("old", "new", "clause", "likely"),
    [
        # the action before 「于」: 查验 heads row 2
        ("查验于步骤2结算", "查验于步骤1结算", "4.7.1", "步骤 2"),
        # before 「自」: 转化 heads row 0.6
        ("转化自步骤 0.6 结算完成即生效", "转化自步骤 0.55 结算完成即生效", "5.5.3", "步骤 0.6"),
        # the first row-head term after the step: 神探 is row 2's
        ("早于步骤2的神探查验", "早于步骤3的神探查验", "6.1.1", "步骤 2"),
        # what goes 「随」 a step into a batch is published after that step: ⑤ is 步骤4b后
        ("当夜步骤 4b并入批次⑤的", "当夜步骤 5并入批次⑤的", "5.2", "步骤 4b"),
        # 「与医生的治疗∕救援同窗口结算 … 于步骤 K」: 医生 heads row 8
        ("故清除效果于步骤 8 实际落地", "故清除效果于步骤 7 实际落地", "6.5", "步骤 8"),
    ],
)
@FAMILY_OR_ALL
def test_a_renumbered_step_is_found(old: str, new: str, clause: str, likely: str, whole: bool) -> None:
    new_ones = _new_topics(old, new, whole)
    assert any(likely in m for c, m in new_ones if c == clause), new_ones


def test_a_time_is_not_the_place_of_an_action() -> None:
    # 「查验于步骤 1 结算后」 says when, not at which step 查验 happens: step_heads is silent
    new_ones = _new_topics("查验于步骤2结算", "查验于步骤1结算后", whole=False)
    assert not [m for _c, m in new_ones if HEADED in m], new_ones
