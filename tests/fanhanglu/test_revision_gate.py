"""``check NEW --against OLD`` on revisions of 返航录 v1preview1.0: renumbering, a changed constant, a
fixed defect, a new defect; the CLI's exit codes, SARIF and bad input."""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ruleproof.books import BOOKS
from ruleproof.cli import main
from ruleproof.pipeline import CheckRun
from ruleproof.revgate.align import align, remap_ids
from ruleproof.revgate.compare import RevisionReport, compare
from ruleproof.text import Document
from tests.conftest import doc_from_text
from tests.shared_check import copy, run_key

LINT = ("lint", "spec", "appendix")
BOOK = BOOKS["fanhanglu"]  # the verify stage is exercised by one CLI test below
VECTORS = Path(__file__).parent / "vectors"


def text_of(doc: Document) -> str:
    return "\n".join(doc.lines) + "\n"


def renumbered(doc: Document) -> str:
    """A new clause 4.13 inserted before the ferryman: 4.13 and 4.14 with their sub-clauses move up one,
    and every citation of them follows."""
    moves: dict[str, str] = {}
    for cid in doc.clauses:
        parts = cid.split(".")
        if len(parts) >= 2 and parts[0] == "4" and parts[1] in ("13", "14"):
            moves[cid] = ".".join(["4", str(int(parts[1]) + 1), *parts[2:]])
    text = remap_ids(text_of(doc), moves)
    at = text.index("\n4.14 ")
    return text[:at] + "\n4.13 领航员\n\n领航员于步骤 3 行动，依 2.8.6。\n" + text[at:]


def split_citation(doc: Document) -> str:
    """The text with its first 「依 X.Y.Z」 printed 「依 X.Y. Z」."""
    text = text_of(doc)
    m = re.search(r"依 ?(\d\.\d\.)(\d)(?![\d.])", text)
    assert m is not None
    return text[: m.start(2)] + " " + text[m.start(2) :]


def replaced(doc: Document, old: str, new: str) -> str:
    text = text_of(doc)
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


@pytest.fixture(scope="module", autouse=True)
def one_check_per_revision_text() -> Iterator[None]:
    """Each test compares two revisions, and most of them the same old one (the bundled text, under the
    same stages): ``compare`` checks it once per module, not once per test.  The memo is keyed by every
    input of ``run_check`` (``run_key`` of tests/shared_check.py: the text's name and lines, book, spec,
    stages, overrides, ``--spec none``, jobs) and by the side (old or new): one comparison never reads its
    two sides from one run, so an unchanged text is still checked twice within a comparison and the two
    findings lists still compared.
    ``compare`` itself (alignment, overrides, split, vectors, rendering) runs on every call."""
    import ruleproof.revgate.compare as cmp

    real_compare, real_run_check = cmp.compare, cmp.run_check
    memo: dict[tuple[object, ...], CheckRun] = {}

    def shared_compare(old_doc: Document, new_doc: Document, **kw: Any) -> RevisionReport:
        sides = iter(("old", "new"))

        def run(doc: Document, **rkw: Any) -> CheckRun:
            key = (next(sides, "more"), *run_key(doc, **rkw))
            if key not in memo:
                memo[key] = real_run_check(doc, **rkw)
            return copy(memo[key])

        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(cmp, "run_check", run)
            return real_compare(old_doc, new_doc, **kw)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cmp, "compare", shared_compare)  # the command's (it imports it when it runs)
        mp.setattr(sys.modules[__name__], "compare", shared_compare)  # this module's
        yield


@pytest.fixture(scope="module")
def renumbering(fanhanglu: Document) -> RevisionReport:
    return compare(
        fanhanglu, doc_from_text(renumbered(fanhanglu), "new.txt"), book=BOOK, against=BOOK, stages=LINT
    )


@pytest.fixture(scope="module")
def vote_change(fanhanglu: Document) -> RevisionReport:
    new = doc_from_text(replaced(fanhanglu, "至少获得3 票", "至少获得4 票"), "new.txt")
    paths = [*sorted(VECTORS.glob("exile-*.json"))[:4], VECTORS / "no-escape-in-extinction.json"]
    return compare(fanhanglu, new, book=BOOK, against=BOOK, stages=LINT, vectors=paths)


def test_unchanged_text_changes_nothing(fanhanglu: Document) -> None:
    same = doc_from_text(text_of(fanhanglu), "same.txt")
    a = align(fanhanglu, same)
    assert a.counts()["same"] == len(fanhanglu.clauses) + len(fanhanglu.appendices)
    assert not a.changed_lines and not a.renumberings
    r = compare(fanhanglu, same, book=BOOK, against=BOOK, stages=("lint",))
    assert r.added == [] and r.fixed == [] and len(r.kept) == len(r.new.findings) > 100
    assert r.exit_code() == 0


