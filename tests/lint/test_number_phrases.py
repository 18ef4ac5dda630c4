"""Issue 10, seventeenth pass (numbers18): numbers the frames and links did not join — the whole phrase said
again side by side, an owner with a value per condition, a threshold and the position after it, a comparator's
unit word, a noun's classifier, a citing bracket before a dash, a choice counted again, a cap glossed in its
own bracket, a citation beside the number."""

from __future__ import annotations

import pytest

from ruleproof.findings import Finding
from ruleproof.lint import run_lint
from tests.conftest import doc_from_text
from tests.lint.edited import FAMILY_OR_ALL, new_findings

MISMATCH = "restatement-mismatch"
NUMBER_CHECKS = (MISMATCH, "position-schedule", "enumeration-count", "arithmetic-mismatch")

BOOK = """示例规则书 · 正文 v0.1

1.1 胜负

1.红方：决斗时刻（红方存活）僵持满3夜的次夜判定取胜。2.蓝方：决斗时刻（蓝方存活）僵持满3夜的次夜判定取胜。

1.2 助攻

① 濒死型·助攻分：1.0 分，不区分阵营。② 追溯型·助攻分：0.5 分，不区分阵营。

1.3 双刀

刀数：未觉醒时每夜至多1刀；觉醒后每夜至多 2 刀。

1.4 击杀

每夜出刀数依 1.3（未觉醒至多 1 刀、觉醒后至多 2刀）；目标须为存活者。

1.5 染血

同一攻击个体累计达 3 次出刀致濒死后，自其第 4 次及以后每一次出刀，受攻击者得知其编号。

1.6 进化

方向破坏∕感染∕击杀三选一（方向不限于此三项；新增方向由专门条款明定）。

1.7 计分

沉默者 0.5 分。本项累计上限 3 分（至多 6 次）。
"""


def found(text: str) -> list[Finding]:
    return [f for f in run_lint(doc_from_text(text)) if f.check in NUMBER_CHECKS]


def test_the_synthetic_book_is_clean() -> None:
    # 1.1 says one phrase twice; 1.2 says two labelled scores side by side (two quantities); 1.3 two conditions
    # (and 1.1's 「（红方存活）」「（蓝方存活）」 are no positions)
    assert found(BOOK) == []


def test_the_whole_phrase_said_again_side_by_side_is_one_quantity() -> None:
    got = found(BOOK.replace("（蓝方存活）僵持满3夜", "（蓝方存活）僵持满4夜"))
    assert [(f.check, f.clause) for f in got] == [(MISMATCH, "1.1")], [(f.clause, f.message) for f in got]
    assert "原文未示何者为准" in got[0].message


def test_two_labelled_values_side_by_side_stay_two_quantities() -> None:
    # 「濒死型·助攻分」 and 「追溯型·助攻分」: the words before name two things, whatever follows
    assert found(BOOK.replace("② 追溯型·助攻分：0.5 分", "② 追溯型·助攻分：0.6 分")) == []


@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [
        ("（未觉醒至多 1 刀", "（未觉醒至多 2 刀", "1.4"),
        ("觉醒后至多 2刀）", "觉醒后至多 3刀）", "1.4"),
        ("未觉醒时每夜至多1刀", "未觉醒时每夜至多2刀", "1.4"),  # the owner edited: its restatement disagrees
    ],
)
def test_a_restatement_of_one_condition_is_linked_to_it(old: str, new: str, clause: str) -> None:
    got = found(BOOK.replace(old, new))
    assert [(f.check, f.clause) for f in got] == [(MISMATCH, clause)], [(f.clause, f.message) for f in got]
    assert "觉醒" in got[0].message


def test_a_restatement_without_the_condition_words_is_not_linked() -> None:
    # 「至多 2 刀」 alone names no condition of 1.3: nothing says which of the two it restates
    assert found(BOOK.replace("觉醒后至多 2刀）", "至多 3刀）")) == []


@pytest.mark.parametrize(("old", "new"), [("累计达 3 次", "累计达 2 次"), ("自其第 4 次", "自其第 5 次")])
def test_the_position_after_a_threshold_is_the_next_one(old: str, new: str) -> None:
    got = found(BOOK.replace(old, new))
    assert [(f.check, f.clause) for f in got] == [("position-schedule", "1.5")]
    assert got[0].extra["kind"] == "threshold"


def test_the_position_after_a_threshold_counts_what_it_counts() -> None:
    got = found(BOOK.replace("累计达 3 次出刀", "累计达 3 夜出刀"))
    assert [(f.check, f.clause) for f in got] == [("position-schedule", "1.5")]
    assert got[0].extra["kind"] == "threshold-unit"


def test_a_threshold_counted_from_itself_is_not_judged() -> None:
    # no 后: 「达 3 次时，自第 3 次起」 counts from the threshold itself
    text = BOOK.replace("累计达 3 次出刀致濒死后，自其第 4 次", "累计达 3 次时，自其第 3 次")
    assert found(text) == []


def test_a_choice_counted_again_must_agree() -> None:
    got = found(BOOK.replace("不限于此三项", "不限于此四项"))
    assert [(f.check, f.clause) for f in got] == [("enumeration-count", "1.6")]
    assert got[0].extra == {"stated": 3, "listed": 4, "options": []}


def test_a_cap_glossed_in_the_same_unit_word_must_agree() -> None:
    got = found(BOOK.replace("上限 3 分（", "上限 3 次（"))
    assert [(f.check, f.clause) for f in got] == [("arithmetic-mismatch", "1.7")]
    assert found(BOOK.replace("上限 3 分（至多 6 次）", "上限 6 次（至多 6 次）")) == []


