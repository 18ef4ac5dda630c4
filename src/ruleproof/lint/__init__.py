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
j     layout              repeated item labels, doubled sentences, clause ids broken by a space
k     topics              citations landing on a place about something else; misquoted targets
l     contradictions      two places stating one rule differently (times, exclusive owners, orders)
====  ==================  ==========================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType

from ruleproof.findings import Finding
from ruleproof.lint import (
    contradictions,
    deferral,
    exceptions,
    gates,
    hygiene,
    layout,
    numbering,
    orders,
    refs,
    restatements,
    revisions,
    topics,
)
from ruleproof.lint.base import CheckInfo
from ruleproof.lint.context import Knowledge, LintContext
from ruleproof.text.model import Document

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
    layout,
    topics,
    contradictions,
)

CHECKS: tuple[CheckInfo, ...] = tuple(info for family in FAMILIES for info in family.CHECKS)

__all__ = ["CHECKS", "FAMILIES", "CheckInfo", "Knowledge", "LintContext", "run_lint"]


def run_lint(document: Document, knowledge: Knowledge | None = None) -> list[Finding]:
    """Every lint finding on ``document``, sorted by line (then check id).

    ``knowledge`` is what the book's executable spec adds (its names, the phrases its constants are
    read from), when there is one."""
    ctx = LintContext(document, knowledge)
    findings: list[Finding] = []
    for family in FAMILIES:
        runner: Callable[[LintContext], Iterable[Finding]] = family.run
        findings.extend(runner(ctx))
    return sorted(findings, key=Finding.sort_key)
