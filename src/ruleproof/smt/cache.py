"""A disk cache of solver verdicts, keyed by everything they depend on.

``ruleproof check`` runs the verifier on every call, and an author runs ``check`` after every edit; most
edits touch neither the clauses a theorem reads nor the rules it is checked against.  A verdict is stored
under the hash of: the code that computed it (every source file of the ``ruleproof`` package), the spec's
data as it is in memory (a test that patches a table gets a different key), the text of the rulebook,
the question (invariant, readings, parameters, solver options).  Same key ⇒ same bytes out — the solver is
deterministic for a given question and seed — so a hit changes nothing but the time.

The cache directory is ``$RULEPROOF_CACHE`` (``off`` disables it), else ``$XDG_CACHE_HOME/ruleproof`` or
``~/.cache/ruleproof``.  Entries are written atomically; an unreadable entry is a miss.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pickle
import pkgutil
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def directory() -> Path | None:
    where = os.environ.get("RULEPROOF_CACHE")
    if where is not None:
        return None if where.strip().lower() in ("off", "0", "") else Path(where)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ruleproof"


@cache
def code_fingerprint() -> str:
    """A hash of every Python source file of the installed package (its rules, models and solver code)."""
    import ruleproof

    root = Path(ruleproof.__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted(source_files(root)):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def source_files(root: Path) -> list[Path]:
    """Every ``*.py`` below ``root``, through symbolic links: in a source checkout ``specs`` and
    ``invariants`` are links into the package (``Path.rglob`` does not follow them on Python 3.11, so a
    change to an engine or an invariant would not have changed the fingerprint)."""
    out = []
    for folder, dirs, files in os.walk(root, followlinks=True):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        out += [Path(folder) / f for f in files if f.endswith(".py")]
    return out


def spec_fingerprint(package: str) -> str:
    """A hash of a book's spec data as it is in memory now: the upper-case constants (tables, parameters,
    roles, switches) of every plain module of its spec ``package`` (``ruleproof.specs.fanhanglu``; the
    engine's and the kernels' sub-packages are code, which :func:`code_fingerprint` covers)."""
    pkg = importlib.import_module(package)
    names = [package]
    if hasattr(pkg, "__path__"):
        names += [f"{package}.{m.name}" for m in pkgutil.iter_modules(pkg.__path__) if not m.ispkg]
    parts = []
    for name in sorted(names):
        module = importlib.import_module(name)
        for attr in sorted(vars(module)):
            if attr.isupper() and not attr.startswith("_"):
                text = repr(getattr(module, attr))
                if " at 0x" not in text:  # a function or an object without a value repr: code, not data
                    parts.append(f"{name}.{attr}={text}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def data_of(spec: object) -> str:
    """:func:`spec_fingerprint` of the package that defines a loaded spec's type."""
    return spec_fingerprint(type(spec).__module__)


def key(data: str, *parts: Any) -> str:
    """The cache key of a question (``parts``) about a spec whose data hashes to ``data``
    (:func:`data_of`, taken once per run of questions)."""
    h = hashlib.sha256()
    h.update(code_fingerprint().encode())
    h.update(data.encode())
    for p in parts:
        h.update(repr(p).encode())
        h.update(b"\0")
    return h.hexdigest()


def cached(k: str, compute: Callable[[], T]) -> T:
    """The value stored under ``k``, or ``compute()`` stored under it."""
    folder = directory()
    if folder is None:
        return compute()
    path = folder / k[:2] / f"{k}.pickle"
    try:
        with path.open("rb") as f:
            value: T = pickle.load(f)
        return value
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    value = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only or full disk: the verdict stands, it is just not kept
    return value


__all__ = ["cached", "code_fingerprint", "data_of", "directory", "key", "spec_fingerprint"]
