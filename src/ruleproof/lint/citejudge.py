"""(q) One judge weighing all the evidence a citation's sentence gives, at the cited place and at each place a
renumbering could have moved it from — with scores read within that candidate set only.

The rules before it in the verdict chain each speak when exactly one sibling fits one kind of evidence.  A
reader weighs the kinds together: a term of the phrase that a sibling's title names, another that only the
sibling says, a run of the backed statement or a quoted term 「…」 the sibling prints.  Each is weak alone;
together they tell.

The candidates are the places a renumbering lands a citation on (:func:`ruleproof.mutate.generate.siblings`):
for a clause citation the ``NEAREST`` sibling clauses nearest the cited one, for an item citation the items
either side of the cited item — not one of the citing clause's family, not one another citation of the sentence
cites (its words are that citation's), not one whose own text cites the cited place or a sibling of it in a piece
that prints the scored evidence (it may restate it: read by family, since a renumbering moves a citation among
siblings and must not decide whether a candidate of another citation is weighed — see :func:`_restates`), not one
whose sub-clause cites the citing clause's family in a piece that prints the evidence (the words are the citing
clause's, quoted: :func:`kept`).  Each place of the set (the cited one too) is scored on:

1. **terms of the phrase** (:meth:`Topics.topic`) that the place says; a term the place's title or item heading
   names counts ``TITLE_WEIGHT`` times, once more when it is glued to the citation (``near``);
2. **quoted terms** 「…」 beside the citation that the place prints, ``QUOTE_WEIGHT`` times;
3. **the backed statement** (:func:`citeprinted.backed`) printed verbatim: the longest run of at least
   ``RUN_MIN`` CJK characters the place shares with it, its length over ``RUN_UNIT`` (two pieces of evidence
   from ``LONG_RUN``: a clause of words said verbatim is stronger than a two-character title word).

A citation whose sentence gives no term, no quoted term, no bracket label and no backed statement of ``RUN_MIN``
characters is decided before any candidate is built (most citations: the judge's early exit).

Each is weighted by its rarity **within the candidate set**: the share of the set's other places that do not
print it (1 when one place alone says it, 0 when all do).  Nothing else is read — no book-wide rarity, no
citation habits: branch judge14a weighed terms by their rarity in the whole book, and a truncation in 7.2.7
changed the rarity of 「出手」 and lifted 4.6.4's unchanged 「受封锁（4.5.1）」 over its margin.  Here only an
edit of the citing sentence or of a place of its candidate set moves its scores.

A citation is reported, naming the best candidate, when that candidate outscores the cited place by more than
``MARGIN`` and at least ``RATIO`` times, on at least ``PIECES`` pieces of evidence (:func:`pieces`), no other
candidate ties it, and family q's guards hold (:func:`headwords.guarded`).  Not weighed: words glued to the
citation that name the cited place, tags, lists (their members share the phrase), a comparison 「同 X：…」, a
glossary entry naming the cited place's title.

Below the margin the judge's lean (:func:`lean`: the best candidate ahead by ``LEAN_MARGIN``, no tie) is reported
only with a second kind of evidence (:func:`cited_lean`, :class:`CitedLeanPlace`): at least
``citecited.CITED_VOTES`` clauses cite the candidate in a sentence saying the lean's words and none cites the cited
place so (``citecited.UNCITED_VOTES`` when no other clause cites the cited place at all), or the glossary defines
one of the words by a citation of the candidate's family and not of the cited place's
(:mod:`ruleproof.lint.citecited`; docs/lint.md, family q, "Nineteenth pass — the judge's lean confirmed by how the
others cite").  A leaned-to candidate that restates a sibling is left out only when the siblings it cites print
every word of the lean (:func:`_restated_words`).

Calibrated by ``ci/judge_calibrate.py`` on 返航录 v1preview1.0's 1,415 own citations and 2,425 renumberings (the
other bundled books have no clause citations): no own citation is reported; the nearest on ≥ 2 pieces is 2.1.6's
2.8.12④ (③ scores 2.1 over 0.9 on a printed run: ratio 3.4 of 4).  See docs/lint.md, family q, "Fourteenth pass — a
judge with local scores" and "Sixteenth pass — the judge calibrated".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ruleproof.lint import citecited, citeread
from ruleproof.lint.citefit import family_group
from ruleproof.lint.citeprinted import backed
from ruleproof.lint.citetext import CITATION, NOT_CJK, in_list, open_bracket, related, squash
from ruleproof.lint.frames import longest_run
from ruleproof.lint.headwords import guarded
from ruleproof.lint.memo import per_lint
from ruleproof.lint.topics import ExplainedPlace, item_heads
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Place, Topics
    from ruleproof.text.model import Ref

NEAREST = 3  # a clause citation's candidates: this many sibling clauses nearest the cited one
TITLE_WEIGHT = 2.0  # a term a place's title (item heading) names counts this many times
GLUED_WEIGHT = 1.0  # and once more when it is glued to the citation
RUN_MIN = 4  # a shared run of the backed statement counts from this many characters
RUN_UNIT = 4.0  # a run of this many characters weighs as much as one term
QUOTE_WEIGHT = 2.0  # a quoted term beside the citation weighs this many terms
QUOTE_REACH = 12  # a quoted term is read this many characters either side of the citation
LABEL_MIN = 2  # the words a bracket annotates name a place's title from this many characters
LABEL_LONG = 4  # and count two pieces from this many
LABEL_WEIGHT = 1.0  # a run of LABEL_MIN characters weighs as much as one term
MARGIN = 1.5  # the best candidate outscores the cited place by more than this
RATIO = 4.0  # and by at least this many times its score
PIECES = 2  # on at least this many pieces of evidence
LEAN_MARGIN = 1.0  # below the margin, a lean other clauses' citations confirm (citecited): by this much
LONG_RUN = 5  # a printed run this long is two pieces


ENTRY_REACH = 160  # a glossary entry is read at most this far back from its citation
_ALIKE = ("同",)
Ranked = tuple[float, str, list[str], int]  # a candidate's score, name, evidence and pieces of evidence
_QUOTE = re.compile(r"「(?P<q>[^「」]{2,30})」")


@dataclass(frozen=True)
class JudgedPlace(ExplainedPlace):
    """The candidate the judge names: its score, the cited place's, and the evidence that scored."""

    score: float = 0.0
    cited_score: float = 0.0
    evidence: tuple[str, ...] = field(default_factory=tuple)

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        said_zh, said_en = "」「".join(self.evidence), "', '".join(self.evidence)
        return (
            f"引文的用语「{said_zh}」合计更像 {self.name}（证据分 {self.score:.1f}，{cited} 仅 {self.cited_score:.1f}）",
            f"the citing words '{said_en}' together fit {self.name} (evidence {self.score:.1f}) far better "
            f"than {cited} ({self.cited_score:.1f})",
        )


