"""A pytest plugin: the CPU seconds of every test's setup, call and teardown, and of each process's
collection — opt in with ``-p tests.cpu_profile``:

    .venv/bin/python -m pytest -n 2 -m "not heavy" -q -p tests.cpu_profile [--cpu-profile-top 30]

``--durations`` gives wall seconds, which on a shared machine measure the load as much as the test, and
count a test that waits for another worker's solver answer (the verdict cache's locks) as if it computed it.
This counts user + system CPU of the worker process and of the processes it waited for (a CLI subprocess, a
``--jobs`` pool), per phase.  With xdist each worker sends its rows to the controller
(``workeroutput``), which prints the costliest phases, the sum per file, each process's collection and the
total; ``--cpu-profile-json PATH`` also writes every row.  Without xdist the one process does the same.
"""

from __future__ import annotations

import json
import resource
from collections import defaultdict
from collections.abc import Generator
from typing import Any

import pytest

Row = tuple[str, str, float]  # (test node id or "<collect>", phase, CPU seconds)
_ROWS: list[Row] = []
_START: list[float] = []
_GATHERED: dict[str, list[Row]] = {}


def cpu() -> float:
    """User + system seconds of this process and of the children it waited for."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("cpu-profile")
    group.addoption("--cpu-profile-top", type=int, default=20, help="how many phases to list (default 20)")
    group.addoption("--cpu-profile-json", default=None, help="also write every row to this JSON file")


def pytest_configure(config: pytest.Config) -> None:
    _START.append(cpu())


def pytest_collection_finish(session: pytest.Session) -> None:
    _ROWS.append(("<collect>", "collect", cpu() - _START[0]))


def _timed(phase: str, item: pytest.Item) -> Generator[None, Any, None]:
    start = cpu()
    yield
    _ROWS.append((item.nodeid, phase, cpu() - start))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, Any, None]:
    yield from _timed("setup", item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Any, None]:
    yield from _timed("call", item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, Any, None]:
    yield from _timed("teardown", item)


def pytest_sessionfinish(session: pytest.Session) -> None:
    _ROWS.append(("<process>", "total", cpu() - _START[0]))
    output = getattr(session.config, "workeroutput", None)
    if output is not None:  # an xdist worker: the controller reports
        output["cpu_profile"] = json.dumps(_ROWS)
    else:
        _GATHERED["main"] = list(_ROWS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    rows = getattr(node, "workeroutput", {}).get("cpu_profile")
    if rows is not None:
        _GATHERED[node.gateway.id] = [tuple(r) for r in json.loads(rows)]


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if hasattr(config, "workeroutput") or not _GATHERED:
        return
    if len(_GATHERED) > 1:
        _GATHERED.pop("main", None)  # the xdist controller: its own rows are the workers' waiting
    write = terminalreporter.write_line
    phases = [(s, p, n, w) for w, rows in _GATHERED.items() for n, p, s in rows if not n.startswith("<")]
    by_file: dict[str, float] = defaultdict(float)
    for s, _p, n, _w in phases:
        by_file[n.split("::")[0]] += s
    top = config.getoption("--cpu-profile-top")
    terminalreporter.section("CPU seconds (user + system, with waited-for children)")
    for s, p, n, w in sorted(phases, reverse=True)[:top]:
        write(f"{s:8.2f} {p:<8} {w:<5} {n}")
    write("per file:")
    for f, s in sorted(by_file.items(), key=lambda kv: -kv[1])[:top]:
        write(f"{s:8.2f} {f}")
    for w, rows in sorted(_GATHERED.items()):
        collect = next((s for n, _p, s in rows if n == "<collect>"), 0.0)
        total = next((s for n, _p, s in rows if n == "<process>"), 0.0)
        write(f"{w}: collection {collect:.1f} s, process total {total:.1f} s")
    write(f"tests' phases: {sum(s for s, *_ in phases):.1f} s")
    path = config.getoption("--cpu-profile-json")
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump({w: rows for w, rows in _GATHERED.items()}, out, ensure_ascii=False, indent=0)
