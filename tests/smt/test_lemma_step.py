"""An induction step assumes the lemmas at its last state only when they are 1-inductive on their own
(``ts.lemmas_inductive``), and the verdicts are those of the step on ``props ∧ lemmas``: compared on toy
systems with the assumption switched off."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.kernel.algebra import Algebra
from ruleproof.smt import ts
from ruleproof.smt.ts import Options, Prop, TransitionSystem, Unrolling, check, ints

Pred = Callable[[Algebra[Any, Any], Any], Any]


def predicate(kind: str, c: int) -> Pred:
    return {
        "ge": lambda a, s: a.le(a.lit(c), s["x"]),
        "le": lambda a, s: a.le(s["x"], a.lit(c)),
        "ne": lambda a, s: a.not_(a.eq(s["x"], a.lit(c))),
    }[kind]


def jumps(size: int, prop: Pred, lemmas: tuple[Pred, ...]) -> TransitionSystem:
    """x starts at 0 and moves by 0 or ``size`` each night (``size`` may be negative)."""
    return TransitionSystem(
        "jumps",
        ints("x"),
        ints("d"),
        lambda a, s: a.eq(s["x"], a.lit(0)),
        lambda a, s, i: a.or_(a.eq(i["d"], a.lit(0)), a.eq(i["d"], a.lit(size))),
        lambda a, s, i: {"x": a.add(s["x"], i["d"])},
        (Prop("p", "0", "p", "p", prop),),
        tuple(Prop(f"l{n}", "0", "l", "l", f) for n, f in enumerate(lemmas)),
        lambda a, states, inputs: [sum((i["d"] for i in inputs), a.lit(0))],
    )


def test_lemmas_inductive_on_their_own_or_not() -> None:
    opts = Options()
    alone = jumps(2, predicate("ne", 1), (predicate("ge", 0),))  # x >= 0 survives any +0 / +2 night
    assert ts.lemmas_inductive(Unrolling(alone, "t."), opts)
    helped = jumps(2, predicate("ge", 0), (predicate("ne", 1),))  # x = -1 -> 1: needs the property too
    assert not ts.lemmas_inductive(Unrolling(helped, "t."), opts)
    # both prove at k = 1, one with the lemmas assumed at the last state and one without
    assert check(alone, opts).k == check(helped, opts).k == 1


def test_a_lemma_that_is_not_inductive_is_not_assumed(monkeypatch: pytest.MonkeyPatch) -> None:
    """``x <= 3`` under +0 / +1 nights is false from night 4 on: assumed at the last state it would prove
    ``x >= 0`` at k = 1 on a wrong lemma; asked with the property, no step closes within 3 nights."""
    asked: list[bool] = []
    real = ts.lemmas_inductive

    def spy(u: Unrolling, opts: Options) -> bool:
        asked.append(real(u, opts))
        return asked[-1]

    monkeypatch.setattr(ts, "lemmas_inductive", spy)
    r = check(jumps(1, predicate("ge", 0), (predicate("le", 3),)), Options(depth=3, max_k=3))
    assert asked and not any(asked)
    assert (r.status, r.k) == (ts.Status.HOLDS, None)


@settings(max_examples=40, deadline=None)
@given(
    size=st.sampled_from([-3, -2, -1, 1, 2, 3]),
    prop=st.tuples(st.sampled_from(["ge", "le", "ne"]), st.integers(-4, 4)),
    lemmas=st.lists(
        st.tuples(st.sampled_from(["ge", "le", "ne"]), st.integers(-4, 4)), min_size=1, max_size=2
    ),
)
def test_same_verdicts_with_and_without_the_assumed_lemmas(
    size: int, prop: tuple[str, int], lemmas: list[tuple[str, int]]
) -> None:
    system = jumps(size, predicate(*prop), tuple(predicate(*lemma) for lemma in lemmas))
    opts = Options(depth=4, max_k=3)
    with_lemmas = check(system, opts)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ts, "lemmas_inductive", lambda u, o: False)
        without = check(system, opts)
    assert asdict(with_lemmas) == asdict(without)
