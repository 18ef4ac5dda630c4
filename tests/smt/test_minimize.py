"""``ts.minimize`` reports the lexicographic optimum — the cost terms in priority order, then every input
night by night, then the initial state — whatever search finds it: checked against brute force on small
systems whose every path can be enumerated."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.kernel.algebra import Algebra
from ruleproof.smt import ts
from ruleproof.smt.ts import Options, Prop, TransitionSystem, bools, ints


def walk(lo: int, hi: int, bound: int, starts: tuple[int, int]) -> TransitionSystem:
    """x starts in ``starts``, moves by an input d in lo..hi (or stays, when the boolean input ``hold`` is
    set) each night; the property says x < ``bound``.  Costs: the total of |d| over nights that move, then
    how many nights hold."""

    def costs(a: Algebra[Any, Any], states: Any, inputs: Any) -> list[Any]:
        moved = a.lit(0)
        held = a.lit(0)
        for i in inputs:
            size = a.ite_i(a.le(a.lit(0), i["d"]), i["d"], a.sub(a.lit(0), i["d"]))
            moved = a.add(moved, a.ite_i(i["hold"], a.lit(0), size))
            held = a.add(held, a.ite_i(i["hold"], a.lit(1), a.lit(0)))
        return [moved, held]

    return TransitionSystem(
        "walk",
        ints("x"),
        (*ints("d"), *bools("hold")),
        lambda a, s: a.and_(a.le(a.lit(starts[0]), s["x"]), a.le(s["x"], a.lit(starts[1]))),
        lambda a, s, i: a.and_(a.le(a.lit(lo), i["d"]), a.le(i["d"], a.lit(hi))),
        lambda a, s, i: {"x": a.ite_i(i["hold"], s["x"], a.add(s["x"], i["d"]))},
        (Prop("p", "0", "p", "p", lambda a, s: a.lt(s["x"], a.lit(bound))),),
        costs=costs,
    )


def brute_force(lo: int, hi: int, bound: int, starts: tuple[int, int], depth: int) -> tuple[Any, ...] | None:
    """The least (costs, inputs night by night, initial x) over every violating path of ``depth`` nights."""
    best: tuple[Any, ...] | None = None
    steps = [(d, h) for d in range(lo, hi + 1) for h in (False, True)]
    for x0 in range(starts[0], starts[1] + 1):
        for path in itertools.product(steps, repeat=depth):
            x = x0
            for d, h in path:
                x = x if h else x + d
            if x < bound:
                continue
            moved = sum(abs(d) for d, h in path if not h)
            held = sum(1 for _, h in path if h)
            key = (moved, held, *(v for d, h in path for v in (d, int(h))), x0)
            best = key if best is None or key < best else best
    return best


# (lo, width, bound, start, depth) ranges: narrow, and wide enough that a term's first model can sit far
# above its least value (the search's halving, not only its first probe, decides the answer)
RANGES = {
    "narrow": ((-2, 0), (0, 3), (-1, 5), (-2, 2), (1, 3)),
    "wide": ((-30, 0), (0, 60), (-40, 60), (-20, 20), (1, 2)),
}


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(sorted(RANGES)), spread=st.integers(0, 2), data=st.data())
def test_minimize_is_the_lexicographic_optimum(kind: str, spread: int, data: st.DataObject) -> None:
    lo, width, bound, start, depth = (data.draw(st.integers(*r)) for r in RANGES[kind])
    hi, starts = lo + width, (start, start + spread)
    expected = brute_force(lo, hi, bound, starts, depth)
    trace = ts.minimize(walk(lo, hi, bound, starts), depth, Options(depth=depth))
    if expected is None:  # no violation at exactly this depth: nothing to minimize
        assert trace is None
        return
    assert trace is not None and trace.minimized and trace.failed == ["p"]
    moved = sum(abs(int(i["d"])) for i in trace.inputs if not i["hold"])
    held = sum(1 for i in trace.inputs if i["hold"])
    got = (moved, held, *(int(v) for i in trace.inputs for v in (i["d"], i["hold"])), trace.states[0]["x"])
    assert got == expected


def _checks_counted(monkeypatch: Any) -> list[int]:
    real = ts.check_sat
    calls = [0]

    def counted(solver: Any, *a: Any) -> Any:
        calls[0] += 1
        return real(solver, *a)

    monkeypatch.setattr(ts, "check_sat", counted)
    return calls


@settings(max_examples=40, deadline=None)
@given(
    lo=st.integers(-1_000, 1_000),
    width=st.integers(0, 3_000),
    holes=st.sets(st.integers(0, 40), max_size=12),
    scale=st.sampled_from([1, 3, -1]),
)
def test_least_is_the_least_value_in_logarithmically_many_checks(
    lo: int, width: int, holes: set[int], scale: int
) -> None:
    """``_least`` from the worst start (the model at the top of the range): the least value of ``scale·x``
    over ``lo..lo + width`` without the holes near the bottom (or the top, for a negative scale), in a
    number of checks logarithmic in the width — a descent one model at a time took ``width`` of them."""
    x = z3.Int("x")
    allowed = [v for v in range(lo, lo + width + 1) if v - lo not in holes]
    if scale < 0:
        allowed = [v for v in range(lo, lo + width + 1) if lo + width - v not in holes]
    s = z3.Solver()
    s.add(lo <= x, x <= lo + width, *(x != v for v in range(lo, lo + width + 1) if v not in allowed))
    if not allowed:
        return
    worst = max(allowed, key=lambda v: scale * v)
    s.push()
    s.add(x == worst)
    assert s.check() == z3.sat
    start = s.model()
    s.pop()
    with pytest.MonkeyPatch.context() as mp:
        calls = _checks_counted(mp)
        got = ts._least(s, scale * x, start)
    assert not isinstance(got, str)
    best, model = got
    assert best.as_long() == min(scale * v for v in allowed)
    assert model.eval(scale * x, model_completion=True).as_long() == best.as_long()
    # the search halves the gap of the term's values, which span |scale|·width (lo=0, width=240, scale=3: 19
    # checks over 0..720, within 2·10 + 2; the bound in width alone, 18, was the test's error)
    assert calls[0] <= 2 * max(1, abs(scale) * width).bit_length() + len(holes) + 2


def test_least_of_a_boolean_at_its_floor_asks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    b = z3.Bool("b")
    s = z3.Solver()
    s.add(z3.Not(b))
    assert s.check() == z3.sat
    calls = _checks_counted(monkeypatch)
    got = ts._least(s, z3.If(b, 1, 0), s.model(), 0)
    assert not isinstance(got, str) and got[0].as_long() == 0 and calls[0] == 0


def test_least_says_why_when_unbounded(monkeypatch: pytest.MonkeyPatch) -> None:
    x = z3.Int("x")
    s = z3.Solver()
    s.add(x < 5)
    monkeypatch.setattr(ts, "DESCENT_STEPS", 30)
    assert "unbounded" in str(ts._least(s, x, None))