@dataclass(frozen=True)
class CitedLeanPlace(JudgedPlace):
    """The candidate the judge leans to below its margin, that other clauses cite in the lean's words."""

    voters: tuple[str, ...] = ()
    entries: tuple[tuple[str, str], ...] = ()  # or the glossary's entries (head, cited clause) naming it
    alone: bool = False  # fewer voters, and no clause outside the citing family cites the cited place (citecited.uncited)

    def reason(self, cited: str, shown: str) -> tuple[str, str]:
        said_zh, said_en = "」「".join(self.evidence), "', '".join(self.evidence)
        lean_zh = f"引文的用语「{said_zh}」更像 {self.name}（证据分 {self.score:.1f}，{cited} 仅 {self.cited_score:.1f}）"
        lean_en = (
            f"the citing words '{said_en}' lean to {self.name} (evidence {self.score:.1f}, {cited} "
            f"{self.cited_score:.1f})"
        )
        if not self.voters:
            zh = "、".join(f"「{h}」（{c}）" for h, c in self.entries)
            en = ", ".join(f"'{h}' ({c})" for h, c in self.entries)
            return (
                f"{lean_zh}；术语表以 {zh} 释此语，无一条引 {cited}",
                f"{lean_en}; the glossary defines {en}, none citing {cited}",
            )
        where_zh, where_en = "、".join(self.voters), ", ".join(self.voters)
        if self.alone:
            return (
                f"{lean_zh}；他处 {where_zh} 引 {self.name} 之句皆言此语，本条族之外无一处引 {cited}",
                f"{lean_en}; {where_en} cite {self.name} in sentences saying them, and no clause outside the "
                f"citing clause's family cites {cited}",
            )
        return (
            f"{lean_zh}；他处 {where_zh} 引 {self.name} 之句皆言此语，无一处以此语引 {cited}",
            f"{lean_en}; {where_en} cite {self.name} in sentences saying them, none cites {cited} so",
        )


