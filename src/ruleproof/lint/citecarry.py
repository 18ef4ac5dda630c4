"""(q) The subject said nearby: a part before the citation's own, a glued term's sub-clause titles, two siblings named.

Readings of the title evidence :mod:`citesubject`, :mod:`citetitled` and :mod:`citenamed` read, for the
citations they leave silent.

*The subject carried from the part before* (:func:`carried_fit`).  「⑤胜负：逃亡生效即判外星人次胜；对局继续，依
1.2.5」「（步骤 11 已冻结，依 1.4）」: the part the citation stands in (:func:`citesubject.sentence_part`) names
nothing — the thing it hands to the cited place was said in the part before, and the text titles the place that
sets a thing out by that thing's name (1.2.5 「逃亡（次胜）与对局继续」).  After a renumbering to a sibling the part
before still says the word only the original's titles hold.  The citation's part is cut, besides at
:data:`citesubject.PART_CUT`, at the bracket it stands in (「（其自身…，见 3.3.8，非自救）」: the bracket is a remark
of its own).  Parts are read back, within the sentence (not across 。！？｜ or a line) and the bracket, to the
first that says a telling title word of a candidate (:func:`citesubject.telling_said`); the walk gives up at a
part that cites a place (that part's words are its own citation's) or names something particular that is no
candidate's — a whole title name (:func:`citenamed.title_pieces`) of any clause in at most a tenth of the clauses
(「…，系救援额度指向自身，见 3.3.8」: 救援额度 is 4.6.1's, the subject nearest the citation).  A citation of one
clause is reported, naming the sibling (:class:`citesubject.SubjectPlace`), when

- its own part says no title word of any candidate (a part that names something is :mod:`citesubject`'s, and
  a word all candidates share tells nothing);
- the lending part's telling words name one candidate alone, under :func:`citesubject.sibling_said`'s tests
  (not the cited place nor of the citing clause's family, a particular word, said ≥ 3× as often by the sibling,
  no other citation of its family in the citing part), the citation is not followed by 的 (「依 5.6 的…」: what
  follows is the cited place's), and family q's guards hold (:func:`headwords.guarded`).

*A glued term against sub-clause titles* (:func:`family_titled_fit`).  「抗体（4.5）」「②沉默（6.1）」
「第一层抗体（4.5，感染侧专属）」: the term glued to a bracket is named by a sub-clause's title (4.5.3
「抗体触发感知」, 6.1.2 「沉默机制」), not by the cited clause's own title (4.5 「生化医师」), which is all
:mod:`citetitled` reads.  A bracket that opens with the citation and goes on after a comma (「（4.5，感染侧专属）」)
annotates the term as well.  The term's head word (its last two characters) is looked up among the title words
of each candidate's family (:func:`citesubject.title_words`: its title and its sub-clauses'); reported when the
cited family's titles lack it and exactly one sibling's hold it, not of the citing clause's family, the cited
place's text does not print the term's last three characters (「原职业标注」: the place speaks of the very thing),
the term is no count (「全局 2 个夜晚（2.5）」: a number before the term counts nights, it names no rule), and
family q's guards hold.  Unlike :mod:`citetitled` it reads a term inside a tag's 〔〕 (「全额减免〔工程师安全室
（4.3.1）、…〕」): a tag's own citation (〔通则 2.9 之例外〕) has no bracket glued to a term, so the tag guard
is not needed to leave it.

*A shared head told by its modifier* (:func:`family_titled_fit`'s second branch).  「①已处于决斗时刻（1.4.2）」
renumbered to 1.4.1 「寂灭时刻」: both titles hold the head 时刻, so the head reading is silent; the two characters
before it (决斗) are the cited family's titles' nowhere, and one sibling's family titles print modifier and head
together (1.4.2 「决斗时刻」) — the citing family's own titles do not count (1.4.3 「僵局判定【仅适用于决斗时刻…】」).

*Two siblings named* (:func:`pair_fit`).  「不适用于 2.8.2 伤害…」: the part says 层序 (2.8.2's titles) and 伤害
(2.8.4's); renumbered to 2.8.1, two candidates are named and neither is the cited place.  Reported when the part
(the citation's own: :func:`citesubject.part_said`) names exactly two candidates (three or more are a list of
things: 「不能击杀∕蛰伏∕自我治疗（依6.3）」), neither the cited place nor of the citing family, the cited place's
text prints neither word (「虽反馈「无效」，仍依4.10.6 记入」: 4.10.6 speaks of 濒死 and 无效 both — the one own
flag without this guard), and :func:`citesubject.sibling_said` upholds one of them (both: the longer word's; of
one length, none).

*An ancestor cited* (:func:`ancestor_verdict`, asked by ``topics.self_citation``).  「当夜未出刀，刀数照常回复，见
5.6」 in 5.5.3 renumbered to 5.5, the citing clause's own parent: such citations are judged apart from the chain,
by the owners of the phrase and the list rules only.  The book cites an ancestor from inside it by the ancestor's
own words or its 总则 (「与救援医师同席位（4.6）」 in 4.6.4, 「依 7.2 总则」 in 7.2.7; none of its 15 ancestor
citations is by a sibling's title word, ``tests/lint/test_citation_carry.py``): the subject readings
(:func:`citesubject.subject_fit`, :func:`carried_fit`, :func:`family_titled_fit`) are asked as for any citation.

All read the few parts around the citation and title words memoised per lint (:mod:`citesubject`'s tables;
the title names once per lint, :func:`_title_names`).  Measured: docs/lint.md, family q,
"Eighteenth pass — the subject said nearby" and the nineteenth pass's citecarry20 paragraph.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint import citesubject
from ruleproof.lint.citenamed import title_pieces
from ruleproof.lint.citetext import REFERENCE, related, squash
from ruleproof.lint.citetitled import HEAD_LEN, annotated_term, cjk_run_before, cover
from ruleproof.lint.context import CLAUSE_REF
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import PerLintTable, per_lint

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

SENTENCE_END = "。！？!?｜\n"  # a part is carried within its sentence: never across these
OPENERS = "（("
CLOSERS = "）)"
REMARK = "，,"  # 「（4.5，感染侧专属）」: the citation first, a remark after the comma
_BRACKETS = OPENERS + CLOSERS
_CUTS = re.compile(f"[{re.escape(citesubject.PART_CUT + _BRACKETS)}]")  # what a unit's layout lists
_ITEM_LABEL = re.compile("[①-⑳]")
MODIFIED_LEN = 2 * HEAD_LEN  # a modifier word and the head: 「决斗时刻」
COUNTED = re.compile(r"[0-9０-９]\s*$")  # a number right before the term: a count (「2 个夜晚」), no name


@dataclass(frozen=True)
class CarriedPlace(citesubject.SubjectPlace):
    """The sibling whose title holds a word the part before the citation's own says."""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"引用所在句段未言及所指，其前句段言及「{self.word}」，见于 {self.name} 的标题「{self.title}」，"
            f"不见于 {cited} 的标题",
            f"the citation's sentence part names nothing; the part before speaks of '{self.word}', which is in "
            f"the title of {self.name} ('{self.title}'), not in {cited}'s",
        )


