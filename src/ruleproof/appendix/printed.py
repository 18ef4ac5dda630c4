"""Finding the printed appendix and cutting it into entries, aligned by name (never by position).

The PDF flattened the appendices: a table row runs into the next one (「…巡逻与开枪同夜二选一生化医师治疗
（清感染＋赋予抗体）…」), columns are glued, a page break can displace cells.  Entries are found by
what heads them:

* a **row head** is a known name (a role, a term, a step) where the text starts an entry — not where it
  is talked about inside a row: a name right after a linking word or an in-row separator
  (「与警长二选一」「悬赏同警长」「正牌工程师」「友方异形」) is an object, not a head;
* a **citation group** closing a glossary entry (「…（4.13.1⑤）」) ends it, so a term the generator does
  not know (a printed entry for something the body no longer defines) is still cut out and named;
* the generated format (one entry per line, cells separated by 「｜」, as ``ruleproof appendix`` prints
  it) is read line by line, so a generated appendix pasted back in place reads exactly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ruleproof.appendix.model import AppendixDef, Entry
from ruleproof.lint.context import CLAUSE_ID, ITEM_LABEL
from ruleproof.text.model import Appendix, Document

# Characters after which a name is the object of a phrase, not the head of a row.
LINKING_BEFORE = frozenset("与同和及或、，,；;∕/（(「骗牌方有含")
CELL_SEP = re.compile(r"\s*[｜|]\s*")
HEADER_CELLS = frozenset({"术语", "职业", "步骤", "要点", ""})
_CITE_ITEM = rf"{CLAUSE_ID}(?:{ITEM_LABEL})*(?:\s*附)?|批次\s*[〇①-⑳]|附录[一二三四五六七八九十]"
CITE_GROUP = re.compile(
    rf"[（(]\s*(?:依\s*)?(?:{_CITE_ITEM})(?:\s*[、，,∕/；;]\s*(?:依\s*)?(?:{_CITE_ITEM}))*\s*[）)]"
)
CITE_ID = re.compile(rf"({CLAUSE_ID})((?:{ITEM_LABEL})*)")


@dataclass(frozen=True)
class Printed:
    """One entry of the printed appendix."""

    keys: tuple[str, ...]  # the generated entries it aligns with (none: the generator has no such entry)
    name: str  # as printed
    text: str  # the whole printed entry (name included)
    start: int  # offsets in the appendix text
    end: int
    line: int


@dataclass(frozen=True)
class PrintedAppendix:
    appendix: Appendix
    entries: tuple[Printed, ...]
    notes: tuple[Printed, ...]  # numbered key points under a table
    generated_format: bool  # one entry per line, cells separated by 「｜」

    def line_of(self, offset: int) -> int:
        return self.appendix.line_of_offset(offset)


def locate(doc: Document, adef: AppendixDef) -> Appendix | None:
    """The printed appendix: by its title words first, then by its name (附录一)."""
    for appendix in doc.appendices:
        if any(w in appendix.title for w in adef.title_words):
            return appendix
    return next((a for a in doc.appendices if a.name == adef.name), None)


def is_generated_format(appendix: Appendix) -> bool:
    lines = [s.text for s in appendix.spans if s.text.strip()]
    return sum(1 for ln in lines if len(CELL_SEP.findall(ln)) >= 1) >= max(2, len(lines) // 2)


_SPACES = re.compile(r"\s+")


def name_pattern(names: Sequence[str]) -> re.Pattern[str]:
    """Any of ``names`` (longest first), spaces in a name matching any run of spaces or none."""
    uniq = sorted({n for n in names if n}, key=len, reverse=True)
    alts = [r"\s*".join(re.escape(part) for part in n.split()) for n in uniq]
    return re.compile("|".join(alts) or r"(?!x)x")


def _before(text: str, pos: int) -> str:
    """The last non-space character before ``pos`` (a line start counts as a newline)."""
    head = text[:pos].rstrip(" \t")
    return head[-1] if head else "\n"


def _object(text: str, pos: int) -> bool:
    """Is a name at ``pos`` the object of a phrase (「与警长」「步骤 0」「批次①」) rather than a head?"""
    before = _before(text, pos)
    return (
        before in LINKING_BEFORE
        or before in "0123456789."
        or text[:pos].rstrip().endswith(("步骤", "批次", "判定"))
    )


def _counts(text: str, end: int, name: str) -> bool:
    """Is a number name ending at ``end`` glued to the word after it (「查验1名」: a count), not a row's step
    number (「1 乔装」, followed by a space or a mark)?"""
    return name[-1:].isdigit() and "\u4e00" <= text[end : end + 1] <= "\u9fff"


def _index(entries: Sequence[Entry]) -> dict[str, tuple[str, ...]]:
    """Every printed name → the keys of the entries it names (「0.5∕0.55 感染抑制」 heads two steps)."""
    out: dict[str, tuple[str, ...]] = {}
    for e in entries:
        for n in e.names:
            if e.key not in out.get(n, ()):
                out[n] = (*out.get(n, ()), e.key)
    return out


def _lookup(index: dict[str, tuple[str, ...]], found: str) -> tuple[str, ...]:
    return (
        index.get(found)
        or index.get(_SPACES.sub(" ", found).strip())
        or next((keys for name, keys in index.items() if _SPACES.sub("", name) == _SPACES.sub("", found)), ())
    )


def _heads(text: str, entries: Sequence[Entry]) -> list[tuple[int, tuple[str, ...], str]]:
    """(offset, key, name) of row heads: the first head-like occurrence of each entry's names."""
    index = _index(entries)
    pattern = name_pattern(list(index))
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[int, tuple[str, ...], str]] = []
    for m in pattern.finditer(text):
        keys = _lookup(index, m.group())
        if keys in seen or _object(text, m.start()) or _counts(text, m.end(), m.group()):
            continue
        seen.add(keys)
        out.append((m.start(), keys, m.group()))
    return out


