"""A disk cache of solver verdicts, keyed by everything they depend on.

``ruleproof check`` runs the verifier on every call, and an author runs ``check`` after every edit; most
edits touch neither the clauses a theorem reads nor the rules it is checked against.  A verdict is stored
under the hash of: the code that computed it (every source file of the ``ruleproof`` package), the spec's
data as it is in memory (a test that patches a table gets a different key), the text of the rulebook,
the question (invariant, readings, parameters, solver options).  Same key ⇒ same bytes out — the solver is
deterministic for a given question and seed — so a hit changes nothing but the time.

The cache directory is ``$RULEPROOF_CACHE`` (``off`` disables it), else ``$XDG_CACHE_HOME/ruleproof`` or
``~/.cache/ruleproof``.  Entries are written atomically; an unreadable entry is a miss.

Verdicts are kept at two levels.  :mod:`ruleproof.smt.verify` keys a whole invariant's verdict by the text
(the fast path when nothing changed).  Under :func:`by_question` (which ``verify`` and ``readings`` open), each
deterministic solver procedure of :mod:`ruleproof.smt.ts` (BMC + induction, non-vacuity) and
:mod:`ruleproof.smt.formula` is also kept under a key made of the *question itself*: the SMT-LIB2 text of every
formula the procedure builds its solver queries from (:mod:`ruleproof.smt.question`), the options (work
budget, seed, depth), Z3's version and the code.  Two texts that differ in a clause the question does not read
ask the same question, so the second reads the first's answer — and a text that changes a formula asks a new
one.  Outside :func:`by_question` (a test calling ``ts.check`` with a patched solver) nothing is kept.

Two rules keep a hit honest and the work done once:

* a verdict a wall-clock timeout decided (``--timeout``; :func:`ruleproof.solvers.wall_clock_limits`) depends
  on the machine's speed and load, so it is returned but never stored — the deterministic work budget
  (``rlimit``, part of the question's options) is what a stored verdict may depend on;
* processes sharing the folder (two ``check`` runs, the test suite's parallel workers) compute each key at
  most once: a key is computed under an exclusive lock on its lock file, and :func:`cached_all` first
  computes the keys no other process is computing, then waits for and reads the others — two processes
  asking the same questions split the work instead of each doing all of it.
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import fcntl
import hashlib
import importlib
import os
import pickle
import pkgutil
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from ruleproof import interrupts, solvers

T = TypeVar("T")
_MISS = object()
_POLL_S = 0.05  # how often a process waiting for another's key looks again (and for an interrupt)


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
                text = canonical(getattr(module, attr))
                if " at 0x" not in text:  # a function or an object without a value repr: code, not data
                    parts.append(f"{name}.{attr}={text}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def canonical(x: object) -> str:
    """A value's text for a fingerprint: its ``repr``, but with the elements of every set in one order
    (sorted by their own texts), within tuples, lists, dicts and dataclasses too.  A set of strings is
    printed in the order of their hashes, which differ from one process to the next (``PYTHONHASHSEED``):
    with ``repr`` alone, a spec holding one (genshin165's status effects, botc-m124's skills) had another
    fingerprint in every process, so no process read a verdict another had computed."""
    if isinstance(x, set | frozenset):
        return f"{type(x).__name__}({{{', '.join(sorted(canonical(e) for e in x))}}})"
    if isinstance(x, tuple | list):
        return f"{type(x).__name__}[{', '.join(canonical(e) for e in x)}]"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{canonical(k)}: {canonical(v)}" for k, v in x.items()) + "}"
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        inner = ", ".join(f"{f.name}={canonical(getattr(x, f.name))}" for f in dataclasses.fields(x))
        return f"{type(x).__qualname__}({inner})"
    return repr(x)


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


_BY_QUESTION: contextvars.ContextVar[bool] = contextvars.ContextVar("by_question", default=False)
_ONCE: contextvars.ContextVar[dict[Hashable, Any] | None] = contextvars.ContextVar("once", default=None)


@contextlib.contextmanager
def by_question() -> Iterator[None]:
    """Within: :func:`question` keeps solver procedures' answers keyed by the question (see the module's doc),
    and :func:`once` keeps what the questions are built from, until the outermost ``by_question`` ends."""
    token = _BY_QUESTION.set(True)
    scope = _ONCE.set({}) if _ONCE.get() is None else None
    try:
        yield
    finally:
        if scope is not None:
            _ONCE.reset(scope)
        _BY_QUESTION.reset(token)


_SPEC_DATA: contextvars.ContextVar[str] = contextvars.ContextVar("spec_data", default="")


@contextlib.contextmanager
def spec_data(data: str) -> Iterator[None]:
    """Within: the question being answered is about a spec whose data hashes to ``data`` (:func:`data_of`,
    which ``verify`` takes once per run and keys each job by) — what a model kept per process is keyed by
    (:func:`ruleproof.smt.invariant.family_model`), without hashing the spec's tables again per job."""
    token = _SPEC_DATA.set(data)
    try:
        yield
    finally:
        _SPEC_DATA.reset(token)


def current_spec_data() -> str:
    """The ``data`` of the innermost :func:`spec_data` (``""`` outside one)."""
    return _SPEC_DATA.get()


def once(k: Hashable, compute: Callable[[], T]) -> T:
    """``compute()`` once per ``k`` within one :func:`by_question` (``verify`` opens one per invariant and
    reading: nothing a question is built from changes during it), every time outside one.  For the parts of
    a question's fingerprint that several questions share — a system's check, its non-vacuity search and
    its witnesses' reachability are three questions about one ``step`` — keyed by the functions they are
    built from (by identity: ``k`` holds them, so an id is never another function's while kept)."""
    memo = _ONCE.get()
    if memo is None:
        return compute()
    if k not in memo:
        memo[k] = compute()
    value: T = memo[k]
    return value