@dataclass
class _Book:
    """What the judge reads of one text, computed once: each place's squashed text and heading terms, and each
    cited place's candidates."""

    texts: dict[str, str] = field(default_factory=dict)
    heads: dict[str, frozenset[str]] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    candidates: dict[tuple[bool, str, str], tuple[str, list[str], bool] | None] = field(default_factory=dict)
    subs: dict[str, str] = field(default_factory=dict)


@per_lint
def _book(topics: Topics) -> _Book:
    return _Book()


def candidates(topics: Topics, ref: Ref) -> tuple[str, list[str], bool] | None:
    """The cited place's name, the names of the places a renumbering could have moved it from, and whether
    they are items; None when the citation has no such places (memoised per place: each citation of it asks)."""
    memo = _book(topics).candidates
    key = (ref.kind is RefKind.ITEM, ref.target_clause or "", ref.target_item or "")
    if key not in memo:
        memo[key] = _candidates(topics, ref)
    return memo[key]


def _candidates(topics: Topics, ref: Ref) -> tuple[str, list[str], bool] | None:
    cid = ref.target_clause or ""
    if not cid:
        return None
    if ref.kind is RefKind.ITEM and ref.target_item:
        names = [p.name for p in topics.places.items(cid)]
        own = f"{cid}{ref.target_item}"
        if own not in names:
            return None
        k = names.index(own)
        return own, [names[j] for j in (k - 1, k + 1) if 0 <= j < len(names)], True
    if ref.kind is not RefKind.CLAUSE or "." not in cid:
        return None
    group = family_group(topics, cid, False)
    if cid not in group:
        return None
    last = _last(cid)
    near = sorted((c for c in group if c != cid and "." in c), key=lambda c: (abs(_last(c) - last), c))
    return cid, near[:NEAREST], False


def _last(cid: str) -> int:
    tail = cid.rpartition(".")[2]
    return int(tail) if tail.isdigit() else 999


def _names_cited(topics: Topics, unit: Unit, at: int, ref: Ref) -> bool:
    """The glossary entry a citation closes (back to the previous citation) names the cited place's title."""
    text = unit.text
    lo = max(0, at - ENTRY_REACH)
    for m in CITATION.finditer(text, lo, at):
        lo = m.end()
    entry = squash(text[lo:at])
    found = candidates(topics, ref)
    if found is None:
        return False
    heads = _place(topics, ref, found[0], found[2])[1]
    return any(h in entry for h in heads)


def _own_text(topics: Topics, ref: Ref, name: str, item: bool) -> str:
    """A candidate's own words: an item's text, a clause's own unit without its sub-clauses (a sub-clause's
    citation of a sibling says nothing of what the clause's own words restate: 4.7.x citing 4.13 left 4.7
    out of every 4.6 citation's candidates)."""
    if item:
        return _raw(topics, ref, name, item)
    unit = topics.ctx.unit_by_id.get(name)
    return unit.text if unit is not None else ""


