"""Kernels: unit cases on the Python algebra, and a differential test showing the Z3 algebra evaluates
the very same kernel functions to the same values (the property issue 5 relies on)."""

from __future__ import annotations

from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.kernel.z3algebra import Z3
from ruleproof.specs.fanhanglu import load_spec
from ruleproof.specs.fanhanglu.kernels import (
    PY,
    Convert,
    DamageLayers,
    Hit,
    Infect,
    InfectionLayers,
    Mark,
    Winner,
    batch_published,
    bullet_arrival,
    damage_point,
    infection_application,
    knife_count_next,
    net_damage_apply,
    occupancy_move,
    settle_deaths,
    shutdown_tiers,
    victory,
)
from ruleproof.specs.fanhanglu.tables import VICTORY_ORDER
from ruleproof.specs.model import PublishRule

FULL_FIRST = load_spec().damage_order()
AFTER = load_spec(interpretation={"damage.night_immunity_position": "after_layers"}).damage_order()
INF = load_spec().infection_order()


def layers(**kw: Any) -> DamageLayers[bool, int]:
    base = dict(
        dying=False,
        safe_room=False,
        immune_tonight=False,
        immunity=0,
        protection=False,
        patrol=False,
        armor=False,
        shield=False,
    )
    base.update(kw)
    return DamageLayers(**base)  # type: ignore[arg-type]


def test_unprotected_point_makes_dying() -> None:
    new, code = damage_point(PY, layers(), FULL_FIRST)
    assert code == Hit.DYING and new.dying


def test_dying_target_takes_zero_and_keeps_layers() -> None:
    new, code = damage_point(PY, layers(dying=True, shield=True, immunity=1), FULL_FIRST)
    assert code == Hit.ALREADY_DYING and new.shield and new.immunity == 1


def test_layer_order_protection_patrol_armor_shield() -> None:
    s = layers(protection=True, patrol=True, armor=True, shield=True)
    seen = []
    for _ in range(5):
        s, code = damage_point(PY, s, FULL_FIRST)
        seen.append(Hit(code))
    assert seen == [Hit.PROTECTION, Hit.PATROL, Hit.ARMOR, Hit.SHIELD, Hit.DYING]


def test_safe_room_blocks_everything_without_consuming() -> None:
    s = layers(safe_room=True, protection=True, immunity=1)
    for _ in range(3):
        s, code = damage_point(PY, s, FULL_FIRST)
        assert code == Hit.SAFE_ROOM
    assert s.protection and s.immunity == 1 and not s.dying


def test_night_immunity_reading_switch() -> None:
    s = layers(immunity=1, shield=True)
    first, code = damage_point(PY, s, FULL_FIRST)
    assert code == Hit.IMMUNITY_CONSUMED and first.immunity == 0 and first.shield and first.immune_tonight
    again, code = damage_point(PY, first, FULL_FIRST)
    assert code == Hit.IMMUNE and again.shield
    after, code = damage_point(PY, s, AFTER)
    assert code == Hit.SHIELD and after.immunity == 1 and not after.shield


def test_infection_layers_and_marks() -> None:
    s = InfectionLayers(False, False, False, True, True, True, False, Mark.NONE, False)
    codes = []
    for _ in range(4):
        s, code = infection_application(PY, s, INF)
        codes.append(Infect(code))
    assert codes == [Infect.ANTIBODY, Infect.PROTECTION, Infect.PATROL, Infect.TRUE_MARK]
    s, code = infection_application(PY, s, INF)
    assert code == Infect.ALREADY_MARKED and s.mark == Mark.TRUE
    xeno = InfectionLayers(False, False, False, False, False, False, False, Mark.NONE, True)
    _, code = infection_application(PY, xeno, INF)
    assert code == Infect.FAKE_MARK
    dying = InfectionLayers(True, False, False, True, True, False, False, Mark.NONE, False)
    new, code = infection_application(PY, dying, INF)
    assert code == Infect.FIZZLE_DYING and new.antibody and new.mark == Mark.NONE


def test_bullet_cap_voids_only_the_excess() -> None:
    assert bullet_arrival(PY, 2, 1, 2, True) == (2, 1)
    assert bullet_arrival(PY, 1, 1, 2, True) == (2, 0)
    assert bullet_arrival(PY, 2, 1, 2, False) == (3, 0)  # the hunter (4.4.7③)
    assert bullet_arrival(PY, 3, 1, 2, True) == (3, 1)  # never reduces a stock above the cap


def test_knife_count() -> None:
    assert knife_count_next(PY, 1, True, False, 2) == 0
    assert knife_count_next(PY, 0, False, False, 2) == 1
    assert knife_count_next(PY, 2, False, False, 2) == 2
    assert knife_count_next(PY, 1, True, True, 2) == 1  # kill-evolved: no cost (5.4.1)


