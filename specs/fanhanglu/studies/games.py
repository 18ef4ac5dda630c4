"""One study game of 返航录 and what it shows: the game is played with the study's policy table, and a
referee-side record (which may read everything: it measures, it does not decide) collects the figures
the author's questions need."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.setup import random_roles
from ruleproof.specs.fanhanglu.studies.view import StudyPolicy
from ruleproof.studies.policy import PolicyTable

ALIEN_ROLES = frozenset({"alien", "death_row_alien"})


@dataclass
class Record:
    """What the referee saw of one game (filled by the observer after every step)."""

    alien: int = 0
    eligible_night: int = 0
    eligible_score: int = 0  # hundredths
    witnesses_at_eligible: int = 0
    craftsman: int = 0
    quick_fifo: list[int] = field(default_factory=list)  # arrival night of each quick piece in stock
    quick_seen: int = 0
    stock_seen: int = 0
    dwell: list[int] = field(default_factory=list)  # nights each handed-out quick piece stayed in stock
    craftsman_exit_stock: int | None = None
    first_three_night: int = 0  # first night ending with at most 3 players in the game


@dataclass(frozen=True)
class Setup:
    spec: Spec
    variants: Mapping[str, str]
    table: PolicyTable
    track: bool  # run the observer (studies that need timed figures)


def witnesses(g: Game, alien: int) -> int:
    """Living players who were told the alien's number by a bloodstain notice (7.2.7)."""
    told = {to for e in g.events if e.kind == "bloodstain" and e.data.get("attacker") == alien for to in e.to}
    return sum(1 for n in told if g.players[n - 1].alive)


def play(setup: Setup, seed: int) -> tuple[Game, Record]:
    roles = random_roles(seed, setup.variants)
    rec = Record()
    rec.alien = next((i + 1 for i, r in enumerate(roles) if r in ALIEN_ROLES), 0)
    rec.craftsman = next((i + 1 for i, r in enumerate(roles) if r == "craftsman"), 0)

    def observe(g: Any, night: int, step: str) -> None:
        if rec.alien and not rec.eligible_night:
            a = g.players[rec.alien - 1]
            if a.eligible:
                rec.eligible_night, rec.eligible_score = night, a.escape_score
                rec.witnesses_at_eligible = witnesses(g, rec.alien)
        if rec.craftsman and rec.craftsman_exit_stock is None:
            c = g.players[rec.craftsman - 1]
            if not c.alive:
                rec.craftsman_exit_stock = rec.stock_seen
            else:
                q = c.quick_stock
                if q > rec.quick_seen:
                    rec.quick_fifo += [night] * (q - rec.quick_seen)
                elif q < rec.quick_seen:
                    for _ in range(rec.quick_seen - q):
                        rec.dwell.append(night - rec.quick_fifo.pop(0))
                rec.quick_seen = q
                rec.stock_seen = c.armor_stock + q
        if (
            step == "11"
            and not rec.first_three_night
            and g.result is None
            and sum(1 for p in g.players if p.alive) <= 3
        ):
            rec.first_three_night = night

    policy = StudyPolicy(seed, setup.table)
    g = Game(setup.spec, roles, policy, seed=seed, observer=observe if setup.track else None)
    g.run()
    return g, rec


__all__ = ["ALIEN_ROLES", "Record", "Setup", "play", "witnesses"]
