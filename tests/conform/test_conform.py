"""``ruleproof conform``: the reference adapter passes the whole corpus (heavy; in the suite, vectors that
together ask everything the corpus asks); the broken engine's planted bugs are reported, each exactly, and
nothing else; the report's three forms; bad engines exit 2 with one line."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from ruleproof.books import BOOKS, BookProfile
from ruleproof.cli import main
from ruleproof.cli.cmd_conform import load
from ruleproof.conform.runner import CaseReport, Conformance, EngineProcess
from ruleproof.vectors.corpus import book_sources, corpus_sources, vector_files

from . import broken_engine
from .broken_engine import PLANTS

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
TOY_VECTORS = TESTS / "runtime" / "toy" / "vectors"
REFERENCE = [sys.executable, "-m", "ruleproof.conform.reference"]
BROKEN = [sys.executable, str(HERE / "broken_engine.py")]


@pytest.fixture
def toy_book(monkeypatch: pytest.MonkeyPatch) -> str:
    """The toy game registered as a book for the runner; the adapter gets it with ``--extra``."""
    from runtime.toy import rules as toy

    monkeypatch.setitem(BOOKS, "toy", BookProfile("toy", "提灯夜", "1", engine=f"{toy.__name__}:ENGINE"))
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    return f"--extra=toy/1={toy.__name__}:ENGINE"


def _conform(out: Path, paths: list[Path]) -> dict[str, object]:
    """``conform --format json`` of the reference adapter on ``paths`` (none: the whole corpus)."""
    argv = ["conform", "--engine", " ".join(REFERENCE), "--format", "json", "--output", str(out)]
    code = main([*argv, *(str(p) for p in paths)])
    report: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    report["exit"] = code
    return report


def _passes_every_case(report: dict[str, object], cases: int) -> None:
    vectors = report["vectors"]
    assert isinstance(vectors, list)
    assert len(vectors) == cases
    bad = [v for v in vectors if v["status"] != "pass"]
    assert bad == [] and report["exit"] == 0 and report["ok"] is True
    assert {v["book"] for v in vectors} == {b.book_id for b in BOOKS.values() if b.vectors}


@pytest.mark.heavy
def test_reference_adapter_passes_the_whole_corpus(tmp_path: Path) -> None:
    """Every vector of the corpus through the reference adapter (the heavy job; the suite runs
    :func:`protocol_sample`, and each book's own tests replay its vectors in process)."""
    expected = len(corpus_sources())
    assert expected > 800
    _passes_every_case(_conform(tmp_path / "report.json", []), expected)


def vector_features(path: Path, kind: str) -> set[tuple[str, ...]]:
    """What a vector asks of an engine and its adapter, each tagged with its book: the corpus folder's kind
    (hand-checked / counterexample, and a distinguishing pair in a sub-folder), the format, every top-level
    field it fills, every expectation key, every script key and action skill, every setup field and every
    interpretation switch it sets."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    feats: set[tuple[str, ...]] = {("kind", kind, path.parent.name), ("format", raw["format"])}
    feats |= {("field", k) for k, v in raw.items() if v not in (None, "", [], {})}
    feats |= {("setup", k) for k in raw.get("setup", {})}
    feats |= {("switch", k) for k in raw.get("interpretation") or {}}
    for entry in raw.get("expect", []):
        feats |= {("expect", k) for k in entry}
    for step in raw.get("script", []):
        feats |= {("script", k) for k in step}
        feats |= {("skill", str(a.get("skill"))) for a in step.get("actions", [])}
    book = str(raw["book"]).split("/")[0]
    return {(book, *f) for f in feats}


def corpus_features() -> dict[Path, set[tuple[str, ...]]]:
    """Every corpus vector (in corpus order) with its :func:`vector_features`."""
    return {
        p: vector_features(p, kind)
        for b in BOOKS.values()
        for kind, d in book_sources(b)
        for p in vector_files(d)
    }


def protocol_sample(feats: dict[Path, set[tuple[str, ...]]]) -> list[Path]:
    """The fewest vectors of ``feats`` (greedy, in its order on ties) that together have every feature some
    vector has: what the suite sends through the adapter.  Each corpus vector's behaviour is also diffed
    against the committed corpus (test_corpus.py), and each book's vectors replay in process (its own
    tests), so the protocol is what this run adds, for every kind of question a vector asks; the whole
    corpus through the adapter is the heavy job's."""
    left = set().union(*feats.values())
    order = list(feats)
    chosen: list[int] = []
    while left:
        best = max(range(len(order)), key=lambda i: (len(feats[order[i]] & left), -i))
        chosen.append(best)
        left -= feats[order[best]]
    return [order[i] for i in sorted(chosen)]