def test_occupancy_and_conversion_checks() -> None:
    code, counts = occupancy_move(PY, [0, 0, 2], (False,) * 3, (False, False, True), 2, 0, 0, False)
    assert code == Convert.DIRECTION_FULL and counts == (0, 0, 2)
    code, counts = occupancy_move(PY, [1, 0, 1], (True, False, False), (False, True, False), 2, 2, 2, True)
    assert code == Convert.NO_CONVERSIONS_LEFT and counts == (1, 0, 1)
    code, counts = occupancy_move(PY, [1, 0, 1], (True, False, False), (False, False, True), 2, 1, 2, True)
    assert code == Convert.OK and counts == (0, 0, 2)
    code, counts = occupancy_move(
        PY, [0, 0, 2], (False,) * 3, (False, False, True), 2, 0, 0, False, admit_overflow=True
    )
    assert code == Convert.OK and counts == (0, 0, 3)
    # the admit reading is about evolutions (5.1): a conversion into a full direction still fails (5.5.2)
    code, counts = occupancy_move(
        PY, [0, 1, 2], (False, True, False), (False, False, True), 2, 0, 2, True, admit_overflow=True
    )
    assert code == Convert.DIRECTION_FULL and counts == (0, 1, 2)
    # a mover that takes no slot (6.8.5④): no slot check, counts unchanged, the conversion count still checked
    code, counts = occupancy_move(
        PY, [0, 1, 2], (False, True, False), (False, False, True), 2, 0, 2, True, False, False
    )
    assert code == Convert.OK and counts == (0, 1, 2)
    code, counts = occupancy_move(
        PY, [0, 1, 2], (False, True, False), (False, False, True), 2, 2, 2, True, False, False
    )
    assert code == Convert.NO_CONVERSIONS_LEFT and counts == (0, 1, 2)


def test_shutdown_tiers_once_and_cumulative() -> None:
    fired, bonus = shutdown_tiers(PY, 600, (False, False, False), (300, 600, 900), (250, 500))
    assert fired == (True, True, False) and bonus == 750  # 1.3.2: +2.5 and +5.0 in one night
    fired, bonus = shutdown_tiers(PY, 650, fired, (300, 600, 900), (250, 500))
    assert bonus == 0
    fired, bonus = shutdown_tiers(PY, 900, fired, (300, 600, 900), (250, 500))
    assert fired == (True, True, True) and bonus == 0


def test_net_damage_floor() -> None:
    assert net_damage_apply(PY, 100, -250) == 0


def test_victory_order() -> None:
    def v(h: int, x: int, a: int, cd: int = 100, void: bool = False, cap: bool = False) -> int:
        return victory(PY, VICTORY_ORDER, h, x, a, cd, void, cap)[0]

    assert v(3, 0, 0) == Winner.HUMANS
    assert v(0, 2, 0) == Winner.XENOS
    assert v(0, 0, 1) == Winner.ALIEN
    assert v(0, 0, 0) == Winner.HUMANS  # ① comes first when everybody died at once
    assert v(0, 1, 1) == Winner.NONE  # extinction: no row holds
    assert v(5, 1, 1, cd=0) == Winner.HUMANS
    assert v(5, 1, 1, cd=0, void=True) == Winner.NONE
    assert v(5, 1, 1, cap=True) == Winner.DRAW
    assert v(5, 0, 0, cap=True) == Winner.DRAW  # 〇 before ①


def test_settle_deaths_and_batches() -> None:
    after, died, dying = settle_deaths(PY, (True, True, False), (True, False, False))
    assert after == (False, True, False) and died == (True, False, False) and not any(dying)
    assert batch_published(PY, PublishRule.NONZERO, 0) is False
    assert batch_published(PY, PublishRule.ALWAYS, 0) is True
    assert batch_published(PY, PublishRule.CHANGED, 0, zero_means_unpublished=False) is True


# ── differential: the same kernels evaluated over Z3 terms give the same values ─────────────────


def z3val(term: Any) -> Any:
    v = z3.simplify(term)
    if z3.is_bool(v):
        return z3.is_true(v)
    return v.as_long()


bools = st.booleans()
small = st.integers(min_value=0, max_value=3)


@settings(max_examples=150, deadline=None)
@given(st.tuples(bools, bools, bools, small, bools, bools, bools, bools), st.booleans())
def test_damage_point_same_on_z3(fields: tuple[Any, ...], after: bool) -> None:
    order = AFTER if after else FULL_FIRST
    s = DamageLayers(*fields)
    py_new, py_code = damage_point(PY, s, order)
    zs = DamageLayers(*(z3.BoolVal(f) if isinstance(f, bool) else z3.IntVal(f) for f in fields))
    z_new, z_code = damage_point(Z3, zs, order)
    assert z3val(z_code) == py_code
    assert tuple(z3val(f) for f in z_new) == tuple(py_new)


