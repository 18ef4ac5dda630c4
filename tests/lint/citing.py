"""What the tests of family q's citation rules share: the bundled 返航录 judged by family q (with its spec's
knowledge, as ``check`` runs it), a citation of the text found by clause, id and line, and a citation
pointed at another place."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from ruleproof.books import BOOKS
from ruleproof.lint import topics
from ruleproof.lint.context import LintContext, Unit
from ruleproof.pipeline import knowledge_for
from ruleproof.text import Document
from ruleproof.text.model import Ref, RefKind


def judged_topics(doc: Document) -> tuple[LintContext, topics._Topics]:
    """The text's lint context (with 返航录's spec knowledge) and family q's places over it."""
    ctx = LintContext(doc, knowledge_for(BOOKS["fanhanglu"]))
    return ctx, topics._Topics(ctx)


def citation_at(tp: topics._Topics, clause: str, raw: str, line: int) -> tuple[Ref, int]:
    """The citation ``raw`` of ``clause`` on ``line`` (a clause or an item citation) and its offset."""
    ref = next(r for r in tp.ctx.doc.refs() if r.clause == clause and r.raw == raw and r.line == line)
    unit = topics.judged_unit(tp.ctx, ref)
    assert unit is not None
    at = tp.locate(unit, ref)
    assert at is not None
    return ref, at


def moved(ref: Ref, wrong: str) -> Ref:
    """``ref`` pointed at ``wrong`` (an item label for an item citation, a clause id otherwise)."""
    if ref.kind is RefKind.ITEM:
        return dataclasses.replace(ref, target_item=wrong)
    return dataclasses.replace(ref, target_clause=wrong)


def own_citations(
    ctx: LintContext, tp: topics._Topics, kinds: tuple[RefKind, ...] = (RefKind.CLAUSE, RefKind.ITEM)
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


def self_citations(ctx: LintContext, tp: topics._Topics) -> Iterator[tuple[Unit, int, Ref]]:
    """Every citation of the text of the citing clause itself or one of its ancestors (judged apart, by
    ``topics._self_citation``), with its unit and offset."""
    for ref in ctx.doc.refs():
        unit = topics._self_citing_unit(ctx, ref)
        at = tp.locate(unit, ref) if unit is not None else None
        if unit is not None and at is not None:
            yield unit, at, ref
