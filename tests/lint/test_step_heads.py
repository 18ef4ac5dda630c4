"""Issue 10, twelfth namespace pass: a step cited beside the action that heads another row of the step table
(:mod:`ruleproof.lint.step_heads`), a batch said to go 「随」 a step, and 「与 Y 同窗口」 with the step after the
phrase — edits of the real 返航录 text, linted by family q (the catches are rows of
tests/lint/test_step_rows_and_frames.py's table)."""

from __future__ import annotations

from ruleproof.lint import step_heads, topics
from ruleproof.lint.context import LintContext
from tests.lint.test_step_rows_and_frames import _new_topics

HEADED = "一行之首"  # the words of step_heads' message


def test_a_row_head_is_the_run_of_names_at_its_start(judged: tuple[LintContext, topics.Topics]) -> None:
    _ctx, tp = judged
    homes = step_heads.head_names(tp, tp.places.step_rows)
    assert homes["查验"] == {
        "2"
    }  # row 1 speaks of 查验 past its head (「覆盖当夜的船员查验」), row 0.1 inside it
    assert homes["转化"] == {"0.6"}  # 「进化∕转化∕转职」
    assert homes["救援"] == {"8"}  # inside the bracket: 「医生（治疗∕救援∕自救∕制药）」
    assert homes["外星人"] == {"0.1", "5"}  # two rows open with it: it tells no step


def test_a_time_is_not_the_place_of_an_action() -> None:
    # 「查验于步骤 1 结算后」 says when, not at which step 查验 happens: step_heads is silent
    new_ones = _new_topics("查验于步骤2结算", "查验于步骤1结算后", whole=False)
    assert not [m for _c, m in new_ones if HEADED in m], new_ones
