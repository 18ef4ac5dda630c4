"""(i) Extraction hygiene: text cut off at a clause's or item's end, export serial numbers in the body.

Both are publishing defects rather than rule defects, but they change what the text says: a cut
cell loses the end of a rule (「逃亡生效即外星人阵营全灭（6.9.4」), and a serial number such as
「152.」 next to a citation reads like part of a clause id.  The reader already recognises serial
numbers (``Document.noise``); this check reports them, grouped per clause.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ruleproof.findings import Finding, Severity
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_ID, ITEM_LABEL, LintContext, Unit
from ruleproof.lint.gatelines import find_gate_lines, parse_gates

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
_BRACKET = re.compile("[" + re.escape("".join(PAIRS) + "".join(CLOSERS)) + "]")
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
    for m in _BRACKET.finditer(text):  # (the brackets alone: the characters between them change nothing)
        ch, i = m.group(), m.start()
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


_CITE_TAIL = re.compile(rf"(?:依|见|详见|参见|按|据|同|由|并见)\s*{CLAUSE_ID}(?:{ITEM_LABEL})?$")
_TERMINAL = "。；！？!?」）)】〕》』…：:｜"
# a piece ends mid-sentence when its siblings end theirs: most of them (a prose clause, not a table)
# and, for a piece of one sentence only, nearly all of them
PROSE_SHARE = 0.6
ALONE_SHARE = 0.75
# a clause without items ends mid-sentence when nearly all such clauses of the book end theirs
BOOK_SHARE = 0.9
# an unfinished last sentence after a finished one: this long at least (shorter tails are label or
# header residue: 「…样本）。之二」); a piece with no finished sentence at all is judged from two characters
# (4.3.3 「② 净破」, cut inside 净破坏量, beside 「① 倒计时−（该次实际结算值）」)
MIN_FRAGMENT = 4
MIN_PIECE = 2
# a table's header row has this many columns at least (「步骤 发生什么 要点」; 「项 说明」 may be a phrase)
TABLE_COLUMNS = 3
# spaces the PDF puts around numbers (「抵挡 1 次」) say nothing; a space between two words does (a table)
_NUMBER_SPACE = re.compile(r"\s+(?=[0-9A-Za-z.~])|(?<=[0-9A-Za-z.~])\s+")


# a list announced at the end of a piece (「特别澄清三例」「如下」): its items follow
_INTRODUCER = re.compile(r"(?:[一二三四五六七八九十两\d]+\s*[例项条种类点款则]|如下|以下|下列)$")


def _table_like(fragment: str) -> bool:
    return " " in _NUMBER_SPACE.sub("", fragment.strip())


def _headers(ctx: LintContext) -> list[str]:
    """Table-header residue the PDF left in running text: runs of short words separated by single
    spaces that the text prints at least twice (「项 说明」「编号 反馈类型 触发与内容」)."""
    found: dict[str, int] = {}
    for unit in ctx.units():
        for m in _HEADER_RUN.finditer(unit.text):
            found[m.group(0)] = found.get(m.group(0), 0) + 1
    return sorted((h for h, n in found.items() if n >= 2), key=len, reverse=True)


# (written to start with its first character, the look-behind after it: ``re`` skips to the candidates instead of
# trying the pattern at every character — the same matches, tests/lint/test_lint_indexes.py)
_HEADER_RUN = re.compile(
    r"[\u4e00-\u9fff](?<![\u4e00-\u9fff][\u4e00-\u9fff])[\u4e00-\u9fff]{0,5}(?: [\u4e00-\u9fff（）()]{1,8}){1,4}"
    r"(?![\u4e00-\u9fff])"
)


def _strip_residue(text: str, headers: list[str]) -> str:
    body = text.rstrip()
    for h in headers:
        squeezed = h.replace(" ", "")
        if squeezed != h and body.endswith(squeezed):
            body = body[: -len(squeezed)].rstrip()
    changed = True
    while changed:
        changed = False
        for h in headers:
            if body.endswith(h):
                body = body[: -len(h)].rstrip()
                changed = True
    return body


# a term cut in two: the fragment left is at least this long
MIN_CUT = 2
_CJK_TAIL = re.compile(r"[\u4e00-\u9fff]{2,8}$")


def _term_starts(ctx: LintContext) -> dict[str, list[str]]:
    """Every proper beginning (two characters or more) of every vocabulary term, with the terms."""
    out: dict[str, list[str]] = {}
    for term in sorted(ctx.vocabulary.sources):
        for k in range(MIN_CUT, len(term)):
            out.setdefault(term[:k], []).append(term)
    return out


def _cjk_tail(body: str) -> str | None:
    """What ``_CJK_TAIL.search(body)`` matches: the last two to eight characters of ``body`` (before one final
    line break) when they are all CJK — read from the end, not by a search trying every position of the
    piece."""
    end = len(body) - 1 if body.endswith("\n") else len(body)
    start = end
    while start > 0 and end - start < 8 and "\u4e00" <= body[start - 1] <= "\u9fff":
        start -= 1
    return body[start:end] if end - start >= 2 else None


class _Printed(dict[str, int]):
    """How often the text prints each word (``str.count`` over the whole text, memoised: the pieces of a book
    ask about the same fragments and terms)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def __missing__(self, word: str) -> int:
        n = self[word] = self.text.count(word)
        return n


