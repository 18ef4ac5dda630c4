"""Seeded random games (Hypothesis chooses the seeds and the seat variants) run to
the end without an exception, with per-night invariants checked on the live state: alive counts, no dying
after step 9, caps respected, occupancy consistent, marks and poison due in the future, the meeting
skipping step 11, escape points within their caps.

Each game test runs twice (tests/games.py): a quick derandomized sample in the suite (60 + 40 + 60 + 40 +
40 = 240 games) and its full count under ``heavy`` (700 + 500 + 600 + 500 + 400 = 2,700 games, ≥ 2,000),
which .ci/run runs every time."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from ruleproof.specs.fanhanglu import SEATS, SWITCHES, Spec, load_spec
from ruleproof.specs.fanhanglu.engine import Game, RandomPolicy, random_roles
from ruleproof.specs.fanhanglu.engine.game import DIRECTION_KEYS
from ruleproof.specs.fanhanglu.engine.model import TRUE
from tests.games import run, sizes

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
ALT_READINGS = {s.key: s.choices[1] for s in SWITCHES}


class Invariants:
    """Checks called after every step; heavier checks at night start, after step 9 and after the day."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.alive_before = 15
        self.countdown_after_10 = 0

    def __call__(self, g: Game, night: int, step: str) -> None:
        alive = [p for p in g.players if p.alive]
        assert len(alive) <= self.alive_before, "alive count never grows"
        self.alive_before = len(alive)
        assert sum(g.faction_counts()) == len(alive)
        assert all(p.alive for p in g.players if p.dying), "only the living can be dying"
        if step == "0.55":
            assert all(p.dying for p in alive if p.mark == TRUE and p.mark_due <= night)
            assert not any(p.poisoned and p.poison_due <= night for p in alive), "poison falls due (4.6.4③)"
        if step == "10":
            self.countdown_after_10 = g.countdown
        if step == "11" and g.meeting_night == night:
            assert g.countdown == self.countdown_after_10, "a meeting night skips step 11 (4.9.2)"
        if step in ("arrival", "9", "day"):
            self.heavy(g, night, step, alive)

    def heavy(self, g: Game, night: int, step: str, alive: list[Any]) -> None:
        sp = self.spec
        if step in ("9", "day"):
            assert not any(p.dying for p in g.players), "no dying after step 9 (4.10.4, 4.10.6)"
        if step == "9" and g.result is None:
            assert all(p.mark_due > night for p in alive if p.mark == TRUE)
            assert all(p.poison_due > night for p in alive if p.poisoned)
        cap = sp.p("sheriff.bullet_cap")
        dcap = sp.p("xeno.direction_capacity")
        for p in g.players:
            assert p.bullets >= 0 and p.heal >= 0 and p.rescue >= 0 and p.self_rescue >= 0
            assert 0 <= p.suppressions <= sp.p("suppression.uses")
            assert 0 <= p.disguises <= sp.p("disguise.uses")
            assert 0 <= p.immunity <= sp.p("alien.immunity_cap")
            assert p.conversions <= sp.p("xeno.conversions")
            assert p.extra_knife <= sp.p("xeno.extra_knives")
            if p.role == "xeno":
                assert 0 <= p.knife_count <= sp.p("xeno.knife_cap")
            if p.role == "sheriff":
                assert p.bullets <= cap, "4.4.6 stock cap"
            if p.role == "armed_crew":
                assert p.bullets <= 1, "4.4.6④ armed crew holds ≤ 1"
            assert not (p.shield and not p.alive and p.out is None)
            assert p.poison_quota >= 0 and p.antidote_quota >= 0 and p.vaccines >= 0
            assert 0 <= p.armor_stock + p.quick_stock <= sp.p("craftsman.stock_cap"), "4.11.3① stock cap"
            assert 0 <= p.revives <= sp.p("death_row.revives")
            assert p.exile_points <= sp.p("escape.exile_cap")
            assert p.silence_points <= sp.p("escape.silence_cap")
            assert not p.eligible or p.escape_score >= sp.p("escape.threshold"), "6.9.2 eligibility"
            if step == "arrival" and p.alive and p.armor_until:
                assert p.armor_until >= night, "a quick armor is gone on its 4th night (4.11.2)"
        assert g.meetings <= sp.p("meeting.uses")
        assert all(g.players[n - 1].out == "escaped" for n in g.secondary)
        occupied = [sum(1 for p in alive if p.direction == d and not p.no_occupancy) for d in DIRECTION_KEYS]
        assert occupied == g.occupancy, "occupancy = living xenos per direction (1.5.1①)"
        if g.interp["evolution.same_snapshot_overflow"] == "fizzle":
            assert all(c <= dcap for c in g.occupancy), "at most 2 per direction (1.5.1①)"
        assert g.net_damage >= 0
        if g.extinction:
            assert not any(p.mark == 2 for p in alive), "no fake marks in extinction (1.4.1.5)"
        assert night <= sp.p("night_cap")


