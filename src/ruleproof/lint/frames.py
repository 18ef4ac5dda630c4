"""Numbers said in the same words in several places: their values and their unit words must agree.

Links (citation, title, spec: :mod:`ruleproof.lint.restatements`) reach only numbers whose sentence
cites, titles or quotes a source.  Many restatements do none of that and repeat the owner's wording
instead: 「每层各抵挡 1 点」 in 4.10.5 and the glossary, 「持有 1 次者不可发动」 in 7.3.1 and the glossary,
「初始 1 发＋第 5 夜 1 发即达（2 发）上限」 in 4.4.3 and 4.4.6.  A number's **frame** is the words right
before it (in its sentence part) and right after its unit (up to the end of its sentence, brackets,
digits and punctuation skipped).  Two statements are *the same quantity said twice* when their frames
agree on at least :data:`BEFORE_ALONE` characters before the number, or on at least :data:`BEFORE_MIN`
before and :data:`FRAME_MIN` in all.  Statements joined that way vote:

* on the **value** (the same unit word): a value said once against one said at least twice is the
  odd one out; one against one is decided by the place the book's spec reads its constant from, then by
  a citation (a sentence that cites the other's clause restates it), then by the body over an appendix
  (the appendices restate the body);
* on the **unit word** (the same value): 「全场存活≤ 6 名」 said three times and 「6 只」 once, 「共 6 档」
  and 「共 6 级」 — the same vote, about the word the number counts in.

A place that itself says two values (or two unit words) in one frame (「每夜至多 1 刀；觉醒后每夜至多 2
刀」, 普通∕强力乔装 「消耗 1 次」「消耗 2 次」) shows that the frame names two quantities, and nothing is
judged.  Positions (「第 3 夜」) vote on their unit word only: 「第 2 次查证池」 is the same position said
again, but a position's value is what the sentence is about (「第 1 夜」「第 4 夜」).  Sentences that are
examples (「示例：」「例如」) are not statements of a rule and take no part.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from ruleproof.findings import Finding
from ruleproof.lint.base import CheckInfo, clip
from ruleproof.lint.context import CLAUSE_ID, ITEM_LABEL, LintContext, Unit, find_loose, is_descendant
from ruleproof.lint.facts import AFTER_QUAL, MINIMUM, QUALIFIER_RE, QUALIFIERS, SAME_UNIT, SCENARIO, UNITS
from ruleproof.lint.facts import CITE as _CITE
from ruleproof.lint.memo import per_lint
from ruleproof.lint.vocab import title_terms

BEFORE_ALONE = 4  # the same four characters right before the number: the same quantity
BEFORE_MIN = 2  # or at least two before …
FRAME_MIN = 7  # … and seven in all, before and after
TIE_AFTER = 3  # two places only, neither the source: the same words after the number too
_FRAME_CHARS = 8  # how much of each side is kept
# measure words a number is counted in: the fact table's units and a few more Chinese classifiers (a typo
# may turn a unit into one: 「共 6 档」→「共 6 级」); the same things counted by two words (人∕名, 回∕次) are
# the fact table's SAME_UNIT
MEASURES = (*UNITS, "级", "轮", "回", "位", "张", "枚", "局", "天", "日", "周")
_MEASURE_RE = "|".join(re.escape(u) for u in sorted(MEASURES, key=len, reverse=True))
# the ones that count things (a noun may follow: 「1 发子弹」), as against times and grades (次 夜 档)
NOMINAL = frozenset("发票只层人名分件份瓶刀点颗支具位张枚项类种处个")
# a word right after a classifier that is no noun: particles and postpositions (「1 次后」「3 人以上」)
_NOUN_NEXT = re.compile(r"\s*(?![后前时内以起者之的即为且并及与或上下中止整又亦均皆])[\u4e00-\u9fff]")
# a number not glued to a digit, a dot or a letter before it, and a Chinese count not after 第 or a numeral:
# each pattern starts with the character it reads first and looks behind from there (not
# rf"(?<![\d.A-Za-z])(?P<n>\d+…" and r"(?<![第一…十])(?P<n>[二…十])…"): the same matches, and ``re`` skips
# to the characters that can start one instead of trying every position of the text (~2-3x faster scans)
_NUMBER = re.compile(rf"(?P<n>\d(?<![\d.A-Za-z]\d)\d*(?:\.\d+)?)\s*(?P<u>{_MEASURE_RE})(?![\d.])")
_CN_COUNT = re.compile(
    r"(?P<n>[二三四五六七八九十](?<![第一二三四五六七八九十][二三四五六七八九十]))(?P<u>选一|项|种|类|档|关)"
)
_PART_BREAK = re.compile(r"[，,；;。：:（(）)「」⸺—｜、\n]")
_SENTENCE_END = "。；;｜|\n"
_EXAMPLE = re.compile(r"示例|例[：:]|例如|举例")
_CJK = re.compile(r"[\u4e00-\u9fff]+")
_WORD = re.compile(r"[\u4e00-\u9fff]+|\d+(?:\.\d+)?")
_CITE_ONLY = re.compile(rf"[（(][^（）()\u4e00-\u9fff]{{0,4}}(?:{CLAUSE_ID})[^（）()]{{0,10}}?[）)]")
_ID_BREAK = re.compile(
    rf"{CLAUSE_ID}\s*(?:{ITEM_LABEL})|\d+\.\d+\.\d+(?:\.\d+)*"
)  # 「4.14.1②」 labels, no words
_TRAILING = re.compile(r"[的之为限仅均皆即计]+$")  # 「感染抑制（3.3.4）的 2 次」 is 「感染抑制 2 次」
_FUNCTION = re.compile(r"[的之各为共第其该本即仅均皆亦也再又可得者]")


@dataclass(frozen=True)
class Said:
    """One number as printed: where, its value and unit word, and its frame."""

    unit: Unit
    start: int
    end: int
    value: str
    word: str  # the unit word, normalised (名 for 人)
    printed: str  # the unit word as printed
    before: str
    after: str
    ordinal: bool
    sign: str  # what stands between the words and the number: 「≤」「＋」, or nothing
    cites: frozenset[str]  # clauses its sentence cites
    near: frozenset[
        str
    ]  # clauses cited right beside it: 「4.14.1② 制药之产物二选一」「感染抑制（3.3.4）的 2 次」
    spec: bool  # inside a phrase the book's spec reads a constant from
    subject: str  # the last term of the text's vocabulary in its sentence part (「毒师」), or ""
    counts_noun: bool  # a classifier right before a term of the vocabulary: 「1 份毒药标记」「1 件护甲」
    case: bool = False  # a condition or a minimum (「若…则」「可只投入 1 夜」): one case, not the rule
    bound_after: str = ""  # a bound right after the unit word: 「2 发存储上限」 上限, 「2 点及以上」 以上
    lead: str = ""  # the words that name something before its verb in its sentence (「强力乔装」 of 「② 强力乔装：消耗 2 次」)
    tail: str = ""  # the words after the unit word, digits kept (「消耗1发指定2名」): same_phrase

    @property
    def body(self) -> bool:
        return self.unit.is_clause

    @property
    def quote(self) -> str:
        """The number with a little of its sentence, as a finding quotes it."""
        return clip(self.unit.text[max(0, self.start - 12) : self.end + 6], 40)

    @property
    def place(self) -> tuple[str, int]:
        """Its unit's id and source line, as a finding's related place."""
        return self.unit.id, self.unit.line_of(self.start)


@per_lint
def statements(ctx: LintContext) -> list[Said]:
    """Every number of the text as printed, with its frame (read once per lint: the frames here and the
    words after the number in :mod:`ruleproof.lint.restatements` read them; the list is shared, never
    changed)."""
    quoted = _quoted_spans(ctx)
    out: list[Said] = []
    for unit in ctx.units_outside_log():
        text = unit.text
        spans = quoted.get(unit.id, [])
        matches: list[tuple[int, int, str, str, int]] = [
            (m.start(), m.end(), m.group("n"), m.group("u"), m.start("u")) for m in _NUMBER.finditer(text)
        ]
        matches += [
            (m.start(), m.end(), m.group("n"), m.group("u"), m.start("u")) for m in _CN_COUNT.finditer(text)
        ]
        for start, end, value, word, _u in matches:
            if re.match(r"\s*[.．]\s*\d", text[end : end + 3]) or text[end : end + 1] in ("动", "之", "条"):
                continue  # a clause id printed loosely, 「步骤 1发动」
            lo = max(text.rfind(ch, 0, start) for ch in _SENTENCE_END) + 1
            hi = min((p for p in (text.find(ch, end) for ch in _SENTENCE_END) if p >= 0), default=len(text))
            if _EXAMPLE.search(text[lo:start]):
                continue
            part, before = _before(text[max(lo, start - 24) : start])
            terms = [t for t in ctx.vocabulary.terms(part) if len(content(t)) >= BEFORE_MIN]
            subject = terms[-1] if terms else ""
            if not before and start - lo <= 2 and unit.is_clause:
                subject = "".join(title_terms(unit.title)[:1])  # 「2次为该玩家的…」 under 感染抑制
                before = content(subject)
            after = "".join(_CJK.findall(text[end : min(hi, end + 16)]))[:_FRAME_CHARS]
            ordinal = part.rstrip().endswith("第") or before.endswith("第")
            tail = _WORD.split(part)[-1] if _WORD.search(part) else part
            sign = re.sub(r"[\s\d.~〜～]", "", tail)
            cites = frozenset(c for c in _CITE.findall(text[lo:hi]) if ctx.exists(c))
            beside = text[max(lo, start - NEAR_CITE) : min(hi, end + NEAR_CITE)]
            near = frozenset(c for c in _CITE.findall(beside) if c in cites)
            out.append(
                Said(
                    unit=unit,
                    start=start,
                    end=end,
                    value=value,
                    word=SAME_UNIT.get(word, word),
                    printed=word,
                    before=before,
                    after=after,
                    ordinal=ordinal,
                    sign=sign,
                    cites=cites,
                    near=near,
                    spec=any(a <= start < b for a, b in spans),
                    subject=subject,
                    counts_noun=word in NOMINAL and bool(_NOUN_NEXT.match(text, end)),
                    case=bool(
                        SCENARIO.search(text[lo:hi]) or MINIMUM.search(text[max(lo, start - 6) : start])
                    ),
                    bound_after=bound.group("q") if (bound := AFTER_QUAL.match(text, end)) else "",
                    lead=_lead(text[max(lo, start - LEAD_WINDOW) : start], before),
                    tail="".join(_WORD.findall(text[end : min(hi, end + 16)]))[:_FRAME_CHARS],
                )
            )
    return out


def _before(window: str) -> tuple[str, str]:
    """The sentence part right before a number, and its words (characters and digits: 「步长0.1共」).
    A bracket that only cites (「（3.3.4）」) is no break; a part whose words name nothing (「共」「初始」)
    runs on into the one before it."""
    window = _ID_BREAK.sub("｜", _CITE_ONLY.sub("", window))
    parts = _PART_BREAK.split(window)
    part = parts[-1]
    words = "".join(_WORD.findall(part))
    if len(content(words)) < BEFORE_MIN and len(parts) > 1:
        words = "".join(_WORD.findall(parts[-2])) + words
    return part, _TRAILING.sub("", words) if len(words) > 2 else words[-_FRAME_CHARS:]


LEAD_WINDOW = 16  # characters before a number where its sentence names what the verb is said of
LEAD_MIN = 4  # characters of such words two statements share to be said of one thing


def _lead(window: str, before: str) -> str:
    """The words that name something in ``window`` (the sentence before a number) before its verb — the
    last two such characters of ``before``: a part break (「：」「（」) does not end them, since 「② 强力乔装：消耗
    2 次」 says what is consumed before the colon."""
    verb = content(before)[-BEFORE_MIN:]
    words = content("".join(_CJK.findall(window)))
    cut = words.rfind(verb) if len(verb) == BEFORE_MIN else -1
    return words[:cut] if cut >= 0 else ""


def _quoted_spans(ctx: LintContext) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for cid, quote in ctx.knowledge.quotes:
        unit = ctx.unit_by_id.get(cid)
        if unit is None:
            continue
        found = find_loose(unit.text, quote)
        if found is not None:
            out.setdefault(cid, []).append(found)
    return out


def common_suffix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n


def _common_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


@lru_cache(maxsize=8192)
def longest_run(a: str, b: str) -> str:
    """The longest run of characters of ``a`` that ``b`` says, the first to end of the longest (when a run is
    said, so is its tail: at each end only a run one longer than the best so far can beat it, so each end
    asks one search that fails and one per character the best grows — not every start the run moves past)."""
    n = end = 0
    for hi in range(1, len(a) + 1):
        while n < hi and a[hi - n - 1 : hi] in b:
            n += 1
            end = hi
    return a[end - n : end]


def common_run(a: str, b: str) -> int:
    """How many characters the longest run the two share has."""
    return len(longest_run(a, b))


@lru_cache(maxsize=8192)
def content(words: str) -> str:
    """``words`` without the qualifiers and function characters that say nothing of *which* quantity it
    is: 「每夜至多」 and 「全局」 name no thing, 「存活」「持有」「乔装」 do."""
    return _FUNCTION.sub("", QUALIFIER_RE.sub("", words))


def same_frame(a: Said, b: Said) -> bool:
    """Two statements of one quantity: the same words right before the number (words that name
    something, not only 「每夜至多」), and, when they are short, the same words after it — or a citation
    right beside one of them naming the other's clause."""
    if a.ordinal != b.ordinal or a.sign != b.sign:
        return False
    if a.unit is b.unit and abs(a.start - b.start) < 8:
        return False  # one statement
    if a.subject and b.subject and a.subject not in b.subject and b.subject not in a.subject:
        return False  # 「毒师每夜于下列五类」「疫苗研究员每夜于下列四类」: one lead-in, two subjects
    before = common_suffix(a.before, b.before)
    named = len(content(a.before[len(a.before) - before :]))
    if before < BEFORE_MIN or named < BEFORE_MIN:
        return False
    if not (a.case or b.case) and (_cites_place(a, b, near=True) or _cites_place(b, a, near=True)):
        # 4.14.1 「3.3.1制药之产物二选一」 and 3.3.1's 「产物二选一」: the citation beside it says which; not a
        # condition's number (「若…则下夜回复 2 颗」 beside a citation of the rule it varies)
        return True
    return before >= BEFORE_ALONE or named + common_run(a.after, b.after) >= FRAME_MIN


