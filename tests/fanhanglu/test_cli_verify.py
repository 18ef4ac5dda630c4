"""``ruleproof verify`` and the verify stage of ``ruleproof check``, end to end (in process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import z3

from ruleproof.cli import main
from ruleproof.invariants.fanhanglu import INVARIANTS
from ruleproof.smt import ts
from ruleproof.specs.fanhanglu import SWITCHES
from tests.shared_check import shared_checks


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_report_is_deterministic_and_complete(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "--json", "--no-timing")
    assert code == 1  # the text's own false theorems: violated
    data = json.loads(out)
    names = [i["name"] for i in data["invariants"]]
    assert names == [inv.name for inv in INVARIANTS] and len(names) >= 15
    for inv in data["invariants"]:
        assert {"name", "status", "cites", "method", "depth", "seconds", "counterexample", "readings"} <= set(
            inv
        )
        assert inv["seconds"] is None and inv["cites"]
        assert inv["status"] in ("proved", "holds-to-depth", "violated", "unknown", "vacuous")
        assert all({"readings", "status", "method", "depth"} <= set(r) for r in inv["readings"])
        # every theorem quotes the sentence it was read from, with its line
        assert inv["claims"] and all(c["quote"] and c["line"] for c in inv["claims"])
        # every proof carries its non-vacuity witnesses, every one reached
        if inv["status"] == "proved":
            alive = inv["details"]["alive"]
            assert alive and all(w["status"] == "reached" for w in alive if w["kind"] != "outcome"), inv[
                "name"
            ]
    assert data["status"] == "violated" and data["text_rules"] == []


def test_same_question_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = (
        "verify",
        "--json",
        "--no-timing",
        "--invariant",
        "no_evolution_failure",
        "--invariant",
        "batch_nothing_lost",
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


def test_text_report_quotes_the_sentence_and_the_witnesses(capsys: pytest.CaptureFixture[str]) -> None:
    """A theorem is shown with the sentence it is read from (clause, line, quote) and its non-vacuity
    witnesses; a check of ours says it is not the text's."""
    code, out, _ = run(
        capsys,
        "verify",
        "--invariant",
        "sheriff_bullet_cap",
        "--invariant",
        "batch_nothing_lost",
        "--no-timing",
    )
    assert code == 1
    cap, ours = out.split("✗ batch_nothing_lost")
    line = next(ln for ln in cap.splitlines() if "上限 2 发" in ln)
    assert "正文 4.4.6 第 " in line and "「警长的子弹存量设上限 2 发" in line
    assert "非空证：" in cap and "皆有见证" in cap
    assert "非正文所述定理" in ours and "正文 2.1.7 第 " in ours
    _, en, _ = run(capsys, "--lang", "en", "verify", "--invariant", "sheriff_bullet_cap", "--no-timing")
    assert "stated at 4.4.6 line" in en and "non-vacuity: all" in en


@pytest.mark.parametrize(
    "argv",
    [
        ["verify", "--invariant", "no_such_invariant"],
        ["verify", "--set", "no.such=1"],
        ["verify", "--set", "sheriff.bullet_cap=x"],
        ["verify", "--interpret", "bounty.count_basis=nonsense"],
        ["verify", "--depth", "-1"],
        ["verify", "--depth", "0"],
        ["readings", "--switch", "no.such"],
        ["readings", "--depth", "0"],
        ["readings", "--book", "jiejie140"],
        ["verify", "/nonexistent/book.txt"],
    ],
)
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_depth_zero_is_refused_not_passed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", "--depth", "0")
    assert code == 2 and out == "" and "深度 0" in err


def test_unknown_exits_3(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    code, out, _ = run(capsys, "verify", "--invariant", "bullet_conservation")
    assert code == 3 and "未知" in out and "✓" not in out


def test_check_includes_verification(capsys: pytest.CaptureFixture[str]) -> None:
    with shared_checks():  # the text's check, once per process (tests/shared_check.py)
        code, out, _ = run(capsys, "check", "--format", "json")
    data = json.loads(out)
    stage = next(s for s in data["stages"] if s["name"] == "verify")
    assert stage["status"] == "violated" and "batch_nothing_lost" in stage["summary"]
    violated = {
        f["extra"]["invariant"]: f["clause"] for f in data["findings"] if f["check"] == "invariant-violated"
    }
    assert violated["batch_nothing_lost"] == "2.1.6" and violated["bullet_stock_equation"] == "4.4.6"
    readings = next(s for s in data["stages"] if s["name"] == "readings")
    assert readings["status"] == "ok" and len(readings["lines"]) == len(SWITCHES)
    assert code == 1


def test_check_unknown_is_not_a_pass(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    baseline = tmp_path / "baseline.json"
    with shared_checks():  # the unpatched text's check, once per process (tests/shared_check.py)
        assert run(capsys, "check", "--write-baseline", str(baseline))[0] == 0
        assert run(capsys, "check", "--baseline", str(baseline))[0] == 0  # everything known is accepted
    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    code, out, _ = run(capsys, "check", "--baseline", str(baseline))
    assert code == 3 and "未知" in out


def test_a_vacuous_model_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """Evolution from night 99: no xeno ever moves, so the occupancy cap holds of a model that does nothing
    — reported ``vacuous`` (exit 1, like a violation), never ``proved``."""
    code, out, _ = run(
        capsys,
        "verify",
        "--invariant",
        "occupancy_at_most_two",
        "--set",
        "xeno.evolution_night=99",
        "--configured-only",
        "--json",
        "--no-timing",
    )
    inv = json.loads(out)["invariants"][0]
    assert code == 1 and inv["status"] == "vacuous"
    dead = {w["name"] for w in inv["details"]["alive"] if w["status"] != "reached"}
    assert {"evo_ok", "direction_full"} <= dead and "vacuous" in inv["note"]
    code, out, _ = run(
        capsys,
        "verify",
        "--invariant",
        "occupancy_at_most_two",
        "--set",
        "xeno.evolution_night=99",
        "--configured-only",
        "--no-timing",
    )
    assert code == 1 and "∅ occupancy_at_most_two  空证" in out and "未达：evolve（5.1）" in out


def test_readings_report_and_vectors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys,
        "readings",
        "--json",
        "--switch",
        "bounty.blocked_shot",
        "--switch",
        "silence.effect_night",
        "--write",
        str(tmp_path),
    )
    assert code == 0
    report = {r["switch"]: r for r in json.loads(out)["readings"]}
    for key in ("bounty.blocked_shot", "silence.effect_night"):
        r = report[key]
        assert r["status"] == "distinguished" and r["engine_agrees"] is True and r["differs"]
        assert set(r["vectors"]) == set(r["readings"])
        for reading, path in r["vectors"].items():
            vec = json.loads(Path(path).read_text(encoding="utf-8"))
            assert vec["interpretation"][key] == reading
    # the two vectors of a switch share one script and expect different things
    a, b = (
        json.loads(Path(p).read_text(encoding="utf-8"))
        for p in report["silence.effect_night"]["vectors"].values()
    )
    assert a["script"] == b["script"] and a["expect"] != b["expect"]
    assert run(capsys, "replay", *(str(p) for p in tmp_path.glob("*.json")))[0] == 0
