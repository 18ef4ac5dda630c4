"""One point of damage (4.10.2 八步结算链) and one infection application (5.3.3), layer by layer.

The layer *order* is static data from the spec (``spec.damage_order()`` / ``spec.infection_order()``,
which already reflect the interpretation switch on night immunity); the layer *state* is algebra values.
Every layer blocks one unit (2.8.2⑤) except full reductions, which block everything without consuming
anything (2.8.2⑥).  A dying target takes 0 damage and its layers are inert (4.10.4②③).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Generic, NamedTuple

from ruleproof.kernel.algebra import Algebra, B, I


class Hit(IntEnum):
    """How one point of damage ended (an int so a Z3 algebra can carry it)."""

    ALREADY_DYING = 0  # lands with 0 damage (4.10.4③); recorded in the report (4.10.6)
    SAFE_ROOM = 1  # full reduction, nothing consumed
    IMMUNE = 2  # night immunity already triggered tonight: full reduction, nothing consumed
    IMMUNITY_CONSUMED = 3  # one night-immunity charge consumed; immune for the rest of the night
    PROTECTION = 4
    PATROL = 5
    ARMOR = 6
    SHIELD = 7
    DYING = 8  # the point passed every layer: the target enters dying (4.10.2⑤)


LANDED = frozenset({Hit.ALREADY_DYING, Hit.DYING})  # 落身: recorded in the investigation report


class DamageLayers(NamedTuple, Generic[B, I]):
    """A target's damage-side state for the current night."""

    dying: B
    safe_room: B  # in the engineer's safe room tonight (4.3.1)
    immune_tonight: B  # night immunity triggered earlier tonight (6.4.1 效果)
    immunity: I  # night-immunity charges (6.4.1)
    protection: B  # bodyguard protection, damage unit (4.8.1)
    patrol: B  # sheriff patrol, damage unit (4.4.4)
    armor: B  # craftsman armor, damage unit (4.11.1)
    shield: B  # cocoon shield (5.7)


FULL_REDUCTIONS = frozenset({"safe_room", "vaccine_antibody"})  # block without being consumed (2.8.2⑥)
HIT_CODES = {
    "safe_room": Hit.SAFE_ROOM,
    "protection": Hit.PROTECTION,
    "patrol": Hit.PATROL,
    "armor": Hit.ARMOR,
    "shield": Hit.SHIELD,
}


def _layer(alg: Algebra[B, I], units: dict[str, B], key: str, code_of: int, done: B, code: I) -> tuple[B, I]:
    """One layer on one unit of damage or infection: it absorbs when nothing before it did; a full
    reduction is not consumed, any other layer blocks one unit only (2.8.2⑤)."""
    take = alg.and_(alg.not_(done), units[key])
    if key not in FULL_REDUCTIONS:
        units[key] = alg.and_(units[key], alg.not_(take))
    return alg.or_(done, take), alg.ite_i(take, alg.lit(code_of), code)


def damage_point(
    alg: Algebra[B, I], s: DamageLayers[B, I], order: Sequence[str]
) -> tuple[DamageLayers[B, I], I]:
    """Resolve one point of damage on ``s`` with the layers in ``order``; returns the new state and a :class:`Hit`."""
    done = s.dying
    code = alg.ite_i(s.dying, alg.lit(Hit.ALREADY_DYING), alg.lit(Hit.DYING))
    immunity, immune_tonight = s.immunity, s.immune_tonight
    units = {
        "safe_room": s.safe_room,
        "protection": s.protection,
        "patrol": s.patrol,
        "armor": s.armor,
        "shield": s.shield,
    }
    for key in order:
        if key == "night_immunity":  # a full reduction that spends a charge, then covers the whole night
            already = alg.and_(alg.not_(done), immune_tonight)
            consume = alg.and_(alg.not_(done), alg.not_(immune_tonight), alg.lt(alg.lit(0), immunity))
            code = alg.ite_i(
                already, alg.lit(Hit.IMMUNE), alg.ite_i(consume, alg.lit(Hit.IMMUNITY_CONSUMED), code)
            )
            immunity = alg.ite_i(consume, alg.sub(immunity, alg.lit(1)), immunity)
            immune_tonight = alg.or_(immune_tonight, consume)
            done = alg.or_(done, already, consume)
        elif key in HIT_CODES:
            done, code = _layer(alg, units, key, HIT_CODES[key], done, code)
        else:  # pragma: no cover - guarded by a test over the spec's orders
            raise ValueError(f"unknown damage layer {key!r}")
    dying = alg.or_(s.dying, alg.not_(done))
    new = DamageLayers(
        dying,
        s.safe_room,
        immune_tonight,
        immunity,
        units["protection"],
        units["patrol"],
        units["armor"],
        units["shield"],
    )
    return new, code


