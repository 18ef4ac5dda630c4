"""Sentences of a clause body or appendix, with their offsets.

The PDF wrapped lines mid-sentence, so a sentence is cut by its punctuation, never by a line break:
「。」「；」「！」「？」 end one, and so does the 「｜」 of a ten-gate line and the start of an item (an item
never continues the sentence before it).  Brackets are respected: a 「。」 inside 「…」 or （…） does not end
the sentence around it (a quoted rule is part of the sentence that quotes it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

END = "。；！？｜!?"
OPEN = "「（(〔【《『"
CLOSE = "」）)〕】》』"
MAX_BRACKET = 160  # characters a bracket may hold before it counts as never closed
_MARKS = re.compile(f"[{re.escape(OPEN + CLOSE + END)}]")


@dataclass(frozen=True)
class Sentence:
    start: int  # offset in the unit text
    end: int  # exclusive; includes the terminal punctuation
    text: str


def sentences(text: str, cuts: Iterable[int] = ()) -> list[Sentence]:
    """The sentences of ``text``; ``cuts`` are extra offsets where a sentence must start (items).

    Only the brackets, the sentence ends and the cuts are visited (found by one pattern in C), not every
    character: the same sentences as a walk over every character."""
    starts = sorted({c for c in cuts if 0 < c < len(text)})
    out: list[Sentence] = []
    opened: list[int] = []  # offsets of the brackets still open
    begin = 0

    def close(at: int) -> None:
        nonlocal begin
        piece = text[begin:at]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            out.append(Sentence(begin + lead, at, piece.strip()))
        begin = at

    k = 0
    for m in _MARKS.finditer(text):
        i = m.start()
        while k < len(starts) and starts[k] <= i:
            close(starts[k])
            opened.clear()
            k += 1
        ch = text[i]
        if ch in OPEN:
            opened.append(i)
        elif ch in CLOSE:
            if opened:
                opened.pop()
        else:
            # a bracket left open this long was never closed (a cut cell): it no longer holds the sentence
            while opened and i - opened[-1] > MAX_BRACKET:
                opened.pop()
            if not opened:
                close(i + 1)
    for start in starts[k:]:
        close(start)
    close(len(text))
    return out


def sentence_at(sents: list[Sentence], offset: int) -> Sentence | None:
    """The sentence holding character ``offset``."""
    lo, hi = 0, len(sents) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        s = sents[mid]
        if offset < s.start:
            hi = mid - 1
        elif offset >= s.end:
            lo = mid + 1
        else:
            return s
    return None
