"""(q) How the text itself cites a term: its citation habits as evidence about one citation.

A rulebook cites the same matter again and again: 「感染侧层序依 5.3.3」 is printed seven times.  Read over
every clause and item citation of the text, the terms of the phrase each one annotates make a map
term → cited place.  A citation whose phrase says a term that the text cites at a *sibling* of the cited
place at least ``HABIT_VOTES`` times, and never at the cited place, while the cited place never says the
term, has most likely been renumbered: the text's own habit names the intended target.

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

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

HABIT_VOTES = 2  # citations of one term at a sibling before the text's habit is evidence on its own


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
    """For each term, how many citations of the text annotate it at each place."""

    def __init__(self, citations: Iterable[Citing]) -> None:
        self._counts: dict[str, Counter[str]] = {}
        self._by_site: dict[tuple[str, int], Citing] = {}
        for c in citations:
            self._by_site[(c.unit, c.at)] = c
            for t in set(c.terms):
                self._counts.setdefault(t, Counter()).update(c.places)

    def votes(self, term: str, unit: str, at: int) -> Counter[str]:
        """The places the text cites for ``term``, leaving out the citation at (``unit``, ``at``)."""
        counts = self._counts.get(term)
        if counts is None:
            return Counter()
        own = self._by_site.get((unit, at))
        if own is None or term not in own.terms:
            return counts  # (read only: the callers never change it)
        out = Counter(counts)
        out.subtract(own.places)
        return out

    def cited_elsewhere(self, terms: Sequence[str], site: tuple[str, int]) -> bool:
        """Whether another citation of the text is filed under one of ``terms``."""
        own = self._by_site.get(site)
        for t in terms:
            counts = self._counts.get(t)
            if counts and counts.total() > (len(own.places) if own is not None and t in own.terms else 0):
                return True
        return False

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
        per_term = {t: self.votes(t, *site) for t in terms}
        if not any(per_term.values()) or any(v[cited] > 0 for v in per_term.values()):
            return None  # (most citations: no term of theirs is cited anywhere else)
        best: Habit | None = None
        for t, v in per_term.items():
            ranked = sorted(((v[s], s) for s in siblings if s != cited), reverse=True)
            n, likely = ranked[0] if ranked else (0, "")
            if len(ranked) > 1 and ranked[1][0] == n:
                likely = ""  # two siblings cited alike for this term: no telling which was meant
            if says(t):
                if n < HABIT_VOTES:
                    return None  # the cited place says this term, and the text cites it nowhere else
                continue
            if not likely or (n < HABIT_VOTES and not (n and confirms is not None and confirms(t, likely))):
                continue
            if best is None or n > best.votes:
                best = Habit(t, likely, n)
        return best