def _sub_text(topics: Topics, name: str) -> str:
    """A clause's sub-clauses' texts (memoised per lint)."""
    book = _book(topics)
    text = book.subs.get(name)
    if text is None:
        prefix = name + "."
        text = book.subs[name] = "\n".join(
            u.text for uid, u in topics.ctx.unit_by_id.items() if uid.startswith(prefix)
        )
    return text


def _restates(text: str, cid: str, label: str, item: bool) -> bool:
    """A candidate's pieces that print the scored evidence (``text``, :func:`_printing`) cite the cited place's
    family: the words they share with the citing sentence may restate the place that citation names.  Read so
    that no renumbering of a citation elsewhere moves it — a retarget moves a citation to a sibling, so a clause
    candidate counts when it cites ANY clause of the cited one's parent (not only the cited one: then an edit
    of its citation, 6.9.5 → 6.9.4, would bring it back among the weighed places for every other citation of
    6.9.5); an item candidate counts when it names the cited item's label ``label`` bare or after the cited
    clause's own id (not after another clause's id: 「3.2⑤」 is another clause's item)."""
    if not text:
        return False
    if item:
        for m in re.finditer(re.escape(label), text):
            before = _ID_BEFORE.search(text, max(0, m.start() - 16), m.start())
            if before is None or before.group("id") == cid:
                return True
        return False
    # (its own id too: a retarget can land a sibling's citation on the candidate itself, 7.1 → 7.2 in 7.2)
    return _cites_family(text, cid)


def _cites_family(text: str, cid: str) -> bool:
    """``text`` cites a clause of ``cid``'s parent (never for a top-level id: a bare 「5」 is any number)."""
    parent = cid.rpartition(".")[0]
    if not parent:
        return False
    return re.search(_family_pattern(parent), text) is not None


def _family_pattern(parent: str) -> str:
    """A citation of a clause of ``parent``, its number in group ``n``: 「6.4.1」 for 6.4, not 「16.4.1」, 「6.4.12」
    whole, and not the 「6.4.1」 of 「6.4.1.2」."""
    return rf"(?<![\d.]){re.escape(parent)}\.(?P<n>\d+)(?!\d|\.\d)"


_ID_BEFORE = re.compile(r"(?P<id>\d+(?:\.\d+)+)\s*(?:条)?\s*$")


def _cited_beside(topics: Topics, unit: Unit, at: int, ref: Ref) -> set[str]:
    """The places other citations of the same sentence cite: the sentence's words about them are theirs."""
    sent = citeread.sentence(topics, unit, at)
    lo, hi = (sent.start, sent.end) if sent else (0, len(unit.text))
    out: set[str] = set()
    for other in topics.ctx.refs_by_unit.get(unit.id, []):
        if other is ref or not other.target_clause:
            continue
        off = topics.locate(unit, other)
        if off is not None and lo <= off < hi and off != at:
            out.add(other.target_clause)
            out.add(f"{other.target_clause}{other.target_item or ''}")
    return out


def _raw(topics: Topics, ref: Ref, name: str, item: bool) -> str:
    """A place's text as printed (an item: the item; a clause: with its sub-clauses)."""
    if item:
        return next(p.text for p in topics.places.items(ref.target_clause or "") if p.name == name)
    return topics.places.clause_text(name)


def _place(topics: Topics, ref: Ref, name: str, item: bool) -> tuple[str, frozenset[str]]:
    """A place's squashed text (an item: its body; a clause: with its sub-clauses) and its heading terms."""
    book = _book(topics)
    text = book.texts.get(name)
    if text is None:
        cid = ref.target_clause or ""
        if item:
            place = next(p for p in topics.places.items(cid) if p.name == name)
            text = squash(place.text.split("。", 1)[-1])
            book.heads[name] = item_heads(topics, place)
        else:
            text = family_group(topics, cid, False)[name]
            book.heads[name] = topics.title_names(name)
        book.texts[name] = text
    return text, book.heads[name]


