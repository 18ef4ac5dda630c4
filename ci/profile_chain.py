"""Where a cold lint's CPU goes: by family, and along family q's verdict chain, rule by rule. Prints; never fails.

    python ci/profile_chain.py [FILE] [--runs N]

Each run lints the text as a first lint (the lint's process-wide memos emptied: :func:`ruleproof.lint.forget_memos`)
with every row of ``topics._CHAIN`` — and the topic verdict and the habit verdict before and after them — wrapped in
a CPU clock (``time.process_time_ns``).  Per rule: the calls, the verdicts it returned (its hits), its CPU summed
over the calls, and its *first* call's CPU apart: a rule's first call builds the per-text tables it reads (the habit
map, the citation profiles, a row table), the cost of the rule's first citation rather than of each.  The medians of
N runs are printed.  The process clock is a system call (~1–2.5 µs a read on this machine, ~34,000 timed calls a
lint of 返航录): the CPU an empty timed call measures is taken off each call (``bias``, measured first), and the lint's
total printed with and without the wrappers' estimated cost (two reads and a call each).

The chain runs every row on every citation no earlier row reported: on a text with no misdirected citation every
row's hits are 0 and every row pays for every judged citation — what a cheap precondition tested first, or work
shared between rows, could save.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from ruleproof.books import load_source
from ruleproof.lint import families_for, forget_memos, topics
from ruleproof.lint.collector import paced_collector
from ruleproof.lint.context import LintContext
from ruleproof.text import read_document

Stats = dict[str, list[int]]  # rule -> [calls, hits, CPU ns, first call's CPU ns]


def _timed(name: str, rule: Callable[..., Any], stats: Stats) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        t0 = time.process_time_ns()
        out = rule(*args, **kwargs)
        spent = time.process_time_ns() - t0
        row = stats.setdefault(name, [0, 0, 0, spent])
        row[0] += 1
        row[1] += out is not None
        row[2] += spent
        return out

    return run


def _bias(n: int = 20_000) -> tuple[float, float]:
    """The CPU (ns) an empty interval between two clock reads measures, and what a timed call adds in all (the
    wrapper's call and its two reads), the medians of ten batches."""
    clock = time.process_time_ns
    empty: list[float] = []
    whole: list[float] = []
    wrapped = _timed("bias", lambda: None, {})
    for _ in range(10):
        t0 = clock()
        for _ in range(n):
            clock() - clock()  # (the interval is what is timed)
        t1 = clock()
        for _ in range(n):
            wrapped()
        t2 = clock()
        empty.append((t1 - t0) / n / 2)
        whole.append((t2 - t1) / n)
    return statistics.median(empty), statistics.median(whole)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="rulebook text (default: the bundled 返航录 text)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    source = load_source(args.file)
    bias, cost = _bias()
    chain = topics._CHAIN
    before = {name: getattr(topics, name) for name in ("_topic_verdict", "habit_fit")}
    families: dict[str, list[int]] = {}
    runs: list[Stats] = []
    lints: list[int] = []
    try:
        for _ in range(args.runs):
            stats: Stats = {}
            topics._CHAIN = tuple(
                (kinds, _timed(f"{rule.__module__.rsplit('.', 1)[-1]}.{rule.__name__}", rule, stats))
                for kinds, rule in chain
            )
            for name, rule in before.items():
                setattr(topics, name, _timed(f"topics.{name}", rule, stats))
            forget_memos()
            doc = read_document(source)
            t0 = time.process_time_ns()
            ctx = LintContext(doc)
            with paced_collector():
                for family in families_for(doc):
                    t1 = time.process_time_ns()
                    list(family.run(ctx))
                    families.setdefault(family.run.__module__.rsplit(".", 1)[-1], []).append(
                        time.process_time_ns() - t1
                    )
            lints.append(time.process_time_ns() - t0)
            runs.append(stats)
    finally:
        topics._CHAIN = chain
        for name, rule in before.items():
            setattr(topics, name, rule)

    def ms(ns: float) -> str:
        return f"{ns / 1e6:8.1f}"

    lint = statistics.median(lints)
    calls_all = sum(row[0] for row in runs[0].values())
    print(
        f"source  {source.name}; lint {ms(lint)} ms CPU (median of {args.runs}), {ms(lint - calls_all * cost)} ms "
        f"without the wrappers' estimated cost ({calls_all} timed calls, {cost / 1e3:.1f} µs each; "
        f"{bias / 1e3:.1f} µs taken off each call below)"
    )
    print("\nby family (the first family to ask for a shared table — vocabulary, facts — pays for it)")
    for name, spent in sorted(families.items(), key=lambda kv: -statistics.median(kv[1])):
        print(
            f"  {name:28s} {ms(statistics.median(spent))} ms  {100 * statistics.median(spent) / lint:5.1f} %"
        )
    print("\nfamily q's verdicts, in the chain's order (medians of the runs)")
    print(f"  {'rule':40s} {'calls':>6s} {'hits':>5s} {'CPU ms':>8s} {'first':>8s} {'µs/call':>8s}")
    order = (
        ["topics._topic_verdict"]
        + [f"{rule.__module__.rsplit('.', 1)[-1]}.{rule.__name__}" for _, rule in chain]
        + ["topics.habit_fit"]
    )
    for name in order:
        rows = [s[name] for s in runs if name in s]
        if not rows:
            continue
        calls, hits = rows[0][0], rows[0][1]
        spent = statistics.median(r[2] for r in rows) - calls * bias
        first = statistics.median(r[3] for r in rows) - bias
        per_call = (spent - first) / max(1, calls - 1) / 1e3
        print(f"  {name:40s} {calls:6d} {hits:5d} {ms(spent)} {ms(first)} {per_call:8.1f}")
    total = sum(
        statistics.median(s[name][2] for s in runs if name in s) for name in order if runs[0].get(name)
    )
    print(f"  {'all of the above':40s} {'':6s} {'':5s} {ms(total)}  ({100 * total / lint:.1f} % of the lint)")


if __name__ == "__main__":
    main()
