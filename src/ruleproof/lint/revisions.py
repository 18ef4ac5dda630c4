"""(h) Revision-log claims not applied to the body.

The revision log (the appendix titled 修订记录) records edits in many phrasings; every one that says
what the body must (or must no longer) say is a claim:

* **replacements** 「X」改为 / 改成 / 更正为 / 统一为 / 替换为 / 改 / → 「Y」, 由「X」改为「Y」;
* **deletions** 删除「X」, 「X」删除, 清「A」「B」…, and 「X」已过期 (the old wording must be gone);
* **new wordings** without the old one — 改为 / 更正为 / 统一为 / 定口径为 / 改指 「Y」 or Y — and
  **additions** — 补入 / 补写 / 补明 / 增列 / 新增 / 明定 / 明文 Y: Y must be there (its parts, split at
  ∕、，, each said in the scope; a long part by most of its two-character words);
* **numbers** 「库存上限 2 件 → 3 件」: the old figure after the same words must be gone from the whole text;
* **同步** — 「2.5.3、3.3.4同步」 after a replacement widens its scope to the clauses named.

Each claim applies to the clauses (items, appendices: 术语表 / 速查卡 / 一页速查) the same log row names
before it — 「I-18 4.9.7、4.12.5⑦、7.3.8、4.10.1⑤⸺「属 2.8.9⑥明文授予」改为「…」」 names four — or,
when the row names none (or says 全文/全稿), to the whole text except the log itself.  Rows from which
no claim can be read are counted (:func:`summary`) and reported by ``ruleproof check``.

A deletion is not applied when X is still in its scope.  A replacement is not applied when X is still
there (outside quotes, and outside occurrences of Y when Y contains X: 「猎手嗅探」→「猎手嗅探与开枪」)
— unless X and Y are unrelated wordings and Y is present too (「术语表「速成护甲」改「…」」 names an
entry, not its old text).  When X contains Y (「第 5 夜起」→「第 5 夜」) only X decides.  With a
whole-text scope the old wording must be gone everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_ID, ITEM_LABEL, LintContext, Unit, is_descendant
from ruleproof.lint.memo import PerLintTable

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
_SCOPE_ID = re.compile(rf"(?<![\dA-Za-z.])(?P<cid>{CLAUSE_ID})(?P<item>(?:{ITEM_LABEL})*)")
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
    more: tuple[str, ...] = ()  # further clauses the row names (「4.9.7、4.12.5⑦、7.3.8、4.10.1⑤⸺…」)


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
        elif re.match(_DELETE, text[nxt:]) or re.match(r"已?过期", text[nxt:]):
            kind, end = "delete", nxt
        if kind is None and re.search(_DELETE + r"(?:原)?\s*$", before):
            kind, end = "delete", after
        if kind is None:
            pos = after
            continue
        scopes, label = _scopes(ctx, text, q)
        scope = scopes[-1] if scopes else None
        also = tuple(scopes[:-1]) + _synced(ctx, text, end)
        if len(old) >= MIN_LEN:
            out.append(Claim(old, new, scope, label, log.line_of(q), clip(text[q:end], 60), also))
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
    # 由X改为Y without quotes (「神探已查验池：由无上限累积池改为定长 3 项之先进先出池」): X is gone
    for m in _PLAIN_CHANGE.finditer(text):
        scopes, label = _scopes(ctx, text, m.start())
        scope = scopes[-1] if scopes else None
        new_words = m.group("new")
        out.append(
            Claim(
                m.group("old"), new_words or None, scope, label, log.line_of(m.start()), clip(m.group(0), 60)
            )
        )
    return out


_PLAIN_CHANGE = re.compile(
    r"由(?P<old>[\u4e00-\u9fff]{4,12})(?:改为|改成|更正为)(?P<new>[\u4e00-\u9fff0-9 ]{2,20})?"
)


_SYNC = re.compile(
    rf"(?P<ids>{CLAUSE_ID}(?:{ITEM_LABEL})*(?:\s*[、∕与及和]\s*{CLAUSE_ID}(?:{ITEM_LABEL})*)*)\s*(?:同步|一并同步|亦同步)"
)


def _synced(ctx: LintContext, text: str, pos: int) -> tuple[str, ...]:
    """Clauses the same row says were synchronised after a change: 「；2.5.3、3.3.4同步」."""
    nxt = _ROW_CODE.search(text, pos)
    row = text[pos : nxt.start() if nxt else len(text)]
    out: list[str] = []
    for m in _SYNC.finditer(row):
        out += [x.group("cid") for x in _SCOPE_ID.finditer(m.group("ids")) if ctx.exists(x.group("cid"))]
    return tuple(out)


# a row of the log starts with its code: 「P0-1」「N-3」「I-」「H-」
_ROW_CODE = re.compile(r"(?<![A-Za-z])[A-Z]\d?-(?:[A-Z]?\d+(?![.\d]))?(?![A-Za-z])")
_ADD = re.compile(r"(?:补入|补写|补明|补登记|增列|新增|明定|明文|定口径为|改为|更正为|统一为|改指)")
_PART_SPLIT = re.compile(r"[∕/、，,]")
ADD_SHARE = 0.6  # of a long added part's two-character words the scope must say


@dataclass(frozen=True)
class PresenceClaim:
    """「③增列诊断∕研制∕接种」: what the body must now say, in the clauses the row names."""

    verb: str
    wording: str
    parts: tuple[str, ...]
    scopes: tuple[str, ...]
    scope_label: str
    line: int
    raw: str


def presence_claims(ctx: LintContext, log: Unit) -> list[PresenceClaim]:
    """New wordings and additions the log records without an old wording: the verb, then 「Y」 or Y up
    to the next punctuation, in a row that names where."""
    text = log.text
    out: list[PresenceClaim] = []
    for m in _ADD.finditer(text):
        start = _skip_ws(text, m.end())
        if text[max(0, m.start() - 8) : m.start()].rstrip().endswith("」"):
            continue  # 「X」改为「Y」: a replacement, read by claims()
        got = quoted(text, start)
        parts: tuple[str, ...]
        if got is not None:
            wording, end = got
            parts = (wording,) if len(_loose(wording)) >= MIN_LEN else ()
        else:
            stop = re.search(r"[；。（(：:｜，,]|(?<![A-Za-z])[A-Z]\d?-", text[start:])
            end = start + (stop.start() if stop else min(40, len(text) - start))
            wording = text[start:end].strip()
            # an unquoted wording is checked only where it names things: the vocabulary's terms
            # (「增列诊断∕研制∕接种」); a description of the change (「改为分项标注」) is not the text
            parts = tuple(p for p in (_named(ctx, x) for x in _PART_SPLIT.split(wording)) if p)
        if "「" in wording or "」" in wording or not re.search(r"[\u4e00-\u9fff]{2}", wording):
            continue
        if re.match(rf"\s*{CLAUSE_ID}", wording):
            continue  # 「新增 2.8.16 …」 creates a clause: the numbering checks see whether it is there
        scopes, label = _scopes(ctx, text, m.start())
        if not scopes:
            # 「；④附增列摆渡人调查」: the segment names no clause, the row does (「H- 2.8.3③∕④附封锁⸺」)
            codes = list(_ROW_CODE.finditer(text, max(0, m.start() - 200), m.start()))
            code = codes[-1] if codes else None
            if code is not None:
                scopes, label = _scopes_in(ctx, _outside_quotes(text[code.end() : m.start()]))
        if not scopes or not parts:
            continue  # whole-text additions say nothing checkable about one place
        out.append(
            PresenceClaim(
                m.group(0),
                wording,
                parts,
                tuple(scopes),
                label,
                log.line_of(m.start()),
                clip(text[m.start() : end], 60),
            )
        )
    return out


@dataclass(frozen=True)
class RevisionSummary:
    rows: int  # edit records in the log (rows with a code such as 「I-20」)
    parsed: int  # rows from which at least one claim was read
    claims: int  # claims read (replacements, deletions, wordings, additions, numbers)
    unparsed: tuple[int, ...]  # source lines of the rows no claim could be read from (each line once)


def summary(ctx: LintContext) -> RevisionSummary:
    """How much of the revision log the check could read."""
    rows = parsed = n = 0
    unparsed: list[int] = []
    for log in (u for u in ctx.appendix_units if u.id in ctx.log_appendices):
        lines = [c.line for c in claims(ctx, log)] + [c.line for c in numeric_claims(ctx, log)]
        lines += [c.line for c in presence_claims(ctx, log)]
        n += len(lines)
        text = log.text
        starts = [m.start() for m in _ROW_CODE.finditer(text)]
        for k, start in enumerate(starts):
            end = starts[k + 1] if k + 1 < len(starts) else len(text)
            lo, hi = log.line_of(start), log.line_of(max(start, end - 1))
            rows += 1
            if any(lo <= ln <= hi for ln in lines):
                parsed += 1
            else:
                unparsed.append(lo)
    return RevisionSummary(rows, parsed, n, tuple(dict.fromkeys(unparsed)))


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
    scopes, label = _scopes(ctx, text, pos)
    return (scopes[-1] if scopes else None), label


def _outside_quotes(row: str) -> str:
    """The row with quoted wordings and bracketed asides blanked out: ids inside 「…」 are part of a
    wording, ids inside （…） an aside (「（4.6.4⑦ 毒师版亦含九关）」), neither is where the edit went."""
    out, depth = [], 0
    for ch in row:
        if ch in "「（(":
            depth += 1
        out.append(" " if depth else ch)
        if ch in "」）)" and depth:
            depth -= 1
    return "".join(out)


def _scopes(ctx: LintContext, text: str, pos: int) -> tuple[list[str], str]:
    """The clauses (or appendix) the log row names before ``pos``: the last run of ids joined by
    、 ∕ 与 (「4.9.7、4.12.5⑦、7.3.8、4.10.1⑤」), or an appendix named after them; none for the whole text."""
    return _scopes_in(ctx, _outside_quotes(text[_row_start(text, pos) : pos]))


def _scopes_in(ctx: LintContext, row: str) -> tuple[list[str], str]:
    if any(w in row for w in _WHOLE_WORDS):
        return [], "全文"
    ids = list(_SCOPE_ID.finditer(row))
    for word, needle in _APPENDIX_WORDS.items():
        at = row.rfind(word)
        if at >= 0 and (not ids or at > ids[-1].start()):
            for ap in ctx.doc.appendices:
                if needle in ap.title:
                    return [ap.name], word
    run: list[re.Match[str]] = []
    for m in reversed(ids):
        if run and not re.fullmatch(r"[\s、∕/与及和,，]*", row[m.end() : run[-1].start()]):
            break
        if ctx.exists(m.group("cid")):
            run.append(m)
    if not run:
        return [], "全文"
    run.reverse()
    return [m.group("cid") for m in run], "、".join(m.group(0) for m in run)


# a quoted wording is a mention of the change, not a use, next to these words: 「由「X」改为」「原「X」」
_CHANGE_BEFORE = ("由", "原", "旧", "将", "把", "从")
_CHANGE_AFTER = re.compile(r"\s*(?:改|→|->|删|已|更正|替换|不再|废)")


def _mention(text: str, at: int, old: str) -> bool:
    """The occurrence of ``old`` at ``at`` is quoted and the words around the quote speak of a change
    (「由「投票总票数」改为「票数公开」」).  A quoted wording in use is no mention: 2.8.10 「附「十关核验」一行」
    names the line every role must print, so 「九关核验」 there is the old wording still in force."""
    end = at + len(old)
    if text[at - 1 : at] != "「" or text[end : end + 1] != "」":
        return False
    before = text[max(0, at - 3) : at - 1].rstrip()
    return before.endswith(_CHANGE_BEFORE) or bool(_CHANGE_AFTER.match(text, end + 1))


def _used(text: str, old: str, new: str | None = None) -> int:
    """Offset of the first occurrence of ``old`` that is used, or -1.

    Not counted: an occurrence quoted as a mention of the change (:func:`_mention`: a ten-gate answer
    may say 「由「投票总票数」改为「票数公开」」), or one inside the new wording (「猎手嗅探」 → 「猎手嗅探与开枪」).
    """
    inside: list[tuple[int, int]] = []
    if new and old in new:
        at = text.find(new)
        while at >= 0:
            inside.append((at, at + len(new)))
            at = text.find(new, at + 1)
    at = text.find(old)
    while at >= 0:
        covered = any(lo <= at and at + len(old) <= hi for lo, hi in inside)
        if not _mention(text, at, old) and not covered:
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
        yield from _presence(ctx, log)
        for claim in claims(ctx, log):
            if claim.scope is None:
                units = others
            else:
                scopes = (claim.scope, *claim.more)
                ids = _within_any(ctx, scopes)
                units = [u for u in others if u.id in ids]
            hits = [(u, at) for u in units if (at := _used(u.text, claim.old, claim.new)) >= 0]
            whole = claim.scope is None
            if (
                claim.new is not None
                and not whole
                and claim.old not in claim.new
                and claim.new not in claim.old
            ):
                # unrelated wordings with the new one in the same place the row names: the row names an
                # entry whose text changed (「术语表「速成护甲」改「…」」).  Judged place by place: a row
                # that names four clauses (I-18) is not applied where one of them still has the old words
                hits = [(u, at) for u, at in hits if not _new_beside(claim, u, units)]
            if not hits:
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


def _within(unit: Unit, scope: str) -> bool:
    return unit.id == scope or (unit.is_clause and is_descendant(unit.id, scope))


_WITHIN: PerLintTable[LintContext, str, frozenset[str]] = PerLintTable()


def _within_any(ctx: LintContext, scopes: Iterable[str]) -> frozenset[str]:
    """The ids of the units :func:`_within` one of ``scopes`` (each scope's memoised per lint: every row of the
    log names a scope, and each was a pass over every unit per row)."""
    out: frozenset[str] = frozenset()
    for sc in scopes:
        out |= _WITHIN.get_or_build(ctx, sc, partial(_ids_within, ctx, sc))
    return out


def _ids_within(ctx: LintContext, scope: str) -> frozenset[str]:
    return frozenset(u.id for u in ctx.units() if _within(u, scope))


def _new_beside(claim: Claim, unit: Unit, units: list[Unit]) -> bool:
    """The new wording is said in the place the row names that holds ``unit`` (the clause with its
    sub-clauses, or the appendix)."""
    assert claim.new is not None
    places = [sc for sc in (claim.scope, *claim.more) if sc is not None and _within(unit, sc)]
    return any(_has_new(v.text, claim.old, claim.new) for v in units if any(_within(v, sc) for sc in places))


def _presence(ctx: LintContext, log: Unit) -> Iterator[Finding]:
    for claim in presence_claims(ctx, log):
        ids = _within_any(ctx, claim.scopes)
        units = [u for u in ctx.units_outside_log() if u.id in ids]
        if not units:
            continue
        said = _loose("".join(u.text for u in units))
        missing = [p for p in claim.parts if not _says_part(said, _loose(p), ctx.vocabulary.terms(p))]
        if not missing:
            continue
        first = units[0]
        yield NOT_APPLIED.finding(
            first.id,
            first.line,
            f"修订记录称已{claim.verb}「{claim.wording}」（{claim.scope_label}），但 {claim.scope_label} 中找不到「{'、'.join(missing)}」",
            f"the revision log says '{claim.wording}' was {claim.verb} ({claim.scope_label}), but "
            f"{claim.scope_label} does not say '{', '.join(missing)}'",
            clip(claim.raw, 50),
            related=[(log.id, claim.line)],
            extra={
                "verb": claim.verb,
                "wording": claim.wording,
                "absent": missing,
                "scope": claim.scope_label,
            },
        )


def _named(ctx: LintContext, part: str) -> str:
    """A part of an unquoted wording that is made of vocabulary terms (an item label or a clause id
    before it aside), else ""."""
    core = re.sub(rf"^\s*(?:{ITEM_LABEL}|{CLAUSE_ID})*\s*", "", part).strip()
    cjk = re.sub(r"[^\u4e00-\u9fff]", "", core)
    if len(cjk) < MIN_LEN or cjk != core:
        return ""
    covered = sum(h.end - h.start for h in ctx.vocabulary.scan(core))
    return core if covered == len(core) else ""


def _says_part(said: str, part: str, terms: list[str]) -> bool:
    """The scope says the part: literally; as the vocabulary terms it is made of (「猎手开枪」 where the
    text says 猎手嗅探与开枪); or, for a long quoted part, most of its two-character words."""
    if part in said:
        return True
    if terms and sum(len(t) for t in terms) == len(part) and all(t in said for t in terms):
        return True
    words = {part[i : i + 2] for i in range(len(part) - 1)}
    return len(part) >= 6 and bool(words) and sum(w in said for w in words) / len(words) >= ADD_SHARE


def _numeric(ctx: LintContext, log: Unit, others: list[Unit]) -> Iterator[Finding]:
    for claim in numeric_claims(ctx, log):
        # a figure changes everywhere it is stated, not only where the row says it was edited
        units = others
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
