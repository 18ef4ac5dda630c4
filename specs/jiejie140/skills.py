"""Skills as records read from the text's tab-separated skill tables.

Every role section of [140]乘风破浪的姐姐2 prints a table with the columns 技能名称 | 发动时间 | 目标 |
次数限制 | 是否敌意 | 具体描述 | 类型 | 备注; 阵营技能 and 附加身份 print their own columns.  This module turns
each row into a :class:`SkillRecord` by *classifying its cells* with a small vocabulary of the phrases
the text uses (「每天限1次」 → a per-day limit of 1, 「充能状态限1次」 → one use per charge state, 「敌意」 →
hostile …).  A cell the vocabulary does not know is an error naming the cell and its line — never a
silent default — so a revision that writes a new kind of limit is noticed, and one that changes 「每天限2次」
to 「每天限3次」 changes the engine's limit.

The records keep every cell with its line (for the drift check, findings and docs), the skill's index
(#X: its row in its holder's table, used by 双重武装 and 欺诈 — 追随者's remark 「视为追随者的技能1，身份自带
技能从2号开始顺延」 renumbers the identity's own skills), and flags read from the description where the
text says them in a fixed phrase (「不可对同一目标连续使用」, 「不可规避」, 「不可反击」, 「发动后无法发动“技能·X”」).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache

from ruleproof.errors import BadInput
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.source import Cell, bundled, cells
from ruleproof.text import Document

# ── the vocabulary of the cells ────────────────────────────────────────────────────────────────


class Timing(StrEnum):
    ANY = "any"  # 任意时刻 / 任意时间: by day (real time) and by night
    DAYTIME = "daytime"  # 白天任意时间
    NIGHT = "night"  # 夜间
    DUSK = "dusk"  # 入夜之前: cast during the day, counted at nightfall / in the night's tally steps
    DAWN = "dawn"  # 每一日开始前
    SETUP = "setup"  # 游戏开始前
    DEATH = "death"  # 死亡后
    TRIGGER = "trigger"  # 被…后触发 / 触发…后 / 充能后触发 …


class Target(StrEnum):
    NONE = "none"  # 无
    SELF = "self"  # 指定自己
    ONE = "one"  # 指定一个目标
    OTHER = "other"  # 指定一个自己以外(的)目标 / 指定自己以外的目标
    PAIR = "pair"  # 指定目标A和B (A, B may be the actor: 灵魂链接 「A和B均可设置为传递者本人」)
    PAIR_OTHERS = "pair_others"  # 指定自己以外的两个目标
    MANY_OR_PUBLIC = "many_or_public"  # 指定若干目标，无数量限制，或者可公示
    SKILL = "skill"  # 选定某技能
    DEAD_TEAMMATE = "dead_teammate"  # 选定一个死亡队友
    TEAMMATE = "teammate"  # 选定一名队友
    ONE_AND_TEAMMATE = "one_and_teammate"  # 指定一个目标，选择一名队友
    SENSED_SOURCE = "sensed_source"  # “技能·敌意感应”获取的目标
    TALLY_TARGET = "tally_target"  # “阵营技能·集团念力”目标
    A_OPTIONAL_B = "a_optional_b"  # 指定一个目标A，可能指定一个额外目标B
    ALL_AFFECTED = "all_affected"  # 曾经受到过技能·时间凝滞影响的所有角色
    KILLER_FACTION = "killer_faction"  # 击杀欺骗者的阵营
    ALL_TEAMMATES = "all_teammates"  # 己方所有队友
    ENEMY_IDENTITY = "enemy_identity"  # 敌方除永恒者/凝聚者的一名成员
    RANGE = "range"  # 全名单中除自己外12个目标
    ONE_DECLARED = "one_declared"  # 指定一个目标，并选择何种投票方式
    ELEVATOR_BLOCK = "elevator_block"  # 指定电梯楼相连的若干目标（头尾视为相连），…六分之一，向上取整


class LimitKind(StrEnum):
    NONE = "none"
    PER_DAY = "per_day"  # 每天限 / 每日限
    PER_NIGHT = "per_night"  # 每夜限
    PER_DAYTIME = "per_daytime"  # 每个白天限
    GLOBAL = "global"  # 全局限
    PER_CHARGE = "per_charge"  # 充能状态限
    PER_TRIGGER = "per_trigger"  # 触发…后 N 次


class Hostility(StrEnum):
    HOSTILE = "hostile"  # 敌意
    FRIENDLY = "friendly"  # 非敌意
    BY_DECLARATION = "by_declaration"  # 取决于投票方式 (隐匿推流: hostile when declared for 集团念力)
    UNSTATED = "unstated"  # the table has no 是否敌意 column (附加身份)


class Kind(StrEnum):
    NORMAL = "normal"  # 普通能力
    SUPER = "super"  # 超能能力 — needs a charge
    FACTION = "faction"  # 阵营能力 — a ballot
    POWER = "power"  # 权力 — an office's power
    INITIAL = "initial"  # 初始启动 — a set-up step

    @property
    def ability(self) -> bool:
        """An 「能力技能」 (普通 / 超能 / 阵营 能力): what 光辉仲裁, 时间凝滞, 欺诈 and 消逝 speak of."""
        return self in (Kind.NORMAL, Kind.SUPER, Kind.FACTION)

    @property
    def personal(self) -> bool:
        """A 「个人技能」 (普通 / 超能): what 命运洪流 and 同步链接 speak of."""
        return self in (Kind.NORMAL, Kind.SUPER)


class Mode(StrEnum):
    ACTIVE = "active"  # 主动发动
    PASSIVE = "passive"  # 被动常驻 / 被动发动
    TRIGGERED = "triggered"  # 触发生效
    INITIAL = "initial"  # 初始启动


_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def number(word: str) -> int:
    """「2」 / 「两」 / 「十二」 → int."""
    if word.isdigit():
        return int(word)
    if word.startswith("十"):
        return 10 + (_NUM[word[1:]] if len(word) > 1 else 0)
    if len(word) == 2 and word[1] == "十":
        return _NUM[word[0]] * 10
    return _NUM[word]


_N = r"(\d+|[一二两三四五六七八九十]+)"
_NAME = r"[“\"]?(?:超能|阵营)?技能[·：:]([^”\"，。、]+)[”\"]?"

_TIMING: tuple[tuple[str, Timing, str | None], ...] = (
    (r"任意(?:时刻|时间)", Timing.ANY, None),
    (r"白天任意(?:时刻|时间)", Timing.DAYTIME, None),
    (r"夜间(?:被动)?", Timing.NIGHT, None),
    (r"入夜之前", Timing.DUSK, None),
    (r"每一日开始前", Timing.DAWN, None),
    (r"游戏开始前", Timing.SETUP, None),
    (r"死亡后", Timing.DEATH, None),
    (r"被敌意能力指定后触发", Timing.TRIGGER, "hostile_target"),
    (r"触发" + _NAME + r"后", Timing.TRIGGER, "skill"),
    (r"使用" + _NAME + r"后", Timing.TRIGGER, "skill"),
    (r"充能后触发", Timing.TRIGGER, "charged"),
    (r"本阵营.+死亡后", Timing.TRIGGER, "leader_dead"),
    (r"被能力技能击杀后", Timing.TRIGGER, "killed_by_ability"),
    (r"成为追随者满" + _N + r"天后每个夜晚", Timing.TRIGGER, "follower_days"),
    (r"无队友共群的任意时刻", Timing.ANY, "ungrouped"),
)

_TARGET: tuple[tuple[str, Target], ...] = (
    (r"无", Target.NONE),
    (r"指定自己", Target.SELF),
    (r"指定一个目标", Target.ONE),
    (r"指定一个自己以外的?目标|指定自己以外的目标", Target.OTHER),
    (r"指定目标A和B", Target.PAIR),
    (r"指定自己以外的两个目标", Target.PAIR_OTHERS),
    (r"指定若干目标，无数量限制，或者可公示", Target.MANY_OR_PUBLIC),
    (r"选定某技能", Target.SKILL),
    (r"选定一个死亡队友", Target.DEAD_TEAMMATE),
    (r"选定一名队友", Target.TEAMMATE),
    (r"指定一个目标，选择一名队友", Target.ONE_AND_TEAMMATE),
    (r"[“\"]技能·敌意感应[”\"]获取的目标", Target.SENSED_SOURCE),
    (r"[“\"]阵营技能·集团念力[”\"]目标", Target.TALLY_TARGET),
    (r"指定一个目标A，可能指定一个额外目标B", Target.A_OPTIONAL_B),
    (r"曾经受到过技能·时间凝滞影响的所有角色", Target.ALL_AFFECTED),
    (r"击杀欺骗者的阵营", Target.KILLER_FACTION),
    (r"己方所有队友", Target.ALL_TEAMMATES),
    (r"敌方除永恒者/凝聚者的一名成员", Target.ENEMY_IDENTITY),
    (r"全名单中除自己外" + _N + r"个目标", Target.RANGE),
    (r"指定一个目标，并选择何种投票方式", Target.ONE_DECLARED),
    (r"指定电梯楼相连的若干目标（头尾视为相连），数量为当前存活人数的.+", Target.ELEVATOR_BLOCK),
)

_LIMIT: tuple[tuple[str, LimitKind], ...] = (
    (r"无", LimitKind.NONE),
    (r"每[天日]限" + _N + r"次", LimitKind.PER_DAY),
    (r"每夜限" + _N + r"次", LimitKind.PER_NIGHT),
    (r"每个白天限" + _N + r"次", LimitKind.PER_DAYTIME),
    (r"全局限" + _N + r"次", LimitKind.GLOBAL),
    (r"充能状态限" + _N + r"次", LimitKind.PER_CHARGE),
    (r"触发(?:" + _NAME + r")?后" + _N + r"次", LimitKind.PER_TRIGGER),
)
_LAYERS = re.compile(r"[，,]\s*消耗" + _N + r"层充能$")

_HOSTILITY = {
    "敌意": Hostility.HOSTILE,
    "非敌意": Hostility.FRIENDLY,
    "取决于投票方式": Hostility.BY_DECLARATION,
}
_KIND = {
    "普通能力": Kind.NORMAL,
    "超能能力": Kind.SUPER,
    "阵营能力": Kind.FACTION,
    "权力": Kind.POWER,
    "初始启动": Kind.INITIAL,
}
_MODE = {
    "主动发动": Mode.ACTIVE,
    "被动常驻": Mode.PASSIVE,
    "被动发动": Mode.PASSIVE,
    "触发生效": Mode.TRIGGERED,
    "初始启动": Mode.INITIAL,
}

# description phrases the engine reads as flags (each a fixed phrase of the text)
NO_CONSECUTIVE = "不可对同一目标连续使用"
UNAVOIDABLE = "不可规避"
UNCOUNTERABLE = "不可反击"
DISGUISE = "受伪装身份影响"
_EXCLUDES = re.compile(r"发动后无法发动" + _NAME)
_AVOID_EXEMPT = re.compile(r"无法规避" + _NAME)
_ONCE_PER_TARGET = re.compile(r"被(.+?)指定过的角色不可再次被\1指定")
_RENUMBER = re.compile(r"视为(.+?)的技能" + _N + r"，身份自带技能从" + _N + r"号开始顺延")
_COMPARED = re.compile(
    r"(超过|大于|多于|达到|不少于|不低于|低于|少于)[^，。]*?(一半|" + _N + r"分之" + _N + r")"
)


@dataclass(frozen=True)
class Limit:
    kind: LimitKind
    count: int  # uses per window (0 for NONE)
    layers: int = 0  # charge layers consumed (传承者: 「消耗2层充能」)


@dataclass(frozen=True)
class Threshold:
    """A ballot threshold as the 投票指标 cell prints it: ``votes > alive × num / den`` (strict) or ``≥``."""

    strict: bool
    num: int
    den: int
    basis: str  # whose living count: "faction" (阵营内当前存活人数) or the declared faction's tally


@dataclass(frozen=True)
class SkillRecord:
    key: str
    zh: str
    holders: tuple[str, ...]  # identity keys (or factions, for 阵营技能; offices, for 附加身份)
    clause: str
    line: int
    index: int  # #X within its holder's table
    timing: Timing
    trigger: str | None  # what a TRIGGER timing waits for (a skill key or an event name)
    target: Target
    limit: Limit
    hostility: Hostility
    kind: Kind
    modes: frozenset[Mode]
    disguise: bool  # 受伪装身份影响
    no_consecutive: bool
    unavoidable: bool
    uncounterable: bool
    excludes: tuple[str, ...]  # 「发动后无法发动“技能·X”」
    avoid_exempt: tuple[str, ...]  # 「无法规避“阵营技能·X”」
    once_per_target: bool  # 「被X指定过的角色不可再次被X指定」
    cells: tuple[Cell, ...]
    threshold: Threshold | None = None  # 阵营技能: the 投票指标
    factions: tuple[str, ...] = ()  # 阵营技能: 阵营归属

    @property
    def hostile(self) -> bool:
        return self.hostility is Hostility.HOSTILE

    @property
    def super(self) -> bool:
        return self.kind is Kind.SUPER

    def cell(self, column: str) -> Cell:
        for c in self.cells:
            if c.column == column:
                return c
        raise KeyError(column)

    @property
    def description(self) -> str:
        return self.cell("具体描述").text


class UnreadCell(BadInput):
    """A table cell the vocabulary does not know (a revision wrote a new phrase): named with its line."""


def _unread(cell: Cell, what: str) -> UnreadCell:
    return UnreadCell(
        f"{cell.clause} 第 {cell.line} 行「{cell.text}」：规格不认识这种{what}写法，须先补充 specs/jiejie140/skills.py 的词表",
        f"{cell.clause} line {cell.line}: the spec does not know this {what} phrase: {cell.text!r}",
    )


def _skill_key(name: str, cell: Cell) -> str:
    key = nm.SKILL_KEYS.get(name.strip())
    if key is None:
        raise _unread(cell, "技能名")
    return key


def _match(table: tuple[tuple[str, object], ...], cell: Cell) -> tuple[object, re.Match[str]] | None:
    for pattern, value in table:
        m = re.fullmatch(pattern, cell.text)
        if m:
            return value, m
    return None


def _timing(cell: Cell) -> tuple[Timing, str | None]:
    for pattern, value, trig in _TIMING:
        m = re.fullmatch(pattern, cell.text)
        if m is None:
            continue
        if trig == "skill":
            return value, _skill_key(m.group(1), cell)
        return value, trig
    raise _unread(cell, "发动时间")


def _target(cell: Cell) -> Target:
    """The target shape (the numbers some shapes print — 「12个目标」, 「六分之一」 — are parameters with
    their quotes, :mod:`.params`)."""
    for pattern, value in _TARGET:
        if re.fullmatch(pattern, cell.text):
            return value
    raise _unread(cell, "目标")


def _limit(cell: Cell) -> Limit:
    text, layers = cell.text, 0
    m = _LAYERS.search(text)
    if m:
        layers, text = number(m.group(1)), text[: m.start()]
    for pattern, kind in _LIMIT:
        found = re.fullmatch(pattern, text)
        if found is None:
            continue
        count = 0 if kind is LimitKind.NONE else number([g for g in found.groups() if g][-1])
        return Limit(kind, count, layers)
    raise _unread(cell, "次数限制")


def _kind_modes(cell: Cell) -> tuple[Kind, frozenset[Mode]]:
    parts = [p.strip() for p in re.split(r"[，,]", cell.text) if p.strip()]
    if not parts or parts[0] not in _KIND:
        raise _unread(cell, "类型")
    modes = []
    for p in parts[1:] if parts[0] != "初始启动" else parts:
        if p not in _MODE:
            raise _unread(cell, "类型")
        modes.append(_MODE[p])
    return _KIND[parts[0]], frozenset(modes)


def threshold(cell: Cell) -> Threshold | None:
    """The 投票指标 cell: 「票数超过阵营内当前存活人数一半」 → votes > alive / 2 (strict)."""
    if "不计入" in cell.text and "计入所选票归属阵营" in cell.text:
        return None  # 隐匿推流: its votes count in the declared faction's tally
    m = _COMPARED.search(cell.text)
    if m is None:
        raise _unread(cell, "投票指标")
    strict = m.group(1) in ("超过", "大于", "多于")
    if m.group(2) == "一半":
        num, den = 1, 2
    else:
        den, num = number(m.group(3)), number(m.group(4))
    return Threshold(strict, num, den, "faction")


def _factions(cell: Cell) -> tuple[str, ...]:
    text = cell.text.removesuffix("阵营")
    out = []
    for part in text.split("/"):
        key = nm.FACTION_BY_ZH.get(part.strip().removesuffix("阵营"))
        if key is None:
            raise _unread(cell, "阵营归属")
        out.append(key)
    return tuple(out)


def _record(
    doc: Document, clause_id: str, holders: tuple[str, ...], index: int, row: dict[str, Cell]
) -> SkillRecord:
    name = row["技能名称"]
    key = _skill_key(name.text, name)
    timing, trigger = _timing(row["发动时间"])
    target = _target(row["目标"])
    limit = _limit(row["次数限制"])
    hostility = _HOSTILITY.get(row["是否敌意"].text) if "是否敌意" in row else Hostility.UNSTATED
    if hostility is None:
        raise _unread(row["是否敌意"], "是否敌意")
    kind, modes = _kind_modes(row["类型"])
    desc = row["具体描述"].text
    remark = row["备注"].text if "备注" in row else ""
    th: Threshold | None = None
    factions: tuple[str, ...] = ()
    if "投票指标" in row:
        th = threshold(row["投票指标"])
        factions = _factions(row["阵营归属"])
    return SkillRecord(
        key=key,
        zh=name.text,
        holders=holders,
        clause=clause_id,
        line=name.line,
        index=index,
        timing=timing,
        trigger=trigger,
        target=target,
        limit=limit,
        hostility=hostility,
        kind=kind,
        modes=modes,
        disguise=DISGUISE in remark or DISGUISE in desc,
        no_consecutive=NO_CONSECUTIVE in desc,
        unavoidable=UNAVOIDABLE in desc,
        uncounterable=UNCOUNTERABLE in desc,
        excludes=tuple(_skill_key(n, name) for n in _EXCLUDES.findall(desc)),
        avoid_exempt=tuple(_skill_key(n, name) for n in _AVOID_EXEMPT.findall(desc)),
        once_per_target=_ONCE_PER_TARGET.search(desc) is not None,
        cells=tuple(row.values()),
        threshold=th,
        factions=factions,
    )


@dataclass(frozen=True)
class IdentityDef:
    key: str
    zh: str
    clause: str
    line: int
    number: int | None  # 1–11 for the mirror members (the section heading's number)
    skills: tuple[str, ...]  # in the table's order: index i+1 is skill #(i+1)
    renumber: tuple[str, int] | None = None  # 追随者: (its skill counted as #n, base skills from #m)


@dataclass(frozen=True)
class SkillBook:
    """Everything the skill tables say: identities with their skills in order, and one record per skill."""

    identities: Mapping[str, IdentityDef]
    skills: Mapping[str, SkillRecord]
    offices: Mapping[str, SkillRecord]  # office key → its power (附加身份)
    office_cells: Mapping[str, tuple[Cell, ...]]  # office key → its 附加身份 / 产生机制 cells

    def skill(self, key: str) -> SkillRecord:
        return self.skills[key]


ROLE_SECTIONS_UNDER = ("镜像阵营身份", "欺骗阵营成员", "适应阵营身份")


def read_skills(doc: Document) -> SkillBook:
    """Every skill table of ``doc`` (the bundled text or a revision) as records."""
    identities: dict[str, IdentityDef] = {}
    skills: dict[str, SkillRecord] = {}
    for clause in doc.clauses.values():
        if not clause.role or not clause.tables:
            continue
        keys = tuple(nm.IDENTITY_KEYS.get(r) for r in clause.role)
        if any(k is None for k in keys):
            continue  # a role the spec has no name for: reported by the completeness check
        holders = tuple(k for k in keys if k is not None)
        table = clause.tables[0]
        order: list[str] = []
        renumber: tuple[str, int] | None = None
        for i, row in enumerate(table.rows, start=1):
            rc = cells(table, row, clause.id)
            rec = _record(doc, clause.id, holders, i, rc)
            if rec.key in skills:
                raise BadInput(
                    f"{clause.id} 第 {row.line} 行：技能「{rec.zh}」已在 {skills[rec.key].clause} 定义",
                    f"{clause.id} line {row.line}: skill {rec.zh} is defined twice",
                )
            skills[rec.key] = rec
            order.append(rec.key)
            m = _RENUMBER.search(rc["备注"].text) if "备注" in rc else None
            if m:
                renumber = (rec.key, number(m.group(3)))
        for h in holders:
            identities[h] = IdentityDef(
                key=h,
                zh=nm.IDENTITY_ZH[h],
                clause=clause.id,
                line=clause.line,
                number=int(clause.number) if clause.number and clause.number.isdigit() else None,
                skills=tuple(order),
                renumber=renumber,
            )
    # 阵营技能: one table, columns 阵营归属 / 发动人员 / 投票指标 added
    faction_clause = doc.clauses.get("阵营技能")
    if faction_clause is not None and faction_clause.tables:
        table = faction_clause.tables[0]
        for i, row in enumerate(table.rows, start=1):
            rc = cells(table, row, faction_clause.id)
            rec = _record(doc, faction_clause.id, (), i, rc)
            skills[rec.key] = _with_holders(rec, rec.factions)
    offices: dict[str, SkillRecord] = {}
    office_cells: dict[str, tuple[Cell, ...]] = {}
    office_clause = doc.clauses.get("附加身份")
    if office_clause is not None and office_clause.tables:
        table = office_clause.tables[0]
        for i, row in enumerate(table.rows, start=1):
            rc = cells(table, row, office_clause.id)
            office = nm.OFFICE_KEYS.get(rc["附加身份"].text)
            if office is None:
                raise _unread(rc["附加身份"], "附加身份")
            rec = _record(doc, office_clause.id, (office,), i, rc)
            skills[rec.key] = rec
            offices[office] = rec
            office_cells[office] = (rc["附加身份"], rc["产生机制"])
    return SkillBook(identities, skills, offices, office_cells)


def _with_holders(rec: SkillRecord, holders: tuple[str, ...]) -> SkillRecord:
    return replace(rec, holders=holders)


@cache
def bundled_skills() -> SkillBook:
    return read_skills(bundled())


def skill_list(book: SkillBook, identity: str) -> tuple[str, ...]:
    """An identity's skills in index order (#1 first), as 双重武装 and 欺诈 number them."""
    return book.identities[identity].skills


__all__ = [
    "DISGUISE",
    "NO_CONSECUTIVE",
    "UNAVOIDABLE",
    "UNCOUNTERABLE",
    "Hostility",
    "IdentityDef",
    "Kind",
    "Limit",
    "LimitKind",
    "Mode",
    "SkillBook",
    "SkillRecord",
    "Target",
    "Threshold",
    "Timing",
    "UnreadCell",
    "bundled_skills",
    "number",
    "read_skills",
    "skill_list",
    "threshold",
]
