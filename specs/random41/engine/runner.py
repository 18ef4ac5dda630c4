"""随机配置法 4.1's game rules as the commands see them: the vectors' words (``effect`` of a slot, a seat's
camp, category and tags), setup, seeded random tables and play, replay, vocab."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ruleproof.errors import BadInput
from ruleproof.runtime import Action, BookEngine, Observer, Policy, RandomPolicy
from ruleproof.runtime.replay import Outcome
from ruleproof.specs._werewolf_family.spec import FamilySpec, LoadedSpec
from ruleproof.specs.random41 import tables
from ruleproof.specs.random41.engine import rules  # noqa: F401 — registers the rules
from ruleproof.specs.random41.engine.game import KNIFE_SLOT, RULES, SLOTS, VILLAGE, WOLF, Game
from ruleproof.specs.random41.game_params import PARAMS, SWITCHES
from ruleproof.vectors.format import ActionSpec, Vector, Vocabulary

BOOK_ID = "random41/4.1"
SPEC = FamilySpec(BOOK_ID, PARAMS, SWITCHES)
EFFECT_KEYS = {"damage", "status", "until", "count", "remove", "redirect", "yize", "cut", "forced"}
CATEGORIES = ("神职", "村民", "强神", "弱神", "狼人", "其他")


def effect_field(where: str, v: Any) -> dict[str, Any]:
    if not isinstance(v, dict) or set(v) - EFFECT_KEYS:
        raise BadInput(
            f"{where}：effect 须为对象，键为 {sorted(EFFECT_KEYS)}",
            f"{where}: effect keys are {sorted(EFFECT_KEYS)}",
        )
    if "damage" in v and v["damage"] not in ("指杀", "穿透", "致死伤害"):
        raise BadInput(f"{where}：damage 须为 指杀/穿透/致死伤害", f"{where}: damage is 指杀/穿透/致死伤害")
    if "status" in v and v["status"] not in tables.STATUSES:
        raise BadInput(f"{where}：未知状态 {v['status']}", f"{where}: unknown status {v['status']}")
    if "until" in v and v["until"] not in ("night", "day", "game"):
        raise BadInput(f"{where}：until 须为 night/day/game", f"{where}: until is night/day/game")
    return dict(v)


VOCABULARY = Vocabulary(
    action_fields={"effect": effect_field},
    seat_sets={
        "killed": "out",
        "pierced": "out",
        "lethal": "out",
        "voted": "out",
        "chained": "out",
        "alive": "flag",
        "exited": "flag",
        "sheriff": "flag",
    },
    day_steps=True,
    vote_items={"day": {"votes": "投票"}},
    clause_re=re.compile(r"^\S+$"),
)
GAME_FIELDS = ("day", "sheriff", "lost")
PLAYER_FIELDS = (
    "role",
    "faction",
    "category",
    "alive",
    "out",
    "exited",
    "statuses",
    "guard",
    "tags",
    "sheriff",
    "curse",
)


class Action41(Action):
    __slots__ = ("effect",)

    def __init__(
        self,
        actor: int,
        skill: str,
        targets: tuple[int, ...] = (),
        *,
        step: str | None = None,
        at: int | None = None,
        effect: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(actor, skill, targets, step=step, at=at)
        self.effect = effect or {}


def _seat(where: str, n: str, role: str, setup: Mapping[str, Any]) -> tuple[str, str, str, tuple[str, ...]]:
    camps, cats, tags = setup.get("camps", {}), setup.get("categories", {}), setup.get("tags", {})
    camp = camps.get(n) or (WOLF if role == "狼人" else VILLAGE)
    category = cats.get(n) or (
        "狼人" if camp == WOLF else "村民" if role == "村民" else "神职" if camp == VILLAGE else "其他"
    )
    if category not in CATEGORIES:
        raise BadInput(
            f"{where}：类别 {category} 不在 {CATEGORIES} 中", f"{where}: category {category} unknown"
        )
    tag = tuple(tags.get(n, ["群内"] if role == "狼人" else []))
    return role, camp, category, tag


class Random41Engine(BookEngine):
    book_id = BOOK_ID
    vocabulary = VOCABULARY
    rules = RULES
    factions = (("村民阵营", "村民阵营", "village"), ("狼人阵营", "狼人阵营", "wolves"))

    def spec_for(self, vec: Vector) -> LoadedSpec:
        return SPEC.load(vec.raw.get("params") or {}, vec.raw.get("interpretation") or {})

    def load_spec(self) -> LoadedSpec:
        return SPEC.load()

    def roles_for(self, spec: Any, vec: Vector) -> list[str]:
        players = vec.raw["setup"]["players"]
        keys = sorted(players, key=lambda k: int(k) if str(k).isdigit() else 0)
        if keys != [str(i) for i in range(1, len(keys) + 1)] or len(keys) < 2:
            raise BadInput(f"{vec.path}：座位须为 1..N", f"{vec.path}: seats must be 1..N")
        return [players[k] for k in keys]

    def to_action(self, a: ActionSpec) -> Action:
        return Action41(a.actor, a.skill, a.targets, step=a.step, at=a.get("at"), effect=a.get("effect"))

    def before_run(self, vec: Vector, spec: Any, expect_illegal: bool) -> Outcome | None:
        self._setup = vec.raw["setup"]
        self._path = vec.path
        return None

    def new_game(
        self,
        spec: Any,
        roles_: list[str],
        policy: Policy,
        *,
        seed: int,
        observer: Observer | None,
        stop_after: tuple[str, int] | None,
    ) -> Game:
        setup = getattr(self, "_setup", None) or {}
        seats = [_seat(getattr(self, "_path", "setup"), str(i + 1), r, setup) for i, r in enumerate(roles_)]
        self._setup = None
        return Game(spec or SPEC.load(), seats, policy, seed=seed, observer=observer, stop_after=stop_after)

    def random_policy(self, seed: int) -> RandomPolicy:
        return Random41Policy(seed, RULES.menus())

    def random_roles(self, seed: int) -> list[str]:
        rng = random.Random(f"random41:{seed}")
        n = rng.randrange(8, 13)
        wolves = max(2, round(n * 0.3))
        roles = ["狼人"] * wolves + ["村民"] * ((n - wolves) // 2)
        roles += ["守卫", "预言家", "女巫", "摄梦人", "魔术师", "企鹅", "猎魔人"][: n - len(roles)]
        rng.shuffle(roles)
        return roles

    def state_scope(self, key: str) -> str | None:
        return "game" if key in GAME_FIELDS else "player" if key in PLAYER_FIELDS else None


_STATUS_MENU = (
    "守护",
    "坚韧",
    "霸道",
    "不死",
    "沉默",
    "冰冻",
    "流血",
    "漏洞",
    "秩序",
    "混沌",
    "独裁",
    "隐身",
    "破伤风",
    "血咒",
)


class Random41Policy(RandomPolicy):
    """Seeded random play of the framework: each slot a seat holds may act with a random effect of the
    framework's kinds (a damage where the slot has an exit row, a status); votes; the knife."""

    def actions(self, g: Any, step: str) -> list[Any]:
        out: list[Any] = []
        for p in g.living():
            if step == "noon.2":
                pool = [q.n for q in g.living() if q.n != p.n]
                if pool:
                    out.append(Action41(p.n, "投票", (self.rng.choice(pool),)))
                continue
            if step == "deep.3" and p in g.knife_holders()[:1] and self.rng.random() < 0.9:
                pool = [q.n for q in g.living() if q.faction != p.faction] or [q.n for q in g.living()]
                out.append(Action41(p.n, "杀人", (self.rng.choice(pool),)))
            for key, steps in SLOTS.items():
                if key == KNIFE_SLOT or step not in steps or p.role not in key.partition("<")[0].split("/"):
                    continue
                if self.rng.random() < 0.5:
                    continue
                target = self.rng.choice([q.n for q in g.living()])
                if key in tables.EXIT_ORDER.entries and self.rng.random() < 0.4:
                    eff: dict[str, Any] = {"damage": self.rng.choice(["指杀", "穿透", "致死伤害"])}
                else:
                    eff = {
                        "status": self.rng.choice(_STATUS_MENU),
                        "until": self.rng.choice(["night", "day", "game"]),
                    }
                    if eff["status"] == "守护":
                        eff["count"] = 1
                out.append(Action41(p.n, key, (target,), effect=eff))
        if step == "election.1" and g.living() and not g.sheriff:
            out.append(Action41(self.rng.choice(g.living()).n, "警长"))
        return out


ENGINE = Random41Engine()

__all__ = ["BOOK_ID", "ENGINE", "SPEC", "VOCABULARY", "Action41", "Random41Engine"]
_ = Sequence
