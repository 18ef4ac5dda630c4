"""The vector corpus: every registered book's hand-checked vectors and counterexamples (the folders its
registry entry names), exported with a manifest, its JSON Schema and clause coverage
(``ruleproof vectors export DIR [--book B]``, docs/conformance.md).

Clause coverage.  A clause *carries a rule effect* when the book's executable spec gives it one: some entry
of the book's vocabulary (a role, skill, step, batch, state field, feedback kind, view, switch, parameter
— ``BookEngine.vocabulary_json``) or of its spec-drift quotes cites it.  It is *covered* when some vector of
the corpus cites it, or when its own body is empty (a heading over sub-clauses) and one of its sub-clauses
is covered.  Every uncovered clause is listed with the spec entries that cite it.

The manifest also records, per vector run, a digest of what the reference engine produces (its events,
result and refused action): the suite regenerates the manifests and compares them with the committed ones
(``corpus/``), so a change of behaviour shows up as a change of the corpus.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from ruleproof.books import BOOKS, BookProfile, engine_of, load_source
from ruleproof.errors import BadInput
from ruleproof.jsonout import dumps
from ruleproof.runtime.replay import BookEngine
from ruleproof.vectors.format import FORMATS, parse_vector, read_raw

CORPUS_FORMAT = "ruleproof-corpus/1"
KINDS = ("vectors", "counterexamples")  # the folders of a book's corpus, in the registry's fields


def repo_root() -> Path:
    """The repository (the registry's folders are relative to it): src/ruleproof/vectors/ → three up."""
    return Path(__file__).resolve().parents[3]


def packaged(rel: str) -> Path:
    """Where the registry's repository folder ``rel`` (``tests/fanhanglu/vectors``) is in the installed
    package: ``ruleproof/data/corpus/<rel>`` — in a source checkout a symbolic link to the folder itself,
    in a wheel a copy (package data), so ``conform`` and ``vectors`` find the corpus however ruleproof was
    installed (``tests/conform/test_installed.py`` checks both)."""
    return Path(str(resources.files("ruleproof").joinpath("data", "corpus", *rel.split("/"))))


def book_sources(book: BookProfile) -> list[tuple[str, Path]]:
    """The folders of ``book``'s vectors that exist: (kind, folder) — hand-checked, then counterexamples
    (a folder's sub-folders belong to it: the verifier's distinguishing ``readings/`` pairs)."""
    out = []
    for kind, rel in zip(KINDS, (book.vectors, book.counterexamples), strict=True):
        if rel:
            path = packaged(rel)
            if path.is_dir() and any(path.rglob("*.json")):
                out.append((kind, path))
    return out


def vector_files(folder: Path) -> list[Path]:
    """Every vector file under a corpus folder, sub-folders included, in a stable order."""
    return sorted(folder.rglob("*.json"))


def corpus_sources(books: Iterable[BookProfile] | None = None) -> list[Path]:
    """Every vector file of ``books`` (default: every registered book)."""
    return [
        f
        for b in (books if books is not None else BOOKS.values())
        for _k, d in book_sources(b)
        for f in vector_files(d)
    ]


def _walk_clauses(obj: Any, where: str, out: dict[str, set[str]]) -> None:
    if isinstance(obj, dict):
        name = str(obj.get("key", where))
        for k, v in obj.items():
            if k == "clause" and isinstance(v, str):
                out.setdefault(v, set()).add(name)
            elif k == "clauses" and isinstance(v, list):
                for c in v:
                    if isinstance(c, str):
                        out.setdefault(c, set()).add(name)
            else:
                _walk_clauses(v, k if isinstance(v, list) else name, out)
    elif isinstance(obj, list):
        for x in obj:
            _walk_clauses(x, where, out)


def effect_clauses(book: BookProfile, engine: BookEngine) -> dict[str, set[str]]:
    """Clause id → the spec entries that cite it (vocabulary entries by key, drift quotes as ``drift``)."""
    out: dict[str, set[str]] = {}
    _walk_clauses(engine.vocabulary_json(), "vocabulary", out)
    if book.drift:
        for q in book.load("drift", "check")():
            clause = getattr(q, "clause", None)
            if isinstance(clause, str):
                out.setdefault(clause, set()).add("drift")
    return out


def coverage(book: BookProfile, cited: set[str]) -> dict[str, Any]:
    """Per clause of the book's text: which carry a rule effect, which are covered, the rest with why."""
    from ruleproof.text import read_document

    if book.filename is None:
        return {"clauses": 0, "effect": 0, "covered": 0, "percent": None, "uncovered": []}
    engine = engine_of(book, "vectors")
    doc = read_document(load_source(f"bundled:{book.key}"))
    clauses = doc.clauses
    effects = {c: src for c, src in effect_clauses(book, engine).items() if c in clauses}
    ids = list(clauses)
    covered: set[str] = set()
    # deepest first, so a heading sees its sub-clauses' verdicts
    for cid in sorted(ids, key=lambda c: (-c.count("."), c)):
        if cid in cited or (
            not clauses[cid].text.strip()
            and any(s in covered for s in ids if s.startswith(cid + ".") or clauses[s].parent == cid)
        ):
            covered.add(cid)
    uncovered = [
        {
            "clause": c,
            "title": clauses[c].title,
            "line": clauses[c].line,
            "cited_by_spec": sorted(effects[c]),
        }
        for c in ids
        if c in effects and c not in covered
    ]
    eff_covered = sum(1 for c in effects if c in covered)
    return {
        "clauses": len(ids),
        "cited": len(set(ids) & cited),
        "effect": len(effects),
        "covered": eff_covered,
        "percent": round(100 * eff_covered / len(effects), 1) if effects else None,
        "uncovered": uncovered,
    }


def _digest(obj: Any) -> str:
    text = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def behaviour(engine: BookEngine, path: Path) -> dict[str, str]:
    """Per run of a vector (``""`` for a vector without readings): a digest of the reference engine's
    events, result and refused action — what the corpus diff watches."""
    vec = engine.load(parse_vector(read_raw(path), str(path), engine.vocabulary))
    out = {}
    for label, run, _indices in engine.runs(vec):
        o = engine.run_vector(run)
        out[label] = _digest(
            {"events": [e.to_json() for e in o.events], "final": o.result_json(), "illegal": o.illegal_json()}
        )
    return out


def _switch_defaults(engine: BookEngine) -> dict[str, str]:
    info = engine.vocabulary_json()
    return {s["key"]: s["default"] for s in info.get("interpretation_switches", []) if "default" in s}


def _kind(folder: str, nested: bool, reading: bool) -> str:
    """A case's kind: a counterexample, a reading (a distinguishing vector: the verifier's ``readings/``
    pairs, or a hand-checked vector under a non-default reading or with ``readings``), or hand-checked."""
    if nested or (folder == "vectors" and reading):
        return "reading"
    return "counterexample" if folder == "counterexamples" else "hand-checked"


def book_manifest(book: BookProfile) -> tuple[dict[str, Any], list[tuple[str, Path]]]:
    """A book's manifest and the files of its corpus (relative path in the export → source file)."""
    engine = engine_of(book, "vectors")
    cases, files, cited = [], [], set()
    formats: dict[str, int] = {}
    for kind, folder in book_sources(book):
        for path in vector_files(folder):
            raw = read_raw(path)
            sub = path.relative_to(folder)
            rel = f"{kind}/{sub.as_posix()}"
            files.append((rel, path))
            cited.update(raw.get("cites", []))
            formats[raw["format"]] = formats.get(raw["format"], 0) + 1
            reading = bool(raw.get("interpretation")) or "readings" in raw
            cases.append(
                {
                    "path": rel,
                    "id": raw["id"],
                    "kind": _kind(kind, len(sub.parts) > 1, reading),
                    "format": raw["format"],
                    "cites": raw["cites"],
                    **({"interpretation": raw["interpretation"]} if raw.get("interpretation") else {}),
                    **({"readings": raw["readings"]} if "readings" in raw else {}),
                    "behaviour": behaviour(engine, path),
                }
            )
    text: dict[str, Any] | None = None
    if book.filename is not None:
        data = book.read_bytes()
        text = {"file": book.filename, "sha256": hashlib.sha256(data).hexdigest()}
    manifest = {
        "corpus": CORPUS_FORMAT,
        "book": book.book_id,
        "title": book.title,
        "version": book.version,
        "text": text,
        "formats": dict(sorted(formats.items())),
        "schema": "schema.json",
        "interpretation": _switch_defaults(engine),
        "cases": cases,
        "coverage": coverage(book, cited),
    }
    return manifest, files


def books_with_vectors(key: str | None) -> list[BookProfile]:
    if key is not None:
        from ruleproof.books import book_for

        book = book_for(key)
        if not book_sources(book):
            raise book.missing("vectors", "vectors export")
        return [book]
    return [b for b in BOOKS.values() if book_sources(b)]


def export(target: Path, books: list[BookProfile]) -> dict[str, Any]:
    """Write the corpus of ``books`` to ``target`` (replacing a previous export there, never anything
    else): per book its vectors by kind, ``schema.json`` and ``manifest.json``; a top-level manifest.
    Written to a temporary folder beside ``target`` first, so an error leaves nothing half-written."""
    from ruleproof.conform.protocol import PROTOCOL
    from ruleproof.vectors.schema import schema_of

    if target.exists() and (
        not target.is_dir() or (any(target.iterdir()) and not (target / "manifest.json").is_file())
    ):
        raise BadInput(
            f"{target} 已存在且不是先前导出的语料库（无 manifest.json），不覆盖",
            f"{target} exists and is not a previous export (no manifest.json): not overwritten",
        )
    parent = target.resolve().parent
    if not parent.is_dir():
        raise BadInput(f"目录不存在：{parent}", f"no such directory: {parent}")
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    try:
        top: dict[str, Any] = {
            "corpus": CORPUS_FORMAT,
            "formats": list(FORMATS),
            "protocol": PROTOCOL,
            "books": [],
        }
        for book in books:
            engine = engine_of(book, "vectors")
            manifest, files = book_manifest(book)
            room = tmp / book.key
            for rel, src in files:
                dst = room / rel
                dst.parent.mkdir(parents=True, exist_ok=True)
                dst.write_bytes(src.read_bytes())
            (room / "schema.json").write_text(dumps(schema_of(engine)), encoding="utf-8")
            (room / "manifest.json").write_text(dumps(manifest), encoding="utf-8")
            cov = manifest["coverage"]
            top["books"].append(
                {
                    "key": book.key,
                    "book": book.book_id,
                    "manifest": f"{book.key}/manifest.json",
                    "cases": len(manifest["cases"]),
                    "coverage_percent": cov["percent"],
                }
            )
        (tmp / "manifest.json").write_text(dumps(top), encoding="utf-8")
        if target.exists():
            shutil.rmtree(target)
        tmp.rename(target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return top


def coverage_lines(manifest: Mapping[str, Any], lang: str) -> list[str]:
    cov = manifest["coverage"]
    if cov["percent"] is None:
        return [f"{manifest['book']}: no text clauses" if lang == "en" else f"{manifest['book']}：无条款"]
    if lang == "en":
        head = (
            f"{manifest['book']}: {cov['covered']}/{cov['effect']} clauses with a rule effect covered "
            f"({cov['percent']}%); {cov['cited']}/{cov['clauses']} clauses cited"
        )
    else:
        head = (
            f"{manifest['book']}：有规则效力之条款 {cov['effect']} 条，向量覆盖 {cov['covered']} 条（{cov['percent']}%）；"
            f"全部 {cov['clauses']} 条中被引用 {cov['cited']} 条"
        )
    rows = [
        f"  {u['clause']} {u['title']}（第 {u['line']} 行）← {', '.join(u['cited_by_spec'])}"
        if lang != "en"
        else f"  {u['clause']} {u['title']} (line {u['line']}) <- {', '.join(u['cited_by_spec'])}"
        for u in cov["uncovered"]
    ]
    return [head, *rows]


__all__ = [
    "CORPUS_FORMAT",
    "behaviour",
    "book_manifest",
    "book_sources",
    "books_with_vectors",
    "corpus_sources",
    "coverage",
    "coverage_lines",
    "effect_clauses",
    "export",
    "repo_root",
    "vector_files",
]
