"""Ctrl-C and SIGTERM during a solver call end the run (exit 130 / 143) with no report that looks complete.

Each case runs the CLI in a subprocess (``slowsolve.py``) where one solver call is made slow on purpose
(a pigeonhole problem checked through the real wrapper), waits until that call has started, sends the
signal, and checks the exit status, that stdout is empty, that stderr is the one interrupt line (no
traceback) and that no output file was written or left half-written.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import z3

from ruleproof import cli
from ruleproof.cli import cmd_lint
from tests.heavy_split import chosen

HELPER = Path(__file__).with_name("slowsolve.py")
MARK = "RULEPROOF_TEST_INTERRUPTED_RUN"


def processes_of(tmp: Path) -> list[int]:
    """The processes still running that a run of :func:`interrupt` in ``tmp`` started (orphaned workers)."""
    marker = f"{MARK}={tmp}".encode()
    out = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if marker in environ.read_bytes().split(b"\0"):
                out.append(int(environ.parent.name))
        except OSError:
            continue  # ended meanwhile, or not ours
    return out


def interrupt(args: list[str], sig: int, tmp: Path, kind: str = "any") -> tuple[int, str, str]:
    env = {**os.environ, "SLOW_KIND": kind, "SLOW_AT": "1", "RULEPROOF_CACHE": "off", "PYTHONUNBUFFERED": "1"}
    env[MARK] = str(tmp)  # what the run's processes (its workers too) carry in their environment
    err_path = tmp / "stderr.txt"
    with err_path.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, str(HELPER), *args],
            stdout=subprocess.PIPE,
            stderr=err,
            env=env,
            cwd=tmp,
        )
        deadline = time.monotonic() + 120
        while "SOLVING" not in err_path.read_text() and time.monotonic() < deadline:
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        assert proc.poll() is None, f"the run ended before the slow call: {err_path.read_text()}"
        # inside the pigeonhole check (Z3 needs minutes for it) or, under load, still building it
        time.sleep(0.3)
        sent = time.monotonic()
        proc.send_signal(sig)
        try:
            out, _ = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            # not cancelled: stop the run and its workers (a pigeonhole check left solving would hold one of
            # CI's two cores for minutes after the suite), then fail
            for pid in [proc.pid, *processes_of(tmp)]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            proc.communicate()
            pytest.fail(f"the solver was not cancelled within 60 s of the signal: {err_path.read_text()}")
        waited = time.monotonic() - sent
    assert waited < 30, f"the solver was not cancelled ({waited:.1f} s)"
    return proc.returncode, out.decode(), err_path.read_text()


def case(args: list[str], sig: signal.Signals, kind: str = "any", *, heavy: bool = False) -> Any:
    name = f"{args[0]}-{args[1]}-{sig.name}" + ("-jobs2" if "--jobs" in args else "")
    return pytest.param(args, sig, kind, id=name, marks=pytest.mark.heavy if heavy else ())


CASES = [
    # verify, interrupted in its first solver call (an invariant's BMC)
    case(["verify", "--json", "--write-counterexamples", "cx"], signal.SIGINT),
    # the minimization of a counterexample: it used to fall back to an unminimized trace silently
    case(
        ["verify", "--invariant", "batch_zero_inference", "--write-counterexamples", "cx"],
        signal.SIGINT,
        "minimize",
    ),
    case(["verify", "--write-counterexamples", "cx"], signal.SIGTERM),
    # check: its first solver call is the verify stage's, after the text stages — 1.4 CPU-s into a run on
    # 随机配置法, 3.8 on 返航录 (its lint); the same pipeline, stage and workers: the suite interrupts the
    # short one, the heavy job both
    case(["check", "bundled:random41", "--format", "json"], signal.SIGINT),
    case(["check", "--format", "json"], signal.SIGINT, heavy=True),
    # in worker processes (--jobs 2): the parent is signalled, the workers are stopped
    case(["check", "bundled:random41", "--format", "json", "--jobs", "2"], signal.SIGINT),
    case(["check", "--format", "json", "--jobs", "2"], signal.SIGINT, heavy=True),
    case(["verify", "--jobs", "2", "--write-counterexamples", "cx"], signal.SIGTERM),
    case(["config", "genshin165", "--check"], signal.SIGINT),
    case(["config", "random41", "--players", "12", "--mode", "standard"], signal.SIGTERM),
]


# the split above, registered (tests/heavy_split.py): every command, signal and --jobs in the suite; the two
# 返航录 `check` cases are the heavy job's (random41's reach the same stage and workers sooner)
INTERRUPT_SPLIT = chosen(
    "tests/robust/test_interrupts.py::test_signal_mid_solve_ends_the_run",
    [c.id for c in CASES],
    [c.id for c in CASES if not c.marks],
    [(c.values[0][0], c.values[1], "--jobs" in c.values[0]) for c in CASES],
)


@pytest.mark.parametrize(("args", "sig", "kind"), CASES)
def test_signal_mid_solve_ends_the_run(tmp_path: Path, args: list[str], sig: int, kind: str) -> None:
    code, out, err = interrupt(args, sig, tmp_path, kind)
    assert code == 128 + sig
    assert out == ""  # nothing that could pass for a report
    lines = [ln for ln in err.splitlines() if ln != "SOLVING"]
    name = "SIGINT" if sig == signal.SIGINT else "SIGTERM"
    assert lines == [f"ruleproof: 已中断（{name}），未产出完整结果"], err
    leftovers = [p for p in tmp_path.rglob("*") if p.is_file() and p.name != "stderr.txt"]
    assert leftovers == []  # no counterexample, no temp file
    assert processes_of(tmp_path) == []  # no worker left solving


def test_interrupt_in_english(tmp_path: Path) -> None:
    code, out, err = interrupt(["--lang", "en", "verify"], signal.SIGINT, tmp_path)
    assert code == 130 and out == ""
    assert err.splitlines()[-1] == "ruleproof: interrupted (SIGINT); no complete result was produced"


def test_a_signal_wrapped_by_ctypes_is_still_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under load the signal can land while ctypes converts a Z3 call's arguments: ctypes re-raises the
    handler's Interrupted as ``ctypes.ArgumentError`` (seen: a traceback and exit 1).  A run that ends in an
    exception while a signal is pending ends as interrupted, with the one line only (the half-built Z3
    object's failing finalizer unheard); without a signal the exception is a bug, raised."""
    from ruleproof import interrupts
    from ruleproof.cli import cmd_vocab, main

    class Half(z3.AstRef):  # a Z3 object whose construction the signal cut short: its __del__ fails
        def __init__(self) -> None:
            raise ctypes.ArgumentError("argument 2: Interrupted: 2")

    def wrapped(args: object) -> int:
        interrupts._received.append(signal.SIGINT)  # what the handler records before it raises
        Half()
        return 0

    unheard: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", unheard.append)
    monkeypatch.setattr(cmd_vocab, "run", wrapped)
    assert main(["vocab"]) == 130
    assert capsys.readouterr().err == "ruleproof: 已中断（SIGINT），未产出完整结果\n"
    assert unheard == []  # nothing reached the hook (the interpreter would print it after the line)

    def broken(args: object) -> int:
        raise ctypes.ArgumentError("a real bug")

    monkeypatch.setattr(cmd_vocab, "run", broken)
    with pytest.raises(ctypes.ArgumentError):
        main(["vocab"])