class _Union:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


def _groups(said: list[Said], by_value: bool) -> list[list[Said]]:
    """Statements joined by their frames: of one unit word (to vote on the value) or of one value (to
    vote on the unit word)."""
    keyed: dict[tuple[str, str], list[int]] = {}
    for i, s in enumerate(said):
        if len(s.before) < BEFORE_MIN:
            continue
        keyed.setdefault((s.word if by_value else s.value, s.before[-BEFORE_MIN:]), []).append(i)
    uf = _Union(len(said))
    for members in keyed.values():
        for x, i in enumerate(members):
            for j in members[x + 1 :]:
                if same_frame(said[i], said[j]):
                    uf.union(i, j)
    out: dict[int, list[Said]] = {}
    for members in keyed.values():
        for i in members:
            out.setdefault(uf.find(i), []).append(said[i])
    return [g for g in out.values() if len(g) > 1]


def _cites_place(a: Said, b: Said, near: bool) -> bool:
    """``a`` cites ``b``'s clause (or a clause holding it): right beside it, or in its sentence."""
    cited = a.near if near else a.cites
    return b.unit.is_clause and any(b.unit.id == c or is_descendant(b.unit.id, c) for c in cited)


def _decide(votes: dict[str, list[Said]], by_value: bool) -> tuple[str, bool] | None:
    """The value (or unit word) the statements agree on, and whether the text decides it: two places
    that say one quantity in the same words and nothing tells which is the source give the first one
    (in text order) and False — the other is reported as disagreeing, without a verdict on which is
    right.  None when several values are said as often as one another."""
    if len(votes) < 2:
        return None
    weight = {k: len(v) + sum(1 for s in v if s.spec) for k, v in votes.items()}
    ranked = sorted(votes, key=lambda k: weight[k], reverse=True)
    if weight[ranked[0]] > weight[ranked[1]]:
        return ranked[0], True
    if len(votes) != 2 or any(len(v) != 1 for v in votes.values()):
        return None
    (ka, (a,)), (kb, (b,)) = votes.items()
    for near in (True, False):
        if _cites_place(a, b, near) != _cites_place(b, a, near):
            return (kb if _cites_place(a, b, near) else ka), True  # the citing place restates the cited
    if a.body != b.body:
        return (ka if a.body else kb), True  # the appendices restate the body
    if by_value and common_run(a.after, b.after) < TIE_AFTER:
        return None  # 「下列四类」「下列五类」: the same lead-in to two lists (unit words: see _same_noun)
    return ka, False  # votes are in text order


