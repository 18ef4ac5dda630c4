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

    bug: Callable[[Replies, Mapping[str, Any]], Replies]  # the replies and the case's setup
    report: tuple[tuple[int, str, str], ...] = ()
    error: str = ""  # a word the error line must hold


def _events(replies: Replies, keep: Callable[[dict[str, Any]], bool]) -> Replies:
    return [r for r in replies if r["type"] != "event" or keep(r)]


def _end(replies: Replies, **fields: Any) -> Replies:
    return [{**r, **fields} if r["type"] == "end" else r for r in replies]


def _snapshot(
    at: str, fix: Callable[[dict[str, Any]], None]
) -> Callable[[Replies, Mapping[str, Any]], Replies]:
    def bug(replies: Replies, setup: Mapping[str, Any]) -> Replies:
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


def _crash(replies: Replies, setup: Mapping[str, Any]) -> Replies:
    os._exit(3)


PLANTS: dict[str, Plant] = {
    # the seer's private result lost
    "attack-unprotected-dies": Plant(
        lambda rs, s: _events(rs, lambda e: e["kind"] != "seen"), ((1, "night 1", "feedback[2]"),)
    ),
    # the wrong side wins
    "day-votes-last-one-counts": Plant(
        lambda rs, s: _end(rs, final={"winner": "wolves", "night": 1, "node": "close", "row": "T4"}),
        ((2, "final", "result"),),
    ),
    # a dead player's vote accepted
    "dead-cannot-vote": Plant(lambda rs, s: _end(rs, illegal=None), ((0, "illegal", "illegal"),)),
    # the illegal action refused under another clause
    "protect-same-twice-illegal": Plant(
        lambda rs, s: _end(rs, illegal={"clause": "T1", "night": 2, "actor": 3, "skill": "protect"}),
        ((0, "illegal", "illegal"),),
    ),
    # the saved player reported dead
    "doctor-saves": Plant(
        _snapshot("night 1", _kill("4")), ((0, "night 1", "dead"), (0, "night 1", "alive"))
    ),
    # the storyteller's pick not logged
    "tie-broken-by-the-storyteller": Plant(
        lambda rs, s: _events(rs, lambda e: e["kind"] != "choice"), ((0, "day 1", "events"),)
    ),
    # a legal action refused (the game otherwise as the reference plays it)
    "tie-without-a-pick-takes-the-first": Plant(
        lambda rs, s: _end(rs, illegal={"clause": "T5", "night": 1, "actor": 1, "skill": "vote"}),
        ((-1, "script", "illegal"),),
    ),
    # a reply that breaks the protocol
    "random-play-to-the-end": Plant(
        lambda rs, s: [{**r, "to": "everyone"} if r["type"] == "event" else r for r in rs], error="protocol"
    ),
    # the engine dies: reported, and the next vectors still run
    "wolves-reach-parity": Plant(_crash, error="exited"),
}


def _edit(kind: str, at: str, fix: Callable[[Any], None]) -> Callable[[Replies, Mapping[str, Any]], Replies]:
    """Rewrite the payload of the ``kind`` reply (views / menus / snapshot) at checkpoint ``at``."""
    key = {"views": "views", "menus": "menus", "snapshot": "state"}[kind]

    def bug(replies: Replies, setup: Mapping[str, Any]) -> Replies:
        out = copy.deepcopy(replies)
        for r in out:
            if r["type"] == kind and r["at"] == at:
                fix(r[key])
        return out

    return bug


def _duplicate(kind: str) -> Callable[[Replies, Mapping[str, Any]], Replies]:
    def bug(replies: Replies, setup: Mapping[str, Any]) -> Replies:
        out: Replies = []
        for r in replies:
            out.append(r)
            if r["type"] == "event" and r["kind"] == kind:
                out.append(copy.deepcopy(r))
        return out

    return bug


def _swap_batches(a: str, b: str) -> Callable[[Replies, Mapping[str, Any]], Replies]:
    def bug(replies: Replies, setup: Mapping[str, Any]) -> Replies:
        def is_batch(r: dict[str, Any], key: str) -> bool:
            return r["type"] == "event" and r["kind"] == "batch" and r["data"].get("batch") == key

        i = next(k for k, r in enumerate(replies) if is_batch(r, a))
        j = next(k for k, r in enumerate(replies) if is_batch(r, b))
        out = list(replies)
        out[i], out[j] = out[j], out[i]
        return out

    return bug


