"""Every lint check, positive and negative, on small synthetic rulebooks (tests/lint/books.py)."""

from __future__ import annotations

import pytest

from ruleproof.findings import Finding, Severity
from ruleproof.lint import CHECKS, run_lint
from tests.conftest import doc_from_text
from tests.lint.books import CLEAN, edit

GENERAL = "各批次只声明相对默认的差量。"
CRAFT_1 = "①铸造护甲，库存上限 3 件。"
SHERIFF = "警长子弹存储上限 2 发"


def lint(text: str) -> list[Finding]:
    return run_lint(doc_from_text(text))


def only(findings: list[Finding], check: str) -> list[Finding]:
    return [f for f in findings if f.check == check]


def test_clean_book_has_no_findings() -> None:
    assert lint(CLEAN) == []


# (check id, edits, clause of the finding, a word of its message)
POSITIVE: list[tuple[str, list[tuple[str, str]], str, str]] = [
    ("ref-missing", [(GENERAL, "各批次只声明差量，依 2.9 处理。")], "2.2", "2.9"),
    ("ref-item-missing", [(GENERAL, "各批次只声明差量（见 3.1⑤）。")], "2.2", "⑤"),
    ("ref-registry-missing", [(GENERAL, "各批次只声明差量（另见 2.3⑨）。")], "2.2", "⑨"),
    (
        "ref-registry-void",
        [
            ("②3.2 警长子弹 2 发存储上限 有效", "②3.2 警长子弹 2 发存储上限 已并入通则"),
            (GENERAL, "差量（原登记于 2.3②）。"),
        ],
        "2.2",
        "已并入通则",
    ),
    ("ref-target-missing", [(GENERAL, "判定⑤另论。")], "2.2", "判定"),
    (
        "ref-defined-inline",
        [
            (GENERAL, "私人反馈共三类（2.2.1~2.2.3）：2.2.1 甲、2.2.2 乙、2.2.3 丙。"),
            ("玩家总数 9 人。", "玩家总数 9 人，依 2.2.3。"),
        ],
        "1.1",
        "2.2.3",
    ),
    ("ref-placeholder", [(GENERAL, "各批次只声明差量（见 2.x）。")], "2.2", "2.x"),
    ("numbering-gap", [("2.2 公告通则\n\n各批次只声明相对默认的差量。\n\n", "")], "2.1", "2.2"),
    ("numbering-duplicate", [(CRAFT_1, CRAFT_1 + "\n\n3.1 补充说明\n\n工匠另有规定。")], "3.1", "补充说明"),
    ("item-numbering", [("②护甲之层序另定〔", "②护甲可分配。④护甲之层序另定〔")], "3.1", "③"),
    ("exception-unregistered", [("②3.2 警长子弹 2 发存储上限 有效", "")], "3.2", "3.2"),
    ("exception-location-mismatch", [("登记于 2.3①〕", "登记于 2.3②〕")], "3.1", "3.2"),
    ("registry-target-missing", [("①3.1② 护甲", "①3.9② 护甲")], "2.3", "3.9"),
    ("registry-label-missing", [(SHERIFF + "〔通则 2.1 之例外〕", SHERIFF)], "2.3", "3.2"),
    ("registry-numbering", [("②3.2 警长", "③3.2 警长")], "2.3", "2"),
    (
        "exception-target-not-general",
        [("〔通则 2.1 之例外〕。十关", "〔通则 3.1 之例外〕。十关")],
        "3.2",
        "3.1",
    ),
    ("ten-gate-incomplete", [("①行动位＝步骤 3｜②可见性＝不公开。", "①行动位＝步骤 3。")], "3.2", "②可见性"),
    ("ten-gate-absent", [("附录一 术语表", "3.3 保镖\n\n每夜保护 1 名。\n\n附录一 术语表")], "3.3", "保镖"),
    (
        "ten-gate-undefined",
        [
            ("①行动位＝步骤 2｜②可见性", "①行动位＝步骤 2｜①之二席位＝无｜②可见性"),
            ("①行动位＝步骤 3｜②可见性", "①行动位＝步骤 3｜①之二席位＝无｜②可见性"),
            (
                "附录一 术语表",
                "3.3 保镖\n\n每夜保护 1 名。十关核验：①行动位＝步骤 2｜①之二席位＝无｜②可见性＝不公开。\n\n附录一 术语表",
            ),
        ],
        "2.4",
        "①之二",
    ),
    ("restatement-mismatch", [("库存上限 3 件（3.1）", "库存上限 4 件（3.1）")], "附录一", "3 件"),
    ("count-mismatch", [(GENERAL, "私人反馈共三类（3.1~3.2）。")], "2.2", "共三类"),
    (
        "range-step-count",
        [(GENERAL, GENERAL + "维修量 1.0~1.5（自选，步长 0.1，共 5 档）。")],
        "2.2",
        "共 6 档",
    ),
    ("arithmetic-mismatch", [(GENERAL, GENERAL + "额度合计 3 名 ×2＋1 名 ×2＝9 次。")], "2.2", "计为 8"),
    (
        "position-schedule",
        [(GENERAL, GENERAL + "查验第 1 次答一项，第 3 次起答两项。")],
        "2.2",
        "第 2 次",
    ),
    (
        "order-conflict",
        [("层序依 2.1 为「保护→巡逻→护甲」", "层序依 2.1 为「巡逻→保护→护甲」")],
        "附录一",
        "2.1",
    ),
    (
        "order-cycle",
        [("层序依 2.1 为「保护→巡逻→护甲」。", "层序依 2.1 为「保护→巡逻→护甲」；护甲先于保护。")],
        "附录一",
        "2.1",
    ),
    (
        "circular-deferral",
        [
            (CRAFT_1, "①铸造护甲，库存上限 3 件；菜单之收敛依 3.2，本条不另列。"),
            (SHERIFF, "外星人菜单之收敛依 3.1①。" + SHERIFF),
        ],
        "3.1",
        "菜单之收敛",
    ),
    (
        "revision-not-applied",
        [("A-1 3.1⸺", "A-2 3.2⸺删除「旧口径」。A-1 3.1⸺"), (SHERIFF, "警长子弹（旧口径）存储上限 2 发")],
        "3.2",
        "旧口径",
    ),
    ("truncated-clause", [("②护甲之层序另定", "②护甲之层序另定（依 2.1")], "3.1", "未闭合"),
    ("serial-number", [(GENERAL, "各批次只声明差量。31.另有规定。32.再有规定。")], "2.2", "31."),
    ("item-label-repeated", [(CRAFT_1, CRAFT_1 + "\n\n②护甲可分配给任意存活玩家。")], "3.1", "②"),
    (
        "sentence-duplicated",
        [(GENERAL, "各批次只声明相对默认的差量，不重述默认。各批次只声明相对默认的差量，不重述默认。")],
        "2.2",
        "两次",
    ),
    ("clause-id-split", [(GENERAL, "各批次只声明相对默认的差量，层序依 2. 1 处理。")], "2.2", "2.1"),
    ("citation-topic", [("玩家总数 9 人。", "玩家总数 9 人。警长子弹之存储上限见 3.1。")], "1.1", "3.2"),
    (
        "citation-quote",
        [("玩家总数 9 人。", "玩家总数 9 人。子弹依 3.1「警长子弹存储上限 2 发」处理。")],
        "1.1",
        "3.2",
    ),
    ("citation-repeated", [(GENERAL, "各批次只声明差量，依 2.1 与 2.1 处理。")], "2.2", "2.1 与 2.1"),
    ("enumeration-count", [(GENERAL, "警长每夜在巡逻∕开枪中三选一。")], "2.2", "三选一"),
    # issue 10, number class: the options after a verb and a colon, each with its quantity
    (
        "enumeration-count",
        [(GENERAL, "制药三选一产出：1瓶救援药剂∕2 瓶治疗药剂。")],
        "2.2",
        "救援药剂∕治疗药剂",
    ),
    (
        "prose-contradiction",
        [
            (GENERAL, GENERAL + "查验结果于当夜私信告知查验者。"),
            ("①铸造护甲，", "①查验结果于次夜私信告知查验者。铸造护甲，"),
        ],
        "3.1",
        "当夜",
    ),
]


