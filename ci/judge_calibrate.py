"""Calibration of the weighing judge (``lint/citejudge.py``): its scores at every own citation of the five bundled
books and at each renumbering of it, so its thresholds are chosen from two distributions, not from one mutant.

    python ci/judge_calibrate.py [--book KEY ...] [--chain] [--near N]

For each clause or item citation the lint judges (``topics.judged_unit``), the judge's scores
(``citejudge.weighed`` with every candidate weighed, then the restating and co-cited candidates left out,
``citejudge.kept``) are read at its own target and at each renumbering the simulation makes
(``ci/sim_citations.py``: the two nearest sibling clauses; the next item, the previous for the last one; not the
citing clause's own family).  For the best candidate it records the margin (best − cited), the ratio (best /
cited), the pieces of evidence, a tie with the second, and whether family q's guards pass (``headwords.guarded``).

Printed: (1) the distribution of the margin among records with ≥ 2 pieces, no tie and the guards passing, own vs
retargeted; (2) for a grid of (margin, ratio, pieces) thresholds, how many own citations the judge would report
(false alarms) and how many renumberings (catches, judge alone — ``--chain`` also counts those the rules before
the judge do not already catch, slower); (3) the own citations nearest to a report.  Never fails.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import math
import sys
import time
from dataclasses import dataclass

import ruleproof.lint.topics as topics  # (first: the rules' modules import it)
from ruleproof.books import BOOKS, load_source
from ruleproof.lint import citejudge
from ruleproof.lint.context import LintContext, is_descendant
from ruleproof.lint.headwords import guarded
from ruleproof.mutate.generate import siblings
from ruleproof.pipeline import knowledge_for
from ruleproof.text import read_document
from ruleproof.text.markers import CIRCLED
from ruleproof.text.model import Ref, RefKind

KEYS = ("fanhanglu", "genshin165", "jiejie140", "botc-m124", "random41")
GRID_MARGIN = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0)
GRID_RATIO = (2.0, 3.0, 4.0, 6.0)
GRID_PIECES = (1, 2, 3)
BINS = (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, math.inf)


@dataclass
class Record:
    book: str
    where: str  # unit, line, citation → candidate
    own: bool
    cited: float
    best: float
    pieces: int
    tie: bool
    guard: bool
    before: bool  # the rules before the judge already report it (--chain only)

    @property
    def margin(self) -> float:
        return self.best - self.cited

    @property
    def ratio(self) -> float:
        return self.best / self.cited if self.cited else math.inf

    def fires(self, margin: float, ratio: float, pieces: int) -> bool:
        return (
            self.margin > margin
            and self.best >= ratio * self.cited
            and self.pieces >= pieces
            and not self.tie
            and self.guard
        )


def _alts(doc: object, ref: Ref, unit: topics.Unit) -> list[Ref]:
    clauses = doc.clauses  # type: ignore[attr-defined]
    if not ref.target_clause or ref.target_clause not in clauses:
        return []
    if ref.target_item and ref.kind is RefKind.ITEM:
        labels = [
            it.label for it in clauses[ref.target_clause].items if it.variant is None and it.label in CIRCLED
        ]
        if ref.target_item not in labels or len(labels) < 2:
            return []
        k = labels.index(ref.target_item)
        return [dataclasses.replace(ref, target_item=labels[k + 1] if k + 1 < len(labels) else labels[k - 1])]
    out = []
    for s in siblings(doc, ref.target_clause)[:2]:  # type: ignore[arg-type]
        if unit.is_clause and (is_descendant(unit.id, s) or is_descendant(s, unit.id)):
            continue
        out.append(dataclasses.replace(ref, target_clause=s))
    return out


def _record(
    key: str,
    ctx: LintContext,
    tp: topics.Topics,
    unit: topics.Unit,
    at: int,
    ref: Ref,
    own: bool,
    chain: bool,
) -> Record | None:
    if ref.kind not in (RefKind.CLAUSE, RefKind.ITEM):
        return None
    judged = citejudge.weighed(tp, unit, at, ref)
    target = f"{ref.target_clause}{ref.target_item or ''}" if ref.kind is RefKind.ITEM else ref.target_clause
    where = f"{key} {unit.id} 第{ref.line}行 {ref.raw} ({target})"
    if judged is None or not judged[1]:
        return Record(key, where, own, 0.0, 0.0, 0, False, False, False)
    cited, ranked = judged[0], citejudge.kept(tp, unit, at, ref, judged[1])
    if not ranked:
        return Record(key, where, own, cited, 0.0, 0, False, False, False)
    best, name, evidence, count = ranked[0]
    tie = len(ranked) > 1 and ranked[1][0] >= best
    place = citejudge.JudgedPlace(name, "", best, cited, tuple(evidence))
    guard = guarded(tp, unit, at, ref, (evidence, place)) is not None
    before = False
    if chain and not own:
        full = topics._CHAIN
        topics._CHAIN = full[:-1]  # the chain without the judge
        try:
            before = topics.verdict(ctx, tp, unit, at, ref) is not None
        finally:
            topics._CHAIN = full
    return Record(
        key, f"{where} → {name} 「{'」「'.join(evidence)}」", own, cited, best, count, tie, guard, before
    )


def collect(keys: tuple[str, ...], chain: bool) -> list[Record]:
    out: list[Record] = []
    for key in keys:
        doc = read_document(load_source(f"bundled:{key}"))
        ctx = LintContext(doc, knowledge_for(BOOKS[key]))
        tp = topics.Topics(ctx)
        for ref in doc.refs():
            unit = topics.judged_unit(ctx, ref)
            if unit is None or ref.kind not in (RefKind.CLAUSE, RefKind.ITEM):
                continue
            at = tp.locate(unit, ref)
            if at is None:
                continue
            rec = _record(key, ctx, tp, unit, at, ref, True, False)
            if rec is not None:
                out.append(rec)
            for alt in _alts(doc, ref, unit):
                rec = _record(key, ctx, tp, unit, at, alt, False, chain)
                if rec is not None:
                    out.append(rec)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--book", action="append", choices=KEYS, help="only these books (default: all five)")
    ap.add_argument("--chain", action="store_true", help="also count renumberings the earlier rules miss")
    ap.add_argument("--near", type=int, default=8, help="list this many own citations nearest to a report")
    ap.add_argument(
        "--fired", metavar="FILE", help="write every record the current thresholds report to FILE"
    )
    args = ap.parse_args()
    started = time.process_time()
    recs = collect(tuple(args.book or KEYS), args.chain)
    own = [r for r in recs if r.own]
    if args.fired:
        with open(args.fired, "w", encoding="utf-8") as out:
            for r in recs:
                if r.fires(citejudge.MARGIN, citejudge.RATIO, citejudge.PIECES):
                    kind = "own" if r.own else ("retarget, chain" if r.before else "retarget")
                    out.write(f"{kind}: {r.where}\n")
    alt = [r for r in recs if not r.own]
    print(f"{len(own)} own citations, {len(alt)} renumberings ({time.process_time() - started:.1f} CPU-s)")
    print("\nmargin (best − cited) where ≥ 2 pieces, no tie, guards pass: own | retargeted")
    eligible = [r for r in recs if r.pieces >= 2 and not r.tie and r.guard and r.best > 0]
    for lo, hi in itertools.pairwise(BINS):
        o = sum(1 for r in eligible if r.own and (lo < r.margin <= hi or (lo == 0 and r.margin <= 0)))
        a = sum(1 for r in eligible if not r.own and (lo < r.margin <= hi or (lo == 0 and r.margin <= 0)))
        o4 = sum(
            1
            for r in eligible
            if r.own and r.ratio >= 4 and (lo < r.margin <= hi or (lo == 0 and r.margin <= 0))
        )
        a4 = sum(
            1
            for r in eligible
            if not r.own and r.ratio >= 4 and (lo < r.margin <= hi or (lo == 0 and r.margin <= 0))
        )
        label = "≤ 0.5" if lo == 0 else f"({lo:g}, {hi:g}]"
        print(f"  {label:>12}  own {o:4d} (ratio ≥ 4: {o4:3d}) | retargeted {a:4d} (ratio ≥ 4: {a4:3d})")
    print(
        "\nthresholds: own reported | renumberings reported (judge alone"
        + (", new to the chain)" if args.chain else ")")
    )
    for p in GRID_PIECES:
        for m in GRID_MARGIN:
            cells = []
            for q in GRID_RATIO:
                o = sum(r.fires(m, q, p) for r in own)
                a = sum(r.fires(m, q, p) for r in alt)
                new = f"/{sum(r.fires(m, q, p) and not r.before for r in alt)}" if args.chain else ""
                cells.append(f"r≥{q:g}: {o:2d} | {a:3d}{new}")
            print(f"  pieces≥{p} margin>{m:<4g}  " + "   ".join(cells))
    print(
        f"\nown citations nearest to a report (≥ 2 pieces, no tie, guards pass; by min(margin/{citejudge.MARGIN:g}, ratio/{citejudge.RATIO:g})):"
    )

    def closeness(r: Record) -> float:
        return min(r.margin / citejudge.MARGIN, r.ratio / citejudge.RATIO)

    for r in sorted((r for r in eligible if r.own), key=closeness, reverse=True)[: args.near]:
        print(f"  {closeness(r):.2f}  margin {r.margin:.2f} ratio {r.ratio:.1f} pieces {r.pieces}  {r.where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
