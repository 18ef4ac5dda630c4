"""Every kernel gives the same value on Python ints (the engine) and on Z3 terms (the verifier)."""

from __future__ import annotations

from typing import Any

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.kernel.algebra import PY
from ruleproof.kernel.z3algebra import Z3
from ruleproof.specs.jiejie140 import kernels as k
from ruleproof.specs.jiejie140 import load_spec
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.skills import Threshold

SPEC = load_spec()
small = st.integers(min_value=0, max_value=30)
flags = st.booleans()


def ev(term: Any) -> Any:
    v = z3.simplify(term)
    return bool(z3.is_true(v)) if z3.is_bool(v) else int(v.as_long())


def zi(x: int) -> Any:
    return z3.IntVal(x)


def zb(x: bool) -> Any:
    return z3.BoolVal(x)


@settings(max_examples=150, deadline=None)
@given(small, small, st.booleans(), st.integers(1, 3), st.integers(2, 6))
def test_ballot_passes(votes: int, alive: int, strict: bool, num: int, den: int) -> None:
    th = Threshold(strict, num, den, "faction")
    assert ev(k.ballot_passes(Z3, zi(votes), zi(alive), th)) == k.ballot_passes(PY, votes, alive, th)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(flags, flags), max_size=8), st.lists(flags, max_size=8))
def test_tally(ballots: list[tuple[bool, bool]], members: list[bool]) -> None:
    th = SPEC.skills.skills["telekinesis"].threshold
    assert th is not None
    z = k.tally(Z3, [(zb(a), zb(b)) for a, b in ballots], [zb(m) for m in members], th)
    p = k.tally(PY, ballots, members, th)
    assert tuple(ev(x) for x in z) == p
    assert p[2] == (2 * sum(a and b for a, b in ballots) > sum(members))  # 「票数超过…一半」


@settings(max_examples=100, deadline=None)
@given(small, small, small, small, small)
def test_uses_left_and_dual(count: int, bonus: int, debt: int, used: int, other: int) -> None:
    assert ev(k.uses_left(Z3, zi(count), zi(bonus), zi(debt), zi(used))) == k.uses_left(
        PY, count, bonus, debt, used
    )
    assert ev(k.dual_priority(Z3, zi(count), zi(bonus), zi(debt), zi(used))) == k.dual_priority(
        PY, count, bonus, debt, used
    )
    assert ev(k.ceil_div(Z3, zi(other), 6, 30)) == k.ceil_div(PY, other, 6, 30) == -(-other // 6)


@settings(max_examples=60, deadline=None)
@given(flags, flags, flags, flags, flags, flags, small, small)
def test_gates(
    ability: bool, hostile: bool, unavoidable: bool, arb: bool, hymn: bool, pierce: bool, a: int, b: int
) -> None:
    kw = {"ability": ability, "hostile": hostile, "unavoidable": unavoidable, "arbiter": arb, "hymn": hymn}
    zkw = {key: zb(v) for key, v in kw.items()}
    assert ev(k.effect_gate(Z3, pierce=pierce, **zkw)) == k.effect_gate(PY, pierce=pierce, **kw)
    assert ev(k.charge_open(Z3, zi(a), zi(b))) == k.charge_open(PY, a, b) == (a <= b <= a + 1)
    assert tuple(ev(x) for x in k.exits(Z3, zb(ability), zb(hostile), zb(hymn))) == k.exits(
        PY, ability, hostile, hymn
    )
    assert ev(k.arbiter_eligible(Z3, zb(arb), zb(hymn))) == k.arbiter_eligible(PY, arb, hymn)


counts = st.integers(min_value=0, max_value=8)


@settings(max_examples=150, deadline=None)
@given(
    st.fixed_dictionaries({f: counts for f in nm.FACTIONS}),
    st.fixed_dictionaries({f: counts for f in nm.FACTIONS}),
    st.fixed_dictionaries({f: flags for f in nm.MIRROR}),
    st.fixed_dictionaries({f: counts for f in nm.MIRROR}),
    counts,
    counts,
    st.integers(1, 10),
    flags,
    st.fixed_dictionaries({f: flags for f in nm.FACTIONS}),
)
def test_wins(
    alive: dict[str, int],
    initial: dict[str, int],
    leader: dict[str, bool],
    members: dict[str, int],
    promoted: int,
    unpromoted: int,
    day: int,
    daytime: bool,
    lost: dict[str, bool],
) -> None:
    w = k.WinInputs(alive, initial, leader, members, promoted, unpromoted, day, daytime)
    zw = k.WinInputs(
        {f: zi(v) for f, v in alive.items()},
        {f: zi(v) for f, v in initial.items()},
        {f: zb(v) for f, v in leader.items()},
        {f: zi(v) for f, v in members.items()},
        zi(promoted),
        zi(unpromoted),
        zi(day),
        zb(daytime),
    )
    pw, pl = k.win_rows(PY, w, SPEC.params)
    zw_, zl = k.win_rows(Z3, zw, SPEC.params)
    assert {key: ev(v) for key, v in zw_.items()} == pw
    assert {key: ev(v) for key, v in zl.items()} == pl
    pr = k.resolve_winners(PY, pw, lost, SPEC.wins.priority)
    zr = k.resolve_winners(
        Z3, {key: zb(v) for key, v in pw.items()}, {f: zb(v) for f, v in lost.items()}, SPEC.wins.priority
    )
    assert {f: ev(v) for f, v in zr.items()} == pr
    assert not any(pr[f] and lost[f] for f in nm.FACTIONS)  # PS1
