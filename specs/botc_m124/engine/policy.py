"""Seeded random play for [M124] 血染钟楼: at each night slot every holder of a player-chosen skill
proposes legal targets (<强制> ones always, others mostly); the day is planned at its start — day skills
in the morning, at most one nomination at 14:00 and its votes — so that every planned action is still
legal at its moment.  The storyteller (system choices) picks uniformly.  Same seed, same game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ruleproof.runtime import Choice, RandomPolicy
from ruleproof.specs.botc_m124.engine import hidden, skills
from ruleproof.specs.botc_m124.engine.model import BotcAction, Player
from ruleproof.specs.botc_m124.engine.registry import DAYTIME, NOMINATE, PENALTY, RULES, VOTE
from ruleproof.specs.botc_m124.roles import ROLES, SKILL_BY_KEY


def propose(g: Any, p: Player, key: str, rng: random.Random) -> BotcAction | None:
    spec = skills.targets_of(g, p, key)
    if key not in skills.TARGETS and key != "amnesiac.unknown":
        return None
    if key == "amnesiac.unknown" and spec.n == 0:
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
    n = spec.n if spec.upto is None else rng.randint(1, g.spec.p(spec.upto))
    for _ in range(n):
        options = skills.target_options(g, p, key, picked)
        if not options:
            return None
        picked.append(rng.choice(options))
    role = None
    if spec.role:
        role = rng.choice(skills.role_options(g, p, key, picked))
    roles: tuple[str, ...] = ()
    if key == "juggler.throw":
        roles = tuple(rng.choice([r.key for r in ROLES]) for _ in picked)
    word = None
    if key == "artist.info":
        word = f"{rng.randint(1, len(g.players))}号是{rng.choice(('恶魔', '爪牙', '邪恶', '善良'))}"
    elif key == "amnesiac.guess":
        word = rng.choice(hidden.AMNESIAC_POOL)
    return BotcAction(p.n, key, tuple(picked), role=role, roles=roles, word=word)


RARE = {"mutant.execute": 0.15, "cerenovus.execute": 0.3, "taskmaster.mad": 0.1, "redcard.forfeit": 0.3}
"""Storyteller rulings random play makes "yes" only now and then (a uniform draw would execute the 畸形秀演员
every other day)."""


class BotcRandomPolicy(RandomPolicy):
    def __init__(self, seed: int) -> None:
        super().__init__(seed, RULES.menus())

    def choose(self, g: Any, key: str, options: Sequence[Choice]) -> Choice | None:
        p = RARE.get(key)
        if p is not None and "yes" in options:
            return "yes" if self.rng.random() < p else options[0]
        return super().choose(g, key, options)

    def actions(self, g: Any, step: str) -> list[Any]:
        if g.current_phase.kind == "day":
            return self.day(g) if step == DAYTIME else []
        out: list[Any] = []
        for p, key in skills.wakers(g, step):
            if key in skills.TARGETS or key == "amnesiac.unknown":
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
        if rng.random() < 0.03:  # now and then the director hands out a card (after the planned votes)
            card = rng.choice(("blue", "blue", "blue", "yellow", "yellow", "red"))
            out.append(BotcAction(rng.choice(g.players).n, PENALTY, (), at=19 * 60 + 30, card=card))
        shot = {
            t for a in out for t in a.targets
        }  # a morning's 猎杀 may kill its target: it does not nominate
        living = [p for p in g.players if g.alive_pred(p) and p.n not in shot]
        if living and rng.random() < 0.85:
            nominator = rng.choice(living)
            nominee = rng.choice(g.players)
            at = g.spec.p("nominate.from")
            out.append(BotcAction(nominator.n, NOMINATE, (nominee.n,), at=at))
            if "goblin.claim" in nominee.held and g.holds(nominee, "goblin.claim") and rng.random() < 0.5:
                out.append(BotcAction(nominee.n, "goblin.claim", (), at=at + 5))
            opens = at + g.spec.p("vote.delay")
            for i, q in enumerate(q for q in g.players if q.out != "red_card"):
                if rng.random() < 0.55:
                    out.append(BotcAction(q.n, VOTE, (nominee.n,), at=opens + 1 + i))
        return out


__all__ = ["BotcRandomPolicy", "propose"]
