"""The spec-data fingerprint (:func:`ruleproof.smt.cache.spec_fingerprint`) is the same in every process —
else no process reads a verdict another computed — and changes with any value of the data."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ruleproof.smt import cache

SPECS = ("fanhanglu", "genshin165", "jiejie140", "botc_m124", "random41")
PRINT = "from ruleproof.smt import cache\nfor b in {specs!r}: print(cache.spec_fingerprint('ruleproof.specs.' + b))"


def _in_process(hash_seed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run(
        [sys.executable, "-c", PRINT.format(specs=SPECS)], env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.split()


def test_every_book_has_one_fingerprint_whatever_the_hash_seed() -> None:
    """Sets of strings print in hash order, which ``PYTHONHASHSEED`` changes (every process by default):
    genshin165's, botc-m124's and random41's specs hold some.  This process and one child of another hash
    seed (two children before: one process less, the same comparison of two hash orders)."""
    here = [cache.spec_fingerprint(f"ruleproof.specs.{b}") for b in SPECS]
    # this process's hash seed is random unless the variable is set: the child's differs from it
    other = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    assert _in_process(other) == here


@dataclass(frozen=True)
class Row:
    name: str
    tags: frozenset[str]


WORDS = st.text(min_size=1, max_size=4)


@given(st.lists(WORDS, min_size=1, max_size=8, unique=True), st.randoms())
def test_canonical_is_the_order_free_text_of_a_set(words: list[str], rnd: random.Random) -> None:
    shuffled = list(words)
    rnd.shuffle(shuffled)
    a = {"x": (Row("r", frozenset(words)), [set(words)])}
    b = {"x": (Row("r", frozenset(shuffled)), [set(shuffled)])}
    assert cache.canonical(a) == cache.canonical(b)
    c = {"x": (Row("r", frozenset([*words[1:], words[0] + "!"])), [set(words)])}  # one element changed
    assert cache.canonical(a) != cache.canonical(c)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ((1, 2), [1, 2]),  # a tuple is not a list
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),  # a mapping's order may matter to the code reading it
        (Row("r", frozenset()), Row("s", frozenset())),
        (frozenset({"1"}), frozenset({1})),
    ],
)
def test_canonical_tells_apart_what_repr_tells_apart(one: object, other: object) -> None:
    assert repr(one) != repr(other) and cache.canonical(one) != cache.canonical(other)
