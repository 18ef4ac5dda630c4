"""``occupancy_at_most_two`` — 1.5.1① 存活占位制: 「每方向至多 2 只存活异形同时占用；占位数恒＝当前实际占用
的存活异形数」, with the conversion flow of 5.5.2 and release on death / exile / conversion (1.5.1③④).

Abstraction: the xenos (``players.xenos``, 3) with alive flag, direction (0 = not evolved), conversions
used and the night of their last evolution or conversion, plus the engine's occupancy counters — night
by night at every settlement point: after step 0.6 (evolutions and conversions, all decided on one
snapshot, 2.1.2①, then resolved serially in a free settlement order, 2.1.2②), after step 9 (deaths) and
after the day (exile).  Abstracted: why a xeno dies or is exiled (a free choice each night, at most one
exile a day) and every other role.  Moves and releases are the engine's kernels ``occupancy_move`` and
``occupancy_release``; the submission checks are the engine's (5.1 no free slot → not offered; 5.5.1).
The property is checked against the *truth* (living xenos per direction), not only the counters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.claims import ClaimPattern
from ruleproof.kernel.algebra import Algebra, count_true, max_i, min_i, select, sum_i
from ruleproof.smt.invariant import Claims, FamilyInvariant, NotConcretizable, bundled_claims
from ruleproof.smt.ts import Cover, Inputs, Prop, State, Trace, TransitionSystem, Var, bools, ints
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.runner import Outcome
from ruleproof.specs.fanhanglu.kernels import Convert, direction_offered, occupancy_move, occupancy_release
from ruleproof.specs.fanhanglu.roles import DIRECTIONS

from . import scenario as sc
from .util import between, implies, onehot

DIRS = tuple(d for d, _ in DIRECTIONS)  # direction ids are 1..3 in this order; 0 = not evolved
IDS = tuple(range(1, len(DIRS) + 1))
NONE, EVOLVE, CONVERT = 0, 1, 2
POINTS = (("e", "0.6"), ("s", "9"))  # recorded settlement points; the day is the state itself


def _state(xenos: int) -> tuple[Var, ...]:
    per = [f"{f}{x}" for x in range(xenos) for f in ("dir", "conv")]
    obs = [f"{w}_{p}{d}" for p, _ in POINTS for w in ("cnt", "tru") for d in range(len(DIRS))]
    obs += ["evo_ok", "evo_fail", "conv_ok", "conv_fail"]  # tonight's moves at step 0.6, by outcome
    obs += ["evo_seen"]  # the most xenos a direction held at the snapshot, among those evolved into tonight
    return (
        *ints("n", *per, *(f"c{d}" for d in range(len(DIRS))), *obs),
        *bools(*(f"al{x}" for x in range(xenos))),
    )


def _inputs(xenos: int) -> tuple[Var, ...]:
    return (
        *ints(*(f"{f}{x}" for x in range(xenos) for f in ("act", "tgt", "pos"))),
        *bools(*(f"{f}{x}" for x in range(xenos) for f in ("die", "ex"))),
    )


def truth(a: Algebra[Any, Any], alive: Sequence[Any], dirs: Sequence[Any]) -> list[Any]:
    """Living xenos per direction: what 占位数 must equal."""
    return [
        count_true(a, (a.and_(al, a.eq(dr, a.lit(i))) for al, dr in zip(alive, dirs, strict=True)))
        for i in IDS
    ]


def occupancy_system(spec: Spec) -> TransitionSystem:
    xs = range(spec.p("players.xenos"))
    cap = spec.p("xeno.direction_capacity")
    limit = spec.p("xeno.conversions")
    admit = spec.reading("evolution.same_snapshot_overflow") == "admit"
    evo = max(1, spec.p("xeno.evolution_night"))
    nd = len(DIRS)

    def init(a: Algebra[Any, Any], s: State) -> Any:
        zero = [a.eq(s[f"{f}{x}"], a.lit(0)) for x in xs for f in ("dir", "conv")]
        return a.and_(
            a.eq(s["n"], a.lit(1)),
            *zero,
            *(a.eq(s[f"c{d}"], a.lit(0)) for d in range(nd)),
            *(a.eq(s[f"{w}_{p}{d}"], a.lit(0)) for p, _ in POINTS for w in ("cnt", "tru") for d in range(nd)),
            *(a.eq(s[v], a.lit(0)) for v in ("evo_ok", "evo_fail", "conv_ok", "conv_fail", "evo_seen")),
            *(s[f"al{x}"] for x in xs),
        )

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        lit = a.lit
        counts = [s[f"c{d}"] for d in range(nd)]
        out = []
        for x in xs:
            act, tgt, al, dr = i[f"act{x}"], i[f"tgt{x}"], s[f"al{x}"], s[f"dir{x}"]
            out += [
                between(a, NONE, act, CONVERT),
                between(a, IDS[0], tgt, IDS[-1]),
                between(a, 0, i[f"pos{x}"], len(xs) - 1),
                implies(a, a.not_(a.eq(act, lit(NONE))), al),
                # 5.1: from night 3, once; a direction with no free slot is not offered (checked on the snapshot)
                implies(
                    a,
                    a.eq(act, lit(EVOLVE)),
                    a.and_(
                        a.eq(dr, lit(0)),
                        a.le(lit(evo), s["n"]),
                        direction_offered(a, counts, onehot(a, tgt, IDS), lit(cap)),
                    ),
                ),
                # 5.5.1: evolved on an earlier night; one of the two other directions
                implies(
                    a,
                    a.eq(act, lit(CONVERT)),
                    a.and_(a.not_(a.eq(dr, lit(0))), a.not_(a.eq(tgt, dr))),
                ),
                implies(a, i[f"die{x}"], al),
                implies(a, i[f"ex{x}"], a.and_(al, a.not_(i[f"die{x}"]))),
            ]
            out += [a.not_(a.eq(i[f"pos{x}"], i[f"pos{y}"])) for y in xs if y > x]
        # one exile at the step-10 meeting (4.9.2) and one by the day's vote (2.3.4), both released by the day
        out.append(a.le(count_true(a, (i[f"ex{x}"] for x in xs)), lit(2)))
        return a.and_(*out)

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        lit = a.lit
        counts = [s[f"c{d}"] for d in range(nd)]
        dirs = [s[f"dir{x}"] for x in xs]
        convs = [s[f"conv{x}"] for x in xs]
        alive = [s[f"al{x}"] for x in xs]
        moves: dict[str, list[Any]] = {"evo_ok": [], "evo_fail": [], "conv_ok": [], "conv_fail": []}
        seen = lit(0)  # what 5.1's offer was decided on: the snapshot's count of each evolution's direction
        for x in xs:
            evolves = a.eq(i[f"act{x}"], lit(EVOLVE))
            at_snapshot = select(a, onehot(a, i[f"tgt{x}"], IDS), counts)
            seen = max_i(a, seen, a.ite_i(evolves, at_snapshot, lit(0)))
        for j in xs:  # serial settlement in the night's order (2.1.2②, 2.1.3)
            for x in xs:
                act = i[f"act{x}"]
                turn = a.and_(a.not_(a.eq(act, lit(NONE))), a.eq(i[f"pos{x}"], lit(j)))
                conv = a.eq(act, lit(CONVERT))
                source = tuple(a.and_(conv, h) for h in onehot(a, dirs[x], IDS))
                code, new = occupancy_move(
                    a,
                    counts,
                    source,
                    onehot(a, i[f"tgt{x}"], IDS),
                    lit(cap),
                    convs[x],
                    lit(limit),
                    conv,
                    admit,
                )
                ok = a.and_(turn, a.eq(code, lit(Convert.OK)))
                refused = a.and_(turn, a.not_(a.eq(code, lit(Convert.OK))))
                kind = a.not_(conv)
                moves["evo_ok"].append(a.and_(ok, kind))
                moves["evo_fail"].append(a.and_(refused, kind))
                moves["conv_ok"].append(a.and_(ok, conv))
                moves["conv_fail"].append(a.and_(refused, conv))
                counts = [a.ite_i(ok, n, c) for n, c in zip(new, counts, strict=True)]
                dirs[x] = a.ite_i(ok, i[f"tgt{x}"], dirs[x])
                convs[x] = a.ite_i(a.and_(ok, conv), a.add(convs[x], lit(1)), convs[x])
        out: dict[str, Any] = {k: count_true(a, v) for k, v in moves.items()}
        out["evo_seen"] = seen
        record(a, out, "e", counts, alive, dirs)
        for x in xs:  # step 9: the dead release their slot (1.5.1③④)
            counts = list(
                occupancy_release(a, counts, onehot(a, dirs[x], IDS), a.and_(alive[x], i[f"die{x}"]))
            )
            alive[x] = a.and_(alive[x], a.not_(i[f"die{x}"]))
        record(a, out, "s", counts, alive, dirs)
        for x in xs:  # the day: exile releases at once
            counts = list(
                occupancy_release(a, counts, onehot(a, dirs[x], IDS), a.and_(alive[x], i[f"ex{x}"]))
            )
            alive[x] = a.and_(alive[x], a.not_(i[f"ex{x}"]))
        out["n"] = min_i(a, a.add(s["n"], lit(1)), lit(evo))  # only "night ≥ 3?" is ever asked
        for x in xs:
            out[f"dir{x}"], out[f"conv{x}"], out[f"al{x}"] = dirs[x], convs[x], alive[x]
        for d in range(nd):
            out[f"c{d}"] = counts[d]
        return out

    def record(
        a: Algebra[Any, Any],
        out: dict[str, Any],
        point: str,
        counts: Sequence[Any],
        alive: Sequence[Any],
        dirs: Sequence[Any],
    ) -> None:
        for d, (c, t) in enumerate(zip(counts, truth(a, alive, dirs), strict=True)):
            out[f"cnt_{point}{d}"], out[f"tru_{point}{d}"] = c, t

    def costs(a: Algebra[Any, Any], states: Sequence[State], inputs: Sequence[Inputs]) -> list[Any]:
        lit = a.lit
        acts = [a.not_(a.eq(i[f"act{x}"], lit(NONE))) for i in inputs for x in xs]
        actors = [a.or_(*(a.not_(a.eq(i[f"act{x}"], lit(NONE))) for i in inputs)) for x in xs]
        return [
            count_true(a, acts),  # fewest actions
            count_true(a, actors),  # fewest acting xenos
            count_true(a, (i[f"{f}{x}"] for i in inputs for x in xs for f in ("die", "ex"))),
            count_true(a, (a.eq(i[f"act{x}"], lit(CONVERT)) for i in inputs for x in xs)),
            sum_i(
                a, (a.ite_i(a.eq(i[f"act{x}"], lit(NONE)), lit(0), i[f"tgt{x}"]) for i in inputs for x in xs)
            ),
        ]

    lemmas = tuple(
        Prop(f"domain_{x}", "5.1", "方向编号在 0..3", "direction id in 0..3", _dir_domain(x)) for x in xs
    )
    # the counters equal the living xenos at every point (the rule's own bookkeeping, 1.5.1①): a lemma that
    # lets the cap close by induction
    for d, name in enumerate(DIRS):
        lemmas += (_day_prop(d, name, None, xs),)
    covers = (
        Cover("evolve", "5.1", "异形提交进化", "a xeno evolves", _acts(EVOLVE, xs)),
        Cover("convert", "5.5.2", "异形提交转化", "a xeno converts", _acts(CONVERT, xs)),
        Cover("death", "1.5.1", "异形死亡释放占位", "a xeno dies", _any_input("die", xs)),
        Cover("exile", "1.5.1", "异形被驱逐释放占位", "a xeno is exiled", _any_input("ex", xs)),
    )
    # outcomes of the moves (reported; a reading may rule one out: under «admit» an evolution never fails)
    outcomes = tuple(
        Prop(k, "5.1" if k.startswith("evo") else "5.5.2", zh, en, _positive(k))
        for k, zh, en in (
            ("evo_ok", "进化成功", "an evolution succeeds"),
            ("evo_fail", "进化落空（后结算者无空位）", "an evolution finds no slot left"),
            ("conv_ok", "转化成功", "a conversion succeeds"),
            ("conv_fail", "转化失败", "a conversion fails"),
        )
    )
    state, inputs = _state(len(xs)), _inputs(len(xs))
    return TransitionSystem(
        "occupancy", state, inputs, init, guard, step, (), lemmas, costs, covers=covers, outcomes=outcomes
    )


def _acts(kind: int, xs: range) -> Any:
    """A transition in which some xeno submits a move of ``kind``."""
    return lambda a, s, i: a.or_(*(a.eq(i[f"act{x}"], a.lit(kind)) for x in xs))


def _positive(var: str) -> Any:
    return lambda a, s: a.lt(a.lit(0), s[var])


def _any_input(prefix: str, xs: range) -> Any:
    return lambda a, s, i: a.or_(*(i[f"{prefix}{x}"] for x in xs))


def occupancy_props(cap: int, xenos: int) -> tuple[Prop, ...]:
    """1.5.1①: at most ``cap`` (the number the sentence writes) living xenos per direction, and the counter
    equal to them, at every settlement point."""
    xs = range(xenos)
    props: list[Prop] = []
    for d, name in enumerate(DIRS):
        for point, step_key in POINTS:
            props.append(_cap_prop(f"at_most_{cap}_{name}_after_{step_key}", cap, f"tru_{point}{d}"))
            props.append(
                _equal_prop(f"count_is_living_{name}_after_{step_key}", f"cnt_{point}{d}", f"tru_{point}{d}")
            )
        props.append(_day_prop(d, name, cap, xs))
    return tuple(props)


def _cap_prop(label: str, cap: int, var: str) -> Prop:
    return Prop(
        label,
        "1.5.1",
        f"每方向至多 {cap} 只存活异形",
        f"at most {cap} living xenos per direction",
        lambda a, s: a.le(s[var], a.lit(cap)),
    )


def _equal_prop(label: str, counter: str, real: str) -> Prop:
    return Prop(
        label,
        "1.5.1",
        "占位数恒＝当前实际占用的存活异形数",
        "occupancy = living xenos in the direction",
        lambda a, s: a.eq(s[counter], s[real]),
    )


def _day_prop(d: int, name: str, cap: int | None, xs: range) -> Prop:
    """After the day: the counter equals the living xenos (and, with ``cap``, they are within it)."""

    def fn(a: Algebra[Any, Any], s: State) -> Any:
        real = truth(a, [s[f"al{x}"] for x in xs], [s[f"dir{x}"] for x in xs])[d]
        if cap is None:
            return a.eq(s[f"c{d}"], real)
        return a.and_(a.eq(s[f"c{d}"], real), a.le(real, a.lit(cap)))

    return Prop(
        f"occupancy_{name}_after_day" if cap is not None else f"count_{name}_after_day",
        "1.5.1",
        "白天驱逐后占位仍正确且不超上限",
        "after the day: occupancy correct and within the cap",
        fn,
    )


def _dir_domain(x: int) -> Any:
    return lambda a, s: between(a, 0, s[f"dir{x}"], IDS[-1])


def _scenario(spec: Spec, trace: Trace) -> dict[str, Any]:
    xenos = sc.XENOS
    script: list[dict[str, Any]] = []
    for t, i in enumerate(trace.inputs, start=1):
        actions: list[dict[str, Any]] = []
        acting = sorted((int(i[f"pos{x}"]), x) for x in range(len(xenos)) if i[f"act{x}"] != NONE)
        for _, x in acting:
            skill = "evolve" if i[f"act{x}"] == EVOLVE else "convert"
            actions.append({"actor": xenos[x], "skill": skill, "direction": DIRS[int(i[f"tgt{x}"]) - 1]})
        dying = [xenos[x] for x in range(len(xenos)) if i[f"die{x}"]]
        if len(dying) > 1:
            raise NotConcretizable(f"night {t} needs {len(dying)} xenos to die; the script kills one a night")
        if dying:  # the alien's knife (step 5) kills an unprotected xeno
            actions.append({"actor": sc.ALIEN, "skill": "alien_kill", "targets": dying})
        if actions:
            order = [xenos[x] for _, x in acting] if acting else None
            script.append(sc.night(t, *actions, order=order))
        exiled = [xenos[x] for x in range(len(xenos)) if i[f"ex{x}"]]
        if len(exiled) > 1:
            raise NotConcretizable(f"day {t} needs {len(exiled)} xenos exiled; the script exiles one a day")
        if exiled:
            script.append({"day": t, "votes": {str(v): exiled[0] for v in sc.CREW[:3]}})
    d = len(trace.inputs)
    last = trace.states[-1]
    where = {"e": f"night {d} step 0.6", "s": f"night {d} step 9"}
    expect: list[dict[str, Any]] = []
    for point, label in where.items():
        if any(lbl.endswith(f"after_{dict(POINTS)[point]}") for lbl in trace.failed):
            expect.append({"after": label, "state": {"occupancy": _counts(last, f"cnt_{point}")}})
    if any(lbl.endswith("after_day") for lbl in trace.failed):
        expect.append({"after": f"day {d}", "state": {"occupancy": _counts(last, "c")}})
    directions = {
        str(xenos[x]): (DIRS[int(last[f"dir{x}"]) - 1] if last[f"dir{x}"] else None)
        for x in range(len(xenos))
    }
    if "no_evolution_failure" in trace.failed:  # 5.1: a submitted evolution found no slot (2.1.2③ 落空)
        i = trace.inputs[-1]
        acting = sorted((int(i[f"pos{x}"]), x) for x in range(len(xenos)) if i[f"act{x}"] == EVOLVE)
        failed_x = [x for _, x in acting if not last[f"dir{x}"]]
        expect.append(
            {
                "after": f"night {d} step 0.6",
                "events": [{"kind": "fizzle", "actor": xenos[x], "skill": "evolve"} for x in failed_x],
                "state": {"occupancy": _counts(last, "cnt_e")},
            }
        )
    offered = "full_direction_not_offered" in trace.failed
    if offered and not expect:  # 5.1: the submission into a full direction was accepted
        expect.append({"after": f"night {d} step 0.6", "state": {"occupancy": _counts(last, "cnt_e")}})
    expect[-1]["state"]["direction"] = directions
    what = ", ".join(trace.failed)
    evolution = "no_evolution_failure" in trace.failed or offered
    return sc.vector(
        spec,
        ident=(
            "full_direction_not_offered"
            if offered
            else "no_evolution_failure"
            if evolution
            else "occupancy_at_most_two"
        ),
        title=f"{'「不存在进化失败」' if evolution else '占位上限'}被违反：第 {d} 夜（{what}）",
        description=(
            "由验证器生成的最小反例：同一快照下的进化∕转化依结算顺序串行结算（2.1.2），"
            + (
                "后结算之进化因方向已满而落空——5.1 称「不存在「进化失败」」。"
                if evolution
                else f"某方向存活异形数超过上限 {spec.p('xeno.direction_capacity')}（1.5.1①）或占位数与实际不符。"
            )
        ),
        cites=["5.1", "1.5.1", "2.1.2"] if evolution else ["1.5.1", "5.1", "5.5.2", "2.1.2"],
        script=script,
        expect=expect,
    )


def _playable(spec: Spec) -> Any:
    """What :func:`_scenario` scripts: at most one xeno killed a night (the alien's knife) and one exiled
    a day (the day vote)."""

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        xs = range(len(sc.XENOS))
        return a.and_(
            a.le(count_true(a, (i[f"die{x}"] for x in xs)), a.lit(1)),
            a.le(count_true(a, (i[f"ex{x}"] for x in xs)), a.lit(1)),
        )

    return guard


def _counts(state: State, prefix: str) -> dict[str, int]:
    return {name: int(state[f"{prefix}{d}"]) for d, name in enumerate(DIRS)}


def _monitor(outcome: Outcome) -> set[str]:
    cap = bundled_claims(OCCUPANCY_AT_MOST_TWO)["cap"].num("cap")
    failed: set[str] = set()
    points = dict(outcome.trace)
    for e in outcome.events:
        if e.kind == "fizzle" and e.data.get("skill") == "evolve":
            failed.add("no_evolution_failure")
            snap = points.get(f"night {e.night} start")  # 5.1's offer is decided on the night's snapshot
            if snap is not None and snap["occupancy"][e.data["direction"]] >= cap:
                failed.add("full_direction_not_offered")
    for label, start in points.items():  # an evolution admitted into a direction full at the snapshot
        if not label.endswith(" start"):
            continue
        after = points.get(label.replace(" start", " step 0.6"))
        for n, p in (after or {}).get("players", {}).items():
            d = p.get("direction")
            if d and not start["players"][n].get("direction") and start["occupancy"][d] >= cap:
                failed.add("full_direction_not_offered")
    for label, snap in [*outcome.trace, *outcome.snapshots.items()]:
        living = [p for p in snap["players"].values() if p["alive"] and p["role"] == "xeno"]
        for name in DIRS:
            real = sum(1 for p in living if p["direction"] == name)
            if real > cap:
                failed.add(f"at_most_{cap}_{name} ({label})")
            if snap["occupancy"][name] != real:
                failed.add(f"count_is_living_{name} ({label})")
    return failed


def direction_full(cap: int) -> Prop:
    """The premise of the occupancy theorems: some direction holds ``cap`` living xenos (the sentence's cap)."""
    return Prop(
        "direction_full",
        "1.5.1",
        f"某方向占满 {cap} 只存活异形",
        f"a direction holds {cap} living xenos",
        lambda a, s: a.or_(*(a.eq(s[f"tru_e{d}"], a.lit(cap)) for d in range(len(DIRS)))),
    )


class _Occupancy(FamilyInvariant[Spec]):
    """The three theorems over one model (:func:`occupancy_system`, kept per process by
    :func:`~ruleproof.smt.invariant.family_model`), each with its own properties and premises."""

    switches = ("evolution.same_snapshot_overflow",)
    params = ("xeno.direction_capacity", "xeno.conversions", "xeno.evolution_night")
    abstraction = "each xeno's direction, life and conversions, the counters; order, deaths, exile free"

    scenario = staticmethod(_scenario)
    playable = staticmethod(_playable)
    monitor = staticmethod(_monitor)

    def model(self, spec: Spec) -> TransitionSystem:
        return occupancy_system(spec)


class OccupancyAtMostTwo(_Occupancy):
    name = "occupancy_at_most_two"
    title = "存活占位制：每方向任一结算点至多 2 只存活异形（含同一快照下的进化与转化）"
    title_en = "occupancy: at most 2 living xenos per direction at every settlement point"
    cites = ("1.5.1", "5.1", "5.5.2", "2.1.2")
    claims = (
        ClaimPattern("cap", "1.5.1", "每方向至多{cap}只存活异形同时占用"),
        ClaimPattern("equal", "1.5.1", "占位数恒＝当前实际占用的存活异形数"),
    )

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return occupancy_props(claims["cap"].num("cap"), spec.p("players.xenos"))

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (direction_full(claims["cap"].num("cap")),)


class NoEvolutionFailure(_Occupancy):
    name = "no_evolution_failure"
    title = "不存在「进化失败」：提交之进化必然成功"
    title_en = "evolution never fails: every submitted evolution succeeds"
    cites = ("5.1", "1.5.1", "2.1.2")
    claims = (ClaimPattern("never", "5.1", "故不存在「进化失败」"),)

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        never = Prop(
            "no_evolution_failure",
            "5.1",
            "提交之进化无一落空",
            "no submitted evolution fails",
            lambda a, s: a.eq(s["evo_fail"], a.lit(0)),
        )
        return (never,)

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        evolved = Prop(
            "two_evolve_one_night",
            "5.1",
            "同夜两只以上异形进化",
            "two or more xenos evolve on one night",
            lambda a, s: a.le(a.lit(2), a.add(s["evo_ok"], s["evo_fail"])),
        )
        return (evolved,)


class FullDirectionNotOffered(_Occupancy):
    """5.1's premise, the weaker claim that does hold where 「不存在进化失败」 does not: a direction with no free
    slot (the number of 1.5.1's sentence) is never offered — every evolution submitted was into a direction
    with room on the step's snapshot; the failures the theorem overlooks are races within one settlement."""

    name = "full_direction_not_offered"
    title = "无空位的方向不予提交：提交之进化，其方向于当夜快照时必有空位"
    title_en = "a full direction is never offered: every evolution submitted had room on the snapshot"
    cites = ("5.1", "1.5.1", "2.1.2")
    claims = (
        ClaimPattern("cap", "1.5.1", "每方向至多{cap}只存活异形同时占用"),
        ClaimPattern("offer", "5.1", "无空位的方向当夜UI不予呈现、不得提交"),
    )

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        cap = claims["cap"].num("cap")
        offered = Prop(
            "full_direction_not_offered",
            "5.1",
            f"提交之进化其方向于快照时少于 {cap} 只",
            f"every evolution submitted was into a direction holding fewer than {cap} at the snapshot",
            lambda a, s: a.lt(s["evo_seen"], a.lit(cap)),
        )
        return (offered,)

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (direction_full(claims["cap"].num("cap")),)


OCCUPANCY_AT_MOST_TWO = OccupancyAtMostTwo()
NO_EVOLUTION_FAILURE = NoEvolutionFailure()
FULL_DIRECTION_NOT_OFFERED = FullDirectionNotOffered()
