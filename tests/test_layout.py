"""Books as rooms: shared code reaches a book's modules only through the registry, the runtime imports
nothing book-specific, and every book keeps its parts in its own room of each top-level folder."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from ruleproof.books import BOOKS, PARTS
from ruleproof.books.profile import REFERENCES

ROOT = Path(__file__).parents[1]
SRC = ROOT / "src" / "ruleproof"
ROOMS = ("specs", "invariants")  # symlinked into src/ruleproof: the books' own code
REGISTRY = SRC / "books"
SHARED_SPEC_MODULES = {"ruleproof.specs.model"}  # the spec building blocks every book uses


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """Every module ``source`` imports — at top level, in functions, under TYPE_CHECKING — and every
    string constant naming a ruleproof module (an ``importlib`` reference), with its line."""
    out: list[tuple[int, str]] = []
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            out.append((node.lineno, base))
            out += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.partition(":")[0]
            if text.startswith("ruleproof.") and " " not in text:
                out.append((node.lineno, text))
    return out


def is_book_module(name: str) -> bool:
    parts = name.split(".")
    if len(parts) < 3 or parts[0] != "ruleproof" or parts[1] not in ROOMS:
        return False
    return ".".join(parts[:3]) not in SHARED_SPEC_MODULES


def shared_files() -> list[Path]:
    out = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).parts
        if rel[0] in ROOMS or path.is_relative_to(REGISTRY):
            continue
        out.append(path)
    return out


def violations(path: Path) -> list[str]:
    mod = module_name(path)
    found = imported_modules(path.read_text(encoding="utf-8"), mod, path.name == "__init__.py")
    return [f"{path.relative_to(ROOT)}:{line} imports {name}" for line, name in found if is_book_module(name)]


def test_the_scan_sees_every_kind_of_import() -> None:
    """The scanner is not blind: each way of reaching a book module is caught."""
    source = """
from __future__ import annotations
import importlib
from typing import TYPE_CHECKING
import ruleproof.specs.fanhanglu.engine
from ruleproof.specs import fanhanglu
from ruleproof.specs.model import Param
if TYPE_CHECKING:
    from ruleproof.invariants.fanhanglu import INVARIANTS
def f():
    from ruleproof.specs.genshin165.rules import rules
    return importlib.import_module("ruleproof.specs.random41.cli")
"""
    names = [n for _, n in imported_modules(source, "ruleproof.smt.x", False) if is_book_module(n)]
    assert "ruleproof.specs.fanhanglu.engine" in names
    assert "ruleproof.specs.fanhanglu" in names
    assert "ruleproof.invariants.fanhanglu" in names
    assert "ruleproof.specs.genshin165.rules" in names
    assert "ruleproof.specs.random41.cli" in names
    assert not any(n.startswith("ruleproof.specs.model") for n in names)
    rel = imported_modules("from ..specs import fanhanglu\n", "ruleproof.cli.cmd_x", False)
    assert any(is_book_module(n) for _, n in rel)


def test_shared_layers_reach_books_only_through_the_registry() -> None:
    files = shared_files()
    assert any(p.parent.name == "cli" for p in files) and any(p.parent.name == "runtime" for p in files)
    bad = [v for path in files for v in violations(path)]
    assert bad == []


def test_the_runtime_imports_nothing_but_itself_errors_and_the_vector_format() -> None:
    allowed = ("ruleproof.runtime", "ruleproof.errors", "ruleproof.vectors", "ruleproof.jsonout")
    for path in sorted((SRC / "runtime").glob("*.py")):
        for line, name in imported_modules(
            path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py"
        ):
            if name.startswith("ruleproof"):
                assert name.startswith(allowed), f"{path.name}:{line} imports {name}"


@pytest.mark.parametrize("key", sorted(BOOKS))
def test_every_book_keeps_its_parts_in_its_own_rooms(key: str) -> None:
    book = BOOKS[key]
    room = book.room
    for part in book.parts():
        if part not in REFERENCES:
            continue
        ref = getattr(book, part)
        module, _, attr = ref.partition(":")
        assert module.startswith(
            (f"ruleproof.specs.{room}.", f"ruleproof.specs.{room}")
        ) or module.startswith(f"ruleproof.invariants.{room}"), (
            f"{key}.{part} = {ref} is outside the book's rooms"
        )
        assert hasattr(importlib.import_module(module), attr), ref
    executable = book.has("spec") or book.has("engine") or book.has("config")
    if executable:
        assert (ROOT / "specs" / room / "__init__.py").is_file()
        assert (ROOT / "tests" / room).is_dir()
    if book.has("invariants"):
        assert (ROOT / "invariants" / room / "__init__.py").is_file()
    for part in ("vectors", "counterexamples"):
        folder = getattr(book, part)
        if folder is not None:
            assert room in Path(folder).parts and (ROOT / folder).is_dir()
            assert any((ROOT / folder).glob("*.json")), folder


def test_books_with_an_engine_have_the_same_shape() -> None:
    """Every book with an executable spec has the same rooms: specs/<room>/ (with book.py and engine/),
    invariants/<room>/, counterexamples/<room>/, tests/<room>/vectors/."""
    engines = [b for b in BOOKS.values() if b.has("engine")]
    assert engines
    for book in engines:
        assert {"spec", "engine", "invariants", "drift", "vectors", "counterexamples"} <= set(book.parts())
        assert (ROOT / "specs" / book.room / "engine" / "__init__.py").is_file()
        assert book.vectors == f"tests/{book.room}/vectors"
        assert book.counterexamples == f"counterexamples/{book.room}"


def test_parts_are_known() -> None:
    assert set(PARTS) >= {"spec", "engine", "invariants", "config"}
    with pytest.raises(KeyError):
        BOOKS["fanhanglu"].has("kitchen")
