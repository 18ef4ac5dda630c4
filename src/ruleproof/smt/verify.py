"""Verify the invariants of a spec, in every reading of their interpretation switches.

The book — its invariant list, its spec loader and switches, its bundled text — comes from the book
registry (:mod:`ruleproof.books`), found by the spec's ``book`` id; nothing here names a book.

:func:`verify_all` is what ``ruleproof verify`` and the ``verify`` stage of ``ruleproof check`` call.  For
each invariant it checks every combination of the readings of the switches relevant to it (the other
switches and the parameter overrides as configured); the invariant's *headline* status is the one of the
configured readings, and the report lists every reading with its own status, so it says which readings
differ.  Exit status (:meth:`VerifyReport.exit_code`): 1 when a headline status is ``violated``, else 3
when one is ``unknown``, else 0 — an ``unknown`` is never shown as a pass.  A ``vacuous`` invariant (the
model cannot reach what the theorem talks about) exits 1 like a violation: a proof of nothing is a defect.

The rules are the spec's, with the values the checked text states (:mod:`ruleproof.textrules`:
a revision that edits 「2 发」 in a rule is verified with its own number) and any ``--set`` reform on top;
the claims are read from the text by each invariant (:mod:`ruleproof.claims`).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruleproof import books, parallel, progress
from ruleproof.books import BookProfile
from ruleproof.books.protocols import ExecutableSpec, SpecLike
from ruleproof.findings import Finding, Severity
from ruleproof.fsutil import atomic_write_text, make_folder
from ruleproof.lint.base import CheckInfo
from ruleproof.smt import cache
from ruleproof.smt.invariant import Checked, Invariant
from ruleproof.smt.ts import CheckResult, Options, Status
from ruleproof.specs.model import Switch
from ruleproof.text import Document
from ruleproof.textrules import TextRule, text_rules
from ruleproof.vectors.format import dump_vector

Spec = SpecLike

RANK = {Status.VIOLATED: 4, Status.VACUOUS: 3, Status.UNKNOWN: 2, Status.HOLDS: 1, Status.PROVED: 0}


@dataclass
class ReadingResult:
    readings: dict[str, str]  # the relevant switches' readings
    checked: Checked
    seconds: float
    counterexample: str | None = None  # path written, if any
    configured: bool = False  # the readings of the spec as given (the headline)

    @property
    def status(self) -> Status:
        return self.checked.result.status

    def verdict(self, timing: bool) -> dict[str, Any]:
        """Status, method, depth, k, seconds, counterexample, failed conjuncts, note."""
        r = self.checked.result
        out: dict[str, Any] = {
            "status": r.status.value,
            "method": r.method,
            "depth": _depth(r),
            "k": r.k,
            "seconds": round(self.seconds, 3) if timing else None,
            "counterexample": self.counterexample,
            "failed": list(r.trace.failed) if r.trace else [],
            "note": r.note,
        }
        if r.trace is not None:
            out["minimized"] = r.trace.minimized
        if r.status is Status.UNKNOWN:
            out["unknown"] = (
                r.unknown or "unknown"
            )  # timeout / unknown / not-modelled / not-read / not-stated
        if self.checked.scenario_note:
            out["scenario_note"] = self.checked.scenario_note
        out["fallbacks"] = self.fallbacks()
        return out

    def fallbacks(self) -> list[str]:
        """What this verdict settled for, in words: never silent (an unminimized counterexample, a
        violation with no replayable scenario)."""
        r = self.checked.result
        out = []
        if r.trace is not None and not r.trace.minimized:
            out.append(f"counterexample not minimized: {r.trace.why_not_minimized or 'no reason recorded'}")
        if r.status is Status.VIOLATED and self.checked.scenario is None:
            out.append(f"no replayable scenario: {self.checked.scenario_note or 'none built'}")
        return out

    def to_json(self, timing: bool) -> dict[str, Any]:
        return {"readings": self.readings, **self.verdict(timing)}


def _depth(r: CheckResult) -> int | None:
    """Nights explored by BMC (for a violation: the nights of the counterexample); None for a decision
    that is not about nights (the order tables)."""
    return None if r.method in ("smt-ranks", "smt", "probe") else r.depth


@dataclass
class InvariantResult:
    invariant: Invariant[Any]
    readings: list[ReadingResult]

    @property
    def headline(self) -> ReadingResult:
        return next(r for r in self.readings if r.configured)

    @property
    def status(self) -> Status:
        return self.headline.status

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.readings)

    @property
    def readings_differ(self) -> bool:
        return len({r.status for r in self.readings}) > 1

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        inv = self.invariant
        return {
            "name": inv.name,
            "title": inv.title,
            "title_en": inv.title_en,
            "cites": list(inv.cites),
            "stated": inv.stated,
            "claims": self.headline.checked.claims,
            **self.headline.verdict(timing),
            "seconds": round(self.seconds, 3) if timing else None,  # every reading together
            "abstraction": inv.abstraction,
            "switches": list(inv.switches),
            "readings_differ": self.readings_differ,
            "readings": [x.to_json(timing) for x in self.readings],
            "details": self.headline.checked.details,
        }


@dataclass
class VerifyReport:
    spec: Spec
    options: Options
    invariants: list[InvariantResult] = field(default_factory=list)
    text_rules: list[TextRule] = field(default_factory=list)  # rule values the text states, ≠ the spec's
    all_readings: bool = True  # False: the other readings were skipped on request (said in the report)

    def exit_code(self) -> int:
        statuses = {r.status for r in self.invariants}
        if statuses & {Status.VIOLATED, Status.VACUOUS}:
            return 1
        return 3 if Status.UNKNOWN in statuses else 0

    @property
    def status(self) -> Status:
        return max((r.status for r in self.invariants), key=RANK.__getitem__, default=Status.PROVED)

    def to_json(self, timing: bool = True) -> dict[str, Any]:
        changes = self.spec.describe_changes()
        return {
            "book": self.spec.book,
            "all_readings": self.all_readings,  # False: only the configured readings were checked
            "params": changes["params"],
            "interpretation": changes["interpretation"],
            "depth": self.options.depth,
            "timeout_ms": self.options.timeout_ms,
            "rlimit": self.options.rlimit,
            "seed": self.options.seed,
            "status": self.status.value,
            "text_rules": [t.to_json() for t in self.text_rules],
            "invariants": [r.to_json(timing) for r in self.invariants],
        }


def book_of(spec: Spec) -> BookProfile:
    """The book a spec is of (its ``book`` id, through the registry)."""
    return books.by_id(spec.book, "spec")


def switches_of(spec: Spec) -> dict[str, Switch]:
    exe: ExecutableSpec[Any] = books.spec_of(book_of(spec), "verify")
    return {s.key: s for s in exe.switches}


def reading_combinations(spec: Spec, switches: Sequence[str]) -> list[dict[str, str]]:
    """Every combination of the readings of ``switches``, the configured one first."""
    known = switches_of(spec)
    configured = {k: spec.interpretation[k] for k in switches}
    combos = [
        dict(zip(switches, values, strict=True))
        for values in itertools.product(*(known[k].choices for k in switches))
    ]
    return [configured, *(c for c in combos if c != configured)]


def counterexample_name(invariant: str, spec: Spec, readings: dict[str, str]) -> str:
    """``<invariant>--<params-or-reading>``: the non-default parameters and readings, or ``default``."""
    known = switches_of(spec)
    parts = [f"{k}={_show(v)}" for k, v in sorted(spec.overrides.items())]
    parts += [f"{k}={v}" for k, v in sorted(readings.items()) if known[k].default != v]
    return f"{invariant}--{','.join(parts) or 'default'}"


def _show(value: int | tuple[int, ...]) -> str:
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


def verify_all(
    spec: Spec,
    doc: Document | None = None,
    *,
    options: Options | None = None,
    invariants: Sequence[Invariant[Any]] | None = None,
    all_readings: bool = True,
    write_dir: str | Path | None = None,
    jobs: int = 1,
) -> VerifyReport:
    """Check ``invariants`` (default: all of the spec's book's) on ``spec``; ``doc`` (default: the book's
    bundled text) is the text the order tables are read from; ``jobs`` worker processes
    (:mod:`ruleproof.parallel`; 1: here).  See the module docstring."""
    plan = plan_verify(spec, doc, options=options, invariants=invariants, all_readings=all_readings)
    return plan.report(parallel.run_all(plan.units, jobs, progress=plan.progress), write_dir)


Unit = Callable[[], tuple[Checked, float]]


@dataclass
class VerifyPlan:
    """What :func:`verify_all` checks, as independent units (one invariant in one reading combination, in
    report order), before any is run: :mod:`ruleproof.pipeline` runs them beside the readings search."""

    spec: Spec  # the spec with the rules the text states (and the reform on top)
    options: Options
    text_rules: list[TextRule]
    all_readings: bool
    cases: list[tuple[Invariant[Any], int, dict[str, str], Spec]]  # invariant, n-th reading, combo, spec
    units: list[Unit]

    def label(self, i: int) -> str:
        inv, _n, combo, _variant = self.cases[i]
        return " ".join([inv.name, *(f"{k}={v}" for k, v in combo.items())])

    def progress(self, i: int, done: int) -> None:
        progress.update("verify", self.label(i), done, len(self.units))

    def report(self, values: Sequence[tuple[Checked, float]], write_dir: str | Path | None) -> VerifyReport:
        """The report of the units' values (in plan order); counterexamples written into ``write_dir``."""
        report = VerifyReport(
            self.spec, self.options, text_rules=self.text_rules, all_readings=self.all_readings
        )
        for (inv, n, combo, variant), (checked, seconds) in zip(self.cases, values, strict=True):
            rr = ReadingResult(combo, checked, seconds, configured=n == 0)
            if write_dir is not None and checked.scenario is not None:
                rr.counterexample = write_counterexample(
                    Path(write_dir), inv.name, variant, combo, checked.scenario
                )
            if n == 0:
                report.invariants.append(InvariantResult(inv, []))
            report.invariants[-1].readings.append(rr)
        return report


