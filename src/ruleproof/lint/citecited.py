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
least ``CITED_VOTES`` clauses and the cited place by none.

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
Measured on 返航录 v1preview1.0: docs/passes/citejudge20.md.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ruleproof.lint.citetext import squash
from ruleproof.lint.context import CLAUSE_OR_ITEM, is_descendant
from ruleproof.lint.memo import per_lint
from ruleproof.text.model import RefKind
from ruleproof.text.sentences import sentence_at

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ruleproof.lint.topics import Topics

CITED_VOTES = 3  # clauses citing the leaned-to sibling in a sentence printing the lean's words
SHOWN = 3  # clauses named in the finding


@dataclass
class _Citations:
    """Every clause and item citation of the text: by cited clause, (citing unit, cited place, squashed
    sentence)."""

    by_clause: dict[str, list[tuple[str, str, str]]] = field(default_factory=lambda: defaultdict(list))


@per_lint
def _citations(topics: Topics) -> _Citations:
    from ruleproof.lint.topics import judged_unit  # (topics imports the rules' modules at its end)

    out = _Citations()
    ctx = topics.ctx
    for unit_id, refs in ctx.refs_by_unit.items():
        unit = ctx.unit_by_id.get(unit_id)
        if unit is None:
            continue
        for ref in refs:
            if ref.kind not in CLAUSE_OR_ITEM or not ref.target_clause or judged_unit(ctx, ref) is not unit:
                continue
            at = topics.locate(unit, ref)
            if at is None:
                continue
            sent = sentence_at(topics.sentences_of(unit), at)
            text = squash(unit.text[sent.start : sent.end] if sent else unit.text)
            item = ref.kind is RefKind.ITEM
            name = ref.target_clause + (ref.target_item or "") if item else ref.target_clause
            out.by_clause[ref.target_clause].append((unit_id, name, text))
    return out


def cited_with(
    topics: Topics, place: str, clause: str, item: bool, words: Iterable[str], citing: str
) -> list[str]:
    """The units, outside ``citing``'s family, that cite ``place`` (of clause ``clause``; an item exactly, a
    clause or anything under it) in a sentence printing one of ``words`` — in the text's order."""
    said = [w for w in words if w]
    if not said:
        return []
    table = _citations(topics).by_clause
    keys = [clause] if item else [c for c in table if is_descendant(c, clause)]
    out: list[str] = []
    for key in keys:
        for unit_id, name, text in table.get(key, ()):
            if item and name != place:
                continue
            if unit_id in out or is_descendant(unit_id, citing) or is_descendant(citing, unit_id):
                continue
            if any(w in text for w in said):
                out.append(unit_id)
    return out


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
