"""The sentence splitter visits only its marks: the same sentences as the walk over every character."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from ruleproof.text.sentences import CLOSE, END, MAX_BRACKET, OPEN, Sentence, sentences


def _sentences_by_walk(text: str, cuts: list[int]) -> list[Sentence]:
    """The splitter as it was: every character of the text in turn, closing a sentence at each end found."""
    starts = {c for c in cuts if 0 < c < len(text)}
    ends = [0]
    opened: list[int] = []
    for i, ch in enumerate(text):
        if i in starts:
            ends.append(i)
            opened.clear()
        if ch in OPEN:
            opened.append(i)
        elif ch in CLOSE and opened:
            opened.pop()
        elif ch in END:
            while opened and i - opened[-1] > MAX_BRACKET:
                opened.pop()
            if not opened:
                ends.append(i + 1)
    ends.append(len(text))
    pieces = [(a, text[a:b], b) for a, b in pairwise(ends)]
    return [Sentence(a + len(p) - len(p.lstrip()), b, p.strip()) for a, p, b in pieces if p.strip()]


@given(
    st.text(alphabet=OPEN[:3] + CLOSE[:3] + END + " 子弹a", max_size=60),
    st.lists(st.integers(min_value=-2, max_value=62), max_size=6),
)
def test_sentences_match_the_walk_over_every_character(text: str, cuts: list[int]) -> None:
    assert sentences(text, cuts) == _sentences_by_walk(text, cuts)


def test_a_bracket_left_open_too_long_stops_holding_the_sentence() -> None:
    text = "甲（" + "乙" * (MAX_BRACKET + 5) + "。丙。"
    assert sentences(text) == _sentences_by_walk(text, [])
    assert [s.text for s in sentences(text)][-1] == "丙。"
