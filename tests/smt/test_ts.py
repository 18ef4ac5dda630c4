"""The BMC / k-induction machinery on toy systems whose answers are known: proved only when induction
closes, holds-to-depth when it does not, violated with the shortest and then cheapest trace, unknown
when the solver says so — never rounded up."""

from __future__ import annotations

from typing import Any

import pytest
import z3

from ruleproof.kernel.algebra import Algebra
from ruleproof.smt import ts
from ruleproof.smt.ranks import Statement, Unknown, conflict
from ruleproof.smt.ts import Options, Prop, Status, TransitionSystem, check, ints, replay


def counter(step_by: int, prop: Any, *, start: int = 0, lemmas: tuple[Prop, ...] = ()) -> TransitionSystem:
    """x starts at ``start`` and grows by an input 0..``step_by`` each night."""

    def costs(a: Algebra[Any, Any], states: Any, inputs: Any) -> list[Any]:
        total = a.lit(0)
        for i in inputs:
            total = a.add(total, i["d"])
        return [total]

    return TransitionSystem(
        "counter",
        ints("x"),
        ints("d"),
        lambda a, s: a.eq(s["x"], a.lit(start)),
        lambda a, s, i: a.and_(a.le(a.lit(0), i["d"]), a.le(i["d"], a.lit(step_by))),
        lambda a, s, i: {"x": a.add(s["x"], i["d"])},
        (Prop("p", "0", "p", "p", prop),),
        lemmas,
        costs,
    )


def test_inductive_property_is_proved() -> None:
    r = check(counter(2, lambda a, s: a.le(a.lit(0), s["x"])), Options(depth=5))
    assert (r.status, r.method, r.k) == (Status.PROVED, "k-induction", 1)


def test_reachable_bad_state_is_violated_with_fewest_nights_and_smallest_inputs() -> None:
    r = check(counter(3, lambda a, s: a.lt(s["x"], a.lit(5))), Options(depth=6))
    assert r.status is Status.VIOLATED and r.trace is not None
    assert r.depth == 2  # 3 + 2 = 5: two nights are needed, not more
    assert sum(int(i["d"]) for i in r.trace.inputs) == 5  # the minimization keeps the total at the bound
    assert r.trace.failed == ["p"] and r.trace.minimized
    states = replay(counter(3, lambda a, s: a.lt(s["x"], a.lit(5))), r.trace)
    assert states[-1]["x"] == 5


def test_true_but_not_inductive_holds_only_to_depth() -> None:
    # x grows by 2 from 0: never 1, but x = -1 → 1 shows the property is not k-inductive for any k
    sys = counter(2, lambda a, s: a.not_(a.eq(s["x"], a.lit(1))))
    sys = TransitionSystem(
        sys.name,
        sys.state,
        sys.inputs,
        sys.init,
        lambda a, s, i: a.eq(i["d"], a.lit(2)),
        sys.step,
        sys.props,
    )
    r = check(sys, Options(depth=4, max_k=3))
    assert (r.status, r.depth, r.k) == (Status.HOLDS, 4, None)
    assert "not inductive" in r.note


def test_bad_state_beyond_the_depth_is_not_claimed() -> None:
    r = check(counter(1, lambda a, s: a.lt(s["x"], a.lit(5))), Options(depth=3, max_k=2))
    assert r.status is Status.HOLDS  # violated at night 5, but only 3 nights were explored


def test_a_wrong_lemma_disables_induction() -> None:
    lemma = Prop("small", "0", "x<2", "x<2", lambda a, s: a.lt(s["x"], a.lit(2)))
    r = check(counter(1, lambda a, s: a.le(a.lit(0), s["x"]), lemmas=(lemma,)), Options(depth=3))
    assert r.status is Status.HOLDS and any("lemma" in n for n in r.notes)


def test_solver_unknown_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    r = check(counter(2, lambda a, s: a.le(a.lit(0), s["x"])), Options(depth=3))
    assert r.status is Status.UNKNOWN and r.trace is None


def test_unknown_during_induction_leaves_the_bmc_result(monkeypatch: pytest.MonkeyPatch) -> None:
    real = ts.check_sat
    real_new = ts.solvers.new_eliminating_solver
    induction: list[Any] = []  # the induction steps' solvers (they share the BMC's constants)

    def new_eliminating_solver(*a: Any) -> Any:
        induction.append(real_new(*a))
        return induction[-1]

    def flaky(solver: Any, *a: Any) -> Any:
        if any(solver is s for s in induction):
            return z3.unknown
        return real(solver, *a)

    monkeypatch.setattr(ts.solvers, "new_eliminating_solver", new_eliminating_solver)
    monkeypatch.setattr(ts, "check_sat", flaky)
    r = check(counter(2, lambda a, s: a.le(a.lit(0), s["x"])), Options(depth=3))
    assert r.status is Status.HOLDS and "unknown" in r.note


def test_rank_conflicts_are_minimum_cycles() -> None:
    st = [
        Statement("a", "b", "spec", None, "a→b"),
        Statement("b", "c", "spec", None, "b→c"),
        Statement("c", "d", "spec", None, "c→d"),
        Statement("d", "a", "9.9", 3, "d→a"),
        Statement("c", "b", "8.8", 5, "c→b"),
    ]
    assert conflict(st[:3], Options()) == []
    assert len(conflict(st[:4], Options())) == 4  # the only cycle has four statements
    core = conflict(st, Options())
    assert [(s.before, s.after) for s in core] == [("b", "c"), ("c", "b")]


def test_rank_unknown_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    with pytest.raises(Unknown):
        conflict([Statement("a", "b", "spec", None, "")], Options())


def test_witness_reachability_is_decided_like_a_property() -> None:
    """A witness (a state that must be reachable, e.g. a registered exception being exercised) is
    reachable with the shortest minimized path, unreachable only when its negation is proved, and
    otherwise not reached within the depth — never rounded either way."""
    grows = counter(3, lambda a, s: a.le(a.lit(0), s["x"]))
    r = ts.reach(grows, Prop("w", "0", "w", "w", lambda a, s: a.eq(s["x"], a.lit(5))), Options(depth=6))
    assert r.status is ts.Reach.REACHABLE and r.depth == 2 and r.trace is not None
    assert [int(i["d"]) for i in r.trace.inputs] in ([2, 3], [3, 2])
    assert r.to_json()["path"]["last"]["x"] == 5
    dead = ts.reach(grows, Prop("w", "0", "w", "w", lambda a, s: a.lt(s["x"], a.lit(0))), Options(depth=6))
    assert (dead.status, dead.k) == (ts.Reach.UNREACHABLE, 1)  # x < 0 never: proved by induction
    far = ts.reach(grows, Prop("w", "0", "w", "w", lambda a, s: a.eq(s["x"], a.lit(30))), Options(depth=4))
    assert far.status is ts.Reach.NOT_REACHED and far.depth == 4


def test_an_unknown_witness_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    grows = counter(3, lambda a, s: a.le(a.lit(0), s["x"]))
    r = ts.reach(grows, Prop("w", "0", "w", "w", lambda a, s: a.eq(s["x"], a.lit(5))), Options(depth=3))
    assert r.status is ts.Reach.UNKNOWN
