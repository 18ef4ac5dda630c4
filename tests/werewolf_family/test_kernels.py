"""The family's kernels run on both algebras: Python ints (the engines) and Z3 terms (the invariants).
Hypothesis inputs; each kernel's Z3 formula, evaluated on the same inputs, gives the Python result."""

from __future__ import annotations

from typing import Any

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.kernel.algebra import PY
from ruleproof.kernel.z3algebra import Z3
from ruleproof.specs._werewolf_family import kernels


def ev(x: Any) -> Any:
    v = z3.simplify(x)
    if z3.is_bool(v):
        return z3.is_true(v)
    return v.as_long()


def zi(v: int) -> Any:
    return z3.IntVal(v)


def zb(v: bool) -> Any:
    return z3.BoolVal(v)


INST = st.lists(
    st.tuples(st.booleans(), st.booleans(), st.booleans(), st.integers(0, 9), st.integers(0, 3)),
    min_size=0,
    max_size=5,
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(INST, st.booleans())
def test_hit_agrees(inst: list[tuple[bool, bool, bool, int, int]], shortest: bool) -> None:
    cancels = [c for c, _, _, _, _ in inst]
    counted = [k for _, k, _, _, _ in inst]
    held = [h for _, _, h, _, _ in inst]
    exp = [e for _, _, _, e, _ in inst]
    cnt = [n for _, _, _, _, n in inst]
    found, best, after = kernels.hit(PY, cancels, counted, held, exp, cnt, shortest_first=shortest)
    zf, zbest, zafter = kernels.hit(
        Z3,
        cancels,
        counted,
        [zb(h) for h in held],
        [zi(e) for e in exp],
        [zi(n) for n in cnt],
        shortest_first=shortest,
    )
    assert (found, best, list(after)) == (ev(zf), ev(zbest), [ev(a) for a in zafter])
    usable = [c and h and (n > 0 if k else True) for c, k, h, _, n in inst]
    assert found == any(usable)
    if found:
        assert usable[best]
        if shortest:
            assert exp[best] == min(e for e, u in zip(exp, usable, strict=True) if u)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.integers(0, 4), st.lists(st.lists(st.integers(0, 4), min_size=5, max_size=5), min_size=1, max_size=4)
)
def test_kick_agrees(selected: int, stages: list[list[int]]) -> None:
    final, trail = kernels.kick(PY, selected, stages)
    zf, ztrail = kernels.kick(Z3, zi(selected), [[zi(d) for d in t] for t in stages])
    assert final == ev(zf) and list(trail) == [ev(t) for t in ztrail]
    ball = selected
    for t in stages:
        ball = t[ball]
    assert final == ball


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.lists(st.tuples(st.integers(-1, 4), st.integers(0, 3)), min_size=1, max_size=6),
    st.lists(st.integers(0, 2), min_size=5, max_size=5),
)
def test_tally_agrees(ballots: list[tuple[int, int]], bonus: list[int]) -> None:
    votes = [b for b, _ in ballots]
    weights = [w for _, w in ballots]
    counts, top, at_top = kernels.tally(PY, votes, weights, bonus)
    zc, ztop, zat = kernels.tally(
        Z3, [zi(v) for v in votes], [zi(w) for w in weights], [zi(b) for b in bonus]
    )
    assert (list(counts), top, at_top) == ([ev(c) for c in zc], ev(ztop), ev(zat))
    assert top == max(counts) if any(counts) else top == 0


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans()), min_size=1, max_size=6),
    st.randoms(use_true_random=False),
)
def test_determine_agrees(flags: list[tuple[bool, bool, bool]], rnd: Any) -> None:
    k = len(flags)
    prio = list(range(k))
    rnd.shuffle(prio)
    prio = prio[: rnd.randint(0, k)]
    lost = [f[0] for f in flags]
    wins = [f[1] for f in flags]
    alive = [f[2] for f in flags]
    w, _ = kernels.determine(PY, lost, wins, alive, prio)
    zw, _ = kernels.determine(Z3, [zb(x) for x in lost], [zb(x) for x in wins], [zb(x) for x in alive], prio)
    assert w == ev(zw)
    assert w == -1 or not lost[w], "a lost faction never wins"


@given(st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_exclusive_agrees(a: bool, b: bool, ia: bool, ib: bool) -> None:
    got = kernels.grant_exclusive(PY, a, b, ia, ib)
    z = kernels.grant_exclusive(Z3, zb(a), zb(b), zb(ia), zb(ib))
    assert got == (ev(z[0]), ev(z[1]))
    if not (a and b):
        assert not (got[0] and got[1]), "漏洞 and 秩序 never both (the later one is void)"
