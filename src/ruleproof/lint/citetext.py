"""The text around a citation, as the citation rules (family q: :mod:`ruleproof.lint.topics` and its rule
modules) read it — text functions and patterns only, nothing here needs a lint's objects:

* the squashed text (no spaces or punctuation) and the two-character words the rules compare
  (:func:`squash`, :func:`bigrams`), and whether two place names are of one clause family (:func:`related`);
* the patterns of citations and labels (:data:`CITATION`, :data:`REFERENCE`, :data:`NAMED_BATCH` …);
* where the bracket, phrase and sentence part a citation stands in start and end (:func:`open_bracket`,
  :func:`close_bracket`, :func:`phrase_start`, :func:`part_start`, :func:`part_end`);
* what stands around it: a list of citations, a tag, a comparison or denial, a pair of numbers, a glossary
  entry (:func:`in_list`, :func:`in_tag`, :func:`compared_or_denied`, :func:`number_pair`, :func:`entry_head`);
* the rows of a step table (:func:`step_head`, :func:`step_order`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ruleproof.lint.context import FREE_CLAUSE_ID, is_descendant

# --- squashed texts, words, place names

# what a squashed text leaves out: spaces and punctuation
LOOSE = re.compile(r"[\s，、；：。,;:「」“”\"（）()∕/·]")
# :func:`squash`'s memo (process-wide, keyed by the text; emptied by :func:`ruleproof.lint.forget_memos`)
SQUASHED: dict[str, str] = {}
# (a run written as one character then more: a pattern led by a repeat makes ``re`` try every character; one led by
# a character class lets it skip to the candidates — the same matches, tests/lint/test_lint_indexes.py)
CJK_RUN = re.compile(r"[\u4e00-\u9fff][\u4e00-\u9fff]*")
NEGATORS = "不非无未"  # a negation before words says the opposite (citeparallel, itemdenied)
NOT_CJK = re.compile(r"[^\u4e00-\u9fff]")  # what is left out when only the Chinese characters of a text count
ITEM_TAIL = re.compile(r"[①-⑳(（].*$")  # an item label and what follows it in a place's name


def cjk_tail(text: str, lo: int, hi: int) -> tuple[int, int] | None:
    """The span of the run of Chinese characters that ends the stretch ``text[lo:hi]`` (not before ``lo``),
    None when the stretch does not end on one: what ``re.compile(r"[\u4e00-\u9fff]+$").search(text, lo, hi)``
    finds (its ``$`` also before a final line break), read backwards from ``hi`` — the search tries every
    start and reads each one to the run's end (quadratic in the run)."""
    lo, hi = max(lo, 0), max(min(hi, len(text)), 0)
    end = hi - 1 if hi > lo and text[hi - 1] == "\n" else hi
    m = CJK_RUN.match(text[lo:end][::-1])
    return (end - m.end(), end) if m is not None else None


def squash(text: str) -> str:
    """Text without spaces and punctuation (memoised: the same clause texts are compared often)."""
    out = SQUASHED.get(text)
    if out is None:
        out = LOOSE.sub("", text)
        remember_squash(text, out)
    return out


def squash_titled(title: str, body: str) -> str:
    """:func:`squash` of a title and body joined (by anything :data:`LOOSE` drops): the squash drops single
    characters, so it commutes with joining — the body's squash is the memoised one every reader of the
    unit's text shares (a lint squashes each body once, not once per reader)."""
    return squash(title) + squash(body)


def remember_squash(text: str, squashed: str) -> None:
    """Memoise ``squashed`` as :func:`squash` of ``text`` (the caller built it from squashed parts)."""
    if len(SQUASHED) > 20000:
        SQUASHED.clear()
    SQUASHED[text] = squashed


@lru_cache(maxsize=8192)
def bigrams(text: str) -> frozenset[str]:
    """The two-character words of ``text``'s CJK runs (memoised: the same unit and row texts are read by
    every lint of a text and of its edited revisions)."""
    return frozenset(run[i : i + 2] for run in CJK_RUN.findall(text) for i in range(len(run) - 1))


@lru_cache(maxsize=8192)
def body_text(text: str) -> str:
    """A place's text after its first 「。」 (an item's text after its clause's title), the whole text without
    one — memoised: the same string object for each place, so the squash and the searches after it hash it once
    (the verdicts read the same items' bodies for every citation of their clause)."""
    return text.split("。", 1)[-1]


