"""Arbitrary scripts never crash the engine: every run either completes or stops with a UserError
(an illegal action naming its clause, or a not-implemented rule) — never another exception."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from ruleproof.errors import UserError
from ruleproof.specs.fanhanglu import SKILLS
from ruleproof.specs.fanhanglu.engine import run_vector
from tests.games import run, sizes

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
# the other variant of every seat (1.1.1): hunter, vaccine researcher, poisoner, ferryman, craftsman,
# eavesdropper, death-row alien
ALT = {**STD, "6": "hunter", "7": "vaccine_researcher", "8": "poisoner", "9": "ferryman"}
ALT |= {"10": "craftsman", "11": "eavesdropper", "15": "death_row_alien"}
NIGHT_SKILLS = sorted(s.key for s in SKILLS if s.step != "day")
DAY_SKILLS = sorted(s.key for s in SKILLS if s.step == "day")
ROLE_KEYS = ["crew", "engineer", "sheriff", "xeno", "alien", "armed_crew", "bodyguard", "poisoner"]

player = st.integers(min_value=0, max_value=16)
OPTIONAL = {
    "amount": st.sampled_from([0.2, 0.33, 1.0, 1.5, 2.0, 2.5, 3.0, 9.0]),
    "direction": st.sampled_from(["kill", "infection", "sabotage", "armed_crew", "temp_doctor", "nope"]),
    "identities": st.lists(st.sampled_from(ROLE_KEYS), max_size=3),
    "product": st.sampled_from(["rescue", "heal", "gold"]),
    "silence": st.booleans(),
    "strong": st.booleans(),
    "accept": player,
    "corpse": player,
    "kinds": st.lists(st.sampled_from(["regular", "quick", "gold"]), max_size=3),
    "step": st.sampled_from(["0.1", "2", "4b", "5", "8", "9", "day", "x"]),
}


def actions(skills: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"actor": player, "skill": st.sampled_from(skills), "targets": st.lists(player, max_size=3)},
        optional=OPTIONAL,
    )


votes = st.dictionaries(st.integers(1, 15).map(str), player, max_size=6)
night = st.fixed_dictionaries(
    {"night": st.integers(1, 7), "actions": st.lists(actions(NIGHT_SKILLS), max_size=4)},
    optional={"meeting_votes": votes},
)
day = st.fixed_dictionaries(
    {"day": st.integers(1, 6), "votes": votes},
    optional={
        "actions": st.lists(actions(DAY_SKILLS), max_size=2),
        "clock": st.integers(0, 300),
        "draw_votes": st.dictionaries(st.integers(1, 15).map(str), st.booleans(), max_size=4),
    },
)


@sizes(full=400, quick=50)
def test_arbitrary_scripts_end_cleanly(games: int) -> None:
    """400 arbitrary scripts under heavy (.ci/run runs it every time), 50 in the suite (tests/games.py)."""
    run(
        games,
        script_ends_cleanly,
        st.lists(st.one_of(night, day), max_size=6),
        st.sampled_from([STD, ALT]),
        too_slow=True,
    )


def script_ends_cleanly(script: list[dict[str, Any]], players: dict[str, str]) -> None:
    vector = {
        "format": "ruleproof-vector/1",
        "book": "fanhanglu/v1preview1.0",
        "id": "fuzz",
        "cites": ["2.1.1"],
        "setup": {"players": players},
        "script": script,
        "run": "random",
        "expect": [{"final": None}],
    }
    try:
        run_vector(vector)
    except UserError as exc:
        assert exc.zh and exc.en
