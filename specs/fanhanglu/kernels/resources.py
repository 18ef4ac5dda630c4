"""Resource accounting kernels: bullet stock (4.4.x), knife count (5.6.2), occupancy (1.5.1, 5.5.2),
net damage and shutdown tiers (1.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from ruleproof.kernel.algebra import Algebra, B, I, count_true, max_i, min_i, select


def bullet_arrival(alg: Algebra[B, I], stock: I, amount: I, cap: I, capped: B) -> tuple[I, I]:
    """Bullets arriving (4.4.2 recovery, 4.4.3 extras): with ``capped`` the stock may not exceed ``cap``
    and what does not fit is voided (4.4.6).  Returns (new stock, voided bullets).

    A stock already above the cap (possible only under an override) is never reduced by an arrival."""
    total = alg.add(stock, amount)
    over = alg.and_(capped, alg.lt(cap, total))
    new = alg.ite_i(over, max_i(alg, stock, cap), total)
    return new, alg.sub(total, new)


def bullet_arrivals(
    alg: Algebra[B, I], stock: I, amounts: Sequence[I], cap: I, capped: B
) -> tuple[I, tuple[tuple[I, I], ...]]:
    """The night's arrivals one after another through the cap (4.4.6: the cap acts on each arrival in
    turn), ``amounts`` in the spec's order ``BULLET_ARRIVALS``.  Returns (final stock, (stock, voided)
    after each arrival)."""
    steps: list[tuple[I, I]] = []
    for amount in amounts:
        stock, voided = bullet_arrival(alg, stock, amount, cap, capped)
        steps.append((stock, voided))
    return stock, tuple(steps)


def process_advance(alg: Algebra[B, I], progress: I, nights: int) -> tuple[I, B]:
    """2.9②④⑦: one more night invested in a process of ``nights`` nights; at completion the progress starts
    again from 0 and the product is due next night.  Returns (progress, completed)."""
    nxt = alg.add(progress, alg.lit(1))
    done = alg.le(alg.lit(nights), nxt)
    return alg.ite_i(done, alg.lit(0), nxt), done


def pool_record(
    alg: Algebra[B, I], targets: Sequence[I], values: Sequence[I], used: Sequence[B], target: I, value: I
) -> tuple[tuple[I, ...], tuple[I, ...], tuple[B, ...]]:
    """4.7.3 已查验池 (fixed size = the number of slots, kept in first-entry order): a check of ``target`` that
    showed ``value``.  复验即洗除: a target already in the pool has its value updated in place (its place kept);
    入池: a new target takes the next free slot; 顶出: when full, the earliest entry leaves (FIFO) and the new
    one takes the last slot.  Returns the new (targets, values, used)."""
    n = len(targets)
    hit = [alg.and_(used[j], alg.eq(targets[j], target)) for j in range(n)]
    found = alg.or_(*hit)
    count = count_true(alg, used)
    full = alg.eq(count, alg.lit(n))
    out_t, out_v, out_u = [], [], []
    for j in range(n):
        nxt_t = targets[j + 1] if j + 1 < n else target
        nxt_v = values[j + 1] if j + 1 < n else value
        nxt_u = used[j + 1] if j + 1 < n else alg.bool_(True)
        here = alg.eq(count, alg.lit(j))  # the next free slot
        out_t.append(
            alg.ite_i(found, targets[j], alg.ite_i(full, nxt_t, alg.ite_i(here, target, targets[j])))
        )
        out_v.append(
            alg.ite_i(
                found,
                alg.ite_i(hit[j], value, values[j]),
                alg.ite_i(full, nxt_v, alg.ite_i(here, value, values[j])),
            )
        )
        out_u.append(alg.ite_b(found, used[j], alg.ite_b(full, nxt_u, alg.or_(used[j], here))))
    return tuple(out_t), tuple(out_v), tuple(out_u)


def pool_lookup(
    alg: Algebra[B, I], targets: Sequence[I], values: Sequence[I], used: Sequence[B], target: I
) -> tuple[B, I]:
    """Whether ``target`` is in the pool, and its locked value (4.7.3 快照锁定; 0 when absent)."""
    hit = [alg.and_(u, alg.eq(t, target)) for t, u in zip(targets, used, strict=True)]
    value = alg.lit(0)
    for h, v in zip(hit, values, strict=True):
        value = alg.ite_i(h, v, value)
    return alg.or_(*hit), value


def quota_allows(alg: Algebra[B, I], targets: I, held: I) -> B:
    """2.5.1 额度即上限: one action may name 1 to ``held`` targets — the remaining quota, no other ceiling."""
    return alg.and_(alg.le(alg.lit(1), targets), alg.le(targets, held))


def quota_spend(alg: Algebra[B, I], held: I, targets: I) -> I:
    """2.5.1 「每指定1名目标消耗 1份额度」 (4.4.1 「子弹打出即消耗」): the quota after an action."""
    return alg.sub(held, targets)


def bounty_kills(alg: Algebra[B, I], shots: Sequence[int], paid: Sequence[B], per_shot: bool) -> I:
    """4.4.2: how many kills a shooter's night pays.  ``shots`` are the night's targets (player numbers, in
    shooting order), ``paid[n]`` whether player ``n`` (0-based index ``n - 1``) died at step 9 and is an
    enemy (4.4.2①, the spec's ``BOUNTY_FACTIONS``).  Per enemy killed (one count per target), or per shot
    under the reading ``bounty.count_basis=per_shot``."""
    hits = list(shots) if per_shot else list(dict.fromkeys(shots))
    return count_true(alg, (paid[t - 1] for t in hits))


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


def direction_offered(
    alg: Algebra[B, I], counts: Sequence[I], target: Sequence[B], capacity: I, takes_slot: bool = True
) -> B:
    """5.1 「无空位的方向当夜 UI不予呈现、不得提交」: a direction may be chosen for an evolution only with a
    free slot on the step's snapshot (a mover that takes no slot, 6.8.5④, always may)."""
    if not takes_slot:
        return alg.bool_(True)
    return alg.lt(select(alg, target, counts), capacity)


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
