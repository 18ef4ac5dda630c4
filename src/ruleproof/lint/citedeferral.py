"""(q) A bare deferral 「依 X」「见 X」「详见 X」: the words it governs against the titles of X's family.

A deferral says nothing of its own around the citation: 「依 7.0，不禁止持有者自行使用、记录与推理」, 「投票来源编号
（详见2.3）」.  The citation's own phrase (``topics.window``) is the deferral word, so the checks that weigh what a
citation's words are about cannot judge it.  But the deferral *governs* words: the phrase a bracketed deferral
annotates (the words before the bracket), or the sentence a deferral opens.  Those words name the matter the cited
place rules, and a clause's matter is what its title names.

A clause citation whose own phrase names no term, right after a deferral word, is reported when the words it
governs say a title name (:meth:`Topics.title_names`: the terms of the heads of a clause's and its sub-clauses'
titles) of exactly one sibling S of the cited clause X, while they say no title name of X and no term X's text
says (X read without the citing clause when X is its ancestor, and without what stands next to its own
citations of S: 7.0's 「不公开清单（7.1）」 points at 7.1); S is named as the likely target.  S and X must
both lie outside the citing clause's own family — except X, when the citation is one of the citing clause's own
ancestors (「依 7.1」 in 7.1.4: :func:`family_deferral`, asked by ``topics.self_citation``).

It reads the citing sentence and the titles and text of the cited family only: one edited citation elsewhere
moves no verdict (the habit audit stays 0).  Measured on 返航录 v1preview1.0: docs/lint.md, family q, "Twelfth
pass".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleproof.lint import citeread
from ruleproof.lint.citeauthority import without_citations_of
from ruleproof.lint.citetext import close_bracket, in_list, open_bracket, phrase_start, related, squash
from ruleproof.lint.context import is_descendant
from ruleproof.lint.headwords import guarded
from ruleproof.lint.topics import PHRASE, SPECIFIC_SHARE, ExplainedPlace, Place
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics
    from ruleproof.text.model import Ref

# the deferral words a bare citation follows (spaces allowed between): 「依 7.0」「（详见2.3）」「按 2.9」
_DEFERRAL = re.compile(r"(?:详见|参见|详依|依|见|按|据)\s*$")


@dataclass(frozen=True)
class DeferredPlace(ExplainedPlace):
    """The sibling whose title names the matter the deferral governs."""

    governed: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        said = f"「{self.governed}」讲「{shown}」"  # (the governed words, shown in both languages)
        return (
            f"此处援引所管的文字{said}，正是 {self.name} 的标题所指；{cited} 的标题与正文都不讲它",
            f"the words the deferral governs, {said}, name {self.name}'s title; neither {cited}'s titles nor "
            f"its text say them",
        )


def _governed(topics: Topics, unit: Unit, at: int, ref: Ref) -> str | None:
    """The words a bare deferral governs: the phrase before its bracket, or its sentence without it; None when
    the citation is no bare deferral (a word of its own phrase is a term, or no deferral word precedes it)."""
    text = unit.text
    if _DEFERRAL.search(text, max(0, at - 4), at) is None or topics.topic(unit, at, ref.raw):
        return None
    sent = citeread.sentence(topics, unit, at)
    s_lo, s_hi = (sent.start, sent.end) if sent is not None else (0, len(text))
    opener = open_bracket(text, at, s_lo)
    if opener is None:
        return topics.window(unit, at, ref.raw, wide=True)
    if close_bracket(text, opener, s_hi) <= at:
        return None
    lo = max(s_lo, phrase_start(text, opener, s_lo), opener - PHRASE)
    return text[lo:opener]


def deferral_fit(
    topics: Topics, unit: Unit, at: int, ref: Ref, outside: str | None = None
) -> tuple[list[str], Place] | None:
    """The governed words' title name and the one sibling they name (see the module's docstring); ``outside``:
    the cited clause's text to read (an ancestor without the citing clause)."""
    cid = ref.target_clause or ""
    if ref.kind is not RefKind.CLAUSE or ref.target_item or not cid:
        return None
    words = _governed(topics, unit, at, ref)
    if not words:
        return None
    vocab = topics.vocab
    terms = {h.term for h in vocab.scan(words) if vocab.specific(h.term, SPECIFIC_SHARE)}
    if not terms or terms & topics.title_names(cid):
        return None
    parent = cid.rpartition(".")[0]
    named = {
        c: sorted(terms & topics.title_names(c))
        for c in topics.children(parent)
        if c != cid and not related(c, unit.id) and not related(c, cid)
    }
    named = {c: ts for c, ts in named.items() if ts}
    if len(named) != 1:
        return None
    sib, said = named.popitem()
    cited = topics.places.clause_text(cid) if outside is None else outside
    cited = squash(without_citations_of(cited, sib))
    if any(topics.present(t, cited) for t in terms):
        return (
            None  # the cited clause speaks of a governed matter itself (not only where it cites the sibling)
        )
    return said, DeferredPlace(sib, topics.places.clause_text(sib), governed=squash(words)[:PHRASE])


