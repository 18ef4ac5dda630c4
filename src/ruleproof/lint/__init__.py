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
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from types import ModuleType

from ruleproof.findings import Finding
from ruleproof.lint import (
    citetext,
    contradictions,
    deferral,
    exceptions,
    forum,
    gates,
    hygiene,
    layout,
    names,
    numbering,
    orders,
    refs,
    restatements,
    revisions,
    sequences,
    structure,
    topics,
    wintables,
)
from ruleproof.lint.base import CheckInfo
from ruleproof.lint.collector import paced_collector
from ruleproof.lint.context import Knowledge, LintContext
from ruleproof.lint.profiles import book_families
from ruleproof.text.model import Document

# the generic families of each shape, and the book-specific ones (enabled per book, see profiles.py)
DOTTED: tuple[ModuleType, ...] = (
    refs,
    numbering,
    restatements,
    orders,
    deferral,
    revisions,
    hygiene,
    layout,
    topics,
    contradictions,
)
SECTIONED: tuple[ModuleType, ...] = (names, structure, wintables, sequences, forum)
BOOK_SPECIFIC: dict[str, ModuleType] = {"exceptions": exceptions, "gates": gates}

FAMILIES: tuple[ModuleType, ...] = (
    refs,
    numbering,
    exceptions,
    gates,
    restatements,
    orders,
    deferral,
    revisions,
    hygiene,
    names,
    structure,
    wintables,
    sequences,
    forum,
    layout,
    topics,
    contradictions,
)

CHECKS: tuple[CheckInfo, ...] = tuple(info for family in FAMILIES for info in family.CHECKS)
BOOK_CHECK_IDS: frozenset[str] = frozenset(info.id for m in BOOK_SPECIFIC.values() for info in m.CHECKS)

__all__ = [
    "BOOK_CHECK_IDS",
    "CHECKS",
    "FAMILIES",
    "CheckInfo",
    "Knowledge",
    "LintContext",
    "families_for",
    "forget_memos",
    "lint_context",
    "run_lint",
]


def families_for(document: Document) -> tuple[ModuleType, ...]:
    """The families that run on ``document``, in report order."""
    enabled = book_families(document)
    generic = DOTTED if document.shape == "dotted" else SECTIONED
    return tuple(f for f in FAMILIES if f in generic or any(BOOK_SPECIFIC[k] is f for k in enabled))


def run_lint(document: Document, knowledge: Knowledge | None = None) -> list[Finding]:
    """Every lint finding on ``document``, sorted by line (then check id).

    ``knowledge`` is what the book's executable spec adds (its names, the phrases its constants are
    read from), when there is one."""
    return lint_context(LintContext(document, knowledge))


def lint_context(ctx: LintContext) -> list[Finding]:
    """``run_lint`` on a context the caller keeps (to ask it more afterwards, e.g. the revision summary)."""
    findings: list[Finding] = []
    with paced_collector():  # (fewer collections while the lint makes its short-lived objects)
        for family in families_for(ctx.doc):
            runner: Callable[[LintContext], Iterable[Finding]] = family.run
            findings.extend(runner(ctx))
    return sorted(findings, key=Finding.sort_key)


def forget_memos() -> None:
    """Empty every process-wide memo table of the lint (the ``lru_cache`` functions of its modules, the
    squashed texts of :mod:`ruleproof.lint.citetext`) and the ``re`` module's pattern cache, so that the next
    :func:`run_lint` pays what a lint of a new text in a fresh process pays.  For benchmarks: the memos
    are kept on purpose between the lints of one process (``mutate`` lints many near-identical texts).
    The per-lint memos (:func:`ruleproof.lint.memo.per_lint`) need no emptying: they live on the lint's
    own objects and go with them."""
    re.purge()
    for name, module in list(sys.modules.items()):
        if name == __name__ or name.startswith(__name__ + "."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
    citetext.SQUASHED.clear()
