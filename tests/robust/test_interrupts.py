"""Ctrl-C and SIGTERM during a solver call end the run (exit 130 / 143) with no report that looks complete.

Each case runs the CLI in a subprocess (``slowsolve.py``) where one solver call is made slow on purpose
(a pigeonhole problem checked through the real wrapper), waits until that call has started, sends the
signal, and checks the exit status, that stdout is empty, that stderr is the one interrupt line (no
traceback) and that no output file was written or left half-written.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HELPER = Path(__file__).with_name("slowsolve.py")


def interrupt(args: list[str], sig: int, tmp: Path, kind: str = "any") -> tuple[int, str, str]:
    env = {**os.environ, "SLOW_KIND": kind, "SLOW_AT": "1", "RULEPROOF_CACHE": "off", "PYTHONUNBUFFERED": "1"}
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
        time.sleep(0.3)  # well inside the pigeonhole check (Z3 needs minutes for it)
        sent = time.monotonic()
        proc.send_signal(sig)
        out, _ = proc.communicate(timeout=60)
        waited = time.monotonic() - sent
    assert waited < 30, f"the solver was not cancelled ({waited:.1f} s)"
    return proc.returncode, out.decode(), err_path.read_text()


CASES = [
    # verify, interrupted in its first solver call (an invariant's BMC)
    (["verify", "--json", "--write-counterexamples", "cx"], signal.SIGINT, "any"),
    # the minimization of a counterexample: it used to fall back to an unminimized trace silently
    (
        ["verify", "--invariant", "batch_zero_inference", "--write-counterexamples", "cx"],
        signal.SIGINT,
        "minimize",
    ),
    (["verify", "--write-counterexamples", "cx"], signal.SIGTERM, "any"),
    (["check", "--format", "json"], signal.SIGINT, "any"),
    (["config", "genshin165", "--check"], signal.SIGINT, "any"),
    (["config", "random41", "--players", "12", "--mode", "standard"], signal.SIGTERM, "any"),
]


@pytest.mark.parametrize(("args", "sig", "kind"), CASES, ids=[f"{a[0]}-{a[1]}-{s.name}" for a, s, _ in CASES])
def test_signal_mid_solve_ends_the_run(tmp_path: Path, args: list[str], sig: int, kind: str) -> None:
    code, out, err = interrupt(args, sig, tmp_path, kind)
    assert code == 128 + sig
    assert out == ""  # nothing that could pass for a report
    lines = [ln for ln in err.splitlines() if ln != "SOLVING"]
    name = "SIGINT" if sig == signal.SIGINT else "SIGTERM"
    assert lines == [f"ruleproof: 已中断（{name}），未产出完整结果"], err
    leftovers = [p for p in tmp_path.rglob("*") if p.is_file() and p.name != "stderr.txt"]
    assert leftovers == []  # no counterexample, no temp file


def test_interrupt_in_english(tmp_path: Path) -> None:
    code, out, err = interrupt(["--lang", "en", "verify"], signal.SIGINT, tmp_path)
    assert code == 130 and out == ""
    assert err.splitlines()[-1] == "ruleproof: interrupted (SIGINT); no complete result was produced"