@dataclass(frozen=True)
class SubtitledPlace(citesubject.SubjectPlace):
    """The sibling whose family's titles hold the head word of the term a bracket annotates."""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"括注所标之词以「{self.word}」为中心词，见于 {self.name} 一系的标题「{self.title}」，"
            f"不见于 {cited} 一系的标题",
            f"the bracket annotates a term headed by '{self.word}', which is in a title of {self.name}'s family "
            f"('{self.title}'), not in {cited}'s",
        )


@per_lint
def _title_names(topics: Topics) -> tuple[frozenset[str], int]:
    """Every whole title name of the text (:func:`citenamed.title_pieces`) and the longest one's length."""
    names = frozenset(p for c in topics.ctx.doc.clauses.values() for p in title_pieces(c.title))
    return names, max(map(len, names), default=0)


def _names_a_title(topics: Topics, part: str) -> bool:
    """The squashed ``part`` says a whole title name of the text (「救援额度」: 4.6.1's)."""
    names, longest = _title_names(topics)
    return any(
        part[i:j] in names for i in range(len(part)) for j in range(i + 2, min(len(part), i + longest) + 1)
    )


@dataclass(frozen=True)
class _Layout:
    """Where a unit's text cuts: the sorted offsets of its part cuts (:data:`citesubject.PART_CUT`) and
    brackets, read in one pass (memoised per unit and lint)."""

    text: str
    cuts: list[int]

    @staticmethod
    def read(text: str) -> _Layout:
        return _Layout(text, [m.start() for m in _CUTS.finditer(text)])

    def part_start(self, at: int) -> int:
        """Where the sentence part holding offset ``at`` starts (as :func:`citesubject.sentence_part` cuts)."""
        k = bisect_left(self.cuts, at) - 1
        while k >= 0 and self.text[self.cuts[k]] not in citesubject.PART_CUT:
            k -= 1
        return self.cuts[k] + 1 if k >= 0 else 0

    def bracket(self, at: int) -> tuple[int, int]:
        """The inside of the bracket offset ``at`` stands in, or the whole text."""
        k = bisect_left(self.cuts, at)
        j = k - 1
        while j >= 0 and self.text[self.cuts[j]] not in _BRACKETS:
            j -= 1
        if j < 0 or self.text[self.cuts[j]] not in OPENERS:
            return 0, len(self.text)
        while k < len(self.cuts) and self.text[self.cuts[k]] not in CLOSERS:
            k += 1
        return self.cuts[j] + 1, self.cuts[k] if k < len(self.cuts) else len(self.text)


