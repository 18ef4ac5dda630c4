"""The corpus: the JSON Schemas generated from each book's vocabulary (shipped, valid draft 2020-12, every
vector valid, malformed ones refused with their JSON path), ``vectors export`` (the committed manifests
regenerated and diffed), clause coverage (返航录 ≥ 90 % of the clauses with a rule effect)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ruleproof.books import BOOKS, BookProfile, engine_of
from ruleproof.cli import main
from ruleproof.errors import UserError
from ruleproof.vectors.corpus import book_sources, books_with_vectors, corpus_sources, vector_files
from ruleproof.vectors.schema import schema_of, shipped, validate

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
FAN = ROOT / "tests" / "fanhanglu" / "vectors"
REGEN = "regenerate with: .venv/bin/python ci/regen_corpus.py"


@pytest.fixture(scope="session")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export") / "corpus"
    assert main(["vectors", "export", str(out)]) == 0
    return out


@pytest.mark.parametrize("book", [b for b in BOOKS.values() if b.engine], ids=lambda b: b.key)
def test_shipped_schema_is_generated_and_valid(book: BookProfile) -> None:
    schema = schema_of(engine_of(book))
    Draft202012Validator.check_schema(schema)
    assert shipped(book.key) == schema, REGEN


def test_every_corpus_vector_matches_its_schema() -> None:
    n = 0
    for path in corpus_sources():
        raw = json.loads(path.read_text(encoding="utf-8"))
        validate(raw, engine_of(BOOKS[raw["book"].split("/")[0]]), str(path))
        n += 1
    assert n > 800


def _fan(name: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((FAN / f"{name}.json").read_text(encoding="utf-8"))
    return raw


MUTATIONS = [
    ("unknown top key", lambda v: v.update(extra=1), "$"),
    ("format 3", lambda v: v.update(format="ruleproof-vector/3"), "$.format"),
    ("clause id", lambda v: v.update(cites=["four point four"]), "$.cites[0]"),
    ("unknown skill", lambda v: v["script"][0]["actions"][0].update(skill="fly"), "$.script[0]"),
    ("unknown view key", lambda v: v["expect"][0]["views"]["7"].update(secret=1), "$.expect[0]"),
    (
        "negative count",
        lambda v: v["expect"][0].update(feedback_count={"1": [{"match": {"kind": "x"}, "count": -1}]}),
        "$.expect[0]",
    ),
    ("menus with after", lambda v: v["expect"][0].update(menus={"1": {"knife": None}}), "$.expect[0]"),
]


@pytest.mark.parametrize(
    "mutate,where", [(m, w) for _n, m, w in MUTATIONS], ids=[n for n, _m, _w in MUTATIONS]
)
def test_schema_refuses_malformed_vectors_with_their_json_path(mutate: Any, where: str) -> None:
    raw = copy.deepcopy(_fan("v2-infection-mark-views"))
    mutate(raw)
    with pytest.raises(UserError) as err:
        validate(raw, engine_of(BOOKS["fanhanglu"]), "v.json")
    assert err.value.message("en").startswith(f"v.json: {where}"), err.value.message("en")


def test_replay_validates_before_running(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = _fan("v2-infection-mark-views")
    raw["expect"][0]["views"]["7"]["secret"] = True
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "JSON Schema" in err and "$.expect[0]" in err and "Traceback" not in err


def test_the_toy_book_gets_a_schema_from_its_vocabulary() -> None:
    from runtime.toy.rules import ENGINE

    schema = schema_of(ENGINE)
    Draft202012Validator.check_schema(schema)
    toy = ROOT / "tests" / "runtime" / "toy" / "vectors"
    for path in sorted(toy.glob("*.json")):
        validate(json.loads(path.read_text(encoding="utf-8")), ENGINE, str(path))
    assert schema["properties"]["book"] == {"const": "toy/1"}


def test_export_matches_the_committed_corpus(exported: Path) -> None:
    committed = sorted(p.relative_to(CORPUS) for p in CORPUS.rglob("*.json"))
    assert committed, REGEN
    for rel in committed:
        assert (exported / rel).read_text(encoding="utf-8") == (CORPUS / rel).read_text(encoding="utf-8"), (
            f"{rel}: {REGEN}"
        )
    for book in books_with_vectors(None):
        room = exported / book.key
        assert json.loads((room / "schema.json").read_text(encoding="utf-8")) == shipped(book.key)
        copies = sorted(p.relative_to(room).as_posix() for p in room.rglob("*.json"))
        expected = sorted(
            f"{kind}/{p.relative_to(d).as_posix()}" for kind, d in book_sources(book) for p in vector_files(d)
        )
        assert copies == sorted([*expected, "manifest.json", "schema.json"])
        for kind, d in book_sources(book):
            for p in vector_files(d):
                assert (room / kind / p.relative_to(d)).read_bytes() == p.read_bytes()


def test_manifest_says_format_book_text_readings_and_coverage(exported: Path) -> None:
    m = json.loads((exported / "fanhanglu" / "manifest.json").read_text(encoding="utf-8"))
    assert m["book"] == "fanhanglu/v1preview1.0" and m["text"]["file"].endswith(".txt")
    assert set(m["formats"]) == {"ruleproof-vector/1", "ruleproof-vector/2"}
    assert m["interpretation"]["silence.effect_night"] == "same_night"
    kinds = {c["kind"] for c in m["cases"]}
    assert kinds == {"hand-checked", "reading", "counterexample"}
    silence = next(c for c in m["cases"] if c["id"] == "v2-silence-both-readings")
    assert set(silence["behaviour"]) == {"silence.effect_night=same_night", "silence.effect_night=next_night"}
    assert (
        silence["behaviour"]["silence.effect_night=same_night"]
        != silence["behaviour"]["silence.effect_night=next_night"]
    )


def test_fanhanglu_clause_coverage_bar(exported: Path) -> None:
    cov = json.loads((exported / "fanhanglu" / "manifest.json").read_text(encoding="utf-8"))["coverage"]
    assert cov["percent"] >= 90.0 and cov["covered"] + len(cov["uncovered"]) == cov["effect"]
    docs = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    for u in cov["uncovered"]:  # each uncovered clause is listed in the docs with why
        assert f"| {u['clause']} |" in docs, u["clause"]


def test_export_refuses_a_folder_that_is_no_corpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "keep.txt").write_text("mine", encoding="utf-8")
    assert main(["vectors", "export", str(tmp_path), "--book", "random41"]) == 2
    assert (tmp_path / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert capsys.readouterr().err.count("\n") == 1
    out = tmp_path / "c"
    assert main(["vectors", "export", str(out), "--book", "random41"]) == 0
    assert main(["vectors", "export", str(out), "--book", "random41"]) == 0  # a previous export is replaced
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "random41"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".c.")]  # no temporary folder left
