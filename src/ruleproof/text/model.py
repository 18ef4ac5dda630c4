"""The clause tree read from a rulebook text.

Vocabulary (see docs/text-model.md):

* **Clause** — a numbered provision such as ``4.4.6 子弹存储上限（2 发）``; its id is the dotted
  number (``"4.4.6"``), its ``key`` the integer tuple used for ordering (``(4, 4, 6)``).
* **Item** — a numbered point inside a clause, printed as a circled numeral ``①…⑳``, as
  ``(11)…(26)`` or as a variant ``③之二``.  The ``label`` is exactly as printed; ``ordinal`` is its
  number (``"⑫"`` and ``"(12)"`` both have ordinal 12).  Item labels are never turned into clause ids.
* **Tag** — a bracketed label such as 〔例外〕, 〔适用〕, 〔通则 2.8.2 之例外〕, 〔适用 2.9〕; ``target``
  is the clause (and item) it names, if any.
* **Ref** — a cross-reference found in the body, classified into a namespace (clause, item, registry
  entry, announcement batch, victory row, night step, section) and resolved to a target.
* **Span** — a piece of one source line belonging to a clause: a clause's body can start in the middle
  of a line (a heading fused into the previous paragraph) and spans are how line numbers survive that.

Every element keeps its 1-based source line number in the *original* file.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum


def clause_key(clause_id: str) -> tuple[int, ...]:
    """``"4.10.0"`` → ``(4, 10, 0)``."""
    return tuple(int(part) for part in clause_id.split("."))


class RefKind(StrEnum):
    CLAUSE = "clause"  # 依 4.4.2 / 见 2.8.9 / §0.2
    ITEM = "item"  # 4.10.0⑤ / 2.8.9(17) / 2.8.2⑥之例外 / 本条③ (same clause)
    REGISTRY = "registry"  # an entry of the exception registry 2.8.9, e.g. 2.8.9(17)
    BATCH = "batch"  # announcement batch 批次⑥ / 批次〇
    VICTORY_ROW = "victory_row"  # 判定① (a row of the victory order table 1.2.3)
    NIGHT_STEP = "night_step"  # 步骤 0.55 / 步骤 4b
    GATE = "gate"  # 第九关 (a gate of the ten-gate checklist 2.8.10)
    # Books shaped by headings rather than dotted numbers cite things by name (docs/text-model.md):
    ROLE = "role"  # a role (身份) by name: 「猎人<最后一枪>」, an item of a priority list
    SKILL = "skill"  # a skill by name: 「技能·极限反击」, 「猎人<最后一枪>」, 「获得技能[通灵]」
    STATUS = "status"  # a status (状态) by name: 「[醉酒]状态」, 「获得[迷魂]」
    CAMP = "camp"  # a camp (阵营) by name, in a win-condition or priority table
    TAG = "tag"  # a skill label of the text's own legend: <强制> [首夜] …


PREAMBLE = "前言"
"""The citation id of the text before the first heading or clause (a forum post's opening lines)."""


@dataclass(frozen=True)
class Span:
    line: int  # 1-based line in the source file
    col: int  # 0-based column where the span starts in the normalized line
    text: str


@dataclass(frozen=True)
class Item:
    label: str  # exactly as printed: "①", "(11)", "③之二"
    ordinal: int  # 1…26
    variant: int | None  # 2 for "③之二", 3 for "③之三"; None for a plain item
    line: int
    text: str  # the item's text up to the next item of the same clause
    offset: int = 0  # position of the label in the clause's :attr:`Clause.text`


@dataclass(frozen=True)
class Tag:
    kind: str  # 例外 适用 重申 差量 索引 替换
    raw: str  # as printed, e.g. "〔通则 2.8.2 之例外〕"
    line: int
    clause: str  # the clause the tag appears in
    item: str | None  # label of the item it appears in, if any
    target_clause: str | None = None  # clause the tag names (〔通则 X 之例外〕 / 〔适用 2.9〕)
    target_item: str | None = None
    mention: bool = False  # the bracket is talked about (「须标注〔例外〕」), not applied as a label


@dataclass(frozen=True)
class Ref:
    kind: RefKind
    raw: str  # the matched text, e.g. "依 4.4.2" or "2.8.9(17)"
    line: int
    clause: str | None  # citing clause id (None in appendices / preamble)
    item: str | None  # label of the citing item, if any
    target_clause: str | None  # cited clause id (for batches/rows: the clause owning the table)
    target_item: str | None  # cited item label / batch label / row label / step number
    context: str = ""  # where it was found: "body", "tag", "appendix:附录四"
    quoted: bool = False  # inside 「…」: quoted text (e.g. a revision log quoting an old wording)
    name: str | None = None  # a citation by name (role / skill / status / camp / tag): the name as printed
    owner: str | None = None  # 「猎人<最后一枪>」: the role the text names with the skill
    qualifier: str | None = (
        None  # a tag's brackets as printed ("[]" / "<>"); a skill's kind word (「超能」技能·…)
    )


@dataclass(frozen=True)
class Heading:
    """One printed heading of a clause.  Most clauses have one; some ids are printed twice
    (a summary-table row and its section, or ``2.3.4`` and ``2.3.4 附·…``)."""

    line: int
    col: int
    title: str
    raw: str  # the heading text as printed (id + title)


@dataclass(frozen=True)
class Row:
    """One row of a table printed with tab-separated cells (a header row's cells name the columns)."""

    line: int
    cells: tuple[str, ...]


@dataclass
class Table:
    """A tab-separated table in a section: the header row, then its rows.  A row that repeats the
    header's columns under another first cell (「白天行动 | 操作 | 一些说明」 after 「步骤 | 操作 | …」)
    starts a new table of the same shape."""

    line: int  # line of the header row
    header: tuple[str, ...]
    rows: list[Row] = field(default_factory=list)

    def column(self, *words: str) -> int | None:
        """Index of the first column whose header contains every one of ``words``."""
        for i, cell in enumerate(self.header):
            if all(w in cell for w in words):
                return i
        return None


@dataclass
class Clause:
    id: str
    title: str
    line: int  # line of the (first) heading
    spans: list[Span] = field(default_factory=list)  # body, headings excluded
    headings: list[Heading] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    tags: list[Tag] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)
    displaced: bool = False  # found out of canonical order (a displaced page)
    fused: bool = False  # heading found in the middle of a line
    # Sections of books shaped by headings (docs/text-model.md, "Sections"); dotted clauses keep the
    # defaults.  ``kind``: "clause" (a dotted number) or "section"; ``number``: the number as printed
    # (「5、」 「一、」 「第3条」 「Q1」) when the heading has one; ``parent``: the enclosing section's id;
    # ``order``: position in the file; ``style``: how the heading is printed (「【】」, 「一、」, 「1、」 …);
    # ``role``: the role names the section defines (a section of skills headed by a role's name).
    kind: str = "clause"
    number: str | None = None
    parent: str | None = None
    order: int = 0
    style: str = ""
    role: tuple[str, ...] = ()
    tables: list[Table] = field(default_factory=list)

    @property
    def key(self) -> tuple[int, ...]:
        if self.kind != "clause":
            return (self.order,)
        return clause_key(self.id)

    @property
    def parent_id(self) -> str | None:
        if self.kind != "clause":
            return self.parent
        parts = self.id.split(".")
        return ".".join(parts[:-1]) if len(parts) > 1 else None

    @property
    def end_line(self) -> int:
        return max([self.line, *(span.line for span in self.spans)])

    def covers(self, line: int) -> bool:
        return any(h.line == line for h in self.headings) or any(s.line == line for s in self.spans)

    @property
    def text(self) -> str:
        """Body text with source line breaks removed (the PDF wrapped lines mid-sentence)."""
        return "".join(span.text for span in self.spans)

    def item(self, label: str) -> Item | None:
        for it in self.items:
            if it.label == label:
                return it
        return None

    def item_at(self, offset: int) -> str | None:
        """Label of the item containing character ``offset`` of :attr:`text` (None before the first)."""
        label: str | None = None
        for it in sorted(self.items, key=lambda i: i.offset):
            if it.offset > offset:
                break
            label = it.label
        return label

    def item_by_ordinal(self, ordinal: int, variant: int | None = None) -> Item | None:
        for it in self.items:
            if it.ordinal == ordinal and it.variant == variant:
                return it
        return None

    def line_breaks(self) -> set[int]:
        """Offsets in :attr:`text` where a new source line begins."""
        return _breaks(self.spans)

    def line_of_offset(self, offset: int) -> int:
        """Source line of character ``offset`` in :attr:`text`."""
        return _line_of(self.spans, offset, lambda: self.end_line)


