"""Every interpretation switch of 返航录, with the model that tells its readings apart (``ruleproof readings``).

One :class:`Distinguisher` per switch: a small model over the kernel algebra with the reading baked in
(observations are its ``o_*`` state variables — what the engine shows: a death, a published batch, a
private message, a stock, an illegal action), the scenario builder that scripts a trace of it on the
standard table, and what each reading's vector expects.  :func:`ruleproof.smt.readings.product` and the
ordinary BMC find the minimal scenario on which the readings differ (or prove there is none, or none up to
the bound); both vectors are replayed on the engine.

Where a switch's difference is already inside a verification model (the batches, occupancy, the dying
flag), that model is reused with observations added; the others have a model of the few steps concerned.
Models over-approximate the engine (free choices where the rules leave them), so "harmless up to k" is a
sound claim; a scenario found only in the abstraction is searched again under the builder's ``playable``
guard and reported as such.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ruleproof.errors import UserError
from ruleproof.fsutil import atomic_write_text
from ruleproof.kernel.algebra import PY, Algebra, count_true, one_if, sum_i
from ruleproof.smt import cache
from ruleproof.smt.invariant import NotConcretizable
from ruleproof.smt.readings import Guard, product, split
from ruleproof.smt.ts import (
    Inputs,
    Options,
    Sort,
    State,
    Status,
    Trace,
    TransitionSystem,
    Var,
    bools,
    check,
    ints,
)
from ruleproof.specs.fanhanglu import Spec, load_spec
from ruleproof.specs.fanhanglu.interpretations import SWITCH_BY_KEY
from ruleproof.specs.fanhanglu.kernels import (
    bounty_kills,
    bounty_recovery,
    bullet_arrivals,
    kill_points,
    pair_increment,
    process_advance,
    quota_allows,
)
from ruleproof.specs.fanhanglu.tables import BULLET_ARRIVALS
from ruleproof.vectors.format import dump_vector

from . import batches as batch_model
from . import dying as dying_model
from . import occupancy as occupancy_model
from . import scenario as sc
from .util import implies

Expect = list[dict[str, Any]]
States = Sequence[dict[str, Any]]


@dataclass(frozen=True)
class Distinguisher:
    switch: str
    model: Callable[[Spec], TransitionSystem]
    script: Callable[[Spec, States, Sequence[dict[str, Any]]], list[dict[str, Any]]]
    # what a reading's vector expects: from that reading's states and the legality of its last night
    expect: Callable[[Spec, States, bool, int], Expect]
    cites: tuple[str, ...]
    what: str  # zh: the scenario in one line
    playable: Guard | None = None
    table: dict[str, str] | None = None


def with_obs(
    ts: TransitionSystem, obs: dict[str, tuple[str, Callable[[Algebra[Any, Any], State], Any]]]
) -> TransitionSystem:
    """``ts`` with observation variables ``o_*`` computed from each state (name → (sort, fn))."""
    extra = tuple(Var(k, Sort.INT if sort == "int" else Sort.BOOL) for k, (sort, _) in obs.items())

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(ts.init(a, s), *(_eq(a, s[k], fn(a, s), sort) for k, (sort, fn) in obs.items()))

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        out = ts.step(a, s, i)
        out.update({k: fn(a, out) for k, (_, fn) in obs.items()})
        return out

    return replace(
        ts, state=(*ts.state, *extra), init=init, step=step, props=(), lemmas=(), premises=(), witnesses=()
    )


def _eq(a: Algebra[Any, Any], x: Any, y: Any, sort: str) -> Any:
    return a.ite_b(x, y, a.not_(y)) if sort == "bool" else a.eq(x, y)


def _ts(
    name: str,
    state: tuple[Var, ...],
    inputs: tuple[Var, ...],
    init: Callable[[Algebra[Any, Any], State], Any],
    guard: Callable[[Algebra[Any, Any], State, Inputs], Any],
    step: Callable[[Algebra[Any, Any], State, Inputs], dict[str, Any]],
) -> TransitionSystem:
    def costs(a: Algebra[Any, Any], states: Sequence[State], ins: Sequence[Inputs]) -> list[Any]:
        acts = [one_if(a, i[v.name]) if v.sort.value == "bool" else i[v.name] for i in ins for v in inputs]
        return [sum_i(a, acts)]

    return TransitionSystem(name, state, inputs, init, guard, step, (), costs=costs)


def _zero_init(*names: str) -> Callable[[Algebra[Any, Any], State], Any]:
    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(
            a.eq(s["n"], a.lit(1)),
            *(a.eq(s[k], a.lit(0)) if not k.startswith("b_") else a.not_(s[k]) for k in names),
        )

    return init


def _first(inputs: Sequence[dict[str, Any]], key: str) -> int:
    """The first night (1-based) on which ``key`` was set."""
    return next(t for t, i in enumerate(inputs, start=1) if i[key])


def _night(t: int, *acts: dict[str, Any]) -> dict[str, Any]:
    return sc.night(t, *acts)


# ── damage.night_immunity_position: the dying model, the alien protected and knifed ────────────────


def _immunity_model(spec: Spec) -> TransitionSystem:
    base = dying_model.dying_system(spec)
    return with_obs(
        base, {"o_imm": ("int", lambda a, s: s["immunity"]), "o_dy": ("bool", lambda a, s: s["alive"])}
    )


def _immunity_playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    # the bodyguard's protection and a xeno's knife at step 7 on the alien (its one initial charge)
    others = [k for k in i if k not in ("prot_7", "hit_7")]
    worn = a.or_(s["armor"], s["shield"])  # the alien wears no armor and no shield on the standard table
    return a.and_(a.eq(s["immunity"], a.lit(1)), a.not_(worn), *(a.not_(i[k]) for k in others))


def _immunity_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts = []
        if i["prot_7"]:
            acts.append({"actor": sc.BODYGUARD, "skill": "protect", "targets": [sc.ALIEN]})
        if i["hit_7"]:
            acts.append({"actor": sc.XENOS[0], "skill": "knife", "targets": [sc.ALIEN]})
        if acts:
            out.append(_night(t, *acts))
    return out


def _immunity_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    before, after = states[-2], states[-1]
    result = "immunity_consumed" if after["immunity"] < before["immunity"] else "protection"
    return [
        {
            "after": f"night {d}",
            "events": [{"kind": "hit", "target": sc.ALIEN, "result": result}],
            "state": {"immunity": {str(sc.ALIEN): after["immunity"]}},
        }
    ]


# ── silence.effect_night ─────────────────────────────────────────────────────────────────────────


def _silence_model(spec: Spec) -> TransitionSystem:
    same = spec.reading("silence.effect_night") == "same_night"

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(
            a.eq(s["n"], a.lit(1)), a.eq(s["blocked"], a.lit(0)), a.not_(s["o_done"]), a.not_(s["o_sub"])
        )

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        return a.bool_(True)

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        night = a.ite_i(a.bool_(same), s["n"], a.add(s["n"], a.lit(1)))
        blocked = a.ite_i(i["sil"], night, s["blocked"])  # 6.1.2 / 7.2.3: the night it blocks
        done = a.and_(i["act"], a.not_(a.eq(blocked, s["n"])))
        return {"n": a.add(s["n"], a.lit(1)), "blocked": blocked, "o_done": done, "o_sub": i["act"]}

    return _ts(
        "silence", (*ints("n", "blocked"), *bools("o_done", "o_sub")), bools("sil", "act"), init, guard, step
    )


def _silence_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts = []
        if i["sil"]:
            acts.append({"actor": sc.ALIEN, "skill": "ambush", "targets": [sc.ENGINEER], "silence": True})
        if i["act"]:
            acts.append({"actor": sc.ENGINEER, "skill": "repair", "amount": spec.p("repair.min") / 100})
        if acts:
            out.append(_night(t, *acts))
    return out


def _silence_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    done = states[-1]["o_done"]
    skipped = {"kind": "not_executed", "actor": sc.ENGINEER, "skill": "repair", "reason": "silenced"}
    if done:
        return [
            {
                "after": f"night {d}",
                "batches": {"4": {"total": spec.p("repair.min") // 100}},
                "no_events": [skipped],
            }
        ]
    return [{"after": f"night {d}", "events": [skipped], "batches": {"4": None}}]


# ── bounty.count_basis / bounty.blocked_shot: the sheriff's stock ────────────────────────────────


def _bounty_model(spec: Spec, blocked: bool = False) -> TransitionSystem:
    """The sheriff's stock night by night; tonight it may shoot one xeno twice (which dies), or — for the
    blocked-shot switch — shoot a protected xeno that dies of a knife.  The bounty is the engine's kernels."""
    per_shot = spec.reading("bounty.count_basis") == "per_shot"
    must_land = spec.reading("bounty.blocked_shot") == "shot_must_land"
    cap = spec.p("sheriff.bullet_cap")
    sources = [s for s, _ in BULLET_ARRIVALS]

    def init(a: Algebra[Any, Any], s: State) -> Any:
        first = a.lit(spec.p("sheriff.initial_bullets"))
        stock, _ = bullet_arrivals(a, a.lit(0), [first], a.lit(cap), a.bool_(True))
        return a.and_(
            a.eq(s["n"], a.lit(1)), a.eq(s["s"], stock), a.eq(s["due"], a.lit(0)), a.eq(s["o_N"], stock)
        )

    def held(a: Algebra[Any, Any], s: State) -> Any:
        extra = a.ite_i(
            a.eq(s["n"], a.lit(spec.p("extra_bullet.night"))), a.lit(spec.p("extra_bullet.amount")), a.lit(0)
        )
        amounts = {"bounty": s["due"], "saved": a.lit(0), "extra_night": extra, "extra_alive": a.lit(0)}
        stock, _ = bullet_arrivals(a, s["s"], [amounts[k] for k in sources], a.lit(cap), a.bool_(True))
        return stock

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        shots = a.add(a.scale(one_if(a, i["twice"]), 2), one_if(a, i["once"]))
        return a.and_(
            a.not_(a.and_(i["twice"], i["once"])),
            a.or_(a.eq(shots, a.lit(0)), quota_allows(a, shots, held(a, s))),
        )

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        n_held = held(a, s)
        shots = a.add(a.scale(one_if(a, i["twice"]), 2), one_if(a, i["once"]))
        # the xeno (12) dies at step 9; each shot is a portion on it (a blocked one when «once» is blocked)
        paid = [a.bool_(False)] * 11 + [a.bool_(True)] + [a.bool_(False)] * 3
        two = bounty_kills(a, [12, 12], paid, per_shot)
        one = bounty_kills(a, [12], paid, per_shot) if not (blocked and must_land) else a.lit(0)
        kills = a.ite_i(i["twice"], two, a.ite_i(i["once"], one, a.lit(0)))
        return {
            "n": a.add(s["n"], a.lit(1)),
            "s": a.sub(n_held, shots),
            "due": bounty_recovery(a, kills, spec.p("bounty.bullets_per_kill")),
            "o_N": n_held,
        }

    return _ts("bounty", ints("n", "s", "due", "o_N"), bools("twice", "once"), init, guard, step)


