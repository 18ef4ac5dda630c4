"""(m) Win / loss tables: a camp's line naming another camp, a priority naming conditions that do not exist.

* ``win-camp-mismatch`` — the win or loss line of one camp names another camp exactly where every
  sibling camp names itself: 「鬼魂情侣阵营 — 负 黑情侣阵营的所有角色均出局」 beside 「黑情侣阵营 — 负
  黑情侣阵营的所有角色均出局」, a line copied from its neighbour and not edited;
* ``win-priority-row`` — a priority of simultaneous wins that cites a camp's condition by number
  (「适应者阵营34>永恒者/凝聚者阵营2>…」) must cite conditions the camp's row has, each once.

Camps and roles named by a priority list that the text does not define (or has deleted) are reported
by the name checks (``name-undefined``, ``name-removed``), which read every list.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext
from ruleproof.text.model import Clause, Table
from ruleproof.text.names import camp_key

MISMATCH = CheckInfo(
    id="win-camp-mismatch",
    family="m",
    severity=Severity.ERROR,
    title="阵营的胜负条件写成了别的阵营",
    title_en="a camp's win / loss line names another camp",
    rule="每个阵营的胜负条件说的是它自己；与相邻各阵营同一句式、却写着另一个阵营的名字，多为复制后漏改。",
    rule_en="Each camp's win and loss lines are about that camp; a line in the same words as its "
    "siblings' but naming another camp is usually copied and not edited.",
    advice="把该句中的阵营名改为本阵营。",
    advice_en="Put the camp's own name in that line.",
)

PRIORITY = CheckInfo(
    id="win-priority-row",
    family="m",
    severity=Severity.ERROR,
    title="胜利优先级引用了不存在（或遗漏了）的胜利条件",
    title_en="win priority cites a condition that does not exist (or leaves one out)",
    rule="同时获胜时的优先级按编号引用各阵营的胜利条件；所引编号须存在，且每个条件恰好出现一次。",
    rule_en="The priority of simultaneous wins cites each camp's conditions by number; every number "
    "cited must exist and every condition must appear exactly once.",
    advice="核对胜利条件的编号，补上遗漏的条件或删去不存在的编号。",
    advice_en="Check the conditions' numbers; add the missing ones, drop the ones that do not exist.",
)

CHECKS = (MISMATCH, PRIORITY)

_CAMP_MENTION = re.compile(r"[\u4e00-\u9fff/]{1,8}?阵营")
_PRIORITY = re.compile(r"((?:[\u4e00-\u9fff/]{1,10}阵营\d+\s*[>＞]\s*){2,}[\u4e00-\u9fff/]{1,10}阵营\d+)")
_ENTRY = re.compile(r"([\u4e00-\u9fff/]{1,10}?阵营)(\d+)")
_CONDITION = re.compile(r"(?:^|\s)(\d{1,2})[：:]")
# words that point at a camp rather than name one: 「本阵营」 「敌对阵营」
_DEICTIC = frozenset(
    ("本", "该", "此", "敌对", "对方", "其他", "各", "某", "同", "所属", "己方", "自己", "对立", "其")
)


def run(ctx: LintContext) -> Iterator[Finding]:
    if ctx.doc.shape == "dotted":
        return
    yield from _camp_sections(ctx)
    for c in ctx.doc:
        for table in c.tables:
            yield from _camp_rows(c, table)
            yield from _priority(c, table)


def _camp_sections(ctx: LintContext) -> Iterator[Finding]:
    camps = {d.name for d in ctx.doc.names.of("camp")}
    groups: dict[str | None, list[Clause]] = defaultdict(list)
    for c in ctx.doc:
        if c.title in camps and c.spans:
            groups[c.parent].append(c)
    for members in groups.values():
        if len(members) < 3:
            continue
        # every line in which a camp names itself, as a template (「负 {C}的所有角色均出局。」)
        own: dict[str, set[str]] = defaultdict(set)
        for c in members:
            for span in c.spans:
                if c.title in span.text:
                    own[span.text.replace(c.title, "{C}").strip()].add(c.id)
        for c in members:
            for span in c.spans:
                if c.title in span.text:
                    continue
                for other in sorted(camps, key=len, reverse=True):
                    if other == c.title or other not in span.text:
                        continue
                    template = span.text.replace(other, "{C}").strip()
                    twins = [s for s in members if s.id in own.get(template, set()) and s is not c]
                    if not twins:
                        continue
                    yield MISMATCH.finding(
                        c.id,
                        span.line,
                        f"「{c.title}」的条件写的是「{other}」：{clip(span.text, 30)}（与 "
                        + "、".join(s.title for s in twins[:3])
                        + " 同一句式，而它们写的都是本阵营）",
                        f"'{c.title}' names '{other}' in a line its siblings "
                        f"({', '.join(s.title for s in twins[:3])}) write about themselves",
                        clip(span.text, 40),
                        related=[(s.id, s.line) for s in twins[:3]],
                        extra={"camp": c.title, "names": other},
                    )
                    break


def _camp_rows(c: Clause, table: Table) -> Iterator[Finding]:
    """The same check on a table with one camp per row (「阵营 | 胜利条件 | 失败条件」)."""
    if table.column("阵营") != 0 or len(table.rows) < 3:
        return
    for col in range(1, len(table.header)):
        cells = [(r, r.cells[col]) for r in table.rows if col < len(r.cells) and r.cells[0] and r.cells[col]]
        templates: dict[int, str] = {}
        keys = {r.line: {camp_key(p) for p in re.split(r"[/／]", r.cells[0])} for r, _ in cells}
        for r, cell in cells:
            own = [m for m in _CAMP_MENTION.findall(cell) if camp_key(m) in keys[r.line]]
            if own:
                templates[r.line] = _template(cell, own)
        for r, cell in cells:
            if r.line in templates:
                continue
            for mention in _CAMP_MENTION.findall(cell):
                if (
                    camp_key(mention) in keys[r.line]
                    or camp_key(mention) in _DEICTIC
                    or not camp_key(mention)
                ):
                    continue
                twins = [o for o, t in templates.items() if t == _template(cell, [mention])]
                if twins:
                    yield MISMATCH.finding(
                        c.id,
                        r.line,
                        f"「{r.cells[0]}」一行的「{table.header[col]}」写的是「{mention}」：{clip(cell, 30)}",
                        f"the row of '{r.cells[0]}' names '{mention}' under '{table.header[col]}'",
                        clip(cell, 40),
                        related=[(c.id, ln) for ln in twins],
                        extra={"camp": r.cells[0], "names": mention},
                    )
                    break


def _template(cell: str, mentions: list[str]) -> str:
    for m in sorted(mentions, key=len, reverse=True):
        cell = cell.replace(m, "{C}")
    return cell


def _priority(c: Clause, table: Table) -> Iterator[Finding]:
    """「适应者阵营34>永恒者/凝聚者阵营2>…」 against the numbered conditions of each camp's row."""
    win = table.column("胜利")
    if table.column("阵营") != 0 or win is None:
        return
    conditions: dict[str, set[int]] = {}
    for r in table.rows:
        if r.cells and r.cells[0] and win < len(r.cells):
            numbers = {int(n) for n in _CONDITION.findall(" " + r.cells[win])}
            for part in re.split(r"[/／]", r.cells[0]):
                conditions[camp_key(part)] = numbers
    if not conditions:
        return
    for r in table.rows:
        for cell in r.cells:
            for m in _PRIORITY.finditer(cell):
                yield from _priority_entries(c, r.line, m.group(0), conditions)


