"""Family q (issue 10, ninth pass): a citation in an appendix that restates the body — a glossary entry, a point
of the one-page summary — is judged by where the restated words are printed and, for a glossary entry, by which
place of the family is about the entry's term (``lint/citerestate.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citerestate, citetext, run_lint, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.frames import longest_run
from ruleproof.text.model import Ref, RefKind
from tests.conftest import doc_from_text
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets

# a small book: 1.2 prints what the glossary entry 公示 restates; 1.1 and 1.3 say 公示 once each in passing
BOOK = """示例规则书 · 正文 v0.1

0.1 总则

本书为示例，供检查工具测试。

一、机制

1.1 查验

每夜可查验 1 名目标；查验结果不公示，仅查验者本人可见，查验不受停摆影响。

1.2 公告

当夜各项结算结果于夜晚结束时一并向全体玩家公布，称为公示；公示内容不含行动者编号。

1.3 驱动量

净破坏量达阈值即触发停摆；停摆期间全场暂停行动，停摆于次夜解除；停摆不产生额外公告，亦不公示。

1.4 维修

维修者每夜维修 1 次，维修量自选。

附录一 术语表

术语 含义（对应条款）公示 当夜各项结算结果于夜晚结束时一并向全体玩家公布（1.2）停摆 净破坏量达阈值后全场行动\
暂停之状态（1.3）维修量 维修者每夜自选之数值（1.4）
"""


def _topic_findings(text: str) -> list[tuple[str, str]]:
    return [(f.clause, f.message) for f in run_lint(doc_from_text(text)) if f.check == "citation-topic"]


def test_the_small_book_is_silent() -> None:
    assert _topic_findings(BOOK) == []


@pytest.mark.parametrize("wrong", ["1.1", "1.3"])
def test_restated_words_printed_at_a_sibling_name_it(wrong: str) -> None:
    """公示's entry restates 1.2 word for word; retargeted, the wrong place shares two characters of it."""
    found = _topic_findings(BOOK.replace("向全体玩家公布（1.2）", f"向全体玩家公布（{wrong}）"))
    assert len(found) == 1
    clause, message = found[0]
    assert clause == "附录一"
    assert f"引用 {wrong}：此处复述的「当夜各项结算结果于夜晚结束时一并向全体玩家公布」见于 1.2" in message


def test_the_entry_term_one_sibling_is_about_names_it() -> None:
    """停摆's entry cites 1.3, which says 停摆 four times; 1.1 says it once in passing — family q's plain check
    (the cited place never says the term) is silent there, the family's counts are not."""
    found = _topic_findings(BOOK.replace("暂停之状态（1.3）", "暂停之状态（1.1）"))
    assert found == [
        (
            "附录一",
            "引用 1.1：术语表此条释「停摆」；1.3 讲它 4 次，同族其他条款（含 1.1）至多 1 次，疑为改号后未同步",
        )
    ]


def _appendix_citation(
    judged: tuple[LintContext, topics.Topics], unit_id: str, raw: str, line: int
) -> tuple[Ref, int]:
    ctx, tp = judged
    unit = ctx.unit_by_id[unit_id]
    # the last one on its line: an entry ends on its citation (「依 1.2.5 判定（1.2.5、6.9）」)
    for ref in reversed(ctx.refs_by_unit[unit_id]):
        if ref.raw == raw and ref.line == line and ref.kind in (RefKind.CLAUSE, RefKind.ITEM):
            at = tp.locate(unit, ref)
            assert at is not None
            return ref, at
    raise AssertionError(f"{unit_id} {raw} {line}")


@pytest.mark.parametrize(
    ("unit_id", "raw", "line", "wrong", "evidence", "kind"),
    [
        # 「净破坏量累计破坏扣除维修削减后的净值，是停摆的唯一驱动量，最低为 0（1.3）」: 1.3 prints it
        ("附录一", "1.3", 4185, "1.2", "扣除维修削减后的净值是停摆的唯一驱动量", citerestate.RestatedPlace),
        ("附录一", "1.3", 4185, "1.4", "扣除维修削减后的净值是停摆的唯一驱动量", citerestate.RestatedPlace),
        # 「主动技能需占用独立步骤或在步骤中主动指定方可生效者…（2.4.2）」
        ("附录一", "2.4.2", 4181, "2.4.1", "主动技能需占用独立步骤", citerestate.RestatedPlace),
        # 附录三 「⑥染血指认⸺依 7.2.7，异形∕外星人个体累计 3 次出刀致濒死后…」
        ("附录三", "7.2.7", 4387, "7.2.6", "3次出刀致濒死后自其第4次", citerestate.RestatedPlace),
        # 「医生 …的合称（3.3、4.6.4、4.14.1①）」: 4.6.4 says 医生 three times, 4.6.1–4.6.3 never
        ("附录一", "4.6.4", 4189, "4.6.3", "医生", citerestate.TermPlace),
        # 「次胜 个人战绩型胜利…依 1.2.5 判定（1.2.5、6.9）」: 1.2.5 says 次胜 8 times, its siblings never
        ("附录一", "1.2.5", 4279, "1.2.4", "次胜", citerestate.TermPlace),
    ],
)
def test_appendix_retargets_are_caught(
    judged: tuple[LintContext, topics.Topics],
    unit_id: str,
    raw: str,
    line: int,
    wrong: str,
    evidence: str,
    kind: type,
) -> None:
    cited = _appendix_citation(judged, unit_id, raw, line)
    _place, terms, _likely = assert_retarget_caught(
        judged, citerestate.restated_verdict, cited, wrong, meant=raw, kind=kind
    )
    assert evidence in terms[0]


def test_the_texts_own_appendix_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every clause and item citation of the appendices at its own target: no finding (the unedited text's
    glossary and summaries cite what they restate)."""
    assert_silent_at_own_targets(
        judged, citerestate.restated_verdict, where=lambda unit, _at, _ref: not unit.is_clause, at_least=100
    )


def test_a_restatement_in_the_body_is_not_read(judged: tuple[LintContext, topics.Topics]) -> None:
    """4.2.2 「同4.3：削减倒计时与净破坏量同额」: the body restates loosely — 4.3 shares four characters of it, 4.1
    prints ten — so only the appendices are read (read, the text's own citation would name 4.1)."""
    ctx, tp = judged
    ref = next(r for r in ctx.refs_by_unit["4.2.2"] if r.raw == "4.3" and r.kind is RefKind.CLAUSE)
    unit = ctx.unit_by_id["4.2.2"]
    at = tp.locate(unit, ref)
    assert at is not None and unit.text[at - 1] == "同"
    assert citerestate.restated_verdict(tp, unit, at, ref) is None
    words = "削减倒计时与净破坏量同额"
    assert len(longest_run(words, citetext.squash(tp.places.clause_text("4.1")))) >= citerestate.LONG
    assert len(longest_run(words, citetext.squash(tp.places.clause_text("4.3")))) <= citerestate.SHORT


def test_runs() -> None:
    assert longest_run("甲乙丙丁戊", "乙丙丁x甲乙") == "乙丙丁"
    assert citerestate._shares("甲乙丙丁戊", "乙丙丁x甲乙", 3) and not citerestate._shares(
        "甲乙丙丁戊", "乙丙丁x", 4
    )
