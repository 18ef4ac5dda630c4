"""Running the engine for the differential tests: a seeded random game with every submitted action and a
copy of the live state recorded after every step, so each model's inputs can be read off the engine and
its predicted states compared with the engine's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine import Game, RandomPolicy, random_roles
from ruleproof.specs.fanhanglu.engine.model import Action, Event


class Recorder:
    """A policy wrapper remembering what was submitted, per (night, step)."""

    def __init__(self, inner: RandomPolicy) -> None:
        self.inner = inner
        self.log: dict[tuple[int, str], list[Action]] = {}

    def actions(self, g: Game, step: str) -> list[Action]:
        acts = self.inner.actions(g, step)
        self.log[(g.night, step)] = list(acts)
        return acts

    def order(self, g: Game, night: int) -> Sequence[int] | None:
        return self.inner.order(g, night)


@dataclass
class Run:
    game: Game
    rec: Recorder
    seen: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)

    def at(self, night: int, step: str) -> dict[str, Any] | None:
        return self.seen.get((night, step))

    index: dict[tuple[int, str], list[Event]] | None = None

    def events(self, night: int, kind: str) -> list[Event]:
        if self.index is None:
            self.index = {}
            for e in self.game.events:
                self.index.setdefault((e.night, e.kind), []).append(e)
        return self.index.get((night, kind), [])

    def submitted(self, night: int, step: str, skill: str) -> list[Action]:
        return [a for a in self.rec.log.get((night, step), []) if a.skill == skill]

    def executed(self, night: int, step: str, skill: str) -> list[Action]:
        """Submitted actions of ``skill`` that were carried out (not logged ``not_executed``)."""
        skipped = {
            e.data["actor"]
            for e in self.events(night, "not_executed")
            if e.step == step and e.data["skill"] == skill
        }
        return [a for a in self.submitted(night, step, skill) if a.actor not in skipped]

    @property
    def nights(self) -> int:
        return self.game.night


def play(
    seed: int, spec: Spec, grab: Callable[[Game], dict[str, Any]], variants: dict[str, str] | None = None
) -> Run:
    """One seeded random game; ``grab(g)`` is stored after every step and every day."""
    rec = Recorder(RandomPolicy(seed))
    run: Run | None = None

    def observe(g: Game, night: int, step: str) -> None:
        assert run is not None
        run.seen[(night, step)] = grab(g)

    g = Game(spec, random_roles(seed, variants), rec, seed=seed, observer=observe)
    run = Run(g, rec)
    g.run()
    return run
