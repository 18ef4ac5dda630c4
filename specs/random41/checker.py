"""Independent checker of 随机配置法 4.1's configuration rules: plain Python, no Z3, no shared encoding.

It reads the rule *data* (numbers, categories, quotes) but re-derives everything else its own way:
rounding through :mod:`decimal` (:func:`ruleproof.config.checker.decimal_round`) instead of the integer
helpers, category vectors by explicit enumeration instead of linear constraints, multipliers as
:class:`fractions.Fraction` ratios instead of cross-multiplied integers.  Every board the generators
produce in the tests goes through here; a non-empty result is a list of violated rules.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from ruleproof.config.checker import decimal_round
from ruleproof.config.rounding import Rounding
from ruleproof.specs.random41 import rules as r41
from ruleproof.specs.random41.scores import ScoreTable


def standard_vectors(n: int, caps: r41.CapReading, n10_formula: bool = False) -> set[tuple[int, ...]]:
    """Every (狼人, 神职, 村民, 其他) the standard rules allow at ``n``, by brute enumeration."""
    rule = r41.standard_counts(n, caps, n10_formula)
    if isinstance(rule, r41.FixedCounts):
        return {rule.vector}
    base = decimal_round(rule.base_factor * n, Rounding.HALF_UP)
    extras = n - 3 * base
    limits = [decimal_round(f * n, caps.rounding) for f in rule.pool_factors]
    out: set[tuple[int, ...]] = set()
    for pick in itertools.product(*(range(limit + 1) for limit in limits)):
        if sum(pick) != extras:
            continue
        if extras > 1 and pick[1] + pick[2] == 0:  # 至少有一个是村民阵营身份（神职或村民）
            continue
        out.add((base + pick[0], base + pick[1], base + pick[2], pick[3]))
    return out


def all_random_vectors(n: int) -> set[tuple[int, ...]]:
    """Every (狼人, 强神, 弱神, 其他) the all-random table allows at ``n``, by brute enumeration."""
    row = r41.all_random_row(n)
    results = {tuple(row.base[c] for c in r41.COARSE_ALL_RANDOM)}
    for group in row.choices:
        grown = set()
        for vec in results:
            for picked in itertools.combinations(group.categories, group.picks):
                new = list(vec)
                for c in picked:
                    new[r41.COARSE_ALL_RANDOM.index(c)] += 1
                grown.add(tuple(new))
        results = grown
    return results


def check_random41(
    board: Mapping[str, int],
    table: ScoreTable,
    n: int,
    request: r41.Request,
    pool: frozenset[str] | None = None,
) -> list[str]:
    """Violations of the 随机配置法 4.1 rules by ``board`` (role → copies) for ``n`` players."""
    problems: list[str] = []
    variant = request.variant
    fine: Counter[r41.Category] = Counter()
    wolf = village = other = Fraction(0)
    for name, copies in board.items():
        entry = table.roles.get(name)
        if entry is None or entry.score is None or entry.category is None:
            problems.append(f"{name}：不在算分表中，或缺少算分或类别")
            continue
        if copies < 1 or copies > entry.copies:
            problems.append(f"{name}：数量 {copies} 超出允许的 {entry.copies}")
        if entry.min_players > n:
            problems.append(f"{name}：最少人数 {entry.min_players} > {n}")
        if pool is not None and name not in pool:
            problems.append(f"{name}：不在限池身份池中")
        fine[entry.category] += copies
        side = r41.SIDE[entry.category]
        total = entry.score * copies
        if side == "wolf":
            wolf += total
        elif side == "village":
            village += total
        else:
            other += total
    size = sum(board.values())
    thief = variant is r41.Variant.STANDARD and board.get(r41.THIEF, 0) > 0
    if size != n + (2 if thief else 0):
        problems.append(f"身份数 {size} ≠ {n}{' + 2（盗贼）' if thief else ''}")
    if variant is r41.Variant.STANDARD:
        c = r41.Category
        gods = fine[c.SEER] + fine[c.WITCH] + fine[c.GOD]
        extra = 1 if thief else 0
        vector = (
            fine[c.WOLF],
            gods - extra,
            fine[c.VILLAGER] - extra,
            fine[c.INDEPENDENT] + fine[c.UNDECIDED],
        )
        allowed = standard_vectors(n, request.caps, request.n10_formula)
        if vector not in allowed:
            problems.append(f"类别数量（狼人, 神职, 村民, 其他）= {vector} 不在允许的 {sorted(allowed)} 中")
        if fine[c.SEER] != 1 or fine[c.WITCH] != 1:
            problems.append(f"验人系 {fine[c.SEER]} 个、女巫系 {fine[c.WITCH]} 个，应各 1 个")
    else:
        c = r41.Category
        strong = fine[c.SEER_STRONG] + fine[c.WITCH] + fine[c.GOD_STRONG]
        weak = fine[c.SEER_WEAK] + fine[c.GOD_WEAK]
        vector = (fine[c.WOLF], strong, weak, fine[c.OTHER])
        allowed = all_random_vectors(n)
        if vector not in allowed:
            problems.append(f"类别数量（狼人, 强神, 弱神, 其他）= {vector} 不在允许的 {sorted(allowed)} 中")
        seers = fine[c.SEER_STRONG] + fine[c.SEER_WEAK]
        if seers != 1 and not (n > 15 and seers == 2):
            problems.append(f"验人系 {seers} 个（不超过15人时恰 1 个，超过15人时 1 或 2 个）")
        if fine[c.WITCH] != 1:
            problems.append(f"女巫系 {fine[c.WITCH]} 个，应恰 1 个")
        stray = [k.value for k in fine if k not in r41.CATEGORIES[variant]]
        if stray:
            problems.append(f"全员随机规则没有这些类别：{'、'.join(stray)}")
    if wolf <= 0:
        problems.append(f"狼人阵营算分 {wolf} 不为正，倍率无定义")
    else:
        ratio = (village - other) / wolf
        band = r41.band(n, request)
        if not band.lo <= ratio <= band.hi:
            problems.append(f"倍率 {ratio} 不在 [{band.lo}, {band.hi}] 内")
    return problems
