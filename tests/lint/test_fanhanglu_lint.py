"""The lint on the real 返航录 v1preview1.0 text: known true defects are found, known traps are not."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from ruleproof.books import book_for
from ruleproof.findings import Finding, Severity
from ruleproof.lint import run_lint
from ruleproof.lint.context import LintContext
from ruleproof.lint.gatelines import find_gate_lines, parse_gates
from ruleproof.lint.orders import OrderTable, extract_order_tables
from ruleproof.lint.registry import parse_registry
from ruleproof.pipeline import knowledge_for
from ruleproof.text import Document
from tests.heavy_split import first_of_each
from tests.lint.edited import (
    BATCH_OR_ALL,
    FAMILY_OR_ALL,
    Edit,
    added,
    batches,
    edited,
    family_of,
    lint,
    mutated,
    unedited,
)


@pytest.fixture(scope="module")
def findings(fanhanglu: Document) -> list[Finding]:
    return run_lint(fanhanglu)


def by(findings: list[Finding], check: str) -> list[Finding]:
    return [f for f in findings if f.check == check]


def test_2_8_14_cited_but_missing(findings: list[Finding]) -> None:
    cited_at = {
        (f.clause, f.line) for f in by(findings, "ref-missing") if f.extra["target"].startswith("2.8.14")
    }
    assert ("4.2.1", 1585) in cited_at
    assert {"4.13", "4.14", "附录一"} <= {c for c, _ in cited_at}
    gaps = {f.extra["missing"]: f for f in by(findings, "numbering-gap")}
    assert gaps["2.8.14"].severity is Severity.ERROR and gaps["2.8.14"].extra["cited"] >= 4
    assert gaps["2.8.8"].severity is Severity.WARNING  # absent but never cited
    assert gaps["0.2"].severity is Severity.ERROR  # 「§0.2」 in 2.8.11


def test_no_clause_ids_made_of_circled_numerals(fanhanglu: Document, findings: list[Finding]) -> None:
    """The author's review script folded ①→1 and reported 「3.3.12 串号」「3.3.18」 (revision log, batch 12)."""
    for f in findings:
        target = f.extra.get("target") or f.extra.get("missing") or ""
        cid = re.match(r"\d+(?:\.\d+)+", target)
        if not cid or f.line is None or f.check == "numbering-gap":
            continue
        window = "".join(fanhanglu.lines[max(0, f.line - 2) : f.line + 1]).replace(" ", "")
        assert cid.group(0) in window, (f.check, f.line, target)
    assert not any("3.3.18" in f.message or "3.3.12 " in f.message for f in findings)


def test_registry_read_from_2_8_9(fanhanglu: Document) -> None:
    reg = parse_registry(LintContext(fanhanglu))
    assert reg is not None and reg.clause == "2.8.9"
    labels = [e.label for e in reg.entries]
    assert len(labels) == 26 and len(set(labels)) == 26  # (23)…(26) printed first, then ①…(22)
    status = {e.label: e.status for e in reg.entries}
    assert status["④"] == "已并入通则" and status["(18)"] == "有效"
    assert dict(reg.entry("(19)").locations if reg.entry("(19)") else ()) == {"7.3.0": None, "7.3.2": None}


def test_registry_location_mismatch_2_8_2(findings: list[Finding]) -> None:
    """2.8.2⑧ is labelled 「登记于 2.8.9(18)」 but entry (18) names 2.8.2⑨."""
    hits = [f for f in by(findings, "exception-location-mismatch") if f.clause == "2.8.2"]
    assert len(hits) == 1 and hits[0].line == 913 and hits[0].extra["entry_location"] == "2.8.2⑨"


def test_ten_gate_lines(fanhanglu: Document, findings: list[Finding]) -> None:
    ctx = LintContext(fanhanglu)
    parsed = parse_gates(ctx)
    assert parsed is not None
    owner, gates = parsed
    assert owner == "2.8.10"
    assert [g.label for g in gates] == ["①", "①之二", "②", "③", "④", "⑤", "⑥", "⑦", "⑧", "⑨", "⑩"]
    assert [g.label for g in gates if g.optional] == ["⑩"]  # 「新增者无须就本关另作说明」
    lines = find_gate_lines(ctx, gates)
    assert (
        len(lines) == 15
    )  # 2.3.4附 4.3.1 4.4.9 4.6.4⑦ 4.9.7 4.11.6 4.12.5 4.13.7 4.14.8 5.7 5.9⑧ 6.8.7 6.9.8 7.2.7 7.3.8
    assert {gl.unit for gl in lines} >= {"2.3.4", "4.3.1", "4.6.4", "5.9", "7.2.7", "7.3.8"}
    required = {g.key for g in gates if not g.optional}
    assert all(required <= set(gl.found) for gl in lines)
    assert not by(findings, "ten-gate-incomplete")
    absent = {f.clause for f in by(findings, "ten-gate-absent")}
    assert {"4.1", "4.7", "5.1", "6.1"} <= absent
    assert not absent & {"4.4", "4.6", "4.9", "4.11", "6.8", "6.9", "4.10", "7.3"}
    # topics of a role chapter, not roles or skills: 5.8 行动菜单与目标限制, 5.10 异形出局与队内共享
    assert not absent & {"5.8", "5.10"}
    assert len(absent) == 17


