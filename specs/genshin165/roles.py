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
from ruleproof.specs.genshin165.tables import ALIASES
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

# Subsections whose skills a role's seat does not hold from the deal: another skill gives them (the key
# of each quote is that skill).  大天狗's 回家/远征 skills come with its choice, 慰魂师's 额外技能 go to the
# char it calls (感召), the 机械狼 table's variants to what 机械狼 learns.
GIVEN_LATER: dict[str, Cited] = {
    "回家技能": Cited("家国抉择", "大天狗", "若选择远征，则获得[接刀]标签，并获得对应技能"),
    "远征技能": Cited("家国抉择", "大天狗", "若选择远征，则获得[接刀]标签，并获得对应技能"),
    "额外技能": Cited("感召", "慰魂师", "并且该角色额外获得[虔诚][长眠]技能"),
    "村民阵营系列": Cited("学习", "机械狼", "并按照学习的身份获取下列效果之一且刷新至初始"),
    "机械狼/三方阵营": Cited("学习", "机械狼", "并按照学习的身份获取下列效果之一且刷新至初始"),
}


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

    @property
    def dealt(self) -> tuple[SkillDef, ...]:
        """The skills a seat of this identity holds from the deal (not those another skill gives later)."""
        return tuple(s for s in self.skills if s.clause not in GIVEN_LATER)


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
        if sec is None:  # the roster's 「女仆」 is the section 「顺从的女仆」
            sec = next((d for n, d in sections.items() if n.endswith(role.name)), None)
        heading = doc.lines[sec.line - 1] if sec else ""
        out[role.name] = RoleInfo(
            role.name,
            role.camp,
            role.seer,
            "[群内]" in heading,
            "[接刀]" in heading,
            sec.clause if sec else "",
            sec.line if sec else role.roster_line,
            tuple(by_owner.get(role.name, ()) or (by_owner.get(sec.name, ()) if sec else ())),
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


@dataclass(frozen=True)
class MechEntry:
    """One row of 机械狼's table (「学习之后和目标会不一致的全身份说明」): the identity it learns, the skills it gets
    instead — (name, the section that defines it) — and those the row names but the text defines nowhere."""

    role: str
    skills: tuple[tuple[str, str], ...]
    undefined: tuple[str, ...]
    clause: str
    line: int
    quote: str


MECH_ROLE = "机械狼"
_MECH_ROW = re.compile(r"^([\u4e00-\u9fff]{1,6})，(.*)$")
_SAME_AS = re.compile(r"^同([\u4e00-\u9fff]{1,6})。?$")


@cache
def mech_table() -> dict[str, MechEntry]:
    """机械狼's table, read from the subsections of its section: each row 「X，获得技能<Y>…」 (a skill 「<修改Y>」
    the section defines replaces Y; 「同丘比特」 takes 丘比特's row; 「获得技能赌博」 names its skill unbracketed)."""
    doc = document()
    table = roles()
    own = {s.name for s in table[MECH_ROLE].skills}
    out: dict[str, MechEntry] = {}
    rows: list[tuple[str, str, int, str]] = []
    for c in doc.clauses.values():
        if c.parent is None or not (c.parent == MECH_ROLE or c.parent.startswith(MECH_ROLE + "/")):
            continue
        for span in c.spans:
            m = _MECH_ROW.match(span.text.strip())
            if m is None:
                continue
            role = ALIASES.get(m.group(1), m.group(1))
            if role not in table:  # 「顺从的女仆」: the roster's 女仆
                role = max((r for r in table if len(r) >= 2 and role.endswith(r)), key=len, default="")
            if role and role != MECH_ROLE:
                rows.append((role, m.group(2), span.line, c.id))
    for role, rest, line, clause in rows:
        names = re.findall(r"<([^<>]+)>", rest.split("——")[0])
        same = _SAME_AS.match(rest)
        if same:
            other = next((r for r in table if r.startswith(same.group(1))), "")
            names = [s.name for s in table[other].dealt] if other else []
            role_for = other
        else:
            role_for = role
        if not names:
            bare = re.findall(r"获得技能([\u4e00-\u9fff]{2,6}?)(?=，|。|$)", rest)
            names = [n for n in bare if table[role].skill(n) is not None]
        skills: list[tuple[str, str]] = []
        undefined: list[str] = []
        for name in dict.fromkeys(names):
            if f"修改{name}" in own:
                skills.append((f"修改{name}", MECH_ROLE))
            elif name in own:
                skills.append((name, MECH_ROLE))
            elif role_for and table[role_for].skill(name) is not None:
                skills.append((name, role_for))
            else:
                owner = next((r for r, info in table.items() if info.skill(name) is not None), None)
                (skills.append((name, owner)) if owner else undefined.append(name))
        if not skills and not undefined:
            continue  # 「盗贼，获得盗贼更换后的身份牌」: the identity's own skills
        quote = document().lines[line - 1].strip()[:30]
        out[role] = MechEntry(role, tuple(skills), tuple(undefined), clause, line, quote)
    return out


VILLAGE, WOLF, NONE = "村民", "狼人", "无阵营"
BLACK_LOVERS = "黑情侣"  # 丘比特: 「丘与情侣加入黑情侣阵营」


def faction_of(role: str) -> str:
    """The faction a role starts in (阵营: 角色在被分发身份后，最开始属于其身份所属阵营): the two camps, no faction
    for the 不定阵营 (「初始为无阵营」), and each 三方 its own (「不同的三方阵营各自为独立阵营」; 光 and 暗 one)."""
    camp = roles()[role].camp
    if camp is Camp.VILLAGE:
        return VILLAGE
    if camp is Camp.WOLF:
        return WOLF
    if camp is Camp.UNDETERMINED:
        return NONE
    return "双子星" if role.startswith("双子星") else role


def factions() -> tuple[str, ...]:
    """Every faction a game can have: the roster's starting ones and the black lovers'."""
    return tuple(dict.fromkeys([*(faction_of(r) for r in roster()), BLACK_LOVERS]))


def skill(role: str, name: str) -> SkillDef:
    found = roles()[role].skill(name)
    if found is None:
        raise KeyError(f"{role}<{name}>")
    return found


def roster() -> tuple[str, ...]:
    """The dealable roles in the text's roster order."""
    return tuple(r.name for r in rules().roles)


__all__ = [
    "ABSENT",
    "ABSENT_ROLES",
    "BOOK",
    "GIVEN_LATER",
    "RoleInfo",
    "document",
    "roles",
    "roster",
    "skill",
]
