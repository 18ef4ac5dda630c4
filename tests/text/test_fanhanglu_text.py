"""The reader on the real 返航录 v1preview1.0 text."""

from __future__ import annotations

import re

from ruleproof.text import Document, RefKind
from ruleproof.text.markers import CIRCLED


def test_clause_count_and_order(fanhanglu: Document) -> None:
    ids = list(fanhanglu.clauses)
    assert len(ids) >= 270
    keys = [fanhanglu.clauses[i].key for i in ids]
    assert keys == sorted(keys), "clauses are kept in canonical (numeric) order"


def test_known_clauses_with_titles_and_lines(fanhanglu: Document) -> None:
    expect = {
        "0.3": ("通则优先，例外须显式声明", 47),
        "1.1": ("玩家配置", 85),
        "2.1.1": ("夜间步骤总表", 351),
        "2.8.9": ("例外登记册", 1021),
        "2.8.10": ("接入检查（十关）", 1063),
        "4.4.6": ("子弹存储上限（2 发）", 1799),
        "4.10.4": ("濒死（即时状态，不跨夜）", 2401),
        "3.3.10": ("感染标记可见性", 1457),
        "4.1.1": ("查验（验证式）", 1519),
        "7.3.8": ("十关核验", 4131),
    }
    for cid, (title, line) in expect.items():
        clause = fanhanglu.clauses[cid]
        assert clause.title == title, cid
        assert clause.line == line, cid


def test_every_heading_is_printed_where_it_says(fanhanglu: Document) -> None:
    for clause in fanhanglu:
        for heading in clause.headings:
            assert fanhanglu.lines[heading.line - 1][heading.col :].startswith(clause.id), clause.id


def test_fused_heading_1_4_3(fanhanglu: Document) -> None:
    clause = fanhanglu.clauses["1.4.3"]
    assert clause.fused
    assert clause.title.startswith("僵局判定")
    assert clause.line == 283
    assert "全灭。1.4.3僵局判定" in fanhanglu.lines[282]
    # the fused heading ends 1.4.2's body; 1.4.2 does not swallow it
    assert "僵局判定【" not in fanhanglu.clauses["1.4.2"].text


def test_nested_headings_on_one_line(fanhanglu: Document) -> None:
    assert fanhanglu.clauses["4.3.1"].title == "安全室（限定技）"
    assert fanhanglu.clauses["4.3.1"].line == 1625
    assert fanhanglu.clauses["2.5.1"].title == "原则"


def test_displaced_pages(fanhanglu: Document) -> None:
    assert fanhanglu.clauses["2.8.15"].displaced and fanhanglu.clauses["2.8.15"].line == 3
    assert fanhanglu.clauses["2.8.16"].displaced and fanhanglu.clauses["2.8.16"].line == 13
    assert fanhanglu.clauses["5.1"].displaced
    assert [c.id for c in fanhanglu if c.displaced] == ["2.8.15", "2.8.16", "5.1"]


def test_flattened_tables_do_not_make_clauses(fanhanglu: Document) -> None:
    # 「3.0 倒计时+2.5」 (shutdown tiers, 1.3.1) and the night-step rows 「0.1 外星人蛰伏」 are table cells
    for fake in ("3.0", "6.0", "9.0", "0.1", "0.2", "0.55", "3.5"):
        assert fake not in fanhanglu.clauses
    assert "倒计时+2.5" in fanhanglu.clauses["1.3.1"].text


def test_items_of_2_8_16(fanhanglu: Document) -> None:
    labels = [it.label for it in fanhanglu.clauses["2.8.16"].items]
    assert labels == ["①", "②", "③", "④", "⑤", "⑥", "⑦"]
    lines = [it.line for it in fanhanglu.clauses["2.8.16"].items]
    assert lines == sorted(lines) and lines[0] == 17


def test_registry_items_in_both_printed_forms(fanhanglu: Document) -> None:
    items = fanhanglu.clauses["2.8.9"].items
    assert len(items) == 26
    assert {it.label for it in items} >= {"①", "⑩", "(11)", "(22)", "（23）", "（26）"}
    assert sorted(it.ordinal for it in items) == list(range(1, 27))


def test_variant_items(fanhanglu: Document) -> None:
    assert "③之二" in [it.label for it in fanhanglu.clauses["2.8.1"].items]
    assert "①之二" in [it.label for it in fanhanglu.clauses["2.8.10"].items]


