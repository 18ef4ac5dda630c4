"""Seeded game runs in two sizes from one test body.

A game-running test is written once, with its full count, under :func:`sizes`; it is collected twice:

* ``[quick]`` — a small derandomized sample, in the suite (``pytest -m "not heavy"``), so a change that
  breaks the engine fails the quickstart's suite in seconds;
* ``[full]`` — the same body with the original count, marked ``heavy``: ``.ci/run`` runs it every time
  as a job of its own (``pytest -m heavy``), and the per-book totals the docs promise are counted there.

The body draws its examples through :func:`run`, which fixes the Hypothesis settings every game test
shares: no deadline, no example database, and a deterministic seed (derandomized, or a fixed seed per
shard when one test body runs several shards — the shards then draw different seeds).
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis.strategies import SearchStrategy

F = TypeVar("F", bound=Callable[..., Any])


def sizes(full: int, quick: int) -> Callable[[F], F]:
    """Parametrize a test by its number of games: ``games=quick`` in the suite, ``games=full`` under
    ``heavy`` (the original count, still run by CI)."""
    assert 0 < quick < full
    return pytest.mark.parametrize(
        "games",
        [pytest.param(quick, id="quick"), pytest.param(full, id="full", marks=pytest.mark.heavy)],
    )


def run(
    games: int,
    body: Callable[..., None],
    *strategies: SearchStrategy[Any],
    shard: str | None = None,
    too_slow: bool = False,
) -> None:
    """Call ``body`` on ``games`` examples drawn from ``strategies`` (one Hypothesis run).

    Without ``shard`` the run is derandomized (its seeds follow from the body's code); with one, the seed
    is the shard's name hashed, so shards of one body play different, fixed games."""
    checks = [HealthCheck.too_slow] if too_slow else []

    @functools.wraps(body)
    def one(*args: Any, **kwargs: Any) -> None:
        body(*args, **kwargs)  # a body may return its game; Hypothesis wants None

    test = given(*strategies)(one)
    test = settings(
        max_examples=games,
        deadline=None,
        database=None,
        derandomize=shard is None,
        suppress_health_check=checks,
    )(test)
    if shard is not None:
        test = seed(zlib.crc32(shard.encode()))(test)
    test()


__all__ = ["run", "sizes"]
