"""``ruleproof lint``: the four formats, baselines and exit statuses."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ruleproof.cli import main
from ruleproof.cli.cmd_lint import checks_for
from tests.conftest import doc_from_text
from tests.lint.books import CLEAN, edit

DEFECT = ("各批次只声明相对默认的差量。", "各批次只声明差量，依 2.9 处理（见 3.1⑤）。")


# the checks that run on the synthetic book: numbered clauses, with a registry and a ten-gate checklist
CHECKS = checks_for(doc_from_text(CLEAN))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "book.txt"
    path.write_text(edit(DEFECT), encoding="utf-8")
    return path


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    path = tmp_path / "clean.txt"
    path.write_text(CLEAN, encoding="utf-8")
    return path


def test_clean_book_exits_0(capsys: pytest.CaptureFixture[str], clean: Path) -> None:
    code, out, _ = run(capsys, "lint", str(clean))
    assert code == 0
    assert "未发现问题" in out


def test_text_report_groups_by_clause_with_quotes_rule_and_advice(
    capsys: pytest.CaptureFixture[str], book: Path
) -> None:
    code, out, _ = run(capsys, "lint", str(book))
    assert code == 1
    assert "§2.2 公告通则" in out
    assert "[ref-missing]" in out and "[ref-item-missing]" in out
    assert "「" in out and "规则：" in out and "处理：" in out
    code, out_en, _ = run(capsys, "--lang", "en", "lint", str(book))
    assert code == 1 and "to do:" in out_en


def test_json(capsys: pytest.CaptureFixture[str], book: Path) -> None:
    code, out, _ = run(capsys, "lint", str(book), "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert {f["check"] for f in data["findings"]} == {"ref-missing", "ref-item-missing"}
    for f in data["findings"]:
        assert {"check", "severity", "clause", "line", "message", "quote"} <= set(f)
        assert f["clause"] == "2.2" and f["line"] == 41
    assert data["summary"]["by_check"]["ref-missing"] == 1
    assert len(data["checks"]) == len(CHECKS)


def test_sarif(capsys: pytest.CaptureFixture[str], book: Path) -> None:
    code, out, _ = run(capsys, "lint", str(book), "--format", "sarif")
    assert code == 1
    log = json.loads(out)
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    (sarif_run,) = log["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [c.id for c in CHECKS]
    assert sarif_run["results"]
    for result in sarif_run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note")
        loc = result["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"] == book.as_uri()  # an absolute path: its file: URI
        assert loc["region"]["startLine"] == 41
        assert result["message"]["text"]
        assert result["partialFingerprints"]["ruleproof/v1"]


def test_junit(capsys: pytest.CaptureFixture[str], book: Path) -> None:
    code, out, _ = run(capsys, "lint", str(book), "--format", "junit")
    assert code == 1
    root = ET.fromstring(out)
    cases = root.findall(".//testcase")
    assert [c.get("name") for c in cases] == [c.id for c in CHECKS]
    failed = {c.get("name") for c in cases if c.find("failure") is not None}
    assert failed == {"ref-missing", "ref-item-missing"}
    assert root.get("failures") == "2"


def test_baseline_round_trip(capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path) -> None:
    base = tmp_path / "baseline.json"
    code, _, err = run(capsys, "lint", str(book), "--write-baseline", str(base))
    assert code == 0 and "2" in err
    assert json.loads(base.read_text(encoding="utf-8"))["format"] == "ruleproof-lint-baseline/1"
    code, out, _ = run(capsys, "lint", str(book), "--baseline", str(base))
    assert code == 0 and "基线" in out
    # a new defect elsewhere fails the gate; the old ones stay accepted
    book.write_text(edit(DEFECT, ("玩家总数 9 人。", "玩家总数 9 人，依 1.9。")), encoding="utf-8")
    code, out, _ = run(capsys, "lint", str(book), "--baseline", str(base), "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert [(f["clause"], f["check"]) for f in data["findings"]] == [("1.1", "ref-missing")]
    assert data["summary"]["baselined"] == 2


def test_baseline_survives_line_moves(capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path) -> None:
    base = tmp_path / "baseline.json"
    run(capsys, "lint", str(book), "--write-baseline", str(base))
    book.write_text(
        edit(DEFECT, ("本书为示例，供检查工具测试。", "本书为示例。\n\n另起一段。")), encoding="utf-8"
    )
    code, _, _ = run(capsys, "lint", str(book), "--baseline", str(base))
    assert code == 0


@pytest.mark.parametrize(
    "content",
    ['{"format": "other"}', "not json", '{"format": "ruleproof-lint-baseline/1", "fingerprints": [1]}'],
)
def test_bad_baseline_is_exit_2(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path, content: str
) -> None:
    base = tmp_path / "bad.json"
    base.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "lint", str(book), "--baseline", str(base))
    assert code == 2 and out == ""
    assert err.startswith("ruleproof: ") and err.count("\n") == 1


@pytest.mark.parametrize("argv", [["lint", "/no/such/file.txt"], ["lint", "bundled:nope"]])
def test_bad_input_is_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err


def test_bad_format_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["lint", "--format", "pdf"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pdf" in err


def test_binary_file_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "x.bin"
    path.write_bytes(bytes(range(256)) * 4)
    code, _, err = run(capsys, "lint", str(path))
    assert code == 2 and "Traceback" not in err


def test_bundled_text_sarif_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = run(capsys, "lint", "--format", "sarif")
    assert code == 1
    _, second, _ = run(capsys, "lint", "--format", "sarif")
    assert first == second
    results = json.loads(first)["runs"][0]["results"]
    assert all(r["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1 for r in results)
    assert all(
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "bundled:fanhanglu"
        for r in results
    )
