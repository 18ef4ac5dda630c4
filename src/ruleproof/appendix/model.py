"""What a generated appendix is made of, whatever the book.

* :class:`Fact` — one number (or run of numbers) of a generated line, read from the body through a spec
  parameter; its *frame* (the words around the number in the generated wording, and in the body's own
  phrase) is how the same fact is found in the printed line.
* :class:`Entry` — one line of an appendix: a term of the glossary, a role of the role card, a step of
  the night flow, a key point.  It knows its names (to align printed and generated lines by name, never
  by position), its cells (the generated wording, each citing clauses), its facts, and the body
  clause it comes from.
* :class:`Table` — a whole generated appendix: which one, its printed heading and column names, its
  entries in the printed order, and the problems met while generating (a rule whose only source is
  the appendix itself, a term whose defining clause is gone).
* :class:`Profile` — which appendices a book has and how to build each: the hook through which
  another book's summary tables (a role list, a night order) use the same generator and diff.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ruleproof.appendix.values import BodyValue
from ruleproof.text.model import Document


class Which(StrEnum):
    GLOSSARY = "glossary"
    ROLES = "roles"
    FLOW = "flow"


@dataclass(frozen=True)
class Fact:
    """A number of a generated line, with the body's value and how to find it in a printed line."""

    key: str  # the spec parameter (or "len:KEY" for the count of a list parameter)
    value: BodyValue
    shown: str  # as written in the generated line: "2", "1、3、5", "3" (a count)
    frames: tuple[tuple[str, str], ...]  # (words before, words after) the number: generated, then body
    series: bool = False  # a list of nights (「第 1、3、5 夜」, also printed 「第 1~3 夜」)
    count: bool = False  # the number of items of a list parameter (「治疗 3 次」 for nights 1, 2, 3)

    @property
    def numbers(self) -> tuple[str, ...]:
        if self.count:
            return (str(len(self.value.numbers)),)
        return self.value.numbers


@dataclass(frozen=True)
class Cell:
    """One column of a generated line: its text and the clauses it cites."""

    text: str
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chain:
    """An order the line restates (「保护→巡逻→护甲→护盾」): its members in order, and their names."""

    key: str  # the spec's order: "damage" / "infection"
    members: tuple[tuple[str, tuple[str, ...]], ...]  # (layer key, names it may be printed as)
    clause: str  # the authoritative clause of the order
    quote: str  # its chain as the spec quotes it


@dataclass(frozen=True)
class Entry:
    """One generated line: a term, a role, a step, a key point."""

    key: str
    name: str  # as printed in the heading column
    names: tuple[str, ...]  # every name the printed appendix may use for it (name first)
    cells: tuple[Cell, ...]
    clause: str  # the body clause it comes from (its defining clause, its role section, its step row)
    line: int | None  # source line of that clause
    facts: tuple[Fact, ...] = ()
    chains: tuple[Chain, ...] = ()
    mentions: tuple[tuple[str, tuple[str, ...], str], ...] = ()  # (what, names, clause): must be named
    steps: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...] = ()  # (skill names, clause, its steps)
    marks: tuple[str, ...] = ()  # circled labels the entry lists (the batches a step publishes)
    marks_clause: str = ""  # the clause those labels come from
    pool: tuple[str, ...] = ()  # clauses whose quantities a glossary entry may restate
    unbacked_marks: tuple[str, ...] = ()  # labels the spec ties to a rule no body clause states
    unbacked_source: str = ""  # where the spec took that rule from (an appendix)

    def text(self) -> str:
        return "｜".join(c.text for c in self.cells)


@dataclass(frozen=True)
class Problem:
    """Something the generator could not take from the body (reported by ``check``)."""

    check: str  # a check id of :mod:`ruleproof.appendix.diff`
    entry: str  # entry name
    clause: str | None
    line: int | None
    message: str
    message_en: str
    quote: str


@dataclass(frozen=True)
class Table:
    """A generated appendix."""

    which: Which
    name: str  # 附录一
    title: str  # 术语表
    intro: str  # the line under the heading
    columns: tuple[str, ...]
    entries: tuple[Entry, ...]
    problems: tuple[Problem, ...] = ()
    notes: tuple[Entry, ...] = ()  # numbered key points under the table (附录三 「七个要点」)
    notes_title: str = ""

    def entry(self, key: str) -> Entry | None:
        return next((e for e in self.entries if e.key == key), None)


@dataclass(frozen=True)
class AppendixDef:
    """One appendix a book has: how to find the printed one and how to build the generated one."""

    which: Which
    name: str  # 附录一
    title_words: tuple[str, ...]  # words of its printed title (「术语」), to find it by title first
    build: Callable[[Document], Table]
    terms: bool = False  # a glossary: entries close with a citation group
    skip: tuple[str, ...] = ()  # printed header texts that belong to no entry
    notes_marker: re.Pattern[str] | None = None  # where numbered key points start (「七个要点：」)


@dataclass(frozen=True)
class Profile:
    """The appendices (summary tables) of one book."""

    book: str
    appendices: Sequence[AppendixDef] = field(default_factory=tuple)

    def get(self, which: Which) -> AppendixDef | None:
        return next((a for a in self.appendices if a.which is which), None)
