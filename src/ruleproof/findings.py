"""The one shape of a finding, shared by ``lint``, ``config --check`` and ``verify`` reports.

Every finding names the check that produced it, its severity, the clause id and source line it is
about, a message for the author (Chinese first, English available) and the Chinese text it quotes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True)
class Finding:
    check: str
    severity: Severity
    clause: str | None
    line: int | None
    message: str
    message_en: str
    quote: str
    related: tuple[tuple[str | None, int | None], ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def sort_key(self) -> tuple[int, str, str, str]:
        return (self.line if self.line is not None else 1 << 30, self.check, self.clause or "", self.quote)

    def fingerprint(self) -> str:
        """Stable identity for baselines: independent of line numbers (which move when text is edited)."""
        return f"{self.check}|{self.clause or ''}|{self.quote}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "check": self.check,
            "severity": self.severity.value,
            "clause": self.clause,
            "line": self.line,
            "message": self.message,
            "message_en": self.message_en,
            "quote": self.quote,
            "fingerprint": self.fingerprint(),
        }
        if self.related:
            out["related"] = [{"clause": c, "line": ln} for c, ln in self.related]
        if self.extra:
            out["extra"] = self.extra
        return out


@dataclass(frozen=True)
class Stage:
    """One stage of ``ruleproof check`` (reading, lint, spec drift, verification) and its outcome."""

    name: str
    status: str  # "ok" | "findings" | "violated" | "vacuous" | "unknown" | "skipped"
    summary: str  # zh
    summary_en: str
    lines: tuple[tuple[str, str], ...] = ()  # (zh, en) detail lines under the summary (a report section)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "name": self.name,
            "status": self.status,
            "summary": self.summary,
            "summary_en": self.summary_en,
        }
        if self.lines:
            out["lines"] = [{"zh": zh, "en": en} for zh, en in self.lines]
        return out
