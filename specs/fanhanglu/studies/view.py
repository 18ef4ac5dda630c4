"""返航录's study policy: the engine's seeded random play, with named plug-ins deciding for the seats a
policy table names — each plug-in seeing a :class:`~ruleproof.studies.policy.View` of its own player only.

What a view holds, and the clause that lets the player know it:

* its seat number, the role whose skills it uses and its own faction (its identity card, 1.1 / 2.8.1);
* who is still in the game (deaths and exiles are published: batch ⑥, batch ⑩; 2.1.7);
* its teammates when its rules name them: the three xenos know each other (1.1 「异形 3 互相知晓队友身份」);
* every public event (the batches, the public vote-source map, the accusation marker) and the private
  events addressed to it (feedback, results, the alien's own score, the doctors' view of the dying);
* its own counters listed in :data:`OWN_FIELDS` (its quotas, stock, bullets, its escape score — 6.9.2⑤
  「本人可见」): never its infection mark (3.3.10: the infected are not told), never anybody else's state.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any

from ruleproof.errors import UserError
from ruleproof.runtime.model import Event
from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, IllegalAction, Player
from ruleproof.specs.fanhanglu.engine.policy import RandomPolicy, plan_options
from ruleproof.specs.fanhanglu.engine.snapshot import PLAYER_FIELDS
from ruleproof.studies.policy import KEEP, Act, Plugin, PolicyTable, View

OWN_FIELDS: tuple[str, ...] = (
    "bullets",
    "heal",
    "rescue",
    "self_rescue",
    "poison_quota",
    "antidote_quota",
    "armor_stock",
    "quick_stock",
    "forge_progress",
    "safe_rooms",
    "disguises",
    "alien_sabotages",
    "self_heal_quota",
    "immunity",
    "knife_count",
    "direction",
    "revives",
    "vaccines",
    "escape_score",
    "escape_eligible",
    "awakened",
)
"""The seat's own counters a view carries (each one a state field the seat's role sheet tells its holder)."""

_GETTERS = {k: PLAYER_FIELDS[k] for k in OWN_FIELDS}

TEAM_FACTIONS = frozenset({"xenos"})
"""Factions whose members know each other (1.1: 异形 3 互相知晓队友身份)."""


class StudyPolicy(RandomPolicy):
    """The engine's :class:`RandomPolicy` (same random stream), with plug-ins deciding for the seats the
    table names.  Every plug-in action goes through the engine's checks; an illegal one is refused and the
    random candidate kept."""

    def __init__(self, seed: int, table: PolicyTable) -> None:
        super().__init__(seed)
        self.table = table
        self.game_seed = seed
        self._public: list[Event] = []
        self._inbox: dict[int, list[Event]] = {}
        self._seen = 0
        self._rngs: dict[int, random.Random] = {}
        self._team: dict[int, frozenset[int]] = {}
        self._memo: dict[int, dict[str, Any]] = {}

    # ── views ────────────────────────────────────────────────────────────────────────────────

    def _sync(self, g: Game) -> None:
        """File the events since the last decision: public ones for everybody, private ones per seat."""
        events = g.events
        for e in events[self._seen :]:
            if e.audience == "public":
                self._public.append(e)
            elif e.audience == "private":
                for to in e.to:
                    self._inbox.setdefault(to, []).append(e)
        self._seen = len(events)

    def view(self, g: Game, p: Player) -> View:
        self._sync(g)
        if not self._team:
            for faction in TEAM_FACTIONS:
                members = frozenset(q.n for q in g.players if q.faction == faction)
                for n in members:
                    self._team[n] = members - {n}
        own = {k: get(g, p) for k, get in _GETTERS.items()}
        return View(
            p.n,
            p.role,
            p.faction,
            g.night,
            g.step,
            tuple(q.n for q in g.players if q.alive),
            self._team.get(p.n, frozenset()),
            self._public,
            self._inbox.setdefault(p.n, []),
            own,
            g.spec.params,
            self._memo.setdefault(p.n, {}),
        )

    def prng(self, n: int) -> random.Random:
        r = self._rngs.get(n)
        if r is None:
            r = self._rngs[n] = random.Random(f"plugin:{self.game_seed}:{n}")
        return r

    def plugin(self, p: Player) -> Plugin | None:
        return self.table.for_seat(p.role, p.true_role, p.faction)

    # ── decisions ────────────────────────────────────────────────────────────────────────────

    def pick(self, g: Any, p: Any, key: str, impl: Any, rng: random.Random) -> Action | None:
        proposal: Action | None = impl.propose(g, p, rng)
        plugin = self.plugin(p)
        if plugin is None or (plugin.skills is not None and key not in plugin.skills):
            return proposal
        if type(plugin).decide is Plugin.decide:
            return proposal
        d = plugin.decide(self.view(g, p), key, proposal.targets if proposal else None, self.prng(p.n))
        if d is KEEP:
            return proposal
        if not isinstance(d, Act):
            return None
        a = _action(p.n, key, d, proposal)
        saved = _STATE(p)
        try:  # the engine's own checks (they may claim the night's main slot: undone if refused)
            g.check_common(p, a)
            impl.check(g, p, a)
        except IllegalAction:
            for name, value in zip(_SLOTS, saved, strict=True):
                setattr(p, name, value)
            return proposal
        return a

    def _plan(self, g: Game) -> None:
        super()._plan(g)
        for p in g.players:
            if not p.alive:
                continue
            plugin = self.plugin(p)
            if plugin is None or type(plugin).plan is Plugin.plan:
                continue
            options = plan_options(g, p)
            if not options:
                continue
            choice = plugin.plan(self.view(g, p), tuple(dict.fromkeys(options)), self.prng(p.n))
            if choice in options:
                g.plan[p.n] = choice


def _attrs(cls: type) -> tuple[str, ...]:
    """An engine class's instance fields: ``__slots__`` when interpreted, ``__mypyc_attrs__`` when compiled."""
    return tuple(
        dict.fromkeys(
            name
            for c in cls.__mro__
            for name in (*getattr(c, "__slots__", ()), *getattr(c, "__mypyc_attrs__", ()))
            if not name.startswith("__")
        )
    )


_SLOTS = _attrs(Player)
_STATE = operator.attrgetter(*_SLOTS)  # a seat's whole state as a tuple (every field is set in __init__)
_ACTION_FIELDS = _attrs(Action)


def _action(actor: int, key: str, d: Act, proposal: Action | None) -> Action:
    """The plug-in's action: the random candidate with the plug-in's targets and fields, or a new one."""
    a = Action(actor, key, d.targets)
    if proposal is not None:
        for name in _ACTION_FIELDS:
            if name != "targets":
                setattr(a, name, getattr(proposal, name))
    for name, value in d.fields.items():
        if name not in _ACTION_FIELDS or name in ("actor", "skill", "targets"):
            raise UserError(
                f"策略插件为 {key} 给出了不存在的行动字段 {name!r}",
                f"a policy plug-in gave {key} an action field that does not exist: {name!r}",
            )
        setattr(a, name, value)
    return a


def views_of(policy: StudyPolicy) -> Mapping[str, Any]:
    """For tests: what the policy has filed (public events, inboxes)."""
    return {"public": policy._public, "inbox": policy._inbox}


__all__ = ["OWN_FIELDS", "TEAM_FACTIONS", "StudyPolicy", "views_of"]