def _term_heads(text: str, entries: Sequence[Entry]) -> list[tuple[int, tuple[str, ...], str]]:
    """Heads of a glossary, in three passes:

    1. a term right after the citation group that closes the previous entry (「…（4.13.1⑤）私人日志 …」);
    2. a term followed by a space and then its definition (not by a citation: 「安全室 4.3.1」 is a
       mention) — an entry whose predecessor printed no citation (「…之反馈票数公开 投票结算后…」);
    3. a term still missing, between the heads of the terms printed before and after it, where it is
       not the object of a phrase (「…不得混用呈现职业新增…」, 「…见 6.8.3、2.8.5调查报告…」).

    A name the generator does not know is a head after a closing citation group when a space follows
    it (「组位 职能族…」): a printed entry for a term the body may no longer define."""
    index = _index(entries)
    pattern = name_pattern(list(index))
    ends: set[int] = set()
    first = re.search(r"\S", text)
    if first is not None:
        ends.add(first.start())
    for g in CITE_GROUP.finditer(text):
        pos = g.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
        ends.add(pos)
    matches = list(pattern.finditer(text))
    heads: dict[tuple[str, ...], tuple[int, str]] = {}
    for m in matches:  # pass 1
        keys = _lookup(index, m.group())
        if keys not in heads and m.start() in ends:
            heads[keys] = (m.start(), m.group())
    taken = {pos for pos, _n in heads.values()}
    for m in matches:  # pass 2
        keys = _lookup(index, m.group())
        if keys in heads or m.start() in taken or _object(text, m.start()):
            continue
        rest = text[m.end() : m.end() + 3]
        if rest[:1].isspace() and not re.match(r"\s*[\d（(]", rest):
            heads[keys] = (m.start(), m.group())
            taken.add(m.start())
    for i, entry in enumerate(entries):  # pass 3
        keys = _lookup(index, entry.name)
        if keys in heads:
            continue
        lo = max(
            (heads[_lookup(index, e.name)][0] for e in entries[:i] if _lookup(index, e.name) in heads),
            default=0,
        )
        hi = min(
            (heads[_lookup(index, e.name)][0] for e in entries[i + 1 :] if _lookup(index, e.name) in heads),
            default=len(text),
        )
        for m in matches:
            if (
                lo < m.start() < hi
                and _lookup(index, m.group()) == keys
                and _before(text, m.start()) not in LINKING_BEFORE
            ):
                heads[keys] = (m.start(), m.group())
                break
    out = [(pos, keys, name) for keys, (pos, name) in heads.items()]
    taken = {pos for pos, _k, _n in out}
    for pos in sorted(ends):
        name = _unknown_name(text, pos)
        follow = text[pos + len(name) : pos + len(name) + 1]
        if name and follow.isspace() and not any(abs(pos - t) < 2 for t in taken):
            out.append((pos, (), name))
    return sorted(out, key=lambda c: c[0])


def read_rows(
    doc: Document, adef: AppendixDef, entries: Sequence[Entry], notes: Sequence[Entry] = ()
) -> PrintedAppendix | None:
    """The printed appendix of ``adef`` cut into entries aligned with ``entries`` (and key points with
    ``notes`` after ``adef.notes_marker``); header texts ``adef.skip`` belong to no entry."""
    appendix = locate(doc, adef)
    if appendix is None:
        return None
    text = appendix.text
    if is_generated_format(appendix):
        return _read_generated(appendix, entries, notes)
    notes_at = len(text)
    if adef.notes_marker is not None:
        nm = adef.notes_marker.search(text)
        if nm is not None:
            notes_at = nm.start()
    body = _blank(text[:notes_at], adef.skip)
    cuts = _term_heads(body, entries) if adef.terms else _heads(body, entries)
    out: list[Printed] = []
    for i, (pos, keys, name) in enumerate(cuts):
        end = cuts[i + 1][0] if i + 1 < len(cuts) else len(body)
        chunk = body[pos:end]
        if not chunk.strip() or not name:
            continue
        out.append(Printed(keys, name, chunk.strip(), pos, end, appendix.line_of_offset(pos)))
    printed_notes = _read_notes(appendix, text, notes_at, notes) if notes else ()
    return PrintedAppendix(appendix, tuple(out), printed_notes, False)


