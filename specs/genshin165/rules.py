"""[165]原神 — the configuration rules of the text, as data with their source sentences.

What is read from the text at run time (so an edited text changes the rules, or fails loudly):

* the roster (本场可能存在的身份如下) — every role, its camp, whether it is seer-type (验人系);
* the [群内] tag on each role's section heading (used by the 长老狼 rule);
* every dependency sentence "有X必有Y" inside a role section.

What is written here as data, each with a quote that must occur in the text: the count bounds, the
seer-type count and probabilities, the 60%/40% third-party/undetermined split, the 妖狐 and 长老狼
rules.  The numbers sit inside the quotes, so a changed number makes the quote unfindable.

Symbols: N players; V village-camp identities (底牌), W wolf-camp, T third-party + undetermined,
K seer-type identities, G roles with the [群内] tag at the start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache

from ruleproof.config.rounding import Rounding, apply
from ruleproof.config.source import Cite, book_lines, locate

BOOK = "genshin165"


class Camp(StrEnum):
    VILLAGE = "村民阵营"
    WOLF = "狼人阵营"
    THIRD = "三方阵营"
    UNDETERMINED = "不定阵营"


class Count(StrEnum):
    """The counted quantities the bounds talk about."""

    V = "V"  # 村民阵营底牌人数
    W = "W"  # 狼人数量
    T = "T"  # 三方与不定阵营数量
    K = "K"  # 验人系身份数量


COUNT_ZH = {Count.V: "村民阵营人数", Count.W: "狼人数量", Count.T: "三方与不定数量", Count.K: "验人系数量"}


class TCapReading(StrEnum):
    """How to read "不可多于5（开局总人数X0.2，四舍五入）": two caps in one sentence."""

    BOTH = "both"  # T ≤ 5 and T ≤ rhu(0.2N) (default: every number the sentence gives holds)
    FIXED = "fixed"  # T ≤ 5 only (the parenthesis as a remark)
    FORMULA = "formula"  # T ≤ rhu(0.2N) only (the 5 as an example)


@dataclass(frozen=True)
class Readings:
    """The configuration readings the text leaves open (switches ``config.twins``,
    ``config.tengu_home_pack``; docs/genshin165.md), and roles a caller rules out (an engine that does
    not play them)."""

    twins: str = "one_way"  # "both": 有暗必有光 too
    tengu_home_pack: str = "no"  # "yes": 大天狗 counts toward the opening [群内] share
    exclude: frozenset[str] = frozenset()


DEFAULT_READINGS = Readings()
TWINS = ("双子星光", "双子星暗")  # config.twins: 「有光必有暗」 — and its converse under "both"
TENGU = "大天狗"  # config.tengu_home_pack


@dataclass(frozen=True)
class Role:
    name: str
    camp: Camp
    seer: bool  # 验人系
    pack: bool  # [群内] on its section heading
    roster_line: int
    section_line: int | None  # line of its section heading (None: no section found)


@dataclass(frozen=True)
class Bound:
    """``count op rounding(factor · N)`` or ``count op const``."""

    id: str
    count: Count
    op: str  # ">=" or "<="
    cite: Cite
    factor: Fraction | None = None
    rounding: Rounding = Rounding.EXACT
    const: int | None = None
    readings: frozenset[TCapReading] = frozenset(TCapReading)

    def value(self, n: int) -> int:
        if self.const is not None:
            return self.const
        assert self.factor is not None
        return apply(self.rounding, self.factor * n)

    def formula(self) -> str:
        rhs = str(self.const) if self.const is not None else f"{self.rounding.value}({self.factor}·N)"
        return f"{self.count.value} {'≥' if self.op == '>=' else '≤'} {rhs}"


@dataclass(frozen=True)
class SeerProbability:
    """P(K = k) = (sign·N + offset) × step, capped at ``cap`` when the text gives a 最大."""

    k: int
    sign: int
    offset: int
    step: Fraction
    cap: Fraction | None
    cite: Cite

    def literal(self, n: int) -> Fraction:
        """The formula as written: only the stated 最大 is applied, nothing else."""
        p = (self.sign * n + self.offset) * self.step
        return min(p, self.cap) if self.cap is not None else p

    def clamped(self, n: int) -> Fraction:
        """The formula kept inside [0, 1] (the reading ruleproof samples with)."""
        return max(Fraction(0), min(Fraction(1), self.literal(n)))


@dataclass(frozen=True)
class Dependency:
    """有X必有Y: if ``role`` is present, ``requires`` is present."""

    role: str
    requires: str
    cite: Cite
    section: str | None  # the role whose section holds the sentence


@dataclass(frozen=True)
class Rules:
    roles: tuple[Role, ...]
    bounds: tuple[Bound, ...]
    seer_probabilities: tuple[SeerProbability, ...]
    dependencies: tuple[Dependency, ...]
    partition: Cite  # every player has exactly one identity
    roster: Cite  # the list of possible identities (each at most once)
    seer_count: Cite  # 1-3 seer-type identities
    split: Cite  # third-party vs undetermined 60% : 40%, independently
    split_third: Fraction
    fox: Cite  # 妖狐 ⇒ V is not the minimum
    elder: Cite  # 长老狼 present / absent by the [群内] share
    fox_role: str
    elder_role: str

    def role(self, name: str) -> Role:
        for r in self.roles:
            if r.name == name:
                return r
        raise KeyError(name)

    def bounds_for(self, reading: TCapReading) -> tuple[Bound, ...]:
        return tuple(b for b in self.bounds if reading in b.readings)

    def bound(self, bound_id: str) -> Bound:
        for b in self.bounds:
            if b.id == bound_id:
                return b
        raise KeyError(bound_id)


# --- the sentences ----------------------------------------------------------------------------

_ROSTER_START = "本场可能存在的身份如下："
_SEER_COUNT = "本局游戏内将会有1-3个验人系的身份在场"
_V_BOUNDS = "开局村民阵营底牌人数至少为（开局总人数X0.5，上取整），至多为（开局总人数X0.6，四舍五入）"
_W_BOUNDS = "狼人数量不可多于（开局总人数X0.4，四舍五入），狼人不可小于（开局总人数X0.3，四舍五入）"
_T_BOUNDS = "三方与不定阵营数量不可多于5（开局总人数X0.2，四舍五入），但最低可能没有。"
_SPLIT = "三方与不定的出现概率为60%比40%，独立计算。"
_PARTITION = "每名玩家将在游戏中扮演一个角色。"
_FOX = "若存在妖狐，村民阵营的初始身份人数一定不会是规则中最低数值。"
_ELDER = (
    "若开局的[群内]人数不超过狼人开局总人数的1/3则必有长老狼，"
    "开局的[群内]人数超过狼人开局总人数的2/3则必没有长老狼"
)
_SEER_P = (
    (1, -1, 35, None, "1个验人系：（35-参与人数）X5%。"),
    (2, 1, -15, Fraction(1, 2), "2个验人系：（参与人数-15）X5%，最大50%"),
    (3, 1, -25, Fraction(1, 2), "3个验人系：（参与人数-25）X5%，最大50%"),
)
_ROSTER_CAMPS = {"【村民阵营】": Camp.VILLAGE, "【狼人阵营】": Camp.WOLF, "【三方阵营】": Camp.THIRD}
_ROSTER_CAMPS["【不定阵营】"] = Camp.UNDETERMINED
_ROLE_SECTIONS = ("身份与阵营", "胜负判定")  # role sections run from the first heading to the second
_HEADING = re.compile(r"^\d+[、.．]\s*(\S+)")
_DEPENDENCY = re.compile(r"有([^\s，。、有必]+?)必有([^\s，。、]+?)(?=[，。]|$)")


def _roster() -> tuple[list[tuple[str, Camp, bool, int]], int]:
    lines = book_lines(BOOK)
    start = locate(BOOK, _ROSTER_START)
    end = locate(BOOK, _SEER_COUNT, after=start)
    camp: Camp | None = None
    seer = False
    out: list[tuple[str, Camp, bool, int]] = []
    for number in range(start + 1, end):
        line = lines[number - 1].strip()
        header = next((c for h, c in _ROSTER_CAMPS.items() if line.startswith(h)), None)
        if header is not None:
            camp, seer = header, False
        elif line.startswith("验人系"):
            seer = True
        elif line.startswith("其余身份"):
            seer = False
        elif camp is not None:
            out.extend((name, camp, seer, number) for name in re.findall(r"\d+([^\d\s]+)", line))
    return out, end


def _sections(names: list[str]) -> list[tuple[int, str, str]]:
    """(line, role, heading text) of each role-section heading, in text order."""
    lines = book_lines(BOOK)
    first = locate(BOOK, _ROLE_SECTIONS[0], after=locate(BOOK, _SEER_COUNT))
    last = locate(BOOK, _ROLE_SECTIONS[1], after=first)
    by_length = sorted(names, key=len, reverse=True)  # 双子星光 before 光-like prefixes
    out = []
    for number in range(first, last):
        m = _HEADING.match(lines[number - 1].strip())
        if m is None:
            continue
        head = m.group(1)
        name = next((n for n in by_length if head.startswith(n)), None)
        name = name or next((n for n in by_length if n in head.split("[")[0]), None)  # 顺从的女仆
        if name is not None:
            out.append((number, name, head))
    return out


def _resolve(short: str, names: list[str]) -> str:
    """A name as a dependency sentence writes it: exact, or the one roster role ending with it (光)."""
    if short in names:
        return short
    matches = [n for n in names if n.endswith(short)]
    if len(matches) != 1:
        raise LookupError(f"{BOOK}: cannot resolve role name {short!r} (candidates {matches})")
    return matches[0]


@cache
def rules() -> Rules:
    roster, _ = _roster()
    names = [name for name, *_ in roster]
    sections = _sections(names)
    first_heading: dict[str, tuple[int, str]] = {}
    for number, name, heading in sections:
        first_heading.setdefault(name, (number, heading))
    roles = tuple(
        Role(
            name=name,
            camp=camp,
            seer=seer,
            pack=name in first_heading and "[群内]" in first_heading[name][1],
            roster_line=line,
            section_line=first_heading[name][0] if name in first_heading else None,
        )
        for name, camp, seer, line in roster
    )
    lines = book_lines(BOOK)
    dependencies = []
    if sections:
        last = locate(BOOK, _ROLE_SECTIONS[1], after=sections[0][0])
        for number in range(sections[0][0], last):
            section = max((s for s in sections if s[0] <= number), key=lambda s: s[0])[1]
            for m in _DEPENDENCY.finditer(lines[number - 1]):
                dependencies.append(
                    Dependency(
                        role=_resolve(m.group(1), names),
                        requires=_resolve(m.group(2), names),
                        cite=Cite(BOOK, m.group(0), number),
                        section=section,
                    )
                )
    v, w, t = Cite.of(BOOK, _V_BOUNDS), Cite.of(BOOK, _W_BOUNDS), Cite.of(BOOK, _T_BOUNDS)
    seer = Cite.of(BOOK, _SEER_COUNT)
    half_up, ceil = Rounding.HALF_UP, Rounding.CEIL
    bounds = (
        Bound("V.min", Count.V, ">=", v, Fraction(1, 2), ceil),
        Bound("V.max", Count.V, "<=", v, Fraction(3, 5), half_up),
        Bound("W.min", Count.W, ">=", w, Fraction(3, 10), half_up),
        Bound("W.max", Count.W, "<=", w, Fraction(2, 5), half_up),
        Bound("T.min", Count.T, ">=", t, const=0),
        Bound("T.max", Count.T, "<=", t, const=5, readings=frozenset({TCapReading.BOTH, TCapReading.FIXED})),
        Bound(
            "T.max-formula",
            Count.T,
            "<=",
            t,
            Fraction(1, 5),
            half_up,
            readings=frozenset({TCapReading.BOTH, TCapReading.FORMULA}),
        ),
        Bound("K.min", Count.K, ">=", seer, const=1),
        Bound("K.max", Count.K, "<=", seer, const=3),
    )
    probabilities = tuple(
        SeerProbability(k, sign, offset, Fraction(5, 100), cap, Cite.of(BOOK, quote))
        for k, sign, offset, cap, quote in _SEER_P
    )
    split = Cite.of(BOOK, _SPLIT)
    shares = re.search(r"(\d+)%比(\d+)%", split.quote)
    assert shares is not None
    third, undetermined = int(shares.group(1)), int(shares.group(2))
    return Rules(
        roles=roles,
        bounds=bounds,
        seer_probabilities=probabilities,
        dependencies=tuple(dependencies),
        partition=Cite.of(BOOK, _PARTITION),
        roster=Cite.of(BOOK, _ROSTER_START),
        seer_count=seer,
        split=split,
        split_third=Fraction(third, third + undetermined),
        fox=Cite.of(BOOK, _FOX),
        elder=Cite.of(BOOK, _ELDER),
        fox_role=_resolve("妖狐", names),
        elder_role=_resolve("长老狼", names),
    )