NEAR_CITE = 20  # characters either side of a number where a citation is its own
NEAR = 60  # characters: two values this close in one place are two quantities said side by side


def _key(s: Said, by_value: bool) -> str:
    return s.value if by_value else s.word


def _two_quantities(
    group: list[Said], by_value: bool, same: Callable[[Said, Said], bool] | None = None
) -> bool:
    """One place says two values (or unit words) in these words side by side (「普通乔装消耗 1 次；强力乔装
    消耗 2 次」): the frame names two quantities.  The same value repeated down a table is no sign, nor
    the whole phrase said again in the next sentence (:func:`same_phrase`), nor what ``same`` says is one."""
    for i, a in enumerate(group):
        for b in group[i + 1 :]:
            if (
                a.unit is b.unit
                and abs(a.start - b.start) <= NEAR
                and _key(a, by_value) != _key(b, by_value)
                and not same_phrase(a, b)
                and not (same is not None and same(a, b))
            ):
                return True
    return False


PHRASE_AFTER = 4  # characters that name something, said right after the unit word by both statements


def same_phrase(a: Said, b: Said) -> bool:
    """Two sentences side by side that say the whole phrase around the number again — the same words before
    it (at least :data:`BEFORE_MIN` that name something) and at least :data:`PHRASE_AFTER` that name
    something right after its unit word (1.2.1 「僵持满3夜的次夜判定取胜」 for the humans and for the aliens,
    a card's 「变形后 2夜冷却，未变形不冷却」 twice): one quantity said twice, not two quantities said side by
    side.  The words before must be all of one's (the other may say more before them): 「濒死型·助攻分」 and
    「追溯型·助攻分」 name two things.  Digits count among the words after it: 「指定 1 名消耗 1 发，指定 2 名消耗 2 发」 part right
    after the unit word; and the two must be in two sentences (a sentence end between them)."""
    if a.sign != b.sign or a.ordinal != b.ordinal or a.bound_after != b.bound_after:
        return False
    lo, hi = sorted((a, b), key=lambda s: s.start)
    if not any(ch in _SENTENCE_END for ch in lo.unit.text[lo.end : hi.start]):
        return False
    before = common_suffix(a.before, b.before)
    if before < min(len(a.before), len(b.before)):
        return False  # 「② 濒死型·助攻分：1.0 分」「③ 追溯型·助攻分」: the words before name two things
    after = _common_prefix(a.tail, b.tail)
    return (
        len(content(a.before[len(a.before) - before :])) >= BEFORE_MIN
        and len(content(a.tail[:after])) >= PHRASE_AFTER
    )


