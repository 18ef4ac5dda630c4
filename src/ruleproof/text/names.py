"""Names a rulebook defines and cites: roles, skills, statuses, camps, legend tags (docs/text-model.md).

Forum rulebooks cite by name, not by number: 「猎人<最后一枪>」, 「技能·极限反击」, 「获得[迷魂]状态」,
「标明<强制>的技能」, a priority list 「吹笛者、占星师、炸弹…」.  This module finds

* the **definitions** (:class:`~ruleproof.text.model.Definition`): role sections and their skills
  (``skilldefs``), status lines 「[醉酒]：在该状态下…」, camp sections and lists 「【村民阵营】」, the legend
  of skill labels 「标明<强制>的技能…」;
* the **citations** (:class:`~ruleproof.text.model.Ref` of kind role / skill / status / camp / tag), each
  with its line, the citing section and the name as printed;
* how a cited name **resolves** (:class:`Resolver`): exactly, or as a short form the text uses for a
  defined name (「狼王」 for 黑狼王, 「月女」 for 操纵月亮的女孩, 「吹笛者」 for the role 吹笛, 「破伤风出局」
  for the skill 破伤风), and the nearest defined names when it does not.

Nothing here knows a particular book: every pattern is a way forum rulebooks print things.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass, replace

from ruleproof.text.model import Clause, Definition, Missing, Names, Ref, RefKind
from ruleproof.text.skilldefs import (
    LABEL_RE,
    accepts,
    is_group_title,
    parse_skill_line,
    section_skills,
)

CJK = "\u4e00-\u9fff"
_NAME_CHARS = re.compile(f"^[{CJK}·]+$")

# ------------------------------------------------------------------------------------------ patterns

# a status defined on a line of its own: 「[醉酒]：…」 「状态[破伤风]：…」 「[情侣]状态：…」 「[沉默] 该状态下…」
_STATUS_DEF = re.compile(r"^(?:状态)?\[([^\[\]]{1,14})\](?:状态)?(?:\s*[：:]|\s+(?=.*状态))")
# the legend of labels: 「标明<强制>的技能」 「标明[开局/晨曦/…]的」 「标明[X]的技能为次数技能」
_TAG_DEF = re.compile(r"标明(\[[^\[\]]{1,60}\]|<[^<>]{1,12}>)(?:的|技能)")
# a camp list: 「本场存在两个阵营：善良阵营，邪恶阵营」 「【永恒者阵营】【凝聚者阵营】…」
_CAMP_LIST = re.compile(
    rf"(?:(?:存在|划分|分为|共有)[^。；：:\n]{{0,8}}阵营|[一二三四五六七八九十两\d]+(?:大|个)阵营)[：:]"
    rf"((?:[{CJK}/]{{1,8}}阵营[，、,\s]*){{2,}})"
)
_CAMP_BRACKETS = re.compile(rf"(?:【[{CJK}/]{{1,8}}阵营】){{2,}}")
_CAMP_NAME = re.compile(rf"[{CJK}/]{{1,8}}?阵营")
# a skill defined in the middle of a line: 「熊，获得技能<咆哮>，额外技能<训熊>——机械熊可以…」
_INLINE_SKILL = re.compile(
    r"(?<=[，,。；\s])(?:额外)?技能<([^<>\s]{1,10})>\s*(?:\[[^\[\]]{1,10}\]|<[^<>]{1,8}>)*\s*——"
)
# an identity the text introduces in passing: 「[表面身份]转变为[使徒]」 「成为证婚人」
_TERM_DEF = re.compile(rf"(?:转变为|变为|成为|称为|视为)\[([{CJK}]{{1,8}})\]")

# 「猎人<最后一枪>」 「狙击手<瞄准>、狙击手<狙击>」 「大天狗<吞噬><天狗吞月>」 「、<激励>」
PAIR = re.compile(rf"(?P<role>[{CJK}]{{0,10}})(?P<skills>(?:<[^<>\s]{{1,12}}>)+)")
ANGLE = re.compile(r"<([^<>\s]{1,12})>")
# 「技能·极限反击」 「超能技能·时间接触」 「阵营技能·集团念力」 「技能：昭示」
_QUALIFIED = re.compile(rf"(?P<q>超能|阵营|普通)?技能[·・：:](?P<name>[{CJK}·・]{{1,16}})")
# 「获得技能[通灵]」 「获得强制技能<暗之王>」 「[杀人]技能」 「若有[感染]发动」 「发动[猎杀]」
_SKILL_BRACKET = re.compile(
    r"(?:技能|发动)(?:\[([^\[\]]{1,10})\]|<([^<>]{1,10})>)|(?:\[([^\[\]]{1,10})\]|<([^<>]{1,10})>)(?:技能|发动)"
)
# 「[醉酒]状态」 「状态[破伤风]」 「[中毒]效果」
_STATUS_REF = re.compile(r"\[([^\[\]]{1,14})\](?:状态|效果)|状态\[([^\[\]]{1,14})\]")
# a place in an order given relative to a named one: 「接刀顺序为机械狼出局后」 「顺序在黑客之后」 「行动顺序在熬药巫婆
# 之前」 — the name is a role's (or another defined name's) position in that order
_ORDER_PLACE = re.compile(
    rf"(?:顺序|次序)(?:排)?(?:在|为|于)([{CJK}]{{2,8}}?)(?:出局[后前]|之后|之前|以后|以前|后面|前面)"
)
# a priority / order list: 「判定优先顺序为：A、B、C」 「按如下顺序，…：A，B，C」
_ORDER_LEAD = re.compile(r"(?:顺序|优先级|优先顺序|次序)[^。；：:\n]{0,20}[：:为]")
_SPLIT = re.compile(r"[、，,/＞>]")
_LEADING_WORDS = ("除了", "除", "如", "是", "为", "有", "包括", "例如", "以及", "和", "或", "的")
_GROUP_ROLE_WORDS = (
    "身份",
    "角色",
    "阵营",
    "玩家",
    "成员",
    "队友",
    "全员",
    "所有人",
    "群",
    "队",
    "技能",
    "版",
)
# characters of running text (particles, verbs of feedback) that a role's name does not contain: a run
# 「当晚使用了」 before 「<毒药>」 is prose, not a role
_PROSE_CHARS = frozenset("以了在为的是将被对把从向和与及或于过获得收到当晚则若否都反馈询问宣")
# what a skill's name in 「<…>」 never contains: a feedback text 「<你被偷盗了>」, a negation 「<非身份>」
_NOT_SKILL_CHARS = frozenset("你我他她了吗呢")
# words that close an enumeration of things of one kind: 「A，B，C等」
_ETC = re.compile(r"等(?!级|同|待|于)")
_CHANGELOG_WORDS = ("版本更新", "更新记录", "修改摘要", "修改简略摘要", "修订记录", "更新说明", "调整")


def camp_key(name: str) -> str:
    """「永恒者阵营」「永恒阵营」「【永恒者阵营】」「永恒」 are one camp: the key drops brackets, 阵营, a final 者."""
    key = name.strip("【】[] ").removesuffix("阵营")
    if len(key) >= 3 and key.endswith("者"):
        key = key[:-1]
    return key


def is_changelog(clause: Clause, clauses: dict[str, Clause]) -> bool:
    """A section (or a subsection of one) that records revisions: its past wordings are history."""
    c: Clause | None = clause
    while c is not None:
        if any(w in c.title for w in _CHANGELOG_WORDS) or re.search(r"\d+(?:\.\d+)*版", c.title):
            return True
        if re.match(r"对比\d+", c.title):
            return True
        c = clauses.get(c.parent) if c.parent else None
    return False


# --------------------------------------------------------------------------------------- definitions


def build_names(clauses: dict[str, Clause], colon: bool) -> Names:
    defs: list[Definition] = []
    for c in clauses.values():
        for name in c.role:
            defs.append(Definition("role", name, c.id, c.line))
        owner = _role_owner(c, clauses)
        for name, line, _parsed, category in section_skills(c, colon):
            defs.append(Definition("skill", name, c.id, line, owner=owner, category=category))
        for table in c.tables:
            defs.extend(_table_names(c, table))
        if is_changelog(c, clauses):
            continue
        stem = c.title.removesuffix("阵营")
        if (
            c.title.endswith("阵营")
            and stem
            and not is_group_title(stem)
            and not re.search("[和与及、]", stem)
        ):
            defs.append(Definition("camp", c.title, c.id, c.line))
        for span in c.spans:
            defs.extend(_line_definitions(c, span.text, span.line))
            for im in _INLINE_SKILL.finditer(span.text):
                defs.append(Definition("skill", im.group(1), c.id, span.line, owner=owner))
    return Names(_dedupe(defs))


def _role_owner(c: Clause, clauses: dict[str, Clause]) -> str | None:
    node: Clause | None = c
    while node is not None:
        if node.role:
            return node.role[0]
        node = clauses.get(node.parent) if node.parent else None
    return None


def _table_names(c: Clause, table: object) -> Iterator[Definition]:
    from ruleproof.text.model import Table

    assert isinstance(table, Table)
    skill_col = table.column("技能名称")
    who = next(
        (i for i, h in enumerate(table.header) if ("身份" in h or "角色" in h) and i != skill_col),
        None,
    )
    camp = table.column("阵营") if table.column("阵营") == 0 else None
    kind = table.column("类型")
    for row in table.rows:
        if who is not None and skill_col is not None and who < len(row.cells) and row.cells[who]:
            yield Definition("role", row.cells[who], c.id, row.line)
            if skill_col < len(row.cells) and row.cells[skill_col]:
                category = row.cells[kind] if kind is not None and kind < len(row.cells) else ""
                yield Definition(
                    "skill", row.cells[skill_col], c.id, row.line, row.cells[who], category=category
                )
        if camp is not None and row.cells and row.cells[0]:
            for part in re.split(r"[/／]", row.cells[0]):
                if part.strip():
                    yield Definition("camp", part.strip() + "阵营", c.id, row.line)


def _line_definitions(c: Clause, text: str, line: int) -> Iterator[Definition]:
    m = _STATUS_DEF.match(text.strip())
    if m and not text.strip()[m.end() :].startswith("技能"):
        for part in re.split(r"[/／]", m.group(1)):
            name = re.split(r"[：:]", part)[0].strip()
            if name and _NAME_CHARS.match(name):
                yield Definition("status", name, c.id, line)
    for tm in _TAG_DEF.finditer(text):
        raw = tm.group(1)
        bracket = "[]" if raw.startswith("[") else "<>"
        for part in re.split(r"[/／]", raw[1:-1]):
            if part.strip():
                yield Definition("tag", part.strip(), c.id, line, bracket=bracket)
    for tm2 in _TERM_DEF.finditer(text):
        yield Definition("term", tm2.group(1), c.id, line)
    for lm in _CAMP_BRACKETS.finditer(text):
        for name in re.findall(rf"【([{CJK}/]{{1,8}}阵营)】", lm.group(0)):
            yield Definition("camp", name, c.id, line)
    for lm in _CAMP_LIST.finditer(text):
        for name in _CAMP_NAME.findall(lm.group(1)):
            yield Definition("camp", name, c.id, line)


def _dedupe(defs: Iterable[Definition]) -> list[Definition]:
    seen: set[tuple[str, str, str | None]] = set()
    out: list[Definition] = []
    for d in defs:
        key = (d.kind, d.name, d.owner if d.kind == "skill" else d.clause)
        if key in seen:
            continue
        seen.add(key)
        out.append(d)
    return out


# -------------------------------------------------------------------------------------------- citing


def scan_name_refs(
    clause: Clause, names: Names, context: str = "body", resolver: Resolver | None = None
) -> list[Ref]:
    """Every citation by name in a section's body (its own skill and status definitions excluded)."""
    resolver = resolver or Resolver(names)
    refs: list[Ref] = []
    tag_names = names.names_of("tag")
    skill_names = names.names_of("skill")
    for span in clause.spans:
        text = span.text
        start = 0
        parsed = parse_skill_line(text) if span.col == 0 else None
        if parsed is not None and accepts(parsed, True):
            # the labels of a skill definition are uses of the legend's tags
            head = re.match(r"^.*?(——|—|－－|：|:)", text.strip())
            prefix = head.group(0) if head else ""
            for lm in LABEL_RE.finditer(prefix):
                label, bracket = (lm.group(1), "[]") if lm.group(1) is not None else (lm.group(2), "<>")
                if lm.start() == 0 and parsed.angle_name:
                    continue
                refs.append(_ref(RefKind.TAG, lm.group(0), span.line, clause, label, bracket=bracket))
            start = len(text) - len(text.lstrip()) + len(prefix)
        if _STATUS_DEF.match(text.strip()):
            start = max(start, text.index("]") + 1)
        body = text[start:]
        if _TAG_DEF.search(body):
            continue  # the legend itself
        refs.extend(_line_refs(body, span.line, clause, tag_names, skill_names, context, resolver))
    return refs


