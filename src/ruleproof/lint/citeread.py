"""What family q's rows read around one citation that no row changes, read once per lint.

The verdict chain (:data:`ruleproof.lint.topics._CHAIN`) asks each rule about the same citation in turn, and
the rules read the same surroundings again: the sentence the citation stands in is looked up by ~13 readers
(the topic window, the weighing judge's label and quotes, the owners', shapes' and deferral rules' parts —
返航录: 8,227 lookups for 2,356 places).  :func:`sentence` keeps it per lint, keyed by the citation's place
(its unit and offset), so a row's signature stays ``(topics, unit, at, ref)`` and what it reads is the same.
The pure readers of a citation's text (its bracket, list, tag, the term a bracket annotates …) are memoised
where they are defined (``lru_cache``, keyed by the text and the offsets): they need no lint's objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruleproof.lint.memo import PerLintTable
from ruleproof.text.sentences import Sentence, sentence_at

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit
    from ruleproof.lint.topics import Topics

# each citation's place (its unit's id, its offset) and the sentence holding it (None: none does)
_SENTENCES: PerLintTable[Topics, tuple[str, int], Sentence | None] = PerLintTable()
_MISSING = Sentence(-1, -1, "")  # (a table's answer may be None)


def sentence(topics: Topics, unit: Unit, at: int) -> Sentence | None:
    """The sentence of ``unit`` holding the character at ``at`` — ``sentence_at(topics.sentences_of(unit),
    at)``, kept per lint."""
    table = _SENTENCES(topics)
    key = (unit.id, at)
    found = table.get(key, _MISSING)
    if found is _MISSING:
        found = table[key] = sentence_at(topics.sentences_of(unit), at)
    return found
