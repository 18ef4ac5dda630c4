"""The reader's heading chain (``headings.choose_chain``) is the heaviest numbering-consistent subsequence of
the heading candidates under the pairwise successor rule below — the definition the reader used to evaluate
for every pair of candidates (quadratic); it now looks each candidate's possible predecessors up by key.
Both must choose the same chain: on every bundled book and on any sequence of ids."""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.books import BOOKS, load_source
from ruleproof.text import headings
from ruleproof.text.decode import decode
from ruleproof.text.headings import Candidate, choose_chain, find_candidates
from ruleproof.text.normalize import normalize


def successor_cost(a: tuple[int, ...], b: tuple[int, ...]) -> int | None:
    """How plausible it is that heading ``b`` directly follows heading ``a``; None if it cannot."""
    if b <= a:
        return None
    if b[: len(a)] == a:  # descend
        if len(b) != len(a) + 1:
            return None
        return {0: 0, 1: 0, 2: 1}.get(b[-1])
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    jump = b[p] - a[p]
    if p == 0:
        if jump > 2:
            return None
        cost = (jump - 1) * 2
    else:
        if jump > 4:
            return None
        cost = jump - 1
    for part in b[p + 1 :]:
        if part > 2:
            return None
        cost += max(0, part - 1)
    return cost


def pairwise_chain(cands: list[Candidate]) -> list[int]:
    """The chain by asking :func:`successor_cost` of every pair (the reader's former ``choose_chain``)."""
    n = len(cands)
    if n == 0:
        return []
    best = [c.weight for c in cands]
    prev = [-1] * n
    keys = [c.key for c in cands]
    for j in range(n):
        for i in range(j):
            cost = successor_cost(keys[i], keys[j])
            if cost is None:
                continue
            value = best[i] + cands[j].weight - cost
            if value > best[j]:
                best[j] = value
                prev[j] = i
    end = max(range(n), key=lambda k: (best[k], -k))
    chain: list[int] = []
    while end != -1:
        chain.append(end)
        end = prev[end]
    return chain[::-1]


@functools.cache
def _candidates(book: str) -> list[Candidate]:
    text, _ = decode(load_source(f"bundled:{book}").data, book)
    lines = normalize(text).split("\n")
    return find_candidates(lines, len(lines))


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_the_chain_of_every_bundled_book_is_the_pairwise_one(book: str) -> None:
    cands = _candidates(book)
    assert choose_chain(cands) == pairwise_chain(cands)


_KEYS = st.lists(st.integers(0, 7), min_size=1, max_size=4).map(tuple)


@settings(max_examples=150)
@given(
    st.lists(st.tuples(_KEYS, st.booleans(), st.booleans(), st.booleans()), max_size=40),
)
def test_the_chain_of_any_ids_is_the_pairwise_one(
    rows: list[tuple[tuple[int, ...], bool, bool, bool]],
) -> None:
    """Any ids in any order, with weights that differ (line start, after a full stop, title-like): the
    same chain, ties included (the first best predecessor, the first best end)."""
    base = _candidates("fanhanglu")[0]
    cands = [
        replace(
            base,
            id=".".join(map(str, key)),
            line_start=start,
            after_terminal=terminal,
            title_like=titled,
        )
        for key, start, terminal, titled in rows
    ]
    assert choose_chain(cands) == pairwise_chain(cands)


def test_every_pair_the_lookup_offers_is_a_pair_the_rule_allows() -> None:
    """:func:`headings._predecessors` against the rule, over every pair of short ids: the same pairs, the
    same costs."""
    ids = [(a,) for a in range(6)] + [(a, b) for a in range(4) for b in range(6)]
    ids += [(a, b, c) for a in range(3) for b in range(4) for c in range(4)]
    pairs = 0
    for b in ids:
        offered: dict[tuple[int, ...], int] = {}
        for key, exact, cost in headings._predecessors(b):
            for a in ids:
                if a == key if exact else a[: len(key)] == key:
                    assert a not in offered, (a, b)
                    offered[a] = cost
        allowed = {a: c for a in ids if (c := successor_cost(a, b)) is not None}
        assert offered == allowed, b
        pairs += len(allowed)
    assert pairs > 500  # (descents, moves on at each level, with costs 0–3)


def test_a_tie_goes_to_the_first_candidate_in_the_text() -> None:
    """2.1 may follow 1.7 (moving on at the top) or 2.0.5 (moving on below 2) at the same cost and weight: the
    chain takes 1.7, the first in the text, whichever way the predecessors are looked up."""
    base = _candidates("fanhanglu")[0]
    cands = [replace(base, id=i) for i in ("1.7", "2.0.5", "2.1")]
    assert choose_chain(cands) == pairwise_chain(cands) == [0, 2]
