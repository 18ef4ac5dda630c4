"""A seeded random sample of ``check``'s findings on the bundled 返航录 text, for judging by hand.

    python ci/precision_sample.py [--seed S] [--n N] [--checks ID,ID…]

Prints each sampled finding with its check, place, message and the source lines around it (for the
reader to judge); docs/lint.md lists the judged sample of ``--seed 10 --n 45`` and its precision.
The verify stage is left out (its findings are counterexamples, judged in docs/verify.md).
"""

from __future__ import annotations

import argparse
import random

from ruleproof.books import BOOKS, load_source
from ruleproof.pipeline import run_check
from ruleproof.text import read_document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--n", type=int, default=45)
    parser.add_argument("--checks", help="only these check ids (comma-separated)")
    parser.add_argument("--context", type=int, default=0, help="source lines to print around each finding")
    args = parser.parse_args()
    doc = read_document(load_source(None))
    book = BOOKS["fanhanglu"]
    findings = run_check(doc, book=book, against=book, stages=("lint", "spec", "appendix")).findings
    if args.checks:
        wanted = set(args.checks.split(","))
        findings = [f for f in findings if f.check in wanted]
    picked = sorted(random.Random(args.seed).sample(range(len(findings)), min(args.n, len(findings))))
    print(f"{len(picked)} of {len(findings)} findings (seed {args.seed})")
    for k, i in enumerate(picked, start=1):
        f = findings[i]
        print(f"{k:2}. [{f.check}] §{f.clause} line {f.line}: {f.message}")
        if f.quote:
            print(f"    「{f.quote}」")
        if args.context and f.line:
            for ln in range(max(1, f.line - args.context), min(len(doc.lines), f.line + args.context) + 1):
                if doc.lines[ln - 1].strip():
                    print(f"    {ln:5} {doc.lines[ln - 1][:160]}")


if __name__ == "__main__":
    main()
