"""The commands take the book: play, simulate, replay, vocab, params, verify, check — same seed, same
bytes; bad input is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.books import BOOKS, Source
from ruleproof.cli import main
from ruleproof.invariants.jiejie140 import INVARIANT_BY_NAME
from ruleproof.smt.ts import Options, Status
from ruleproof.specs.jiejie140 import load_spec
from ruleproof.text import read_document

from .conftest import COUNTEREXAMPLES, VECTORS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    code, a, _ = run(capsys, "play", "--book", "jiejie140", "--seed", "4")
    assert code == 0 and "第1天" in a
    assert run(capsys, "play", "--book", "jiejie140", "--seed", "4")[1] == a
    code, en, _ = run(capsys, "--lang", "en", "play", "--book", "jiejie140", "--seed", "4")
    assert code == 0 and "R1 day" in en


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--book", "jiejie140", "--games", "20", "--seed", "3", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["games"] == 20 and sum(doc["winners"].values()) <= 20


def test_replay_all_vectors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(VECTORS[0].parent), str(COUNTEREXAMPLES[0].parent))
    assert code == 0, out
    assert f"{len(VECTORS) + len(COUNTEREXAMPLES)} 个向量：通过 {len(VECTORS) + len(COUNTEREXAMPLES)}" in out


def test_replay_reports_a_mismatch_with_its_sections(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    vec = next(p for p in VECTORS if p.name == "telekinesis-four-of-six-kills.json")
    raw = json.loads(vec.read_text(encoding="utf-8"))
    raw["expect"][0]["dead"] = [10]
    path = tmp_path / "telekinesis-four-of-six-kills.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1 and "阵营技能" in out


def test_vocab_and_params(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "vocab", "--book", "jiejie140", "--json")
    assert code == 0
    skills = {s["key"] for s in json.loads(out)["skills"]}
    assert {"telekinesis", "fraud", "trial_vote", "arbiter_apply"} <= skills
    code, out, _ = run(capsys, "params", "--book", "jiejie140", "--json")
    assert code == 0 and "arbiter.block_den" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--book", "jiejie140", "--set", "nope=1"],
        ["params", "--book", "jiejie140", "--set", "win.adaptation_day=x"],
        ["simulate", "--book", "jiejie140", "--games", "2", "--interpret", "night.mode=sideways"],
        ["verify", "--book", "jiejie140", "--invariant", "nope"],
    ],
)
def test_bad_input_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _out, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1, err


def test_a_malformed_vector_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    raw = json.loads(VECTORS[0].read_text(encoding="utf-8"))
    raw["setup"]["players"]["2"] = "sensor"  # a member without its faction
    path = tmp_path / f"{raw['id']}.json"  # the strict loader checks the id against the file name
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    code, _out, err = run(capsys, "replay", str(path))
    assert code == 2 and "eternal" in err


def test_verify_statuses() -> None:
    """As docs/jiejie140.md reports them: five proved, three violated."""
    from ruleproof.smt.verify import verify_all

    report = verify_all(load_spec(), options=Options(depth=3, timeout_ms=20_000), all_readings=False)
    got = {r.invariant.name: r.status for r in report.invariants}
    assert got == {
        "ballot_threshold": Status.PROVED,
        "lost_never_wins": Status.PROVED,
        "single_winner": Status.VIOLATED,
        "snipe_at_most_once": Status.VIOLATED,
        "deceive_counted_per_day": Status.PROVED,
        "deceive_twice_a_day": Status.VIOLATED,
        "arbiter_not_twice": Status.PROVED,
        "exits_once": Status.PROVED,
    }


def test_theorem_as_written_follows_the_revised_cell() -> None:
    """A revision that writes 「达到」 for 「超过」 in 集团念力's 投票指标 states another theorem: the rules (the
    reviewed spec) no longer satisfy it."""
    text = (
        BOOKS["jiejie140"]
        .read_bytes()
        .decode("utf-8")
        .replace("票数超过阵营内当前存活人数一半", "票数达到阵营内当前存活人数一半")
    )
    doc = read_document(Source("revised.txt", text.encode("utf-8")))
    checked = INVARIANT_BY_NAME["ballot_threshold"].check(load_spec(), Options(), doc)
    assert checked.result.status is Status.VIOLATED
    assert checked.details["skill"] == "telekinesis"


def test_an_unreadable_revision_is_unknown_never_proved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A revised cell the spec cannot read leaves the theorems read from the tables unknown (not proved),
    and check still runs every stage."""
    text = (
        BOOKS["jiejie140"]
        .read_bytes()
        .decode("utf-8")
        .replace("每夜限1次\t敌意\t使目标下一日整天", "每周限1次\t敌意\t使目标下一日整天")
    )
    path = tmp_path / "乘风破浪的姐姐2-修订.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "verify", str(path), "--json", "--no-timing")
    assert code == 1, err  # single_winner is violated; unknown never hides behind a pass
    status = {r["name"]: r["status"] for r in json.loads(out)["invariants"]}
    assert status["ballot_threshold"] == "unknown" and status["snipe_at_most_once"] == "unknown"
    code, out, _ = run(capsys, "check", str(path), "--format", "json")
    stages = {s["name"]: s["status"] for s in json.loads(out)["stages"]}
    assert code == 1 and stages["spec"] == "findings"