def plan_verify(
    spec: Spec,
    doc: Document | None = None,
    *,
    options: Options | None = None,
    invariants: Sequence[Invariant[Any]] | None = None,
    all_readings: bool = True,
) -> VerifyPlan:
    """The units :func:`verify_all` runs (same arguments)."""
    book = book_of(spec)
    exe: ExecutableSpec[Any] = books.spec_of(book, "verify")
    opts = options or Options()
    if doc is None:
        from ruleproof.text import read_document

        doc = read_document(books.load_source(f"bundled:{book.key}"))
    # the rules the text states (each parameter's quoted phrase read back from it), an explicit reform on top
    stated = [t for t in text_rules(doc, exe.params) if t.key not in spec.overrides]
    spec = exe.load({**{t.key: t.text_value for t in stated}, **spec.overrides}, spec.interpretation)
    hashes = (cache.data_of(spec) if cache.directory() is not None else "", document_hash(doc))
    chosen = invariants if invariants is not None else books.invariants_of(book, "verify")
    cases = []
    for inv in chosen:
        combos = reading_combinations(spec, inv.switches)
        for n, combo in enumerate(combos if all_readings else combos[:1]):
            cases.append((inv, n, combo, exe.load(spec.overrides, {**spec.interpretation, **combo})))
    units: list[Unit] = [
        functools.partial(_checked, inv, variant, opts, doc, hashes) for inv, _n, _c, variant in cases
    ]
    return VerifyPlan(spec, opts, stated, all_readings, cases, units)


