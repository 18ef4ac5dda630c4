"""(q) How the text itself cites a term: its citation habits as evidence about one citation.

A rulebook cites the same matter again and again: 「感染侧层序依 5.3.3」 is printed seven times.  Read over
every clause and item citation of the text, the terms of the phrase each one annotates make a map
term → cited place.  A citation whose phrase says a term that at least ``HABIT_VOTES`` other clauses cite at
a *sibling* of the cited place — at least ``HABIT_SHARE`` of the clauses citing the term anywhere — while no
citation cites the cited place for it and the cited place never says the term, has most likely been
renumbered: the text's own habit names the intended target.

Votes are clauses, not citations, and never the citing clause's own: one edited clause moves a count by one
at most, and a clause citing 4.14.2, 4.14.3, 4.14.4 one per table row is no evidence about its own rows.  The
share keeps a term cited all over (「详见」 at eight places, 「独立」 at nine) from naming a place because one
more citation landed there.  ``ruleproof.lint.habit_audit`` asks of a text how many of its citations one
added or retargeted citation elsewhere would report (0 on 返航录 v1preview1.0).

Guards, each a reading of what a citation can legitimately do:

* the text cites this place for one of the phrase's terms elsewhere: the pairing is a habit too;
* the cited place says a term of the phrase that does not point elsewhere (a registry row 「5.3.2 夜晚免疫
  不参与感染侧层序」 cites where the exception is, by the exception's own words): it is about the phrase;
* the citation being judged does not vote for itself;
* two siblings cited alike for the term name neither.

One citation elsewhere is evidence only with the sibling's own word for it: a term rare in the book
(at most a tenth of the clauses) that the sibling's title names.  An item citation also votes for its
clause (「（4.10.2③）」 cites 4.10.2).

The map is learned from the text being checked, so it follows the next revision's habits, not this one's.
"""

from __future__ import annotations

from collections import ChainMap, Counter
from collections.abc import Callable, Iterable, MutableMapping, Sequence
from copy import copy
from dataclasses import dataclass
from typing import TypeVar

HABIT_VOTES = 2  # clauses citing one term at a sibling before the text's habit is evidence on its own
HABIT_SHARE = 1 / 3  # of the clauses citing a term anywhere, the share that must cite the likely sibling

# one question asked of a map, as a recording map writes it down: the method's name, its arguments, the answer
Asked = tuple[str, tuple[object, ...], object]
_T = TypeVar("_T")


@dataclass(frozen=True)
class Habit:
    """Evidence that a citation was meant for ``likely``: ``votes`` other citations of ``term`` land there."""

    term: str
    likely: str
    votes: int


@dataclass(frozen=True)
class Citing:
    """One citation of the text as the map reads it: where it stands, the places it cites (an item and its
    clause: 「（4.10.2③）」 cites 4.10.2 too), its terms."""

    unit: str
    at: int
    places: tuple[str, ...]
    terms: tuple[str, ...]


