"""``check NEW --against OLD``: what a revision changed, and what it broke or fixed.

Both revisions go through the same stages of ``check`` (:func:`ruleproof.pipeline.run_check`).  The
old revision's findings are carried over to the new one through the clause alignment (their clause
and the clause ids in their quoted text renumbered), then matched by fingerprint (check, clause,
quote — no line numbers, so edits elsewhere do not disturb them): new findings are the new text's
findings no old one accounts for, fixed ones the old findings the new text no longer has.

The spec's constants are read from each revision (:mod:`ruleproof.revgate.params`): a constant
whose printed value changed is listed, and each revision's invariants are verified — and the
vectors replayed — under the values that revision prints.  Exit status: 1 when there is a new
finding (a new invariant violation is one), 3 when nothing is new but an invariant of the new text is
unknown, else 0.  Vector outcomes that change are reported, not failed on: the author may have meant
the new rule, and the vectors are then to be updated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruleproof import books
from ruleproof.books import BookProfile
from ruleproof.findings import Finding
from ruleproof.lint import baseline
from ruleproof.pipeline import STAGES, CheckRun, run_check
from ruleproof.revgate import params as pr
from ruleproof.revgate.align import Alignment, align, remap_ids
from ruleproof.specs.model import Param
from ruleproof.text import Document


@dataclass(frozen=True)
class InvariantChange:
    name: str
    old: str
    new: str

    def to_json(self) -> dict[str, str]:
        return {"invariant": self.name, "old": self.old, "new": self.new}


@dataclass(frozen=True)
class VectorChange:
    path: str
    id: str
    old: tuple[str, ...]  # mismatches under the old text's values (empty: passes)
    new: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "id": self.id,
            "old_ok": not self.old,
            "new_ok": not self.new,
            "old": list(self.old),
            "new": list(self.new),
        }


@dataclass(frozen=True)
class VectorCite:
    path: str
    id: str
    cites: tuple[str, ...]  # the vector's cited clauses the revision edited, removed or renumbered
    how: tuple[str, ...]  # for each: "edited" / "removed" / "→ 4.15"

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "id": self.id, "cites": dict(zip(self.cites, self.how, strict=True))}


@dataclass
class Vectors:
    replayed: int  # vectors replayed under each revision's values (0: no constant changed)
    total: int
    changed: list[VectorChange] = field(default_factory=list)
    citing: list[VectorCite] = field(default_factory=list)


@dataclass
class RevisionReport:
    old: CheckRun
    new: CheckRun
    alignment: Alignment
    added: list[Finding]  # new findings (sorted)
    fixed: list[Finding]  # old findings gone (sorted, old line numbers)
    kept: list[Finding]  # findings of both (the new text's copies)
    params: list[pr.ParamChange]
    old_overrides: dict[str, int]
    new_overrides: dict[str, int]
    invariants: list[InvariantChange]
    vectors: Vectors | None  # None: no --vectors given

    def exit_code(self) -> int:
        if self.added:
            return 1
        if self.new.report is not None and self.new.report.exit_code() == 3:
            return 3
        return 0

    def on_changed_lines(self) -> list[Finding]:
        """The new findings a pull-request annotation can point at: on a line the revision changed."""
        lines = self.alignment.changed_lines
        return [f for f in self.added if f.line is not None and f.line in lines]


def carried(f: Finding, alignment: Alignment) -> str:
    """An old finding's fingerprint as the new revision would print it (clause ids renumbered)."""
    clause = alignment.old_to_new.get(f.clause, f.clause) if f.clause else f.clause
    return f"{f.check}|{clause or ''}|{remap_ids(f.quote, alignment.old_to_new)}"


def split_findings(
    old: Sequence[Finding], new: Sequence[Finding], alignment: Alignment
) -> tuple[list[Finding], list[Finding], list[Finding]]:
    """(added, fixed, kept): each old finding absorbs one new finding with its carried fingerprint (the
    old revision is the new one's baseline, as in ``lint --baseline``)."""
    added, kept = baseline.split(new, Counter(carried(f, alignment) for f in old))
    matched = Counter(f.fingerprint() for f in kept)
    fixed: list[Finding] = []
    for f in old:
        fp = carried(f, alignment)
        if matched[fp] > 0:
            matched[fp] -= 1
        else:
            fixed.append(f)
    return added, fixed, kept