def run(ctx: LintContext, check: CheckInfo) -> Iterator[Finding]:
    said = statements(ctx)
    for by_value in (True, False):
        for group in _groups(said, by_value):
            if by_value and group[0].ordinal:
                continue  # a position's value is what its sentence is about
            if _two_quantities(group, by_value):
                continue
            votes: dict[str, list[Said]] = {}
            for s in group:
                votes.setdefault(_key(s, by_value), []).append(s)
            decided = _decide(votes, by_value)
            if decided is None:
                continue
            top, verdict = decided
            agree = votes[top]
            for k, members in votes.items():
                if k != top and len(members) == 1:  # said twice the same way, it is another quantity
                    for s in members:
                        if by_value or (
                            _odd_unit(s, k, top, agree)
                            and (verdict or (_same_kind(k, top) and _same_noun(s, agree)))
                        ):
                            yield _finding(check, s, agree, by_value, verdict)
    for group in _position_phrases(said):
        places: dict[str, list[Said]] = {}
        for s in group:
            places.setdefault(s.value, []).append(s)
        # (the words after are already said by both: the tie needs no more of them, hence by_value=False)
        decided = _decide(places, by_value=False)
        if decided is None or _two_quantities(group, by_value=True, same=_same_position):
            continue
        top, verdict = decided
        for k, members in places.items():
            if k != top and len(members) == 1:
                yield _finding(check, members[0], places[top], True, verdict)
    for s, usual in _profiles(said):
        yield _finding(check, s, usual, False, True)
    for s, usual in _classifiers(said):
        yield _classifier_finding(check, s, usual)
    for s, usual in _value_profiles(said):
        yield _finding(check, s, usual, True, True)
    for s, usual in _measures(said):
        yield _finding(check, s, usual, True, True)


