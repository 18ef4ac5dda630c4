"""The mutation harness with the lint stage only, one process: a quick measure for lint changes.

    python ci/mutate_lint_only.py --seed 1 --seed 2 [--class namespace] [--count 20] [--misses]

``ruleproof mutate`` runs the lint, spec and appendix stages on each mutant (about 2 CPU-seconds of lint
and more for the rest); a lint change is judged by its lint catches, so this runs ``run_mutant`` with the
lint stage alone, in this process, and prints caught / spurious per seed (and each miss with its line).
Catches here are a lower bound of ``ruleproof mutate``'s: another stage may add some.
"""

from __future__ import annotations

import argparse
import time

from ruleproof.books import BOOKS, load_source
from ruleproof.mutate.generate import generate
from ruleproof.mutate.harness import make_baseline, run_mutant
from ruleproof.text import read_document


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, action="append", required=True)
    ap.add_argument("--class", dest="klass", default="namespace")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--misses", action="store_true", help="list each missed mutant with its line")
    args = ap.parse_args()
    doc = read_document(load_source(None))
    book = BOOKS["fanhanglu"]
    started = time.process_time()
    base = make_baseline(doc, book=book, against=book, stages=("lint",))
    print(f"baseline: {base.findings} lint findings", flush=True)
    for seed in args.seed:
        mutants = generate(doc, seed=seed, count=args.count, classes=(args.klass,))
        outcomes = [run_mutant(base, m) for m in mutants]
        caught = sum(o.caught for o in outcomes)
        spurious = sum(bool(o.spurious) for o in outcomes)
        print(f"seed {seed}: {caught} / {len(mutants)} caught, {spurious} spurious", flush=True)
        for o in outcomes:
            m = o.mutant
            if o.spurious:
                print(f"  spurious {m.id} {m.clause} line {m.line} {m.note}: {o.spurious}", flush=True)
            if args.misses and not o.caught:
                print(f"  missed {m.id} {m.clause} line {m.line} {m.note}", flush=True)
    print(f"CPU {time.process_time() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()