class Infect(IntEnum):
    """How one infection application ended."""

    FIZZLE_DYING = 0  # a dying target is not a legal target at settlement (5.3.1): no effect
    SAFE_ROOM = 1
    VACCINE = 2
    ANTIBODY = 3
    PROTECTION = 4
    PATROL = 5
    ARMOR = 6
    ALREADY_MARKED = 7  # marks are exclusive (3.3.3): no effect, quota still spent
    TRUE_MARK = 8
    FAKE_MARK = 9  # effect immunity (5.3.2③): the mark lands but never counts down


class Mark(IntEnum):
    NONE = 0
    TRUE = 1
    FAKE = 2


class InfectionLayers(NamedTuple, Generic[B, I]):
    """A target's infection-side state for the current night (each layer's infection unit)."""

    dying: B
    safe_room: B
    vaccine: B  # vaccine antibody tonight (4.14.4)
    antibody: B  # antibody tonight (3.3.8)
    protection: B
    patrol: B
    armor: B
    mark: I  # Mark
    effect_immune: B  # presents as a xeno (5.3.2③)


INFECT_CODES = {
    "safe_room": Infect.SAFE_ROOM,
    "vaccine_antibody": Infect.VACCINE,
    "antibody": Infect.ANTIBODY,
    "protection": Infect.PROTECTION,
    "patrol": Infect.PATROL,
    "armor": Infect.ARMOR,
}


def infection_application(
    alg: Algebra[B, I], s: InfectionLayers[B, I], order: Sequence[str]
) -> tuple[InfectionLayers[B, I], I]:
    """Resolve one infection application; layers intercept the application before the mark check."""
    done = s.dying
    code = alg.lit(Infect.FIZZLE_DYING)
    units = {
        "safe_room": s.safe_room,
        "vaccine_antibody": s.vaccine,
        "antibody": s.antibody,
        "protection": s.protection,
        "patrol": s.patrol,
        "armor": s.armor,
    }
    for key in order:
        done, code = _layer(alg, units, key, INFECT_CODES[key], done, code)
    marked = alg.and_(alg.not_(done), alg.not_(alg.eq(s.mark, alg.lit(Mark.NONE))))
    code = alg.ite_i(marked, alg.lit(Infect.ALREADY_MARKED), code)
    lands = alg.not_(alg.or_(done, marked))
    new_mark = alg.ite_i(s.effect_immune, alg.lit(Mark.FAKE), alg.lit(Mark.TRUE))
    code = alg.ite_i(
        lands, alg.ite_i(s.effect_immune, alg.lit(Infect.FAKE_MARK), alg.lit(Infect.TRUE_MARK)), code
    )
    mark = alg.ite_i(lands, new_mark, s.mark)
    new = InfectionLayers(
        s.dying,
        s.safe_room,
        s.vaccine,
        units["antibody"],
        units["protection"],
        units["patrol"],
        units["armor"],
        mark,
        s.effect_immune,
    )
    return new, code
