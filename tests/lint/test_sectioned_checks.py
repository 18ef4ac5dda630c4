"""The lint families of books shaped by headings (k–o), positive and negative, on a synthetic forum
rulebook (tests/lint/sectioned_books.py): the clean book is silent, each edit is found once."""

from __future__ import annotations

import pytest

from ruleproof.lint import families_for, forum, names, sequences, structure, wintables
from ruleproof.lint.profiles import book_families
from tests.conftest import doc_from_text
from tests.lint.sectioned_books import CLEAN, edit
from tests.lint.test_checks import lint, only

ORDER = "1. 守夜人<守望>，刺客<刺杀>，预言师<预言>，幻术师<幻象>，有先后顺序。"
WOLF_KING = "狼啸[夜晚]<强制>——所有坏人阵营角色获知狼王的身份。"


def test_clean_book_is_read_by_headings_and_has_no_findings() -> None:
    doc = doc_from_text(CLEAN)
    assert doc.shape == "sectioned"
    assert {d.name for d in doc.names.of("role")} == {
        "守夜人",
        "预言师",
        "哑巴",
        "传话人",
        "刺客",
        "幻术师",
        "狼王",
    }
    assert doc.missing == []
    assert lint(CLEAN) == []


# (check id, edits, clause of the finding, a word of its message)
POSITIVE: list[tuple[str, list[tuple[str, str]], str, str]] = [
    ("name-undefined", [(ORDER, ORDER.replace("，有先后", "，巫医<治疗>，有先后"))], "夜晚", "巫医"),
    ("name-removed", [(ORDER, ORDER.replace("，有先后", "，旧王<登基>，有先后"))], "夜晚", "旧王"),
    ("name-undefined", [(WOLF_KING, WOLF_KING + "狼王的行动顺序在黑巫之后。")], "狼王", "黑巫"),
    ("skill-wrong-role", [("刺客<刺杀>", "刺客<预言>")], "夜晚", "预言师"),
    ("skill-kind-mismatch", [("“超能技能·遥传”", "“超能技能·传话”")], "夜晚", "普通能力"),
    ("name-variant", [("注：预言师", "注：幻术士不能行动。预言师")], "夜晚", "幻术师"),
    ("tag-undefined", [("预言[夜晚]——", "预言[夜晚]<隐秘>——")], "预言师", "<隐秘>"),
    ("tag-bracket", [("守望[夜晚]<限定>", "守望[夜晚][限定]")], "守夜人", "[限定]"),
    (
        "tag-implied",
        [
            (
                "标明<限定>的技能只允许发动一次。",
                "标明<限定>的技能只允许发动一次。\n标明<强制>的技能，是<限定>技能的一种。",
            )
        ],
        "哑巴",
        "<限定>",
    ),
    (
        "name-unused",
        [("噤声[白天]<强制>——使一名角色获得[沉默]状态。", "噤声[白天]<强制>——使一名角色闭嘴。")],
        "状态",
        "沉默",
    ),
    ("section-numbering-gap", [("3、其他", "4、其他")], "违规判定", "3"),
    ("heading-duplicate", [("1.1版本更新", "1.0版本更新")], "版本更新/1.0版本更新#2", "1.0"),
    ("item-duplicated", [("（2）禁止发誓", "（2）禁止讨论场外的信息")], "违规判定/1", "（2）"),
    (
        "modal-contradiction",
        [("查验一名角色的阵营。", "查验一名角色的阵营。该技能无法被其他人获知。该技能可以被其他人获知。")],
        "预言师",
        "可以被其他人获知",
    ),
    (
        "win-camp-mismatch",
        [("负 中立阵营的所有角色均出局。", "负 坏人阵营的所有角色均出局。")],
        "中立阵营",
        "坏人阵营",
    ),
    ("win-priority-row", [("好人阵营2>", "好人阵营3>")], "胜利条件", "第 3 条"),
    ("order-contradiction", [("预言师在幻术师之前行动", "预言师在幻术师之后行动")], "夜晚", "幻术师"),
    (
        "forum-chrome",
        [("[T1]示例版杀", "楼主 |\n发表于 2026-1-1 10:00| 字数 1,000\n[T1]示例版杀")],
        "",
        "发表于",
    ),
    ("heading-fused", [("3、狼王\n", "3、狼王狼王是坏人阵营的首领。\n")], "狼王", "狼王"),
    (
        "link-truncated",
        [("注：预言师", "参见https://example.org/wiki ... /page\n注：预言师")],
        "夜晚",
        "https",
    ),
    ("punctuation-doubled", [("对一名角色造成出局。", "对一名角色造成出局，。")], "刺客", "，。"),
    ("heading-mark", [("2、幻术师", "2、幻术师*")], "幻术师", "*"),
]