def _cut_term(
    ctx: LintContext, body: str, printed: _Printed, starts: dict[str, list[str]]
) -> tuple[str, str] | None:
    """``(fragment, term)`` when ``body`` ends inside a term of the text's vocabulary: its last characters
    begin the term (「净破坏」 of 净破坏量), are no term themselves, and the text prints them nowhere else
    except as the start of that term (which it prints at least twice)."""
    run = _cjk_tail(body)
    if run is None:
        return None
    for k in range(len(run), MIN_CUT - 1, -1):
        frag = run[-k:]
        if frag in ctx.vocabulary:
            return None  # the piece ends on a term, whole
        terms = [t for t in starts.get(frag, ()) if printed[t] >= 2]
        if len(terms) != 1:
            continue
        term = terms[0]
        if printed[frag] == printed[term] + 1:
            return frag, term
    return None


# A label namespace: the words the text cites a step, a batch, a verdict or an appendix by (「于步骤 3 提交」
# 「随批次⑤公开」 「附录二」), with the word right before it and the label after it, if any.
_NAMESPACE_LABEL = r"(?P<label>\d{1,2}(?:\.\d{1,2})?[ab]?(?![\d.])|[〇①-⑳]|[一二三四五六七八九十]{1,3})?"
_NAMESPACE_WORD = re.compile(rf"(?:步骤|批次|判定|附录)\s*{_NAMESPACE_LABEL}")
# the same with the character before the word, at a piece's end (the index scans for the words alone, which ``re``
# skips to, and reads the character before each)
_NAMESPACE_TAIL = re.compile(rf"(?P<pre>[^\s\u0000])(?P<ns>步骤|批次|判定|附录)\s*{_NAMESPACE_LABEL}\s*$")
# what ends a sentence (or a cell) after such a phrase: the phrase has said all it had to
_PHRASE_END = frozenset("。；！？!?｜|\u0000")
_CIRCLED = frozenset("①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳")  # (after a phrase: the next item begins)
# a phrase seen this often elsewhere, never ending a sentence there, does not end one here either
MIN_PHRASE_SEEN = 3
TAIL_WINDOW = 16


def _stops(nxt: str) -> bool:
    """Whether a sentence or a cell ends before ``nxt``, the first character after a phrase (spaces and line
    breaks skipped: the PDF's line wraps say nothing)."""
    return not nxt or nxt in _PHRASE_END or nxt in _CIRCLED


class _PhraseEnds:
    """How the text goes on after each namespace phrase (「于步骤」 with or without its label): how often it is
    printed (elsewhere than at one piece's end, which the caller takes off) and how often a sentence or a
    cell ends right after it — read once per lint from the namespace words' occurrences, not per piece."""

    def __init__(self, text: str) -> None:
        self.seen: dict[tuple[str, bool], int] = {}
        self.ends: dict[tuple[str, bool], int] = {}
        for m in _NAMESPACE_WORD.finditer(text):
            pre = text[m.start() - 1 : m.start()]
            if not pre or pre.isspace() or pre == "\u0000":
                continue
            head = pre + text[m.start() : m.start() + 2]
            stop = _stops(text[m.end() : m.end() + 4].lstrip()[:1])
            for labelled in (False, True):
                if labelled and m.group("label") is None:
                    continue
                key = (head, labelled)
                self.seen[key] = self.seen.get(key, 0) + 1
                # without its label the phrase ended only where no label follows either
                if stop and (labelled or m.group("label") is None):
                    self.ends[key] = self.ends.get(key, 0) + 1


