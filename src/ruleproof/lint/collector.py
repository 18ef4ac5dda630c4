"""The cyclic garbage collector's pace while a lint runs.

A lint of 返航录 allocates some 80,000 more containers than it frees along the way (sentences, hits,
memo keys; its memos live until it ends).  Under CPython's default first-generation threshold (700
allocations) that is about 110 young collections per lint, each promoting what is still alive,
and so about one full collection per lint — a walk over every object of the process (the imported
libraries' too) that finds almost nothing to free: ~12 % of the lint's CPU time.  While a lint runs the
threshold is raised to :data:`LINT_THRESHOLD` (a few young collections, no full one in most lints) and
put back afterwards, so that what the lint leaves in cycles is still collected by the process's next
collections.  Nothing the lint computes depends on when objects are freed.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

LINT_THRESHOLD = 10_000  # allocations between young collections while a lint runs (CPython's default: 700)


@contextmanager
def paced_collector(threshold: int = LINT_THRESHOLD) -> Iterator[None]:
    """Run the body with the collector's first threshold at least ``threshold`` (unchanged when it is
    already higher, or 0: automatic collection off), and the thresholds as they were afterwards."""
    before = gc.get_threshold()
    if before[0] == 0 or before[0] >= threshold:
        yield
        return
    gc.set_threshold(threshold, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
