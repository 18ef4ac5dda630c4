"""(q) An item citation read by the words of its sentence part: words that one sibling item alone says.

The items of one clause are about distinct things, and each is told apart by its heading (「⑤ 不回滚：…」
「③ 毒药项 …」) and by what it sets out in its own words.  A sentence part that cites an item names its matter:
「其后适用 5.5.3②（不回滚）」「发起者依2.8.16②按真实身份记」「二者各自独立判定、互不干扰（4.6.4③）」.  After a
renumbering to a sibling item (5.5.3② → ③ 「死亡之处理」) the part still says the words only the original holds.

*The words.*  For each item of the cited clause (``topics.target``'s candidates: the cited item and its
siblings), two sets, each kept to the words no other item of the clause holds:

- its heading's words: every run of ≥ 2 characters of its heading — the CJK words after its label up to the
  first punctuation or space (「不回滚：」「毒药项 定案性质」; ``HEAD``), or, when no mark ends it (a table row
  whose heading cell runs into its text: 「效果免疫不拦截落身…」), the longest term of the text's vocabulary its
  words open with;
- its verbatim words: every run of ``VERBATIM`` (5) characters of its text that no other item holds (a clause
  of words said verbatim, as ``citejudge`` counts a printed run of ≥ 5 CJK characters as strong evidence); the
  part's consecutive runs of one item are shown as one word of at most ``RUN_MAX`` characters.

An item citation is reported, naming the sibling (:class:`WordedItem`, closed by ``diagnosis.cites_renumbered``),
when its sentence part (:func:`part_bounds`: ``citesubject.sentence_part`` cut also at an item label, the citation itself left out) says telling words of
exactly one item, that item is not the cited one nor of the citing clause's own family, and

- the word names something particular (in at most a tenth of the clauses, ``topics.STRONG_SHARE``); when the
  part says words of several items, a sibling said only by such a common word is no candidate (「当夜」), the
  cited item is, whatever word it is said by;
- the cited item says no two characters of a heading word, no three of a verbatim run (a part of the word in
  the cited item — 「揭示范围」 beside 2.8.12④'s 「不揭示」, 「默认入所属类末位」 beside 2.8.2③'s 「默认置于所属类的末位」
  — is the cited item speaking of the same thing in other words);
- the sibling is no variant of the cited item nor the item it is a variant of (「2.8.1③之三」 is a part of ③);
- the sibling is not the last row of a table (items ending in ｜): that row runs to the clause's end and
  carries the prose after the table, which is not the row's own;
- the citing clause is not the exception registry (its rows run together without a stop), and family q's guards
  hold (:func:`headwords.guarded`).

In a glossary the part is the entry: its words from the previous entry's closing citation up to the bracket that
closes it (``citetext.entry_start``; 「双计数独立：…分别消耗、互不牵连（依2.8.2⑤）」), read only for the citations in
that bracket (one inside the entry's prose is not its own), and no earlier item is named for a restatement (an
entry defines its term; it restates no item).

When an earlier item holds a run of ``VERBATIM`` characters of the part that the sibling holds too, the sibling
restates it (5.7⑥ 「…感染侧护盾不抵挡感染、不参与抵免层序，见 5.3」 after ③ 「…不抵挡感染」): the earlier item,
which says it first, is named as the likely target and the sibling beside it (``_said_first``).

Each clause's telling words are read once per lint (:data:`_TELLING`: the heading words indexed by their first two
characters, the runs in one dict); a citation reads its sentence part.  It reads the cited clause's items and
the citing part only (the habit audit stays 0).  Measured: docs/lint.md, family q, "Eighteenth pass — item
citations by their words".
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citesubject import particular, sentence_part
from ruleproof.lint.citetext import (
    body_text,
    close_bracket,
    closes_entry,
    entry_start,
    in_tag,
    open_bracket,
    related,
    squash,
)
from ruleproof.lint.context import ITEM_REF
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import ExplainedPlace

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.lint.vocab import Vocabulary
    from ruleproof.text.model import Ref

HEAD_MIN = 2  # a heading word: at least this many characters
VERBATIM = 5  # a run of an item's text this long, said by the part, is the item's words
RUN_MAX = 8  # the longest run shown (a longer quotation holds a run of this length)
SHARED_RUN = 3  # the cited item saying a run this long of a verbatim word (2 of a heading word) speaks of it
PART_SPAN = 120  # the sentence part read: at most this many characters either side of the citation
HEAD_MAX = 10  # a heading: at most this many characters
HEAD = re.compile(rf"^\s*[①-⑳]?\s*(?P<head>[\u4e00-\u9fff·]{{{HEAD_MIN},{HEAD_MAX}}}?)(?:[：:⸺〔（(＝【]|\s)")
_OPENING = re.compile(r"^\s*[①-⑳]?\s*(?P<run>[\u4e00-\u9fff]+)")
_CJK = re.compile(r"[\u4e00-\u9fff]+")
_LABEL = re.compile(r"[①-⑳]")
_ROW_END = "｜"


@dataclass(frozen=True)
class WordedItem(ExplainedPlace):
    """The sibling item that alone says the words of the citing sentence part: the word and how (heading or
    text)."""

    word: str = ""
    heading: bool = False
    restated_by: str = ""  # the item that says the word, when it restates what this earlier item says
    first: str = ""  # the run both say

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        if self.restated_by:
            return (
                f"所在句段有「{self.word}」一语，同条 {self.restated_by} 原文有此语，系重述：句段所言「{self.first}」"
                f"先见于 {self.name}；{cited} 不讲它",
                f"the sentence part says '{self.word}', which {self.restated_by} says verbatim as a restatement: "
                f"the part's '{self.first}' is said first by {self.name}; {cited} does not say it",
            )
        if self.heading:
            return (
                f"所在句段言及「{self.word}」，是同条 {self.name} 的标题所指，{cited} 不讲它",
                f"the sentence part speaks of '{self.word}', which heads {self.name} of the same clause; "
                f"{cited} does not say it",
            )
        return (
            f"所在句段有「{self.word}」一语，同条各项中唯 {self.name} 原文有此语，{cited} 不讲它",
            f"the sentence part says '{self.word}', which of the clause's items only {self.name} says "
            f"verbatim; {cited} does not say it",
        )


def item_body(place: Place) -> str:
    """An item place's own text (its clause's title before the first 。 left out)."""
    return body_text(place.text)


def _runs(text: str, lo: int, hi: int) -> frozenset[str]:
    """Every run of ``lo`` to ``hi`` CJK characters of ``text``."""
    return frozenset(
        r[i:j]
        for r in _CJK.findall(text)
        for i in range(len(r))
        for j in range(i + lo, min(len(r), i + hi) + 1)
    )


def _grams(text: str) -> list[tuple[int, str]]:
    """Every run of exactly ``VERBATIM`` CJK characters of ``text`` with its offset."""
    return [
        (m.start() + i, m.group(0)[i : i + VERBATIM])
        for m in _CJK.finditer(text)
        for i in range(len(m.group(0)) - VERBATIM + 1)
    ]


def base_label(name: str) -> str:
    """An item's name without its variant (「2.8.1③之三」 → 「2.8.1③」)."""
    return name.partition("之")[0]


