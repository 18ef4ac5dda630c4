"""Arbitrary scripts never crash the engine: every run either completes or stops with a UserError
(an illegal action naming its clause, or a not-implemented rule) — never another exception."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruleproof.engine import run_vector
from ruleproof.errors import UserError
from ruleproof.specs.fanhanglu import SKILLS

STD = {
    str(i): r
    for i, r in enumerate(
        ["crew"] * 4
        + [
            "engineer",
            "sheriff",
            "bio_doctor",
            "rescue_doctor",
            "detective",
            "bodyguard",
            "vote_inspector",
            "xeno",
            "xeno",
            "xeno",
            "alien",
        ],
        1,
    )
}
NIGHT_SKILLS = sorted(s.key for s in SKILLS if s.step != "day")
ROLE_KEYS = ["crew", "engineer", "sheriff", "xeno", "alien", "armed_crew", "bodyguard"]

player = st.integers(min_value=0, max_value=16)
action = st.fixed_dictionaries(
    {"actor": player, "skill": st.sampled_from(NIGHT_SKILLS), "targets": st.lists(player, max_size=3)},
    optional={
        "amount": st.sampled_from([0.2, 0.33, 1.0, 1.5, 2.0, 2.5, 3.0, 9.0]),
        "direction": st.sampled_from(["kill", "infection", "sabotage", "armed_crew", "temp_doctor", "nope"]),
        "identities": st.lists(st.sampled_from(ROLE_KEYS), max_size=3),
        "product": st.sampled_from(["rescue", "heal", "gold"]),
        "silence": st.booleans(),
        "accept": player,
    },
)
night = st.fixed_dictionaries({"night": st.integers(1, 7), "actions": st.lists(action, max_size=4)})
day = st.fixed_dictionaries(
    {"day": st.integers(1, 6), "votes": st.dictionaries(st.integers(1, 15).map(str), player, max_size=6)}
)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(night, day), max_size=6))
def test_arbitrary_scripts_end_cleanly(script: list[dict[str, Any]]) -> None:
    vector = {
        "format": "ruleproof-vector/1",
        "book": "fanhanglu/v1preview1.0",
        "id": "fuzz",
        "cites": ["2.1.1"],
        "setup": {"players": STD},
        "script": script,
        "run": "random",
        "expect": [{"final": None}],
    }
    try:
        run_vector(vector)
    except UserError as exc:
        assert exc.zh and exc.en
