"""Which check families run on a text, and the lint itself: :func:`run_lint` / :func:`lint_context`.

The package :mod:`ruleproof.lint` re-exports these names, imported when first used (PEP 562), so that a
process that only needs a check's description (:class:`~ruleproof.lint.base.CheckInfo`: ``verify``) does
not import every family.
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

_PACKAGE = "ruleproof.lint"

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


def families_for(document: Document) -> tuple[ModuleType, ...]:
    """The families that run on ``document``, in report order."""
    enabled = book_families(document)
    generic = DOTTED if document.shape == "dotted" else SECTIONED
    return tuple(f for f in FAMILIES if f in generic or any(BOOK_SPECIFIC[k] is f for k in enabled))


def run_lint(document: Document, knowledge: Knowledge | None = None) -> list[Finding]:
    """Every lint finding on ``document``, sorted by line (then check id).

    ``knowledge`` is what the book's executable spec adds (its names, the phrases its constants are
    read from), when there is one."""
    ctx = LintContext(document, knowledge)
    try:
        return lint_context(ctx)
    finally:
        ctx.drop_views()  # (freed now, not at the collector's next full collection: see drop_views)


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
        if name == _PACKAGE or name.startswith(_PACKAGE + "."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
    citetext.SQUASHED.clear()
