"""What the tests of family q's citation rules share: the bundled 返航录 judged by family q (with its spec's
knowledge, as ``check`` runs it), a citation of the text found by clause, id and line, a citation pointed at
another place — and the two tests every citation rule states:

- :func:`assert_silent_at_own_targets` — every citation of the real text, at its own target, is silent (or
  exactly the known findings): the rule's false alarms on the text it was built on;
- :func:`assert_retarget_caught` — a real citation retargeted (a renumbering edit) is caught by the rule,
  naming the intended place, and family q reports it (:func:`family_q_reports`).

A rule is any ``rule(tp, unit, at, ref)`` of family q: a verdict (place cited, words, place meant) or a fit
(words, place meant)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from ruleproof.books import BOOKS
from ruleproof.lint import topics
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.topics import Place
from ruleproof.pipeline import knowledge_for
from ruleproof.text import Document
from ruleproof.text.model import Ref, RefKind


def judged_topics(doc: Document) -> tuple[LintContext, topics.Topics]:
    """The text's lint context (with 返航录's spec knowledge) and family q's places over it."""
    ctx = LintContext(doc, knowledge_for(BOOKS["fanhanglu"]))
    return ctx, topics.Topics(ctx)


def citation_at(tp: topics.Topics, clause: str, raw: str, line: int) -> tuple[Ref, int]:
    """The citation ``raw`` of ``clause`` on ``line`` (a clause or an item citation) and its offset."""
    ref = next(r for r in tp.ctx.doc.refs() if r.clause == clause and r.raw == raw and r.line == line)
    unit = topics.judged_unit(tp.ctx, ref)
    assert unit is not None
    at = tp.locate(unit, ref)
    assert at is not None
    return ref, at


def moved(ref: Ref, wrong: str) -> Ref:
    """``ref`` pointed at ``wrong`` (an item label for an item citation, a step key or batch label for a step
    or batch citation, a clause id otherwise)."""
    if ref.kind in (RefKind.ITEM, RefKind.NIGHT_STEP, RefKind.BATCH):
        return dataclasses.replace(ref, target_item=wrong)
    return dataclasses.replace(ref, target_clause=wrong)


def own_citations(
    ctx: LintContext, tp: topics.Topics, kinds: tuple[RefKind, ...] = (RefKind.CLAUSE, RefKind.ITEM)
) -> Iterator[tuple[Unit, int, Ref]]:
    """Every citation of the text of these kinds that family q judges, with its unit and offset — for the
    tests that a rule is silent on the text's own citations."""
    for ref in ctx.doc.refs():
        if ref.kind not in kinds:
            continue
        unit = topics.judged_unit(ctx, ref)
        at = tp.locate(unit, ref) if unit is not None else None
        if unit is not None and at is not None:
            yield unit, at, ref


Judged = tuple[LintContext, topics.Topics]
"""A text's lint context and family q's places over it (:func:`judged_topics`, the ``judged`` fixtures)."""

Found = tuple[Place, list[str], Place]
"""What a rule's verdict finds: the place cited, the words that say so, the place likely meant."""

Fit = tuple[list[str], Place]
"""What a rule's fit finds, before family q's guard: the words that say so and the place likely meant."""

F = TypeVar("F", Found, Fit)

ALL_KINDS = (RefKind.CLAUSE, RefKind.ITEM)


def place_name(ref: Ref) -> str:
    """The name family q gives the place ``ref`` cites (「2.8.2⑥」 for an item, 「4.7.5」 for a clause)."""
    return f"{ref.target_clause}{ref.target_item or ''}"


def citation_near(
    tp: topics.Topics, clause: str, raw: str, *, after: str = "", before: str = ""
) -> tuple[Ref, int]:
    """The citation ``raw`` of ``clause`` whose text right after it starts with ``after`` and right before it
    (spaces aside) ends with ``before``, and its offset — for a citation the text prints twice in a unit."""
    unit = tp.ctx.unit_by_id[clause]
    for ref in tp.ctx.refs_by_unit[clause]:
        at = tp.locate(unit, ref)
        if (
            ref.raw == raw
            and at is not None
            and unit.text[at + len(raw) :].startswith(after)
            and unit.text[:at].rstrip().endswith(before)
        ):
            return ref, at
    raise AssertionError(f"no citation {raw} in {clause} after {before!r}, before {after!r}")


def family_q_reports(judged: Judged, unit: Unit, at: int, ref: Ref) -> bool:
    """Whether family q reports the citation ``ref`` of ``unit`` at offset ``at``, by the path its run takes:
    a citation it judges goes through the verdict chain (``topics.verdict``), a citation of the citing
    clause's own family through ``topics.self_citation``."""
    ctx, tp = judged
    if topics.judged_unit(ctx, ref) is not None:
        return topics.verdict(ctx, tp, unit, at, ref) is not None
    return (
        topics.self_citing_unit(ctx, ref) is not None and topics.self_citation(tp, unit, at, ref) is not None
    )


