"""How far the text's own citations are from a citation-habit finding: what one edit elsewhere could tip.

The citation-habit map (:mod:`ruleproof.lint.citehabits`) is learned from every citation of the text, so an
edit in one clause changes the evidence about citations in others.  A finding must not appear on a clause
nobody touched because one citation was added or retargeted somewhere else (issue 10: one added exception
label made 4.12.5's unedited 「二者独立（2.5）」 a finding).  This module asks, for every clause and item
citation of a text that family q does not report, whether one such edit would make it reported:

* **added**: one more citation, in a clause of its own, filed under one term of the citation's phrase at
  a sibling of the cited place (for an item, also at its clause, as the map files item citations);
* **retargeted**: one citation the map files at the cited place under a term of the phrase, moved to a
  sibling of the cited place (it leaves the cited place and votes for the sibling).

These are the edits that move the evidence most toward a finding; an edit that files a citation *at* the
cited place, or under terms the phrase does not say, can only clear it.  The audit runs the whole verdict
(:func:`ruleproof.lint.topics.verdict`) with the edited map, not the map's evidence alone, so every other
guard of the verdict holds as in a real run.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.lint.citehabits import CitationHabits, Citing
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.topics import (
    Topics,
    habit_fit,
    habit_places,
    judged_unit,
    self_citation,
    self_citing_unit,
    verdict,
)
from ruleproof.text.model import Ref, RefKind

PHANTOM = "‡"  # the unit of an added citation: no clause of the text


@dataclass(frozen=True)
class Tip:
    """An unreported citation (``unit``, ``line``, ``raw``) that one ``edit`` elsewhere would report."""

    unit: str
    line: int
    raw: str
    edit: str  # 「added 术语 → 4.10.2」 or 「retargeted 6.1@40 → 4.10.2」
    likely: str


def _judged(ctx: LintContext, tp: Topics) -> Iterator[tuple[Unit, int, Ref, bool]]:
    """Every clause and item citation family q judges, and whether it is a clause citing itself."""
    for ref in ctx.doc.refs():
        if ref.kind not in (RefKind.CLAUSE, RefKind.ITEM):
            continue
        unit = judged_unit(ctx, ref)
        self_cite = unit is None
        unit = unit or self_citing_unit(ctx, ref)
        at = tp.locate(unit, ref) if unit is not None else None
        if unit is not None and at is not None:
            yield unit, at, ref, self_cite


def _judge(
    ctx: LintContext, tp: Topics, unit: Unit, at: int, ref: Ref, self_cite: bool, full: bool = False
) -> str | None:
    """The likely target family q names for the citation, None when it reports nothing (``full``: by every
    path of the verdict; else the habit path is asked first, as only the map changes)."""
    if self_cite:
        found = self_citation(tp, unit, at, ref)
    elif not full and _habit_place(tp, unit, at, ref) is None:
        return None  # (the map alone clears it: the verdict's other paths are read below, once)
    else:
        found = verdict(ctx, tp, unit, at, ref)
    return found[2].name if found is not None else None


def _habit_place(tp: Topics, unit: Unit, at: int, ref: Ref) -> object:
    place = tp.target(ref)[0]
    return habit_fit(tp, unit, at, ref, place) if place is not None else None


def _never(term: str) -> bool:
    return False


def _always(term: str, sibling: str) -> bool:
    return True


def _edits(
    base: CitationHabits, terms: set[str], siblings: list[str], movers: list[Citing], ref: Ref
) -> Iterator[tuple[str, CitationHabits]]:
    """The edits elsewhere that move the evidence toward a sibling: one citation added under one term at a
    sibling, or one citation of the cited place moved to a sibling."""
    for s in siblings:
        filed = (s, ref.target_clause or "") if ref.target_item and ref.kind is RefKind.ITEM else (s,)
        if not movers:
            for t in sorted(terms):
                yield f"added {t} → {s}", base.plus(Citing(PHANTOM, 0, filed, (t,)))
        for c in movers:
            yield (
                f"retargeted {c.unit}@{c.at} → {s}",
                base.minus((c.unit, c.at)).plus(Citing(c.unit, c.at, filed, c.terms)),
            )


def _judge_with(
    ctx: LintContext, tp: Topics, habits: CitationHabits, unit: Unit, at: int, ref: Ref, self_cite: bool
) -> str | None:
    base = tp.habits
    vars(tp)["habits"] = habits
    try:
        return _judge(ctx, tp, unit, at, ref, self_cite)
    finally:
        vars(tp)["habits"] = base


def tips(ctx: LintContext, tp: Topics, sample: slice = slice(None)) -> list[Tip]:
    """Every unreported clause or item citation of the text that one added or retargeted citation elsewhere
    would report, with the edit — of the judged citations in text order, those ``sample`` selects (all by
    default; the test suite audits every fourth, its heavy job all)."""
    base = tp.habits
    filed_at: dict[str, list[Citing]] = {}
    for c in base.sites():
        for p in c.places:
            filed_at.setdefault(p, []).append(c)
    out: list[Tip] = []
    for unit, at, ref, self_cite in list(_judged(ctx, tp))[sample]:
        place = tp.target(ref)[0]
        terms = set(tp.habit_terms(unit, at, ref.raw))
        if place is None or not terms or _judge(ctx, tp, unit, at, ref, self_cite, full=True) is not None:
            continue  # reported already: not tipped
        siblings = [s for s in habit_places(tp, ref, place)[1] if s != place.name]
        # an added citation cannot clear the cited place's own votes; a retargeted one is one of them
        movers = [
            c
            for c in filed_at.get(place.name, [])
            if (c.unit, c.at) != (unit.id, at) and terms & set(c.terms)
        ]
        for what, habits in _edits(base, terms, siblings, movers, ref):
            if habits.evidence(sorted(terms), place.name, siblings, _never, (unit.id, at), _always) is None:
                continue  # (not even the most lenient reading of the map names a sibling)
            likely = _judge_with(ctx, tp, habits, unit, at, ref, self_cite)
            if likely is not None:
                out.append(Tip(unit.id, ref.line, ref.raw, what, likely))
                break
    return out
