"""The one solver-call wrapper: answered, timed out, unknown and interrupted are four different things, and
a verdict that settled for less (an unminimized counterexample) says so in the text and the JSON."""

from __future__ import annotations

from typing import Any

import pytest
import z3

from ruleproof import interrupts, solvers
from ruleproof.config import solver as config_solver
from ruleproof.smt import ts
from ruleproof.smt.ts import Options, Prop, Status, TransitionSystem, check, ints


def pigeonhole(n: int, timeout_ms: int, rlimit: int = solvers.DEFAULT_RLIMIT) -> z3.Solver:
    s = solvers.new_solver(timeout_ms, rlimit=rlimit)
    p = [[z3.Bool(f"h{i}_{j}") for j in range(n - 1)] for i in range(n)]
    for row in p:
        s.add(z3.Or(row))
    for j in range(n - 1):
        for i in range(n):
            for k in range(i + 1, n):
                s.add(z3.Or(z3.Not(p[i][j]), z3.Not(p[k][j])))
    return s


def test_answered() -> None:
    s = solvers.new_solver(5000)
    x = z3.Int("x")
    s.add(x > 2)
    assert solvers.answer(s, solvers.check(s)) is solvers.Answer.SAT
    s.add(x < 1)
    assert solvers.answer(s, solvers.check(s)) is solvers.Answer.UNSAT


def test_timed_out_is_not_unknown() -> None:
    before = solvers.wall_clock_limits()
    s = pigeonhole(12, 50)
    r = solvers.check(s)
    assert r == z3.unknown
    assert solvers.answer(s, r) is solvers.Answer.TIMEOUT
    assert solvers.why(s) == "timed out (50 ms)"
    assert solvers.why(s, "zh") == "超时（50 毫秒）"
    assert solvers.wall_clock_limits() == before + 1  # the verdict cache will not keep what it decided


def test_the_work_budget_is_deterministic() -> None:
    """A used-up budget is a ``timeout`` too, worded as the budget — and, unlike a wall-clock limit, the
    same question stops at the same point on any machine: the same resource count, the same answer."""
    before = solvers.wall_clock_limits()
    counts = []  # Z3's resource count (of the whole context) after each check
    for _ in range(3):
        s = pigeonhole(11, 0, rlimit=50_000)
        r = solvers.check(s)
        assert r == z3.unknown and solvers.answer(s, r) is solvers.Answer.TIMEOUT
        assert solvers.why(s) == "solver budget of 50000 units used up"
        assert solvers.why(s, "zh") == "求解预算用尽（50000 单位）"
        counts.append(s.statistics().get_key_value("rlimit count"))
    assert counts[2] - counts[1] == counts[1] - counts[0]  # the same work each time
    assert solvers.wall_clock_limits() == before
    # no wall-clock limit unless one is asked for; a budget by default
    easy = solvers.new_solver()
    easy.add(z3.Int("x") > 2)
    assert solvers.answer(easy, solvers.check(easy)) is solvers.Answer.SAT
    assert solvers._LIMITS[easy] == (0, solvers.DEFAULT_RLIMIT)
    with pytest.raises(ValueError):
        solvers.new_solver(-1)


def test_unknown_is_not_a_timeout() -> None:
    s = solvers.new_solver(5000)
    a = z3.Real("a")
    s.add(2**a == 3)  # outside what the solver decides: it gives up, quickly
    r = solvers.check(s)
    assert r == z3.unknown and solvers.answer(s, r) is solvers.Answer.UNKNOWN
    assert solvers.why(s).startswith("unknown (")


def test_an_interrupt_is_never_an_answer() -> None:
    """A signal recorded while a check ran (the watcher cancelled it) raises instead of returning the
    cancelled ``unknown`` — before and after the call (inside the command's guard)."""
    s = solvers.new_solver(5000)
    with interrupts.guard():
        interrupts._received.append(2)
        try:
            with pytest.raises(interrupts.Interrupted) as info:
                solvers.check(s)
            assert info.value.exit_code == 130
        finally:
            interrupts._received.clear()


