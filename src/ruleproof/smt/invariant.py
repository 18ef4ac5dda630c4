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
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ruleproof.claims import Claim, ClaimMissing, ClaimPattern, read_claim
from ruleproof.kernel.algebra import Algebra
from ruleproof.smt import cache
from ruleproof.smt.formula import Formula, decide
from ruleproof.smt.ts import (
    CheckResult,
    Inputs,
    ModelParts,
    Options,
    Prop,
    State,
    Status,
    Trace,
    TransitionSystem,
    check,
    liveness,
    reach,
    vacuity,
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
    claims: list[dict[str, Any]] = field(default_factory=list)  # the sentences the theorem was read from


Claims = Mapping[str, Claim]


class Invariant(ABC, Generic[Spec]):
    name: str
    title: str  # zh
    title_en: str
    cites: tuple[str, ...]
    switches: tuple[str, ...] = ()  # interpretation switches whose readings are all checked
    params: tuple[str, ...] = ()  # parameters the property depends on (what-if)
    abstraction: str = ""  # one line: what is modelled
    # the sentences that state the theorem: its constants are read from them (never from the spec)
    claims: tuple[ClaimPattern, ...] = ()
    stated: bool = True  # False: a property of ours the text implies but does not state as such

    @abstractmethod
    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked: ...

    def read_claims(self, doc: Document) -> dict[str, Claim]:
        """The theorem's sentences in ``doc`` (raises :class:`ClaimMissing` when one is not printed)."""
        return {c.key: read_claim(doc, c) for c in self.claims}

    def claims_or_gap(self, doc: Document, method: str) -> dict[str, Claim] | Checked:
        """The claims, or an ``unknown`` verdict saying which sentence the text no longer prints."""
        try:
            return self.read_claims(doc)
        except ClaimMissing as exc:
            note = f"the theorem is not stated as expected: {exc}"
            return Checked(CheckResult(Status.UNKNOWN, method, 0, note=note, unknown="not-stated"))


def bundled_claims(inv: Invariant[Any]) -> dict[str, Claim]:
    """The claims of ``inv`` as v1preview1.0 states them (for callers that have no document)."""
    from ruleproof.books import load_source
    from ruleproof.text import read_document

    global _BUNDLED
    if _BUNDLED is None:
        _BUNDLED = read_document(load_source(None))
    return inv.read_claims(_BUNDLED)


_BUNDLED: Document | None = None


class SystemInvariant(Invariant[Spec]):
    @abstractmethod
    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        """The transition system with this theorem's properties (``claims`` None: the bundled text's)."""

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
        claims = self.claims_or_gap(doc, "bmc")
        if isinstance(claims, Checked):
            return claims
        quoted = [c.to_json() for c in claims.values()]
        try:
            system = self.system(spec, claims)
        except ModelGap as exc:
            return Checked(
                CheckResult(Status.UNKNOWN, "bmc", 0, note=f"not modelled: {exc}", unknown="not-modelled"),
                claims=quoted,
            )
        result = check(system, opts)
        if result.status in (Status.PROVED, Status.HOLDS):
            alive = liveness(system, opts)
            dead = vacuity(alive)
            if dead:  # a proof on a model that cannot do what the theorem talks about proves nothing
                result = replace(result, status=Status.VACUOUS, note=f"vacuous: {dead}")
            out = Checked(result, claims=quoted)
            out.details["alive"] = [w.to_json() for w in alive]
        else:
            out = Checked(result, claims=quoted)
        if result.trace is not None:
            try:
                out.scenario = self.scenario(spec, result.trace)
            except NotConcretizable as exc:
                out.scenario_note = str(exc)
                self._playable_instead(spec, system, opts, out)
            if out.scenario is not None:
                out.details["engine"] = confirm(out.scenario, self.monitor)
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


class FamilyInvariant(SystemInvariant[Spec]):
    """One of several theorems over a shared model (:meth:`model`): each adds its own properties and the
    premises its non-vacuity needs, both built from its claims (the constants its sentence states)."""

    @abstractmethod
    def model(self, spec: Spec) -> TransitionSystem:
        """The family's transition system, without properties: a function of the spec alone (kept per
        process by :func:`family_model`)."""

    @abstractmethod
    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        """This theorem's properties."""

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        """States the theorem talks about, each of which the model must reach (else ``vacuous``)."""
        return ()

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        claims = claims if claims is not None else bundled_claims(self)
        model = family_model(self, spec)
        return replace(model, props=self.props(spec, claims), premises=self.premises(spec, claims))


MODELS_KEPT = 32  # family models kept per process (the least recently used goes first)
_MODELS: OrderedDict[Hashable, TransitionSystem] = OrderedDict()


def family_model(inv: FamilyInvariant[Any], spec: Any) -> TransitionSystem:
    """``inv.model(spec)``, with its fingerprint parts (:class:`~ruleproof.smt.ts.ModelParts`), kept by
    :func:`kept_model` under the family (the ``model`` method its theorems share)."""
    return kept_model(type(inv).model, spec, lambda: inv.model(spec))


def kept_model(kind: Hashable, spec: Any, build: Callable[[], TransitionSystem]) -> TransitionSystem:
    """``build()``, with its fingerprint parts (:class:`~ruleproof.smt.ts.ModelParts`).

    Within a ``verify`` job that keeps solver questions (:func:`ruleproof.smt.cache.by_question` with a cache
    folder, and :func:`ruleproof.smt.cache.spec_data` set), the model is kept per process under what the job's
    verdict is keyed by, less the invariant and the text: ``kind`` (what builds the model and from which of the
    text's claims: a family's ``model`` method, or a builder and the claim values that shape its model), the
    spec's data hash, its parameters and its readings.  So the theorems of one family in one reading, and a
    second ``verify`` or ``check`` of the same spec in the process (another depth, an edited text), take the
    question fingerprints of the model's formulas once instead of building them again per job.  A spec whose
    data, parameters or readings differ — an edited text stating another value is another parameter — is
    another key.  Outside such a job (no cache, a test calling ``system``) it is built anew, as before.  The
    model's functions read nothing but the spec, ``kind`` and code (a test that patches code turns the cache
    off: the code's hash in every verdict's key would not see the patch either)."""
    data = cache.current_spec_data()
    if not data or not cache.asking():
        return build()
    k = (
        kind,
        data,
        tuple(sorted(spec.overrides.items())),
        tuple(sorted(spec.interpretation.items())),
    )
    got = _MODELS.get(k)
    if got is None:
        model = build()
        got = replace(model, kept=ModelParts(model))
        _MODELS[k] = got
        while len(_MODELS) > MODELS_KEPT:
            _MODELS.popitem(last=False)
    _MODELS.move_to_end(k)
    return got


class FormulaInvariant(Invariant[Spec]):
    """A theorem about one situation (:mod:`ruleproof.smt.formula`): proved for every situation the rules
    allow, or violated by the smallest one; ``vacuous`` when its premise cannot happen."""

    @abstractmethod
    def formula(self, spec: Spec, claims: Claims) -> Formula: ...

    def scenario(self, spec: Spec, situation: Mapping[str, Any]) -> dict[str, Any]:
        raise NotConcretizable("no scenario builder")

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        claims = self.claims_or_gap(doc, "smt")
        if isinstance(claims, Checked):
            return claims
        quoted = [c.to_json() for c in claims.values()]
        try:
            f = self.formula(spec, claims)
        except ModelGap as exc:
            return Checked(CheckResult(Status.UNKNOWN, "smt", 0, note=f"not modelled: {exc}"), claims=quoted)
        result, alive = decide(f, opts)
        out = Checked(result, claims=quoted)
        out.details["alive"] = [w.to_json() for w in alive]
        if result.trace is not None:
            out.details["situation"] = result.trace.states[0]
            try:
                out.scenario = self.scenario(spec, result.trace.states[0])
            except NotConcretizable as exc:
                out.scenario_note = str(exc)
            if out.scenario is not None:
                out.details["engine"] = confirm(out.scenario, None)
        return out


def confirm(vector: dict[str, Any], monitor: Callable[[Outcome], set[str]] | None) -> dict[str, Any]:
    """Replay a counterexample on the reference engine: do its expectations hold (the engine plays what the
    model predicts), and does the invariant's engine monitor — the property recomputed from the engine's own
    events, independently of the model — see the violation?"""
    from ruleproof import books
    from ruleproof.errors import UserError
    from ruleproof.vectors.format import parse_vector

    try:
        vec = parse_vector(vector)
        engine = books.engine_for_vector(vec.raw.get("book"))
        outcome = engine.run_vector(vec, trace=True)
    except UserError as exc:
        return {"replays": False, "shows_violation": None, "error": exc.en}
    mismatches = [m.line("en") for m in engine.check_expectations(vec, outcome)]
    seen = sorted(monitor(outcome)) if monitor is not None else None
    return {
        "replays": not mismatches,
        "shows_violation": bool(seen) if seen is not None else None,
        "mismatches": mismatches,
    }


def spec_header(spec: Any) -> Mapping[str, Any]:
    """The vector keys that pin a spec: the readings and parameter overrides (in authors' units)."""
    header: Mapping[str, Any] = spec.vector_header()
    return header
