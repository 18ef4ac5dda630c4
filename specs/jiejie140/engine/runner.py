"""Replaying ``ruleproof-vector/1`` vectors on the [140]乘风破浪的姐姐2 engine (docs/jiejie140.md, "Vectors").

Set-up: ``setup.players`` maps seats to identities — a mirror member with its faction (``"sensor@eternal"``),
the others by name (``"eternal_leader"``, ``"deceiver"``, ``"adaptor"``, ``"sublimator"`` for an advanced
adaptor) — checked against 开场行动 (one of each leader and the deceiver; each line-up 5–6 distinct identities
of the pool; the advanced adaptors 「20人1个，每多2人加1个」); or ``setup.deal`` runs the set-up procedure
itself with the leaders' choices (``eternal`` / ``cohesion``: ``protect``, ``expel``, ``lineup``,
``range``; ``leaders``; ``players``: N; anything not given drawn from ``setup.seed``).

A round is 「第 N 天」: ``{"day": N}`` then ``{"night": N}``.  Day actions carry ``at`` (minutes after the
door opened) and resolve in that order; an action without ``step`` acts at its skill's own step (dawn for
每一日开始前 skills, else the stream; by night the step the night table lists, else step 1).  The system's and
the seats' picks are ``choices`` in the order the rules ask: ``react:<seat>`` (none / avoid / counter),
``promote:<seat>``, ``stream:<seat>`` (keep / publish), ``arbiter``, ``attune:<seat>``, ``inspire:<seat>:<i>``,
``info:<seat>:<i>``.  A day item may hold ``cards``: the director's yellow / red cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ruleproof.errors import BadInput
from ruleproof.runtime.game import BaseGame, Observer
from ruleproof.runtime.model import Event, IllegalAction
from ruleproof.runtime.policy import Policy, ScriptPolicy
from ruleproof.runtime.replay import BookEngine, Outcome
from ruleproof.specs.jiejie140 import BOOK_ID, Spec, load_spec
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.engine import flow as _flow  # noqa: F401  (registers the hooks)
from ruleproof.specs.jiejie140.engine.game import Game
from ruleproof.specs.jiejie140.engine.model import JAction
from ruleproof.specs.jiejie140.engine.policy import JiejieRandomPolicy
from ruleproof.specs.jiejie140.engine.registry import NIGHT_STEPS, RULES
from ruleproof.specs.jiejie140.engine.skills import adaptation, deceiver, leaders, mirror  # noqa: F401
from ruleproof.specs.jiejie140.engine.snapshot import FIELD_BY_KEY
from ruleproof.specs.jiejie140.setup import advanced_count, deal, shape
from ruleproof.vectors.format import (
    ActionSpec,
    Vector,
    Vocabulary,
    bool_field,
    int_field,
    optional_int_field,
    str_field,
    str_list_field,
)


def _cards(where: str, item: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """A day item's ``cards``: ``[{"seat": n, "card": "yellow" | "red", "at": m, "faction_loses": bool}]``."""
    cards = item.get("cards")
    if cards is None:
        return None
    if not isinstance(cards, list):
        raise BadInput(f"{where}：cards 须为列表", f"{where}: cards must be a list")
    out = []
    for c in cards:
        if (
            not isinstance(c, dict)
            or not isinstance(c.get("seat"), int)
            or c.get("card") not in ("yellow", "red")
            or not set(c) <= {"seat", "card", "at", "faction_loses"}
        ):
            raise BadInput(
                f"{where}：每张牌须为 {{seat, card: yellow|red, at?, faction_loses?}}",
                f"{where}: a card is {{seat, card: yellow|red, at?, faction_loses?}}",
            )
        out.append(dict(c))
    return out


VOCABULARY = Vocabulary(
    action_fields={
        "at": int_field("at"),
        "index": int_field("index"),
        "super": bool_field,
        "declare": str_field,
        "vote": str_field,
        "rewrite": optional_int_field("rewrite"),
        "identity": str_field,
        "faction": str_field,
        "identities": str_list_field("identities"),
        "watch": str_field,
        "boost": str_field,
        "public": bool_field,
    },
    item_keys={
        "night": ("night", "order", "actions", "choices", "note"),
        "day": ("day", "actions", "choices", "cards", "note"),
    },
    vote_items={},
    item_parser={"day": _cards},
    seat_sets={"dead": "out", "red": "out", "alive": "flag", "announced": "flag"},
    day_steps=True,
)


