"""返航录's rules for the runtime: its round (the night's step list 2.1.1, then the day 2.3.2), the
clauses of the rules the runtime enforces for it, the spec's skills, and the registry its skill modules
fill (:class:`ruleproof.runtime.rules.Ruleset`).

A role plugs in without touching the night loop:

* a :class:`SkillImpl` subclass decorated with :func:`skill` — ``check`` (static legality at the step's
  snapshot, raising :class:`IllegalAction` with the clause), ``resolve`` (one action, serially in the
  night's settlement order; or ``resolve_all`` for collective skills such as chat and votes) and
  ``propose`` (what the seeded random policy may do);
* :func:`hook` for system work before/after a step (infection death at 0.55, batches, settlement…);
* :func:`on_setup` for a role's initial quotas, :func:`on_arrival` for quota arrivals (2.1.5),
  :func:`on_dying` for what follows a player entering dying (4.10.4: a process annulled, …).

The spec (``ruleproof.specs.fanhanglu.roles``) says *which* skills exist, their step, slot and blocks;
this registry says *how* they resolve.  A skill listed in the spec without an implementation raises
:class:`NotImplementedRule` when used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from ruleproof.runtime import rules as runtime
from ruleproof.runtime.rules import Phase, Ruleset, SkillInfo
from ruleproof.specs.fanhanglu.roles import SKILLS, skill_steps
from ruleproof.specs.fanhanglu.tables import NIGHT_STEPS
from ruleproof.specs.model import Slot

if TYPE_CHECKING:
    from ruleproof.specs.fanhanglu.engine.game import Game
    from ruleproof.specs.fanhanglu.engine.model import Action, Player

NIGHT = Phase("night", "night", tuple(s.key for s in NIGHT_STEPS))  # 2.1.1 夜间步骤
DAY = Phase("day", "day", ("day",))  # 2.3.2 白天流程: votes and exile (one step: no rule effects in between)

RULES: Ruleset[Game, Player, Action] = Ruleset(
    "fanhanglu",
    (NIGHT, DAY),
    {
        "seat": "1.1",  # 15 名玩家
        "out": "2.6",  # 出局者不再参与任何投票与行动
        "skill": "2.8.10",  # the registered skills (十关核验: an action must name one)
    },
)
RULES.declare(
    SkillInfo(
        s.key,
        skill_steps(s),
        frozenset(s.roles),
        s.clause,
        exclusive=s.slot is Slot.MAIN,
        excludes=s.excludes,
        implemented=s.implemented,
    )
    for s in SKILLS
)


class SkillImpl(runtime.SkillImpl["Game", "Player", "Action"]):
    """How one skill of the spec resolves."""

    dead_target_clause: ClassVar[str] = RULES.clauses["out"]  # a target already out of the game


SKILL_IMPLS = RULES.skills
HOOKS = RULES.hooks
SETUP_HOOKS = RULES.setup_hooks
ARRIVAL_HOOKS: list[Callable[[Game], None]] = RULES.hooks.setdefault(("arrival", "pre"), [])
skill = RULES.skill
hook = RULES.hook
on_setup = RULES.on_setup
DYING_HOOKS: list[Callable[[Game, Player], None]] = []  # run when a player becomes dying (flag already set)


def on_arrival(fn: Callable[[Game], None]) -> Callable[[Game], None]:
    """Quota arrivals (2.1.5), run at the night's ``arrival`` step before the settlement order is drawn."""
    ARRIVAL_HOOKS.append(fn)
    return fn


def on_dying(fn: Callable[[Game, Player], None]) -> Callable[[Game, Player], None]:
    """What runs when a player becomes dying (:meth:`Game.become_dying`)."""
    DYING_HOOKS.append(fn)
    return fn


@hook("arrival", "post")
def _settlement_order(g: Game) -> None:
    """2.1.3: after the arrivals, one random order of the living players for the whole night."""
    g.make_order()
