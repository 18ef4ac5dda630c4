"""Where decisions come from: a vector's script, a seeded random legal policy, or everyone passing."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action
from ruleproof.specs.fanhanglu.engine.registry import SKILL_IMPLS, SkillImpl
from ruleproof.specs.fanhanglu.roles import SKILLS, skill_steps
from ruleproof.specs.model import Slot

# step → [(skill key, implementation, roles, takes the night's action)] in spec order
Option = tuple[str, SkillImpl, frozenset[str], bool, tuple[str, ...], bool]
STEP_SKILLS: dict[str, list[Option]] = {}
for _s in SKILLS:
    if _s.implemented and _s.key in SKILL_IMPLS:
        _impl = SKILL_IMPLS[_s.key]
        _custom = type(_impl).capable is not SkillImpl.capable  # an own capability rule (e.g. rescue)
        for _step in skill_steps(_s):  # a skill with several windows is proposed at each (6.9.3①)
            STEP_SKILLS.setdefault(_step, []).append(
                (_s.key, _impl, frozenset(_s.roles), _s.slot is Slot.MAIN, _s.excludes, _custom)
            )


class PassPolicy:
    """Nobody does anything (2.4.1: every player may pass)."""

    def actions(self, g: Game, step: str) -> list[Action]:
        return []

    def order(self, g: Game, night: int) -> Sequence[int] | None:
        return None


class ScriptPolicy:
    """The actions of a vector's script: ``nights[n]`` lists the night's actions, ``days[n]`` the day's
    votes, ``orders[n]`` an optional settlement order.  Nights and days without an entry pass."""

    def __init__(
        self,
        nights: Mapping[int, Sequence[Action]],
        days: Mapping[int, Sequence[Action]],
        orders: Mapping[int, Sequence[int]],
        fallback: PassPolicy | RandomPolicy | None = None,
        last: int = 0,
        draws: Mapping[int, tuple[int, Mapping[int, bool]]] | None = None,
    ) -> None:
        self.nights = nights
        self.days = days
        self.orders = orders
        self.draws = draws or {}
        self.fallback = fallback
        self.last = last  # the last scripted night/day; after it the fallback decides

    def _scripted(self, night: int) -> bool:
        return night <= self.last or self.fallback is None

    def actions(self, g: Game, step: str) -> list[Action]:
        if not self._scripted(g.night):
            return self.fallback.actions(g, step) if self.fallback else []
        if step == "day":
            return list(self.days.get(g.night, ()))
        return [a for a in self.nights.get(g.night, ()) if (a.step or _step_of(a.skill)) == step]

    def order(self, g: Game, night: int) -> Sequence[int] | None:
        if not self._scripted(night):
            return self.fallback.order(g, night) if self.fallback else None
        return self.orders.get(night)

    def draw(self, g: Game) -> tuple[int, Mapping[int, bool]] | None:
        """1.5.3: the wall clock of this day (minutes since the start) and the draw votes cast, if any."""
        return self.draws.get(g.night)


def _step_of(skill: str) -> str:
    from ruleproof.specs.fanhanglu.engine.game import SKILL_STEP

    return SKILL_STEP.get(skill, "?")


class RandomPolicy:
    """Seeded random legal play: every living player proposes through its skills' ``propose``; at most
    one action of the night per player (2.5.3 / 5.8.1).  Same seed, same game."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"policy:{seed}")
        self.planned_night = 0
        # step → (role, true role) → the step's skills such a player may use, in spec order
        self._menus: dict[str, dict[tuple[str, str], list[Option]]] = {}

    def order(self, g: Game, night: int) -> Sequence[int] | None:
        return None

    def _plan(self, g: Game) -> None:
        """The alien declares its one action of the night up front (6.5④): kill, ambush, sabotage,
        self-heal, escape (6.9.3②) or nothing; the vote inspector decides whether to call the meeting
        (so that everybody's meeting votes follow it at step 10)."""
        self.planned_night = g.night
        for p in g.players:
            if not p.alive:
                continue
            if p.role == "alien":
                options = ["kill", "kill", "ambush", "none"]
                if p.alien_sabotages > 0 and not g.extinction:
                    options.append("sabotage")
                if p.self_heal_quota > 0:
                    options += ["self_heal", "self_heal"]
                if p.eligible:
                    options.append("escape")
                g.plan[p.n] = self.rng.choice(options)
            elif p.true_role == "death_row_alien" and p.eligible:
                g.plan[p.n] = self.rng.choice(("escape", "none", "none"))
            if p.role == "vote_inspector":
                g.plan[p.n] = "meeting" if self.rng.random() < 0.2 else "none"

    def actions(self, g: Game, step: str) -> list[Action]:
        rng = self.rng
        if step == "day":
            living = [p.n for p in g.players if p.alive]
            g.day_focus = rng.choice(living) if living else 0
            order: Sequence[int] = living
        else:
            if self.planned_night != g.night:
                self._plan(g)
            order = g.order
        options = STEP_SKILLS.get(step)
        if not options:
            return []
        menus = self._menus.setdefault(step, {})
        out: list[Action] = []
        night = g.night
        g.proposed = set()
        for n in order:
            p = g.players[n - 1]
            if not p.alive:
                continue
            main_done = p.main_night == night or p.no_main_night == night
            menu = menus.get((p.role, p.true_role))
            if menu is None:
                menu = menus[(p.role, p.true_role)] = [
                    o for o in options if p.role in o[2] or p.true_role in o[2]
                ]
            for key, impl, _roles, main, excludes, custom in menu:
                if (main and main_done) or (excludes and not p.used.isdisjoint(excludes)):
                    continue
                if not (impl.capable(g, p, Action(p.n, key, (p.n,))) if custom else g.capable(p, key)):
                    continue
                a = impl.propose(g, p, rng)
                if a is not None:
                    out.append(a)
                    g.proposed.add((p.n, key))
                    if main:
                        main_done = True
        return out
