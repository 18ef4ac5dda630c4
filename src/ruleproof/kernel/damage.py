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


def damage_point(
    alg: Algebra[B, I], s: DamageLayers[B, I], order: Sequence[str]
) -> tuple[DamageLayers[B, I], I]:
    """Resolve one point of damage on ``s`` with the layers in ``order``; returns the new state and a :class:`Hit`."""
    done = s.dying
    code = alg.ite_i(s.dying, alg.lit(Hit.ALREADY_DYING), alg.lit(Hit.DYING))
    immunity, immune_tonight = s.immunity, s.immune_tonight
    protection, patrol, armor, shield = s.protection, s.patrol, s.armor, s.shield
    for key in order:
        if key == "safe_room":
            take = alg.and_(alg.not_(done), s.safe_room)
            code = alg.ite_i(take, alg.lit(Hit.SAFE_ROOM), code)
        elif key == "night_immunity":
            already = alg.and_(alg.not_(done), immune_tonight)
            consume = alg.and_(alg.not_(done), alg.not_(immune_tonight), alg.lt(alg.lit(0), immunity))
            take = alg.or_(already, consume)
            code = alg.ite_i(
                already, alg.lit(Hit.IMMUNE), alg.ite_i(consume, alg.lit(Hit.IMMUNITY_CONSUMED), code)
            )
            immunity = alg.ite_i(consume, alg.sub(immunity, alg.lit(1)), immunity)
            immune_tonight = alg.or_(immune_tonight, consume)
        elif key == "protection":
            take = alg.and_(alg.not_(done), protection)
            code = alg.ite_i(take, alg.lit(Hit.PROTECTION), code)
            protection = alg.and_(protection, alg.not_(take))
        elif key == "patrol":
            take = alg.and_(alg.not_(done), patrol)
            code = alg.ite_i(take, alg.lit(Hit.PATROL), code)
            patrol = alg.and_(patrol, alg.not_(take))
        elif key == "armor":
            take = alg.and_(alg.not_(done), armor)
            code = alg.ite_i(take, alg.lit(Hit.ARMOR), code)
            armor = alg.and_(armor, alg.not_(take))
        elif key == "shield":
            take = alg.and_(alg.not_(done), shield)
            code = alg.ite_i(take, alg.lit(Hit.SHIELD), code)
            shield = alg.and_(shield, alg.not_(take))
        else:  # pragma: no cover - guarded by a test over the spec's orders
            raise ValueError(f"unknown damage layer {key!r}")
        done = alg.or_(done, take)
    dying = alg.or_(s.dying, alg.not_(done))
    return DamageLayers(dying, s.safe_room, immune_tonight, immunity, protection, patrol, armor, shield), code


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


def infection_application(
    alg: Algebra[B, I], s: InfectionLayers[B, I], order: Sequence[str]
) -> tuple[InfectionLayers[B, I], I]:
    """Resolve one infection application; layers intercept the application before the mark check."""
    done = s.dying
    code = alg.lit(Infect.FIZZLE_DYING)
    layers = {
        "safe_room": s.safe_room,
        "vaccine_antibody": s.vaccine,
        "antibody": s.antibody,
        "protection": s.protection,
        "patrol": s.patrol,
        "armor": s.armor,
    }
    codes = {
        "safe_room": Infect.SAFE_ROOM,
        "vaccine_antibody": Infect.VACCINE,
        "antibody": Infect.ANTIBODY,
        "protection": Infect.PROTECTION,
        "patrol": Infect.PATROL,
        "armor": Infect.ARMOR,
    }
    full = {"safe_room", "vaccine_antibody"}  # full reductions block without being consumed (5.3.2①)
    for key in order:
        avail = layers[key]
        take = alg.and_(alg.not_(done), avail)
        code = alg.ite_i(take, alg.lit(codes[key]), code)
        if key not in full:
            layers[key] = alg.and_(avail, alg.not_(take))
        done = alg.or_(done, take)
    marked = alg.and_(alg.not_(done), alg.not_(alg.eq(s.mark, alg.lit(Mark.NONE))))
    code = alg.ite_i(marked, alg.lit(Infect.ALREADY_MARKED), code)
    done = alg.or_(done, marked)
    lands = alg.not_(done)
    new_mark = alg.ite_i(s.effect_immune, alg.lit(Mark.FAKE), alg.lit(Mark.TRUE))
    code = alg.ite_i(
        lands, alg.ite_i(s.effect_immune, alg.lit(Infect.FAKE_MARK), alg.lit(Infect.TRUE_MARK)), code
    )
    mark = alg.ite_i(lands, new_mark, s.mark)
    return (
        InfectionLayers(
            s.dying,
            s.safe_room,
            s.vaccine,
            layers["antibody"],
            layers["protection"],
            layers["patrol"],
            layers["armor"],
            mark,
            s.effect_immune,
        ),
        code,
    )