_LAYOUTS: PerLintTable[Topics, str, _Layout] = PerLintTable()


def _carried(
    topics: Topics, unit: Unit, at: int, ref: Ref
) -> tuple[list[Place], dict[str, str], int, int] | None:
    """The candidates, the telling words the nearest part before the citation's own says (by candidate) and
    the bounds of the citation's own part, when that part names no candidate."""
    if ref.kind is not CLAUSE_REF or ref.target_item:
        return None
    text, end = unit.text, at + len(ref.raw)
    if text[end : end + 2].lstrip().startswith("的"):
        return None  # 「依 5.6 的全部目标限制」: what follows 的 is the cited place's
    layout = _LAYOUTS.get_or_build(topics, unit.id, lambda: _Layout.read(text))
    lo = layout.part_start(at)
    if lo == 0 or text[lo - 1] in SENTENCE_END or _ITEM_LABEL.search(text, lo, at):
        return None  # no part before the citation's own in its sentence and item
    floor, ceiling = layout.bracket(at)
    lo = max(lo, floor)
    if lo <= floor:
        return None  # the bracket opens in the citation's own part: nothing before it in the bracket
    opened = citesubject.opening(topics, unit, at, ref)
    if opened is None:
        return None
    candidates = opened[1]
    cur = lo
    while True:
        start = max(layout.part_start(cur - 1), floor)
        said_before = text[start : cur - 1]
        if citesubject.CLAUSE_ID.search(said_before):
            return None  # the part's words are its own citation's
        lend = squash(said_before)
        said = citesubject.telling_said(topics, candidates, lend)
        if said:
            break
        if start <= floor or text[start - 1] in SENTENCE_END or _ITEM_LABEL.search(said_before):
            return None  # nothing before in the sentence, the bracket or the item (「⑤可见性＝…」 opens one)
        if _names_a_title(topics, lend):
            return None  # the part names a thing of its own, nearer than any candidate's
        cur = start
    hi = min(citesubject.sentence_part(text, at, end)[1], ceiling)
    part = squash(text[lo:hi])
    if any(w in part for p in candidates for w in citesubject.title_words(topics, p.name)):
        return None  # the citation's own part names its subject (or a word every candidate's titles share)
    return candidates, said, lo, hi


