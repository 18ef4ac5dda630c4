"""[M124] 血染钟楼's rules that both the engine and Z3 evaluate, written once over the value algebra
(:mod:`ruleproof.kernel.algebra`): Python ints for the engine and the setup checker, Z3 terms for the
setup encoding and the invariants.  Only static data (the spec's tables and readings) steers Python
control flow here.

| kernel | section | returns |
|---|---|---|
| ``apply_delta`` | 身份 sections (setup modifiers) | the counts after one modifier, its guard read on the counts then |
| ``execution_flags`` | 处决，死亡与复活 | per nominee: executed at day end |
| ``good_wins`` / ``evil_wins`` | 胜负判定 | the base win conditions |
| ``dies_of_judgment`` | 常见状态特效, 僧侣, 律师 | whether a death judgment kills |
| ``dead_vote`` | 提名与投票 | whether a yes vote counts, the dead token after it |
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ruleproof.kernel.algebra import Algebra, count_true, ge
from ruleproof.specs.botc_m124.tables import Delta

B = TypeVar("B")
I = TypeVar("I")  # noqa: E741 - the algebra's integer type, as in ruleproof.kernel


def apply_delta(alg: Algebra[B, I], counts: tuple[I, I, I, I], active: B, delta: Delta) -> tuple[I, I, I, I]:
    """One modifier: when ``active`` and its guard (「如果本局游戏外来者数量≥1」) holds on the counts as
    they are now, add its deltas."""
    t, o, m, d = counts
    on = active
    if delta.min_outsiders is not None:
        on = alg.and_(active, ge(alg, o, alg.lit(delta.min_outsiders)))
    return (
        alg.ite_i(on, alg.add(t, alg.lit(delta.townsfolk)), t),
        alg.ite_i(on, alg.add(o, alg.lit(delta.outsiders)), o),
        alg.ite_i(on, alg.add(m, alg.lit(delta.minions)), m),
        alg.ite_i(on, alg.add(d, alg.lit(delta.demons)), d),
    )


def execution_flags(
    alg: Algebra[B, I], votes: Sequence[I], nominated: Sequence[B], alive: I, factor: int, blocked: B
) -> list[B]:
    """「在每个讨论日结束时，如果尚未有角色被处决，且当日有人发起了提名，则被提名得票最高且唯一，且获得票数的
    两倍大于等于当时存活角色数量的角色被处决」: nominee ``i`` is executed iff it was nominated, no execution
    happened that day (``blocked`` false), its count is strictly above every other nominee's, and
    ``factor · votes ≥ alive``."""
    out: list[B] = []
    for i, (v, nom) in enumerate(zip(votes, nominated, strict=True)):
        unique_max = alg.and_(
            *(
                alg.or_(alg.not_(other), alg.lt(w, v))
                for j, (w, other) in enumerate(zip(votes, nominated, strict=True))
                if j != i
            )
        )
        out.append(alg.and_(nom, alg.not_(blocked), unique_max, ge(alg, alg.scale(v, factor), alive)))
    return out


def good_wins(alg: Algebra[B, I], living_demons: I) -> B:
    """「场上不存在存活的恶魔」."""
    return alg.eq(living_demons, alg.lit(0))


def evil_wins(alg: Algebra[B, I], alive: I, living_demons: I, threshold: int, exactly: bool) -> B:
    """「场上仅剩两名存活角色，且场上存在存活的恶魔」 (``exactly``: the reading 「仅剩」 = exactly)."""
    few = alg.eq(alive, alg.lit(threshold)) if exactly else alg.le(alive, alg.lit(threshold))
    return alg.and_(few, alg.lt(alg.lit(0), living_demons))


def dies_of_judgment(
    alg: Algebra[B, I], undying: B, sanctuary: B, by_demon: B, defended: B, by_execution: B
) -> B:
    """A death judgment kills unless [不死] (any judgment), [庇护] against a Demon's ability, or [霸道]
    against an execution's judgment."""
    return alg.and_(
        alg.not_(undying),
        alg.not_(alg.and_(sanctuary, by_demon)),
        alg.not_(alg.and_(defended, by_execution)),
    )


def dead_vote(alg: Algebra[B, I], alive: B, token_used: B, yes: B) -> tuple[B, B]:
    """「角色在死亡后仍需投票，但只有一次机会投“是”」: (the yes counts, the dead token used after it)."""
    counts = alg.and_(yes, alg.or_(alive, alg.not_(token_used)))
    used = alg.or_(token_used, alg.and_(counts, alg.not_(alive)))
    return counts, used


def count_living(alg: Algebra[B, I], flags: Sequence[B]) -> I:
    return count_true(alg, flags)


__all__ = [
    "apply_delta",
    "count_living",
    "dead_vote",
    "dies_of_judgment",
    "evil_wins",
    "execution_flags",
    "good_wins",
]
