"""The text commands end to end: outline, refs, check, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ruleproof.cli import main
from tests.shared_check import shared_checks


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_outline_json_on_bundled_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "outline", "--json")
    assert code == 0
    data = json.loads(out)
    clauses = {c["id"]: c for c in data["clauses"]}
    assert len(clauses) >= 270
    assert all(isinstance(c["line"], int) for c in data["clauses"])
    assert [i["label"] for i in clauses["2.8.16"]["items"]] == ["①", "②", "③", "④", "⑤", "⑥", "⑦"]
    assert clauses["1.4.3"]["fused"] is True
    missing = [m for m in data["missing"] if m["target"] == "2.8.14"]
    assert {m["clause"] for m in missing} >= {"4.2.1", "4.13", "4.14"}
    assert all(m["line"] for m in missing)


def test_outline_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run(capsys, "outline", "--json")
    _, second, _ = run(capsys, "outline", "--json")
    assert first == second


def test_outline_text_for_authors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "outline")
    assert code == 0
    assert "4.4.6 子弹存储上限（2 发）" in out
    assert "被引用但不存在的目标" in out
    code, out, _ = run(capsys, "--lang", "en", "outline")
    assert "Cited targets that do not exist" in out


def test_refs_both_directions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "refs", "4.4.6")
    assert code == 0
    assert "4.4.7" in out  # the hunter's exception cites the cap
    code, out, _ = run(capsys, "refs", "--json", "2.8.14")
    data = json.loads(out)
    assert data["kind"] == "absent"
    assert {r["source"] for r in data["cited_by"]} >= {"4.2.1", "4.13", "4.14"}
    code, out, _ = run(capsys, "refs", "--json", "4.10.0⑤")
    assert {r["source"] for r in json.loads(out)["cited_by"]} == {"2.8.16", "6.9.8"}


def test_refs_with_explicit_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tests.text.test_synthetic import BASE

    path = tmp_path / "book.txt"
    path.write_text(BASE.replace("每人每夜 1 次。", "依 1.2 判定。"), encoding="utf-8")
    code, out, _ = run(capsys, "refs", str(path), "1.2")
    assert code == 0 and "2.2" in out


def test_check_exit_status(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tests.text.test_synthetic import BASE

    with shared_checks():  # the text's check, once per process (tests/shared_check.py)
        code, out, _ = run(capsys, "check")
    assert code == 1  # the published text cites clauses that do not exist
    assert "2.8.14" in out
    clean = tmp_path / "clean.txt"
    clean.write_text(BASE, encoding="utf-8")
    assert run(capsys, "check", str(clean))[0] == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["outline", "/nonexistent/book.txt"],
        ["refs", "9.9.9"],
        ["refs", "a", "b", "c"],
        ["outline", "bundled:nope"],
    ],
)
def test_bad_input_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_usage_error_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["no-such-command"])
    assert exc.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_binary_file_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(500))
    proc = subprocess.run(
        [sys.executable, "-m", "ruleproof", "outline", str(path)], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert proc.stdout == ""


def test_check_reports_spec_drift_on_an_edited_rulebook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from ruleproof.books import DEFAULT_BOOK

    edited = tmp_path / "edited.txt"
    edited.write_text(
        DEFAULT_BOOK.read_bytes().decode("utf-8").replace("不得超过2发", "不得超过3发"), encoding="utf-8"
    )
    # --no-verify: what this test asserts is the spec stage's; verifying the 25 theorems of the edited text
    # beside it cost ~15 CPU-s and asserted nothing (the theorem this edit breaks, verified on the same
    # edited text: tests/fanhanglu/test_verify.py::test_a_revision_of_the_rule_alone_breaks_the_stated_cap;
    # check's verify stage end to end: tests/fanhanglu/test_cli_verify.py::test_check_includes_verification)
    code, out, _ = run(capsys, "check", str(edited), "--format", "json", "--no-verify")
    data = json.loads(out)
    drift = [f for f in data["findings"] if f["check"] == "spec-quote-missing"]
    assert code == 1
    assert [(f["clause"], f["extra"]["key"]) for f in drift] == [("4.4.6", "param sheriff.bullet_cap")]
    assert {s["name"]: s["status"] for s in data["stages"]}["spec"] == "findings"
    _, out, _ = run(capsys, "check", str(edited), "--format", "json", "--spec", "none", "--no-verify")
    assert not [f for f in json.loads(out)["findings"] if f["check"].startswith("spec-")]
