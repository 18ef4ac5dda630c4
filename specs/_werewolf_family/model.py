"""The family's words as typed data.  Every entry cites the clause (the reader's id: a section title such
as ``用语定义/技能`` or ``总体流程``) and quotes the Chinese phrase it is read from, so the drift check
(:mod:`ruleproof.drift`) notices an edited text."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class Timing(StrEnum):
    """Timing tags (时段).  A book's text lists which exist and which are day / night."""

    START = "开局"
    ELECTION = "竞选"
    DAWN = "晨曦"
    NOON = "正午"
    DUSK = "黄昏"
    EARLY = "早夜"
    MID = "午夜"
    DEEP = "深夜"
    LATE = "凌晨"


NIGHT_TIMINGS = (Timing.EARLY, Timing.MID, Timing.DEEP, Timing.LATE)


class Damage(StrEnum):
    """Ways a char is put out of the game (出局方式)."""

    KILL = "指杀"  # the usual kill, cancelled by most defences
    PIERCE = "穿透"  # ignores 守护
    LETHAL = "致死伤害"
    VOTE = "投票出局"
    CHAIN = "连带出局"  # 随机配置法's chained exit; 原神's lovers take 致死伤害 instead
    RED = "红牌罚下"


@dataclass(frozen=True)
class Cited:
    """Anything that quotes the clause it comes from."""

    key: str
    clause: str
    quote: str


@dataclass(frozen=True)
class SkillDef:
    """One skill as its role section prints it: 「预言 [深夜][指定]—— …」."""

    role: str
    name: str
    timings: tuple[Timing, ...]
    clause: str  # the role's section id
    quote: str  # the skill's heading as printed (its tags included)
    forced: bool = False  # <强制>
    limited: bool = False  # <限定>
    targeted: bool = False  # <指定>
    flip: bool = False  # [翻牌]
    count: int | None = None  # [X]: a count skill starting with X uses

    @property
    def key(self) -> str:
        return f"{self.role}<{self.name}>"


@dataclass(frozen=True)
class StatusDef:
    """A status: negative or not, the primitive effects it stands for, whether its holder is told."""

    name: str
    negative: bool
    effects: frozenset[str]  # primitive effects: silence, disarm, forget, release, mute_vote, …
    clause: str
    quote: str
    notified: bool = True
    defence: bool = False  # one of the text's 防御状态

    @property
    def key(self) -> str:
        return f"status {self.name}"


@dataclass(frozen=True)
class Defence:
    """What a defensive status cancels (its definition, read from the text) and whether using it spends
    a count (守护:X)."""

    status: str
    cancels: frozenset[Damage]
    clause: str
    quote: str
    counted: bool = False

    @property
    def key(self) -> str:
        return f"defence {self.status}"


@dataclass(frozen=True)
class OrderTable:
    """An ordered list of the text (an exit list, a chain order, a win priority, a redirection chain)."""

    key: str
    entries: tuple[str, ...]
    clause: str
    quote: str

    def rank(self, entry: str) -> int:
        return self.entries.index(entry)

    def ranks(self) -> dict[str, int]:
        return {e: i for i, e in enumerate(self.entries)}


@dataclass(frozen=True)
class Step:
    """One numbered sub-step of a phase: its entries (role, skill) in the text's order."""

    key: str  # "dusk.1", "night_early.4" …
    phase: str  # the phase key
    label: str  # as printed: "（1）"
    entries: tuple[tuple[str, str], ...]
    clause: str
    quote: str
    ordered: bool = True  # 有先后顺序 (False: 互不影响)


@dataclass(frozen=True)
class PhaseDef:
    key: str
    timing: Timing | None
    kind: str  # "setup" / "day" / "night"
    steps: tuple[Step, ...]
    clause: str
    quote: str
    stream: bool = False  # real-time: skills resolve at their moment


@dataclass(frozen=True)
class Threshold:
    """A number the text scales with the player count: base + step·⌊(N − from)/per⌋ + 1 for N ≥ from."""

    key: str
    base: int
    clause: str
    quote: str
    start: int | None = None  # 「从20人开始」
    per: int | None = None  # 「人数每增加4」

    def value(self, players: int) -> int:
        if self.start is None or self.per is None or players < self.start + self.per:
            return self.base
        return self.base + (players - self.start) // self.per


@dataclass(frozen=True)
class Family:
    """One book's instance of the family: its status table, defences, redirection chain, win priority,
    and the few primitive semantics where the two texts differ."""

    statuses: Mapping[str, StatusDef]
    defences: tuple[Defence, ...]
    redirection: OrderTable
    silence_blocks_kill: bool  # 原神 「不能发动[强制]技能以外的技能」 vs 随机配置法 「[杀人]技能外」
    extras: Mapping[str, Cited] = field(default_factory=dict)

    def cancels(self, status: str, damage: Damage) -> bool:
        return any(d.status == status and damage in d.cancels for d in self.defences)

    def effects(self, statuses: Iterable[str]) -> frozenset[str]:
        out: set[str] = set()
        for s in statuses:
            d = self.statuses.get(s)
            if d is not None:
                out |= d.effects
        return frozenset(out)


__all__ = [
    "NIGHT_TIMINGS",
    "Cited",
    "Damage",
    "Defence",
    "Family",
    "OrderTable",
    "PhaseDef",
    "SkillDef",
    "StatusDef",
    "Step",
    "Threshold",
    "Timing",
]
