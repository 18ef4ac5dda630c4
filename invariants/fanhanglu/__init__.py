"""返航录 invariants: the theorems the text states (and a few bookkeeping checks of ours), each quoting
its sentence through the reader and citing its clauses (issues 5 and 11).

docs/verify.md lists every one with its clauses, its encoding and why the abstraction is sound for its
property.
"""

from __future__ import annotations

from ruleproof.invariants.fanhanglu.batches import (
    BATCH_NOTHING_LOST,
    BATCH_ZERO_INFERENCE,
    DETECTIVE_ANNOUNCEMENT_PUBLISHED,
    NET_DAMAGE_NEVER_NEGATIVE,
)
from ruleproof.invariants.fanhanglu.bullets import (
    ARMED_CREW_AT_MOST_ONE,
    BULLET_CONSERVATION,
    BULLET_STOCK_EQUATION,
    SHERIFF_BULLET_CAP,
)
from ruleproof.invariants.fanhanglu.dying import DYING_LEAVES_NO_TRACE, NO_CROSS_NIGHT_DYING
from ruleproof.invariants.fanhanglu.endgame import NO_MUTUAL_DESTRUCTION
from ruleproof.invariants.fanhanglu.escape import (
    ESCAPE_NEEDS_BOTH_FACTIONS,
    ESCAPE_PEACE_ROUTE,
    KILL_POINTS_AS_WRITTEN,
)
from ruleproof.invariants.fanhanglu.occupancy import (
    FULL_DIRECTION_NOT_OFFERED,
    NO_EVOLUTION_FAILURE,
    OCCUPANCY_AT_MOST_TWO,
)
from ruleproof.invariants.fanhanglu.orders import PriorityTablesConsistent
from ruleproof.invariants.fanhanglu.pool import DETECTIVE_POOL
from ruleproof.invariants.fanhanglu.probes import TARGETS_EQUAL_QUOTA
from ruleproof.invariants.fanhanglu.situations import (
    DYING_DAMAGE_ZERO,
    EXILE_IMPOSSIBLE_FEW_ALIVE,
    FACTION_SEATS_CONSTANT,
    NO_PHASE_AFTER_WIPEOUT,
    STATED_STEP_ORDERS,
)
from ruleproof.smt.invariant import Invariant
from ruleproof.specs.fanhanglu import Spec

INVARIANTS: tuple[Invariant[Spec], ...] = (
    BULLET_CONSERVATION,
    BULLET_STOCK_EQUATION,
    SHERIFF_BULLET_CAP,
    ARMED_CREW_AT_MOST_ONE,
    NO_CROSS_NIGHT_DYING,
    DYING_LEAVES_NO_TRACE,
    BATCH_ZERO_INFERENCE,
    BATCH_NOTHING_LOST,
    DETECTIVE_ANNOUNCEMENT_PUBLISHED,
    DETECTIVE_POOL,
    NET_DAMAGE_NEVER_NEGATIVE,
    OCCUPANCY_AT_MOST_TWO,
    NO_EVOLUTION_FAILURE,
    FULL_DIRECTION_NOT_OFFERED,
    PriorityTablesConsistent(),
    STATED_STEP_ORDERS,
    DYING_DAMAGE_ZERO,
    FACTION_SEATS_CONSTANT,
    NO_PHASE_AFTER_WIPEOUT,
    NO_MUTUAL_DESTRUCTION,
    EXILE_IMPOSSIBLE_FEW_ALIVE,
    ESCAPE_PEACE_ROUTE,
    ESCAPE_NEEDS_BOTH_FACTIONS,
    KILL_POINTS_AS_WRITTEN,
    TARGETS_EQUAL_QUOTA,
)
INVARIANT_BY_NAME: dict[str, Invariant[Spec]] = {inv.name: inv for inv in INVARIANTS}

__all__ = ["INVARIANTS", "INVARIANT_BY_NAME"]