def spec_params(book: BookProfile | None) -> tuple[Param, ...]:
    if book is None or not book.has("spec"):
        return ()
    return tuple(books.spec_of(book, "check").params)


def invariant_changes(old: CheckRun, new: CheckRun) -> list[InvariantChange]:
    if old.report is None or new.report is None:
        return []
    before = {r.invariant.name: r.status.value for r in old.report.invariants}
    out = []
    for r in new.report.invariants:
        was = before.pop(r.invariant.name, "absent")
        if was != r.status.value:
            out.append(InvariantChange(r.invariant.name, was, r.status.value))
    out += [InvariantChange(name, was, "absent") for name, was in before.items()]
    return out


def compare(
    old_doc: Document,
    new_doc: Document,
    *,
    book: BookProfile | None,
    against: BookProfile | None,
    stages: Sequence[str] = STAGES,
    vectors: Sequence[Path] | None = None,
    spec_off: bool = False,
    jobs: int = 1,
) -> RevisionReport:
    """Both revisions (texts of ``book``) checked against ``against``'s spec, and what changed (``jobs``:
    worker processes for each check's verification, as :func:`ruleproof.pipeline.run_check`)."""
    alignment = align(old_doc, new_doc)
    params = spec_params(against)
    old_over = pr.overrides(old_doc, params)
    new_over = pr.overrides(new_doc, params, alignment.old_to_new)
    old_run = run_check(
        old_doc, book=book, against=against, stages=stages, overrides=old_over, spec_off=spec_off, jobs=jobs
    )
    new_run = run_check(
        new_doc, book=book, against=against, stages=stages, overrides=new_over, spec_off=spec_off, jobs=jobs
    )
    added, fixed, kept = split_findings(old_run.findings, new_run.findings, alignment)
    return RevisionReport(
        old=old_run,
        new=new_run,
        alignment=alignment,
        added=added,
        fixed=fixed,
        kept=kept,
        params=pr.changes(old_doc, new_doc, params, alignment.old_to_new),
        old_overrides=old_over,
        new_overrides=new_over,
        invariants=invariant_changes(old_run, new_run),
        vectors=None if vectors is None else replay(vectors, against, alignment, old_over, new_over),
    )


def replay(
    paths: Sequence[Path],
    book: BookProfile | None,
    alignment: Alignment,
    old_over: dict[str, int],
    new_over: dict[str, int],
) -> Vectors:
    """Vectors replayed under each revision's printed values (when they differ), and the vectors that
    cite a clause the revision edited, removed or renumbered."""
    if book is None or not book.has("engine"):
        return Vectors(replayed=0, total=0)
    engine = books.engine_of(book, "check")
    loaded = [(p, engine.load(p)) for p in paths]
    touched: dict[str, str] = {}
    for pair in alignment.pairs:
        if pair.old is None:
            continue
        if pair.kind == "removed":
            touched[pair.old] = "removed"
        elif pair.kind == "edited":
            touched[pair.old] = "edited"
        elif pair.moved:
            touched[pair.old] = f"→ {pair.new}"
    out = Vectors(replayed=0, total=len(loaded))
    for path, vec in loaded:
        cites = tuple(str(c) for c in vec.raw.get("cites", []) if str(c) in touched)
        if cites:
            out.citing.append(VectorCite(str(path), vec.id, cites, tuple(touched[c] for c in cites)))
    if old_over == new_over:
        return out  # the engine reads no text: with the same constants every outcome is the same
    by_key = {p.key: p for p in spec_params(book)}

    def outcome(raw: dict[str, Any], over: dict[str, int]) -> tuple[str, ...]:
        shown = {k: by_key[k].display(v) for k, v in over.items()}
        merged = dict(raw, params={**shown, **raw.get("params", {})})  # a vector's own values win
        try:
            vec = engine.load(merged)
            return tuple(m.line("zh") for m in engine.check_expectations(vec, engine.run_vector(vec)))
        except Exception as exc:  # an engine error under the new values is an outcome too
            return (f"{type(exc).__name__}: {exc}",)

    for path, vec in loaded:
        before, after = outcome(vec.raw, old_over), outcome(vec.raw, new_over)
        out.replayed += 1
        if before != after:
            out.changed.append(VectorChange(str(path), vec.id, before, after))
    return out