def question(kind: str, fingerprint: Callable[[], str], options: Any, compute: Callable[[], T]) -> T:
    """``compute()`` — the answer of solver procedure ``kind`` to the question whose formulas hash to
    ``fingerprint()`` under ``options`` — read from the cache or computed and stored, when inside
    :func:`by_question` and a cache folder is set; else just ``compute()`` (no fingerprint is taken)."""
    if not asking():
        return compute()
    return cached(question_key(kind, fingerprint(), options), compute)


def asking() -> bool:
    """Whether :func:`question` keeps answers here (inside :func:`by_question`, a cache folder set)."""
    return _BY_QUESTION.get() and directory() is not None


def question_key(kind: str, fingerprint: str, options: Any) -> str:
    """The key :func:`question` keeps the answer of ``kind`` to the question ``fingerprint`` under."""
    import z3

    return key("", "question", kind, z3.get_full_version(), fingerprint, options)


def stored(k: str) -> Any:
    """The value stored under ``k`` (``None`` when there is none, or no cache folder): a look that never
    computes, for an answer that other questions' keys may also hold (:func:`ruleproof.smt.ts.check`)."""
    folder = directory()
    got = _MISS if folder is None else _read(_path(folder, k))
    return None if got is _MISS else got


@contextlib.contextmanager
def exclusive(k: str) -> Iterator[None]:
    """Held by one process at a time (the processes sharing the cache folder; no folder: at once): work
    whose answer another process's work may give — two depths of one question — is done one after the
    other, so the second reads the first's answer instead of solving beside it.  Not re-entrant."""
    folder = directory()
    if folder is None:
        yield
        return
    with _lock(_path(folder, k), wait=True):
        yield


def keep(k: str, value: Any) -> None:
    """Store ``value`` under ``k`` as well (a no-op without a cache folder; a full or read-only disk: not
    kept).  The caller answers for the value being what computing ``k``'s question gives — and for not
    keeping one a wall-clock timeout decided (:func:`ruleproof.solvers.wall_clock_limits`)."""
    folder = directory()
    if folder is not None:
        _write(_path(folder, k), value)


def cached(k: str, compute: Callable[[], T]) -> T:
    """The value stored under ``k``, or ``compute()`` stored under it."""
    return cached_all([(k, compute)])[0]


def cached_all(
    items: Sequence[tuple[str, Callable[[], T]]], before: Callable[[int], None] | None = None
) -> list[T]:
    """The value of every ``(key, compute)`` of ``items``, in their order: stored ones read, the others
    computed and stored.  Keys another process is computing right now are left for last and then read
    from its result (see the module's doc).  ``before(i)`` is called before item ``i`` is read or computed
    (a progress display)."""
    folder = directory()
    if folder is None:
        out = []
        for i, (_k, compute) in enumerate(items):
            if before is not None:
                before(i)
            out.append(compute())
        return out
    values: dict[int, T] = {}
    busy: list[int] = []
    for i, (k, compute) in enumerate(items):
        if before is not None:
            before(i)
        got = _read(_path(folder, k))
        if got is not _MISS:
            values[i] = got
            continue
        with _lock(_path(folder, k), wait=False) as mine:
            if mine:
                values[i] = _read_or_compute(_path(folder, k), compute)
            else:
                busy.append(i)
    for i in busy:
        k, compute = items[i]
        with _lock(_path(folder, k), wait=True):
            values[i] = _read_or_compute(_path(folder, k), compute)
    return [values[i] for i in range(len(items))]


def _path(folder: Path, k: str) -> Path:
    return folder / k[:2] / f"{k}.pickle"


def _read(path: Path) -> Any:
    try:
        with path.open("rb") as f:
            return pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return _MISS


def _read_or_compute(path: Path, compute: Callable[[], T]) -> T:
    """Under the key's lock: the stored value (another process may have stored it since we looked), or
    ``compute()``, stored unless a wall-clock timeout decided it."""
    got = _read(path)
    if got is not _MISS:
        value: T = got
        return value
    limits = solvers.wall_clock_limits()
    value = compute()
    if solvers.wall_clock_limits() != limits:
        return value  # the machine's speed decided it: not kept
    _write(path, value)
    return value


def _write(path: Path, value: Any) -> None:
    """``value`` stored at ``path`` atomically; a read-only or full disk: the verdict stands, not kept."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass


@contextlib.contextmanager
def _lock(path: Path, wait: bool) -> Iterator[bool]:
    """An exclusive lock on ``path``'s lock file (``flock``: released when the process ends, however it
    ends); yields whether it is held.  ``wait``: until it is, looking every :data:`_POLL_S` seconds (an
    interrupt ends the wait).  A folder where no lock file can be made: yields True (nothing to share)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:
        yield True
        return
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not wait:
                    yield False
                    return
                interrupts.raise_if_pending()
                time.sleep(_POLL_S)
            except OSError:  # a file system without locks: nothing to share, compute
                yield True
                return
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


__all__ = [
    "asking",
    "by_question",
    "cached",
    "cached_all",
    "canonical",
    "code_fingerprint",
    "data_of",
    "directory",
    "exclusive",
    "keep",
    "key",
    "once",
    "question",
    "question_key",
    "spec_fingerprint",
    "stored",
]
