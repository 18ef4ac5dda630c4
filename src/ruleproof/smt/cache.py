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
import os
import pickle
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
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def spec_fingerprint() -> str:
    """A hash of the 返航录 spec's data as it is in memory now (tables, parameters, roles, switches)."""
    from ruleproof.specs.fanhanglu import interpretations, params, roles, tables

    parts = [
        repr(getattr(m, name))
        for m in (params, tables, roles, interpretations)
        for name in sorted(vars(m))
        if name.isupper() and not name.startswith("_")
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def key(*parts: Any) -> str:
    h = hashlib.sha256()
    h.update(code_fingerprint().encode())
    h.update(spec_fingerprint().encode())
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


__all__ = ["cached", "code_fingerprint", "directory", "key", "spec_fingerprint"]
