"""A random game written down as a ``ruleproof-vector/1`` scenario: the actions the seeded random policy
submitted and the engine executed (proposals that lapsed at their moment are left out), and every choice
in the order the rules asked — so a game the random search found (a PS2 tie) replays on any engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.runtime.policy import Choice
from ruleproof.smt.invariant import spec_header
from ruleproof.specs.jiejie140 import BOOK_ID, Spec
from ruleproof.specs.jiejie140.engine.game import Game
from ruleproof.specs.jiejie140.engine.model import JAction
from ruleproof.specs.jiejie140.engine.policy import JiejieRandomPolicy
from ruleproof.specs.jiejie140.engine.runner import ENGINE
from ruleproof.specs.jiejie140.names import MIRROR
from ruleproof.vectors.format import new_vector


class Recording(JiejieRandomPolicy):
    """The random policy, keeping what it submitted and what it chose."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.submitted: list[tuple[str, int, JAction]] = []
        self.picks: list[tuple[str, int, str, Choice]] = []

    def actions(self, g: Any, step: str) -> list[Any]:
        out = super().actions(g, step)
        half = g.current_phase.kind
        self.submitted.extend((half, g.night, a) for a in out if isinstance(a, JAction))
        return out

    def choose(self, g: Any, key: str, options: Sequence[Choice]) -> Choice | None:
        pick = super().choose(g, key, options)
        if pick is not None:
            self.picks.append((g.current_phase.kind, g.night, key, pick))
        return pick


def record(spec: Spec, seed: int) -> tuple[Game, dict[str, Any]]:
    """Play the seeded random game and return it with its scenario (expectation: its final result)."""
    roles = ENGINE.random_roles(seed)
    policy = Recording(seed)
    g = ENGINE.new_game(spec, roles, policy, seed=seed, observer=None, stop_after=None)
    assert isinstance(g, Game)
    g.run()
    items: dict[tuple[str, int], dict[str, Any]] = {}
    for half, n, a in policy.submitted:
        if a.void:
            continue
        item = items.setdefault((half, n), {half: n, "actions": []})
        act = a.to_json()
        act.pop("deferred", None)
        item["actions"].append(act)
    for half, n, key, pick in policy.picks:
        item = items.setdefault((half, n), {half: n})
        item.setdefault("choices", []).append({"choice": key, "pick": pick})
    order = {"day": 0, "night": 1}
    script = [items[k] for k in sorted(items, key=lambda k: (k[1], order[k[0]]))]
    players = {}
    for i, r in enumerate(roles, start=1):
        identity, _, faction = r.partition("@")
        players[str(i)] = r if identity in _MEMBERS and faction in MIRROR else identity
    result = g.result.to_json() if g.result else None
    final = {k: result[k] for k in ("winner", "night", "node", "row")} if result else None
    vector = new_vector(
        BOOK_ID,
        spec_header(spec),
        {"players": players, "seed": seed},
        id=f"random-game-{seed}",
        title=f"随机对局（种子 {seed}）的完整记录",
        description="由随机策略对局记下的脚本：执行了的行动与规则所问的每个选择，依次回放。",
        cites=["胜负判定"],
        script=script,
        run="pass",  # after the last scripted item everybody passes: the game ends as it did
        expect=[{"final": final}],
    )
    return g, vector


_MEMBERS = frozenset(
    {
        "sensor",
        "clearsight",
        "thinker",
        "whisperer",
        "transmitter",
        "foreseer",
        "inheritor",
        "supporter",
        "silencer",
        "synchronizer",
        "guide",
    }
)

__all__ = ["Recording", "record"]
