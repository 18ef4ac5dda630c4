"""The text's own vocabulary: the names a rulebook gives to its roles, skills, resources and terms.

Checks that ask what a sentence is *about* (the subject of a restated number, the topic of a
citation) read its vocabulary terms — never two-character windows.  The vocabulary is read from the
text itself, so it follows every revision and every book:

* **titles** — every clause title cut at its brackets, punctuation and joining words
  (「4.4.6 子弹存储上限（2 发）」 gives 子弹存储上限; 「5.10 异形出局与队内共享」 gives 异形出局, 队内共享);
* **glossary** — the head word of every entry of the appendix titled 术语 (the entries run together
  in the PDF: an entry ends with its clause citation 「（4.13）」, the next term starts there);
* **cores** — the longest words two of those terms share (子弹 from 子弹存储上限 and 额外子弹);
* **extra** terms a caller adds (the executable spec's role and skill names, when the book has one).

A term counts only if the body uses it at least twice outside the revision log.  :meth:`Vocabulary.scan`
finds terms in a text, longest first and without overlaps; :attr:`Vocabulary.df` says in how many
clauses each term occurs, so that checks can tell a specific term (嗅探) from a generic one (感染).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ruleproof.text.model import Document

MIN_LEN = 2
MAX_LEN = 10
MIN_USES = 2
_CJK = re.compile(r"[\u4e00-\u9fff]+")
# where a title splits into terms: brackets, punctuation, digits, and the joining words 与 及 和 的 或
_SPLIT = re.compile(r"[^\u4e00-\u9fff]+|[与及和的或]")
_GLOSSARY_WORDS = ("术语",)
# The revision log (附录四 in 返航录) describes past states of the text: its citations and wordings are
# history, not rules, and most checks leave it out (the appendix whose title holds one of these).
LOG_TITLE_WORDS = ("修订记录", "修改记录", "修订日志", "版本沿革")
# an entry of a run-together glossary ends with a parenthesised clause citation
GLOSSARY_ENTRY_END = re.compile(r"[（(][^（）()]{0,40}\d(?:\.\d{1,2})+[^（）()]{0,20}[）)]")
# words that name no thing: a title made only of them adds nothing
# characters that begin or end no noun (prepositions, particles, negations)
_FUNCTION = frozenset("于的之与及和或在为须可不同各已仅对由以所其此该本即并且而则亦均皆也")
# words a rulebook uses about any subject: they name no thing of their own (book-independent)
_EMPTY = frozenset(
    (
        "说明", "原则", "通则", "其他", "规则", "总则", "附则", "限制", "适用", "不适用", "关系", "二者",
        "三者", "状态", "效果", "效力", "时点", "时机", "实际", "执行", "专属", "独属", "途径", "范围",
        "条件", "资格", "口径", "定位", "边界", "除外", "排除", "统一", "默认", "通用", "检查", "取消",
        "保留", "获取", "可见", "公开", "不可", "不得", "唯一", "当夜", "全局", "上限", "下限", "目标",
        "玩家", "结算", "判定", "行动", "技能", "信息", "身份", "机制", "来源", "顺序", "优先", "结果",
        "例外", "夜晚", "进入", "构成", "批次", "步骤", "条款", "本条", "二选", "一次", "其余", "有效",
    )
)  # fmt: skip


@dataclass(frozen=True)
class Hit:
    start: int
    end: int
    term: str


class Vocabulary:
    """Terms with where they come from, document frequency, and a longest-match scanner."""

    def __init__(
        self, terms: dict[str, set[str]], df: dict[str, int], units: int, index: CharIndex | None = None
    ) -> None:
        self.sources = terms
        self.df = df
        self.units = units
        # which of the ``units`` texts (each clause's title and body, then each appendix but the revision
        # logs, in the text's order) have every character of a word — kept for the rules that ask it
        self.index = index
        # the terms by their first two characters, longest first (a one-character term, which the vocabulary
        # never makes but a caller may pass, by its character): the terms that can start where a text prints
        # those two characters — a much shorter list than all the terms with its first character
        self._by_pair: dict[str, list[str]] = {}
        self._short: dict[str, list[str]] = {}
        self._scans: dict[str, list[Hit]] = {}
        for term in sorted(terms, key=len, reverse=True):
            if len(term) >= 2:
                self._by_pair.setdefault(term[:2], []).append(term)
            elif term:
                self._short.setdefault(term, []).append(term)

    def __contains__(self, term: object) -> bool:
        return term in self.sources

    def __len__(self) -> int:
        return len(self.sources)

    def scan(self, text: str) -> list[Hit]:
        """Terms in ``text``, longest match first, no overlaps, in text order (memoised per text: the
        checks scan the same sentence parts again and again)."""
        found = self._scans.get(text)
        if found is None:
            found = self._scans[text] = self._scan(text)
        return list(found)

    def _scan(self, text: str) -> list[Hit]:
        out: list[Hit] = []
        i = 0
        n = len(text)
        pair, short = self._by_pair.get, self._short
        while i < n:
            # the longest term first: every two-character-or-longer one before a one-character one
            for term in pair(text[i : i + 2], ()):
                if text.startswith(term, i):
                    break
            else:
                term = text[i] if short and text[i] in short else ""
                if not term:
                    i += 1
                    continue
            out.append(Hit(i, i + len(term), term))
            i += len(term)
        return out

    def prefixes(self, text: str, i: int) -> list[str]:
        """Every term that starts at ``text[i]`` (not only the longest), longest first."""
        if i >= len(text):
            return []
        return [t for t in self._by_pair.get(text[i : i + 2], ()) if text.startswith(t, i)] + self._short.get(
            text[i], []
        )

    def terms(self, text: str) -> list[str]:
        return [h.term for h in self.scan(text)]

    def specific(self, term: str, share: float = 0.08) -> bool:
        """Used in at most ``share`` of the clauses (at least three): it names something particular."""
        return self.df.get(term, 0) <= max(3, int(self.units * share))


def title_terms(title: str) -> list[str]:
    """「子弹存储上限（2 发）」 → [子弹存储上限]; 「异形出局与队内共享」 → [异形出局, 队内共享]."""
    out = []
    for piece in _SPLIT.split(title):
        if MIN_LEN <= len(piece) <= MAX_LEN and piece not in _EMPTY:
            out.append(piece)
    return out


def glossary_terms(text: str, used_twice: Callable[[str], bool]) -> list[str]:
    """Head words of a glossary whose entries run together: each entry ends with its citation
    (``used_twice``: the text outside the glossary prints the word at least twice)."""
    out = []
    starts = [0, *(m.end() for m in GLOSSARY_ENTRY_END.finditer(text))]
    for start in starts:
        head = text[start : start + 40]
        if start and not _CJK.match(head.lstrip(" ")):
            continue  # 「（3.3）与毒药」「（2.4.2）；乔装…」: the definition goes on, no new entry
        head = head.lstrip(" ")
        if "含义" in head[:12]:
            head = re.sub(r"^.*?含义[（(]对应条款[）)]\s*", "", head)
        m = _CJK.match(head)
        if m is None:
            continue
        word = m.group(0)
        space = head.find(" ")
        if 0 < space <= MAX_LEN and len(word) >= space:
            word = head[:space]
        else:
            # no space after the term: the longest prefix the body uses elsewhere
            word = next(
                (word[:k] for k in range(min(len(word), 8), MIN_LEN - 1, -1) if used_twice(word[:k])),
                "",
            )
        if MIN_LEN <= len(word) <= MAX_LEN and word[0] not in _FUNCTION and word[-1] not in _FUNCTION:
            out.append(word)
    return out


_FEW_BITS = 64  # up to this many texts hold a word, its bits are taken off one by one (measured faster)


class CharIndex:
    """Which of some texts have every character of a word: each character's texts kept as the bits of one
    integer (indexed once), a word's texts the AND of its characters' bits — the only texts a word can
    occur in (a word holding no separator the texts were joined by cannot cross their joins)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self._holding: dict[str, list[int]] = {}
        masks: dict[str, int] = {}
        get = masks.get
        for i, text in enumerate(texts):
            bit = 1 << i
            for ch in set(text):
                masks[ch] = get(ch, 0) | bit
        self._masks = masks

    def holding(self, word: str) -> list[int]:
        """The indices of the texts that have every character of ``word`` (not empty), in
        order: the only texts it can occur in."""
        found = self._holding.get(word)
        if found is None:
            bits = -1
            for ch in set(word):
                bits &= self._masks.get(ch, 0)
            if bits.bit_count() <= _FEW_BITS:  # (a few: each lowest bit taken off in turn)
                found = self._holding[word] = []
                while bits:
                    low = bits & -bits
                    found.append(low.bit_length() - 1)
                    bits ^= low
            else:  # (many: the ones of the binary digits, lowest first, read in one pass)
                found = self._holding[word] = [i for i, d in enumerate(bin(bits)[:1:-1]) if d == "1"]
        return found


