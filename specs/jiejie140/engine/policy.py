"""Seeded random legal play for [140]乘风破浪的姐姐2: at each step every seat that may act walks the skills
it holds *now* (its identity's, a faction's ballot, an office, what 英灵召唤 / 绝境先驱 / 同步链接 gave it) and
lets each propose; proposals pass the same checks a vector's actions do.  The day's proposals carry random
moments; a proposal that its moment finds illegal (its actor died earlier that day) lapses.  Each faction
agrees on one ballot target a day, so that tallies can pass."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.runtime.model import Action
from ruleproof.runtime.policy import Choice, RandomPolicy
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.engine.registry import AUTOMATIC, RULES


class JiejieRandomPolicy(RandomPolicy):
    def __init__(self, seed: int) -> None:
        super().__init__(seed, RULES.menus())
        self.at_step: dict[str, frozenset[str]] = {}
        for key, si in RULES.info.items():
            if key in AUTOMATIC or key == nm.ARBITER_APPLY:
                continue
            for st in si.steps:
                self.at_step[st] = self.at_step.get(st, frozenset()) | {key}

    def choose(self, g: Any, key: str, options: Sequence[Choice]) -> Choice | None:
        return self.rng.choice(list(options)) if options else None

    def actions(self, g: Any, step: str) -> list[Action]:
        rng = self.rng
        out: list[Action] = []
        here = self.at_step.get(step, frozenset())
        for n in g.order or [p.n for p in g.players]:
            p = g.players[n - 1]
            if p.red:
                continue
            mine: list[Action] = []
            for key in g.skills_of(p):
                if key not in here:
                    continue
                if not p.alive and not g.acting_dead_ok(p, key):
                    continue
                impl = g.rules.skills.get(key)
                if impl is None:
                    continue
                a = impl.propose(g, p, rng)
                if a is not None:
                    mine.append(a)
            if step == "stream" and not mine and p.alive:
                impl = g.rules.skills[nm.ARBITER_APPLY]
                a = impl.propose(g, p, rng)
                if a is not None:
                    mine.append(a)
            out.extend(mine)
        return out


__all__ = ["JiejieRandomPolicy"]
