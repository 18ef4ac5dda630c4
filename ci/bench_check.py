"""Benchmark: ``ruleproof check`` on the bundled 返航录 text, stage by stage (targets: lint ≤ 1 s, the
whole check ≤ 30 s on 2 cores).  Prints figures; never fails.

    python ci/bench_check.py [FILE] [--runs N] [--stages] [--cache]

The lint is timed as ``check`` runs it (with what the executable spec knows: its names and quoted
phrases); the whole check runs every stage (text, lint, book lint, spec drift, verification at BMC depth
``CHECK_DEPTH``, appendices).  Medians of N runs in one process (the solver's caches are rebuilt by each
``verify_all``; the lint's process-wide memos are emptied before each run, so every figure is a first lint
of the text, as ``ruleproof check`` pays it).  The whole check is timed with ``jobs`` 1 (one process) and with
the default of ``--jobs`` (:func:`ruleproof.parallel.jobs_from`: the CPUs this process may use), the two
interleaved run by run; its CPU time counts the worker processes' too.  The verdict cache
(``ruleproof.smt.cache``) is off unless ``--cache`` is given: with it, a
second ``check`` of an unchanged text answers from disk in under a second, which measures the cache, not the
check; the figure printed says which.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from ruleproof import appendix, books, parallel
from ruleproof.books import load_source
from ruleproof.lint import forget_memos, run_lint
from ruleproof.pipeline import CHECK_DEPTH, STAGES, config_stage, drift_stage, knowledge_for, run_check
from ruleproof.smt.ts import Options
from ruleproof.smt.verify import verify_all
from ruleproof.text import read_document

T = TypeVar("T")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="rulebook text (default: the bundled 返航录 text)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", action="store_true", help="keep the verdict cache on (a warm figure)")
    parser.add_argument("--stages", action="store_true", help="also print each stage's CPU seconds (one run)")
    args = parser.parse_args()
    if not args.cache:
        os.environ["RULEPROOF_CACHE"] = "off"
    source = load_source(args.file)
    book = books.recognise(source)
    jobs = parallel.jobs_from(None)
    reads, lints, lint_cpu = [], [], []
    checks: dict[int, list[float]] = {1: [], jobs: []}
    check_cpu: dict[int, list[float]] = {1: [], jobs: []}
    for _ in range(args.runs):
        forget_memos()  # (else each run after the first lints with the memos the previous check filled)
        t0 = time.perf_counter()
        doc = read_document(source)
        t1, c1 = time.perf_counter(), time.process_time()
        run_lint(doc, knowledge_for(book))
        t2, c2 = time.perf_counter(), time.process_time()
        reads.append(t1 - t0)
        lints.append(t2 - t1)
        lint_cpu.append(c2 - c1)
        for n in dict.fromkeys((1, jobs)):
            forget_memos()  # each check lints the text for the first time, as `ruleproof check` does
            t3, c3 = time.perf_counter(), cpu_with_children()
            run_check(read_document(source), book=book, against=book, stages=STAGES, jobs=n)
            checks[n].append(time.perf_counter() - t3)
            check_cpu[n].append(cpu_with_children() - c3)
    print(f"source        {source.name} ({len(doc.clauses)} clauses)")
    print(f"read text     {statistics.median(reads):.3f} s  (median of {args.runs})")
    print(
        f"lint          {statistics.median(lints):.3f} s wall, {statistics.median(lint_cpu):.3f} s CPU "
        f"(median of {args.runs}; target ≤ 1 s)"
    )
    for n in checks:
        print(
            f"check -j {n:<4} {statistics.median(checks[n]):.1f} s wall, {statistics.median(check_cpu[n]):.1f} s CPU "
            f"(median of {args.runs}, every stage, verdict cache {'on' if args.cache else 'off'}, {n} job(s); "
            "target ≤ 30 s wall)"
        )
    print(f"jobs          default {jobs} (CPUs this process may use: {parallel.available_cpus()})")
    if args.stages:
        stage_cpu(source, book)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average  {load} (the machine is shared: under load, wall time exceeds CPU time)")


def cpu_with_children() -> float:
    """CPU seconds of this process and of its ended children (the check's worker processes)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def stage_cpu(source: books.Source, book: books.BookProfile | None) -> None:
    """One run of the check's stages one by one, as :func:`ruleproof.pipeline.run_check` calls them (the
    verification and the readings search are timed apart), each stage's CPU seconds printed."""

    def timed(name: str, work: Callable[[], T]) -> T:
        c0 = time.process_time()
        out = work()
        print(f"  stage {name:9s} {time.process_time() - c0:7.2f} s CPU")
        return out

    forget_memos()
    doc = timed("text", lambda: read_document(source))
    timed("lint", lambda: run_lint(doc, knowledge_for(book)))
    timed("spec", lambda: drift_stage(doc, book))
    if book is not None and book.has("invariants") and book.has("spec"):
        spec = books.spec_of(book, "check").load(None)
        opts = Options(depth=CHECK_DEPTH)
        report = timed("verify", lambda: verify_all(spec, doc, options=opts))
        if book.has("readings"):
            search = book.load("readings", "check")
            timed("readings", lambda: [v.to_json() for v in search(report.spec, opts)])
    timed("appendix", lambda: appendix.appendix_findings(doc, book))
    timed("config", lambda: config_stage(doc))


if __name__ == "__main__":
    main()
