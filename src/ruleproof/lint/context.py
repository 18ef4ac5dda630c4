"""What the checks read besides the clause tree: text units with line mapping, and shared patterns.

A :class:`Unit` is a piece of the rulebook with one text and a way back to source lines: every
clause body, and every appendix.  Checks scan units, never raw file lines, so that fused headings,
displaced pages and wrapped lines are handled once, by the reader.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from ruleproof.lint.memo import Memos
from ruleproof.lint.vocab import LOG_TITLE_WORDS, Vocabulary, build_vocabulary
from ruleproof.text.markers import CIRCLED_CLASS
from ruleproof.text.model import Appendix, Clause, Document, Ref, RefKind, Span, clause_key
from ruleproof.text.refs import Owners, find_owners
from ruleproof.text.sentences import Sentence, sentences

if TYPE_CHECKING:
    from ruleproof.lint.facts import FactTable

# A clause id as printed in running text: 4.4.6 / 2.8.9 / 1.4.1.2 (two to four parts).
CLAUSE_ID = r"\d{1,2}(?:\.\d{1,2}){1,3}"
# The same, not glued to a digit or a dot before it (rf"(?<![\d.]){CLAUSE_ID}"), written to start with its
# first digit: a pattern led by a look-behind makes ``re`` try every character of the text, one led by a
# digit lets it skip to the digits (a scan of the whole text: 2-3 times faster, the same matches).
FREE_CLAUSE_ID = r"\d(?<![\d.]\d)\d?" + CLAUSE_ID.removeprefix(r"\d{1,2}")
# An item label as printed: ① … / (11) / （11） / ③之二.
ITEM_LABEL = rf"(?:[{CIRCLED_CLASS}]|[(（][1-9]\d?[)）])(?:之[二三四五])?"
# The reference kinds the checks test, read once: on Python 3.11 every attribute read on an Enum class runs
# EnumType.__getattr__'s Python-level hook (~0.25 µs, against ~0.02 µs for a module constant), and the
# citation checks ask a reference's kind ~100,000 times per lint of 返航录.
CLAUSE_REF, ITEM_REF, REGISTRY_REF = RefKind.CLAUSE, RefKind.ITEM, RefKind.REGISTRY
BATCH_REF, STEP_REF, VICTORY_REF = RefKind.BATCH, RefKind.NIGHT_STEP, RefKind.VICTORY_ROW
CLAUSE_OR_ITEM = (RefKind.CLAUSE, RefKind.ITEM)


@dataclass(frozen=True)
class Unit:
    """A clause body or an appendix: its id (clause id or 附录N), title, spans."""

    id: str
    title: str
    line: int
    spans: tuple[Span, ...]
    is_clause: bool

    @cached_property
    def text(self) -> str:
        return "".join(s.text for s in self.spans)

    @cached_property
    def _starts(self) -> list[int]:
        out, pos = [], 0
        for s in self.spans:
            out.append(pos)
            pos += len(s.text)
        return out

    def line_of(self, offset: int) -> int:
        """Source line of character ``offset`` of :attr:`text`."""
        if not self.spans:
            return self.line
        lo, hi = 0, len(self._starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return self.spans[lo].line


def clause_unit(clause: Clause) -> Unit:
    return Unit(clause.id, clause.title, clause.line, tuple(clause.spans), True)


def appendix_unit(appendix: Appendix) -> Unit:
    return Unit(appendix.name, appendix.title, appendix.line, tuple(appendix.spans), False)


def normalize_item(label: str) -> str:
    """「（23）」 and 「(23)」 are the same label; the reader prints the ASCII form."""
    return label.replace("（", "(").replace("）", ")")


def find_loose(text: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` is in ``text`` when spaces are ignored (the PDF inserts them freely): the first
    place its characters stand with nothing but whitespace between them (what the pattern 「子\\s*弹…」
    finds; no pattern is compiled: a spec quotes some two hundred phrases, a first lint would compile
    each).  A place before the first verbatim one has the first character there: only those are tried."""
    needle = "".join(ch for ch in quote if not ch.isspace())
    if not needle:
        return (0, 0)
    plain = text.find(needle)
    limit = plain if plain >= 0 else len(text)
    start = text.find(needle[0], 0, limit)
    while start >= 0:
        end = _loose_end(text, start, needle)
        if end is not None:
            return (start, end)
        start = text.find(needle[0], start + 1, limit)
    return (plain, plain + len(needle)) if plain >= 0 else None


def _loose_end(text: str, start: int, needle: str) -> int | None:
    """The end of ``needle`` read from ``text[start]`` on, whitespace skipped between its characters (none
    of which is whitespace, so skipping all of it is the only way to match)."""
    i, n = start + 1, len(text)
    for ch in needle[1:]:
        while i < n and text[i].isspace():
            i += 1
        if i >= n or text[i] != ch:
            return None
        i += 1
    return i


def is_descendant(cid: str, ancestor: str) -> bool:
    return cid == ancestor or cid.startswith(ancestor + ".")


@lru_cache(maxsize=4096)
def safe_key(cid: str) -> tuple[int, ...]:
    """The id's numbers, () when a part is not one (memoised: pure in the string; family q's sibling sort asks
    ~6,000 times a lint of 返航录 for 275 ids)."""
    try:
        return clause_key(cid)
    except ValueError:
        return ()