def _ref(
    kind: RefKind,
    raw: str,
    line: int,
    clause: Clause,
    name: str,
    *,
    owner: str | None = None,
    bracket: str = "",
    context: str = "body",
    quoted: bool = False,
) -> Ref:
    return Ref(
        kind=kind,
        raw=raw,
        line=line,
        clause=clause.id,
        item=None,
        target_clause=None,
        target_item=None,
        context=context,
        quoted=quoted,
        name=name,
        owner=owner,
        qualifier=bracket or None,
    )


def _line_refs(
    text: str,
    line: int,
    clause: Clause,
    tags: frozenset[str],
    skills: frozenset[str],
    context: str,
    resolver: Resolver,
) -> Iterator[Ref]:
    # role<skill> pairs, in file order; a bare <skill> after 「、」 keeps the previous pair's role
    last_role: str | None = None
    last_end = -10
    for m in PAIR.finditer(text):
        role_run = m.group("role")
        angle = [a for a in ANGLE.findall(m.group("skills")) if _skill_like(a)]
        if not angle:
            continue
        if all(a in tags for a in angle):
            for a in angle:
                yield _ref(RefKind.TAG, f"<{a}>", line, clause, a, bracket="<>", context=context)
            continue
        role = _role_from_run(role_run, resolver)
        if not role_run and m.start() - last_end <= 2 and last_role is not None:
            role = last_role
        elif role is not None:
            yield _ref(RefKind.ROLE, role, line, clause, role, context=context)
        for a in angle:
            if a in tags and role is None:
                yield _ref(RefKind.TAG, f"<{a}>", line, clause, a, bracket="<>", context=context)
                continue
            if role is None and not 2 <= len(a) <= 6:
                continue  # 「游戏以<天>为…」 「反馈<气息杂乱无法分辨>」: a unit, a feedback text
            yield _ref(RefKind.SKILL, f"{role or ''}<{a}>", line, clause, a, owner=role, context=context)
        last_role, last_end = role, m.end()
    for m in _QUALIFIED.finditer(text):
        name = m.group("name").replace("・", "·")
        quoted = text[: m.start()].endswith(("“", "「", "‘", '"'))
        closing = text[m.end() :][:1] in ("”", "」", "’", '"')
        if m.group(0)[len(m.group("q") or "") + 2] in "：:" and not (quoted and closing):
            continue  # 「超能技能：充能是一种状态」 introduces a term; only a quoted 「“技能：昭示”」 cites
        if not (quoted and closing):
            name = _longest_defined_prefix(name, skills) or ""
            if not name:
                continue
        q = m.group("q") or ""
        yield Ref(
            kind=RefKind.SKILL,
            raw=m.group(0),
            line=line,
            clause=clause.id,
            item=None,
            target_clause=None,
            target_item=None,
            context=context,
            quoted=False,
            name=name,
            qualifier=q or None,
        )
    for m in _SKILL_BRACKET.finditer(text):
        name = next(g for g in m.groups() if g is not None)
        bracket = "[]" if "[" in m.group(0) else "<>"
        if name in tags or name.isdigit() or name == "X":
            yield _ref(RefKind.TAG, m.group(0), line, clause, name, bracket=bracket, context=context)
        elif _NAME_CHARS.match(name) and text[m.start() - 1 : m.start()] not in (">",):
            if bracket == "<>" and PAIR.match(text, max(0, m.start() - 1)):
                continue  # already a role<skill> pair
            yield _ref(RefKind.SKILL, m.group(0), line, clause, name, context=context)
    for m in _STATUS_REF.finditer(text):
        name = re.split(r"[：:]", m.group(1) or m.group(2))[0]
        if _NAME_CHARS.match(name) and name not in tags:
            yield _ref(RefKind.STATUS, m.group(0), line, clause, name, context=context)
    yield from _list_refs(text, line, clause, context, resolver)
    for m in _ORDER_PLACE.finditer(text):
        name = m.group(1)
        if _name_like(name) and not _defined_elsewhere(name, resolver):
            yield _ref(RefKind.ROLE, m.group(0), line, clause, name, context=context)