POSITION_PHRASE = (
    6  # characters, digits kept, said right before and right after a position by both statements
)
POSITION_SIDE = 3  # on each side at least


def _same_position(a: Said, b: Said) -> bool:
    """Two positions side by side in one sentence are one where the whole phrase repeats: at least
    :data:`POSITION_SIDE` characters right before 第 and every kept character after the unit word the same
    (7.3.1 「伪装身份池与船员第 2 次查证池同步自适应：…⸺与船员第 2 次查证池同步自适应」, the gloss saying
    its own words again).  Two positions counted apart part right after the unit word (「第 1 次查验与第 2
    次查验」, 「第 1 夜至第 3 夜」)."""
    after = _common_prefix(a.tail, b.tail)
    return (
        common_suffix(a.before, b.before) >= POSITION_SIDE
        and after >= _FRAME_CHARS
        and len(content(a.tail[:after])) >= PHRASE_AFTER
    )


def _position_phrases(said: list[Said]) -> list[list[Said]]:
    """Positions vote on their value only where the whole phrase around them repeats: a position's value
    is what its sentence is about (「第 1 夜」「第 4 夜」), but 「初始 1发＋第 5 夜 1 发即达 2 发上限」 (4.4.3) and
    「初始 1 发＋第5 夜 1 发即达上限」 (4.4.6) name one night.  Joined: the same unit word, at least
    :data:`POSITION_SIDE` characters (digits kept) right before 第 and right after the unit word in common,
    :data:`POSITION_PHRASE` in all."""
    keyed: dict[tuple[str, str], list[Said]] = {}
    for s in said:
        if s.ordinal and len(s.tail) >= POSITION_SIDE:
            keyed.setdefault((s.word, s.tail[:POSITION_SIDE]), []).append(s)
    out: list[list[Said]] = []
    for members in keyed.values():
        joined = _Union(len(members))
        for i, a in enumerate(members):
            for j in range(i + 1, len(members)):
                b = members[j]
                if a.unit is b.unit and abs(a.start - b.start) < 8:
                    continue
                before = common_suffix(a.before, b.before)
                after = _common_prefix(a.tail, b.tail)
                if before >= POSITION_SIDE and before + after >= POSITION_PHRASE:
                    joined.union(i, j)
        groups: dict[int, list[Said]] = {}
        for i, s in enumerate(members):
            groups.setdefault(joined.find(i), []).append(s)
        out += [g for g in groups.values() if len(g) > 1]
    return out


