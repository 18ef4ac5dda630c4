"""Finding clause headings, chapter headings and appendices in normalized text.

A *candidate* is a dotted number (``4.4.6``) that could start a heading: at the start of a line,
or in the middle of one after a sentence end (a heading fused into the previous paragraph,
``…全灭。1.4.3僵局判定【…】``), or right after its parent's heading on the same line
(``4.3 工程师4.3.1 安全室``).  Most candidates are really references or numbers (``依 4.4.2``, a wrapped
line starting with a cited id, ``3.0 倒计时+2.5`` in a flattened table), so headings are chosen in
two passes:

1. the *chain*: the heaviest subsequence of candidates, in file order, whose ids increase the way a
   numbering does (next sibling, first child, next section; small gaps cost a little);
2. *strong* leftovers — at a line start, after a finished paragraph, with a short title — either
   repeat a chained id (a second heading of the same clause, e.g. a summary-table row and its section)
   or are *displaced* clauses that fill a gap in the numbering (a page printed out of order, such as
   2.8.15/2.8.16 at the top of the 返航录 file).

Everything else stays body text, where the reference scanner sees it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ruleproof.text.markers import CIRCLED_CLASS, REF_LEAD_CHARS, REF_LEAD_WORDS, TERMINAL, cn_number

# (written to start with its first character, the look-behind after it: ``re`` skips to the candidates instead of
# trying the pattern at every character — the same matches, tests/lint/test_lint_indexes.py)
ID_RE = re.compile(r"(\d(?<![0-9.．A-Za-z]\d)\d?(?:\.\d{1,2}){1,3})(?![0-9]|\.\d)")
_CJK = re.compile(r"[\u4e00-\u9fff]")
# What may follow the id of a heading: a title starting with an ideograph or an opening bracket.
_TITLE_START = re.compile(r"[ \t\u3000]*(?=[\u4e00-\u9fff【「])")
# Words that follow a cited id rather than a heading's id (「4.4.2 之」, 「3.0即」 …).
_NOT_TITLE_FIRST = set("条款之所节项的者即至等")
_NOT_TITLE_WORDS = ("同制", "同此", "所列", "所述", "已述")


@dataclass(frozen=True)
class Candidate:
    id: str
    line: int  # 1-based
    col: int  # column of the id in the normalized line
    title_col: int  # column where the title starts
    line_start: bool
    after_terminal: bool  # previous text ends a sentence/paragraph
    continuation: bool  # the previous line ends mid-citation (「…依」): probably a wrapped reference
    nested_in: str | None  # id of a heading earlier on the same line (4.3 工程师4.3.1)
    title: str
    title_end: tuple[int, int]  # (line, col) where the body starts
    title_like: bool
    title_only: bool  # nothing but the title on the heading line
    spaced: bool  # a space between the id and the title, as the text prints its headings

    @property
    def key(self) -> tuple[int, ...]:
        return tuple(int(p) for p in self.id.split("."))

    @property
    def weight(self) -> int:
        w = 3
        if self.line_start:
            w += 2
        if self.after_terminal:
            w += 1
        if self.title_like:
            w += 1
        if self.nested_in is not None:
            w += 4
        if self.continuation:
            w -= 4
        return w

    @property
    def strong(self) -> bool:
        return self.line_start and self.after_terminal and self.title_like and not self.continuation


def _prev_text_end(lines: list[str], idx: int, col: int) -> str:
    """The last few characters before (idx, col), looking back over blank lines."""
    before = lines[idx][:col].rstrip()
    if before:
        return before[-4:]
    j = idx - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    return lines[j].rstrip()[-4:] if j >= 0 else ""


def _ends_like_reference(tail: str) -> bool:
    if not tail:
        return False
    return tail[-1] in REF_LEAD_CHARS or any(tail.endswith(w) for w in REF_LEAD_WORDS)


_OPEN_CLOSE = {"（": "）", "【": "】", "(": ")", "「": "」", "〔": "〕"}


def _split_title(lines: list[str], idx: int, col: int, own_id: str) -> tuple[str, tuple[int, int]]:
    """Title text starting at (idx, col) and the position where the body begins."""
    line = lines[idx]
    end = len(line)
    i = col
    depth: list[str] = []
    title_chars = 0
    while i < len(line):
        ch = line[i]
        if depth:
            if ch == depth[-1]:
                depth.pop()
                if ch == "】" and not depth and line[i + 1 : i + 2] not in ("", "【", "（", "〔"):
                    end = i + 1  # 「僵局判定【…】启用前提…」: an annotation closes the title
                    break
            elif ch in _OPEN_CLOSE:
                depth.append(_OPEN_CLOSE[ch])
            i += 1
            continue
        if ch in _OPEN_CLOSE:
            depth.append(_OPEN_CLOSE[ch])
        elif (
            ch in "。；"
            or ch in CIRCLED_CLASS
            or (ch == "：" and len(line) - i > 20)
            or (ch in " \t\u3000" and title_chars >= 2 and len(line[i:].strip()) > 12)
        ):
            end = i
            break
        elif title_chars >= 2 and (sub := ID_RE.match(line, i)) and sub.group(1).startswith(own_id + "."):
            end = i  # a nested heading follows: 「4.3 工程师4.3.1 …」
            break
        title_chars += 1
        i += 1
    title = line[col:end].strip()
    body_at = (idx, end)
    if depth and end == len(line):
        # The title's bracket closes on the next non-empty line (「4.1.1 查验（验证」/「式）…」).
        j = idx + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        if j < len(lines):
            nxt = lines[j]
            k = 0
            stack = list(depth)
            while k < min(len(nxt), 60) and stack:
                if nxt[k] == stack[-1]:
                    stack.pop()
                elif nxt[k] in _OPEN_CLOSE:
                    stack.append(_OPEN_CLOSE[nxt[k]])
                k += 1
            if not stack:
                title = title + nxt[:k].strip()
                body_at = (j, k)
    return title, body_at


def _title_like(title: str) -> bool:
    if not title or len(title) > 40:
        return False
    if not _CJK.match(title) and title[0] not in "【「":
        return False
    if any(ch in title for ch in "；。+＋−~〜≥≤"):
        return False
    depth = 0
    for ch in title:
        if ch in "（(【「":
            depth += 1
        elif ch in "）)】」":
            depth -= 1
        elif ch == "，" and depth <= 0:
            return False
    return not re.search(r"\d\s*[名夜次点发票人份]", title)


def find_candidates(lines: list[str], end_line: int) -> list[Candidate]:
    """All heading candidates in ``lines[:end_line]`` (0-based end, exclusive) in file order."""
    out: list[Candidate] = []
    for idx in range(end_line):
        line = lines[idx]
        first_on_line: Candidate | None = None
        for m in ID_RE.finditer(line):
            col = m.start()
            after = m.end()
            title_idx = idx
            if not line[after:].strip() and not line[:col].strip():
                # the id alone on its line (「3.3.10」): the title is on the next non-empty line
                title_idx = idx + 1
                while title_idx < end_line and not lines[title_idx].strip():
                    title_idx += 1
                if title_idx >= end_line:
                    continue
                t = _TITLE_START.match(lines[title_idx], 0)
            else:
                t = _TITLE_START.match(line, after)
            if t is None:
                continue
            title_line = lines[title_idx]
            title_col = t.end()
            if title_line[title_col] in _NOT_TITLE_FIRST or title_line.startswith(
                _NOT_TITLE_WORDS, title_col
            ):
                continue
            line_start = not line[:col].strip()
            tail = _prev_text_end(lines, idx, col)
            nested_in: str | None = None
            continuation = False
            if line_start:
                continuation = _ends_like_reference(tail)
                after_terminal = not continuation
            else:
                after_terminal = bool(tail) and tail[-1] in TERMINAL
                if not after_terminal:
                    # only a child heading right after its parent's heading on the same line
                    if first_on_line is None or not m.group(1).startswith(first_on_line.id + "."):
                        continue
                    between = line[first_on_line.title_col : col]
                    if len(between) > 24 or any(p in between for p in "。；，、："):
                        continue
                    nested_in = first_on_line.id
            title, body_at = _split_title(lines, title_idx, title_col, m.group(1))
            cand = Candidate(
                id=m.group(1),
                line=idx + 1,
                col=col,
                title_col=title_col if title_idx == idx else len(line),
                line_start=line_start,
                after_terminal=after_terminal,
                continuation=continuation,
                nested_in=nested_in,
                title=title,
                title_end=(body_at[0] + 1, body_at[1]),
                title_like=_title_like(title),
                title_only=not lines[body_at[0]][body_at[1] :].strip(),
                spaced=title_idx != idx or line[after : after + 1] in (" ", "\t", "\u3000"),
            )
            out.append(cand)
            if first_on_line is None:
                first_on_line = cand
    return out


def _predecessors(b: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], bool, int]]:
    """Which headings ``a`` may directly precede heading ``b`` in the numbering, and at what cost (how
    implausible the step is): ``(key, exact, cost)`` — ``a == key`` when ``exact``, else every ``a`` that
    starts with ``key``.

    - descend: ``a`` is ``b``'s parent and ``b`` its child 0, 1 (cost 0) or 2 (cost 1);
    - move on: ``a`` shares ``b``'s first ``p`` parts and its part ``p`` is ``b[p]`` less a jump of 1–2
      at the top level (cost 2 per skipped number) or 1–4 below it (cost 1 per skipped number), whatever
      follows in ``a``; ``b``'s parts after ``p`` are each ≤ 2 (cost 1 for a 2: it skips its 1).

    Each ``a`` lies in one place (where it parts from ``b`` is unique); nothing else may precede ``b``."""
    if len(b) > 1 and b[-1] in (0, 1, 2):
        yield b[:-1], True, 1 if b[-1] == 2 else 0
    tail = 0  # the cost of b's parts after p; -1 once one of them is > 2 (no a may then part at p)
    for p in range(len(b) - 1, -1, -1):
        if tail < 0:
            return
        for jump in range(1, min(2 if p == 0 else 4, b[p]) + 1):
            yield (*b[:p], b[p] - jump), False, ((jump - 1) * 2 if p == 0 else jump - 1) + tail
        tail = -1 if b[p] > 2 else tail + max(0, b[p] - 1)


def choose_chain(cands: list[Candidate]) -> list[int]:
    """Indices of the heaviest numbering-consistent subsequence (deterministic).

    The best chain ending at each heading, from every earlier one that may precede it: those are looked up
    by key (:func:`_predecessors`, the cases of :func:`successor_cost`) instead of asked pair by pair, and
    taken in file order with the same ties (the first best predecessor wins) — the same chain in linear
    rather than quadratic time (``tests/text/test_heading_chain.py`` holds the pairwise definition)."""
    n = len(cands)
    if n == 0:
        return []
    best = [c.weight for c in cands]
    prev = [-1] * n
    keys = [c.key for c in cands]
    exact: dict[tuple[int, ...], list[int]] = {}  # earlier headings by their key
    under: dict[tuple[int, ...], list[int]] = {}  # earlier headings by each prefix of their key
    for j in range(n):
        b = keys[j]
        costs: dict[int, int] = {}
        for key, is_exact, cost in _predecessors(b):
            for i in (exact if is_exact else under).get(key, ()):
                costs[i] = cost
        weight = cands[j].weight
        for i in sorted(costs):
            value = best[i] + weight - costs[i]
            if value > best[j]:
                best[j] = value
                prev[j] = i
        exact.setdefault(b, []).append(j)
        for k in range(1, len(b) + 1):
            under.setdefault(b[:k], []).append(j)
    end = max(range(n), key=lambda k: (best[k], -k))
    chain: list[int] = []
    while end != -1:
        chain.append(end)
        end = prev[end]
    return chain[::-1]


def _fills_gap(key: tuple[int, ...], chosen: set[tuple[int, ...]]) -> bool:
    """A displaced clause must slot into the numbering: its previous sibling exists (or it is the
    first of its level) and it is at most two past the last sibling."""
    if key[-1] < 1:
        return False
    parent = key[:-1]
    siblings = sorted(k[-1] for k in chosen if len(k) == len(key) and k[:-1] == parent)
    if not siblings:
        return parent in chosen and key[-1] <= 2
    if key[-1] in siblings:
        return False
    if key[-1] > max(siblings):
        return key[-1] - max(siblings) <= 2
    if key[-1] < min(siblings):
        return min(siblings) - key[-1] <= 2
    return (key[-1] - 1) in siblings or (key[-1] + 1) in siblings


@dataclass(frozen=True)
class Placed:
    """A heading the reader accepted."""

    cand: Candidate
    role: str  # "chain" | "repeat" | "displaced"


def _common_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def place_headings(cands: list[Candidate], rejected: list[Candidate]) -> list[Placed]:
    """Accepted headings in file order; strong candidates repeating an id with an unrelated title
    are appended to ``rejected`` (the lint reports them as duplicate numbers)."""
    chain_idx = choose_chain(cands)
    in_chain = set(chain_idx)
    placed = [Placed(cands[i], "chain") for i in chain_idx]
    chosen_keys = {cands[i].key for i in chain_idx}
    first_line = {cands[i].id: cands[i].line for i in chain_idx}
    titles: dict[str, list[str]] = {}
    for i in chain_idx:
        titles.setdefault(cands[i].id, []).append(cands[i].title)
    for i, c in enumerate(cands):
        if i in in_chain or not c.strong:
            continue
        if c.id in first_line:
            # the same id printed again: accepted when the titles agree (a summary-table row and its
            # section) or for an annex 「2.3.4 附·…」; otherwise it is a numbering defect for the lint
            if c.title.startswith("附") or any(_common_prefix(c.title, t) >= 2 for t in titles[c.id]):
                placed.append(Placed(c, "repeat"))
                titles[c.id].append(c.title)
            elif c.spaced:
                rejected.append(
                    c
                )  # 「4.3.1 十关核验」 after 「4.3.1 安全室」; a table cell 「4.12经典…」 is not
        elif c.title_only and _fills_gap(c.key, chosen_keys):
            placed.append(Placed(c, "displaced"))
            chosen_keys.add(c.key)
            first_line[c.id] = c.line
            titles[c.id] = [c.title]
    placed.sort(key=lambda p: (p.cand.line, p.cand.col))
    return placed


# ---------------------------------------------------------------- chapters and appendices

# (led by its first numeral, the look-behinds after it — the text's start or a sentence end before it: ``re``
# skips to the numerals; the same matches as rf"(?:(?<=^)|(?<=[。）】」〕]))([{_CN}]{{1,2}})、…")
_CN_DIGIT = "[一二三四五六七八九十]"
_CHAPTER_RE = re.compile(
    rf"({_CN_DIGIT}(?:(?<=^{_CN_DIGIT})|(?<=[。）】」〕]{_CN_DIGIT})){_CN_DIGIT}?)、(?=[\u4e00-\u9fff])"
)
_APPENDIX_RE = re.compile(r"附录(十[一二三四五六七八九]?|[一二三四五六七八九])")
_APPENDIX_REF_BEFORE = set("见依与及和或、，「《（(为在按照同于")
_APPENDIX_REF_AFTER = set("⸺—、，。》」）)；：·")


@dataclass(frozen=True)
class ChapterMark:
    number: int
    title: str
    line: int
    col: int


def find_chapters(lines: list[str], end_line: int) -> list[ChapterMark]:
    out: list[ChapterMark] = []
    for idx in range(end_line):
        for m in _CHAPTER_RE.finditer(lines[idx]):
            number = cn_number(m.group(1))
            if number is None:
                continue
            rest = lines[idx][m.end() :]
            nxt = next((ln for ln in lines[idx + 1 : idx + 4] if ln.strip()), "")
            if nxt[:1] in ("∕", "/", "（", "(", "·"):
                rest += nxt  # 「六、第三阵营·外星人」 + 「∕死囚外星人（人物技能）」 wrapped
            title = re.split(r"[。；，]", rest, maxsplit=1)[0]
            close = title.find("）")
            if close != -1:
                title = title[: close + 1]
            out.append(ChapterMark(number, title[:30].strip(), idx + 1, m.start()))
    return out


@dataclass(frozen=True)
class AppendixMark:
    name: str
    number: int
    title: str
    line: int
    col: int
    title_end_col: int


def find_appendices(lines: list[str]) -> list[AppendixMark]:
    """附录一, 附录二, … in order; each the first occurrence after the previous one that reads as a
    heading rather than a citation (「见附录二《职业速查卡》」 is a citation)."""
    out: list[AppendixMark] = []
    want = 1
    for idx, line in enumerate(lines):
        for m in _APPENDIX_RE.finditer(line):
            number = cn_number(m.group(1))
            if number != want:
                continue
            before = line[: m.start()].rstrip()
            after = line[m.end() : m.end() + 1]
            if before and before[-1] in _APPENDIX_REF_BEFORE:
                continue
            if not after or after in _APPENDIX_REF_AFTER:
                continue
            rest = line[m.end() :].lstrip()
            title = re.split(r"[：:。；]", rest, maxsplit=1)[0][:24].strip()
            # 「附录一术语表：…」 – the title runs up to the colon when it is short
            colon = rest.find("：")
            if 0 < colon <= 16:
                title = rest[:colon].strip()
            title_end = m.end() + (len(line[m.end() :]) - len(rest)) + len(title)
            out.append(AppendixMark(f"附录{m.group(1)}", number, title, idx + 1, m.start(), title_end))
            want += 1
    return out
