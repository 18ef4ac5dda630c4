"""[165]原神's roles and skills, read from the text at run time: the roster (本场可能存在的身份如下, through the
configuration rules), each role's section, and each skill line's tags (「预言 [深夜][指定]——」 → 深夜,
指定).  An edited text changes this table, and the engine's coverage test names every skill of a role
in play that the engine does not implement.

Roles the text marks as gone or names without a section (炼金魔女 deleted in the change summary; 花蝴蝶,
狼孩, 警犬, 狼美人, 黑客, 监视, 血月使徒 named in passing) are listed in :data:`ABSENT` and never played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ruleproof.books import load_source
from ruleproof.specs._werewolf_family.model import Cited, SkillDef, Timing
from ruleproof.specs.genshin165.rules import Camp, rules
from ruleproof.text import Document, read_document
from ruleproof.text.skilldefs import parse_skill_line

BOOK = "genshin165"
TIMINGS = {t.value: t for t in Timing}

# identities a skill makes (告死者's 额外身份), the pack's shared skills, the sheriff's (其他)
EXTRA_IDENTITIES = ("血族", "恶灵", "活尸", "腐尸")
GROUP_SECTIONS = {"[群内]可用技能": "[群内]", "其他": "警长", "额外技能": "慰魂师"}

ABSENT: tuple[Cited, ...] = (
    Cited("absent 炼金魔女", "部分修改简略摘要", "删除炼金魔女"),
    Cited("absent 花蝴蝶", "总体流程", "（2）花蝴蝶<拥抱>"),
    Cited("absent 狼孩", "总体流程", "狼孩<利爪>"),
    Cited("absent 警犬", "总体流程", "警犬<撕咬>"),
    Cited("absent 狼美人", "总体流程", "狼美人<魅惑>"),
    Cited("absent 黑客", "混血儿", "顺序在黑客之后"),
    Cited("absent 监视", "胜负判定", "富商、监视、锁链、白狼"),
    Cited("absent 血月使徒", "胜负判定", "除了血月使徒，炸弹，占星师等技能上有写特殊胜利方式的视作胜利"),
)
ABSENT_ROLES = tuple(c.key.removeprefix("absent ") for c in ABSENT)


@dataclass(frozen=True)
class RoleInfo:
    name: str
    camp: Camp | None  # None: an identity only a skill makes (血族 …)
    seer: bool
    pack: bool  # [群内] on its heading
    inherit: bool  # [接刀] on its heading
    clause: str
    line: int
    skills: tuple[SkillDef, ...]

    def skill(self, name: str) -> SkillDef | None:
        return next((s for s in self.skills if s.name == name), None)


@cache
def document() -> Document:
    return read_document(load_source(f"bundled:{BOOK}"))


def _skill(doc: Document, owner: str, name: str, clause: str, line: int) -> SkillDef:
    text = doc.lines[line - 1].strip()
    parsed = parse_skill_line(text)
    labels = {label for label, _ in parsed.labels} if parsed else set()
    sep = re.search(r"——|—|－－|：", text)
    quote = text[: sep.start()].strip() if sep else text
    count = next((int(lb) for lb in labels if lb.isdigit()), None)
    if "X" in labels:
        count = -1  # 「[X]」: a count the skill's text fixes (亡灵低语: the players at start)
    return SkillDef(
        role=owner,
        name=name,
        timings=tuple(TIMINGS[lb] for lb in labels if lb in TIMINGS),
        clause=clause,
        quote=quote,
        forced="强制" in labels,
        limited="限定" in labels,
        targeted="指定" in labels,
        flip="翻牌" in labels,
        count=count,
    )


@cache
def roles() -> dict[str, RoleInfo]:
    """Every role that can be dealt (the roster) and every identity a skill makes, with its skills."""
    doc = document()
    by_owner: dict[str, list[SkillDef]] = {}
    for d in doc.names.of("skill"):
        owner = d.owner or d.clause
        owner = GROUP_SECTIONS.get(d.clause, owner)
        by_owner.setdefault(owner, []).append(_skill(doc, owner, d.name, d.clause, d.line))
    sections = {d.name: d for d in doc.names.of("role")}
    out: dict[str, RoleInfo] = {}
    for role in rules().roles:
        sec = sections.get(role.name)
        heading = doc.lines[sec.line - 1] if sec else ""
        out[role.name] = RoleInfo(
            role.name,
            role.camp,
            role.seer,
            "[群内]" in heading,
            "[接刀]" in heading,
            sec.clause if sec else "",
            sec.line if sec else role.roster_line,
            tuple(by_owner.get(role.name, ())),
        )
    for name in EXTRA_IDENTITIES:
        sec = sections[name]
        out[name] = RoleInfo(
            name, None, False, False, False, sec.clause, sec.line, tuple(by_owner.get(name, ()))
        )
    for group in ("[群内]", "警长"):
        out[group] = RoleInfo(
            group, None, False, group == "[群内]", False, "", 0, tuple(by_owner.get(group, ()))
        )
    return out


def skill(role: str, name: str) -> SkillDef:
    found = roles()[role].skill(name)
    if found is None:
        raise KeyError(f"{role}<{name}>")
    return found


def roster() -> tuple[str, ...]:
    """The dealable roles in the text's roster order."""
    return tuple(r.name for r in rules().roles)


__all__ = ["ABSENT", "ABSENT_ROLES", "BOOK", "RoleInfo", "document", "roles", "roster", "skill"]