def _name_like(run: str) -> bool:
    """A run that reads as one name, not as prose or a group (「原角色」, 「该身份对应的技能」, 「其他所有」)."""
    if any(ch in _PROSE_CHARS for ch in run) or run.endswith(_GROUP_ROLE_WORDS):
        return False
    return not run.startswith(("其他", "其余", "所有", "原", "该", "此", "每"))


def _defined_elsewhere(name: str, resolver: Resolver) -> bool:
    """A place named by a skill, a status or a term of the text, not by a role."""
    return name in resolver.skills or name in resolver.statuses or name in resolver.terms


def _skill_like(name: str) -> bool:
    """「<最后一枪>」 names a skill; 「<村民阵营>」 「<你被偷盗了>」 「<非身份>」 「<天>」 do not."""
    if name.endswith("阵营") or name.startswith("非") or any(ch in _NOT_SKILL_CHARS for ch in name):
        return False
    return bool(_NAME_CHARS.match(name))


def _longest_defined_prefix(name: str, defined: Set[str]) -> str | None:
    for k in range(len(name), 0, -1):
        if name[:k] in defined:
            return name[:k]
    return None


def _role_from_run(run: str, resolver: Resolver) -> str | None:
    """The role named just before 「<skill>」: the longest end of the run of ideographs that names a
    defined role (「询问混血儿」→ 混血儿); else the whole run when it reads like a name (an undefined role,
    「花蝴蝶」), not like prose (「当晚使用了」) or a group (「狼群」 「其他身份」)."""
    if not run or run.endswith(("和", "及", "与", "或", "的")):
        return None
    for k in range(min(len(run), 8), 0, -1):
        tail, head = run[-k:], run[:-k]
        if not (tail in resolver.roles or (k >= 2 and resolver.role(tail).status == "alias")):
            continue
        # 「询问混血儿」 「血族乌鸦」: prose or another role before the name; 「机械熊」 is a name of its own
        if not head or any(ch in _PROSE_CHARS for ch in head) or head in resolver.roles:
            return tail
        break
    for word in _LEADING_WORDS:
        if run.startswith(word) and len(run) > len(word) + 1:
            run = run[len(word) :]
    if len(run) > 5 or run.endswith(_GROUP_ROLE_WORDS) or run in ("其他", "其余", "所有"):
        return None
    if any(ch in _PROSE_CHARS for ch in run):
        return None
    return run


