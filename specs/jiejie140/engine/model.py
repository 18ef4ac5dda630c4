"""The engine's data: seats with this book's state, actions with this book's fields, ballots, effects
with their periods, deaths.

Time.  Round ``r`` is 「第 r 天」: its daytime (dawn 每一日开始前, the door opening, the real-time stream,
the close, 入夜之前) then its night (steps 1–11).  Periods are numbered ``2r`` (daytime) and ``2r + 1``
(night): a charge opens 「当前时段与下一时段」, i.e. periods ``P`` and ``P + 1``.  Within the daytime the
stream's moments are ``at`` (minutes after the door opened); within the night, the step order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ruleproof.runtime.model import Action, Seat


def day_period(r: int) -> int:
    return 2 * r


def night_period(r: int) -> int:
    return 2 * r + 1


class JAction(Action):
    """An action with this book's fields (docs/jiejie140.md, "Vectors")."""

    __slots__ = (
        "boost",
        "declare",
        "deferred",
        "faction",
        "identities",
        "identity",
        "index",
        "public",
        "rewrite",
        "super_",
        "tentative",
        "void",
        "vote",
        "watch",
    )

    def __init__(
        self,
        actor: int,
        skill: str,
        targets: tuple[int, ...] = (),
        *,
        step: str | None = None,
        at: int | None = None,
        index: int | None = None,
        super_: bool = False,
        declare: str | None = None,
        vote: str | None = None,
        rewrite: int | None = None,
        identity: str | None = None,
        faction: str | None = None,
        identities: tuple[str, ...] = (),
        watch: str | None = None,
        boost: str | None = None,
        public: bool = False,
    ) -> None:
        super().__init__(actor, skill, targets, step=step, at=at)
        self.index = index
        self.super_ = super_
        self.declare = declare
        self.vote = vote
        self.rewrite = rewrite
        self.identity = identity
        self.faction = faction
        self.identities = identities
        self.watch = watch
        self.boost = boost
        self.public = public
        self.deferred = 0  # rounds this action was put off by 时间凝滞
        self.tentative = False  # proposed by the random policy: if illegal at its moment, not executed
        self.void = ""  # why a tentative action is not executed

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        for key in ("index", "declare", "vote", "rewrite", "identity", "faction", "watch", "boost"):
            v = getattr(self, key)
            if v is not None:
                out[key] = v
        if self.super_:
            out["super"] = True
        if self.identities:
            out["identities"] = list(self.identities)
        if self.public:
            out["public"] = True
        if self.deferred:
            out["deferred"] = self.deferred
        return out


@dataclass
class Effect:
    """A timed effect on a seat: active in periods ``start``…``end`` (``end`` None: for good)."""

    name: str
    holder: int
    source: int
    start: int
    end: int | None
    data: dict[str, Any] = field(default_factory=dict)

    def active(self, period: int) -> bool:
        return self.start <= period and (self.end is None or period <= self.end)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"effect": self.name, "holder": self.holder, "source": self.source}
        out["from"], out["to"] = self.start, self.end
        if self.data:
            out["data"] = self.data
        return out


@dataclass
class Ballot:
    """One faction-skill vote: who, which skill, for which faction's tally, on whom, when."""

    id: int
    voter: int
    skill: str  # telekinesis / ascend / hidden_push
    tally: str  # the faction whose tally counts it (隐匿推流: the declared one)
    target: int
    at: int  # the moment it was cast (误导 keeps it)
    round: int
    cancelled: bool = False
    void: str = ""  # why it does not count ("dead voter", "blocked", …)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "voter": self.voter,
            "skill": self.skill,
            "tally": self.tally,
            "target": self.target,
            "at": self.at,
        }
        if self.cancelled:
            out["cancelled"] = True
        if self.void:
            out["void"] = self.void
        return out


@dataclass(frozen=True)
class Death:
    round: int
    period: int
    moment: int  # the stream's ``at`` by day; the step number by night (for ordering deaths)
    seq: int  # order of deaths overall
    cause: str  # the skill (or "trial", "dissipate", "red_card")
    killer: int | None  # the killer named to 灵能溪流 (a ballot's last voter, a trial's last supporter)
    credit: tuple[str, ...]  # factions the kill counts for (胜利条件 1 「必须为本阵营击杀」)
    kill: bool  # a 击杀 (出局: 被击杀包括…); a trial only under the reading trial.is_kill=yes

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "period": self.period,
            "cause": self.cause,
            "killer": self.killer,
            "credit": list(self.credit),
            "kill": self.kill,
        }


class JSeat(Seat):
    """A player: identity (``role``), the identity under a follower's layer (``base``), faction, and the
    book's bookkeeping."""

    __slots__ = (
        "announced",
        "base",
        "bonus",
        "charge_id",
        "charge_period",
        "chargers",
        "cooldown",
        "death",
        "debt",
        "follower_since",
        "grouped",
        "last_target",
        "layers",
        "linked_ever",
        "lost_all",
        "promoted_by",
        "red",
        "stasised_ever",
        "summoned",
        "uses",
        "vanguard",
        "watched",
        "yellow",
    )

    def __init__(self, n: int, role: str, faction: str) -> None:
        super().__init__(n, role, faction)
        self.base: str | None = None  # 追随者: the identity under the layer
        self.announced = False  # exit announced at a day's opening (「已经公示的出局角色」)
        self.death: Death | None = None
        self.charge_id = 0  # the current charge state (0: never charged)
        self.charge_period = -10  # the period the current charge was given in
        self.chargers: tuple[int, ...] = ()  # who gave the current charge (协作调度)
        self.layers = 0  # 传承者 灵能储备
        self.uses: dict[tuple[str, tuple[Any, ...]], int] = {}
        self.bonus: dict[tuple[str, tuple[Any, ...]], int] = {}  # 双重武装
        self.debt: dict[tuple[str, tuple[Any, ...]], int] = {}  # 欺诈: 「占用次日技能使用次数」
        self.last_target: dict[str, tuple[int, ...]] = {}  # 「不可对同一目标连续使用」
        self.cooldown = False  # 支援者: 双重武装 waiting for 高效蓄能
        self.promoted_by: str | None = None  # "ascend" / "burst" / "initial"
        self.follower_since: int | None = None  # the round 引导 made it a follower
        self.grouped = False  # 汇聚
        self.lost_all = False  # 命运洪流 failed: 「失去除阵营技能外所有技能」
        self.vanguard: str | None = None  # 绝境先驱: the identity whose skills it took
        self.summoned: set[str] = set()  # 英灵召唤: identities taken (never twice)
        self.red = False
        self.yellow = 0
        self.linked_ever = False  # 同步链接: 「被同步链接指定过的角色不可再次被同步链接指定」
        self.stasised_ever = False  # 时间凝滞 has affected it (凝滞永续)
        self.watched: set[str] = set()


__all__ = ["Ballot", "Death", "Effect", "JAction", "JSeat", "day_period", "night_period"]
