"""Family q (issue 10, the cite class, citejudge20): the weighing judge's lean below its margin, confirmed by how
the other clauses cite the two places (``lint/citecited.py``, ``citejudge.cited_lean``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citecited, citejudge, topics
from ruleproof.lint.citetext import related
from ruleproof.lint.context import Unit
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from ruleproof.mutate.generate import siblings
from ruleproof.text import Document
from ruleproof.text.model import Ref, RefKind
from tests.lint.citing import (
    Judged,
    assert_retarget_caught,
    assert_retarget_left,
    assert_silent_at_own_targets,
    citation_at,
    judged_topics,
    moved,
    own_citations,
)


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "evidence"),
    [
        # 「其唯一例外为夜晚免疫依 6.4.2」: 6.4.2 says 夜晚免疫, 6.4.1 does not; three other clauses cite 6.4.2 in a
        # sentence saying it, none cites 6.4.1 so
        ("4.6.4", "6.4.2", 1999, "6.4.1", ["夜晚免疫"]),
        # 「刀数为0时本项当夜不可选（5.6）」 → 5.5: 5.6 is the clause of 刀数 the others cite
        ("5.8.1", "5.6", 3205, "5.5", ["刀数", "刀数为0时"]),
        # 「受沉默封锁（2.4.2）」 → 2.4.1
        ("7.3.1", "2.4.2", 4075, "2.4.1", ["沉默", "封锁"]),
    ],
)
def test_a_lean_the_other_citations_confirm_is_reported(
    judged: Judged, clause: str, raw: str, line: int, wrong: str, evidence: list[str]
) -> None:
    cited = citation_at(judged[1], clause, raw, line)
    place, words, likely = assert_retarget_caught(
        judged, citejudge.judge_verdict, cited, wrong, kind=citejudge.CitedLeanPlace
    )
    assert words == evidence
    assert isinstance(likely, citejudge.CitedLeanPlace)
    # below the judge's own bar: the second kind of evidence is what reports it
    assert not citejudge.clearly_better(likely.cited_score, [(likely.score, likely.name, words, 1)])
    assert len(likely.voters) >= citecited.CITED_VOTES
    assert not any(v == clause or v.startswith(clause + ".") for v in likely.voters)
    zh, en = likely.explain(wrong, place.name, wrong)
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)
    assert evidence[0] in zh and likely.voters[0] in zh and likely.voters[0] in en


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "head"),
    [
        # 「暴露口径见 3.2」 → 3.3: the glossary's entry 暴露 cites 3.2 (and 4.3.6), none cites 3.3
        ("5.2", "3.2", 2959, "3.3", "暴露"),
        # 「与工匠护甲（4.11）同制」 → 4.10: the entry 护甲 cites 4.11.1
        ("5.7", "4.11", 3181, "4.10", "护甲"),
        # 「使目标进入濒死状态（4.10.4）」 → 4.10.3: the entry 濒死 cites 4.10.4
        ("7.2.7", "4.10.4", 3979, "4.10.3", "濒死"),
    ],
)
def test_a_lean_the_glossary_confirms_is_reported(
    judged: Judged, clause: str, raw: str, line: int, wrong: str, head: str
) -> None:
    cited = citation_at(judged[1], clause, raw, line)
    place, _words, likely = assert_retarget_caught(
        judged, citejudge.judge_verdict, cited, wrong, kind=citejudge.CitedLeanPlace
    )
    assert isinstance(likely, citejudge.CitedLeanPlace)
    assert not likely.voters and any(h == head for h, _cid in likely.entries)
    zh, en = likely.explain(wrong, place.name, wrong)
    assert f"「{head}」" in zh and "术语表" in zh and f"'{head}'" in en and "glossary" in en


def test_no_own_citation_is_one_glossary_retarget_from_a_report(judged: Judged) -> None:
    """A renumbering edit of a glossary entry's citation (to one of the two nearest siblings, as the generator
    picks them) must not make an own citation elsewhere a report: no own lean of 返航录 gains an entry naming its
    sibling, or loses the last entry naming the cited place, by one such edit."""
    ctx, tp = judged
    entries = citecited.glossary_entries(tp)
    near = []
    checked = 0
    for unit, at, ref in own_citations(ctx, tp):
        found = _lean(tp, unit, at, ref)
        if found is None:
            continue
        (_best, name, evidence, _count), _voters, _against = found
        mine = [e for e in entries if any(e[1] in w for w in evidence)]
        for k, (cid, _head, _where) in enumerate(mine):
            rest = mine[:k] + mine[k + 1 :]
            for moved_to in (cid, *siblings(ctx.doc, cid)[:2]):
                now = [*rest, (moved_to, "", None)]
                for_name = any(related(c, name) for c, _h, _w in now)
                for_cited = any(related(c, ref.target_clause or "") for c, _h, _w in now)
                checked += 1
                if for_name and not for_cited and ref.kind is not RefKind.ITEM:
                    near.append((unit.id, ref.line, ref.raw, name, cid, moved_to))
    assert checked >= 1  # (not vacuous: some own lean has a glossary entry in its words)
    assert near == [], near


def test_a_lean_no_other_clause_confirms_is_left(judged: Judged) -> None:
    """2.1.7's 「规则不设任何限制（见 7.0）」 → 7.1: the judge leans to 7.0 on 「规则不设」, but one other clause
    only cites 7.0 in words saying it — one piece, one voter: left to the other rules."""
    unit = assert_retarget_left(
        judged, citejudge.cited_lean_verdict, citation_at(judged[1], "2.1.7", "7.0", 527), "7.1"
    )
    assert unit.id == "2.1.7"


def test_the_texts_own_citations_are_silent(judged: Judged) -> None:
    """Every clause and item citation of 返航录 at its own target: the confirmed lean reports none — and the judge
    leans below its margin at some of them (a test of a rule that is never asked asserts nothing)."""
    asked = assert_silent_at_own_targets(judged, citejudge.cited_lean_verdict, at_least=1000)
    _ctx, tp = judged
    leaning = [c for c in asked if _lean(tp, *c) is not None]
    assert len(leaning) >= 20, len(leaning)


def _lean(
    tp: topics.Topics, unit: Unit, at: int, ref: Ref
) -> tuple[citejudge.Ranked, list[str], list[str]] | None:
    """The judge's lean below its margin at a citation, with every clause citing the leaned-to place in its words
    and every clause citing the cited place so (not only as many as the rule asks for)."""
    found = citejudge.weighed(tp, unit, at, ref)
    if found is None or citejudge.clearly_better(*found):
        return None
    lean = citejudge.lean(*found)
    if lean is None:
        return None
    item = ref.kind is RefKind.ITEM
    cid = ref.target_clause or ""
    name, evidence = lean[1], lean[2]
    own = f"{cid}{ref.target_item or ''}" if item else cid
    voters = list(citecited.cited_with(tp, name, cid if item else name, item, evidence, unit.id))
    return lean, voters, list(citecited.cited_with(tp, own, cid, item, evidence, unit.id))


def test_no_own_citation_is_one_edit_from_a_report(judged: Judged) -> None:
    """One citation added or retargeted elsewhere moves the votes by one at most: the leaned-to sibling gains a
    voter, the cited place loses one (a retarget from it to the sibling does both).  No own citation of 返航录
    where the judge leans to a sibling is within that reach of a report."""
    ctx, tp = judged
    near = []
    for unit, at, ref in own_citations(ctx, tp):
        found = _lean(tp, unit, at, ref)
        if found is not None and len(found[1]) + 1 >= citecited.CITED_VOTES and len(found[2]) <= 1:
            near.append((unit.id, ref.line, ref.raw, found[0][1]))
    assert near == [], near


def test_each_condition_keeps_an_own_citation_from_the_reach(
    fanhanglu: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The thresholds' room on the text: with two votes, 5.7's 「结茧…全部行动（2.5）」 (leaning to 2.4 by one term,
    one voter, none against) comes within one edit of a report; with a lean of a fraction of a term, 7.2.1's 6.1
    (leaning to 6.3 by 0.08 on 「破坏」「击杀」, four voters, one against) does."""
    for name, module, loose in (
        ("CITED_VOTES", citecited, 2),
        ("LEAN_MARGIN", citejudge, 0.05),
    ):
        with monkeypatch.context() as patch:
            patch.setattr(module, name, loose)
            ctx, tp = judged_topics(fanhanglu)
            near = [
                ref.line
                for unit, at, ref in own_citations(ctx, tp)
                if (found := _lean(tp, unit, at, ref)) is not None
                and len(found[1]) + 1 >= citecited.CITED_VOTES
                and len(found[2]) <= 1
            ]
            assert near, name