def test_circular_deferral_1_4_1_4_and_6_5(findings: list[Finding]) -> None:
    (f,) = by(findings, "circular-deferral")
    assert f.clause == "1.4.1.4" and f.related[0][0] == "6.5" and "菜单之收敛" in f.extra["topic"]


def test_placeholder_in_4_13_3(findings: list[Finding]) -> None:
    (f,) = by(findings, "ref-placeholder")
    assert (f.clause, f.line) == ("4.13.3", 2711) and "7.x" in f.message


def test_truncations_include_known_cut_cells(findings: list[Finding]) -> None:
    cut = {(f.clause, f.extra["item"]) for f in by(findings, "truncated-clause")}
    assert {("2.8.16", "①"), ("1.2.5", "③"), ("2.8.1", "①"), ("6.9.2", "⑤")} <= cut
    # cut among siblings that are cut themselves (an unclosed bracket): 「…立即达成 1.2.3」, 「对象：限于当夜
    # 批次」, 「此为 2.8.1」, 「与 7.2.7」
    assert {("1.2.5", "④"), ("4.12.1", "②"), ("6.8.5", "③"), ("6.9.2", "③")} <= cut
    # the step table inside 2.1.1② ends on a cell (「停转夜自然流逝为 0」), not a cut sentence
    assert ("2.1.1", "②") not in cut


def test_serial_numbers_grouped_per_clause(findings: list[Finding]) -> None:
    serials = {f.clause: f.extra["serials"] for f in by(findings, "serial-number")}
    assert serials["2.2"] == ["31.", "32.", "33.", "34.", "35."]
    assert "7.2.1" in serials and "6.1.2" in serials


def test_order_tables_for_issue_5(fanhanglu: Document) -> None:
    tables = extract_order_tables(LintContext(fanhanglu))
    damage = tables["2.8.2"].graph
    # 「保护→巡逻→护甲→护盾」 merges into the full names of 2.8.2⑥'s authoritative chain
    layers = [("保镖保护", "警长巡逻"), ("警长巡逻", "工匠护甲"), ("工匠护甲", "结茧护盾")]
    assert all(damage.has_edge(a, b) for a, b in layers)
    assert all(damage.has_edge(a, b) for a, b in [("全额减免", "时限类"), ("时限类", "存续类")])
    infection = tables["5.3.3"].graph
    assert infection.has_edge("抗体", "保镖保护") and infection.has_edge("警长巡逻", "工匠护甲")
    # the step table is keyed by the clause the reader resolves 「步骤 X」 to (2.1.1 夜间步骤总表; the
    # reader currently says 2.1 夜间步骤顺序, its parent — reported to the reader's owner)
    owner = {r.target_clause for r in fanhanglu.refs() if r.kind.value == "night_step"}
    assert len(owner) == 1
    step_key = owner.pop()
    assert step_key in ("2.1", "2.1.1")
    steps = tables[step_key].graph
    assert steps.has_edge("步骤3", "步骤3.5") and steps.has_edge("步骤3.5", "步骤4a")
    # rows ①…④ of 1.2.3, and row 〇 from 「平局优先于①②③④」
    assert [(k, tables[k].graph.number_of_nodes()) for k in ("1.2.3", "0.5")] == [("1.2.3", 5), ("0.5", 5)]
    for key in ("2.8.2", "5.3.3", step_key, "1.2.3", "0.5"):
        g = tables[key].graph
        assert all(src.clause and src.line > 0 for _, _, d in g.edges(data=True) for src in d["sources"])


def _sources(tables: dict[str, OrderTable], key: str, a: str, b: str) -> set[tuple[str, int]]:
    return {(s.clause, s.line) for s in tables[key].sources(a, b)}


