"""Family q (issue 10, cite13a): a bare deferral 「依 X」「（详见 X）」 judged by the words it governs against the
titles of X's family (``lint/citedeferral.py``), and a clause citing itself in a list of its siblings' ids
(``topics.self_citation``'s list hook)."""

from __future__ import annotations

from ruleproof.lint import citedeferral, citeshape, citetext, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_ZH
from ruleproof.text.model import RefKind
from tests.lint.citing import citation_at, moved, own_citations, self_citations
from tests.lint.edited import FAMILY_OR_ALL, topic_messages, unedited_text

Judged = tuple[LintContext, topics.Topics]


def test_a_bracketed_deferral_is_judged_by_the_phrase_it_annotates(judged: Judged) -> None:
    """4.9.1 「每张票的投票来源编号（详见2.3）」: the bracket says only 详见, the phrase before it says 投票, a title
    name of 2.3 (白天流程…投票) and of no other clause of chapter 2; at 2.2 (私聊) it is reported, 2.3 named."""
    ctx, tp = judged
    ref, at = citation_at(tp, "4.9.1", "2.3", 2215)
    unit = ctx.unit_by_id["4.9.1"]
    assert not tp.topic(
        unit, at, ref.raw
    )  # the citation's own phrase names nothing: the other checks are blind
    assert citedeferral.deferral_verdict(tp, unit, at, ref) is None  # the text's own citation
    wrong = moved(ref, "2.2")
    found = citedeferral.deferral_verdict(tp, unit, at, wrong)
    assert found is not None
    place, terms, likely = found
    assert isinstance(likely, citedeferral.DeferredPlace)
    assert (place.name, likely.name) == ("2.2", "2.3") and "投票" in terms
    zh, en = likely.explain(wrong.raw, place.name, "、".join(terms))
    assert zh.startswith("引用 2.3：") and "投票来源编号」" in zh and zh.endswith(RENUMBERED_ZH)
    assert "2.2" in en and "2.3" in en
    assert topics.verdict(ctx, tp, unit, at, wrong) is not None  # through family q's chain


def test_a_deferral_landing_on_the_citing_clauses_ancestor_is_judged_without_the_clause(
    judged: Judged,
) -> None:
    """7.1.4 「依 7.0，不禁止持有者自行使用、记录与推理」: 推理 is 7.0's title (推理自由); a renumbering onto 7.1, the
    citing clause's own parent, is judged by the self-citation path, 7.1 read without 7.1.4."""
    ctx, tp = judged
    ref, at = citation_at(tp, "7.1.4", "7.0", 3805)
    unit = ctx.unit_by_id["7.1.4"]
    assert citedeferral.family_deferral(tp, unit, at, ref) is None  # 7.0 is no ancestor of 7.1.4
    wrong = moved(ref, "7.1")
    assert topics.self_citing_unit(ctx, wrong) is unit
    found = topics.self_citation(tp, unit, at, wrong)
    assert found is not None
    place, terms, likely = found
    assert (place.name, likely.name, terms) == ("7.1", "7.0", ["推理"])


def test_a_deferral_whose_words_the_cited_clause_says_is_not_reported(judged: Judged) -> None:
    """2.3.2 「新出局的玩家依次发表（细则见2.6）」 at 2.7 (身份备注): the phrase says 出局, 2.6's title (出局者权利), but
    2.7's own text says 出局 too (「出局后不再保留」): the cited clause speaks of the matter, nothing is reported."""
    ctx, tp = judged
    ref, at = citation_at(tp, "2.3.2", "2.6", 629)
    unit = ctx.unit_by_id["2.3.2"]
    assert "出局" in tp.title_names("2.6") and "出局" in tp.places.clause_text("2.7")
    assert citedeferral.deferral_verdict(tp, unit, at, moved(ref, "2.7")) is None


def test_every_clause_citation_of_the_text_is_silent_at_its_own_target(judged: Judged) -> None:
    ctx, tp = judged
    asked = 0
    for unit, at, ref in own_citations(ctx, tp, (RefKind.CLAUSE,)):
        asked += 1
        assert citedeferral.deferral_verdict(tp, unit, at, ref) is None, (unit.id, ref.line, ref.raw)
    assert asked > 1000


def test_every_self_citation_of_the_text_is_silent(judged: Judged) -> None:
    """The text's own citations of the citing clause or an ancestor, listed or not (2.3.2 「（4.13.1、2.3.2）」 lists
    no sibling of 2.3.2), make neither new rule report."""
    ctx, tp = judged
    asked = listed = 0
    for unit, at, ref in self_citations(ctx, tp):
        asked += 1
        listed += citetext.in_list(unit.text, at, at + len(ref.raw))
        assert citedeferral.family_deferral(tp, unit, at, ref) is None, (unit.id, ref.line, ref.raw)
        assert citedeferral.listed_self(tp, unit, at, ref) is None, (unit.id, ref.line, ref.raw)
    assert asked > 20 and listed >= 1


def test_a_clause_citing_itself_among_its_siblings_ids_is_reported(judged: Judged) -> None:
    """4.3.1 「放弃维修与追加维修（4.3.2∕4.3.3）」 renumbered to 「（4.3.1∕4.3.3）」: 4.3.1 lists its own id with its
    sibling 4.3.3's; before the hook a self-citation in a list was never judged."""
    ctx, tp = judged
    ref, at = citation_at(tp, "4.3.1", "4.3.2", 1631)
    unit = ctx.unit_by_id["4.3.1"]
    wrong = moved(ref, "4.3.1")
    assert citetext.in_list(unit.text, at, at + len(ref.raw))
    found = topics.self_citation(tp, unit, at, wrong)
    assert found is not None
    place, terms, likely = found
    assert isinstance(likely, citeshape.ShapedPlace) and likely.shape == "listed"
    assert place.name == "4.3.1" and terms == ["4.3.3"] and "4.3.2" in likely.candidates
    finding = topics.topic_finding(unit, wrong, at, place, terms, likely)
    assert finding.message.startswith("引用 4.3.2：4.3.1 在同级条款 4.3.3 的编号清单中列出本条自身的编号")
    assert RENUMBERED_ZH in finding.message and "4.3.3" in finding.message_en


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_bracketed_deferral(whole: bool) -> None:
    """4.9.1's 「（详见2.3）」 renumbered to 2.2 in the text: ``ruleproof lint`` reports it at 4.9.1, naming 2.3
    (family q alone in the suite, every family in the heavy job)."""
    line = unedited_text().splitlines()[2214]
    old = line[line.index("（") : line.index("2.3）") + 4]
    found = topic_messages(old, old.replace("2.3", "2.2"), "4.9.1", whole)
    assert any("2.3 的标题所指" in m and "2.2" in m for m in found), found
