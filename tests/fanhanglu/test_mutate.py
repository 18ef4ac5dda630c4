"""``ruleproof mutate`` on 返航录 v1preview1.0: the generator (seeded, every class, lines kept), the harness
(caught / spurious by fingerprint and place), the CLI, and the held-out hand edits."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from ruleproof.books import BOOKS, BookProfile
from ruleproof.cli import main
from ruleproof.mutate.generate import generate, numbers
from ruleproof.mutate.harness import Baseline, hand_mutant, make_baseline, run_mutant, unit_at_line
from ruleproof.mutate.model import CLASS_KEYS, Edit, Mutant, apply_edits
from ruleproof.text import Document
from tests.fanhanglu.heldout import HELD_OUT, HELD_OUT_B, HeldOut
from tests.heavy_split import first_of_each

STAGES = ("lint", "spec", "appendix")
BOOK = BOOKS["fanhanglu"]


@pytest.fixture(scope="module")
def baseline(fanhanglu: Document) -> Baseline:
    return make_baseline(fanhanglu, book=BOOK, against=BOOK, stages=STAGES)


@pytest.fixture(scope="module")
def benchmark_spans(fanhanglu: Document) -> set[tuple[str, int, int, int]]:
    return _benchmark_spans(fanhanglu)


def test_generation_is_seeded_and_covers_every_class(fanhanglu: Document) -> None:
    a = generate(fanhanglu, seed=3, count=4)
    assert a == generate(fanhanglu, seed=3, count=4)
    assert a != generate(fanhanglu, seed=4, count=4)
    assert {m.klass for m in a} == set(CLASS_KEYS)
    assert all(sum(m.klass == k for m in a) == 4 for k in CLASS_KEYS)


def test_generation_does_not_depend_on_the_hash_seed(fanhanglu: Document) -> None:
    """Same seed, same mutants in any process: nothing is drawn in set or dict-of-set order.  Two hash
    seeds: this process's and one child's with another (one subprocess, not two: this process is the
    other; its seed is random unless PYTHONHASHSEED fixes it, and then the child's differs from it)."""
    import hashlib
    import os
    import subprocess
    import sys

    code = (
        "import hashlib; from ruleproof.books import load_source; from ruleproof.text import read_document;"
        "from ruleproof.mutate.generate import generate;"
        "d = read_document(load_source(None));"
        "print(hashlib.sha1(repr(generate(d, seed=2, count=20)).encode()).hexdigest())"
    )
    ours = os.environ.get("PYTHONHASHSEED", "random")
    theirs = "2" if ours == "1" else "1"
    assert theirs != ours
    child = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONHASHSEED": theirs},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    here = hashlib.sha1(repr(generate(fanhanglu, seed=2, count=20)).encode()).hexdigest()
    assert child == here and child != hashlib.sha1(b"").hexdigest()


def test_restated_numbers_are_a_narrower_notion(fanhanglu: Document) -> None:
    """The default notion keeps a number stated again in the same words or joined by a citation (the
    role card's 「存储上限 2发」 restates 4.4.6) and drops equal values that only share a two-character
    word; the loose notion keeps both."""
    import random

    def spots(notion: str) -> set[tuple[str, int]]:
        return {
            (c.unit.id, c.unit.at(c.start)[0]) for c in numbers(fanhanglu, random.Random("1:number"), notion)
        }

    restated, loose = spots("restated"), spots("loose")
    assert ("附录二", 4287) in restated and ("附录二", 4287) in loose
    assert len(restated) < len(loose)
    assert loose - restated
    assert generate(fanhanglu, seed=1, count=5, classes=("number",), numbers_notion="loose") != generate(
        fanhanglu, seed=1, count=5, classes=("number",)
    )


def test_split_ids_are_clause_ids_not_steps_or_quantities(fanhanglu: Document) -> None:
    """「步骤 0.5」 is a step and 「−1.0~1.5」 a quantity: splitting them breaks a number, not a citation."""
    import random
    import re

    from ruleproof.mutate.generate import split_ids

    found = list(split_ids(fanhanglu, random.Random("2:split-id")))
    assert len(found) > 1000
    number = re.compile(r"(?:步骤|[+＋−~〜])\s*\d[\d.]*$")
    assert not [c.note for c in found if number.search(c.unit.text[max(0, c.start - 12) : c.start])]
    # a citation is still split wherever the text cites one: 4.13.7 「〔适用〕7.1 最小信息」
    assert any(c.unit.id == "4.13.7" and "7.1 →" in c.note for c in found)


def test_mutants_keep_the_line_count_and_change_their_line(fanhanglu: Document) -> None:
    lines = list(fanhanglu.lines)
    for m in generate(fanhanglu, seed=5, count=6):
        out = apply_edits(lines, m.edits)
        assert len(out) == len(lines), m.id
        assert out != lines, m.id
        changed = [k + 1 for k, (x, y) in enumerate(zip(lines, out, strict=True)) if x != y]
        assert m.line in changed, m.id
        entry = m.manifest()
        assert entry["class"] == m.klass and entry["clause"] and entry["before"] != entry["after"]


def test_unchanged_text_is_not_caught(fanhanglu: Document, baseline: Baseline) -> None:
    line = 1831
    text = fanhanglu.lines[line - 1]
    same = Mutant(
        "same", "duplicate", "4.4.6", line, text, text, "no change", (Edit(line, 0, len(text), text),)
    )
    outcome = run_mutant(baseline, same)
    assert not outcome.caught and not outcome.spurious and outcome.error is None


def test_a_split_id_is_caught_where_it_was_made(fanhanglu: Document, baseline: Baseline) -> None:
    m = hand_mutant(
        fanhanglu, "split", "split-id", 3173, "处于安全室（4.3.1）", "处于安全室（4.3 .1）", "split"
    )
    outcome = run_mutant(baseline, m)
    assert outcome.caught and not outcome.spurious
    assert {f["check"] for f in outcome.located} == {"clause-id-split"}
    assert all(f["clause"] == "5.7" for f in outcome.located)


def test_appendix_lines_belong_to_their_appendix(fanhanglu: Document) -> None:
    assert unit_at_line(fanhanglu, 4195) == "附录一"
    assert unit_at_line(fanhanglu, 1831) == "4.4.6"


BENCH = {"seed": 1, "count": 20}  # the configuration of ci/bench_mutate.py and docs/lint.md


def _benchmark_spans(doc: Document) -> set[tuple[str, int, int, int]]:
    """(class, line, first column, last column + 1) of every edit the benchmark's mutants make."""
    spans: set[tuple[str, int, int, int]] = set()
    for m in generate(doc, seed=BENCH["seed"], count=BENCH["count"]):
        for e in m.edits:
            spans.add((m.klass, e.line, e.col, max(e.end, e.col + len(e.text))))
    return spans


# The suite runs the first edit of each class over both sets (set A, then set B: 9 of 34 today, every class
# of either set); the other 25 are marked heavy and run in CI's heavy job.  Each edit is a full check
# of its own edited text (about 2 CPU-s), and what it asserts (no error, no finding on a clause the edit did
# not touch) is the same property on another edit of a class already represented; the held-out catch rate
# itself is ci/bench_mutate.py's.
HELD_OUT_SPLIT = first_of_each(
    "tests/fanhanglu/test_mutate.py::test_held_out_edit",
    [h.key for h in (*HELD_OUT, *HELD_OUT_B)],
    [h.klass for h in (*HELD_OUT, *HELD_OUT_B)],
)


@pytest.mark.parametrize("h", [HELD_OUT_SPLIT.param(h, id=h.key) for h in (*HELD_OUT, *HELD_OUT_B)])
def test_held_out_edit(
    h: HeldOut, fanhanglu: Document, baseline: Baseline, benchmark_spans: set[tuple[str, int, int, int]]
) -> None:
    m = hand_mutant(fanhanglu, h.key, h.klass, h.line, h.old, h.new, h.why)
    (edit,) = m.edits
    # where the benchmark's mutants never edit
    overlapping = [
        s
        for s in benchmark_spans
        if s[1] == edit.line and s[2] < max(edit.end, edit.col + 1) and edit.col < s[3]
    ]
    assert not overlapping, overlapping
    outcome = run_mutant(baseline, m)
    assert outcome.error is None
    assert not outcome.spurious, outcome.spurious  # no check fires on a clause the edit did not touch


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def shared_baseline(monkeypatch: pytest.MonkeyPatch, fanhanglu: Document, baseline: Baseline) -> None:
    """The command's baseline of the bundled text is this module's ``baseline``: the same call
    (``make_baseline`` of the same text, book and stages), one check of the unedited text per worker
    instead of one per command run.  What the CLI tests check is the command: its options, the mutants it
    generates and checks, its report and exit status; any other text or stages still get their own."""
    import ruleproof.cli.cmd_mutate as cmd

    assert STAGES == cmd.DEFAULT_STAGES
    real = cmd.make_baseline

    def shared(
        doc: Document,
        *,
        book: BookProfile | None,
        against: BookProfile | None,
        stages: Sequence[str] = cmd.DEFAULT_STAGES,
    ) -> Baseline:
        same = (doc.name, doc.lines, book, against, tuple(stages)) == (
            fanhanglu.name,
            fanhanglu.lines,
            BOOK,
            BOOK,
            STAGES,
        )
        return baseline if same else real(doc, book=book, against=against, stages=stages)

    monkeypatch.setattr(cmd, "make_baseline", shared)


@pytest.mark.usefixtures("shared_baseline")
def test_cli_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("mutate", "--count", "1", "--class", "split-id", "--class", "duplicate", "--jobs", "1", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "ruleproof-mutate/1" and data["seed"] == 1
    assert set(data["classes"]) == {"split-id", "duplicate"}
    assert data["overall"]["mutants"] == 2
    assert all({"class", "clause", "line", "before", "after", "caught"} <= set(m) for m in data["mutants"])
    assert run(capsys, *argv)[1] == out  # same seed, same bytes


@pytest.mark.usefixtures("shared_baseline")
def test_cli_text_lists_per_class_and_fails_under(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "--lang", "en", "mutate", "--count", "1", "--class", "truncate", "--fail-under", "101"
    )
    assert code == 1
    assert "truncate" in out and "overall" in out


def test_cli_unknown_class_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["mutate", "--class", "nonsense"])
    assert exc.value.code == 2
    assert "nonsense" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["mutate", "--count", "0"],
        ["mutate", "--jobs", "0"],
        ["mutate", "/nonexistent/book.txt"],
    ],
)
def test_cli_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "Traceback" not in err and err.strip()