def document_hash(doc: Document) -> str:
    return hashlib.sha256("\n".join(doc.lines).encode()).hexdigest()


def _checked(
    inv: Invariant[Any], spec: Spec, opts: Options, doc: Document, hashes: tuple[str, str]
) -> tuple[Checked, float]:
    """One invariant in one reading, through the verdict cache (:mod:`ruleproof.smt.cache`); ``hashes``:
    the spec data's and the text's."""

    def compute() -> tuple[Checked, float]:
        start = time.perf_counter()
        # a text that asks the same solver questions reads their answers; a family's model is kept by the
        # spec data this job is keyed by (``data``)
        with cache.by_question(), cache.spec_data(data):
            checked = inv.check(spec, opts, doc)
        return checked, time.perf_counter() - start

    data, text_hash = hashes
    k = cache.key(
        data,
        "verify",
        inv.name,
        text_hash,
        sorted(spec.overrides.items()),
        sorted(spec.interpretation.items()),
        opts,
    )
    return cache.cached(k, compute)


def write_counterexample(
    folder: Path, name: str, spec: Spec, readings: dict[str, str], vector: dict[str, Any]
) -> str:
    stem = counterexample_name(name, spec, readings)
    path = make_folder(folder) / f"{stem}.json"
    atomic_write_text(path, dump_vector({**vector, "id": stem}))
    return str(path)


