"""(q) The same phrase cited elsewhere: other clauses print the citation's words before a sibling.

A rulebook restates its set phrases where it cites them: 「受沉默与感染抑制封锁（2.8.3③）」 in four clauses,
「外星人蛰伏查验（6.1.1）」 in five, 「明文新增行动位并同步 2.1.1 与 2.1.6」 in three.  After a renumbering, the
edited citation still prints the phrase, and the other clauses still cite the old place after it.  The
book-habit rule (:mod:`ruleproof.lint.citebookhabit`) reads the ``RUN_WORDS`` characters before a citation
and wants three other clauses and a cited place that does not print those words; this rule reads the whole
phrase glued to the citation (the run of Chinese characters right before it, blanks and an opening bracket
between) and asks for a longer match, so two other clauses are enough and the cited place may print a word of
it (6.1.2 speaks of 蛰伏查验 too; no other clause cites it after 「外星人蛰伏查验」).  A citation is reported,
naming the sibling, when

- at least ``PHRASE_VOTES`` clauses other than the citing one print the same last ``PHRASE_MIN`` or more
  characters before a citation of exactly one place of the candidate set (the cited place and its siblings,
  :meth:`Topics.target`), and no other clause prints them before the cited place (an item citation counts for
  its clause, as the habit map files it);
- neither phrase has a negation right before the shared words (「不受沉默封锁」 is not 「受沉默封锁」);
- a voter's citation stands in a list exactly when the judged one does (「同步 2.1.1 与 2.1.6」 in three clauses:
  the phrase governs every member, so a list votes for a list printed alike, not for a single citation — and
  then the list rule's confirmation is not asked, the voters being that confirmation);
- no voter and not the citing clause is of the cited family (6.8.2 「死囚外星人依 6.8.1」 and 7.3.0 「死囚外星人依
  6.8.3」: the family's own subject, said by its members); the sibling is not of the citing clause's family, the
  citing sentence part cites the sibling's family nowhere else, the citation is no item appendix (「2.8.3④附」,
  :mod:`ruleproof.lint.citeconsistency`'s), and family q's guards hold (:func:`headwords.guarded`).

The phrases are the habit map's (:attr:`Topics.habits`): the map files each citation under the ``RUN_WORDS``
characters before it, and this rule asks it which citations are filed there (:meth:`CitationHabits.filed`),
so the habit audit (:mod:`ruleproof.lint.habit_audit`) judges every edit elsewhere that changes what it reads.
A citation the audit adds in a clause of its own (no text to read) is taken to print the whole phrase: the
worst case.  Measured on 返航录 v1preview1.0: docs/lint.md, family q, "Eighteenth pass — the same phrase
cited elsewhere".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint.citesubject import sentence_part
from ruleproof.lint.citetext import NEGATORS, cjk_tail, in_list, related
from ruleproof.lint.context import CLAUSE_OR_ITEM, ITEM_REF, safe_key
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import RUN_WORDS, ExplainedPlace, run_before

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

PHRASE_MIN = RUN_WORDS + 1  # shared characters before the citations: longer than the habit map's key
PHRASE_VOTES = 2  # other clauses citing the one sibling after the phrase
GLUED_SPAN = 40  # characters read back from a citation for its phrase
_CITED_ID = re.compile(r"[\d.． ]*\d[①-⑳]?")
# what may stand between the phrase and the citation: blanks and an opening bracket (the phrase is read
# backwards from the citation, as ``[\u4e00-\u9fff]+(?=[\s（(〔]*$)`` searched before it finds it,
# tests/lint/test_lint_indexes.py)
_GLUE = "（(〔"


@dataclass(frozen=True)
class ParallelPlace(ExplainedPlace):
    """The sibling other clauses cite after the same phrase: the phrase and those clauses."""

    phrase: str = ""
    clauses: tuple[str, ...] = ()

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        where = "、".join(self.clauses)
        return (
            f"引文前之「{self.phrase}」于 {where} 均引 {self.name}，全文无他处于此语后引 {cited}",
            f"the words '{self.phrase}' before it cite {self.name} in {', '.join(self.clauses)}; "
            f"nowhere else does the text cite {cited} after them",
        )


def glued_phrase(text: str, at: int) -> str:
    """The run of Chinese characters printed right before the citation at ``at`` (blanks and an opening bracket
    between), at most ``GLUED_SPAN`` characters back."""
    lo, end = max(0, at - GLUED_SPAN), min(at, len(text))
    while end > lo and (text[end - 1].isspace() or text[end - 1] in _GLUE):
        end -= 1
    tail = cjk_tail(text, lo, end)
    return text[tail[0] : tail[1]] if tail is not None else ""


def shared_phrase(a: str, b: str) -> str:
    """The words two phrases end on alike, '' when a negation stands right before them in either one."""
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    if any(len(p) > n and p[-1 - n] in NEGATORS for p in (a, b)):
        return ""
    return a[len(a) - n :] if n else ""


def _listed(text: str, at: int) -> bool:
    """Whether the citation at ``at`` of ``text`` stands in a list of citations (its id read as the text prints
    it: digits, dots, an item label, blanks)."""
    m = _CITED_ID.match(text, at)
    return m is not None and in_list(text, at, m.end())


_SITES: PerLintTable[Topics, tuple[str, int], tuple[str | None, bool]] = PerLintTable()


def _site(topics: Topics, uid: str, at: int) -> tuple[str | None, bool]:
    """The phrase glued to the citation at ``at`` of unit ``uid`` and whether it stands in a list (memoised per
    lint: every citation filed under the same words reads the others'); None for a unit the text has not."""

    def build() -> tuple[str | None, bool]:
        unit = topics.ctx.unit_by_id.get(uid)
        if unit is None:
            return None, False
        return glued_phrase(unit.text, at), _listed(unit.text, at)

    return _SITES.get_or_build(topics, (uid, at), build)


def _family(ref: Ref) -> str:
    """The family the candidate set shares: an item's clause, a clause's parent."""
    cid = ref.target_clause or ""
    return cid if ref.kind is ITEM_REF and ref.target_item else cid.rpartition(".")[0]


def _cites_in_part(topics: Topics, unit: Unit, at: int, ref: Ref, name: str) -> bool:
    """Whether the citing sentence part (:func:`citesubject.sentence_part`) cites ``name``'s family in another
    citation."""
    lo, hi = sentence_part(unit.text, at, at + len(ref.raw))
    for other in topics.ctx.refs_by_unit.get(unit.id, []):
        where = topics.locate(unit, other) if other.target_clause else None
        if (
            where is not None
            and where != at
            and lo <= where < hi
            and related(other.target_clause or "", name)
        ):
            return True
    return False


def parallel_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The phrase before the citation and the one sibling other clauses cite after it (see the module)."""
    if ref.kind not in CLAUSE_OR_ITEM or not ref.target_clause:
        return None
    text = unit.text
    key = run_before(text, at)
    if key is None or text.startswith("附", at + len(ref.raw)):
        return None
    family = _family(ref)
    if family and related(unit.id, family):
        return None
    place, near = topics.target(ref)
    if place is None or not near:
        return None
    mine = glued_phrase(text, at)
    if len(mine) < PHRASE_MIN:
        return None
    voters: dict[str, dict[str, str]] = {}  # place → voting clause → the phrase shared
    for name, sites in topics.habits.filed(key).items():
        for uid, where in sites:
            if uid == unit.id or (family and related(uid, family)):
                continue
            theirs, listed = _site(topics, uid, where)
            if theirs is None:
                theirs = mine  # a citation the habit audit adds, in a clause of its own: the worst case
            elif listed != in_list(text, at, at + len(ref.raw)):
                continue  # a phrase before a list governs every member: it votes for a list alike only
            if theirs[-PHRASE_MIN:] != mine[-PHRASE_MIN:]:
                continue
            shared = shared_phrase(mine, theirs)
            if len(shared) >= PHRASE_MIN:
                voters.setdefault(name, {})[uid] = shared
    if place.name in voters:
        return None  # the text cites the cited place after the phrase too
    voted = [p for p in near if p.name in voters]
    if len(voted) != 1:
        return None
    sibling = voted[0]
    clauses = voters[sibling.name]
    if len(clauses) < PHRASE_VOTES or related(sibling.name, unit.id):
        return None
    if _cites_in_part(topics, unit, at, ref, sibling.name):
        return None  # the part's other citation of the sibling's family owns the words
    phrase = min(clauses.values(), key=len)
    return [phrase], ParallelPlace(
        sibling.name,
        sibling.text,
        phrase=phrase,
        clauses=tuple(sorted(clauses, key=lambda c: (not safe_key(c), safe_key(c), c))),
    )


def parallel_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`parallel_fit` under family q's guards (:func:`headwords.guarded`; a list is judged by the lists
    printed alike that :func:`parallel_fit` asks for, a gate line's item by the voters)."""
    return guarded(
        topics, unit, at, ref, parallel_fit(topics, unit, at, ref), gate_items=True, listed_alike=True
    )