def test_authoritative_damage_chain_of_2_8_2(fanhanglu: Document) -> None:
    """2.8.2⑥ opens with its item marker and a caption: 「⑥现行层序·伤害侧【唯一权威源】全额减免〔…〕→…」."""
    tables = extract_order_tables(LintContext(fanhanglu))
    members = [
        ("工程师安全室", "保镖保护"),
        ("外星人夜晚免疫", "保镖保护"),
        ("外星人夜晚免疫", "警长巡逻"),
        ("警长巡逻", "结茧护盾"),
        ("全额减免", "时限类"),
    ]
    assert all(("2.8.2", 905) in _sources(tables, "2.8.2", a, b) for a, b in members)
    assert not any(n.startswith(("⑥", "现行")) for n in tables["2.8.2"].graph)
    # the class lists 〔工程师安全室、外星人夜晚免疫〕 order nothing inside a class
    g = tables["2.8.2"].graph
    assert not g.has_edge("工程师安全室", "外星人夜晚免疫") and not g.has_edge(
        "外星人夜晚免疫", "工程师安全室"
    )
    # 「类内依专门条款明文：护甲先于护盾」 still reaches the merged node
    assert ("2.8.2", 907) in _sources(tables, "2.8.2", "工匠护甲", "结茧护盾")


def test_prose_over_a_list_of_rows(fanhanglu: Document) -> None:
    """1.2.3 row 〇: 「…全局平局⸺平局优先于①②③④」; 1.2.5 「亦不优先于该表任一条件」 states no order."""
    tables = extract_order_tables(LintContext(fanhanglu))
    assert all(_sources(tables, "1.2.3", "〇", row) == {("1.2.3", 133)} for row in "①②③④")
    assert "1.2.5" not in {
        s.clause for _, _, d in tables["1.2.3"].graph.edges(data=True) for s in d["sources"]
    }
    # denied, the same sentence orders nothing
    denied = extract_order_tables(LintContext(edited(("平局优先于①②③④", "平局不优先于①②③④"))))
    assert "〇" not in denied["1.2.3"].graph


def test_grouped_pair_and_lead_in(fanhanglu: Document) -> None:
    tables = extract_order_tables(LintContext(fanhanglu))
    # glossary 「时限类〔保镖保护、警长巡逻〕先于存续类〔工匠护甲、结茧护盾〕」
    assert ("附录一", 4157) in _sources(tables, "2.8.2", "警长巡逻", "结茧护盾")
    assert ("附录一", 4157) in _sources(tables, "2.8.2", "时限类", "存续类")
    # 4.14.7 「感染侧层序依 5.3.3（唯一权威源），下表为对该权威源之重述」: its table is 5.3.3's
    assert "4.14.7" not in tables
    assert ("4.14.7", 2895) in _sources(tables, "5.3.3", "抗体", "保镖保护")


def test_citation_findings_on_the_real_text_are_the_judged_ones(findings: list[Finding]) -> None:
    """Family q on the unedited text: each finding read and judged (docs/lint.md, precision samples); a
    change that adds one must be read before it is kept (the step and batch table checks add none)."""
    got = {
        (f.check, f.clause, str(f.extra.get("target")))
        for f in findings
        if f.check in ("citation-topic", "citation-quote", "citation-repeated")
    }
    assert got == {
        ("citation-topic", "2.8.9", "2.8.2⑨"),
        ("citation-topic", "2.8.16", "6.9.1⑤"),
        ("citation-topic", "6.1.2", "6.9.1④"),
        # issue 10, fourth pass: 「（其自身感染致濒死者，系救援额度指向自身，见3.3.8，非自救）」 — 3.3.8 is
        # 抗体; the rule is 3.3.6's (line 1409), which the finding names: a defect found by reading
        ("citation-topic", "4.5.2", "3.3.8"),
        ("citation-quote", "4.11.1", "4.10.5"),
        ("citation-quote", "4.14.6", "3.3.1④"),
        ("citation-quote", "4.14.6", "3.3.8"),
        ("citation-quote", "5.3.5", "3.3.10①"),
    }


def test_counts_on_the_real_text(findings: list[Finding]) -> None:
    """Pin the per-check counts of docs/lint.md (change both together)."""
    counts = Counter(f.check for f in findings)
    assert counts["ref-missing"] == 7
    assert counts["numbering-gap"] == 4
    assert counts["exception-location-mismatch"] == 4
    assert counts["circular-deferral"] == 1
    assert counts["exception-unregistered"] == 0
    assert counts["order-conflict"] == counts["order-cycle"] == 0


# ------------------------------------------------------------------------------------------------
# Defects injected into the real text: checks that find nothing in v1preview1.0 must still fire on
# it once its structure is broken the way revisions break it.  Each edited text is linted by the family
# that owns the checked check in the suite and whole in the heavy job (tests/lint/edited.py).


def test_restated_numbers_agree_on_the_real_text(findings: list[Finding]) -> None:
    """v1preview1.0 states every restated number, range count and worked sum consistently: the
    frames, unit profiles, range steps and sums find nothing on it (precision first)."""
    checks = {"restatement-mismatch", "range-step-count", "arithmetic-mismatch", "position-schedule"}
    assert [f for f in findings if f.check in checks] == []


