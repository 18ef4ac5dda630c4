"""Seeded random games (Hypothesis chooses the seeds, and in one shard the readings; 2,000 games in all)
run to their end or to the engine's cap without an exception, and their traces keep what the text states
(invariants/jiejie140/traces.py: one exit per seat, announced exits never targeted, every tally as the
threshold cell says and as the ballots recount, limits, 不可对同一目标连续使用, super skills in a charge
window, 灵能护盾, the arbiter, PS1 / PS2, 遗泽 / 消逝, one reaction per trigger).  The 2,000 games are counted in the heavy job (``pytest -m heavy``, run by
.ci/run every time); the suite plays a quick sample of each test (4 × 60 = 240 games, tests/games.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from ruleproof.invariants.jiejie140.traces import violations
from ruleproof.specs.jiejie140 import SWITCHES, load_spec
from ruleproof.specs.jiejie140.engine.runner import ENGINE
from tests.games import run, sizes

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
SHARDS: dict[str, dict[str, str]] = {
    "defaults": {},
    "alternatives": {s.key: s.choices[1] for s in SWITCHES if s.key != "setup.member_pool"},
    "dynamic-day-start": {"night.mode": "dynamic", "win.check": "day_start", "day.scope": "period"},
}
GAMES = 500  # per shard; 4 shards → 2,000 games under heavy
QUICK = 60


def play(interpretation: dict[str, str], seed: int) -> Any:
    spec = load_spec(interpretation=interpretation)
    g = ENGINE.random_game(spec, seed)
    factions = {p.n: p.faction for p in g.players}
    g.run()
    return g, factions


@sizes(full=GAMES, quick=QUICK)
@pytest.mark.parametrize("shard", sorted(SHARDS))
def test_random_games_keep_the_stated_invariants(shard: str, games: int) -> None:
    def one(seed: int) -> None:
        g, factions = play(SHARDS[shard], seed)
        assert violations(g, factions) == [], seed

    run(games, one, SEEDS, shard=f"jiejie140:{shard}")


READINGS = st.fixed_dictionaries(
    {s.key: st.sampled_from(s.choices) for s in SWITCHES if s.key != "setup.member_pool"}
)


@sizes(full=GAMES, quick=QUICK)
def test_random_games_under_random_readings(games: int) -> None:
    def one(seed: int, readings: dict[str, str]) -> None:
        g, factions = play(readings, seed)
        assert violations(g, factions) == [], (seed, readings)

    run(games, one, SEEDS, READINGS, shard="jiejie140:random-readings")


def test_same_seed_same_game() -> None:
    a, _ = play({}, 12345)
    b, _ = play({}, 12345)
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert a.result is not None and b.result is not None and a.result.to_json() == b.result.to_json()


def test_the_monitors_can_fail() -> None:
    """A trace with a second death of one seat, a ballot on an announced seat and a tally against its cell
    is reported, each with its sentence."""
    g, factions = play({}, 7)
    from ruleproof.runtime.model import Event

    dead = next(e for e in g.events if e.kind == "death")
    g.events.append(dead)
    g.events.append(
        Event(
            99,
            "1",
            "tally",
            "system",
            (),
            {
                "skill": "telekinesis",
                "faction": "eternal",
                "target": 1,
                "votes": 1,
                "alive": 6,
                "passed": True,
            },
        )
    )
    found = violations(g, factions)
    assert any(v.startswith("出局「每名角色仅能出局一次」") for v in found)
    assert any(v.startswith("阵营技能「票数超过阵营内当前存活人数一半」") for v in found)
