"""What a book's study is, as the shared runner sees it.

A book declares its studies in its room (``specs/<room>/studies``) and registers them as the ``studies``
part of its profile: a :class:`StudyBook` — the studies by name, and how to build the per-process context
a study's games need (the spec with the command line's reforms, seat variants, the policy table) from
plain strings, so that the same code runs in this process, in local worker processes and on a Dask
cluster's workers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from ruleproof.studies.stats import Aggregate


@dataclass(frozen=True)
class Metric:
    """One measured quantity: its key in the result, its name for authors, and its unit (``share`` — a
    rate in [0, 1]; ``nights``; ``points``; ``count``)."""

    key: str
    zh: str
    en: str
    unit: str = "share"
    plot: bool = True  # drawn in the study's summary plot (histograms are drawn on their own)


@dataclass(frozen=True)
class Question:
    """The author's question, quoted from the text (a phrase the text must still contain: the report and a
    test find its line), with the clause that asks it."""

    clause: str
    quote: str
    zh: str
    en: str


@dataclass(frozen=True)
class Config:
    """A study's configuration as plain strings (picklable, hashable): ``settings`` are the ``--set``
    assignments (parameters and the book's own keys such as seat variants), ``readings`` the
    ``--interpret`` ones, ``policies`` the ``--policy WHO=NAME`` ones over the study's defaults."""

    settings: tuple[tuple[str, str], ...] = ()
    readings: tuple[tuple[str, str], ...] = ()
    policies: tuple[str, ...] = ()

    def with_setting(self, key: str, value: str) -> Config:
        kept = tuple((k, v) for k, v in self.settings if k != key)
        return Config((*kept, (key, value)), self.readings, self.policies)

    def to_json(self) -> dict[str, Any]:
        return {
            "settings": dict(self.settings),
            "readings": dict(self.readings),
            "policies": list(self.policies),
        }


class Context(Protocol):
    """What a study's games need in one process (built once per process and configuration)."""

    def describe(self) -> dict[str, Any]:
        """The resolved configuration for the report: parameters changed, seat variants, policies."""
        ...


class Study(Protocol):
    name: ClassVar[str]
    title: ClassVar[tuple[str, str]]
    question: ClassVar[Question]
    metrics: ClassVar[tuple[Metric, ...]]
    histograms: ClassVar[tuple[str, ...]]  # metric keys of histogram metrics, drawn as histograms
    defaults: ClassVar[Mapping[str, str]]  # default settings (seat variants the question is about, …)
    sweep: ClassVar[tuple[str, tuple[str, ...]] | None]  # the default sweep, if the question asks for one

    def play(self, ctx: Any, game_seed: int, agg: Aggregate) -> None:
        """Play one game with ``game_seed`` and add what it shows to ``agg``."""
        ...

    policies: ClassVar[Mapping[str, str]]  # the default policy table (WHO → NAME)

    def conclude(
        self, results: Mapping[str, Mapping[str, Any]], settings: Mapping[str, str], lang: str
    ) -> list[str]:
        """Plain sentences: what the numbers answer (``results``: sweep value → metric → summary; the key
        ``""`` when there is no sweep; ``settings``: the study's settings, e.g. a target interval)."""
        ...


class StudyBook(Protocol):
    studies: Mapping[str, Study]

    def context(self, study: Study, config: Config) -> Context:
        """Build the per-process context (raises UserError for a bad setting or policy)."""
        ...

    def policy_names(self) -> Mapping[str, tuple[str, str]]:
        """The built-in policies: name → (zh, en) summary."""
        ...


@dataclass
class StudyResult:
    """Aggregates per sweep value (``""`` without a sweep), in the order the values were given."""

    study: str
    book: str
    seed: int
    games: int
    config: Config
    sweep_key: str | None
    aggregates: dict[str, Aggregate] = field(default_factory=dict)
    contexts: dict[str, dict[str, Any]] = field(default_factory=dict)


__all__ = ["Config", "Context", "Metric", "Question", "Study", "StudyBook", "StudyResult"]