# unit words of time and frequency: a typo among them (「消耗 1 次」 → 「消耗 1 夜」) keeps the sentence
# readable, so the word before the number is enough to compare them when the text says it often
TIMES = frozenset(("次", "夜", "昼夜", "回", "轮", "天", "日"))
PROFILE_MIN = 3  # statements of the usual unit word before one other is judged odd


# unit words of one kind: a typo among them keeps the sentence plausible (「6 名」→「6 只」); across
# kinds (「每层各抵挡 1 点」 on the damage side, 「1 次」 on the infection side) the words after the
# number must agree too before two unit words are one quantity miscounted
KINDS = (TIMES, frozenset("名人只位"), frozenset("档级"), frozenset("件份瓶颗发支具张枚"), frozenset("点分"))


def _same_kind(a: str, b: str) -> bool:
    return any(a in k and b in k for k in KINDS)


def _same_noun(s: Said, agree: list[Said]) -> bool:
    """「每查验 1 只目标」 and 「每查验 1 名目标」: the same noun right after the unit word."""
    return all(_common_prefix(s.after, a.after) >= BEFORE_MIN for a in agree)


def _odd_unit(s: Said, word: str, usual: str, agree: list[Said]) -> bool:
    """``s`` counts in ``word`` what ``agree`` count in ``usual``: a unit word of the same kind, or the
    same words after the number too; and a classifier of a noun (「1 件护甲」「1 份毒药标记」), on either
    side, only with that noun."""
    if not (_same_kind(word, usual) or any(common_run(s.after, a.after) >= TIE_AFTER for a in agree)):
        return False
    nouns = [a for a in agree if a.counts_noun] + ([s] if s.counts_noun else [])
    return all(_common_prefix(s.after, a.after) >= BEFORE_MIN for a in nouns if a is not s) and (
        not s.counts_noun or any(_common_prefix(s.after, a.after) >= BEFORE_MIN for a in agree)
    )


def _profiles(said: list[Said]) -> Iterator[tuple[Said, list[Said]]]:
    """The unit words each verb or noun takes with each value (「消耗 1 次」 eight times): a statement
    with the same word and value in another unit word of time, said once against at least
    :data:`PROFILE_MIN`, is the odd one out.  A count after a comparator (「全场存活≤ 6 名」 in 4.4.3, 4.4.6,
    4.4.7 and the card; 「觉醒之存活≤6 只」) is keyed the same way with its sign and any bound after it, in any
    unit word: the comparator says it is a count of one thing (without one, 「可只指定 1 个目标」 and 「每指定 1
    名」 are two habits of one verb, not a slip); so is a bound after the unit word with the term its sentence
    part names (「子弹2发上限」 six times, 「子弹余量与 2次上限」 once; 5.5's 「2次上限」 of 转化 is another term)."""
    keyed: dict[tuple[str, str, bool, str, str], list[Said]] = {}
    for s in said:
        word = content(s.before)[-BEFORE_MIN:]
        if s.word in TIMES and len(word) == BEFORE_MIN:
            keyed.setdefault((s.value, word, s.ordinal, "", ""), []).append(s)
        elif s.sign and s.word not in TIMES and s.word not in _COUNT_WORDS and len(word) == BEFORE_MIN:
            # a comparator's count (「存活≤ 6 名」): the word before, the sign and the value say which
            keyed.setdefault((s.value, word, s.ordinal, s.sign, s.bound_after), []).append(s)
        if s.bound_after and s.subject and not s.ordinal:
            # a bound after the unit word of a term of the text (「子弹2发上限」 six times): the term says which
            keyed.setdefault((s.value, "@" + s.subject, False, s.sign, s.bound_after), []).append(s)
    for group in keyed.values():
        split = _odd_one(group, by_value=False)
        if split is not None and not _two_quantities(group, False):
            yield split


OBJECTS = frozenset("件份瓶发支具张枚")  # the classifiers of things (颗 is 发): 「1 发子弹」「1 支疫苗」


def _classifiers(said: list[Said]) -> Iterator[tuple[Said, list[Said]]]:
    """The classifier each noun takes: a noun counted at least :data:`PROFILE_MIN` times in one classifier of
    things (「N 发子弹」) and once in another word (「获得 1 次子弹」) is miscounted there.  Only nouns the text
    counts in a classifier of things: a target or a quota is counted in several words (「1 名目标」「1 个目标」,
    「1 次额度」「1 份额度」)."""
    keyed: dict[str, list[Said]] = {}
    for s in said:
        if not s.ordinal and _NOUN_NEXT.match(s.unit.text, s.end):
            noun = "".join(_CJK.findall(s.unit.text[s.end : s.end + 4]))[:BEFORE_MIN]
            if len(noun) == BEFORE_MIN:
                keyed.setdefault(noun, []).append(s)
    for group in keyed.values():
        split = _odd_one(group, by_value=False)
        if split is not None and split[1][0].word in OBJECTS:
            yield split


