"""(q) A phrase whose owner clause is known, cited as that owner's sibling.

Two structured sources say which clause a phrase belongs to, without reading how the prose cites it:

- the executable spec: every constant, order row and term it quotes carries its clause and the Chinese
  phrase it is read from (``Knowledge.quotes``: 4.4.6 「存储上限 2 发」, 4.10.6 「落身」, 2.8.6 「行动位」),
  and every role, skill, protection layer and night step it defines carries its clause
  (``Knowledge.owners``: 4.3 工程师, 4.4.4 警长巡逻, 6.1.1 外星人蛰伏);
- the glossary (附录一, 术语): each entry's head term and the clause(s) its entry ends on citing
  (「窃听报告 …（4.12.2）」).

A clause citation whose phrase (the words it annotates, :meth:`Topics.window`) prints such a phrase of
exactly one clause A, when A is a sibling of the cited clause (same parent, neither containing the other),
is reported with A as the likely target, unless the cited clause's family says one of those phrases, or
says a specific term of the citing phrase that A's family does not (it shares the matter: 1.4.1.3
「呈现异形者依效果免疫根本不进入感染致死（5.3.5）」 — 效果免疫 is 5.3.2's term, but 5.3.5 is the clause about
呈现异形 and the marks that never kill).  A glossary entry never votes about its own citation, so the
retargeted entry is judged by the spec and the other entries only.

A third, weaker source is asked only when those two name no owner (so it never vetoes them): the
clause where the text first *quotes* a term (「…」, three to eight characters, in reading order) is where the
text coins it — 4.12.2 「本条内容不保真」, 2.5.3 「三者互斥」 — when the term is said in at most
``DEFINED_SHARE`` of the units (「不适用」, quoted first in 2.8.10's gate answers, is said everywhere).

Measured on 返航录 v1preview1.0 (``python ci/sim_citations.py``): see docs/lint.md, family q, "Sixth
pass: owners from the spec and the glossary".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from ruleproof.lint import citeread
from ruleproof.lint.citetext import PART_MARK, REFERENCE, entry_head, open_bracket, related, squash
from ruleproof.lint.context import CLAUSE_OR_ITEM, CLAUSE_REF, ITEM_REF, is_descendant
from ruleproof.lint.memo import PerLintTable, per_lint
from ruleproof.lint.topics import SPECIFIC_SHARE, Place, item_heads
from ruleproof.lint.vocab import CharIndex
from ruleproof.text.model import Ref

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics

MIN_PHRASE = 2  # a quoted phrase shorter than this names nothing
DEFINED_MAX = 8  # a quotation longer than this is a sentence, not a term the text coins
# a two-character quotation is as often an ordinary word (「无效」「存量」) as a coined term, and its share of the
# units sits near any threshold: an edit elsewhere that deletes a few of its occurrences made it "uncommon"
# and flipped the verdict on an untouched clause (mutate seed 3, truncate-004 and -005: 7.2.2's 「无效…依4.10.6」)
DEFINED_MIN = 3
DEFINED_SHARE = 0.08  # a term said in more units than this is common words, whoever quoted it first

_Owned = tuple[str, str, tuple[str, int] | None]  # (owner clause, squashed phrase, the citation it came from)


# the words a citation is judged by (the same citation is asked by both sources, and by the habit audit)
_WINDOWS: PerLintTable[Topics, tuple[str, int, str], str] = PerLintTable()


_QUOTED = re.compile(rf"「([^「」]{{{MIN_PHRASE},{DEFINED_MAX}}})」")


def _between_citations(topics: Topics, unit: Unit, at: int, raw: str) -> str:
    """The citation's sentence from the citation before it to the citation after it: the words no other
    citation of the sentence stands between (「初始1发、4.4.3的额外子弹、4.4.2的悬赏回复」: 4.4.2's part starts
    after 4.4.3).  The words after it count only for a citation outside brackets (「转职（4.2）查…」
    annotates 转职) and not when the next citation follows them unpunctuated (a table: 「4.5、4.14神探∕摆渡人
    4.7」: the words after 4.14 are 4.7's)."""

    text = unit.text
    sent = citeread.sentence(topics, unit, at)
    lo, hi = (sent.start, sent.end) if sent else (0, len(text))
    end = at + len(raw)
    bracketed = open_bracket(text, at, lo) is not None
    for m in REFERENCE.finditer(text, lo, hi):
        if m.end() <= at:
            lo = m.end()
        elif m.start() >= end:
            hi = m.start() if PART_MARK.search(text, end, m.start()) else end
            break
    return text[lo:at] + ("" if bracketed else "。" + text[end:hi])


@per_lint
def owned_phrases(topics: Topics) -> list[_Owned]:
    """Every (owner clause, phrase) the spec quotes or names, then every glossary entry's head with a
    clause its entry cites (with where that citation stands, so it does not vote about itself)."""
    ctx = topics.ctx
    doc = ctx.doc
    out: list[_Owned] = [
        (cid, squash(q), None)
        for cid, q in (*ctx.knowledge.quotes, *ctx.knowledge.owners)
        if cid in doc.clauses and len(squash(q)) >= MIN_PHRASE
    ]
    for unit in ctx.units_outside_log():
        if not topics.glossary(unit):
            continue
        for ref in ctx.refs_by_unit.get(unit.id, []):
            if ref.kind is not CLAUSE_REF or ref.target_clause not in doc.clauses or ref.quoted:
                continue
            at = topics.locate(unit, ref)
            if at is None:
                continue
            head = entry_head(unit.text, at)
            if len(head) >= MIN_PHRASE and head in topics.vocab:
                out.append((ref.target_clause or "", head, (unit.id, at)))
    return out


@per_lint
def defined_phrases(topics: Topics) -> list[_Owned]:
    """Every term the text quotes, with the clause that quotes it first (reading order), when the term is
    uncommon: the clause that coins it."""
    units = list(topics.ctx.units_outside_log())
    first: dict[str, str] = {}
    for unit in units:
        if unit.is_clause:
            for m in _QUOTED.finditer(unit.text):
                first.setdefault(squash(m.group(1)), unit.id)
    texts = [squash(u.text) for u in units]
    # the vocabulary's index of the same units (a clause's there with its title: a character the squashed
    # body has, it has too), when the two list as many; else one of these texts
    vocab = topics.vocab
    index = vocab.index if vocab.index is not None and vocab.units == len(texts) else CharIndex(texts)
    most = max(3, int(len(texts) * DEFINED_SHARE))
    out: list[_Owned] = []
    for term, cid in first.items():
        if len(term) >= DEFINED_MIN and _units_saying(term, texts, index, most) <= most:
            out.append((cid, term, None))
    return out


def _units_saying(term: str, texts: list[str], index: CharIndex, most: int) -> int:
    """In how many of the ``texts`` ``term`` (not empty) occurs, counted up to ``most + 1``: read only in
    the texts that have all its characters (``index``), not in every unit."""
    seen = 0
    for i in index.holding(term):
        if term in texts[i]:
            seen += 1
            if seen > most:
                break
    return seen


def _index(owned: list[_Owned]) -> dict[str, list[_Owned]]:
    """The owned phrases by their first two characters (every phrase has at least ``MIN_PHRASE``)."""
    out: dict[str, list[_Owned]] = {}
    for entry in owned:
        out.setdefault(entry[1][:MIN_PHRASE], []).append(entry)
    return out


_INDEXES: PerLintTable[Topics, str, dict[str, list[_Owned]]] = PerLintTable()


def _indexed(topics: Topics, name: str, source: Callable[[Topics], list[_Owned]]) -> dict[str, list[_Owned]]:
    return _INDEXES.get_or_build(topics, name, lambda: _index(source(topics)))


@lru_cache(maxsize=8192)
def _starts(window: str) -> frozenset[str]:
    """The window's ``MIN_PHRASE``-character pieces, where an owned phrase may start (memoised: each window
    is asked by both sources of owners)."""
    return frozenset(window[i : i + MIN_PHRASE] for i in range(len(window) - MIN_PHRASE + 1))


def _phrases_in(window: str, index: dict[str, list[_Owned]]) -> list[_Owned]:
    """The owned phrases ``window`` prints, each once, in the order of the owned list's entries' first hits."""
    keys = index.keys() & _starts(window)
    if not keys:
        return []  # (most windows: no phrase starts anywhere in them, told by one set operation in C)
    # the places where a phrase may start, in the window's order: each such piece found by str.find (in C)
    # rather than every piece of the window looked up in the index
    at: list[tuple[int, str]] = []
    for key in keys:
        i = window.find(key)
        while i >= 0:
            at.append((i, key))
            i = window.find(key, i + 1)
    at.sort()
    found: dict[int, _Owned] = {}
    for i, key in at:
        for entry in index[key]:
            if id(entry) not in found and window.startswith(entry[1], i):
                found[id(entry)] = entry
    return list(found.values())


def owner_sibling(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The phrase and its owner when the citation's phrase prints a phrase owned by a sibling of the cited
    clause, and by no clause of the cited clause's family: owners from the spec and the glossary first,
    then, when they name none, the clauses that coin the phrase's quoted terms."""
    found = _owner_sibling(topics, unit, at, ref, "owned", owned_phrases)
    return found if found is not None else _owner_sibling(topics, unit, at, ref, "defined", defined_phrases)


def family_owner(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The same owners for a clause citing itself or one of its ancestors (「依 2.8」 in 2.8.10 — a
    renumbering that lands on the citing clause's own family), judged against what the cited clause says
    *outside* the citing words: the clause's other sentences when it cites itself, the ancestor without the
    citing clause when it cites an ancestor (the citing words say their own phrase)."""
    cid = ref.target_clause or ""
    if not unit.is_clause or not is_descendant(unit.id, cid):
        return None
    if unit.id == cid:
        sent = citeread.sentence(topics, unit, at)
        cited = topics.places.clause_text(cid)
        cited = cited.replace(sent.text, "。", 1) if sent is not None else cited
    else:
        cited = topics.places.clause_text(cid).replace(topics.places.clause_text(unit.id), "。", 1)
    found = _owner_sibling(topics, unit, at, ref, "owned", owned_phrases, cited)
    if found is None:
        found = _owner_sibling(topics, unit, at, ref, "defined", defined_phrases, cited)
    return found


def _owner_sibling(
    topics: Topics,
    unit: Unit,
    at: int,
    ref: Ref,
    name: str,
    source: Callable[[Topics], list[_Owned]],
    outside: str | None = None,
) -> tuple[list[str], Place] | None:

    cid = ref.target_clause or ""
    if ref.kind is not CLAUSE_REF or ref.target_item or "." not in cid or cid not in topics.ctx.doc.clauses:
        return None
    window = _WINDOWS.get_or_build(
        topics,
        (unit.id, at, ref.raw),
        lambda: squash(
            topics.window(unit, at, ref.raw) + "。" + _between_citations(topics, unit, at, ref.raw)
        ),
    )
    here = (unit.id, at)
    owners: dict[str, list[str]] = {}
    for owner, phrase, origin in _phrases_in(window, _indexed(topics, name, source)):
        if origin != here and not related(owner, unit.id):
            owners.setdefault(owner, []).append(phrase)
    if not owners or any(related(owner, cid) for owner in owners):
        return None
    parent = cid.rpartition(".")[0]
    siblings = [owner for owner in owners if owner.rpartition(".")[0] == parent]
    if len(siblings) != 1:
        return None
    likely = siblings[0]
    cited = squash(topics.places.clause_text(cid) if outside is None else outside)
    if any(topics.present(p, cited) for phrases in owners.values() for p in phrases):
        return None  # the cited clause says the phrase too
    meant = squash(topics.places.clause_text(likely))
    vocab = topics.vocab
    for hit in vocab.scan(window):
        t = hit.term
        if vocab.specific(t, SPECIFIC_SHARE) and topics.present(t, cited) and not topics.present(t, meant):
            return None  # the cited clause shares another matter of the phrase
    return sorted(set(owners[likely])), Place(likely, topics.places.clause_text(likely))


def glossary_title(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """A glossary entry cites the place that defines its term: the cited place, the term, and the one
        sibling clause whose title is that term and nothing else (附录一 「假标记 …（5.3.5）」: 5.3.5 is titled
        假标记) or the one other item headed by it (「攒弹 …（4.4.7②）」: ② is headed 攒弹), when the cited
        place's titles (a clause's family) or heading do not name it.  Only the bracketed citations that close an
    entry are its own (「…唯一作用点为4.4.3 额外子弹」 inside 子弹存储上限's entry is not).  A title naming two things (7.3.0
        「两型：普通乔装与强力乔装」) defines neither alone: the entry 强力乔装 rightly cites 7.3.2 and 7.3.7."""

    if not topics.glossary(unit) or ref.kind not in CLAUSE_OR_ITEM:
        return None
    if open_bracket(unit.text, at, max(0, at - 30)) is None:
        return None  # a citation inside the entry's prose (「唯一作用点为4.4.3 额外子弹」) is not the entry's own
    head = entry_head(unit.text, at)
    place, near = topics.target(ref)
    if len(head) < MIN_PHRASE or place is None:
        return None
    # the entry's words run on after its term (「假标记外观同真标记…」): a title is the term when the entry
    # starts with it
    if ref.kind is CLAUSE_REF and not ref.target_item:
        cid = ref.target_clause or ""
        parent = cid.rpartition(".")[0]
        if not parent or any(head.startswith(t) for t in topics.title_heads(cid)):
            return None
        titled = [
            (c, t)
            for c in topics.children(parent)
            if c != cid and len(heads := topics.title_heads(c)) == 1
            for t in heads
            if head.startswith(t) and not topics.present(t, topics.family_titles(cid))
        ]
        if len(titled) != 1:
            return None
        return place, [titled[0][1]], Place(titled[0][0], topics.places.clause_text(titled[0][0]))
    if ref.kind is not ITEM_REF or any(head.startswith(t) for t in item_heads(topics, place)):
        return None
    headed = [(other, t) for other in near for t in item_heads(topics, other) if head.startswith(t)]
    return (place, [headed[0][1]], headed[0][0]) if len(headed) == 1 else None
