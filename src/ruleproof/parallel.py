"""Independent units of work on several cores (``--jobs``): ``verify``'s (invariant, readings) units and
``check``'s readings search, side by side in worker processes.

:func:`run_all` runs callables and returns their values in the order given, whatever the scheduling — so
a report built from them is byte-identical to the one-process run.  ``jobs`` 1 (or a single unit) runs
them here, one after the other, as before.  Otherwise a :class:`concurrent.futures.ProcessPoolExecutor`
of ``fork``-started workers runs them: a worker is a copy of this process, so it inherits the read
document, the loaded spec and the imported modules (a ``spawn`` / ``forkserver`` worker re-imports the
package, ~1.3 CPU-s each, measured) and the units themselves need not be picklable — only their values
are sent back.  The workers are forked before any thread of the pool starts, from a process whose other
threads (the interrupt watcher, a progress bar) hold no lock a worker takes; ``mutate`` forks the same way.

Signals (:mod:`ruleproof.interrupts`): a worker ignores SIGINT (Ctrl-C reaches the whole process group;
the parent decides) and dies at once on SIGTERM.  When the parent is interrupted — or a unit fails — it
terminates the workers, waits for them, and re-raises: no orphan keeps solving, nothing is reported.
Workers write nothing but the verdict cache's entries (atomically renamed into place); the parent writes
every output file after every value is in.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any, TypeVar

from ruleproof import interrupts
from ruleproof.errors import UserError

T = TypeVar("T")
ENV = "RULEPROOF_JOBS"
MAX_JOBS = 8  # more workers than this only repeat the shared setup (the units are few and uneven)

_UNITS: Sequence[Callable[[], Any]] = ()  # what the forked workers run, by index (set before the fork)


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # pragma: no cover - a platform without affinity masks
        return os.cpu_count() or 1


def jobs_from(given: int | None) -> int:
    """The number of worker processes: ``--jobs`` when given, else ``$RULEPROOF_JOBS``, else the CPUs this
    process may use; at most :data:`MAX_JOBS`.  Not a whole number ≥ 1: bad input (exit 2)."""
    raw: int | str | None = given if given is not None else os.environ.get(ENV)
    if raw is None or raw == "":
        return min(available_cpus(), MAX_JOBS)
    try:
        n = int(raw)
    except ValueError:
        n = 0
    if n < 1:
        where = "--jobs" if given is not None else ENV
        raise UserError(
            f"{where} 须为不小于 1 的整数（得到 {raw!r}）",
            f"{where} must be a whole number ≥ 1 (got {raw!r})",
        )
    return min(n, MAX_JOBS)


def run_all(
    units: Sequence[Callable[[], T]],
    jobs: int = 1,
    *,
    first: Sequence[int] = (),
    progress: Callable[[int, int], None] | None = None,
) -> list[T]:
    """The value of every unit, in the order of ``units``.  ``jobs`` > 1: in that many worker processes
    (at most one per unit); the units of ``first`` are handed out before the others (put the long ones
    there, so that no core is left with a long unit at the end).  ``progress(i, done)``: called before unit
    ``i`` runs here, or when unit ``i`` has come back from a worker (``done`` units finished)."""
    n = min(jobs, len(units))
    if n <= 1:
        out = []
        for i, unit in enumerate(units):
            if progress is not None:
                progress(i, i)
            out.append(unit())
        return out
    order = list(dict.fromkeys([*first, *range(len(units))]))
    return _in_workers(units, n, order, progress)


def _in_workers(
    units: Sequence[Callable[[], T]],
    n: int,
    order: list[int],
    progress: Callable[[int, int], None] | None,
) -> list[T]:
    global _UNITS
    if _UNITS:
        raise RuntimeError("run_all is not re-entrant: a unit may not start workers of its own")
    _UNITS = units
    pool = ProcessPoolExecutor(max_workers=n, mp_context=get_context("fork"), initializer=_start_worker)
    values: dict[int, T] = {}
    try:
        pending: dict[Future[T], int] = {pool.submit(_run, i): i for i in order}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=pending.__getitem__):
                i = pending.pop(fut)
                values[i] = fut.result()  # a unit's exception is raised here, as it would be in-process
                if progress is not None:
                    progress(i, len(values))
    except BaseException as exc:
        _stop(pool)
        if isinstance(exc, BrokenProcessPool):
            interrupts.raise_if_pending()  # a worker killed by the signal that interrupts this run too
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _UNITS = ()
    return [values[i] for i in range(len(units))]


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now (a unit may be deep in a solver call for minutes): SIGTERM, which they do not
    handle; :meth:`ProcessPoolExecutor.shutdown` then reaps them."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        if process.is_alive():
            process.terminate()


def _start_worker() -> None:
    """A forked worker: not the parent's signal handling (its handlers, its wake-up pipe)."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _run(i: int) -> Any:
    return _UNITS[i]()


__all__ = ["ENV", "MAX_JOBS", "available_cpus", "jobs_from", "run_all"]
