"""The engine's data: seats (role, alignment and held skills kept apart), held skills, statuses and
marks, nominations."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ruleproof.runtime import Action, Seat

GOOD, EVIL = "good", "evil"


@dataclass
class Held:
    """One skill a seat holds: fresh when gained (「在获得时均刷新至初始」), ``joined`` the round it was
    gained (its [首夜] is the first night from then), ``gained`` from another role (acts after that
    role's own slot), ``until_dawn`` for a temporary skill (理发师: 「持续至下一个拂晓」)."""

    key: str
    joined: int
    gained: bool = False
    used: bool = False
    until_dawn: int | None = None
    source: str = ""  # the role it comes from when gained (酒鬼's Townsfolk, 炼金术士's Minion…)


class Player(Seat):
    """A seat: ``role`` is the role it truly has now, ``believed`` what it thinks it is (酒鬼, 疯子,
    提线木偶), ``faction`` its alignment (good / evil), ``held`` its skills."""

    __slots__ = ("believed", "dead_yes", "held", "joined", "registered_dead")

    def __init__(self, n: int, role: str, faction: str) -> None:
        super().__init__(n, role, faction)
        self.held: dict[str, Held] = {}
        self.believed: str | None = None
        self.joined = 0
        self.dead_yes = False  # 「只有一次机会投“是”」 used
        self.registered_dead = False  # 丧尸 尸变: 「被视为死亡」


@dataclass
class St:
    """A status or mark: who holds it (``holder``; or ``holders``: a passive's ongoing set), its source
    (the seat and skill that made it), its window in anchors (``start`` / ``end``: (拂晓|黄昏, count)),
    its place in time (``seq``: what was given earlier may suspend what is given later, never the reverse)."""

    name: str
    mark: bool
    source: int
    skill: str
    seq: int
    holder: int = 0
    holders: Callable[[Any], list[int]] | None = None
    start: tuple[str, int] | None = None
    end: tuple[str, int] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "source": self.source, "skill": self.skill}
        if self.end is not None:
            out["until"] = list(self.end)
        return out


@dataclass
class Nomination:
    nominator: int
    nominee: int
    at: int
    opens: int  # the vote post
    closes: int  # the tally
    yes: set[int] = field(default_factory=set)
    voted: set[int] = field(default_factory=set)
    count: int | None = None  # yes votes at the tally
    alive_at_tally: int | None = None
    claimed: bool = False  # 哥布林 嚣张 within its window


class BotcAction(Action):
    """An action with the book's fields: ``role`` (赌博, 熬制, 洗脑: a role named), ``roles`` (抛出),
    ``yes`` (a vote's 是 / 否), ``word`` (a post's text, a proposition, a guess), ``card`` (a penalty)."""

    __slots__ = ("card", "role", "roles", "word", "yes")

    def __init__(
        self,
        actor: int,
        skill: str,
        targets: tuple[int, ...] = (),
        *,
        step: str | None = None,
        at: int | None = None,
        role: str | None = None,
        roles: tuple[str, ...] = (),
        yes: bool = True,
        word: str | None = None,
        card: str | None = None,
    ) -> None:
        super().__init__(actor, skill, targets, step=step, at=at)
        self.role = role
        self.roles = roles
        self.yes = yes
        self.word = word
        self.card = card

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.role is not None:
            out["role"] = self.role
        if self.roles:
            out["roles"] = list(self.roles)
        if not self.yes:
            out["yes"] = False
        if self.word is not None:
            out["word"] = self.word
        if self.card is not None:
            out["card"] = self.card
        return out


__all__ = ["EVIL", "GOOD", "BotcAction", "Held", "Nomination", "Player", "St"]
