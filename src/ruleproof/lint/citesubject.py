"""(q) The subject of the citing sentence part: a word of one sibling's title, none of the cited place's.

「染血计数的攻击方口径…依 7.2.2」「变形者镜像账本之回收…（2.8.5）」: the sentence part a citation stands in names what
it is about, and the text titles the place that sets a thing out by that thing's name.  After a renumbering to a
sibling (2.8.5 「变身份时的资源账本通则」 → 2.8.4 「伤害类型归属通则」) the part still says the word only the
original's title holds.  :mod:`citetitled` and :mod:`citenamed` read the words glued to the citation (a bracket,
a connective, an item's heading); this rule reads the whole sentence part — weaker evidence, so it stands under
more guards and answers only where those stay silent.

*The part.*  The citation's sentence cut at 。；！？｜ and at ，：⸺ (``PART_CUT``): a sentence often cites two
places, each in its own part.  A citation in a bracket glued to a term (「转职（4.2）」) is the glued readings'
and is not read here.

*The titles' words.*  Every run of ≥ 2 characters of a candidate's title pieces (:func:`citenamed.title_pieces`,
its own title and its sub-clauses'), for the cited place and the siblings a renumbering lands on
(``topics.target``); a word only one candidate's titles hold tells that candidate apart.

A citation of one clause (no item) is reported, naming the sibling (:class:`SubjectPlace`), when

- the part says telling words of exactly one candidate, and that candidate is not the cited place nor of the
  citing clause's own family (the longest word is the one named);
- the word names something particular: it is in at most a tenth of the clauses (``topics.STRONG_SHARE``), and
  the sibling's text says it at least three times as often as the cited place's (``SUBJECT_RATIO``: the cited
  place may speak of it in passing, but a place about it says it more);
- the part cites nothing else of the sibling's family (「额外出刀 5.4.2」 beside 「异形出刀（5.6）」: the word is
  the other citation's), the word is not only after 「X 的」 (「仍受 5.6 的全部目标限制」: what follows 的 is
  something the cited place has), and the citing clause is not the exception registry (its rows run together
  without a stop);
- family q's guards hold (:func:`headwords.guarded`: comparison, denial, number pair, gate, list).

Titles' words, each candidate group's telling words and the clauses' texts for the share are read once per lint
(:data:`_WORDS`, :data:`_TELLING`, :func:`_clause_texts`);
a citation reads its sentence part.  Measured: docs/lint.md, family q, "Seventeenth pass — the subject of the citing
sentence part".
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citenamed import bracketed_term, title_pieces
from ruleproof.lint.citetext import in_tag, related, squash, squash_titled
from ruleproof.lint.context import CLAUSE_REF
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import PerLintTable, per_lint
from ruleproof.lint.topics import STRONG_SHARE, ExplainedPlace

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref, RefKind

PART_CUT = "。；;！？!?｜\n，,：:⸺—"  # what ends the sentence part a citation stands in
SUBJECT_RATIO = 3  # the sibling says the word at least this many times as often as the cited place
WORD_MIN = 2
CLAUSE_ID = re.compile(r"§?\d+(?:\.\d+)+")


@dataclass(frozen=True)
class SubjectPlace(ExplainedPlace):
    """The sibling whose title holds a word the citing sentence part says: the word, the title."""

    word: str = ""
    title: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"所在句段言及「{self.word}」，见于 {self.name} 的标题「{self.title}」，不见于 {cited} 的标题",
            f"the sentence part speaks of '{self.word}', which is in the title of {self.name} ('{self.title}'), "
            f"not in {cited}'s",
        )


_WORDS: PerLintTable[Topics, str, frozenset[str]] = PerLintTable()
_SHARE: PerLintTable[Topics, str, int] = PerLintTable()
_TELLING: PerLintTable[Topics, tuple[str, ...], tuple[frozenset[str], ...]] = PerLintTable()


@per_lint
def _sorted_ids(topics: Topics) -> list[str]:
    """The clause ids in string order: a clause's sub-clauses (its id and a dot before theirs) sort together."""
    return sorted(topics.ctx.doc.clauses)


def title_words(topics: Topics, name: str) -> frozenset[str]:
    """Every run of ≥ 2 characters of the title pieces of clause ``name`` and its sub-clauses (memoised)."""

    def build() -> frozenset[str]:
        clauses = topics.ctx.doc.clauses
        ids = _sorted_ids(topics)
        prefix = name + "."
        family = [name] if name in clauses else []
        k = bisect_left(ids, prefix)
        while k < len(ids) and ids[k].startswith(prefix):  # a family's ids sort together
            family.append(ids[k])
            k += 1
        pieces = [p for cid in family for p in title_pieces(clauses[cid].title)]
        return frozenset(
            p[i:j] for p in pieces for i in range(len(p)) for j in range(i + WORD_MIN, len(p) + 1)
        )

    return _WORDS.get_or_build(topics, name, build)


def _telling(topics: Topics, group: tuple[str, ...]) -> tuple[frozenset[str], ...]:
    """Each candidate's title words that no other candidate of the group holds (memoised per group: every
    citation of a clause asks the same group)."""

    def build() -> tuple[frozenset[str], ...]:
        words = [title_words(topics, name) for name in group]
        return tuple(w - frozenset().union(*words[:k], *words[k + 1 :]) for k, w in enumerate(words))

    return _TELLING.get_or_build(topics, group, build)


@per_lint
def _clause_texts(topics: Topics) -> tuple[str, ...]:
    """Each clause's own title and body, squashed (for the share of clauses that say a word)."""
    return tuple(squash_titled(u.title, u.text) for u in topics.ctx.clause_units)


