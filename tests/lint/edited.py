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

import functools

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


def edited(*pairs: tuple[str, str]) -> Document:
    """The bundled text (normalised) with each ``old`` replaced by ``new`` — each must occur once — read
    under the name ``mutated.txt``."""
    text = normalize(load_source(None).data.decode("utf-8"))
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
