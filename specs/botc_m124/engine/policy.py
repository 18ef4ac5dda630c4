"""Seeded random play for [M124] 血染钟楼: at each night slot every holder of a player-chosen skill
proposes legal targets (<强制> ones always, others mostly); the day is planned at its start — day skills
in the morning, at most one nomination at 14:00 and its votes — so that every planned action is still
legal at its moment.  The storyteller (system choices) picks uniformly.  Same seed, same game."""

from __future__ import annotations

import random
from typing import Any

from ruleproof.runtime import RandomPolicy
from ruleproof.specs.botc_m124.engine.model import BotcAction, Player
from ruleproof.specs.botc_m124.engine.registry import DAYTIME, NOMINATE, RULES, VOTE
from ruleproof.specs.botc_m124.roles import ROLES, SKILL_BY_KEY


def propose(g: Any, p: Player, key: str, rng: random.Random) -> BotcAction | None:
    from ruleproof.specs.botc_m124.engine import skills

    spec = skills.TARGETS.get(key)
    if spec is None or key in skills.UNIMPLEMENTED:
        return None
    sk = SKILL_BY_KEY[key]
    if not g.holds(p, key) or sk.passive or (sk.limited and p.held[key].used) or g.has(p.n, "沉默"):
        return None
    if not (p.alive or sk.survives_death):
        return None
    if not skills.timely(g, p, key):
        return None
    if not sk.forced and rng.random() < (0.7 if key != "assassin.assassinate" else 0.25):
        return None
    picked: list[int] = []
    n = spec.n if spec.upto is None else rng.randint(1, spec.upto)
    for _ in range(n):
        options = skills.target_options(g, p, key, picked)
        if not options:
            return None
        picked.append(rng.choice(options))
    role = None
    if spec.role:
        role = rng.choice([r.key for r in ROLES if not spec.good_role or r.good])
    roles: tuple[str, ...] = ()
    if key == "juggler.throw":
        roles = tuple(rng.choice([r.key for r in ROLES]) for _ in picked)
    return BotcAction(p.n, key, tuple(picked), role=role, roles=roles)


class BotcRandomPolicy(RandomPolicy):
    def __init__(self, seed: int) -> None:
        super().__init__(seed, RULES.menus())

    def actions(self, g: Any, step: str) -> list[Any]:
        if g.current_phase.kind == "day":
            return self.day(g) if step == DAYTIME else []
        from ruleproof.specs.botc_m124.engine import skills

        out: list[Any] = []
        for key in skills.slot_skills(step):
            if key not in skills.TARGETS:
                continue
            for p in g.players:
                if key in p.held:
                    a = propose(g, p, key, self.rng)
                    if a is not None:
                        out.append(a)
        return out

    def day(self, g: Any) -> list[Any]:
        rng = self.rng
        out: list[Any] = []
        minute = 600
        for p in g.players:
            for key in sorted(p.held):
                sk = SKILL_BY_KEY[key]
                if sk.time != "白天" or key == "goblin.claim":
                    continue
                if key == "juggler.throw" and g.night != p.held[key].joined:
                    continue
                a = propose(g, p, key, rng)
                if a is not None and rng.random() < 0.5:
                    a.at = minute
                    minute += 5
                    out.append(a)
        living = [p for p in g.players if g.alive_pred(p)]
        if living and rng.random() < 0.85:
            nominator = rng.choice(living)
            nominee = rng.choice(g.players)
            at = g.spec.p("nominate.from")
            out.append(BotcAction(nominator.n, NOMINATE, (nominee.n,), at=at))
            if "goblin.claim" in nominee.held and g.holds(nominee, "goblin.claim") and rng.random() < 0.5:
                out.append(BotcAction(nominee.n, "goblin.claim", (), at=at + 5))
            opens = at + g.spec.p("vote.delay")
            for i, q in enumerate(g.players):
                if rng.random() < 0.55:
                    out.append(BotcAction(q.n, VOTE, (nominee.n,), at=opens + 1 + i))
        return out


__all__ = ["BotcRandomPolicy", "propose"]