def test_the_votes_read_the_edited_citation_nowhere(judged: Judged) -> None:
    """The citing clause's own citations never vote: 4.6.4's retargeted 6.4.2 is not counted for 6.4.2."""
    _ctx, tp = judged
    ref, at = citation_at(tp, "4.6.4", "6.4.2", 1999)
    unit = tp.ctx.unit_by_id["4.6.4"]
    voters = list(citecited.cited_with(tp, "6.4.2", "6.4.2", False, ["夜晚免疫"], unit.id))
    assert len(voters) >= citecited.CITED_VOTES and "4.6.4" not in voters
    assert citejudge.judge_verdict(tp, unit, at, moved(ref, "6.4.1")) is not None


def test_a_restating_candidate_that_says_a_word_of_its_own_is_weighed(judged: Judged) -> None:
    """2.8.2's 「仅于致死时点消耗 1 次（6.4.2）」 → 6.4.3: the judge leans to 6.4.2, three clauses cite it saying
    致死, none 6.4.3 — but 6.4.2's pieces that say 致死 cite 6.4.1 (it restates a sibling), which left it out of
    the lean.  6.4.1 says 致死, not 致死时点: 6.4.2 says a word of the lean its restated sibling does not."""
    cited = citation_at(judged[1], "2.8.2", "6.4.2", 909)
    _place, words, likely = assert_retarget_caught(
        judged, citejudge.cited_lean_verdict, cited, "6.4.3", kind=citejudge.CitedLeanPlace
    )
    assert "致死时点" in words
    assert isinstance(likely, citejudge.CitedLeanPlace) and len(likely.voters) >= citecited.CITED_VOTES


