"""Independent checker of [165]原神's configuration rules: plain Python, no Z3, no shared encoding.

It reads the rule *data* (numbers, categories, quotes) but re-derives everything else its own way:
rounding through :mod:`decimal` (:func:`ruleproof.config.checker.decimal_round`) instead of the integer
helpers, category vectors by explicit enumeration instead of linear constraints, multipliers as
:class:`fractions.Fraction` ratios instead of cross-multiplied integers.  Every board the generators
produce in the tests goes through here; a non-empty result is a list of violated rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from ruleproof.config.checker import decimal_round
from ruleproof.specs.genshin165 import rules as g


def _bound_value(b: g.Bound, n: int) -> int:
    if b.const is not None:
        return b.const
    assert b.factor is not None
    return decimal_round(b.factor * n, b.rounding)


def check_genshin165(
    roles: Sequence[str],
    n: int,
    reading: g.TCapReading = g.TCapReading.BOTH,
    readings: g.Readings = g.DEFAULT_READINGS,
) -> list[str]:
    """Violations of the [165]原神 rules by the line-up ``roles`` for ``n`` players."""
    rules = g.rules()
    roster = {role.name: role for role in rules.roles}
    problems: list[str] = []
    unknown = [name for name in roles if name not in roster]
    if unknown:
        return [f"不在名单上的身份：{'、'.join(unknown)}"]
    repeated = [name for name, c in Counter(roles).items() if c > 1]
    if repeated:
        problems.append(f"身份重复：{'、'.join(repeated)}")
    present = set(roles)
    camps = Counter(roster[name].camp for name in present)
    counts = {
        g.Count.V: camps[g.Camp.VILLAGE],
        g.Count.W: camps[g.Camp.WOLF],
        g.Count.T: camps[g.Camp.THIRD] + camps[g.Camp.UNDETERMINED],
        g.Count.K: sum(1 for name in present if roster[name].seer),
    }
    if len(roles) != n:
        problems.append(f"身份数 {len(roles)} ≠ 人数 {n}")
    for b in rules.bounds_for(reading):
        value, have = _bound_value(b, n), counts[b.count]
        if (b.op == ">=" and have < value) or (b.op == "<=" and have > value):
            problems.append(f"{b.id}: {b.count.value} = {have}，违反 {b.formula()} = {value}")
    for d in rules.dependencies:
        if d.role in present and d.requires not in present:
            problems.append(f"{d.cite.quote}（第 {d.cite.line} 行）：有 {d.role} 而无 {d.requires}")
    light, dark = g.TWINS
    if readings.twins == "both" and dark in present and light not in present:
        problems.append(f"读法 config.twins=both：有 {dark} 而无 {light}")
    v_min = _bound_value(rules.bound("V.min"), n)
    if rules.fox_role in present and counts[g.Count.V] == v_min:
        problems.append(f"有 {rules.fox_role} 时村民阵营人数不能是最低值 {v_min}")
    pack = sum(1 for name in present if roster[name].pack)
    if readings.tengu_home_pack == "yes" and g.TENGU in present:
        pack += 1
    wolves = Fraction(counts[g.Count.W])
    if pack <= wolves / 3 and rules.elder_role not in present:
        problems.append(f"[群内] {pack} 人不超过狼人 {wolves} 的 1/3，却没有 {rules.elder_role}")
    if pack > wolves * 2 / 3 and rules.elder_role in present:
        problems.append(f"[群内] {pack} 人超过狼人 {wolves} 的 2/3，却有 {rules.elder_role}")
    return problems


# --- 随机配置法 4.1 --------------------------------------------------------------------------------
