"""返航录's resolution kernels, written once over the value algebra of :mod:`ruleproof.kernel`.

The engine evaluates them with :data:`~ruleproof.kernel.PY` (Python ints and bools); the Z3 verifier
evaluates the same functions with an algebra over Z3 terms.  See docs/engine.md § Kernels.
"""

from __future__ import annotations

from ruleproof.kernel.algebra import PY, Algebra, PyAlgebra, count_true, max_i, min_i, sum_i
from ruleproof.specs.fanhanglu.kernels.damage import (
    LANDED,
    DamageLayers,
    Hit,
    Infect,
    InfectionLayers,
    Mark,
    damage_point,
    infection_application,
)
from ruleproof.specs.fanhanglu.kernels.delayed import (
    Lethal,
    Poison,
    Tier,
    capped_add,
    delayed_lethal,
    escape_allowed,
    kill_points,
    output_tier,
    pair_increment,
    poison_application,
)
from ruleproof.specs.fanhanglu.kernels.resources import (
    Convert,
    bounty_kills,
    bounty_recovery,
    bullet_arrival,
    bullet_arrivals,
    direction_offered,
    knife_count_next,
    net_damage_apply,
    occupancy_move,
    occupancy_release,
    quota_allows,
    quota_spend,
    shutdown_tiers,
)
from ruleproof.specs.fanhanglu.kernels.settlement import (
    Winner,
    batch_published,
    exile_outcome,
    faction_alive,
    settle_deaths,
    victory,
    vote_valid,
)

__all__ = [
    "LANDED",
    "PY",
    "Algebra",
    "Convert",
    "DamageLayers",
    "Hit",
    "Infect",
    "InfectionLayers",
    "Lethal",
    "Mark",
    "Poison",
    "PyAlgebra",
    "Tier",
    "Winner",
    "batch_published",
    "bounty_kills",
    "bounty_recovery",
    "bullet_arrival",
    "bullet_arrivals",
    "capped_add",
    "count_true",
    "damage_point",
    "delayed_lethal",
    "direction_offered",
    "escape_allowed",
    "exile_outcome",
    "faction_alive",
    "infection_application",
    "kill_points",
    "knife_count_next",
    "max_i",
    "min_i",
    "net_damage_apply",
    "occupancy_move",
    "occupancy_release",
    "output_tier",
    "pair_increment",
    "poison_application",
    "quota_allows",
    "quota_spend",
    "settle_deaths",
    "shutdown_tiers",
    "sum_i",
    "victory",
    "vote_valid",
]