@dataclass(frozen=True)
class Chapter:
    """A chapter heading such as 「一、基础规则」 (chapters group clauses 1.x; they have no id)."""

    number: int
    title: str
    line: int


@dataclass
class Appendix:
    name: str  # 附录一 … 附录四
    title: str
    line: int
    spans: list[Span] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(span.text for span in self.spans)

    def line_breaks(self) -> set[int]:
        return _breaks(self.spans)

    def line_of_offset(self, offset: int) -> int:
        return _line_of(self.spans, offset, self.spans[-1].line if self.spans else self.line)


class _SpanIndex:
    """Start offsets of a span list's pieces in their joined text, for a binary search: a line lookup is
    O(log n), not a walk over every span (which made reading a large text quadratic).  Rebuilt when the
    list changes length (spans are only appended while a text is read)."""

    __slots__ = ("ends", "n")

    def __init__(self, spans: list[Span]) -> None:
        self.n = len(spans)
        self.ends = list(itertools.accumulate(len(span.text) for span in spans))


_INDEX: dict[int, tuple[list[Span], _SpanIndex]] = {}


def _index(spans: list[Span]) -> _SpanIndex:
    hit = _INDEX.get(id(spans))
    if hit is not None and hit[0] is spans and hit[1].n == len(spans):
        return hit[1]
    if len(_INDEX) > 4096:  # a cache, not a leak: old documents' lists drop out
        _INDEX.clear()
    index = _SpanIndex(spans)
    _INDEX[id(spans)] = (spans, index)
    return index


