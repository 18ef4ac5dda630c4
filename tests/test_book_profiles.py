"""The book registry: which book a text, a name or a vector is, and one clear line (exit 2) for a command
a book does not have yet."""

from __future__ import annotations

import json
from dataclasses import replace as dataclass_replace
from pathlib import Path

import pytest

from ruleproof import books
from ruleproof.books import BOOKS, DEFAULT_BOOK, Source, load_source
from ruleproof.cli import main
from ruleproof.errors import BadInput, UserError
from tests.shared_check import shared_checks

ROOT = Path(__file__).parents[1]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("key", sorted(k for k, b in BOOKS.items() if b.filename))
def test_each_bundled_text_is_recognised_as_its_book_even_under_another_name(key: str) -> None:
    data = BOOKS[key].read_bytes()
    assert books.recognise(load_source(f"bundled:{key}")) is BOOKS[key]
    assert books.recognise(Source("my-revision.txt", data)) is BOOKS[key]


def test_an_unknown_text_needs_book(tmp_path: Path) -> None:
    source = Source("notes.txt", "今天的会议纪要\n一、出席\n".encode())
    assert books.recognise(source) is None
    with pytest.raises(UserError, match="--book"):
        books.book_for(None, source)
    assert books.book_for("genshin165", source) is BOOKS["genshin165"]
    assert books.book_for(None, None) is DEFAULT_BOOK


@pytest.mark.parametrize(
    ("book_id", "what"),
    [
        (None, "KEY/VERSION"),
        ("fanhanglu", "KEY/VERSION"),
        ("nope/1", "unknown book"),
        ("fanhanglu/v2", "v1preview1.0"),
    ],
)
def test_a_vector_names_a_known_book_and_its_version(book_id: object, what: str) -> None:
    with pytest.raises(BadInput) as err:
        books.by_id(book_id, "v.json")
    assert what in err.value.en


def test_every_part_reference_of_every_book_loads() -> None:
    for book in BOOKS.values():
        for part in ("spec", "engine", "invariants", "drift", "config"):
            if book.has(part):
                assert book.load(part, "test") is not None


def _lacking(part: str) -> list[str]:
    """The bundled books that lack ``part`` today (books gain parts as their rooms fill)."""
    return [k for k, b in sorted(BOOKS.items()) if not b.has(part)]


LACKING = [
    *((["play", "--book", k], "规则引擎") for k in _lacking("engine")[:1]),
    *((["simulate", "--book", k, "--games", "2"], "规则引擎") for k in _lacking("engine")[1:2]),
    *((["vocab", "--book", k], "规则引擎") for k in _lacking("engine")[-1:]),
    *((["params", "--book", k], "可执行规格") for k in _lacking("spec")[:1]),
    *((["verify", f"bundled:{k}"], "不变式") for k in _lacking("invariants")[:1]),
    *((["verify", "--book", k], "不变式") for k in _lacking("invariants")[-1:]),
    (["config", "fanhanglu"], "配置规则"),
    *((["config", k], "配置规则") for k in _lacking("config") if k != "fanhanglu"),
]


@pytest.mark.parametrize(("argv", "missing"), LACKING)
def test_a_command_the_book_lacks_is_one_line_and_exit_2(
    argv: list[str], missing: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and missing in err and "此书现有" in err and "Traceback" not in err


@pytest.mark.skipif(not _lacking("engine"), reason="every bundled book has an engine")
def test_the_english_message_names_what_the_book_has(capsys: pytest.CaptureFixture[str]) -> None:
    key = _lacking("engine")[0]
    code, _, err = run(["--lang", "en", "play", "--book", key], capsys)
    assert code == 2 and f"{key} has no game engine yet" in err and "bundled text" in err


def test_an_unknown_book_key(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["params", "--book", "nope"], capsys)
    assert code == 2 and "fanhanglu" in err and err.count("\n") == 1


@pytest.mark.skipif(not _lacking("engine"), reason="every bundled book has an engine")
def test_a_vector_of_a_book_without_an_engine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vec = json.loads(
        (ROOT / "tests/fanhanglu/vectors/knife-unprotected-dies.json").read_text(encoding="utf-8")
    )
    vec["book"] = BOOKS[_lacking("engine")[0]].book_id
    path = tmp_path / "v.json"
    path.write_text(json.dumps(vec, ensure_ascii=False), encoding="utf-8")
    code, out, err = run(["replay", str(path)], capsys)
    assert code == 2 and out == "" and "规则引擎" in err


def test_verify_recognises_a_users_copy_of_the_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "返航录-修订.txt"
    copy.write_bytes(DEFAULT_BOOK.read_bytes())
    code, out, _ = run(["verify", str(copy), "--invariant", "priority_tables_consistent", "--json"], capsys)
    assert code == 0 and json.loads(out)["book"] == DEFAULT_BOOK.book_id
    other = tmp_path / "notes.txt"
    other.write_text("会议纪要\n", encoding="utf-8")
    code, _, err = run(["verify", str(other)], capsys)
    assert code == 2 and "--book" in err


def test_check_says_which_stages_are_skipped_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    with shared_checks():  # the text's check, once per process (tests/shared_check.py)
        code, out, _ = run(["check", "--spec", "none", "--format", "json"], capsys)
    stages = {s["name"]: s for s in json.loads(out)["stages"]}
    assert code == 1  # the bundled text has lint findings
    assert stages["spec"]["status"] == "skipped" and stages["verify"]["status"] == "skipped"
    assert "--spec none" in stages["verify"]["summary"]


def test_counterexamples_go_to_the_books_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["verify", "--invariant", "bullet_conservation", "--set", "bounty.bullets_per_kill=2"]
    code, _, _ = run([*argv, "--write-counterexamples", "--configured-only", "--json"], capsys)
    folder = tmp_path / str(DEFAULT_BOOK.counterexamples)
    assert code == 1 and [p.name for p in folder.glob("*.json")] == [
        "bullet_conservation--bounty.bullets_per_kill=2.json"
    ]
    monkeypatch.setitem(BOOKS, "fanhanglu", dataclass_replace(DEFAULT_BOOK, counterexamples=None))
    code, out, err = run([*argv, "--write-counterexamples"], capsys)
    assert code == 2 and out == "" and "反例" in err
