"""The family's resolution kernels, written once over the value algebra (:mod:`ruleproof.kernel.algebra`):
the engine calls them with Python ints, the verifier with Z3 terms.  Only static data (the book's
tables, the damage kind, the player count) steers Python control flow here.

* :func:`hit` — one damage against the defences a char holds (which defence absorbs it, what it spends);
* :func:`kick` — the 「踢球制」 chain from 选择目标 to 结算目标, each stage once, in the text's order;
* :func:`tally` — vote weights and the top of the count (single top, tie, nobody);
* :func:`determine` — win determination: lost factions first, then winners by the text's priority;
* :func:`grant_exclusive` — 漏洞 vs 秩序: of the two, the later one is void.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ruleproof.kernel.algebra import Algebra, count_true

B = TypeVar("B")
I = TypeVar("I")  # noqa: E741

NONE = -1  # "no index": no defence used, no winner, no top


def hit(
    alg: Algebra[B, I],
    cancels: Sequence[bool],
    counted: Sequence[bool],
    held: Sequence[B],
    expiry: Sequence[I],
    count: Sequence[I],
    *,
    shortest_first: bool,
) -> tuple[B, I, tuple[I, ...]]:
    """A damage against defence instances ``0..k-1``.

    ``cancels[i]`` (static): instance i's status cancels this damage kind (the book's defence table);
    ``counted[i]`` (static): it is a counted status (守护:X) that spends one use per cancel.
    An instance *applies* when it is held, cancels the kind, and (if counted) has a use left.
    Which applicable instance absorbs the hit: with ``shortest_first`` the one that ends soonest (ties:
    the earlier instance) — 随机配置法 「会优先抵消时效更短的防御状态」; without it, counted instances are
    spent first (原神 reads 「将会抵消掉X次[指杀]」 as a use whenever a 守护 meets a 指杀), then the
    soonest-ending one.
    Returns (cancelled, index of the absorbing instance or -1, counts after).
    """
    n = len(held)
    applies: list[B] = []
    for i in range(n):
        if not cancels[i]:
            applies.append(alg.bool_(False))
        elif counted[i]:
            applies.append(alg.and_(held[i], alg.lt(alg.lit(0), count[i])))
        else:
            applies.append(held[i])
    # pick: scan the instances; the best so far is replaced by a strictly better applicable one
    best = alg.lit(NONE)
    best_exp = alg.lit(0)
    best_counted = alg.bool_(False)
    found = alg.bool_(False)
    for i in range(n):
        if shortest_first:
            better = alg.or_(alg.not_(found), alg.lt(expiry[i], best_exp))
        elif counted[i]:
            better = alg.or_(alg.not_(found), alg.not_(best_counted), alg.lt(expiry[i], best_exp))
        else:
            better = alg.or_(alg.not_(found), alg.and_(alg.not_(best_counted), alg.lt(expiry[i], best_exp)))
        take = alg.and_(applies[i], better)
        best = alg.ite_i(take, alg.lit(i), best)
        best_exp = alg.ite_i(take, expiry[i], best_exp)
        best_counted = alg.ite_b(take, alg.bool_(counted[i]), best_counted)
        found = alg.or_(found, applies[i])
    after = tuple(
        alg.ite_i(alg.eq(best, alg.lit(i)), alg.sub(count[i], alg.lit(1)), count[i])
        if counted[i]
        else count[i]
        for i in range(n)
    )
    return found, best, after


def kick(
    alg: Algebra[B, I],
    selected: I,
    stages: Sequence[Sequence[I]],
) -> tuple[I, tuple[I, ...]]:
    """The 「踢球制」 chain: the ball starts on ``selected`` and each stage, once and in order, maps the
    seat holding the ball to the seat it is kicked to (``stages[k][s]`` = where stage k sends a ball on
    seat s; seats are 0..n-1).  Returns the final seat and the seat after each stage."""
    ball = selected
    trail: list[I] = []
    for table in stages:
        nxt = alg.lit(NONE)
        for s, dest in enumerate(table):
            nxt = alg.ite_i(alg.eq(ball, alg.lit(s)), dest, nxt)
        ball = nxt
        trail.append(ball)
    return ball, tuple(trail)


def tally(
    alg: Algebra[B, I],
    ballots: Sequence[I],
    weights: Sequence[I],
    bonus: Sequence[I],
) -> tuple[tuple[I, ...], I, I]:
    """Votes: voter v casts ``weights[v]`` votes on seat ``ballots[v]`` (-1: no vote / abstain); seat c
    gets ``bonus[c]`` more (乌鸦<诽谤>).  Returns the count per seat, the top count and how many seats
    share it (0 when nobody got a vote)."""
    n = len(bonus)
    counts: list[I] = []
    for c in range(n):
        total = bonus[c]
        for v, target in enumerate(ballots):
            total = alg.add(total, alg.ite_i(alg.eq(target, alg.lit(c)), weights[v], alg.lit(0)))
        counts.append(total)
    top = alg.lit(0)
    for c in range(n):
        top = alg.ite_i(alg.lt(top, counts[c]), counts[c], top)
    positive = alg.lt(alg.lit(0), top)
    at_top = count_true(alg, [alg.and_(positive, alg.eq(counts[c], top)) for c in range(n)])
    return tuple(counts), top, at_top


def determine(
    alg: Algebra[B, I],
    lost: Sequence[B],
    wins: Sequence[B],
    alive: Sequence[B],
    priority: Sequence[int],
) -> tuple[I, tuple[B, ...]]:
    """Win determination of one check, for factions ``0..k-1``:

    1. a faction meeting a loss condition loses first (优先判负) — a lost faction never wins;
    2. a faction not lost wins if it meets a win condition, or if it is the only faction not lost, or
       the only faction with living chars (通用屠城);
    3. only one faction wins: among several, the first in ``priority`` (the text's order; factions not
       listed come after, in index order).
    Returns the winner (-1: nobody yet) and the lost flags."""
    k = len(lost)
    standing = [alg.not_(lost[f]) for f in range(k)]
    only_standing = [
        alg.and_(standing[f], *[alg.not_(standing[g]) for g in range(k) if g != f]) for f in range(k)
    ]
    only_alive = [alg.and_(alive[f], *[alg.not_(alive[g]) for g in range(k) if g != f]) for f in range(k)]
    eligible = [alg.and_(standing[f], alg.or_(wins[f], only_standing[f], only_alive[f])) for f in range(k)]
    order = [*priority, *[f for f in range(k) if f not in priority]]
    winner = alg.lit(NONE)
    for f in reversed(order):  # the first in order overrides the later ones
        winner = alg.ite_i(eligible[f], alg.lit(f), winner)
    return winner, tuple(lost)


def grant_exclusive(alg: Algebra[B, I], has_a: B, has_b: B, incoming_a: B, incoming_b: B) -> tuple[B, B]:
    """Two statuses of which a char may hold only one (漏洞 / 秩序: 「角色同时获得[漏洞][秩序]时，后获得的
    状态无效」): an incoming one is void while the other is held.  Incoming both at once: the first
    (``a``) is kept, the later one void.  Returns (holds a, holds b) after."""
    a = alg.or_(has_a, alg.and_(incoming_a, alg.not_(has_b)))
    b = alg.or_(has_b, alg.and_(incoming_b, alg.not_(a)))
    return a, b


__all__ = ["NONE", "determine", "grant_exclusive", "hit", "kick", "tally"]
