"""The rulebook lint: the author's own consistency checks (附录四 P3) as a CI gate.

``run_lint(document)`` runs every check family on a :class:`~ruleproof.text.Document` and returns
the findings sorted by line.  Each family is a module with ``CHECKS`` (stable ids, severities, the
rule each one enforces) and ``run(ctx)``; see docs/lint.md for every check with an example.

====  ==================  ==========================================================================
a     refs                citations of clauses, items, registry entries that do not exist; placeholders
b     numbering           gaps, one id for two clauses, item numbers
c     exceptions          〔通则 X 之例外〕 labels vs the exception registry (0.3, 0.4, 2.8.9)
d     gates               「十关核验」 lines vs the checklist 2.8.10; role sections without one
e     restatements        restated numbers vs the clause that owns them; counts vs ranges
f     orders              precedence chains merged per table: cycles and contradictory pairs
g     deferral            A leaves a matter to B and B back to A
h     revisions           revision-log edits not applied to the body
i     hygiene             truncated text, export serial numbers
k     names               names cited but not defined, deleted, misspelt, under the wrong role; labels
l     structure           sections: numbering gaps, duplicate headings and versions, duplicated points
m     wintables           win / loss tables naming the wrong camp
n     sequences           order lists and order claims that contradict each other
o     forum               forum page furniture, headings fused with their body, cut links
p     layout              repeated item labels, doubled sentences, clause ids broken by a space
q     topics              citations landing on a place about something else; misquoted targets
r     contradictions      two places stating one rule differently (times, exclusive owners, orders)
====  ==================  ==========================================================================

Families a–i and p–r read clauses numbered 4.4.6 (返航录); k–o read books shaped by headings.  Families c and
d are 返航录's own bookkeeping and run only where the book's profile or the text declares them
(``ruleproof.lint.profiles``).

The names below are imported when first used (PEP 562; the lint itself is :mod:`.families`): importing a
sub-module — :mod:`.base` for :class:`~ruleproof.lint.base.CheckInfo`, as ``verify`` does through
:mod:`ruleproof.smt.verify` — no longer imports every family (0.7 CPU-s per process).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ruleproof.lazy import loader

if TYPE_CHECKING:
    from ruleproof.lint.base import CheckInfo
    from ruleproof.lint.context import Knowledge, LintContext
    from ruleproof.lint.families import (
        BOOK_CHECK_IDS,
        BOOK_SPECIFIC,
        CHECKS,
        DOTTED,
        FAMILIES,
        SECTIONED,
        families_for,
        forget_memos,
        lint_context,
        run_lint,
    )

_HOME = {
    "CheckInfo": "base",
    "Knowledge": "context",
    "LintContext": "context",
    "BOOK_CHECK_IDS": "families",
    "BOOK_SPECIFIC": "families",
    "CHECKS": "families",
    "DOTTED": "families",
    "FAMILIES": "families",
    "SECTIONED": "families",
    "families_for": "families",
    "forget_memos": "families",
    "lint_context": "families",
    "run_lint": "families",
}


__getattr__ = loader(__name__, _HOME, globals())

__all__ = [
    "BOOK_CHECK_IDS",
    "BOOK_SPECIFIC",
    "CHECKS",
    "DOTTED",
    "FAMILIES",
    "SECTIONED",
    "CheckInfo",
    "Knowledge",
    "LintContext",
    "families_for",
    "forget_memos",
    "lint_context",
    "run_lint",
]
