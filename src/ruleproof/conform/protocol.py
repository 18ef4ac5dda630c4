"""The conformance protocol ``ruleproof-conform/1``: how ``ruleproof conform`` talks to another engine.

One JSON object per line, UTF-8, on the engine's stdin (requests) and stdout (replies); the engine's
stderr is kept for the report.  The protocol knows no book: a book's words travel inside the messages
(the vector's setup and script items, the state fields, the event kinds) and are the book's vocabulary
(``ruleproof vocab --book KEY``).  docs/conformance.md documents every message with an example.

Requests (runner → engine):

* ``{"type": "hello", "protocol": "ruleproof-conform/1"}`` — first; the engine answers
  ``{"type": "hello", "protocol": …, "engine": NAME, "books": [BOOK_ID, …]}``;
* per case (a vector, or one run of a vector with ``readings``): ``setup`` — the vector's header (``book``,
  ``id``, ``cites``, ``interpretation``, ``params``, ``setup``), ``run`` (``script`` / ``pass`` /
  ``random``), ``until`` (``{"half": "night" | "day", "round": N}``: with ``run: script`` the game stops after
  that half-round) and ``observe`` (the checkpoints whose state, the checkpoints whose private views, the
  decisions whose menus to report, and whether to report the initiator ledger); then one ``decisions`` per
  script item (``{"type": "decisions", "item": {…}}``, in the vector's order); then ``{"type": "play"}``;
* ``{"type": "bye"}`` — last; the engine exits.

Replies to ``play`` (engine → runner), in any order, ending with ``end``:

* ``{"type": "event", "night", "step", "kind", "audience", "to", "data"}`` — every event, in the order it
  happened (public batches, private feedback, the referee's system log);
* ``{"type": "snapshot", "at": CHECKPOINT, "state": {…, "players": {seat: {…}}}}``;
* ``{"type": "views", "at": CHECKPOINT, "views": {seat: {key: value}}}``;
* ``{"type": "menus", "at": "night N step S", "menus": {seat: {skill: {targets, greyed, options}}}}``;
* ``{"type": "ledger", "entries": [{night, step, initiator, role, skill, targets}, …]}``;
* ``{"type": "end", "final": RESULT | null, "illegal": {clause, night, actor, skill} | null}`` — the result
  of the game (null: not over when it stopped) and the first action the engine refused (the game stops
  there);
* or, instead of all these, ``{"type": "error", "message": "…"}`` — the engine cannot run the case
  (a book or a word it does not implement): the case is reported as an error, the session goes on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ruleproof.runtime.model import Event
from ruleproof.runtime.replay import BookEngine, Observe, Outcome
from ruleproof.vectors.format import Vector

PROTOCOL = "ruleproof-conform/1"
REPLY_TYPES = ("event", "snapshot", "views", "menus", "ledger", "end", "error")
HEADER_KEYS = ("book", "id", "cites", "interpretation", "params", "setup")


class ProtocolError(Exception):
    """A reply that breaks the protocol (not JSON, an unknown type, a field of the wrong type)."""


def hello() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL}


def case_requests(engine: BookEngine, vec: Vector, case: str) -> list[dict[str, Any]]:
    """The requests of one case: ``setup``, one ``decisions`` per script item, ``play``."""
    half, round_ = engine.stop_point(vec)
    setup: dict[str, Any] = {"type": "setup", "case": case}
    setup.update({k: vec.raw[k] for k in HEADER_KEYS if k in vec.raw})
    setup["run"] = vec.run_mode
    setup["until"] = {"half": half, "round": round_}
    setup["observe"] = {
        **Observe.of(vec).to_json(),
        "ledger": any("ledger" in e for e in vec.expect),
    }
    out = [setup]
    out += [{"type": "decisions", "item": item} for item in vec.raw["script"]]
    out.append({"type": "play"})
    return out


def encode(msg: Mapping[str, Any]) -> str:
    """One protocol line (compact, UTF-8 text, keys in the sender's order)."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":")) + "\n"


def decode(line: str) -> dict[str, Any]:
    try:
        msg = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not JSON ({exc.msg}): {line[:120]!r}") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError(f"not an object with a type: {line[:120]!r}")
    return msg


def _need(msg: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = msg.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ProtocolError(f"{msg.get('type')}: {key} missing or of the wrong type: {value!r}")
    return value


def _seat_map(msg: Mapping[str, Any], key: str) -> dict[str, dict[str, Any]]:
    value: dict[str, dict[str, Any]] = _need(msg, key, dict)
    for seat, item in value.items():
        if not str(seat).isdigit() or not isinstance(item, dict):
            raise ProtocolError(f"{msg['type']}: {key} maps seat numbers to objects: {seat!r}")
    return value


@dataclass
class Reply:
    """The replies of one case, read into the runtime's :class:`Outcome` (or the engine's error)."""

    outcome: Outcome | None
    error: str | None = None


def read_replies(vec: Vector, messages: Sequence[Mapping[str, Any]]) -> Reply:
    """The replies to one ``play`` (up to and including ``end`` or ``error``) as an :class:`Outcome`.
    Raises :class:`ProtocolError` for a reply that breaks the protocol."""
    out = Outcome(vec.id, None, None, [])
    for msg in messages:
        kind = msg.get("type")
        if kind == "error":
            return Reply(None, str(msg.get("message", "")))
        if kind == "event":
            to = msg.get("to", [])
            if not isinstance(to, list) or not all(isinstance(x, int) for x in to):
                raise ProtocolError(f"event: to must be a list of seats: {to!r}")
            out.events.append(
                Event(
                    _need(msg, "night", int),
                    str(_need(msg, "step", (str, int, float))),
                    _need(msg, "kind", str),
                    _need(msg, "audience", str),
                    tuple(to),
                    _need(msg, "data", dict) if "data" in msg else {},
                )
            )
        elif kind == "snapshot":
            state = _need(msg, "state", dict)
            if "players" in state:
                _seat_map(state, "players")
            out.snapshots[_need(msg, "at", str)] = state
        elif kind == "views":
            out.views[_need(msg, "at", str)] = _seat_map(msg, "views")
        elif kind == "menus":
            out.menus[_need(msg, "at", str)] = _seat_map(msg, "menus")
        elif kind == "ledger":
            entries = _need(msg, "entries", list)
            if not all(isinstance(x, dict) for x in entries):
                raise ProtocolError("ledger: entries are objects")
            out.ledger.extend(entries)
        elif kind == "end":
            final, illegal = msg.get("final"), msg.get("illegal")
            if final is not None and not isinstance(final, dict):
                raise ProtocolError(f"end: final is an object or null: {final!r}")
            if illegal is not None and not isinstance(illegal, dict):
                raise ProtocolError(f"end: illegal is an object or null: {illegal!r}")
            out.final, out.illegal = final, illegal
            return Reply(out)
        else:
            raise ProtocolError(f"unknown reply type {kind!r} (known: {', '.join(REPLY_TYPES)})")
    raise ProtocolError("the replies ended without end or error")


__all__ = [
    "HEADER_KEYS",
    "PROTOCOL",
    "REPLY_TYPES",
    "ProtocolError",
    "Reply",
    "case_requests",
    "decode",
    "encode",
    "hello",
    "read_replies",
]
