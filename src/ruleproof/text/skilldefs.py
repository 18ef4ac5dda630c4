"""How forum rulebooks print a skill, and which sections are roles (docs/text-model.md, "Names").

A skill is defined on a line of its own — its name, the labels of the text's legend, a separator,
the effect:

    预言 [深夜][指定]—— 选择范围：任意角色。           ([165]原神)
    纯良[首夜]：获得信息：两名不同角色之一为…          (血染钟楼)
    杀人[深夜][指定]——选择范围：任意一名角色；…        (随机配置法)
    <修改迷惑>[深夜][指定] —— 选择范围：任意角色。

or as a row of a table whose header has a 「技能名称」 column ([140]乘风破浪的姐姐2).  A line with no
labels (「伪装：一旦…」) is a skill only where the text's own convention writes skills with 「：」 and
the name is not one of the words that introduce notes or parts of a skill (「注：」 「结算效果：」).

A *role* section is a section whose own body defines skills, headed by the role's name
(「洗衣妇」, 「1.黑狼王[群内]」, 「永恒者/凝聚者」 — two roles sharing one card).  Group headings that
also head skills (「[群内]可用技能」, 「额外技能：」, 「阵营技能」) are not roles: their titles end with a
word that names a group (技能, 身份, 阵营, …).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ruleproof.text.model import Clause, Table

_NAME = r"[\u4e00-\u9fff·？?]{1,10}"
_LABEL = r"(?:\[[^\[\]]{1,10}\]|<[^<>]{1,8}>)"
SKILL_LINE = re.compile(
    rf"^(?:<(?P<aname>{_NAME})>|(?P<name>{_NAME}))\s*(?P<labels>(?:{_LABEL}\s*)*)\s*(?P<sep>——|—|－－|：|:)"
)
LABEL_RE = re.compile(r"\[([^\[\]]{1,10})\]|<([^<>]{1,8})>")

# Words that open a note or a part of a skill's text, never a skill's name.
NOT_SKILL_NAMES = frozenset(
    (
        *("注", "例", "PS", "备注", "注意", "说明", "补充", "特别", "特殊", "例如", "如", "其中", "另外"),
        *("结算效果", "选择范围", "选择目标", "发动条件", "触发条件", "效果", "身份属性", "通用", "技能"),
        *("状态", "标记", "目标", "获得信息", "获得", "结果", "反馈", "格式", "场上", "本局", "开局获知"),
    )
)

# A heading ending with one of these words names a group of things, not a role.
GROUP_SUFFIXES = (
    *("技能", "身份", "阵营", "规则", "系列", "说明", "效果", "状态", "特效", "定义", "流程", "顺序"),
    *("关键词", "术语", "用语", "标记", "标签"),
)
GROUP_WORDS = frozenset(("其他", "其余", "通用", "额外", "特殊", "附加", "总则", "附录"))


@dataclass(frozen=True)
class SkillLine:
    name: str
    labels: tuple[tuple[str, str], ...]  # (label, bracket "[]" / "<>") as printed
    sep: str
    angle_name: bool  # the name itself printed in <…>

    @property
    def labelled(self) -> bool:
        return bool(self.labels)


def parse_skill_line(text: str) -> SkillLine | None:
    """The skill a line defines (its name, labels and separator), if it has the shape of one."""
    m = SKILL_LINE.match(text.strip())
    if m is None:
        return None
    name = m.group("aname") or m.group("name") or ""
    if name in NOT_SKILL_NAMES:
        return None
    labels = tuple(
        (lm.group(1), "[]") if lm.group(1) is not None else (lm.group(2), "<>")
        for lm in LABEL_RE.finditer(m.group("labels") or "")
    )
    sep = m.group("sep")
    if not labels and sep in ("——", "—", "－－") and len(name) > 8:
        return None
    return SkillLine(name, labels, sep, m.group("aname") is not None)


def accepts(line: SkillLine, colon_convention: bool) -> bool:
    """Whether a parsed line defines a skill under the text's convention."""
    if line.labelled or line.angle_name:
        return True
    if line.sep in ("——", "—", "－－"):
        return True
    return colon_convention and 2 <= len(line.name) <= 5


def colon_convention(lines: list[str]) -> bool:
    """Does the text write its labelled skills with 「：」 (「纯良[首夜]：」) rather than 「——」?"""
    colon = dash = 0
    for text in lines:
        parsed = parse_skill_line(text)
        if parsed is None or not parsed.labelled:
            continue
        if parsed.sep in ("：", ":"):
            colon += 1
        else:
            dash += 1
    return colon > dash


def skill_table(table: Table) -> int | None:
    """Column of skill names in a table with a 「技能名称」 (or 「技能」) header, if it is a skill table."""
    col = table.column("技能名称")
    if col is None:
        col = table.column("技能")
    return col


def section_skills(clause: Clause, colon: bool) -> list[tuple[str, int, SkillLine | None, str]]:
    """(name, line, parsed line or None for a table row, type cell) for the skills the section's own
    body defines (not its subsections')."""
    out: list[tuple[str, int, SkillLine | None, str]] = []
    table_lines = {r.line for t in clause.tables for r in t.rows} | {t.line for t in clause.tables}
    for span in clause.spans:
        if span.line in table_lines or span.col != 0:
            continue
        parsed = parse_skill_line(span.text)
        if parsed is not None and accepts(parsed, colon):
            out.append((parsed.name, span.line, parsed, ""))
    for table in clause.tables:
        col = skill_table(table)
        if col is None:
            continue
        kind = table.column("类型")
        for row in table.rows:
            if col < len(row.cells) and row.cells[col]:
                category = row.cells[kind] if kind is not None and kind < len(row.cells) else ""
                out.append((row.cells[col], row.line, None, category))
    return out


def is_group_title(name: str) -> bool:
    return name in GROUP_WORDS or name.endswith(GROUP_SUFFIXES) or not re.search(r"[\u4e00-\u9fff]", name)


def role_names(clause: Clause, colon: bool = False) -> tuple[str, ...]:
    """The roles a section defines: its heading's name (split at 「/」), when its body defines skills."""
    if clause.kind != "section" or not section_skills(clause, colon):
        return ()
    names = tuple(n.strip() for n in re.split(r"[/／]", clause.title) if n.strip())
    if not names or any(is_group_title(n) or len(n) > 8 for n in names):
        return ()
    return names
