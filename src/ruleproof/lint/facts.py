"""The fact table: every quantity the text states, with what it is about.

A **fact** is a number the text states about something: 「子弹存储上限 2 发」「全局 1 次」「至少获得 3 票」
「累计维修量达 4.0」「每夜至多 2 名」「−1.0~1.5」「第 5 夜」「共 6 档」「四选一」.  It has

* a **value** (a number, or a range 「1.0~1.5」 / 「1~3」 kept as its two ends),
* a **unit** (发 次 票 夜 昼夜 只 层 档 人∕名 分 件 …, or none for a bare threshold 「门槛 10」),
* **qualifiers** — the closed set of words that say which quantity of the subject it is (上限 至多 初始
  全局 每夜 累计 门槛 第… 起 …), normalised to a few kinds, so that 「上限 2 发」 and 「初始 1 发」 are
  different facts about the same subject,
* a **subject** — the vocabulary terms of its sentence part (:mod:`ruleproof.lint.vocab`): the nearest one
  before the number, and the others around it,
* where it is: unit (clause or appendix), item, offset, line, the sentence, and the clauses that sentence
  cites.

Facts are read, never guessed: a number in a clause id, a date, a version, an item label or a serial
number is not a fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from ruleproof.lint.citetext import NOT_CJK
from ruleproof.lint.context import CLAUSE_ID, FREE_CLAUSE_ID, LintContext, Unit, normalize_item
from ruleproof.lint.vocab import Vocabulary
from ruleproof.text.markers import cn_number
from ruleproof.text.sentences import Sentence, sentence_at

# units: 「人」 and 「名」 count the same things, so do 「次」 and 「回」
UNITS = ("个夜晚", "个夜", "昼夜", "小时", "分钟", "发", "次", "票", "夜", "只", "层", "档", "人", "名", "分", "件", "份", "瓶", "刀", "点", "秒", "字", "颗", "项", "类", "种", "处", "个", "支", "具", "倍", "%", "％")  # fmt: skip
SAME_UNIT = {"人": "名", "回": "次", "％": "%", "颗": "发", "个夜晚": "夜", "个夜": "夜"}
_NUM = r"\d+(?:\.\d+)?"
_RANGE_SEP = r"\s*[~〜～]\s*[+＋−\-]?\s*"
_UNIT_RE = "|".join(re.escape(u) for u in UNITS)
# (the look-aheads name each pattern's possible first characters: ``re`` then skips to them instead of trying
# every character of the text — the same matches, a scan 2-3 times faster)
_QTY = re.compile(
    rf"(?=[+＋−\-\s\d])(?<![\d.A-Za-z])(?P<sign>[+＋−\-])?\s*(?P<a>{_NUM})(?:{_RANGE_SEP}(?P<b>{_NUM}))?\s*(?P<unit>{_UNIT_RE})?"
)
_CN = "一二两三四五六七八九十"
# a count in words: 「四选一」「三项」「共九类」「十关」 — 「一次」「一夜」「一名」 are adverbs, not counts
_CN_QTY = re.compile(
    rf"(?=[共{_CN}])(?P<total>共\s*)?(?P<n>[{_CN}]{{1,3}})\s*(?P<unit>选一|项|种|类|档|处|条|关|步)"
)
# qualifier words before a number, by kind (closed, book-independent)
QUALIFIERS: dict[str, str] = {
    "上限": "max", "至多": "max", "最多": "max", "不超过": "max", "不得超过": "max", "最高": "max", "≤": "max",
    "下限": "min", "至少": "min", "最少": "min", "最低": "min", "≥": "min", "门槛": "threshold",
    "阈值": "threshold", "达": "threshold", "满": "threshold",
    "初始": "initial", "开局": "initial", "全局": "global", "全场": "global", "整局": "global",
    "终身": "global", "每夜": "per-night", "每晚": "per-night", "每昼夜": "per-night", "每次": "per-use",
    "累计": "total", "合计": "total", "共": "total", "各": "each", "前": "first",
}  # fmt: skip
# qualifier words right after a number: 「2 发上限」「2 发存储上限」「第 5 夜起」「3 人以上」
_AFTER_KINDS = {"上限": "max", "下限": "min", "以上": "min", "以下": "max", "以内": "max", "起": "from"}
AFTER_QUAL = _AFTER_QUAL = re.compile(r"[\u4e00-\u9fff]{0,2}?(?P<q>上限|下限|以上|以下|以内|起)")
QUALIFIER_RE = _QUAL_RE = re.compile(
    "|".join(sorted((re.escape(q) for q in QUALIFIERS), key=len, reverse=True))
)
# words that make a sentence an example or a condition: its numbers are a scenario, not the rule
SCENARIO = _SCENARIO = re.compile(r"例[：:]|示例|例如|如[「“]|若|假设|即便|[，,]\s*则|倘")
MINIMUM = _MINIMUM = re.compile(r"只[\u4e00-\u9fff]{0,2}\s*$")  # 「可只投入 1 夜」「只攒 1 个夜晚」
_NEGATION = "未不非无"
# words that say nothing about which quantity it is: 「全局仅此 1 次」 states what 「全局 1 次」 does
_FILLER = re.compile(
    r"另可|可只|只|另|仅此|仅限|仅|恒为|恒|均为|均|皆|即为|即|为|计|限|可|得|者|之|的|其|本|该|再|又|亦|也|共计|总计|合计|各自|各"
)
_SEGMENT_STOP = "，,、；;。：:（(）)【】〔〕「」｜⸺—"
_NOT_FACT_BEFORE = ("v", "V", "批次", "判定", "步骤", "第十", "§")
_YEARISH = re.compile(r"\d{4}-\d{2}")


@dataclass(frozen=True)
class Fact:
    unit: str  # clause id or appendix name
    item: str | None
    start: int  # offset of the number in the unit text
    end: int
    line: int
    value: tuple[float, ...]  # one value, or the two ends of a range
    raw: str  # as printed: 「2 发」「1.0~1.5」
    unit_word: str  # normalised unit, "" for none
    kinds: frozenset[str]  # qualifier kinds: max, min, initial, global, per-night, …
    ordinal: bool  # 「第 5 夜」: a position, not an amount
    subject: str | None  # the nearest vocabulary term before the number in its sentence part
    terms: tuple[str, ...]  # every vocabulary term of the sentence part
    sentence: str
    cites: tuple[str, ...] = field(default=())  # clause ids the sentence cites
    predicate: str = ""  # the words between subject and number: 「消耗」 in 「强力乔装消耗 2 次」
    scenario: bool = False  # an example or a condition (「例：」「若…则」「可只投入 1 夜」), not a rule
    follows: str = ""  # for a position (「第 4 夜消失」), the word after it: what happens then

    @property
    def shown(self) -> str:
        v = "~".join(_fmt(x) for x in self.value)
        return f"{v}{self.unit_word}"

    @property
    def spaced(self) -> str:
        """As a rule author writes it: 「3 件」「1.0~1.5」."""
        v = "~".join(_fmt(x) for x in self.value)
        return f"{v} {self.unit_word}".strip()

    def same_quantity(self, other: Fact) -> bool:
        return (
            self.unit_word == other.unit_word
            and self.kinds == other.kinds
            and self.predicate == other.predicate
            and self.follows == other.follows
            and self.ordinal == other.ordinal
            and len(self.value) == len(other.value)
        )


def _fmt(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def _norm_unit(u: str | None) -> str:
    if not u:
        return ""
    return SAME_UNIT.get(u, u)


def _segment_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    lo = start
    while lo > 0 and text[lo - 1] not in _SEGMENT_STOP:
        lo -= 1
    hi = end
    while hi < len(text) and text[hi] not in _SEGMENT_STOP:
        hi += 1
    return lo, hi


def _kinds(before: str) -> tuple[frozenset[str], bool]:
    """Qualifier kinds from the words right before a number (within its sentence part)."""
    tail = before[-8:]
    kinds = {QUALIFIERS[m.group(0)] for m in _QUAL_RE.finditer(tail)}
    ordinal = before.rstrip().endswith("第")
    return frozenset(kinds), ordinal


def title_quantities(title: str) -> list[tuple[tuple[float, ...], str, frozenset[str]]]:
    """The quantities a clause title states (「治疗额度（上限 3 次）」 → (3,), 次, {max}): a title names what
    its clause is about, so its numbers are the clause's rule."""
    out: list[tuple[tuple[float, ...], str, frozenset[str]]] = []
    for m in _QTY.finditer(title):
        if not m.group("unit"):
            continue
        a, b = m.group("a"), m.group("b")
        kinds, ordinal = _kinds(title[: m.start("a")].rstrip())
        if not ordinal:
            out.append(
                ((float(a),) if b is None else (float(a), float(b)), _norm_unit(m.group("unit")), kinds)
            )
    return out


