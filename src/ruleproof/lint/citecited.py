"""(q) Who else cites a place, and in which words: a second kind of evidence for the weighing judge's lean.

The judge (:mod:`ruleproof.lint.citejudge`) weighs what each candidate of a citation *prints*; below its margin
its lean is one piece of evidence, often one term (「额度」, 「感染」, 「夜晚免疫」) that the leaned-to sibling says
and the cited place does not — right far more often than not, but no finding on its own.  The rest of the text
says something else about the same two places: **how the other clauses cite them**.  A place the text cites
again and again in sentences that print the term is that term's place; after a renumbering the edited
citation lands on a sibling that no other clause cites in those words.

:func:`cited_with` reads every clause and item citation of the text once per lint, with its sentence squashed,
and answers, for a place and a set of words, the clauses (units) outside the citing clause's family whose
citation of the place — the clause or anything under it; an item exactly — stands in a sentence printing one of
the words.  The judge reports its lean (``citejudge.judge_fit``) when the leaned-to sibling is cited so by at
least ``CITED_VOTES`` clauses and the cited place by none — or by ``UNCITED_VOTES`` when no clause outside the
citing family cites the cited place in any words (:func:`uncited`: the edited citation is the only one pointing
there; every own citation of 返航录 stays two edits from such a report too,
``test_no_own_citation_is_one_edit_from_an_uncited_report``).

The votes are whole sentences, not the phrase glued to the citation the habit map (:mod:`citehabits`,
:mod:`citeparallel`) files citations under, and only the two places of the lean are compared — no share of the
text's citations of the term: a term cited all over (「感染」 at 21 clauses) still tells 3.3 from its sibling 3.2
that nobody cites in a sentence saying it.  An edit elsewhere moves a count by one at most; the thresholds
keep every own citation of 返航录 at least two edits from a report
(``tests/lint/test_citation_cited.py::test_no_own_citation_is_one_edit_from_a_report``).

The glossary (附录一) is the other place the text says which clause a word belongs to: each entry ends on the
citation of the clause defining its head term (:func:`citeowners.owned_phrases`).  :func:`glossary_names`
answers the entries whose head is one of the lean's words and whose citation names a place's family; the judge
also reports its lean when such an entry names the leaned-to sibling's family and none the cited place's (a clause
lean: two items of one clause share their family).  No entry votes about its own citation, and no renumbering of
one entry's citation brings an own citation of 返航录 to a report
(``test_no_own_citation_is_one_glossary_retarget_from_a_report``).
Measured on 返航录 v1preview1.0: docs/lint.md, family q, "Nineteenth pass — the judge's lean confirmed by how the
others cite".
"""

from __future__ import annotations

from collections import defaultdict
from itertools import islice
from typing import TYPE_CHECKING

from ruleproof.lint import citeread
from ruleproof.lint.citetext import squash
from ruleproof.lint.context import CLAUSE_OR_ITEM, is_descendant
from ruleproof.lint.memo import PerLintTable, per_lint
from ruleproof.text.model import RefKind

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from ruleproof.lint.topics import Topics
    from ruleproof.text.model import Ref

CITED_VOTES = 3  # clauses citing the leaned-to sibling in a sentence printing the lean's words
UNCITED_VOTES = 2  # as many, when no clause outside the citing family cites the cited place at all


@per_lint
def _by_family(topics: Topics) -> dict[str, list[tuple[str, Ref]]]:
    """Every clause and item citation of the text, filed under the cited clause and each of its ancestors (「4.10.4」
    under 4.10.4 and 4.10), with its unit's id — the sentences are read only for the places asked about."""
    out: dict[str, list[tuple[str, Ref]]] = defaultdict(list)
    for unit_id, refs in topics.ctx.refs_by_unit.items():
        for ref in refs:
            cid = ref.target_clause
            if ref.kind not in CLAUSE_OR_ITEM or not cid:
                continue
            parts = cid.split(".")
            for k in range(
                2, len(parts) + 1
            ):  # (a top-level id is no candidate: a clause citation's are x.y)
                out[".".join(parts[:k])].append((unit_id, ref))
    return out


_SENTENCES: PerLintTable[Topics, int, str | None] = PerLintTable()


