"""The verdict cache shared by several processes: a key is computed once (another process's key is waited
for and read, not redone), and a verdict a wall-clock timeout decided is never kept."""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import z3

from ruleproof import solvers
from ruleproof.smt import cache


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("RULEPROOF_CACHE", str(tmp_path / "verdicts"))
    yield tmp_path / "verdicts"


def _held(folder: Path, k: str) -> int:
    """Take ``k``'s lock as another process would (flock locks conflict between open file descriptions,
    within one process too)."""
    path = cache._path(folder, k)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def test_a_key_another_process_is_computing_is_left_for_last_and_read(folder: Path) -> None:
    done: list[str] = []
    fd = _held(folder, "bb")  # "another process" is answering bb
    c_done = threading.Event()

    def other() -> None:  # … finishes once we have done the rest, and releases its lock
        c_done.wait(30)
        cache._read_or_compute(cache._path(folder, "bb"), lambda: "bb by the other")
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    def compute(name: str) -> str:
        done.append(name)
        if name == "cc":
            c_done.set()
        return f"{name} by us"

    helper = threading.Thread(target=other)
    helper.start()
    shown: list[int] = []
    values = cache.cached_all(
        [("aa", lambda: compute("aa")), ("bb", lambda: compute("bb")), ("cc", lambda: compute("cc"))],
        shown.append,
    )
    helper.join()
    assert values == ["aa by us", "bb by the other", "cc by us"]  # in the items' order
    assert done == ["aa", "cc"]  # bb was not redone
    assert shown == [0, 1, 2]
    # all three are stored: a second run computes nothing
    assert cache.cached_all([(k, lambda: compute("again")) for k in ("aa", "bb", "cc")]) == values
    assert done == ["aa", "cc"]


def test_a_stored_verdict_is_read_under_the_lock(folder: Path) -> None:
    """The other process stored the key between our first look and our lock: we read it, not compute."""
    assert cache.cached("dd", lambda: 1) == 1
    assert cache.cached("dd", lambda: 2) == 1


def test_a_wall_clock_verdict_is_not_kept(folder: Path) -> None:
    def timed_out() -> str:
        s = solvers.new_solver(50, rlimit=0)
        p = [[z3.Bool(f"w{i}_{j}") for j in range(11)] for i in range(12)]
        for row in p:
            s.add(z3.Or(row))
        for j in range(11):
            for i in range(12):
                for k in range(i + 1, 12):
                    s.add(z3.Or(z3.Not(p[i][j]), z3.Not(p[k][j])))
        return solvers.answer(s, solvers.check(s)).value

    assert cache.cached("ee", timed_out) == "timeout"
    assert cache.cached("ee", lambda: "answered") == "answered"  # the timeout was not kept
    assert cache.cached("ee", lambda: "again") == "answered"  # an answer is


def test_without_a_cache_every_item_is_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    shown: list[int] = []
    assert cache.cached_all([("ff", lambda: 1), ("ff", lambda: 2)], shown.append) == [1, 2]
    assert shown == [0, 1]