def test_a_restating_candidate_whose_cited_sibling_says_every_word_is_left(judged: Judged) -> None:
    """2.8.5's 2.8.1 (line 993) → 2.8.2: the judge leans to 2.8.1 on 身份 / 呈现 / 呈现身份, confirmed by many
    clauses, but 2.8.1's pieces that say them cite 2.8.12, which prints all three — the words may be 2.8.12's,
    restated: still left out."""
    unit = assert_retarget_left(
        judged, citejudge.cited_lean_verdict, citation_at(judged[1], "2.8.5", "2.8.1", 993), "2.8.2"
    )
    assert unit.id == "2.8.5"


@pytest.mark.parametrize(
    ("clause", "raw", "line", "wrong", "evidence"),
    [
        # 「停转夜」 → 6.8.6③: 2.8.9 and 附录三 cite 6.8.6② saying it; nothing outside 6.8 cites 6.8.6③
        ("6.8.2", "6.8.6②", 3475, "③", ["停转夜"]),
        # 「死囚」 → 6.8.6③: 2.8.9 and 6.8.2 cite 6.8.6② saying it
        ("附录三", "6.8.6②", 4383, "③", ["死囚"]),
    ],
)
def test_two_voters_and_a_place_no_one_else_cites_are_reported(
    judged: Judged, clause: str, raw: str, line: int, wrong: str, evidence: list[str]
) -> None:
    _ctx, tp = judged
    ref = next(r for r in tp.ctx.doc.refs() if r.raw == raw and r.line == line)  # (an appendix's: no clause)
    unit = topics.judged_unit(tp.ctx, ref)
    assert unit is not None and unit.id == clause
    at = tp.locate(unit, ref)
    assert at is not None
    cited = (ref, at)
    place, words, likely = assert_retarget_caught(
        judged, citejudge.judge_verdict, cited, wrong, kind=citejudge.CitedLeanPlace
    )
    assert words == evidence
    assert isinstance(likely, citejudge.CitedLeanPlace) and likely.alone
    assert citecited.UNCITED_VOTES <= len(likely.voters) < citecited.CITED_VOTES
    zh, en = likely.explain(place.name, place.name, place.name)
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)
    assert (
        f"本条族之外无一处引 {place.name}" in zh
        and "no clause outside the citing clause's family cites" in en
    )


def _near_alone(tp: topics.Topics, unit: Unit, at: int, ref: Ref) -> bool:
    """Whether one citation added, retargeted or removed elsewhere could make the own citation a report by two
    voters and an uncited place: a unit ``U`` retargeting its citation of the cited place to the leaned-to one
    leaves the place's citers less ``U`` and adds ``U`` to the voters; a citation added (or its words edited)
    adds one voter."""
    found = _lean(tp, unit, at, ref)
    if found is None:
        return False
    (_best, _name, _evidence, _count), voters, against = found
    item = ref.kind is RefKind.ITEM
    cid = ref.target_clause or ""
    own = f"{cid}{ref.target_item or ''}" if item else cid
    citers = citecited.citing_units(tp, own, cid, item, unit.id)
    added = len(voters) + 1 >= citecited.UNCITED_VOTES and not against and not citers
    retargeted = (
        len(citers) <= 1 and set(against) <= citers and len(set(voters) | citers) >= citecited.UNCITED_VOTES
    )
    return added or retargeted


def test_no_own_citation_is_one_edit_from_an_uncited_report(judged: Judged) -> None:
    """The two-voter path keeps every own citation of 返航录 two edits from a report too — and some own citation
    where the judge leans is cited by no other clause (the condition is asked, not vacuous)."""
    ctx, tp = judged
    near, lone = [], 0
    for unit, at, ref in own_citations(ctx, tp):
        if _near_alone(tp, unit, at, ref):
            near.append((unit.id, ref.line, ref.raw))
        if _lean(tp, unit, at, ref) is not None:
            item = ref.kind is RefKind.ITEM
            cid = ref.target_clause or ""
            lone += citecited.uncited(
                tp, f"{cid}{ref.target_item or ''}" if item else cid, cid, item, unit.id
            )
    assert near == [], near
    assert lone >= 1, lone


def test_one_voter_and_an_uncited_place_would_bring_own_citations_within_an_edit(
    fanhanglu: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The two-voter path's room on the text: with one voter, 3.2.6's 4.3.2 (leaning to 4.3.3 on 工程师 / 维修,
    4.3.1 its one voter and its one other citer) and 5.7's 2.1.2② among others come within one edit of a report."""
    monkeypatch.setattr(citecited, "UNCITED_VOTES", 1)
    ctx, tp = judged_topics(fanhanglu)
    near = {(unit.id, ref.raw) for unit, at, ref in own_citations(ctx, tp) if _near_alone(tp, unit, at, ref)}
    assert {("3.2.6", "4.3.2"), ("5.7", "2.1.2②")} <= near, near