def _priority_entries(c: Clause, line: int, text: str, conditions: dict[str, set[int]]) -> Iterator[Finding]:
    cited: dict[str, list[int]] = defaultdict(list)
    unknown: list[tuple[str, int]] = []
    for camp, digits in _ENTRY.findall(text):
        for part in re.split(r"[/／]", camp.removesuffix("阵营")):
            key = camp_key(part)
            if key not in conditions:
                continue
            for d in digits:
                cited[key].append(int(d))
                if int(d) not in conditions[key]:
                    unknown.append((part, int(d)))
    zh: list[str] = []
    en: list[str] = []
    for part, n in unknown:
        have = "、".join(str(x) for x in sorted(conditions[camp_key(part)]))
        zh.append(f"引用了「{part}」的第 {n} 条胜利条件，但该阵营只有第 {have} 条")
        en.append(f"cites condition {n} of '{part}' (it has {have})")
    for key, numbers in conditions.items():
        if key not in cited:
            continue
        missing = sorted(numbers - set(cited[key]))
        twice = sorted({n for n in cited[key] if cited[key].count(n) > 1})
        if missing:
            zh.append(f"遗漏了「{key}」的第 {'、'.join(map(str, missing))} 条")
            en.append(f"leaves out condition(s) {missing} of '{key}'")
        if twice:
            zh.append(f"「{key}」的第 {'、'.join(map(str, twice))} 条出现了两次")
            en.append(f"repeats condition(s) {twice} of '{key}'")
    if zh:
        yield PRIORITY.finding(
            c.id,
            line,
            f"优先级「{clip(text, 40)}」" + "；".join(zh),
            f"the priority '{clip(text, 40)}' " + "; ".join(en),
            clip(text, 40),
            severity=Severity.ERROR if unknown else Severity.WARNING,
            extra={"unknown": [[p, n] for p, n in unknown]},
        )
