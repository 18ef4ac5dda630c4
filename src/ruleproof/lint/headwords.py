"""(q) A citation whose phrase says the head words of a sibling of the cited place, not the cited place's own.

The text tells siblings apart by what it prints at their head: an item by its heading (「② 进度记账⸺…」
「⑤ 独占性⸺…」「③ 受封锁者总清单：…」), a clause by its title (「6.4 夜晚免疫」「4.11 工匠（与保镖同席位）」).
A citation 「各自受 2.9⑤ 独占性约束」 says the heading of the item it means; after a renumbering (2.9⑤ →
2.9⑥) the phrase still says 独占性, which only ⑤'s heading says and ⑥ never says.

The heads are read as two-character words, so a heading is named by its parts (「明文豁免清单」 by 「依
2.8.3④ 豁免」, 「现行层序·伤害侧」 by 「伤害侧＝存续类，层序依 2.8.2⑥」); each place keeps the words no
sibling's head has (its *own* head words).  A clause's head is the part of its title before any bracket, split
at 与∕及∕的… (``vocab.title_terms``), and only pieces that are names (at most ``NAME_LEN`` characters, as family
q's sibling-title check reads them: 「每晚仅一类出手」 is a sentence about its subject and does not name 出手).
A citation is reported, naming the sibling, when

- its phrase (``topics.window``: the words the citation annotates) says none of the cited place's own head
  words, and own head words of exactly one sibling (the likely target);
- the cited place never says those words (an item: its text; a clause: its text, its sub-clauses' and its
  ancestors' titles);
- the phrase says no word (of the book's uncommon ones) that the cited place says and the sibling does not
  (2.8.9's row 「5.3.2 夜晚免疫不参与感染侧层序」 cites where 夜晚免疫 is, though 5.3.3's title is 层序);
- no citation of the sibling stands within ``NEAR_CITED`` characters of it on the same line: the words are
  that citation's (「依 2.8.7 明文授予（登记于 2.8.9⑥）」 — 登记 is 2.8.9's);
- the sibling is not of the citing clause's own family (its words are the clause's context), and
- it is not in a glossary entry (the entry cites where its head term is defined, which family q judges by
  the head: 附录一 「窃听 …不受沉默封锁（4.12.1）」) nor in a bracketed tag (〔通则 2.8.2⑥ 之例外〕 names the
  rule departed from, whatever the words around it say).

It reads only the citing phrase, the places' heads and texts and the citations on the citing line, so no
edit of another clause can make it report (the habit audit stays 0).  Unlike a lexical fit over the items'
whole texts, which the text's own citations fail (「受沉默与感染抑制封锁（2.8.3③）」 cites the list, while ①
states the rule in those very words: 16–25 false alarms in ci/sim_citations.py), a head is what the text
prints to tell its siblings apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import (
    HEAD_CUT,
    bigrams,
    body_text,
    compared_or_denied,
    in_list,
    in_tag,
    number_pair,
    related,
    squash,
)
from ruleproof.lint.context import CLAUSE_REF, ITEM_REF
from ruleproof.lint.memo import PerLintTable
from ruleproof.lint.topics import NAME_LEN, item_heads
from ruleproof.lint.vocab import title_terms
from ruleproof.text.model import Ref, RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics

# (the phrase's head words, the likely sibling): whether the cited place saying the words clears it
SaysCheck = Callable[[list[str], "Place"], bool]

NEAR_CITED = 30  # a citation of the likely target this close (same line) owns the words


_HEADS: PerLintTable[Topics, tuple[str, bool], frozenset[str]] = PerLintTable()


_OWN: PerLintTable[Topics, tuple[tuple[str, ...], bool], list[frozenset[str]]] = PerLintTable()


_NamedKey = tuple[str, int, str, RefKind, str | None, str | None, bool]


_NAMED: PerLintTable[Topics, _NamedKey, tuple[Place, Place, list[str]] | None] = PerLintTable()


def _head_words(topics: Topics, place: Place, item: bool) -> frozenset[str]:
    """What a place prints at its head (memoised per text: every citation of a clause reads its siblings')."""
    return _HEADS.get_or_build(topics, (place.name, item), lambda: frozenset(_read_head(topics, place, item)))


def _read_head(topics: Topics, place: Place, item: bool) -> frozenset[str]:
    """An item's heading, a clause's title names, as two-character words."""

    if item:
        return bigrams("。".join(item_heads(topics, place)))
    clause = topics.ctx.clause(place.name)
    head = HEAD_CUT.split(clause.title, 1)[0] if clause is not None else ""
    return bigrams("。".join(t for t in title_terms(head) if len(t) <= NAME_LEN))


def place_body(place: Place, item: bool) -> str:

    return squash(body_text(place.text) if item else place.text)


def _within(place: str, cited: str) -> bool:
    """「2.8.9⑥」 is within 「2.8.9」, 「2.9⑤」 within 「2.9」, 「2.8.12」 not within 「2.8.1」."""
    return place == cited or (place.startswith(cited) and place[len(cited)] not in "0123456789.")


def likely_cited_near(topics: Topics, unit: Unit, at: int, ref: Ref, likely: str) -> bool:
    """Another citation of the likely target (or of its clause) close by on the same line."""
    cited = f"{ref.target_clause}{ref.target_item or ''}"
    for other in topics.ctx.refs_by_unit.get(unit.id, []):
        other_id = f"{other.target_clause or ''}{other.target_item or ''}"
        if other.line != ref.line or not other.target_clause or other_id == cited:
            continue
        if not (_within(likely, other_id) or _within(other_id, likely)):
            continue
        off = topics.locate(unit, other)
        if off is not None and off != at and abs(off - at) <= NEAR_CITED:
            return True
    return False


def _own_heads(topics: Topics, group: list[Place], item: bool) -> list[frozenset[str]]:
    """Each place's head words that no other place of the group prints at its head (memoised per group:
    every citation of a place reads the same group)."""
    return _OWN.get_or_build(
        topics, (tuple(p.name for p in group), item), lambda: _read_own(topics, group, item)
    )


def _read_own(topics: Topics, group: list[Place], item: bool) -> list[frozenset[str]]:
    heads = [_head_words(topics, p, item) for p in group]
    printed = Counter(w for h in heads for w in h)
    return [frozenset(w for w in h if printed[w] == 1) for h in heads]


def sibling_head(
    topics: Topics, ref: Ref, item: bool, words: frozenset[str], unit_id: str
) -> tuple[Place, Place, list[str]] | None:
    """The cited place, the one sibling whose own head words ``words`` say, and those words — None when
    ``words`` say the cited place's own head words, or no sibling's, or two siblings' (no telling which was
    meant); a sibling of the citing unit's own family is never named."""

    place, near = topics.target(ref)
    if place is None or not near:
        return None
    group = [place, *near]
    own = _own_heads(topics, group, item)
    if own[0] & words:
        return None
    hits = [
        (k, sorted(own[k] & words))
        for k in range(1, len(group))
        if own[k] & words and not related(group[k].name, unit_id)
    ]
    return (place, group[hits[0][0]], hits[0][1]) if len(hits) == 1 else None


def head_fit(
    topics: Topics, unit: Unit, at: int, ref: Ref, cited_says: SaysCheck | None = None, wide: bool = False
) -> tuple[list[str], Place] | None:
    """The head words and the sibling whose head the phrase says, when the cited place's does not.

    ``cited_says(words, likely)``: whether the cited place saying the words clears it (by default, saying
    any of them does: :mod:`ruleproof.lint.citewords` weighs how often across the family instead);
    ``wide``: the phrase is the citation's whole sentence (``topics.window(..., wide=True)``)."""

    item = ref.kind is ITEM_REF and bool(ref.target_item)
    if not ref.target_clause or not (item or ref.kind is CLAUSE_REF):
        return None
    place, near = topics.target(ref)
    if place is None or not near or in_tag(unit.text, at) or topics.glossary(unit):
        return None
    phrase = bigrams(topics.window(unit, at, ref.raw, wide=wide))
    if not phrase:
        return None
    # the same citation is read twice by the chain (``head_verdict``, then ``citewords`` with its own
    # ``cited_says``): what the phrase names is memoised by all it depends on
    key = (unit.id, at, ref.raw, ref.kind, ref.target_clause, ref.target_item, wide)
    named = _NAMED.get_or_build(topics, key, lambda: sibling_head(topics, ref, item, phrase, unit.id))
    if named is None:
        return None  # no sibling's head is named, or two are: no telling which was meant
    place, sibling, said = named
    cited, likely = place_body(place, item), place_body(sibling, item)
    if any(w in cited for w in said) if cited_says is None else cited_says(said, sibling):
        return None  # the cited place says the word too
    if any(w in cited and w not in likely and w not in topics.common_words for w in phrase):
        return None  # the phrase also says something only the cited place says
    if likely_cited_near(topics, unit, at, ref, sibling.name):
        return None
    return said, sibling


def head_verdict(
    topics: Topics, unit: Unit, at: int, ref: Ref, cited_says: SaysCheck | None = None, wide: bool = False
) -> tuple[Place, list[str], Place] | None:
    """:func:`head_fit` under family q's guards: not a comparison or a denial (「不走 X」), not numbers the
    reader took for an id, not a gate the checklist itself cites, and in a list only when the list rule
    confirms it (another member says the words, the likely target is no member)."""
    found = head_fit(topics, unit, at, ref, cited_says, wide)  # (asked first: it fails cheaply)
    return guarded(topics, unit, at, ref, found)


def guarded(
    topics: Topics,
    unit: Unit,
    at: int,
    ref: Ref,
    found: tuple[list[str], Place] | None,
    gate_items: bool = False,
    listed_alike: bool = False,
) -> tuple[Place, list[str], Place] | None:
    """A fit's evidence and sibling (``found``) as a verdict, under family q's guards (see
    :func:`head_verdict`).  With ``gate_items`` an item citation under a gate whose checklist cites its clause
    is judged still: the checklist names the clause, not which of its items (a rule whose evidence is about the
    item, :mod:`ruleproof.lint.citeparallel`)."""

    if found is None:
        return None
    text, end = unit.text, at + len(ref.raw)
    if compared_or_denied(text, at, end, topics.vocab.prefixes):
        return None
    item = gate_items and ref.kind is ITEM_REF and bool(ref.target_item)
    if number_pair(text, at, ref.raw) if item else topics.no_place_beside(unit, at, ref):
        return None
    if not listed_alike and in_list(text, at, end) and not topics.list_confirms(unit, at, ref, *found):
        return None
    place = topics.target(ref)[0]
    return (place, *found) if place is not None else None