# a citation of the text: the reference and its offset, or (clause, raw as printed, line) (:func:`citation_at`)
Cited = tuple[Ref, int] | tuple[str, str, int]


def located(tp: topics.Topics, cited: Cited) -> tuple[Ref, int]:
    """The reference and offset of ``cited``."""
    if len(cited) == 3:
        return citation_at(tp, *cited)
    return cited


def assert_silent_at_own_targets(
    judged: Judged,
    rule: Callable[[topics.Topics, Unit, int, Ref], Found | Fit | None],
    *,
    kinds: tuple[RefKind, ...] = ALL_KINDS,
    where: Callable[[Unit, int, Ref], object] | None = None,
    at_least: int = 1,
    reported: Sequence[tuple[str, int, str]] = (),
) -> list[tuple[Unit, int, Ref]]:
    """Every citation of the text of these ``kinds`` that family q judges (those ``where`` selects), at its own
    target: ``rule`` finds nothing — but for the citations ``reported`` (unit id, line, raw as printed) it is
    known to report, exactly those.  At least ``at_least`` citations are asked (a test that asks none
    asserts nothing).  Returns the citations asked."""
    ctx, tp = judged
    asked = [c for c in own_citations(ctx, tp, kinds) if where is None or where(*c)]
    found = [(unit.id, ref.line, ref.raw) for unit, at, ref in asked if rule(tp, unit, at, ref) is not None]
    assert found == list(reported), found
    assert len(asked) >= at_least, len(asked)
    return asked


def assert_retarget_caught(
    judged: Judged,
    rule: Callable[[topics.Topics, Unit, int, Ref], F | None],
    cited: Cited,
    wrong: str,
    *,
    meant: str | None = None,
    kind: type[Place] | None = None,
    reported: bool = True,
) -> F:
    """A citation of the text (``cited``: :data:`Cited`) and the same citation pointed at ``wrong``
    (:func:`moved`): at its own target neither ``rule`` nor family q finds anything; retargeted,
    ``rule`` names ``meant`` (by default the citation's own target: a real renumbering edit is caught, naming
    the intended place), a ``kind`` of place, and — ``reported`` — family q reports it too
    (:func:`family_q_reports`; the rules ahead of it in the chain may be the ones that do).  Returns what
    ``rule`` found."""
    ctx, tp = judged
    ref, at = located(tp, cited)
    unit = topics.judged_unit(ctx, ref)
    assert unit is not None
    assert rule(tp, unit, at, ref) is None, "the rule reports the text's own citation"
    assert not family_q_reports(judged, unit, at, ref), "family q reports the text's own citation"
    retargeted = moved(ref, wrong)
    found = rule(tp, unit, at, retargeted)
    assert found is not None, f"the rule misses {ref.raw} retargeted to {wrong}"
    likely = found[-1]
    assert isinstance(likely, Place)
    assert likely.name == (meant if meant is not None else place_name(ref)), likely.name
    assert kind is None or isinstance(likely, kind), type(likely)
    if reported:
        assert family_q_reports(judged, unit, at, retargeted), "family q does not report it"
    return found


def assert_retarget_left(
    judged: Judged,
    rule: Callable[[topics.Topics, Unit, int, Ref], Found | Fit | None],
    cited: Cited,
    wrong: str,
) -> Unit:
    """A citation of the text (``cited``: :data:`Cited`) and the same citation pointed at
    ``wrong`` (:func:`moved`): ``rule`` says nothing of either — the edit is one the rule cannot tell from the
    text and leaves to the others.  Returns the citing unit (as family q reads it)."""
    ctx, tp = judged
    ref, at = located(tp, cited)
    unit = topics.judged_unit(ctx, ref) or topics.self_citing_unit(ctx, ref)
    assert unit is not None
    assert rule(tp, unit, at, ref) is None, "the rule reports the text's own citation"
    assert rule(tp, unit, at, moved(ref, wrong)) is None, f"the rule judges {ref.raw} retargeted to {wrong}"
    return unit


def self_citations(ctx: LintContext, tp: topics.Topics) -> Iterator[tuple[Unit, int, Ref]]:
    """Every citation of the text of the citing clause itself or one of its ancestors (judged apart, by
    ``topics.self_citation``), with its unit and offset."""
    for ref in ctx.doc.refs():
        unit = topics.self_citing_unit(ctx, ref)
        at = tp.locate(unit, ref) if unit is not None else None
        if unit is not None and at is not None:
            yield unit, at, ref
