"""The bundled 返航录 text with edits, linted by the one family that owns a check, or whole.

A lint test of one check on an edited real text need not run every family: ``lint_context`` runs each
family on one shared context and concatenates their findings, so a family's findings are a function of the
text alone and one family's run finds what the whole lint finds of its checks, for a fraction of the CPU
(family q, topics, is about half of a whole lint; restatements a third).  The suite lints by family
(``[family]``); the heavy job keeps the whole lint of the same cases (``[all]``, :data:`FAMILY_OR_ALL`).

The unedited text's context and findings are kept per process (one xdist worker) and per family, so every
module that compares an edited text with the unedited one shares one read and one context of it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable

import pytest

from ruleproof.books import Source, load_source
from ruleproof.findings import Finding
from ruleproof.lint import FAMILIES, families_for, lint_context
from ruleproof.lint.context import Knowledge, LintContext
from ruleproof.text import Document, read_document
from ruleproof.text.normalize import normalize

# a lint test's edited text linted by the family that owns the checked check in the suite (``[family]``),
# by every family in the heavy job (``[all]``): a family's findings are a function of the text alone
FAMILY_OR_ALL = pytest.mark.parametrize(
    "whole",
    [pytest.param(False, id="family"), pytest.param(True, id="all", marks=pytest.mark.heavy)],
)


def family_of(check: str) -> str:
    """The lint family (module name) that reports ``check``."""
    (family,) = [f.__name__ for f in FAMILIES if any(info.id == check for info in f.CHECKS)]
    return family


@functools.cache
def unedited_text() -> str:
    """The bundled text, normalised, read once per process."""
    return normalize(load_source(None).data.decode("utf-8"))


def edited(*pairs: tuple[str, str]) -> Document:
    """The bundled text (normalised) with each ``old`` replaced by ``new`` — each must occur once — read
    under the name ``mutated.txt``."""
    text = unedited_text()
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return read_document(Source("mutated.txt", text.encode("utf-8")))


def findings(ctx: LintContext, family: str | None) -> list[Finding]:
    """Every family's findings on ``ctx`` (``lint_context``, as ``run_lint``), or the one ``family``'s,
    in the same order."""
    if family is None:
        return lint_context(ctx)
    (runner,) = [f for f in families_for(ctx.doc) if f.__name__ == family]  # one that runs on this text
    return sorted(runner.run(ctx), key=Finding.sort_key)


def lint(doc: Document, family: str | None, knowledge: Knowledge | None = None) -> list[Finding]:
    """``doc``'s findings of every family (``run_lint``) or of the one ``family``."""
    return findings(LintContext(doc, knowledge), family)


@functools.cache
def unedited_context() -> LintContext:
    """The unedited text's context, read as :func:`edited` reads (name and normalisation), once per process."""
    return LintContext(edited())


@functools.cache
def _unedited(family: str | None) -> tuple[Finding, ...]:
    return tuple(findings(unedited_context(), family))


def unedited(family: str | None = None) -> list[Finding]:
    """The unedited text's findings of every family or of ``family``, linted once per process and family
    (every edited case compares with them); a fresh list each call."""
    return list(_unedited(family))


def mutated(*pairs: tuple[str, str], family: str | None = None) -> list[Finding]:
    """The findings on :func:`edited` ``(*pairs)``, of every family or of the one ``family``."""
    return lint(edited(*pairs), family)


def new_findings(old: str, new: str, checks: tuple[str, ...], whole: bool) -> set[tuple[str, str]]:
    """(check, clause) of the findings of ``checks`` that the edit ``old`` → ``new`` of the bundled text adds:
    linted by every family (``whole``) or by the family of ``checks[0]`` alone."""
    family = None if whole else family_of(checks[0])
    before = {f.fingerprint() for f in unedited(family) if f.check in checks}
    return {
        (f.check, f.clause)
        for f in mutated((old, new), family=family)
        if f.check in checks and f.fingerprint() not in before
    }


# ------------------------------------------------------------------------------------------------
# Several cases' edits in one text.  A case asserts on the findings its edit adds at the clauses it names;
# where the edits of several cases stand far apart, one lint of the text with all of them gives each case the
# findings it gets alone (the heavy job checks that, case by case, against the whole lint of its edit alone).


@dataclasses.dataclass(frozen=True)
class Edit:
    """One case of a lint test on the edited real text: its replacements, the family that owns the checked
    check, and the clauses at which the case reads what the edit adds.  ``alone``: never in a batch."""

    pairs: tuple[tuple[str, str], ...]
    family: str
    clauses: frozenset[str]
    alone: bool = False

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, str]], check: str, clauses: Iterable[str]) -> Edit:
        return cls(tuple((old, new) for old, new in pairs), family_of(check), frozenset(clauses))


def section(unit: str) -> str:
    """The section of a clause id (its first two numbers: 4.11 for 4.11.3), or an appendix or chapter as a
    whole — what two cases' edits must not share to be linted in one text."""
    return ".".join(unit.split(".")[:2])


