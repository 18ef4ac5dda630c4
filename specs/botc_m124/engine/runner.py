"""Replaying ``ruleproof-vector/1`` vectors on the [M124] 血染钟楼 engine (:data:`ENGINE`), and the
book's words: :data:`VOCABULARY` (action fields ``at`` — a clock time ``"14:05"`` —, ``role``,
``roles``, ``yes``, ``word``; the setup's ``hidden`` choices; clause ids are the text's section titles).

A vector's ``setup`` holds ``players`` (seat → role key) and optionally ``hidden`` (the set-up's hidden
choices, the shape ``ruleproof config botc-m124 --json`` prints: fake roles, bluffs, marks, the
Godfather's direction, ``lilmonsta``); a missing hidden choice is the storyteller's (a choice).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ruleproof.errors import BadInput
from ruleproof.runtime import BookEngine, Observer, Policy
from ruleproof.runtime.replay import Mismatch, Outcome
from ruleproof.specs.botc_m124 import BOOK_ID, SWITCHES, Spec, load_spec
from ruleproof.specs.botc_m124.engine.game import Game
from ruleproof.specs.botc_m124.engine.hidden import AMNESIAC_POOL
from ruleproof.specs.botc_m124.engine.model import BotcAction
from ruleproof.specs.botc_m124.engine.policy import BotcRandomPolicy
from ruleproof.specs.botc_m124.engine.registry import RULES
from ruleproof.specs.botc_m124.engine.render import RENDERER
from ruleproof.specs.botc_m124.engine.skills import BotcScriptPolicy
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, Kind
from ruleproof.specs.botc_m124.setup import MONSTA, SEAT_ROLES, Setup, final_counts, kind_roles, violations
from ruleproof.vectors.format import ActionSpec, Vector, Vocabulary, bool_field, str_field, str_list_field

_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")


def clock_field(where: str, v: Any) -> int:
    """A clock time as written, ``"14:05"`` (or minutes since midnight)."""
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    m = _CLOCK.match(str(v))
    if m is None or int(m.group(2)) >= 60:
        raise BadInput(f"{where}：at 须为时刻 HH:MM", f"{where}: at must be a clock time HH:MM")
    return int(m.group(1)) * 60 + int(m.group(2))


VOCABULARY = Vocabulary(
    action_fields={
        "at": clock_field,
        "role": str_field,
        "roles": str_list_field("roles"),
        "yes": bool_field,
        "word": str_field,
        "card": str_field,
    },
    vote_items={},
    seat_sets={"dead": "out", "alive": "flag"},
    day_steps=True,
    clause_re=re.compile(r"^\S+$"),
)


STATE_FIELDS = {
    "night": "game",
    "dawns": "game",
    "dusks": "game",
    "alive": "game",
    "executed_today": "game",
    "nominations": "game",
    "role": "player",
    "alignment": "player",
    "statuses": "player",
    "marks": "player",
    "skills": "player",
    "used": "player",
    "dead_vote_used": "player",
    "believed": "player",
    "registered_dead": "player",
}


def _amnesiac_skill(key: Any, where: str) -> str | None:
    if key is not None and key not in AMNESIAC_POOL:
        raise BadInput(
            f"{where}：setup.hidden.amnesiac_skill 须为 {', '.join(AMNESIAC_POOL)} 之一",
            f"{where}: setup.hidden.amnesiac_skill must be one of {', '.join(AMNESIAC_POOL)}",
        )
    return None if key is None else str(key)


def setup_of(raw: Mapping[str, Any], where: str) -> Setup:
    players = raw.get("players", {})
    keys = sorted(players, key=lambda k: int(k) if str(k).isdigit() else 0)
    if keys != [str(i) for i in range(1, len(keys) + 1)]:
        raise BadInput(f"{where}：setup.players 须为 1…N 号", f"{where}: setup.players must be seats 1..N")
    seats = tuple(str(players[k]) for k in keys)
    for r in seats:
        if r not in ROLE_BY_KEY:
            raise BadInput(
                f"{where}：未知身份 {r}（见 ruleproof vocab --book botc-m124）", f"{where}: unknown role {r}"
            )
    h = raw.get("hidden", {})
    if not isinstance(h, dict):
        raise BadInput(f"{where}：setup.hidden 须为对象", f"{where}: setup.hidden must be an object")
    return Setup(
        seats,
        monsta=bool(h.get("lilmonsta", False)),
        godfather_plus=h.get("godfather", "+1") != "-1",
        marionette_fake=h.get("marionette_fake"),
        drunk_fake=h.get("drunk_fake"),
        lunatic_fake=h.get("lunatic_fake"),
        alchemist_minion=h.get("alchemist_minion"),
        bluffs=tuple(h.get("bluffs", ())),
        bounty_evil=h.get("bounty_evil"),
        nemesis=h.get("nemesis"),
        puzzle_answer=h.get("puzzle_answer"),
        amnesiac_skill=_amnesiac_skill(h.get("amnesiac_skill"), where),
    )


def random_setup(spec: Spec, seed: int) -> Setup:
    """A seeded legal set-up of playable roles, drawn directly (fast; the Z3 draw is ``config``)."""
    rng = random.Random(f"botc-random:{seed}")
    for _ in range(200):
        monsta = rng.random() < 0.08
        pool = {k: list(kind_roles(k)) for k in Kind}
        demon = [] if monsta else [rng.choice(pool[Kind.DEMON])]
        minions = rng.sample(
            [m for m in pool[Kind.MINION] if not (monsta and m == "marionette")],
            spec.p("base.minions") + (1 if monsta else 0),
        )
        fake = rng.choice([t for t in pool[Kind.TOWNSFOLK]]) if "marionette" in minions else None
        adventurer = fake != "adventurer" and rng.random() < 0.15
        plus = rng.random() < 0.5
        present = (
            set(demon)
            | set(minions)
            | ({MONSTA} if monsta else set())
            | ({"adventurer"} if adventurer else set())
        )
        t, o, _m, _d = final_counts(spec, present, godfather_plus=plus, marionette_fake=fake)
        outs = [x for x in pool[Kind.OUTSIDER] if not ("godfather" in minions and x == "heretic")]
        towns = [x for x in pool[Kind.TOWNSFOLK] if x not in ("adventurer", fake)]
        if o > len(outs) or t - adventurer < 0 or o < 0:
            continue
        seats = (
            demon
            + minions
            + rng.sample(outs, o)
            + rng.sample(towns, t - adventurer)
            + (["adventurer"] if adventurer else [])
        )
        rng.shuffle(seats)
        if "marionette" in seats:
            n = len(seats)
            di = next(i for i, r in enumerate(seats) if ROLE_BY_KEY[r].kind is Kind.DEMON)
            mi = seats.index("marionette")
            if mi not in ((di - 1) % n, (di + 1) % n):
                j = rng.choice(((di - 1) % n, (di + 1) % n))
                seats[mi], seats[j] = seats[j], seats[mi]
        s = Setup(tuple(seats), monsta, plus, fake)
        inplay = s.in_play()
        out_town = [r for r in kind_roles(Kind.TOWNSFOLK) if r not in inplay and r != fake]
        s.drunk_fake = rng.choice(out_town) if "drunk" in seats else None
        s.lunatic_fake = rng.choice(pool[Kind.DEMON]) if "lunatic" in seats else None
        s.alchemist_minion = (
            rng.choice([r for r in pool[Kind.MINION] if r not in inplay]) if "alchemist" in seats else None
        )
        if not monsta:
            s.bluffs = tuple(
                rng.sample(
                    [r for r in SEAT_ROLES if ROLE_BY_KEY[r].good and r not in inplay], spec.p("demon.bluffs")
                )
            )
        num = {r: i + 1 for i, r in enumerate(seats)}
        if "bountyhunter" in seats:
            s.bounty_evil = rng.choice(
                [num[r] for r in seats if ROLE_BY_KEY[r].kind is Kind.TOWNSFOLK and r != "bountyhunter"]
            )
        if "fortuneteller" in seats:
            s.nemesis = rng.choice([num[r] for r in seats if ROLE_BY_KEY[r].good and num[r] != s.bounty_evil])
        if "puzzlemaster" in seats:
            s.puzzle_answer = rng.choice([num[r] for r in seats if r != "puzzlemaster"])
        if "amnesiac" in seats:
            s.amnesiac_skill = rng.choice(AMNESIAC_POOL)
        if not violations(spec, s):
            return s
    raise AssertionError("no random set-up in 200 draws")  # pragma: no cover


SHARDS = ("defaults", "alternatives", "random-readings")


def shard_readings(shard: str, seed: int) -> dict[str, str]:
    """The readings a random game of ``shard`` plays (the suite's random games and ci/bench_botc.py): the
    defaults, every switch's other reading, or readings drawn from the seed."""
    if shard == "alternatives":
        return {s.key: s.choices[1] for s in SWITCHES}
    if shard == "random-readings":
        rng = random.Random(f"readings:{seed}")
        return {s.key: rng.choice(s.choices) for s in SWITCHES}
    return {}


class BotcEngine(BookEngine):
    book_id = BOOK_ID
    vocabulary = VOCABULARY
    rules = RULES
    factions = (("good", "善良", "good"), ("evil", "邪恶", "evil"))
    renderer = RENDERER
    script_policy_class = BotcScriptPolicy
    random_rounds = 100
    """No rule ends a game where nobody can die any more (a 水手 and a 茶艺师's neighbours left with the Demon);
    random play stops such a game after 100 rounds, without a result."""

    def __init__(self) -> None:
        super().__init__()
        self._setups: dict[tuple[str, ...], Setup] = {}

    def spec_for(self, vec: Vector) -> Spec:
        return load_spec(vec.raw.get("params") or {}, vec.raw.get("interpretation") or {})

    def roles_for(self, spec: Any, vec: Vector) -> list[str]:
        s = setup_of(vec.raw["setup"], vec.path)
        problems = violations(spec, s)
        if problems:
            raise BadInput(
                f"{vec.path}：开局配置不合规则：{problems[0][1]}",
                f"{vec.path}: illegal set-up: {problems[0][0]}",
            )
        self._setups[s.seats] = s
        return list(s.seats)

    def to_action(self, a: ActionSpec) -> BotcAction:
        return BotcAction(
            a.actor,
            a.skill,
            a.targets,
            step=a.step,
            at=a.get("at"),
            role=a.get("role"),
            roles=tuple(a.get("roles", ())),
            yes=a.get("yes", True),
            word=a.get("word"),
            card=a.get("card"),
        )

    def random_policy(self, seed: int) -> BotcRandomPolicy:
        return BotcRandomPolicy(seed)

    def load_spec(self) -> Spec:
        return load_spec()

    def random_roles(self, seed: int) -> list[str]:
        s = random_setup(load_spec(), seed)
        self._setups[s.seats] = s
        return list(s.seats)

    def new_game(
        self,
        spec: Any,
        roles: list[str],
        policy: Policy,
        *,
        seed: int,
        observer: Observer | None,
        stop_after: tuple[str, int] | None,
    ) -> Game:
        spec = spec if spec is not None else load_spec()
        s = self._setups.get(tuple(roles)) or Setup(tuple(roles))
        return Game(spec, s, policy, seed=seed, observer=observer, stop_after=stop_after)

    def state_scope(self, key: str) -> str | None:
        return STATE_FIELDS.get(key)


ENGINE = BotcEngine()


def run_vector(vector: Vector | Mapping[str, Any] | str | Path, *, trace: bool = False) -> Outcome:
    return ENGINE.run_vector(vector, trace=trace)


def replay(path: str | Path) -> tuple[Vector, Outcome, list[Mismatch]]:
    return ENGINE.replay(path)


__all__ = [
    "ENGINE",
    "SHARDS",
    "STATE_FIELDS",
    "VOCABULARY",
    "BotcEngine",
    "random_setup",
    "replay",
    "run_vector",
    "shard_readings",
]