def _dangling_phrase(
    body: str, after: str, phrases: _PhraseEnds, *, labelled: bool = True
) -> tuple[str, int, int] | None:
    """``(phrase, offset, times)`` when ``body`` ends on a namespace phrase (「…于步骤」 left without its step,
    「…于步骤 0.2」 without what happens then) that the text prints ``times`` times elsewhere, at least
    :data:`MIN_PHRASE_SEEN`, and never at the end of a sentence or a cell: what followed it was cut off.
    ``after`` is the unit's text after the piece: this piece's phrase is one of the text's occurrences, taken
    off as the index counted it.  ``labelled=False``: only a phrase left without its label counts."""
    m = _NAMESPACE_TAIL.search(body, max(0, len(body) - TAIL_WINDOW))  # (the phrase is short: its end only)
    if m is None or (m.group("label") is not None and not labelled):
        return None
    key = (m.group("pre") + m.group("ns"), m.group("label") is not None)
    own_end = _stops(after.lstrip()[:1]) and (key[1] or m.group("label") is None)
    seen = phrases.seen.get(key, 0) - 1
    ends = phrases.ends.get(key, 0) - own_end
    if seen < MIN_PHRASE_SEEN or ends > 0:
        return None
    return body[m.start() :].strip(), m.start(), seen


def _ended(text: str) -> bool:
    return bool(text) and text[-1] in _TERMINAL


def _gate_ranges(ctx: LintContext) -> dict[str, list[tuple[int, int]]]:
    parsed = parse_gates(ctx)
    out: dict[str, list[tuple[int, int]]] = {}
    if parsed is None:
        return out
    for gl in find_gate_lines(ctx, parsed[1]):
        out.setdefault(gl.unit, []).append((gl.start, gl.end))
    return out


def _with_preamble(
    ctx: LintContext, unit: Unit, pieces: list[tuple[str | None, str, int]]
) -> list[tuple[str | None, str, int]]:
    """The pieces, plus a clause's preamble (its text before the first item) when it has one."""
    if not pieces or pieces[0][0] is None:
        return pieces
    first = pieces[0][2]
    label_at = unit.text.rfind(pieces[0][0] or "", 0, first + 1)
    head = unit.text[: label_at if label_at >= 0 else first]
    if head.strip():
        return [(None, head, 0), *pieces]
    return pieces


def _alone_share(ctx: LintContext, headers: list[str]) -> float:
    """The share of the book's clauses without items whose text ends its last sentence."""
    ends: list[bool] = []
    for unit in ctx.units():
        clause = ctx.clause(unit.id) if unit.is_clause else None
        if clause is None or clause.items:
            continue
        body = _strip_residue(unit.text, headers)
        if body:
            ends.append(_ended(body))
    return sum(ends) / len(ends) if len(ends) >= 10 else 0.0


