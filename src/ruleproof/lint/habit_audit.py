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
guard of the verdict holds as in a real run — and so does every other rule that reads the map.

Which edits can reach a citation is decided exactly, whatever rule reads the map and however: the citation's
verdict is run once with a map that writes down every question asked of it (``CitationHabits.recording()``);
an edited map that answers each of those questions as before leads the verdict down the same path to the same answer,
so only the edits that change an answer are judged again (on 返航录: 6,042 whole verdicts of 53,605 edits;
the audit 7.1 → 9.1 CPU-s, ``python ci/sim_citations.py``, its habit line — see docs/lint.md, "Fourteenth pass — habits").
Before stop 34 the verdict was run only where the habit rule itself spoke on the edited map, so a rule weighing
the habits otherwise could be tipped unseen (judge14a's habit signal, dev seed 103).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.lint.citehabits import Asked, CitationHabits, Citing
from ruleproof.lint.context import LintContext, Unit
from ruleproof.lint.topics import (
    Topics,
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


def _terms_read(log: list[Asked]) -> set[str]:
    """The terms a verdict asked the map about."""
    out: set[str] = set()
    for name, args, _answer in log:
        if name == "cited_elsewhere":
            out.update(str(t) for t in args[0])  # type: ignore[attr-defined]
        elif args:
            out.add(str(args[0]))
    return out


def _same_answers(habits: CitationHabits, log: list[Asked]) -> bool:
    """Whether ``habits`` answers every question of ``log`` as the map it was asked of did.  The verdict is a
    function of the text and of the map's answers, so it is then the same — exactly: the same answers lead
    it down the same path to the same next question (any other answer may lead anywhere: a whole verdict)."""
    return all(getattr(habits, name)(*args) == answer for name, args, answer in log)


def _judge(ctx: LintContext, tp: Topics, unit: Unit, at: int, ref: Ref, self_cite: bool) -> str | None:
    """The likely target family q names for the citation, None when it reports nothing — by every path of the
    verdict, so a rule reading the habit map in any way is asked."""
    found = self_citation(tp, unit, at, ref) if self_cite else verdict(ctx, tp, unit, at, ref)
    return found[2].name if found is not None else None


def _edits(
    base: CitationHabits, terms: set[str], siblings: list[str], movers: list[Citing], ref: Ref
) -> Iterator[tuple[str, CitationHabits]]:
    """The edits elsewhere that move the evidence toward a sibling: one citation added under one term at a
    sibling, or one citation of the cited place moved to a sibling."""
    for s in siblings:
        filed = (s, ref.target_clause or "") if ref.target_item and ref.kind is RefKind.ITEM else (s,)
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


@dataclass
class Cost:
    """What an audit did: citations judged, edits tried, and edits whose map answered some question of the
    verdict otherwise — each judged by a whole verdict again."""

    judged: int = 0
    edits: int = 0
    verdicts: int = 0


def tips(ctx: LintContext, tp: Topics, sample: slice = slice(None), cost: Cost | None = None) -> list[Tip]:
    """Every unreported clause or item citation of the text that one added or retargeted citation elsewhere
    would report, with the edit — of the judged citations in text order, those ``sample`` selects (all by
    default; the test suite audits every fourth, its heavy job all).

    Each citation's verdict is run once with a map that writes down what it asks (``habits.recording()``); an
    edit is judged by the whole verdict again only when the edited map answers one of those questions
    otherwise — whichever rule asked it."""
    cost = cost if cost is not None else Cost()
    base = tp.habits
    filed_at: dict[str, list[Citing]] = {}
    for c in base.sites():
        for p in c.places:
            filed_at.setdefault(p, []).append(c)
    out: list[Tip] = []
    for unit, at, ref, self_cite in list(_judged(ctx, tp))[sample]:
        place = tp.target(ref)[0]
        if place is None:
            continue
        cost.judged += 1
        recording = base.recording()
        if _judge_with(ctx, tp, recording, unit, at, ref, self_cite) is not None:
            continue  # reported already: not tipped
        if not recording.log:
            continue  # no rule asked the map about this citation: no edit of the map can change it
        terms = set(tp.habit_terms(unit, at, ref.raw)) | _terms_read(recording.log)
        siblings = [s for s in habit_places(tp, ref, place)[1] if s != place.name]
        # a retargeted citation is one filed at the cited place under a term asked about
        movers = [
            c
            for c in filed_at.get(place.name, [])
            if (c.unit, c.at) != (unit.id, at) and terms & set(c.terms)
        ]
        for what, habits in _edits(base, terms, siblings, movers, ref):
            cost.edits += 1
            if _same_answers(habits, recording.log):
                continue  # every question the verdict asked is answered as before: the same verdict
            cost.verdicts += 1
            likely = _judge_with(ctx, tp, habits, unit, at, ref, self_cite)
            if likely is not None:
                out.append(Tip(unit.id, ref.line, ref.raw, what, likely))
                break
    return out