# a noun counted in a classifier of things, and a comparator's count, four times each
NOUNS = """示例规则书 · 正文 v0.1

1.1 警长

警长初始持有 1 发子弹。全场存活≤ 6 名时获得 1 发子弹。

1.2 猎手

猎手初始持有 2 发子弹。全场存活≤ 6 名时另得 1 发子弹。

1.3 枪手

枪手初始持有 1 发子弹。全场存活≤ 6 名时亦得 1 发子弹。

1.4 目标

可只指定 1 个目标；每指定 1 名目标消耗 1 次额度；每次指定 1 名目标；至多 1 名目标；全场存活≤ 6 名时不变。
"""


def test_the_nouns_book_is_clean() -> None:
    # 「1 个目标」 against 「1 名目标」 ×3: a target is counted in two words by habit, not a thing's classifier
    assert found(NOUNS) == []


def test_a_noun_miscounted_in_another_word_is_found() -> None:
    got = found(NOUNS.replace("另得 1 发子弹", "另得 1 次子弹"))
    assert [(f.check, f.clause) for f in got] == [(MISMATCH, "1.2")], [(f.clause, f.message) for f in got]
    assert "子弹" in got[0].message and "发" in got[0].message


def test_a_comparator_count_in_another_word_is_found() -> None:
    got = found(NOUNS.replace("全场存活≤ 6 名时亦得", "全场存活≤ 6 只时亦得"))
    assert [(f.check, f.clause) for f in got] == [(MISMATCH, "1.3")], [(f.clause, f.message) for f in got]


def _new(old: str, new: str, whole: bool) -> set[tuple[str, str]]:
    """New findings of the number checks on the real text with ``old`` replaced by ``new``: (check, clause)."""
    return new_findings(old, new, NUMBER_CHECKS, whole)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # 1.2.1 says 「僵持满3夜的次夜判定取胜」 for the humans and for the aliens, two sentences apart
        ("时刻（外星人存活）僵持满3夜", "时刻（外星人存活）僵持满4夜", {(MISMATCH, "1.2.1")}),
        # 6.6 restates 6.2's two conditions
        ("觉醒后至多 2刀）", "觉醒后至多 3刀）", {(MISMATCH, "6.6")}),
        # 2.5.4 restates 5.3's 3 名 for 感染进化者 and 2 名 for the rest
        ("仅感染进化者至多 3 名", "仅感染进化者至多 4 名", {(MISMATCH, "2.5.4")}),
        ("其余一律至多2名）", "其余一律至多1名）", {(MISMATCH, "2.5.4")}),
        # 7.2.7 ③: 累计达 3 次 … 自其第 4 次 (and the position's whole phrase 「后，自其第 4 次及以后每一次出刀」
        # is said twice in 7.2.7)
        (
            "达 3 次出刀致濒死后，自其第 4 次",
            "达 3 次出刀致濒死后，自其第 5 次",
            {("position-schedule", "7.2.7"), (MISMATCH, "7.2.7")},
        ),
        # a position whose whole phrase repeats: 4.4.3 「初始 1发＋第 5 夜 1 发即达 2 发」 and 4.4.6's, 2.3.1 ×2
        ("作用点⸺初始 1发＋第 5 夜", "作用点⸺初始 1发＋第 6 夜", {(MISMATCH, "4.4.3")}),
        ("结束后即进入第 1 夜步骤0", "结束后即进入第 2 夜步骤0", {(MISMATCH, "2.3.1")}),
        # 7.2.7 「累计达 3 次「出刀致濒死」后，自其第 4 次」 with 次 slipped to 夜
        ("同一攻击个体累计达 3 次", "同一攻击个体累计达 3 夜", {("position-schedule", "7.2.7")}),
        # 1.2.2 「存活≤6 名」 against 「全场存活≤ 6 名」 in 4.4.3, 4.4.6, 4.4.7 and the card
        ("觉醒之存活≤6 名", "觉醒之存活≤6 只", {(MISMATCH, "1.2.2")}),
        # 4.4.6 ⑥ 「子弹余量与 2发上限」 among the text's six 「子弹…2发上限」 (5.5's 「2次上限」 is 转化's)
        ("子弹余量与 2发上限", "子弹余量与 2次上限", {(MISMATCH, "4.4.6")}),
        # 4.4.3 「获得 1 发子弹」 among the text's 「N 发子弹」
        ("警长获得 1 发子弹", "警长获得 1 次子弹", {(MISMATCH, "4.4.3")}),
        # 4.14.5 「研 专属（4.14.3）⸺每夜至多1次」 against 4.14.3's 「每夜至多研制1次」
        ("4.14.3）⸺每夜至多1次", "4.14.3）⸺每夜至多2次", {(MISMATCH, "4.14.5")}),
        # 5.1 「三选一（方向不限于此三项」
        ("击杀三选一（方向不限于此三项", "击杀三选一（方向不限于此四项", {("enumeration-count", "5.1")}),
        # 6.9.1 「本项累计上限 3 分（至多 6 次）」 with 分 slipped to 次
        (
            "沉默者 0.5 分。本项累计上限 3 分",
            "沉默者 0.5 分。本项累计上限 3 次",
            {("arithmetic-mismatch", "6.9.1")},
        ),
        # 3.3.1 「产物二选一」 against 4.14.1 「3.3.1制药之产物二选一」 and 2.8.9
        ("投入 2夜、产物二选一", "投入 2夜、产物三选一", {(MISMATCH, "3.3.1")}),
    ],
)
@FAMILY_OR_ALL
def test_on_the_real_text(old: str, new: str, expected: set[tuple[str, str]], whole: bool) -> None:
    assert _new(old, new, whole) == expected
