"""Reading a rulebook shaped by headings rather than dotted numbers (docs/text-model.md, "Sections").

Forum rulebooks such as [165]原神 or 血染钟楼 have no clause numbers like ``4.4.6``.  Their structure is
in the way headings are printed:

* a heading line of its own: 「胜负判定」, 「【村民阵营】」, 「村民：」, 「一、基础规则」, 「第3条 …」, 「Q1 …」;
* a numbered heading: 「1、预言家」, 「1.黑狼王[群内]」, 「1感应者」 — a number followed by a short title;
  a number followed by a sentence is an item of a list instead (「1、欢迎参加小镇版杀。…」);
* forum chrome: the post signature that opens each post (「[140]导演C」), and Discuz page furniture
  (「发表于 …」, 「显示全部楼层」, stray 「|」) which is an extraction artefact.

Headings nest by a small set of rules that read the text's own conventions, not its words:

1. a post signature closes every open section (a post starts at the top level);
2. a heading directly followed by another heading (no body between) is a group title: the next
   heading is its child;
3. a numbered heading that continues a numbering run (… 4、 → 5、) is a sibling of the run;
4. otherwise a heading printed in a style already open (「【…】」, 「…：」, a bare line, 「一、」 …) closes
   the sections down to that style and becomes their sibling; a new style opens a child.

Ids come from the text's structure: a section whose body defines skills is a *role* section and is
named by its role (「预言家」), so adding a role never renumbers the others; other numbered headings
are numbered under their parent (「判罚依据/5」); named headings use their title, prefixed by the
parent's id when the title alone is not unique (「普通狼人规则/配置法程序」).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ruleproof.text.model import Clause, Heading, Item, Noise, Row, Span, Table
from ruleproof.text.skilldefs import colon_convention, parse_skill_line, role_names

CJK = r"\u4e00-\u9fff"
_CJK_RE = re.compile(f"[{CJK}]")

# -------------------------------------------------------------------------------------- forum chrome

# A post signature: a bracketed thread tag and a short name on a line of its own (「[165]导演A」).
_SIGNATURE = re.compile(r"^\[([^\[\]\s]{1,12})\]\S{0,12}$")
# Discuz page furniture left by copying a thread page: 「发表于 2026-9-3 20:04| 字数 11,643」, 「楼主 |」,
# 「显示全部楼层」, lines that are only 「|」, and a 「 |」 glued to the end of a post's last line.
_CHROME_LINE = re.compile(
    r"^(?:\|+|楼主\s*\|?|显示全部楼层|发表于\s*\d{4}-\d{1,2}-\d{1,2}.*|只看该作者.*|回复\s*\|?)$"
)
_CHROME_TAIL = re.compile(r"\s+\|\s*$")

# ------------------------------------------------------------------------------------------ headings

_CN_NUM = "一二三四五六七八九十"
_CN_HEAD = re.compile(rf"^([{_CN_NUM}]{{1,3}})[、．.]\s*(.+)$")
_ART_HEAD = re.compile(rf"^(第[{_CN_NUM}百〇零0-9]{{1,4}}[条章节款])\s*(.*)$")
_Q_HEAD = re.compile(r"^([QＱ]\d{1,3})[.、．:：\s]*(.+)$")
# 「1、预言家」 「1.黑狼王[群内]」 「26、噬时狼妃」 「1感应者」; not 「4.0版本更新」 (a version) nor 「1L——」
_ARABIC = re.compile(rf"^(\d{{1,2}})(?:([、．.:：，,])(?!\d)\s*|\s+|(?=[{CJK}【「“（(]))(.*)$")
_PAREN_ITEM = re.compile(r"^[（(](\d{1,2})[)）]\s*(.*)$")
_BRACKET_HEAD = re.compile(r"^【([^【】]{1,14})】[：:]?\s*(.*)$")
# a label line: 「村民：」 「其他身份：」 (no digits: 「关门后10分钟内：」 is a time slot inside a list)
_COLON_HEAD = re.compile(r"^([^\s：:，,。；;、\d]{1,12})[：:]$")
_NOTE_WORDS = ("PS", "注", "例", "备注", "注意", "说明", "补充", "特别", "例如", "如")
# a label opening with a condition is the condition of the skills under it, not a heading
_CONDITION_WORDS = ("如果", "若", "当", "一旦", "假如", "倘若", "只要")
_SENTENCE = set("。，；！？、,;!?“”「」：:")
# a title may end with labels and a note: 「黑狼王[群内]」 「赏金猎人（捕杀现在是次数技能！）」 「蚀梦游魂*」
_TITLE_TAIL = re.compile(r"(?:\s*(?:\[[^\]]{0,12}\]|<[^>]{0,12}>|（[^）]*）|\([^)]*\)|\*))+\s*$")
_VERSION = re.compile(r"^\d+(?:\.\d+)+")

MAX_TITLE = 18  # characters of a heading's title (labels and notes excluded)
MAX_PLAIN = 16  # a bare line longer than this is a sentence, not a heading
MIN_SECTIONS = 3


@dataclass
class _Head:
    line: int
    col: int  # where the heading starts (after leading blanks)
    style: str  # "bracket" "cn" "art" "q" "arabic" "colon" "plain"
    title: str  # as printed, labels and notes kept
    name: str  # the title without labels, notes or 「：」 (what the id and role names use)
    number: str | None
    value: int | None  # the number as an integer (arabic, cn)
    body_col: int  # where the body starts on the heading line (== len(line) when nothing follows)
    fused: bool = False
    parent: int | None = None  # index into the heads list
    children: list[int] = field(default_factory=list)
    empty: bool = True  # no body text before the next heading


def clean_name(title: str) -> str:
    """「黑狼王[群内]」→「黑狼王」, 「赏金猎人（捕杀现在是次数技能！）」→「赏金猎人」, 「村民：」→「村民」."""
    name = title.strip().rstrip("：:").strip()
    name = _TITLE_TAIL.sub("", name).strip()
    return name.rstrip("：:").strip() or title.strip()


def _is_sentence(text: str) -> bool:
    return any(ch in _SENTENCE for ch in text) or "——" in text


def _plain_title(text: str) -> bool:
    """A bare line that can be a heading: short, no sentence punctuation, starts like a name.  One
    comma or two enumeration commas are allowed in a short title (「处决，死亡与复活」
    「技能的持有、发动和触发」)."""
    if not 1 <= len(text) <= MAX_PLAIN:
        return False
    if _is_sentence(text) and (
        len(text) > 12
        or re.search(r"\d", text)
        or _is_sentence(text.replace("，", "", 1).replace("、", "", 2))
    ):
        return False
    if not _CJK_RE.search(text) or text.startswith(("PS", "注", "例")) or any(ch in text for ch in "【「<>"):
        return False
    if text[0].isdigit() and not _VERSION.match(text):
        return False
    return parse_skill_line(text) is None


def classify(text: str, line: int, col: int) -> _Head | None:
    """The heading printed on a (stripped) line, if it is one."""
    m = _BRACKET_HEAD.match(text)
    if m and len(m.group(2)) <= MAX_TITLE * 2 and not m.group(2).startswith("【"):
        title = m.group(1)
        rest = m.group(2)
        if re.fullmatch(
            r"（[^）]*）|\([^)]*\)", rest
        ):  # 「【不定阵营】（初始为无阵营）」: a note on the title
            title, rest = title + rest, ""
        body_col = col + (m.start(2) if rest else len(text))
        return _Head(line, col, "bracket", title, clean_name(title), None, None, body_col, fused=bool(rest))
    m = _CN_HEAD.match(text)
    if m and len(clean_name(m.group(2))) <= MAX_TITLE and not m.group(2).endswith("。"):
        value = _cn_value(m.group(1))
        return _Head(line, col, "cn", m.group(2), clean_name(m.group(2)), m.group(1), value, col + len(text))
    m = _ART_HEAD.match(text)
    if m:
        title = m.group(2) or m.group(1)
        return _Head(line, col, "art", title, clean_name(title), m.group(1), None, col + len(text))
    m = _Q_HEAD.match(text)
    if m and len(m.group(2)) <= 60:
        return _Head(line, col, "q", m.group(2), clean_name(m.group(2)), m.group(1), None, col + len(text))
    m = _COLON_HEAD.match(text)
    if (
        m
        and m.group(1) not in _NOTE_WORDS
        and not m.group(1).startswith(_CONDITION_WORDS)
        and _CJK_RE.search(m.group(1))
    ):
        return _Head(line, col, "colon", text, clean_name(text), None, None, col + len(text))
    if _plain_title(text):
        return _Head(line, col, "plain", text, clean_name(text), None, None, col + len(text))
    return None


def _arabic(text: str, line: int, col: int) -> tuple[_Head | None, bool]:
    """(heading, is-item) for a line opening with an arabic number; (None, False) for other lines."""
    m = _ARABIC.match(text)
    if m is None or text[: m.end(1) + 1].endswith(("L", "l")):
        return None, False
    if _VERSION.match(text):
        return None, False
    sep, rest = m.group(2) or "", m.group(3).strip()
    number = m.group(1)
    name = clean_name(rest)
    heading = (
        sep in ("", "、", ".", "．")
        and 1 <= len(name) <= MAX_TITLE
        and not _is_sentence(name)
        and not re.search(r"\s\d", rest)  # 「1通灵师 2预言家 …」: a roster line, not a heading
        and not rest.endswith(("。", "；"))
    )
    if heading and rest.endswith(("：", ":")):
        heading = len(rest) <= MAX_TITLE
    if heading:
        head = _Head(line, col, "arabic", rest, name, number + sep, int(number), col + len(text))
        return head, False
    return None, True


def _cn_value(text: str) -> int | None:
    from ruleproof.text.markers import cn_number

    return cn_number(text)


# ---------------------------------------------------------------------------------------- the reader


@dataclass
class Sectioned:
    clauses: list[Clause]
    preamble: list[Span]
    noise: list[Noise]
    signatures: list[int]  # lines of post signatures
    chrome: list[int]  # lines that are forum page furniture and nothing else


def read_sections(lines: list[str]) -> Sectioned | None:
    """The sections of a text shaped by headings, or None when it has fewer than MIN_SECTIONS."""
    n = len(lines)
    noise: list[Noise] = []
    kind: dict[int, str] = {}  # 1-based line → "blank" "signature" "chrome" "table" "head" "item" "body"
    clean: list[str] = []
    sig_tags: Counter[str] = Counter()
    for text in lines:
        m = _SIGNATURE.match(text.strip())
        if m:
            sig_tags[m.group(1)] += 1
    for i, raw in enumerate(lines, start=1):
        text = raw
        tail = _CHROME_TAIL.search(text)
        if tail and text.strip() != "|":
            noise.append(Noise("forum-chrome", text[tail.start() :].strip(), i, None))
            text = text[: tail.start()]
        clean.append(text)
        stripped = text.strip()
        if not stripped:
            kind[i] = "blank"
        elif (m := _SIGNATURE.match(stripped)) and sig_tags[m.group(1)] >= 2:
            kind[i] = "signature"
        elif _CHROME_LINE.match(stripped):
            kind[i] = "chrome"
            noise.append(Noise("forum-chrome", stripped, i, None))
        elif "\t" in text:
            kind[i] = "table"

    heads: list[_Head] = []
    for i in range(1, n + 1):
        if i in kind:
            continue
        text = clean[i - 1]
        stripped = text.strip()
        col = len(text) - len(text.lstrip())
        head, is_item = _arabic(stripped, i, col)
        if head is not None:
            heads.append(head)
            kind[i] = "head"
            continue
        if is_item or _PAREN_ITEM.match(stripped):
            kind[i] = "item"
            continue
        head = classify(stripped, i, col)
        if head is not None:
            heads.append(head)
            kind[i] = "head"
        else:
            kind[i] = "body"

    heads = _settle(heads, clean, kind)
    if len(heads) < MIN_SECTIONS:
        return None
    _nest(heads, kind, n)
    clauses = _build(heads, clean, kind, n)
    first = heads[0].line
    preamble = [Span(i, 0, clean[i - 1]) for i in range(1, first) if kind.get(i) in ("body", "item")]
    signatures = [i for i, k in kind.items() if k == "signature"]
    chrome = [i for i, k in kind.items() if k == "chrome"]
    return Sectioned(clauses, preamble, noise, sorted(signatures), sorted(chrome))


def _body_lines(kind: dict[int, str], start: int, stop: int) -> list[int]:
    return [i for i in range(start, stop) if kind.get(i) in ("body", "item", "table")]


def _settle(heads: list[_Head], clean: list[str], kind: dict[int, str]) -> list[_Head]:
    """Second look at the candidates: lines that are body text after all, fused numbered headings."""
    out: list[_Head] = []
    for k, h in enumerate(heads):
        nxt = heads[k + 1].line if k + 1 < len(heads) else len(clean) + 1
        prev = out[-1] if out else None
        body = _body_lines(kind, h.line + 1, nxt)
        if h.style == "plain" and _demote_plain(
            h, prev, heads[k + 1] if k + 1 < len(heads) else None, kind, clean, body
        ):
            kind[h.line] = "body"
            continue
        if h.style == "colon" and _inside_list(h.line, kind, clean):
            kind[h.line] = "body"
            continue
        out.append(h)
    return sorted(out + _fused_heads(out, clean, kind), key=lambda h: h.line)


def _demote_plain(
    h: _Head, prev: _Head | None, nxt: _Head | None, kind: dict[int, str], clean: list[str], body: list[int]
) -> bool:
    # a bare sentence right under a numbered heading is its body (「25、圣裁者」「有圣裁者必有上帝使徒」)
    if prev is not None and prev.style == "arabic" and prev.line == _prev_nonblank(kind, h.line):
        return True
    # a bare line between two members of a numbering run (「21、月亮」 … 「22、药剂师」) is body text
    if (
        prev is not None
        and nxt is not None
        and prev.style == nxt.style == "arabic"
        and prev.value is not None
        and nxt.value == prev.value + 1
    ):
        return True
    # a one-character line is a heading only when it heads skills (the 血染钟楼 role 「魄」)
    return len(h.name) == 1 and not any(parse_skill_line(clean[i - 1].strip()) for i in body)


def _inside_list(line: int, kind: dict[int, str], clean: list[str]) -> bool:
    """A label between the points of a list (「（3）…」「直到第二天开门前：」「（4）…」) belongs to the list."""
    before = _prev_nonblank(kind, line)
    after = line + 1
    while after <= len(clean) and kind.get(after) == "blank":
        after += 1
    return (
        kind.get(before) == "item"
        and after <= len(clean)
        and kind.get(after) == "item"
        and _PAREN_ITEM.match(clean[after - 1].strip()) is not None
    )


def _fused_heads(out: list[_Head], clean: list[str], kind: dict[int, str]) -> list[_Head]:
    """Numbered lines that continue a run of numbered headings are headings whose body was printed on
    the same line (「14、鬼魂新娘[接刀]」 … 「15、告死者有告死者必有慰魂师。」)."""
    fused: list[_Head] = []
    last_number: dict[int, tuple[int, _Head | None]] = {}  # value → (line, heading or None for an item)
    heads_at = {h.line: h for h in out}
    others = sorted(h.line for h in out if h.style != "colon")
    for i in range(1, len(clean) + 1):
        text = clean[i - 1].strip()
        m = _ARABIC.match(text) if kind.get(i) in ("head", "item") else None
        if m is None or _VERSION.match(text):
            continue
        value = int(m.group(1))
        if kind[i] == "head":
            last_number[value] = (i, heads_at.get(i))
            continue
        line, prev_head = last_number.get(value - 1, (0, None))
        last_number[value] = (i, None)
        if prev_head is None or (m.group(2) or "") != (prev_head.number or "").lstrip("0123456789"):
            continue
        if any(line < o < i for o in others):
            continue
        rest = m.group(3).strip()
        name = _recurring_prefix(rest, clean, i)
        if name is None:
            continue
        col = len(clean[i - 1]) - len(clean[i - 1].lstrip())
        start = clean[i - 1].index(rest, col)
        head = _Head(i, col, "arabic", name, name, m.group(1) + (m.group(2) or ""), value, start + len(name))
        head.fused = True
        fused.append(head)
        kind[i] = "head"
        last_number[value] = (i, head)
    return fused


def _recurring_prefix(rest: str, clean: list[str], line: int) -> str | None:
    """The longest prefix (2–8 ideographs) of ``rest`` printed elsewhere in the text: the name at the
    start of 「告死者有告死者必有慰魂师。」 is 「告死者」."""
    elsewhere = "\n".join(t for i, t in enumerate(clean, start=1) if i != line)
    best = None
    for k in range(2, min(8, len(rest)) + 1):
        prefix = rest[:k]
        if not all(_CJK_RE.match(ch) for ch in prefix):
            break
        if elsewhere.count(prefix) >= 2:
            best = prefix
    return best


def _prev_nonblank(kind: dict[int, str], line: int) -> int:
    i = line - 1
    while i > 0 and kind.get(i) == "blank":
        i -= 1
    return i


def _nest(heads: list[_Head], kind: dict[int, str], n: int) -> None:
    """Parents by the rules in the module docstring."""
    signatures = sorted(i for i, k in kind.items() if k == "signature")
    stack: list[int] = []
    for k, h in enumerate(heads):
        nxt = heads[k + 1].line if k + 1 < len(heads) else n + 1
        h.empty = not h.fused and not _body_lines(kind, h.line + 1, nxt)
        if k and any(heads[k - 1].line < s < h.line for s in signatures):
            stack = []
        chain = _empty_chain(heads, k, kind, n)
        groups = [j for j, idx in enumerate(stack) if heads[idx].empty and heads[idx].style == "plain"]
        if stack and chain >= 2:
            stack = []  # rule 5: two or more group titles in a row open a new part of the text
        elif stack and chain == 1 and groups:
            # rule 5: a lone group title is a peer of the last group title (「普通狼人规则」 … 「全员随机规则」)
            del stack[groups[-1] :]
        elif stack:
            prev = heads[stack[-1]]
            run = _run_sibling(heads, stack, h)
            if run is not None:
                del stack[run:]  # rule 3: the numbering run goes on
            elif prev.empty and stack[-1] == k - 1 and not _same_level_group(prev, h):
                pass  # rule 2: a group title takes the next heading as its child
            elif (group := _new_run_group(heads, stack, k)) is not None:
                del stack[
                    group:
                ]  # a label opening a new run (「其他身份：」 「1、女巫」) is a peer of the last one's
            elif h.style == "colon" and prev.style == "arabic":
                pass  # a label after a numbered section's body is its part (「30、慰魂师」 … 「额外技能：」)
            else:  # rule 4: a style already open closes down to it
                same = [j for j, idx in enumerate(stack) if heads[idx].style == h.style]
                if same:
                    del stack[same[-1] :]
        parent = stack[-1] if stack else None
        h.parent = parent
        if parent is not None:
            heads[parent].children.append(k)
        stack.append(k)


def _empty_chain(heads: list[_Head], k: int, kind: dict[int, str], n: int) -> int:
    """Length of the run of bare group titles (plain headings with no body) starting at ``k`` — 0 when
    ``k`` is not the start of one."""
    if heads[k].style != "plain" or (k and _is_empty(heads, k - 1, kind, n)):
        return 0
    length = 0
    while k + length < len(heads) and _is_empty(heads, k + length, kind, n):
        length += 1
    return length


def _is_empty(heads: list[_Head], k: int, kind: dict[int, str], n: int) -> bool:
    nxt = heads[k + 1].line if k + 1 < len(heads) else n + 1
    return not heads[k].fused and not _body_lines(kind, heads[k].line + 1, nxt)


def _new_run_group(heads: list[_Head], stack: list[int], k: int) -> int | None:
    """When an unnumbered heading is followed by a run starting at 1 and the open run hangs under an
    empty group title (「验人系身份」 「1、预言家」 … 「4、占卜师」 「其他身份：」 「1、女巫」), the heading is a
    peer of that group title: the stack position to cut at."""
    h = heads[k]
    if h.value is not None or k + 1 >= len(heads) or heads[k + 1].value != 1 or len(stack) < 2:
        return None
    top = heads[stack[-1]]
    if top.value is None or top.style != heads[k + 1].style:
        return None
    j = len(stack) - 1
    while j > 0 and heads[stack[j]].style == top.style and heads[stack[j]].value is not None:
        j -= 1
    group = heads[stack[j]]
    return j if group.empty and group.value is None else None


def _same_level_group(prev: _Head, h: _Head) -> bool:
    """Two numbered headings in a row (「1、」 then 「2、」) are siblings even when the first is empty."""
    return (
        prev.style == h.style and prev.value is not None and h.value is not None and h.value == prev.value + 1
    )


def _run_sibling(heads: list[_Head], stack: list[int], h: _Head) -> int | None:
    """Position in the stack of the numbered heading that ``h`` continues (… 4、 → 5、), if any."""
    if h.value is None or h.style not in ("arabic", "cn"):
        return None
    for j in range(len(stack) - 1, -1, -1):
        other = heads[stack[j]]
        if other.style == h.style and other.value is not None and h.value == other.value + 1:
            return j
    return None


# an entry of a label's list: a short name, then a comma (「丘比特，获得修改版强制技能…」)
_ENTRY = re.compile(r"^([^\s，,：:。]{1,8})[，,]")
GAP = 2  # blank lines that set a closing note apart from the list above it


def _closing_notes(heads: list[_Head], clean: list[str], kind: dict[int, str], n: int) -> dict[int, int]:
    """Lines that end a label's list rather than continue it: a label section (「不定阵营：」) whose lines are all
    entries 「name，…」, then a gap of blank lines, then a last paragraph that is no such entry (「不入群狼但可接刀
    的狼人角色接刀顺序：…」) — the list is over and the paragraph belongs to the section the label is part of.
    Returns line → the index of the heading it goes to."""
    out: dict[int, int] = {}
    for k, h in enumerate(heads):
        if h.style != "colon" or h.parent is None:
            continue
        nxt = heads[k + 1].line if k + 1 < len(heads) else n + 1
        body = [i for i in range(h.line + 1, nxt) if kind.get(i) in ("body", "item")]
        if len(body) < 3:
            continue
        # the last paragraph: a run of body lines with no blank line between them
        start = len(body) - 1
        while start > 0 and body[start - 1] == body[start] - 1:
            start -= 1
        entries, note = body[:start], body[start:]
        if len(entries) < 2 or note[0] - entries[-1] - 1 < GAP:
            continue
        if all(_ENTRY.match(clean[i - 1].strip()) for i in entries) and not _ENTRY.match(
            clean[note[0] - 1].strip()
        ):
            for i in note:
                out[i] = h.parent
    return out


def _build(heads: list[_Head], clean: list[str], kind: dict[int, str], n: int) -> list[Clause]:
    clauses: list[Clause] = []
    moved = _closing_notes(heads, clean, kind, n)
    for k, h in enumerate(heads):
        nxt = heads[k + 1].line if k + 1 < len(heads) else n + 1
        spans: list[Span] = []
        if h.body_col < len(clean[h.line - 1]) and clean[h.line - 1][h.body_col :].strip():
            spans.append(Span(h.line, h.body_col, clean[h.line - 1][h.body_col :]))
        for i in range(h.line + 1, nxt):
            if kind.get(i) in ("body", "item", "table") and clean[i - 1].strip() and i not in moved:
                spans.append(Span(i, 0, clean[i - 1]))
        for i in sorted(line for line, to in moved.items() if to == k):
            spans.append(Span(i, 0, clean[i - 1]))
        heading = Heading(h.line, h.col, h.title, clean[h.line - 1][h.col : h.body_col].strip())
        clause = Clause(
            id="",
            title=h.name,
            line=h.line,
            spans=spans,
            headings=[heading],
            fused=h.fused,
            kind="section",
            number=h.number,
            order=k,
            style=h.style,
        )
        clause.tables = _tables(clean, kind, h.line + 1, nxt)
        clause.items = _items(clause, kind)
        clauses.append(clause)
    _assign_ids(heads, clauses, colon_convention(clean))
    return clauses


def _assign_ids(heads: list[_Head], clauses: list[Clause], colon: bool) -> None:
    """Role sections by role name, numbered headings under their parent, titles where unique."""
    for c in clauses:
        c.role = role_names(c, colon)
    base: list[str] = []
    for h, c in zip(heads, clauses, strict=True):
        if c.role:
            base.append("/".join(c.role))
        elif h.number is not None and h.style in ("arabic", "cn", "art", "q"):
            base.append(h.number.rstrip("、.．:：，,"))
        else:
            base.append(h.name)
    counts = Counter(base)
    ids: list[str] = []
    used: set[str] = set()
    for k, (h, c) in enumerate(zip(heads, clauses, strict=True)):
        numbered = not c.role and h.number is not None and h.style in ("arabic", "cn", "art", "q")
        cid = base[k]
        if (numbered or counts[cid] > 1) and h.parent is not None:
            cid = f"{ids[h.parent]}/{cid}"
        elif numbered and h.parent is None and counts[cid] > 1:
            cid = f"{cid}@{h.line}"
        stem, extra = cid, 2
        while cid in used:
            cid = f"{stem}#{extra}"
            extra += 1
        used.add(cid)
        ids.append(cid)
        c.id = cid
        c.parent = ids[h.parent] if h.parent is not None else None


def _tables(clean: list[str], kind: dict[int, str], start: int, stop: int) -> list[Table]:
    """Tab-separated tables between two headings; a row repeating the header's columns under a new
    first cell opens a new table of the same shape."""
    tables: list[Table] = []
    current: Table | None = None
    for i in range(start, stop):
        if kind.get(i) != "table":
            if kind.get(i) not in ("blank",):
                current = None
            continue
        cells = tuple(c.strip() for c in clean[i - 1].split("\t"))
        if current is None or (
            len(cells) > 1 and cells[1:] == current.header[1:] and cells[0] != current.header[0]
        ):
            current = Table(i, cells)
            tables.append(current)
        else:
            current.rows.append(Row(i, cells))
    return tables


_ITEM_START = re.compile(r"^\s*(?:[（(](\d{1,2})[)）]|(\d{1,2})(?:[、.．:：，,](?!\d)|(?=[\u4e00-\u9fff])))")


def _items(clause: Clause, kind: dict[int, str]) -> list[Item]:
    """Numbered points of a section: lines the reader took for items (（1） / 1、 / 1. / 1： / 0游戏…)."""
    out: list[Item] = []
    pos = 0
    starts: list[tuple[int, str, int, int]] = []  # (offset, label, ordinal, line)
    for span in clause.spans:
        m = _ITEM_START.match(span.text) if span.col == 0 and kind.get(span.line) == "item" else None
        if m:
            label = m.group(0).strip()
            ordinal = int(m.group(1) or m.group(2))
            starts.append((pos + len(m.group(0)) - len(m.group(0).lstrip()), label, ordinal, span.line))
        pos += len(span.text)
    text = clause.text
    for k, (offset, label, ordinal, line) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(text)
        out.append(Item(label, ordinal, None, line, text[offset:end], offset))
    return out
