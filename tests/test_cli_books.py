"""outline, lint and check on every bundled book, and on a user's own copy of one: exit 0 or 1, never 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.books import BOOKS
from ruleproof.cli import main
from tests.shared_check import shared_checks

SECTIONED = ("genshin165", "jiejie140", "botc-m124", "random41")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_outline_and_lint_json_on_every_bundled_book(capsys: pytest.CaptureFixture[str], key: str) -> None:
    code, out, err = run(capsys, "outline", f"bundled:{key}", "--json")
    assert code == 0, err
    assert json.loads(out)["clauses"]
    code, out, err = run(capsys, "lint", f"bundled:{key}", "--format", "json")
    assert code in (0, 1), err
    data = json.loads(out)
    assert (code == 1) == bool(data["findings"])
    assert {c["id"] for c in data["checks"]} >= {f["check"] for f in data["findings"]}


@pytest.mark.parametrize("key", SECTIONED)
def test_check_lists_every_stage(capsys: pytest.CaptureFixture[str], key: str) -> None:
    with shared_checks():  # each book's check once per process (tests/shared_check.py)
        code, out, err = run(capsys, "check", f"bundled:{key}", "--format", "json")
    assert code in (0, 1), err
    stages = {s["name"]: s["status"] for s in json.loads(out)["stages"]}
    assert list(stages) == ["text", "lint", "book-lint", "spec", "verify", "readings", "appendix", "config"]
    assert stages["text"] == "ok"
    assert stages["book-lint"] == stages["appendix"] == "skipped"
    book = BOOKS[key]
    assert stages["spec"] == ("ok" if book.has("drift") else "skipped")
    assert (stages["verify"] != "skipped") == book.has("invariants")
    assert (stages["readings"] != "skipped") == book.has("readings")
    expected_config = {"genshin165": "findings", "botc-m124": "ok", "jiejie140": "findings"}.get(
        key, "skipped"
    )
    assert stages["config"] == expected_config


def test_check_text_report_says_why_a_stage_is_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    with shared_checks():  # the check above, its report in two languages
        code, out, _ = run(capsys, "check", "bundled:botc-m124")
        _, out_en, _ = run(capsys, "--lang", "en", "check", "bundled:botc-m124")
    assert code == 1
    assert "按标题读取" in out and "跳过" in out
    assert "read by headings" in out_en and "skipped" in out_en


@pytest.mark.parametrize("key", ["jiejie140", "random41"])
def test_users_own_text_of_the_same_shape(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, key: str
) -> None:
    """A user's file (GB18030 here) of the same shape is read by its headings and linted the same way."""
    path = tmp_path / "mine.txt"
    path.write_bytes(BOOKS[key].read_bytes().decode("utf-8").encode("gb18030"))
    _, bundled, _ = run(capsys, "lint", f"bundled:{key}", "--format", "json")
    code, mine, err = run(capsys, "lint", str(path), "--format", "json")
    assert code == 1, err
    strip = lambda s: [(f["check"], f["line"], f["message"]) for f in json.loads(s)["findings"]]  # noqa: E731
    assert strip(mine) == strip(bundled)
    assert run(capsys, "outline", str(path))[0] == 0


def test_refs_by_role_and_skill_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "refs", "bundled:genshin165", "猎人", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["line"] == 207 and any(r["source"] == "总体流程" for r in data["cited_by"])
    code, out, _ = run(capsys, "refs", "bundled:genshin165", "花蝴蝶")
    assert code == 0 and "1028" in out
    code, out, _ = run(capsys, "refs", "bundled:genshin165", "最后一枪", "--json")
    cited = json.loads(out)["cited_by"]
    assert code == 0 and cited and all(r["name"] == "最后一枪" for r in cited)


def test_unstructured_text_is_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "story.txt"
    path.write_text("很久很久以前，有一座小镇，镇上的人每晚都会讲故事。\n" * 20, encoding="utf-8")
    for command in ("outline", "lint", "check"):
        code, out, err = run(capsys, command, str(path))
        assert code == 2 and out == ""
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
