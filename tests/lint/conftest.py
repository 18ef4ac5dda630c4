"""Fixtures of the lint tests shared by their modules (one per xdist worker)."""

from __future__ import annotations

import pytest

from ruleproof.lint import topics
from ruleproof.lint.context import LintContext
from ruleproof.text import Document
from tests.lint.citing import judged_topics


@pytest.fixture(scope="session")
def judged(fanhanglu: Document) -> tuple[LintContext, topics.Topics]:
    """The bundled 返航录 judged by family q with its spec's knowledge (as ``check`` runs it), built once per
    process: family q's places memoise what they learn of the text (profiles, habits, vocabularies), so the
    ten citation modules that ask it share one build.  A test must not change what it memoises — a test
    that patches a rule's constant judges with its own object (``judged_topics``)."""
    return judged_topics(fanhanglu)


@pytest.fixture(scope="session")
def judged_plain(fanhanglu: Document) -> tuple[LintContext, topics.Topics]:
    """The same without the spec's knowledge (the text alone, as ``lint`` runs it), once per process."""
    ctx = LintContext(fanhanglu)
    return ctx, topics.Topics(ctx)
