"""What a seat is offered at a step's decision: its menu, read off the engine's own legality rules.

A menu is computed at the decision snapshot of a step (before anything is submitted) by *probing*: each
candidate action is checked — the common checks and the skill's own, exactly as a submission would be —
on a copy of the game, so probing changes nothing.  Per skill held by the seat at that step:

* not offered (absent from the menu) when the seat cannot act (out, dying, silenced…) or when no
  candidate is legal (a knife with no knife count left: 「本项当夜不可选」);
* ``targets`` — the candidate seats it may name, ``greyed`` — the candidates shown but refused (a target
  already shielded: 「系统应将该目标置灰」); a seat out of the game is no candidate;
* ``options`` — for each enumerated field of the skill (an evolution's direction), the values it may
  submit; a refused value is not presented (「无空位的方向当夜 UI 不予呈现」).

The book says what a probe looks like (:class:`MenuShape` through ``BaseGame.menu_shape``) and how an
action with fields is built (``BaseGame.menu_action``); everything else is generic.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ruleproof.runtime.model import IllegalAction

if TYPE_CHECKING:
    from ruleproof.runtime.game import BaseGame


@dataclass(frozen=True)
class MenuShape:
    """How a skill's options are probed: whether it names targets (each candidate seat probed on its own),
    the enumerated fields whose values are probed one by one, and the fields every probe carries (an
    amount the skill's check requires)."""

    targets: bool
    options: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    defaults: Mapping[str, Any] = field(default_factory=dict)


def _legal(
    g: BaseGame[Any], seat: int, skill: str, targets: tuple[int, ...], fields: Mapping[str, Any]
) -> bool:
    """Whether the action would pass the step's checks now (on a copy: checks may record what they saw)."""
    c = g.probe_copy()
    a = c.menu_action(seat, skill, targets, fields)
    pl = c.players[seat - 1]
    try:
        c.submitted = (a,)
        c.check_common(pl, a)
        c.impl(a).check(c, pl, a)
    except IllegalAction:
        return False
    return True


def seat_menu(g: BaseGame[Any], seat: int, step: str) -> dict[str, dict[str, Any]]:
    """Every skill ``seat`` is offered at ``step`` now, with its options (see the module's docstring)."""
    pl = g.players[seat - 1]
    out: dict[str, dict[str, Any]] = {}
    if not pl.alive:
        return out
    for key, info in g.rules.info.items():
        if step not in info.steps or not info.implemented or key not in g.rules.skills:
            continue
        if pl.role not in info.roles and pl.true_role not in info.roles:
            continue
        impl = g.rules.skills[key]
        if not impl.capable(g, pl, g.menu_action(seat, key, (), {})) or not impl.available(g, pl):
            continue
        shape = g.menu_shape(pl, key)
        if shape is None:
            continue
        entry: dict[str, Any] = {}
        base: tuple[int, ...] = ()
        if shape.targets:
            candidates = [p.n for p in g.players if p.alive or impl.targets_may_be_out]
            legal = [t for t in candidates if _legal(g, seat, key, (t,), shape.defaults)]
            if not legal:
                continue
            entry["targets"] = legal
            entry["greyed"] = [t for t in candidates if t not in legal]
            base = (legal[0],)
        elif not shape.options and not _legal(g, seat, key, (), shape.defaults):
            continue
        if shape.options:
            options = {
                name: [v for v in values if _legal(g, seat, key, base, {**shape.defaults, name: v})]
                for name, values in shape.options.items()
            }
            if not any(options.values()):
                continue
            entry["options"] = options
        out[key] = entry
    return out


def probe_copy(g: BaseGame[Any], shared: Sequence[object] = ()) -> BaseGame[Any]:
    """A deep copy of ``g`` for probing: the event log, the policy, the observers and ``shared`` objects
    (a spec) are not copied."""
    memo: dict[int, Any] = {id(g.events): [], id(g.policy): g.policy}
    for obj in (g.observer, g.decision_observer, *shared):
        if obj is not None:
            memo[id(obj)] = obj
    return copy.deepcopy(g, memo)


__all__ = ["MenuShape", "probe_copy", "seat_menu"]