def _bounty_playable(blocked: bool) -> Guard:
    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        return a.not_(i["twice"]) if blocked else a.not_(i["once"])

    return guard


def _bounty_script(blocked: bool) -> Callable[[Spec, States, Sequence[dict[str, Any]]], list[dict[str, Any]]]:
    def script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for t, i in enumerate(inputs, start=1):
            if i["twice"]:
                out.append(_night(t, {"actor": sc.POLICE, "skill": "shoot", "targets": [12, 12]}))
            if i["once"]:
                out.append(
                    _night(
                        t,
                        {"actor": sc.BODYGUARD, "skill": "protect", "targets": [12]},
                        {"actor": sc.POLICE, "skill": "shoot", "targets": [12]},
                        {"actor": 13, "skill": "knife", "targets": [12]},
                    )
                )
        return out

    return script


def _bounty_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    return [{"after": f"night {d} step 0.6", "state": {"bullets": {str(sc.POLICE): states[-1]["o_N"]}}}]


# ── rescue.self_when_dying / revive.self_when_dying ──────────────────────────────────────────────


def _self_save_model(
    switch: str, nights_key: str | None, initial_key: str | None
) -> Callable[[Spec], TransitionSystem]:
    """A player knifed at step 7 saves itself at step 8 with a quota (its arrival nights / its initial
    count from the spec): allowed or not by the reading."""

    def model(spec: Spec) -> TransitionSystem:
        allowed = spec.reading(switch) == "allowed"
        quota_nights = spec.pt(nights_key) if nights_key else ()
        initial = spec.p(initial_key) if initial_key else 0

        def init(a: Algebra[Any, Any], s: State) -> Any:
            return a.and_(a.eq(s["n"], a.lit(1)), a.eq(s["q"], a.lit(initial)), s["o_alive"])

        def quota(a: Algebra[Any, Any], s: State) -> Any:
            return a.add(s["q"], one_if(a, a.or_(*(a.eq(s["n"], a.lit(k)) for k in quota_nights))))

        def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
            # the target must be dying at the step's snapshot (4.6.1 / 6.8.4④) and a quota held
            return a.and_(
                s["o_alive"],
                implies(a, i["save"], a.and_(i["knife"], quota_allows(a, a.lit(1), quota(a, s)))),
            )

        def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
            done = a.and_(i["save"], a.bool_(allowed))
            return {
                "n": a.add(s["n"], a.lit(1)),
                "q": a.sub(quota(a, s), one_if(a, done)),
                "o_alive": a.and_(s["o_alive"], a.or_(a.not_(i["knife"]), done)),
            }

        return _ts(switch, (*ints("n", "q"), *bools("o_alive")), bools("knife", "save"), init, guard, step)

    return model