def deferral_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`deferral_fit` under family q's guards (:func:`headwords.guarded`); a citation of the citing
    clause's own family is judged by :func:`family_deferral`."""
    if related(ref.target_clause or "", unit.id):
        return None
    return guarded(topics, unit, at, ref, deferral_fit(topics, unit, at, ref))


def family_deferral(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """:func:`deferral_fit` for a clause citing itself or one of its own ancestors, read without the citing
    words (they say the citing clause's own matter): the clause without the citing sentence, the ancestor
    without the citing clause."""
    cid = ref.target_clause or ""
    if not unit.is_clause or not is_descendant(unit.id, cid):
        return None
    outside = topics.places.clause_text(cid)
    if unit.id != cid:
        outside = outside.replace(topics.places.clause_text(unit.id), "。", 1)
    else:
        sent = citeread.sentence(topics, unit, at)
        outside = outside.replace(sent.text, "。", 1) if sent is not None else outside
    return deferral_fit(topics, unit, at, ref, outside)


def listed_self(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """A clause citing itself by id in a list with the id of one of its siblings: a clause names itself among
    its siblings by 「本条」, so its own id there is a sibling's renumbered (「（4.3.1∕4.3.3）」 in 4.3.1; the
    text's 「（4.13.1、2.3.2）」 in 2.3.2 lists no sibling of 2.3.2).  The evidence is the sibling listed; the
    likely targets, the citing clause's neighbours not listed (:func:`citeshape.finding`, shape 「listed」)."""
    from ruleproof.lint.citelists import LIST_SPAN, located_citations  # (it reads topics' places)
    from ruleproof.lint.citeshape import ShapedPlace  # (it reads topics' places)

    cid = ref.target_clause or ""
    if ref.kind is not RefKind.CLAUSE or ref.target_item or cid != unit.id or "." not in cid:
        return None
    if not in_list(unit.text, at, at + len(ref.raw)):
        return None  # (〔通则 2.6.1 之例外〕 in 2.6.1 after 「押注 2.6.4）」: no list of its)
    parent = cid.rpartition(".")[0]
    members = [
        r.target_clause or ""
        for off, r in located_citations(topics, unit)
        if off != at and r.line == ref.line and abs(off - at) <= LIST_SPAN
    ]
    listed = [c for c in members if c != cid and c.rpartition(".")[0] == parent]
    if not listed:
        return None
    kids = topics.children(parent)
    k = kids.index(cid) if cid in kids else -1
    near = tuple(kids[j] for j in (k - 1, k + 1) if k >= 0 and 0 <= j < len(kids) and kids[j] not in members)
    return [listed[0]], ShapedPlace("", "", shape="listed", candidates=near)
