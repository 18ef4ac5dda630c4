"""Seeded random games of [M124] 血染钟楼 — Hypothesis picks the seeds, the storyteller's choices are the
seed's — under what the text states of every game (invariants/botc_m124/traces.py: one result and nothing
after it, nomination legality, a dead seat's one 是, one execution by the votes a day and only over its
threshold, [白天] / [夜晚*] windows, [不死] / [庇护] / [霸道], <限定> once), in four shards of 500 games:
the default readings, every switch's other reading, random readings, and the defaults again on other seeds
— 2,000 games, counted in the heavy job (``pytest -m heavy``, run by .ci/run every time); the suite plays a
quick sample of each shard (4 × 60 = 240 games, tests/games.py).  The same seed plays the same game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from ruleproof.invariants.botc_m124.traces import violations
from ruleproof.specs.botc_m124 import load_spec
from ruleproof.specs.botc_m124.engine.runner import ENGINE, shard_readings
from tests.games import run, sizes

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def play(interpretation: dict[str, str], seed: int) -> Any:
    spec = load_spec(interpretation=interpretation)
    g = ENGINE.random_game(spec, seed)
    g.run()
    return g, spec


@sizes(full=500, quick=60)  # per shard; 4 shards → 2,000 games under heavy
@pytest.mark.parametrize("shard", ["defaults", "alternatives", "random-readings", "defaults-again"])
def test_random_games_keep_what_the_text_states(shard: str, games: int) -> None:
    def one(seed: int) -> None:
        g, spec = play(shard_readings(shard, seed), seed)
        assert g.result is None or g.result.winner in ("good", "evil")
        found = violations(g.events, spec)
        assert found == [], (seed, found)

    run(games, one, SEEDS, shard=f"botc-m124:{shard}")


def test_same_seed_same_game() -> None:
    a, _ = play({}, 11)
    b, _ = play({}, 11)
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


def test_the_checks_can_fail() -> None:
    """Each check finds its violation in an edited log (so none of them is vacuous)."""
    g, spec = play({}, 11)
    events = list(g.events)
    from ruleproof.runtime import Event

    def with_(*extra: Event) -> set[str]:
        return {v.check for v in violations([*events, *extra], spec)}

    night = events[-1].night
    dead = next(e.data["player"] for e in events if e.kind == "death")
    assert "one_result" in with_(Event(night, "x", "death", "public", (), {"player": 1, "cause": "x"}))
    assert "nominations" in with_(
        Event(99, "白天", "nomination", "public", (), {"nominator": dead, "nominee": 2, "at": "13:00"})
    )
    assert "undying" in with_(
        Event(
            99,
            "x",
            "judgment",
            "system",
            (),
            {
                "target": 1,
                "source": 0,
                "skill": "execution",
                "execution": True,
                "by_demon": False,
                "statuses": ["不死"],
                "dies": True,
            },
        )
    )
    assert "night_star" in {
        v.check
        for v in violations(
            [
                Event(
                    1,
                    "小恶魔",
                    "skill",
                    "system",
                    (),
                    {"seat": 12, "skill": "imp.kill", "targets": [1], "works": True},
                )
            ],
            spec,
        )
    }
