"""Building generated lines from a spec and the text: templates with parameter slots, sentences.

A *template* is the wording of a generated cell with slots for numbers: ``"巡逻全局 {patrol.uses} 次、
限前 {patrol.last_night} 夜"``.  ``{KEY}`` prints a parameter as the body prints it now
(:mod:`ruleproof.appendix.values`), a list parameter joined by 「、」; ``{len:KEY}`` prints how many
items a list parameter has (「治疗 3 次」 for nights 1, 2, 3).  Each slot becomes a :class:`Fact` that
remembers the words around it — in the template and in the body's own phrase — which is how the diff
finds the same number in a printed line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ruleproof.appendix.model import Fact
from ruleproof.appendix.values import BodyReader, squash, value_slots
from ruleproof.errors import UserError
from ruleproof.specs.model import Param
from ruleproof.text.model import Clause, Document

SLOT = re.compile(r"\{(len:)?([a-z0-9_.]+)\}")
_NUMBER = re.compile(r"\d+(?:\.\d+)*")
# where a sentence of a clause ends
_SENTENCE_END = "。；"


def fill(template: str, params: Mapping[str, Param], reader: BodyReader) -> tuple[str, tuple[Fact, ...]]:
    """The template with every slot filled from the body, and one fact per slot."""
    out: list[str] = []
    facts: list[Fact] = []
    pos = 0
    slots = list(SLOT.finditer(template))
    for i, m in enumerate(slots):
        out.append(template[pos : m.start()])
        count, key = bool(m.group(1)), m.group(2)
        param = params.get(key)
        if param is None:
            raise UserError(
                f"附录模板引用了不存在的参数 {key}", f"appendix template names unknown param {key}"
            )
        value = reader.param(param)
        series = isinstance(param.value, tuple) and not count
        shown = str(len(value.numbers)) if count else value.show()
        left = template[slots[i - 1].end() if i else 0 : m.start()]
        right = template[m.end() : slots[i + 1].start() if i + 1 < len(slots) else len(template)]
        frames = ((left, right), *_quote_frame(param))
        facts.append(Fact(m.group()[1:-1], value, shown, frames, series=series, count=count))
        out.append(shown)
        pos = m.end()
    out.append(template[pos:])
    return "".join(out), tuple(facts)


def _quote_frame(param: Param) -> tuple[tuple[str, str], ...]:
    """The words around the value in the body's own phrase (「存量一律不得超过」 … 「发」)."""
    slots = value_slots(param)
    if slots is None:
        return ()
    text = squash(param.quote)
    numbers = [m for m in _NUMBER.finditer(text) if m.group().count(".") < 2]
    first, last = numbers[slots[0]], numbers[slots[-1]]
    prev_end = numbers[slots[0] - 1].end() if slots[0] > 0 else 0
    next_start = numbers[slots[-1] + 1].start() if slots[-1] + 1 < len(numbers) else len(text)
    return ((text[prev_end : first.start()], text[last.end() : next_start]),)


def sentence(doc: Document, clause_id: str, anchor: str) -> tuple[str, int | None]:
    """The sentence of ``clause_id`` (heading included) holding ``anchor`` (numbers in the anchor may
    have changed), as the text prints it now, and its source line; the clause's first sentence when
    the anchor is gone, the empty string when the clause is."""
    clause = doc.clauses.get(clause_id)
    if clause is None:
        return "", None
    text = clause.text
    pattern = re.compile(r"\s*".join(_anchor_parts(anchor)))
    m = pattern.search(text)
    if m is None:
        title = clause.title
        if pattern.search(title) is not None or not text.strip():
            return title.strip(), clause.line
        m = re.search(r"\S", text)
        if m is None:
            return title.strip(), clause.line
    start = max((text.rfind(ch, 0, m.start()) for ch in _SENTENCE_END), default=-1) + 1
    ends = [i for i in (text.find(ch, m.end()) for ch in _SENTENCE_END) if i >= 0]
    end = min(ends) + 1 if ends else len(text)
    return " ".join(text[start:end].split()), _line(clause, start)


def _anchor_parts(anchor: str) -> list[str]:
    """Anchor characters as pattern pieces (spaces dropped, numbers open)."""
    parts: list[str] = []
    pos = 0
    text = squash(anchor)
    for m in _NUMBER.finditer(text):
        parts.extend(re.escape(ch) for ch in text[pos : m.start()])
        parts.append(r"\d+(?:\.\d+)*")
        pos = m.end()
    parts.extend(re.escape(ch) for ch in text[pos:])
    return parts


def _line(clause: Clause, offset: int) -> int:
    return clause.line_of_offset(offset) if clause.spans else clause.line


def subtree(doc: Document, clause_id: str) -> list[Clause]:
    """``clause_id`` and its sub-clauses, in order."""
    return [c for c in doc if c.id == clause_id or c.id.startswith(clause_id + ".")]