def scores(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[float, list[Ranked]]:
    """The cited place's score and each candidate's (score, name, evidence), best first.

    Every weight is read within the candidate set (the cited place and its candidates): a term, quoted term
    or run of the backed statement weighs the share of the set's other places that do not print it — 1 when
    one place alone says it, 0 when all do.  Nothing outside the citing sentence and the set's own text moves
    a score."""
    # First what the citing sentence gives, before any candidate is built: a citation with no term, no quoted
    # term, no bracket label and no backed statement long enough to be a run has nothing to weigh (most do).
    terms = topics.topic(unit, at, ref.raw)
    quoted = [q for q in _quoted(topics, unit, at, ref.raw) if q not in terms]
    label = _label(topics, unit, at, ref.raw)
    said = ""
    if not terms and not quoted and len(label) < LABEL_MIN:  # (no title run can be longer than the label)
        said = _said(unit, at, ref.raw)
        if len(said) < RUN_MIN:
            return 0.0, []
    found = candidates(topics, ref)
    if found is None:
        return 0.0, []
    own, names, item = found
    names = [n for n in names if not related(n, unit.id)]
    if not names:
        return 0.0, []
    group = [own, *names]
    named = {n: longest_run(label, _title(topics, ref, n, item)) if label else "" for n in group}
    longest = max(len(named[n]) for n in names)
    if len(named[own]) >= LABEL_LONG and len(named[own]) >= longest:
        return 0.0, []  # the words the bracket annotates are the cited place's title
    glued = set(topics.topic(unit, at, ref.raw, near=True))
    if glued & _place(topics, ref, own, item)[1] and longest <= len(named[own]):
        return 0.0, []  # the words glued to the citation name the cited place
    said = said or _said(unit, at, ref.raw)
    if not terms and not quoted and len(said) < RUN_MIN and longest < LABEL_MIN:
        return 0.0, []  # (nothing to weigh: no label run, no term, no quoted term, no run)
    texts = {n: _place(topics, ref, n, item) for n in group}
    others = len(group) - 1

    def rarity(holders: int) -> float:
        """The share of the set's other places that do not print what ``holders`` places print."""
        return (len(group) - holders) / others if holders else 0.0

    weight = {t: rarity(sum(topics.present(t, texts[n][0]) for n in group)) for t in terms}
    quote_weight = {q: rarity(sum(q in texts[n][0] for n in group)) for q in quoted}
    runs = {n: longest_run(said, texts[n][0]) if len(said) >= RUN_MIN else "" for n in group}

    def score(name: str) -> tuple[float, list[str], int]:
        text, heads = texts[name]
        total, evidence, extra = 0.0, [], 0
        title_run = named[name]
        if len(title_run) >= LABEL_MIN:
            # the words the bracket annotates, as this place's title prints them: 2 pieces when long
            total += (
                LABEL_WEIGHT
                * len(title_run)
                / LABEL_MIN
                * rarity(sum(title_run in _title(topics, ref, n, item) for n in group))
            )
            evidence.append(title_run)
            extra += len(title_run) >= LABEL_LONG
        for t in terms:
            if not topics.present(t, text):
                continue
            factor = 1.0
            if t in heads or any(t in h for h in heads):
                factor = TITLE_WEIGHT + (GLUED_WEIGHT if t in glued else 0.0)
            total += weight[t] * factor
            if t not in evidence:
                evidence.append(t)
        for q in quoted:
            if q in text:
                total += QUOTE_WEIGHT * quote_weight[q]
                evidence.append(q)
        run = runs[name]
        if _cjk(run) >= RUN_MIN and not any(run in t for t in evidence):
            total += len(run) / RUN_UNIT * rarity(sum(run in texts[n][0] for n in group))
            evidence.append(run)
        return total, evidence, pieces(evidence) + extra

    cited = score(own)[0]
    ranked = sorted(((*score(n), n) for n in names), key=lambda r: -r[0])
    return cited, [(s, n, ev, k) for s, ev, k, n in ranked]


def _said(unit: Unit, at: int, raw: str) -> str:
    """The backed statement (:func:`citeprinted.backed`), its citations blanked: a run is words, not a shared
    citation."""
    return CITATION.sub("\x00", backed(unit, at, raw))


def _label(topics: Topics, unit: Unit, at: int, raw: str) -> str:
    """The words a bracket citation annotates, squashed (「乔装（7.3）」 → 乔装; 「（7.2.2 私人反馈）」 →
    私人反馈); '' for a citation outside a bracket."""
    text = unit.text
    sent = citeread.sentence(topics, unit, at)
    if open_bracket(text, at, sent.start if sent else 0) is None:
        return ""
    return squash(topics.window(unit, at, raw, near=True))


def _title(topics: Topics, ref: Ref, name: str, item: bool) -> str:
    """A place's title as printed, squashed (an item: its heading), memoised per text."""
    book = _book(topics)
    title = book.titles.get(name)
    if title is None:
        if item:
            place = next(p for p in topics.places.items(ref.target_clause or "") if p.name == name)
            title = "".join(sorted(item_heads(topics, place)))
        else:
            clause = topics.ctx.clause(name)
            title = clause.title if clause is not None else ""
        title = book.titles[name] = squash(title)
    return title


def _quoted(topics: Topics, unit: Unit, at: int, raw: str) -> list[str]:
    """The quoted terms 「…」 of the citation's sentence right beside it — opening at most ``QUOTE_REACH``
    characters after it, or closing at most that far before it — squashed: 「不继承 4.6.3 的「三者互斥」表述」
    quotes what 4.6.3 prints."""
    text = unit.text
    end = at + len(raw)
    sent = citeread.sentence(topics, unit, at)
    lo, hi = (sent.start, sent.end) if sent else (0, len(text))
    out = []
    for m in _QUOTE.finditer(text, max(lo, at - QUOTE_REACH - 32), min(hi, end + QUOTE_REACH + 32)):
        if end <= m.start() <= end + QUOTE_REACH or at - QUOTE_REACH <= m.end() <= at:
            q = squash(m.group("q"))
            if _cjk(q) >= 2 and q not in out:
                out.append(q)
    return out


def weighed(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[float, list[Ranked]] | None:
    """:func:`scores` of a citation the judge weighs (None: one whose words tell no member from another — a
    tag, a list, a comparison 「同 X：」, a glossary entry naming the cited place), without the candidates another
    citation of the sentence cites or whose text cites the cited place (they restate it)."""
    if ref.kind not in (RefKind.CLAUSE, RefKind.ITEM) or ref.raw.startswith("〔"):
        return None
    text = unit.text
    if in_list(text, at, at + len(ref.raw)):
        return None  # a list's members share the words of its phrase: no telling which member each backs
    if text[max(0, at - 2) : at].rstrip().endswith(_ALIKE):
        return None  # 「同 4.3：…」: the words after it are the citing clause's own rule, said alike
    if topics.glossary(unit) and _names_cited(topics, unit, at, ref):
        return None  # a glossary entry names the place it cites: its words define the entry's term
    cited, ranked = scores(topics, unit, at, ref)
    if clearly_better(cited, ranked):
        # (read only then: leaving candidates out can only lower the best, so a citation whose best candidate
        # does not clear the margin is decided without them)
        ranked = kept(topics, unit, at, ref, ranked)
    return cited, ranked


def kept(
    topics: Topics, unit: Unit, at: int, ref: Ref, ranked: list[Ranked], *, lean: bool = False
) -> list[Ranked]:
    """The ranked candidates less those another citation of the sentence cites and those that restate the cited
    place (:func:`_restates`) — for the confirmed lean (``lean``), less only those whose restating pieces cite
    siblings that together print every word of the lean, or siblings that cannot be read, or the candidate itself
    (:func:`_restated_words`)."""
    item = ref.kind is RefKind.ITEM
    cid, label = ref.target_clause or "", ref.target_item or ""
    beside = _cited_beside(topics, unit, at, ref)
    back = unit.id if unit.is_clause else ""
    out = []
    for r in ranked:
        if r[1] in beside:
            continue
        own = _printing(topics, _own_text(topics, ref, r[1], item), r[2])
        if _restates(own, cid, label, item) and (
            not lean or _restated_words(topics, ref, own, r[1], r[2], item)
        ):
            continue
        if back and not item and _cites_family(_printing(topics, _sub_text(topics, r[1]), r[2]), back):
            continue  # a sub-clause quotes the citing clause: the words are the citing clause's
        out.append(r)
    return out


def _restated_words(
    topics: Topics, ref: Ref, pieces: str, name: str, evidence: list[str], item: bool
) -> bool:
    """Whether the siblings a candidate's restating pieces (``pieces``, :func:`_restates`) cite print every one of
    the lean's words ``evidence`` — then its words may all be theirs, restated.  A candidate that restates a
    sibling but says a word of the lean that none of the siblings it cites prints says that word of its own:
    2.8.2's 「…仅于致死时点消耗 1 次（6.4.2）」 retargeted to 6.4.3 leans to 6.4.2, whose pieces cite 6.4.1 — 6.4.1 says
    致死, not 致死时点.  No sibling found, one not in the family, or the candidate itself among them (a retarget
    can land a sibling's citation on it) counts as restating."""
    cid = ref.target_clause or ""
    group = family_group(topics, cid, item)
    if item:
        cited = {sib for sib in group if _restates(pieces, cid, sib[len(cid) :], True)}
    else:
        parent = cid.rpartition(".")[0]
        found = re.finditer(_family_pattern(parent), pieces) if parent else ()
        cited = {f"{parent}.{m.group('n')}" for m in found}
    texts = [group.get(sib) for sib in cited]
    if not cited or name in cited or any(t is None for t in texts):
        return True
    return all(any(e in t or topics.present(e, t) for t in texts if t is not None) for e in evidence)


_PIECE_END = re.compile(r"(?<=[。；;！？\n])")


def _printing(topics: Topics, text: str, evidence: list[str]) -> str:
    """The pieces of ``text`` (cut after 。；！？ and line ends) that print a piece of the scored evidence: a
    citation restates or quotes the words of its own piece, not the rest of the place.  4.7's intro
    「本条各款仅在选定为神探时适用；选定为摆渡人者适用 4.13。」 cites 4.13 in a piece that does not say 神探, so
    it does not make 4.7's 「神探」 a restatement of a sibling (judge16 read the whole intro and left 4.7 out of
    every citation of 4.4–4.6).  Evidence printed only in the title leaves no piece."""
    return "".join(
        piece
        for piece in _PIECE_END.split(text)
        if any(e in (sq := squash(piece)) or topics.present(e, sq) for e in evidence)
    )


def clearly_better(cited: float, ranked: list[Ranked]) -> bool:
    """The best candidate outscores the cited place by more than ``MARGIN`` and ``RATIO`` times, on at least
    ``PIECES`` pieces of evidence (:func:`pieces`), and the next candidate does not tie it."""
    if not ranked:
        return False
    best, _name, _evidence, count = ranked[0]
    if best - cited <= MARGIN or best < RATIO * cited or count < PIECES:
        return False
    return len(ranked) == 1 or best > ranked[1][0]  # two candidates alike: no telling which was meant


def _cjk(text: str) -> int:
    """How many CJK characters ``text`` has."""
    return len(NOT_CJK.sub("", text))


def pieces(evidence: list[str]) -> int:
    """How many pieces of evidence: the words not part of another (「抗体」 in 「疫苗抗体」 is one piece), a
    printed run of at least ``LONG_RUN`` CJK characters counting twice (a clause of words said verbatim)."""
    kept = [e for e in evidence if not any(e != f and e in f for f in evidence)]
    return len(kept) + sum(1 for e in kept if _cjk(e) >= LONG_RUN)


def judge_fit(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[list[str], Place] | None:
    """The evidence and the candidate that clearly outscores the cited place (see the module's docstring), or
    the one the judge leans to when the other clauses cite it in the lean's words (:func:`cited_lean`)."""
    found = weighed(topics, unit, at, ref)
    if found is None:
        return None
    if not clearly_better(*found):
        return cited_lean(topics, unit, at, ref, *found)
    cited, ranked = found
    best, name, evidence, _count = ranked[0]
    place = JudgedPlace(name, _raw(topics, ref, name, ref.kind is RefKind.ITEM), best, cited, tuple(evidence))
    return evidence, place


def lean(cited: float, ranked: list[Ranked]) -> Ranked | None:
    """The judge's lean below its margin: the best candidate, outscoring the cited place by at least
    ``LEAN_MARGIN`` (one whole term the cited place does not print), no candidate tying it; None when the judge
    leans nowhere."""
    if not ranked or ranked[0][0] - cited < LEAN_MARGIN:
        return None
    if len(ranked) > 1 and ranked[1][0] >= ranked[0][0]:
        return None
    return ranked[0]


def cited_lean(
    topics: Topics, unit: Unit, at: int, ref: Ref, cited: float, ranked: list[Ranked]
) -> tuple[list[str], Place] | None:
    """The judge's lean below its margin (:func:`lean`), confirmed by a second kind of evidence: at least
    ``citecited.CITED_VOTES`` clauses outside the citing family cite the leaned-to candidate in a sentence
    printing the lean's words and none cites the cited place so (:func:`citecited.confirmed`; two when no clause
    outside the family cites the cited place at all, :func:`citecited.uncited`) — or the glossary
    defines one of the lean's words by a citation of the candidate's family and none of them by one of the
    cited place's (:func:`citecited.glossary_names`).  The votes are read first (one index per lint), the
    candidates that restate the cited place (:func:`kept`, read for the lean: :func:`_restated_words`) last."""
    found = lean(cited, ranked)
    if found is None:
        return None
    best, name, evidence, _count = found
    item = ref.kind is RefKind.ITEM
    cid = ref.target_clause or ""
    own = f"{cid}{ref.target_item or ''}" if item else cid
    voters, alone = citecited.confirmed(topics, name, own, cid, item, evidence, unit.id)
    entries: list[tuple[str, str]] = []
    if not voters:
        if item:
            return None  # (two items of one clause share the family the glossary's entries name)
        site = (unit.id, at)
        entries = citecited.glossary_names(topics, name, evidence, site)
        if not entries or citecited.glossary_names(topics, cid, evidence, site):
            return None
    left = kept(topics, unit, at, ref, ranked, lean=True)
    if not left or left[0][1] != name:
        return None
    place = CitedLeanPlace(
        name,
        _raw(topics, ref, name, item),
        best,
        cited,
        tuple(evidence),
        voters=tuple(voters),
        entries=tuple(entries),
        alone=alone,
    )
    return evidence, place


def cited_lean_verdict(
    topics: Topics, unit: Unit, at: int, ref: Ref
) -> tuple[Place, list[str], Place] | None:
    """:func:`cited_lean` alone (the judge below its margin), under family q's guards — for the tests and the
    spurious check of the rule by itself."""
    found = weighed(topics, unit, at, ref)
    if found is None or clearly_better(*found):
        return None
    return guarded(topics, unit, at, ref, cited_lean(topics, unit, at, ref, *found))


def judge_verdict(topics: Topics, unit: Unit, at: int, ref: Ref) -> tuple[Place, list[str], Place] | None:
    """:func:`judge_fit` under family q's guards (comparison, denial, number pair, gate, list)."""
    return guarded(topics, unit, at, ref, judge_fit(topics, unit, at, ref))
