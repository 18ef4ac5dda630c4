"""The runtime is generic: a toy game (tests/runtime/toy/rules.py, five clauses of its own) runs on it,
and its own vectors replay through the same runner and the same ``ruleproof replay`` as 返航录's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.books import BOOKS, BookProfile
from ruleproof.cli import main
from ruleproof.runtime import IllegalAction, PassPolicy, ScriptPolicy
from ruleproof.vectors import load_vector

from .toy import rules as toy
from .toy.rules import ENGINE, ToyGame

VECTORS = Path(__file__).parent / "toy" / "vectors"
PATHS = sorted(VECTORS.glob("*.json"))


@pytest.fixture
def toy_book(monkeypatch: pytest.MonkeyPatch) -> BookProfile:
    """The toy registered as a book (an engine, no text) for the length of a test."""
    book = BookProfile("toy", "提灯夜", "1", engine=f"{toy.__name__}:ENGINE")
    monkeypatch.setitem(BOOKS, "toy", book)
    return book


def test_enough_toy_vectors() -> None:
    assert len(PATHS) >= 8


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_toy_vector_replays(path: Path) -> None:
    _vec, outcome, mismatches = ENGINE.replay(path)
    assert mismatches == [], [m.line("en") for m in mismatches]
    assert outcome.error is not None or outcome.events  # something was played


def test_a_wrong_expectation_is_a_mismatch() -> None:
    vec = load_vector(VECTORS / "attack-unprotected-dies.json", ENGINE.vocabulary)
    vec.raw["expect"] = [{"after": "night 1", "dead": [5], "protected": [5]}]
    out = ENGINE.run_vector(vec)
    found = {m.what for m in ENGINE.check_expectations(vec, out)}
    assert found == {"dead", "protected"}


def test_the_stream_day_resolves_in_time_order_not_script_order() -> None:
    out = ENGINE.run_vector(VECTORS / "day-votes-last-one-counts.json")
    votes = [(e.data["voter"], e.data["at"]) for e in out.events if e.kind == "vote"]
    assert [at for _, at in votes] == sorted(at for _, at in votes)
    assert votes[-1] == (3, 60)


def test_an_unexpected_illegal_action_raises_with_its_clause() -> None:
    raw = json.loads((VECTORS / "protect-same-twice-illegal.json").read_text(encoding="utf-8"))
    raw["expect"] = [{"after": "night 2", "dead": []}]
    with pytest.raises(IllegalAction) as err:
        ENGINE.run_vector(raw)
    assert err.value.clause == "T2" and err.value.night == 2


def test_a_status_skipped_by_the_game_still_ends() -> None:
    """A status due at a step of a period that did not happen ends at the next edge after it."""
    g = ToyGame(["wolf", "seer", "doctor", "villager"], PassPolicy(), stop_after=("day", 2))
    g.statuses.add(2, "charmed", source=0, until=toy.Until(1, "close", "start"))
    g.phase_runs = lambda phase: phase.kind != "day"  # type: ignore[method-assign]
    g.run()
    ended = [e for e in g.events if e.kind == "status_ended"]
    assert [(e.night, e.step, e.data["status"]) for e in ended] == [(2, "guard", "charmed")]


def test_the_decision_snapshot_is_taken_at_every_step() -> None:
    seen: list[tuple[int, str]] = []

    class Watch(ToyGame):
        def decision_view(self, step: str) -> object:
            view = tuple(p.n for p in self.players if p.alive)
            seen.append((self.night, step))
            return view

    script = ScriptPolicy({1: []}, {}, {}, step_of=ENGINE.step_of)
    Watch(["wolf", "seer", "doctor", "villager"], script, stop_after=("night", 1)).run()
    assert seen == [(1, "guard"), (1, "attack"), (1, "see"), (1, "dawn")]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_toy_games_end_and_repeat(seed: int) -> None:
    def play() -> tuple[object, list[object]]:
        g = ENGINE.random_game(None, seed)
        result = g.run()
        assert result is not None and result.row == "T4"
        return result.to_json(), [e.to_json() for e in g.events]

    assert play() == play()


def test_cli_replays_the_toy_folder_through_the_registry(
    toy_book: BookProfile, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(VECTORS)]) == 0
    out = capsys.readouterr().out
    assert out.count("\nok   ") + out.startswith("ok   ") == len(PATHS)
    assert out.rstrip().endswith(f"回放 {len(PATHS)} 个向量：通过 {len(PATHS)}，不符 0")


def test_cli_reports_every_vector_and_a_summary(
    toy_book: BookProfile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for p in PATHS[:3]:
        (tmp_path / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    bad = json.loads(PATHS[0].read_text(encoding="utf-8"))
    bad["expect"] = [{"after": "night 1", "dead": [2]}]
    bad["id"] = "0-bad"  # a vector file is named after its id
    (tmp_path / "0-bad.json").write_text(json.dumps(bad), encoding="utf-8")
    code = main(["--lang", "en", "replay", str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0].startswith("FAIL") and "cites T2" in out[1]
    assert sum(line.startswith("ok   ") for line in out) == 3
    assert out[-1] == "replay: 3 passed, 1 failed"
    broken = dict(bad, book="toy/2", id="1-other-version")
    (tmp_path / "1-other-version.json").write_text(json.dumps(broken), encoding="utf-8")
    assert main(["replay", str(tmp_path)]) == 2  # one unusable vector among five: reported, exit 2
    out2 = capsys.readouterr().out
    assert "MALFORMED" in out2 and "toy/2" in out2 and "5 个向量" in out2 and "格式错误 1" in out2


def test_cli_play_simulate_and_vocab_take_the_book(
    toy_book: BookProfile, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--book", "toy", "--seed", "3", "--json"]) == 0
    game = json.loads(capsys.readouterr().out)
    assert game["result"]["row"] == "T4"
    assert main(["simulate", "--book", "toy", "--games", "10", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert sum(summary["winners"].values()) == 10 and set(summary["winners"]) <= {"village", "wolves"}
    assert main(["vocab", "--book", "toy", "--json"]) == 0
    vocab = json.loads(capsys.readouterr().out)
    assert [s["key"] for s in vocab["skills"]] == ["protect", "attack", "see", "vote"]
    assert main(["params", "--book", "toy"]) == 2  # no executable spec: one line, exit 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "toy" in err and "Traceback" not in err
