"""``ruleproof verify`` and the verify stage of ``ruleproof check``, end to end (in process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import z3

from ruleproof.cli import main
from ruleproof.smt import ts


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_report_is_deterministic_and_complete(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "--json", "--no-timing")
    assert code == 1  # batch ③'s contradiction: violated
    data = json.loads(out)
    names = [i["name"] for i in data["invariants"]]
    assert names == [
        "bullet_conservation",
        "no_cross_night_dying",
        "batch_zero_inference",
        "occupancy_at_most_two",
        "priority_tables_consistent",
    ]
    for inv in data["invariants"]:
        assert {"name", "status", "cites", "method", "depth", "seconds", "counterexample", "readings"} <= set(
            inv
        )
        assert inv["seconds"] is None and inv["cites"]
        assert inv["status"] in ("proved", "holds-to-depth", "violated", "unknown")
        assert all({"readings", "status", "method", "depth"} <= set(r) for r in inv["readings"])
    assert data["status"] == "violated"


def test_same_question_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = (
        "verify",
        "--json",
        "--no-timing",
        "--invariant",
        "occupancy_at_most_two",
        "--invariant",
        "batch_zero_inference",
    )
    first, again = run(capsys, *argv)[1], run(capsys, *argv)[1]
    assert first == again and '"counterexample"' in first


def test_timing_is_reported_unless_disabled(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "--json", "--invariant", "no_cross_night_dying")
    inv = json.loads(out)["invariants"][0]
    assert code == 0 and inv["status"] == "proved" and isinstance(inv["seconds"], float)


def test_what_if_writes_a_counterexample(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys,
        "verify",
        "--invariant",
        "bullet_conservation",
        "--set",
        "bounty.bullets_per_kill=2",
        "--write-counterexamples",
        str(tmp_path),
        "--json",
    )
    inv = json.loads(out)["invariants"][0]
    assert code == 1 and inv["status"] == "violated"
    path = Path(inv["counterexample"])
    assert path.name == "bullet_conservation--bounty.bullets_per_kill=2.json" and path.exists()
    assert json.loads(path.read_text(encoding="utf-8"))["params"] == {"bounty.bullets_per_kill": 2}
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "--invariant", "priority_tables_consistent", "--no-timing")
    assert code == 0
    assert "✓ priority_tables_consistent" in out and "各解读结论不同" in out and "after_layers → 违反" in out
    code, out, _ = run(capsys, "--lang", "en", "verify", "--invariant", "priority_tables_consistent")
    assert "readings differ" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["verify", "--invariant", "no_such_invariant"],
        ["verify", "--set", "no.such=1"],
        ["verify", "--set", "sheriff.bullet_cap=x"],
        ["verify", "--interpret", "bounty.count_basis=nonsense"],
        ["verify", "--depth", "-1"],
        ["verify", "/nonexistent/book.txt"],
    ],
)
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_unknown_exits_3(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    code, out, _ = run(capsys, "verify", "--invariant", "bullet_conservation")
    assert code == 3 and "未知" in out and "✓" not in out


def test_check_includes_verification(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--format", "json")
    data = json.loads(out)
    stage = next(s for s in data["stages"] if s["name"] == "verify")
    assert stage["status"] == "violated" and "batch_zero_inference" in stage["summary"]
    assert any(f["check"] == "invariant-violated" and f["clause"] == "2.1.7" for f in data["findings"])
    assert code == 1


def test_check_unknown_is_not_a_pass(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    baseline = tmp_path / "baseline.json"
    assert run(capsys, "check", "--write-baseline", str(baseline))[0] == 0
    assert run(capsys, "check", "--baseline", str(baseline))[0] == 0  # everything known is accepted
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    code, out, _ = run(capsys, "check", "--baseline", str(baseline))
    assert code == 3 and "未知" in out