def to_action(a: ActionSpec, night: bool = False) -> JAction:
    f = a.fields
    step = a.step
    if step is None and night:
        info = RULES.info.get(a.skill)
        steps = [s for s in (info.steps if info else ()) if s in NIGHT_STEPS]
        step = steps[0] if steps else NIGHT_STEPS[0]
    return JAction(
        a.actor,
        a.skill,
        a.targets,
        step=step,
        at=f.get("at"),
        index=f.get("index"),
        super_=bool(f.get("super", False)),
        declare=f.get("declare"),
        vote=f.get("vote"),
        rewrite=f.get("rewrite"),
        identity=f.get("identity"),
        faction=f.get("faction"),
        identities=tuple(f.get("identities", ())),
        watch=f.get("watch"),
        boost=f.get("boost"),
        public=bool(f.get("public", False)),
    )


def validate_players(spec: Spec, players: Mapping[str, Any], where: str) -> list[str]:
    """``setup.players`` as a finished set-up (开场行动): seat → ``identity[@faction]``, checked."""
    n = len(players)
    if sorted(players, key=lambda s: int(s) if str(s).isdigit() else 0) != [str(i) for i in range(1, n + 1)]:
        raise BadInput(f"{where}：setup.players 须为 1…N 号", f"{where}: setup.players numbers seats 1…N")
    book = spec.skills.identities
    members = {d.key for d in book.values() if d.number is not None}
    out: list[str] = []
    count: dict[str, int] = {}
    lineup: dict[str, list[str]] = {f: [] for f in nm.MIRROR}
    advanced = 0
    for i in range(1, n + 1):
        raw = players[str(i)]
        if not isinstance(raw, str):
            raise BadInput(
                f"{where}：{i} 号的身份须为字符串", f"{where}: seat {i}: identity must be a string"
            )
        ident, _, faction = raw.partition("@")
        if ident not in book or ident == "follower":
            raise BadInput(
                f"{where}：{i} 号：未知开局身份 {ident}", f"{where}: seat {i}: unknown identity {ident}"
            )
        if ident in members:
            if faction not in nm.MIRROR:
                raise BadInput(
                    f"{where}：{i} 号：成员身份须写阵营，如 {ident}@eternal",
                    f"{where}: seat {i}: a member needs its faction, e.g. {ident}@eternal",
                )
            lineup[faction].append(ident)
        elif faction:
            raise BadInput(
                f"{where}：{i} 号：{ident} 不带阵营", f"{where}: seat {i}: {ident} takes no faction"
            )
        if ident in nm.PROMOTED:
            advanced += 1
        count[ident] = count.get(ident, 0) + 1
        out.append(raw)
    for ident in (*nm.LEADERS, "deceiver"):
        if count.get(ident, 0) != 1:
            raise BadInput(
                f"{where}：开场行动第 1 步：须恰有一名 {ident}",
                f"{where}: set-up step 1: exactly one {ident}",
            )
    sh = shape(spec)
    for f, lu in lineup.items():
        members_n = sh.members_for(len(set(lu)))
        if not sh.lineup[0] <= len(set(lu)) <= sh.lineup[1] or len(lu) != members_n:
            raise BadInput(
                f"{where}：开场行动第 5 步：{nm.FACTION_ZH[f]}阵容须为 {sh.lineup[0]}–{sh.lineup[1]} 个不同身份（现为 {lu}）",
                f"{where}: set-up step 5: {f}'s line-up must be {sh.lineup[0]}-{sh.lineup[1]} distinct identities ({lu})",
            )
    want = advanced_count(spec, n)
    if advanced != want:
        raise BadInput(
            f"{where}：开场行动第 8 步：{n} 人应有 {want} 名高级适应者（现为 {advanced}）",
            f"{where}: set-up step 8: {n} players have {want} advanced adaptors ({advanced} given)",
        )
    return out


