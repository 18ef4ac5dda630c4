"""A deliberately broken engine: the reference adapter with planted bugs, one per vector named in PLANTS.

    python tests/conform/broken_engine.py [--extra BOOK_ID=MODULE:OBJECT …]

Each plant rewrites the replies the reference engine gives for one vector — a dropped message, a wrong
result, an accepted illegal action, a refused legal one, a reply that breaks the protocol, a crash — and
names exactly what ``ruleproof conform`` must report for it: the mismatches (expectation index in the
vector, checkpoint, what was compared) or an error.  tests/conform/test_conform.py checks that the report
holds every planted mismatch and nothing else.  The plants are on the toy game's vectors
(tests/runtime/toy/vectors/) and on 返航录's ruleproof-vector/2 vectors (tests/fanhanglu/vectors/).
"""

from __future__ import annotations

import copy
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: the toy game's package

from ruleproof.conform.protocol import decode, encode
from ruleproof.conform.reference import Adapter, _extra_engines

Replies = list[dict[str, Any]]


@dataclass(frozen=True)
class Plant:
    """A bug: how it rewrites the replies, and what the runner must report — ``(expectation index, where,
    what)`` per mismatch (index -1: an action refused that the vector does not expect), or ``error``."""

    bug: Callable[[Replies], Replies]
    report: tuple[tuple[int, str, str], ...] = ()
    error: str = ""  # a word the error line must hold


def _events(replies: Replies, keep: Callable[[dict[str, Any]], bool]) -> Replies:
    return [r for r in replies if r["type"] != "event" or keep(r)]


def _end(replies: Replies, **fields: Any) -> Replies:
    return [{**r, **fields} if r["type"] == "end" else r for r in replies]


def _snapshot(at: str, fix: Callable[[dict[str, Any]], None]) -> Callable[[Replies], Replies]:
    def bug(replies: Replies) -> Replies:
        out = copy.deepcopy(replies)
        for r in out:
            if r["type"] == "snapshot" and r["at"] == at:
                fix(r["state"])
        return out

    return bug


def _kill(seat: str) -> Callable[[dict[str, Any]], None]:
    def fix(state: dict[str, Any]) -> None:
        state["players"][seat].update(alive=False, out="dead")

    return fix


def _crash(replies: Replies) -> Replies:
    os._exit(3)


PLANTS: dict[str, Plant] = {
    # the seer's private result lost
    "attack-unprotected-dies": Plant(
        lambda rs: _events(rs, lambda e: e["kind"] != "seen"), ((1, "night 1", "feedback[2]"),)
    ),
    # the wrong side wins
    "day-votes-last-one-counts": Plant(
        lambda rs: _end(rs, final={"winner": "wolves", "night": 1, "node": "close", "row": "T4"}),
        ((2, "final", "result"),),
    ),
    # a dead player's vote accepted
    "dead-cannot-vote": Plant(lambda rs: _end(rs, illegal=None), ((0, "illegal", "illegal"),)),
    # the illegal action refused under another clause
    "protect-same-twice-illegal": Plant(
        lambda rs: _end(rs, illegal={"clause": "T1", "night": 2, "actor": 3, "skill": "protect"}),
        ((0, "illegal", "illegal"),),
    ),
    # the saved player reported dead
    "doctor-saves": Plant(
        _snapshot("night 1", _kill("4")), ((0, "night 1", "dead"), (0, "night 1", "alive"))
    ),
    # the storyteller's pick not logged
    "tie-broken-by-the-storyteller": Plant(
        lambda rs: _events(rs, lambda e: e["kind"] != "choice"), ((0, "day 1", "events"),)
    ),
    # a legal action refused (the game otherwise as the reference plays it)
    "tie-without-a-pick-takes-the-first": Plant(
        lambda rs: _end(rs, illegal={"clause": "T5", "night": 1, "actor": 1, "skill": "vote"}),
        ((-1, "script", "illegal"),),
    ),
    # a reply that breaks the protocol
    "random-play-to-the-end": Plant(
        lambda rs: [{**r, "to": "everyone"} if r["type"] == "event" else r for r in rs], error="protocol"
    ),
    # the engine dies: reported, and the next vectors still run
    "wolves-reach-parity": Plant(_crash, error="exited"),
}


class Broken(Adapter):
    def handle(self, msg: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        setup = self.setup
        replies = list(super().handle(msg))
        if msg["type"] == "play" and setup is not None:
            plant = PLANTS.get(str(setup.get("id")))
            if plant is not None:
                replies = plant.bug(replies)
        yield from replies


def main() -> int:
    extra = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--extra=")]
    adapter = Broken(_extra_engines(extra))
    for line in sys.stdin:
        msg = decode(line)
        if msg["type"] == "bye":
            break
        for reply in adapter.handle(msg):
            sys.stdout.write(encode(reply))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
