"""What the text states of every game of [M124] 血染钟楼, checked on a played game's event log (the random
games of the suite, any replayed vector): each returns the violations it finds, citing its section.

| check | section | the sentence |
|---|---|---|
| ``one_result`` | 胜负判定 | 「双方阵营胜利条件相互排斥」: at most one result, nothing happens after it |
| ``nominations`` | 提名与投票 | 「每个讨论日14:00-19:00，存活角色可以进行提名」「每个角色仅可提名与被提名一次」「在一次提名尚未结束时，不可发起下一次提名」 |
| ``dead_yes_once`` | 提名与投票 | 「角色在死亡后仍需投票，但只有一次机会投“是”」 |
| ``one_vote_execution`` | 处决，死亡与复活 | the day-end rule executes at most one nominee a day, and only when nobody was executed before |
| ``threshold`` | 处决，死亡与复活 | a vote execution's nominee had the unique highest count, twice it ≥ the living count |
| ``day_skills`` | 技能 | 「标明[白天]的技能，只能在每天的9:00-20:00发动，且不能在当天有玩家被处决后发动」 |
| ``night_star`` | 技能 | 「标明[夜晚*]的技能，只能在除了开局夜晚的夜晚发动」 |
| ``undying`` | 常见状态特效 | 「[不死]：在该状态下，受到死亡判定时不会死亡」, and [庇护] against a Demon's, [霸道] against an execution's |
| ``limited_once`` | 技能 | 「标明<限定>的技能，只能发动一次」 (per holding: a new role is fresh) |
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ruleproof.runtime import Event
from ruleproof.specs.botc_m124.roles import SKILL_BY_KEY


@dataclass(frozen=True)
class Violation:
    check: str
    clause: str
    night: int
    message: str


def _minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def one_result(events: Sequence[Event]) -> Iterable[Violation]:
    results = [i for i, e in enumerate(events) if e.kind == "result"]
    if len(results) > 1:
        yield Violation("one_result", "胜负判定", events[results[1]].night, "two results")
    if results:
        after = [e.kind for e in events[results[0] + 1 :] if e.kind not in ("choice",)]
        if after:
            yield Violation(
                "one_result", "胜负判定", events[results[0]].night, f"events after the result: {after}"
            )


def nominations(events: Sequence[Event], spec: Any) -> Iterable[Violation]:
    lo, hi = spec.p("nominate.from"), spec.p("nominate.to")
    dead: set[int] = set()
    per_day: dict[int, tuple[Counter[int], Counter[int]]] = {}
    open_until: dict[int, int] = {}
    for e in events:
        if e.kind in ("death", "red_card") and not e.data.get("registered"):
            dead.add(e.data["player"])
        if e.kind == "nomination":
            d = e.data
            at = _minutes(d["at"])
            made, got = per_day.setdefault(e.night, (Counter(), Counter()))
            made[d["nominator"]] += 1
            got[d["nominee"]] += 1
            if not lo <= at <= hi:
                yield Violation("nominations", "提名与投票", e.night, f"nomination at {d['at']}")
            if d["nominator"] in dead:
                yield Violation("nominations", "提名与投票", e.night, f"dead seat {d['nominator']} nominated")
            if made[d["nominator"]] > spec.p("nominate.per_day") or got[d["nominee"]] > spec.p(
                "nominated.per_day"
            ):
                yield Violation(
                    "nominations", "提名与投票", e.night, f"seat nominated / nominating twice: {d}"
                )
            if open_until.get(e.night, -1) >= at:
                yield Violation("nominations", "提名与投票", e.night, "a nomination while another was open")
            open_until[e.night] = at + spec.p("vote.delay") + spec.p("vote.window")
        if e.kind == "tally":
            open_until[e.night] = -1


def dead_yes_once(events: Sequence[Event], spec: Any) -> Iterable[Violation]:
    dead: set[int] = set()
    counted: Counter[int] = Counter()
    for e in events:
        if e.kind == "death":  # a 丧尸 「被视为死亡」 votes as the dead do
            dead.add(e.data["player"])
        if e.kind == "vote" and e.data["counted"] and e.data["voter"] in dead:
            counted[e.data["voter"]] += 1
            if counted[e.data["voter"]] > spec.p("vote.dead_yes"):
                yield Violation(
                    "dead_yes_once", "提名与投票", e.night, f"dead seat {e.data['voter']} counted twice"
                )


def one_vote_execution(events: Sequence[Event]) -> Iterable[Violation]:
    by_vote: Counter[int] = Counter()
    executed: set[int] = set()
    for e in events:
        if e.kind == "execution":
            if e.data["how"] == "vote":
                by_vote[e.night] += 1
                if e.night in executed or by_vote[e.night] > 1:
                    yield Violation(
                        "one_vote_execution", "处决，死亡与复活", e.night, "a second execution by the votes"
                    )
            executed.add(e.night)


def threshold(events: Sequence[Event], spec: Any) -> Iterable[Violation]:
    tallies: dict[int, dict[int, tuple[int, int]]] = {}
    out: set[int] = set()
    seats = spec.p("players")
    for e in events:
        if e.kind in ("death", "red_card"):
            out.add(e.data["player"])
        if e.kind == "tally":
            tallies.setdefault(e.night, {})[e.data["nominee"]] = (e.data["yes"], e.data["alive"])
        if e.kind == "execution" and e.data["how"] == "vote":
            counts = tallies.get(e.night, {})
            mine, at_tally = counts.get(e.data["player"], (0, 0))
            if any(c >= mine for n, (c, _a) in counts.items() if n != e.data["player"]):
                yield Violation(
                    "threshold", "处决，死亡与复活", e.night, "executed without the unique maximum"
                )
            basis = at_tally if spec.reading("execution.alive_basis") == "at_tally" else seats - len(out)
            if spec.p("execute.factor") * mine < basis:
                yield Violation(
                    "threshold", "处决，死亡与复活", e.night, f"{mine} yes below the threshold ({basis})"
                )


def day_skills(events: Sequence[Event], spec: Any) -> Iterable[Violation]:
    executed: set[int] = set()
    for e in events:
        if e.kind == "execution":
            executed.add(e.night)
        if e.kind == "skill" and SKILL_BY_KEY[e.data["skill"]].time == "白天":
            if e.step != "白天":
                yield Violation("day_skills", "技能", e.night, f"{e.data['skill']} at {e.step}")
            if e.night in executed:
                yield Violation("day_skills", "技能", e.night, f"{e.data['skill']} after an execution")


def night_star(events: Sequence[Event]) -> Iterable[Violation]:
    for e in events:
        if e.kind == "skill" and e.night == 1 and SKILL_BY_KEY[e.data["skill"]].time == "夜晚*":
            yield Violation("night_star", "技能", 1, f"{e.data['skill']} on the opening night")


def undying(events: Sequence[Event]) -> Iterable[Violation]:
    for e in events:
        if e.kind != "judgment" or not e.data["dies"]:
            continue
        shields = set(e.data["statuses"])
        if (
            "不死" in shields
            or ("庇护" in shields and e.data["by_demon"])
            or ("霸道" in shields and e.data["execution"])
        ):
            yield Violation(
                "undying", "常见状态特效", e.night, f"seat {e.data['target']} died through {shields}"
            )


def limited_once(events: Sequence[Event]) -> Iterable[Violation]:
    used: Counter[tuple[int, str]] = Counter()
    for e in events:
        if e.kind in ("role_changed", "cannibal"):
            seat = e.to[0] if e.kind == "role_changed" else e.data["seat"]
            for key in [k for k in used if k[0] == seat]:
                del used[key]
        if e.kind == "skill" and SKILL_BY_KEY[e.data["skill"]].limited:
            key = (e.data["seat"], e.data["skill"])
            used[key] += 1
            if used[key] > 1:
                yield Violation("limited_once", "技能", e.night, f"{key} used twice")


def violations(events: Sequence[Event], spec: Any) -> list[Violation]:
    """Every violation of the checks above on one game's events."""
    return [
        *one_result(events),
        *nominations(events, spec),
        *dead_yes_once(events, spec),
        *one_vote_execution(events),
        *threshold(events, spec),
        *day_skills(events, spec),
        *night_star(events),
        *undying(events),
        *limited_once(events),
    ]


__all__ = ["Violation", "violations"]
