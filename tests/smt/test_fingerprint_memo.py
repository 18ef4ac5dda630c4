"""What taking a question's fingerprint keeps (:func:`ruleproof.smt.question.term`,
:func:`ruleproof.smt.cache.once`): the same fingerprints as computed from scratch, a changed function or term
is a new question, and nothing is kept outside one :func:`ruleproof.smt.cache.by_question` (but the parts of a
family's model a ``verify`` job keeps with the model: tests/smt/test_family_model.py)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.invariants.fanhanglu import INVARIANT_BY_NAME
from ruleproof.smt import cache, question, ts
from ruleproof.smt.invariant import SystemInvariant
from ruleproof.specs.fanhanglu import load_spec
from ruleproof.text import Document


def _system(doc: Document, name: str = "occupancy_at_most_two", **params: Any) -> ts.TransitionSystem:
    inv = INVARIANT_BY_NAME[name]
    assert isinstance(inv, SystemInvariant)
    return inv.system(load_spec(params), inv.read_claims(doc))


# ── the text of a term, kept by its node ─────────────────────────────────────────────────────────────

_FRESH = itertools.count()
Shape = Any  # a term described as nested tuples, built anew when asked for (so its nodes can be freed)
LEAVES = st.sampled_from(["x", "y"]) | st.integers(-3, 3)
SHAPES = st.recursive(
    LEAVES, lambda sub: st.tuples(st.sampled_from(["+", "*", "ite"]), sub, sub, sub), max_leaves=12
)


def _build(shape: Shape) -> Any:
    if isinstance(shape, str):
        return z3.Int(f"memo.{shape}")
    if isinstance(shape, int):
        return z3.IntVal(shape)
    op, a, b, c = shape[0], _build(shape[1]), _build(shape[2]), _build(shape[3])
    return a + b if op == "+" else a * b if op == "*" else z3.If(a > b, b, c)


@settings(max_examples=150)
@given(st.lists(SHAPES, min_size=1, max_size=12))
def test_a_term_reads_the_text_z3_prints(shapes: list[Shape]) -> None:
    """Whatever was printed before, and whatever was freed since (a freed node's id is Z3's to reuse: the
    kept text must never be read for another term), ``term`` is exactly ``sexpr``."""
    held = [z3.Int(f"memo.held{k}") + k for k in range(5)]
    for h in held:
        question.term(h)  # texts kept before the bound is lowered (as earlier tests of a worker leave them)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(question, "KEPT", 3)  # evictions all the time, so ids of freed nodes come back
        for shape in shapes:
            t = _build(shape)
            # (strings compared, never the terms: pytest would print a failing term with z3's pretty
            # printer, which takes minutes on a deep one)
            want, got = t.sexpr(), question.term(t)
            again = question.term(_build(shape))  # built again: the same node, its kept text
            assert got == want and again == want
            del t
        question.term(z3.Int(f"memo.fresh{next(_FRESH)}"))  # a term never printed: kept, the bound enforced
        kept = len(question._TEXTS)  # (whatever was kept before the bound was lowered is gone too)
        assert kept <= 3


def test_a_term_printed_again_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    printed: list[str] = []
    real = z3.ExprRef.sexpr

    def counted(self: z3.ExprRef) -> str:
        printed.append("x")
        return real(self)

    monkeypatch.setattr(z3.ExprRef, "sexpr", counted)
    a, b = z3.Ints("memo.a memo.b")
    first = question.term(a + 2 * b)
    assert question.term(a + 2 * b) == first and len(printed) == 1  # built again: the same node, read
    assert question.term(a + 2 * b + 0) != first and len(printed) == 2  # another term: printed


# ── the parts of a system's fingerprint, kept within one question scope ─────────────────────────────────


def test_fingerprints_in_a_scope_are_those_computed_from_scratch(
    monkeypatch: pytest.MonkeyPatch, fanhanglu: Document
) -> None:
    system = _system(fanhanglu)
    assert system.costs is not None
    monkeypatch.setattr(question, "KEPT", 0)  # every term printed anew: the fingerprints from scratch
    scratch = ts.fingerprints(system, 4)
    with cache.by_question():
        kept = ts.fingerprints(system, 4)
        assert ts.fingerprints(system, 4) == kept == scratch
        assert ts.fingerprint(system, 0) == scratch[0]  # the non-vacuity search's question


def test_a_replaced_function_or_property_is_a_new_question(fanhanglu: Document) -> None:
    """Within one scope, a system made from another by replacing its guard, a property or its cost terms
    (the playable search, a witness's reachability) shares the parts that stayed and has its own print."""
    system = _system(fanhanglu)
    prop = system.props[0]
    never = replace(prop, fn=lambda a, s: a.not_(prop.fn(a, s)))
    variants = [
        replace(system, guard=lambda a, s, i: a.and_(system.guard(a, s, i), a.bool_(False))),
        replace(system, props=(never, *system.props[1:])),
        replace(system, costs=None),
    ]
    scratch = [ts.fingerprint(v, 3) for v in [system, *variants]]
    assert len(set(scratch)) == len(scratch)
    with cache.by_question():
        assert [ts.fingerprint(v, 3) for v in [system, *variants]] == scratch
        assert [ts.fingerprint(v, 3) for v in reversed([system, *variants])] == scratch[::-1]


def test_a_spec_edit_is_a_new_question_in_one_scope(fanhanglu: Document) -> None:
    """Two systems of two specs: new functions (closures of their own spec), so nothing of the first is read
    for the second, even within one scope."""
    base, edited = _system(fanhanglu), _system(fanhanglu, **{"xeno.direction_capacity": 1})
    with cache.by_question():
        assert ts.fingerprint(base, 3) != ts.fingerprint(edited, 3)
    assert ts.fingerprint(edited, 3) == ts.fingerprint(
        _system(fanhanglu, **{"xeno.direction_capacity": 1}), 3
    )


def test_once_keeps_only_within_the_outermost_scope() -> None:
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert cache.once("k", compute) == 1 and cache.once("k", compute) == 2  # outside: every time
    with cache.by_question():
        assert cache.once("k", compute) == 3
        with cache.by_question():  # a nested scope is the outer one
            assert cache.once("k", compute) == 3
        assert cache.once("k", compute) == 3 and cache.once("j", compute) == 4
    with cache.by_question():  # a new scope keeps nothing of the last
        assert cache.once("k", compute) == 5
