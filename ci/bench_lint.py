"""Benchmark: time the lint on the whole bundled 返航录 text (target ≤ 1 s). Prints figures; never fails.

    python ci/bench_lint.py [FILE] [--runs N]

Reading the text into a clause tree is timed separately from the lint itself; ``ruleproof lint`` pays
both.  The median of N runs is reported, in one process, the lint's process-wide memos emptied before
each run (:func:`ruleproof.lint.forget_memos`): every run is timed as a first lint of the text.

With ``--callgrind`` it lints once, through :func:`operator.call`, and prints no timing: under
``valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call`` the instruction count is
that of the lint alone (imports and reading left out; repeatable on a loaded machine, unlike CPU seconds).
"""

from __future__ import annotations

import argparse
import operator
import statistics
import time
from collections import Counter

from ruleproof.books import load_source
from ruleproof.lint import forget_memos, run_lint
from ruleproof.text import read_document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="rulebook text (default: the bundled 返航录 text)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--callgrind", action="store_true", help="lint once through operator.call, untimed")
    args = parser.parse_args()
    source = load_source(args.file)
    if args.callgrind:
        print(f"findings      {len(operator.call(run_lint, read_document(source)))}")
        return
    reads: list[float] = []
    lints: list[float] = []
    lint_cpu: list[float] = []
    findings = []
    for _ in range(args.runs):
        forget_memos()
        t0 = time.perf_counter()
        doc = read_document(source)
        t1, c1 = time.perf_counter(), time.process_time()
        findings = run_lint(doc)
        t2, c2 = time.perf_counter(), time.process_time()
        reads.append(t1 - t0)
        lints.append(t2 - t1)
        lint_cpu.append(c2 - c1)
    read_s, lint_s = statistics.median(reads), statistics.median(lints)
    print(f"source        {source.name} ({len(source.data):,} bytes, {len(doc.clauses)} clauses)")
    print(f"read text     {read_s:.3f} s  (median of {args.runs})")
    print(
        f"lint          {lint_s:.3f} s wall, {statistics.median(lint_cpu):.3f} s CPU "
        f"(median of {args.runs}; target ≤ 1 s)"
    )
    print(f"read + lint   {read_s + lint_s:.3f} s")
    print(f"findings      {len(findings)}")
    for check, n in sorted(Counter(f.check for f in findings).items()):
        print(f"  {check:30} {n}")


if __name__ == "__main__":
    main()