INJECTED: list[tuple[list[tuple[str, str]], str, set[str]]] = [
    # 4.11.3 raises the stock cap: the role card and 4.11.6 still say 3
    # the owner changed alone: its two restatements (4.11.6, the role card) still agree, so the
    # owner is the odd one out and the finding sits where the edit is
    ([("① 库存上限 3件", "① 库存上限 4件")], "restatement-mismatch", {"4.11.3"}),
    # a restatement changed alone: it is the odd one out
    ([("库存上限 3为排除项", "库存上限 2为排除项")], "restatement-mismatch", {"4.11.6"}),
    # the glossary restates the damage-side order of 2.8.2 the wrong way round
    (
        [("层序依 2.8.2 为「保护→巡逻→护甲", "层序依 2.8.2 为「巡逻→保护→护甲")],
        "order-conflict",
        {"附录一"},
    ),
    # gate ⑥ dropped from the craftsman's ten-gate line
    ([("速成护甲到期消失时知情⑥", "速成护甲到期消失时知情")], "ten-gate-incomplete", {"4.11.6"}),
    # the revision log says 「第 5 夜起」 became 「第 5 夜」 in 4.4.3 (I-20)
    (
        [("子弹⸺第 5 夜（全局仅此 1 次）", "子弹⸺第 5 夜起（全局仅此 1 次）")],
        "revision-not-applied",
        {"4.4.3"},
    ),
    # registry entry (14) for the hunter's exception deleted
    ([("(14)", ""), ("4.4.7③ 猎手子弹不适用", "猎手子弹不适用")], "exception-unregistered", {"4.4.7"}),
    # 7.2's ten kinds miscounted
    (
        [("共十类（7.2.1~7.2.10），以「最小可判定", "共九类（7.2.1~7.2.10），以「最小可判定")],
        "count-mismatch",
        {"7.2"},
    ),
    # 2.8.2⑥'s authoritative chain (item marker and caption in front) moves patrol after armor
    (
        [
            (
                "时限类〔保镖保护、警长巡逻〕→存续类〔工匠护甲、结茧护盾〕",
                "时限类〔保镖保护、工匠护甲〕→存续类〔警长巡逻、结茧护盾〕",
            )
        ],
        "order-conflict",
        {"2.8.2"},
    ),
    # the glossary's class pair with its members swapped between the classes
    (
        [
            (
                "〔保镖保护、警长巡逻〕先于存续类〔工匠护甲、结茧护盾〕",
                "〔工匠护甲、结茧护盾〕先于存续类〔保镖保护、警长巡逻〕",
            )
        ],
        "order-conflict",
        {"附录一"},
    ),
    # 4.14.7 restates 5.3.3 under a lead-in, with two layers swapped
    (
        [
            (
                "感染侧专属）→第二层保镖保护（4.8）→第三层警长巡逻（4.4）",
                "感染侧专属）→第二层警长巡逻（4.4）→第三层保镖保护（4.8）",
            )
        ],
        "order-conflict",
        {"4.14.7"},
    ),
    # victory row ④ claims precedence over row ①
    (
        [("④ 倒计时≤0，且人类尚未全灭", "④ 倒计时≤0（本条优先于①），且人类尚未全灭")],
        "order-cycle",
        {"1.2.3"},
    ),
    # a clause citation retargeted to a sibling: the phrase names the sibling's title (警长 is 4.4,
    # 4.3 is 工程师; 神探 is 4.7, 4.6 the 救援医师∕毒师)
    ([("警长双发 4.4）", "警长双发 4.3）")], "citation-topic", {"2.5.2"}),
    ([("与神探同席位（4.7）", "与神探同席位（4.6）")], "citation-topic", {"4.13.7"}),
    # an item citation retargeted: the phrase names the heading of the item it meant
    # (4.12.4② 「封锁：…」, ① is another)
    ([("故不受沉默封锁（4.12.4②", "故不受沉默封锁（4.12.4①")], "citation-topic", {"2.1.1"}),
    # a number said in the same words elsewhere (「每层各抵挡 1 点」: 4.10.5 and the glossary)
    (
        [("伤害侧层序、每层各抵挡 1 点", "伤害侧层序、每层各抵挡 2 点")],
        "restatement-mismatch",
        {"4.10.5"},
    ),
    # a step restated in a bracket with its source: 「（自步骤 0.5 起，6.1.2）」 in 2.8.5, 5.9, 6.2
    # and 6.8.3; one restatement changed is the odd one out, the source changed alone is too
    (
        [
            (
                "锁：变形属主动技能（2.4.2），但结算于身份改变子步骤（步骤 0之前），早于沉默覆盖期（自步骤 0.5 起",
                "锁：变形属主动技能（2.4.2），但结算于身份改变子步骤（步骤 0之前），早于沉默覆盖期（自步骤 0.55 起",
            )
        ],
        "restatement-mismatch",
        {"6.8.3"},
    ),
    ([("当夜自步骤0.5起的全部编", "当夜自步骤0.6起的全部编")], "restatement-mismatch", {"6.1.2"}),
    # a step named with what happens at it, where the text puts that everywhere else at another
    # step: 救援 is step 8's, 蛰伏 step 0.1's
    # the same words before and after a number (issue 10, number class): a unit word changed — 4.4.6
    # and 4.4.7 say 「全场存活≤ 6 名」 too
    ([("「全场存活≤ 6名」一项", "「全场存活≤ 6只」一项")], "restatement-mismatch", {"4.4.3"}),
    # 「持有 1 次者不可发动」 in 7.3.1 and the glossary: the glossary restates the body
    ([("持有 1 次者不可发动之", "持有 2 次者不可发动之")], "restatement-mismatch", {"附录一"}),
    # 「消耗 1 次」 said eight times, 「消耗 1 夜」 once: a unit word of time out of the verb's profile
    ([("实际消耗 1次后", "实际消耗 1夜后")], "restatement-mismatch", {"7.2.4"}),
    # 2.5.1 and 2.5.4 say 「可一次性指定 1~3 名」 in the same words; neither cites the other, so the
    # later is reported as disagreeing, naming the earlier
    ([("一次性指定 1~3 名目标", "一次性指定 1~2 名目标")], "restatement-mismatch", {"2.5.4"}),
    # 4.14.1② edited: it cites 3.3.1 right beside 「产物二选一」, so it is joined with 3.3.1's statement and the
    # registry row 2.8.9 that restates it — two against one, the edited place is the odd one out (before
    # numbers18's citation-beside-the-number join, only the row was compared with 4.14.1 and the row was named)
    ([("3.3.1制药之产物二选一", "3.3.1制药之产物三选一")], "restatement-mismatch", {"4.14.1"}),
    # the owner's ⑥ edited alone: ① and 2.8.5 (citing 4.4.6) still say 2 发
    ([("子弹余量与 2发上限", "子弹余量与 3发上限")], "restatement-mismatch", {"4.4.6"}),
    # a count of settings against the range and its step
    ([("共 6 档），", "共 5 档），")], "range-step-count", {"4.2.2"}),
    # a sum the text works out
    ([("经典局为异形 3 只 ×2", "经典局为异形 2 只 ×2")], "arithmetic-mismatch", {"7.3.1"}),
    # issue 10, fourth number pass: a schedule of positions left with a gap (4.1.1's table) and one
    # counted in two unit words (the glossary's 查证池)
    (
        [
            ("查验次序第 1 次第 2 次及以后", "查验次序第 1 次第 3 次及以后"),
            ("第 2 次起＝本局", "第 2 夜起＝本局"),
        ],
        "position-schedule",
        {"4.1.1", "附录一"},
    ),
    # products the text leaves unwritten: a total against its nights (4.6.4's table row; 4.5.1's title
    # 「上限 3 次」 against its first sentence), a cap in points against 0.5 分 × 6 次 (6.9.1⑤)
    (
        [
            ("救援医师 2 次（第 1、2 夜各1）", "救援医师 1 次（第 1、2 夜各1）"),
            ("第 1、2、3 夜各获得 1 次（第 4 夜不获得）", "第 1、2、3 夜各获得 2 次（第 4 夜不获得）"),
            ("沉默者 0.5 分。本项累计上限 3 分", "沉默者 0.5 分。本项累计上限 2 分"),
        ],
        "arithmetic-mismatch",
        {"4.6.4", "4.5.1", "6.9.1"},
    ),
    # an example against its clause's bound (4.5.1), a common word restated citing a clause that says
    # it four times (7.2.4 「依 6.4.2仅消耗 1 次」), a unit word of time the cited clause never uses with
    # that value (6.8.2 「8次，见7.3.1」)
    (
        [
            ("按夜上限 3次，制药", "按夜上限 4次，制药"),
            ("依 6.4.2仅消\n\n耗 1 次", "依 6.4.2仅消\n\n耗 2 次"),
            ("乔装总数同为 8次", "乔装总数同为 8夜"),
        ],
        "restatement-mismatch",
        {"4.5.1", "7.2.4", "6.8.2"},
    ),
    ([("同一次步骤8救援决定", "同一次步骤9救援决定")], "citation-topic", {"4.10.6"}),
    ([("施加当夜的步骤 0.1（蛰伏）", "施加当夜的步骤 0.2（蛰伏）")], "citation-topic", {"6.1.2"}),
    # the event named before 于 (结茧 heads step 4b's row) and after 致 (致濒死 is 0.55's)
    ([("结茧于步骤 4b结算", "结茧于步骤 5结算")], "citation-topic", {"5.7"}),
    ([("第 3 夜步骤 0.55致濒死", "第 3 夜步骤 0.5致濒死")], "citation-topic", {"6.4.2"}),
    # a time against the step order: 乔装 is step 1, and 「于步骤 8 …（晚于步骤8」 contradicts itself
    ([("乔装于步骤 1 结算、晚于步骤0.55", "乔装于步骤 1 结算、晚于步骤1")], "citation-topic", {"7.3.5"}),
    ([("晚于步骤7、早于步骤9", "晚于步骤8、早于步骤9")], "citation-topic", {"6.8.4"}),
    # a step given with its source, whose title names another step (3.3.2 「医生出手同属步骤 8」)
    ([("研制、接种同属步骤 8", "研制、接种同属步骤 9")], "citation-topic", {"4.14.8"}),
    # a step without a row of its own, judged by the text's majority (夜晚会议 is step 10's)
    ([("步骤 10夜晚会议不设", "步骤 11夜晚会议不设")], "citation-topic", {"2.3.2"}),
    # a batch said after another step than the batch table gives (④ is 步骤4a后, ⑤ 步骤4b后)
    ([("步骤4a结算后随批次④公告", "步骤4a结算后随批次⑤公告")], "citation-topic", {"4.3.6"}),
    # a glossary entry cites a place that never names the term it defines (疫苗抗体 is 4.14.4④)
    ([("不累积、不顺延（4.14.4④）", "不累积、不顺延（4.14.4⑤）")], "citation-topic", {"附录一"}),
    # issue 10, fourth pass: the text's citation habits — 八步结算链 is cited at 4.10.2 five times
    # elsewhere (inside a denial 「不走…」, which still names what it denies); 判定基准 at 2.8.1① eight
    # times (in a ten-gate line, whose gate the checklist cites by clause only)
    ([("②延迟类不走 4.10.2 八步结算链", "②延迟类不走 4.10.3 八步结算链")], "citation-topic", {"4.10.1"}),
    (
        [
            (
                "与窃听者同席位（4.12）②判定基准＝字面身份（2.8.1①）",
                "与窃听者同席位（4.12）②判定基准＝字面身份（2.8.1②）",
            )
        ],
        "citation-topic",
        {"4.9.7"},
    ),
    # the word right before a citation is filed too: 「登记入 2.8.9」 is the text's set phrase (21 times)
    (
        [("明文声明一处并登记入 2.8.9 即可", "明文声明一处并登记入 2.8.11 即可")],
        "citation-topic",
        {"4.14.7"},
    ),
    # a quoted term that is not at the cited clause (清洗 is 5.9's)
    ([("依5.9「清洗」", "依5.8「清洗」")], "citation-quote", {"5.3.5"}),
    # one batch label twice in a run
    ([("随批次④公告，", "随批次④④公告，")], "citation-repeated", {"4.3.6"}),
    # issue 10, third pass: an item cut inside a term (2.1.6⑤'s batch row, whose siblings end
    # mid-sentence anyway); item ④ of 6.9.1 unlabelled, its label now taken from ⑩'s 「④⑤二项」;
    # I-18's old wording back in one of the four places the row names
    ([("净破坏量与停摆触发步骤4b后", "净破坏")], "truncated-clause", {"2.1.6"}),
    ([("④ 参与成功驱逐", " 参与成功驱逐")], "item-numbering", {"6.9.1"}),
    (
        [("依 2.8.7 明文授予（登记于 2.8.9⑥）⑥受沉默", "属 2.8.9⑥明文授予⑥受沉默")],
        "revision-not-applied",
        {"7.3.8"},
    ),
    # issue 10, namespace class: a step as the clause's own time (4.9 is 验票官's, row 10), a skip the
    # step table's row for 破坏∕结茧 (4b) does not list, a bracket naming whose step it is (救援医师: 8),
    # the table's row 11 glued to row 10's last cell, a step in a quoted rule (「步骤 9为死亡硬结算点」),
    # an event mapped to its step by an arrow (死亡: step 9), 乔装 inside 7.3's title 「乔装通则」
    (
        [
            ("发动时点为该夜步骤 10", "发动时点为该夜步骤 11"),
            ("结茧而跳过步骤7", "结茧而跳过步骤8"),
            ("投放 步骤 8（原救援医师", "投放 步骤 9（原救援医师"),
            ("倒计时结算（步骤 11）", "倒计时结算（步骤 10）"),
            ("不违反「步骤 9为死亡硬结算点」", "不违反「步骤 10为死亡硬结算点」"),
            ("死亡→当夜步骤 9 结算完成", "死亡→当夜步骤 8 结算完成"),
            ("①行动位＝步骤 1（不占行动窗口）", "①行动位＝步骤 2（不占行动窗口）"),
        ],
        "citation-topic",
        {"4.9.2", "5.6.2", "4.6.4", "1.4.1.3", "6.8.4", "5.5.1", "7.3.8"},
    ),
    # a registry entry whose locations (2.8.9: (21) is 6.9.4③) do not cover the clause cited before it;
    # a batch whose row says a word of the sentence (报告) while ⑪ alone names the clause's 窃听者
    (
        [
            ("6.9.4③，登记于 2.8.9(21)", "6.9.4③，登记于 2.8.9(22)"),
            ("随批次 ⑪发布", "随批次 ⑩发布"),
        ],
        "citation-topic",
        {"2.8.12", "4.12.2"},
    ),
    # issue 10, fifth number pass: a negation against the verb's profile (「投入 2 夜」 seven times), a
    # citation in the bracket right before the number (4.4.8 「每夜至多查询2名」), 「如 X」 as a citation,
    # and a night counted from an event against the text's other four (当夜 is 第 1 夜)
    (
        [
            ("无须投入2夜", "无须投入3夜"),
            ("（猎手专属，4.4.8）每夜至多 2 名", "（猎手专属，4.4.8）每夜至多 1 名"),
            ("如 4.4.6 子弹2发上限", "如 4.4.6 子弹3发上限"),
            ("落身当夜为第 1夜", "落身当夜为第 2夜"),
        ],
        "restatement-mismatch",
        {"4.14.3", "2.1.1", "2.8.5", "6.4.2"},
    ),
    # issue 10, fifth pass (namespace): 「不再参与步骤 X」 is a skip, held to the skip list of its own
    # subject (row 4b skips 7 for 结茧∕异形, 0.1 and 5 for 外星人); a row that skips its own step; a night
    # entered at another step than the table's first; 濒死 (said everywhere) still tells row 9 from row 8;
    (
        [
            ("选结茧同样于步骤4b 结算、当晚不再参与步骤7", "选结茧同样于步骤4b 结算、当晚不再参与步骤5"),
            ("跳过蛰伏（步骤0.1）与步骤5", "跳过蛰伏（步骤0.1）与步骤4b"),
            ("开局讨论（2.3.1）→第 1夜步骤0", "开局讨论（2.3.1）→第 1夜步骤0.1"),
            ("濒死状态在步骤9必定终结", "濒死状态在步骤8必定终结"),
            # batch 〇 is its own row of the table's preamble; the sentence before 「以批次⑪发布」 names ⑪
            ("以批次⑪发布，故私聊", "以批次〇发布，故私聊"),
        ],
        "citation-topic",
        {"5.8.1", "2.1.1", "2.3.0", "4.9.2", "2.2"},
    ),
]
INJECTED_IDS = [
    "restatement",
    "restatement-copy",
    "order",
    "gate",
    "revision",
    "registry",
    "count",
    "order-caption",
    "order-group-pair",
    "order-lead-in",
    "order-rows",
    "cite-title",
    "cite-title-role",
    "cite-item-heading",
    "same-words",
    "step-restated",
    "step-source-changed",
    "unit-word",
    "same-words-after",
    "unit-profile",
    "same-words-tie",
    "registry-row",
    "owner-slip",
    "range-step",
    "arithmetic",
    "position-schedule",
    "unwritten-products",
    "example-cited-slip",
    "step-event",
    "step-event-bracket",
    "step-event-before",
    "step-event-caused",
    "step-time",
    "step-time-own",
    "step-source-title",
    "step-rowless",
    "batch-time",
    "glossary-entry",
    "habit-denied",
    "habit-gate-line",
    "habit-lead-word",
    "quote-term",
    "batch-run",
    "cut-term",
    "item-order",
    "revision-one-place",
    "step-table-owners",
    "registry-locations",
    "number-fifth-pass",
    "step-skips-and-entries",
]
INJECTED_EDITS = tuple(Edit.of(pairs, check, clauses) for pairs, check, clauses in INJECTED)


