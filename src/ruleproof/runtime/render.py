"""A readable game log for ``ruleproof play``, written by a book's sentences.

The runtime knows the log's shape — a heading for each half of a round, one line per event marked
public (公告), private (私 → seat) or the referee's (·), the step it happened at — and nothing of any book.
A book hands :class:`LogRenderer` its words: a sentence per event kind in Chinese and English (each a
function of the event's data and a :class:`Words` that names seats, roles, skills in the reader's
language), the names of its periods and steps.  An event kind without a sentence is still printed, its
data in words by :func:`ruleproof.runtime.words.describe` (the one describer of event data) — never as a
Python dict — so a new event is visible before it is worded; ``unworded`` lists such kinds (a book's test
can keep that list empty).

A book's engine sets ``renderer`` on its :class:`~ruleproof.runtime.replay.BookEngine`; ``BookEngine.render``
then uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ruleproof.runtime.model import Event
from ruleproof.runtime.words import Glossary, describe


@dataclass(frozen=True)
class Words:
    """How a book names things in one language: seats, roles, skills, sides (unknown keys stay as they are)."""

    lang: str
    roles: Mapping[str, str] = field(default_factory=dict)
    skills: Mapping[str, str] = field(default_factory=dict)
    sides: Mapping[str, str] = field(default_factory=dict)

    @property
    def en(self) -> bool:
        return self.lang == "en"

    def seat(self, n: Any) -> str:
        return f"seat {n}" if self.en else f"{n} 号"

    def seats(self, ns: Iterable[Any]) -> str:
        items = list(ns)
        if not items:
            return "nobody" if self.en else "无人"
        return ", ".join(self.seat(n) for n in items) if self.en else "、".join(f"{n}" for n in items) + " 号"

    def role(self, key: Any) -> str:
        return self.roles.get(str(key), str(key))

    def skill(self, key: Any) -> str:
        return self.skills.get(str(key), str(key))

    def side(self, key: Any) -> str:
        return self.sides.get(str(key), str(key))

    def glossary(self) -> Glossary:
        """These names as a :class:`~ruleproof.runtime.words.Glossary` (for :func:`describe`)."""
        names = {**self.sides, **self.skills, **self.roles}
        return Glossary({k: (v, v) for k, v in names.items()})


Sentence = Callable[[Mapping[str, Any], Words], str]


@dataclass(frozen=True)
class EventText:
    """One event kind in both languages (``en`` missing: the Chinese sentence is used)."""

    zh: Sentence
    en: Sentence | None = None


@dataclass
class LogRenderer:
    """A book's words for the log (see the module's doc)."""

    texts: Mapping[str, EventText]
    words: Callable[[str], Words]  # lang → the book's names in that language
    period: Callable[[Event, str], str]  # (event, lang) → the heading of its half-round ("第 2 夜")
    step: Callable[[Event, str], str] = lambda e, lang: e.step  # (event, lang) → the step's name
    unworded: set[str] = field(default_factory=set)

    def line(self, e: Event, w: Words) -> str:
        text = self.texts.get(e.kind)
        if text is None:
            self.unworded.add(e.kind)
            return f"{e.kind} {describe(e.data, w.lang, w.glossary())}"
        fn = text.en if w.en and text.en is not None else text.zh
        return fn(e.data, w)

    def render(self, events: Iterable[Event], lang: str, *, private: bool, system: bool) -> list[str]:
        w = self.words(lang)
        lines: list[str] = []
        heading = None
        for e in events:
            if (e.audience == "private" and not private) or (e.audience == "system" and not system):
                continue
            h = self.period(e, lang)
            if h != heading:
                lines.append(f"── {h} ──")
                heading = h
            if e.audience == "public":
                mark = "public" if w.en else "公告"
            elif e.audience == "private":
                mark = f"→ {w.seats(e.to)}" if w.en else f"（私）→ {w.seats(e.to)}"
            else:
                mark = "·"
            step = self.step(e, lang)
            lines.append(f"{'[' + step + '] ' if step else ''}{mark} {self.line(e, w)}")
        return lines


__all__ = ["EventText", "LogRenderer", "Sentence", "Words"]
