"""[165]原神 as the commands see it: vectors' words, setup, seeded random line-ups from the configuration
solver, the random policy (shots after an exit), replay, play, simulate, vocab."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ruleproof.config.solver import Status
from ruleproof.errors import BadInput
from ruleproof.runtime import Action, Event, Observer, Policy, RandomPolicy
from ruleproof.specs._werewolf_family.engine import DayFirstEngine
from ruleproof.specs._werewolf_family.spec import LoadedSpec
from ruleproof.specs.genshin165 import smt
from ruleproof.specs.genshin165.book import BOOK_ID, SPEC
from ruleproof.specs.genshin165.engine import (  # noqa: F401 — registers the rules
    hooks,
    roles_third,
    roles_undetermined,
    roles_village,
    roles_wolf,
    setup,
    skills,
    skills_more,
    start,
)
from ruleproof.specs.genshin165.engine.game import AFTER_EXIT, Game
from ruleproof.specs.genshin165.engine.registry import RULES, skill_key
from ruleproof.specs.genshin165.roles import ABSENT_ROLES, roles, roster
from ruleproof.specs.genshin165.rules import Readings
from ruleproof.vectors.format import Vector, Vocabulary, int_field

VOCABULARY = Vocabulary(
    action_fields={"at": int_field("at")},
    seat_sets={
        "killed": "out",
        "pierced": "out",
        "lethal": "out",
        "voted": "out",
        "red": "out",
        "alive": "flag",
        "exited": "flag",
        "flipped": "flag",
        "sheriff": "flag",
    },
    vote_items={"day": {"votes": "投票"}},
    day_steps=True,
    clause_re=re.compile(r"^\S+$"),
)

GAME_FIELDS = ("round", "sheriff", "lost")
PLAYER_FIELDS = (
    "role",
    "true_role",
    "faction",
    "surface_role",
    "surface_camp",
    "alive",
    "out",
    "exited",
    "statuses",
    "guard",
    "tags",
    "flipped",
    "sheriff",
    "uses",
    "skills",
    "cards",
)

# Every role of the roster can be dealt (本场可能存在的身份如下): line-ups for play and simulate come from the
# configuration solver over all of them.
PLAYABLE: frozenset[str] = frozenset(roster())


class GenshinPolicy(RandomPolicy):
    """Seeded random legal play.  Besides each role's menu: the skills a seat holds from elsewhere (a gift, a copy,
    an inheritance), the knife of whoever holds it (the pack, an heir, the black lovers, a char's own 杀人), and
    the skills a seat out of the game still uses (a shot in the window after its exit, a self-rescue …).  A
    real-time day decision whose target went out before its moment is withdrawn (``keeps``)."""

    def actions(self, g: Any, step: str) -> list[Any]:
        out = super().actions(g, step)
        seen = {(a.actor, a.skill) for a in out}
        for p in g.players:
            for key in self.extra_keys(g, p, step):
                if (p.n, key) in seen:
                    continue
                impl = g.rules.skills.get(key)
                if impl is None or not impl.capable(g, p, Action(p.n, key, (p.n,))):
                    continue
                a = impl.propose(g, p, self.rng)
                if a is not None:
                    out.append(a)
                    seen.add((p.n, key))
        return self.legal_only(g, out)

    @staticmethod
    def extra_keys(g: Any, p: Any, step: str) -> list[str]:
        keys: list[str] = []
        if not p.alive:
            keys = [k for k in (*AFTER_EXIT, "重定时间", "腐化", "虚体", "投票") if g.acts_while_out(p, k)]
            keys += [
                skill_key(st.role or p.role, name) for name, st in p.skills.items() if st.origin == "鬼情"
            ]
        else:
            if g.knife_group(p) is not None:
                keys.append("杀人")
            for name, st in p.skills.items():
                info = g.rules.info.get(skill_key(st.role or p.role, name))
                if st.lost or info is None or (p.role in info.roles or p.true_role in info.roles):
                    continue
                keys.append(info.key)
        out = []
        for key in keys:
            info = g.rules.info.get(key)
            if info is not None and step in info.steps and key not in out:
                out.append(key)
        return out

    def keeps(self, g: Any, a: Any) -> bool:
        from ruleproof.runtime import IllegalAction

        try:
            pl = g.players[a.actor - 1]
            g.check_common(pl, a)
            g.impl(a).check(g, pl, a)
        except IllegalAction:
            return False
        return True

    @staticmethod
    def legal_only(g: Any, actions: list[Any]) -> list[Any]:
        """Drop proposals the rules refuse together (女巫: 救药 and 毒药 the same night)."""
        from ruleproof.runtime import IllegalAction

        kept = list(actions)
        changed = True
        while changed:
            changed = False
            g.submitted = kept
            for a in list(kept):
                try:
                    pl = g.players[a.actor - 1]
                    g.check_common(pl, a)
                    g.impl(a).check(g, pl, a)
                except IllegalAction:
                    kept.remove(a)
                    changed = True
                    break
        return kept


@cache
def _boards(n: int) -> tuple[tuple[str, ...], ...]:
    """Legal line-ups of ``n`` players from the configuration solver (roles the engine plays only)."""
    exclude = frozenset(r for r in roster() if r not in PLAYABLE)
    status, boards = smt.generate(n, 0, 4, readings=Readings(exclude=exclude))
    if status is not Status.SAT:
        raise BadInput(f"genshin165：{n} 人无合法配置", f"genshin165: no legal line-up for {n} players")
    return tuple(tuple(b.roles) for b in boards)


class GenshinEngine(DayFirstEngine):
    book_id = BOOK_ID
    vocabulary = VOCABULARY
    rules = RULES
    factions = (
        ("村民", "村民阵营", "village"),
        ("狼人", "狼人阵营", "wolves"),
        ("黑情侣", "黑情侣阵营", "black lovers"),
    )
    trace_points = frozenset({"dusk.4", "late.9", "dawn.4"})

    def spec_for(self, vec: Vector) -> LoadedSpec:
        return SPEC.load(vec.raw.get("params") or {}, vec.raw.get("interpretation") or {})

    def load_spec(self) -> LoadedSpec:
        return SPEC.load()

    def roles_for(self, spec: Any, vec: Vector) -> list[str]:
        setup_ = vec.raw["setup"]
        players: Mapping[str, str] = setup_["players"]
        keys = sorted(players, key=lambda k: int(k) if str(k).isdigit() else 0)
        if keys != [str(i) for i in range(1, len(keys) + 1)] or len(keys) < 2:
            raise BadInput(f"{vec.path}：座位须为 1..N", f"{vec.path}: seats must be 1..N")
        names = [players[k] for k in keys]
        table = roles()
        for name in names:
            if name in ABSENT_ROLES:
                raise BadInput(
                    f"{vec.path}：{name} 不在本场（文中已删除或无此身份）",
                    f"{vec.path}: {name} is not in this game",
                )
            if name not in table or table[name].camp is None:
                raise BadInput(
                    f"{vec.path}：未知身份 {name}（见 ruleproof vocab --book genshin165）",
                    f"{vec.path}: unknown role {name}",
                )
            if name not in PLAYABLE:
                from ruleproof.runtime import NotImplementedRule

                raise NotImplementedRule(
                    f"{vec.path}：引擎尚未实现 {name}", f"{vec.path}: the engine does not play {name} yet"
                )
        if len(set(names)) != len(names):
            raise BadInput(
                f"{vec.path}：每个身份至多一人（身份表）", f"{vec.path}: each identity at most once"
            )
        if setup_.get("lineup", "legal") == "legal":
            check_lineup(names, vec.path)
        return names

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
        return Game(spec or SPEC.load(), roles_, policy, seed=seed, observer=observer, stop_after=stop_after)

    def random_policy(self, seed: int) -> RandomPolicy:
        return GenshinPolicy(seed, RULES.menus())

    def random_roles(self, seed: int) -> list[str]:
        rng = random.Random(f"genshin165:{seed}")
        n = rng.randrange(9, 17)
        boards = _boards(n)
        seats = list(boards[rng.randrange(len(boards))])
        rng.shuffle(seats)
        return seats

    def state_scope(self, key: str) -> str | None:
        return "game" if key in GAME_FIELDS else "player" if key in PLAYER_FIELDS else None

    def render(self, events: Sequence[Event], lang: str, *, private: bool, system: bool) -> list[str]:
        out = []
        for e in events:
            if (e.audience == "private" and not private) or (e.audience == "system" and not system):
                continue
            who = {"public": "公告" if lang != "en" else "public", "private": f"→{list(e.to)}"}.get(
                e.audience, "·"
            )
            out.append(f"{e.night}/{e.step} {who} {e.kind} {e.data}")
        return out


def check_lineup(names: Sequence[str], where: str = "line-up") -> None:
    """A line-up against the text's configuration rules (Z3), with the rules it breaks."""
    from ruleproof.specs.genshin165.checklineup import lineup_problems

    problems = lineup_problems(list(names))
    if problems:
        raise BadInput(
            f"{where}：配置不合规则："
            + "；".join(p.zh for p in problems)
            + '（场景向量可写 setup.lineup = "free"）',
            f"{where}: the line-up breaks the configuration rules: " + "; ".join(p.en for p in problems),
        )


ENGINE = GenshinEngine()

__all__ = ["ENGINE", "PLAYABLE", "VOCABULARY", "GenshinEngine", "check_lineup"]
