"""Benchmark: generate the three appendices of the bundled 返航录 text and diff the printed ones.
Prints figures; never fails.

    python ci/bench_appendix.py [FILE] [--runs N]

Reading the text is timed separately from the appendix work (generation and diff of every appendix
the book's profile lists); the median of N runs is reported.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from ruleproof.appendix import appendix_findings
from ruleproof.books import load_source
from ruleproof.text import read_document


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("file", nargs="?", help="rulebook text (default: the bundled 返航录 text)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    source = load_source(args.file)
    reads: list[float] = []
    diffs: list[float] = []
    found = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        doc = read_document(source)
        t1 = time.perf_counter()
        found = appendix_findings(doc)
        t2 = time.perf_counter()
        reads.append(t1 - t0)
        diffs.append(t2 - t1)
    by = Counter(f.severity.value for f in found)
    print(f"read     median {statistics.median(reads):.3f} s  (min {min(reads):.3f}, max {max(reads):.3f})")
    print(f"appendix median {statistics.median(diffs):.3f} s  (min {min(diffs):.3f}, max {max(diffs):.3f})")
    print(f"findings {len(found)}: " + ", ".join(f"{k} {v}" for k, v in sorted(by.items())))


if __name__ == "__main__":
    main()
