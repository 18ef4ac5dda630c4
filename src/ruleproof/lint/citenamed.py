"""(q) A name said before 依∕按∕属∕见… and a citation: the title of one sibling names it, the cited title does not.

「施加告知属 7.2.6明文授予」「⑤ 武装识别 依 4.4.5 同制」: the words right before a connective that hands a thing
to a place (依 按 据 属 见 详见 参见 参照 适用) name that thing, and the text titles the place that sets a thing out
by that thing's name (7.2.6 「结茧护盾的施加告知于步骤 4b 结茧实际」, 4.4.5 「武装识别（双向）」).  So does the heading
of an item the citation stands in (「⑤ 武装识别 4.4.5：…」: the words between the item's label and the citation).
After a renumbering to a sibling (7.2.6 → 7.2.5 「被保护者的保护告知于步骤」, 4.4.5 → 4.4.4 「巡逻」) the words still
name what only the sibling's title names.  :mod:`citetitled` reads the other naming position, a bracket glued to
the term (「转职（4.2）」).

*The name.*  The run of CJK characters before the connective (spaces aside), back to the last punctuation,
space, digit or item label, at most ``RUN_MAX`` characters.  Its suffixes of two characters or more, the longest
first, are its candidate names (Chinese puts the head of a noun phrase last: 「施加告知」 is a 告知, 「本局开局公告」 a
公告); the first suffix that some title of the candidate set names is *the* name.  A run holding 与∕及∕和∕或∕、 is a
coordination (「击杀或破坏依 6.1」): it names no one thing, and the rule stays silent.

*The titles' names.*  A title before any bracket (``HEAD_CUT``), cut at 与 和 及 或 、 之 的 and at spaces and
non-CJK characters into pieces (「结茧护盾的施加告知于步骤 4b 结茧实际」 → 结茧护盾 ∕ 施加告知于步骤 ∕ 结茧实际), so a
name is never read across a 的 or a coordination (「行动位与批次通则」 names neither 位与批 nor 行动位批次).

A citation is reported, naming the sibling (:class:`NamedPlace`), when

- it cites one clause (no item), not in a tag or glossary entry, and the name is found (above);
- the name is in the title pieces of exactly one place of the candidate set (the cited place and the siblings
  a renumbering lands on, ``topics.target``), and that place is not the cited one — a name both titles hold
  says nothing;
- the cited place's text (with its ancestors' titles) does not print the name: a place that speaks of the very
  thing may be what the sentence means, whatever its title;
- the sibling is not of the citing clause's own family, and family q's guards hold
  (:func:`headwords.guarded`: comparison, denial, number pair, gate, list) — but 「依 X 同制」 after a name is no
  comparison of two things: it says the named thing is set out at X.

It reads the few characters before the citation and the candidates' title pieces (indexed once per lint,
:data:`_PIECES`), never the rest of the text.  Measured: docs/lint.md, family q, "Sixteenth pass — names not glued
to the citation".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import COMPARED, CONNECTIVES, HEAD_CUT, in_tag, related, squash
from ruleproof.lint.citetitled import annotated_term
from ruleproof.lint.context import CLAUSE_REF
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import ExplainedPlace

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

RUN_MAX = 10  # the name: at most this many CJK characters before the connective
NAME_MIN = 2

# a preposition before the name (「与工匠护甲（4.11）同制」) is no coordination; an adverb after it is no name
PREPOSITIONS = "与和同较跟"
ADVERBS = ("一律", "照常", "一并", "统一", *"另亦均仍皆则须应即也都并再各悉概")
_JOINED = re.compile("[与及或和、]")
_PIECE_CUT = re.compile(r"[与和及或、之的]|[^\u4e00-\u9fff]+")
_LABEL = re.compile(r"[①-⑳]\s*$")


def _cjk(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


@dataclass(frozen=True)
class NamedPlace(ExplainedPlace):
    """The sibling whose title names what the words before the citation name: the name, how it is said, the
    title."""

    name_said: str = ""
    position: str = ""  # 'connective' (「…属 7.2.6」) or 'heading' (「⑤ 武装识别 4.4.5」)
    title: str = ""

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        where_zh = "条目标题" if self.position == "heading" else "引用前的称名"
        where_en = "the item's heading" if self.position == "heading" else "the words before the citation"
        return (
            f"{where_zh}「{self.name_said}」见于 {self.name} 的标题「{self.title}」，不见于 {cited} 的标题",
            f"{where_en} name '{self.name_said}', which is in the title of {self.name} ('{self.title}'), "
            f"not in {cited}'s",
        )


_PIECES: PerLintTable[Topics, str, tuple[str, tuple[str, ...]]] = PerLintTable()


def title_pieces(title: str) -> tuple[str, ...]:
    """A title's names: before any bracket, cut at 与 和 及 或 、 之 的 and at non-CJK characters
    (「结茧护盾的施加告知于步骤 4b 结茧实际」 → 结茧护盾, 施加告知于步骤, 结茧实际)."""
    head = HEAD_CUT.split(title, 1)[0]
    return tuple(p for p in _PIECE_CUT.split(head) if len(p) >= NAME_MIN)


def _pieces(topics: Topics, name: str) -> tuple[str, tuple[str, ...]]:
    """A clause's title (before any bracket) and its names, memoised per lint."""

    def build() -> tuple[str, tuple[str, ...]]:
        clause = topics.ctx.clause(name)
        if clause is None:
            return "", ()
        return HEAD_CUT.split(clause.title, 1)[0].strip(), title_pieces(clause.title)

    return _PIECES.get_or_build(topics, name, build)