VIOLATED = CheckInfo(
    id="invariant-violated",
    family="v",
    severity=Severity.ERROR,
    title="正文所述定理不成立（Z3 给出反例）",
    title_en="a theorem the text states does not hold (Z3 found a counterexample)",
    rule="正文明述之不变式（守恒、濒死不跨夜、不发布即为 0、占位上限、次序表一致）须在规则所允许的一切局面下成立。",
    rule_en="An invariant the text states must hold in every situation the rules allow.",
    advice="按反例（向量文件）回放，修改条文使定理成立，或删去∕改写该定理之表述。",
    advice_en="Replay the counterexample vector, then fix the rules or restate the theorem.",
)


VACUOUS = CheckInfo(
    id="invariant-vacuous",
    family="v",
    severity=Severity.ERROR,
    title="定理之证明为空证（模型到不了定理所谈之局面）",
    title_en="a theorem's proof is vacuous (the model cannot reach what the theorem talks about)",
    rule="证明须附可达性见证：初始状态可满足、每类转移可发生、定理所述之局面可达；否则不得称「已证明」。",
    rule_en="A proof must come with witnesses: satisfiable initial states, every transition kind firing, and "
    "the theorem's scenario reachable; otherwise it is not a proof.",
    advice="查看 details.alive 中未达之见证：规格（步骤表、技能表、参数）或正文是否使该局面不可能发生。",
    advice_en="See the unreached witnesses in details.alive: does the spec or the text make the scenario impossible?",
)


DEAD_EXCEPTION = CheckInfo(
    id="exception-unreachable",
    family="v",
    severity=Severity.WARNING,
    title="登记之例外在规则所允许的一切局面下皆不可达（死文）",
    title_en="a registered exception can never apply under the rules (dead text)",
    rule="〔例外〕须有其适用之局面；任何局面皆不触发之例外为死文（§0.3、2.8.9）。",
    rule_en="A registered exception must be able to apply in some situation the rules allow.",
    advice="删去该例外，或修改使其可达之条文。",
    advice_en="Remove the exception, or fix the rules that make it unreachable.",
)


def report_findings(report: VerifyReport, doc: Document) -> list[Finding]:
    """One finding per invariant whose configured reading is violated, and one per registered exception
    the model proves unreachable (for ``check``'s report)."""
    out = []
    for inv in report.invariants:
        for w in inv.headline.checked.details.get("witnesses", []):
            if w["status"] != "unreachable":
                continue
            clause = doc.clause(w["clause"])
            out.append(
                DEAD_EXCEPTION.finding(
                    w["clause"],
                    clause.line if clause else None,
                    f"例外 {w['name']} 不可达（{w['zh']}）：已以归纳法证明",
                    f"exception {w['name']} is unreachable ({w['en']}): proved by induction",
                    clause.title if clause else inv.invariant.title,
                    extra={"invariant": inv.invariant.name, "witness": w["name"]},
                )
            )
    for inv in report.invariants:
        if inv.status is not Status.VACUOUS:
            continue
        cite = inv.invariant.cites[0]
        clause = doc.clause(cite)
        note = inv.headline.checked.result.note
        out.append(
            VACUOUS.finding(
                cite,
                clause.line if clause else None,
                f"不变式 {inv.invariant.name} 之证明为空证（{note}）",
                f"invariant {inv.invariant.name} is vacuous ({note})",
                clause.title if clause else inv.invariant.title,
                extra={"invariant": inv.invariant.name},
            )
        )
    for inv in report.invariants:
        if inv.status is not Status.VIOLATED:
            continue
        head = inv.headline
        r = head.checked.result
        cite = inv.invariant.cites[0]
        clause = doc.clause(cite)
        failed = list(r.trace.failed) if r.trace else []
        what = ", ".join(failed) or r.note
        readings = ",".join(f"{k}={v}" for k, v in head.readings.items())
        out.append(
            VIOLATED.finding(
                cite,
                clause.line if clause else None,
                f"不变式 {inv.invariant.name} 违反（{what}）；解读 {readings or '默认'}",
                f"invariant {inv.invariant.name} is violated ({what}); readings {readings or 'default'}",
                clause.title if clause else inv.invariant.title,
                extra={
                    "invariant": inv.invariant.name,
                    "failed": failed,
                    "readings": head.readings,
                    "counterexample": head.counterexample,
                },
            )
        )
    return out