def particular(topics: Topics, word: str) -> bool:
    """In at most a tenth of the clauses (family q's share for a term that names something particular)."""
    texts = _clause_texts(topics)
    count = _SHARE.get_or_build(topics, word, lambda: _clauses_saying(topics, word, texts))
    return count <= STRONG_SHARE * len(texts)


def _clauses_saying(topics: Topics, word: str, texts: tuple[str, ...]) -> int:
    """How many of the clauses' squashed ``texts`` say ``word``: read only in those the vocabulary's index
    says have all its characters (its first texts are the clauses', in order, each with its title)."""
    index = topics.vocab.index
    if not word or index is None or topics.vocab.units < len(texts):
        return sum(word in t for t in texts)
    n = len(texts)
    return sum(word in texts[i] for i in index.holding(word) if i < n)


def sentence_part(text: str, at: int, end: int) -> tuple[int, int]:
    """The bounds of the sentence part around ``text[at:end]`` (cut at ``PART_CUT``)."""
    lo = max(text.rfind(c, 0, at) for c in PART_CUT) + 1
    his = [h for h in (text.find(c, end) for c in PART_CUT) if h >= 0]
    return lo, min(his, default=len(text))


def opening(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[Place]] | None:
    """The cited place and the candidate set (it first, then the siblings a renumbering lands on) of a citation
    of one clause that the sentence-part readings ask: not the registry's rows, a tag, a glossary entry, nor a
    bracket glued to a term (the glued readings' position)."""
    if ref.kind is not CLAUSE_REF or ref.target_item or not ref.target_clause or ref.raw.startswith("〔"):
        return None
    text = unit.text
    registry = topics.places.registry
    if registry is not None and unit.id == registry.clause:
        return None
    if bracketed_term(text, at, ref.raw) or in_tag(text, at) or topics.glossary(unit):
        return None  # a glued bracket is citetitled's and citenamed's position
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    return place, [place, *near]


def telling_said(topics: Topics, candidates: list[Place], part: str) -> dict[str, str]:
    """Each candidate whose telling title words the squashed ``part`` says, with the longest one said."""
    said: dict[str, str] = {}
    for p, words in zip(candidates, _telling(topics, tuple(p.name for p in candidates)), strict=True):
        telling = [w for w in words if w in part]
        if telling:
            said[p.name] = max(telling, key=lambda w: (len(w), w))
    return said


def sibling_said(
    topics: Topics, unit: Unit, at: int, candidates: list[Place], said: dict[str, str], lo: int, hi: int
) -> tuple[str, Place] | None:
    """The one sibling the part ``text[lo:hi]`` around the citation at ``at`` speaks of (``said``: by
    :func:`telling_said`) and its word, when it is not the cited place (``candidates[0]``) nor of the citing
    clause's family, the word names something particular and the sibling says it ≥ ``SUBJECT_RATIO`` times as
    often as the cited place, and the part cites nothing else of the sibling's family."""
    if len(said) != 1:
        return None
    ((name, word),) = said.items()
    place = candidates[0]
    if name == place.name or related(name, unit.id):
        return None
    sibling = next(p for p in candidates if p.name == name)
    if squash(place.text).count(word) * SUBJECT_RATIO > squash(sibling.text).count(word):
        return None
    if not particular(topics, word):  # (after the two texts' counts: this one reads every clause)
        return None
    if any(
        m.start() != at and related(m.group(0).lstrip("§"), name)
        for m in CLAUSE_ID.finditer(unit.text, lo, hi)
    ):
        return None  # the word is the other citation's
    return word, sibling


def titled(
    topics: Topics, sibling: Place, word: str, kind: type[SubjectPlace] = SubjectPlace
) -> tuple[list[str], Place]:
    """The fit naming ``sibling`` (as a ``kind`` of place) by ``word`` of its title."""
    clause = topics.ctx.doc.clauses.get(sibling.name)
    title = clause.title if clause is not None else ""
    return [word], kind(sibling.name, sibling.text, word=word, title=title)


_PART_SAID: PerLintTable[
    Topics, tuple[str, int, str, RefKind, str, str], tuple[list[Place], dict[str, str], int, int] | None
] = PerLintTable()


def part_said(
    topics: Topics, unit: Unit, at: int, ref: Ref
) -> tuple[list[Place], dict[str, str], int, int] | None:
    """The candidates of a citation :func:`opening` asks, the telling words its sentence part says (by
    candidate, :func:`telling_said`) and the part's bounds — memoised per lint (the pair reading of
    :mod:`citecarry` asks again what :func:`subject_fit` read)."""

    def build() -> tuple[list[Place], dict[str, str], int, int] | None:
        opened = opening(topics, unit, at, ref)
        if opened is None:
            return None
        candidates = opened[1]
        lo, hi = sentence_part(unit.text, at, at + len(ref.raw))
        return candidates, telling_said(topics, candidates, squash(unit.text[lo:hi])), lo, hi

    key = (unit.id, at, ref.raw, ref.kind, ref.target_clause or "", ref.target_item or "")
    return _PART_SAID.get_or_build(topics, key, build)


def subject_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The word of the citing sentence part that one sibling's title alone holds, and that sibling."""
    said = part_said(topics, unit, at, ref)
    if said is None:
        return None
    lo = said[2]
    found = sibling_said(topics, unit, at, *said)
    if found is None:
        return None
    text, end = unit.text, at + len(ref.raw)
    word, sibling = found
    if word not in squash(text[lo:at]) and text[end : end + 2].lstrip().startswith("的"):
        return None  # 「受 5.6 的全部目标限制」: what follows 的 is the cited place's
    return titled(topics, sibling, word)


def subject_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`subject_fit` under family q's guards (:func:`headwords.guarded`)."""
    return guarded(topics, unit, at, ref, subject_fit(topics, unit, at, ref))
