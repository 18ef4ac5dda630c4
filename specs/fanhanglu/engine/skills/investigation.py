"""Detective (4.7): checks, the fixed-size checked pool, announcements; bodyguard (4.8): protection and
attack-type perception; batch ③ and the 7.2.1 check-source feedback."""

from __future__ import annotations

import random
from typing import Any

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, hook, skill
from ruleproof.specs.fanhanglu.engine.skills.crew import add_check_source, flush_check_sources
from ruleproof.specs.fanhanglu.engine.skills.util import checked_role, living, living_others, with_original
from ruleproof.specs.fanhanglu.kernels import PY, pool_lookup, pool_record
from ruleproof.specs.fanhanglu.roles import ROLES

ROLE_INDEX = {r.key: n + 1 for n, r in enumerate(ROLES)}  # a pool value is a role number (0 = none)


def pool_slots(g: Game, p: Player) -> tuple[list[int], list[int], list[bool]]:
    """The detective's pool (first-entry order) as the kernel's fixed slots (``detective.pool_size``)."""
    size = g.p("detective.pool_size")
    entries = p.pool[:size]
    pad = size - len(entries)
    return (
        [e[0] for e in entries] + [0] * pad,
        [ROLE_INDEX[e[1]] for e in entries] + [0] * pad,
        [True] * len(entries) + [False] * pad,
    )


def pool_from(slots: tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]) -> list[list[Any]]:
    targets, values, used = slots
    return [[t, ROLES[v - 1].key] for t, v, u in zip(targets, values, used, strict=True) if u]


@skill
class DetectiveCheck(SkillImpl):
    key = "detective_check"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if a.targets[0] == p.n:
            raise g.illegal("4.7.1", "目标须为其他存活玩家（不可查验自己）", "cannot check oneself", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.players[a.targets[0] - 1]
        add_check_source(g, t.n, "detective")
        role = checked_role(g, t)  # 呈现职业; only a strong disguise fools the detective (7.3.0②)
        g.private(p.n, "detective_result", {"target": t.n, "role": role})
        p.pool = pool_from(pool_record(PY, *pool_slots(g, p), t.n, ROLE_INDEX[role]))  # 4.7.3

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() < 0.2:
            return None
        return Action(p.n, "detective_check", (rng.choice(living_others(g, p)),))


@skill
class DetectiveAnnounce(SkillImpl):
    key = "detective_announce"
    dead_target_clause = "4.7.5"  # 目标须仍存活

    def check(self, g: Game, p: Player, a: Action) -> None:
        found, _ = pool_lookup(PY, *pool_slots(g, p), a.targets[0])
        if not found:
            raise g.illegal("4.7.5", "仅可发布已查验池内目标", "only a target in the checked pool", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = a.targets[0]
        _, value = pool_lookup(PY, *pool_slots(g, p), t)  # 4.7.3 快照锁定: the value locked in the pool
        g.announcements.append({"player": t, **with_original(ROLES[value - 1].key)})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        alive = [e[0] for e in p.pool if g.players[e[0] - 1].alive]
        return (
            Action(p.n, "detective_announce", (rng.choice(alive),)) if alive and rng.random() < 0.3 else None
        )


@hook("2", "post")
def _check_batch(g: Game) -> None:
    """Batch ③ (2.1.7③): total check count (incl. 0.1 ambushes), patrol head count, announcements."""
    flush_check_sources(g)
    g.publish("3", None, {"checks": g.checks, "patrol": g.patrolled, "announcements": g.announcements})


@hook("0.1", "post")
def _ambush_sources(g: Game) -> None:
    flush_check_sources(g)


@skill
class Protect(SkillImpl):
    key = "protect"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if a.targets[0] == p.last_protected and p.guard_night == g.night - 1:
            raise g.illegal("4.8.1", "不可连续两夜保护同一目标", "not the same target two nights running", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        q = g.players[a.targets[0] - 1]
        q.protect_night, q.protect_dmg, q.protect_inf, q.protected_by = g.night, True, True, p.n
        p.last_protected, p.guard_night = q.n, g.night
        g.private(q.n, "protected", {})  # 7.2.5
        if q.poison_fell_night == g.night and g.interp["poison.perceived_when_due"] == "also_when_due":
            g.private(p.n, "attack_type", {"type": "poison"})  # 4.8.3 read on the poison falling due at 0.55

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() < 0.15:
            return None
        choices = [n for n in living(g) if not (n == p.last_protected and p.guard_night == g.night - 1)]
        return Action(p.n, "protect", (rng.choice(choices),)) if choices else None
