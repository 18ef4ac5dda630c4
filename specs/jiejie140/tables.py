"""The ordered tables of [140]乘风破浪的姐姐2, read from the text's table rows (结算顺序, 胜负判定).

* the night steps 1–11 of 「夜晚行动」 and the skills each names (「支援者“技能·双重武装” 耳语者“技能·精神干扰”…」),
  the two ballot tallies (steps 1 and 10), and the 「XX插入结算」 rows;
* the day steps 1–3 of 「白天行动」 and the set-up steps 1–8 of 「开场行动」 (their texts, for citing);
* the win table: each faction's numbered win and loss rows, PS1, and PS2's priority order
  (「适应者阵营34>永恒者/凝聚者阵营2>欺骗者阵营1>永恒者/凝聚者阵营1>适应者阵营12」).

The *meaning* of each win row is code (``kernels.WIN_PREDICATES``), keyed by (faction, row number) and
guarded by the row's text: a revision that rewrites a row is reported by the drift check.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from ruleproof.errors import BadInput
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.source import Cell, bundled, cells
from ruleproof.text import Document
from ruleproof.text.model import Table

ORDER_CLAUSE = "开场行动"  # the section holding the three 结算顺序 tables (the reader names it by its first)
WIN_CLAUSE = "胜负判定"

_NAMED = re.compile(r"[“\"]((?:超能|阵营)?技能)[·：:]([^”\"]+)[”\"]")


@dataclass(frozen=True)
class Misnamed:
    """A skill the step table calls by a name no skill has (or by the wrong kind), and the skill the spec
    reads it as — a reading, with its reason (the lint reports the same names)."""

    printed: str  # as printed, with its kind word: 「超能技能·时间观望」
    skill: str
    reason: str
    reason_en: str


MISNAMED: tuple[Misnamed, ...] = (
    Misnamed(
        "超能技能·时间观望",
        "time_touch",
        "预知者只有一个超能技能（时间接触，「夜间」），步骤 4 又已列出普通技能「技能·时间观望」：此处读作时间接触",
        "the foreseer's only super skill is 时间接触 (night); step 4 already lists the normal 时间观望",
    ),
    Misnamed(
        "技能·无限反击",
        "counterstrike",
        "感应者三技能并列「敌意感应」「危机规避」之后，表中「极限反击」的位置：读作极限反击",
        "listed with the sensor's 敌意感应 and 危机规避, where its table has 极限反击",
    ),
)
MISNAMED_BY_PRINTED = {m.printed: m for m in MISNAMED}


@dataclass(frozen=True)
class StepRow:
    key: str  # "1".."11" (night / day / set-up) or "XX" (an inserted resolution)
    line: int
    text: str  # the 操作 cell
    note: str  # the 一些说明 cell ("" when the row has none)
    skills: tuple[str, ...]  # skill keys the row names, in order
    tally: str | None = None  # a faction skill whose ballots the row counts (「结算“阵营技能·集团念力”票数」)


def _named(cell: Cell) -> tuple[tuple[str, ...], str | None]:
    out: list[str] = []
    tally: str | None = None
    for kind, name in _NAMED.findall(cell.text):
        printed = f"{kind}·{name}"
        fix = MISNAMED_BY_PRINTED.get(printed)
        key = fix.skill if fix else nm.SKILL_KEYS.get(name)
        if key is None:
            raise BadInput(
                f"{cell.clause} 第 {cell.line} 行：步骤表中的「{printed}」不是任何技能",
                f"{cell.clause} line {cell.line}: the step table names {printed!r}, which is no skill",
            )
        if kind == "阵营技能" and cell.text.startswith("结算"):
            tally = key
        elif key not in out:
            out.append(key)
    return tuple(out), tally


def _table(doc: Document, first: str) -> Table:
    found = [t for t in doc.clauses[ORDER_CLAUSE].tables if t.header and t.header[0] == first]
    if len(found) != 1:
        raise BadInput(
            f"{ORDER_CLAUSE}：找不到以「{first}」开头的表格", f"{ORDER_CLAUSE}: no table headed {first!r}"
        )
    return found[0]


def _rows(doc: Document, first: str) -> tuple[StepRow, ...]:
    table = _table(doc, first)
    out = []
    for row in table.rows:
        rc = cells(table, row, ORDER_CLAUSE)
        step = rc[first].text
        op = rc["操作"]
        skills, tally = _named(op)
        key = "XX" if step.startswith("XX") else step
        out.append(
            StepRow(key, row.line, op.text, rc["一些说明"].text if "一些说明" in rc else "", skills, tally)
        )
    return tuple(out)


@dataclass(frozen=True)
class Order:
    setup: tuple[StepRow, ...]  # 开场行动 1–8
    day: tuple[StepRow, ...]  # 白天行动 1–3
    night: tuple[StepRow, ...]  # 夜晚行动 1–11
    inserted: tuple[StepRow, ...]  # XX插入结算

    def night_step_of(self) -> dict[str, str]:
        """skill key → the night step that names it."""
        out: dict[str, str] = {}
        for row in self.night:
            for s in row.skills:
                out.setdefault(s, row.key)
        return out

    def tally_steps(self) -> dict[str, str]:
        """faction skill → the night step that counts its ballots."""
        return {row.tally: row.key for row in self.night if row.tally}


def read_order(doc: Document) -> Order:
    night = _rows(doc, "夜晚行动")
    steps = tuple(r for r in night if r.key != "XX")
    keys = [r.key for r in steps]
    if keys != [str(i) for i in range(1, len(keys) + 1)]:
        raise BadInput(
            f"{ORDER_CLAUSE}：夜晚步骤编号不是 1…{len(keys)} 的连续序列：{keys}",
            f"{ORDER_CLAUSE}: the night steps are not numbered 1…{len(keys)}: {keys}",
        )
    return Order(
        setup=_rows(doc, "步骤"),
        day=_rows(doc, "白天行动"),
        night=steps,
        inserted=tuple(r for r in night if r.key == "XX"),
    )


# ── the win table ──────────────────────────────────────────────────────────────────────────────

_ROW = re.compile(r"(\d+)：(.*?)(?=\s*\d+：|$)")
_PS2_ITEM = re.compile(r"(.+?阵营)(\d+)")


@dataclass(frozen=True)
class WinRow:
    factions: tuple[str, ...]  # the factions the row is for (永恒/凝聚: both)
    number: int
    outcome: str  # "win" (胜利条件) / "loss" (失败条件)
    text: str
    line: int


@dataclass(frozen=True)
class Priority:
    """One entry of PS2: the factions and the win-row numbers it ranks together."""

    factions: tuple[str, ...]
    rows: tuple[int, ...]
    printed: str


@dataclass(frozen=True)
class WinTable:
    rows: tuple[WinRow, ...]
    ps1: Cell
    ps2: Cell
    priority: tuple[Priority, ...]

    def row(self, faction: str, number: int, outcome: str = "win") -> WinRow:
        for r in self.rows:
            if faction in r.factions and r.number == number and r.outcome == outcome:
                return r
        raise KeyError((faction, number, outcome))

    def rank(self, faction: str, number: int) -> int | None:
        """PS2's position of a win row (0 = highest); None when PS2 does not rank it."""
        for i, p in enumerate(self.priority):
            if faction in p.factions and number in p.rows:
                return i
        return None


