"""Simulation: ask the citation-topic verdict about every citation of the bundled 返航录 text, at its own
target and at the neighbour the mutation generator would retarget it to.  Prints figures; never fails.

    python ci/sim_citations.py [--show-flags] [--misses N] [--seed S]

A finding at a citation's own target is a false alarm (or a real defect of the text: read it); a
finding at the neighbour is a catch.  The third line counts the text's own citations that one citation
added or retargeted elsewhere would make findings (``ruleproof.lint.habit_audit``): it must stay 0.
The simulation runs the per-citation verdict (``topics.verdict``)
only — not the whole-text checks (step events, step and batch times, repeated ids, quotations), which
``ruleproof mutate`` and ``python ci/bench_mutate.py`` measure — and it keeps the citing sentence as it is,
so it is a quick guide, not the benchmark: the rates docs/lint.md reports come from ``ruleproof mutate``.
Neighbours as the generator picks them: the two nearest sibling clauses, the next item (the previous for
the last one), the steps and batches on either side.  A sibling that is the citing clause itself or its
ancestor (the generator makes such retargets too) is counted on a line of its own, outside the totals.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time

from ruleproof.books import BOOKS, load_source
from ruleproof.lint import habit_audit, topics
from ruleproof.lint.context import LintContext, is_descendant
from ruleproof.mutate.generate import siblings, step_sort
from ruleproof.pipeline import knowledge_for
from ruleproof.text import read_document
from ruleproof.text.markers import CIRCLED
from ruleproof.text.model import Ref, RefKind

FAMILY = "cite, own-family retargets (X → the citing clause or its ancestor; apart from the totals)"


def _neighbours(ref: Ref, steps: list[str], batches: list[str]) -> list[Ref]:
    seq = steps if ref.kind is RefKind.NIGHT_STEP else batches
    if ref.target_item not in seq:
        return []
    k = seq.index(ref.target_item)
    return [dataclasses.replace(ref, target_item=seq[j]) for j in (k - 1, k + 1) if 0 <= j < len(seq)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--show-flags", action="store_true", help="list the findings at the citations' own targets"
    )
    ap.add_argument("--misses", type=int, default=0, help="print this many missed neighbours per class")
    ap.add_argument("--seed", type=int, default=0, help="seed of the sample of misses printed")
    args = ap.parse_args()
    book = BOOKS["fanhanglu"]
    doc = read_document(load_source("bundled:fanhanglu"))
    ctx = LintContext(doc, knowledge_for(book))
    tp = topics.Topics(ctx)
    steps = sorted(
        {r.target_item for r in doc.refs() if r.kind is RefKind.NIGHT_STEP and r.target_item}, key=step_sort
    )
    batches = sorted({r.target_item for r in doc.refs() if r.kind is RefKind.BATCH and r.target_item})
    stats: dict[str, list[int]] = {}
    flags: list[str] = []
    misses: dict[str, list[str]] = {}
    by_kind: dict[str, list[int]] = {}  # cite neighbours by retarget kind: [neighbours, caught]
    for ref in doc.refs():
        unit = topics.judged_unit(ctx, ref)
        if unit is None:
            continue
        at = tp.locate(unit, ref)
        if at is None:
            continue
        if ref.kind in (RefKind.CLAUSE, RefKind.ITEM):
            klass = "cite"
        elif ref.kind in (RefKind.NIGHT_STEP, RefKind.BATCH):
            klass = "namespace"
        else:
            continue
        st = stats.setdefault(klass, [0, 0, 0, 0])
        st[0] += 1
        found = topics.verdict(ctx, tp, unit, at, ref)
        if found is not None:
            st[1] += 1
            flags.append(f"{klass} {unit.id} 第{ref.line}行 {ref.raw} → {found[2].name} {found[1]}")
        alts: list[Ref] = []
        kind = klass
        if klass == "cite":
            if not ref.target_clause or ref.target_clause not in doc.clauses:
                continue
            if ref.target_item and ref.kind is RefKind.ITEM:
                labels = [
                    it.label
                    for it in doc.clauses[ref.target_clause].items
                    if it.variant is None and it.label in CIRCLED
                ]
                if ref.target_item in labels and len(labels) >= 2:
                    k = labels.index(ref.target_item)
                    other = labels[k + 1] if k + 1 < len(labels) else labels[k - 1]
                    alts = [dataclasses.replace(ref, target_item=other)]
                    kind = "cite, item retargets (X③ → X④)"
            else:
                kind = "cite, clause retargets (X → sibling clause)"
                alts = [
                    dataclasses.replace(ref, target_clause=s) for s in siblings(doc, ref.target_clause)[:2]
                ]
        else:
            alts = _neighbours(ref, steps, batches)
        for alt in alts:
            cid = alt.target_clause or ""
            if (
                klass == "cite"
                and unit.is_clause
                and (is_descendant(unit.id, cid) or is_descendant(cid, unit.id))
            ):
                # the citing clause itself or its ancestor: judged apart (topics.self_citation), counted
                # apart so the figures above stay comparable with the earlier passes
                family = by_kind.setdefault(FAMILY, [0, 0])
                if is_descendant(unit.id, cid):
                    family[0] += 1
                    family[1] += (
                        topics.self_citing_unit(ctx, alt) is unit
                        and topics.self_citation(tp, unit, at, alt) is not None
                    )
                continue
            st[2] += 1
            per_kind = by_kind.setdefault(kind, [0, 0])
            per_kind[0] += 1
            if topics.verdict(ctx, tp, unit, at, alt) is not None:
                st[3] += 1
                per_kind[1] += 1
            else:
                shown = unit.text[max(0, at - 20) : at + len(ref.raw) + 10]
                misses.setdefault(klass, []).append(
                    f"{unit.id} {ref.raw} → {cid}{alt.target_item or ''} | {shown}"
                )
    for klass, (n, flagged, mutants, caught) in stats.items():
        print(
            f"{klass}: {n} citations, {flagged} judged off-topic at their own target; "
            f"{mutants} neighbours, {caught} caught ({100 * caught / max(1, mutants):.1f} %)"
        )
    for kind, (mutants, caught) in sorted(by_kind.items()):
        if kind.startswith("cite, "):
            print(f"  {kind}: {mutants} neighbours, {caught} caught ({100 * caught / max(1, mutants):.1f} %)")
    cost, started = habit_audit.Cost(), time.process_time()
    tipped = habit_audit.tips(ctx, tp, cost=cost)
    print(
        f"cite: {len(tipped)} citations of the text one added or retargeted citation elsewhere would report "
        f"({cost.judged} judged, {cost.edits} edits, {cost.verdicts} whole verdicts again, "
        f"{time.process_time() - started:.1f} CPU-s)"
    )
    if args.show_flags:
        print(
            "\n".join(flags + [f"tip {t.unit} 第{t.line}行 {t.raw} ({t.edit}) → {t.likely}" for t in tipped])
        )
    if args.misses:
        rng = random.Random(args.seed)
        for klass, rows in misses.items():
            for row in rng.sample(rows, min(args.misses, len(rows))):
                print(f"missed {klass}: {row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