def _list_refs(text: str, line: int, clause: Clause, context: str, resolver: Resolver) -> Iterator[Ref]:
    """Items of priority / order lists and of enumerations closed by 「等」, as role or camp citations —
    only lists that are mostly names of roles or camps the text defines (「吹笛者、占星师、炸弹、…」), so an
    item that is not one stands out; lists of other things (「禁权、监控、同步链接等」) are left alone."""
    for segment in _enumerations(text):
        items = [_trim_item(p) for p in _SPLIT.split(segment)]
        items = [i for i in items if i]
        if len(items) < 2:
            continue
        known = sum(1 for i in items if _known_entity(i, resolver))
        if known < 2 or known * 3 < len(items) * 2:
            continue
        for item in items:
            kind = RefKind.CAMP if item.endswith("阵营") else RefKind.ROLE
            yield Ref(
                kind=kind,
                raw=item,
                line=line,
                clause=clause.id,
                item=None,
                target_clause=None,
                target_item=None,
                context=context if context != "body" else "list",
                name=item,
            )


def _known_entity(item: str, resolver: Resolver) -> bool:
    if item.endswith("阵营"):
        return bool(resolver.camps) and resolver.camp(item).status != "unknown"
    return bool(resolver.roles) and resolver.role(item).status != "unknown"


