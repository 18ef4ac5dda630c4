"""Issue 10, sixteenth pass: a number told by the words after it (「累计达 3 次出刀致濒死后」), when the words
before it name little once the qualifiers are set aside."""

from __future__ import annotations

import pytest

from ruleproof.findings import Finding
from ruleproof.lint import run_lint
from tests.conftest import doc_from_text
from tests.lint.edited import FAMILY_OR_ALL, family_of, mutated, unedited
from tests.lint.test_number_leads_and_measures import _new_mismatches

MISMATCH = "restatement-mismatch"

# 1.1 and the appendix say 「累计达 3 次出刀致濒死后」 with different words before 累计达; 1.2 says the same
# thing twice in one clause; 1.3 and 1.4 say 「方累计达 N 次出局」 of two different sides
BOOK = """示例规则书 · 正文 v0.1

1.1 染血

同一攻击个体累计达 3 次出刀致濒死后，自其第 4 次起每次出刀皆留痕，留痕于当夜结算后公告，公告只列编号不列阵营，亦不说明留痕来自哪一次出刀。另，同一计数主体累计达 3 次出刀致濒死后，其痕迹不可清除。

1.2 冷却

变形须受冷却：每次变形后，累计达 2 夜冷却期满方可再变形，冷却不跨局；冷却期间不得发动任何与变形相关的技能，亦不得以其他技能代替变形，冷却结束之夜自动恢复。

本条之外，凡变形者，累计达 2 夜冷却期满方可再变形，不设例外。

1.3 红方

红方累计达 3 次出局即判负。

1.4 蓝方

蓝方累计达 4 次出局即判负。

附录一 速查

染血 异形个体累计达 3 次出刀致濒死后，自其第 4 次起留痕（1.1）
"""


def mismatches(text: str) -> list[Finding]:
    return [f for f in run_lint(doc_from_text(text)) if f.check == MISMATCH]


def test_the_synthetic_book_is_clean() -> None:
    assert mismatches(BOOK) == []


def test_a_value_said_once_against_the_same_words_after_it_is_found() -> None:
    old = "另，同一计数主体累计达 3 次"
    found = mismatches(BOOK.replace(old, "另，同一计数主体累计达 4 次"))
    assert [f.clause for f in found] == ["1.1"], [(f.clause, f.message) for f in found]
    assert "累计达4次" in found[0].message and "累计达3次" in found[0].message
    assert found[0].extra["decided"] is True


def test_two_statements_in_one_clause_are_reported_without_a_verdict() -> None:
    found = mismatches(BOOK.replace("凡变形者，累计达 2 夜", "凡变形者，累计达 3 夜"))
    assert [f.clause for f in found] == ["1.2"], [(f.clause, f.message) for f in found]
    assert found[0].extra["decided"] is False and "原文未示何者为准" in found[0].message


def test_two_places_joined_only_by_these_words_are_not_judged() -> None:
    # 1.3 and 1.4 already say 3 and 4: two sides, nothing says they are one quantity
    assert not [f for f in mismatches(BOOK) if f.clause in ("1.3", "1.4")]


def test_too_few_shared_words_before_the_number_join_nothing() -> None:
    # 「主体累计达」 → 「主体合计」: two characters before the number in common are not enough
    text = BOOK.replace("另，同一计数主体累计达 3 次", "另，同一计数主体总数共 4 次")
    assert mismatches(text) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # 7.2.7 ③ against 7.2.7's own 「同一攻击个体累计达 3 次「出刀致濒死」后」 and the two appendices
        ("同一计数主体累计达 3 次出刀致濒死后", "同一计数主体累计达 4 次出刀致濒死后"),
        ("同一计数主体累计达 3 次出刀致濒死后", "同一计数主体累计达 2 次出刀致濒死后"),
    ],
)
@FAMILY_OR_ALL
def test_on_the_real_text(old: str, new: str, whole: bool) -> None:
    assert {c for c, _ in _new_mismatches(old, new, whole)} == {"7.2.7"}


# a rate and a whole-game quota are counted in 次 throughout, or in 个夜晚 where the text says so three times
RATES = """示例规则书 · 正文 v0.1

1.1 查验

每夜至多 1 次，全局限 3 次。

1.2 保护

每夜至多 1 次，全局限 2 次。

1.3 嗅探

每夜至多 1 次；全局限 2 个夜晚。

1.4 巡逻

每夜至多 1 次；全局限 2 个夜晚，不因目标数而增。

1.5 附录式复述

嗅探以夜晚数计，全局限 2 个夜晚。查验全局限 3 次。保护全局限 2 次。
"""


def test_the_rates_book_is_clean() -> None:
    assert mismatches(RATES) == []


@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [
        ("1.2 保护\n\n每夜至多 1 次", "1.2 保护\n\n每夜至多 1 夜", "1.2"),
        ("全局限 2 次。\n\n1.3", "全局限 2 夜。\n\n1.3", "1.2"),
    ],
)
def test_a_unit_word_said_once_after_rate_qualifiers_is_found(old: str, new: str, clause: str) -> None:
    assert RATES.count(old) == 1
    found = mismatches(RATES.replace(old, new))
    assert [f.clause for f in found] == [clause], [(f.clause, f.message) for f in found]
    assert "单位不一致" in found[0].message


def test_a_second_habit_said_twice_is_not_judged() -> None:
    # 「个夜晚」 said only twice is no habit: 「全局限 2 夜」 against it and 次 is not judged
    text = RATES.replace("嗅探以夜晚数计，全局限 2 个夜晚。", "嗅探以夜晚数计。").replace(
        "全局限 2 次。\n\n1.3", "全局限 2 夜。\n\n1.3"
    )
    assert mismatches(text) == []


@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [
        # 2.8.1 「强力乔装不改技能、全局至多 1 次」 among the text's 「全局至多 N 次」
        ("强力乔装不改技能、全局至多 1 次", "强力乔装不改技能、全局至多 1 夜", "2.8.1"),
        # 6.7 「全局限 2 次」 among 「全局 N 次」 and 「全局限 2 个夜晚」
        ("多 1 次，全局限 2 次；于步骤1发动", "多 1 次，全局限 2 夜；于步骤1发动", "6.7"),
    ],
)
@FAMILY_OR_ALL
def test_rates_on_the_real_text(old: str, new: str, clause: str, whole: bool) -> None:
    assert {c for c, _ in _new_mismatches(old, new, whole)} == {clause}


def _counts(text: str) -> list[Finding]:
    return [f for f in run_lint(doc_from_text(text)) if f.check == "enumeration-count"]


CHOICE = BOOK.replace(
    "附录一 速查", "1.5 警长\n\n巡逻与开枪【同一夜二选一】：仅限制当夜两者不能同用。\n\n附录一 速查"
)


def test_a_count_inside_a_label_bracket_reads_the_options_before_it() -> None:
    assert _counts(CHOICE) == []
    found = _counts(CHOICE.replace("二选一", "三选一"))
    assert len(found) == 1 and found[0].clause == "1.5" and found[0].extra["listed"] == 2


@FAMILY_OR_ALL
def test_a_count_inside_a_label_bracket_on_the_real_text(whole: bool) -> None:
    family = None if whole else family_of("enumeration-count")
    old, new = "巡逻与开枪【同一夜二选一】", "巡逻与开枪【同一夜三选一】"
    before = {f.fingerprint() for f in unedited(family) if f.check == "enumeration-count"}
    found = [
        f
        for f in mutated((old, new), family=family)
        if f.check == "enumeration-count" and f.fingerprint() not in before
    ]
    assert [f.clause for f in found] == ["4.4.4"]
