"""``verify`` on input it must not trust: a depth of 0, a text of another book, a text whose tables
cannot be read — never a "proved" on nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.books import load_source
from ruleproof.cli import main
from ruleproof.text import Document


@pytest.mark.parametrize("depth", ["0", "-1", "51"])
def test_depth_out_of_range_is_refused(depth: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--depth", depth]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--depth" in err and "1..50" in err


@pytest.mark.parametrize("other", ["genshin165", "botc-m124", "jiejie140", "random41"])
def test_a_text_of_another_book_is_refused(other: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--book", "fanhanglu", f"bundled:{other}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "不是 fanhanglu" in err and other in err
    assert main(["check", "--spec", "fanhanglu", "--format", "json", f"bundled:{other}"]) == 2
    assert "不能用 fanhanglu 的规格验证它" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("deleted", "heading", "kind", "said"),
    [
        # the victory order's clause, heading and body: the theorem's sentence is gone with it
        ("1.2.3", True, "not-stated", "正文中读不到定理所述之句"),
        # the adjudication order's body only: the clause still names the order, its table cannot be read
        ("0.5", False, "not-read", "正文中读不到所需之表"),
    ],
)
def test_tables_that_cannot_be_read_are_not_proved(
    deleted: str,
    heading: bool,
    kind: str,
    said: str,
    tmp_path: Path,
    fanhanglu: Document,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """返航录 with the clause of an order table deleted (a revision that lost it): the order check compares
    nothing for it, so it is not proved (exit 3, said why)."""
    clause = fanhanglu.clause(deleted)
    assert clause is not None
    drop = {s.line for s in clause.spans} | ({h.line for h in clause.headings} if heading else set())
    lines = load_source(None).data.decode("utf-8").split("\n")
    path = tmp_path / "revision.txt"
    path.write_text("\n".join(ln for n, ln in enumerate(lines, 1) if n not in drop), encoding="utf-8")
    args = ["verify", str(path), "--invariant", "priority_tables_consistent", "--configured-only"]
    assert main([*args, "--json", "--no-timing"]) == 3
    inv = json.loads(capsys.readouterr().out)["invariants"][0]
    assert inv["status"] == "unknown" and inv["unknown"] == kind
    assert (deleted if heading else "adjudication") in inv["note"]
    assert main(args) == 3
    assert said in capsys.readouterr().out
    # the same invariant on the text as published is proved: the deletion is what changed it
    assert main(["verify", "--invariant", "priority_tables_consistent", "--configured-only"]) == 0
