"""Transition systems over the kernel algebra, and what Z3 decides about them: BMC and k-induction.

A :class:`TransitionSystem` is written once over :class:`ruleproof.kernel.algebra.Algebra`: its ``init``,
``guard`` (which inputs are legal in a state), ``step`` (the next state, a function of state and inputs)
and properties are plain functions that call the engine's kernels.  Evaluated with :data:`PY` they run on
ints and bools (the differential tests compare that against the engine); evaluated with
:data:`ruleproof.kernel.z3algebra.Z3` they build the formulas below.

* :func:`check` — BMC from the initial states, one night (one transition) at a time, so the first
  violation found is one with the fewest nights; then k-induction on ``properties ∧ lemmas``.  Statuses
  are never rounded up: a solver ``unknown`` (timeout included) makes the result ``unknown``.
* :func:`minimize` — given the violation depth, the counterexample to report: the lexicographic optimum of
  the system's cost terms (fewest actions first, then smallest values), then of every free variable, each
  found by a halving search on one incremental solver (unique, so the same question always gets the same
  trace).
* :func:`liveness` — the non-vacuity witnesses of a proof: the initial states are satisfiable, every
  transition kind of the abstraction (a :class:`Cover`) fires on some reachable state, and every state the
  theorem talks about (a *premise*) is reachable.  A proof without them is ``vacuous``, never ``proved``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

import z3

from ruleproof import solvers
from ruleproof.kernel.algebra import PY, Algebra
from ruleproof.kernel.z3algebra import Z3
from ruleproof.smt import cache, question

T = TypeVar("T")
Value = Any  # an int / bool under PY, a Z3 term under Z3
State = Mapping[str, Value]
Inputs = Mapping[str, Value]


class Sort(StrEnum):
    INT = "int"
    BOOL = "bool"


@dataclass(frozen=True)
class Var:
    name: str
    sort: Sort = Sort.INT


def ints(*names: str) -> tuple[Var, ...]:
    return tuple(Var(n, Sort.INT) for n in names)


def bools(*names: str) -> tuple[Var, ...]:
    return tuple(Var(n, Sort.BOOL) for n in names)


@dataclass(frozen=True)
class Prop:
    """One conjunct of an invariant (or a lemma), over one state."""

    label: str
    clause: str
    zh: str
    en: str
    fn: Callable[[Algebra[Any, Any], State], Value]


@dataclass(frozen=True)
class Cover:
    """A transition kind of the abstraction (a shot, a kill, a bounty arrival, an evolution…), over one
    state and the inputs of the transition leaving it.  A proof is only reported when every cover fires on
    some reachable state (with the guard): an abstraction whose shots can never happen proves nothing."""

    label: str
    clause: str
    zh: str
    en: str
    fn: Callable[[Algebra[Any, Any], State, Inputs], Value]


@dataclass(frozen=True)
class TransitionSystem:
    """A state machine over the algebra.  One transition is one night (with the day after it)."""

    name: str
    state: tuple[Var, ...]
    inputs: tuple[Var, ...]
    init: Callable[[Algebra[Any, Any], State], Value]
    guard: Callable[[Algebra[Any, Any], State, Inputs], Value]
    step: Callable[[Algebra[Any, Any], State, Inputs], dict[str, Value]]
    props: tuple[Prop, ...]
    lemmas: tuple[Prop, ...] = ()
    # minimization terms in priority order (smaller is better), over the whole path
    costs: Callable[[Algebra[Any, Any], Sequence[State], Sequence[Inputs]], list[Value]] | None = None
    # states that must be reachable (a registered exception that is never exercised is dead text)
    witnesses: tuple[Prop, ...] = ()
    # non-vacuity: transition kinds that must fire, and the states the theorem talks about (its premises)
    covers: tuple[Cover, ...] = ()
    premises: tuple[Prop, ...] = ()
    # outcomes of the kernels worth reporting (a cap voiding, an evolution failing): searched with the
    # witnesses of :func:`liveness`, reported reached or not, never a reason for vacuity
    outcomes: tuple[Prop, ...] = ()
    # the fingerprint parts of the family model this system was made from (:class:`ModelParts`), if any
    kept: ModelParts | None = field(default=None, compare=False, repr=False)

    def run(self, s: State, i: Inputs) -> dict[str, Value]:
        """One concrete transition with Python values (the guard must hold)."""
        return self.step(PY, s, i)


class Status(StrEnum):
    PROVED = "proved"
    HOLDS = "holds-to-depth"
    VIOLATED = "violated"
    UNKNOWN = "unknown"
    VACUOUS = "vacuous"  # the model cannot reach what the theorem talks about: a proof of nothing


@dataclass
class Trace:
    """A concrete path: ``states[0]`` is initial, ``inputs[t]`` leads from ``states[t]`` to ``states[t+1]``."""

    states: list[dict[str, int | bool]]
    inputs: list[dict[str, int | bool]]
    failed: list[str]  # labels of the properties false in the last state
    minimized: bool
    why_not_minimized: str = ""  # the minimization's failure, when ``minimized`` is False


@dataclass
class CheckResult:
    status: Status
    method: str  # "k-induction" / "bmc"
    depth: int  # nights explored by BMC (for a violation: the nights of the counterexample)
    k: int | None = None  # induction depth that closed
    trace: Trace | None = None
    note: str = ""  # why unknown, or what was not closed
    notes: list[str] = field(default_factory=list)
    unknown: str = ""  # for an unknown status: "timeout" / "unknown" (the solver's answer), "not-modelled",
    # "not-read" (a table the text no longer prints), "not-stated" (the theorem's own sentence is gone)


@dataclass(frozen=True)
class Options:
    depth: int = 6  # BMC depth in nights (≥ 1: a depth of 0 checks no night at all)
    max_k: int = 4  # k-induction attempts 1..max_k
    timeout_ms: int = (
        0  # wall-clock limit per solver call, 0 for none (a verdict the machine's speed decides)
    )
    seed: int = 0
    rlimit: int = solvers.DEFAULT_RLIMIT  # work budget per solver call (deterministic: ruleproof.solvers)


def check_sat(solver: z3.Solver | z3.Optimize, *assumptions: Any) -> z3.CheckSatResult:
    """Every solver call of the smt layer goes through here (tests inject ``unknown`` by replacing it);
    it is :func:`ruleproof.solvers.check`: an interrupt raises, it is never an ``unknown``."""
    return solvers.check(solver, *assumptions)


def solver_options(opts: Options) -> tuple[int, int, int]:
    """What a solver call's answer depends on besides its formulas: the wall-clock limit, the seed and the
    work budget (the depth and the induction bound say which calls are made, not how one is answered)."""
    return opts.timeout_ms, opts.seed, opts.rlimit


def new_solver(opts: Options) -> z3.Solver:
    return solvers.new_solver(*solver_options(opts))


def new_optimize(opts: Options) -> z3.Optimize:
    return solvers.new_optimize(*solver_options(opts))


class ModelParts:
    """The fingerprint parts (:func:`fingerprints`) of one model's own functions and properties — its
    ``init``, ``guard``, ``step``, cost terms, covers, lemmas, witnesses, premises and outcomes — kept with the
    model for as long as the model is kept (:func:`ruleproof.smt.invariant.family_model`: per process, for
    one family and one spec).  Every system made from the model by replacing its properties (each theorem of
    the family, each batch on its own) or its guard (the playable search) is fingerprinted from these instead
    of building the model's formulas again; a part of anything else (a theorem's own properties, a replaced
    guard) is kept as before, within one :func:`ruleproof.smt.cache.by_question`.  A part is kept by the
    object it is built from, by identity: the model is held, so an id is never another object's."""

    def __init__(self, model: TransitionSystem) -> None:
        self.model = model
        own: list[object] = [model.init, model.guard, model.step, model.costs]
        for group in (
            model.props,
            model.lemmas,
            model.witnesses,
            model.premises,
            model.outcomes,
            model.covers,
        ):
            own.extend(group)
        self._own = {id(x): x for x in own if x is not None}
        self._parts: dict[Hashable, Any] = {}

    def owns(self, x: object) -> bool:
        """Whether ``x`` is one of the model's own functions or properties (the object itself)."""
        return self._own.get(id(x)) is x

    def once(self, k: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` once per ``k`` for the model's life (``k`` names one of its own objects)."""
        if k not in self._parts:
            self._parts[k] = compute()
        value: T = self._parts[k]
        return value


class Unrolling:
    """Fresh Z3 constants for the states and inputs of a path, and the transition constraints (each built
    once: :func:`check_system`'s BMC, induction step and minimization all read one unrolling)."""

    def __init__(self, ts: TransitionSystem, prefix: str) -> None:
        self.ts = ts
        self.prefix = prefix
        self.states: list[dict[str, Any]] = []
        self.inputs: list[dict[str, Any]] = []
        self.guards: dict[int, Any] = {}
        self.steps: dict[int, list[Any]] = {}

    def _vars(self, decls: Sequence[Var], t: int, kind: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for v in decls:
            name = f"{self.prefix}{kind}.{v.name}@{t}"
            out[v.name] = z3.Int(name) if v.sort is Sort.INT else z3.Bool(name)
        return out

    def state(self, t: int) -> dict[str, Any]:
        while len(self.states) <= t:
            self.states.append(self._vars(self.ts.state, len(self.states), "s"))
        return self.states[t]

    def input(self, t: int) -> dict[str, Any]:
        while len(self.inputs) <= t:
            self.inputs.append(self._vars(self.ts.inputs, len(self.inputs), "i"))
        return self.inputs[t]

    def transition(self, t: int) -> list[Any]:
        """Constraints of the transition from state ``t`` to state ``t + 1`` (built on the first call)."""
        if t not in self.steps:
            self.steps[t] = self._transition(t)
        return self.steps[t]

    def _transition(self, t: int) -> list[Any]:
        s, i, nxt = self.state(t), self.input(t), self.state(t + 1)
        new = self.ts.step(Z3, s, i)
        missing = {v.name for v in self.ts.state} ^ set(new)
        if missing:  # pragma: no cover - a model bug, caught by the model tests
            raise ValueError(f"{self.ts.name}: step returns a wrong set of state variables {sorted(missing)}")
        out = [self.guard(t)]
        out.extend(nxt[v.name] == new[v.name] for v in self.ts.state)
        return out

    def guard(self, t: int) -> Any:
        """The guard of the transition leaving state ``t`` (built once: the non-vacuity search asks it of
        every cover of the night, and the night's transition again)."""
        if t not in self.guards:
            self.guards[t] = _as_bool(self.ts.guard(Z3, self.state(t), self.input(t)))
        return self.guards[t]

    def holds(self, props: Sequence[Prop], t: int) -> Any:
        s = self.state(t)
        return z3.And(*[_as_bool(p.fn(Z3, s)) for p in props]) if props else z3.BoolVal(True)


_LAST: list[Unrolling] = []  # the unrolling of the system checked last (:func:`unrolling`)


def unrolling(ts: TransitionSystem) -> Unrolling:
    """The unrolling of ``ts`` shared by its check and its non-vacuity search (``SystemInvariant.check``
    asks both of one system, one after the other): its transitions are built once.  Only the last system's
    is kept (the next system's replaces it); a system is recognised by identity, not by equality."""
    if not _LAST or _LAST[0].ts is not ts:
        _LAST[:] = [Unrolling(ts, "u.")]
    return _LAST[0]


def _as_bool(x: Any) -> Any:
    return z3.BoolVal(x) if isinstance(x, bool) else x


def _value(model: z3.ModelRef, term: Any, sort: Sort) -> int | bool:
    v = model.eval(term, model_completion=True)
    return bool(z3.is_true(v)) if sort is Sort.BOOL else int(v.as_long())


def extract(ts: TransitionSystem, u: Unrolling, model: z3.ModelRef, depth: int, minimized: bool) -> Trace:
    states = [{v.name: _value(model, u.state(t)[v.name], v.sort) for v in ts.state} for t in range(depth + 1)]
    inputs = [{v.name: _value(model, u.input(t)[v.name], v.sort) for v in ts.inputs} for t in range(depth)]
    last = states[-1]
    failed = [p.label for p in ts.props if not p.fn(PY, last)]
    return Trace(states, inputs, failed, minimized)


def fingerprint(ts: TransitionSystem, depth: int) -> str:
    """The question ``ts`` is, as text (:mod:`ruleproof.smt.question`): its declarations, each function
    applied once to fresh constants, every label and sentence a result reports, and the cost terms of every
    path length a minimization at most ``depth`` nights unrolls."""
    return fingerprints(ts, depth)[-1]


def fingerprints(ts: TransitionSystem, depth: int) -> list[str]:
    """:func:`fingerprint` of ``ts`` for every depth ``0..depth``, in that order (the common part taken once).
    Each part is kept by what it is built from (:func:`ruleproof.smt.cache.once`): the questions asked of
    one system and of the systems made from it by replacing its properties or its guard share the rest."""
    u = Unrolling(ts, "q.")  # its constants made when a part is built (none when every part is kept)
    sig = (ts.state, ts.inputs)  # the fresh constants every part is applied to
    kept = ts.kept

    def once(k: tuple[Any, ...], compute: Callable[[], T]) -> T:
        # k[2]: the function or property the part is built from
        return kept.once(k, compute) if kept is not None and kept.owns(k[2]) else cache.once(k, compute)

    parts = [
        ts.name,
        repr(ts.state),
        repr(ts.inputs),
        once(("init", sig, ts.init), lambda: question.term(ts.init(Z3, u.state(0)))),
        once(("guard", sig, ts.guard), lambda: question.term(ts.guard(Z3, u.state(0), u.input(0)))),
        *once(("step", sig, ts.step), lambda: _step_parts(ts, u)),
    ]
    for group, props in (
        ("props", ts.props),
        ("lemmas", ts.lemmas),
        ("witnesses", ts.witnesses),
        ("premises", ts.premises),
        ("outcomes", ts.outcomes),
    ):
        parts += [once((group, sig, p), functools.partial(_prop_part, group, p, u)) for p in props]
    parts += [once(("cover", sig, c), functools.partial(_cover_part, c, u)) for c in ts.covers]
    if ts.costs is None:
        return [question.digest(parts)] * (depth + 1)
    costs = [
        once(("costs", sig, ts.costs, n), functools.partial(_cost_part, ts, u, n)) for n in range(depth + 1)
    ]
    return question.prefix_digests(parts, costs)


def _step_parts(ts: TransitionSystem, u: Unrolling) -> tuple[str, ...]:
    new = ts.step(Z3, u.state(0), u.input(0))
    return tuple(f"{k}={question.term(new[k])}" for k in sorted(new))


def _prop_part(group: str, p: Prop, u: Unrolling) -> str:
    return f"{group}:{p.label}|{p.clause}|{p.zh}|{p.en}|{question.term(p.fn(Z3, u.state(0)))}"


def _cover_part(c: Cover, u: Unrolling) -> str:
    return f"cover:{c.label}|{c.clause}|{c.zh}|{c.en}|{question.term(c.fn(Z3, u.state(0), u.input(0)))}"


def _cost_part(ts: TransitionSystem, u: Unrolling, n: int) -> str:
    assert ts.costs is not None
    terms = ts.costs(Z3, [u.state(t) for t in range(n + 1)], [u.input(t) for t in range(n)])
    return f"costs@{n}:" + "|".join(map(question.term, terms))


def check(ts: TransitionSystem, opts: Options) -> CheckResult:
    """:func:`check_system`, kept by its question under :func:`ruleproof.smt.cache.by_question`.

    A run that concludes at night ``t`` (proved, violated or unknown there; not ``holds-to-depth``) asks
    the solver exactly what a run of any depth ≥ ``t`` asks up to that night, and its minimization unrolls
    ``t`` nights: it is the answer at every depth ≥ ``t``.  So it is also kept under the question of a run
    of exactly ``t`` nights (:func:`concluded_key`), and a run of another depth (``verify``'s 6 after
    ``check``'s 4, or the other way) reads it instead of solving again."""
    if not cache.asking():
        return check_system(ts, opts)
    prints = fingerprints(ts, opts.depth)

    def compute() -> CheckResult:
        limits = solvers.wall_clock_limits()
        result = check_system(ts, opts)
        if result.status is not Status.HOLDS and solvers.wall_clock_limits() == limits:
            cache.keep(concluded_key(prints[result.depth], opts, result.depth), result)
        return result

    # two processes asking one system at two depths (the suite's workers) take turns, the second reads
    with cache.exclusive(cache.question_key("ts.check.any-depth", prints[0], replace(opts, depth=0))):
        for night, fp in enumerate(prints):
            got = cache.stored(concluded_key(fp, opts, night))
            if got is not None:
                result: CheckResult = got
                return result
        return cache.question("ts.check", lambda: prints[-1], opts, compute)


def concluded_key(fingerprint: str, opts: Options, night: int) -> str:
    """The key of a :func:`check` run that concluded at ``night``: the question of a run of exactly that
    many nights (``fingerprint`` at that depth), every other option as asked."""
    return cache.question_key("ts.check.concluded", fingerprint, replace(opts, depth=night))


def check_system(ts: TransitionSystem, opts: Options) -> CheckResult:
    """Interleaved BMC and k-induction (see the module docstring).

    Night ``t`` of BMC looks for a violation in exactly ``t`` nights from an initial state (so the first
    one found has the fewest nights); once nights ``0..t`` are clean, ``props ∧ lemmas`` is tried as a
    ``(t + 1)``-inductive invariant (its base case is exactly what BMC just showed).  Proved as soon as
    induction closes; else BMC continues to ``opts.depth`` and the result is ``holds-to-depth``."""
    u = unrolling(ts)
    bmc = new_solver(opts)
    bmc.add(_as_bool(ts.init(Z3, u.state(0))))
    ind = Induction(ts, opts, u)
    lemmas_ok = True
    notes: list[str] = []
    for t in range(opts.depth + 1):
        if t:
            bmc.add(*u.transition(t - 1))
        r, model = _violation(bmc, u.holds(ts.props, t))
        if r == z3.unknown:
            return CheckResult(
                Status.UNKNOWN,
                "bmc",
                t,
                note=f"solver unknown at night {t}: {solvers.why(bmc)}",
                unknown=solvers.answer(bmc, r).value,
            )
        if model is not None:
            why: list[str] = []
            trace = minimize(ts, t, opts, why, u)
            note = ""
            if trace is None:  # a fallback, said in the report: never silent
                trace = extract(ts, u, model, t, minimized=False)
                trace.why_not_minimized = "; ".join(why) or "the minimization gave no answer"
                note = f"counterexample not minimized: {trace.why_not_minimized}"
            return CheckResult(Status.VIOLATED, "bmc", t, trace=trace, note=note)
        if ts.lemmas and lemmas_ok:
            r, model = _violation(bmc, u.holds(ts.lemmas, t))
            if r == z3.unknown:
                return CheckResult(
                    Status.UNKNOWN,
                    "bmc",
                    t,
                    note=f"solver unknown on a lemma at night {t}: {solvers.why(bmc)}",
                    unknown=solvers.answer(bmc, r).value,
                )
            if model is not None:  # a lemma of the model is wrong: no induction with it, BMC still stands
                lemmas_ok = False
                notes.append(f"a lemma fails at night {t}: induction not attempted")
        if lemmas_ok and ind.open and t + 1 <= opts.max_k and ind.step(t + 1):
            return CheckResult(Status.PROVED, "k-induction", t, k=t + 1, notes=notes)
    if ind.why:
        notes.append(ind.why)
    return CheckResult(Status.HOLDS, "bmc", opts.depth, note="; ".join(notes), notes=notes)


def _violation(solver: z3.Solver, holds: Any) -> tuple[z3.CheckSatResult, z3.ModelRef | None]:
    solver.push()
    solver.add(z3.Not(holds))
    r = check_sat(solver)
    model = solver.model() if r == z3.sat else None
    solver.pop()
    return r, model


class Induction:
    """The k-induction step: ``props ∧ lemmas`` on ``k`` consecutive states of any path (not necessarily
    from an initial state) implies it on the next one.  The path's constraints are built once and grow with
    ``k``; each step is asked of a fresh one-shot solver (:func:`ruleproof.solvers.new_eliminating_solver`:
    the next-state constants are eliminated before the search, which an incremental solver does not do).
    ``u``: the unrolling to read the transitions from (the BMC's: a path not from an initial state is the
    same constraints on the same constants, only asked of another solver)."""

    def __init__(self, ts: TransitionSystem, opts: Options, u: Unrolling | None = None) -> None:
        self.q = (*ts.props, *ts.lemmas)
        self.u = u if u is not None else Unrolling(ts, "k.")
        self.opts = opts
        self.path: list[Any] = []
        self.k = 0
        self.open = True
        self.why = ""

    def step(self, k: int) -> bool:
        while self.k < k:
            self.path.append(self.u.holds(self.q, self.k))
            self.path.extend(self.u.transition(self.k))
            self.k += 1
        solver = solvers.new_eliminating_solver(*solver_options(self.opts))
        ts = self.u.ts
        if ts.lemmas and lemmas_inductive(self.u, self.opts):
            # the lemmas hold at ``k`` on every such path (they are 1-inductive on their own): assumed there,
            # only the properties are left to show — the same answer, without re-proving the lemmas
            goal = [self.u.holds(ts.lemmas, k), z3.Not(self.u.holds(ts.props, k))]
        else:
            goal = [z3.Not(self.u.holds(self.q, k))]
        solver.add(*self.path, *goal)
        r = check_sat(solver)
        if r == z3.unsat:
            return True
        if r == z3.unknown:
            self.open = False
            self.why = f"induction: solver unknown at k={k}: {solvers.why(solver)}"
        else:
            self.why = f"not inductive up to k={k}"
        return False


_LEMMAS: dict[tuple[int, tuple[int, int, int]], tuple[Any, bool]] = {}  # :func:`lemmas_inductive`'s answers
LEMMA_MEMO = 256


def lemmas_inductive(u: Unrolling, opts: Options) -> bool:
    """Whether the lemmas of ``u``'s system are 1-inductive on their own (the lemmas on a state and the
    transition leaving it imply them on the next, unsat asked of a one-shot solver; ``unknown`` is no).

    Then the lemmas hold at the last state of every path of an induction step (they hold on the states
    before it), so a step may assume them there and ask only for the properties: satisfiable exactly when
    the step on ``props ∧ lemmas`` is.  The invariants of one model (``occupancy``'s three theorems, in one
    reading) share its lemmas: the question is asked once per process and kept by the formula itself —
    Z3's terms are hash-consed, so the same question built again is the same term, whatever system object
    built it."""
    query = z3.And(u.holds(u.ts.lemmas, 0), *u.transition(0), z3.Not(u.holds(u.ts.lemmas, 1)))
    key = (query.get_id(), solver_options(opts))
    if key not in _LEMMAS:
        if len(_LEMMAS) >= LEMMA_MEMO:  # (a long mutate run asks many models: a bounded memo)
            _LEMMAS.clear()
        solver = solvers.new_eliminating_solver(*solver_options(opts))
        solver.add(query)
        _LEMMAS[key] = (query, check_sat(solver) == z3.unsat)  # the term kept alive: its id stays its own
    return _LEMMAS[key][1]


def minimize(
    ts: TransitionSystem, depth: int, opts: Options, why: list[str] | None = None, u: Unrolling | None = None
) -> Trace | None:
    """The violation at exactly ``depth`` nights with the smallest cost terms, lexicographically: each
    term is brought down to its least value (:func:`_least`) and then fixed there before the next one; then
    every free variable likewise (below).  None when a solver call gave no answer (its reason appended to
    ``why``); an interrupt raises.

    The answer is the lexicographic optimum itself, not a model a search happened to find: the least value
    of each term in turn is unique, and so is the path once every input and the initial state is fixed at
    its least value — so any correct search (Z3 ``Optimize``, then a descent, now a halving search on one
    incremental solver) reports the same trace.  ``u``: an unrolling of ``ts`` whose transitions are built
    already (the BMC's that found the violation), else a fresh one."""
    reasons = why if why is not None else []
    u = u if u is not None else Unrolling(ts, "m.")
    s = new_solver(opts)
    s.add(_as_bool(ts.init(Z3, u.state(0))))
    for t in range(depth):
        s.add(*u.transition(t))
    s.add(z3.Not(u.holds(ts.props, depth)))
    terms = (
        ts.costs(Z3, [u.state(t) for t in range(depth + 1)], [u.input(t) for t in range(depth)])
        if ts.costs is not None
        else []
    )
    s.push()  # incremental from the first check: Z3's one-shot QF_LIA tactic costs more than it saves here
    model: z3.ModelRef | None = None
    # the cost terms in priority order, then the smallest value of every free variable in a fixed order
    # (inputs night by night, then the initial state): the reported trace is unique, so the same question
    # always gets the same answer
    objectives: list[tuple[Any, int | None, str]] = [
        (term, None, f"cost term {n + 1} of {len(terms)}") for n, term in enumerate(terms)
    ]
    free = [(u.input(t)[v.name], v.sort) for t in range(depth) for v in ts.inputs]
    free += [(u.state(0)[v.name], v.sort) for v in ts.state]
    objectives += [
        (z3.If(var, 1, 0), 0, f"smallest value of {var}")
        if sort is Sort.BOOL
        else (var, None, f"smallest value of {var}")
        for var, sort in free
    ]
    for term, floor, what in objectives:
        got = _least(s, term, model, floor)
        if isinstance(got, str):
            reasons.append(f"{what}: {got}")
            return None
        best, model = got
        s.add(term == best)
    if check_sat(s) != z3.sat:
        reasons.append(f"the final model: {solvers.why(s)}")
        return None
    return extract(ts, u, s.model(), depth, minimized=True)


DESCENT_STEPS = 10_000  # a term still decreasing after this many probes is taken as unbounded below


def _least(
    s: z3.Solver, term: Any, model: z3.ModelRef | None, floor: int | None = None
) -> tuple[Any, z3.ModelRef] | str:
    """The least value of ``term`` under ``s``'s constraints, and a model that has it, starting from
    ``model`` (one of ``s``'s; None: the first check finds one).  ``floor``: a value ``term`` never goes
    below (a false boolean needs no check).  Why not, when a check gave no answer or the term looks
    unbounded below.

    A search between the least value known reachable (``high``, a model's) and the greatest known to
    bound the term from below (``low``: "is there a model below ``low``?" was unsat): each probe asks
    for a model below a cut.  Until a probe is unsat the cut steps down from ``high`` by 1, 2, 4, …
    (the first probe is the plain "anything smaller?", which settles a term already at its least in one
    check); after it, the cut halves the gap.  A descent one model at a time took ~900 checks for a cost
    term whose first model was 900 above its least (``batches`` in a reading pair); this takes ~20."""
    if model is None:
        r = check_sat(s)
        if r != z3.sat:
            return solvers.why(s) if r == z3.unknown else "no model"
        model = s.model()
    high = model.eval(term, model_completion=True).as_long()
    low = floor  # term >= low is known (None: nothing known yet)
    step = 1
    for _ in range(DESCENT_STEPS):
        if low is not None and high <= low:
            break
        cut = high - step + 1 if low is None else low + (high - low + 1) // 2
        s.push()
        s.add(term < cut)
        r = check_sat(s)
        if r == z3.sat:
            model = s.model()
            high = model.eval(term, model_completion=True).as_long()
            step *= 2
        s.pop()
        if r == z3.unknown:
            return solvers.why(s)
        if r != z3.sat:
            low = cut
    else:
        return f"still decreasing after {DESCENT_STEPS} probes (unbounded below?)"
    return z3.IntVal(high), model


class Reach(StrEnum):
    REACHABLE = "reachable"
    UNREACHABLE = "unreachable"  # proved: the negation is an inductive invariant — dead text
    NOT_REACHED = "not-reached-to-depth"
    UNKNOWN = "unknown"


@dataclass
class ReachResult:
    witness: Prop
    status: Reach
    depth: int
    k: int | None = None
    trace: Trace | None = None  # the shortest (minimized) path to a witness state

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.witness.label,
            "clause": self.witness.clause,
            "zh": self.witness.zh,
            "en": self.witness.en,
            "status": self.status.value,
            "depth": self.depth,
            "k": self.k,
        }
        if self.trace is not None:
            out["path"] = {"inputs": self.trace.inputs, "last": self.trace.states[-1]}
        return out


def reach(ts: TransitionSystem, witness: Prop, opts: Options) -> ReachResult:
    """Is a state satisfying ``witness`` reachable?  Decided as the property "never ``witness``" with the
    same BMC, induction and minimization: violated ⇒ reachable (the minimized path is the shortest witness),
    proved ⇒ unreachable for good, holds ⇒ not reached within ``opts.depth`` nights."""
    never = Prop(witness.label, witness.clause, witness.zh, witness.en, lambda a, s: a.not_(witness.fn(a, s)))
    r = check(replace(ts, props=(never,), witnesses=()), opts)
    status = {
        Status.VIOLATED: Reach.REACHABLE,
        Status.PROVED: Reach.UNREACHABLE,
        Status.HOLDS: Reach.NOT_REACHED,
        Status.UNKNOWN: Reach.UNKNOWN,
    }[r.status]
    return ReachResult(witness, status, r.depth, r.k, r.trace)


def replay(ts: TransitionSystem, trace: Trace) -> list[dict[str, Any]]:
    """Re-run a trace's inputs through ``step`` with Python values (guards asserted): the states."""
    states: list[dict[str, Any]] = [dict(trace.states[0])]
    if not ts.init(PY, states[0]):
        raise ValueError(f"{ts.name}: not an initial state")
    for i in trace.inputs:
        if not ts.guard(PY, states[-1], i):
            raise ValueError(f"{ts.name}: inputs not allowed: {i}")
        states.append(ts.run(states[-1], i))
    return states


# ── non-vacuity ─────────────────────────────────────────────────────────────────────────────────

LIVENESS_DEPTH = (
    8  # witnesses are searched at least this deep (the extra bullet of night 5, evolution from 3)
)


class Live(StrEnum):
    REACHED = "reached"
    UNREACHED = "unreached"  # not within the search depth (or the initial states are unsatisfiable)
    UNKNOWN = "unknown"


@dataclass
class Witness:
    """One non-vacuity witness: the initial states, a transition kind (cover) or a premise state."""

    kind: str  # "init" / "cover" / "premise"
    label: str
    clause: str
    zh: str
    en: str
    status: Live
    depth: int | None = None  # the night at which it was first reached

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.label,
            "clause": self.clause,
            "zh": self.zh,
            "en": self.en,
            "status": self.status.value,
            "depth": self.depth,
        }


GUARD_COVER = Cover(
    "any_transition",
    "",
    "自初始状态起存在合法的一夜（守卫可满足）",
    "some night is legal from an initial state (the guard is satisfiable)",
    lambda a, s, i: a.bool_(True),
)


@dataclass
class LiveSearch:
    """What :func:`live_search` found, and where it stopped: which tells what a search of another depth finds."""

    witnesses: list[Witness]
    end: int | None = None  # the night the search stopped after (None: at the initial states, at any depth)
    # the night each witness whose query was unknown (by its index in ``witnesses``) was so
    unknown_at: dict[int, int] = field(default_factory=dict)

    def at(self, depth: int) -> list[Witness] | None:
        """The witnesses a search with ``opts.depth = depth`` finds, or None when this one does not tell.

        The queries of night ``t`` do not depend on the depth (only where the search stops does), so up to
        the night both searches reach each witness's status changes on the same night.  Replaying the loop's
        stop rule on those nights gives where the other search stops; if that is no later than ``end``, its
        witnesses are these with every change after that night undone (reached or unknown → unreached)."""
        if self.end is None:
            return self.witnesses
        nights = [self._night(i, w) for i, w in enumerate(self.witnesses)]
        last = max(depth, LIVENESS_DEPTH)
        for t in range(min(self.end, last) + 1):
            done = [n is not None and n <= t for n in nights]
            alive = all(d for d, w in zip(done, self.witnesses, strict=True) if w.kind != "outcome")
            if (alive and (all(done) or t >= depth)) or t == last:
                return [
                    w if d else replace(w, status=Live.UNREACHED, depth=None)
                    for d, w in zip(done, self.witnesses, strict=True)
                ]
        return None  # the other search goes on after the night this one stopped

    def _night(self, i: int, w: Witness) -> int | None:
        if w.status is Live.REACHED:
            return w.depth
        return self.unknown_at.get(i)


def liveness(ts: TransitionSystem, opts: Options) -> list[Witness]:
    """:func:`live_witnesses`, kept by its question under :func:`ruleproof.smt.cache.by_question`.  A search
    is also kept under its question at any depth, with where it stopped (:class:`LiveSearch`): a search of
    another depth that would stop no later (``check``'s 4 nights after ``verify``'s 6, or ``verify``'s 6 after
    ``check``'s 4 when every witness is reached by night 4) reads it instead of searching again."""
    if not cache.asking():
        return live_witnesses(ts, opts)
    fp = fingerprint(ts, 0)
    any_depth = cache.question_key("ts.liveness.any-depth", fp, replace(opts, depth=0))

    def compute() -> list[Witness]:
        limits = solvers.wall_clock_limits()
        found = live_search(ts, opts)
        if solvers.wall_clock_limits() == limits:
            cache.keep(any_depth, found)
        return found.witnesses

    with cache.exclusive(any_depth):  # as in :func:`check`: two depths take turns
        got = cache.stored(any_depth)
        found = got.at(opts.depth) if isinstance(got, LiveSearch) else None
        if found is not None:
            return found
        return cache.question("ts.liveness", lambda: fp, opts, compute)


def live_witnesses(ts: TransitionSystem, opts: Options) -> list[Witness]:
    """The non-vacuity witnesses of ``ts`` (:func:`live_search`)."""
    return live_search(ts, opts).witnesses


def live_search(ts: TransitionSystem, opts: Options) -> LiveSearch:
    """The non-vacuity witnesses of ``ts``: the initial states are satisfiable; the guard (``any_transition``)
    and every :class:`Cover` hold on some reachable state with its inputs; every premise holds on some
    reachable state.  Searched by one incremental BMC to ``max(opts.depth, LIVENESS_DEPTH)`` nights, each
    witness recorded at the first night it is reached; stopped once every witness but the outcomes is
    reached and either the outcomes are too or ``opts.depth`` nights are searched."""
    depth = max(opts.depth, LIVENESS_DEPTH)
    u = unrolling(ts)
    solver = new_solver(opts)
    solver.add(_as_bool(ts.init(Z3, u.state(0))))
    init = Witness("init", "init", "", "初始状态可满足", "the initial states are satisfiable", Live.UNREACHED)
    r = check_sat(solver)
    covers = [GUARD_COVER, *ts.covers]
    out = [init]
    out += [Witness("cover", c.label, c.clause, c.zh, c.en, Live.UNREACHED) for c in covers]
    out += [Witness("premise", p.label, p.clause, p.zh, p.en, Live.UNREACHED) for p in ts.premises]
    out += [Witness("outcome", p.label, p.clause, p.zh, p.en, Live.UNREACHED) for p in ts.outcomes]
    if r == z3.unknown:
        for w in out:
            w.status = Live.UNKNOWN
        return LiveSearch(out)
    if r == z3.unsat:
        return LiveSearch(out)
    init.status, init.depth = Live.REACHED, 0

    def cover_at(c: Cover) -> Callable[[int], Any]:
        def at(t: int) -> Any:
            return z3.And(u.guard(t), _as_bool(c.fn(Z3, u.state(t), u.input(t))))

        return at

    def premise_at(p: Prop) -> Callable[[int], Any]:
        return lambda t: _as_bool(p.fn(Z3, u.state(t)))

    tests: list[tuple[Witness, Callable[[int], Any]]] = []
    tests += zip(out[1 : 1 + len(covers)], map(cover_at, covers), strict=True)
    tests += zip(out[1 + len(covers) :], map(premise_at, (*ts.premises, *ts.outcomes)), strict=True)
    search = LiveSearch(out)
    for t in range(depth + 1):
        if t:
            solver.add(*u.transition(t - 1))
        for i, (w, fn) in enumerate(tests, 1):  # ``tests`` are ``out`` but the initial states, in order
            if w.status is not Live.UNREACHED:
                continue
            r = _check_with(solver, fn(t))
            if r == z3.sat:
                w.status, w.depth = Live.REACHED, t
            elif r == z3.unknown:
                w.status = Live.UNKNOWN
                search.unknown_at[i] = t
        alive = all(w.status is not Live.UNREACHED for w, _ in tests if w.kind != "outcome")
        complete = all(w.status is not Live.UNREACHED for w, _ in tests)
        search.end = t
        if alive and (complete or t >= opts.depth):
            break
    return search


def _check_with(solver: z3.Solver, condition: Any) -> z3.CheckSatResult:
    solver.push()
    solver.add(condition)
    r = check_sat(solver)
    solver.pop()
    return r


def vacuity(witnesses: Sequence[Witness]) -> str:
    """Why a model is vacuous ('' when every witness was reached)."""
    missing = [w for w in witnesses if w.status is not Live.REACHED and w.kind != "outcome"]
    return "; ".join(f"{w.kind} {w.label} {w.status.value}" for w in missing)