def _line_of(spans: list[Span], offset: int, default: int | Callable[[], int]) -> int:
    """Source line of character ``offset`` of the spans' joined text (``default`` past the end)."""
    ends = _index(spans).ends
    k = bisect.bisect_right(ends, offset)
    if k < len(spans):
        # the first span whose end is past ``offset``; empty spans (end == start) are skipped over
        return spans[k].line
    return default() if callable(default) else default


def _breaks(spans: list[Span]) -> set[int]:
    out: set[int] = set()
    pos = 0
    for span in spans:
        out.add(pos)
        pos += len(span.text)
    return out


@dataclass(frozen=True)
class Noise:
    """Something in the text that looks structural but is an extraction artefact."""

    kind: str  # "serial" (export serial number such as "31."), "table-header" ("项 说明") …
    raw: str
    line: int
    clause: str | None


@dataclass(frozen=True)
class Missing:
    """A reference whose target does not exist in the text."""

    ref: Ref
    reason: str  # "clause-absent", "item-absent", "registry-entry-absent", …


@dataclass(frozen=True)
class Definition:
    """A name the text defines: a role (the heading of its section of skills), a skill (a line
    「名称[时段]<标签>——…」 or a row of a skill table), a status (「[醉酒]：…」), a camp (a section or
    list of 「…阵营」), a tag of the skill legend (「标明<强制>的技能…」)."""

    kind: str  # "role" | "skill" | "status" | "camp" | "tag"
    name: str
    clause: str  # the section that defines it
    line: int
    owner: str | None = None  # a skill: the role whose section defines it
    bracket: str = ""  # a tag: the brackets the legend prints it in ("<>" or "[]")
    category: str = ""  # a skill: its type cell (「超能能力，主动发动」) where a table gives one