def _blank(text: str, skip: Sequence[str]) -> str:
    """``text`` with header texts replaced by spaces (offsets are kept)."""
    for s in skip:
        pattern = r"\s*".join(re.escape(ch) for ch in s if not ch.isspace())
        text = re.sub(pattern, lambda m: " " * len(m.group()), text)
    return text


def _unknown_name(text: str, pos: int) -> str:
    m = re.match(r"[^\s，,；;：:（(「。]{1,10}", text[pos:])
    return m.group() if m else ""


_NOTE_HEAD = re.compile(r"[①-⑳]")


def _read_notes(appendix: Appendix, text: str, start: int, notes: Sequence[Entry]) -> tuple[Printed, ...]:
    """Numbered key points: each ①… up to the next, aligned by the names of ``notes``."""
    index = _index(notes)
    pattern = name_pattern(list(index))
    heads = [m.start() for m in _NOTE_HEAD.finditer(text, start) if _is_note_head(text, m.start())]
    out: list[Printed] = []
    for i, pos in enumerate(heads):
        end = heads[i + 1] if i + 1 < len(heads) else len(text)
        chunk = text[pos:end]
        head = re.split(r"[⸺—：:]", chunk, maxsplit=1)[0]
        m = pattern.search(head)
        keys = _lookup(index, m.group()) if m else ()
        out.append(Printed(keys, head.strip(), chunk.strip(), pos, end, appendix.line_of_offset(pos)))
    return tuple(out)


def _is_note_head(text: str, pos: int) -> bool:
    """A key point's own number: at the start, or after the end of the previous point (。) or the
    marker (：), and followed by its title running up to 「⸺」."""
    before = text[:pos].rstrip()[-1:] if text[:pos].rstrip() else "："
    return before in "。：:" and "⸺" in text[pos : pos + 40]


def _read_generated(appendix: Appendix, entries: Sequence[Entry], notes: Sequence[Entry]) -> PrintedAppendix:
    """The generated format: one entry per line, the name in the first cell; a key point's first cell is
    its number and it is aligned by the names in its title (up to 「⸺」), as printed key points are."""
    index = _index(entries)
    note_index = _index(notes)
    note_pattern = name_pattern(list(note_index))
    rows: list[Printed] = []
    points: list[Printed] = []
    pos = 0
    for span in appendix.spans:
        line_text = span.text
        start = pos
        pos += len(line_text)
        cells = [c for c in CELL_SEP.split(line_text.strip().strip("|｜").strip())]
        if len(cells) < 2 or set(cells[0]) <= set("-: "):
            continue
        name = cells[0].strip()
        if re.fullmatch(r"[①-⑳]", name):
            head = re.split(r"[⸺—：:]", cells[1], maxsplit=1)[0]
            m = note_pattern.search(head)
            keys = _lookup(note_index, m.group()) if m else ()
            points.append(Printed(keys, head.strip(), line_text.strip(), start, pos, span.line))
        elif name not in HEADER_CELLS:
            rows.append(Printed(_lookup(index, name), name, line_text.strip(), start, pos, span.line))
    return PrintedAppendix(appendix, tuple(rows), tuple(points), True)


def cited(text: str) -> list[tuple[str, str]]:
    """(clause id, item labels) of every citation group in ``text``, in order."""
    out: list[tuple[str, str]] = []
    for g in CITE_GROUP.finditer(text):
        for m in CITE_ID.finditer(g.group()):
            out.append((m.group(1), m.group(2)))
    return out


def replace_printed(text: str, name: str, replacement: str) -> str:
    """``text`` (a whole rulebook) with the printed appendix ``name`` (附录一 …) replaced by
    ``replacement`` — what an author does when adopting a generated appendix.  The text before the
    appendix heading on its line is kept; the appendix runs to the next appendix heading (or the end)."""
    from ruleproof.text.headings import find_appendices
    from ruleproof.text.normalize import normalize

    lines = text.split("\n")
    marks = find_appendices(normalize(text).split("\n"))
    for i, mark in enumerate(marks):
        if mark.name != name:
            continue
        start = sum(len(ln) + 1 for ln in lines[: mark.line - 1]) + mark.col
        if i + 1 < len(marks):
            nxt = marks[i + 1]
            end = sum(len(ln) + 1 for ln in lines[: nxt.line - 1]) + nxt.col
        else:
            end = len(text)
        head = "" if start == 0 or text[start - 1] == "\n" else "\n"
        return text[:start] + head + replacement.rstrip("\n") + "\n\n" + text[end:]
    raise KeyError(name)