@pytest.mark.parametrize(("check", "edits", "clause", "word"), POSITIVE, ids=[c[0] for c in POSITIVE])
def test_check_finds_its_defect(check: str, edits: list[tuple[str, str]], clause: str, word: str) -> None:
    found = only(lint(edit(*edits)), check)
    assert len(found) == 1, found
    f = found[0]
    assert (f.clause or "") == clause
    assert word in f.message, f.message
    assert f.line is not None and f.line > 0
    assert f.quote


def test_every_sectioned_check_has_a_positive_case() -> None:
    ids = {info.id for fam in (names, structure, wintables, sequences, forum) for info in fam.CHECKS}
    assert ids == {case[0] for case in POSITIVE}


def test_an_order_place_named_by_a_role_is_a_citation() -> None:
    """「顺序在X之后」 places a role relative to X: an X the text defines is a citation and silent; one it does
    not define (unbracketed, inside another role's rules) is name-undefined; words that are no name are left
    alone (「原角色」, 「该身份对应的技能」)."""
    ok = edit((WOLF_KING, WOLF_KING + "狼王的行动顺序在刺客之后，技能的行动顺序在原角色之后。"))
    assert lint(ok) == []
    doc = doc_from_text(ok)
    assert any(r.name == "刺客" and r.raw == "顺序在刺客之后" for r in doc.refs())
    bad = only(lint(edit((WOLF_KING, WOLF_KING + "接刀顺序为黑巫出局后。"))), "name-undefined")
    assert [f.extra["name"] for f in bad] == ["黑巫"] and bad[0].quote == "顺序为黑巫出局后"


def test_a_removed_name_is_not_also_undefined() -> None:
    text = edit((ORDER, ORDER.replace("，有先后", "，旧王<登基>，有先后")))
    assert only(lint(text), "name-undefined") == []


def test_changelog_citations_are_history() -> None:
    # the revision notes may name what they delete without a finding
    text = edit(("删除身份旧王。", "删除身份旧王，旧王<登基>不再发动。"))
    assert lint(text) == []


def test_sectioned_families_and_no_book_specific_checks() -> None:
    doc = doc_from_text(CLEAN)
    assert book_families(doc) == frozenset()
    assert {m.__name__.rsplit(".", 1)[-1] for m in families_for(doc)} == {
        "names",
        "structure",
        "wintables",
        "sequences",
        "forum",
    }


def test_order_claim_that_agrees_is_silent_and_a_restated_list_is_compared() -> None:
    twice = edit(
        (
            "2. 狼王<狼啸>",
            "2. 刺客<刺杀>，守夜人<守望>，预言师<预言>，幻术师<幻象>，有先后顺序。\n3. 狼王<狼啸>",
        )
    )
    (f,) = only(lint(twice), "order-contradiction")
    assert "守夜人" in f.message and "刺客" in f.message


def test_first_character_variant_must_sound_alike() -> None:
    # 「幻术师」 → 「魔术师」 is another word (mo / huan); 「换术师」 sounds alike (huan) and is a slip
    assert only(lint(edit(("注：预言师", "注：魔术师不能行动。预言师"))), "name-variant") == []
    (f,) = only(lint(edit(("注：预言师", "注：换术师不能行动。预言师"))), "name-variant")
    assert "换术师" in f.message
