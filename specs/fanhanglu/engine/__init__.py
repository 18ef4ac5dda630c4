"""The 返航录 reference engine.

* :func:`play_random` — one seeded random game; :class:`Game` — the engine itself;
* :func:`run_vector` / :func:`check_expectations` — replay a ``ruleproof-vector/1`` scenario;
* :mod:`ruleproof.specs.fanhanglu.engine.registry` — extension points for new roles and skills.

See docs/engine.md.
"""

from __future__ import annotations

from ruleproof.specs.fanhanglu import Spec, load_spec
from ruleproof.specs.fanhanglu.engine import skills as _skills  # noqa: F401  (registers every skill)
from ruleproof.specs.fanhanglu.engine.game import Game, Result
from ruleproof.specs.fanhanglu.engine.model import Action, Event, IllegalAction, NotImplementedRule, Player
from ruleproof.specs.fanhanglu.engine.policy import PassPolicy, RandomPolicy, ScriptPolicy
from ruleproof.specs.fanhanglu.engine.runner import Mismatch, Outcome, check_expectations, replay, run_vector
from ruleproof.specs.fanhanglu.engine.setup import random_roles

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Mismatch",
    "NotImplementedRule",
    "Outcome",
    "PassPolicy",
    "Player",
    "RandomPolicy",
    "Result",
    "ScriptPolicy",
    "check_expectations",
    "play_random",
    "random_roles",
    "replay",
    "run_vector",
]


def play_random(seed: int, spec: Spec | None = None, observer: object = None) -> Game:
    """Play one full game with seeded random roles and seeded random legal decisions."""
    spec = spec or load_spec()
    g = Game(spec, random_roles(seed), RandomPolicy(seed), seed=seed, observer=observer)  # type: ignore[arg-type]
    g.run()
    return g