def _enumerations(text: str) -> Iterator[str]:
    for m in _ORDER_LEAD.finditer(text):
        rest = text[m.end() :]
        end = re.search(r"[。；\n]", rest)
        yield rest[: end.start() if end else len(rest)]
    for m in _ETC.finditer(text):
        before = text[: m.start()]
        start = max(before.rfind(ch) for ch in "。；：:（(")
        yield before[start + 1 :]


def _trim_item(item: str) -> str:
    item = item.strip().strip("“”「」\"' ")
    item = re.sub(r"^\d+[、.．]?", "", item)
    item = re.sub(r"[\dA-Za-z]+$", "", item)  # 「适应者阵营34」: condition numbers after a camp
    for word in _LEADING_WORDS:
        if item.startswith(word) and len(item) > len(word) + 1:
            item = item[len(word) :]
    if "的" in item:
        item = item.rsplit("的", 1)[1]
    if not (1 <= len(item) <= 8) or not _NAME_CHARS.match(item):
        return ""
    return item


# ---------------------------------------------------------------------------------------- resolution


@dataclass(frozen=True)
class Resolution:
    status: str  # "exact" | "alias" | "unknown" | "wrong-owner" | "bracket"
    definitions: tuple[Definition, ...] = ()
    suggestions: tuple[str, ...] = ()