# a clause id not glued to a digit or a dot before it (rf"(?<![\d.])({CLAUSE_ID})(?![\d])"), written to start
# with its first digit as context.FREE_CLAUSE_ID is: the same matches, and ``re`` skips to the digits
CITE = _CITE = re.compile(rf"({FREE_CLAUSE_ID})(?![\d])")

# patterns of the per-number tests, compiled once (not looked up in re's cache for each of ~3 k numbers)
_DOT_DIGIT_AFTER = re.compile(r"\s*[.．]\s*\d")
_DIGIT_DOT_BEFORE = re.compile(r"\d\s*\.\s*$")
_BARE_CLAUSE_ID = re.compile(rf"\s*[+＋−\-]?\s*{CLAUSE_ID}\s*")
_CIRCLED_AFTER = re.compile(r"[①-⑳]")
_SERIAL_DOT = re.compile(r"\s*[.．]\s*[\u4e00-\u9fff〔「（]")
_FOLLOWING_WORD = re.compile(r"[\s起]*([\u4e00-\u9fff]{2})")


class FactTable:
    """Facts of every unit (clauses and appendices, the revision log left out)."""

    def __init__(self, ctx: LintContext, vocab: Vocabulary) -> None:
        self.ctx = ctx
        self.vocab = vocab
        self.by_unit: dict[str, list[Fact]] = {}
        self.sentences: dict[str, list[Sentence]] = {}
        for unit in ctx.units_outside_log():
            self.by_unit[unit.id] = self._read(unit)

    def all(self) -> list[Fact]:
        return [f for facts in self.by_unit.values() for f in facts]

    @cached_property
    def _family(self) -> dict[str, list[str]]:
        """Each unit id with the ids of its sub-clauses (itself first where it comes first), in the
        table's order: ``is_descendant(u, a)`` holds exactly when ``a`` is ``u`` cut at one of its dots."""
        out: dict[str, list[str]] = {}
        for unit_id in self.by_unit:
            parts = unit_id.split(".")
            for k in range(1, len(parts) + 1):
                out.setdefault(".".join(parts[:k]), []).append(unit_id)
        return out

    def in_scope(self, clause: str, item: str | None = None) -> list[Fact]:
        """The facts of ``clause`` and its sub-clauses, or of one item of it (memoised: many statements
        cite the same clause).  The list is shared: callers read it, never change it."""
        cache: dict[tuple[str, str | None], list[Fact]] = self.__dict__.setdefault("_in_scope", {})
        key = (clause, item)
        out = cache.get(key)
        if out is None:
            if item is None:
                out = [f for unit_id in self._family.get(clause, ()) for f in self.by_unit[unit_id]]
            else:
                wanted = normalize_item(item)
                out = [
                    f
                    for f in self.by_unit.get(clause, ())
                    if f.item is not None and normalize_item(f.item) == wanted
                ]
            cache[key] = out
        return out

    def _cuts(self, unit: Unit) -> list[int]:
        clause = self.ctx.clause(unit.id) if unit.is_clause else None
        return [it.offset for it in clause.items] if clause else []

    def _read(self, unit: Unit) -> list[Fact]:
        text = unit.text
        sents = self.ctx.sentences(unit.id)
        self.sentences[unit.id] = sents
        clause = self.ctx.clause(unit.id) if unit.is_clause else None
        out: list[Fact] = []
        taken: set[int] = set()
        for m in _QTY.finditer(text):
            a, b, unit_word = m.group("a"), m.group("b"), m.group("unit")
            start = m.start("a")
            if not self._is_fact(text, m.start(), m.end(), unit_word, b is not None):
                continue
            values = (float(a),) if b is None else (float(a), float(b))
            taken.update(range(m.start(), m.end()))
            out.append(
                self._fact(unit, clause, sents, text, start, m.end(), values, m.group(0).strip(), unit_word)
            )
        for m in _CN_QTY.finditer(text):
            if m.start() in taken:
                continue
            n = 2 if m.group("n") == "两" else cn_number(m.group("n"))
            if (
                n is None
                or text[max(0, m.start() - 1) : m.start()] == "第"
                or text[m.end() : m.end() + 1] == "之"
            ):
                continue  # 「第十关」 is a position, 「一项之…」 a phrase
            if n <= 1 and not m.group("total"):
                continue  # 「仅此一项」「任何一项」
            out.append(
                self._fact(
                    unit, clause, sents, text, m.start(), m.end(), (float(n),), m.group(0), m.group("unit")
                )
            )
        out.sort(key=lambda f: f.start)
        return out

    def _is_fact(self, text: str, start: int, end: int, unit_word: str | None, ranged: bool) -> bool:
        before = text[max(0, start - 3) : start]
        after = text[end : end + 2]
        raw = text[start:end]
        if _YEARISH.match(text, start) or before.endswith(_NOT_FACT_BEFORE):
            return False
        if _DOT_DIGIT_AFTER.match(text[end : end + 3]) or _DIGIT_DOT_BEFORE.search(
            text[max(0, start - 3) : start]
        ):
            return False  # part of a clause id 「4.4.6」 printed loosely
        if _BARE_CLAUSE_ID.fullmatch(raw) and not unit_word and not ranged:
            return False  # 「2.8.7」 is a citation
        if _CIRCLED_AFTER.match(after) or after.startswith(("之", "条", "款")):
            return False
        if _SERIAL_DOT.match(text[end : end + 3]) and not unit_word:
            return False  # an export serial number 「168.内容」
        if before.endswith(("(", "（")) and text[end : end + 1] in (")", "）") and not unit_word:
            return False  # a registry label 「(12)」
        if ranged and not unit_word:
            ends = re.findall(_NUM, raw)
            if len(ends) == 2 and all(self.ctx.exists(e) for e in ends):
                return False  # 「2.1~2.8」「6.1~6.7」: a range of clauses
        if not unit_word and not ranged:
            # a bare number is a fact only after a qualifier: 「门槛 10」「≥5」「上限 2」「达 4.0」
            kinds, _ = _kinds(text[max(0, start - 8) : start].rstrip())
            return bool(kinds)
        if unit_word in ("分",) and re.match(r"钟", after):
            return False
        if unit_word == "档" and "." in raw:
            return False  # 「跨越 3.0∕6.0档」 names tiers by their thresholds
        return not (unit_word == "发" and after.startswith("动"))  # 「步骤 1发动」

    def _fact(
        self,
        unit: Unit,
        clause: object,
        sents: list[Sentence],
        text: str,
        start: int,
        end: int,
        values: tuple[float, ...],
        raw: str,
        unit_word: str | None,
    ) -> Fact:
        lo, hi = _segment_bounds(text, start, end)
        before = text[lo:start]
        kinds, ordinal = _kinds(before.rstrip())
        trailing = _AFTER_QUAL.match(text, end)
        if trailing:
            kinds = kinds | {_AFTER_KINDS[trailing.group("q")]}
        sent = sentence_at(sents, start)
        s_lo = sent.start if sent else lo
        sent_text = sent.text if sent else text[lo:hi]
        scanned = [h for h in self.vocab.scan(text[s_lo:hi]) if h.term not in QUALIFIERS]
        subject = None
        subject_end = s_lo
        for h in scanned:
            if s_lo + h.end <= start:
                subject, subject_end = h.term, s_lo + h.end  # the nearest term before the number
                if s_lo + h.start > 0 and text[s_lo + h.start - 1] in _NEGATION:
                    subject = text[s_lo + h.start - 1] + h.term  # 「未觉醒」 is not 「觉醒」
        after = next((h for h in scanned if s_lo + h.start >= end), None)
        if after is not None and unit_word and not text[end : s_lo + after.start].strip():
            subject = after.term  # 「1 瓶救援药剂」「1 发子弹」: the term right after the number
            subject_end = lo  # and what is done with it is said before the number: 「消耗 2 份样本」
        elif subject is None and after is not None:
            subject = after.term
        hits = [h for h in scanned if s_lo + h.start >= lo]
        pred_from = max(lo, subject_end)
        words = _QUAL_RE.sub("", NOT_CJK.sub("", text[pred_from:start]))
        predicate = _FILLER.sub("", words.rstrip("第"))[-4:]
        follows = ""
        if ordinal:
            m_after = _FOLLOWING_WORD.match(text[end : end + 6])
            follows = m_after.group(1) if m_after else ""
        scenario = bool(_SCENARIO.search(sent_text)) or bool(_MINIMUM.search(text[max(0, start - 6) : start]))
        cites = tuple(dict.fromkeys(c for c in _CITE.findall(sent_text) if self.ctx.exists(c)))
        item = None
        c = self.ctx.clause(unit.id) if unit.is_clause else None
        if c is not None:
            item = c.item_at(start)
        return Fact(
            unit=unit.id,
            item=item,
            start=start,
            end=end,
            line=unit.line_of(start),
            value=values,
            raw=raw,
            unit_word=_norm_unit(unit_word),
            kinds=kinds,
            ordinal=ordinal,
            subject=subject,
            terms=tuple(h.term for h in hits),
            sentence=sent_text,
            cites=cites,
            predicate=predicate,
            scenario=scenario,
            follows=follows,
        )