class _SignalDuringConversion:
    """A ctypes argument type whose conversion receives SIGINT: what happens when Ctrl-C lands while a Z3
    call's arguments are converted (every term built is such a call).  ctypes wraps the handler's
    :class:`~ruleproof.interrupts.Interrupted` into ``ctypes.ArgumentError`` — no longer a KeyboardInterrupt;
    under load the interrupt tests above sent their signal there (exit 1 and a traceback instead of 130)."""

    @classmethod
    def from_param(cls, obj: int) -> ctypes.c_int:
        signal.raise_signal(signal.SIGINT)
        return ctypes.c_int(obj)


def test_a_signal_during_a_ctypes_conversion_is_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    c_abs = ctypes.CDLL(None).abs
    c_abs.argtypes = [_SignalDuringConversion]

    def run(args: object) -> int:
        c_abs(-3)
        return 0

    monkeypatch.setattr(cmd_lint, "run", run)
    assert cli.main(["--lang", "en", "lint"]) == 130
    assert capsys.readouterr().err.splitlines() == [
        "ruleproof: interrupted (SIGINT); no complete result was produced"
    ]


def test_an_error_without_a_signal_is_not_an_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(args: object) -> int:
        raise ValueError("a bug, not Ctrl-C")

    monkeypatch.setattr(cmd_lint, "run", run)
    with pytest.raises(ValueError, match="a bug"):
        cli.main(["lint"])
