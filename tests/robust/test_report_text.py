"""What a rule author sees of ``check``: the verdict and the counts first and last, the findings grouped
by clause in between, and a short list of what to fix first."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ruleproof.cli import main
from tests.shared_check import shared_checks
from tests.text.test_synthetic import BASE


@pytest.fixture(autouse=True)
def _one_check_per_text() -> Iterator[None]:
    """The reports of one check: jiejie140's is asked four times here (JSON twice, zh, en), checked once
    per process (tests/shared_check.py); nothing in this module patches what ``check`` computes."""
    with shared_checks():
        yield


def lines(args: list[str], capsys: pytest.CaptureFixture[str], code: int) -> list[str]:
    assert main(args) == code
    return capsys.readouterr().out.splitlines()


def counts(capsys: pytest.CaptureFixture[str]) -> tuple[int, int, int, int]:
    """The findings of ``check bundled:jiejie140`` by severity, from its JSON report."""
    assert main(["check", "bundled:jiejie140", "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["findings"]
    sev = [f["severity"] for f in found]
    return len(sev), sev.count("error"), sev.count("warning"), sev.count("note")


def test_verdict_first_and_last_with_what_to_fix_first(capsys: pytest.CaptureFixture[str]) -> None:
    n, e, w, t = counts(capsys)
    assert n > 5 and e >= 2
    out = lines(["check", "bundled:jiejie140"], capsys, 1)
    assert out[0].startswith(f"结论：未通过——{n} 条发现（错误 {e} · 警告 {w} · 提示 {t}）")
    assert out[-1] == out[0]
    k = out.index("先修这些：")
    fix = out[k + 1 : k + 6]
    assert [ln.split(".")[0].strip() for ln in fix] == ["1", "2", "3", "4", "5"]
    # theorems the text states that do not hold first, then errors, in the order of the text
    kinds = ["[invariant-violated]" in ln for ln in fix]
    assert kinds == sorted(kinds, reverse=True) and kinds[0]
    assert any("[name-undefined]" in ln and "第 178 行" in ln for ln in fix)
    # every finding of the list stands in the body, under its clause
    body = "\n".join(out[1:k])
    assert "开场行动" in body and "无限反击" in body


def test_english(capsys: pytest.CaptureFixture[str]) -> None:
    n, e, w, t = counts(capsys)
    out = lines(["--lang", "en", "check", "bundled:jiejie140"], capsys, 1)
    assert out[0] == out[-1] and out[0].startswith(
        f"verdict: FAIL — {n} finding(s): {e} error, {w} warning, {t} note"
    )
    assert "What to fix first:" in out


def test_a_clean_text_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "clean.txt"
    path.write_text(BASE, encoding="utf-8")
    out = lines(["check", str(path)], capsys, 0)
    assert out[0] == out[-1] == "结论：通过——0 条发现（错误 0 · 警告 0 · 提示 0）"
    assert "先修这些：" not in out


def test_lint_output_is_unchanged_by_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    """``lint`` (a gate in scripts) keeps its first line: the title and counts."""
    out = lines(["lint", "bundled:jiejie140"], capsys, 1)
    assert not out[0].startswith("结论") and "6 条发现" in out[0]
