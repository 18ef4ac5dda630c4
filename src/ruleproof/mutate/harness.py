"""Run ``check`` on each mutant and decide whether it was caught.

The harness knows nothing of the checks: it compares fingerprints.  A finding is **new** when its
fingerprint (check, clause, quote — no line numbers) is not in the unmutated text's report.  A mutant
is **caught** when some new finding is *located* at the edited clause, or at a clause that cites it
(in the unmutated text's reference graph) — a finding's own place, or one of the places it names as
related (a restatement reported where it is, naming the clause it disagrees with).  New findings located anywhere else are **spurious**: the
edit made a check fire on a clause it did not touch.

The unmutated text is read and checked once; mutants run in worker processes (``jobs``), each
reading its own edited copy.  Results come back in mutant order, whatever the scheduling.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from ruleproof.books import BOOKS, BookProfile, Source
from ruleproof.findings import Finding
from ruleproof.mutate.model import Edit, Mutant, apply_edits
from ruleproof.pipeline import run_check
from ruleproof.text import Document, read_document

DEFAULT_STAGES = ("lint", "spec", "appendix")  # verify costs seconds per mutant: opt in with --verify


@dataclass(frozen=True)
class Outcome:
    mutant: Mutant
    located: tuple[dict[str, Any], ...]  # new findings at the edited clause or a clause citing it
    spurious: tuple[dict[str, Any], ...]  # new findings anywhere else
    error: str | None = None

    @property
    def caught(self) -> bool:
        return bool(self.located)

    def to_json(self) -> dict[str, Any]:
        out = self.mutant.manifest()
        out["caught"] = self.caught
        out["findings"] = list(self.located)
        if self.spurious:
            out["spurious"] = list(self.spurious)
        if self.error:
            out["error"] = self.error
        return out


@dataclass
class Baseline:
    name: str
    lines: list[str]
    fingerprints: frozenset[str]
    citers: dict[str, frozenset[str]]
    stages: tuple[str, ...]
    book: str | None  # the book the text is (registry key), and the one whose spec it is checked against
    against: str | None
    findings: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


def _brief(f: Finding) -> dict[str, Any]:
    return {"check": f.check, "clause": f.clause, "line": f.line, "message": f.message, "quote": f.quote}


def citers_of(doc: Document) -> dict[str, frozenset[str]]:
    """For each clause, the clauses and appendices that cite it (and itself)."""
    out: dict[str, set[str]] = defaultdict(set)
    for ref in doc.refs():
        if ref.target_clause is None:
            continue
        source = ref.clause if ref.clause is not None else ref.context.removeprefix("appendix:")
        out[ref.target_clause].add(source)
    return {k: frozenset(v) for k, v in out.items()}


def unit_at_line(doc: Document, line: int) -> str | None:
    """The clause or appendix that holds source line ``line``."""
    clause = doc.clause_at_line(line)
    if clause is not None:
        return clause.id
    for a in doc.appendices:
        if a.line == line or any(s.line == line for s in a.spans):
            return a.name
    return None


def hand_mutant(doc: Document, key: str, klass: str, line: int, old: str, new: str, note: str) -> Mutant:
    """A mutant from an edit made by hand: ``old`` replaced by ``new`` on source line ``line``."""
    text = doc.lines[line - 1]
    col = text.find(old)
    if col < 0:
        raise ValueError(f"{key}: {old!r} is not on line {line}")
    return Mutant(
        id=key,
        klass=klass,
        clause=unit_at_line(doc, line) or "",
        line=line,
        before=old,
        after=new,
        note=note,
        edits=(Edit(line, col, col + len(old), new),),
    )


def read_text(name: str, text: str) -> Document:
    return read_document(Source(name=name, data=text.encode("utf-8")))


def make_baseline(
    doc: Document,
    *,
    book: BookProfile | None,
    against: BookProfile | None,
    stages: Sequence[str] = DEFAULT_STAGES,
) -> Baseline:
    """Check the text as the mutants will see it (its normalised lines, under a name that is no bundled
    book's, as theirs) and keep the fingerprints."""
    lines = list(doc.lines)
    name = doc.name.removeprefix("bundled:")
    base_doc = read_text(f"{name}#unmutated", "\n".join(lines))
    run = run_check(base_doc, book=book, against=against, stages=stages)
    return Baseline(
        name=name,
        lines=lines,
        fingerprints=frozenset(f.fingerprint() for f in run.findings),
        citers=citers_of(base_doc),
        stages=tuple(stages),
        book=book.key if book else None,
        against=against.key if against else None,
        findings=len(run.findings),
    )


def run_mutant(base: Baseline, mutant: Mutant) -> Outcome:
    text = "\n".join(apply_edits(base.lines, mutant.edits))
    book = BOOKS.get(base.book or "")
    against = BOOKS.get(base.against or "")
    try:
        doc = read_text(f"{base.name}#{mutant.id}", text)
        run = run_check(doc, book=book, against=against, stages=base.stages)
    except Exception as exc:  # a crash on a mutant is a result to report, not a reason to stop
        return Outcome(mutant, (), (), error=f"{type(exc).__name__}: {exc}")
    here = base.citers.get(mutant.clause, frozenset()) | {mutant.clause}
    located: list[dict[str, Any]] = []
    spurious: list[dict[str, Any]] = []
    for f in run.findings:
        if f.fingerprint() in base.fingerprints:
            continue
        places = {f.clause, *(c for c, _line in f.related)}
        (located if places & here else spurious).append(_brief(f))
    return Outcome(mutant, tuple(located), tuple(spurious))


_BASE: Baseline | None = None


def _init(base: Baseline) -> None:
    global _BASE
    _BASE = base


def _work(mutant: Mutant) -> Outcome:
    assert _BASE is not None
    return run_mutant(_BASE, mutant)


def run_mutants(base: Baseline, mutants: Sequence[Mutant], jobs: int = 0) -> list[Outcome]:
    """Outcomes in mutant order; ``jobs`` worker processes (0: one per core, at most 2 per… the cores
    the machine has; 1: in this process)."""
    n = jobs or min(len(mutants), os.cpu_count() or 1)
    if n <= 1 or len(mutants) <= 1:
        return [run_mutant(base, m) for m in mutants]
    with ProcessPoolExecutor(
        max_workers=n, mp_context=get_context("fork"), initializer=_init, initargs=(base,)
    ) as pool:
        return list(pool.map(_work, mutants, chunksize=max(1, len(mutants) // (n * 8))))
