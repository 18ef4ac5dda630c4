"""(d) Ten-gate lines: every 「十关核验」 line carries every gate the checklist currently defines.

The checklist (2.8.10 in 返航录) is read from the text: its gates, and which of them clauses need not
declare (「新增者无须就本关另作说明」).  Role sections (the numbered sections of the chapters whose
title says 人物技能 / 职业 / 角色) that carry no ten-gate line at all are listed as notes: 2.8.10
applies the checklist to 「新增角色、新增技能，以及存量条款的合规复核」.  A section whose opening words
cite the clause that specifies and gates it (「5.11 乔装（异形）：异形可发动乔装（7.3）」, gated by 7.3.8)
is covered.  A role or a skill has one name (普通船员, 蛰伏, 结茧（护盾）); a section whose title joins
two subjects with 与 / 及 / 和 / 、 (「5.8 行动菜单与目标限制」「5.10 异形出局与队内共享」) is a topic of the
chapter and is not listed — unless the text calls it by one of those names anyway: a citation of it
right after the name (「行动菜单（5.8）」), or the role card (the appendix titled 职业速查卡) listing it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_ID, LintContext, is_descendant
from ruleproof.lint.gatelines import GateLine, find_gate_lines, label_of, parse_gates

INCOMPLETE = CheckInfo(
    id="ten-gate-incomplete",
    family="d",
    severity=Severity.WARNING,
    title="十关核验行缺关",
    title_en="ten-gate line misses a gate",
    rule="2.8.10：新增角色与技能须于条款末附「十关核验」一行，逐关作答；各条款末核验行所称「十关」恒以 2.8.10 现行清单为准。",
    rule_en="2.8.10: a new role or skill ends with a ten-gate line answering every gate; the gates are "
    "those 2.8.10 lists now.",
    advice="在该核验行补上所缺关卡的作答（关号与 2.8.10 一致）；2.8.10 新增关卡后，须同步各核验行。",
    advice_en="Add an answer for each missing gate (numbered as in 2.8.10); after 2.8.10 gains a gate, "
    "update every ten-gate line.",
)

ABSENT = CheckInfo(
    id="ten-gate-absent",
    family="d",
    severity=Severity.NOTE,
    title="角色章节无十关核验行",
    title_en="role section without a ten-gate line",
    rule="2.8.10 适用于新增角色、新增技能以及存量条款的合规复核；未附核验行者视同未通过。",
    rule_en="2.8.10 applies to new roles and skills and to the compliance review of existing clauses; a "
    "section without a ten-gate line counts as not passed.",
    advice="为该角色（或技能）补一行「十关核验」，或确认其已由其他条款的核验行覆盖。",
    advice_en="Add a ten-gate line for the role (or skill), or confirm another clause's line covers it.",
)

UNDEFINED = CheckInfo(
    id="ten-gate-undefined",
    family="d",
    severity=Severity.WARNING,
    title="核验清单未列各核验行都在作答的关",
    title_en="the checklist lacks a gate the ten-gate lines answer",
    rule="各条款末核验行所答之关恒以接入检查清单为准；多数核验行都作答而清单未列的关，多为清单删改时漏列。",
    rule_en="The gates a ten-gate line answers are those the checklist lists; a gate most lines answer and "
    "the checklist does not list was usually lost from the checklist in an edit.",
    advice="在清单中补回该关（或从各核验行删去其作答，并在修订记录中说明）。",
    advice_en="Restore the gate in the checklist (or remove its answers from the lines and say so in the "
    "revision log).",
)

CHECKS = (INCOMPLETE, ABSENT, UNDEFINED)
# a variant gate the checklist lacks is reported when at least this many lines, and half of them, answer it
UNDEFINED_MIN_LINES = 3

# Role chapters: 「四、人类阵营（人物技能）」「六、第三阵营·外星人…」; not 「七、跨阵营交互与通用规则」.
ROLE_CHAPTER_WORDS = ("人物技能", "职业", "角色", "阵营")
NOT_A_ROLE_WORDS = ("通则", "通用", "交互")


def run(ctx: LintContext) -> Iterator[Finding]:
    parsed = parse_gates(ctx)
    if parsed is None:
        return
    owner, gates = parsed
    lines = find_gate_lines(ctx, gates)
    for gl in lines:
        missing = [g for g in gates if g.key not in gl.found and not g.optional]
        if not missing:
            continue
        labels = "".join(g.label for g in missing)
        names = "、".join(f"{g.label}{g.name}" for g in missing)
        yield INCOMPLETE.finding(
            gl.unit,
            gl.line,
            f"{gl.unit} 的十关核验行缺少 {owner} 所列关卡：{names}",
            f"the ten-gate line of {gl.unit} lacks gate(s) {labels} listed in {owner}",
            clip(gl.text, 60),
            related=[(owner, g.line) for g in missing],
            extra={"missing": [g.label for g in missing], "present": len(gl.found)},
        )
    yield from _absent(ctx, [gl.unit for gl in lines])
    yield from _undefined(ctx, owner, lines)


def _undefined(ctx: LintContext, owner: str, lines: list[GateLine]) -> Iterator[Finding]:
    """A variant gate (「①之二」) that most ten-gate lines answer and the checklist does not list."""
    answering: dict[tuple[int, int], list[GateLine]] = {}
    for gl in lines:
        for key in gl.undefined:
            answering.setdefault(key, []).append(gl)
    checklist = ctx.clause(owner)
    for key, by in sorted(answering.items()):
        if len(by) < UNDEFINED_MIN_LINES or 2 * len(by) < len(lines):
            continue
        label = label_of(key)
        units = "、".join(gl.unit for gl in by[:6]) + ("…" if len(by) > 6 else "")
        yield UNDEFINED.finding(
            owner,
            checklist.line if checklist else by[0].line,
            f"{owner} 的关卡清单未列 {label}，而 {len(by)} / {len(lines)} 条十关核验行都作答了该关（{units}）",
            f"the checklist {owner} does not list gate {label}, which {len(by)} of {len(lines)} ten-gate "
            f"lines answer ({units})",
            f"{label}",
            related=[(gl.unit, gl.line) for gl in by[:10]],
            extra={"gate": label, "lines": len(by)},
        )


_CITED = re.compile(rf"(?:[（(]|依|见)\s*({CLAUSE_ID})")
_HEAD = re.compile(r"^[\u4e00-\u9fff]{2,}")


def _covered_by_citation(ctx: LintContext, cid: str, title: str, with_lines: list[str]) -> bool:
    """「5.11 乔装（异形）：异形可发动乔装（7.3）…」 — the skill is specified, and gated, in the clause it
    cites (7.3 乔装通则, whose 7.3.8 carries the line); the section's title word names that clause."""
    head = _HEAD.match(title)
    if head is None:
        return False
    word = head.group(0)[:2]
    for target in _CITED.findall(ctx.unit_by_id[cid].text[:80]):
        owner = ctx.clause(target)
        if owner is None or word not in owner.title:
            continue
        if any(is_descendant(u, target) for u in with_lines):
            return True
    return False


