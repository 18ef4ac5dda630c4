"""What the shared layers expect of a book's parts (structural types: a book implements them without
importing anything from here)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ruleproof.findings import Finding
from ruleproof.specs.model import Param, Switch


class SpecLike(Protocol):
    """A loaded spec: effective parameters and readings, and what differs from the defaults."""

    @property
    def book(self) -> str: ...

    @property
    def params(self) -> Mapping[str, Any]: ...

    @property
    def interpretation(self) -> Mapping[str, str]: ...

    @property
    def overrides(self) -> Mapping[str, Any]: ...

    def describe_changes(self) -> dict[str, object]: ...


S = TypeVar("S", bound=SpecLike, covariant=True)


class ExecutableSpec(Protocol[S]):
    """A book's executable spec: its parameters (a reform overrides the tunable ones) and its
    interpretation switches (where the text contradicts itself)."""

    @property
    def book_id(self) -> str: ...

    @property
    def params(self) -> Sequence[Param]: ...

    @property
    def switches(self) -> Sequence[Switch]: ...

    def load(
        self, overrides: Mapping[str, object] | None = None, interpretation: Mapping[str, str] | None = None
    ) -> S:
        """The spec with ``overrides`` (internal units) and readings; bad keys or values: UserError."""
        ...

    def parse_assignment(self, text: str) -> tuple[str, object]:
        """``KEY=VALUE`` as an author writes it → (key, internal value); UserError when malformed."""
        ...


@dataclass(frozen=True)
class ConfigCheck:
    """What the configuration rules' own checks found, and over what (``N = 8–40``)."""

    findings: Sequence[Finding]
    scope: str


class ConfigRules(Protocol):
    """A book's configuration rules as a sub-command of ``ruleproof config``, and their own checks for
    ``check``'s config stage."""

    def register(self, parser: argparse.ArgumentParser) -> None:
        """Add the book's options to ``parser`` and set ``func``."""
        ...

    def check(self) -> ConfigCheck | None:
        """The rules' own checks over their default scope (``config KEY --check``); None: they have none."""
        ...


class ReadingVerdict(Protocol):
    """One switch's verdict: distinguished (with its two vectors), equivalent, harmless up to k nights,
    or unknown — as the JSON ``ruleproof readings --json`` prints."""

    def to_json(self) -> dict[str, Any]: ...


class Readings(Protocol):
    """A book's readings search: for each interpretation switch (or those of ``switches``), the smallest
    scenario on which its readings differ, written as one vector per reading into ``write`` when given."""

    def __call__(
        self,
        spec: Any,
        options: Any,
        switches: Sequence[str] | None = None,
        write: str | None = None,
        /,
    ) -> Sequence[ReadingVerdict]: ...


__all__ = ["ConfigCheck", "ConfigRules", "ExecutableSpec", "ReadingVerdict", "Readings", "SpecLike"]
