"""The hand-checked vectors (each citing the sections it exercises, checked against the Chinese text) and
the verifier's counterexamples replay on the engine; every interpretation switch has vectors on which its
readings differ."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import pytest

from ruleproof.runtime.model import IllegalAction
from ruleproof.runtime.replay import Mismatch, Outcome
from ruleproof.specs.jiejie140.engine.runner import ENGINE
from ruleproof.specs.jiejie140.interpretations import SWITCHES
from ruleproof.text import Document
from ruleproof.vectors.format import Vector

from .conftest import COUNTEREXAMPLES, VECTORS

Replays = dict[str, tuple[Vector, Outcome, list[Mismatch]]]


def test_at_least_sixty_hand_checked_vectors() -> None:
    assert len(VECTORS) >= 60


@pytest.mark.parametrize("path", [p.name for p in [*VECTORS, *COUNTEREXAMPLES]])
def test_vector_replays(path: str, replays: Replays) -> None:
    vec, _outcome, miss = replays[path]
    assert not miss, [m.line("en") for m in miss]
    assert vec.id == path.removesuffix(".json")


def test_every_cited_section_exists(jiejie: Document, replays: Replays) -> None:
    for vec, _, _ in replays.values():
        for c in vec.raw["cites"]:
            assert c in jiejie.clauses, (vec.id, c)


def test_every_vector_expects_something_checkable(replays: Replays) -> None:
    """No expectation is an empty shell: each names a checkpoint with a check, a final result or an
    illegal action."""
    checks = {"dead", "red", "alive", "announced", "state", "feedback", "no_feedback", "events", "no_events"}
    for vec, _, _ in replays.values():
        for e in vec.expect:
            assert "final" in e or "illegal" in e or checks & set(e), (vec.id, e)


def _flip(raw: dict[str, Any], key: str, value: str) -> dict[str, Any]:
    out = json.loads(json.dumps(raw))
    out["interpretation"] = {**out.get("interpretation", {}), key: value}
    return out


def test_every_switch_has_distinguishing_vectors(replays: Replays) -> None:
    """For every switch and each of its readings there is a vector pinning that reading which fails
    (a mismatch or an unexpected illegal action) when replayed under the other reading."""
    by_switch: dict[str, dict[str, list[Vector]]] = defaultdict(lambda: defaultdict(list))
    for vec, _, _ in replays.values():
        for key, value in vec.raw.get("interpretation", {}).items():
            by_switch[key][value].append(vec)
    for sw in SWITCHES:
        for reading in sw.choices:
            pinned = by_switch[sw.key][reading]
            assert pinned, f"no vector pins {sw.key}={reading}"
            others = [c for c in sw.choices if c != reading]
            distinguished = False
            for vec in pinned:
                for other in others:
                    try:
                        flipped = ENGINE.load(_flip(vec.raw, sw.key, other))
                        out = ENGINE.run_vector(flipped)
                        if ENGINE.check_expectations(flipped, out):
                            distinguished = True
                    except IllegalAction:
                        distinguished = True
                if distinguished:
                    break
            assert distinguished, f"no vector of {sw.key}={reading} tells the readings apart"


def test_counterexamples_show_the_violation(replays: Replays) -> None:
    """Each counterexample the verifier wrote is seen violated by its invariant's monitor on the engine."""
    from ruleproof.invariants.jiejie140 import INVARIANT_BY_NAME

    assert COUNTEREXAMPLES
    for path in COUNTEREXAMPLES:
        name = path.stem.split("--")[0]
        inv = INVARIANT_BY_NAME[name]
        _, outcome, _ = replays[path.name]
        assert inv.monitor(outcome), name  # type: ignore[attr-defined]


def test_vector_files_are_stable(replays: Replays) -> None:
    """Replaying twice gives the same events (determinism)."""
    first = VECTORS[0]
    a = ENGINE.run_vector(first)
    b = ENGINE.run_vector(first)
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]