@lru_cache(maxsize=8192)
def related(a: str, b: str) -> bool:
    """Two places of one clause family (「6.8」「6.8.3」「6.8.3⑧」)."""
    base_a = _clause_of(a)
    base_b = _clause_of(b)
    return is_descendant(base_a, base_b) or is_descendant(base_b, base_a)


@lru_cache(maxsize=4096)
def _clause_of(name: str) -> str:
    """A place's clause id: its name without the item label (「6.8.3⑧」 → 6.8.3; memoised: a lint of 返航录
    asks ~11,800 times, for ~520 names)."""
    return ITEM_TAIL.sub("", name)


# --- citations and labels

CITATION = re.compile(rf"{FREE_CLAUSE_ID}(?:[①-⑳]|[(（]\d{{1,2}}[)）])*")  # a clause id with its item labels
# A citation, a batch∕verdict∕step label or a § mark: the pattern
#     rf"{CITATION.pattern}|(?:批次|判定|步骤)\s*[〇①-⑳\d.ab]+|§\s*[\d.]+"
# written to start with the one character every match starts with, then each alternative checking by a
# look-behind which character that was: a pattern led by a choice of alternatives makes ``re`` try each at
# every character of the text; one led by a character class lets it skip to the candidates (the same matches,
# tests/lint/test_lint_indexes.py; the verdicts' windows and sentences: ~9,000 scans a lint).
_REFERENCE_LABEL = r"\s*[〇①-⑳\d.ab]+"
_CITATION_REST = CITATION.pattern.removeprefix(r"\d")  # (FREE_CLAUSE_ID starts with its first digit)
REFERENCE = re.compile(
    r"[\d批判步§](?:"
    rf"(?<=\d){_CITATION_REST}"
    rf"|(?<=批)次{_REFERENCE_LABEL}|(?<=判)定{_REFERENCE_LABEL}|(?<=步)骤{_REFERENCE_LABEL}"
    r"|(?<=§)\s*[\d.]+)"
)
NAMED_BATCH = re.compile(r"(?P<name>[\u4e00-\u9fff]{2,12})（批次\s*(?P<label>[〇①-⑳])")  # 「名称（批次⑤」
# what every match of NAMED_BATCH prints: a scan led by a run of CJK characters tries every one of them (a
# text without this is not scanned: the same matches)
BATCH_NAMED = "（批次"
BRACKET_NAME = re.compile(
    r"[（(]([\u4e00-\u9fff∕/、]{2,10})[）)]"
)  # a short name in brackets: 「（乔装∕结茧）」
HEAD_CUT = re.compile(r"[（(〔【]")  # where a head (of a title, an item, a row) ends

# --- where a citation stands: its bracket, its phrase, its sentence part
#
# The readers of one citation's surroundings below (its bracket, a list, a tag; not the comparison or denial,
# which takes the lint's vocabulary) are memoised process-wide, keyed by the unit's text and the offsets: the
# verdict chain's rows ask each of them again for the same citation (返航录: open_bracket 8,141 asks for 2,933 places, in_list 5,550 for 1,853, in_tag
# 10,413 for 1,417) and a hit costs a fifth of a reading.  They are pure in their arguments; mutate's lints of
# near-identical texts share them too (emptied by :func:`ruleproof.lint.forget_memos`).

# what ends a sentence part around a citation
PART_STOP = " 　，,；;。：:、（(）)「」⸺—｜①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
PART_MARK = re.compile(r"[，,；;。：:（(「]")  # a mark that ends a phrase or opens a bracket or quotation


@lru_cache(maxsize=8192)
def open_bracket(text: str, at: int, lo: int) -> int | None:
    """Offset of the bracket the citation stands in (「（4.4.6）」「（2.8.12④、3.2）」), if any."""
    start = max(lo, at - 30)
    if "（" not in text[start:at] and "(" not in text[start:at]:
        return None  # (most citations: no opening bracket to walk back to, found by two searches in C)
    depth = 0
    for i in range(at - 1, start - 1, -1):
        ch = text[i]
        if ch in "）)":
            depth += 1
        elif ch in "（(":
            if depth == 0:
                return i
            depth -= 1
        elif ch in "。；":
            return None
    return None


