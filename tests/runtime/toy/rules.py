"""A toy game on the generic runtime — proof that the runtime knows no book.

「提灯夜」(Lantern Night), a five-clause rulebook written for this test:

* T1 座位：4–9 名玩家，恰有 1 名狼人（wolf），其余为预言家（seer）、医生（doctor）或村民（villager）。
* T2 夜晚：医生守护一人（不可连续两夜守护同一人），守护至黎明结束；狼人袭击一人；预言家查验一人是否狼人。
  黎明时被袭击且未受守护者死亡。
* T3 白天：实时投票，以每人最后一票为准；收票后得票最多者被放逐，平票由说书人在平票者中指定一人。
* T4 胜负：狼人出局则村民胜；存活狼人数不少于其余存活者则狼人胜。
* T5 出局者不再行动，亦不可被指定。

Its night is a step list (data), its day a real-time stream (votes carry ``at``), the storyteller's
tie-break is a system choice, the doctor's protection a status that ends at a step's edge.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ruleproof.errors import BadInput
from ruleproof.runtime import (
    Action,
    BaseGame,
    BookEngine,
    Observer,
    Phase,
    Policy,
    RandomPolicy,
    Ruleset,
    Seat,
    SkillImpl,
    SkillInfo,
    Until,
)
from ruleproof.vectors.format import Vector, Vocabulary, int_field

FACTION = {"wolf": "wolves", "seer": "village", "doctor": "village", "villager": "village"}
NIGHT = Phase("night", "night", ("guard", "attack", "see", "dawn"))
DAY = Phase("day", "day", ("vote", "close"), stream=True)

TOY: Ruleset[ToyGame, Seat, Action] = Ruleset("toy", (NIGHT, DAY), {"seat": "T1", "out": "T5", "skill": "T2"})
TOY.declare(
    [
        SkillInfo("protect", ("guard",), frozenset({"doctor"}), "T2", exclusive=True),
        SkillInfo("attack", ("attack",), frozenset({"wolf"}), "T2", exclusive=True),
        SkillInfo("see", ("see",), frozenset({"seer"}), "T2", exclusive=True),
        SkillInfo("vote", ("vote",), frozenset(FACTION), "T3"),
    ]
)


class ToyGame(BaseGame[Seat]):
    rules = TOY

    def __init__(
        self,
        roles: Sequence[str],
        policy: Policy,
        *,
        observer: Observer | None = None,
        stop_after: tuple[str, int] | None = None,
    ) -> None:
        super().__init__(
            [Seat(i + 1, r, FACTION[r]) for i, r in enumerate(roles)],
            policy,
            observer=observer,
            stop_after=stop_after,
        )
        self.attacked = 0
        self.votes: dict[int, int] = {}

    def phases(self, n: int) -> Sequence[Phase]:
        self.order = [p.n for p in self.players if p.alive]  # T2: seats act in seat order
        self.pos = {n: i for i, n in enumerate(self.order)}
        return super().phases(n)

    def check_victory(self) -> None:
        wolves = sum(p.alive and p.faction == "wolves" for p in self.players)
        others = sum(p.alive and p.faction != "wolves" for p in self.players)
        if wolves == 0:
            self.finish("village", self.step, "T4", "wolf_out")
        elif wolves >= others:
            self.finish("wolves", self.step, "T4", "parity")

    def snapshot(self) -> dict[str, Any]:
        return {
            "night": self.night,
            "players": {
                str(p.n): {
                    "role": p.role,
                    "alive": p.alive,
                    "out": p.out,
                    "protected": self.statuses.has(p.n, "protected"),
                }
                for p in self.players
            },
        }


@TOY.skill
class Protect(SkillImpl[ToyGame, Seat, Action]):
    key = "protect"

    @staticmethod
    def last_night(g: ToyGame, p: Seat) -> tuple[int, ...]:
        """Whom ``p`` protected last night (from the runtime's action ledger)."""
        return next(
            (
                e.targets
                for e in g.ledger
                if e.skill == "protect" and e.initiator == p.n and e.night == g.night - 1
            ),
            (),
        )

    def check(self, g: ToyGame, p: Seat, a: Action) -> None:
        if len(a.targets) != 1:
            raise g.illegal("T2", "须守护一人", "protect exactly one player", a)
        if a.targets == self.last_night(g, p):
            raise g.illegal("T2", "不可连续两夜守护同一人", "not the same player two nights running", a)

    def resolve(self, g: ToyGame, p: Seat, a: Action) -> None:
        g.statuses.add(a.targets[0], "protected", source=p.n, until=Until(g.night, "dawn", "end"))

    def propose(self, g: ToyGame, p: Seat, rng: random.Random) -> Action | None:
        last = self.last_night(g, p)
        options = [q.n for q in g.players if q.alive and (q.n,) != last]
        return Action(p.n, "protect", (rng.choice(options),)) if options else None


@TOY.skill
class Attack(SkillImpl[ToyGame, Seat, Action]):
    key = "attack"

    def check(self, g: ToyGame, p: Seat, a: Action) -> None:
        if len(a.targets) != 1 or a.targets[0] == p.n:
            raise g.illegal("T2", "须袭击另一人", "attack exactly one other player", a)

    def resolve(self, g: ToyGame, p: Seat, a: Action) -> None:
        g.attacked = a.targets[0]

    def propose(self, g: ToyGame, p: Seat, rng: random.Random) -> Action | None:
        return Action(p.n, "attack", (rng.choice([q.n for q in g.players if q.alive and q.n != p.n]),))


@TOY.skill
class See(SkillImpl[ToyGame, Seat, Action]):
    key = "see"

    def check(self, g: ToyGame, p: Seat, a: Action) -> None:
        if len(a.targets) != 1:
            raise g.illegal("T2", "须查验一人", "see exactly one player", a)

    def resolve(self, g: ToyGame, p: Seat, a: Action) -> None:
        t = g.players[a.targets[0] - 1]
        g.private(p.n, "seen", {"target": t.n, "wolf": t.role == "wolf"})

    def propose(self, g: ToyGame, p: Seat, rng: random.Random) -> Action | None:
        return Action(p.n, "see", (rng.choice([q.n for q in g.players if q.alive and q.n != p.n]),))


@TOY.skill
class Vote(SkillImpl[ToyGame, Seat, Action]):
    key = "vote"
    collective = True  # collected… but the day is a stream: each vote resolves at its moment

    def check(self, g: ToyGame, p: Seat, a: Action) -> None:
        if len(a.targets) != 1:
            raise g.illegal("T3", "每票投一人", "a vote names one player", a)

    def resolve(self, g: ToyGame, p: Seat, a: Action) -> None:
        g.votes[p.n] = a.targets[0]  # T3: a later vote replaces the earlier one
        g.log("vote", {"voter": p.n, "target": a.targets[0], "at": a.at})

    def propose(self, g: ToyGame, p: Seat, rng: random.Random) -> Action | None:
        living = [q.n for q in g.players if q.alive and q.n != p.n]
        return Action(p.n, "vote", (rng.choice(living),), at=rng.randrange(600)) if living else None


@TOY.hook("dawn", "pre")
def _dawn(g: ToyGame) -> None:
    """T2: the attacked dies unless protected; the deaths are announced."""
    dead = []
    if g.attacked and not g.statuses.has(g.attacked, "protected"):
        p = g.players[g.attacked - 1]
        p.alive, p.out = False, "dead"
        dead.append(p.n)
    g.attacked = 0
    g.announce("deaths", {"dead": dead})
    g.check_victory()


@TOY.hook("close", "post")
def _close(g: ToyGame) -> None:
    """T3: most votes is exiled; a tie is the storyteller's to break."""
    tally = Counter(t for voter, t in g.votes.items() if g.players[voter - 1].alive)
    g.votes = {}
    if not tally:
        g.announce("exile", {"player": None})
        return
    top = max(tally.values())
    tied = sorted(t for t, v in tally.items() if v == top)
    chosen = tied[0] if len(tied) == 1 else int(g.choose("tie_break", tied, clause="T3"))
    p = g.players[chosen - 1]
    p.alive, p.out = False, "exiled"
    g.announce("exile", {"player": chosen, "votes": top})
    g.check_victory()


VOCABULARY = Vocabulary(
    action_fields={"at": int_field("at")},
    seat_sets={"dead": "out", "exiled": "out", "alive": "flag", "protected": "flag"},
    day_steps=True,
    clause_re=re.compile(r"^T\d$"),
)


class ToyEngine(BookEngine):
    book_id = "toy/1"
    vocabulary = VOCABULARY
    rules = TOY
    factions = (("village", "村民", "village"), ("wolves", "狼人", "wolves"))

    def roles_for(self, spec: Any, vec: Vector) -> list[str]:
        players: Mapping[str, str] = vec.raw["setup"]["players"]
        keys = sorted(players, key=lambda k: int(k) if k.isdigit() else 0)
        if not 4 <= len(keys) <= 9 or keys != [str(i) for i in range(1, len(keys) + 1)]:
            raise BadInput(f"{vec.path}：T1 须为 4–9 名玩家", f"{vec.path}: T1 needs seats 1..N, 4 ≤ N ≤ 9")
        roles = [players[k] for k in keys]
        if any(r not in FACTION for r in roles) or roles.count("wolf") != 1:
            raise BadInput(f"{vec.path}：T1 职业不合", f"{vec.path}: T1: exactly one wolf, known roles")
        return roles

    def random_roles(self, seed: int) -> list[str]:
        rng = random.Random(f"toy:{seed}")
        roles = ["wolf", "seer", "doctor", *["villager"] * rng.randrange(1, 5)]
        rng.shuffle(roles)
        return roles

    def random_policy(self, seed: int) -> RandomPolicy:
        return RandomPolicy(seed, TOY.menus())

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
        return ToyGame(roles, policy, observer=observer, stop_after=stop_after)

    def state_scope(self, key: str) -> str | None:
        return "game" if key == "night" else ("player" if key in ("role", "alive", "protected") else None)


ENGINE = ToyEngine()