def _self_save_script(
    actor: int, skill: str
) -> Callable[[Spec, States, Sequence[dict[str, Any]]], list[dict[str, Any]]]:
    def script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for t, i in enumerate(inputs, start=1):
            acts = []
            if i["knife"]:
                acts.append({"actor": sc.XENOS[0], "skill": "knife", "targets": [actor]})
            if i["save"]:
                acts.append({"actor": actor, "skill": skill, "targets": [actor]})
            if acts:
                out.append(_night(t, *acts))
        return out

    return script


def _self_save_expect(actor: int, event: str) -> Callable[[Spec, States, bool, int], Expect]:
    def expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
        if states[-1]["o_alive"]:
            return [{"after": f"night {d}", "events": [{"kind": event, "target": actor}], "dead": []}]
        return [{"after": f"night {d}", "dead": [actor]}]

    return expect


# ── capability.rescued_same_step: the bio-doctor's self-rescue and pharma ─────────────────────────


def _capability_model(spec: Spec) -> TransitionSystem:
    snapshot = spec.reading("capability.rescued_same_step") == "snapshot"
    nights = spec.p("pharma.nights")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(
            a.eq(s["n"], a.lit(1)),
            a.eq(s["o_prog"], a.lit(0)),
            a.eq(s["q"], a.lit(spec.p("bio.self_rescues"))),
        )

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        return implies(a, i["selfr"], a.and_(i["knife"], a.lt(a.lit(0), s["q"])))  # 2.4.2④附: oneself dying

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        dying_at_snapshot = i["knife"]
        dying_at_turn = a.and_(i["knife"], a.not_(i["selfr"]))  # the self-rescue resolves first
        able = a.not_(dying_at_snapshot) if snapshot else a.not_(dying_at_turn)
        prog, _ = process_advance(a, s["o_prog"], nights)
        return {
            "n": a.add(s["n"], a.lit(1)),
            "q": a.sub(s["q"], one_if(a, i["selfr"])),
            "o_prog": a.ite_i(a.and_(i["pharma"], able), prog, s["o_prog"]),
        }

    return _ts("capability", ints("n", "q", "o_prog"), bools("knife", "selfr", "pharma"), init, guard, step)


def _capability_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts: list[dict[str, Any]] = []
        if i["knife"]:
            acts.append({"actor": sc.XENOS[0], "skill": "knife", "targets": [7]})
        if i["selfr"]:
            acts.append({"actor": 7, "skill": "self_rescue", "targets": [7]})
        if i["pharma"]:
            acts.append({"actor": 7, "skill": "pharma", "product": "rescue"})
        if acts:
            out.append(_night(t, *acts))
    return out


def _capability_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    return [{"after": f"night {d + 1} start", "state": {"pharma_progress": {"7": states[-1]["o_prog"]}}}]


# ── process.dying_later_same_night: the dying model's process ────────────────────────────────────


def _process_model(spec: Spec) -> TransitionSystem:
    return with_obs(dying_model.dying_system(spec), {"o_prog": ("int", lambda a, s: s["prog"])})


def _process_playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    return a.and_(*(a.not_(i[k]) for k in i if k not in ("adv", "hit_7", "rescue")))


def _process_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts: list[dict[str, Any]] = []
        if i["adv"]:
            acts.append({"actor": sc.POLICE, "skill": "save_bullet"})
        if i["hit_7"]:
            acts.append({"actor": sc.XENOS[0], "skill": "knife", "targets": [sc.POLICE]})
            if i["rescue"]:
                acts.append({"actor": 8, "skill": "rescue", "targets": [sc.POLICE]})
        if acts:
            out.append(_night(t, *acts))
    return out


def _process_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    return [
        {"after": f"night {d + 1} start", "state": {"save_progress": {str(sc.POLICE): states[-1]["o_prog"]}}}
    ]


# ── immunity.notice_time ─────────────────────────────────────────────────────────────────────────


def _notice_model(spec: Spec) -> TransitionSystem:
    early = spec.reading("immunity.notice_time") == "after_step"

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(a.eq(s["imm"], a.lit(spec.p("alien.immunity_initial"))), a.not_(s["o_early"]))

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        consumed = a.and_(i["shot"], a.lt(a.lit(0), s["imm"]))  # a step-6 shot on the alien (6.4.1)
        return {"imm": a.sub(s["imm"], one_if(a, consumed)), "o_early": a.and_(consumed, a.bool_(early))}

    return _ts(
        "notice", (*ints("imm"), *bools("o_early")), bools("shot"), init, lambda a, s, i: a.bool_(True), step
    )


def _notice_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        _night(t, {"actor": sc.POLICE, "skill": "shoot", "targets": [sc.ALIEN]})
        for t, i in enumerate(inputs, 1)
        if i["shot"]
    ]


def _notice_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    notice = {"kind": "immunity_consumed", "path": "damage"}
    if states[-1]["o_early"]:
        return [{"after": f"night {d} step 6", "feedback": {str(sc.ALIEN): [notice]}}]
    return [
        {"after": f"night {d} step 6", "no_feedback": {str(sc.ALIEN): ["immunity_consumed"]}},
        {"after": f"night {d} step 7", "feedback": {str(sc.ALIEN): [notice]}},
    ]


# ── self_heal.quota_arrived_tonight ──────────────────────────────────────────────────────────────


