"""Every interpretation switch of [M124] 血染钟楼 has a distinguishing pair: for each reading a vector
``switch-<switch>-<reading>`` pinned to it, and each such vector, replayed with the switch turned to the
other reading, no longer holds — so the readings differ in play, on a scenario an author can read."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from ruleproof.errors import UserError
from ruleproof.specs.botc_m124.engine.runner import ENGINE
from ruleproof.specs.botc_m124.interpretations import SWITCHES

ROOT = Path(__file__).resolve().parents[2]
PATHS = sorted((ROOT / "tests" / "botc_m124" / "vectors").glob("*.json")) + sorted(
    (ROOT / "counterexamples" / "botc_m124").glob("*.json")
)
RAW = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in PATHS}


def pair_id(switch: str, reading: str) -> str:
    """The id of the vector that pins ``reading`` of ``switch``: ``switch-<switch>-<reading>``."""
    return f"switch-{switch}-{reading}".replace(".", "-").replace("_", "-")


PAIRS = [(s.key, r) for s in SWITCHES for r in s.choices]


@pytest.mark.parametrize(("switch", "reading"), PAIRS)
def test_every_reading_has_its_vector(switch: str, reading: str) -> None:
    raw = RAW.get(pair_id(switch, reading))
    assert raw is not None, pair_id(switch, reading)
    assert (raw.get("interpretation") or {}).get(switch) == reading


def _flipped_mismatches(raw: dict[str, object], switch: str, reading: str) -> int:
    other = copy.deepcopy(raw)
    interp = dict(other.get("interpretation") or {})  # type: ignore[call-overload]
    interp[switch] = reading
    other["interpretation"] = interp
    try:
        vec = ENGINE.load(other)
        outcome = ENGINE.run_vector(vec)
    except UserError:
        return 1  # the other reading makes the script illegal: a difference too
    return len(ENGINE.check_expectations(vec, outcome))


@pytest.mark.parametrize(("switch", "reading"), PAIRS)
def test_each_vector_fails_under_the_other_readings(switch: str, reading: str) -> None:
    raw = RAW.get(pair_id(switch, reading))
    if raw is None:
        pytest.fail(f"no vector {pair_id(switch, reading)}")
    choices = next(s.choices for s in SWITCHES if s.key == switch)
    for other in choices:
        if other != reading:
            assert _flipped_mismatches(raw, switch, other) > 0, (switch, reading, other)
