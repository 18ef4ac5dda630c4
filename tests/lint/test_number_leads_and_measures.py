"""Issue 10, seventh number pass: a verb said with two values told apart by what its sentence says it
of, and measures (「以「每夜 1 次」计量」) joined by the citations between the clauses that state them."""

from __future__ import annotations

import pytest

from ruleproof.findings import Finding
from ruleproof.lint import run_lint
from tests.conftest import doc_from_text
from tests.lint.edited import FAMILY_OR_ALL, family_of, mutated, unedited

MISMATCH = "restatement-mismatch"

# 普通乔装 consumes 1, 强力乔装 2: the verb 消耗 takes two values, and the lead word tells them apart
DISGUISE = """示例规则书 · 正文 v0.1

1.1 乔装型别

① 普通乔装：消耗 1 次额度，仅欺骗查验。② 强力乔装：消耗 2 次额度，兼骗蛰伏。

1.2 乔装消耗

普通乔装消耗 1 次；强力乔装消耗 2 次，持有 1 次者不可发动。

1.3 乔装记账

强力乔装一次消耗 2 次，故每个体全局至多发动 1 次。另，普通乔装之外的解药消耗 1 次。

1.4 解药

服用解药消耗 1 次额度。

1.5 毒药

配制毒药时消耗 1 次额度。

1.6 诊断

诊断样本时消耗 1 次额度；复诊样本时消耗 1 次额度。

附录一 术语

强力乔装 消耗 2 次乔装额度、兼骗蛰伏（1.1）普通乔装 消耗 1 次乔装额度（1.1）
"""

# 1.2 says how three skills are measured and cites their clauses; 1.3 and 1.4 say it again, citing 1.2
MEASURES = """示例规则书 · 正文 v0.1

1.1 调查

调查每具尸体全局仅可调查 1 次。

1.2 额度通则

不适用清单增列 诊断（1.3）、研制（1.4）、调查（1.1）⸺三者均以「每夜（每昼夜）1次」计量。①以「每夜 1 次」计量者（查验、保护）不占额度。

1.3 诊断

④ 计量⸺每夜至多1次（登记于1.2不适用清单）。

1.4 研制

额度记账＝不占额度，以「每昼夜 1 次」计量（1.2 不适用清单）。
"""


def mismatches(text: str) -> list[Finding]:
    return [f for f in run_lint(doc_from_text(text)) if f.check == MISMATCH]


def test_the_synthetic_books_are_clean() -> None:
    assert mismatches(DISGUISE) == []
    assert mismatches(MEASURES) == []


@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [
        ("② 强力乔装：消耗 2 次额度", "② 强力乔装：消耗 3 次额度", "1.1"),
        ("强力乔装一次消耗 2 次", "强力乔装一次消耗 3 次", "1.3"),
    ],
)
def test_a_verb_of_two_values_is_told_apart_by_its_lead(old: str, new: str, clause: str) -> None:
    assert DISGUISE.count(old) == 1
    found = mismatches(DISGUISE.replace(old, new))
    assert [f.clause for f in found] == [clause], [(f.clause, f.message) for f in found]
    assert "2次" in found[0].message


def test_a_lead_that_says_one_value_leaves_the_verbs_profile() -> None:
    # 强力乔装's statements say 2 throughout; without them, 消耗 is 1 everywhere but 1.5's 毒药
    found = mismatches(DISGUISE.replace("配制毒药时消耗 1 次", "配制毒药时消耗 2 次"))
    assert [f.clause for f in found] == ["1.5"], [(f.clause, f.message) for f in found]


def test_a_sentence_that_does_not_say_what_it_consumes_is_not_judged() -> None:
    # 「…。消耗 2 次」 names nothing before its verb: it may be 强力乔装's
    text = DISGUISE.replace("服用解药消耗 1 次额度。", "服用解药消耗 1 次额度。其后消耗 2 次。")
    assert mismatches(text) == []


