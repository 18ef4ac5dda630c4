"""Benchmark: reading and linting large texts stays near-linear (target: a 10 MB text in ≤ 30 s).

    python ci/bench_size.py [--mb 1 4 10] [--books fanhanglu genshin165 botc-m124 jiejie140]

Each bundled book is repeated until the text reaches each size (the hostile case: every clause, role,
list and name many times over), then read into a clause tree and linted, in this process.  Printed per
book and size: bytes, CPU seconds of reading and of lint (process time, so a machine shared with other
work gives the same figure), and the ratio to the smallest size per megabyte — near 1 means linear.
Prints figures; never fails.
"""

from __future__ import annotations

import argparse
import time

from ruleproof.books import BOOKS, Source
from ruleproof.lint import run_lint
from ruleproof.text import read_document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, nargs="+", default=[1.0, 4.0, 10.0])
    parser.add_argument("--books", nargs="+", default=["fanhanglu", "genshin165", "botc-m124", "jiejie140"])
    args = parser.parse_args()
    print(
        f"{'book':<12} {'MB':>5} {'bytes':>11} {'read s':>7} {'lint s':>7} {'total s':>8} {'s/MB vs first':>14}"
    )
    for key in args.books:
        one = BOOKS[key].read_bytes()
        first: float | None = None
        for mb in args.mb:
            copies = max(1, round(mb * 1_000_000 / len(one)))
            data = one * copies
            t0 = time.process_time()
            doc = read_document(Source(name=f"{key}x{copies}.txt", data=data))
            t1 = time.process_time()
            run_lint(doc)
            t2 = time.process_time()
            per_mb = (t2 - t0) / (len(data) / 1_000_000)
            first = first or per_mb
            print(
                f"{key:<12} {mb:>5g} {len(data):>11,} {t1 - t0:>7.2f} {t2 - t1:>7.2f} {t2 - t0:>8.2f} "
                f"{per_mb / first:>14.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