class Resolver:
    """How cited names map onto the text's definitions."""

    def __init__(self, names: Names, *, suggest: bool = False) -> None:
        """``suggest``: work out the nearest defined names for an unknown one (costly; the lint asks)."""
        self.names = names
        self.suggest = suggest
        self._roles_seen: dict[str, Resolution] = {}
        self.roles = {d.name: d for d in names.of("role")}
        self.skills: dict[str, list[Definition]] = {}
        for d in names.of("skill"):
            self.skills.setdefault(d.name, []).append(d)
        self.statuses = {d.name: d for d in names.of("status")}
        self.camps: dict[str, Definition] = {}
        for d in names.of("camp"):
            self.camps.setdefault(camp_key(d.name), d)
        self.terms = {d.name: d for d in names.of("term")}
        self.tags: dict[str, list[Definition]] = {}
        for d in names.of("tag"):
            self.tags.setdefault(d.name, []).append(d)

    # roles ---------------------------------------------------------------------------------------
    def role(self, cited: str) -> Resolution:
        if cited not in self._roles_seen:
            self._roles_seen[cited] = self._role(cited)
        return self._roles_seen[cited]

    def _near(
        self, name: str, pool: dict[str, Definition] | dict[str, object], cutoff: float = 0.5
    ) -> tuple[str, ...]:
        return nearest(name, pool, cutoff) if self.suggest else ()

    def _role(self, cited: str) -> Resolution:
        if cited in self.roles:
            return Resolution("exact", (self.roles[cited],))
        if cited in self.terms:
            return Resolution("term", (self.terms[cited],))
        aliases = tuple(d for n, d in self.roles.items() if role_alias(cited, n))
        if aliases:
            return Resolution("alias", aliases)
        return Resolution("unknown", suggestions=self._near(cited, self.roles))

    # skills --------------------------------------------------------------------------------------
    def skill(self, cited: str, owner: str | None = None) -> Resolution:
        if owner is not None:
            roles = self.role(owner)
            if roles.status == "term":
                return Resolution("alias")
            if roles.status in ("exact", "alias"):
                owned = {r.name for r in roles.definitions}
                mine = [d for ds in self.skills.values() for d in ds if d.owner in owned]
                exact = tuple(d for d in mine if d.name == cited)
                if exact:
                    return Resolution("exact", exact)
                alias = tuple(d for d in mine if skill_alias(cited, d.name))
                if alias:
                    return Resolution("alias", alias)
                elsewhere = tuple(self.skills.get(cited, ()))
                if elsewhere:
                    return Resolution("wrong-owner", elsewhere)
                pool = {d.name: d for d in mine}
                return Resolution("unknown", suggestions=self._near(cited, pool, cutoff=0.0) or tuple(pool))
        if cited in self.skills:
            return Resolution("exact", tuple(self.skills[cited]))
        alias = tuple(d for n, ds in self.skills.items() for d in ds if skill_alias(cited, n))
        if alias:
            return Resolution("alias", alias)
        flat = {n: ds[0] for n, ds in self.skills.items()}
        return Resolution("unknown", suggestions=self._near(cited, flat))

    def status(self, cited: str) -> Resolution:
        if cited in self.statuses:
            return Resolution("exact", (self.statuses[cited],))
        # 「[真爱情侣]」 is a kind of the status 「[情侣]」
        kinds = tuple(d for n, d in self.statuses.items() if len(n) >= 2 and cited.endswith(n))
        if kinds:
            return Resolution("alias", kinds)
        return Resolution("unknown", suggestions=self._near(cited, self.statuses))

    def camp(self, cited: str) -> Resolution:
        keys = [camp_key(p) for p in re.split(r"[/／]", cited.removesuffix("阵营")) if p]
        found = tuple(self.camps[k] for k in keys if k in self.camps)
        if len(found) == len(keys) and found:
            return Resolution("exact", found)
        # a camp named after its role (三方 camps: 「吹笛者阵营」)
        if all(k in self.camps or self.role(k).status != "unknown" for k in keys) and keys:
            return Resolution("alias", found)
        return Resolution(
            "unknown", suggestions=self._near(camp_key(cited), {k: d for k, d in self.camps.items()})
        )

    def tag(self, cited: str, bracket: str) -> Resolution:
        if cited.isdigit() or cited in ("X", "x"):
            cited = "X"
        defs = self.tags.get(cited)
        if not defs:
            return Resolution(
                "unknown", suggestions=self._near(cited, {n: d[0] for n, d in self.tags.items()})
            )
        if bracket and all(d.bracket != bracket for d in defs):
            return Resolution("bracket", tuple(defs))
        return Resolution("exact", tuple(defs))