@pytest.mark.parametrize(("check", "edits", "clause", "word"), POSITIVE, ids=[c[0] for c in POSITIVE])
def test_check_finds_its_defect(check: str, edits: list[tuple[str, str]], clause: str, word: str) -> None:
    found = only(lint(edit(*edits)), check)
    assert len(found) == 1, found
    f = found[0]
    assert f.clause == clause
    assert word in f.message, f.message
    assert f.line is not None and f.line > 0
    assert f.quote


def test_every_check_has_a_positive_case() -> None:
    from tests.lint.test_sectioned_checks import POSITIVE as SECTIONED

    assert {c.id for c in CHECKS} == {case[0] for case in POSITIVE} | {case[0] for case in SECTIONED}


def test_cited_gap_is_an_error_and_names_the_citing_clauses() -> None:
    text = edit(
        ("2.2 公告通则\n\n各批次只声明相对默认的差量。\n\n", ""),
        ("玩家总数 9 人。", "玩家总数 9 人，依 2.2 公告。"),
    )
    (gap,) = only(lint(text), "numbering-gap")
    assert gap.severity is Severity.ERROR
    assert "1.1" in gap.message
    assert ("1.1", 19) in gap.related


def test_uncited_gap_is_a_warning() -> None:
    (gap,) = only(lint(edit(("2.2 公告通则\n\n各批次只声明相对默认的差量。\n\n", ""))), "numbering-gap")
    assert gap.severity is Severity.WARNING


