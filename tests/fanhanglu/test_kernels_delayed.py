"""Issue-7 kernels (kernel/delayed.py): unit cases on the Python algebra, the same values over Z3 terms
(a differential over Hypothesis inputs), and small properties proved symbolically."""

from __future__ import annotations

from typing import Any

import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.kernel.z3algebra import Z3
from ruleproof.specs.fanhanglu.kernels import (
    PY,
    Lethal,
    Poison,
    Tier,
    capped_add,
    delayed_lethal,
    escape_allowed,
    output_tier,
    pair_increment,
    poison_application,
)
from ruleproof.specs.fanhanglu.tables import VICTORY_ORDER

bools = st.booleans()


def z3val(term: Any) -> Any:
    v = z3.simplify(term)
    return z3.is_true(v) if z3.is_bool(v) else v.as_long()


def test_poison_only_full_reduction_stops_it() -> None:
    assert poison_application(PY, False, False, False) == Poison.LANDS
    assert poison_application(PY, False, True, False) == Poison.SAFE_ROOM  # 2.8.2⑧
    assert poison_application(PY, True, True, False) == Poison.FIZZLE_DYING  # 4.6.4③ dying target
    assert poison_application(PY, False, False, True) == Poison.ALREADY_POISONED  # no stack


def test_delayed_lethal_consumes_one_immunity_per_night() -> None:
    assert delayed_lethal(PY, False, 0) == (Lethal.DYING, 0)
    assert delayed_lethal(PY, False, 2) == (Lethal.IMMUNITY_CONSUMED, 1)
    assert delayed_lethal(PY, True, 1) == (Lethal.IMMUNE, 1)  # 6.4.1〔效果〕: already immune tonight


def test_tiers_and_points() -> None:
    assert output_tier(PY, True, True, False, False) == Tier.LETHAL
    assert output_tier(PY, True, False, True, False) == Tier.DYING  # survived step 9
    assert output_tier(PY, False, True, True, False) == Tier.RETRO
    assert output_tier(PY, False, False, True, False) == Tier.NONE  # archive still open
    assert output_tier(PY, True, True, False, True) == Tier.NONE  # self-pointed (6.9.1⑧)
    assert capped_add(PY, 250, 50, 300) == 300 and capped_add(PY, 300, 50, 300) == 300
    assert pair_increment(PY, 100, 150, False) == (150, 150)  # per night: a new settlement
    assert pair_increment(PY, 100, 150, True) == (50, 150)  # per pair: only the difference
    assert pair_increment(PY, 150, 100, True) == (0, 150)


def test_escape_restriction() -> None:
    assert escape_allowed(PY, VICTORY_ORDER, 3, 1, 500, False)
    assert not escape_allowed(PY, VICTORY_ORDER, 3, 0, 500, False)  # humans would win at once (①)
    assert not escape_allowed(PY, VICTORY_ORDER, 0, 2, 500, False)  # xenos would win at once (②)


@settings(max_examples=100, deadline=None)
@given(bools, bools, bools, bools, st.integers(0, 2), bools, bools, bools)
def test_same_values_on_z3(
    dying: bool, safe: bool, poisoned: bool, immune: bool, immunity: int, died: bool, due: bool, self_: bool
) -> None:
    B, N = z3.BoolVal, z3.IntVal
    assert z3val(poison_application(Z3, B(dying), B(safe), B(poisoned))) == poison_application(
        PY, dying, safe, poisoned
    )
    zc, zi = delayed_lethal(Z3, B(immune), N(immunity))
    assert (z3val(zc), z3val(zi)) == delayed_lethal(PY, immune, immunity)
    assert z3val(output_tier(Z3, B(dying), B(died), B(due), B(self_))) == output_tier(
        PY, dying, died, due, self_
    )
    assert z3val(capped_add(Z3, N(immunity * 100), N(50), N(150))) == capped_add(PY, immunity * 100, 50, 150)
    for per_pair in (False, True):
        za, zb = pair_increment(Z3, N(immunity * 50), N(100), per_pair)
        assert (z3val(za), z3val(zb)) == pair_increment(PY, immunity * 50, 100, per_pair)
    assert z3val(
        escape_allowed(Z3, VICTORY_ORDER, N(immunity), N(int(dying)), N(5), B(safe))
    ) == escape_allowed(PY, VICTORY_ORDER, immunity, int(dying), 5, safe)


def test_symbolic_escape_never_hands_a_win() -> None:
    """Whatever the counts: an allowed escape leaves both humans and xenos alive (6.9.5④ 推论)."""
    h, x, cd = z3.Ints("h x cd")
    void = z3.Bool("void")
    s = z3.Solver()
    s.add(h >= 0, x >= 0, escape_allowed(Z3, VICTORY_ORDER, h, x, cd, void), z3.Or(h == 0, x == 0))
    assert s.check() == z3.unsat


def test_symbolic_points_never_exceed_cap() -> None:
    total, pts, cap = z3.Ints("total pts cap")
    s = z3.Solver()
    s.add(total >= 0, pts >= 0, total <= cap, capped_add(Z3, total, pts, cap) > cap)
    assert s.check() == z3.unsat