@dataclass(frozen=True)
class Knowledge:
    """What an executable spec of the book, when there is one, tells the lint about the text.

    ``terms`` are names the spec gives (roles, skills) — added to the text's own vocabulary; ``quotes``
    are the (clause, phrase) pairs the spec's constants are read from — a number in such a phrase is
    the authoritative statement of its fact; ``owners`` are the (clause, name) pairs of the names the
    spec defines (roles, skills, layers, steps) — a citation naming one is about that clause (family
    q, :mod:`ruleproof.lint.citeowners`).  The lint works without it (every book but 返航录 today).
    """

    terms: tuple[str, ...] = ()
    quotes: tuple[tuple[str, str], ...] = ()
    owners: tuple[tuple[str, str], ...] = ()


class LintContext:
    """The document plus lazily built views shared by several checks."""

    def __init__(self, document: Document, knowledge: Knowledge | None = None) -> None:
        self.doc = document
        self.knowledge = knowledge or Knowledge()
        self.memos: Memos = {}  # the per-lint memos of the rules that read this context (lint.memo)

    def drop_views(self) -> None:
        """Forget every view and memo built on this context (the document and the knowledge stay).  The views
        keep the context (the fact table, family q's reader and their tables hold it), so the context and
        all its views form cycles that only a full collection of the garbage collector frees — in a process
        that lints again (``mutate``, a benchmark's runs) two lints' tables were alive at once, the second
        lint's peak memory on top of the first's garbage.  Dropped, they are freed as soon as the caller
        lets go of them.  The context answers afresh afterwards (its views are built again when asked)."""
        kept = {"doc": self.doc, "knowledge": self.knowledge}
        vars(self).clear()
        vars(self).update(kept)
        self.memos = {}

    @cached_property
    def clause_units(self) -> list[Unit]:
        return [clause_unit(c) for c in self.doc]

    @cached_property
    def appendix_units(self) -> list[Unit]:
        return [appendix_unit(a) for a in self.doc.appendices]

    def units(self) -> Iterator[Unit]:
        yield from self.clause_units
        yield from self.appendix_units

    def units_outside_log(self) -> Iterator[Unit]:
        """Every clause and appendix except the revision logs: the units that state the rules."""
        logs = self.log_appendices
        return (u for u in self.units() if u.id not in logs)

    @cached_property
    def unit_by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units()}

    @cached_property
    def owners(self) -> Owners:
        """Clauses owning the numbering spaces (registry, gates, batches …), found by the reader by title."""
        return find_owners(self.titles())

    @cached_property
    def body(self) -> str:
        """Every clause body, joined by line breaks (for counting how often the text prints a word)."""
        return "\n".join(span.text for c in self.doc for span in c.spans)

    @cached_property
    def log_appendices(self) -> frozenset[str]:
        """Names of the appendices that are revision logs."""
        return frozenset(a.name for a in self.doc.appendices if any(w in a.title for w in LOG_TITLE_WORDS))

    def clause(self, cid: str | None) -> Clause | None:
        return self.doc.clauses.get(cid) if cid else None

    def exists(self, cid: str) -> bool:
        return cid in self.doc.clauses

    def item_exists(self, cid: str, label: str) -> bool:
        return self.item_text(cid, label) is not None

    def item_text(self, cid: str, label: str) -> str | None:
        clause = self.doc.clauses.get(cid)
        if clause is None:
            return None
        wanted = normalize_item(label)
        for it in clause.items:
            if normalize_item(it.label) == wanted:
                return it.text
        return None

    def titles(self) -> dict[str, str]:
        return {c.id: c.title for c in self.doc}

    def sentences(self, unit_id: str) -> list[Sentence]:
        """The sentences of a unit, items starting sentences of their own (cached)."""
        cache: dict[str, list[Sentence]] = self.__dict__.setdefault("_sentences", {})
        if unit_id not in cache:
            unit = self.unit_by_id[unit_id]
            clause = self.clause(unit_id) if unit.is_clause else None
            cuts = [it.offset for it in clause.items] if clause else []
            cache[unit_id] = sentences(unit.text, cuts)
        return cache[unit_id]

    @cached_property
    def refs_by_unit(self) -> dict[str, list[Ref]]:
        """The references made in each unit (clause or appendix)."""
        out: dict[str, list[Ref]] = {}
        for r in self.doc.refs():
            where = r.clause if r.clause is not None else r.context.removeprefix("appendix:")
            out.setdefault(where, []).append(r)
        return out

    def breaks(self, unit_id: str) -> set[int]:
        """Offsets in a unit's text where a new source line begins."""
        unit = self.unit_by_id[unit_id]
        out, pos = set(), 0
        for s in unit.spans:
            out.add(pos)
            pos += len(s.text)
        return out

    @cached_property
    def vocabulary(self) -> Vocabulary:
        """The text's own terms (titles, glossary, shared cores) plus the spec's names."""
        return build_vocabulary(self.doc, self.knowledge.terms)

    @cached_property
    def facts(self) -> FactTable:
        """Every quantity the text states, with its subject (:mod:`ruleproof.lint.facts`)."""
        from ruleproof.lint.facts import FactTable

        return FactTable(self, self.vocabulary)
