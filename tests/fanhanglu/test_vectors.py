"""Every vector under tests/fanhanglu/vectors replays on the engine with all expectations holding."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.specs.fanhanglu.engine.runner import ENGINE
from ruleproof.text import Document
from ruleproof.vectors import dump_vector, load_vector

VECTORS = sorted((Path(__file__).parent / "vectors").glob("*.json"))

# The areas issue 4 names, by the clause that governs each: every one is cited by some vector.
AREAS = {
    "night steps": "2.1.1",
    "settlement order": "2.1.2",
    "infection death": "2.1.4",
    "quota arrival": "2.1.5",
    "batch publication": "2.1.7",
    "chat": "2.2",
    "votes and exile": "2.3.4",
    "damage layer order": "2.8.2",
    "blocking": "2.8.3",
    "process production": "2.9",
    "damage chain": "4.10.2",
    "dying": "4.10.4",
    "death settlement": "4.10.6",
    "infection": "3.3.3",
    "suppression": "3.3.4",
    "bullet cap": "4.4.6",
    "bounty": "4.4.2",
    "extra bullets": "4.4.3",
    "occupancy": "1.5.1",
    "conversion": "5.5.2",
    "infection layer order": "5.3.3",
    "shutdown tiers": "1.3.2",
    "stall night": "3.2.5",
    "repair cut": "3.2.6",
    "victory order": "1.2.3",
    "extinction": "1.4.1.3",
    "duel": "1.4.2",
    "stalemate": "1.4.3",
    "night cap": "1.5.2",
    "job change": "4.2.1",
    "night immunity": "6.4.2",
    "silence": "6.1.2",
    "awakening": "6.2",
    "disguise": "7.3.2",
    "detective pool": "4.7.3",
    "bodyguard": "4.8.1",
    "sniff": "4.4.8",
    "self-heal": "6.5",
    # issue 7
    "poisoner": "4.6.4",
    "poison layer order": "2.8.2",
    "craftsman": "4.11.2",
    "armor stock": "4.11.3",
    "emergency meeting": "4.9.2",
    "parallel meeting": "2.3.3",
    "eavesdropping": "4.12.1",
    "eavesdrop report": "4.12.2",
    "ferryman": "4.13.1",
    "vaccine": "4.14.4",
    "diagnosis": "4.14.2",
    "mirror ledgers": "2.8.5",
    "transform": "6.8.3",
    "revive": "6.8.4",
    "death-row differences": "6.8.6",
    "strong disguise": "7.3.0",
    "bloodstain": "7.2.7",
    "effective output": "4.10.0",
    "initiator ledger": "2.8.16",
    "escape points": "6.9.1",
    "escape eligibility": "6.9.2",
    "escape window": "6.9.3",
    "escape restriction": "6.9.5",
    "no escape in endgames": "6.9.7",
    "secondary win": "1.2.5",
    "real-time draw": "1.5.3",
    # issue 7 follow-up
    "vote-source map": "4.9.3",
    "accusation marker": "4.9.6",
    "dying visible to doctors and the death-row alien": "7.1.3",
    "visibility granted by name": "2.8.7",
}


def test_there_are_enough_vectors() -> None:
    assert len(VECTORS) >= 80 + 60  # issue 4, then issue 7


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.stem)
def test_vector_replays(path: Path) -> None:
    vec = load_vector(path)
    assert vec.id == path.stem
    assert vec.raw["book"] == "fanhanglu/v1preview1.0"
    mismatches = ENGINE.check_vector(vec)  # every run of a vector with readings
    assert mismatches == [], "\n".join(m.line("en") for m in mismatches)


def test_vectors_are_canonical_json() -> None:
    for path in VECTORS:
        text = path.read_text(encoding="utf-8")
        assert dump_vector(json.loads(text)) == text, path.name


def test_cited_clauses_exist_in_the_text(fanhanglu: Document) -> None:
    for path in VECTORS:
        for clause in json.loads(path.read_text(encoding="utf-8"))["cites"]:
            assert fanhanglu.resolves(clause), (path.name, clause)


def test_every_area_is_covered() -> None:
    cited = {c for p in VECTORS for c in json.loads(p.read_text(encoding="utf-8"))["cites"]}
    missing = {area: clause for area, clause in AREAS.items() if clause not in cited}
    assert missing == {}


def test_every_skill_is_scripted_and_every_escape_window_kind_played() -> None:
    """Every skill of the spec is used by some vector, and the night escape at steps other than 5 too."""
    from ruleproof.specs.fanhanglu.roles import SKILLS

    used: set[str] = set()
    escape_steps: set[str] = set()
    for p in VECTORS:
        for item in json.loads(p.read_text(encoding="utf-8"))["script"]:
            for a in item.get("actions", []):
                used.add(a["skill"])
                if a["skill"] == "night_escape":
                    escape_steps.add(a.get("step", "5"))
            used |= {"vote"} if "votes" in item else set()
            used |= {"meeting_vote"} if "meeting_votes" in item else set()
    assert {s.key for s in SKILLS} - used == set()
    assert {"0.1", "4b", "5", "6"} <= escape_steps


def test_every_switch_reading_is_exercised() -> None:
    from ruleproof.specs.fanhanglu import SWITCHES

    used = set()
    for p in VECTORS:
        raw = json.loads(p.read_text(encoding="utf-8"))
        for reading in [raw.get("interpretation", {}), *raw.get("readings", [])]:
            used |= set(reading.items())
    for s in SWITCHES:
        for reading in s.choices:
            if reading != s.default:
                assert (s.key, reading) in used, (s.key, reading)