def _batched_with(case_id: str, kept: frozenset[str]) -> bool:
    """Whether ``case_id`` is linted in one text with a kept case (its batch, tests/lint/edited.py): that
    text is linted in the suite anyway, so the case's assertion costs no lint of its own."""
    by_edit = dict(zip(INJECTED_EDITS, INJECTED_IDS, strict=True))
    (batch,) = [b for b in batches(INJECTED_EDITS) if INJECTED_EDITS[INJECTED_IDS.index(case_id)] in b]
    return any(by_edit[e] in kept for e in batch)


# One case per defect class (the check it injects a defect of) in the suite — the first in the table — and
# every case batched with one (free); the other cases (another edit for a check the suite already injects
# a defect of, each one lint of its own text) run in the heavy job, with the whole-lint ``[all]`` variants.
INJECTED_SPLIT = first_of_each(
    "tests/lint/test_fanhanglu_lint.py::test_injected_defects",
    INJECTED_IDS,
    [check for _pairs, check, _clauses in INJECTED],
    free=_batched_with,
)


@pytest.mark.parametrize(
    ("pairs", "check", "clauses"),
    [INJECTED_SPLIT.param(*case, id=i) for case, i in zip(INJECTED, INJECTED_IDS, strict=True)],
)
@BATCH_OR_ALL
def test_injected_defects(pairs: list[tuple[str, str]], check: str, clauses: set[str], whole: bool) -> None:
    """Each case's edit, linted in one text with the other cases of its batch by the family that owns
    ``check`` (the suite: tests/lint/edited.py, ``batches``) or alone by every family (heavy)."""
    edit = Edit.of(pairs, check, clauses)
    found = by(added(edit, INJECTED_EDITS, whole), check)
    assert {f.clause for f in found} == clauses, [(f.clause, f.message) for f in found]


