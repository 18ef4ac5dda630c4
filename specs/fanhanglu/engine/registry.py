"""Extension points of the engine: skill implementations, step hooks, setup and arrival hooks.

A role plugs in without touching the night loop:

* a :class:`SkillImpl` subclass decorated with :func:`skill` — ``check`` (static legality at the step's
  snapshot, raising :class:`IllegalAction` with the clause), ``resolve`` (one action, serially in the
  night's settlement order; or ``resolve_all`` for collective skills such as chat and votes) and
  ``propose`` (what the seeded random policy may do);
* :func:`hook` for system work before/after a step (infection death at 0.55, batches, settlement…);
* :func:`on_setup` for a role's initial quotas, :func:`on_arrival` for quota arrivals (2.1.5).

The spec (``ruleproof.specs.fanhanglu.roles``) says *which* skills exist, their step, slot and blocks;
this registry says *how* they resolve.  A skill listed in the spec without an implementation raises
:class:`NotImplementedRule` when used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ruleproof.specs.fanhanglu.engine.game import Game
    from ruleproof.specs.fanhanglu.engine.model import Action, Player


class SkillImpl:
    """How one skill of the spec resolves."""

    key: ClassVar[str]
    collective: ClassVar[bool] = False  # resolved all at once (chat pairing, votes)
    dead_target_clause: ClassVar[str] = "2.6"  # the clause forbidding a target already out of the game
    targets_may_be_out: ClassVar[bool] = False  # targets name players rather than act on them (a report)
    leads: ClassVar[bool] = False  # opens its step: resolved before every other action of the step

    def check(self, g: Game, p: Player, a: Action) -> None:
        """Static legality at the step's observation snapshot; raise ``g.illegal(...)``."""

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        raise NotImplementedError(self.key)

    def resolve_all(self, g: Game, actions: Sequence[Action]) -> None:
        raise NotImplementedError(self.key)

    def capable(self, g: Game, p: Player, a: Action) -> bool:
        """Whether the actor can still act when its turn comes (2.4.1 附则); default: the spec's blocks."""
        return g.capable(p, a.skill)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        """A random legal action for ``p`` at this skill's step, or None."""
        return None

    def available(self, g: Game, p: Player) -> bool:
        """Whether the skill is on ``p``'s menu tonight (6.9.3① 「依其当夜实际可选之菜单」): a quota left, a
        once-only use not spent, its nights open.  Default: always (its other limits are per target)."""
        return True


SKILL_IMPLS: dict[str, SkillImpl] = {}
StepHook = Callable[["Game"], None]
PlayerHook = Callable[["Game", "Player"], None]
HOOKS: dict[tuple[str, str], list[StepHook]] = {}
SETUP_HOOKS: dict[str, list[PlayerHook]] = {}
ARRIVAL_HOOKS: list[StepHook] = []
DYING_HOOKS: list[PlayerHook] = []  # called when a player becomes dying (after the flag is set)


def skill(cls: type[SkillImpl]) -> type[SkillImpl]:
    SKILL_IMPLS[cls.key] = cls()
    return cls


def hook(step: str, when: str) -> Callable[[StepHook], StepHook]:
    """Register system work to run ``when`` ("pre" or "post") the night step ``step``."""
    assert when in ("pre", "post")

    def deco(fn: StepHook) -> StepHook:
        HOOKS.setdefault((step, when), []).append(fn)
        return fn

    return deco


def on_setup(*roles: str) -> Callable[[PlayerHook], PlayerHook]:
    def deco(fn: PlayerHook) -> PlayerHook:
        for role in roles:
            SETUP_HOOKS.setdefault(role, []).append(fn)
        return fn

    return deco


def on_arrival(fn: StepHook) -> StepHook:
    ARRIVAL_HOOKS.append(fn)
    return fn


def on_dying(fn: PlayerHook) -> PlayerHook:
    DYING_HOOKS.append(fn)
    return fn