def role_alias(cited: str, defined: str) -> bool:
    """A short or long form of a defined role's name as forum texts write it."""
    if cited == defined or not cited:
        return False
    if defined.startswith(cited) or defined.endswith(cited):
        return len(cited) >= 1 and len(defined) - len(cited) <= 3
    if cited.startswith(defined) and len(cited) - len(defined) == 1 and cited.endswith(("者", "师", "人")):
        return True  # 「吹笛者」 for the role 吹笛
    return len(cited) >= 2 and _subsequence(cited, defined)


def skill_alias(cited: str, defined: str) -> bool:
    """「破伤风出局」 「摄梦连带」 for the skills 破伤风 / 摄梦; 「守护」 for 德式守护."""
    if cited == defined:
        return False
    if cited.startswith(defined) and len(defined) >= 2:
        return True
    return len(cited) >= 2 and cited in defined


def _subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def nearest(
    name: str, pool: dict[str, Definition] | dict[str, object], cutoff: float = 0.5
) -> tuple[str, ...]:
    """Defined names most like ``name`` (character overlap), best first."""
    scored = []
    for other in pool:
        ratio = difflib.SequenceMatcher(None, name, other).ratio()
        if ratio >= cutoff and ratio > 0:
            scored.append((-ratio, other))
    return tuple(n for _, n in sorted(scored)[:3])


