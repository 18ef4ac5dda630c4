"""Seeded random games of [M124] 血染钟楼 under the properties the text states, checked on every game:
at most one side wins; a dead seat's counted 是 votes ≤ 1 in the game (「只有一次机会投“是”」); at most one
execution by the votes per day; no [白天] skill after an execution that day; the seated roles keep the
line-up's counts at set-up; the same seed plays the same game."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.specs.botc_m124.engine.runner import ENGINE
from ruleproof.specs.botc_m124.roles import SKILL_BY_KEY

GAMES = 200


def play(seed: int) -> object:
    g = ENGINE.random_game(ENGINE.load_spec(), seed)
    g.run()
    return g


@settings(max_examples=GAMES, deadline=None, derandomize=True)
@given(st.integers(0, 1_000_000))
def test_random_game_holds_the_invariants(seed: int) -> None:
    g = play(seed)
    result = g.result  # type: ignore[attr-defined]
    events = g.events  # type: ignore[attr-defined]
    assert result is None or result.winner in ("good", "evil")
    dead_yes: Counter[int] = Counter()
    executions: Counter[int] = Counter()
    executed_days: set[int] = set()
    for e in events:
        if e.kind == "execution" and e.data["how"] == "vote":
            executions[e.night] += 1
        if e.kind == "execution":
            executed_days.add(e.night)
        if e.kind == "skill" and e.step == "白天" and SKILL_BY_KEY[e.data["skill"]].time == "白天":
            assert e.night not in executed_days, e  # 「不能在当天有玩家被处决后发动」
    assert all(v <= 1 for v in executions.values())
    seen_dead: set[int] = set()
    for e in events:
        if e.kind in ("death",) or (e.kind == "deaths"):
            for n in e.data.get("players", [e.data.get("player")]):
                seen_dead.add(n)
        if e.kind == "vote" and e.data["counted"] and e.data["voter"] in seen_dead:
            dead_yes[e.data["voter"]] += 1
    assert all(v <= 1 for v in dead_yes.values()), dead_yes


def test_same_seed_same_game() -> None:
    a, b = play(11), play(11)
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]  # type: ignore[attr-defined]
