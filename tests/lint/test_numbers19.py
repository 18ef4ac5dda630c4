"""Issue 10, eighteenth pass (numbers19): a count before a dash and its labelled list, and a position said
twice in one sentence with its whole phrase."""

from __future__ import annotations

import pytest

from ruleproof.findings import Finding
from ruleproof.lint import run_lint
from tests.conftest import doc_from_text
from tests.lint.edited import FAMILY_OR_ALL, new_findings

MISMATCH = "restatement-mismatch"
NUMBER_CHECKS = (MISMATCH, "position-schedule", "enumeration-count", "arithmetic-mismatch")

BOOK = """示例规则书 · 正文 v0.1

1.1 豁免

③封锁期间：仅三项⸺①自救（1.2）；②私聊（1.3）；③投票。③附·时序：其余一律不豁免。④其余照常。

1.2 伪装

伪装池与船员第 2 次查证池同步自适应：全部职业⸺与船员第 2 次查证池同步自适应，其项数随本局而定。

1.3 查验

船员第 1 次查验与第 2 次查验分别计算；查验池与船员第 2 次查证池同步自适应。

1.4 出刀

每夜至多 1 刀，目标须为存活者。

1.5 追击

追击者出刀不消耗刀数；除此之外仍受1.4的全部目标限制，同夜至多 1 刀。
"""


def found(text: str) -> list[Finding]:
    return [f for f in run_lint(doc_from_text(text)) if f.check in NUMBER_CHECKS]


def test_the_synthetic_book_is_clean() -> None:
    # 1.1's list ends at 「③附」 (a label that starts over); 1.3 counts two positions apart
    assert found(BOOK) == []


def test_a_count_before_a_dash_and_its_labelled_list() -> None:
    got = found(BOOK.replace("仅三项⸺", "仅四项⸺"))
    assert [(f.check, f.clause) for f in got] == [("enumeration-count", "1.1")], [f.message for f in got]
    assert got[0].extra == {"stated": 4, "listed": 3}


def test_labels_past_the_count_across_items_are_not_judged() -> None:
    # as after a colon: past the count, the clause's own items may go on numbering (items end in 「；」)
    assert found(BOOK.replace("仅三项⸺", "仅两项⸺")) == []


def test_a_list_that_may_go_on_is_not_judged_short() -> None:
    # no label starts over and the list runs past what is read: the count may be right
    long_item = "（" + "很长的说明" * 90 + "）"
    text = BOOK.replace("③附·时序：其余一律不豁免。④其余照常。", long_item)
    assert found(text.replace("仅三项⸺", "仅四项⸺")) == []


def test_a_position_said_twice_in_its_whole_phrase_is_one_position() -> None:
    got = found(BOOK.replace("全部职业⸺与船员第 2 次", "全部职业⸺与船员第 3 次"))
    assert [(f.check, f.clause) for f in got] == [(MISMATCH, "1.2")], [f.message for f in got]


def test_two_positions_counted_apart_stay_apart() -> None:
    # 「第 1 次查验与第 2 次查验」: two positions side by side whose words after part
    assert found(BOOK.replace("船员第 1 次查验与第 2 次查验", "船员第 1 次查验与第 3 次查验")) == []


def test_a_bound_under_a_cited_clause_s_limits_restates_it() -> None:
    got = found(BOOK.replace("同夜至多 1 刀", "同夜至多 2 刀"))
    assert [(f.check, f.clause) for f in got] == [(MISMATCH, "1.5")], [f.message for f in got]
    # the owner edited: the restatement under its limits disagrees
    assert [(f.check, f.clause) for f in found(BOOK.replace("每夜至多 1 刀", "每夜至多 2 刀"))] == [
        (MISMATCH, "1.5")
    ]


def test_a_bound_with_other_words_between_is_not_linked() -> None:
    # 「限制，追加出刀至多 2 刀」: the words between name another quantity
    assert found(BOOK.replace("同夜至多 1 刀", "追加出刀至多 2 刀")) == []


def _new(old: str, new: str, whole: bool) -> set[tuple[str, str]]:
    """New findings of the number checks on the real text with ``old`` replaced by ``new``: (check, clause)."""
    return new_findings(old, new, NUMBER_CHECKS, whole)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # 2.8.3 ④ 「仅四项⸺①…②…③…④私聊」, then 「④附」 starts over
        ("仅四项⸺①", "仅五项⸺①", {("enumeration-count", "2.8.3")}),
        # 5.4.1 「仍受5.6的全部目标限制，同夜至多 1 刀」 restates 5.6.1 「每夜至多 1 刀」
        ("限制，同夜至多 1 刀", "限制，同夜至多 2 刀", {(MISMATCH, "5.4.1")}),
        ("每夜至多 1 刀，且须刀数", "每夜至多 2 刀，且须刀数", {(MISMATCH, "5.4.1")}),
        # 7.3.1 「伪装身份池与船员第 2 次查证池同步自适应：…⸺与船员第 2 次查证池同步自适应」 and its table row
        ("⸺与船员第 2 次查证池同步自适应，", "⸺与船员第 3 次查证池同步自适应，", {(MISMATCH, "7.3.1")}),
        (
            "伪装身份池与船员第 2 次查证池同步自适应：",
            "伪装身份池与船员第 1 次查证池同步自适应：",
            {(MISMATCH, "7.3.1")},
        ),
    ],
)
@FAMILY_OR_ALL
def test_on_the_real_text(old: str, new: str, expected: set[tuple[str, str]], whole: bool) -> None:
    assert _new(old, new, whole) == expected