def _classifier_finding(check: CheckInfo, s: Said, usual: list[Said]) -> Finding:
    noun = "".join(_CJK.findall(s.unit.text[s.end : s.end + 4]))[:BEFORE_MIN]
    where = "、".join(dict.fromkeys(a.unit.id for a in usual))
    word = usual[0].printed
    mine = f"{s.value}{s.printed}{noun}"
    return check.finding(
        s.unit.id,
        s.unit.line_of(s.start),
        f"此处「{mine}」，而 {where} 计「{noun}」皆以「{word}」（{len(usual)} 处；单位不一致）",
        f"says '{mine}', while {where} count '{noun}' in '{word}' ({len(usual)} places; the unit word differs)",
        s.quote,
        related=[a.place for a in usual[:5]],
        extra={**against(s, usual, noun, word, ["words", "unit", "noun"]), "decided": True},
    )


_COUNT_WORDS = frozenset(("选一", "项", "种", "类", "档", "关"))


def _odd_one(group: list[Said], by_value: bool) -> tuple[Said, list[Said]] | None:
    """The one statement of ``group`` whose value (or unit word) is said once, against another said at
    least :data:`PROFILE_MIN` times, with no third; and those others."""
    keys: dict[str, list[Said]] = {}
    for s in group:
        keys.setdefault(_key(s, by_value), []).append(s)
    if len(keys) != 2:
        return None
    usual, odd = sorted(keys.values(), key=len, reverse=True)
    return (odd[0], usual) if len(odd) == 1 and len(usual) >= PROFILE_MIN else None


def _value_profiles(said: list[Said]) -> Iterator[tuple[Said, list[Said]]]:
    """The values each verb or noun takes in one unit word (「投入 2 夜」 seven times, in 3.3.1, 4.4.9,
    4.11.2, 4.14.1, 4.14.3, 4.14.6 and the glossary): when the text says it with one value at least
    :data:`PROFILE_MIN` times and with one other value once, and with no third, the one is the odd one
    out, whatever else its sentence says (「无须投入3夜」).  Only statements of a rule vote — not a condition
    or a minimum (「若…则下夜回复 2 颗」「可只投入 1 夜」) — and only with the same comparator and the same
    bounds before and after the unit word (「2 发存储上限」 is not 「子弹 1 发」, 「个体累计达 3 次」 is not
    「每个体全局至多 2 次」); two values side by side in one place
    (「指定 1 名消耗 1 发，指定 2 名消耗 2 发」) are two quantities.

    A verb said with two values legitimately (「普通乔装消耗 1 次」, 「强力乔装消耗 2 次」) is told apart by what
    its sentence says it of (:func:`_leads`): each thing's statements vote among themselves, and the
    statements of a thing that says throughout a value other than the verb's usual one leave the verb's
    profile (then the odd one out must say what it is of, too)."""
    keyed: dict[tuple[str, str, str, str, frozenset[str]], list[Said]] = {}
    for s in said:
        word = content(s.before)[-BEFORE_MIN:]
        if len(word) == BEFORE_MIN and not s.ordinal and not s.case:
            bounds = frozenset(QUALIFIERS[q] for q in QUALIFIER_RE.findall(s.before[-_FRAME_CHARS:]))
            keyed.setdefault((s.word, word, s.sign, s.bound_after, bounds), []).append(s)
    for group in keyed.values():
        if len({s.value for s in group}) < 2:
            continue
        found = _split(group)
        if found is None:
            for lead in _leads(group):
                found = _split(lead)
                if found is not None:
                    break
        if found is None:
            top = Counter(s.value for s in group).most_common(1)[0][0]
            settled = [
                s
                for lead in _leads(group)
                if {t.value for t in lead} - {top} == {lead[0].value}
                for s in lead
            ]
            rest = [s for s in group if s not in settled]
            found = _split(rest) if settled else None
            if found is not None and len(found[0].lead) < LEAD_MIN:
                found = None  # 「…同制）。消耗 2 次」: its sentence does not say what it is of
        if found is not None:
            yield found


def _split(group: list[Said]) -> tuple[Said, list[Said]] | None:
    """The odd one out of ``group`` (:func:`_odd_one`), unless another value is said right beside it."""
    split = _odd_one(group, by_value=True)
    if split is None:
        return None
    odd, _usual = split
    if any(o.unit is odd.unit and abs(o.start - odd.start) <= NEAR for o in group if o is not odd):
        return None
    return split