@functools.cache
def _sections(edit: Edit) -> frozenset[str]:
    """The sections of the clauses ``edit`` reads findings at and of every place its old words stand."""
    text = unedited_text()
    doc = unedited_context().doc
    where = set(edit.clauses)
    for old, _new in edit.pairs:
        at = text.index(old)
        clause = doc.clause_at_line(text.count("\n", 0, at) + 1)
        where.add(clause.id if clause is not None else "<outside>")
    return frozenset(section(c) for c in where)


# The families whose cases are batched: family q judges a citation, a step or a batch by the words around it
# against the place it names.  The others compare places across the text — a restated value against the
# consensus of its restatements, one order graph per table, the registry against the rows it lists — so an
# edit of one restatement or order changes what another edit of the same value or table is measured against
# (measured: the restatement cases 「自步骤 0.5 起」 of 6.8.3 and of its source 6.1.2, and the order cases of
# the glossary and of 2.8.2⑥'s chain, lose or gain findings when linted together); their cases are one lint
# each.  (Family q learns its citation habits from the whole text too: the heavy job's ``[all]`` cases check
# every batched case against its edit alone.)
BATCHED_FAMILIES = frozenset({"ruleproof.lint.topics"})


def _apart(a: Edit, b: Edit) -> bool:
    """Whether two cases may share a text: one batched family, and no section in common."""
    return (
        a.family == b.family
        and a.family in BATCHED_FAMILIES
        and not (a.alone or b.alone)
        and not _sections(a) & _sections(b)
    )


@functools.cache
def batches(edits: tuple[Edit, ...]) -> tuple[tuple[Edit, ...], ...]:
    """``edits`` in batches linted as one text each, first fit in order: a batch holds cases of one batched
    family (:data:`BATCHED_FAMILIES`) whose edits and read clauses lie in pairwise different sections (no case's
    edit stands in a section another case edits or reads findings in), so each finding a case asserts is made
    by the text around its own edit; every other case is a batch of its own."""
    out: list[list[Edit]] = []
    for edit in edits:
        fits = (b for b in out if all(_apart(edit, m) for m in b))
        batch = next(fits, None)
        if batch is None:
            out.append([edit])
        else:
            batch.append(edit)
    return tuple(tuple(b) for b in out)


@functools.cache
def _added(batch: tuple[Edit, ...], family: str | None) -> tuple[Finding, ...]:
    """The findings of ``family`` (every family: None) on the text with every edit of ``batch`` that the
    unedited text does not have (by fingerprint, which no line number enters)."""
    before = {f.fingerprint() for f in _unedited(family)}
    pairs = [p for edit in batch for p in edit.pairs]
    return tuple(f for f in lint(edited(*pairs), family) if f.fingerprint() not in before)


def added(edit: Edit, edits: tuple[Edit, ...], whole: bool = False) -> list[Finding]:
    """What ``edit`` adds to the unedited text's findings, as its case reads them.

    In the suite (``whole`` False) from one lint of its batch's text by its family: the added findings at
    the case's own clauses, and any at a clause no case of the batch names (so a stray finding still fails
    a case that asserts it has none).  In the heavy job (``whole``) the edit alone, linted by every family
    — after asserting that its family's findings there are the batch's: each finding the edit makes alone
    the batch makes, and at the case's clauses the batch makes no other."""
    (batch,) = [b for b in batches(edits) if edit in b]
    others = {c for b in batch if b != edit for c in b.clauses}
    together = [f for f in _added(batch, edit.family) if f.clause not in others]
    if not whole:
        return together
    alone = list(_added((edit,), None))
    checks = {info.id for f in FAMILIES if f.__name__ == edit.family for info in f.CHECKS}
    own = {f.fingerprint() for f in alone if f.check in checks}
    assert own <= {f.fingerprint() for f in _added(batch, edit.family)}, "a finding lost in the batch"
    mine = {f.fingerprint() for f in together if f.clause in edit.clauses}
    assert mine <= own, ("the batch adds at the case's clauses", sorted(mine - own))
    return alone


# a case of :func:`added` read from its batch's text linted by the owning family (the suite, ``[batch]``) or
# from its edit alone linted whole (the heavy job, ``[all]``, which also compares the two)
BATCH_OR_ALL = pytest.mark.parametrize(
    "whole",
    [pytest.param(False, id="batch"), pytest.param(True, id="all", marks=pytest.mark.heavy)],
)


def topic_messages(old: str, new: str, clause: str, whole: bool) -> list[str]:
    """The messages of the citation-topic findings at ``clause`` on the bundled text with ``old`` replaced by
    ``new``: family q's alone (the suite's ``[family]``) or every family's, as ``ruleproof lint`` (``[all]``)."""
    family = None if whole else family_of("citation-topic")
    found = mutated((old, new), family=family)
    return [f.message for f in found if f.check == "citation-topic" and f.clause == clause]
