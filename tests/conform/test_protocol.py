"""The protocol's reader never crashes on what an engine sends: any JSON value in any reply field gives a
reply or a ProtocolError, and a well-formed stream round-trips into the outcome ``replay`` checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.cli.cmd_replay import load
from ruleproof.conform.protocol import ProtocolError, decode, encode, read_replies
from ruleproof.conform.runner import judge
from ruleproof.runtime.replay import Mismatch
from ruleproof.vectors.format import Vector
from tests.games import sizes

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
) | st.sampled_from(["night 1", "night 1 step 7", "night 2 step 3", "night 4 step 0.6", "night 3"])
TYPES = st.sampled_from(["event", "snapshot", "views", "menus", "ledger", "end", "error", "other"])
KEYS = st.sampled_from(  # the reply fields, with the vector's checkpoints among the values
    [
        "night",
        "step",
        "kind",
        "audience",
        "to",
        "data",
        "at",
        "state",
        "views",
        "menus",
        "entries",
        "final",
        "illegal",
        "message",
    ]
)
VEC = Vector(raw={"id": "x", "book": "b/1", "expect": []}, path="x")
BOOK, RUN = load(
    Path(__file__).resolve().parents[1] / "fanhanglu" / "vectors" / "v2-menus-greyed-hidden-dying.json"
)


STREAMS = st.lists(
    st.builds(lambda t, kv: {"type": t, **kv}, TYPES, st.dictionaries(KEYS, JSON, max_size=5)), max_size=6
)


def judged_or_refused(replies: list[dict[str, Any]]) -> None:
    try:
        reply = read_replies(RUN, [*replies, {"type": "end"}])
    except ProtocolError:
        return
    if reply.outcome is None:
        assert isinstance(reply.error, str)
        return
    judged = judge(BOOK, RUN, reply.outcome, ["3.3.10"])
    assert isinstance(judged, str) or all(isinstance(m, Mismatch) for m in judged)


@sizes(full=300, quick=60)
def test_any_reply_stream_is_judged_or_refused_never_a_crash(games: int) -> None:
    """Whatever an engine sends, the runner reports mismatches or an error: read_replies gives a reply or a
    ProtocolError, and judging a reply against a real vector gives mismatches or an error line.  Fresh
    random streams every run: 60 in the suite, 300 in the heavy job."""
    settings(max_examples=games, deadline=None)(given(STREAMS)(judged_or_refused))()


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_any_line_decodes_or_is_a_protocol_error(line: str) -> None:
    try:
        msg = decode(line)
    except ProtocolError:
        return
    assert isinstance(msg["type"], str) and decode(encode(msg)) == msg


def test_a_well_formed_stream_round_trips() -> None:
    replies = [
        {
            "type": "event",
            "night": 1,
            "step": "7",
            "kind": "hit",
            "audience": "system",
            "to": [],
            "data": {"a": 1},
        },
        {
            "type": "event",
            "night": 1,
            "step": "8",
            "kind": "dying_view",
            "audience": "private",
            "to": [7],
            "data": {},
        },
        {"type": "snapshot", "at": "night 1", "state": {"countdown": 23, "players": {"1": {"alive": True}}}},
        {"type": "views", "at": "night 1", "views": {"7": {"marked": [1]}}},
        {
            "type": "menus",
            "at": "night 1 step 3",
            "menus": {"10": {"protect": {"targets": [1], "greyed": [2]}}},
        },
        {"type": "ledger", "entries": [{"night": 1, "step": "7", "initiator": 12}]},
        {"type": "end", "final": {"winner": "humans"}, "illegal": None},
    ]
    reply = read_replies(VEC, [decode(encode(r)) for r in replies])
    out = reply.outcome
    assert out is not None and reply.error is None
    assert [(e.night, e.step, e.kind, e.to) for e in out.events] == [
        (1, "7", "hit", ()),
        (1, "8", "dying_view", (7,)),
    ]
    assert out.snapshots["night 1"]["countdown"] == 23 and out.views["night 1"]["7"] == {"marked": [1]}
    assert out.menus["night 1 step 3"]["10"]["protect"]["greyed"] == [2] and out.ledger[0]["initiator"] == 12
    assert out.result_json() == {"winner": "humans"} and out.illegal_json() is None
    assert read_replies(VEC, [{"type": "error", "message": "no such book"}]).error == "no such book"
