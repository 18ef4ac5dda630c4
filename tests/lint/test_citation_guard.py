"""Family q's shared guard (issue 10, citeguard22): a citation compared with another rule (「与 X 同制」) or
denied (「不属于 X」) is not read as saying its topic is at the cited place (``citetext.compared_or_denied``,
asked by topics' two verdicts, headwords' guard, rowheads and citerestate).  The guard reads a few characters
either side of the id; these tests pin which citations of the real text it holds — each read, a true
comparison or membership denial — and the shapes it no longer takes for one: a comparison word after a
connective that hands the thing to the cited place, a comparison word beginning a name of the text's
vocabulary, 「一致」, and a rule denied its application."""

from __future__ import annotations

import pytest

from ruleproof.lint import topics
from ruleproof.lint.citetext import compared_or_denied
from ruleproof.lint.context import LintContext, Unit
from ruleproof.text.model import Ref, RefKind
from tests.lint.citing import Found, assert_retarget_caught, citation_near, own_citations, self_citations

# ``judged``: tests/lint/conftest.py's session fixture (read-only here)

# every citation of 返航录 family q judges that the guard holds (unit, line, raw), each read in the text
HELD = [
    ("1.2.5", 159, "1.2.3"),  # 「次胜不属于 1.2.3 判定表」: 次胜 is not of 1.2.3's table
    (
        "4.14.4",
        2841,
        "4.5.3",
    ),  # 「疫苗研究员本人获得一条私人反馈（4.5.3同制，7.2.9）」: 4.5.3 is the antibody's
    ("6.9.3", 3653, "步骤 9"),  # 「不含步骤 9 死亡结算与步骤 11 倒计时结算」: the window leaves step 9 out
    (
        "7.2",
        3817,
        "4.5.3",
    ),  # 「7.2.9 疫苗抗体生效感知（疫苗研究员本人，4.5.3 同制）」: as the antibody's feedback
]


def test_the_guard_holds_only_true_comparisons_and_denials(judged: tuple[LintContext, topics.Topics]) -> None:
    ctx, tp = judged
    asked = [*own_citations(ctx, tp, tuple(RefKind)), *self_citations(ctx, tp)]
    held = [
        (unit.id, ref.line, ref.raw)
        for unit, at, ref in asked
        if compared_or_denied(unit.text, at, at + len(ref.raw), tp.vocab.prefixes)
    ]
    assert sorted(held) == sorted(HELD)
    assert len(asked) > 1000


@pytest.mark.parametrize(
    ("clause", "raw", "before"),
    [
        ("4.4.7", "4.4.2", "④ 悬赏依"),  # 「悬赏依 4.4.2 同制」: the bounty follows 4.4.2's rule
        ("4.4.7", "4.4.5", "⑤ 武装识别 依"),  # 「武装识别 依 4.4.5 同制」: 4.4.5 is 武装识别
        ("6.2", "7.2.7②", "染血计数依"),  # 「染血计数依 7.2.7② 同制」
        ("4.10.4", "3.3", "见"),  # 「见 3.3对称例外」: 对称例外 is 3.3.12's title, no comparison
        ("5.5.1", "1.5.1", "本表四项编号与"),  # 「与 1.5.1一致」: 1.5.1 numbers the same four items
        ("5.5.2", "1.5.1④", "与"),  # 「与1.5.1④一致」: 1.5.1④ states the same release time
        (
            "4.14.8",
            "2.5",
            "诊断与研制不适用",
        ),  # 2.5.4 lists 诊断 and 研制 among the skills 2.5 does not cover
        ("4.10.1", "4.10.2", "致濒死，不走"),  # 「不走 4.10.2 八步结算链」: the chain is 4.10.2's
    ],
)
def test_the_guard_no_longer_holds(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, before: str
) -> None:
    _ref, at = citation_near(judged[1], clause, raw, before=before)
    assert not compared_or_denied(
        judged[0].unit_by_id[clause].text, at, at + len(raw), judged[1].vocab.prefixes
    )


def test_a_comparison_word_that_begins_a_name(judged: tuple[LintContext, topics.Topics]) -> None:
    """Without a handing connective before the id, 对称 after it is still no comparison when it begins a term
    of the text's vocabulary (对称例外, 3.3.12's title) — and it is one when it begins none (对称处理)."""
    names = judged[1].vocab.prefixes
    named = "濒死仅对医生可见，如 3.3对称例外）"
    at = named.index("3.3")
    assert not compared_or_denied(named, at, at + 3, names)
    assert compared_or_denied(named, at, at + 3, lambda _t, _i: [])  # (no vocabulary: a comparison)
    compared = "濒死仅对医生可见，与 3.3对称处理）"
    assert compared_or_denied(compared, at, at + 3, names)


def _verdict(tp: topics.Topics, unit: Unit, at: int, ref: Ref) -> Found | None:
    return topics.verdict(tp.ctx, tp, unit, at, ref)


@pytest.mark.parametrize(
    ("clause", "raw", "before", "wrong"),
    [
        # 「诊断与研制不适用 2.5（每夜 1 次）」: 2.5.4 names both; 2.4 and 2.6 neither
        ("4.14.8", "2.5", "诊断与研制不适用", "2.4"),
        # 「④感染侧层序＝毒药非感染标记，不适用5.3.3（适用范围之外）」: the row's 层序 is 5.3.3's
        ("4.6.4", "5.3.3", "非感染标记，不适用", "5.3.2"),
        # 「见 3.3对称例外」: 对称例外 is a title of 3.3's family
        ("4.10.4", "3.3", "见", "3.2"),
    ],
)
def test_a_retarget_the_guard_hid_is_caught(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, before: str, wrong: str
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before)
    assert_retarget_caught(judged, _verdict, cited, wrong)
