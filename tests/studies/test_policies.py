"""Study policies: a plug-in sees only a view of its own player, never the game, and the built-in baselines
do what their documentation says (on real 返航录 games)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from ruleproof.runtime.game import BaseGame
from ruleproof.runtime.model import Event, Seat
from ruleproof.specs.fanhanglu import load_spec
from ruleproof.specs.fanhanglu.engine import Game, RandomPolicy, random_roles
from ruleproof.specs.fanhanglu.studies.games import Setup, play
from ruleproof.specs.fanhanglu.studies.policies import BUILTIN
from ruleproof.specs.fanhanglu.studies.view import OWN_FIELDS, StudyPolicy
from ruleproof.studies.policy import KEEP, Decision, Plugin, PolicyTable, View

ALLOWED_LEAVES = (int, str, bool, float, type(None))


def _walk(obj: object, seen: set[int], depth: int = 0) -> None:
    """Everything reachable from a view is plain data or an event: no game, no seat object, no callable."""
    assert not isinstance(obj, BaseGame | Seat), f"a view reaches {type(obj).__name__}"
    assert not callable(obj) or isinstance(obj, type(None)), f"a view reaches a callable {obj!r}"
    if id(obj) in seen or isinstance(obj, ALLOWED_LEAVES) or depth > 8:
        return
    seen.add(id(obj))
    if isinstance(obj, dict):
        for k, v in obj.items():
            _walk(k, seen, depth + 1)
            _walk(v, seen, depth + 1)
    elif isinstance(obj, list | tuple | set | frozenset):
        for v in obj:
            _walk(v, seen, depth + 1)
    elif isinstance(obj, View):
        for name in View.__slots__:
            _walk(getattr(obj, name), seen, depth + 1)
    else:
        assert isinstance(obj, Event | type(KEEP)), f"a view reaches {type(obj).__name__}"


class Recorder(Plugin):
    """Keeps every view and argument it is handed (and decides nothing)."""

    name = "recorder"
    seen: list[tuple[View, tuple[object, ...]]]

    def __init__(self) -> None:
        self.seen = []

    def decide(
        self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random
    ) -> Decision:
        self.seen.append((view, (skill, proposal, rng)))
        return KEEP

    def plan(self, view: View, options: Sequence[str], rng: random.Random) -> str | None:
        self.seen.append((view, (options, rng)))
        return None


@pytest.fixture(scope="module")
def recorded() -> tuple[Recorder, list[Game]]:
    rec = Recorder()
    spec = load_spec()
    games = []
    for seed in range(4):
        g = Game(spec, random_roles(seed), StudyPolicy(seed, PolicyTable({"*": rec})), seed=seed)
        g.run()
        games.append(g)
    return rec, games


def test_plugin_gets_a_view_never_the_game(recorded: tuple[Recorder, list[Game]]) -> None:
    rec, _ = recorded
    assert len(rec.seen) > 200
    seen: set[int] = set()
    for view, args in rec.seen:
        for a in args:
            assert not isinstance(a, BaseGame | Seat)
        _walk(view.own, seen)
        _walk(view.team, seen)
        _walk(view.alive, seen)
        _walk(view.params, seen)
        _walk(view.memo, seen)
    assert not any(hasattr(v, "__dict__") for v, _ in rec.seen[:5])  # slots only: nothing to smuggle in


def test_view_holds_only_what_the_player_may_see(recorded: tuple[Recorder, list[Game]]) -> None:
    rec, _ = recorded
    kinds_private: set[str] = set()
    for view, _ in rec.seen:
        assert all(e.audience == "public" for e in view.public)
        for e in view.private:
            assert e.audience == "private" and view.seat in e.to, "another seat's private event leaked"
            kinds_private.add(e.kind)
        assert set(view.own) == set(OWN_FIELDS)
        assert "mark" not in view.own and "poisoned" not in view.own  # 3.3.10: the infected are not told
        assert view.seat in view.alive
        if view.faction == "xenos":
            assert len(view.team) == 2 and view.seat not in view.team  # 1.1 异形 3 互相知晓
        else:
            assert not view.team
    assert {"dying_view", "crew_check_result"} & kinds_private  # the private inbox does fill


def test_study_policy_keeps_the_random_stream() -> None:
    """A table of plug-ins that always KEEP plays exactly the engine's random game."""
    spec = load_spec()
    for seed in (3, 11):
        a = Game(spec, random_roles(seed), RandomPolicy(seed), seed=seed)
        b = Game(spec, random_roles(seed), StudyPolicy(seed, PolicyTable({"*": Recorder()})), seed=seed)
        a.run()
        b.run()
        assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


def _setup(table: dict[str, str], variants: dict[str, str] | None = None) -> Setup:
    return Setup(load_spec(), variants or {}, PolicyTable({k: BUILTIN[v]() for k, v in table.items()}), True)


def _teammate_knives(games: int, table: dict[str, str]) -> int:
    setup = _setup(table)
    hits = 0
    for seed in range(games):
        g, _ = play(setup, seed)
        xenos = {p.n for p in g.players if p.true_role == "xeno"}
        hits += sum(
            1
            for x in g.ledger
            if x.skill in ("knife", "infect") and x.initiator in xenos and set(x.targets) & xenos
        )
    return hits


def test_reasonable_xenos_spare_teammates_random_ones_do_not() -> None:
    assert _teammate_knives(30, {"*": "random"}) > 0  # the check can fail: random xenos do knife teammates
    assert _teammate_knives(30, {"*": "reasonable"}) == 0


def _kill_share(policy: str) -> tuple[float, int]:
    """Share of the classic alien's nights in the game (before reaching the threshold) with a kill; escapes."""
    setup = _setup({"*": "reasonable", "alien": policy}, {"alien": "alien"})
    nights = kills = escaped = 0
    for seed in range(25):
        g, rec = play(setup, seed)
        alien = g.players[rec.alien - 1]
        last = min(
            x for x in (g.night, alien.death_night or g.night, (rec.eligible_night or g.night + 1) - 1)
        )
        killed = {x.night for x in g.ledger if x.initiator == alien.n and x.skill == "alien_kill"}
        nights += last
        kills += len({n for n in killed if n <= last})
        escaped += alien.out == "escaped"
    return kills / max(1, nights), escaped


def test_aggressive_alien_kills_most_nights_and_escapes() -> None:
    aggressive, escaped = _kill_share("aggressive")
    random_share, _ = _kill_share("random")
    assert aggressive > 0.7 and aggressive > random_share + 0.2
    assert escaped > 0
    silent, _ = _kill_share("silent")
    assert silent == 0.0  # the silent alien never kills


def test_hoarding_craftsman_keeps_stock_longer() -> None:
    dwell: dict[str, list[int]] = {}
    for name in ("distribute", "hoard"):
        setup = _setup({"*": "reasonable", "craftsman": name}, {"defender": "craftsman"})
        dwell[name] = [d for seed in range(25) for d in play(setup, seed)[1].dwell]
    assert dwell["distribute"] and dwell["hoard"]
    assert sum(dwell["hoard"]) / len(dwell["hoard"]) > sum(dwell["distribute"]) / len(dwell["distribute"])


def _typecheck(x: Any) -> None:  # keeps the Any import used for readers of the helpers above
    del x
