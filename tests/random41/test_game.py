"""随机配置法 4.1's game rules: the hand-checked vectors and counterexamples replay, the spec's quotes stand
in the text, the switches' vectors distinguish, the invariants' verdicts, and seeded random games of the
framework (Hypothesis) under the invariants the text states."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from ruleproof.books import load_source
from ruleproof.drift import drift_findings
from ruleproof.invariants.random41 import INVARIANTS
from ruleproof.smt.ts import Options, Status
from ruleproof.specs.random41 import drift, tables
from ruleproof.specs.random41.engine.game import Game
from ruleproof.specs.random41.engine.runner import ENGINE, SPEC
from ruleproof.text import read_document
from tests.games import run, sizes

ROOT = Path(__file__).parents[2]
VECTORS = sorted((ROOT / "tests" / "random41" / "vectors").glob("*.json"))
COUNTER = sorted((ROOT / "counterexamples" / "random41").glob("*.json"))


def test_enough_vectors() -> None:
    assert len(VECTORS) >= 25


@pytest.mark.parametrize("path", VECTORS + COUNTER, ids=lambda p: p.stem)
def test_vector_replays(path: Path) -> None:
    _vec, outcome, mismatches = ENGINE.replay(path)
    assert mismatches == [], [m.line("en") for m in mismatches]
    monitor(outcome.events)


def test_quotes_stand_in_the_text() -> None:
    doc = read_document(load_source("bundled:random41"))
    assert drift_findings(doc, drift.quotes()) == []
    ids = set(doc.clauses)
    for path in VECTORS:
        for cite in json.loads(path.read_text(encoding="utf-8"))["cites"]:
            assert cite in ids, (path.name, cite)


@pytest.mark.parametrize(
    ("vid", "key", "other"),
    [("vote-tie-nobody", "vote.tie", "all"), ("ghost-lovers-as-written", "ghost_lovers.loss", "own_camp")],
)
def test_switch_vectors_distinguish(vid: str, key: str, other: str) -> None:
    raw = json.loads((ROOT / "tests" / "random41" / "vectors" / f"{vid}.json").read_text(encoding="utf-8"))
    vec = ENGINE.load(raw)
    assert ENGINE.check_expectations(vec, ENGINE.run_vector(vec)) == []
    raw["interpretation"] = {key: other}
    vec2 = ENGINE.load(raw)
    assert ENGINE.check_expectations(vec2, ENGINE.run_vector(vec2)) != []


def test_invariant_verdicts() -> None:
    doc = read_document(load_source("bundled:random41"))
    got = {inv.name: inv.check(SPEC.load(), Options(), doc).result.status for inv in INVARIANTS}
    assert got == {
        "orders_acyclic": Status.PROVED,
        "defences_as_defined": Status.PROVED,
        "strength_order_agrees": Status.PROVED,
        "redirection_once": Status.PROVED,
        "win_at_most_one": Status.PROVED,
        "all_lost_has_winner": Status.VIOLATED,
        "priority_names_existing_camps": Status.VIOLATED,
        "redirection_skills_scheduled": Status.VIOLATED,
        "own_camp_loss": Status.VIOLATED,
    }


def test_slot_entries_read_from_quotes() -> None:
    assert ("军团", "野性狂暴") in tables.DEEP.steps[2].entries and ("白眼狼", "撕咬") in tables.DEEP.steps[
        2
    ].entries
    assert tables.EXIT_ORDER.entries[0] == "[流血]"
    assert "女巫<毒药>" in tables.EXIT_ORDER.entries


def monitor(events: list[Any]) -> None:
    exits = [e.data["seat"] for e in events if e.kind == "exit"]
    assert len(exits) == len(set(exits)), "a char exits at most once"
    for e in events:
        if e.kind == "exit_list":
            ranks = [tuple(r) for r in e.data["ranks"]]
            assert ranks == sorted(ranks), "the exit list in 凌晨 4's order"
        if e.kind == "night_exits":
            assert e.data["seats"] == sorted(e.data["seats"]), "晨曦: 按角色编号的顺序排序"
    assert sum(1 for e in events if e.kind == "result") <= 1


def watch(g: Game, night: int, step: str) -> None:
    for p in g.players:
        names = {s.name for s in g.statuses.of(p.n)}
        assert not {"漏洞", "秩序"} <= names, "漏洞 and 秩序 never held together"
        if "秩序" in names:
            assert not any(g.family.statuses[n].negative for n in names if n in g.family.statuses)
    assert sum(p.sheriff for p in g.players) <= 1
    if step == "early.1":
        assert g.day == night


def play_one(seed: int) -> None:
    g = ENGINE.random_game(SPEC.load(), seed, observer=watch)
    result = g.run()
    assert result is not None
    monitor(g.events)
    assert result.winner == "draw" or result.winner not in g.lost or result.row == "win.fox"


@sizes(full=1000, quick=150)
def test_random_games(games: int) -> None:
    """Seeded random games under the watch and the monitor: 1,000 under heavy (run by .ci/run every
    time), 150 in the suite (tests/games.py)."""
    run(games, play_one, st.integers(min_value=0, max_value=2**32 - 1))


def test_a_game_no_rule_can_end_stops_at_the_horizon() -> None:
    """Seed 1110: three seats left, one under 不死 for the rest of the game — random play never ends it
    and the text has no stalemate rule, so the engine stops at its horizon, as an undecided game."""
    from ruleproof.specs.random41.engine.game import ROUND_CAP

    g = ENGINE.random_game(SPEC.load(), 1110)
    result = g.run()
    assert result is not None and result.winner == "draw" and result.row == "horizon"
    assert result.night == ROUND_CAP