def _sentence(topics: Topics, unit_id: str, ref: Ref) -> str | None:
    """The squashed sentence of a citation family q judges (None: one it does not judge — a mention, an exception
    label, a citation of the citing clause's own family), memoised per lint."""

    def read() -> str | None:
        from ruleproof.lint.topics import judged_unit  # (topics imports the rules' modules at its end)

        unit = topics.ctx.unit_by_id.get(unit_id)
        if unit is None or judged_unit(topics.ctx, ref) is not unit:
            return None
        at = topics.locate(unit, ref)
        if at is None:
            return None
        sent = citeread.sentence(topics, unit, at)
        return squash(unit.text[sent.start : sent.end] if sent else unit.text)

    return _SENTENCES.get_or_build(topics, id(ref), read)


def cited_with(
    topics: Topics, place: str, clause: str, item: bool, words: Iterable[str], citing: str
) -> Iterator[str]:
    """The units, outside ``citing``'s family, that cite ``place`` (of clause ``clause``; an item exactly, a
    clause or anything under it) in a sentence printing one of ``words``, each once — lazily: a caller asks for
    as many as it needs."""
    said = [w for w in words if w]
    if not said:
        return
    seen: set[str] = set()
    for unit_id, ref in _citations(topics, place, clause, item, citing):
        if unit_id in seen:
            continue
        text = _sentence(topics, unit_id, ref)
        if text is not None and any(w in text for w in said):
            seen.add(unit_id)
            yield unit_id


def confirmed(
    topics: Topics, place: str, cited: str, clause: str, item: bool, words: Sequence[str], citing: str
) -> tuple[list[str], bool]:
    """``CITED_VOTES`` units that cite ``place`` in the words (:func:`cited_with`) when none cites ``cited`` so
    (of ``clause`` for items: both are its items) — or ``UNCITED_VOTES`` when no unit outside the citing family
    cites ``cited`` at all (:func:`uncited`; then True) — ([], False) otherwise.  The cited place is asked first:
    one such citation decides."""
    if next(cited_with(topics, cited, clause if item else cited, item, words, citing), None) is not None:
        return [], False
    voters = list(
        islice(cited_with(topics, place, clause if item else place, item, words, citing), CITED_VOTES)
    )
    if len(voters) >= CITED_VOTES:
        return voters, False
    if len(voters) >= UNCITED_VOTES and uncited(topics, cited, clause if item else cited, item, citing):
        return voters, True
    return [], False


def _citations(topics: Topics, place: str, clause: str, item: bool, citing: str) -> Iterator[tuple[str, Ref]]:
    """The citations of ``place`` (of clause ``clause``; an item exactly, a clause or anything under it) with
    their units, outside ``citing``'s family (its ancestors too)."""
    for unit_id, ref in _by_family(topics).get(clause, ()):
        if item and (
            ref.kind is not RefKind.ITEM
            or ref.target_clause != clause
            or ref.target_item != place[len(clause) :]
        ):
            continue
        if not (is_descendant(unit_id, citing) or is_descendant(citing, unit_id)):
            yield unit_id, ref


def citing_units(topics: Topics, place: str, clause: str, item: bool, citing: str) -> set[str]:
    """The units outside ``citing``'s family that cite ``place`` in any words, judged or not."""
    return {unit_id for unit_id, _ref in _citations(topics, place, clause, item, citing)}


def uncited(topics: Topics, place: str, clause: str, item: bool, citing: str) -> bool:
    """No unit outside ``citing``'s family cites ``place`` in any words, judged or not (:func:`_citations`): the
    edited citation is the only one pointing there.  A renumbering lands a citation on a sibling the text may
    cite nowhere else; the place a clause means, when two other clauses cite its sibling in the citing words, is
    seldom cited by that clause alone.  Read with the votes, never alone."""
    return not citing_units(topics, place, clause, item, citing)


@per_lint
def glossary_entries(topics: Topics) -> list[tuple[str, str, tuple[str, int] | None]]:
    """The glossary's entries (:func:`citeowners.owned_phrases`): each head term with the clause its entry cites
    and where that citation stands — the spec's owners left out (not the text's words)."""
    from ruleproof.lint.citeowners import owned_phrases  # (it imports topics, which imports this module)

    return [o for o in owned_phrases(topics) if o[2] is not None]


def glossary_names(
    topics: Topics, clause: str, words: Iterable[str], site: tuple[str, int]
) -> list[tuple[str, str]]:
    """The glossary entries whose head term is one of ``words`` (or inside one) and whose citation names
    ``clause``'s family — (head, cited clause) — not counting the entry at ``site`` (no entry votes about its
    own citation)."""
    said = [w for w in words if w]
    out: list[tuple[str, str]] = []
    for cid, head, where in glossary_entries(topics):
        if where == site or not any(head in w for w in said):
            continue
        if is_descendant(cid, clause) or is_descendant(clause, cid):
            out.append((head, cid))
    return out
