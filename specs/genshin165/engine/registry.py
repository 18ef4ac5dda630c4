"""[165]原神's round as data for the runtime, and the skills the spec declares (in the flow's order).

A round is ``day N`` — 正午 (a real-time stream) then 黄昏 (1)–(4) — and ``night N`` — 早夜 (1)–(10),
午夜 (1)–(10), 深夜 (1)–(3), 凌晨 (1)–(9), then 晨曦 (1)–(4) (晨曦 is 白天 in the text, but it closes the
night: its exits are the night's).  Round 1 opens with 开局 (总体流程 1).  Extra periods: 月亮's extra
night (``moon.*`` steps), 太阳's extra 正午 (``noon.sun``).
"""

from __future__ import annotations

from typing import Any

from ruleproof.runtime import Action, Phase, Ruleset, SkillInfo
from ruleproof.specs._werewolf_family.engine import Player
from ruleproof.specs.genshin165 import tables
from ruleproof.specs.genshin165.roles import roles

START_STEPS = tuple(s.key for s in tables.START.steps)
DUSK_STEPS = tuple(s.key for s in tables.DUSK.steps)
NIGHT_STEPS = tuple(s.key for ph in (tables.EARLY, tables.MID, tables.DEEP, tables.LATE) for s in ph.steps)
DAWN_STEPS = tuple(s.key for s in tables.DAWN.steps)
MOON_STEPS = tuple(f"moon.{k}" for k in (*NIGHT_STEPS, *DAWN_STEPS))

START = Phase("start", "day", START_STEPS)
NOON = Phase("noon", "day", ("noon",), stream=True)
SUN_NOON = Phase("noon.sun", "day", ("noon.sun",), stream=True)
DUSK = Phase("dusk", "day", DUSK_STEPS)
NIGHT = Phase("night", "night", (*NIGHT_STEPS, *DAWN_STEPS))
MOON_NIGHT = Phase("night.moon", "night", MOON_STEPS)

# The last step of each night segment (早夜/午夜/深夜/凌晨): private feedback waits for it (公示/通知).
SEGMENT_ENDS = tuple(ph.steps[-1].key for ph in (tables.EARLY, tables.MID, tables.DEEP, tables.LATE))

CLAUSES = {"seat": "角色", "out": "出局", "skill": "技能"}


def _resolve(role: str, skill: str) -> tuple[str, str]:
    """A flow entry's (role, skill) as the role sections name them: the flow's aliases, an entry the flow
    prints with a word before or instead of its role (「询问混血儿<护主>」, 「然后告死者<死灵咒>」: the
    longest end of the run that names a role; tables.ENTRY_ROLES for the others), the skill's alias."""
    table = roles()
    real = tables.ENTRY_ROLES.get((role, skill)) or tables.ALIASES.get(role, role)
    if real not in table:
        for k in range(len(real) - 1, 1, -1):
            tail = real[-k:]
            if tail in table or tail in tables.ALIASES:
                real = tables.ALIASES.get(tail, tail)
                break
    return real, tables.SKILL_ALIASES.get((real, skill), skill)


def flow_steps() -> dict[tuple[str, str], list[str]]:
    """(role, skill) → the steps the flow lists it at, in flow order."""
    out: dict[tuple[str, str], list[str]] = {}
    for phase in tables.PHASES:
        for step in phase.steps:
            for role, skill in step.entries:
                out.setdefault(_resolve(role, skill), []).append(step.key)
    return out


def flow_places() -> dict[tuple[str, str], int]:
    """(step, skill name) → the skill's place among the entries of that step (「同级…如有矛盾按照从左至右依次
    发动」)."""
    out: dict[tuple[str, str], int] = {}
    for phase in tables.PHASES:
        for step in phase.steps:
            for i, (role, skill) in enumerate(step.entries):
                out.setdefault((step.key, _resolve(role, skill)[1]), i)
    return out


# skills whose name two roles use with different effects: keyed 「role<skill>」
CLASHES = {("石像鬼", "查验"): "石像鬼<查验>", ("占星师", "查验"): "占星师<查验>"}
# day skills ([正午]) act in the real-time stream; the vote and the cards are everybody's
NOON_KEYS = ("投票", "重定投票", "蓝牌", "黄牌", "红牌")


