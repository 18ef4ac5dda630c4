"""Settlement kernels: death settlement (4.10.6), faction counts, the victory order (1.2.3) read from the
spec, and batch publication (2.1.7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum

from ruleproof.kernel.algebra import Algebra, B, I, count_true
from ruleproof.specs.model import PublishRule, VictoryRow


def settle_deaths(
    alg: Algebra[B, I], alive: Sequence[B], dying: Sequence[B]
) -> tuple[tuple[B, ...], tuple[B, ...], tuple[B, ...]]:
    """Step 9: every dying player dies; nobody stays dying (4.10.4①, 4.10.6).

    Returns (alive after, died tonight, dying after — all false)."""
    died = tuple(alg.and_(a, d) for a, d in zip(alive, dying, strict=True))
    after = tuple(alg.and_(a, alg.not_(d)) for a, d in zip(alive, dying, strict=True))
    return after, died, tuple(alg.bool_(False) for _ in alive)


def faction_alive(alg: Algebra[B, I], alive: Sequence[B], members: Sequence[int]) -> I:
    """Number of living players among ``members`` (0-based indices)."""
    return count_true(alg, (alive[i] for i in members))


class Winner(IntEnum):
    NONE = 0
    DRAW = 1
    HUMANS = 2
    XENOS = 3
    ALIEN = 4


WINNER_BY_KEY: Mapping[str, Winner] = {
    "draw": Winner.DRAW,
    "humans": Winner.HUMANS,
    "xenos": Winner.XENOS,
    "alien": Winner.ALIEN,
}


def victory_conditions(
    alg: Algebra[B, I], humans: I, xenos: I, alien: I, countdown: I, countdown_void: B, night_cap_reached: B
) -> dict[str, B]:
    """1.2.3: each row condition of the victory table (:attr:`VictoryRow.condition`) over the faction counts,
    the countdown, its 9.0 void and the night cap — what :func:`victory` orders and the rule-firing query
    asks row by row."""
    zero = alg.lit(0)
    return {
        "night_cap": night_cap_reached,
        "xenos_and_alien_wiped": alg.and_(alg.eq(xenos, zero), alg.eq(alien, zero)),
        "humans_and_alien_wiped": alg.and_(alg.eq(humans, zero), alg.eq(alien, zero)),
        "humans_and_xenos_wiped": alg.and_(alg.eq(humans, zero), alg.eq(xenos, zero), alg.lt(zero, alien)),
        "countdown_done": alg.and_(alg.le(countdown, zero), alg.lt(zero, humans), alg.not_(countdown_void)),
    }


def victory(
    alg: Algebra[B, I],
    order: Sequence[VictoryRow],
    humans: I,
    xenos: I,
    alien: I,
    countdown: I,
    countdown_void: B,
    night_cap_reached: B,
) -> tuple[I, I]:
    """1.2.3: the first row of ``order`` whose condition holds decides.  Returns (:class:`Winner`, row index
    + 1, or 0 when no row holds)."""
    conditions = victory_conditions(alg, humans, xenos, alien, countdown, countdown_void, night_cap_reached)
    winner = alg.lit(Winner.NONE)
    row = alg.lit(0)
    for idx in range(len(order) - 1, -1, -1):  # build the nested ite from the last row up
        cond = conditions[order[idx].condition]
        winner = alg.ite_i(cond, alg.lit(WINNER_BY_KEY[order[idx].winner]), winner)
        row = alg.ite_i(cond, alg.lit(idx + 1), row)
    return winner, row


def vote_valid(alg: Algebra[B, I], self_vote: B, target_alive: B) -> B:
    """2.3.4 「不可投给自己；投票对象须为其他存活玩家」."""
    return alg.and_(alg.not_(self_vote), target_alive)


def exile_outcome(alg: Algebra[B, I], tally: Sequence[I], min_votes: I) -> tuple[B, ...]:
    """2.3.4 驱逐门槛: the candidate exiled (one-hot, all false for nobody) — ① the most votes, ② no tie at
    the top, ③ at least ``min_votes``."""
    out = []
    for n, votes in enumerate(tally):
        top = alg.and_(*(alg.lt(other, votes) for m, other in enumerate(tally) if m != n))
        out.append(alg.and_(top, alg.le(min_votes, votes)))
    return tuple(out)


def batch_published(
    alg: Algebra[B, I],
    rule: PublishRule,
    quantity: I,
    zero_means_unpublished: bool = True,
    carried: B | None = None,
) -> B:
    """2.1.7: whether a batch is published given its quantity (the count, total or change it reports).

    ``ALWAYS`` batches are published whenever their node happens; ``NONZERO`` batches exactly when the
    quantity is not 0 (②③⑤); ``CHANGED`` batches likewise when ``zero_means_unpublished`` (the default
    reading of ``batches.zero_rule_4_6_8``), else always; ``ON_EVENT`` batches when their event happened
    (quantity = number of events).  ``carried`` (a reading that publishes a batch for its other content,
    ``batch3.zero_rule=content``): whether that other content is not empty — then it is published too."""
    nonzero = alg.not_(alg.eq(quantity, alg.lit(0)))
    if rule is PublishRule.ALWAYS:
        return alg.bool_(True)
    if rule is PublishRule.CHANGED and not zero_means_unpublished:
        return alg.bool_(True)
    return nonzero if carried is None else alg.or_(nonzero, carried)