def heading(body: str, vocab: Vocabulary) -> str:
    """An item's heading: its CJK words after its label up to the first punctuation or space (``HEAD``); when
    no mark ends it (a table row whose heading cell runs into its text: 「效果免疫不拦截落身…」), the longest
    term of the text's vocabulary that the item's words open with (「效果免疫」), else none."""
    m = HEAD.match(body)
    if m is not None:
        return m.group("head")
    o = _OPENING.match(body)
    run = o.group("run") if o is not None else ""
    return next((run[:k] for k in range(min(HEAD_MAX, len(run)), HEAD_MIN - 1, -1) if run[:k] in vocab), "")


@dataclass(frozen=True)
class _Telling:
    """A clause's items, each one's heading words no other item's heading holds, and each run of ``VERBATIM``
    characters of the items' texts held by exactly one item, with that item's index (a longer run held by one
    item holds such a run)."""

    names: tuple[str, ...]
    bodies: tuple[str, ...]  # squashed
    heads: dict[str, list[tuple[str, int]]]  # by its first two characters: each heading word and its item
    runs: dict[str, int]


_TELLING: PerLintTable[Topics, str, _Telling] = PerLintTable()


def _telling(topics: Topics, cid: str) -> _Telling:
    """Clause ``cid``'s items' telling words (memoised per lint: every citation of the clause asks the same)."""

    def build() -> _Telling:
        items = topics.places.items(cid)
        bodies = [item_body(p) for p in items]
        heads = [_runs(heading(b, topics.vocab), HEAD_MIN, len(b)) for b in bodies]
        only: dict[str, list[tuple[str, int]]] = {}
        for k, h in enumerate(heads):
            for w in h - frozenset().union(*heads[:k], *heads[k + 1 :]):
                only.setdefault(w[:2], []).append((w, k))
        squashed = tuple(squash(b) for b in bodies)
        # every window of the text (one holding a digit or a letter matches no run of the part's words)
        grams = [{b[i : i + VERBATIM] for i in range(len(b) - VERBATIM + 1)} for b in squashed]
        held = Counter(g for gs in grams for g in gs)
        runs = {g: k for k, gs in enumerate(grams) for g in gs if held[g] == 1}
        return _Telling(tuple(p.name for p in items), squashed, only, runs)

    return _TELLING.get_or_build(topics, cid, build)