def carried_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The telling word of the nearest part before the citation's own that names a candidate, and that
    candidate, when the citation's part names none."""
    carried = _carried(topics, unit, at, ref)
    if carried is None or len(carried[1]) != 1:
        return None
    found = citesubject.sibling_said(topics, unit, at, *carried)
    return citesubject.titled(topics, found[1], found[0], CarriedPlace) if found is not None else None


def carried_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`carried_fit` under family q's guards (:func:`headwords.guarded`)."""
    return guarded(topics, unit, at, ref, carried_fit(topics, unit, at, ref))


PAIR = 2  # a part naming two candidates; three or more are a list of things (「不能击杀∕蛰伏∕自我治疗（依6.3）」)


@dataclass(frozen=True)
class PairPlace(citesubject.SubjectPlace):
    """One of two siblings the citation's own part names by their titles' words, neither the cited place:
    the other's word and name beside."""

    other: str = ""
    other_name: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"引用所在句段言及「{self.word}」「{self.other}」，分见于 {self.name}、{self.other_name} 的标题，"
            f"{cited} 的标题与正文皆不言及；「{self.word}」见于 {self.name} 的标题「{self.title}」",
            f"the citation's sentence part speaks of '{self.word}' and '{self.other}', in the titles of "
            f"{self.name} and {self.other_name}; neither is in {cited}'s title or text — '{self.word}' is in "
            f"the title of {self.name} ('{self.title}')",
        )


def _pair_pick(
    topics: Topics, unit: Unit, at: int, candidates: list[Place], said: dict[str, str], lo: int, hi: int
) -> tuple[list[str], Place] | None:
    """Of two candidates the words ``said`` name, neither the cited place (``candidates[0]``) nor of the citing
    family, and neither word printed by the cited place: the one :func:`citesubject.sibling_said` upholds
    (both: the longer word's; of one length, none)."""
    place = candidates[0]
    if len(said) != PAIR or place.name in said or any(related(name, unit.id) for name in said):
        return None
    cited = squash(place.text)
    if any(word in cited for word in said.values()):
        return None  # the cited place speaks of one of them (「虽反馈「无效」，仍依4.10.6 记入」)
    upheld = [
        f
        for name, word in said.items()
        if (f := citesubject.sibling_said(topics, unit, at, candidates, {name: word}, lo, hi))
    ]
    upheld.sort(key=lambda f: -len(f[0]))
    if not upheld or (len(upheld) == PAIR and len(upheld[0][0]) == len(upheld[1][0])):
        return None
    word, sibling = upheld[0]
    ((other_name, other),) = ((n, w) for n, w in said.items() if n != sibling.name)
    clause = topics.ctx.doc.clauses.get(sibling.name)
    title = clause.title if clause is not None else ""
    return [word], PairPlace(
        sibling.name, sibling.text, word=word, title=title, other=other, other_name=other_name
    )


def pair_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The citation's part names two candidates, neither the cited place, which prints neither word: the one
    sibling upheld by :func:`_pair_pick`."""
    said = citesubject.part_said(topics, unit, at, ref)
    if said is None or len(said[1]) != PAIR:
        return None
    found = _pair_pick(topics, unit, at, *said)
    text, end, lo = unit.text, at + len(ref.raw), said[2]
    if (
        found is not None
        and found[0][0] not in squash(text[lo:at])
        and text[end : end + 2].lstrip().startswith("的")
    ):
        return None  # 「受 5.6 的全部目标限制」: what follows 的 is the cited place's
    return found


def pair_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`pair_fit` under family q's guards (:func:`headwords.guarded`)."""
    return guarded(topics, unit, at, ref, pair_fit(topics, unit, at, ref))


def ancestor_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """A citation of an ancestor of the citing clause (「当夜未出刀，刀数照常回复，见 5.5」 in 5.5.3, renumbered from
    5.6), read as any citation by its part's subject (:func:`citesubject.subject_fit`), the part before
    (:func:`carried_fit`) and a glued term's sub-clause titles (:func:`family_titled_fit`): the book cites an
    ancestor from inside it by the ancestor's own words (「与救援医师同席位（4.6）」 in 4.6.4), so a part naming
    a sibling of the ancestor alone is as telling as elsewhere (asked by ``topics.self_citation``)."""
    if unit.id == ref.target_clause:
        return None
    for fit in (citesubject.subject_fit, carried_fit, family_titled_fit):
        found = guarded(topics, unit, at, ref, fit(topics, unit, at, ref))
        if found is not None:
            return found
    return None