def _self_heal_model(spec: Spec) -> TransitionSystem:
    usable = spec.reading("self_heal.quota_arrived_tonight") == "usable"
    cap = spec.p("alien.heal_quota_cap")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(a.eq(s["q"], a.lit(0)), a.not_(s["o_marked"]))

    def tonight(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        got = a.and_(i["infect"], a.not_(s["o_marked"]))  # 6.5①: a true infection lands (no layer here)
        return a.ite_i(got, a.add(s["q"], a.lit(1)), s["q"]), a.or_(s["o_marked"], i["infect"])

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        q, marked = tonight(a, s, i)
        held = q if usable else s["q"]
        return implies(a, i["heal"], a.and_(marked, a.lt(a.lit(0), held)))

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        q, marked = tonight(a, s, i)
        q = a.ite_i(a.lt(a.lit(cap), q), a.lit(cap), q)
        return {"q": a.ite_i(i["heal"], a.lit(0), q), "o_marked": a.and_(marked, a.not_(i["heal"]))}

    return _ts("self_heal", (*ints("q"), *bools("o_marked")), bools("infect", "heal"), init, guard, step)


def _self_heal_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts = []
        if i["infect"]:
            acts.append({"actor": sc.XENOS[0], "skill": "infect", "targets": [sc.ALIEN]})
        if i["heal"]:
            acts.append({"actor": sc.ALIEN, "skill": "self_heal", "targets": [sc.ALIEN]})
        if acts:
            out.append(_night(t, *acts))
    return out


def _self_heal_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    if not legal:
        return [{"illegal": {"clause": "6.5", "night": d, "actor": sc.ALIEN, "skill": "self_heal"}}]
    return [
        {
            "after": f"night {d}",
            "state": {"mark": {str(sc.ALIEN): "none"}, "self_heal_quota": {str(sc.ALIEN): 0}},
        }
    ]


# ── poison.perceived_when_due ────────────────────────────────────────────────────────────────────


def _poison_model(spec: Spec) -> TransitionSystem:
    due_too = spec.reading("poison.perceived_when_due") == "also_when_due"
    rel = spec.p("poison.death_night")
    nights = spec.pt("poisoner.poison_nights")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(a.eq(s["n"], a.lit(1)), a.eq(s["due"], a.lit(0)), a.not_(s["o_seen"]))

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        has = a.or_(*(a.eq(s["n"], a.lit(k)) for k in nights))  # one poison per arrival night, used at once
        return a.and_(implies(a, i["poison"], a.and_(has, a.eq(s["due"], a.lit(0)))))

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        falls = a.eq(s["due"], s["n"])  # falls due at 0.55 tonight
        # 4.8.3: the bodyguard protecting the target tonight perceives 「中毒」 at the placement (step 8,
        # after its protection) — and, in the other reading, on the night it falls due
        seen = a.and_(i["protect"], a.or_(i["poison"], a.and_(falls, a.bool_(due_too))))
        due = a.ite_i(i["poison"], a.add(s["n"], a.lit(rel - 1)), a.ite_i(falls, a.lit(0), s["due"]))
        return {"n": a.add(s["n"], a.lit(1)), "due": due, "o_seen": seen}

    return _ts("poison", (*ints("n", "due"), *bools("o_seen")), bools("poison", "protect"), init, guard, step)


def _poison_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts = []
        if i["protect"]:
            acts.append({"actor": sc.BODYGUARD, "skill": "protect", "targets": [1]})
        if i["poison"]:
            acts.append({"actor": 8, "skill": "poison", "targets": [1]})
        if acts:
            out.append(_night(t, *acts))
    return out


def _poison_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    if states[-1]["o_seen"]:
        return [
            {
                "after": f"night {d}",
                "feedback": {str(sc.BODYGUARD): [{"kind": "attack_type", "type": "poison"}]},
            }
        ]
    return [{"after": f"night {d}", "no_feedback": {str(sc.BODYGUARD): ["attack_type"]}}]


# ── escape.tier_scope ────────────────────────────────────────────────────────────────────────────


def _tier_model(spec: Spec) -> TransitionSystem:
    per_pair = spec.reading("escape.tier_scope") == "per_pair"
    job = kill_points  # the engineer (5) is a job holder: 6.9.1①
    rescue_nights = spec.pt("rescue.rescue_nights")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(
            a.eq(s["n"], a.lit(1)), a.eq(s["best"], a.lit(0)), a.eq(s["o_score"], a.lit(0)), s["alive"]
        )

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        rescuable = a.or_(*(a.eq(s["n"], a.lit(k)) for k in rescue_nights))  # the rescue doctor's quota
        return a.and_(s["alive"], a.not_(a.and_(i["hurt"], i["kill"])), implies(a, i["hurt"], rescuable))

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        values = [a.lit(spec.p(k)) for k in ("escape.kill_crew", "escape.kill_job", "escape.kill_xeno")]
        lethal = job(a, a.bool_(False), a.bool_(False), values)
        value = a.ite_i(i["kill"], lethal, a.ite_i(i["hurt"], a.lit(spec.p("escape.dying")), a.lit(0)))
        gained, best = pair_increment(a, s["best"], value, per_pair)
        return {
            "n": a.add(s["n"], a.lit(1)),
            "best": best,
            "o_score": a.add(s["o_score"], gained),
            "alive": a.and_(s["alive"], a.not_(i["kill"])),
        }

    return _ts(
        "tier", (*ints("n", "best", "o_score"), *bools("alive")), bools("hurt", "kill"), init, guard, step
    )


def _tier_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        if i["hurt"]:
            out.append(
                _night(
                    t,
                    {"actor": sc.ALIEN, "skill": "alien_kill", "targets": [sc.ENGINEER]},
                    {"actor": 8, "skill": "rescue", "targets": [sc.ENGINEER]},
                )
            )
        if i["kill"]:
            out.append(_night(t, {"actor": sc.ALIEN, "skill": "alien_kill", "targets": [sc.ENGINEER]}))
    return out


def _tier_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    return [{"after": f"night {d}", "state": {"escape_score": {str(sc.ALIEN): states[-1]["o_score"] / 100}}}]


# ── death_row.timer_in_xeno_form ─────────────────────────────────────────────────────────────────


def _timer_model(spec: Spec) -> TransitionSystem:
    immune = spec.reading("death_row.timer_in_xeno_form") == "immune"
    rel = spec.p("infection.death_night")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(a.eq(s["n"], a.lit(1)), a.eq(s["due"], a.lit(0)), a.not_(s["xeno"]), s["o_alive"])

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        # infected while presenting itself (a true mark, 5.3.2); transform at the identity-change sub-step
        return a.and_(
            s["o_alive"], implies(a, i["infect"], a.and_(a.not_(s["xeno"]), a.eq(s["due"], a.lit(0))))
        )

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        xeno = a.or_(s["xeno"], i["xform"])  # before 0.55 tonight
        falls = a.and_(a.eq(s["due"], s["n"]), a.lt(a.lit(0), s["due"]))
        dies = a.and_(falls, a.not_(a.and_(xeno, a.bool_(immune))))
        due = a.ite_i(i["infect"], a.add(s["n"], a.lit(rel - 1)), a.ite_i(falls, a.lit(0), s["due"]))
        return {
            "n": a.add(s["n"], a.lit(1)),
            "due": due,
            "xeno": xeno,
            "o_alive": a.and_(s["o_alive"], a.not_(dies)),
        }

    return _ts(
        "timer", (*ints("n", "due"), *bools("xeno", "o_alive")), bools("infect", "xform"), init, guard, step
    )


def _timer_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts: list[dict[str, Any]] = []
        if i["xform"]:
            acts.append({"actor": sc.ALIEN, "skill": "transform", "identities": ["xeno"]})
        if i["infect"]:
            acts.append({"actor": sc.XENOS[0], "skill": "infect", "targets": [sc.ALIEN]})
        if acts:
            out.append(_night(t, *acts))
    return out


def _timer_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    return [{"after": f"night {d}", "dead": [] if states[-1]["o_alive"] else [sc.ALIEN]}]


# ── repair.engineer_range ────────────────────────────────────────────────────────────────────────


def _repair_model(spec: Spec) -> TransitionSystem:
    fixed = spec.reading("repair.engineer_range") == "fixed"
    lo, hi, step_v = spec.p("repair.min"), spec.p("repair.max"), spec.p("repair.step")
    top = lo if fixed else hi

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.eq(s["o_total"], a.lit(0))

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        steps = [a.eq(i["amt"], a.lit(v)) for v in range(lo, top + 1, step_v)]
        return a.or_(a.eq(i["amt"], a.lit(0)), *steps)

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        return {"o_total": i["amt"]}

    ts = _ts("repair", ints("o_total"), ints("amt"), init, guard, step)
    return replace(ts, costs=lambda a, states, ins: [sum_i(a, (i["amt"] for i in ins))])


def _repair_playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    return a.le(a.lit(0), i["amt"])


def _repair_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        _night(t, {"actor": sc.ENGINEER, "skill": "repair", "amount": i["amt"] / 100})
        for t, i in enumerate(inputs, start=1)
        if i["amt"]
    ]


