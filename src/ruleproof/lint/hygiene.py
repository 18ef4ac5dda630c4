"""(i) Extraction hygiene: text cut off at a clause's or item's end, export serial numbers in the body.

Both are publishing defects rather than rule defects, but they change what the text says: a cut
cell loses the end of a rule (「逃亡生效即外星人阵营全灭（6.9.4」), and a serial number such as
「152.」 next to a citation reads like part of a clause id.  The reader already recognises serial
numbers (``Document.noise``); this check reports them, grouped per clause.
"""

from __future__ import annotations

from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import LintContext, Unit

TRUNCATED = CheckInfo(
    id="truncated-clause",
    family="i",
    severity=Severity.WARNING,
    title="条文截断（括号未闭合或句子未完）",
    title_en="truncated text (unclosed bracket or unfinished sentence at the end)",
    rule="条款或项的末尾不得停在未闭合的括号或未完的句子上：导出时被截断的表格单元格会丢失规则的后半句。",
    rule_en="A clause or item must not end inside an unclosed bracket or mid-sentence: a table cell cut "
    "off during export loses the end of a rule.",
    advice="对照源稿补全被截断的文字（常见于表格单元格），或删去残片。",
    advice_en="Restore the cut-off words from the source document (usually a table cell) or delete the fragment.",
)

SERIAL = CheckInfo(
    id="serial-number",
    family="i",
    severity=Severity.WARNING,
    title="正文残留导出流水号",
    title_en="export serial numbers left in the body",
    rule="导出流水号（如「31.」「152.」）不属条文、无规范意义，且易与条款号混淆；正文不应保留。",
    rule_en="Export serial numbers (such as '31.' or '152.') are not part of the rules and are easily "
    "confused with clause numbers; the body should not keep them.",
    advice="删除流水号；被其他条款以流水号引用之处，改用条款号与项号（①…）。",
    advice_en="Delete the serial numbers; where a clause is cited by its serial number, cite the clause "
    "id and item (①…) instead.",
)

CHECKS = (TRUNCATED, SERIAL)

PAIRS = {"（": "）", "(": ")", "「": "」", "〔": "〕", "【": "】", "《": "》", "『": "』"}
CLOSERS = {v: k for k, v in PAIRS.items()}
# Words that cannot end a sentence: a citation or a preposition waiting for its object.
# (「和」 is left out: 「两项之和」 is a noun, the sum.)
DANGLING_WORDS = ("依", "见", "详见", "参见", "按", "由", "经", "于", "对", "与", "及", "或", "即", "属")
# an unclosed bracket this far from the end is a typo (a bracket never closed), not a cut-off cell
NEAR_END = 40
# An unfinished enumeration or clause.
DANGLING_PUNCT = ("，", "、", "（", "「", "〔", "【")


def unclosed_tail(text: str) -> int | None:
    """Offset of the last bracket opened in ``text`` and never closed, if any.

    Closers without an opener (the continuation of a cell that started elsewhere) are ignored.
    """
    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(text):
        if ch in PAIRS:
            stack.append((ch, i))
        elif ch in CLOSERS:
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == CLOSERS[ch]:
                    del stack[k:]
                    break
    return stack[-1][1] if stack else None


def truncation(text: str) -> tuple[str, int] | None:
    """``(reason, offset)`` if ``text`` ends truncated: an unclosed bracket or a dangling word."""
    body = text.rstrip()
    if not body:
        return None
    opened = unclosed_tail(body)
    if opened is not None:
        return ("bracket" if len(body) - opened <= NEAR_END else "unbalanced", opened)
    if body.endswith(DANGLING_PUNCT):
        return ("punct", len(body) - 1)
    for word in DANGLING_WORDS:
        if body.endswith(word):
            return ("word", len(body) - len(word))
    return None


def _pieces(ctx: LintContext, unit: Unit) -> Iterator[tuple[str | None, str, int]]:
    """(item label, text, offset in unit text) of each item of a clause, or the whole unit."""
    clause = ctx.clause(unit.id) if unit.is_clause else None
    if clause is None or not clause.items:
        yield None, unit.text, 0
        return
    text = unit.text
    pos = 0
    for it in clause.items:
        start = text.find(it.text, pos) if it.text else -1
        if start < 0:
            continue
        yield it.label, it.text, start
        pos = start + len(it.text)


def run(ctx: LintContext) -> Iterator[Finding]:
    yield from _truncated(ctx)
    yield from _serials(ctx)


def _truncated(ctx: LintContext) -> Iterator[Finding]:
    for unit in ctx.units():
        pieces = list(_pieces(ctx, unit))
        for k, (label, text, offset) in enumerate(pieces):
            hit = truncation(text)
            if hit is None:
                continue
            reason, at = hit
            following = pieces[k + 1][1].lstrip() if k + 1 < len(pieces) else ""
            if reason != "punct" and following[:1] in CLOSERS:
                # the next item opens with the closing bracket: the text goes on, an item marker was read
                # inside the bracket (「（4.6.4③⑤）」) — not a truncation
                continue
            quote = (
                clip(text[max(0, at - 18) :].strip(), 40) if reason != "unbalanced" else clip(text[at:], 40)
            )
            line = unit.line_of(offset + at)
            where = f"{unit.id}{label or ''}"
            if reason == "bracket":
                zh = f"{where} 末尾的「{text[at]}」未闭合，后文疑被截断"
                en = f"{where} ends inside an unclosed '{text[at]}': the rest seems cut off"
            elif reason == "unbalanced":
                zh = f"{where} 中的「{text[at]}」直到条末都未闭合（括号不配对）"
                en = f"{where}: the '{text[at]}' is never closed before the end (unbalanced brackets)"
            else:
                zh = f"{where} 止于未完的句子（末字「{text.rstrip()[-1]}」），后文疑被截断"
                en = f"{where} ends mid-sentence (last character '{text.rstrip()[-1]}'): the rest seems cut off"
            yield TRUNCATED.finding(
                unit.id,
                line,
                zh,
                en,
                quote,
                extra={"item": label, "reason": reason},
            )


def _serials(ctx: LintContext) -> Iterator[Finding]:
    groups: dict[str | None, list[tuple[str, int]]] = {}
    for n in ctx.doc.noise:
        if n.kind == "serial":
            groups.setdefault(n.clause, []).append((n.raw, n.line))
    for clause, hits in groups.items():
        hits.sort(key=lambda h: h[1])
        raws = " ".join(raw for raw, _ in hits)
        where = f"{clause} " if clause else ""
        yield SERIAL.finding(
            clause,
            hits[0][1],
            f"{where}中残留 {len(hits)} 个导出流水号：{raws}",
            f"{len(hits)} export serial number(s) left in {clause or 'the text'}: {raws}",
            raws,
            related=[(clause, ln) for _, ln in hits[1:]],
            extra={"serials": [raw for raw, _ in hits], "lines": [ln for _, ln in hits]},
        )
