"""(h) Revision-log claims not applied to the body.

The revision log (the appendix titled 修订记录) records edits as 「X」改为「Y」, 由「X」改「Y」, 「X」→「Y」,
删除「X」, 「X」删除, 清「X」「Y」….  Each claim applies to the clause (or item, or appendix) the same
log row names just before it — 「4.4.3⸺「第 5 夜起」改为「第 5 夜」」 — or, when the row names none
(or says 全文/全稿), to the whole text except the log itself.

A deletion is not applied when X is still in its scope.  A replacement is not applied when X is still
there (outside quotes, and outside occurrences of Y when Y contains X: 「猎手嗅探」→「猎手嗅探与开枪」)
— unless X and Y are unrelated wordings and Y is present too (「术语表「速成护甲」改「…」」 names an
entry, not its old text).  When X contains Y (「第 5 夜起」→「第 5 夜」) only X decides.  With a
whole-text scope the old wording must be gone everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_ID, ITEM_LABEL, LintContext, Unit, is_descendant

NOT_APPLIED = CheckInfo(
    id="revision-not-applied",
    family="h",
    severity=Severity.WARNING,
    title="修订记录所称修改未落实到正文",
    title_en="revision-log claim not applied to the text",
    rule="附录四为逐条修订记录：所记「X 改为 Y」「删除 X」应已体现在所指条款中；正文仍保留 X，说明修改未落实或记录有误。",
    rule_en="The revision log records each edit; an edit 'X → Y' or 'delete X' should show in the clause "
    "it names. If X is still there, the edit was not applied or the log is wrong.",
    advice="把该处文字改为修订记录所记的新表述（或删除），或更正修订记录。",
    advice_en="Apply the recorded edit at that place (or delete the words), or correct the revision log.",
)

CHECKS = (NOT_APPLIED,)

_CHANGE = r"(?:改为|改成|更正为|替换为|统一为|改|→|->)"
_DELETE = r"(?:删除|删去|清除|清)"
# a log row starts with its code (「P0-1」「G-6」「I-」「F-P1」) or after 「；」「。」; 「I- 4.4.3」 is code then clause
_ROW_START = re.compile(r"(?<![A-Za-z])[A-Z]\d?-(?:[A-Z]\d+|\d+(?![.\d]))?(?![A-Za-z])|[；。]")
_LOOSE = re.compile(r"[\s，、；：。,;:]")
_SCOPE_ID = re.compile(rf"(?P<cid>{CLAUSE_ID})(?P<item>(?:{ITEM_LABEL})*)")
_WHOLE_WORDS = ("全文", "全稿", "全篇")
_APPENDIX_WORDS = {"术语表": "术语", "速查卡": "速查卡", "一页速查": "一页速查"}
MIN_LEN = 2
_UNITS = "次件票发夜人名份分层只个瓶"
_NUMERIC = re.compile(
    rf"(?P<noun>[\u4e00-\u9fff]{{2,10}})\s*(?P<a>\d+(?:\.\d+)?)\s*(?P<u>[{_UNITS}])\s*(?:→|->|改为)\s*"
    rf"(?P<b>\d+(?:\.\d+)?)\s*(?P=u)"
)
_GENERIC_TAIL = ("次数", "数目", "数量", "数")


@dataclass(frozen=True)
class Claim:
    old: str
    new: str | None  # None for a deletion
    scope: str | None  # clause id, appendix name, or None for the whole text
    scope_label: str  # as printed in the log (「4.11.2①之二」「术语表」「全文」)
    line: int
    raw: str


def quoted(text: str, start: int) -> tuple[str, int] | None:
    """The content of the 「…」 opening at ``start`` (nested quotes kept) and the offset after it."""
    if start >= len(text) or text[start] != "「":
        return None
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "「":
            depth += 1
        elif text[i] == "」":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i], i + 1
    return None


def _skip_ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \u3000":
        pos += 1
    return pos


def _row_start(text: str, pos: int) -> int:
    starts = [m.end() for m in _ROW_START.finditer(text, max(0, pos - 160), pos)]
    return starts[-1] if starts else max(0, pos - 160)


def claims(ctx: LintContext, log: Unit) -> list[Claim]:
    text = log.text
    out: list[Claim] = []
    pos = 0
    while True:
        q = text.find("「", pos)
        if q < 0:
            break
        got = quoted(text, q)
        if got is None:
            pos = q + 1
            continue
        old, after = got
        before = text[max(0, q - 4) : q]
        nxt = _skip_ws(text, after)
        # 「X」2 处改为「Y」 / 「X」删除
        count = re.match(r"\d+\s*处\s*", text[nxt:])
        if count:
            nxt += count.end()
        new: str | None = None
        kind = None
        m = re.match(_CHANGE, text[nxt:])
        if m:
            target = _skip_ws(text, nxt + m.end())
            got2 = quoted(text, target)
            if got2 is not None:
                new, end = got2
                kind = "change"
        elif re.match(_DELETE, text[nxt:]):
            kind, end = "delete", nxt
        if kind is None and re.search(_DELETE + r"(?:原)?\s*$", before):
            kind, end = "delete", after
        if kind is None:
            pos = after
            continue
        scope, label = _scope(ctx, text, q)
        if len(old) >= MIN_LEN:
            out.append(Claim(old, new, scope, label, log.line_of(q), clip(text[q:end], 60)))
        # 清「A」「B」「C」: every following quote is deleted too
        if kind == "delete" and end == after:
            while True:
                nq = _skip_ws(text, end)
                more = quoted(text, nq)
                if more is None:
                    break
                if len(more[0]) >= MIN_LEN:
                    out.append(
                        Claim(more[0], None, scope, label, log.line_of(nq), clip(text[nq : more[1]], 60))
                    )
                end = more[1]
        pos = max(end, after)
    return out


@dataclass(frozen=True)
class NumericClaim:
    noun: str
    old: str
    new: str
    unit: str
    scopes: tuple[str, ...]  # clause ids; empty for the whole text
    line: int
    raw: str


def numeric_claims(ctx: LintContext, log: Unit) -> list[NumericClaim]:
    """「库存上限 2 件 → 3 件 4.11.3①」: the clauses named after the claim in its row (or before it)."""
    text = log.text
    out: list[NumericClaim] = []
    for m in _NUMERIC.finditer(text):
        noun = m.group("noun")
        for tail in _GENERIC_TAIL:
            if noun.endswith(tail) and len(noun) - len(tail) >= 2:
                noun = noun[: -len(tail)]
                break
        nxt = _ROW_START.search(text, m.end())
        after = text[m.end() : nxt.start() if nxt else len(text)]
        ids = [x.group("cid") for x in _SCOPE_ID.finditer(after) if ctx.exists(x.group("cid"))]
        if not ids:
            scope, _label = _scope(ctx, text, m.start())
            ids = [scope] if scope in ctx.doc.clauses else []
        out.append(
            NumericClaim(
                noun, m.group("a"), m.group("b"), m.group("u"), tuple(ids), log.line_of(m.start()), m.group(0)
            )
        )
    return out


def _scope(ctx: LintContext, text: str, pos: int) -> tuple[str | None, str]:
    row = text[_row_start(text, pos) : pos]
    if any(w in row for w in _WHOLE_WORDS):
        return None, "全文"
    ids = list(_SCOPE_ID.finditer(row))
    for word, needle in _APPENDIX_WORDS.items():
        at = row.rfind(word)
        if at >= 0 and (not ids or at > ids[-1].start()):
            for ap in ctx.doc.appendices:
                if needle in ap.title:
                    return ap.name, word
    for m in reversed(ids):
        if ctx.exists(m.group("cid")):
            return m.group("cid"), m.group(0)
    return None, "全文"


def _used(text: str, old: str, new: str | None = None) -> int:
    """Offset of the first occurrence of ``old`` that is used, or -1.

    Not counted: an occurrence quoted as a mention (「…」 around it: a ten-gate answer may say
    「由「投票总票数」改为「票数公开」」), or one inside the new wording (「猎手嗅探」 → 「猎手嗅探与开枪」).
    """
    inside: list[tuple[int, int]] = []
    if new and old in new:
        at = text.find(new)
        while at >= 0:
            inside.append((at, at + len(new)))
            at = text.find(new, at + 1)
    at = text.find(old)
    while at >= 0:
        quoted = text[at - 1 : at] == "「" and text[at + len(old) : at + len(old) + 1] == "」"
        covered = any(lo <= at and at + len(old) <= hi for lo, hi in inside)
        if not quoted and not covered:
            return at
        at = text.find(old, at + 1)
    return -1


def _has_new(text: str, old: str, new: str) -> bool:
    """The new wording is present outside the old one (「第 5 夜起」 → 「第 5 夜」: the old contains the new)."""
    return _loose(new) in _loose(text.replace(old, "\u0000"))


def _loose(text: str) -> str:
    """Text without spaces and list punctuation: 「当夜即生效、共 3 夜有效」 matches 「当夜即生效，共3夜有效」."""
    return _LOOSE.sub("", text)


def run(ctx: LintContext) -> Iterator[Finding]:
    logs = [u for u in ctx.appendix_units if u.id in ctx.log_appendices]
    if not logs:
        return
    log_ids = {u.id for u in logs}
    others = [u for u in ctx.units() if u.id not in log_ids]
    for log in logs:
        yield from _numeric(ctx, log, others)
        for claim in claims(ctx, log):
            if claim.scope is None:
                units = others
            elif claim.scope in ctx.doc.clauses:
                units = [u for u in ctx.clause_units if is_descendant(u.id, claim.scope)]
            else:
                units = [u for u in others if u.id == claim.scope]
            hits = [(u, at) for u in units if (at := _used(u.text, claim.old, claim.new)) >= 0]
            if not hits:
                continue
            whole = claim.scope is None
            if (
                claim.new is not None
                and not whole
                and claim.old not in claim.new
                and claim.new not in claim.old
                and any(_has_new(u.text, claim.old, claim.new) for u in units)
            ):
                continue
            if claim.new is not None and whole and claim.new in claim.old:
                continue
            for unit, at in hits[:5]:
                if claim.new is None:
                    zh = f"修订记录称已删除「{claim.old}」（{claim.scope_label}），但 {unit.id} 仍有此文字"
                    en = f"the revision log says '{claim.old}' was deleted ({claim.scope_label}), but {unit.id} still has it"
                else:
                    zh = f"修订记录称「{claim.old}」已改为「{claim.new}」（{claim.scope_label}），但 {unit.id} 仍为旧文字"
                    en = (
                        f"the revision log says '{claim.old}' became '{claim.new}' ({claim.scope_label}), "
                        f"but {unit.id} still has the old wording"
                    )
                yield NOT_APPLIED.finding(
                    unit.id,
                    unit.line_of(at),
                    zh,
                    en,
                    clip(unit.text[max(0, at - 10) : at + len(claim.old) + 10], 50),
                    related=[(logs[0].id, claim.line)],
                    extra={"old": claim.old, "new": claim.new, "scope": claim.scope_label},
                )


def _numeric(ctx: LintContext, log: Unit, others: list[Unit]) -> Iterator[Finding]:
    for claim in numeric_claims(ctx, log):
        units = (
            [u for u in ctx.clause_units if any(is_descendant(u.id, sc) for sc in claim.scopes)]
            if claim.scopes
            else others
        )
        pattern = re.compile(
            rf"{re.escape(claim.noun)}[^。；，{claim.unit}]{{0,12}}?(?<![\d.]){re.escape(claim.old)}\s*{claim.unit}"
        )
        for unit in units:
            m = pattern.search(unit.text)
            if m is None:
                continue
            yield NOT_APPLIED.finding(
                unit.id,
                unit.line_of(m.start()),
                f"修订记录称{claim.noun}已由 {claim.old} {claim.unit}改为 {claim.new} {claim.unit}，但 {unit.id} 仍写 {claim.old} {claim.unit}",
                f"the revision log says {claim.noun} went from {claim.old} to {claim.new} {claim.unit}, "
                f"but {unit.id} still says {claim.old}",
                clip(m.group(0), 40),
                related=[(log.id, claim.line)],
                extra={"old": claim.old, "new": claim.new, "noun": claim.noun},
            )