def _repair_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    if not legal:
        return [{"illegal": {"clause": "4.3.2", "night": d, "actor": sc.ENGINEER, "skill": "repair"}}]
    total = states[-1]["o_total"]
    return [
        {
            "after": f"night {d}",
            "batches": {"4": {"total": total // 100 if total % 100 == 0 else total / 100}},
        }
    ]


# ── sniff.antibody_counts ────────────────────────────────────────────────────────────────────────


def _sniff_model(spec: Spec) -> TransitionSystem:
    counts = spec.reading("sniff.antibody_counts") == "yes"
    heal_nights = spec.pt("bio.heal_nights")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(
            a.eq(s["n"], a.lit(1)),
            a.eq(s["ab"], a.lit(0)),
            a.not_(s["marked"]),
            a.not_(s["o_prot"]),
            a.not_(s["o_sniffed"]),
        )

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        heal_ok = a.or_(*(a.le(a.lit(k), s["n"]) for k in heal_nights[:1]))
        marked = a.or_(s["marked"], i["infect"])
        return a.and_(implies(a, i["heal"], a.and_(marked, heal_ok)))

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        # sniff at 3.5 sees tonight's antibody (given by last night's heal of a true mark, 3.3.8)
        has_ab = a.eq(s["ab"], s["n"])
        marked = a.and_(a.or_(s["marked"], i["infect"]), a.not_(i["heal"]))
        return {
            "n": a.add(s["n"], a.lit(1)),
            "ab": a.ite_i(i["heal"], a.add(s["n"], a.lit(1)), s["ab"]),
            "marked": marked,
            "o_prot": a.and_(i["sniff"], has_ab, a.bool_(counts)),
            "o_sniffed": i["sniff"],
        }

    return _ts(
        "sniff",
        (*ints("n", "ab"), *bools("marked", "o_prot", "o_sniffed")),
        bools("infect", "heal", "sniff"),
        init,
        guard,
        step,
    )


def _sniff_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts = []
        if i["sniff"]:
            acts.append({"actor": sc.POLICE, "skill": "sniff", "targets": [1]})
        if i["infect"]:
            acts.append({"actor": sc.XENOS[0], "skill": "infect", "targets": [1]})
        if i["heal"]:
            acts.append({"actor": 7, "skill": "heal", "targets": [1]})
        if acts:
            out.append(_night(t, *acts))
    return out


def _sniff_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    return [
        {
            "after": f"night {d}",
            "feedback": {
                str(sc.POLICE): [
                    {"kind": "sniff_result", "target": 1, "protected": bool(states[-1]["o_prot"])}
                ]
            },
        }
    ]


# ── the batch switches (batch3.zero_rule, batches.zero_rule_4_6_8): the batch model ────────────────


def _batch_model(spec: Spec) -> TransitionSystem:
    base = batch_model.batch_system(spec)
    obs: dict[str, tuple[str, Callable[[Algebra[Any, Any], State], Any]]] = {
        f"o_pub{k}": ("bool", _var(f"pub{k}")) for k in batch_model.MODELLED
    }
    return with_obs(base, obs)


def _var(name: str) -> Callable[[Algebra[Any, Any], State], Any]:
    return lambda a, s: s[name]


def _batch_playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    quiet = [
        a.eq(i[k], a.lit(0))
        for k in ("evo", "amb", "crew", "det", "ann", "assists", "crew_rep", "deaths")
        if k in i
    ]
    return a.and_(batch_model._playable(None)(a, s, i), *quiet)  # type: ignore[arg-type]


def _batch_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for t, i in enumerate(inputs, start=1):
        acts: list[dict[str, Any]] = []
        if i["patrol"]:
            acts.append(
                {"actor": sc.POLICE, "skill": "patrol", "targets": [sc.POLICE, *sc.CREW][: int(i["patrol"])]}
            )
        if i["acts_eng"]:
            acts.append({"actor": sc.ENGINEER, "skill": "repair", "amount": spec.p("repair.min") / 100})
        for j in range(batch_model.SABOTEURS):
            if i[f"does{j}"]:
                actor = sc.ALIEN if j == batch_model.ALIEN_SEAT else sc.XENOS[j]
                acts.append({"actor": actor, "skill": "sabotage", "amount": int(i[f"sab{j}"]) / 100})
        if acts:
            out.append(_night(t, *acts))
    return out


def _batch_expect(keys: Sequence[str]) -> Callable[[Spec, States, bool, int], Expect]:
    def expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
        last = states[-1]
        shown: dict[str, Any] = {}
        withheld = []
        for k in keys:
            if last[f"pub{k}"]:
                shown[k] = {"checks": last["checks"], "patrol": last["patrol"]} if k == "3" else {}
            else:
                shown[k] = None
                withheld.append({"kind": "batch_withheld", "batch": k})
        out: dict[str, Any] = {"after": f"night {d}", "batches": shown}
        if withheld:
            out["events"] = withheld
        return [out]

    return expect


# ── evolution.same_snapshot_overflow: the occupancy model ──────────────────────────────────────────


def _occupancy_model(spec: Spec) -> TransitionSystem:
    base = occupancy_model.occupancy_system(spec)
    obs: dict[str, tuple[str, Callable[[Algebra[Any, Any], State], Any]]] = {
        f"o_c{d}": ("int", _var(f"cnt_e{d}")) for d in range(len(occupancy_model.DIRS))
    }
    obs["o_fail"] = ("int", _var("evo_fail"))
    return with_obs(base, obs)


def _occupancy_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    xenos = sc.XENOS
    for t, i in enumerate(inputs, start=1):
        acting = sorted(
            (int(i[f"pos{x}"]), x) for x in range(len(xenos)) if i[f"act{x}"] != occupancy_model.NONE
        )
        acts = []
        for _, x in acting:
            skill = "evolve" if i[f"act{x}"] == occupancy_model.EVOLVE else "convert"
            acts.append(
                {"actor": xenos[x], "skill": skill, "direction": occupancy_model.DIRS[int(i[f"tgt{x}"]) - 1]}
            )
        if any(i[f"die{x}"] or i[f"ex{x}"] for x in range(len(xenos))):
            raise NotConcretizable("deaths and exiles are not scripted here")
        if acts:
            out.append(sc.night(t, *acts, order=[xenos[x] for _, x in acting]))
    return out


def _occupancy_playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    return a.and_(*(a.not_(i[k]) for k in i if k.startswith(("die", "ex"))))


def _occupancy_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    last = states[-1]
    counts = {name: int(last[f"cnt_e{k}"]) for k, name in enumerate(occupancy_model.DIRS)}
    out: dict[str, Any] = {"after": f"night {d} step 0.6", "state": {"occupancy": counts}}
    if last["evo_fail"]:
        out["events"] = [{"kind": "fizzle", "skill": "evolve"}]
    else:
        out["no_events"] = [{"kind": "fizzle", "skill": "evolve"}]
    return [out]


# ── duel.countdown_runs ──────────────────────────────────────────────────────────────────────────


def _duel_model(spec: Spec) -> TransitionSystem:
    """Alive counts by faction night by night; each night any number of players may leave (the
    over-approximation: every way the rules can empty the table); step 11 runs outside a duel, and in a
    duel with a human alive in the reading «runs» — its countdown change is published (batch ⑧)."""
    runs = spec.reading("duel.countdown_runs") == "runs"
    duel_size = spec.p("duel.players")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        p = spec.p
        return a.and_(
            a.eq(s["h"], a.lit(p("players.humans"))),
            a.eq(s["x"], a.lit(p("players.xenos"))),
            a.eq(s["al"], a.lit(p("players.aliens"))),
            s["o_s11"],
        )

    def after(a: Algebra[Any, Any], s: State, i: Inputs) -> tuple[Any, Any, Any]:
        return a.sub(s["h"], i["dh"]), a.sub(s["x"], i["dx"]), a.sub(s["al"], i["da"])

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        h, x, al = after(a, s, i)
        return a.and_(*(a.le(a.lit(0), v) for v in (i["dh"], i["dx"], i["da"], h, x, al)), a.lt(a.lit(0), h))

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        h, x, al = after(a, s, i)
        total = sum_i(a, (h, x, al))
        factions = count_true(a, (a.lt(a.lit(0), v) for v in (h, x, al)))
        duel = a.and_(a.eq(total, a.lit(duel_size)), a.eq(factions, a.lit(2)))
        return {"h": h, "x": x, "al": al, "o_s11": a.or_(a.not_(duel), a.bool_(runs))}

    return _ts("duel", (*ints("h", "x", "al"), *bools("o_s11")), ints("dh", "dx", "da"), init, guard, step)


# The builder's schedule to a duel (human 6 against the alien): per night and day, who leaves — the
# alien's knife (two once awakened), two xenos' knives, the sheriff's shots (bounty bullets from the xenos it
# kills) and the day's exile.  (h, x) at the night's start → the players out by that night and day.
DUEL_SCHEDULE: tuple[tuple[tuple[int, int], tuple[int, int, int], list[dict[str, Any]]], ...] = (
    (
        (11, 3),
        (4, 1, 0),
        [
            {
                "night": 1,
                "actions": [
                    {"actor": sc.ALIEN, "skill": "alien_kill", "targets": [4]},
                    {"actor": 13, "skill": "knife", "targets": [2]},
                    {"actor": 14, "skill": "knife", "targets": [3]},
                    {"actor": sc.POLICE, "skill": "shoot", "targets": [12]},
                ],
            },
            {"day": 1, "votes": {"13": 1, "14": 1, "15": 1}},
        ],
    ),
    (
        (7, 2),
        (1, 2, 0),
        [
            {
                "night": 2,
                "actions": [
                    {"actor": sc.ALIEN, "skill": "alien_kill", "targets": [5]},
                    {"actor": sc.POLICE, "skill": "shoot", "targets": [13]},
                ],
            },
            {"day": 2, "votes": {"6": 14, "8": 14, "9": 14}},
        ],
    ),
    (
        (6, 0),
        (3, 0, 0),
        [
            {
                "night": 3,
                "actions": [
                    {"actor": sc.ALIEN, "skill": "alien_kill", "targets": [7]},
                    {"actor": sc.POLICE, "skill": "shoot", "targets": [8]},
                ],
            },
            {"day": 3, "votes": {"6": 9, "10": 9, "11": 9}},
        ],
    ),
    (
        (3, 0),
        (2, 0, 0),
        [
            {
                "night": 4,
                "actions": [
                    {"actor": sc.ALIEN, "skill": "awaken"},
                    {"actor": sc.ALIEN, "skill": "alien_kill", "targets": [10, 11]},
                ],
            },
        ],
    ),
)


def _duel_playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    return a.or_(
        *(
            a.and_(
                a.eq(s["h"], a.lit(h)),
                a.eq(s["x"], a.lit(x)),
                a.eq(i["dh"], a.lit(dh)),
                a.eq(i["dx"], a.lit(dx)),
                a.eq(i["da"], a.lit(da)),
            )
            for (h, x), (dh, dx, da), _ in DUEL_SCHEDULE
        )
    )


def _duel_script(spec: Spec, states: States, inputs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    if not all(_duel_playable(PY, s, i) for s, i in zip(states, inputs, strict=False)):
        raise NotConcretizable("the minimal scenario empties the table faster than any scripted game")
    out: list[dict[str, Any]] = []
    for _, _, items in DUEL_SCHEDULE[: len(inputs)]:
        out.extend(items)
    return out


def _duel_expect(spec: Spec, states: States, legal: bool, d: int) -> Expect:
    shown: dict[str, Any] = {"8": {}} if states[-1]["o_s11"] else {"8": None}
    return [{"after": f"night {d}", "alive": [sc.POLICE, sc.ALIEN], "batches": shown}]


# ── the table ────────────────────────────────────────────────────────────────────────────────────

DISTINGUISHERS: tuple[Distinguisher, ...] = (
    Distinguisher(
        "damage.night_immunity_position",
        _immunity_model,
        _immunity_script,
        _immunity_expect,
        ("2.8.2", "6.4.1", "4.8.1"),
        "保镖保护外星人、异形出刀：先耗夜晚免疫，抑或先耗保护",
        _immunity_playable,
    ),
    Distinguisher(
        "silence.effect_night",
        _silence_model,
        _silence_script,
        _silence_expect,
        ("6.1.2", "7.2.3", "2.1.1"),
        "外星人蛰伏沉默工程师，工程师当夜维修",
    ),
    Distinguisher(
        "bounty.count_basis",
        lambda spec: _bounty_model(spec),
        _bounty_script(False),
        _bounty_expect,
        ("4.4.2", "4.4.6"),
        "警长两发射同一异形致死：回复 1 发抑或 2 发",
        _bounty_playable(False),
    ),
    Distinguisher(
        "rescue.self_when_dying",
        _self_save_model("rescue.self_when_dying", "rescue.rescue_nights", None),
        _self_save_script(8, "rescue"),
        _self_save_expect(8, "rescued"),
        ("3.3.6", "4.10.4"),
        "救援医师被刀濒死，以救援额度救自己",
    ),
    Distinguisher(
        "duel.countdown_runs",
        _duel_model,
        _duel_script,
        _duel_expect,
        ("1.4.3", "3.2.5", "1.5.2"),
        "人类尚存之决斗时刻（警长对外星人），步骤 11 是否结算",
        _duel_playable,
    ),
    Distinguisher(
        "batches.zero_rule_4_6_8",
        _batch_model,
        _batch_script,
        _batch_expect(("4", "6")),
        ("附录三", "2.1.7"),
        "无人维修、无人死亡之夜，批次④⑥是否发布",
        _batch_playable,
    ),
    Distinguisher(
        "evolution.same_snapshot_overflow",
        _occupancy_model,
        _occupancy_script,
        _occupancy_expect,
        ("1.5.1", "5.1", "2.1.2"),
        "三只异形同夜进化同一方向",
        _occupancy_playable,
    ),
    Distinguisher(
        "repair.engineer_range",
        _repair_model,
        _repair_script,
        _repair_expect,
        ("4.3.2", "1.3.3"),
        "工程师维修 1.0 以上",
        _repair_playable,
    ),
    Distinguisher(
        "batch3.zero_rule",
        _batch_model,
        _batch_script,
        _batch_expect(("3",)),
        ("2.1.7", "4.7.6"),
        "警长巡逻而无人查验之夜，批次③是否发布",
        _batch_playable,
    ),
    Distinguisher(
        "sniff.antibody_counts",
        _sniff_model,
        _sniff_script,
        _sniff_expect,
        ("4.4.8", "3.3.8"),
        "猎手嗅探持有抗体者",
        table=sc.players(p6="hunter"),
    ),
    Distinguisher(
        "escape.tier_scope",
        _tier_model,
        _tier_script,
        _tier_expect,
        ("4.10.0", "6.9.1"),
        "外星人先使同一目标濒死（获救）、后夜击杀之",
    ),
    Distinguisher(
        "revive.self_when_dying",
        _self_save_model("revive.self_when_dying", None, "death_row.revives"),
        _self_save_script(sc.ALIEN, "revive"),
        _self_save_expect(sc.ALIEN, "revived"),
        ("6.8.4", "4.10.4"),
        "死囚外星人被刀濒死，复生自己",
        table=sc.players(p15="death_row_alien"),
    ),
    Distinguisher(
        "death_row.timer_in_xeno_form",
        _timer_model,
        _timer_script,
        _timer_expect,
        ("5.3.3", "4.10.6"),
        "死囚外星人带真标记变形为异形，标记到期",
        table=sc.players(p15="death_row_alien"),
    ),
    Distinguisher(
        "capability.rescued_same_step",
        _capability_model,
        _capability_script,
        _capability_expect,
        ("2.1.2", "2.4.2", "3.3.1", "4.10.4"),
        "生化医师被刀后自救并提交制药",
    ),
    Distinguisher(
        "process.dying_later_same_night",
        _process_model,
        _process_script,
        _process_expect,
        ("2.9", "4.4.7", "4.10.3"),
        "猎手攒弹后同夜被刀濒死、获救",
        _process_playable,
        table=sc.players(p6="hunter"),
    ),
    Distinguisher(
        "immunity.notice_time",
        _notice_model,
        _notice_script,
        _notice_expect,
        ("7.2.4",),
        "步骤 6 枪击消耗外星人夜晚免疫，告知何时送达",
    ),
    Distinguisher(
        "self_heal.quota_arrived_tonight",
        _self_heal_model,
        _self_heal_script,
        _self_heal_expect,
        ("6.5", "2.1.2"),
        "外星人当夜被真感染，同夜自我治疗",
    ),
    Distinguisher(
        "poison.perceived_when_due",
        _poison_model,
        _poison_script,
        _poison_expect,
        ("4.8.3", "4.6.4"),
        "毒药到期之夜保镖保护中毒者",
        table=sc.players(p8="poisoner"),
    ),
    Distinguisher(
        "bounty.blocked_shot",
        lambda spec: _bounty_model(spec, blocked=True),
        _bounty_script(True),
        _bounty_expect,
        ("4.4.2", "4.4.6", "4.8.1"),
        "子弹为保护所挡，目标死于异形之刀",
        _bounty_playable(True),
    ),
)

DISTINGUISHER_BY_SWITCH = {d.switch: d for d in DISTINGUISHERS}


# ── running them ─────────────────────────────────────────────────────────────────────────────────

READINGS_DEPTH = 8  # nights: the bounty's second bullet comes on night 5, a poison falls due on night 3


@dataclass
class ReadingsVerdict:
    switch: str
    readings: tuple[str, str]  # (default, the other)
    status: str  # distinguished / equivalent / harmless-to-depth / unknown
    depth: int
    night: int | None = None  # the night on which they first differ
    differs: list[str] = field(default_factory=list)  # the observations that differ
    vectors: dict[str, dict[str, Any]] = field(default_factory=dict)  # reading → vector
    written: dict[str, str] = field(default_factory=dict)  # reading → path
    engine_agrees: bool | None = None  # both vectors replay as the model predicts
    note: str = ""
    scenario_night: int | None = None  # the scripted scenario's night, when not the minimal one

    def to_json(self) -> dict[str, Any]:
        sw = SWITCH_BY_KEY[self.switch]
        return {
            "switch": self.switch,
            "title": sw.title,
            "title_en": sw.title_en,
            "default": sw.default,
            "readings": list(self.readings),
            "status": self.status,
            "depth": self.depth,
            "night": self.night,
            "differs": self.differs,
            "scenario": DISTINGUISHER_BY_SWITCH[self.switch].what,
            "scenario_night": self.scenario_night,
            "vectors": self.written or {k: None for k in self.vectors} or None,
            "engine_agrees": self.engine_agrees,
            "note": self.note,
        }


def judge(d: Distinguisher, spec: Spec, opts: Options) -> ReadingsVerdict:
    """The minimal scenario on which the two readings of ``d.switch`` differ, and its two vectors."""
    sw = SWITCH_BY_KEY[d.switch]
    other = next(c for c in sw.choices if c != sw.default)
    specs = {r: load_spec(spec.overrides, {**spec.interpretation, d.switch: r}) for r in (sw.default, other)}
    opts = replace(opts, depth=max(opts.depth, READINGS_DEPTH))
    models = [d.model(specs[r]) for r in (sw.default, other)]
    verdict = ReadingsVerdict(d.switch, (sw.default, other), "unknown", opts.depth)
    r = check(product(models[0], models[1]), opts)
    verdict.status = {
        Status.VIOLATED: "distinguished",
        Status.PROVED: "equivalent",
        Status.HOLDS: "harmless-to-depth",
    }.get(r.status, "unknown")
    verdict.note = r.note
    if r.trace is None:
        return verdict
    verdict.night = len(r.trace.inputs)
    verdict.differs = _differs(r.trace)
    trace = r.trace
    try:
        vectors = _vectors(d, specs, trace)
    except NotConcretizable as exc:
        verdict.note = str(exc)
        if d.playable is None:
            return verdict
        found = check(product(models[0], models[1], playable=d.playable), opts)
        if found.trace is None:
            verdict.note += f"; no scripted scenario within {opts.depth} nights"
            return verdict
        try:
            vectors = _vectors(d, specs, found.trace)
        except NotConcretizable as again:
            verdict.note += f"; the scripted search found one that cannot be played either ({again})"
            return verdict
        verdict.scenario_night = len(found.trace.inputs)
    verdict.vectors = vectors
    verdict.engine_agrees = all(_replays(v) for v in vectors.values())
    return verdict


def _differs(trace: Trace) -> list[str]:
    last = trace.states[-1]
    out = ["legal"] if last["la"] != last["lb"] else []
    return out + sorted(k[2:] for k in last if k.startswith("a.o_") and last[k] != last[f"b.{k[2:]}"])


def _vectors(d: Distinguisher, specs: dict[str, Spec], trace: Trace) -> dict[str, dict[str, Any]]:
    a_states = split(trace.states, "a.")
    if d.playable is not None and not all(
        d.playable(PY, s, i) for s, i in zip(a_states, trace.inputs, strict=False)
    ):
        raise NotConcretizable("the minimal scenario uses what the builder does not script")
    script = d.script(next(iter(specs.values())), a_states, trace.inputs)
    depth = len(trace.inputs)
    last = trace.states[-1]
    out = {}
    for prefix, (reading, spec) in zip(("a.", "b."), specs.items(), strict=True):
        states = split(trace.states, prefix)
        legal = bool(last["la" if prefix == "a." else "lb"])
        expect = d.expect(spec, states, legal, depth)
        sw = SWITCH_BY_KEY[d.switch]
        vec = sc.vector(
            spec,
            ident=f"readings--{d.switch}={reading}",
            title=f"解读 {d.switch}={reading}：{d.what}",
            description=(
                f"由 ruleproof readings 生成之最小区分场景（第 {depth} 夜）：{d.what}。"
                f"本向量固定解读 {reading}——{sw.reading(reading).zh}"
            ),
            cites=list(d.cites),
            script=script,
            expect=expect,
            table=d.table,
        )
        out[reading] = vec
    return out


def _replays(raw: dict[str, Any]) -> bool:
    from ruleproof.specs.fanhanglu.engine import check_expectations, run_vector
    from ruleproof.vectors.format import parse_vector

    vec = parse_vector(raw)
    try:
        outcome = run_vector(vec)
    except UserError:
        return False
    return check_expectations(vec, outcome) == []


def all_readings(
    spec: Spec, opts: Options, switches: Sequence[str] | None = None, write_dir: str | Path | None = None
) -> list[ReadingsVerdict]:
    """Every switch (or the ones named), its verdict, and its vectors written to ``write_dir``."""
    chosen = [DISTINGUISHER_BY_SWITCH[s] for s in switches] if switches else list(DISTINGUISHERS)
    out = []
    data = cache.data_of(spec) if cache.directory() is not None else ""
    keys = [
        cache.key(
            data,
            "readings",
            d.switch,
            sorted(spec.overrides.items()),
            sorted(spec.interpretation.items()),
            opts,
        )
        for d in chosen
    ]
    # through the verdict cache; switches another process is judging right now are read from its answer
    with cache.by_question():
        verdicts = cache.cached_all(
            [(k, lambda d=d: judge(d, spec, opts)) for k, d in zip(keys, chosen, strict=True)]  # type: ignore[misc]
        )
    for v in verdicts:
        if write_dir is not None:
            folder = Path(write_dir)
            folder.mkdir(parents=True, exist_ok=True)
            for reading, vec in v.vectors.items():
                path = folder / f"{vec['id']}.json"
                atomic_write_text(path, dump_vector(vec))
                v.written[reading] = str(path)
        out.append(v)
    return out
