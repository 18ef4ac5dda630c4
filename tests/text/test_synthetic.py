"""The reader on small synthetic rulebooks: one feature per test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.text import RefKind
from ruleproof.text.normalize import normalize
from tests.conftest import doc_from_text

BASE = """示例规则书

1.1 玩家配置

玩家总数 15 人。

1.2 胜利条件

①人类胜：清场。②异形胜：人类全灭。

1.3 停摆系统

净破坏量达 3.0 时倒计时+2.5。

2.1 夜间步骤

步骤 0.55 感染致死。

2.2 私聊

每人每夜 1 次。
"""


def test_basic_tree() -> None:
    doc = doc_from_text(BASE)
    assert list(doc.clauses) == ["1.1", "1.2", "1.3", "2.1", "2.2"]
    assert doc.clauses["1.2"].title == "胜利条件"
    assert [it.label for it in doc.clauses["1.2"].items] == ["①", "②"]
    assert doc.clauses["1.3"].line == 11
    # quantities are not citations
    assert not doc.missing
    assert all(r.kind is not RefKind.CLAUSE for r in doc.clauses["1.3"].refs)


@pytest.mark.parametrize(
    ("sentence", "kind", "target", "item"),
    [
        ("依 1.2 判定。", RefKind.CLAUSE, "1.2", None),
        ("见1.1。", RefKind.CLAUSE, "1.1", None),
        ("详见 1.2②。", RefKind.ITEM, "1.2", "②"),
        ("本项属 1.2①之例外。", RefKind.ITEM, "1.2", "①"),
        ("依 §1.1 处理。", RefKind.CLAUSE, "1.1", None),
        ("登记于 1.9(12)。", RefKind.ITEM, "1.9", "(12)"),
        ("随批次⑥公开。", RefKind.BATCH, None, "⑥"),
        ("按判定①取胜。", RefKind.VICTORY_ROW, None, "①"),
        ("于步骤 4b 结算。", RefKind.NIGHT_STEP, None, "4b"),
        ("须经第九关。", RefKind.GATE, None, "⑨"),
        ("（见 1. 1）", RefKind.CLAUSE, "1.1", None),
    ],
)
def test_reference_forms(sentence: str, kind: RefKind, target: str | None, item: str | None) -> None:
    doc = doc_from_text(BASE.replace("每人每夜 1 次。", sentence))
    refs = [r for r in doc.clauses["2.2"].refs if r.kind is kind]
    assert refs, doc.clauses["2.2"].refs
    ref = refs[0]
    assert ref.target_item == item
    if target is not None:
        assert ref.target_clause == target
    assert ref.line == 21
    assert ref.clause == "2.2"


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [
        # moments: the night's steps are numbered like clauses, and a clause is never before or after
        ("紧接 1.1 之后、1.2之前结算。", []),
        ("步骤 1（1.3 之后、步骤 2 之前）。", []),
        # a run of values joined by ∕, one of which no clause bears
        ("致死型 1.1∕2∕1.3。", []),
        ("相关公告批次1.2∕1.25 感染抑制。", []),
        # two clauses joined by ∕, and a moment led by 依: citations
        ("选择目标时（1.1∕1.3）。", ["1.1", "1.3"]),
        ("依 1.2 之后段。", ["1.2"]),
    ],
)
def test_moments_and_runs_of_values_are_no_citations(sentence: str, clauses: list[str]) -> None:
    """(issue 10, cite12b) 返航录 2.1.4 「紧接 0.5 之后、0.6之前结算」 and the appendix's scores 「致死型 1.5∕2∕2.5」
    name steps and values that happen to be clause ids: the mutation harness retargeted them as citations
    (seed 11's cite-002), which no check can catch."""
    doc = doc_from_text(BASE.replace("每人每夜 1 次。", sentence))
    assert [r.target_clause for r in doc.clauses["2.2"].refs if r.kind is RefKind.CLAUSE] == clauses


def test_missing_clause_item_and_registry() -> None:
    text = BASE.replace("每人每夜 1 次。", "依 1.7 与 1.2③；另见 9.9.9。")
    doc = doc_from_text(text)
    reasons = {((m.ref.target_clause or "") + (m.ref.target_item or "")): m.reason for m in doc.missing}
    assert reasons == {"1.7": "clause-absent", "1.2③": "item-absent", "9.9.9": "clause-absent"}


def test_fused_heading_mid_line() -> None:
    text = BASE.replace(
        "②异形胜：人类全灭。", "②异形胜：人类全灭。1.2.1僵局判定【仅决斗时刻】启用前提：①双方存活。"
    )
    doc = doc_from_text(text)
    clause = doc.clauses["1.2.1"]
    assert clause.fused and clause.title == "僵局判定【仅决斗时刻】"
    assert clause.line == 9
    assert [it.label for it in clause.items] == ["①"]
    assert "僵局" not in doc.clauses["1.2"].text


def test_displaced_page_first_in_file() -> None:
    text = "示例\n\n2.3 投票\n\n多数票驱逐。\n\n" + BASE.split("\n", 1)[1]
    doc = doc_from_text(text)
    assert doc.clauses["2.3"].displaced
    assert list(doc.clauses)[-1] == "2.3"  # canonical order
    assert doc.clauses["2.3"].line == 3


def test_wrapped_citation_at_line_start_is_not_a_heading() -> None:
    text = BASE.replace("每人每夜 1 次。", "每人每夜 1 次，依\n\n1.2 判定胜负。")
    doc = doc_from_text(text)
    assert list(doc.clauses) == ["1.1", "1.2", "1.3", "2.1", "2.2"]
    assert any(r.target_clause == "1.2" and r.line == 23 for r in doc.clauses["2.2"].refs)


def test_table_rows_are_not_clauses() -> None:
    text = BASE.replace("净破坏量达 3.0 时倒计时+2.5。", "档位 效果\n\n3.0 倒计时+2.5\n\n6.0 倒计时+5.0")
    doc = doc_from_text(text)
    assert "3.0" not in doc.clauses and "6.0" not in doc.clauses
    assert not doc.missing


def test_serial_numbers_are_noise_and_stand_in_for_items() -> None:
    text = BASE.replace("每人每夜 1 次。", "31.额度：1 次。32.配对：双向。")
    doc = doc_from_text(text)
    assert [it.label for it in doc.clauses["2.2"].items] == ["31.", "32."]
    assert [n.raw for n in doc.noise if n.kind == "serial"] == ["31.", "32."]


def test_authored_list_is_not_noise() -> None:
    text = BASE.replace("每人每夜 1 次。", "1.检查次数；2.检查空位；3.占用。")
    doc = doc_from_text(text)
    assert [it.ordinal for it in doc.clauses["2.2"].items] == [1, 2, 3]
    assert not [n for n in doc.noise if n.kind == "serial"]


def test_circled_numerals_never_become_digits() -> None:
    # 「1.1⑧」 must never be read as clause 1.18
    text = BASE.replace("每人每夜 1 次。", "依 1.1⑧ 处理；又见 1.2②。")
    doc = doc_from_text(text)
    targets = {(r.target_clause, r.target_item) for r in doc.clauses["2.2"].refs}
    assert ("1.1", "⑧") in targets and ("1.2", "②") in targets
    assert all(r.target_clause != "1.18" for r in doc.refs())


def test_item_references_inside_a_list_of_labels() -> None:
    text = BASE.replace("每人每夜 1 次。", "平局优先于①②③④；④⑥⑧为 0 时不发布。")
    doc = doc_from_text(text)
    assert doc.clauses["2.2"].items == []


def test_variant_and_parenthesized_items() -> None:
    text = BASE.replace(
        "每人每夜 1 次。", "①甲。①之二乙。②丙。③丁。④戊。⑤己。⑥庚。⑦辛。⑧壬。⑨癸。⑩子。(11) 丑。（12） 寅。"
    )
    doc = doc_from_text(text)
    labels = [it.label for it in doc.clauses["2.2"].items]
    assert labels[:3] == ["①", "①之二", "②"]
    assert labels[-2:] == ["(11)", "（12）"]
    assert doc.clauses["2.2"].item_by_ordinal(12) is not None


def test_tags() -> None:
    text = BASE.replace(
        "每人每夜 1 次。", "每人 2 次〔通则 1.2② 之例外，登记于 1.9(12)〕；须标注〔例外〕者登记。"
    )
    doc = doc_from_text(text)
    tags = doc.clauses["2.2"].tags
    assert [(t.kind, t.target_clause, t.target_item, t.mention) for t in tags] == [
        ("例外", "1.2", "②", False),
        ("例外", None, None, True),
    ]


def test_a_label_after_a_noun_ending_in_biao_is_applied() -> None:
    # 「目标」 ends in 标 but is a noun: the bracket after it is a label; the verb 「未标」 makes a mention
    text = BASE.replace(
        "每人每夜 1 次。", "两次可指向同一目标〔通则 1.2 之例外〕；未标〔例外〕者不生效；指标〔适用 1.3〕。"
    )
    tags = doc_from_text(text).clauses["2.2"].tags
    assert [(t.kind, t.target_clause, t.mention) for t in tags] == [
        ("例外", "1.2", False),
        ("例外", None, True),
        ("适用", "1.3", False),
    ]


def test_repeated_heading_joins_the_clause() -> None:
    text = BASE.replace("每人每夜 1 次。", "每人每夜 1 次。\n\n2.2 私聊（补充）\n\n不可连续两晚。")
    doc = doc_from_text(text)
    assert [h.line for h in doc.clauses["2.2"].headings] == [19, 23]
    assert "不可连续两晚" in doc.clauses["2.2"].text


def test_chapters_and_appendices() -> None:
    text = "示例\n\n一、基础规则\n\n" + BASE.split("\n", 1)[1].replace("2.1 夜间", "二、流程\n\n2.1 夜间")
    text += "\n附录一 术语表\n\n濒死：即时状态（1.1）。\n\n附录二 修订记录\n\n1.2 改写（见附录一）。\n"
    doc = doc_from_text(text)
    assert [(c.number, c.title) for c in doc.chapters] == [(1, "基础规则"), (2, "流程")]
    assert [(a.name, a.title) for a in doc.appendices] == [("附录一", "术语表"), ("附录二", "修订记录")]
    assert "附录" not in doc.clauses["2.2"].text
    assert any(r.target_clause == "1.1" for r in doc.appendices[0].refs)
    assert "二、流程" not in doc.clauses["1.3"].text


def test_radicals_are_normalized_but_circled_numerals_kept() -> None:
    kangxi = BASE.replace("人类", "⼈类").replace("步骤", "步骤").replace("见", "⻅")
    doc = doc_from_text(kangxi)
    assert "人类胜" in doc.clauses["1.2"].text
    assert [it.label for it in doc.clauses["1.2"].items] == ["①", "②"]


@given(st.text(alphabet=st.sampled_from(list("⼈⻅⻆⻔⻓①②⑳（）。0123456789.abc 人见角\n")), max_size=200))
def test_normalize_preserves_length_and_markers(text: str) -> None:
    out = normalize(text)
    assert len(out) == len(text)
    for a, b in zip(text, out, strict=True):
        if a in "①②⑳0123456789.（）。\n":
            assert a == b
        assert not (0x2E80 <= ord(b) <= 0x2FDF) or a == b


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=60), max_size=8), st.data())
def test_reader_never_crashes_on_damaged_text(drops: list[int], data: st.DataObject) -> None:
    """Dropping or duplicating lines gives a document or one clear error — never an exception."""
    from ruleproof.errors import BadInput

    lines = BASE.split("\n") * 3
    for d in drops:
        if lines:
            del lines[d % len(lines)]
    if data.draw(st.booleans()):
        lines.insert(0, lines[-1] if lines else "")
    try:
        doc = doc_from_text("\n".join(lines))
    except BadInput:
        return
    for clause in doc:
        assert clause.line >= 1
        assert all(1 <= s.line <= len(doc.lines) for s in clause.spans)
