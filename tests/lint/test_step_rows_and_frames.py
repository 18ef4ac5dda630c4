"""Issue 10, eleventh namespace pass: a step or batch retargeted where the words around it are one row's
(before 「于∕在」 past a bracket, inside a bracket after it, after 「批次N 公告」, a publication's name), where
its source stands before it, or where another place says the same words with the old number — edits of
the real 返航录 text, linted by family q (:mod:`ruleproof.lint.step_rowwords`, :mod:`ruleproof.lint.batch_words`,
:mod:`ruleproof.lint.step_frames`)."""

from __future__ import annotations

import pytest

from ruleproof.lint import step_intervals, step_topics, topics
from ruleproof.lint.context import LintContext
from tests.lint.edited import BATCH_OR_ALL, FAMILY_OR_ALL, Edit, added, family_of, mutated, unedited

TOPIC = "citation-topic"


def _new_topics(old: str, new: str, whole: bool) -> set[tuple[str, str]]:
    """(clause, message) of the citation-topic findings the edit adds to the unedited text's."""
    family = None if whole else family_of(TOPIC)
    before = {f.fingerprint() for f in unedited(family) if f.check == TOPIC}
    found = mutated((old, new), family=family)
    return {(f.clause, f.message) for f in found if f.check == TOPIC and f.fingerprint() not in before}


RENUMBERED: list[tuple[str, str, str, str]] = [
    # the words before 「在步骤」, past the bracket citing 4.9: row 10 is 「验票官紧急会议」
    ("紧急会议（4.9）在步骤10增开", "紧急会议（4.9）在步骤11增开", "2.3.3", "步骤 10"),
    # 「配对结果」 before 「（「谁和谁聊了」）于步骤」: row 0's
    ("（「谁和谁聊了」）于步骤 0 结算完成后", "（「谁和谁聊了」）于步骤 0.1 结算完成后", "2.2", "步骤 0"),
    # row 0.5 says 「0.55 的感染致死」: those words are 0.55's, not 0.5's
    ("步骤 0.55 感染致死结算时", "步骤 0.5 感染致死结算时", "6.4.2", "步骤 0.55"),
    # a bracket right after a skipped step says what is skipped: 倒计时 is row 11's
    ("该夜跳过步骤 11（倒计时", "该夜跳过步骤 10（倒计时", "4.9.2", "步骤 11"),
    # 「普通船员查验」 at full length is row 2's alone (4a says 「普通船员协助维修」)
    (
        "步骤 0.1（外星人蛰伏）或步骤 2（普通船员查验",
        "步骤 0.1（外星人蛰伏）或步骤 3（普通船员查验",
        "7.2.1",
        "步骤 2",
    ),
    # the source before the bracket: 3.3.2 is 「医生出手同属步骤 8」
    ("3.3.2（出手同属步骤8）", "3.3.2（出手同属步骤7）", "4.14.1", "步骤 8"),
    # the publication's name: 驱逐 is row ⑩'s (⑪ is 窃听报告)
    ("驱逐公告（批次⑩）之前", "驱逐公告（批次⑪）之前", "2.3.4", "批次⑩"),
    ("其出局公告（批次⑩）", "其出局公告（批次⑨）", "2.6.1", "批次⑩"),
    # the words after 「批次N 公告」: 「各被投票者之编号」 is row ⑨'s
    (
        "随批次⑨公告各被投票者之编号及其得票数，不公开投票者编",
        "随批次⑦公告各被投票者之编号及其得票数，不公开投票者编",
        "附录三",
        "批次⑨",
    ),
    # twelfth pass (step_heads, 随-batches, 同窗口 slots):
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
    # fourteenth pass (a step's act after a verb, rows naming another step's event, stretches of the night):
    # 「于步骤 K 提交破坏行动」: 破坏 heads row 4b (5.2, 6.3 and 3.2.2 say it at 4b)
    ("∕夜（于步骤 4b 提交破坏行动时", "∕夜（于步骤 5 提交破坏行动时", "5.2", "步骤 4b"),
    # 「（该夜步骤 N」 annotates the words before the bracket: 濒死 heads row 0.55
    ("进入濒死（该夜步骤0.55，见 3.3）", "进入濒死（该夜步骤0.6，见 3.3）", "4.10.6", "步骤 0.55"),
    # from the day to a night step: the stretch ends at the table's first row
    (
        "统一于「白天投票之后、当夜步骤 0 之前」发放",
        "统一于「白天投票之后、当夜步骤 0.1 之前」发放",
        "附录一",
        "「步骤 0」",
    ),
    # a stretch whose start does not come before its end
    ("位于步骤 3之后、4a之前", "位于步骤 4b之后、4a之前", "4.4.9", "此段时间为空"),
    # a stretch said for a step that it does not hold
    (
        "时点 步骤 1（0.6 之后、步骤 2之前）",
        "时点 步骤 3（0.6 之后、步骤 2之前）",
        "7.3.1",
        "不在步骤 0.6 与步骤 2 之间",
    ),
]
EDITS = tuple(Edit.of([(old, new)], TOPIC, {clause}) for old, new, clause, _likely in RENUMBERED)


@pytest.mark.parametrize(("old", "new", "clause", "likely"), RENUMBERED)
@BATCH_OR_ALL
def test_a_renumbered_step_or_batch_is_found(
    old: str, new: str, clause: str, likely: str, whole: bool
) -> None:
    """Each case's edit, linted in one text with the other cases of its batch by family q (the suite:
    tests/lint/edited.py, ``batches``) or alone by every family (heavy)."""
    found = added(Edit.of([(old, new)], TOPIC, {clause}), EDITS, whole)
    new_ones = {(f.clause, f.message) for f in found if f.check == TOPIC}
    assert clause in {c for c, _m in new_ones}, new_ones
    assert any(likely in m for c, m in new_ones if c == clause), new_ones


@FAMILY_OR_ALL
def test_a_restated_sentence_with_another_step_is_found(whole: bool) -> None:
    # 5.11 and 6.7 say 「全局限 2 次；于步骤 1 发动，不占用行动窗口」 word for word: one of them edited
    new_ones = _new_topics("全局限 2 次；于步骤1发动", "全局限 2 次；于步骤2发动", whole)
    assert any("以同样的话写作「步骤1」" in m for _c, m in new_ones), new_ones


def test_the_stretches_of_the_real_text_agree_with_its_step_table(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    # every 「A 之后、B 之前」 of 返航录 (day-to-night ones, 「上一夜步骤 9 …后、当夜步骤 0 之前」, stretches said for
    # steps 0.1, 1, 3.5, 8) is read, and none is reported
    ctx, tp = judged
    read = [
        m
        for u in ctx.units_outside_log()
        for m in (
            *step_intervals._AFTER_BEFORE.finditer(u.text),
            *step_intervals._LATER_EARLIER.finditer(u.text),
        )
    ]
    assert len(read) >= 20
    assert not list(step_intervals.run(ctx, tp))


def test_a_row_naming_another_steps_event_does_not_say_it(judged: tuple[LintContext, topics.Topics]) -> None:
    # row 0.5 「感染抑制须于本步骤抢先使用，方可延后 0.55 的感染致死」 names 0.55's event by its step
    _ctx, tp = judged
    rows = tp.places.step_rows
    assert not step_topics._row_says(tp, rows, "0.5", "感染致死")
    assert step_topics._row_says(tp, rows, "0.55", "感染致死")
    assert step_topics._row_says(tp, rows, "0.5", "感染抑制")