# --------------------------------------------------------------------------------- near misses


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # circled numerals are items, never digits: 3.1② is not clause 3.12
        (GENERAL, "各批次只声明差量（见 3.1②；另见 1.2①②）。"),
        # 「X.X」 explaining a notation is not a placeholder
        (GENERAL, "须以〔通则 X.X 之例外〕标注，格式为「本夜总量：X.X」。"),
        # a mention of 「十关核验」 is not a ten-gate line
        (GENERAL, "凡附「十关核验」者即属之，本处不预设数目。"),
        # a two-element arrow is a mapping, not an order
        (GENERAL, "转职三方向（助理→步骤 1、武装→步骤 3）。"),
        # a quoted old wording in the body is a mention, not an unapplied revision
        (SHERIFF, "警长子弹（由「旧口径」改称）存储上限 2 发"),
        # a deferral in one direction only
        (CRAFT_1, "①铸造护甲，库存上限 3 件；菜单之收敛依 3.2，本条不另列。"),
        # the cited owner states the same number
        ("库存上限 3 件（3.1）", "库存上限 3 件（依 3.1）"),
        # 「两项之和」 ends with a noun, not a dangling word
        (GENERAL, "上限为上述两项之和"),
        # the restated order agrees with the source
        ("层序依 2.1 为「保护→巡逻→护甲」。", "层序依 2.1 为「保护→巡逻→护甲」；保护先于护甲。"),
        # the citation lands where the sheriff is (citation-topic)
        ("玩家总数 9 人。", "玩家总数 9 人。警长子弹之存储上限见 3.2。"),
        # the quoted wording is at the cited place (citation-quote)
        ("玩家总数 9 人。", "玩家总数 9 人。子弹依 3.2「警长子弹存储上限 2 发」处理。"),
        # a decimal with a space is not a split clause id when no such clause exists
        (GENERAL, "各批次只声明相对默认的差量，倒计时增量 0. 5 昼夜。"),
        # one sentence said in two clauses is a restatement, not a doubled line
        (CRAFT_1, "①铸造护甲，库存上限 3 件。各批次只声明相对默认的差量。"),
        # a circled numeral in a citation is not an item label
        (CRAFT_1, "①铸造护甲，库存上限 3 件（另见 3.1②）。"),
        # an exclusive owner nobody contradicts
        (GENERAL, GENERAL + "保护为保镖独有。"),
        # two different sources coordinated (citation-repeated)
        (GENERAL, "各批次只声明差量，依 2.1 与 3.1 处理。"),
        # counts that match their options and their list (enumeration-count)
        (GENERAL, "警长每夜在巡逻∕开枪∕查验中三选一。"),
        (GENERAL, "警长每夜在「巡逻」与「开枪」之间二选一。"),
        (GENERAL, "制药二选一产出：1瓶救援药剂∕2 瓶治疗药剂。"),
        (GENERAL, "公告分两类：①死亡公告；②驱逐公告。"),
    ],
)
def test_near_misses_stay_silent(old: str, new: str) -> None:
    assert lint(edit((old, new))) == []


def test_labelled_list_shorter_than_its_count() -> None:
    (f,) = only(lint(edit((GENERAL, "公告分三类：①死亡公告；②驱逐公告。"))), "enumeration-count")
    assert f.clause == "2.2" and f.extra == {"stated": 3, "listed": 2}


def test_two_times_with_different_words_are_no_contradiction() -> None:
    text = edit(
        (GENERAL, GENERAL + "查验结果于当夜私信告知查验者。"),
        ("①铸造护甲，", "①出刀结果于次夜公告全体。铸造护甲，"),
    )
    assert lint(text) == []


