"""The per-process memo of ``check`` that tests opt into (tests/shared_check.py): one real run per distinct
input, the command around it run every time, and nothing shared outside the block."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ruleproof.cli.cmd_check as cmd_check
from ruleproof import pipeline
from ruleproof.cli import main
from ruleproof.text import Document
from tests import shared_check
from tests.conftest import doc_from_text
from tests.shared_check import shared_checks
from tests.text.test_synthetic import BASE


def test_each_distinct_input_is_checked_once_inside_the_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, bool]] = []

    def counted(doc: Document, **kw: Any) -> pipeline.CheckRun:
        calls.append((doc.name, kw["spec_off"]))
        return pipeline.run_check(doc, **kw)

    monkeypatch.setattr(shared_check, "run_check", counted)
    book = tmp_path / "book.txt"
    book.write_text(BASE, encoding="utf-8")
    with shared_checks():
        assert main(["check", str(book), "--format", "json"]) == 0
        first = json.loads(capsys.readouterr().out)
        assert main(["check", str(book), "--format", "json"]) == 0  # the same input: answered from the memo
        assert json.loads(capsys.readouterr().out) == first
        assert main(["check", str(book), "--format", "text"]) == 0  # another format renders the same run
        assert main(["check", str(book), "--spec", "none", "--format", "json"]) == 0  # another input
        book.write_text(BASE + "\n", encoding="utf-8")
        assert main(["check", str(book), "--format", "json"]) == 0  # another text (one more line)
    assert [spec_off for _, spec_off in calls] == [False, True, False]
    assert cmd_check.run_check is pipeline.run_check  # outside the block, nothing is shared
    capsys.readouterr()


def test_a_caller_gets_its_own_lists() -> None:
    kw: dict[str, Any] = {"book": None, "against": None, "stages": ("lint",)}
    head = doc_from_text(BASE, "memo.txt")
    one = shared_check.memoised_run_check(head, **kw)
    one.findings.clear()
    one.stages.clear()
    two = shared_check.memoised_run_check(head, **kw)
    assert two.stages and two is not one
    assert shared_check.run_key(head, **kw) != shared_check.run_key(head, **{**kw, "stages": ("appendix",)})
