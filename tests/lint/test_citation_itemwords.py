"""Family q (issue 10, citeitem19): an item citation whose sentence part says the words one sibling item alone
says — its heading's words or a run of its text verbatim (``lint/itemwords.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citetext, itemwords, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.text.model import RefKind
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_near
from tests.lint.edited import FAMILY_OR_ALL, topic_messages, unedited_text

Judged = tuple[LintContext, topics.Topics]

# ``judged``: tests/lint/conftest.py's session fixture (the rule memoises only per-lint tables, read-only)


@pytest.mark.parametrize(
    ("clause", "raw", "before", "wrong", "word", "heading"),
    [
        # 「其后适用 5.5.3②（不回滚）」: 5.5.3② is headed 「不回滚：」, ③ 「死亡之处理：」
        ("5.5.2", "5.5.3②", "其后适用", "5.5.3③", "不回滚", True),
        # 「发起者依2.8.16②按真实身份记」: 2.8.16② is headed 「发起者依真实身份记：」
        ("4.13.1", "2.8.16②", "发起者依", "2.8.16③", "真实身份记", True),
        # 「且不因毒师已出局而取消（4.6.4③）」: 4.6.4③ (毒药项) says 「出局而取消」 word for word, ④ (解药项) not
        ("1.4.1.3", "4.6.4③", "出局而取消（", "4.6.4④", "出局而取消", False),
        # 「二者各自独立判定、互不干扰（4.6.4③）」: ③ says 「各自独立判定」
        ("2.1.4", "4.6.4③", "互不干扰（", "4.6.4④", "各自独立判定", False),
        # 「其所得信息属官方背书第四档（4.7.5③）」: ③ says it word for word, ④ no three characters of it
        ("4.12", "4.7.5③", "官方背书第四档（", "4.7.5④", "官方背书第四档", False),
        # citeitem22 — 「濒死者依4.10.4①已丧失全部行动能力」: ③'s heading word 濒死 is said too, but 濒死 is in
        # more than a tenth of the clauses: no candidate beside ①'s 「全部行动能力」
        ("2.4.2", "4.10.4①", "濒死者依", "4.10.4②", "全部行动能力", False),
        # 「因其对感染效果免疫（5.3.2③）」: ③'s row runs its heading into its text (「效果免疫不拦截落身」), the
        # vocabulary's term 效果免疫 is its heading
        ("4.14.4", "5.3.2③", "效果免疫（", "5.3.2②", "效果免疫", True),
        # a glossary entry (附录一 「延迟致死伤害行为 …不走 4.10.2 八步结算链（4.10.1②）」): the entry's words
        ("附录一", "4.10.1②", "八步结算链（", "4.10.1③", "致濒死不走", False),
    ],
)
def test_a_sibling_item_saying_the_parts_words_is_named(
    judged: Judged, clause: str, raw: str, before: str, wrong: str, word: str, heading: bool
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before)
    label = wrong.removeprefix(raw[:-1])
    place, words, likely = assert_retarget_caught(
        judged, itemwords.words_verdict, cited, label, kind=itemwords.WordedItem
    )
    assert isinstance(likely, itemwords.WordedItem)
    assert place.name == wrong and words == [word] and likely.word == word and likely.heading is heading
    zh, en = likely.explain(wrong, place.name, word)
    assert zh.startswith(f"引用 {wrong}：") and f"「{word}」" in zh and raw in zh
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)


def test_the_texts_own_item_citations_are_silent(judged: Judged) -> None:
    """Every item citation of 返航录 at its own target: no finding — among them 2.1.7's 「揭示范围依 2.8.12④」
    (④ says 不揭示: part of ①'s heading word), 4.11.2's 「层位同常规护甲（4.11.1⑤）」 (⑤ says 护甲), 5.3.3's
    「依2.8.2③默认入所属类末位」 (③ says 所属类, ⑥ the whole run), 4.10.1's 「真实阵营计（2.8.1③）」 (the words are
    ③之三's, a part of ③), 3.3.1④'s quotation (the words stand in ⑥, the table's last row, which runs on with the
    clause's prose) and the exception registry's rows, which the guards leave."""
    assert_silent_at_own_targets(judged, itemwords.words_verdict, kinds=(RefKind.ITEM,), at_least=200)


@pytest.mark.parametrize(
    ("text", "raw", "part"),
    [
        ("复生受封锁（2.8.3③总清单内）⑦额度记账依2.8.5", "2.8.3③", "复生受封锁（2.8.3③总清单内）"),
        ("⑤独立计算与留存（与 4.2.1 ①对齐）查证", "4.2.1 ①", "独立计算与留存（与 4.2.1 ①对齐）查证"),
        ("甲：乙依 2.9⑧不推进。丙", "2.9⑧", "乙依 2.9⑧不推进"),
    ],
)
def test_the_part_is_cut_where_an_item_starts(text: str, raw: str, part: str) -> None:
    at = text.index(raw)
    lo, hi = itemwords.part_bounds(text, at, at + len(raw))
    assert text[lo:hi] == part


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_items_heading(whole: bool) -> None:
    """5.5.2's 「其后适用 5.5.3②（不回滚）」 renumbered to ③ in the text: ``ruleproof lint`` reports it at 5.5.2,
    naming 5.5.3② and the heading 不回滚 (family q alone in the suite, every family in the heavy job)."""
    text = unedited_text()
    start = text.index("用 5.5.3②（不回滚）")  # 「其后适」 ends the line before
    old = text[start : start + len("用 5.5.3②")]
    found = topic_messages(old, old.replace("②", "③"), "5.5.2", whole)
    assert any("「不回滚」" in m and "5.5.3②" in m for m in found), found


@pytest.mark.parametrize(("clause", "wrong"), [("4.14.7", "5.7④"), ("5.3.3", "5.7②")])
def test_a_restating_item_is_named_beside_the_item_that_says_it_first(
    judged: Judged, clause: str, wrong: str
) -> None:
    """「结茧护盾不抵挡感染、不参与本层序（5.7③）」 renumbered: 5.7⑥ says 「抵挡感染不参与」 verbatim, but as a
    restatement (「感染侧护盾不抵挡感染、不参与抵免层序，见 5.3」) of ③'s 「不抵挡感染」 — ③, which says it first,
    is named, ⑥ beside it (citeitem20)."""
    cited = citation_near(judged[1], clause, "5.7③")
    place, _words, likely = assert_retarget_caught(
        judged, itemwords.words_verdict, cited, wrong[-1], kind=itemwords.WordedItem
    )
    assert isinstance(likely, itemwords.WordedItem)
    assert likely.name == "5.7③" and likely.restated_by == "5.7⑥" and likely.first == "不抵挡感染"
    zh, _en = likely.explain(wrong, place.name, likely.word)
    assert "5.7⑥" in zh and "「不抵挡感染」先见于 5.7③" in zh


def test_a_glossary_citation_inside_an_entrys_prose_is_not_read() -> None:
    """Only the citations in the bracket closing an entry are its own: the entry's words are read up to that
    bracket, from where the previous entry's closing citation ends (``citetext.entry_start``)."""
    text = "甲项 释义（1.2）乙项 其释义见 3.4③ 并行（5.6⑦）"
    at = text.index("5.6⑦")
    start = citetext.entry_start(text, at)
    assert text[start:].startswith("乙项") and citetext.entry_head(text, at) == "乙项"
    assert citetext.open_bracket(text, text.index("3.4③"), 0) is None


def test_a_bracket_a_mark_follows_is_inside_the_entry() -> None:
    """「（依 2.8.16② 按真实身份），」: a bracket followed by a mark is inside an entry, not its close — its citation
    is not the entry's own, and the entry goes on past it (citeconsistency's reading, now shared)."""
    text = "甲项 释义（1.2）乙项 其释义（依 3.4③ 按真实身份），并行（5.6⑦）丙项"
    inner, last = text.index("（依"), text.index("（5.6⑦")
    assert citetext.closes_entry(text, citetext.close_bracket(text, last, len(text)))
    assert not citetext.closes_entry(text, citetext.close_bracket(text, inner, len(text)))
    assert text[citetext.entry_start(text, text.index("5.6⑦")) :].startswith("乙项")
    assert citetext.entry_head(text, text.index("3.4③")) == "乙项"


@pytest.mark.parametrize(
    ("body", "head"),
    [
        ("效果免疫不拦截落身，标记照常烙上", "效果免疫"),  # a vocabulary term opens the row
        ("不回滚：已发生状态", "不回滚"),  # a marked heading is read as before
        ("立即失能濒死者立即失去", ""),  # no mark, no vocabulary term: no heading
    ],
)
def test_an_unmarked_heading_is_the_vocabulary_term_the_item_opens_with(
    judged: Judged, body: str, head: str
) -> None:
    assert itemwords.heading(body, judged[1].vocab) == head