class CitationHabits:
    """For each term, which citations of the text (by unit and offset) annotate it at each place.  A place's
    votes for a term are the *clauses* citing it for the term: a clause that cites one place for one term
    three times votes once, so one edited clause moves a count by one at most."""

    def __init__(self, citations: Iterable[Citing]) -> None:
        self._sites: MutableMapping[str, dict[str, set[tuple[str, int]]]] = {}
        self._by_site: MutableMapping[tuple[str, int], Citing] = {}
        for c in citations:
            self._file(c)

    def _file(self, c: Citing) -> None:
        self._by_site[(c.unit, c.at)] = c
        for t in set(c.terms):
            per_place = self._sites.setdefault(t, {})
            for p in c.places:
                per_place.setdefault(p, set()).add((c.unit, c.at))

    def _edited(
        self, c: Citing, change: Callable[[set[tuple[str, int]]], set[tuple[str, int]]], filed: bool
    ) -> CitationHabits:
        """A map sharing this one's filing but at ``c``'s places under ``c``'s terms, where ``change`` of the
        sites filed there holds, with ``c`` filed or not (what changes is copied: this map is kept)."""
        out = CitationHabits(())
        out._sites = ChainMap(
            {
                t: {
                    **self._sites.get(t, {}),
                    **{p: change(self._sites.get(t, {}).get(p, set())) for p in c.places},
                }
                for t in set(c.terms)
            },
            self._sites,
        )
        site = (c.unit, c.at)
        out._by_site = (
            ChainMap({site: c}, self._by_site)
            if filed
            else {k: v for k, v in self._by_site.items() if k != site}
        )
        return out

    def plus(self, c: Citing) -> CitationHabits:
        """The map with one more citation (what an added citation elsewhere would change); this map is kept."""
        return self._edited(c, lambda sites: sites | {(c.unit, c.at)}, filed=True)

    def minus(self, site: tuple[str, int]) -> CitationHabits:
        """The map without the citation at ``site`` (what a retargeted citation no longer says)."""
        c = self._by_site.get(site)
        return self if c is None else self._edited(c, lambda sites: sites - {site}, filed=False)

    def recording(self) -> RecordingHabits:
        """A map answering as this one does (sharing its filing) that writes down in its ``log`` every question
        asked of it and the answer: what a reader read of the habits (:mod:`ruleproof.lint.habit_audit`)."""
        return RecordingHabits(self)

    def sites(self) -> list[Citing]:
        """Every citation the map was built from, in the order filed."""
        return list(self._by_site.values())

    def votes(self, term: str, unit: str, at: int) -> Counter[str]:
        """For each place, how many clauses cite it for ``term``, leaving out the citation at (``unit``,
        ``at``) (the unit's other citations of the place still count, once)."""
        out: Counter[str] = Counter()
        for place, sites in self._sites.get(term, {}).items():
            n = len({u for u, a in sites if (u, a) != (unit, at)})
            if n:
                out[place] = n
        return out

    def filed(self, term: str) -> dict[str, frozenset[tuple[str, int]]]:
        """For each place, the citations (unit, offset) filed there under ``term``."""
        return {place: frozenset(sites) for place, sites in self._sites.get(term, {}).items()}

    def cited_at(self, term: str, place: str, site: tuple[str, int]) -> bool:
        """Whether a citation other than the one at ``site`` cites ``place`` for ``term``."""
        return any(s != site for s in self._sites.get(term, {}).get(place, ()))

    def other_clauses(self, term: str, unit: str) -> Counter[str]:
        """For each place, how many clauses other than ``unit`` cite it for ``term``: the citing clause's own
        citations are no evidence about it (a table citing 4.14.2, 4.14.3, 4.14.4 one per row for 「专属」)."""
        out: Counter[str] = Counter()
        for place, sites in self._sites.get(term, {}).items():
            n = len({u for u, _a in sites if u != unit})
            if n:
                out[place] = n
        return out

    def clauses_citing(self, term: str, unit: str) -> int:
        """How many clauses other than ``unit`` cite anything for ``term``."""
        return len({u for sites in self._sites.get(term, {}).values() for u, _a in sites if u != unit})

    def cited_by(self, term: str, unit: str, clauses: int) -> bool:
        """Whether at least ``clauses`` clauses other than ``unit`` cite anything for ``term`` — a question
        whose answer few edits change (a rule asking it first is re-judged by the habit audit only where one
        more citation could matter)."""
        return self.clauses_citing(term, unit) >= clauses

    def cited_elsewhere(self, terms: Sequence[str], site: tuple[str, int]) -> bool:
        """Whether another citation of the text is filed under one of ``terms``."""
        return any(s != site for t in terms for sites in self._sites.get(t, {}).values() for s in sites)

    def evidence(
        self,
        terms: Sequence[str],
        cited: str,
        siblings: Sequence[str],
        says: Callable[[str], bool],
        site: tuple[str, int],
        confirms: Callable[[str, str], bool] | None = None,
    ) -> Habit | None:
        """The habit naming another of ``siblings`` for a phrase of ``terms`` that cites ``cited``; None
        when the text cites ``cited`` for one of the terms too, or ``cited`` says a term that does not
        point elsewhere, or no term points anywhere.  One citation elsewhere is enough when ``confirms``
        (term, sibling) holds: the sibling is itself about the term (its title names it)."""
        if any(self.cited_at(t, cited, site) for t in terms):
            return None  # the text cites the cited place for one of the terms (the citing clause too)
        per_term = {t: self.other_clauses(t, site[0]) for t in terms}
        if not any(per_term.values()):
            return None  # (most citations: no term of theirs is cited anywhere else)
        best: Habit | None = None
        for t, v in per_term.items():
            ranked = sorted(((v[s], s) for s in siblings if s != cited), reverse=True)
            n, likely = ranked[0] if ranked else (0, "")
            if len(ranked) > 1 and ranked[1][0] == n:
                likely = ""  # two siblings cited alike for this term: no telling which was meant
            elif n < HABIT_SHARE * self.clauses_citing(t, site[0]):
                likely = ""  # the term is cited all over (「详见」 at eight places): no habit of one place
            if says(t):
                if n < HABIT_VOTES:
                    return None  # the cited place says this term, and the text cites it nowhere else
                continue
            if not likely or (n < HABIT_VOTES and not (n and confirms is not None and confirms(t, likely))):
                continue
            if best is None or n > best.votes:
                best = Habit(t, likely, n)
        return best


class RecordingHabits(CitationHabits):
    """A map reading as ``base`` does that writes down every question asked of it and its answer
    (:meth:`CitationHabits.recording`)."""

    def __init__(self, base: CitationHabits) -> None:
        super().__init__(())
        self._sites = base._sites
        self._by_site = base._by_site
        self.log: list[Asked] = []

    def _asked(self, name: str, args: tuple[object, ...], answer: _T) -> _T:
        self.log.append((name, args, copy(answer)))  # (a copy: a reader may change what it was given)
        return answer

    def sites(self) -> list[Citing]:
        return self._asked("sites", (), super().sites())

    def votes(self, term: str, unit: str, at: int) -> Counter[str]:
        return self._asked("votes", (term, unit, at), super().votes(term, unit, at))

    def filed(self, term: str) -> dict[str, frozenset[tuple[str, int]]]:
        return self._asked("filed", (term,), super().filed(term))

    def cited_at(self, term: str, place: str, site: tuple[str, int]) -> bool:
        return self._asked("cited_at", (term, place, site), super().cited_at(term, place, site))

    def other_clauses(self, term: str, unit: str) -> Counter[str]:
        return self._asked("other_clauses", (term, unit), super().other_clauses(term, unit))

    def clauses_citing(self, term: str, unit: str) -> int:
        return self._asked("clauses_citing", (term, unit), super().clauses_citing(term, unit))

    def cited_by(self, term: str, unit: str, clauses: int) -> bool:
        return self._asked("cited_by", (term, unit, clauses), super().cited_by(term, unit, clauses))

    def cited_elsewhere(self, terms: Sequence[str], site: tuple[str, int]) -> bool:
        answer = super().cited_elsewhere(terms, site)
        return self._asked("cited_elsewhere", (tuple(terms), site), answer)
