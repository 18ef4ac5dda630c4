"""Kernels of issue 7: poison (4.6.4③, 2.8.2⑧), the step-0.55 lethal check shared by infection and poison
(2.1.4, 6.4.2), effective-output tiers and escape points (4.10.0, 6.9.1), and the escape restriction
(6.9.5).  Written once over the value algebra, like every kernel (see :mod:`ruleproof.kernel.algebra`).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from ruleproof.kernel.algebra import Algebra, B, I, max_i, min_i
from ruleproof.specs.fanhanglu.kernels.settlement import Winner, victory
from ruleproof.specs.model import VictoryRow


class Poison(IntEnum):
    """How one poison application at step 8 ended (4.6.4③)."""

    FIZZLE_DYING = 0  # a dying target: no effect, quota spent (4.6.4③ 濒死者作为目标)
    SAFE_ROOM = 1  # eaten by the engineer's safe room at landing (2.8.2⑧)
    ALREADY_POISONED = 2  # at most one poison mark: no stack, no refresh, quota spent
    LANDS = 3


def poison_application(alg: Algebra[B, I], dying: B, safe_room: B, poisoned: B) -> I:
    """4.6.4③ / 2.8.2⑧: only a full reduction stops poison — the safe room at landing; protection, patrol,
    armor, shield and every infection-side layer take no part.  Returns a :class:`Poison` code."""
    return alg.ite_i(
        dying,
        alg.lit(Poison.FIZZLE_DYING),
        alg.ite_i(
            safe_room,
            alg.lit(Poison.SAFE_ROOM),
            alg.ite_i(poisoned, alg.lit(Poison.ALREADY_POISONED), alg.lit(Poison.LANDS)),
        ),
    )


class Lethal(IntEnum):
    """The outcome of a delayed lethal act falling due at step 0.55 (infection or poison, 6.4.2)."""

    IMMUNE = 0  # night immunity already triggered tonight: no second consumption (6.4.1〔效果〕)
    IMMUNITY_CONSUMED = 1  # one charge consumed, the mark removed, not dying
    DYING = 2


def delayed_lethal(alg: Algebra[B, I], immune_tonight: B, immunity: I) -> tuple[I, I]:
    """6.4.2: a poison or true mark due tonight makes its holder dying unless night immunity stops it —
    already triggered tonight (free) or one charge consumed.  Returns (:class:`Lethal`, immunity after)."""
    consume = alg.and_(alg.not_(immune_tonight), alg.lt(alg.lit(0), immunity))
    code = alg.ite_i(
        immune_tonight,
        alg.lit(Lethal.IMMUNE),
        alg.ite_i(consume, alg.lit(Lethal.IMMUNITY_CONSUMED), alg.lit(Lethal.DYING)),
    )
    return code, alg.ite_i(consume, alg.sub(immunity, alg.lit(1)), immunity)


class Tier(IntEnum):
    """Effective-output tiers in their order (4.10.0⑦(b): 致死型 ＞ 濒死型 ＞ 追溯型)."""

    NONE = 0
    RETRO = 1  # 追溯型: broke a persistent layer or consumed night immunity; target died in the window
    DYING = 2  # 濒死型: made the target dying, the target survived step 9
    LETHAL = 3  # 致死型: made the target dying and it died at step 9 (kill attribution)


def output_tier(alg: Algebra[B, I], caused_dying: B, died: B, archive_due: B, self_pointed: B) -> I:
    """4.10.0②③④⑦ for one initiator and one target on one night: the highest tier reached; a
    self-pointed act scores nothing (6.9.1⑧, 2.8.15)."""
    lethal = alg.and_(caused_dying, died)
    tier = alg.ite_i(
        lethal,
        alg.lit(Tier.LETHAL),
        alg.ite_i(
            caused_dying,
            alg.lit(Tier.DYING),
            alg.ite_i(alg.and_(archive_due, died), alg.lit(Tier.RETRO), alg.lit(Tier.NONE)),
        ),
    )
    return alg.ite_i(self_pointed, alg.lit(Tier.NONE), tier)


def kill_points(alg: Algebra[B, I], xeno: B, plain_crew: B, values: Sequence[I]) -> I:
    """6.9.1① 致死型·击杀分 by the target's true faction and role: ``values`` = (ordinary crew, job-changed
    or professional, xeno) — the spec's ``escape.kill_crew`` / ``kill_job`` / ``kill_xeno``."""
    crew, job, xeno_v = values
    return alg.ite_i(xeno, xeno_v, alg.ite_i(plain_crew, crew, job))


def capped_add(alg: Algebra[B, I], total: I, points: I, cap: I) -> I:
    """6.9.1④⑤: a counter that grows by ``points`` up to ``cap`` (exile votes, silences)."""
    return min_i(alg, alg.add(total, points), max_i(alg, cap, total))


def pair_increment(alg: Algebra[B, I], settled: I, value: I, per_pair: bool) -> tuple[I, I]:
    """The points one (initiator, target) settlement adds: the value itself under the reading
    ``escape.tier_scope=per_night``; under ``per_pair`` only what exceeds the best value already settled
    for the pair.  Returns (points added, best value settled for the pair)."""
    if not per_pair:
        return value, max_i(alg, settled, value)
    best = max_i(alg, settled, value)
    return alg.sub(best, settled), best


def escape_allowed(
    alg: Algebra[B, I],
    order: Sequence[VictoryRow],
    humans: I,
    xenos: I,
    countdown: I,
    countdown_void: B,
) -> B:
    """6.9.5①: an escape may not let humans or xenos win at once once the alien counts as wiped (1.2.3,
    rows ①–④ with the alien at 0; the night-cap row does not come from the escape)."""
    winner, _ = victory(alg, order, humans, xenos, alg.lit(0), countdown, countdown_void, alg.bool_(False))
    return alg.eq(winner, alg.lit(Winner.NONE))


__all__ = [
    "Lethal",
    "Poison",
    "Tier",
    "capped_add",
    "delayed_lethal",
    "escape_allowed",
    "kill_points",
    "output_tier",
    "pair_increment",
    "poison_application",
]