@pytest.mark.parametrize(
    ("old", "new", "edited"),
    [
        # issue 10: each of these tipped an unedited clause before the habit map counted clauses and asked
        # for a share (4.12.5 「二者独立（2.5）」 → 2.9; 4.9.1 「详见2.3」 → 2.1); a label is not filed at all
        ("各身份镜像账本彼此独立，", "各身份镜像账本彼此独立（2.9），", "2.8.5"),
        ("各医生基于同一份观测快照独立决策，", "各医生基于同一份观测快照独立决策（详见2.1），", "3.3.2"),
        ("均只抵挡 1 单位；", "均只抵挡 1 单位〔通则 2.9 之例外〕；", "2.8.2"),
    ],
)
@FAMILY_OR_ALL
def test_one_added_citation_makes_no_finding_on_another_clause(
    old: str, new: str, edited: str, whole: bool
) -> None:
    """The citation-habit map is learned from every citation: one citation added in one clause must not
    make a citation of another, unedited clause a finding (a spurious catch in ``ruleproof mutate``).  The
    three checks are one family's: the suite lints with it alone, the heavy job with every family (as
    ``test_injected_defects``)."""
    checks = ("citation-topic", "citation-quote", "citation-repeated")
    (family,) = {family_of(c) for c in checks}
    family_or_all = None if whole else family
    before = {f.fingerprint() for f in unedited(family_or_all) if f.check in checks}
    new_findings = [
        f
        for f in mutated((old, new), family=family_or_all)
        if f.check in checks and f.fingerprint() not in before
    ]
    assert [f.clause for f in new_findings if f.clause != edited] == [], [f.message for f in new_findings]