def test_optional_gate_need_not_be_declared() -> None:
    # 2.8.10 says new clauses need not answer gate ③ (「无须就本关另作说明」)
    findings = lint(CLEAN)
    assert not only(findings, "ten-gate-incomplete")


def test_gate_required_once_checklist_grows() -> None:
    grown = edit(("｜③发起者记账（2.1）⸺新增者无须就本关另作说明。", "｜③发起者记账（2.1）｜④封锁（2.2）。"))
    found = only(lint(grown), "ten-gate-incomplete")
    assert {f.clause for f in found} == {"3.1.1", "3.2"}
    assert all("④封锁" in f.message for f in found)


def test_numeric_revision_claim() -> None:
    text = edit(("A-1 3.1⸺", "G-3 子弹存储上限 2 发 → 3 发 3.2 正文。A-1 3.1⸺"))
    found = only(lint(text), "revision-not-applied")
    assert [f.clause for f in found] == ["3.2"]
    assert "2 发" in found[0].message
    assert not only(
        lint(edit(("A-1 3.1⸺", "G-3 子弹存储上限 1 发 → 2 发 3.2 正文。A-1 3.1⸺"))), "revision-not-applied"
    )


def test_restatement_owned_by_title_without_citation() -> None:
    # the role card cites nothing: the clause whose title names the quantity owns it
    text = edit(("附录二 修订记录", "附录二 职业速查卡\n\n警长 存储上限 3 发。\n\n附录三 修订记录"))
    found = only(lint(text), "restatement-mismatch")
    assert [(f.clause, f.extra["owner"]) for f in found] == [("附录二", "3.2")]


def test_findings_are_deterministic() -> None:
    text = edit((GENERAL, "各批次只声明差量，依 2.9 与 3.1⑤。31.另有规定。32.再有规定。"))
    assert lint(text) == lint(text)


def test_registered_difference_needs_no_label() -> None:
    # the location calls itself a 差量 (the registry preamble: 差量 entries are no deviation)
    text = edit(
        (SHERIFF + "〔通则 2.1 之例外〕", "报告字段之差量：" + SHERIFF),
    )
    assert not only(lint(text), "registry-label-missing")


def test_section_gated_through_the_clause_it_cites() -> None:
    # 「3.3 乔装（警长）：警长可发动乔装（3.2）」 — specified and gated in 3.2
    text = edit(
        ("3.2 警长\n", "3.2 乔装通则\n"),
        ("附录一 术语表", "3.3 乔装（警长）\n\n警长可发动乔装（3.2），每夜 1 次。\n\n附录一 术语表"),
    )
    assert not only(lint(text), "ten-gate-absent")
    # without the citation the section is listed
    bare = edit(("附录一 术语表", "3.3 乔装（警长）\n\n警长可发动乔装，每夜 1 次。\n\n附录一 术语表"))
    assert [f.clause for f in only(lint(bare), "ten-gate-absent")] == ["3.3"]


MENU = "3.3 行动菜单与目标限制\n\n每夜从查验∕出刀中选一项（3.1、3.2）。\n\n附录一 术语表"


def test_a_topic_section_is_not_a_role() -> None:
    # 「A与B」 names two subjects of the chapter, not a role or a skill
    assert not only(lint(edit(("附录一 术语表", MENU))), "ten-gate-absent")
    # …unless the text calls the section by one of them: a citation right after the name
    named = edit(("附录一 术语表", MENU), (GENERAL, "各批次只声明差量，行动菜单（3.3）除外。"))
    assert [f.clause for f in only(lint(named), "ten-gate-absent")] == ["3.3"]
    # …or the role card lists it
    card = edit(
        ("附录一 术语表", MENU),
        ("附录二 修订记录", "附录二 职业速查卡\n\n异形 行动菜单四选一。\n\n附录三 修订记录"),
    )
    assert [f.clause for f in only(lint(card), "ten-gate-absent")] == ["3.3"]
    # a citation for its content (「见 3.3」) does not name it
    cited = edit(("附录一 术语表", MENU), (GENERAL, "各批次只声明差量（见 3.3）。"))
    assert not only(lint(cited), "ten-gate-absent")


# ------------------------------------------------------------------ the revision gate's strong classes