_TITLE_HEAD = re.compile(r"^[^（(【〔「]+")
_CONJUNCTION = re.compile(r"[与及和、]")
_NAME_RUN = re.compile(r"[\u4e00-\u9fff]+$")
ROLE_CARD_WORDS = ("速查卡", "职业速查")


def _topics(title: str) -> list[str]:
    """The subjects a title joins: 「行动菜单与目标限制」 → 行动菜单, 目标限制; a name (「普通船员（×4）」
    「结茧（护盾）」) joins none."""
    head = _TITLE_HEAD.match(title)
    parts = [p.strip() for p in _CONJUNCTION.split(head.group(0))] if head else []
    return [p for p in parts if len(p) >= 2] if len(parts) >= 2 else []


def citation_of(cid: str) -> re.Pattern[str]:
    """A citation of ``cid``, with the ids listed before it (「5.1∕6.3」): every match prints ``cid``."""
    return re.compile(rf"(?:{CLAUSE_ID}\s*[∕、，,]\s*)*{re.escape(cid)}(?![\d]|\.\d)")


def _named(ctx: LintContext, cid: str, words: list[str]) -> bool:
    """The text calls the section by one of ``words``: a citation of it right after the word
    (「进化（5.1）」「④破坏（5.2∕6.3）」), or the role card (the appendix titled 职业速查卡) lists the word."""
    cite = citation_of(cid)
    for unit in ctx.units_outside_log():
        if is_descendant(unit.id, cid):
            continue
        if not unit.is_clause and any(w in unit.title for w in ROLE_CARD_WORDS):
            if any(w in unit.text for w in words):
                return True
            continue
        if cid not in unit.text:
            continue  # (every match prints the id: most units are not scanned)
        for m in cite.finditer(unit.text):
            before = unit.text[max(0, m.start() - 24) : m.start()].rstrip(" （(「」")
            run = _NAME_RUN.search(before)
            if run and any(w in run.group(0) for w in words):
                return True
    return False


def _topic_section(ctx: LintContext, cid: str, title: str) -> bool:
    """A section titled by two subjects joined with 与 / 及 / 和 / 、 (「5.8 行动菜单与目标限制」「5.10 异形出局与
    队内共享」) is a topic of the chapter, not a role or a skill — those have one name (普通船员, 蛰伏,
    结茧（护盾）) — unless the text does call it by one of the names it joins."""
    words = _topics(title)
    return bool(words) and not _named(ctx, cid, words)


def _absent(ctx: LintContext, with_lines: list[str]) -> Iterator[Finding]:
    chapters = [
        ch
        for ch in ctx.doc.chapters
        if any(w in ch.title for w in ROLE_CHAPTER_WORDS) and not any(w in ch.title for w in NOT_A_ROLE_WORDS)
    ]
    numbers = {str(ch.number) for ch in chapters}
    for clause in ctx.doc:
        parts = clause.id.split(".")
        if len(parts) != 2 or parts[0] not in numbers:
            continue
        if any(w in clause.title for w in NOT_A_ROLE_WORDS):
            continue
        if any(is_descendant(u, clause.id) for u in with_lines):
            continue
        if _covered_by_citation(ctx, clause.id, clause.title, with_lines):
            continue
        if _topic_section(ctx, clause.id, clause.title):
            continue
        yield ABSENT.finding(
            clause.id,
            clause.line,
            f"{clause.id} {clause.title} 及其下各条均无「十关核验」行",
            f"{clause.id} {clause.title}: neither it nor its sub-clauses carry a ten-gate line",
            clause.title,
        )