class _Counts(dict[str, int]):
    """How often each word occurs in the body — its texts joined by line breaks (memoised: the same
    candidates are asked about often).

    A word without a line break occurs only inside the texts, and only in a text that has every one of its
    characters: each character's texts are kept as the bits of one integer (indexed once), so a word is read
    in the few texts that have all its characters (an AND of its characters' bits) rather than in the whole
    body.  Most questions are thresholds (「used at least three times」): :meth:`at_least` stops reading at
    the text that answers them, and resumes there when a higher threshold or the count is asked."""

    def __init__(self, texts: Sequence[str]) -> None:
        super().__init__()
        self.texts = list(texts)
        self._body: str | None = None
        self._partial: dict[str, tuple[int, int]] = {}  # word -> (occurrences found, holding texts read)
        self.index = CharIndex(self.texts)
        self.holding = self.index.holding

    @property
    def body(self) -> str:
        if self._body is None:
            self._body = "\n".join(self.texts)
        return self._body

    def twice_outside(self, word: str, skip: frozenset[int]) -> bool:
        """``word`` occurs at least twice in the texts but those of ``skip``, joined by line breaks
        (non-overlapping, as ``str.count`` counts them), reading only as far as the second occurrence."""
        if not word or "\n" in word:
            return "\n".join(t for i, t in enumerate(self.texts) if i not in skip).count(word) >= 2
        n = 0
        for i in self.holding(word):
            if i not in skip:
                n += self.texts[i].count(word)
                if n >= 2:
                    return True
        return False

    def __missing__(self, word: str) -> int:
        if not word or "\n" in word:
            n = self.body.count(word)
        else:
            n, read = self._partial.pop(word, (0, 0))
            texts = self.texts
            n += sum(texts[i].count(word) for i in self.holding(word)[read:])
        self[word] = n
        return n

    def at_least(self, word: str, k: int) -> bool:
        """``self[word] >= k``, reading the texts only as far as the one that holds the ``k``-th occurrence
        (non-overlapping occurrences, as ``str.count`` counts them)."""
        known = self.get(word)
        if known is not None:
            return known >= k
        if not word or "\n" in word:
            return self[word] >= k
        n, read = self._partial.get(word, (0, 0))
        holding, texts = self.holding(word), self.texts
        while n < k and read < len(holding):
            n += texts[holding[read]].count(word)
            read += 1
        if read == len(holding):
            self._partial.pop(word, None)
            self[word] = n
        else:
            self._partial[word] = (n, read)
        return n >= k


