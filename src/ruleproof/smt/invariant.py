"""What an invariant is to the verifier: its name, clauses and relevant switches, and how it is checked.

Two kinds:

* :class:`SystemInvariant` — a property of a :class:`~ruleproof.smt.ts.TransitionSystem` built from the
  spec (the engine's kernels over the Z3 algebra).  It also knows how to turn an abstract counterexample
  trace into a replayable ``ruleproof-vector/1`` scenario (:meth:`scenario`) and how to recognise the
  same violation on an engine run (:meth:`monitor`), so the suite can replay the fixture and see it.
* any other :class:`Invariant` implements :meth:`check` itself (the order tables are decided by a rank
  encoding, :mod:`ruleproof.smt.ranks`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ruleproof.kernel.algebra import Algebra
from ruleproof.smt.ts import (
    CheckResult,
    Inputs,
    Options,
    State,
    Status,
    Trace,
    TransitionSystem,
    check,
    reach,
)

if TYPE_CHECKING:
    from ruleproof.runtime.replay import Outcome
    from ruleproof.text import Document

Spec = TypeVar("Spec")  # the book's spec type (each book's invariants name theirs)


class NotConcretizable(Exception):
    """An abstract counterexample that no scripted game of the engine can play (said in the report)."""


class ModelGap(Exception):
    """The spec holds something the model does not cover (the result is ``unknown``, never a pass)."""


@dataclass
class Checked:
    """One reading's verdict: the solver result, plus the scenario and any structured details."""

    result: CheckResult
    scenario: dict[str, Any] | None = None  # a ruleproof-vector/1 object reproducing the violation
    details: dict[str, Any] = field(default_factory=dict)
    scenario_note: str = ""  # why there is no scenario for a violation


class Invariant(ABC, Generic[Spec]):
    name: str
    title: str  # zh
    title_en: str
    cites: tuple[str, ...]
    switches: tuple[str, ...] = ()  # interpretation switches whose readings are all checked
    params: tuple[str, ...] = ()  # parameters the property depends on (what-if)
    abstraction: str = ""  # one line: what is modelled

    @abstractmethod
    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked: ...


class SystemInvariant(Invariant[Spec]):
    @abstractmethod
    def system(self, spec: Spec) -> TransitionSystem: ...

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        """The counterexample as a vector; raise :class:`NotConcretizable` when it cannot be played."""
        raise NotConcretizable("no scenario builder")

    def playable(self, spec: Spec) -> Callable[[Algebra[Any, Any], State, Inputs], Any] | None:
        """What the scenario builder can script, as a further guard (an under-approximation of the model).
        When the minimal counterexample cannot be played, the shortest violation that satisfies this guard
        too is searched for and played instead; the verdict (status, depth, trace) stays the minimal one."""
        return None

    @abstractmethod
    def monitor(self, outcome: Outcome) -> set[str]:
        """Labels of this invariant's properties that the engine run violates."""

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        try:
            system = self.system(spec)
        except ModelGap as exc:
            return Checked(
                CheckResult(Status.UNKNOWN, "bmc", 0, note=f"not modelled: {exc}", unknown="not-modelled")
            )
        result = check(system, opts)
        out = Checked(result)
        if result.trace is not None:
            try:
                out.scenario = self.scenario(spec, result.trace)
            except NotConcretizable as exc:
                out.scenario_note = str(exc)
                self._playable_instead(spec, system, opts, out)
        if system.witnesses:  # vacuity: every registered exception the model states must be reachable
            out.details["witnesses"] = [reach(system, w, opts).to_json() for w in system.witnesses]
        return out

    def _playable_instead(self, spec: Spec, system: TransitionSystem, opts: Options, out: Checked) -> None:
        """The minimal trace cannot be played: look for the shortest violation the builder can script."""
        extra = self.playable(spec)
        if extra is None:
            return
        guard = system.guard
        scripted = replace(system, guard=lambda a, s, i: a.and_(guard(a, s, i), extra(a, s, i)), lemmas=())
        found = check(scripted, opts)
        if found.trace is None:
            out.scenario_note += f"; no playable violation within {opts.depth} nights"
            return
        try:
            out.scenario = self.scenario(spec, found.trace)
        except NotConcretizable as exc:
            out.scenario_note += f"; the playable search found one that cannot be played either ({exc})"
            return
        out.details["scenario_trace"] = {"depth": found.depth, "failed": list(found.trace.failed)}
        out.scenario_note += (
            f" — the scenario written is the shortest violation a scripted game plays ({found.depth} nights)"
        )


def spec_header(spec: Any) -> Mapping[str, Any]:
    """The vector keys that pin a spec: the readings and parameter overrides (in authors' units)."""
    header: Mapping[str, Any] = spec.vector_header()
    return header