def _said(telling: _Telling, part: str) -> dict[str, tuple[str, bool]]:
    """Each item whose telling words the part says: the longest (a heading word, or the part's longest stretch
    of consecutive runs that item alone holds, at most ``RUN_MAX`` characters), and whether it is a heading's."""
    said: dict[str, tuple[str, bool]] = {}
    for i in range(len(part) - 1):
        for w, k in telling.heads.get(part[i : i + 2], ()):
            name = telling.names[k]
            if part.startswith(w, i) and (
                name not in said or (len(w), w) > (len(said[name][0]), said[name][0])
            ):
                said[name] = (w, True)
    best: dict[int, str] = {}
    run_k, run_start, run_end = -1, 0, 0  # the stretch of consecutive runs one item holds, being read
    for off, gram in _grams(part):
        k = telling.runs.get(gram, -1)
        if k < 0:
            run_k = -1
            continue
        if k == run_k and off == run_end - VERBATIM + 1 and off + VERBATIM - run_start <= RUN_MAX:
            run_end = off + VERBATIM
        else:
            run_k, run_start, run_end = k, off, off + VERBATIM
        word = part[run_start:run_end]
        if word in telling.bodies[k] and len(word) > len(best.get(k, "")):
            best[k] = word
    for k, word in best.items():
        name = telling.names[k]
        if name not in said or len(word) > len(said[name][0]):
            said[name] = (word, False)
    return said


def part_bounds(text: str, at: int, end: int) -> tuple[int, int]:
    """The bounds of the sentence part around the citation (``citesubject.sentence_part``), cut also where an
    item label stands (a row of items run together: 「复生受封锁（2.8.3③总清单内）⑦额度记账…」), and at most
    ``PART_SPAN`` characters either side (the search for the cut stays near the citation)."""
    w0 = max(0, at - PART_SPAN)
    lo, hi = sentence_part(text[w0 : end + PART_SPAN], at - w0, end - w0)
    lo, hi = lo + w0, hi + w0
    before = [m.end() for m in _LABEL.finditer(text, lo, at)]
    after = _LABEL.search(text, end, hi)
    return max([lo, *before]), after.start() if after is not None else hi


def words_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The words of the citing sentence part that one sibling item alone says, and that item (see the
    module's docstring)."""
    if ref.kind is not ITEM_REF or not ref.target_item or not ref.target_clause:
        return None
    text, end = unit.text, at + len(ref.raw)
    registry = topics.places.registry
    if in_tag(text, at) or (registry is not None and unit.id == registry.clause):
        return None
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    entry = topics.glossary(unit)
    if entry:
        bracket = open_bracket(text, at, 0)
        close = len(text) if bracket is None else close_bracket(text, bracket, len(text))
        if close >= len(text) or not closes_entry(text, close):
            return (
                None  # a citation inside an entry's prose (no bracket, or one a mark follows) is not its own
            )
        part = squash(text[entry_start(text, at) : bracket])  # the entry, up to its closing citation
    else:
        lo, hi = part_bounds(text, at, end)
        part = f"{squash(text[lo:at])}\n{squash(text[end:hi])}"  # (no word runs across the citation)
    said = _said(_telling(topics, ref.target_clause), part)
    if len(said) > 1:
        # a word in many clauses names nothing particular: a sibling said only so is no candidate (the cited
        # item stays, whatever it is said by: the part may be speaking of it)
        said = {n: ws for n, ws in said.items() if n == place.name or particular(topics, ws[0])}
    if len(said) != 1:
        return None
    ((name, (word, heading)),) = said.items()
    if name == place.name or related(name, unit.id) or not particular(topics, word):
        return None
    sibling = next((p for p in near if p.name == name), None)
    if sibling is None or base_label(sibling.name) == base_label(place.name):
        return None  # (「2.8.1③之三」 is a part of ③: a citation of one may mean the words of the other)
    cited = squash(item_body(place))
    n = HEAD_MIN if heading else SHARED_RUN
    if any(word[i : i + n] in cited for i in range(len(word) - n + 1)):
        return None  # the cited item says part of it: the same matter in other words
    items = topics.places.items(ref.target_clause)
    if items[-1].name == name and all(p.text.rstrip().endswith(_ROW_END) for p in items[:-1]):
        return None  # the last row of a table runs on with the clause's prose after the table
    if not heading and not entry:  # (an entry's words define its term: no item restates another there)
        first = _said_first(items, part, sibling, place)
        if first is not None:
            owner, run = first
            return [word], WordedItem(owner.name, owner.text, word=word, restated_by=sibling.name, first=run)
    return [word], WordedItem(sibling.name, sibling.text, word=word, heading=heading)


def _said_first(items: list[Place], part: str, sibling: Place, cited: Place) -> tuple[Place, str] | None:
    """The earliest item before ``sibling`` (not the cited one nor a variant of it) that holds a run of
    ``VERBATIM`` characters of the part which ``sibling`` holds too, and the run: the sibling restates what that
    item says first (5.7⑥ 「感染侧护盾不抵挡感染、不参与抵免层序，见 5.3」 beside ③ 「…不抵挡感染」)."""
    k = next((i for i, p in enumerate(items) if p.name == sibling.name), 0)
    own = squash(item_body(sibling))
    shared = [g for _, g in _grams(part) if g in own]
    for earlier in items[:k]:
        if earlier.name == cited.name or base_label(earlier.name) == base_label(cited.name):
            continue
        body = squash(item_body(earlier))
        run = next((g for g in shared if g in body), None)
        if run is not None:
            return earlier, run
    return None


def words_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`words_fit` under family q's guards (:func:`headwords.guarded`)."""
    return guarded(topics, unit, at, ref, words_fit(topics, unit, at, ref))
