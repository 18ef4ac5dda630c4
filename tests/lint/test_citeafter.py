"""Family q (issue 10, fifteenth pass): a citation judged by the thing named after its id — 「依 2.1 的结算语义」,
「不继承 4.6.3 的「三者互斥」表述」 (``lint/citeafter.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citeafter, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.lint.topics import Place
from tests.lint.citing import (
    assert_retarget_caught,
    assert_silent_at_own_targets,
    citation_at,
    moved,
)

Judged = tuple[LintContext, topics.Topics]


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "run"),
    [
        # 「其不继承 4.6.3 的「三者互斥」表述」: 4.6.4 prints the words too, beside 4.6.3's id (a restatement)
        ("2.5.3", "4.6.3", 735, "4.6.2", "三者互斥"),
        # the restatement itself, a quotation after the possessive: 「不继承 4.6.3 的「救援∕治疗∕制药三者互斥」表述」
        ("4.6.4", "4.6.3", 2029, "4.6.2", "制药三者互斥"),
        # 「适用 2.1 的结算语义」 (dev seed 111 cite-004)
        ("3.3.1", "2.1", 1345, "2.2", "结算语义"),
        # 「不得沿用4.10.6 之致死来源清单」: 之, and a denial the possessive still ties to 4.10.6 (seed 131 cite-017)
        ("6.9.4", "4.10.6", 3683, "4.10.5", "致死来源清单"),
        # 「本上限的唯一作用点是 4.4.3 的无条件注入」 (seed 145 cite-008)
        ("4.4.6", "4.4.3", 1807, "4.4.2", "无条件注入"),
        # 「故为4.4.6的唯一作用点」: 4.4.6 defines it before its citation of 4.4.3, 4.4.3 restates it after one
        # (dev seed 154 cite-003)
        ("4.4.3", "4.4.6", 1779, "4.4.7", "唯一作用点"),
    ],
)
def test_the_sibling_defining_the_thing_is_named(
    judged: Judged, clause: str, raw: str, line: int, wrong: str, run: str
) -> None:
    cited = citation_at(judged[1], clause, raw, line)
    place, terms, likely = assert_retarget_caught(
        judged, citeafter.after_verdict, cited, wrong, kind=citeafter.DefinedPlace
    )
    assert terms == [run] and likely.cited_run <= citeafter.CITED_RUN
    zh, en = likely.explain(raw, place.name, run)
    assert zh.startswith(f"引用 {raw}：其后所指「") and f"由 {raw} 界定（「{run}」）" in zh
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)


def test_the_texts_own_citations_are_silent(judged: Judged) -> None:
    """Every clause and item citation of the text at its own target: no finding — and dozens name a thing
    after the id long enough to be read."""
    asked = assert_silent_at_own_targets(judged, citeafter.after_verdict)
    named = [c for c in asked if len(citeafter.owned_thing(c[0].text, c[1] + len(c[2].raw))) >= 4]
    assert len(named) >= 30


def test_a_place_saying_the_words_apart_keeps_it_silent(judged: Judged) -> None:
    """4.6 「4.4.2 的悬赏回复」: 4.4.2 says 「悬赏（子弹回复）」 — the words apart, the run nowhere in a row.  At its
    own target the cited place says them; retargeted to 4.4.1, 4.4.2 (a sibling) says them apart while 4.4.7
    prints the run: the run does not tell the places apart, the rule stays silent rather than name 4.4.7."""
    ctx, tp = judged
    ref, at = citation_at(tp, "4.4.6", "4.4.2", 1801)
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None
    assert citeafter.owned_thing(unit.text, at + len(ref.raw)) == "悬赏回复"
    assert citeafter.after_fit(tp, unit, at, ref) is None
    assert citeafter.after_fit(tp, unit, at, moved(ref, "4.4.1")) is None


def test_a_restating_sibling_neither_defines_nor_silences(judged: Judged) -> None:
    """4.6.4 prints 「三者互斥」 only in a part citing a clause (「不继承 4.6.3 的「…三者互斥」表述」): it is no
    definer; 4.6.3 prints it in a part that cites none."""
    _, tp = judged
    places = {p.name: p for p in tp.target(citation_at(tp, "2.5.3", "4.6.3", 735)[0])[1]}
    anywhere, defined = citeafter.runs(tp, "三者互斥", places["4.6.4"])
    assert anywhere == "三者互斥" and len(defined) < citeafter.DEFINED_RUN
    place_463 = tp.target(citation_at(tp, "2.5.3", "4.6.3", 735)[0])[0]
    assert place_463 is not None
    assert citeafter.runs(tp, "三者互斥", place_463)[1] == "三者互斥"


@pytest.mark.parametrize(
    ("text", "raw", "thing"),
    [
        ("均依 4.10 的攻击结算链分别结算：第", "4.10", "攻击结算链分别结算"),  # up to the part's end
        (
            "不继承 4.6.3 的「救援∕治疗∕制药三者互斥」表述",
            "4.6.3",
            "救援∕治疗∕制药三者互斥",
        ),  # a quotation is the thing
        ("不得沿用4.10.6 之致死来源清单。④出局", "4.10.6", "致死来源清单"),  # 之, no space before it
        ("按 2.3.4 所列顺序逐一公告，不得", "2.3.4", "顺序逐一公告"),  # 所列
        ("受 4.4.6④ 中的上限约束", "4.4.6④", "上限约束"),  # 中的 after an item label, to the text's end
        ("依 2.1，各医生独立决策", "2.1", ""),  # no possessive: nothing is named after the id
        (
            "见 2.1 的一二三四五六七八九十一二三四五六",
            "2.1",
            "一二三四五六七八九十一二三四",
        ),  # at most THING_SPAN
    ],
)
def test_owned_thing(text: str, raw: str, thing: str) -> None:
    assert citeafter.owned_thing(text, text.index(raw) + len(raw)) == thing


@pytest.mark.parametrize(
    ("part", "defining"),
    [
        ("本上限的唯一作用点是 4.4.3 的无条件注入", "本上限的唯一作用点是 "),  # before the first citation
        ("故为4.4.6的唯一作用点", "故为"),
        ("属玩家自由发言（2.3.4）", ""),  # a bracket holds the citation: not the run it annotates
        ("二者并存且互不合并", "二者并存且互不合并"),  # no citation: all of it
    ],
)
def test_defining_text(part: str, defining: str) -> None:
    assert citeafter.defining_text(part) == defining


def test_the_reason_says_where_the_thing_is_defined() -> None:
    likely = citeafter.DefinedPlace("2.1", "…", thing="结算语义", run="结算语义", cited_run=0)
    zh, en = likely.explain("2.2", "2.2", "结算语义")
    assert (
        zh
        == f"引用 2.2：其后所指「结算语义」由 2.1 界定（「结算语义」），2.2 中与此无一字相同，{RENUMBERED_ZH}"
    )
    assert "defined at 2.1" in en and "none of it" in en
    said = citeafter.DefinedPlace("2.1", "…", thing="结算语义", run="结算语义", cited_run=2)
    assert "至多 2 字连续相同" in said.explain("2.2", "2.2", "")[0]
    assert isinstance(likely, Place)