def _cores(terms: Iterable[str], body: str | _Counts) -> set[str]:
    """The longest words two terms share (子弹 from 子弹存储上限 and 额外子弹), used in the body.

    A word is where one term starts and the other ends: for each term, its starts are looked up, longest
    first, among the other terms' endings (indexed once), and each other term is paired with the longest
    start it ends with — what a comparison of every two terms that share a character finds."""
    words = sorted(set(terms))
    by_end: dict[str, list[str]] = {}
    for w in words:
        for k in range(MIN_LEN, len(w) + 1):
            by_end.setdefault(w[-k:], []).append(w)
    out: set[str] = set()
    for x in words:
        paired = {x}
        for k in range(len(x) - 1, MIN_LEN - 1, -1):
            best = x[:k]
            ends = [y for y in by_end.get(best, ()) if y not in paired]
            if not ends:
                continue
            paired.update(ends)  # these terms' longest shared word with x is ``best``
            if (
                best not in _EMPTY
                and best[0] not in _FUNCTION
                and best[-1] not in _FUNCTION
                and _at_least(body, best, 3)
            ):
                out.add(best)
    return out


AFFIX_USES = 5


def _count(body: str | _Counts, word: str) -> int:
    return body[word] if isinstance(body, _Counts) else body.count(word)


