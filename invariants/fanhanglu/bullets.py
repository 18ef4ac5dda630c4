"""``bullet_conservation`` — 4.4.6 子弹存储上限与守恒定理; the hunter's registered exception 4.4.7③.

4.4.6: 「设出手前持有N发，当夜指定 k 名（k ≤ N 且 k ≤ 2），其中 m 名于步骤 9 死亡（m≤k），则下夜存量＝
N − k +m ≤ N」; the cap voids only what does not fit and 「触发本上限的只有额外子弹」 (③); 「武装船员持有量
恒≤1」 (④); 4.4.7③ (registered as 2.8.9(14)): the hunter's stock is not capped.

Abstraction: one shooter (sheriff, hunter or armed crew — a symbolic role fixed at the start), its stock
and the bullets due the next night, night by night.  The shooter may also be a *mirror ledger* (2.8.5): the
sheriff's or the hunter's ledger of a death-row alien, whose passive quotas accrue whether or not the role
is presented (②) — the initial bullets, the bounty and a saved bullet earned while presented — while the
time-limited extras of 4.4.3 reach it only on a night the role is presented at the arrival point or from
the identity-change sub-step on (③; the engine defers them to a transform that night); it shoots and
saves only while presented (④).  Whether the role is presented tonight is a free input.  Kept: the night number (4.4.3 第 5 夜), the living
count at each night's arrival point (only ever falls; 4.4.3 and 4.2.1 compare it with their thresholds),
the once-only flag of the second extra bullet, the hunter's saving process (4.4.7②), the job change that
arms a crew member (4.2.2).  Abstracted: who is shot and whether they die — the night's shots ``k`` and
the kills ``m`` the bounty counts (under either reading of ``bounty.count_basis``) are free choices with
``0 ≤ m ≤ k ≤ stock``; the shooter never dies (a dead shooter receives nothing, so this only adds
behaviours).  Shooters do not interact: every rule above reads one shooter's own state.  Arrivals are the
engine's kernels ``bullet_arrival`` (the cap) and ``bounty_recovery``, in the engine's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.kernel.algebra import Algebra, count_true, min_i, one_if, sum_i
from ruleproof.smt.invariant import NotConcretizable, SystemInvariant
from ruleproof.smt.ts import Inputs, Prop, State, Trace, TransitionSystem, bools, ints
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.runner import Outcome
from ruleproof.specs.fanhanglu.kernels import bounty_recovery, bullet_arrival
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY

from . import scenario as sc
from .util import iff, implies

SHERIFF, HUNTER, ARMED = 0, 1, 2
ROLE_KEYS = ("sheriff", "hunter", "armed_crew")

STATE = (
    *ints("role", "n", "alive", "s", "r", "pend", "prog", "N", "k", "m", "bN", "bk", "bm", "ab", "vb"),
    *bools("done", "active", "was", "had", "mirror", "pp"),
)
INPUTS = (*ints("alive", "k", "m"), *bools("save", "change", "pres"))
ZEROED = ("r", "pend", "prog", "N", "k", "m", "bN", "bk", "bm", "ab", "vb")


def bullet_system(spec: Spec) -> TransitionSystem:
    cap_v = spec.p("sheriff.bullet_cap")
    per_kill = spec.p("bounty.bullets_per_kill")
    per_shot = spec.reading("bounty.count_basis") == "per_shot"
    total = spec.p("players.total")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        lit, role = a.lit, s["role"]
        first = a.ite_i(
            a.eq(role, lit(SHERIFF)),
            lit(spec.p("sheriff.initial_bullets")),
            a.ite_i(a.eq(role, lit(HUNTER)), lit(spec.p("hunter.initial_bullets")), lit(0)),
        )
        # 4.4.6: the initial bullets are a source like any other — they arrive through the cap
        stock, voided = bullet_arrival(a, lit(0), first, lit(cap_v), a.eq(role, lit(SHERIFF)))
        return a.and_(
            a.le(lit(SHERIFF), role),
            a.le(role, lit(ARMED)),
            a.eq(s["n"], lit(1)),
            a.eq(s["alive"], lit(total)),
            a.eq(s["s"], stock),
            a.eq(s["vb"], voided),
            *(a.eq(s[v], lit(0)) for v in ZEROED if v != "vb"),
            a.not_(s["done"]),
            iff(a, s["active"], a.lt(role, lit(ARMED))),
            a.not_(s["was"]),
            a.not_(s["had"]),
            # 2.8.5: a death-row alien's ledger of the sheriff or the hunter; it starts presenting itself
            implies(a, s["mirror"], a.not_(a.eq(role, lit(ARMED)))),
            a.not_(s["pp"]),
        )

    def tonight(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        """The arrivals of the night (2.1.5, in the engine's order) and the job change at step 0.6."""
        lit, role = a.lit, s["role"]
        cap = lit(cap_v)
        capped = a.eq(role, lit(SHERIFF))  # 4.4.6④ / 4.4.7③: only the sheriff's stock is capped
        ab, vb = bullet_arrival(a, s["s"], s["r"], cap, capped)  # 4.4.2③ the bounty, next night
        s2, _ = bullet_arrival(a, ab, s["pend"], cap, capped)  # 4.4.7② a saved bullet
        extras = a.and_(s["active"], a.not_(a.eq(role, lit(ARMED))))  # 4.4.3, 4.4.7①
        # 2.8.5③: a mirror ledger receives them only if its role is presented tonight (at the arrival
        # point, or from the identity-change sub-step on)
        presented = a.or_(a.not_(s["mirror"]), s["pp"], i["pres"])
        e1 = a.and_(extras, presented, a.eq(s["n"], lit(spec.p("extra_bullet.night"))))
        s3, _ = bullet_arrival(a, s2, one_if(a, e1), cap, capped)
        low = a.le(i["alive"], lit(spec.p("extra_bullet.alive_threshold")))
        due2 = a.and_(
            extras, low, a.not_(s["done"])
        )  # 全局仅此 1 次, spent even when voided or not presented
        s4, _ = bullet_arrival(a, s3, one_if(a, a.and_(due2, presented)), cap, capped)
        armed = a.ite_i(i["change"], lit(spec.p("armed.initial_bullets")), s4)  # 4.2.2
        return {"ab": ab, "vb": vb, "N": armed, "done": a.or_(s["done"], due2)}

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        lit, role, n = a.lit, s["role"], s["n"]
        t = tonight(a, s, i)
        may_change = a.or_(
            a.le(lit(spec.p("jobchange.guaranteed_night")), n),
            a.le(i["alive"], lit(spec.p("jobchange.alive_threshold"))),
        )
        # the enemies killed last night died at its step 9: at least m of them (per enemy), at least one of
        # them when shots are counted (per shot: two shots may count one death twice)
        died = s["m"] if not per_shot else min_i(a, s["m"], lit(1))
        return a.and_(
            # the living count only falls — by last night's kills at least; on night 1 everybody is alive
            a.le(lit(1), i["alive"]),
            a.le(i["alive"], a.sub(s["alive"], died)),
            a.or_(a.not_(a.eq(n, lit(1))), a.eq(i["alive"], lit(total))),
            # 4.2.1: a crew member changes job (once) from night 6 or when at most 6 are alive
            a.or_(a.not_(i["change"]), a.and_(a.eq(role, lit(ARMED)), a.not_(s["active"]), may_change)),
            # 4.4.7②: saving is the hunter's night action instead of shooting
            a.or_(a.not_(i["save"]), a.and_(a.eq(role, lit(HUNTER)), a.eq(i["k"], lit(0)))),
            # 4.4.1 / 2.5: targets ≤ stock; the armed crew fires at most one (4.2.2); nothing unarmed
            a.le(lit(0), i["k"]),
            a.le(i["k"], t["N"]),
            a.or_(a.not_(a.eq(role, lit(ARMED))), a.le(i["k"], lit(1))),
            a.or_(s["active"], i["change"], a.eq(i["k"], lit(0))),
            # step 9: the kills the bounty counts never exceed the shots (4.4.6 m ≤ k)
            a.le(lit(0), i["m"]),
            a.le(i["m"], i["k"]),
            # 2.8.5④: a mirror ledger acts only while presented (a real shooter always presents its role)
            implies(a, a.not_(s["mirror"]), i["pres"]),
            implies(a, a.not_(i["pres"]), a.and_(a.eq(i["k"], lit(0)), a.not_(i["save"]))),
        )

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        lit = a.lit
        t = tonight(a, s, i)
        prog = a.add(s["prog"], one_if(a, i["save"]))
        complete = a.and_(i["save"], a.le(lit(spec.p("hunter.save_nights")), prog))
        return {
            "role": s["role"],
            "n": a.add(s["n"], lit(1)),
            "alive": i["alive"],
            "s": a.sub(t["N"], i["k"]),  # 子弹打出即消耗
            "r": bounty_recovery(a, i["m"], per_kill),  # arrives the next night (4.4.2③)
            "pend": one_if(a, complete),
            "prog": a.ite_i(complete, lit(0), prog),
            "N": t["N"],
            "k": i["k"],
            "m": i["m"],
            "bN": s["N"],
            "bk": s["k"],
            "bm": s["m"],
            "ab": t["ab"],
            "vb": t["vb"],
            "done": t["done"],
            "active": a.or_(s["active"], i["change"]),
            "was": a.or_(s["active"], i["change"]),  # armed during this night
            "had": s["was"],  # armed during the night before: its shots are what arrives now
            "mirror": s["mirror"],
            "pp": i["pres"],  # presented tonight: still presented at the next night's arrival point
        }

    def costs(a: Algebra[Any, Any], states: Sequence[State], inputs: Sequence[Inputs]) -> list[Any]:
        acting = [a.or_(a.lt(a.lit(0), i["k"]), i["save"], i["change"]) for i in inputs]
        return [
            count_true(a, acting),  # fewest nights with an action
            sum_i(a, (i["k"] for i in inputs)),  # fewest shots
            sum_i(a, (i["m"] for i in inputs)),  # fewest kills
            a.sub(a.lit(total), states[-1]["alive"]),  # fewest deaths
            states[0]["role"],  # the sheriff, then the hunter, then the armed crew
            one_if(a, states[0]["mirror"]),  # a real shooter before a death-row alien's mirror ledger
        ]

    witness = Prop(
        "hunter_above_cap",
        "4.4.7",
        "猎手存量超过 2 发上限（登记例外 4.4.7③ 有可达之局面）",
        "a hunter holds more than the cap (the registered exception 4.4.7③ is exercised)",
        lambda a, s: a.and_(a.eq(s["role"], a.lit(HUNTER)), a.lt(a.lit(cap_v), s["N"])),
    )
    return TransitionSystem(
        "bullets", STATE, INPUTS, init, guard, step, _props(cap_v), costs=costs, witnesses=(witness,)
    )


def _props(cap: int) -> tuple[Prop, ...]:
    return (
        Prop(
            "recovery",
            "4.4.6",
            "下夜存量＝N − k + m（回复恰为击杀数）",
            "next-night stock = N − k + m (one bullet back per kill)",
            lambda a, s: a.or_(a.not_(s["had"]), a.eq(s["ab"], a.add(a.sub(s["bN"], s["bk"]), s["bm"]))),
        ),
        Prop(
            "conservation",
            "4.4.6",
            "悬赏回复后存量 ≤ 出手前持有量 N",
            "after the bounty the stock is ≤ N held before shooting",
            lambda a, s: a.or_(a.not_(s["had"]), a.le(s["ab"], s["bN"])),
        ),
        Prop(
            "cap_voids_only_extras",
            "4.4.6",
            "上限只作废 4.4.3 之额外子弹，悬赏回复永不作废",
            "the cap never voids a bounty bullet (only 4.4.3 extras)",
            lambda a, s: a.eq(s["vb"], a.lit(0)),
        ),
        Prop(
            "sheriff_cap",
            "4.4.6",
            "警长存量不超过上限（猎手为登记例外 4.4.7③）",
            "the sheriff's stock never exceeds the cap (the hunter is the registered exception 4.4.7③)",
            lambda a, s: a.or_(a.not_(a.eq(s["role"], a.lit(SHERIFF))), a.le(s["N"], a.lit(cap))),
        ),
        Prop(
            "armed_at_most_one",
            "4.4.6",
            "武装船员持有量恒≤1",
            "the armed crew holds at most 1",
            lambda a, s: a.or_(a.not_(a.eq(s["role"], a.lit(ARMED))), a.le(s["N"], a.lit(1))),
        ),
    )


# ── counterexample → vector ─────────────────────────────────────────────────────────────────


def _scenario(spec: Spec, trace: Trace) -> dict[str, Any]:
    """The trace on the standard table: the shooter's kills are xenos (unprotected: one gunshot kills), the
    other shots hit crew members (who die too), so the living count falls by exactly the shots of each
    night — :func:`_playable` is that, as a guard.  A mirror ledger is the sheriff's or hunter's ledger of a
    death-row alien (player 15) that transforms into the role on its first presented night and keeps it."""
    first = trace.states[0]
    role, mirror = int(first["role"]), bool(first["mirror"])
    police = "hunter" if role == HUNTER else "sheriff"
    shooter = sc.ALIEN if mirror else (sc.CREW[0] if role == ARMED else sc.POLICE)
    table = sc.players(p6=police, **({"p15": "death_row_alien"} if mirror else {}))
    total = spec.p("players.total")
    thresholds = (spec.p("extra_bullet.alive_threshold"), spec.p("jobchange.alive_threshold"))
    enemies = list(sc.XENOS)  # unprotected xenos die of one gunshot
    misses = [c for c in sc.CREW if c != shooter]  # unprotected crew members die of one gunshot too
    dead: list[int] = []
    script = []
    presented = False
    for t, (s, i) in enumerate(zip(trace.states, trace.inputs, strict=False), start=1):
        alive_now = total - len(dead)
        if any((int(i["alive"]) <= thr) != (alive_now <= thr) for thr in thresholds):
            raise NotConcretizable(
                f"night {t} needs {i['alive']} players alive; the script leaves {alive_now}"
            )
        actions: list[dict[str, Any]] = []
        if mirror and i["pres"] and not presented:
            actions.append({"actor": shooter, "skill": "transform", "identities": [police]})
            presented = True
        elif mirror and presented and not (i["pres"] or s["pp"]):
            # the script keeps the form (a transform away is not scripted): a night the trace leaves the
            # role is played presented, which changes nothing unless a time-limited extra falls due (2.8.5③)
            due = t == spec.p("extra_bullet.night") or (int(i["alive"]) <= thresholds[0] and not s["done"])
            if due:
                raise NotConcretizable(
                    f"night {t}: the ledger is not presented when an extra bullet falls due"
                )
        if i["change"]:
            actions.append({"actor": shooter, "skill": "job_change", "direction": "armed_crew"})
        if i["save"]:
            actions.append({"actor": shooter, "skill": "save_bullet"})
        k, m = int(i["k"]), int(i["m"])
        if k:
            if m > len(enemies) or k - m > len(misses):
                raise NotConcretizable(f"night {t} needs {m} enemies to kill and {k - m} misses")
            shot = [enemies.pop(0) for _ in range(m)] + [misses.pop(0) for _ in range(k - m)]
            dead += shot
            actions.append({"actor": shooter, "skill": "shoot", "targets": shot})
        if actions:
            script.append(sc.night(t, *actions))
    d = len(trace.inputs)
    last = trace.states[-1]
    failed = set(trace.failed)
    expect: list[dict[str, Any]] = []
    if d == 0:  # the initial bullets already break it (4.4.6: they arrive through the cap too)
        expect.append({"after": "night 1 start", "state": {"bullets": {str(shooter): last["s"]}}})
        return _vector(spec, role, shooter, table, script, expect, trace, "初始子弹到账即违反")
    if failed & {"recovery", "conservation", "cap_voids_only_extras"}:
        prev = trace.states[-2]
        expect.append({"after": f"night {d - 1} step 0.6", "state": {"bullets": {str(shooter): prev["N"]}}})
        expect.append({"after": f"night {d - 1}", "dead": sorted(dead)})
        if int(prev["m"]) * spec.p("bounty.bullets_per_kill"):
            bounty = {"kind": "bullets", "player": shooter, "source": "bounty"}
            expect.append(
                {
                    "after": f"night {d} start",
                    "events": [{**bounty, "stock": last["ab"], "voided": last["vb"]}],
                }
            )
        else:  # nothing arrives (the engine logs no arrival of 0 bullets)
            check: dict[str, Any] = {
                "after": f"night {d} start",
                "no_events": [{"kind": "bullets", "player": shooter, "source": "bounty"}],
            }
            if last["N"] == last["ab"]:  # no other arrival tonight: the stock is the one after the bounty
                check["state"] = {"bullets": {str(shooter): last["ab"]}}
            expect.append(check)
    if failed & {"sheriff_cap", "armed_at_most_one"}:
        expect.append({"after": f"night {d} step 0.6", "state": {"bullets": {str(shooter): last["N"]}}})
    prev = trace.states[-2]
    story = (
        f"第 {d - 1} 夜出手前持有 N={prev['N']}、打出 k={prev['k']}、击杀 m={prev['m']}；第 {d} 夜悬赏到账后存量 "
        f"{last['ab']}（作废 {last['vb']}），当夜到账后存量 {last['N']}"
    )
    if mirror:
        story = f"死囚外星人之{police}镜像账本（2.8.5）：" + story
    return _vector(spec, role, shooter, table, script, expect, trace, story)


def _playable(spec: Spec) -> Any:
    """What :func:`_scenario` scripts: every shot kills its target, nobody else dies."""

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        return a.eq(i["alive"], a.sub(s["alive"], s["k"]))

    return guard


def _vector(
    spec: Spec,
    role: int,
    shooter: int,
    table: dict[str, str],
    script: list[dict[str, Any]],
    expect: list[dict[str, Any]],
    trace: Trace,
    story: str,
) -> dict[str, Any]:
    what = ", ".join(trace.failed)
    d = len(trace.inputs)
    return sc.vector(
        spec,
        ident="bullet_conservation",
        title=f"子弹守恒被违反（{what}）：{ROLE_KEYS[role]} 于第 {max(d, 1)} 夜",
        description=(
            f"由验证器生成的最小反例（{ROLE_KEYS[role]}，{shooter} 号）：{story}。"
            f"4.4.6：下夜存量＝N − k + m ≤ N，上限只作废额外子弹。违反之项：{what}。"
        ),
        cites=["4.4.6", "4.4.2", "4.4.3", "4.4.7"],
        script=script,
        expect=expect,
        table=table,
    )


# ── the same property on an engine run ──────────────────────────────────────────────────────


def _monitor(outcome: Outcome) -> set[str]:
    """Recompute 4.4.6 from an engine run's events and state snapshots (``run_vector(..., trace=True)``)."""
    spec = outcome.spec
    cap = spec.p("sheriff.bullet_cap")
    per_shot = spec.reading("bounty.count_basis") == "per_shot"
    human = {n + 1 for n, r in enumerate(outcome.roles) if ROLE_BY_KEY[r].faction == "humans"}
    failed: set[str] = set()
    starts = {label: snap for label, snap in outcome.trace if label.endswith(" start")}
    # the stock held before shooting: after tonight's arrivals, the job change and a transform (step 0.6)
    armed = {label: snap for label, snap in outcome.trace if label.endswith(" step 0.6")}
    for _, snap in outcome.trace:
        for ps in snap["players"].values():  # by the role used: a death-row alien's mirror ledger too
            if ps["presented_role"] == "sheriff" and ps["bullets"] > cap:
                failed.add("sheriff_cap")
            if ps["presented_role"] == "armed_crew" and ps["bullets"] > 1:
                failed.add("armed_at_most_one")
    events = outcome.events
    extras = ("extra_night", "extra_alive")
    if any(e.kind == "bullets" and e.data["voided"] and e.data["source"] not in extras for e in events):
        failed.add("cap_voids_only_extras")  # 4.4.6③: only the 4.4.3 extras may meet the cap
    nights = sorted({e.night for e in events if e.night > 0})
    for night in nights:
        before = armed.get(f"night {night} step 0.6")
        if before is None:
            continue
        for pn, ps in before["players"].items():
            shooter = int(pn)
            held = ps["bullets"]
            shots = [
                e.data["target"]
                for e in events
                if e.night == night
                and e.kind == "hit"
                and e.data["attacker"] == shooter
                and e.data["type"] == "gunshot"
            ]
            if not shots:
                continue
            died = {e.data["player"] for e in events if e.night == night and e.kind == "death"}
            hits = shots if per_shot else list(dict.fromkeys(shots))
            m = sum(1 for t in hits if t in died and t not in human)
            bounty = [
                e
                for e in events
                if e.night == night + 1
                and e.kind == "bullets"
                and e.data["player"] == shooter
                and e.data["source"] == "bounty"
            ]
            after = held - len(shots) + sum(e.data["amount"] - e.data["voided"] for e in bounty)
            if bounty and any(e.data["voided"] for e in bounty):
                failed.add("cap_voids_only_extras")
            following = starts.get(f"night {night + 1} start")
            if following is None or not following["players"][pn]["alive"]:
                continue  # no next night for this shooter: nothing arrives
            if after != held - len(shots) + m:
                failed.add("recovery")
            if after > held:
                failed.add("conservation")
    return failed


class BulletConservation(SystemInvariant[Spec]):
    name = "bullet_conservation"
    title = "子弹守恒：下夜存量＝N−k+m≤N，上限只作废额外子弹，武装船员≤1，猎手为登记例外"
    title_en = (
        "bullet conservation: next stock = N−k+m ≤ N; the cap voids only extras; armed ≤ 1; hunter excepted"
    )
    cites = ("4.4.6", "4.4.2", "4.4.3", "4.4.7")
    switches = ("bounty.count_basis",)
    params = (
        "bounty.bullets_per_kill",
        "sheriff.bullet_cap",
        "sheriff.initial_bullets",
        "hunter.initial_bullets",
        "armed.initial_bullets",
        "extra_bullet.night",
        "extra_bullet.alive_threshold",
    )
    abstraction = "one shooter's stock and due bullets per night; shots k and kills m ≤ k free"

    system = staticmethod(bullet_system)

    scenario = staticmethod(_scenario)

    playable = staticmethod(_playable)

    monitor = staticmethod(_monitor)