def test_serial_numbers_stand_in_for_items(fanhanglu: Document) -> None:
    # 2.2 prints its items as export serials 「31.」…「35.」; 「2.2⑤」 cites the fifth
    assert [it.label for it in fanhanglu.clauses["2.2"].items] == ["31.", "32.", "33.", "34.", "35."]
    assert not [m for m in fanhanglu.missing if m.ref.target_clause == "2.2"]
    serials = {n.raw for n in fanhanglu.noise if n.kind == "serial" and n.clause == "2.2"}
    assert serials == {"31.", "32.", "33.", "34.", "35."}


def test_no_clause_id_from_circled_numerals(fanhanglu: Document) -> None:
    # the author's own review script folded ①→1 and reported 「3.3.18」 (revision log, batch 12)
    assert "3.3.18" not in fanhanglu.clauses
    for clause in fanhanglu:
        assert not any(ch in CIRCLED for ch in clause.id)
    for ref in fanhanglu.refs():
        if ref.kind in (RefKind.CLAUSE, RefKind.ITEM, RefKind.REGISTRY) and ref.context != "tag":
            if ref.raw.startswith("本"):
                continue  # 「本条①」: an item of the citing clause
            printed = re.sub(r"\s", "", ref.raw).lstrip("§")
            assert printed.startswith(ref.target_clause or ""), ref
    ref = next(r for r in fanhanglu.refs() if r.raw == "3.3.1⑧")
    assert ref.target_clause == "3.3.1" and ref.target_item == "⑧"


def test_missing_targets(fanhanglu: Document) -> None:
    missing = {(m.ref.target_clause, m.reason) for m in fanhanglu.missing}
    assert ("2.8.14", "clause-absent") in missing
    assert ("0.2", "clause-absent") in missing
    assert ("7.2.8", "defined-inline") in missing
    citing = {m.ref.clause for m in fanhanglu.missing if m.ref.target_clause == "2.8.14"}
    assert {"4.2.1", "4.13", "4.14"} <= citing
    # lines of the missing references are the lines where the citation is printed
    for m in fanhanglu.missing:
        printed = fanhanglu.lines[m.ref.line - 1]
        assert m.ref.raw.split("\n")[0][:3] in printed or m.ref.raw[:2] in printed


def test_reference_namespaces(fanhanglu: Document) -> None:
    refs = list(fanhanglu.refs())
    by_kind = {k: [r for r in refs if r.kind is k] for k in RefKind}
    assert any(r.raw == "2.8.9(17)" for r in by_kind[RefKind.REGISTRY])
    assert any(r.target_item == "⑪" for r in by_kind[RefKind.BATCH])
    assert all(r.target_clause == "2.1.6" for r in by_kind[RefKind.BATCH])
    assert any(r.target_item == "0.55" for r in by_kind[RefKind.NIGHT_STEP])
    assert any(r.target_item == "⑨" and r.target_clause == "2.8.10" for r in by_kind[RefKind.GATE])
    assert any(r.raw == "§0.3" and r.target_clause == "0.3" for r in by_kind[RefKind.CLAUSE])
    ref = next(r for r in refs if r.clause == "2.8.16" and r.raw == "4.10.0⑤")
    assert ref.line == 37 and ref.kind is RefKind.ITEM


def test_exception_tag_with_target(fanhanglu: Document) -> None:
    tags = [t for t in fanhanglu.clauses["4.4.7"].tags if t.kind == "例外" and not t.mention]
    assert any(t.target_clause == "4.4.6" for t in tags)
    # 0.4 defines the three labels: those are mentions, not labels
    assert all(t.mention for t in fanhanglu.clauses["0.4"].tags)


def test_chapters_and_appendices(fanhanglu: Document) -> None:
    assert [c.number for c in fanhanglu.chapters] == [1, 2, 3, 4, 5, 6, 7]
    assert fanhanglu.chapters[0].title == "基础规则"
    assert [a.name for a in fanhanglu.appendices] == ["附录一", "附录二", "附录三", "附录四"]
    assert fanhanglu.appendices[3].title == "修订记录"
    assert fanhanglu.appendices[3].line == 4395
    # the glossary is not part of 7.3.8
    assert "术语" not in fanhanglu.clauses["7.3.8"].text[-40:]


def test_repeated_headings_are_one_clause(fanhanglu: Document) -> None:
    clause = fanhanglu.clauses["7.2"]
    assert [h.line for h in clause.headings] == [3807, 3811]
    assert [h.line for h in fanhanglu.clauses["2.3.4"].headings] == [639, 653]
    dup = [n for n in fanhanglu.noise if n.kind == "duplicate-heading"]
    assert any(n.clause == "4.3.1" and n.line == 1645 for n in dup)
