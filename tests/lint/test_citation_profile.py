"""Family q (issue 10, ninth pass): how the text cites a place elsewhere — the uncommon words of the phrases
citing it, its citation profile — names the sibling a citation was meant for (``lint/citeprofile.py``)."""

from __future__ import annotations

import pytest

from ruleproof.books import BOOKS, Source, load_source
from ruleproof.lint import citeprofile, run_lint, topics
from ruleproof.lint.context import LintContext
from ruleproof.pipeline import knowledge_for
from ruleproof.text import Document, read_document
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_at, judged_topics


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "shown"),
    [
        # 「发放时序依 2.1的默认额度发放时序」: 4.4.2, 4.4.3 and 6.4.1 cite 2.1 so; 2.3 is 昼夜流程
        ("4.4.3", "2.1", 1781, "2.3", "默认额度发放时序"),
        # 「每夜至多研制1次（登记于2.5.4①不适用清单）」: 4.13.1 and 4.14.2 cite ① so
        ("4.14.3", "2.5.4①", 2811, "②", "不适用清单"),
        # 「依 2.8.2⑥全额减免先于一切抵挡层」: 2.8.9's row and 4.14.7 itself cite ⑥ so
        ("4.14.7", "2.8.2⑥", 2917, "⑦", "先于一切抵挡层"),
    ],
)
def test_a_phrase_the_text_cites_a_sibling_with_names_it(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, line: int, wrong: str, shown: str
) -> None:
    _place, runs, likely = assert_retarget_caught(
        judged, citeprofile.profile_verdict, (clause, raw, line), wrong, kind=citeprofile.ProfiledPlace
    )
    assert shown in "".join(runs) and likely.clauses >= citeprofile.PROFILE_VOTES
    zh, en = likely.explain(raw, wrong, "、".join(runs))
    assert f"另有 {likely.clauses} 处引用 {likely.name} 时也这样讲" in zh and likely.example in zh
    assert f"{likely.clauses} other units say it citing {likely.name}" in en


def test_every_citation_of_the_text_is_silent_at_its_own_target(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    assert_silent_at_own_targets(judged, citeprofile.profile_verdict, at_least=1000)


def test_a_word_only_the_cited_place_says_clears_it(
    fanhanglu: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 5.7 「施加告知属 7.2.6明文授予」: 明文授予 is how the text cites 7.2.7 (two other clauses, two words), but
    # 施加∕告知 are 7.2.6's title words, which 7.2.7 never says; even at two words the guard keeps it silent.
    # The rule's constant is patched: judged with an object of its own, not the session's shared one.
    ctx, tp = judged_topics(fanhanglu)
    monkeypatch.setattr(citeprofile, "PROFILE_WORDS", 2)
    ref, at = citation_at(tp, "5.7", "7.2.6", 3193)
    unit = ctx.unit_by_id["5.7"]
    assert tp.window(unit, at, ref.raw) == "施加告知属。明文授予"
    voted = citeprofile._profiles(tp).words["7.2.7"]
    assert all(len(voted[w] - {"5.7"}) >= citeprofile.PROFILE_VOTES for w in ("文授", "授予"))
    assert citeprofile.profile_verdict(tp, unit, at, ref) is None


def test_one_edited_citation_elsewhere_tips_no_other() -> None:
    """4.4.3's 「依 2.1的默认额度发放时序」 renumbered to 2.3 in the text: it is reported, and the two other
    citations of 2.1 with the phrase (4.4.2, 6.4.1) stay silent though their profile lost a vote."""
    text = load_source("bundled:fanhanglu").data.decode("utf-8")
    old = "均依 2.1的默认额度发放时序"
    assert text.count(old) == 1
    doc = read_document(Source("edited.txt", text.replace(old, "均依 2.3的默认额度发放时序").encode("utf-8")))
    ctx = LintContext(doc, knowledge_for(BOOKS["fanhanglu"]))
    tp = topics.Topics(ctx)
    for clause, line, expected in (("4.4.3", 1781, True), ("4.4.2", 1749, False), ("6.4.1", 3367, False)):
        raw = "2.3" if expected else "2.1"
        ref, at = citation_at(tp, clause, raw, line)
        found = citeprofile.profile_verdict(tp, ctx.unit_by_id[clause], at, ref)
        assert (found is not None and found[2].name == "2.1") if expected else found is None, clause


def _book(citing: list[str], judged: str, sibling_says: str = "") -> str:
    """A small rulebook: three sibling clauses 5.1–5.3 and twenty clauses of chapter 6, of which those in
    ``citing`` cite 5.1 with a set phrase and 6.20 cites ``judged`` with it."""
    rows = [
        "示例规则书 · 正文 v0.1",
        "五、资源",
        "5.1 补给",
        "补给于白天结束时按人数配给，数量依人数而定。",
        "5.2 库存",
        f"库存上限为三件，超出部分作废。{sibling_says}",
        "5.3 交换",
        "交换须双方同意，每日至多一次。",
        "六、角色",
    ]
    for k in range(1, 21):
        if k == 20:
            body = f"其发放依 {judged} 的夜间轮值派发时序。"
        elif f"6.{k}" in citing:
            body = f"第{k}号角色之发放依 5.1 的夜间轮值派发时序。"
        else:
            body = f"第{k}号角色每晚可选择一名目标，效果各异，详见角色卡第{k}页。"
        rows += [f"6.{k} 角色{k}", body]
    return "\n\n".join(rows) + "\n"


def _profile_findings(text: str) -> list[str]:
    """6.20's citation-topic findings in this rule's wording (the other rules of family q say otherwise)."""
    found = run_lint(read_document(Source("book.txt", text.encode("utf-8"))))
    return [
        f.message
        for f in found
        if f.check == "citation-topic" and f.clause == "6.20" and "时也这样讲" in f.message
    ]


def test_a_small_book_cited_twice_with_a_phrase_names_the_place() -> None:
    messages = _profile_findings(_book(["6.3", "6.7"], "5.2"))
    assert any("另有 2 处引用 5.1 时也这样讲" in m for m in messages), messages
    # at its own target, silent
    assert _profile_findings(_book(["6.3", "6.7"], "5.1")) == []


@pytest.mark.parametrize(
    ("citing", "sibling_says"),
    [
        (["6.3"], ""),  # one other clause is no habit
        (["6.3", "6.7"], "其发放依的夜间轮值派发时序另见附表。"),  # the cited place says the words itself
    ],
)
def test_a_small_book_without_the_evidence_is_silent(citing: list[str], sibling_says: str) -> None:
    assert _profile_findings(_book(citing, "5.2", sibling_says)) == []