def glued_term(text: str, at: int, raw: str) -> str:
    """The term a bracket glued to it annotates: 「抗体（4.5）」 (:func:`citetitled.annotated_term`) and
    「抗体（4.5，感染侧专属）」 — the citation first in the bracket, a remark after a comma."""
    term = annotated_term(text, at, raw)
    end = at + len(raw)
    if term or at < 1 or text[at - 1] not in OPENERS or text[end : end + 1] not in REMARK:
        return term
    return cjk_run_before(text, at - 1)


def family_titled_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The glued term's head word and the one sibling whose family's titles hold it, when the cited family's
    titles do not."""
    if ref.kind is not CLAUSE_REF or ref.target_item or not ref.target_clause:
        return None
    text = unit.text
    term = glued_term(text, at, ref.raw)
    start = at - 1 - len(term)
    if not term or REFERENCE.search(term) or COUNTED.search(text, max(0, start - 3), start):
        return None
    place, near = topics.target(ref)
    if place is None or not near or topics.glossary(unit):
        return None
    head = term[-HEAD_LEN:]
    if head in citesubject.title_words(topics, place.name):
        return _modifier_fit(topics, unit, term, place, near)
    hits = [p for p in near if head in citesubject.title_words(topics, p.name)]
    if len(hits) != 1 or related(hits[0].name, unit.id):
        return None
    if cover(term, citesubject.title_words(topics, hits[0].name)) <= cover(
        term, citesubject.title_words(topics, place.name)
    ):
        return None  # the cited family's titles name as much of the term (「行动位归属（2.8.6）」: 行动位)
    if len(term) > HEAD_LEN and term[-HEAD_LEN - 1 :] in squash(place.text):
        return None  # the cited place speaks of the very thing, modifier and head
    return [head], SubtitledPlace(
        hits[0].name, hits[0].text, word=head, title=_family_title(topics, hits[0], head)
    )


def _family_title(topics: Topics, sibling: Place, word: str) -> str:
    """The first title of ``sibling``'s family that prints ``word``."""
    return next(
        (
            c.title
            for cid, c in topics.ctx.doc.clauses.items()
            if (cid == sibling.name or cid.startswith(sibling.name + ".")) and word in c.title
        ),
        "",
    )


def _modifier_fit(
    topics: Topics, unit: Unit, term: str, place: Place, near: list[Place]
) -> tuple[list[str], Place] | None:
    """「已处于决斗时刻（1.4.1）」: the term's head (时刻) is in the cited family's titles too (1.4.1 「寂灭时刻」); the
    modifier right before it (决斗) tells the candidates apart — one sibling's family titles print modifier and
    head together (1.4.2 「决斗时刻」), the cited family's titles lack the modifier.  The cited place may speak of
    the sibling's thing (寂灭时刻 is set against 决斗时刻): what it is titled by is what it sets out."""
    if len(term) < MODIFIED_LEN:
        return None
    named = term[-MODIFIED_LEN:]
    if named[:-HEAD_LEN] in citesubject.title_words(topics, place.name):
        return None
    hits = [
        p for p in near if named in citesubject.title_words(topics, p.name) and not related(p.name, unit.id)
    ]
    if len(hits) != 1:
        return None  # (the citing family's own titles may name it: 1.4.3 「僵局判定【仅适用于决斗时刻…】」)
    return [named], SubtitledPlace(
        hits[0].name, hits[0].text, word=named, title=_family_title(topics, hits[0], named)
    )


def family_titled_verdict(
    topics: Topics, unit: Unit, at: int, ref: Ref
) -> tuple[Place, list[str], Place] | None:
    """:func:`family_titled_fit` under family q's guards (:func:`headwords.guarded`)."""
    return guarded(topics, unit, at, ref, family_titled_fit(topics, unit, at, ref))