def _truncated(ctx: LintContext) -> Iterator[Finding]:
    headers = _headers(ctx)
    # a piece that holds a table (its header row of three columns or more is printed inside it) ends on
    # a cell, which has no full stop (2.1.1②'s step table ends 「停转夜自然流逝为 0」)
    tables = [h for h in headers if h.count(" ") >= TABLE_COLUMNS - 1]
    gates = _gate_ranges(ctx)
    alone = _alone_share(ctx, headers)
    printed = _Printed("\u0000".join(u.text for u in ctx.units_outside_log()))
    starts = _term_starts(ctx)
    phrases = _PhraseEnds(printed.text)
    for unit in ctx.units_outside_log():
        pieces = _with_preamble(ctx, unit, list(_pieces(ctx, unit)))
        bodies = [_strip_residue(text, headers) for _, text, _ in pieces]
        has_items = len(pieces) > 1 or (bool(pieces) and pieces[0][0] is not None)
        own = [truncation(text) for _, text, _ in pieces]
        cuts = [
            _cut_term(ctx, b, printed, starts) if h is None else None
            for h, b in zip(own, bodies, strict=True)
        ]
        # a sibling cut off by itself (an unclosed bracket at its end, a dangling word, a word cut in two)
        # was a finished sentence before the cut: it counts as one that ends its sentence
        ended = [
            _ended(b) or (h is not None and h[0] != "unbalanced") or c is not None
            for b, h, c in zip(bodies, own, cuts, strict=True)
        ]
        for k, (label, text, offset) in enumerate(pieces):
            body = bodies[k]
            others = [
                ended[j]
                for j, b in enumerate(bodies)
                if b and j != k and (pieces[j][0] is not None or not has_items)
            ]
            # a piece alone in its unit is judged by its own sentences, and by the book's other clauses
            share = sum(others) / len(others) if others else 1.0
            book = not has_items and not others and alone >= BOOK_SHARE
            preamble = label is None and has_items
            hit, cut_term = own[k], cuts[k]
            if cut_term is not None:
                hit = ("term", len(body) - len(cut_term[0]))
            dangling = None
            if hit is None and body:
                # a namespace phrase left without what always follows it (:func:`_dangling_phrase`), when
                # nothing else is said of the piece: a gate may end on a label (「新增批次⑦」), never on 「于步骤」
                gate = any(lo <= offset + len(body) - 1 < hi for lo, hi in gates.get(unit.id, []))
                dangling = _dangling_phrase(
                    body, unit.text[offset + len(text) : offset + len(text) + 8], phrases, labelled=not gate
                )
                if gate and dangling is None:
                    continue  # a gate of a 十关核验 line ends without a full stop by design
                cite = _CITE_TAIL.search(body)
                tail = max(body.rfind("。"), body.rfind("；")) + 1
                fragment = body[tail:]
                prose = share >= PROSE_SHARE and (tail > 0 or (share >= ALONE_SHARE and bool(others)) or book)
                if gate:
                    pass
                elif cite is not None and share >= PROSE_SHARE:
                    hit = ("cite", cite.start())
                elif (
                    not _ended(body)
                    and prose
                    and not preamble
                    and unit.is_clause
                    and len(fragment) >= (MIN_FRAGMENT if tail else MIN_PIECE)
                    and not _table_like(fragment)
                    and body[-1] not in "→+＋−-~〜"
                    and not _INTRODUCER.search(body)
                    and not any(h in text for h in tables)
                ):
                    hit = ("unterminated", tail)
                if hit is None and dangling is not None:
                    hit = ("phrase", dangling[1])
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
            if reason in ("cite", "unterminated", "phrase"):
                quote = clip(body[max(0, len(body) - 30) :].strip(), 40)
            line = unit.line_of(offset + min(at, max(0, len(body) - 1)))
            where = f"{unit.id}{label or ''}"
            if reason == "bracket":
                zh = f"{where} 末尾的「{text[at]}」未闭合，后文疑被截断"
                en = f"{where} ends inside an unclosed '{text[at]}': the rest seems cut off"
            elif reason == "unbalanced":
                zh = f"{where} 中的「{text[at]}」直到条末都未闭合（括号不配对）"
                en = f"{where}: the '{text[at]}' is never closed before the end (unbalanced brackets)"
            elif reason == "cite":
                zh = f"{where} 止于引用「{body[at:]}」，没有句号：其后的文字疑被截断（或仅缺句号）"
                en = f"{where} ends on the citation '{body[at:]}' without a full stop: what followed seems cut off (or only the full stop is missing)"
            elif reason == "term" and cut_term is not None:
                frag, term = cut_term
                zh = f"{where} 止于「{frag}」：正文中「{frag}」只作「{term}」的开头出现，词被截断，后文疑丢失"
                en = f"{where} ends on '{frag}', which the text prints only as the start of '{term}': a word cut in two, the rest seems lost"
            elif reason == "phrase" and dangling is not None:
                phrase, _, times = dangling
                zh = f"{where} 止于「{phrase}」：正文另有 {times} 处如此写，其后都接着编号或下文，从不在此断句；后文疑被截断"
                en = f"{where} ends on '{phrase}', which the text prints {times} more times, always followed by a label or more words, never ending a sentence: the rest seems cut off"
            elif reason == "unterminated":
                zh = f"{where} 末句没有句号（末字「{body[-1]}」），而其余各处都有：后文疑被截断（或仅缺句号）"
                en = f"{where} ends without a full stop (last character '{body[-1]}') where the rest have one: the rest seems cut off (or only the full stop is missing)"
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
