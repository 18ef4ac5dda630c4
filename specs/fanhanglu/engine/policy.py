"""Where 返航录's decisions come from: the runtime's policies (:mod:`ruleproof.runtime.policy`) with this
book's rules — a script's real-time draw offers (1.5.3), the random policy's night plan (the alien declares
its one action up front, 6.5④; the vote inspector decides on a meeting) and the one action per night of
a main slot (2.5.3 / 5.8.1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from ruleproof.runtime.policy import PassPolicy, Policy
from ruleproof.runtime.policy import RandomPolicy as BaseRandomPolicy
from ruleproof.runtime.policy import ScriptPolicy as BaseScriptPolicy
from ruleproof.specs.fanhanglu.engine.game import SKILL_STEP, Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player
from ruleproof.specs.fanhanglu.engine.registry import RULES

# step → [(skill key, implementation, roles, takes the night's action, excludes, own capability)] in spec order
STEP_SKILLS = RULES.menus()

__all__ = ["STEP_SKILLS", "PassPolicy", "Policy", "RandomPolicy", "ScriptPolicy", "plan_options"]


@mypyc_attr(allow_interpreted_subclasses=True)
class FanhangluScriptPolicy(BaseScriptPolicy):
    """The actions of a vector's script: ``nights[n]`` lists the night's actions, ``days[n]`` the day's
    votes, ``orders[n]`` an optional settlement order, ``draws[n]`` the day's wall clock and draw votes
    (1.5.3).  Nights and days without an entry pass."""

    def __init__(
        self,
        nights: Mapping[int, Sequence[Action]],
        days: Mapping[int, Sequence[Action]],
        orders: Mapping[int, Sequence[int]],
        fallback: Policy | None = None,
        last: int = 0,
        draws: Mapping[int, tuple[int, Mapping[int, bool]]] | None = None,
    ) -> None:
        super().__init__(nights, days, orders, step_of=SKILL_STEP, fallback=fallback, last=last)
        self.draws = draws or {}

    def draw(self, g: Game) -> tuple[int, Mapping[int, bool]] | None:
        """1.5.3: the wall clock of this day (minutes since the start) and the draw votes cast, if any."""
        return self.draws.get(g.night)


def plan_options(g: Game, p: Player) -> list[str]:
    """The night plans open to ``p`` (6.5④: the alien's one action declared up front, 6.9.3② escape), as
    the random policy weighs them (a repeated option is drawn more often); empty for other seats."""
    if p.role == "alien":
        options = ["kill", "kill", "ambush", "none"]
        if p.alien_sabotages > 0 and not g.extinction:
            options.append("sabotage")
        if p.self_heal_quota > 0:
            options += ["self_heal", "self_heal"]
        if p.eligible:
            options.append("escape")
        return options
    if p.true_role == "death_row_alien" and p.eligible:
        return ["escape", "none", "none"]
    return []


@mypyc_attr(allow_interpreted_subclasses=True)
class FanhangluRandomPolicy(BaseRandomPolicy):
    """Seeded random legal play: every living player proposes through its skills' ``propose``; at most
    one action of the night per player (2.5.3 / 5.8.1).  Same seed, same game."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, STEP_SKILLS)
        self.planned_night = 0

    def _plan(self, g: Game) -> None:
        """The alien declares its one action of the night up front (6.5④): kill, ambush, sabotage,
        self-heal, escape (6.9.3②) or nothing; the vote inspector decides whether to call the meeting
        (so that everybody's meeting votes follow it at step 10)."""
        self.planned_night = g.night
        for p in g.players:
            if not p.alive:
                continue
            options = plan_options(g, p)
            if options:
                g.plan[p.n] = self.rng.choice(options)
            if p.role == "vote_inspector":
                g.plan[p.n] = "meeting" if self.rng.random() < 0.2 else "none"

    def seats(self, g: Game, step: str) -> Sequence[int]:
        """By day every living player votes, around a focus drawn for the day; by night the settlement
        order, after the night's plan."""
        if step == "day":
            living = [p.n for p in g.players if p.alive]
            g.day_focus = self.rng.choice(living) if living else 0
            return living
        if self.planned_night != g.night:
            self._plan(g)
        return g.order

    def begin(self, g: Game, step: str) -> None:
        g.proposed = set()

    def main_done(self, g: Game, p: Player) -> bool:
        night = g.night
        return p.main_night == night or p.no_main_night == night

    def excluded(self, p: Player, excludes: tuple[str, ...]) -> bool:
        return not p.used.isdisjoint(excludes)

    def proposed(self, g: Game, p: Player, key: str) -> None:
        g.proposed.add((p.n, key))

    def probe(self, p: Any, key: str) -> Action:
        return Action(p.n, key, (p.n,))


# The book's policies under their usual names.  (Their classes are named apart from the runtime's: a compiled
# build — setup.py — would otherwise give a subclass and its base of the same name one C symbol.)
ScriptPolicy = FanhangluScriptPolicy
RandomPolicy = FanhangluRandomPolicy