def _ledger_role(skill: str, role: str) -> Callable[[Replies, Mapping[str, Any]], Replies]:
    def bug(replies: Replies, setup: Mapping[str, Any]) -> Replies:
        out = copy.deepcopy(replies)
        for r in out:
            if r["type"] == "ledger":
                for e in r["entries"]:
                    if e["skill"] == skill:
                        e["role"] = role
        return out

    return bug


def _under(switch: str, reading: str, bug: Callable[[Replies, Mapping[str, Any]], Replies]) -> Any:
    """A bug only in the runs of one reading."""
    return lambda rs, s: bug(rs, s) if s.get("interpretation", {}).get(switch) == reading else rs


def _set(path: tuple[str, ...], value: Any) -> Callable[[Any], None]:
    def fix(obj: Any) -> None:
        for key in path[:-1]:
            obj = obj.setdefault(key, {})
        obj[path[-1]] = value

    return fix


def _move_to_greyed(seat: str, skill: str, target: int) -> Callable[[Any], None]:
    def fix(menus: Any) -> None:
        entry = menus[seat][skill]
        entry["targets"].remove(target)
        entry["greyed"].append(target)

    return fix


# 返航录's ruleproof-vector/2 vectors: one bug per new word
PLANTS.update(
    {
        # the doctors see the truth of the marks (3.3.10①)
        "v2-infection-mark-views": Plant(
            _edit("views", "night 1", _set(("7", "marks"), {"1": "true", "13": "fake"})),
            ((0, "night 1", "views[7].marks"),),
        ),
        # the cleanse leaks out of the xeno team (5.9⑦)
        "v2-xeno-team-channel": Plant(
            _edit("views", "night 2 step 1", _set(("3", "team_cleansed"), [13])),
            ((1, "night 2 step 1", "views[3].team_cleansed"),),
        ),
        # the immunity notice sent twice (7.2.4)
        "v2-alien-immunity-one-notice": Plant(
            _duplicate("immunity_consumed"),
            (
                (0, "night 1", "feedback_count[15]"),
                (0, "night 1", "feedback_exact[15]"),
                (0, "night 1", "events_count"),
            ),
        ),
        # a dying target removed from the knife menu, a full direction presented
        "v2-menus-greyed-hidden-dying": Plant(
            lambda rs, s: _edit("menus", "night 1 step 7", _move_to_greyed("12", "knife", 3))(
                _edit(
                    "menus",
                    "night 4 step 0.6",
                    _set(("14", "evolve", "options", "direction"), ["sabotage", "infection", "kill"]),
                )(rs, s),
                s,
            ),
            (
                (0, "night 1 step 7", "menus[12].knife.targets"),
                (0, "night 1 step 7", "menus[12].knife.greyed"),
                (3, "night 4 step 0.6", "menus[14].evolve.options.direction"),
            ),
        ),
        # the ferryman's log kept after he is out (4.13.7⑤)
        "v2-ferry-log-voided": Plant(
            _edit("snapshot", "night 2", _set(("players", "9", "ferry_log"), [{"corpse": 1}])),
            ((1, "night 2", "state.ferry_log[9]"),),
        ),
        # the detective's pool kept after his death (4.7.3⑤)
        "v2-detective-pool-voided": Plant(
            _edit("snapshot", "night 2", _set(("players", "9", "detective_pool"), [[3, "crew"]])),
            ((1, "night 2", "state.detective_pool[9]"),),
        ),
        # the ledger books the disguised knife under the presented role (2.8.16②)
        "v2-initiator-ledger-disguise": Plant(_ledger_role("knife", "crew"), ((0, "night 1", "ledger"),)),
        # the exile published before the vote counts
        "v2-day-order-votes-then-exile": Plant(
            _swap_batches("9", "10"), ((1, "day 1", "events_ordered[1]"),)
        ),
        # under next_night only: the next night's silence not applied
        "v2-silence-both-readings": Plant(
            _under(
                "silence.effect_night",
                "next_night",
                lambda rs, s: _events(rs, lambda e: not (e["kind"] == "not_executed" and e["night"] == 4)),
            ),
            ((3, "night 4", "events"),),
        ),
    }
)


class Broken(Adapter):
    def handle(self, msg: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        setup = self.setup
        replies = list(super().handle(msg))
        if msg["type"] == "play" and setup is not None:
            plant = PLANTS.get(str(setup.get("id")))
            if plant is not None:
                replies = plant.bug(replies, setup)
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
