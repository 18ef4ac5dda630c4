"""Running a study's games: in this process, on local worker processes (the default on a machine with
several cores) or on a Dask cluster — one code path, the same result for the same seed.

* Game ``i`` of a study with seed ``S`` plays with the seed :func:`game_seed` ``(S, i)`` whatever chunk,
  process or machine plays it, so partitioning cannot change a result.
* Games go in chunks (:func:`play_chunk`, a top-level function a worker can import); each chunk returns
  an :class:`~ruleproof.studies.stats.Aggregate` of integers, merged into the total as it arrives —
  merging integers is order-free, so the aggregate's bytes do not depend on which chunk finished first,
  and memory stays flat in the number of games (a bounded number of chunks is in flight).
* Sweep values reuse the same game seeds (common random numbers: differences between values are not
  blurred by different deals).

Dask is an optional extra (``pip install -e ".[cluster]"``): ``--scheduler ADDRESS`` connects to a running
scheduler (its workers need ruleproof installed), ``--local-cluster`` starts a ``LocalCluster`` of worker
processes on this machine.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

from ruleproof import books
from ruleproof.errors import UserError
from ruleproof.studies.stats import Aggregate
from ruleproof.studies.study import Config, Context, Study, StudyBook

SCHEDULER_TIMEOUT = 20
"""Seconds to wait for a Dask scheduler given by address before giving up (exit 2)."""

GAME_STRIDE = 10**9
MAX_GAMES = GAME_STRIDE
"""Games per study are at most this many: game seeds of different study seeds never collide."""


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` (0-based) of a study with seed ``seed``."""
    return seed * GAME_STRIDE + i


_CONTEXTS: dict[tuple[str, str, Config], tuple[Study, Context]] = {}


def study_book(book_key: str, command: str = "ruleproof study") -> StudyBook:
    sb: StudyBook = books.get(book_key).load("studies", command)
    return sb


def context_for(book_key: str, study_name: str, config: Config) -> tuple[Study, Context]:
    """The study and its context in this process (built once per configuration)."""
    key = (book_key, study_name, config)
    found = _CONTEXTS.get(key)
    if found is None:
        sb = study_book(book_key)
        study = sb.studies[study_name]
        found = _CONTEXTS[key] = (study, sb.context(study, config))
    return found


def play_chunk(book_key: str, study_name: str, config: Config, seed: int, start: int, stop: int) -> Aggregate:
    """Games ``start`` … ``stop - 1`` of the study, aggregated."""
    study, ctx = context_for(book_key, study_name, config)
    agg = Aggregate()
    for i in range(start, stop):
        study.play(ctx, game_seed(seed, i), agg)
        agg.games += 1
    return agg


@dataclass(frozen=True)
class Where:
    """Where games run: ``workers`` local processes (1: this process), or a Dask scheduler at ``scheduler``,
    or a Dask ``LocalCluster`` of ``workers`` processes."""

    workers: int = 1
    scheduler: str | None = None
    local_cluster: bool = False

    def label(self) -> str:
        if self.scheduler:
            return f"dask scheduler {self.scheduler}"
        if self.local_cluster:
            return f"dask LocalCluster, {self.workers} worker processes"
        return f"{self.workers} local process(es)"


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def chunks(games: int, parts: int) -> list[tuple[int, int]]:
    """Split ``range(games)`` into chunks: enough for ``parts`` workers to share the load evenly, small
    enough for the progress bar, at most 500 games each."""
    size = max(1, min(500, games // max(1, parts * 8) or 1))
    return [(s, min(s + size, games)) for s in range(0, games, size)]


Tick = Callable[[int], None]


def run_games(
    book_key: str, study_name: str, config: Config, seed: int, games: int, where: Where, tick: Tick
) -> Aggregate:
    """Every game of one configuration, merged; ``tick(n)`` after each chunk of ``n`` games."""
    if not 1 <= games <= MAX_GAMES:
        raise UserError(f"--games 须在 1 与 {MAX_GAMES} 之间", f"--games must be between 1 and {MAX_GAMES}")
    context_for(book_key, study_name, config)  # a bad setting or policy fails here, once, before any worker
    total = Aggregate()
    if where.scheduler or where.local_cluster:
        with _dask_client(where) as client:
            _run_dask(client, book_key, study_name, config, seed, games, where, total, tick)
        return total
    if where.workers <= 1:
        for start, stop in chunks(games, 1):
            total.merge(play_chunk(book_key, study_name, config, seed, start, stop))
            tick(stop - start)
        return total
    parts = chunks(games, where.workers)
    window = 4 * where.workers
    with ProcessPoolExecutor(max_workers=where.workers, mp_context=get_context("spawn")) as pool:
        pending: dict[Future[Aggregate], int] = {}
        it = iter(parts)
        for start, stop in it:
            pending[pool.submit(play_chunk, book_key, study_name, config, seed, start, stop)] = stop - start
            if len(pending) >= window:
                break
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                n = pending.pop(fut)
                total.merge(fut.result())
                tick(n)
                nxt = next(it, None)
                if nxt is not None:
                    pending[pool.submit(play_chunk, book_key, study_name, config, seed, *nxt)] = (
                        nxt[1] - nxt[0]
                    )
    return total


def dask_available() -> bool:
    return importlib.util.find_spec("distributed") is not None


@contextmanager
def _dask_client(where: Where) -> Iterator[Any]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError as exc:
        raise UserError(
            '未安装 Dask：pip install -e ".[cluster]"（或 pip install "dask[distributed]"）',
            'Dask is not installed: pip install -e ".[cluster]" (or pip install "dask[distributed]")',
        ) from exc
    if where.scheduler:
        try:
            client = distributed.Client(where.scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UserError(
                f"无法连接 Dask 调度器 {where.scheduler}：{exc}",
                f"cannot reach the Dask scheduler {where.scheduler}: {exc}",
            ) from exc
        try:
            yield client
        finally:
            client.close()
        return
    cluster = distributed.LocalCluster(
        n_workers=where.workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=40,
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def _run_dask(
    client: Any,
    book_key: str,
    study_name: str,
    config: Config,
    seed: int,
    games: int,
    where: Where,
    total: Aggregate,
    tick: Tick,
) -> None:
    as_completed: Any = importlib.import_module("distributed").as_completed
    workers = max(1, len(client.scheduler_info().get("workers", {})) or where.workers)
    parts = chunks(games, workers)
    window = 4 * workers
    it = iter(parts)
    first = [next(it) for _ in range(min(window, len(parts)))]
    futures = [
        client.submit(play_chunk, book_key, study_name, config, seed, s, e, pure=False) for s, e in first
    ]
    sizes = {f.key: e - s for f, (s, e) in zip(futures, first, strict=True)}
    ac = as_completed(futures)
    for fut in ac:
        total.merge(fut.result())
        tick(sizes.pop(fut.key))
        fut.release()
        nxt = next(it, None)
        if nxt is not None:
            new = client.submit(play_chunk, book_key, study_name, config, seed, *nxt, pure=False)
            sizes[new.key] = nxt[1] - nxt[0]
            ac.add(new)


__all__ = [
    "GAME_STRIDE",
    "MAX_GAMES",
    "SCHEDULER_TIMEOUT",
    "Where",
    "chunks",
    "context_for",
    "dask_available",
    "default_workers",
    "game_seed",
    "play_chunk",
    "run_games",
    "study_book",
]