def test_renumbering_is_one_change(renumbering: RevisionReport) -> None:
    a = renumbering.alignment
    assert [x.describe(en=True) for x in a.renumberings] == ["4.13–4.14 → 4.14–4.15 (18 clauses)"]
    counts = a.counts()
    assert counts["added"] == 1 and counts["removed"] == 0 and counts["edited"] == 0
    assert counts["cites"] > 10  # clauses whose only change is a renumbered citation are not edits
    assert [p.new for p in a.of_kind("added")] == ["4.13"]


def test_renumbering_keeps_the_old_findings(renumbering: RevisionReport) -> None:
    # every lint finding of the old text is carried to its new place; the new ones are about the added
    # clause or the spec, whose citations of 4.13 and 4.14 are now stale (the report says so)
    lint_new = [f for f in renumbering.added if not f.check.startswith(("spec-", "appendix-"))]
    assert {f.clause for f in lint_new} <= {"4.13"}, lint_new
    assert not [f for f in renumbering.fixed if not f.check.startswith("spec-")]
    stale = [f for f in renumbering.added if f.check == "spec-clause-missing"]
    assert stale and all((f.clause or "").startswith("4.13.") for f in stale)


def test_changed_constant_is_read_from_the_new_text(vote_change: RevisionReport) -> None:
    (change,) = vote_change.params
    assert (change.param.key, change.old.value, change.new.value) == ("vote.exile_min_votes", "3", "4")
    assert vote_change.new_overrides == {"vote.exile_min_votes": 4} and vote_change.old_overrides == {}
    # the one-page summary still says 3 votes: a new finding there, quoting both places
    appendix = [f for f in vote_change.added if f.check == "appendix-mismatch"]
    assert appendix and all(f.clause == "附录三" and "3" in f.message for f in appendix)
    assert vote_change.exit_code() == 1


def test_vectors_replayed_under_each_revisions_values(vote_change: RevisionReport) -> None:
    v = vote_change.vectors
    assert v is not None and v.replayed == v.total == 5
    changed = {c.id for c in v.changed}
    assert "exile-reveal-and-vote-visibility" in changed  # three votes no longer exile
    assert "no-escape-in-extinction" not in changed
    assert all(c.old == () and c.new for c in v.changed)  # passed under 3 votes, fail under 4
    assert any("2.3.4" in c.cites for c in v.citing)


def test_fixed_defect_is_reported_fixed(fanhanglu: Document) -> None:
    # 5.9 prints its table header and item ② twice; the revision deletes the repeat
    lines = list(fanhanglu.lines)
    start = next(k for k in range(3250, 3262) if lines[k - 1].startswith("项 说明"))
    del lines[start - 1 : start + 2]
    new = doc_from_text("\n".join(lines) + "\n", "new.txt")
    r = compare(fanhanglu, new, book=BOOK, against=BOOK, stages=("lint",))
    assert any(f.check == "item-label-repeated" and f.clause == "5.9" for f in r.fixed)
    assert r.added == [] and r.exit_code() == 0


def test_new_defect_is_new_and_on_a_changed_line(fanhanglu: Document) -> None:
    new = doc_from_text(split_citation(fanhanglu), "new.txt")
    r = compare(fanhanglu, new, book=BOOK, against=BOOK, stages=("lint",))
    split = [f for f in r.added if f.check == "clause-id-split"]
    assert len(split) == 1 and "被空格拆开" in split[0].message
    assert split[0] in r.on_changed_lines()
    assert r.exit_code() == 1


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_gate(capsys: pytest.CaptureFixture[str], tmp_path: Path, fanhanglu: Document) -> None:
    old = tmp_path / "old.txt"
    old.write_text(text_of(fanhanglu), encoding="utf-8")
    new = tmp_path / "new.txt"
    new.write_text(split_citation(fanhanglu), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(old), "--against", str(old), "--spec", "none", "--no-verify")
    assert code == 0 and "新增 0" in out
    code, out, _ = run(capsys, "check", str(new), "--against", str(old), "--no-verify", "--format", "sarif")
    assert code == 1
    results = json.loads(out)["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["clause-id-split"]
    changed = json.loads(
        run(capsys, "check", str(new), "--against", str(old), "--no-verify", "--format", "json")[1]
    )["revision"]["changed_lines"]
    assert all(r["locations"][0]["physicalLocation"]["region"]["startLine"] in changed for r in results)


def test_cli_gate_verifies_both_revisions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    vec = tmp_path / "vectors"
    vec.mkdir()
    shutil.copy(VECTORS / "exile-reveal-and-vote-visibility.json", vec)
    code, out, _ = run(
        capsys, "--lang", "en", "check", "--against", "bundled:fanhanglu", "--vectors", str(vec)
    )
    assert code == 0, out
    assert "invariants: 0 changed status" in out
    assert "replay outcomes cannot change" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--against", "/nonexistent/old.txt"],
        ["check", "--vectors", "tests"],
        ["check", "--against", "bundled:fanhanglu", "--baseline", "x.json"],
        ["check", "--against", "bundled:fanhanglu", "--vectors", "/nonexistent/dir"],
    ],
)
def test_cli_gate_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "Traceback" not in err and err.strip()