def _faction_cell(text: str, cell: Cell) -> tuple[str, ...]:
    out = []
    for part in text.removesuffix("阵营").split("/"):
        part = part.strip().removesuffix("阵营").removesuffix("者")
        key = nm.FACTION_BY_ZH.get(part)
        if key is None:
            raise BadInput(
                f"{cell.clause} 第 {cell.line} 行：认不出阵营「{part}」",
                f"{cell.clause} line {cell.line}: unknown faction {part!r}",
            )
        out.append(key)
    return tuple(out)


def read_wins(doc: Document) -> WinTable:
    table = doc.clauses[WIN_CLAUSE].tables[0]
    rows: list[WinRow] = []
    ps: dict[str, Cell] = {}
    for row in table.rows:
        rc = cells(table, row, WIN_CLAUSE)
        first = rc["阵营"]
        if not first.text:  # PS rows: 「\tPS1：…」
            body = rc["胜利条件"]
            tag = body.text.split("：", 1)[0]
            ps[tag] = body
            continue
        factions = _faction_cell(first.text, first)
        for column, outcome in (("胜利条件", "win"), ("失败条件", "loss")):
            cell = rc.get(column)
            if cell is None:
                continue
            for num, text in _ROW.findall(cell.text):
                rows.append(WinRow(factions, int(num), outcome, text.strip(), cell.line))
    if "PS1" not in ps or "PS2" not in ps:
        raise BadInput(f"{WIN_CLAUSE}：缺少 PS1 或 PS2", f"{WIN_CLAUSE}: PS1 or PS2 missing")
    ps2 = ps["PS2"]
    order_text = re.split(r"[，,]", ps2.text.split("：", 1)[1])[-1]
    priority = []
    for item in order_text.split(">"):
        m = _PS2_ITEM.fullmatch(item.strip())
        if m is None:
            raise BadInput(
                f"{WIN_CLAUSE} 第 {ps2.line} 行：PS2 中「{item}」读不出阵营与条件编号",
                f"{WIN_CLAUSE} line {ps2.line}: cannot read {item!r} in PS2",
            )
        priority.append(Priority(_faction_cell(m.group(1), ps2), tuple(int(d) for d in m.group(2)), item))
    return WinTable(tuple(rows), ps["PS1"], ps2, tuple(priority))


@cache
def bundled_order() -> Order:
    return read_order(bundled())


@cache
def bundled_wins() -> WinTable:
    return read_wins(bundled())


NIGHT_MODE_ROWS: Mapping[str, str] = {
    "batch": "2",
    "dynamic": "3",
}  # 夜晚行动 rows whose 说明 cell states each mode

__all__ = [
    "MISNAMED",
    "NIGHT_MODE_ROWS",
    "ORDER_CLAUSE",
    "WIN_CLAUSE",
    "Misnamed",
    "Order",
    "Priority",
    "StepRow",
    "WinRow",
    "WinTable",
    "bundled_order",
    "bundled_wins",
    "read_order",
    "read_wins",
]