@dataclass
class Names:
    """Every name the text defines, by kind (see :class:`Definition`)."""

    definitions: list[Definition] = field(default_factory=list)
    # by kind, rebuilt when definitions were added (a lookup per reference made a large text quadratic)
    _by_kind: dict[str, list[Definition]] = field(default_factory=dict, repr=False, compare=False)
    _names: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    _indexed: int = field(default=-1, repr=False, compare=False)

    def _index(self) -> None:
        if self._indexed == len(self.definitions):
            return
        self._by_kind.clear()
        for d in self.definitions:
            self._by_kind.setdefault(d.kind, []).append(d)
        self._names = {k: frozenset(d.name for d in ds) for k, ds in self._by_kind.items()}
        self._indexed = len(self.definitions)

    def of(self, kind: str) -> list[Definition]:
        self._index()
        return list(self._by_kind.get(kind, ()))

    def names_of(self, kind: str) -> frozenset[str]:
        """The names defined as ``kind`` (a set, for membership tests)."""
        self._index()
        return self._names.get(kind, frozenset())

    def named(self, kind: str, name: str) -> list[Definition]:
        return [d for d in self.definitions if d.kind == kind and d.name == name]


@dataclass
class Document:
    name: str  # display name of the source (path or bundled:KEY)
    title: str  # first non-empty line
    lines: list[str]  # normalized source lines; lines[0] is line 1
    clauses: dict[str, Clause]  # canonical order (by numeric key)
    chapters: list[Chapter] = field(default_factory=list)
    appendices: list[Appendix] = field(default_factory=list)
    preamble: list[Span] = field(default_factory=list)
    noise: list[Noise] = field(default_factory=list)
    missing: list[Missing] = field(default_factory=list)
    # "dotted" (clauses numbered 4.4.6, read by headings.py) or "sectioned" (headings, roles, tables:
    # sections.py); ``book``: the bundled book's key when the text is one (its profile), else None
    shape: str = "dotted"
    book: str | None = None
    names: Names = field(default_factory=Names)

    def clause(self, clause_id: str) -> Clause | None:
        return self.clauses.get(clause_id)

    def resolves(self, cite: str) -> bool:
        """Whether a citation target names something in the text: a clause (「4.4.6」), a chapter
        (「5」 for chapter 五), an appendix (「附录三」) or the text before the first heading
        (:data:`PREAMBLE`, when there is one)."""
        if cite in self.clauses or any(a.name == cite for a in self.appendices):
            return True
        if cite == PREAMBLE:
            return bool(self.preamble)
        return cite.isdigit() and any(ch.number == int(cite) for ch in self.chapters)

    def preamble_text(self) -> str:
        """The text before the first heading or clause, its lines joined."""
        return "".join(span.text for span in self.preamble)

    def __iter__(self) -> Iterator[Clause]:
        return iter(self.clauses.values())

    def refs(self) -> Iterator[Ref]:
        for clause in self.clauses.values():
            yield from clause.refs
        for appendix in self.appendices:
            yield from appendix.refs

    def tags(self) -> Iterator[Tag]:
        for clause in self.clauses.values():
            yield from clause.tags

    def clause_at_line(self, line: int) -> Clause | None:
        """A clause whose heading or body covers ``line`` (on a fused line, the one starting there)."""
        found = [c for c in self.clauses.values() if c.covers(line)]
        if not found:
            return None
        return max(found, key=lambda c: max((h.line for h in c.headings if h.line <= line), default=0))
