"""(l) Structure of books shaped by headings: numbering, duplicate headings and versions, repeated points.

* ``section-numbering-gap`` — a run of numbered headings or points skips a number (「4、马甲」 then
  「6、发帖与诈尸」): a deleted rule not renumbered, or one lost in copying;
* ``heading-duplicate`` — two sibling sections with the same heading, or a version heading printed
  twice (「4.1版本更新」 twice: the second is probably a later version);
* ``item-duplicated`` — two points of one list that say the same thing (they differ by at most a
  particle or punctuation), so one of them was meant to say something else;
* ``modal-contradiction`` — one section (or table cell) says both 「可以 X」 and 「无法 X」 of the same
  thing.

The same ground on texts numbered 4.4.6 is covered by ``numbering`` (family b) and ``hygiene``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext
from ruleproof.text.model import Clause, Item
from ruleproof.text.names import is_changelog

GAP = CheckInfo(
    id="section-numbering-gap",
    family="l",
    severity=Severity.WARNING,
    title="编号缺号",
    title_en="numbering skips a number",
    rule="同一组标题或条目应连续编号；缺号多为删条后未重排，或复制时遗失了一条。",
    rule_en="Headings or points of one list are numbered consecutively; a gap is a deleted rule not "
    "renumbered, or one lost in copying.",
    advice="补回遗失的一条，或重排编号（并同步引用它们的地方）。",
    advice_en="Restore the lost one, or renumber (and update whatever cites them).",
)

DUP_HEADING = CheckInfo(
    id="heading-duplicate",
    family="l",
    severity=Severity.WARNING,
    title="标题或版本号重复",
    title_en="heading or version printed twice",
    rule="同级标题应各不相同，版本号应唯一；重复的标题让按标题引用无从确定所指，重复的版本号让修订记录无法对应版本。",
    rule_en="Sibling headings differ and version numbers are unique; a repeated heading makes a citation "
    "by heading ambiguous, a repeated version makes the revision notes unattributable.",
    advice="改正其中一个（多为版本号未递增），或合并两节。",
    advice_en="Fix one of them (usually a version number not incremented), or merge the two sections.",
)

DUP_ITEM = CheckInfo(
    id="item-duplicated",
    family="l",
    severity=Severity.WARNING,
    title="同一列表中两条内容相同",
    title_en="two points of one list say the same",
    rule="列表中的每一条应各有所指；两条只差一个虚词或标点，说明其中一条本应写别的内容（或是重复粘贴）。",
    rule_en="Each point of a list says something of its own; two points a particle apart mean one of "
    "them was meant to say something else (or was pasted twice).",
    advice="删去重复的一条，或写上它本应有的内容。",
    advice_en="Delete the repeated point, or write what it was meant to say.",
)

MODAL = CheckInfo(
    id="modal-contradiction",
    family="l",
    severity=Severity.WARNING,
    title="同一处既说「可以」又说「无法」",
    title_en="one place says both 'can' and 'cannot'",
    rule="同一条（或同一表格单元格）对同一件事既说可以、又说无法，读者无从适用。",
    rule_en="One rule (or one table cell) says of the same thing both that it can and that it cannot "
    "happen; a reader cannot apply it.",
    advice="删去其中一句，或写明两句各自适用的条件。",
    advice_en="Delete one of the sentences, or state when each applies.",
)

CHECKS = (GAP, DUP_HEADING, DUP_ITEM, MODAL)

_VERSION = re.compile(r"\d+(?:\.\d+)+")
_PUNCT = re.compile(r"[\s，。；：:、,.;！!？?“”「」（）()【】\[\]<>]")
_PARTICLES = ("或者", "者", "的", "了", "地", "得")
MAX_EXTRA = 2  # characters one point may add to another (punctuation and particles aside) and say the same
MIN_POINT = 6  # characters of a point below which similarity means nothing
_POSITIVE = ("可以", "能够", "可")
_NEGATIVE = ("无法", "不能", "不可", "不得", "不可以")
# a part that states a condition or an exception is not a plain contradiction (「若…，则可获知…」)
_CONDITIONAL = ("若", "如果", "则", "除非", "只有", "仅", "当", "但", "否则", "如")


def run(ctx: LintContext) -> Iterator[Finding]:
    if ctx.doc.shape == "dotted":
        return
    yield from _heading_gaps(ctx)
    yield from _item_gaps(ctx)
    yield from _duplicate_headings(ctx)
    yield from _duplicate_items(ctx)
    yield from _modal(ctx)


# ---------------------------------------------------------------------------------------- numbering


def _gap_finding(
    where: str | None, line: int, before: str, after: str, missing: list[int], quote: str
) -> Finding:
    nums = "、".join(str(n) for n in missing)
    return GAP.finding(
        where,
        line,
        f"「{before}」之后是「{after}」，缺第 {nums} 号",
        f"'{before}' is followed by '{after}': number {', '.join(map(str, missing))} is missing",
        clip(quote, 40),
        extra={"missing": missing},
    )


def _heading_gaps(ctx: LintContext) -> Iterator[Finding]:
    runs: dict[tuple[str | None, str], list[Clause]] = defaultdict(list)
    for c in ctx.doc:
        if c.number is None or c.style not in ("arabic", "cn"):
            continue
        runs[(c.parent, c.style)].append(c)
    for (parent, _style), members in runs.items():
        values = [_value(c.number or "") for c in members]
        for k in range(1, len(members)):
            a, b = values[k - 1], values[k]
            if a is None or b is None or b == 1 or not a + 1 < b <= a + 3:
                continue
            prev, cur = members[k - 1], members[k]
            yield _gap_finding(
                parent or cur.id,
                cur.line,
                f"{prev.number}{prev.title}",
                f"{cur.number}{cur.title}",
                list(range(a + 1, b)),
                cur.headings[0].raw,
            )


def _value(number: str) -> int | None:
    from ruleproof.text.markers import cn_number

    digits = re.match(r"\d+", number)
    if digits:
        return int(digits.group(0))
    cn = re.match(r"[一二三四五六七八九十]+", number)
    return cn_number(cn.group(0)) if cn else None


def _family(label: str) -> str:
    return re.sub(r"\d+", "N", label)


def _item_gaps(ctx: LintContext) -> Iterator[Finding]:
    for c in ctx.doc:
        last: dict[str, Item] = {}
        for it in c.items:
            fam = _family(it.label)
            prev = last.get(fam)
            last[fam] = it
            if prev is None or it.ordinal <= 1 or not prev.ordinal + 1 < it.ordinal <= prev.ordinal + 3:
                continue
            yield _gap_finding(
                c.id,
                it.line,
                prev.label,
                it.label,
                list(range(prev.ordinal + 1, it.ordinal)),
                it.text,
            )


# --------------------------------------------------------------------------------------- duplicates


def _duplicate_headings(ctx: LintContext) -> Iterator[Finding]:
    by_parent: dict[tuple[str | None, str], list[Clause]] = defaultdict(list)
    versions: dict[str, list[Clause]] = defaultdict(list)
    for c in ctx.doc:
        if c.number is None:
            by_parent[(c.parent, c.title)].append(c)
        printed = _VERSION.search(c.title)
        if printed and ("版" in c.title or "更新" in c.title):
            versions[printed.group(0)].append(c)
    reported: set[str] = set()
    for version, cs in versions.items():
        if len(cs) < 2:
            continue
        reported.update(c.id for c in cs)
        yield DUP_HEADING.finding(
            cs[1].id,
            cs[1].line,
            f"版本号「{version}」出现了 {len(cs)} 次（"
            + "、".join(f"第 {c.line} 行「{c.title}」" for c in cs)
            + "）；"
            "后一处疑为新版本号未递增",
            f"version {version} is printed {len(cs)} times (lines {', '.join(str(c.line) for c in cs)}); "
            "the later one is probably a version number not incremented",
            cs[1].title,
            related=[(c.id, c.line) for c in cs if c is not cs[1]],
            extra={"version": version, "lines": [c.line for c in cs]},
        )
    for (_parent, title), cs in by_parent.items():
        if len(cs) < 2 or any(c.id in reported for c in cs):
            continue
        yield DUP_HEADING.finding(
            cs[1].id,
            cs[1].line,
            f"同一级下有 {len(cs)} 个标题都是「{title}」（" + "、".join(f"第 {c.line} 行" for c in cs) + "）",
            f"{len(cs)} sibling sections are headed '{title}' (lines {', '.join(str(c.line) for c in cs)})",
            title,
            related=[(c.id, c.line) for c in cs if c is not cs[1]],
            extra={"title": title, "lines": [c.line for c in cs]},
        )


def _flat(text: str) -> str:
    flat = _PUNCT.sub("", re.sub(r"^\s*(?:[（(]\d+[)）]|\d+[、.．:：，,])", "", text))
    for word in _PARTICLES:
        flat = flat.replace(word, "")
    return flat


def _same_point(a: str, b: str) -> bool:
    """One point is the other with at most MAX_EXTRA characters added (「担保或威胁」 / 「担保或者威胁」) —
    not two points of one template that name different things (「进入早夜阶段」 / 「进入午夜阶段」)."""
    short, long = sorted((a, b), key=len)
    if len(long) - len(short) > MAX_EXTRA:
        return False
    it = iter(long)
    return all(ch in it for ch in short)


def _duplicate_items(ctx: LintContext) -> Iterator[Finding]:
    for c in ctx.doc:
        if is_changelog(c, ctx.doc.clauses):
            continue
        points = [(it, _flat(it.text.split("例：")[0].split("例:")[0])) for it in c.items]
        for k, (a, fa) in enumerate(points):
            for b, fb in points[k + 1 :]:
                if len(fa) < MIN_POINT or len(fb) < MIN_POINT or _family(a.label) != _family(b.label):
                    continue
                if not _same_point(fa, fb):
                    continue
                yield DUP_ITEM.finding(
                    c.id,
                    b.line,
                    f"{c.id} 的 {a.label} 与 {b.label} 内容相同（只差虚词或标点）：「{clip(a.text, 30)}」",
                    f"points {a.label} and {b.label} of {c.id} say the same (a particle or punctuation apart)",
                    clip(b.text, 40),
                    related=[(c.id, a.line)],
                    extra={"items": [a.label, b.label]},
                )


# ------------------------------------------------------------------------------------------- modal

_CLAUSE_SPLIT = re.compile(r"[。；;！!？?\t\n]")


def _modal(ctx: LintContext) -> Iterator[Finding]:
    """「…无法被其他人获知。…可以被其他人获知。」 in one section or table cell."""
    for c in ctx.doc:
        units: list[tuple[str, int | None]] = [(c.text, None)]
        if c.tables:
            units = [(cell, r.line) for t in c.tables for r in t.rows for cell in r.cells]
        for unit, line in units:
            yield from _modal_in(c, unit, line)


def _modal_in(c: Clause, unit: str, row_line: int | None) -> Iterator[Finding]:
    said: dict[str, dict[bool, str]] = defaultdict(dict)
    for sentence in _CLAUSE_SPLIT.split(unit):
        for part in re.split(r"[，,]", sentence):
            part = part.strip()
            if part.startswith(_CONDITIONAL) or any(w in part for w in ("若", "如果", "除非")):
                continue
            for neg, words in ((False, _POSITIVE), (True, _NEGATIVE)):
                for word in words:
                    pos = part.find(word)
                    if pos < 0:
                        continue
                    rest = part[pos + len(word) :]
                    if neg is False and (
                        part[max(0, pos - 1) : pos] in ("不", "无") or rest.startswith("能")
                    ):
                        continue
                    if len(rest) >= 4 and re.fullmatch(r"[\u4e00-\u9fff]+", rest):
                        said[rest][neg] = part
                    break
    for what, both in said.items():
        if True in both and False in both:
            line = row_line if row_line is not None else _line_of(c, both[True])
            yield MODAL.finding(
                c.id,
                line,
                f"{c.id} 既说「{both[False]}」，又说「{both[True]}」",
                f"{c.id} says both '{both[False]}' and '{both[True]}'",
                clip(both[True], 40),
                extra={"what": what},
            )


def _line_of(c: Clause, fragment: str) -> int:
    for span in c.spans:
        if fragment in span.text:
            return span.line
    return c.line
