"""(q) A bracket citing one place annotates the term right before it: a term that is a sibling's title.

「转职（4.2）」「开局公告（2.3.0）」「乔装（7.3）」: a bracket holding one citation and nothing else, glued to the
words before it, says where the *term* it annotates is set out — and the text titles the place that sets a
thing out by that thing's name (4.2 「普通船员转职」, 2.3.0 「开局职业公告」).  After a renumbering to a sibling
(4.2 → 4.3 「工程师」), the sibling may well mention the term in passing (工程师's text speaks of 转职), so the
checks of what the places *say* see no mismatch (:mod:`headwords` requires the cited place never to say the
words; it also reads only titles short enough to be names, and 「普通船员转职」 is not one); what no longer fits
is the title.

The term is the run of CJK characters glued to the bracket (back to the last punctuation, space or digit);
its last two characters are its head word — Chinese puts the head of a noun phrase last (「本局开局公告」 is a
公告).  A citation is reported, naming the sibling, when

- its bracket holds this one citation alone and opens right after a CJK character (no space, no 「见」: a
  bracket 「（见 4.2）」 or a list 「（4.2、4.3）」 is no annotation of one term);
- the head word is printed in the title (before any bracket of the title: 「开局职业公告（职业选定后·第 1 夜之
  前）」 → 「开局职业公告」) of exactly one place of the candidate set (the cited place and the siblings a
  renumbering lands on, ``topics.target``), and that place is not the cited one (its title lacks it);
- the sibling is not of the citing clause's own family, and family q's guards hold
  (:func:`headwords.guarded`: comparison, denial, number pair, gate, list).

It reads the two characters before the bracket and the titles of the candidate set, indexed once per lint
(:data:`_TITLES`), so no edit of another sentence can change its verdict, and it never re-scans the text.
Measured on 返航录 v1preview1.0: docs/lint.md, family q, "Fifteenth pass — what cite still misses".
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import HEAD_CUT, REFERENCE, in_tag, related, squash
from ruleproof.lint.context import CLAUSE_REF
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import ExplainedPlace

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

HEAD_LEN = 2  # the head word of the annotated term: its last this many characters

_OPENERS = "（("
_CLOSERS = "）)"
_JOINED = re.compile("[与及或和、]")


def _cjk(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


@dataclass(frozen=True)
class TitledPlace(ExplainedPlace):
    """The sibling whose title names the term the bracket annotates: the term, its head word, the title."""

    term: str = ""
    head: str = ""
    title: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        return (
            f"括注所标之词「{self.term}」以「{self.head}」为中心词，而该词见于 {self.name} 的标题「{self.title}」，"
            f"不见于 {cited} 的标题",
            f"the bracket annotates '{self.term}', headed by '{self.head}', which is in the title of "
            f"{self.name} ('{self.title}'), not in {cited}'s",
        )


_TITLES: PerLintTable[Topics, str, str] = PerLintTable()


def _title(topics: Topics, name: str) -> str:
    """A clause's title before any bracket (memoised per lint: every citation reads its candidate set's)."""

    def build() -> str:
        clause = topics.ctx.clause(name)
        return HEAD_CUT.split(clause.title, 1)[0].strip() if clause is not None else ""

    return _TITLES.get_or_build(topics, name, build)


def cover(term: str, title: Container[str]) -> int:
    """How many characters of ``term`` the title prints in runs of two or more (「本局开局公告」 in 「开局职业公告」:
    开局 and 公告, 4); ``title`` may be a set of title words (a family's, :func:`citesubject.title_words`)."""
    marked = [False] * len(term)
    for j in range(len(term) - 1):
        if term[j : j + 2] in title:
            marked[j] = marked[j + 1] = True
    return sum(marked)


@lru_cache(maxsize=8192)
def annotated_term(text: str, at: int, raw: str) -> str:
    """The term a bracket holding only this citation annotates (「…；转职（4.2）」 → 「转职」), or '' (memoised: pure
    in its arguments; the title, name, subject and carried rules read it for the same citation)."""
    opener = at - 1
    if opener < 1 or text[opener] not in _OPENERS:
        return ""
    end = at + len(raw)
    if end >= len(text) or text[end] not in _CLOSERS:
        return ""
    return cjk_run_before(text, opener)


@lru_cache(maxsize=8192)
def cjk_run_before(text: str, opener: int) -> str:
    """The run of CJK characters right before the bracket opening at ``opener`` (at most 12), or '' for a
    run too short to be a term or a coordination (「击杀或破坏（6.1）」: no one term)."""
    start = opener
    while start > 0 and _cjk(text[start - 1]) and opener - start < 12:
        start -= 1
    term = text[start:opener]
    return "" if len(term) < HEAD_LEN or _JOINED.search(term) else term


def title_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The head word and the one sibling whose title prints it, when the cited place's title does not."""
    if ref.kind is not CLAUSE_REF or ref.target_item or not ref.target_clause:
        return None
    term = annotated_term(unit.text, at, ref.raw)
    if not term or REFERENCE.search(term):
        return None
    place, near = topics.target(ref)
    if place is None or not near or in_tag(unit.text, at) or topics.glossary(unit):
        return None
    head = term[-HEAD_LEN:]
    cited = _title(topics, place.name)
    if head in cited:
        return None
    hits = [p for p in near if head in _title(topics, p.name)]
    if len(hits) != 1 or related(hits[0].name, unit.id):
        return None
    sibling = hits[0]
    title = _title(topics, sibling.name)
    if cover(term, title) <= cover(term, cited):
        return None  # the cited title names as much of the term (「行动位归属（2.8.6）」: 2.8.6 「行动位与批次通则」)
    if len(term) > HEAD_LEN and term[-HEAD_LEN - 1 :] in squash(place.text):
        return None  # the cited place speaks of the very thing, modifier and head (「原职业标注（4.7.5）」)
    return [head], TitledPlace(sibling.name, sibling.text, term=term, head=head, title=title)


def titled_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`title_fit` under family q's guards (:func:`headwords.guarded`)."""
    return guarded(topics, unit, at, ref, title_fit(topics, unit, at, ref))
