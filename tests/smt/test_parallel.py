"""``--jobs``: independent units in worker processes give what one process gives, in the same order and
the same bytes; a failing unit fails the run and stops the workers; the number of jobs is read from
``--jobs``, ``$RULEPROOF_JOBS`` or the CPUs this process may use."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof import books, parallel, pipeline
from ruleproof.books import BookProfile
from ruleproof.errors import UserError
from ruleproof.text import Document


def _pid_after(seconds: float, value: int) -> tuple[int, int]:
    time.sleep(seconds)
    return value, os.getpid()


def test_values_come_back_in_the_units_order_from_other_processes() -> None:
    delays = [0.3, 0.0, 0.2, 0.0, 0.1, 0.0]  # the first unit finishes last
    units = [lambda d=d, i=i: _pid_after(d, i) for i, d in enumerate(delays)]
    seen: list[tuple[int, int]] = []
    out = parallel.run_all(units, 2, first=[4], progress=lambda i, done: seen.append((i, done)))
    assert [v for v, _pid in out] == list(range(len(delays)))
    assert {pid for _v, pid in out} <= {p for p in {pid for _v, pid in out} if p != os.getpid()}
    assert sorted(i for i, _ in seen) == list(range(len(delays)))
    assert [done for _, done in seen] == list(range(1, len(delays) + 1))


def test_one_job_runs_here_in_order() -> None:
    seen: list[tuple[int, int]] = []
    out = parallel.run_all(
        [lambda i=i: _pid_after(0, i) for i in range(3)], 1, progress=lambda i, d: seen.append((i, d))
    )
    assert out == [(0, os.getpid()), (1, os.getpid()), (2, os.getpid())]
    assert seen == [(0, 0), (1, 1), (2, 2)]


def _fail() -> int:
    raise ValueError("unit 1 fails")


def test_a_failing_unit_fails_the_run_and_stops_the_workers() -> None:
    started = time.monotonic()
    units = [lambda: _pid_after(60, 0)[0], _fail, lambda: 2]
    with pytest.raises(ValueError, match="unit 1 fails"):
        parallel.run_all(units, 2)
    assert time.monotonic() - started < 30  # the 60-s unit was not waited for
    assert not parallel._UNITS  # ready for the next run


@settings(max_examples=25, deadline=None)
@given(env=st.one_of(st.none(), st.integers(1, 40).map(str)), flag=st.one_of(st.none(), st.integers(1, 40)))
def test_jobs_come_from_the_flag_then_the_environment_then_the_cpus(
    env: str | None, flag: int | None
) -> None:
    old = os.environ.pop(parallel.ENV, None)
    try:
        if env is not None:
            os.environ[parallel.ENV] = env
        want = flag if flag is not None else int(env) if env is not None else parallel.available_cpus()
        assert parallel.jobs_from(flag) == min(want, parallel.MAX_JOBS)
    finally:
        os.environ.pop(parallel.ENV, None)
        if old is not None:
            os.environ[parallel.ENV] = old


@pytest.mark.parametrize(("flag", "env"), [(0, None), (-2, None), (None, "0"), (None, "two")])
def test_a_bad_number_of_jobs_is_bad_input(
    flag: int | None, env: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if env is not None:
        monkeypatch.setenv(parallel.ENV, env)
    with pytest.raises(UserError):
        parallel.jobs_from(flag)


def test_the_affinity_mask_is_the_default() -> None:
    assert parallel.available_cpus() == len(os.sched_getaffinity(0))


# cheap invariants of the bundled text, violated in a non-configured reading (a counterexample file is
# written for each): three in the suite (6 units: 1.9 CPU-s a run); with batch_zero_inference, its four
# readings and per-batch details, in the heavy job (10 units: 3.5 CPU-s a run)
SUBSET = (
    "bullet_conservation",
    "dying_leaves_no_trace",
    "priority_tables_consistent",
)
SUBSETS = pytest.mark.parametrize(
    "subset",
    [
        pytest.param(SUBSET, id="three"),
        pytest.param((*SUBSET, "batch_zero_inference"), id="four", marks=pytest.mark.heavy),
    ],
)


def _verify(tmp: Path, jobs: int, subset: tuple[str, ...]) -> tuple[bytes, dict[str, bytes]]:
    folder = tmp / f"cx{jobs}"
    args = [a for name in subset for a in ("--invariant", name)]
    env = {**os.environ, "RULEPROOF_CACHE": "off"}  # the workers solve (no verdict read from disk)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruleproof",
            "verify",
            *args,
            "--json",
            "--no-timing",
            "--jobs",
            str(jobs),
            "--write-counterexamples",
            str(folder),
        ],
        capture_output=True,
        env=env,
        check=False,
    )
    assert out.returncode in (0, 1), out.stderr.decode()
    files = {p.name: p.read_bytes() for p in sorted(folder.glob("*.json"))} if folder.is_dir() else {}
    return out.stdout.replace(str(folder).encode(), b"DIR"), files


@SUBSETS
def test_verify_with_two_jobs_prints_and_writes_the_same_bytes_as_one(
    tmp_path: Path, subset: tuple[str, ...]
) -> None:
    one, files_one = _verify(tmp_path, 1, subset)
    two, files_two = _verify(tmp_path, 2, subset)
    assert one == two
    assert files_one == files_two and len(files_one) >= len(subset) - 1
    assert b'"invariants"' in one


@SUBSETS
def test_check_with_two_jobs_gives_the_same_stages_and_findings_as_one(
    fanhanglu: Document, monkeypatch: pytest.MonkeyPatch, subset: tuple[str, ...]
) -> None:
    """``check``'s verification and readings search side by side (a few invariants and switches, so that
    the test stays cheap; the forked workers inherit the narrowing)."""
    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    book = books.get("fanhanglu")
    few = [inv for inv in books.invariants_of(book, "test") if inv.name in subset]
    real_plan, real_load = pipeline.plan_verify, BookProfile.load

    def plan(*args: Any, **kwargs: Any) -> Any:
        return real_plan(*args, **{**kwargs, "invariants": few})

    def load(self: BookProfile, part: str, command: str) -> Any:
        found = real_load(self, part, command)
        if part != "readings":
            return found
        return lambda spec, opts: found(spec, opts, ["bounty.count_basis", "process.dying_later_same_night"])

    monkeypatch.setattr(pipeline, "plan_verify", plan)
    monkeypatch.setattr(BookProfile, "load", load)
    runs = [
        pipeline.run_check(fanhanglu, book=book, against=book, stages=("verify",), jobs=j) for j in (1, 2)
    ]
    one, two = ((r.report, [s.to_json() for s in r.stages], [f.to_json() for f in r.findings]) for r in runs)
    assert one[0] is not None and two[0] is not None
    assert one[0].to_json(timing=False) == two[0].to_json(timing=False)
    assert one[1:] == two[1:]
    assert [inv["name"] for inv in one[0].to_json()["invariants"]] == [i.name for i in few]
    assert any(s["name"] == "readings" and "2" in str(s["summary"]) for s in one[1])