@settings(max_examples=150, deadline=None)
@given(st.tuples(bools, bools, bools, bools, bools, bools, bools, st.integers(0, 2), bools))
def test_infection_same_on_z3(fields: tuple[Any, ...]) -> None:
    s = InfectionLayers(*fields)
    py_new, py_code = infection_application(PY, s, INF)
    zs = InfectionLayers(*(z3.BoolVal(f) if isinstance(f, bool) else z3.IntVal(f) for f in fields))
    z_new, z_code = infection_application(Z3, zs, INF)
    assert z3val(z_code) == py_code
    assert tuple(z3val(f) for f in z_new) == tuple(py_new)


@settings(max_examples=100, deadline=None)
@given(small, small, st.integers(1, 3), bools)
def test_bullets_same_on_z3(stock: int, amount: int, cap: int, capped: bool) -> None:
    py = bullet_arrival(PY, stock, amount, cap, capped)
    z = bullet_arrival(Z3, z3.IntVal(stock), z3.IntVal(amount), z3.IntVal(cap), z3.BoolVal(capped))
    assert tuple(z3val(t) for t in z) == py


@settings(max_examples=100, deadline=None)
@given(st.tuples(small, small, small), st.integers(0, 3), st.integers(0, 2), small, bools, bools, bools)
def test_occupancy_same_on_z3(
    counts: tuple[int, int, int], src: int, tgt: int, used: int, check: bool, admit: bool, takes: bool
) -> None:
    source = tuple(i == src for i in range(3))
    target = tuple(i == tgt for i in range(3))
    py = occupancy_move(PY, counts, source, target, 2, used, 2, check, admit, takes)
    z = occupancy_move(
        Z3,
        [z3.IntVal(c) for c in counts],
        [z3.BoolVal(b) for b in source],
        [z3.BoolVal(b) for b in target],
        z3.IntVal(2),
        z3.IntVal(used),
        z3.IntVal(2),
        z3.BoolVal(check),
        admit,
        takes,
    )
    assert z3val(z[0]) == py[0] and tuple(z3val(c) for c in z[1]) == py[1]


@settings(max_examples=100, deadline=None)
@given(small, small, small, st.integers(-2, 30), bools, bools)
def test_victory_same_on_z3(h: int, x: int, a: int, cd: int, void: bool, cap: bool) -> None:
    py = victory(PY, VICTORY_ORDER, h, x, a, cd, void, cap)
    z = victory(Z3, VICTORY_ORDER, *(z3.IntVal(v) for v in (h, x, a, cd)), z3.BoolVal(void), z3.BoolVal(cap))
    assert (z3val(z[0]), z3val(z[1])) == py


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 1000), st.tuples(bools, bools, bools), small, bools)
def test_misc_same_on_z3(net: int, fired: tuple[bool, bool, bool], count: int, knifed: bool) -> None:
    py = shutdown_tiers(PY, net, fired, (300, 600, 900), (250, 500))
    z = shutdown_tiers(
        Z3,
        z3.IntVal(net),
        [z3.BoolVal(f) for f in fired],
        [z3.IntVal(v) for v in (300, 600, 900)],
        [z3.IntVal(250), z3.IntVal(500)],
    )
    assert tuple(z3val(f) for f in z[0]) == py[0] and z3val(z[1]) == py[1]
    assert z3val(
        knife_count_next(Z3, z3.IntVal(count), z3.BoolVal(knifed), z3.BoolVal(False), z3.IntVal(2))
    ) == knife_count_next(PY, count, knifed, False, 2)
    assert z3val(net_damage_apply(Z3, z3.IntVal(net), z3.IntVal(-400))) == net_damage_apply(PY, net, -400)


@pytest.mark.parametrize("order", [FULL_FIRST, AFTER])
def test_symbolic_damage_is_a_formula(order: tuple[str, ...]) -> None:
    """With symbolic inputs the kernel builds a formula Z3 can reason about: a dying target never
    loses a layer, whatever the layers hold."""
    names = DamageLayers._fields
    s = DamageLayers(*(z3.Int(n) if n == "immunity" else z3.Bool(n) for n in names))
    new, _ = damage_point(Z3, s, order)
    solver = z3.Solver()
    solver.add(
        s.dying, z3.Or(new.shield != s.shield, new.immunity != s.immunity, new.protection != s.protection)
    )
    assert solver.check() == z3.unsat
