"""What a book declares: its bundled text, how its text is recognised, and the parts it has.

Every part beyond the text is named by a *reference* ``"module:attribute"`` and imported only when a
command needs it, so reading a text never imports an engine, and the shared layers reach a book's
modules only through here (a test scans the imports).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ruleproof.errors import UserError

# The parts a book may have, with the words messages use for them.
PARTS: dict[str, tuple[str, str]] = {
    "text": ("内置文本", "bundled text"),
    "reading": ("阅读配置", "reading profile"),
    "spec": ("可执行规格", "executable spec"),
    "engine": ("规则引擎", "game engine"),
    "invariants": ("不变式", "invariants"),
    "drift": ("规格引文对照", "spec quotes"),
    "owners": ("规格名称归属", "spec names and their clauses"),
    "config": ("配置规则", "configuration rules"),
    "appendix": ("附录配置", "appendix profile"),
    "readings": ("解读比较", "interpretation readings"),
    "vectors": ("测试向量", "test vectors"),
    "counterexamples": ("反例", "counterexamples"),
    "studies": ("平衡研究", "balance studies"),
    "firing": ("规则可触发性", "rules that can never fire"),
}


REFERENCES = (
    "spec",
    "engine",
    "invariants",
    "drift",
    "owners",
    "config",
    "appendix",
    "readings",
    "studies",
    "firing",
)  # the parts named by "module:attribute"


@dataclass(frozen=True)
class LintProfile:
    """Which book-specific lint families run on the book's text (the generic ones always run).
    ``book_families`` names lint modules that check one book's own bookkeeping (返航录's exception
    registry 2.8.9 and ten-gate lines 2.8.10)."""

    book_families: frozenset[str] = frozenset()


@dataclass(frozen=True)
class BookProfile:
    """One book.  ``key`` names it on the command line (``--book KEY``, ``bundled:KEY``); ``version`` is
    the revision its spec and vectors are for (``book_id`` = ``key/version``, the vectors' ``book``).

    References (``"module:attribute"``, or None when the book has no such part yet), except ``reading``:

    * ``reading`` — the reading profile the text layer uses for the book: its shape, ``dotted`` (clauses
      numbered 4.4.6) or ``sectioned`` (headings, roles and tables); None: the reader decides;
    * ``spec`` — an :class:`~ruleproof.books.protocols.ExecutableSpec` (params, switches, ``--set``);
    * ``engine`` — a :class:`~ruleproof.runtime.replay.BookEngine` (replay, play, simulate, vocab);
    * ``invariants`` — the sequence of :class:`~ruleproof.smt.invariant.Invariant` the text states;
    * ``drift`` — a callable returning the spec's quoted phrases (:class:`ruleproof.drift.Quote`);
    * ``owners`` — a callable returning the names the spec gives (roles, skills, layers, steps), each
      with the clause that defines it: ``(clause, name)`` pairs the lint reads as owners (family q);
    * ``config`` — a :class:`~ruleproof.books.protocols.ConfigRules` (``ruleproof config KEY``);
    * ``appendix`` — the :class:`ruleproof.appendix.model.Profile` of its generated appendices;
    * ``readings`` — a :class:`~ruleproof.books.protocols.Readings`: per interpretation switch, the
      smallest scenario its readings tell apart (``ruleproof readings``, ``check``'s readings stage);
    * ``studies`` — a :class:`~ruleproof.studies.study.StudyBook` (``ruleproof study``).

    ``vectors`` and ``counterexamples`` are folders of the repository (relative to its root).
    """

    key: str
    title: str
    version: str
    filename: str | None = None  # under ruleproof/data/books/; None: no bundled text
    recognise: tuple[str, ...] = ()  # phrases of the opening lines that identify the book's text
    reading: str | None = None
    lint: LintProfile = field(default_factory=LintProfile)
    spec: str | None = None
    engine: str | None = None
    invariants: str | None = None
    drift: str | None = None
    owners: str | None = None
    config: str | None = None
    appendix: str | None = None
    readings: str | None = None
    vectors: str | None = None
    counterexamples: str | None = None
    studies: str | None = None
    firing: str | None = None  # ``ruleproof firing``: (spec, Options, games) → every marked rule's verdict

    @property
    def room(self) -> str:
        """The book's folder name in specs/, invariants/, counterexamples/ and tests/ (a Python package
        name: ``botc-m124`` → ``botc_m124``)."""
        return self.key.replace("-", "_")

    @property
    def book_id(self) -> str:
        """Identifier used in vectors and reports, e.g. ``fanhanglu/v1preview1.0``."""
        return f"{self.key}/{self.version}"

    def read_bytes(self) -> bytes:
        if self.filename is None:
            raise self.missing("text", "bundled:" + self.key)
        return resources.files("ruleproof").joinpath("data", "books", self.filename).read_bytes()

    def has(self, part: str) -> bool:
        if part == "text":
            return self.filename is not None
        if part not in PARTS:
            raise KeyError(part)
        return getattr(self, part) is not None

    def parts(self) -> list[str]:
        """The parts this book has, in :data:`PARTS` order."""
        return [p for p in PARTS if self.has(p)]

    def missing(self, part: str, command: str) -> UserError:
        """The one-line error for a command this book cannot run yet (exit 2)."""
        zh, en = PARTS[part]
        have_zh = "、".join(PARTS[p][0] for p in self.parts()) or "无"
        have_en = ", ".join(PARTS[p][1] for p in self.parts()) or "nothing"
        return UserError(
            f"《{self.title}》（{self.key}）尚无{zh}，不能运行 {command}（此书现有：{have_zh}）",
            f"{self.key} has no {en} yet, so `{command}` is not available for it (it has: {have_en})",
        )

    def load(self, part: str, command: str) -> Any:
        """The object a part's reference names; exit 2 with :meth:`missing` when the book lacks it."""
        ref = getattr(self, part) if part in REFERENCES else None
        if ref is None:
            raise self.missing(part, command)
        module, _, attr = ref.partition(":")
        obj = importlib.import_module(module)
        return getattr(obj, attr) if attr else obj


__all__ = ["PARTS", "REFERENCES", "BookProfile", "LintProfile"]