@lru_cache(maxsize=8192)
def close_bracket(text: str, opener: int, hi: int) -> int:
    """Offset of the bracket closing the one at ``opener`` (inner brackets skipped), or where the search
    stopped: ``hi`` or 80 characters on."""
    depth = 0
    for i in range(opener, min(hi, opener + 80)):
        if text[i] in "（(":
            depth += 1
        elif text[i] in "）)":
            depth -= 1
            if depth == 0:
                return i
    return min(hi, opener + 80)


def phrase_start(text: str, at: int, lo: int) -> int:
    """Start of the phrase a bracket annotates: back to 「，；。：」 (a list joined by 「、」 is one phrase)."""
    i = at
    while i > lo and text[i - 1] not in "，,；;。：:（(）)「」⸺—｜":
        i -= 1
    return i


def part_start(text: str, at: int, lo: int) -> int:
    """Start of the sentence part that ends at ``at``: back to the last :data:`PART_STOP` (not before ``lo``)."""
    i = at
    while i > lo and text[i - 1] not in PART_STOP:
        i -= 1
    return i


def part_end(text: str, at: int, hi: int) -> int:
    """End of the sentence part from ``at`` (a dash right after a citation introduces what it says)."""
    i = at
    while i < hi and text[i] in "⸺—":
        i += 1
    while i < hi and text[i] not in PART_STOP:
        i += 1
    return i


# --- what stands around a citation

# between two citations of one list: 「（2.8.12④、3.2、4.3.6）」「同步 2.1.1 与 2.1.6」
LIST_JOINERS = "、∕/与及和或,，"
# connectives that hand the thing named before them to the cited place, longest first (citenamed)
CONNECTIVES = ("详见", "参见", "参照", "适用", "依", "按", "据", "属", "见")
# right after a citation: a comparison with another rule, not a statement about the cited place (「与 1.5.1④
# 一致」 is none: the cited place states the same rule — 5.5.1's numbering, 5.5.2's release time)
COMPARED = ("同制", "同理", "相同", "类似", "对称", "之类似", "比照")
# right before a citation: the sentence says its topic is *not* there.  A rule denied its application (「不适用
# 2.5」「不走 4.10.2 八步结算链」「不依」「不从」「不经」) is none: the sentence names the rule the reader would take
# to govern it, which is where the text says what it covers and what not (2.5.4 「适用与不适用的技能」 lists
# 诊断 and 研制, which 4.14.8 says 「不适用 2.5」), and the words after the id are its (八步结算链)
DENIED = ("不属于", "不属", "不入", "不在", "非", "除", "不含", "不另", "而非", "有别于", "别于")
# patterns of the per-citation tests, compiled once (not looked up in re's cache ~30 k times per lint)
_TWO_CJK = re.compile(r"[\u4e00-\u9fff]{2}")
_LISTED_END = re.compile(r"[\d①-⑳)）ab]$")
_PAIR_SLASH = re.compile(r"\s*[∕/~〜～]")
# the glossary's entries run on one after another, each closing on a bracket of its clause(s): 「…每层各抵挡
# 1 次（5.3.3）全额减免 当夜免疫…」.  A bracket followed by a mark (「与抵挡层序（2.8.2∕5.3.3）、额度…」) is
# inside an entry, not its close.
_ENTRY_BRACKET = re.compile(r"[（(][^（）()]*\d[^（）()]*[）)]")
_ENTRY_INSIDE = "、，,；;：:。（(∕/"
ENTRY_SPAN = 200  # a glossary entry is at most this long


@lru_cache(maxsize=8192)
def in_list(text: str, at: int, end: int) -> bool:
    """Another citation right before or after, joined by 、 与 及 …, and no words of its own between:
    the list shares one topic (「（2.8.12④、3.2、4.3.6）」, not 「（4.10第②步、2.1结算语义）」)."""
    before = text[max(0, at - 12) : at].rstrip()
    after = text[end : end + 12].lstrip()
    if after[:1] and _TWO_CJK.match(after) and not after.startswith(("与", "及", "和", "或")):
        return False
    if before and before[-1] in LIST_JOINERS and _LISTED_END.search(before[:-1].rstrip()):
        return True
    return bool(after) and after[0] in LIST_JOINERS and REFERENCE.match(after[1:].lstrip()) is not None


