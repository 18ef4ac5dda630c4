"""What every lint check shares: its description (:class:`CheckInfo`) and how it makes findings.

A check family is a module under ``ruleproof.lint`` exposing ``CHECKS`` (its :class:`CheckInfo`
entries) and ``run(ctx) -> Iterable[Finding]``.  The ids are part of the interface (baselines, SARIF
rule ids, JUnit test names): never rename one, add a new id instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ruleproof.findings import Finding, Severity

if TYPE_CHECKING:
    from ruleproof.lint.context import Unit


@dataclass(frozen=True)
class CheckInfo:
    """A stable check id with its severity and the texts an author needs to act on a finding."""

    id: str
    family: str  # the letter of issue 3's list: "a" … "i"
    severity: Severity
    title: str  # zh, short
    title_en: str
    rule: str  # zh: the rule of the text (or of publishing hygiene) that a finding breaks
    rule_en: str
    advice: str  # zh: what to do about a finding
    advice_en: str

    def finding(
        self,
        clause: str | None,
        line: int | None,
        message: str,
        message_en: str,
        quote: str,
        *,
        related: Iterable[tuple[str | None, int | None]] = (),
        extra: dict[str, Any] | None = None,
        severity: Severity | None = None,
    ) -> Finding:
        return Finding(
            check=self.id,
            severity=severity or self.severity,
            clause=clause,
            line=line,
            message=message,
            message_en=message_en,
            quote=quote,
            related=tuple(related),
            extra=dict(extra or {}),
        )

    def finding_at(
        self,
        unit: Unit,
        span: tuple[int, int],
        message: str,
        message_en: str,
        *,
        quote: tuple[int, int, int],
        related: Iterable[tuple[str | None, int | None]] = (),
        extra: dict[str, Any] | None = None,
    ) -> Finding:
        """A finding on the words at ``span`` (start, end) of ``unit``'s text: at the unit and the line where
        they start, quoting them with the characters around them that ``quote`` says — (before, after, the
        quote's width)."""
        (start, end), (before, after, width) = span, quote
        return self.finding(
            unit.id,
            unit.line_of(start),
            message,
            message_en,
            clip(unit.text[max(0, start - before) : end + after], width),
            related=related,
            extra=extra,
        )


def clip(text: str, width: int = 60) -> str:
    """A quote short enough for a one-line report; whitespace runs collapsed."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"