def _leads(group: list[Said]) -> list[list[Said]]:
    """``group``'s statements joined by what their sentences say the verb of: at least :data:`LEAD_MIN`
    characters of the words before the verb in common (「强力乔装」 of 7.3.0, 7.3.1 and the appendices);
    only the sets of at least two, in text order."""
    uf = _Union(len(group))
    for i, a in enumerate(group):
        for j in range(i + 1, len(group)):
            b = group[j]
            if len(a.lead) >= LEAD_MIN and len(b.lead) >= LEAD_MIN and common_run(a.lead, b.lead) >= LEAD_MIN:
                uf.union(i, j)
    out: dict[int, list[Said]] = {}
    for i, s in enumerate(group):
        out.setdefault(uf.find(i), []).append(s)
    return [g for g in out.values() if len(g) > 1]


MEASURE = "计量"  # 「以「每夜 1 次」计量」: the words that say a number is how a thing is measured
_MEASURE_WORDS = re.compile(rf"以|{MEASURE}")


def _is_measure(s: Said) -> bool:
    """A unit word of time with nothing but qualifiers before it, in a sentence that says it measures:
    「三者均以「每夜（每昼夜）1次」计量」, 「④ 计量⸺每夜至多1次」."""
    if s.word not in TIMES or s.ordinal or s.case or _MEASURE_WORDS.sub("", content(s.before)):
        return False
    return MEASURE in s.unit.text[max(0, s.start - NEAR_CITE) : s.end + NEAR_CITE]


def _measures(said: list[Said]) -> Iterator[tuple[Said, list[Said]]]:
    """Measures said with only qualifiers before the number name no thing, so no frame joins them; but
    a clause that says how a skill is measured and the clauses it cites (or that cite it) say it of
    the same skills — 2.5.4's 「不适用清单增列 诊断（4.14.2）…⸺三者均以「每夜（每昼夜）1次」计量」, 4.13.7's
    「以「每昼夜 1 次」计量（2.5.4①…）」, 4.14.2's 「④ 计量⸺每夜至多1次（登记于2.5.4①…）」.  Those joined by
    such citations vote as a value profile does (:func:`_odd_one`)."""
    measures = [s for s in said if _is_measure(s)]
    uf = _Union(len(measures))
    for i, a in enumerate(measures):
        for j, b in enumerate(measures):
            if i != j and (a.unit is b.unit or _cites_place(a, b, near=False)):
                uf.union(i, j)
    joined: dict[int, list[Said]] = {}
    for i, s in enumerate(measures):
        joined.setdefault(uf.find(i), []).append(s)
    for group in joined.values():
        split = _odd_one(group, by_value=True)
        if split is not None:
            yield split


def against(s: Said, others: list[Said], subject: str, consensus: str, via: list[str]) -> dict[str, object]:
    """The ``extra`` of a finding that sets the number ``s`` against the statements ``others`` (the first is the
    owner): what it is about, its value, what the others say, their places, and the evidence joining them."""
    return {
        "subject": subject,
        "value": f"{s.value}{s.printed}",
        "consensus": consensus,
        "places": sorted({a.unit.id for a in others}),
        "owner": others[0].unit.id,
        "via": via,
    }


def _finding(check: CheckInfo, s: Said, agree: list[Said], by_value: bool, verdict: bool) -> Finding:
    where = "、".join(dict.fromkeys(a.unit.id for a in agree))
    first = agree[0]
    frame = s.before[-BEFORE_ALONE:]
    mine, theirs = (
        f"{frame}{s.value}{s.printed}",
        f"{first.before[-BEFORE_ALONE:]}{first.value}{first.printed}",
    )
    what, what_en = ("数值", "number") if by_value else ("单位", "unit word")
    open_zh, open_en = (
        ("", "")
        if verdict
        else ("；原文未示何者为准，请核对二者", "; the text does not say which is the source")
    )
    return check.finding(
        s.unit.id,
        s.unit.line_of(s.start),
        f"此处「{mine}」，而 {where} 以同样的说法作「{theirs}」（{what}不一致）{open_zh}",
        f"says '{mine}', while {where} say{'s' if len(agree) == 1 else ''} '{theirs}' in the same "
        f"words (the {what_en} differs){open_en}",
        s.quote,
        related=[a.place for a in agree[:5]],
        extra={
            **against(
                s, agree, frame, f"{first.value}{first.printed}", ["words"] if by_value else ["words", "unit"]
            ),
            "decided": verdict,
        },
    )


# what :mod:`ruleproof.lint.restatements` reads of the frames to vote on the words after a number
Union = _Union
common_prefix = _common_prefix
two_quantities = _two_quantities
decide = _decide
finding = _finding
