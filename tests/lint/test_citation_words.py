"""Family q on the real text (issue 10, eighth pass): a word that heads one sibling's title names it when that
sibling says it at least three times as often as every other place of its family — the cited place may
say it in passing — and a bare lead citation (「依3.3，…」) is read with its whole sentence
(``lint/citewords.py``)."""

from __future__ import annotations

import pytest

from ruleproof.books import BOOKS, load_source
from ruleproof.lint import citewords, topics
from ruleproof.lint.context import LintContext
from ruleproof.pipeline import knowledge_for
from tests.conftest import doc_from_text
from tests.lint.citing import (
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
    citation_at,
)


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "word"),
    [
        # 「寂灭期仍可选（1.4.1）」: 1.4.1 寂灭时刻; 1.4.2 决斗时刻 and 1.4.3 僵局判定 say 寂灭 in passing
        ("5.7", "1.4.1", 3195, "1.4.2", "寂灭"),
        ("5.7", "1.4.1", 3195, "1.4.3", "寂灭"),
        # the step row 「1 乔装 … 于本步骤伪装身份（7.3）」: 7.3 乔装通则 says 乔装 44 times, 7.1 twice
        ("2.1.1", "7.3", 387, "7.1", "乔装"),
        # 「双方依 7.0 所作的一切推理不受本条限制」: 7.0 推理自由
        ("7.2.4", "7.0", 3951, "7.1", "推理"),
        # a bare lead citation 「依3.3，治疗不解除濒死，仅清感染」: the sentence says 感染, 3.3 感染机制's
        ("4.14.2", "3.3", 2801, "3.2", "感染"),
        ("4.14.2", "3.3", 2801, "3.1", "感染"),
        # 「依 2.5.3（唯一权威源）：治疗与制药互斥」 (bare): 互斥 heads 2.5.3 保留的互斥
        ("4.5.4", "2.5.3", 1941, "2.5.2", "互斥"),
    ],
)
def test_a_word_one_sibling_is_about_names_it(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str, word: str
) -> None:
    _place, words, likely = assert_retarget_caught(
        judged, citewords.word_verdict, (clause, raw, line), wrong, kind=citewords.TitledPlace
    )
    assert word in words
    # the finding says how often the sibling and the rest of its family say the word
    assert likely.said >= citewords.FAMILY_RATIO * likely.others
    zh, en = likely.explain(wrong, wrong, word)
    assert f"{raw} 讲它 {likely.said} 次" in zh and f"says it {likely.said} times" in en


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong"),
    [
        # 「外星人出刀（6.6…」 at 6.7: 外星人 heads 6.8 死囚外星人 (16 times), but 6.9 says it 14 times
        ("7.2.7", "6.6", 3981, "6.7"),
        # 「故每个体全局至多发动 1 次（7.3.0）」: 发动 heads 7.3.1 (8 times), 7.3.5 says it 3 times
        ("7.3.8", "7.3.0", 4139, "7.3.0"),
        # 「与3.3.8「救援医师与临时医生…」」: a quotation follows, the quotation check judges it
        ("4.14.6", "3.3.8", 2877, "3.3.8"),
        # 「已并入通则（依 §0.4 属〔适用〕，非例外」: the bracket says 适用, not bare; 通则 is the sentence's
        ("2.8.9", "§0.4", 1037, "0.4"),
    ],
)
def test_a_word_the_family_shares_names_no_sibling(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str
) -> None:
    assert_retarget_left(judged, citewords.word_verdict, (clause, raw, line), wrong)


def test_no_citation_of_the_real_text_is_reported_by_its_words(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """Every clause and item citation family q judges, at its own target: the rule reports only the defect
    family q was built on — 6.1.2 「计入外星人逃亡积分（6.9.1④）」 for the silencer's score: ④ is the exile item,
    ⑤ 「发动沉默」 the silence one (the earlier checks of the chain report it too)."""
    assert_silent_at_own_targets(
        judged, citewords.word_verdict, at_least=1000, reported=[("6.1.2", 3335, "6.9.1④")]
    )


@pytest.mark.parametrize(
    ("likely", "other", "dominant"),
    [
        ("乔装" * 9, "乔装" * 3, True),  # exactly three times as often: the sibling's
        ("乔装" * 8, "乔装" * 3, False),  # less than three times another place's count: shared
        ("乔装", "", True),
        ("", "", False),  # nobody says it
    ],
)
def test_the_family_ratio(likely: str, other: str, dominant: bool) -> None:
    family = {"A": likely, "B": other, "C": ""}
    assert citewords._dominant("乔装", "A", family) is dominant


def test_a_sibling_that_cites_the_cited_clause_is_not_its_rival() -> None:
    """A truncation of 7.3.5 (mutate seed 6's truncate-019) removes its three 发动 and leaves 7.3.1 发动与伪装身份
    the family's one place that says 发动 (8 times, the rest at most once): the untouched 7.3.8 「…故每个体全局至多
    发动 1 次（7.3.0）」 read as a renumbered 7.3.1 — but 7.3.1 itself cites 7.3.0 for 「持有 1 次者不可发动」, so the
    word's count is no evidence against 7.3.0.  Fails without ``citewords._defers``."""
    text = load_source(None).data.decode("utf-8")
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("7.3.5 "))
    cut = next(i for i in range(at, at + 40) if "公开清单，含乔装剩余次数）。封锁" in lines[i])
    lines[cut] = lines[cut][
        : lines[cut].index("公开清单，含乔装剩余次数）") + len("公开清单，含乔装剩余次数")
    ]
    end = next(i for i in range(cut, cut + 40) if lines[i].startswith("7.3.6 "))
    lines[cut + 1 : end] = [""] * (end - cut - 1)  # (the rest of 7.3.5 cut, its lines kept)
    ctx = LintContext(doc_from_text("\n".join(lines)), knowledge_for(BOOKS["fanhanglu"]))
    judged = ctx, topics.Topics(ctx)
    family = citewords.cited_family(
        judged[1], next(r for r in ctx.doc.refs() if r.clause == "7.3.8" and r.raw == "7.3.0")
    )
    assert family["7.3.5"].count("发动") == 0 and family["7.3.1"].count("发动") >= 3 * max(
        b.count("发动") for n, b in family.items() if n != "7.3.1"
    )  # the counts alone now name 7.3.1
    ref, where = citation_at(judged[1], "7.3.8", "7.3.0", ref_line(ctx, "7.3.8", "7.3.0"))
    assert citewords._defers(judged[1], "7.3.1", ref, ["发动"])
    assert citewords.word_verdict(judged[1], ctx.unit_by_id["7.3.8"], where, ref) is None
    assert topics.verdict(ctx, judged[1], ctx.unit_by_id["7.3.8"], where, ref) is None


def ref_line(ctx: LintContext, clause: str, raw: str) -> int:
    return next(r.line for r in ctx.doc.refs() if r.clause == clause and r.raw == raw)