# ------------------------------------------------------------------------------------------- missing


def link(refs: list[Ref], resolver: Resolver) -> list[Ref]:
    """Each by-name citation pointed at the section that defines the name (``target_clause``), or at the
    name itself when the text does not define it (an *absent* node of the reference graph)."""
    out: list[Ref] = []
    for ref in refs:
        res = resolve(ref, resolver)
        if res is not None and res.definitions:
            ref = replace(ref, target_clause=res.definitions[0].clause)
        elif res is not None and res.status == "unknown":
            ref = replace(ref, target_clause=ref.name)
        out.append(ref)
    return out


def name_missing(refs: Iterable[Ref], resolver: Resolver) -> list[Missing]:
    """Citations whose name the text does not define (or defines under another owner / bracket)."""
    out: list[Missing] = []
    for ref in refs:
        reason = unresolved_reason(ref, resolver)
        if reason is not None:
            out.append(Missing(ref, reason))
    return out


def unresolved_reason(ref: Ref, resolver: Resolver) -> str | None:
    if ref.name is None or ref.context == "changelog":
        return None
    res = resolve(ref, resolver)
    if res is None or res.status in ("exact", "alias", "term"):
        return None
    if res.status == "bracket":
        return None  # a notation slip, reported by the lint (tag-bracket), not a missing target
    return {"unknown": "name-undefined", "wrong-owner": "skill-not-of-role"}[res.status]


def _derived(name: str, resolver: Resolver) -> bool:
    """A name built on a defined role by a prefix word (「机械熊」 on 熊): the text's own coinage."""
    return any(name.endswith(r) and len(name) > len(r) and len(name) - len(r) <= 3 for r in resolver.roles)


def resolve(ref: Ref, resolver: Resolver) -> Resolution | None:
    """How a by-name citation resolves, or None when its namespace is too thin to judge (a text with
    fewer than three definitions of that kind, e.g. a detail-rules text that defines no role)."""
    name = ref.name or ""
    if ref.kind is RefKind.ROLE:
        if len(resolver.roles) < 3:
            return None
        res = resolver.role(name)
        if res.status == "unknown" and (
            resolver.camp(name + "阵营").status == "exact" or _derived(name, resolver)
        ):
            return Resolution(
                "alias"
            )  # 「狼人<杀人>」: the camp's word; 「机械熊」: a name built on the role 熊
        listed = (
            resolver.camp(name).status != "unknown" or name in resolver.statuses or name in resolver.skills
        )
        if res.status == "unknown" and ref.context == "list" and listed:
            return Resolution(
                "alias"
            )  # an item of a list: a camp, a status or a skill name is not a role defect
        return res
    if ref.kind is RefKind.SKILL:
        if len(resolver.skills) < 3:
            return None
        res = resolver.skill(name, ref.owner)
        if res.status == "unknown" and ref.owner is not None and resolver.role(ref.owner).status == "unknown":
            return None  # the role itself is reported
        if res.status == "unknown" and ref.owner is None and name in resolver.statuses:
            return None  # 「[指杀]技能」: skills that deal the damage 指杀, not a skill of that name
        return res
    if ref.kind is RefKind.STATUS:
        if len(resolver.statuses) < 3:
            return None
        res = resolver.status(name)
        if res.status == "unknown" and (name in resolver.skills or name in resolver.tags):
            return Resolution("unknown", suggestions=res.suggestions)
        return res
    if ref.kind is RefKind.CAMP:
        return resolver.camp(name) if len(resolver.camps) >= 2 else None
    if ref.kind is RefKind.TAG:
        return resolver.tag(name, ref.qualifier or "") if len(resolver.tags) >= 3 else None
    return None
