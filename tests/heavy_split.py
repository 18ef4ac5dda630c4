"""Sweeps split between the default suite and CI's heavy job (``pytest -m heavy``), by a rule, not by hand.

A sweep is one test run over N distinct inputs (edits, boards, what-ifs, commands).  The default suite keeps
a deterministic, stratified sample — the first case of each stratum in the sweep's own order (a defect
class, an edit class, an expected status, a regime), plus any case the rule names as free (its input is
computed for a kept case anyway) — and marks every other case ``heavy``, so CI still runs the whole sweep.
Each split is registered here; ``tests/test_heavy_split.py`` checks, from the test functions' own
parametrization, that the default and heavy cases of every registered sweep are disjoint and together
exactly the sweep's cases, and that the default ones are the rule's choice (every stratum present).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

import pytest

HEAVY = pytest.mark.heavy


@dataclasses.dataclass(frozen=True)
class Sweep:
    """One split sweep: the test it parametrizes (``module::function``), every case's id in the sweep's
    order, each case's stratum, and the ids the default suite runs."""

    test: str
    ids: tuple[str, ...]
    strata: tuple[Hashable, ...]
    suite: frozenset[str]

    def marks(self, case_id: str) -> tuple[pytest.MarkDecorator, ...]:
        """No mark for a case the default suite runs, ``heavy`` for the others."""
        assert case_id in self.ids, case_id
        return () if case_id in self.suite else (HEAVY,)

    def param(self, *values: Any, id: str) -> Any:
        """``pytest.param(*values, id=id)`` marked as this sweep's split says."""
        return pytest.param(*values, id=id, marks=self.marks(id))


SWEEPS: dict[str, Sweep] = {}


def first_of_each(
    test: str,
    ids: Sequence[str],
    strata: Sequence[Hashable],
    free: Callable[[str, frozenset[str]], bool] | None = None,
) -> Sweep:
    """Register and return the split of ``test``'s sweep: the first case of each stratum (in ``ids``'s
    order) in the default suite, and also each case for which ``free(case_id, first_ones)`` holds — a case
    whose expensive input the kept cases compute anyway, so keeping it costs nothing; the rest heavy."""
    assert len(ids) == len(strata) and len(set(ids)) == len(ids), test
    seen: set[Hashable] = set()
    first: set[str] = set()
    for case_id, stratum in zip(ids, strata, strict=True):
        if stratum not in seen:
            seen.add(stratum)
            first.add(case_id)
    kept = frozenset(first)
    suite = kept | {c for c in ids if free is not None and free(c, kept)}
    sweep = Sweep(test, tuple(ids), tuple(strata), frozenset(suite))
    assert test not in SWEEPS or SWEEPS[test] == sweep, test
    SWEEPS[test] = sweep
    return sweep


def chosen(test: str, ids: Iterable[str], suite: Iterable[str], strata: Sequence[Hashable]) -> Sweep:
    """Register a split whose default cases a test module chose by a rule of its own (written there), with
    the strata the rule covers; :func:`first_of_each` is the usual rule."""
    ids = tuple(ids)
    sweep = Sweep(test, ids, tuple(strata), frozenset(suite))
    assert len(sweep.strata) == len(ids) and sweep.suite <= set(ids), test
    assert test not in SWEEPS or SWEEPS[test] == sweep, test
    SWEEPS[test] = sweep
    return sweep