class JiejieEngine(BookEngine):
    """The [140]乘风破浪的姐姐2 reference engine as the vector runner sees it."""

    def __init__(self) -> None:
        super().__init__()
        self._setup_log: list[tuple[str, dict[str, Any]]] = []  # 开场行动's record of the game being built

    book_id = BOOK_ID
    vocabulary = VOCABULARY
    rules = RULES
    trace_points = frozenset({"open", "close", "1", "5", "10", NIGHT_STEPS[-1]})
    factions = tuple((f, nm.FACTION_ZH[f], nm.FACTION_EN[f]) for f in nm.FACTIONS)

    def spec_for(self, vec: Vector) -> Spec:
        params = vec.raw.get("params", {})
        return load_spec(overrides=params, interpretation=vec.raw.get("interpretation", {}))

    def roles_for(self, spec: Any, vec: Vector) -> list[str]:
        setup = vec.raw["setup"]
        self._setup_log = []
        if "deal" in setup:
            dealt = deal(spec, *self._deal_args(vec))
            self._setup_log = dealt.log
            return [f"{r}@{f}" for r, f in dealt.seats]
        return validate_players(spec, setup["players"], vec.path)

    def _deal_args(self, vec: Vector) -> tuple[int, int, dict[str, Any]]:
        d = vec.raw["setup"]["deal"]
        if not isinstance(d, dict) or not isinstance(d.get("players"), int):
            raise BadInput(
                f"{vec.path}：setup.deal 须含 players（人数）", f"{vec.path}: setup.deal needs players"
            )
        return d["players"], int(vec.raw["setup"].get("seed", 0)), d

    def _illegal_setup(self, spec: Spec, vec: Vector, expect_illegal: bool) -> IllegalAction | None:
        """A set-up the rules forbid (开场行动), when the vector expects it; otherwise it raises."""
        if "deal" not in vec.raw["setup"]:
            return None
        try:
            deal(spec, *self._deal_args(vec))
        except IllegalAction as exc:
            if not expect_illegal:
                raise
            return exc
        return None

    def before_run(self, vec: Vector, spec: Any, expect_illegal: bool) -> Outcome | None:
        """A set-up the rules forbid is the vector's illegal action."""
        error = self._illegal_setup(spec, vec, expect_illegal)
        return None if error is None else Outcome(vec.id, spec, None, [], error=error)

    def to_action(self, a: ActionSpec) -> JAction:
        return to_action(a)

    def script_policy(self, vec: Vector, fallback: Policy | None, last: int) -> ScriptPolicy:
        return CardPolicy(
            {n: [to_action(a, night=True) for a in acts] for n, acts in vec.nights.items()},
            {n: [to_action(a) for a in acts] for n, acts in vec.days.items()},
            vec.orders,
            step_of=self.step_of,
            fallback=fallback,
            last=last,
            choices=vec.choices,
            cards={n: extra for (half, n), extra in vec.extras.items() if half == "day"},
        )

    def random_policy(self, seed: int) -> JiejieRandomPolicy:
        return JiejieRandomPolicy(seed)

    def new_game(
        self,
        spec: Any,
        roles: list[str],
        policy: Policy,
        *,
        seed: int,
        observer: Observer | None,
        stop_after: tuple[str, int] | None,
    ) -> BaseGame[Any]:
        log = getattr(self, "_setup_log", [])
        return Game(spec, roles, policy, seed=seed, observer=observer, stop_after=stop_after, setup_log=log)

    def load_spec(self) -> Spec:
        return load_spec()

    def random_roles(self, seed: int) -> list[str]:
        rng = random.Random(f"players:{seed}")
        n = rng.randint(16, 24)
        spec = load_spec()
        for attempt in range(50):  # the draw of step 7 can strand a side (config --check): draw again
            try:
                dealt = deal(spec, n, seed * 64 + attempt)
            except IllegalAction:
                continue
            self._setup_log = dealt.log
            return [f"{r}@{f}" for r, f in dealt.seats]
        raise AssertionError(f"no set-up for {n} players in 50 draws")  # pragma: no cover

    def state_scope(self, key: str) -> str | None:
        fdef = FIELD_BY_KEY.get(key)
        return fdef.scope if fdef is not None else None

    def render(self, events: Sequence[Event], lang: str, *, private: bool, system: bool) -> list[str]:
        from ruleproof.specs.jiejie140.engine.render import render

        return render(events, lang, private=private, system=system)


class CardPolicy(ScriptPolicy):
    """The script, plus the director's cards of each day (applied by the game at their moment)."""

    def __init__(self, *args: Any, cards: Mapping[int, list[dict[str, Any]]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards


ENGINE = JiejieEngine()


__all__ = ["ENGINE", "VOCABULARY", "JiejieEngine", "to_action"]