@lru_cache(maxsize=8192)
def in_tag(text: str, at: int) -> bool:
    """A citation inside a bracketed tag (〔通则 2.9 之例外〕, 〔适用 2.9〕) names the rule the clause departs from or
    applies, not the topic of the words before it: it is not filed in the habit map."""
    opener = text.rfind("〔", max(0, at - 20), at)
    return opener >= 0 and "〕" not in text[opener:at] and "〕" in text[at : at + 30]


def compared_or_denied(text: str, at: int, end: int, names: Callable[[str, int], list[str]]) -> bool:
    """The citation at ``at:end`` is compared with (「与 X 同制」) or denied (「不属于 X」): the sentence does not
    say its topic is at the cited place.  A comparison word is none when a connective before the id hands the
    thing named to the cited place (「悬赏依 4.4.2 同制」: the bounty follows 4.4.2's rule), nor when it begins
    a name of the text's vocabulary (``names``: the terms starting at an offset of a text, longest first —
    「见 3.3对称例外」, 对称例外 being 3.3.12's title)."""
    before = text[max(0, at - 5) : at].rstrip().lstrip("（(")
    if before.endswith(DENIED):
        return True
    after = text[end : end + 4].lstrip()
    if not after.startswith(COMPARED) or before.endswith(CONNECTIVES):
        return False  # (most citations: no comparison word after, two tests in C)
    word = next(w for w in COMPARED if after.startswith(w))
    return not any(len(t) > len(word) for t in names(text, min(end + 4, len(text)) - len(after)))


def number_pair(text: str, at: int, raw: str) -> bool:
    """「船员 1.5∕有职业者 2.0」: numbers the reader took for a clause id."""
    tail = text[at + len(raw) : at + len(raw) + 3]
    return raw.count(".") == 1 and _PAIR_SLASH.match(tail) is not None and text[at - 1 : at] in " 型为"


def closes_entry(text: str, close: int) -> bool:
    """The bracket ending at ``close`` (its last character) closes a glossary entry: no mark follows it."""
    return text[close + 1 : close + 2] not in _ENTRY_INSIDE or close + 1 >= len(text)


def entry_start(text: str, at: int) -> int:
    """Where the glossary entry whose text holds ``at`` starts: after the previous entry's closing citation
    (a bracket holding a digit that :func:`closes_entry`), at most ``ENTRY_SPAN`` characters back."""
    lo = max(0, at - ENTRY_SPAN)
    start = lo
    for m in _ENTRY_BRACKET.finditer(text, lo, at):
        if m.end() < at - 1 and closes_entry(text, m.end() - 1):
            start = m.end()
    return start


def entry_head(text: str, at: int) -> str:
    """The term a glossary entry defines: the words its text starts with, after the previous entry's
    closing citation (「…（4.14.2③、4.14.3①）疫苗抗体 接种所授予…（4.14.4④）」 → 疫苗抗体)."""
    head = CJK_RUN.match(text, entry_start(text, at))
    return head.group(0) if head else ""


# --- the rows of a step table


def step_head(text: str, key: str, pos: int) -> tuple[int, int] | None:
    """Where, from ``pos`` on, the step table's row labelled ``key`` starts, and where its cell starts: the
    label not glued to a number, a dot, 「步骤」 or a space before it — unless it follows 「步骤KEY」 (a row's
    label glued to a cell that ends citing the same step: 「跳过步骤1111倒计时结算」) — nor to a digit, a dot or
    a variant letter after it, then spaces and a Chinese character.  (What the pattern
    「(?:(?<![\\d.步骤 ])|(?<=步骤KEY))KEY(?![\\d.ab])\\s*(?=[一-鿿])」 finds, compiled for no key.)"""
    glued_before = f"步骤{key}"
    at = text.find(key, pos)
    while at >= 0:
        before = text[at - 1] if at > 0 else ""
        end = at + len(key)
        after = text[end] if end < len(text) else ""
        if (
            not before or not (before.isdecimal() or before in ".步骤 ") or text.endswith(glued_before, 0, at)
        ) and not (after and (after.isdecimal() or after in ".ab")):
            while end < len(text) and text[end].isspace():
                end += 1
            if end < len(text) and "\u4e00" <= text[end] <= "\u9fff":
                return at, end
        at = text.find(key, at + 1)
    return None


def step_order(key: str) -> tuple[float, str]:
    """A step key's place in the night's order: its number (「4b」 → 4.0), then the key."""
    m = re.match(r"\d+(?:\.\d+)?", key)
    return (float(m.group(0)) if m else 0.0, key)