def skill_key(role: str, name: str) -> str:
    return CLASHES.get((role, name), name)


def skill_name_of(key: str) -> str:
    """The printed name of a skill key (「石像鬼<查验>」 → 查验)."""
    return key[key.index("<") + 1 : -1] if key.endswith(">") and "<" in key else key


def declarations() -> list[SkillInfo]:
    """Every skill a seat may submit, at the steps the flow (or its timing tag) puts it, in flow order."""
    flow = flow_steps()
    table = roles()
    found: dict[str, tuple[list[str], set[str], str]] = {}
    guard_modes = ("德式守护", "日式守护", "版杀守护")
    for role, info in table.items():
        for s in info.skills:
            steps = list(flow.get((role, s.name), []))
            if s.name in guard_modes:
                steps = list(flow.get(("守卫", "守护"), []))
            if not steps and "正午" in {t.value for t in s.timings}:
                steps = ["noon"]
            if not steps and (role, s.name) in tables.UNLISTED:
                steps = [tables.UNLISTED[(role, s.name)].key]
            if not steps:
                continue  # a triggered (<强制>) or passive skill: the engine runs it
            key = skill_key(role, s.name)
            holders = {role} if role not in ("[群内]",) else set()
            entry = found.setdefault(key, ([], set(), info.clause or s.clause))
            for st in steps:
                if st not in entry[0]:
                    entry[0].append(st)
            entry[1].update(holders)
    # a same-named skill the flow lists for another role acts in that slot (总体流程 注: 同名技能)
    by_name = {k: v for k, v in found.items()}
    for role, info in table.items():
        for s in info.skills:
            if skill_key(role, s.name) == s.name and s.name in by_name and role not in ("[群内]", "警长"):
                by_name[s.name][1].add(role)
    rank = {k: i for i, k in enumerate((*START_STEPS, "noon", *DUSK_STEPS, *NIGHT_STEPS, *DAWN_STEPS))}
    out = []
    places = flow_places()
    unplaced = (
        1 << 10
    )  # a skill its step's list does not name (a 正午 skill, tables.UNLISTED): after the list

    def place(step: str, key: str) -> int:
        return places.get((step, skill_name_of(key)), unplaced)

    def order(kv: tuple[str, tuple[list[str], set[str], str]]) -> tuple[int, int]:
        first = min(kv[1][0], key=lambda st: rank[st])
        return rank[first], place(first, kv[0])

    for key, (steps, holders, clause) in sorted(found.items(), key=order):
        moon = [f"moon.{s}" for s in steps if s in NIGHT_STEPS or s in DAWN_STEPS]
        where = tuple(place(st, key) for st in steps)
        moon_where = tuple(place(st, key) for st in steps if st in NIGHT_STEPS or st in DAWN_STEPS)
        out.append(SkillInfo(key, (*steps, *moon), frozenset(holders), clause, places=(*where, *moon_where)))
    everybody = frozenset(r for r in table if r not in ("[群内]", "警长"))
    out += [
        SkillInfo("投票", ("noon", "noon.sun"), everybody, "投票规则"),
        SkillInfo("重定投票", ("noon",), everybody, "定序王子"),
        SkillInfo("蓝牌", ("noon",), everybody, "蓝牌"),
        SkillInfo("黄牌", ("noon",), everybody, "黄牌"),
        SkillInfo("红牌", ("noon",), everybody, "红牌"),
    ]
    return out


RULES: Ruleset[Any, Player, Action] = Ruleset(
    "genshin165",
    (NOON, DUSK, NIGHT),
    CLAUSES,
    other_phases=(START, SUN_NOON, MOON_NIGHT),
)
RULES.declare(declarations())

__all__ = [
    "CLASHES",
    "DAWN_STEPS",
    "DUSK",
    "DUSK_STEPS",
    "MOON_NIGHT",
    "NIGHT",
    "NIGHT_STEPS",
    "NOON",
    "RULES",
    "SEGMENT_ENDS",
    "START",
    "SUN_NOON",
    "flow_steps",
    "skill_key",
]
