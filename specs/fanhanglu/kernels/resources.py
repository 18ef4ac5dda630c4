"""Resource accounting kernels: bullet stock (4.4.x), knife count (5.6.2), occupancy (1.5.1, 5.5.2),
net damage and shutdown tiers (1.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from ruleproof.kernel.algebra import Algebra, B, I, max_i, min_i, select


def bullet_arrival(alg: Algebra[B, I], stock: I, amount: I, cap: I, capped: B) -> tuple[I, I]:
    """Bullets arriving (4.4.2 recovery, 4.4.3 extras): with ``capped`` the stock may not exceed ``cap``
    and what does not fit is voided (4.4.6).  Returns (new stock, voided bullets).

    A stock already above the cap (possible only under an override) is never reduced by an arrival."""
    total = alg.add(stock, amount)
    over = alg.and_(capped, alg.lt(cap, total))
    new = alg.ite_i(over, max_i(alg, stock, cap), total)
    return new, alg.sub(total, new)


def bounty_recovery(alg: Algebra[B, I], kills: I, per_kill: int) -> I:
    """Bullets recovered next night for ``kills`` enemies killed (4.4.2)."""
    return alg.scale(kills, per_kill)


def knife_count_next(alg: Algebra[B, I], count: I, knifed: B, exempt: B, cap: I) -> I:
    """5.6.2: a knife costs 1 (not for kill-evolved, 5.4.1); a night without a knife recovers 1 up to the cap."""
    spent = alg.ite_i(alg.and_(knifed, alg.not_(exempt)), alg.sub(count, alg.lit(1)), count)
    recovered = alg.ite_i(knifed, spent, min_i(alg, alg.add(spent, alg.lit(1)), max_i(alg, cap, spent)))
    return recovered


class Convert(IntEnum):
    """Outcome of an evolution or conversion at step 0.6 (5.5.2)."""

    OK = 0
    NO_CONVERSIONS_LEFT = 1  # step 1 of 5.5.2: checked first
    DIRECTION_FULL = 2  # step 2 of 5.5.2


def occupancy_move(
    alg: Algebra[B, I],
    counts: Sequence[I],
    source: Sequence[B],
    target: Sequence[B],
    capacity: I,
    used: I,
    limit: I,
    check_limit: B,
    admit_overflow: bool = False,
    takes_slot: bool = True,
) -> tuple[I, tuple[I, ...]]:
    """Enter the direction ``target`` (one-hot) leaving ``source`` (one-hot, or all false for an evolution).

    Checks in the order of 5.5.2: conversions left (only when ``check_limit``), then a free slot in the
    target direction (1.5.1①).  ``admit_overflow`` is the 'admit' reading of the switch
    ``evolution.same_snapshot_overflow``: it is about evolutions decided on one snapshot (5.1), so it lifts
    the slot check for an evolution only — a conversion (a move with a source) still needs a free slot
    (5.5.2 step 2).  ``takes_slot=False`` is a mover that occupies no slot (6.8.5④, a death-row alien
    presenting a xeno): no slot check, counts unchanged; the conversion count still applies.
    Returns (:class:`Convert` code, new counts)."""
    no_count = alg.and_(check_limit, alg.le(limit, used))
    target_count = select(alg, target, counts)
    if not takes_slot:
        full = alg.bool_(False)
    elif admit_overflow:
        full = alg.and_(alg.or_(*source), alg.le(capacity, target_count))  # only a conversion is refused
    else:
        full = alg.le(capacity, target_count)
    code = alg.ite_i(
        no_count,
        alg.lit(Convert.NO_CONVERSIONS_LEFT),
        alg.ite_i(full, alg.lit(Convert.DIRECTION_FULL), alg.lit(Convert.OK)),
    )
    if not takes_slot:
        return code, tuple(counts)
    ok = alg.eq(code, alg.lit(Convert.OK))
    new = tuple(
        alg.add(
            alg.sub(c, alg.ite_i(alg.and_(ok, src), alg.lit(1), alg.lit(0))),
            alg.ite_i(alg.and_(ok, tgt), alg.lit(1), alg.lit(0)),
        )
        for c, src, tgt in zip(counts, source, target, strict=True)
    )
    return code, new


def occupancy_release(
    alg: Algebra[B, I], counts: Sequence[I], source: Sequence[B], released: B
) -> tuple[I, ...]:
    """Release a slot on death, exile or conversion (1.5.1③)."""
    return tuple(
        alg.sub(c, alg.ite_i(alg.and_(released, src), alg.lit(1), alg.lit(0)))
        for c, src in zip(counts, source, strict=True)
    )


def net_damage_apply(alg: Algebra[B, I], net: I, delta: I) -> I:
    """Net damage never goes below 0 and stores no credit (1.3.3③)."""
    return max_i(alg, alg.lit(0), alg.add(net, delta))


def shutdown_tiers(
    alg: Algebra[B, I], net: I, fired: Sequence[B], thresholds: Sequence[I], bonuses: Sequence[I]
) -> tuple[tuple[B, ...], I]:
    """1.3.1/1.3.2: each tier fires once when net damage reaches its threshold; bonuses add up when one
    night crosses several tiers.  Returns (fired flags, countdown bonus this time).  The last tier may have
    no bonus (9.0 voids the countdown victory); pass fewer bonuses than thresholds for that."""
    new_fired: list[B] = []
    bonus = alg.lit(0)
    for idx, (flag, threshold) in enumerate(zip(fired, thresholds, strict=True)):
        fire = alg.and_(alg.not_(flag), alg.le(threshold, net))
        new_fired.append(alg.or_(flag, fire))
        if idx < len(bonuses):
            bonus = alg.add(bonus, alg.ite_i(fire, bonuses[idx], alg.lit(0)))
    return tuple(new_fired), bonus