def test_revision_row_naming_two_places_is_judged_place_by_place() -> None:
    # the row names 3.1 and 3.2; 3.1 has the new wording, 3.2 still the old one
    text = edit(
        ("A-1 3.1⸺", "A-2 3.1、3.2⸺「旧口径」改为「新口径」。A-1 3.1⸺"),
        (CRAFT_1, "①铸造护甲（新口径），库存上限 3 件。"),
        (SHERIFF, "警长子弹（旧口径）存储上限 2 发"),
    )
    assert [f.clause for f in only(lint(text), "revision-not-applied")] == ["3.2"]
    # both places applied: silent
    applied = edit(
        ("A-1 3.1⸺", "A-2 3.1、3.2⸺「旧口径」改为「新口径」。A-1 3.1⸺"),
        (CRAFT_1, "①铸造护甲（新口径），库存上限 3 件。"),
        (SHERIFF, "警长子弹（新口径）存储上限 2 发"),
    )
    assert not only(lint(applied), "revision-not-applied")


def test_a_quoted_old_wording_in_use_is_not_applied() -> None:
    # 「附「九关核验」一行」 names the line every role prints: the quotes do not make it a mention
    log = ("A-1 3.1⸺", "A-2 全文「九关核验」改为「十关核验」。A-1 3.1⸺")
    found = only(lint(edit(log, ("附「十关核验」一行", "附「九关核验」一行"))), "revision-not-applied")
    assert [f.clause for f in found] == ["2.4"]
    # 「由「九关核验」改为…」 speaks of the change: a mention
    mention = edit(log, ("附「十关核验」一行", "附「十关核验」一行（由「九关核验」改称）"))
    assert not only(lint(mention), "revision-not-applied")


def test_a_registry_citation_in_a_bracket_is_not_a_missing_gate() -> None:
    # gate ② deleted; the 「2.3②」 in the bracket of gate ① cites registry entry ②, it is no gate
    text = edit(
        ("十关核验：①行动位＝步骤 3｜②可见性＝不公开。", "十关核验：①行动位＝步骤 3（登记于 2.3②）。")
    )
    found = only(lint(text), "ten-gate-incomplete")
    assert [f.clause for f in found] == ["3.2"] and "②可见性" in found[0].message


def test_an_item_label_out_of_order() -> None:
    # item ② lost its label; 「①②两项」 in ③ is a mention, not the item
    more = "登记于 2.3①〕。③护甲可分配。④护甲可拆解，①②两项同时适用。"
    text = edit(("②护甲之层序另定〔", "护甲之层序另定〔"), ("登记于 2.3①〕。", more))
    (f,) = only(lint(text), "item-numbering")
    assert f.clause == "3.1" and "②（" in f.message and "印在 ④（" in f.message and "之后" in f.message
    # labels in order: silent
    ordered = edit(("登记于 2.3①〕。", more))
    assert not only(lint(ordered), "item-numbering")


def test_a_split_id_after_a_tag_or_before_its_title() -> None:
    after_tag = edit((GENERAL, "各批次只声明相对默认的差量，〔适用〕2. 1 处理。"))
    assert [f.clause for f in only(lint(after_tag), "clause-id-split")] == ["2.2"]
    titled = edit((GENERAL, "各批次只声明相对默认的差量，层序另见 2. 1 层序通则。"))
    assert [f.clause for f in only(lint(titled), "clause-id-split")] == ["2.2"]


def test_an_item_cut_to_a_word_or_two_among_items_that_end() -> None:
    cut = edit(("登记于 2.3①〕。", "登记于 2.3①〕。③护甲"))
    (f,) = only(lint(cut), "truncated-clause")
    assert f.clause == "3.1" and "3.1③" in f.message
    # a short tail after a finished sentence is residue (a variant label's 「之二」), not a cut
    residue = edit(("登记于 2.3①〕。", "登记于 2.3①〕。之二"))
    assert not only(lint(residue), "truncated-clause")


def test_a_second_item_one_right_after_the_first_is_repeated() -> None:
    # 「①…。①…」 with no ② yet: a list restarting inside item ① would open with a colon
    text = edit(("②护甲之层序另定〔", "①护甲之层序另定〔"))
    (f,) = only(lint(text), "item-label-repeated")
    assert f.clause == "3.1" and "①" in f.message


def test_a_piece_cut_inside_a_term() -> None:
    # 「库存上」 is printed nowhere but as the start of 库存上限: a word cut in two, whatever the siblings do
    cut = edit(("登记于 2.3①〕。", "登记于 2.3①〕。③护甲之库存上"))
    (f,) = only(lint(cut), "truncated-clause")
    assert f.clause == "3.1" and "「库存上」" in f.message and "库存上限" in f.message