def play(seed: int, spec: Spec, variants: dict[str, str] | None = None) -> Game:
    inv = Invariants(spec)
    g = Game(spec, random_roles(seed, variants), RandomPolicy(seed), seed=seed, observer=inv)
    g.run()
    assert g.result is not None, "every game ends"
    assert g.result.winner in ("humans", "xenos", "alien", "draw")
    return g


DEFAULT = load_spec()


@sizes(full=700, quick=60)
def test_random_games_default_spec(games: int) -> None:
    run(games, lambda seed: play(seed, DEFAULT), SEEDS)


@sizes(full=500, quick=40)
def test_random_games_hunter_seat(games: int) -> None:
    run(games, lambda seed: play(seed, DEFAULT, {"police": "hunter"}), SEEDS)


VARIANTS = st.fixed_dictionaries({s.key: st.sampled_from(s.variants) for s in SEATS})


@sizes(full=600, quick=60)
def test_random_games_every_seat_variant(games: int) -> None:
    """Every variant of every seat (1.1.1), drawn independently: 600 games (60 in the quick sample)."""
    run(games, lambda seed, variants: play(seed, DEFAULT, variants), SEEDS, VARIANTS)


ALTERNATIVE = load_spec(interpretation=ALT_READINGS)


@sizes(full=500, quick=40)
def test_random_games_alternative_readings(games: int) -> None:
    run(games, lambda seed: play(seed, ALTERNATIVE), SEEDS)


REFORM = load_spec(
    {
        "sheriff.bullet_cap": 3,
        "bounty.bullets_per_kill": 2,
        "xeno.direction_capacity": 1,
        "countdown.initial": 12,
    }
)


@sizes(full=400, quick=40)
def test_random_games_under_a_reform(games: int) -> None:
    run(games, lambda seed: play(seed, REFORM), SEEDS)


def test_same_seed_same_game() -> None:
    for seed in (0, 7, 12345):
        a = play(seed, DEFAULT)
        b = play(seed, DEFAULT)
        assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
    assert [e.to_json() for e in play(1, DEFAULT).events] != [e.to_json() for e in play(2, DEFAULT).events]


def test_random_play_exercises_every_implemented_skill() -> None:
    """The random policy reaches every implemented skill, so the Hypothesis games above test them all."""
    from ruleproof.specs.fanhanglu import SKILLS
    from ruleproof.specs.fanhanglu.engine.model import Action

    used: set[str] = set()

    class Spy(RandomPolicy):
        def actions(self, g: Game, step: str) -> list[Action]:
            out = super().actions(g, step)
            used.update(a.skill for a in out)
            return out

    for seed in range(300):
        variants = {s.key: s.variants[(seed >> i) % 2] for i, s in enumerate(SEATS)}
        Game(DEFAULT, random_roles(seed, variants), Spy(seed), seed=seed).run()
    assert {s.key for s in SKILLS if s.implemented} - used == set()
