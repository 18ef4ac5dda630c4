"""Replaying ``ruleproof-vector/1`` vectors: :func:`run_vector` → :class:`Outcome`, then
:func:`check_expectations` → the list of mismatches (empty when every expectation holds).

An illegal action raises :class:`IllegalAction` (naming the clause) unless the vector itself expects it
with ``{"illegal": {"clause": …}}``.  Outcomes carry the event log, the batches, the private feedback,
the result and state snapshots — at every checkpoint an expectation names, and with ``trace=True`` at
every night start, after every step 0.6 (the stock held before shooting), after every step 9, at every
night end and after every day (for invariant checkers, issue 5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruleproof.errors import BadInput, UserError
from ruleproof.specs.fanhanglu import Spec, load_spec, to_internal
from ruleproof.specs.fanhanglu.engine.game import Game, Result
from ruleproof.specs.fanhanglu.engine.model import Action, Event, IllegalAction, NotImplementedRule
from ruleproof.specs.fanhanglu.engine.policy import PassPolicy, RandomPolicy, ScriptPolicy
from ruleproof.specs.fanhanglu.engine.setup import validate_roles
from ruleproof.specs.fanhanglu.roles import SKILL_BY_KEY, skill_steps
from ruleproof.specs.fanhanglu.tables import STEP_INDEX
from ruleproof.specs.fanhanglu.vocab import FIELD_BY_KEY
from ruleproof.vectors.format import ActionSpec, Vector, load_vector, parse_after, parse_vector


@dataclass
class Outcome:
    """What a replay produced."""

    vector_id: str
    spec: Spec
    result: Result | None
    events: list[Event]
    snapshots: dict[str, dict[str, Any]] = field(default_factory=dict)
    trace: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    error: IllegalAction | None = None
    roles: list[str] = field(default_factory=list)

    def batches(self) -> list[Event]:
        return [e for e in self.events if e.kind == "batch"]

    def feedback(self, player: int) -> list[Event]:
        return [e for e in self.events if e.audience == "private" and player in e.to]

    def to_json(self) -> dict[str, Any]:
        return {
            "vector": self.vector_id,
            "result": self.result.to_json() if self.result else None,
            "error": {"clause": self.error.clause, "message": self.error.en} if self.error else None,
            "events": [e.to_json() for e in self.events],
        }


@dataclass
class Mismatch:
    index: int  # which expectation
    where: str  # its checkpoint ("night 5", "final", …)
    what: str  # the key that failed
    expected: Any
    actual: Any
    cites: list[str]

    def line(self, lang: str = "zh") -> str:
        cites = ",".join(self.cites)
        if lang == "en":
            return f"expect[{self.index}] {self.where}: {self.what}: expected {self.expected!r}, got {self.actual!r} (cites {cites})"
        return f"expect[{self.index}] {self.where}：{self.what} 期望 {self.expected!r}，实得 {self.actual!r}（条款 {cites}）"


def to_action(a: ActionSpec) -> Action:
    return Action(
        a.actor,
        a.skill,
        a.targets,
        amount=a.amount,
        direction=a.direction,
        identities=a.identities,
        product=a.product,
        silence=a.silence,
        strong=a.strong,
        accept=a.accept,
        corpse=a.corpse,
        kinds=a.kinds,
        step=a.step,
        sessions=a.sessions,
        content=a.content,
    )


def spec_for(vec: Vector) -> Spec:
    overrides = {k: to_internal(k, v) for k, v in vec.raw.get("params", {}).items()}
    return load_spec(overrides=overrides, interpretation=vec.raw.get("interpretation", {}))


def _labels(vec: Vector) -> set[str]:
    out = set()
    for e in vec.expect:
        if "after" in e:
            out.add(e["after"])
    return out


def _check_skills(vec: Vector) -> None:
    """Every scripted skill exists, is implemented, and acts in its part of the script: night skills in
    night items, day skills (votes, reports, investigations, escape) in day items."""
    for n, acts, day in [(n, a, False) for n, a in sorted(vec.nights.items())] + [
        (n, a, True) for n, a in sorted(vec.days.items())
    ]:
        for a in acts:
            sdef = SKILL_BY_KEY.get(a.skill)
            if sdef is None:
                raise BadInput(
                    f"{vec.path}：第 {n} 夜未知技能 {a.skill}（见 ruleproof vocab）",
                    f"{vec.path}: night {n}: unknown skill {a.skill}",
                )
            if not sdef.implemented:
                raise NotImplementedRule(
                    f"技能 {a.skill}（{sdef.zh}，{sdef.clause}）尚未实现（{sdef.issue}）",
                    f"skill {a.skill} ({sdef.clause}) is not implemented yet ({sdef.issue})",
                )
            if a.step is not None and (day or a.step not in skill_steps(sdef)):
                steps = "∕".join(skill_steps(sdef)) if not day and sdef.windows else sdef.step
                raise BadInput(
                    f"{vec.path}：第 {n} 夜 {a.skill} 之 step 须为其可执行之步骤（{steps}）",
                    f"{vec.path}: night {n}: the step of {a.skill} must be one of its steps ({steps})",
                )
            if (sdef.step == "day") != day:
                where = ("day", "白天") if sdef.step == "day" else ("night", "夜间")
                raise BadInput(
                    f"{vec.path}：{a.skill} 于{where[1]}行动，须写在 {where[0]} 项",
                    f"{vec.path}: {a.skill} acts by {where[0]}; use a {where[0]} item",
                )


def _stop_point(vec: Vector) -> tuple[str, int]:
    """Where a ``run: script`` replay stops: the later of the last scripted item and the last checkpoint an
    expectation names (nights and days in between pass)."""
    points = [vec.last]
    for label in _labels(vec):
        kind, n, _ = parse_after(label)
        points.append((kind, n))
    return max(points, key=lambda item: (item[1], 1 if item[0] == "day" else 0))


def run_vector(vector: Vector | Mapping[str, Any] | str | Path, *, trace: bool = False) -> Outcome:
    """Run a vector's script on the engine."""
    if isinstance(vector, Vector):
        vec = vector
    elif isinstance(vector, str | Path):
        vec = load_vector(vector)
    else:
        vec = parse_vector(dict(vector))
    spec = spec_for(vec)
    roles = validate_roles(spec, vec.raw["setup"]["players"])
    _check_skills(vec)
    seed = int(vec.raw["setup"].get("seed", 0))
    mode = vec.run_mode
    fallback: PassPolicy | RandomPolicy | None = None
    if mode == "pass":
        fallback = PassPolicy()
    elif mode == "random":
        fallback = RandomPolicy(seed)
    policy = ScriptPolicy(
        {n: [to_action(a) for a in acts] for n, acts in vec.nights.items()},
        {n: [to_action(a) for a in acts] for n, acts in vec.days.items()},
        vec.orders,
        draws=vec.draws,
        fallback=fallback,
        last=_stop_point(vec)[1],
    )
    wanted = _labels(vec)
    snapshots: dict[str, dict[str, Any]] = {}
    traced: list[tuple[str, dict[str, Any]]] = []

    def observe(g: Game, night: int, step: str) -> None:
        labels = []
        if step == "day":
            labels.append(f"day {night}")
        else:
            labels.append(f"night {night} step {step}")
            if step == "arrival":
                labels.append(f"night {night} start")
            if step == "11" or g.result is not None:
                labels.append(f"night {night}")
        take = [lb for lb in labels if lb in wanted]
        keep = trace and (step in ("arrival", "0.6", "9", "day") or f"night {night}" in labels)
        if take or keep:
            snap = g.snapshot()
            for lb in take:
                snapshots[lb] = snap
            if keep:
                label = f"night {night} start" if step == "arrival" else labels[-1]
                if step == "0.6":
                    label = f"night {night} step 0.6"
                traced.append((label, snap))

    stop = None if mode != "script" else _stop_point(vec)
    g = Game(spec, roles, policy, seed=seed, observer=observe, stop_after=stop)
    error: IllegalAction | None = None
    try:
        g.run()
    except IllegalAction as exc:
        if not any("illegal" in e for e in vec.expect):
            raise
        error = exc
    return Outcome(vec.id, spec, g.result, g.events, snapshots, traced, error, roles)