def naming_run(text: str, at: int, raw: str) -> tuple[str, str]:
    """The words that name what the citation at ``at`` hands to its place, and their position.

    「施加告知属 7.2.6」 → ('施加告知', 'connective'); 「⑤ 武装识别 依 4.4.5」 → ('武装识别', 'connective');
    「⑤ 武装识别 4.4.5：」 → ('武装识别', 'heading'); anything else → ('', '')."""
    term = bracketed_term(text, at, raw)
    if term:
        run = _trimmed(term)
        return ("", "") if len(run) < NAME_MIN or _JOINED.search(run) else (run, "bracket")
    i = at
    while i > 0 and text[i - 1] in " \u3000":
        i -= 1
    position = ""
    for word in CONNECTIVES:
        if text.endswith(word, 0, i):
            i -= len(word)
            position = "connective"
            break
    end = i
    while i > 0 and text[i - 1] in " \u3000":
        i -= 1
    if position:
        end = i
    start = end
    while start > 0 and _cjk(text[start - 1]) and end - start < RUN_MAX:
        start -= 1
    run = _trimmed(text[start:end])
    if not position:
        if not _LABEL.search(text[max(0, start - 3) : start]):
            return "", ""
        position = "heading"
    if len(run) < NAME_MIN or _JOINED.search(run):
        return "", ""
    return run, position


@lru_cache(maxsize=8192)
def bracketed_term(text: str, at: int, raw: str) -> str:
    """The term a bracket holding only this citation is glued to (「与工匠护甲（4.11）」 → 「与工匠护甲」), as
    :func:`citetitled.annotated_term` reads it but before its coordination test (a leading 与 is a
    preposition; memoised: pure in its arguments, the name and subject rules read it for the same citation)."""
    term = annotated_term(text, at, raw)
    if term or at < 2 or text[at - 1] not in "（(":
        return term[-RUN_MAX:]
    start = at - 1
    while start > 0 and _cjk(text[start - 1]) and at - 1 - start < RUN_MAX:
        start -= 1
    end = at + len(raw)
    return text[start : at - 1] if text[end : end + 1] in ("）", ")") else ""


def _trimmed(run: str) -> str:
    """The run without a preposition before the name (「与工匠护甲」) and an adverb after it (「僵局判定另」)."""
    run = run[1:] if run[:1] in PREPOSITIONS else run
    for word in ADVERBS:
        if run.endswith(word):
            return run[: -len(word)]
    return run


def name_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The name said before the citation and the one sibling whose title names it, when the cited title does
    not."""
    if ref.kind is not CLAUSE_REF or ref.target_item or not ref.target_clause:
        return None
    run, position = naming_run(unit.text, at, ref.raw)
    if not run:
        return None
    place, near = topics.target(ref)
    if place is None or not near or in_tag(unit.text, at) or topics.glossary(unit):
        return None
    candidates = [place, *near]
    pieces = {p.name: _pieces(topics, p.name)[1] for p in candidates}
    for k in range(len(run) - NAME_MIN + 1):
        name = run[k:]
        hits = [p for p in candidates if any(name in piece for piece in pieces[p.name])]
        if not hits:
            continue
        if len(hits) != 1 or hits[0].name == place.name or related(hits[0].name, unit.id):
            return None
        if name in squash(place.text):
            return None  # the cited place speaks of the very thing
        return _named(topics, hits[0], name, run, position)
    found = _by_word(topics, place, candidates, pieces, run, position)
    return None if found is None or related(found[1].name, unit.id) else found


def _named(topics: Topics, sibling: Place, name: str, run: str, position: str) -> tuple[list[str], Place]:
    title = _pieces(topics, sibling.name)[0]
    return [name], NamedPlace(sibling.name, sibling.text, name_said=run, position=position, title=title)


def _by_word(
    topics: Topics,
    place: Place,
    candidates: list[Place],
    pieces: dict[str, tuple[str, ...]],
    run: str,
    position: str,
) -> tuple[list[str], Place] | None:
    """No suffix of the run is in a title: a two-character word of it that one title alone prints, at its
    start (「自指出刀」 and 2.8.15 「自指原则」: the title's name is what the run's modifier says)."""
    words = {run[k : k + 2] for k in range(len(run) - 1)}
    hits = [p for p in candidates if any(w in piece for piece in pieces[p.name] for w in words)]
    if len(hits) != 1 or hits[0].name == place.name:
        return None
    said = sorted(w for w in words if any(w in piece for piece in pieces[hits[0].name]))
    cited = squash(place.text)
    if any(w in cited for w in said):
        return None
    return _named(topics, hits[0], said[0], run, position)


def named_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`name_fit` under family q's guards (:func:`headwords.guarded`); 「X 依 id 同制」 is no comparison."""
    found = name_fit(topics, unit, at, ref)
    if found is None:
        return None
    end = at + len(ref.raw)
    if unit.text[end : end + 4].lstrip().startswith(COMPARED):
        place = topics.target(ref)[0]
        return (place, *found) if place is not None and not topics.no_place_beside(unit, at, ref) else None
    return guarded(topics, unit, at, ref, found)