def _at_least(body: str | _Counts, word: str, k: int) -> bool:
    return body.at_least(word, k) if isinstance(body, _Counts) else body.count(word) >= k


def _affixes(terms: Iterable[str], body: str | _Counts) -> set[str]:
    """The head and tail words of longer terms that the body also uses on their own: 推理 from 推理自由,
    船员 from 普通船员 (a word used at least five times)."""
    out: set[str] = set()
    for t in list(terms):
        if len(t) < 4:
            continue
        for w in (t[:2], t[-2:], *((t[:3],) if t[0] == "不" else ())):
            if (
                w == t
                or w in _EMPTY
                or w[-1] in _FUNCTION
                or (w[0] in _FUNCTION and not (w[0] == "不" and len(w) == 3))
            ):
                continue
            if _at_least(body, w, max(AFFIX_USES, _count(body, t) + 3)):
                out.add(w)
    return out


def build_vocabulary(doc: Document, extra: Iterable[str] = ()) -> Vocabulary:
    logs = {a.name for a in doc.appendices if any(w in a.title for w in LOG_TITLE_WORDS)}
    glossaries = [a for a in doc.appendices if any(w in a.title for w in _GLOSSARY_WORDS)]
    clause_texts = {c.id: f"{c.title}。{c.text}" for c in doc}
    appendix_texts = {a.name: a.text for a in doc.appendices if a.name not in logs}
    texts = [*clause_texts.values(), *appendix_texts.values()]
    counts = _Counts(texts)
    # the glossaries' own texts aside: a head word counts when the rest of the text uses it
    glossary_names = {g.name for g in glossaries}
    in_glossary = frozenset(
        len(clause_texts) + k for k, name in enumerate(appendix_texts) if name in glossary_names
    )

    def used_twice(word: str) -> bool:
        return counts.twice_outside(word, in_glossary)

    found: dict[str, set[str]] = {}

    def add(term: str, source: str) -> None:
        found.setdefault(term, set()).add(source)

    for c in doc:
        for term in title_terms(c.title):
            add(term, f"title:{c.id}")
    for g in glossaries:
        for term in glossary_terms(g.text, used_twice):
            add(term, f"glossary:{g.name}")
    for term in extra:
        if MIN_LEN <= len(term) <= MAX_LEN:
            add(term, "extra")
    for term in _cores(found, counts):
        add(term, "core")
    for term in _affixes(found, counts):
        add(term, "affix")
    terms = {t: s for t, s in found.items() if counts.at_least(t, MIN_USES) and t not in _EMPTY}
    # a term is looked for only in the texts that have all its characters; ``df`` lists the terms in the
    # order of the first text that has them, then of the terms (the order a count text by text gives)
    firsts: list[tuple[int, int, str, int]] = []
    for k, t in enumerate(terms):
        among = counts.holding(t) if "\n" not in t else range(len(texts))
        held = [i for i in among if t in texts[i]]
        if held:
            firsts.append((held[0], k, t, len(held)))
    firsts.sort()
    df = {t: n for _first, _k, t, n in firsts}
    return Vocabulary(terms, df, len(texts), counts.index)
