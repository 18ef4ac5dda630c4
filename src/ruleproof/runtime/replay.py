"""Replaying ``ruleproof-vector/1`` vectors on a book's engine: load, run the script, check the
expectations, report the mismatches — the same machinery for every book.

A book's engine is a :class:`BookEngine`: it says how a vector's setup becomes a game (spec, seats,
policy, the game object), where trace snapshots are taken, how a state field is scoped, and how its own
expectation keys (返航录's ``batches``) are checked; the night's first and last steps, the day's steps and
each skill's own step come from its ruleset.  The same object serves ``play``, ``simulate`` and ``vocab``
(seeded random seats, a readable log, the identifiers its vectors may use).
Everything else — the script policy, the observer that takes snapshots at the checkpoints an
expectation names, the ``run`` modes, an expected illegal action, ``final`` / ``illegal`` / seat sets /
``state`` / ``feedback`` / ``events`` expectations — is here.

An illegal action raises :class:`~ruleproof.runtime.model.IllegalAction` (naming the clause) unless the
vector itself expects it with ``{"illegal": {"clause": …}}``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from ruleproof.errors import BadInput, UserError
from ruleproof.runtime.game import LAST, BaseGame, Observer
from ruleproof.runtime.model import Action, Event, IllegalAction, LedgerEntry, Result
from ruleproof.runtime.policy import PassPolicy, Policy, RandomPolicy, ScriptPolicy
from ruleproof.runtime.render import LogRenderer
from ruleproof.runtime.rules import Ruleset
from ruleproof.runtime.words import describe
from ruleproof.vectors import v2
from ruleproof.vectors.format import (
    START,
    ActionSpec,
    MalformedVector,
    Vector,
    Vocabulary,
    load_vector,
    parse_after,
    parse_vector,
)


@dataclass
class Outcome:
    """What a replay produced: the result, the event log, the snapshots at the checkpoints expectations
    name (and, with ``trace=True``, at the engine's trace points), an expected illegal action."""

    vector_id: str
    spec: Any
    result: Result | None
    events: list[Event]
    snapshots: dict[str, dict[str, Any]] = field(default_factory=dict)
    trace: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    error: IllegalAction | None = None
    roles: list[str] = field(default_factory=list)
    views: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # label → seat → view
    menus: dict[str, dict[str, dict[str, Any]]] = field(
        default_factory=dict
    )  # "night N step S" → seat → menu
    ledger: list[dict[str, Any]] = field(default_factory=list)  # the initiator ledger, as JSON entries
    final: dict[str, Any] | None = None  # the result as JSON, when there is no Result object (another engine)
    illegal: dict[str, Any] | None = (
        None  # the illegal action, when there is no IllegalAction (another engine)
    )

    def result_json(self) -> dict[str, Any] | None:
        return self.result.to_json() if self.result is not None else self.final

    def illegal_json(self) -> dict[str, Any] | None:
        err = self.error
        if err is None:
            return self.illegal
        return {"clause": err.clause, "night": err.night, "actor": err.actor, "skill": err.skill}

    def public(self, kind: str | None = None) -> list[Event]:
        return [e for e in self.events if e.audience == "public" and (kind is None or e.kind == kind)]

    def batches(self) -> list[Event]:
        """The numbered public announcements (event kind ``batch``), for books that number them."""
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
    run: str = ""  # the readings of the run (``switch=reading,…``) for a vector with ``readings``

    def line(self, lang: str = "zh") -> str:
        cites = ",".join(self.cites)
        run = f" [{self.run}]" if self.run else ""
        if lang == "en":
            return f"expect[{self.index}]{run} {self.where}: {self.what}: expected {self.expected!r}, got {self.actual!r} (cites {cites})"
        return f"expect[{self.index}]{run} {self.where}：{self.what} 期望 {self.expected!r}，实得 {self.actual!r}（条款 {cites}）"

    def to_json(self) -> dict[str, Any]:
        return {
            "expectation": self.index,
            "run": self.run,
            "where": self.where,
            "what": self.what,
            "expected": self.expected,
            "actual": self.actual,
            "cites": self.cites,
        }


Miss = Callable[[int, str, str, Any, Any], None]


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


def event_matches(expected: Mapping[str, Any], e: Event) -> bool:
    if expected.get("kind") != e.kind:
        return False
    return matches({k: v for k, v in expected.items() if k != "kind"}, e.data)


def ledger_json(e: LedgerEntry) -> dict[str, Any]:
    """An initiator-ledger entry as ``ruleproof-vector/2`` ``ledger`` expectations read it."""
    return {
        "night": e.night,
        "step": e.step,
        "initiator": e.initiator,
        "role": e.true_role,
        "skill": e.skill,
        "targets": list(e.targets),
    }


@dataclass(frozen=True)
class Observe:
    """What a run is asked to record: the state at each checkpoint of ``checkpoints``, each seat's view at
    those of ``views``, the menus at the decisions of ``menus`` (``night N step S``) — the checkpoints a
    vector's expectations name (:meth:`of`), and what a conformance runner asks another engine for."""

    checkpoints: tuple[str, ...] = ()
    views: tuple[str, ...] = ()
    menus: tuple[str, ...] = ()

    @classmethod
    def of(cls, vec: Vector) -> Observe:
        return cls(
            tuple(sorted({e["after"] for e in vec.expect if "after" in e})),
            tuple(sorted({e["after"] for e in vec.expect if "after" in e and "views" in e})),
            tuple(sorted({e["at"] for e in vec.expect if "at" in e})),
        )

    def to_json(self) -> dict[str, list[str]]:
        return {"checkpoints": list(self.checkpoints), "views": list(self.views), "menus": list(self.menus)}


class Watch:
    """What a replay records of a game for a vector: the state (and each seat's view) at every checkpoint
    an expectation names, the menus at every decision a menu expectation names, and, with ``trace``, the
    snapshots at the engine's trace points."""

    def __init__(self, engine: BookEngine, observe: Observe, *, trace: bool = False) -> None:
        self.engine = engine
        self.trace = trace
        self.wanted = set(observe.checkpoints) | set(observe.menus)
        self.view_labels = set(observe.views)
        self.menu_labels = set(observe.menus)
        self.snapshots: dict[str, dict[str, Any]] = {}
        self.views: dict[str, dict[str, dict[str, Any]]] = {}
        self.menus: dict[str, dict[str, dict[str, Any]]] = {}
        self.traced: list[tuple[str, dict[str, Any]]] = []

    def observe(self, g: Any, night: int, step: str) -> None:
        labels = self.engine.checkpoint_labels(g, night, step)
        take = [lb for lb in labels if lb in self.wanted]
        keep = self.trace and (step in self.engine.trace_points or f"night {night}" in labels)
        if take or keep:
            snap = g.snapshot()
            for lb in take:
                self.snapshots[lb] = snap
                if lb in self.view_labels:
                    views = g.views()
                    if views is not None:
                        self.views[lb] = views
            if keep:
                names = self.engine.trace_labels
                label = names[step].format(n=night) if step in names else labels[-1]
                self.traced.append((label, snap))

    def decide(self, g: Any, night: int, step: str) -> None:
        label = f"{g.current_phase.kind} {night} step {step}"
        if label in self.menu_labels:
            self.menus[label] = g.menus(step)


class BookEngine(ABC):
    """A book's engine as the commands see it.  Subclass it once per book (the book's profile names the
    instance); :meth:`run_vector`, :meth:`check_expectations` and :meth:`replay` are shared."""

    book_id: str  # "fanhanglu/v1preview1.0": what the vectors' ``book`` field says
    vocabulary: Vocabulary
    rules: Ruleset[Any, Any, Any]  # the book's cycle and skills
    trace_points: ClassVar[frozenset[str]] = frozenset()  # steps after which a trace snapshot is taken
    trace_labels: ClassVar[Mapping[str, str]] = {}  # step → its trace label ("night {n} step 0.6")
    factions: ClassVar[Sequence[tuple[str, str, str]]] = ()  # (key, 中文, English) of the sides
    renderer: ClassVar[LogRenderer | None] = None  # the book's words for ``play``'s log
    script_policy_class: ClassVar[type[ScriptPolicy]] = ScriptPolicy  # a book's step_for, if it has one
    random_rounds: ClassVar[int | None] = None  # a random game stops after this many rounds without a
    #                                              result (termination, not a rule: None for none)
    secondary_label: ClassVar[tuple[str, str] | None] = None  # (中文, English) of a secondary win

    def __init__(self) -> None:
        phases = (*self.rules.cycle, *self.rules.other_phases)
        nights = [ph for ph in phases if ph.kind == "night"]
        self.night_start = nights[0].steps[0] if nights else ""  # "night N start": after this step
        self.night_end = nights[0].steps[-1] if nights else ""  # "night N": after this step (or the end)
        self.day_steps = frozenset(k for ph in phases if ph.kind == "day" for k in ph.steps)
        self.ranks = {key: i for i, key in enumerate(self.rules.steps())}
        self.step_of = {key: info.steps[0] for key, info in self.rules.info.items()}
        # the halves of a round in the book's order (返航录: night then day; a day-first book: day then night)
        self.half_rank = {ph.kind: i for i, ph in reversed(list(enumerate(self.rules.cycle)))}

    # ── what the book says ───────────────────────────────────────────────────────────────────

    def spec_for(self, vec: Vector) -> Any:
        """The book's spec for the vector's ``params`` and ``interpretation`` (None: the book has none)."""
        return None

    @abstractmethod
    def roles_for(self, spec: Any, vec: Vector) -> list[str]:
        """``setup.players`` checked against the book's setup rules: the role of each seat, in seat order."""

    def check_script(self, vec: Vector) -> None:
        """Book checks of the script before it runs (every skill exists, acts in its half…); by default
        every scripted skill must be one the book's ruleset declares."""
        for n, acts in [*sorted(vec.nights.items()), *sorted(vec.days.items())]:
            for a in acts:
                if a.skill not in self.rules.info:
                    raise BadInput(
                        f"{vec.path}：第 {n} 轮未知技能 {a.skill}（见 ruleproof vocab）",
                        f"{vec.path}: round {n}: unknown skill {a.skill}",
                    )

    @abstractmethod
    def new_game(
        self,
        spec: Any,
        roles: list[str],
        policy: Policy,
        *,
        seed: int,
        observer: Observer | None,
        stop_after: tuple[str, int] | None,
    ) -> BaseGame[Any]: ...

    def to_action(self, a: ActionSpec) -> Action:
        return Action(a.actor, a.skill, a.targets, step=a.step, at=a.get("at"))

    def script_policy(self, vec: Vector, fallback: Policy | None, last: int) -> ScriptPolicy:
        return self.script_policy_class(
            {n: [self.to_action(a) for a in acts] for n, acts in vec.nights.items()},
            {n: [self.to_action(a) for a in acts] for n, acts in vec.days.items()},
            vec.orders,
            step_of=self.step_of,
            fallback=fallback,
            last=last,
            choices=vec.choices,
        )

    @abstractmethod
    def random_policy(self, seed: int) -> RandomPolicy: ...

    def state_scope(self, key: str) -> str | None:
        """``game`` or ``player`` for a state field of the book, None for an unknown one."""
        return None

    def step_rank(self, step: str) -> int:
        """The position of a step in the cycle (for ``… step S`` windows); unknown: after all."""
        return self.ranks.get(step, LAST)

    def check_extra(
        self, i: int, label: str, e: Mapping[str, Any], window: Sequence[Event], miss: Miss
    ) -> None:
        """The book's own expectation keys (``Vocabulary.expect_keys``) at checkpoint ``label``."""
        unchecked = sorted(self.vocabulary.expect_keys & set(e))
        if unchecked:  # a key the book declares must be checked by the book: never silently ignored
            raise NotImplementedError(f"{type(self).__name__} declares {unchecked} but does not check them")

    def outcome(self, vec: Vector, spec: Any, g: BaseGame[Any], roles: list[str]) -> Outcome:
        return Outcome(vec.id, spec, g.result, g.events, roles=roles)

    # ── play, simulate, vocab ────────────────────────────────────────────────────────────────

    def load_spec(self) -> Any:
        """The book's spec with its defaults (None: the book has none)."""
        return None

    @abstractmethod
    def random_roles(self, seed: int) -> list[str]:
        """Seeded: a legal seating of the book's roles."""

    def random_game(self, spec: Any, seed: int, observer: Observer | None = None) -> BaseGame[Any]:
        """One seeded game: random seats, seeded random legal decisions (not yet played)."""
        roles = self.random_roles(seed)
        stop = None if self.random_rounds is None else ("day", self.random_rounds)
        return self.new_game(
            spec, roles, self.random_policy(seed), seed=seed, observer=observer, stop_after=stop
        )

    def render(self, events: Sequence[Event], lang: str, *, private: bool, system: bool) -> list[str]:
        """A readable log: one line per event (public always; private feedback and the referee's log
        when asked) — in the book's words when it has a :attr:`renderer`, else each event's kind and
        data as ``key=value`` pairs."""
        if self.renderer is not None:
            return self.renderer.render(events, lang, private=private, system=system)
        out = []
        for e in events:
            if (e.audience == "private" and not private) or (e.audience == "system" and not system):
                continue
            mark = {"public": "公告" if lang != "en" else "public", "private": f"→{list(e.to)}"}.get(
                e.audience, "·"
            )
            out.append(f"{e.night}/{e.step} {mark} {e.kind}：{describe(e.data, lang)}")
        return out

    def vocabulary_json(self) -> dict[str, Any]:
        """The identifiers the book's vectors may use."""
        v = self.vocabulary
        return {
            "book": self.book_id,
            "skills": [
                {"key": k, "steps": list(i.steps), "roles": sorted(i.roles), "clause": i.clause}
                for k, i in self.rules.info.items()
            ],
            "cycle": [
                {"key": ph.key, "kind": ph.kind, "steps": list(ph.steps), "stream": ph.stream}
                for ph in self.rules.cycle
            ],
            "action_fields": list(v.action_keys()),
            "expectation_keys": v.expectation_keys(),
        }

    def vocabulary_markdown(self) -> str:
        v = self.vocabulary_json()
        lines = ["| skill | steps | roles | clause |", "|---|---|---|---|"]
        lines += [
            f"| {s['key']} | {', '.join(s['steps'])} | {', '.join(s['roles'])} | {s['clause']} |"
            for s in v["skills"]
        ]
        return "\n".join(lines) + "\n"

    # ── running ──────────────────────────────────────────────────────────────────────────────

    def load(self, vector: Vector | Mapping[str, Any] | str | Path) -> Vector:
        if isinstance(vector, Vector):
            vec = vector
        elif isinstance(vector, str | Path):
            vec = load_vector(vector, self.vocabulary)
        else:
            vec = parse_vector(dict(vector), vocabulary=self.vocabulary)
        if vec.book != self.book_id:
            raise MalformedVector(
                f"{vec.path}: $.book：向量属于 {vec.book}，此引擎实现的是 {self.book_id}",
                f"{vec.path}: $.book: the vector is for {vec.book}; this engine implements {self.book_id}",
            )
        self._check_state_fields(vec)
        return vec

    def _check_state_fields(self, vec: Vector) -> None:
        """Every ``state`` field an expectation names is one of the book's (an unknown field is a
        malformed vector, not a failing expectation); a per-player field maps seats to values."""
        for i, e in enumerate(vec.expect):
            for key, value in e.get("state", {}).items():
                where = f"{vec.path}: $.expect[{i}].state.{key}"
                scope = self.state_scope(key)
                if scope is None:
                    raise MalformedVector(
                        f"{where}：未知状态字段 {key}（见 ruleproof vocab）",
                        f"{where}: unknown state field {key} (see ruleproof vocab)",
                    )
                if scope == "player" and not isinstance(value, dict):
                    raise MalformedVector(
                        f"{where}：逐人字段须为 编号→值 的对象",
                        f"{where}: a per-player field maps seats to values",
                    )

    def stop_point(self, vec: Vector) -> tuple[str, int]:
        """Where a ``run: script`` replay stops: the later of the last scripted item and the last
        checkpoint an expectation names (the rounds in between pass)."""
        points = [vec.last, *(("night", n) for n in vec.nights), *(("day", n) for n in vec.days)]
        for label in _labels(vec):
            kind, n, _ = parse_after(label)
            points.append((kind, n))
        rank = self.half_rank
        return max(points, key=lambda item: (item[1], rank.get(item[0], 0)))

    def runs(self, vector: Vector | Mapping[str, Any] | str | Path) -> list[tuple[str, Vector, list[int]]]:
        """The runs a vector asks for (one per entry of its ``readings``, else one): each run's label
        (``switch=reading,…``, "" for a vector without readings), the vector as the run sees it, and the
        index in the vector of each expectation it keeps."""
        vec = self.load(vector)
        if "readings" not in vec.raw:
            return [("", vec, list(range(len(vec.expect))))]
        out = []
        for reading, raw, indices in v2.runs(vec.raw):
            out.append((v2.run_label(reading), parse_vector(raw, vec.path, self.vocabulary), indices))
        return out

    def check_vector(self, vector: Vector | Mapping[str, Any] | str | Path) -> list[Mismatch]:
        """Replay every run of a vector and check its expectations: the mismatches of all runs, each
        naming its run and the index of its expectation in the vector."""
        out: list[Mismatch] = []
        for label, vec, indices in self.runs(vector):
            for m in self.check_expectations(vec, self.run_vector(vec)):
                m.index, m.run = indices[m.index], label
                out.append(m)
        return out

    def run_vector(self, vector: Vector | Mapping[str, Any] | str | Path, *, trace: bool = False) -> Outcome:
        """Run a vector's script on the engine (one run: a vector with ``readings`` is replayed run by run,
        see :meth:`runs` and :meth:`check_vector`)."""
        vec = self.load(vector)
        if "readings" in vec.raw:
            raise ValueError(f"{vec.path}: a vector with readings is replayed run by run (BookEngine.runs)")
        return self.execute(
            vec,
            Observe.of(vec),
            self.stop_point(vec),
            expect_illegal=any("illegal" in e for e in vec.expect),
            trace=trace,
        )

    def execute(
        self,
        vec: Vector,
        observe: Observe,
        until: tuple[str, int],
        *,
        expect_illegal: bool,
        trace: bool = False,
    ) -> Outcome:
        """Play a vector's setup and script, recording what ``observe`` asks for; with ``run: script`` the
        game stops after the half-round ``until`` (the conformance adapter's entry: it is told the
        checkpoints rather than reading the expectations)."""
        try:
            spec = self.spec_for(vec)
        except MalformedVector:
            raise
        except UserError as exc:  # an unknown parameter or switch, a bad value: the vector's fault
            where = f"{vec.path}: $.params / $.interpretation"
            raise MalformedVector(f"{where}：{exc.zh}", f"{where}: {exc.en}") from None
        early = self.before_run(vec, spec, expect_illegal)
        if early is not None:
            return early
        roles = self.roles_for(spec, vec)
        self.check_script(vec)
        seed = int(vec.raw["setup"].get("seed", 0))
        mode = vec.run_mode
        fallback: Policy | None = None
        if mode == "pass":
            fallback = PassPolicy()
        elif mode == "random":
            fallback = self.random_policy(seed)
        policy = self.script_policy(vec, fallback, until[1])
        stop = None if mode != "script" else until
        watch = Watch(self, observe, trace=trace)
        g = self.new_game(spec, roles, policy, seed=seed, observer=watch.observe, stop_after=stop)
        if watch.menu_labels:
            g.decision_observer = watch.decide
        error: IllegalAction | None = None
        try:
            g.run()
        except IllegalAction as exc:
            if not expect_illegal:
                raise
            error = exc
        out = self.outcome(vec, spec, g, roles)
        out.snapshots, out.trace, out.error = watch.snapshots, watch.traced, error
        out.views, out.menus = watch.views, watch.menus
        out.ledger = [ledger_json(e) for e in g.ledger]
        return out

    def before_run(self, vec: Vector, spec: Any, expect_illegal: bool) -> Outcome | None:
        """A book's step before its game is built (a set-up rule that refuses the vector's set-up: the
        outcome returned ends the run, with that illegal action when the vector expects one)."""
        return None

    def checkpoint_labels(self, g: Any, night: int, step: str) -> list[str]:
        """The checkpoint labels that hold right after ``step`` of round ``night`` (``night N step S``,
        ``night N start``, ``night N``, ``day N step S``, ``day N``)."""
        labels = []
        if g.current_phase.kind == "day":
            labels.append(f"day {night} step {step}")
            if step == g.current_phase.steps[-1] or g.result is not None:
                labels.append(f"day {night}")
        else:
            labels.append(f"night {night} step {step}")
            if step == self.night_start:
                labels.append(f"night {night} start")
            if step == self.night_end or g.result is not None:
                labels.append(f"night {night}")
        return labels

    # ── expectations ────────────────────────────────────────────────────────────────────────

    def window(self, events: Sequence[Event], label: str) -> list[Event]:
        """The events up to checkpoint ``label`` within its half of the round."""
        kind, n, step = parse_after(label)
        if kind == "day":
            day = [e for e in events if e.night == n and self._is_day(e)]
            if step is None:
                return day
            last = self.step_rank(step)
            return [e for e in day if self.step_rank(e.step) <= last]
        night = [e for e in events if e.night == n and not self._is_day(e)]
        if step is None:
            return night
        last = self.step_rank(self.night_start if step == START else step)
        return [e for e in night if self.step_rank(e.step) <= last]

    def _is_day(self, e: Event) -> bool:
        return e.step in self.day_steps

    def check_expectations(self, vector: Vector, outcome: Outcome) -> list[Mismatch]:
        """Every expectation of ``vector`` against ``outcome``; returns the mismatches in order."""
        out: list[Mismatch] = []
        cites = list(vector.raw["cites"])
        seat_sets = vector.vocabulary.seat_sets

        def miss(i: int, where: str, what: str, expected: Any, actual: Any) -> None:
            out.append(Mismatch(i, where, what, expected, actual, cites))

        for i, e in enumerate(vector.expect):
            if "at" in e:
                self._check_menus(i, e["at"], e["menus"], outcome, miss)
                continue
            if "final" in e:
                actual = outcome.result_json()
                if e["final"] is None:
                    if actual is not None:
                        miss(i, "final", "result", None, actual)
                elif actual is None or not matches(e["final"], actual):
                    miss(i, "final", "result", e["final"], actual)
                continue
            if "illegal" in e:
                actual = outcome.illegal_json()
                if actual is None or not matches(e["illegal"], actual):
                    miss(i, "illegal", "illegal", e["illegal"], actual)
                continue
            label = e["after"]
            snap = outcome.snapshots.get(label)
            window = self.window(outcome.events, label)
            for key, how in seat_sets.items():
                if key not in e:
                    continue
                if snap is None:
                    miss(i, label, key, e[key], "checkpoint not reached")
                    continue
                players = snap.get("players", {})
                if how == "out":
                    found = sorted(int(n) for n, ps in players.items() if ps.get("out") == key)
                else:
                    found = sorted(int(n) for n, ps in players.items() if ps.get(key))
                if sorted(e[key]) != found:
                    miss(i, label, key, sorted(e[key]), found)
            if "state" in e:
                if snap is None:
                    miss(i, label, "state", e["state"], "checkpoint not reached")
                else:
                    self._check_state(i, label, e["state"], snap, miss)
            self.check_extra(i, label, e, window, miss)
            for pn, items in e.get("feedback", {}).items():
                got = [ev for ev in window if ev.audience == "private" and int(pn) in ev.to]
                for item in items:
                    if not any(event_matches(item, ev) for ev in got):
                        miss(i, label, f"feedback[{pn}]", item, [{"kind": ev.kind, **ev.data} for ev in got])
            for pn, kinds in e.get("no_feedback", {}).items():
                got = [ev for ev in window if ev.audience == "private" and int(pn) in ev.to]
                bad = [ev for ev in got if not kinds or ev.kind in kinds]
                if bad:
                    miss(i, label, f"no_feedback[{pn}]", kinds, [{"kind": ev.kind, **ev.data} for ev in bad])
            for item in e.get("events", []):
                if not any(event_matches(item, ev) for ev in window):
                    miss(i, label, "events", item, "absent")
            for item in e.get("no_events", []):
                hits = [ev.data for ev in window if event_matches(item, ev)]
                if hits:
                    miss(i, label, "no_events", item, hits)
            self._check_v2(i, label, e, window, outcome, miss)
        return out

    def _check_v2(
        self, i: int, label: str, e: Mapping[str, Any], window: Sequence[Event], outcome: Outcome, miss: Miss
    ) -> None:
        """The ``ruleproof-vector/2`` checks at a checkpoint: counts, exact and ordered lists, views, the
        initiator ledger."""

        def private(pn: str) -> list[Event]:
            return [ev for ev in window if ev.audience == "private" and int(pn) in ev.to]

        def shown(evs: Sequence[Event]) -> list[dict[str, Any]]:
            return [{"kind": ev.kind, **ev.data} for ev in evs]

        for pn, items in e.get("feedback_count", {}).items():
            got = private(pn)
            for item in items:
                n = sum(1 for ev in got if event_matches(item["match"], ev))
                if n != item["count"]:
                    miss(i, label, f"feedback_count[{pn}]", item, n)
        for pn, items in e.get("feedback_exact", {}).items():
            got = private(pn)
            if len(got) != len(items) or not all(
                event_matches(x, ev) for x, ev in zip(items, got, strict=False)
            ):
                miss(i, label, f"feedback_exact[{pn}]", items, shown(got))
        for item in e.get("events_count", []):
            n = sum(1 for ev in window if event_matches(item["match"], ev))
            if n != item["count"]:
                miss(i, label, "events_count", item, n)
        if "events_ordered" in e:
            pos, wanted = 0, e["events_ordered"]
            for j, item in enumerate(wanted):
                at = next((k for k in range(pos, len(window)) if event_matches(item, window[k])), None)
                if at is None:
                    after = (
                        f"events_ordered[{j - 1}]: {window[pos - 1].to_json()['data']}" if j else "the start"
                    )
                    miss(i, label, f"events_ordered[{j}]", item, f"absent after {after}")
                    break
                pos = at + 1
        if "views" in e:
            views = outcome.views.get(label)
            for pn, view in e["views"].items():
                if views is None:
                    miss(i, label, f"views[{pn}]", view, "no views reported at this checkpoint")
                    continue
                seen = views.get(str(pn), {})
                for key, value in view.items():
                    value_seen = seen.get(key)
                    if (value is None and value_seen is not None) or (
                        value is not None and (key not in seen or not matches(value, value_seen))
                    ):
                        miss(
                            i,
                            label,
                            f"views[{pn}].{key}",
                            value,
                            value_seen if key in seen else "not visible",
                        )
        if "ledger" in e:
            entries = [x for x in outcome.ledger if self._in_window(x["night"], str(x["step"]), label)]
            for item in e["ledger"]:
                if not any(matches(item, x) for x in entries):
                    miss(i, label, "ledger", item, entries)

    def _in_window(self, night: int, step: str, label: str) -> bool:
        """Whether a record of ``night`` / ``step`` lies in the window of checkpoint ``label``."""
        return bool(self.window([Event(night, step, "", "system", (), {})], label))

    def _check_menus(self, i: int, at: str, menus: Mapping[str, Any], outcome: Outcome, miss: Miss) -> None:
        """``{"at": …, "menus": {seat: {skill: null | {targets, greyed, options}}}}``: null = not offered;
        the lists given are compared as sets (the order of a menu is the engine's)."""
        got = outcome.menus.get(at)
        for pn, menu in menus.items():
            if got is None:
                miss(i, at, f"menus[{pn}]", menu, "decision not reached")
                continue
            offered = got.get(str(pn), {})
            for skill, entry in menu.items():
                actual = offered.get(skill)
                if entry is None:
                    if actual is not None:
                        miss(i, at, f"menus[{pn}].{skill}", None, actual)
                    continue
                if actual is None:
                    miss(i, at, f"menus[{pn}].{skill}", entry, "not offered")
                    continue
                for key in ("targets", "greyed"):
                    if key in entry and sorted(entry[key]) != sorted(actual.get(key, [])):
                        miss(
                            i,
                            at,
                            f"menus[{pn}].{skill}.{key}",
                            sorted(entry[key]),
                            sorted(actual.get(key, [])),
                        )
                for name, values in entry.get("options", {}).items():
                    have = actual.get("options", {}).get(name, [])
                    if sorted(map(str, values)) != sorted(map(str, have)):
                        miss(i, at, f"menus[{pn}].{skill}.options.{name}", values, have)

    def _check_state(
        self, i: int, label: str, state: Mapping[str, Any], snap: Mapping[str, Any], miss: Miss
    ) -> None:
        for fkey, value in state.items():
            scope = self.state_scope(fkey)
            if scope is None:
                miss(i, label, f"state.{fkey}", value, "unknown state field")
            elif scope == "game":
                if fkey not in snap or not matches(value, snap[fkey]):
                    miss(i, label, f"state.{fkey}", value, snap.get(fkey, "missing"))
            else:
                for pn, pv in value.items():
                    actual = snap["players"].get(str(pn), {}).get(fkey)
                    if not matches(pv, actual):
                        miss(i, label, f"state.{fkey}[{pn}]", pv, actual)

    def replay(self, path: str | Path) -> tuple[Vector, Outcome, list[Mismatch]]:
        """A vector's (last) run and the mismatches of all its runs."""
        vec = self.load(path)
        runs = self.runs(vec)
        outcome = self.run_vector(runs[-1][1])
        return vec, outcome, self.check_vector(vec)


def _labels(vec: Vector) -> set[str]:
    """The checkpoints the vector's expectations name (``after``, and the steps of ``at``)."""
    return {e["after"] for e in vec.expect if "after" in e} | {e["at"] for e in vec.expect if "at" in e}


__all__ = ["BookEngine", "Mismatch", "Observe", "Outcome", "Watch", "event_matches", "ledger_json", "matches"]