@pytest.fixture(scope="module")
def corpus() -> dict[Path, set[tuple[str, ...]]]:
    return corpus_features()


def test_the_protocol_sample_has_every_feature_of_the_corpus(
    corpus: dict[Path, set[tuple[str, ...]]],
) -> None:
    sample = protocol_sample(corpus)
    assert list(corpus) == corpus_sources() and set(sample) <= set(corpus)
    assert set().union(*(corpus[p] for p in sample)) == set().union(*corpus.values())
    assert len(sample) < len(corpus) / 3  # a sample: most vectors repeat what others ask
    # a feature only one vector has brings that vector in
    seen = Counter(f for fs in corpus.values() for f in fs)
    assert {p for p, fs in corpus.items() if any(seen[f] == 1 for f in fs)} <= set(sample)


def test_reference_adapter_passes_a_sample_with_every_feature(
    tmp_path: Path, corpus: dict[Path, set[tuple[str, ...]]]
) -> None:
    sample = protocol_sample(corpus)
    _passes_every_case(_conform(tmp_path / "report.json", sample), len(sample))


def _planted(reports: list[CaseReport]) -> dict[str, object]:
    found: dict[str, object] = {}
    for r in reports:
        if r.status == "fail":
            found[r.id or r.path] = sorted((m.index, m.where, m.what) for m in r.mismatches)
        elif r.status == "error":
            found[r.id or r.path] = r.error
    return found


def test_broken_toy_engine_reports_every_planted_mismatch_and_nothing_else(toy_book: str) -> None:
    paths = sorted(TOY_VECTORS.glob("*.json"))
    reports = Conformance(EngineProcess([*BROKEN, toy_book], timeout=60), load).run(paths)
    found = _planted(reports)
    toy_plants = {k: p for k, p in PLANTS.items() if (TOY_VECTORS / f"{k}.json").exists()}
    assert set(found) == set(toy_plants)  # nothing else: every other vector passes
    for key, plant in toy_plants.items():
        if plant.error:
            assert isinstance(found[key], str) and plant.error in found[key], (key, found[key])
        else:
            assert found[key] == sorted(plant.report), key
    assert [r.status for r in reports].count("pass") == len(paths) - len(toy_plants) > 0


def test_broken_engine_on_fanhanglu_v2_vectors() -> None:
    fan = TESTS / "fanhanglu" / "vectors"
    planted = sorted(fan / f"{k}.json" for k in PLANTS if (fan / f"{k}.json").exists())
    assert len(planted) >= 5  # a plant per new word of ruleproof-vector/2
    clean = sorted(fan.glob("*.json"))[:5]
    reports = Conformance(EngineProcess(BROKEN, timeout=60), load).run([*planted, *clean])
    found = _planted(reports)
    assert set(found) == {p.stem for p in planted}
    for p in planted:
        plant = PLANTS[p.stem]
        assert found[p.stem] == sorted(plant.report), p.stem
    # a failing vector's clauses are named with their title, source line and the opening of their text
    from ruleproof.conform import report

    out = report.text(reports, {"engine": "broken"}, "zh")
    assert "  条款 7.2.4 外星人的夜晚免疫消耗告知" in out and "（第 3843 行）：「" in out
    cases = json.loads(report.json_report(reports, {"engine": "broken"}))["vectors"]
    immunity = next(c for c in cases if c["id"] == "v2-alien-immunity-one-notice")
    assert {"clause": "6.4.2", "line": 3381}.items() <= immunity["clauses"][0].items()