@FAMILY_OR_ALL
def test_a_topic_section_called_by_its_name_is_listed(whole: bool) -> None:
    """5.8 is left out as a topic only while the text never calls it by one of its names (the suite lints
    with the family that owns the check, the heavy job with every family)."""
    family = None if whole else family_of("ten-gate-absent")
    assert "5.8" not in {f.clause for f in by(unedited(family), "ten-gate-absent")}
    named = by(mutated(("四选一，见5.8", "四选一，见行动菜单（5.8）"), family=family), "ten-gate-absent")
    assert "5.8" in {f.clause for f in named} and "5.10" not in {f.clause for f in named}


@FAMILY_OR_ALL
def test_a_spec_constants_words_link_its_section(whole: bool) -> None:
    """7.3.8's ten-gate line 「⑦全局 2 次∕个体」 restates the spec constant read from 7.3.1 「每个个体全局
    限 2 次」 (same section, unit and bound, the word 个体): changed alone, it is the odd one out (the
    suite lints with the family that owns the check, the heavy job with every family)."""
    family = None if whole else family_of("restatement-mismatch")
    found = lint(edited(("⑦全局 2 次∕个体", "⑦全局 3 次∕个体")), family, knowledge_for(book_for(None)))
    hits = [f for f in found if f.check == "restatement-mismatch"]
    assert [(f.clause, f.extra["value"], f.extra["consensus"]) for f in hits] == [("7.3.8", "3次", "2 次")]


# sha256 of the JSON of every finding on the bundled text (lint without the spec's knowledge, as
# ``ruleproof lint`` runs it).  The speed work on the lint (docs/lint.md, "Sixth pass: lint speed") must
# leave every byte of the findings as it was; a change meant to alter findings updates this digest, and
# says so in its commit.
FINDINGS_DIGEST = "dd4e67ca8d02bd5596100064548052412a497c201930b8e59a8742a0975d4ae4"


def test_findings_digest_on_the_real_text(findings: list[Finding]) -> None:
    import hashlib
    import json

    blob = json.dumps([f.to_json() for f in findings], ensure_ascii=False, sort_keys=True).encode()
    assert (len(findings), hashlib.sha256(blob).hexdigest()) == (163, FINDINGS_DIGEST)
