"""placeholder"""

from __future__ import annotations

from collections.abc import Iterator

from ruleproof.findings import Finding
from ruleproof.lint.base import CheckInfo
from ruleproof.lint.context import LintContext

CHECKS: tuple[CheckInfo, ...] = ()


def run(ctx: LintContext) -> Iterator[Finding]:
    return iter(())