def test_reports_text_json_junit(toy_book: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = " ".join([*BROKEN, toy_book])
    code = main(["conform", "--engine", engine, str(TOY_VECTORS)])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL" in out and "ERROR" in out and "ok   " in out
    line = next(ln for ln in out.splitlines() if "feedback[2]" in ln)
    assert line.strip().startswith("expect[1] night 1：feedback[2]") and "（条款 T" in line
    assert out.strip().splitlines()[-1].startswith(f"{len(list(TOY_VECTORS.glob('*.json')))} 个向量")
    code = main(["--lang", "en", "conform", "--engine", engine, "--format", "junit", str(TOY_VECTORS)])
    xml = capsys.readouterr().out
    root = ET.fromstring(xml)
    suite = root.find("testsuite")
    assert suite is not None and suite.get("name") == "toy/1"
    failures = [c.get("name") for c in suite.iter("testcase") if c.find("failure") is not None]
    errors = [c.get("name") for c in suite.iter("testcase") if c.find("error") is not None]
    plants = {k for k in PLANTS if (TOY_VECTORS / f"{k}.json").exists()}
    assert set(failures) | set(errors) == plants
    assert set(errors) == {k for k in plants if PLANTS[k].error}


def test_one_vector_with_readings_is_one_case_per_reading(tmp_path: Path) -> None:
    fan = TESTS / "fanhanglu" / "vectors"
    with_readings = [p for p in sorted(fan.glob("*.json")) if "readings" in json.loads(p.read_text("utf-8"))]
    assert with_readings
    reports = Conformance(EngineProcess(REFERENCE), load).run(with_readings[:2])
    assert all(r.status == "pass" and r.runs >= 2 for r in reports), [r.to_json() for r in reports]


def test_engine_that_cannot_start_or_speak_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    vec = str(sorted((TESTS / "fanhanglu" / "vectors").glob("*.json"))[0])
    assert main(["conform", "--engine", "/nonexistent/engine", vec]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert main(["conform", "--engine", f"{sys.executable} -c print(1)", vec]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hello" in err


def test_broken_engine_module_is_importable() -> None:
    assert broken_engine.PLANTS is PLANTS


HANG = """
import json, sys, time
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "ruleproof-conform/1", "engine": "hang", "books": []}), flush=True)
    elif m["type"] == "play":
        time.sleep(60)
"""


def test_an_engine_that_stops_answering_is_an_error_not_a_hang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "hang.py").write_text(HANG, encoding="utf-8")
    vec = str(TESTS / "fanhanglu" / "vectors" / "xenos-win.json")
    engine = f"{sys.executable} {tmp_path / 'hang.py'}"
    assert main(["--lang", "en", "conform", "--timeout", "1", "--engine", engine, vec, vec]) == 1
    out = capsys.readouterr().out
    assert out.count("ERROR") == 2 and "no answer in 1 s" in out and "0/2 vectors passed" in out


def test_a_malformed_vector_is_reported_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "xenos-win.json"  # named after its id, as the loader requires
    raw = json.loads((TESTS / "fanhanglu" / "vectors" / "xenos-win.json").read_text(encoding="utf-8"))
    raw["cites"] = ["not a clause"]
    bad.write_text(json.dumps(raw), encoding="utf-8")
    good = str(TESTS / "fanhanglu" / "vectors" / "xenos-win.json")
    assert main(["--lang", "en", "conform", "--engine", " ".join(REFERENCE), str(bad), good]) == 2
    out = capsys.readouterr().out
    assert "ERROR" in out and "$.cites" in out and "ok   " in out and "1/2 vectors passed" in out