@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [
        ("三者均以「每夜（每昼夜）1次」计量", "三者均以「每夜（每昼夜）2次」计量", "1.2"),
        ("以「每昼夜 1 次」计量", "以「每昼夜 2 次」计量", "1.4"),
        ("每夜至多1次（登记于", "每夜至多2次（登记于", "1.3"),
    ],
)
def test_measures_joined_by_citations_vote(old: str, new: str, clause: str) -> None:
    found = mismatches(MEASURES.replace(old, new))
    assert [f.clause for f in found] == [clause], [(f.clause, f.message) for f in found]


def test_a_measure_no_citation_joins_is_not_judged() -> None:
    text = MEASURES.replace("（登记于1.2不适用清单）", "").replace("诊断（1.3）", "诊断")
    assert mismatches(text) == []
    text = text.replace("每夜至多1次", "每夜至多2次")
    assert mismatches(text) == []


def _new_mismatches(old: str, new: str, whole: bool) -> set[tuple[str, str]]:
    """The restatement mismatches on the real text with ``old`` replaced by ``new`` that the unedited text
    does not have: linted by family e alone (the suite) or whole (heavy), tests/lint/edited.py."""
    family = None if whole else family_of(MISMATCH)
    before = {(f.clause, f.fingerprint()) for f in unedited(family) if f.check == MISMATCH}
    return {
        (f.clause, f.fingerprint()) for f in mutated((old, new), family=family) if f.check == MISMATCH
    } - before


@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [
        # 7.3.0 「② 强力乔装：消耗 2 次额度」 against 7.3.1, 7.3.8 and both appendices' 强力乔装 消耗 2 次
        ("② 强力乔装：消耗 2 次额度", "② 强力乔装：消耗 3 次额度", "7.3.0"),
        # 2.5.4's measure, and 4.13.7's citing it
        ("三者均以「每夜（每昼夜）1次」", "三者均以「每夜（每昼夜）2次」", "2.5.4"),
        ("以「每昼夜 1 次」计量（2.5.4①", "以「每昼夜 2 次」计量（2.5.4①", "4.13.7"),
    ],
)
@FAMILY_OR_ALL
def test_on_the_real_text(old: str, new: str, clause: str, whole: bool) -> None:
    new_ones = _new_mismatches(old, new, whole)
    assert {c for c, _ in new_ones} == {clause}


PARTS = """示例规则书 · 正文 v0.1

一、基础规则

1.1 刀数

未觉醒时每夜至多1刀；觉醒后每夜至多 2 刀（双刀），可只出1刀。

1.2 铸造

投入 2 个夜晚产出 1 件护甲，两夜不必连续⸺可只铸 1夜后中断。指定 1 名消耗 1 发；可只指定 1 名。

1.3 公告

死亡名单于步骤 9 后公告（见 1.1）。

1.4 出刀

出刀结算依 1.1 与 1.2。
"""


def _parts(text: str) -> list[Finding]:
    return [f for f in run_lint(doc_from_text(text)) if f.check == "arithmetic-mismatch"]


def test_a_part_less_than_the_whole_is_silent() -> None:
    assert _parts(PARTS) == []


@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [
        ("可只出1刀", "可只出2刀", "1.1"),
        ("可只铸 1夜", "可只铸 2夜", "1.2"),
        ("可只铸 1夜", "可只铸 3夜", "1.2"),
    ],
)
def test_a_part_not_less_than_the_whole_is_found(old: str, new: str, clause: str) -> None:
    found = _parts(PARTS.replace(old, new))
    assert [f.clause for f in found] == [clause], [(f.clause, f.message) for f in found]


def test_a_part_with_no_whole_in_its_sentence_is_not_judged() -> None:
    # 「可只指定 1 名」 is a sentence of its own after 「；」: nothing to compare it with
    assert _parts(PARTS.replace("可只指定 1 名", "可只指定 2 名")) == []


@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [("可只出1刀", "可只出2刀", "6.2"), ("可只铸 1夜后中断", "可只铸 2夜后中断", "4.11.2")],
)
@FAMILY_OR_ALL
def test_parts_on_the_real_text(old: str, new: str, clause: str, whole: bool) -> None:
    found = mutated((old, new), family=None if whole else family_of("arithmetic-mismatch"))
    assert [f.clause for f in found if f.check == "arithmetic-mismatch"] == [clause]