def test_config_solver_tells_timeout_from_unknown() -> None:
    s = pigeonhole(11, 0, rlimit=50_000)
    status = config_solver.check(s)
    assert status is config_solver.Status.TIMEOUT
    with pytest.raises(config_solver.SolverUnknown) as info:
        config_solver.require(status, "a board")
    assert info.value.exit_code == 3 and "预算用尽" in info.value.zh and "budget" in info.value.en
    with pytest.raises(config_solver.SolverUnknown) as info:
        config_solver.require(config_solver.Status.UNKNOWN, "a board")
    assert info.value.exit_code == 3 and "unknown" in info.value.en


def violated_system() -> TransitionSystem:
    """x grows by an input 0..3 each night; the property x ≤ 4 fails on night 2."""
    (x,) = ints("x")
    (d,) = ints("d")
    return TransitionSystem(
        "grow",
        (x,),
        (d,),
        init=lambda a, s: a.eq(s["x"], a.lit(0)),
        guard=lambda a, s, i: a.and_(a.le(a.lit(0), i["d"]), a.le(i["d"], a.lit(3))),
        step=lambda a, s, i: {"x": a.add(s["x"], i["d"])},
        props=(Prop("small", "0", "小", "small", lambda a, s: a.le(s["x"], a.lit(4))),),
        costs=lambda a, states, inputs: [sum((i["d"] for i in inputs), a.lit(0))],
    )


def no_optimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every check made inside :func:`ts.minimize` answers ``unknown`` (the minimization reads the BMC's
    unrolling, so its solver is told apart by who asks, not by its constants' names)."""
    real_check, real_minimize = ts.check_sat, ts.minimize
    inside: list[bool] = []

    def check_sat(solver: Any, *a: Any) -> Any:
        return z3.unknown if inside else real_check(solver, *a)

    def minimize(*a: Any, **k: Any) -> Any:
        inside.append(True)
        try:
            return real_minimize(*a, **k)
        finally:
            inside.pop()

    monkeypatch.setattr(ts, "check_sat", check_sat)
    monkeypatch.setattr(ts, "minimize", minimize)


def test_a_minimization_without_answer_is_a_stated_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    no_optimum(monkeypatch)
    r = check(violated_system(), Options(depth=4))
    assert r.status is Status.VIOLATED and r.trace is not None
    assert not r.trace.minimized
    assert "cost term 1 of 1" in r.trace.why_not_minimized
    assert r.note.startswith("counterexample not minimized")


def test_minimized_when_the_solver_answers() -> None:
    r = check(violated_system(), Options(depth=4))
    assert r.trace is not None and r.trace.minimized and r.trace.why_not_minimized == ""
    assert r.note == ""


def test_an_unknown_check_names_its_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    r = check(violated_system(), Options(depth=2))
    assert r.status is Status.UNKNOWN and r.unknown in ("timeout", "unknown")
    assert r.note.startswith("solver unknown at night 0")


def test_verify_states_the_fallback_in_text_and_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On the real 返航录 spec: when the minimization gets no answer the verdict stays ``violated`` (the
    BMC's trace is a real counterexample) and both reports say that it is not minimized, and why."""
    import json

    from ruleproof.cli import main

    no_optimum(monkeypatch)
    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    args = ["verify", "--invariant", "batch_nothing_lost", "--configured-only", "--no-timing"]
    assert main([*args, "--json"]) == 1
    inv = json.loads(capsys.readouterr().out)["invariants"][0]
    assert inv["status"] == "violated" and inv["minimized"] is False
    assert inv["fallbacks"][0].startswith("counterexample not minimized: cost term 1")
    assert main(args) == 1
    text = capsys.readouterr().out
    assert "退而求其次：反例未经最小化" in text
    assert "仅检查了所设定的解读" in text
