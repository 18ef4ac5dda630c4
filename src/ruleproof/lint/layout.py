"""(p) Layout damage the reader repairs for its tree, reported so that the author can repair the text.

The reader is lenient on purpose — it keeps the first of two items printed with the same label, it
reads 「4.8. 2」 as 4.8.2 — so that every other check sees the clause tree the author meant.  But a
rule author wants the printed text fixed, and a revision that damages the layout changes what readers
(and citations) see:

* ``item-label-repeated`` — an item label printed twice at the start of an item (two ②, or ①…⑤ and
  again ①…⑤): a citation 「X②」 no longer says which one it means.  A list that restarts after a colon
  (「有二：①…②…：①…②…」) is nested, not repeated; the gates of a 「十关核验」 line are not items.
* ``sentence-duplicated`` — the same sentence (ten characters or more, spacing and item label set
  aside) printed twice in one clause: a paste or an export that doubled a line.
* ``clause-id-split`` — a cited clause id broken by a space (「4.8. 2」「3.3 .1」「4. 11.3①」); a break
  at a line wrap of the PDF is not reported.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_REF, ITEM_REF, REGISTRY_REF, LintContext
from ruleproof.lint.gatelines import find_gate_lines, parse_gates
from ruleproof.text.items import strong_item_markers
from ruleproof.text.markers import MARKER_RE

REPEATED = CheckInfo(
    id="item-label-repeated",
    family="p",
    severity=Severity.WARNING,
    title="项号重复（同一条款内两项同号）",
    title_en="item label printed twice in one clause",
    rule="同一条款内项号应唯一：两个「②」使「X②」之引用无从确定所指；常见于排版重复或修订时未重排项号。",
    rule_en="Item labels must be unique within a clause: with two ② a citation 'X②' no longer says which "
    "one it means; usually a doubled line or an edit that did not renumber.",
    advice="删去重复的一项，或把后一组项改为续号（⑥⑦…），并核对引用它们的条款。",
    advice_en="Delete the repeated item, or renumber the later ones, and check the citations of them.",
)

DUPLICATED = CheckInfo(
    id="sentence-duplicated",
    family="p",
    severity=Severity.WARNING,
    title="同一句重复出现",
    title_en="sentence printed twice",
    rule="同一条款内同一句话出现两次，多为粘贴或导出重复；重复的规则句在修订时常只改一处，留下自相矛盾的两句。",
    rule_en="The same sentence twice in one clause is usually a paste or an export doubling; revisions "
    "then change one copy and leave two contradicting sentences.",
    advice="删去重复的一句。",
    advice_en="Delete the repeated sentence.",
)

SPLIT = CheckInfo(
    id="clause-id-split",
    family="p",
    severity=Severity.NOTE,
    title="条款号被空格拆开",
    title_en="clause id broken by a space",
    rule="条款号应连写（4.8.2）；「4.8. 2」之类的写法人可读、机器检索与跳转会失效，也易与数值混淆。",
    rule_en="Clause ids are written without spaces (4.8.2); '4.8. 2' breaks search and links and can be "
    "mistaken for a number.",
    advice="删去条款号中的空格。",
    advice_en="Remove the space from the clause id.",
)

CHECKS = (REPEATED, DUPLICATED, SPLIT)

MIN_SENTENCE = 10
# after a label, a character that makes it a mention, not an item: 「②附」「对②的」「登记于④。」
_MENTION_AFTER = ("附", "的", "之", "、", "，", "。", "与", "及", "∕")
# what may precede a label that opens an item: a sentence end, a cell separator, a table header
_ITEM_OPENERS = ("。", "；", "｜", "说明")
_LABEL_HEAD = re.compile(r"^(?:[①-⑳]|[(（]\d{1,2}[)）])(?:之[二三四五])?\s*")
# (a run written as one character then more: a pattern led by a repeat makes ``re`` try every character; one led by
# a character class lets it skip to the candidates — the same matches, tests/lint/test_lint_indexes.py)
_SPACE = re.compile(r"\s\s*")
_ID_CHARS = re.compile(r"\d\d?(?:\s*\.\s*\d{1,2}){1,3}")
# a blank next to a dot: an id :data:`_ID_CHARS` reads holds a blank only there (``\s*`` stands only around
# its dots), so a text without one has no split id and is not read id by id
_SPACED_DOT = re.compile(r"[.\s](?:(?<=\.)\s|(?<=\s)\.)")
_ASCII = tuple("0123456789")


def run(ctx: LintContext) -> Iterator[Finding]:
    yield from _repeated(ctx)
    yield from _duplicated(ctx)
    yield from _split(ctx)


def _gate_spans(ctx: LintContext) -> dict[str, list[tuple[int, int]]]:
    parsed = parse_gates(ctx)
    out: dict[str, list[tuple[int, int]]] = defaultdict(list)
    if parsed is None:
        return out
    for gl in find_gate_lines(ctx, parsed[1]):
        out[gl.unit].append((gl.start, gl.end))
    return out


def _sections(ctx: LintContext, clause_id: str) -> list[int]:
    """Offsets in a clause's text where a further printing of its heading starts (「2.3.4 附·…」): each
    printing numbers its items afresh."""
    clause = ctx.clause(clause_id)
    if clause is None or len(clause.headings) < 2:
        return []
    out: list[int] = []
    for h in clause.headings[1:]:
        pos = 0
        for span in clause.spans:
            if (span.line, span.col) >= (h.line, h.col):
                out.append(pos)
                break
            pos += len(span.text)
    return out


def _repeated(ctx: LintContext) -> Iterator[Finding]:
    gate_spans = _gate_spans(ctx)
    registry = ctx.owners.registry
    for unit in ctx.clause_units:
        if unit.id == registry:
            continue  # its entries: registry-numbering
        clause = ctx.clause(unit.id)
        if clause is None:
            continue
        text = unit.text
        spans = gate_spans.get(unit.id, [])
        sections = _sections(ctx, unit.id)
        outer: dict[int, int] = {}  # ordinal → offset of the item with that label
        outer_last = 0
        nested_last: int | None = None
        section = 0
        breaks = clause.line_breaks()
        for off, ordinal, variant, label in strong_item_markers(text, breaks):
            if any(lo <= off < hi for lo, hi in spans):
                continue  # a gate of a 十关核验 line
            here = sum(1 for s in sections if s <= off)
            if here != section:
                section, outer, outer_last, nested_last = (
                    here,
                    {},
                    0,
                    None,
                )  # a further printing of the heading
            rest = text[off + len(label) : off + len(label) + 1]
            if variant is not None or rest in _MENTION_AFTER or MARKER_RE.match(rest or " "):
                continue  # 「③之二」「②附」「对②的」「于④。」, or a list of labels 「②③之别」
            before = text[max(0, off - 2) : off].rstrip()
            if nested_last is not None:
                if ordinal == nested_last + 1:
                    nested_last = ordinal
                    continue
                nested_last = None
            if before.endswith(("：", ":")) or (ordinal == 1 and outer_last >= 2):
                nested_last = ordinal  # a list opening inside the item: 「有二：①…②…」
                continue
            at_start = off in breaks or before.endswith(_ITEM_OPENERS)
            first = outer.get(ordinal)
            same_words = first is not None and _opening(text, first, label) == _opening(text, off, label)
            if first is not None and (at_start or same_words):
                yield REPEATED.finding(
                    unit.id,
                    unit.line_of(off),
                    f"{unit.id} 中项号 {label} 出现两次（第 {unit.line_of(first)} 行与第 {unit.line_of(off)} 行）",
                    f"item {label} is printed twice in {unit.id} (lines {unit.line_of(first)} and {unit.line_of(off)})",
                    clip(text[off : off + 24], 30),
                    related=[(unit.id, unit.line_of(first))],
                    extra={"label": label},
                )
            outer[ordinal] = off
            outer_last = max(outer_last, ordinal)


def _opening(text: str, off: int, label: str) -> str:
    """The first three characters an item says after its label (spaces and line breaks aside)."""
    return _SPACE.sub("", text[off + len(label) : off + len(label) + 8])[:3]


def _norm(sentence: str) -> str:
    return _SPACE.sub("", _LABEL_HEAD.sub("", sentence))


def _duplicated(ctx: LintContext) -> Iterator[Finding]:
    logs = ctx.log_appendices
    for unit in ctx.units():
        if unit.id in logs:
            continue
        clause = ctx.clause(unit.id) if unit.is_clause else None
        cuts = sorted(it.offset for it in clause.items) if clause else []
        seen: dict[str, int] = {}
        piece = 0
        last = ("", 0, -1)  # the previous sentence: 「⑥ 界面呈现：A。A。」 repeats its tail
        for s in ctx.sentences(unit.id):
            k = bisect_right(cuts, s.start)
            here = cuts[k - 1] if k else 0  # the last item start at or before the sentence
            if here != piece:
                piece, seen = here, {}  # a sentence repeated in another item restates, it is not doubled
            key = _norm(s.text)
            if len(key) < MIN_SENTENCE or not key.endswith(("。", "；")):
                last = (key, s.start, here)
                continue
            if key not in seen and last[0].endswith(key) and last[2] == here:
                seen[key] = last[1]
            last = (key, s.start, here)
            if key in seen:
                yield DUPLICATED.finding(
                    unit.id,
                    unit.line_of(s.start),
                    f"{unit.id} 中此句出现两次（第 {unit.line_of(seen[key])} 行已有）",
                    f"this sentence appears twice in {unit.id} (already on line {unit.line_of(seen[key])})",
                    clip(s.text, 40),
                    related=[(unit.id, unit.line_of(seen[key]))],
                )
            else:
                seen[key] = s.start


def _split(ctx: LintContext) -> Iterator[Finding]:
    for unit in ctx.units_outside_log():
        text = unit.text
        if _SPACED_DOT.search(text) is None:
            continue
        breaks = ctx.breaks(unit.id)
        refs = {
            r.line
            for r in ctx.refs_by_unit.get(unit.id, [])
            if r.kind in (CLAUSE_REF, ITEM_REF, REGISTRY_REF)
        }
        for m in _ID_CHARS.finditer(text):
            raw = m.group(0)
            if " " not in raw and "\u3000" not in raw:
                continue
            if text[max(0, m.start() - 1) : m.start()] in _ASCII or text[m.end() : m.end() + 1] in _ASCII:
                continue  # part of a longer number (a circled item label ⑥ next to it is no digit)
            if re.match(r"\s*[.．]\s*\d", text[m.end() : m.end() + 3]):
                continue
            cid = _SPACE.sub("", raw)
            if not ctx.exists(cid):
                continue
            if unit.line_of(m.start()) not in refs and not (
                cid.count(".") >= 2
                or _cited_here(text, m.start(), m.end())
                or _titled_here(ctx, cid, text, m.end())
            ):
                # no citation the reader sees on the line: a split id is one when it is an id of three
                # parts (「2. 8.1④」: the reader no longer sees the citation the space broke), or cited or
                # titled where it stands
                continue
            if any(m.start() < b < m.end() for b in breaks):
                continue  # the PDF wrapped the line inside the id (a line that begins right after it is no wrap)
            if re.fullmatch(r"\d+\s*\.\s*\d+", raw) and not (
                _cited_here(text, m.start(), m.end()) or _titled_here(ctx, cid, text, m.end())
            ):
                continue  # 「1. 4」 could be a list number followed by a quantity
            zh = f"条款号「{raw}」被空格拆开，应为 {cid}"
            en = f"clause id '{raw}' is broken by a space; write {cid}"
            yield SPLIT.finding_at(
                unit, m.span(), zh, en, quote=(8, 4, 30), extra={"printed": raw, "id": cid}
            )


def _titled_here(ctx: LintContext, cid: str, text: str, end: int) -> bool:
    """The words right after a two-part id are its clause's title (「〔适用〕7. 1 最小信息」: 7.1 is
    「公告机制与最小信息」): a citation naming what it cites, not a list number before a quantity."""
    clause = ctx.clause(cid)
    words = _NEXT_WORDS.match(text, end)
    return clause is not None and words is not None and words.group(1) in clause.title


_NEXT_WORDS = re.compile(r"\s*([\u4e00-\u9fff]{2})")


def _cited_here(text: str, start: int, end: int) -> bool:
    """A two-part id counts as a citation in citing context: 「（1. 4）」「依 3 .3」「见 2 .7」, or after a
    tag 「〔适用〕2. 5」."""
    before = text[max(0, start - 4) : start].rstrip()
    after = text[end : end + 1]
    return before.endswith(
        ("（", "(", "依", "见", "、", "与", "及", "按", "适用", "参照", "比照", "〕")
    ) or after in (
        "）",
        ")",
        "、",
        "，",
        "之",
    )