def test_a_sibling_cut_by_itself_counts_as_a_sentence_that_ended() -> None:
    # ② ends inside an unclosed bracket: it was a finished sentence before it was cut, so ③'s missing end
    # stands out among items that (were meant to) end theirs — with ② counted as unfinished, ③'s siblings
    # ended only one sentence in two and ③ went unreported
    cut = edit(
        (
            "②护甲之层序另定〔通则 2.1 之例外，登记于 2.3①〕。",
            "②护甲之层序另定（依 2.1\n\n③护甲不参与巡逻之后",
        )
    )
    found = only(lint(cut), "truncated-clause")
    assert sorted((f.clause, f.extra["item"]) for f in found) == [("3.1", "②"), ("3.1", "③")]


def test_a_split_id_of_three_parts_the_reader_no_longer_sees() -> None:
    # 「3. 1.1」 at the end of a line: the space broke the citation (the reader sees none on the line), and
    # the next line beginning right after the id is no line wrapped inside it
    split = edit((GENERAL, "各批次只声明相对默认的差量，其十关核验此为 3. 1.1\n各批次另行公告。"))
    found = only(lint(split), "clause-id-split")
    assert [(f.clause, f.extra["id"]) for f in found] == [("2.2", "3.1.1")]


# issue 10, truncate class: a namespace phrase (「于步骤」, 「于步骤 2」) the text always continues, ending a piece
# where nothing else tells (items that end without a full stop, a gate of a ten-gate line)
_STEP_TABLE = "序号在前的步骤先结算。步骤 1 查验；步骤 2 保护；步骤 3 出刀。"
_STEPS_SAID = "序号在前的步骤先结算。查验于步骤 1 结算；保护于步骤 2 结算；出刀于步骤 3 结算。"
_UNENDED = (
    "①铸造护甲，库存上限 3 件。\n\n②护甲之层序另定〔通则 2.1 之例外，登记于 2.3①〕。",
    "①铸造护甲，库存上限 3 件\n\n②护甲之层序另定〔通则 2.1 之例外，登记于 2.3①〕",
)


def _phrase_cuts(text: str) -> list[tuple[str, str | None]]:
    return [
        (f.clause, f.extra["item"])
        for f in only(lint(text), "truncated-clause")
        if f.extra["reason"] == "phrase"
    ]


@pytest.mark.parametrize("cut", ["③护甲于步骤", "③护甲于步骤 2"])
def test_an_item_cut_after_a_namespace_phrase_the_text_always_continues(cut: str) -> None:
    text = edit((_STEP_TABLE, _STEPS_SAID), _UNENDED, ("登记于 2.3①〕\n", f"登记于 2.3①〕\n\n{cut}\n"))
    found = only(lint(text), "truncated-clause")
    assert [(f.clause, f.extra["item"], f.extra["reason"]) for f in found] == [("3.1", "③", "phrase")]
    assert "「于步骤" in found[0].message and "另有 3 处" in found[0].message
    # the same cut with the text's phrases as the step table printed them (「步骤 1 查验」): nothing to go by
    assert not _phrase_cuts(edit(_UNENDED, ("登记于 2.3①〕\n", f"登记于 2.3①〕\n\n{cut}\n")))


def test_a_namespace_phrase_the_text_also_ends_a_sentence_on_is_no_cut() -> None:
    # 「于步骤 2」 ends a sentence once elsewhere (「巡逻亦于步骤 2。」): the phrase can end one, so ③ may too
    text = edit(
        (_STEP_TABLE, _STEPS_SAID + "巡逻亦于步骤 2。"),
        _UNENDED,
        ("登记于 2.3①〕\n", "登记于 2.3①〕\n\n③护甲于步骤 2\n"),
    )
    assert not _phrase_cuts(text)


def test_a_gate_may_end_on_a_label_never_on_a_namespace_word_without_it() -> None:
    gate = "十关核验：①行动位＝步骤 3｜②可见性＝不公开。"
    assert _phrase_cuts(
        edit((_STEP_TABLE, _STEPS_SAID), (gate, "十关核验：①行动位＝步骤 3｜②可见性＝于步骤"))
    ) == [("3.2", "②")]
    assert not _phrase_cuts(
        edit((_STEP_TABLE, _STEPS_SAID), (gate, "十关核验：①行动位＝步骤 3｜②可见性＝于步骤 2"))
    )