# ── expectations ────────────────────────────────────────────────────────────────────────────


def matches(expected: Any, actual: Any) -> bool:
    """Dicts match as subsets, lists element-wise, numbers by value."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list | tuple)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return abs(expected - actual) < 1e-9
    return bool(expected == actual)


def _window(events: Sequence[Event], label: str) -> list[Event]:
    kind, n, step = parse_after(label)
    if kind == "day":
        return [e for e in events if e.night == n and e.step == "day"]
    if step is None:
        return [e for e in events if e.night == n and e.step != "day"]
    last = STEP_INDEX[step]
    return [e for e in events if e.night == n and e.step != "day" and STEP_INDEX.get(e.step, 99) <= last]


def _in_set(key: str, ps: Mapping[str, Any]) -> bool:
    if key in ("dead", "exiled"):
        return bool(ps["out"] == key)
    return bool(ps[key])


def _event_matches(expected: Mapping[str, Any], e: Event) -> bool:
    if expected.get("kind") != e.kind:
        return False
    return matches({k: v for k, v in expected.items() if k != "kind"}, e.data)


def check_expectations(vector: Vector, outcome: Outcome) -> list[Mismatch]:
    """Every expectation of ``vector`` against ``outcome``; returns the mismatches in order."""
    out: list[Mismatch] = []
    cites = list(vector.raw["cites"])

    def miss(i: int, where: str, what: str, expected: Any, actual: Any) -> None:
        out.append(Mismatch(i, where, what, expected, actual, cites))

    for i, e in enumerate(vector.expect):
        if "final" in e:
            actual = outcome.result.to_json() if outcome.result else None
            if e["final"] is None:
                if actual is not None:
                    miss(i, "final", "result", None, actual)
            elif actual is None or not matches(e["final"], actual):
                miss(i, "final", "result", e["final"], actual)
            continue
        if "illegal" in e:
            err = outcome.error
            actual = (
                {"clause": err.clause, "night": err.night, "actor": err.actor, "skill": err.skill}
                if err
                else None
            )
            if actual is None or not matches(e["illegal"], actual):
                miss(i, "illegal", "illegal", e["illegal"], actual)
            continue
        label = e["after"]
        snap = outcome.snapshots.get(label)
        window = _window(outcome.events, label)
        for key in ("dead", "exiled", "alive", "dying"):
            if key not in e:
                continue
            if snap is None:
                miss(i, label, key, e[key], "checkpoint not reached")
                continue
            found = sorted(int(n) for n, ps in snap["players"].items() if _in_set(key, ps))
            if sorted(e[key]) != found:
                miss(i, label, key, sorted(e[key]), found)
        if "state" in e:
            if snap is None:
                miss(i, label, "state", e["state"], "checkpoint not reached")
            else:
                for fkey, value in e["state"].items():
                    fdef = FIELD_BY_KEY.get(fkey)
                    if fdef is None:
                        miss(i, label, f"state.{fkey}", value, "unknown state field")
                    elif fdef.scope == "game":
                        if not matches(value, snap[fkey]):
                            miss(i, label, f"state.{fkey}", value, snap[fkey])
                    else:
                        for pn, pv in value.items():
                            actual = snap["players"].get(str(pn), {}).get(fkey)
                            if not matches(pv, actual):
                                miss(i, label, f"state.{fkey}[{pn}]", pv, actual)
        for bkey, bval in e.get("batches", {}).items():
            published = [ev for ev in window if ev.kind == "batch" and ev.data["batch"] == str(bkey)]
            if bval is None:
                if published:
                    miss(i, label, f"batch {bkey}", None, published[0].data)
            elif not published:
                miss(i, label, f"batch {bkey}", bval, "not published")
            elif not matches(bval, {k: v for k, v in published[0].data.items() if k != "batch"}):
                miss(i, label, f"batch {bkey}", bval, published[0].data)
        for pn, items in e.get("feedback", {}).items():
            got = [ev for ev in window if ev.audience == "private" and int(pn) in ev.to]
            for item in items:
                if not any(_event_matches(item, ev) for ev in got):
                    miss(i, label, f"feedback[{pn}]", item, [{"kind": ev.kind, **ev.data} for ev in got])
        for pn, kinds in e.get("no_feedback", {}).items():
            got = [ev for ev in window if ev.audience == "private" and int(pn) in ev.to]
            bad = [ev for ev in got if not kinds or ev.kind in kinds]
            if bad:
                miss(i, label, f"no_feedback[{pn}]", kinds, [{"kind": ev.kind, **ev.data} for ev in bad])
        for item in e.get("events", []):
            if not any(_event_matches(item, ev) for ev in window):
                miss(i, label, "events", item, "absent")
        for item in e.get("no_events", []):
            hits = [ev.data for ev in window if _event_matches(item, ev)]
            if hits:
                miss(i, label, "no_events", item, hits)
    return out


def replay(path: str | Path) -> tuple[Vector, Outcome, list[Mismatch]]:
    vec = load_vector(path)
    outcome = run_vector(vec)
    return vec, outcome, check_expectations(vec, outcome)


__all__ = ["Mismatch", "Outcome", "UserError", "check_expectations", "matches", "replay", "run_vector"]
