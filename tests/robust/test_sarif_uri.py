"""SARIF artifact locations are valid URI references (RFC 3986: percent-encoded), relative to
``--srcroot`` when given (with SRCROOT's ``file:`` URI), ``file:`` URIs for absolute paths."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

from ruleproof.books import BOOKS
from ruleproof.cli import main

URI_CHARS = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$")


def sarif(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["lint", "--format", "sarif", *args]) == 1
    run: dict[str, Any] = json.loads(capsys.readouterr().out)["runs"][0]
    return run


def locations(run: dict[str, Any]) -> list[dict[str, Any]]:
    out = [a["location"] for a in run["artifacts"]]
    for r in run["results"]:
        out += [loc["physicalLocation"]["artifactLocation"] for loc in r["locations"]]
        out += [loc["physicalLocation"]["artifactLocation"] for loc in r.get("relatedLocations", [])]
    return out


@pytest.fixture
def book_in_repo(tmp_path: Path) -> Path:
    """A rulebook repository whose text sits in a folder with spaces and Chinese in its names."""
    folder = tmp_path / "repo" / "规则 书"
    folder.mkdir(parents=True)
    target = folder / "原神 165#1.txt"
    target.write_bytes(BOOKS["genshin165"].read_bytes())
    return target


def test_relative_to_srcroot(book_in_repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = book_in_repo.parents[1]
    run = sarif(["--srcroot", str(root), str(book_in_repo)], capsys)
    assert run["originalUriBaseIds"] == {"SRCROOT": {"uri": root.resolve().as_uri() + "/"}}
    for loc in locations(run):
        assert loc["uriBaseId"] == "SRCROOT"
        assert URI_CHARS.match(loc["uri"]), loc["uri"]
        assert unquote(loc["uri"]) == "规则 书/原神 165#1.txt"
        assert not urlparse(loc["uri"]).scheme  # relative: resolved against SRCROOT


def test_without_srcroot(
    book_in_repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    absolute = sarif([str(book_in_repo)], capsys)
    for loc in locations(absolute):
        assert URI_CHARS.match(loc["uri"]) and loc["uri"].startswith("file:///")
        assert unquote(urlparse(loc["uri"]).path) == str(book_in_repo)
        assert "uriBaseId" not in loc
    monkeypatch.chdir(book_in_repo.parents[1])
    relative = sarif(["规则 书/原神 165#1.txt"], capsys)
    assert {loc["uri"] for loc in locations(relative)} == {
        "%E8%A7%84%E5%88%99%20%E4%B9%A6/%E5%8E%9F%E7%A5%9E%20165%231.txt"
    }


def test_outside_srcroot_is_refused(book_in_repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = book_in_repo.parents[2] / "elsewhere"
    other.mkdir()
    assert main(["lint", "--format", "sarif", "--srcroot", str(other), str(book_in_repo)]) == 2
    assert "不在 --srcroot" in capsys.readouterr().err


def test_bundled_books_keep_their_scheme(capsys: pytest.CaptureFixture[str]) -> None:
    run = sarif(["bundled:jiejie140"], capsys)
    assert {loc["uri"] for loc in locations(run)} == {"bundled:jiejie140"}
