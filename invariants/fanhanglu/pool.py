"""``detective_pool`` — 4.7.3 已查验池（定长池·上限 3）, as the text states it.

「池容量恒为 3项」; 「已满时再查验一名尚未入池之新目标，即顶出本局最先入池之 1项（先进先出）」; 「依该池发布之公告
（4.7.2）一律沿用该锁定值…故公告与池内恒相一致」 — with 「复验即洗除」 (a check of a target already in the pool
updates its value in place and keeps its place).

Abstraction: the detective's pool as the engine keeps it (the rule's ``detective.pool_size`` slots, kernels
``pool_record`` / ``pool_lookup``), night by night: the detective checks a target (five targets stand for the
table — more only rename them) that shows one of three values (a role, a disguise: the value is free), or
announces a target in its pool (4.7.5: only a pool target; the engine's check).  Ghost state the properties
read, kept beside the pool: each target's latest shown value (what the text says the announcement must
carry: the locked snapshot of the most recent check), and the night it first entered the pool (reset when it
is pushed out).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.claims import ClaimPattern
from ruleproof.kernel.algebra import Algebra, count_true
from ruleproof.smt.invariant import Claims, NotConcretizable, SystemInvariant, bundled_claims
from ruleproof.smt.ts import Cover, Inputs, Prop, State, Trace, TransitionSystem, bools, ints
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.runner import Outcome
from ruleproof.specs.fanhanglu.kernels import pool_lookup, pool_record

from . import scenario as sc
from .util import between, implies

TARGETS = 5  # targets 1..5 stand for the table (a sixth only renames one of them)
VALUES = 3  # values shown by a check 1..3 (the roles involved; which ones does not matter)


def pool_system(spec: Spec) -> TransitionSystem:
    size = spec.p("detective.pool_size")
    slots = range(size)
    ids = range(1, TARGETS + 1)
    state = (
        *ints("n", *(f"t{j}" for j in slots), *(f"v{j}" for j in slots)),
        *ints(*(f"g{x}" for x in ids), *(f"f{x}" for x in ids), "o_ann", "o_said"),
        *bools(*(f"u{j}" for j in slots), "o_evicted_first"),
    )
    inputs = ints("chk", "val", "ann")

    def init(a: Algebra[Any, Any], s: State) -> Any:
        zero = (
            [f"t{j}" for j in slots]
            + [f"v{j}" for j in slots]
            + [f"g{x}" for x in ids]
            + [f"f{x}" for x in ids]
        )
        return a.and_(
            a.eq(s["n"], a.lit(1)),
            *(a.eq(s[k], a.lit(0)) for k in (*zero, "o_ann", "o_said")),
            *(a.not_(s[f"u{j}"]) for j in slots),
            s["o_evicted_first"],
        )

    def pool(s: State) -> tuple[list[Any], list[Any], list[Any]]:
        return [s[f"t{j}"] for j in slots], [s[f"v{j}"] for j in slots], [s[f"u{j}"] for j in slots]

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        targets, values, used = pool(s)
        found, _ = pool_lookup(a, targets, values, used, i["ann"])
        return a.and_(
            between(a, 0, i["chk"], TARGETS),
            between(a, 1, i["val"], VALUES),
            between(a, 0, i["ann"], TARGETS),
            # one main action a night: check or announce (4.7.2); an announcement names a pool target (4.7.5)
            a.or_(a.eq(i["chk"], a.lit(0)), a.eq(i["ann"], a.lit(0))),
            implies(a, a.lt(a.lit(0), i["ann"]), found),
        )

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        targets, values, used = pool(s)
        checking = a.lt(a.lit(0), i["chk"])
        rec_t, rec_v, rec_u = pool_record(a, targets, values, used, i["chk"], i["val"])
        new_t = [a.ite_i(checking, x, y) for x, y in zip(rec_t, targets, strict=True)]
        new_v = [a.ite_i(checking, x, y) for x, y in zip(rec_v, values, strict=True)]
        new_u = [a.ite_b(checking, x, y) for x, y in zip(rec_u, used, strict=True)]
        out: dict[str, Any] = {"n": a.add(s["n"], a.lit(1))}
        for j in slots:
            out[f"t{j}"], out[f"v{j}"], out[f"u{j}"] = new_t[j], new_v[j], new_u[j]
        # ghosts: the latest value shown; the first-entry night, 0 once pushed out
        in_before = {x: pool_lookup(a, targets, values, used, a.lit(x))[0] for x in ids}
        in_after = {x: pool_lookup(a, new_t, new_v, new_u, a.lit(x))[0] for x in ids}
        for x in ids:
            this = a.and_(checking, a.eq(i["chk"], a.lit(x)))
            out[f"g{x}"] = a.ite_i(this, i["val"], s[f"g{x}"])
            entered = a.and_(in_after[x], a.not_(in_before[x]))
            out[f"f{x}"] = a.ite_i(entered, s["n"], a.ite_i(in_after[x], s[f"f{x}"], a.lit(0)))
        # who left: it must be the earliest entry still in (FIFO)
        left = [a.and_(in_before[x], a.not_(in_after[x])) for x in ids]
        earliest = [
            a.and_(*(implies(a, in_before[y], a.le(s[f"f{x}"], s[f"f{y}"])) for y in ids if y != x))
            for x in ids
        ]
        out["o_evicted_first"] = a.and_(*(implies(a, lx, ex) for lx, ex in zip(left, earliest, strict=True)))
        # the announcement: what the pool says, and what the text says it must be (the latest value shown)
        _, said = pool_lookup(a, targets, values, used, i["ann"])
        out["o_ann"] = i["ann"]
        out["o_said"] = a.ite_i(a.lt(a.lit(0), i["ann"]), said, a.lit(0))
        return out

    def costs(a: Algebra[Any, Any], states: Sequence[State], ins: Sequence[Inputs]) -> list[Any]:
        return [count_true(a, (a.lt(a.lit(0), a.add(i["chk"], i["ann"])) for i in ins))]

    covers = (
        Cover("check_new", "4.7.3", "查验新目标入池", "a new target enters the pool", _new(pool, slots)),
        Cover("recheck", "4.7.3", "复验池内目标", "a pool target is checked again", _again(pool)),
        Cover("announce", "4.7.2", "发布公告", "an announcement", lambda a, s, i: a.lt(a.lit(0), i["ann"])),
        Cover(
            "push_out",
            "4.7.3",
            "池满时查验新目标（顶出）",
            "a new target checked with the pool full",
            lambda a, s, i: a.and_(_new(pool, slots)(a, s, i), a.and_(*(s[f"u{j}"] for j in slots))),
        ),
    )
    return TransitionSystem("pool", state, inputs, init, guard, step, (), costs=costs, covers=covers)


def _new(pool: Any, slots: range) -> Any:
    def fn(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        targets, values, used = pool(s)
        found, _ = pool_lookup(a, targets, values, used, i["chk"])
        return a.and_(a.lt(a.lit(0), i["chk"]), a.not_(found))

    return fn


def _again(pool: Any) -> Any:
    def fn(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        targets, values, used = pool(s)
        found, _ = pool_lookup(a, targets, values, used, i["chk"])
        return a.and_(a.lt(a.lit(0), i["chk"]), found)

    return fn


class DetectivePool(SystemInvariant[Spec]):
    name = "detective_pool"
    title = "已查验池：容量恒为 3 项、先进先出、公告与池内锁定值恒相一致"
    title_en = (
        "the detective's pool: at most 3 entries, first in first out, announcements carry the locked value"
    )
    cites = ("4.7.3", "4.7.2", "4.7.5")
    params = ("detective.pool_size",)
    abstraction = "the pool's slots (kernels pool_record / pool_lookup), checks and announcements; ghosts of each target"
    claims = (
        ClaimPattern("size", "4.7.3", "池容量恒为{size}项"),
        ClaimPattern("fifo", "4.7.3", "即顶出本局最先入池之{one}项（先进先出）"),
        ClaimPattern("locked", "4.7.3", "故公告与池内恒相一致"),
    )

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        from dataclasses import replace

        claims = claims if claims is not None else bundled_claims(self)
        size = claims["size"].num("size")
        slots = range(spec.p("detective.pool_size"))
        ids = range(1, TARGETS + 1)
        props = (
            Prop(
                "capacity",
                "4.7.3",
                f"池内至多 {size} 项",
                f"at most {size} entries",
                lambda a, s: a.le(count_true(a, (s[f"u{j}"] for j in slots)), a.lit(size)),
            ),
            Prop(
                "first_in_first_out",
                "4.7.3",
                "顶出者为最先入池之项",
                "the entry pushed out is the earliest",
                lambda a, s: s["o_evicted_first"],
            ),
            Prop(
                "announcement_is_locked_value",
                "4.7.3",
                "公告与池内恒相一致（最近一次查验之锁定值）",
                "an announcement carries the value locked by the latest check",
                lambda a, s: a.and_(
                    *(implies(a, a.eq(s["o_ann"], a.lit(x)), a.eq(s["o_said"], s[f"g{x}"])) for x in ids)
                ),
            ),
        )
        full = Prop(
            "pool_full_then_announce",
            "4.7.3",
            "池满后发布公告",
            "an announcement from a full pool",
            lambda a, s: a.and_(a.lt(a.lit(0), s["o_ann"]), *(s[f"u{j}"] for j in slots)),
        )
        lemmas = _lemmas(slots, ids)
        base = pool_system(spec)
        return replace(base, props=props, premises=(full,), lemmas=lemmas)

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        """The detective (9) checks targets 1–5 (crew 1–4 and the engineer 5), announcing pool targets; the
        value a check shows is the engine's (the target's presented role), so only the capacity and the
        order are predicted — a trace whose verdict rests on a shown value (a disguise) is not scripted."""
        if "announcement_is_locked_value" in trace.failed:
            raise NotConcretizable("the values a check shows depend on disguises the builder does not script")
        script = []
        for t, i in enumerate(trace.inputs, start=1):
            if i["chk"]:
                script.append(
                    sc.night(
                        t, {"actor": sc.DETECTIVE, "skill": "detective_check", "targets": [int(i["chk"])]}
                    )
                )
            if i["ann"]:
                script.append(
                    sc.night(
                        t, {"actor": sc.DETECTIVE, "skill": "detective_announce", "targets": [int(i["ann"])]}
                    )
                )
        d = len(trace.inputs)
        last = trace.states[-1]
        slots = [k for k in last if k.startswith("u") and k[1:].isdigit()]
        held = [int(last[f"t{k[1:]}"]) for k in sorted(slots, key=lambda k: int(k[1:])) if last[k]]
        pool = [[t, "engineer" if t == sc.ENGINEER else "crew"] for t in held]
        return sc.vector(
            spec,
            ident="detective_pool",
            title=f"已查验池被违反：第 {d} 夜（{', '.join(trace.failed)}）",
            description="由验证器生成的最小反例：神探连夜查验不同目标；4.7.3「池容量恒为 3项」「先进先出」。",
            cites=["4.7.3", "4.7.2"],
            script=script,
            expect=[{"after": f"night {d}", "state": {"detective_pool": {str(sc.DETECTIVE): pool}}}],
        )

    def monitor(self, outcome: Outcome) -> set[str]:
        failed = set()
        size = bundled_claims(self)["size"].num("size")
        for _, snap in outcome.trace:
            for ps in snap["players"].values():
                if len(ps.get("detective_pool") or []) > size:
                    failed.add("capacity")
        return failed


DETECTIVE_POOL = DetectivePool()


def _lemmas(slots: range, ids: range) -> tuple[Prop, ...]:
    """Facts of the pool that make its theorems inductive: used slots come first, hold distinct targets
    1..5, each with the value its latest check showed and its first-entry night (increasing along the
    slots, before tonight); a target not in the pool has no entry night."""

    def of(a: Algebra[Any, Any], s: State, j: int, prefix: str) -> Any:
        value = a.lit(0)
        for x in ids:
            value = a.ite_i(a.eq(s[f"t{j}"], a.lit(x)), s[f"{prefix}{x}"], value)
        return value

    def facts(a: Algebra[Any, Any], s: State) -> Any:
        out = [a.le(a.lit(1), s["n"])]
        for j in slots:
            u = s[f"u{j}"]
            out.append(implies(a, u, between(a, 1, s[f"t{j}"], TARGETS)))
            out.append(implies(a, u, a.eq(s[f"v{j}"], of(a, s, j, "g"))))
            out.append(
                implies(a, u, a.and_(a.le(a.lit(1), of(a, s, j, "f")), a.lt(of(a, s, j, "f"), s["n"])))
            )
            if j + 1 in slots:
                nxt = s[f"u{j + 1}"]
                out.append(implies(a, nxt, u))
                out.append(implies(a, nxt, a.lt(of(a, s, j, "f"), of(a, s, j + 1, "f"))))
            out += [
                implies(a, a.and_(u, s[f"u{k}"]), a.not_(a.eq(s[f"t{j}"], s[f"t{k}"])))
                for k in slots
                if k > j
            ]
        for x in ids:
            inside = a.or_(*(a.and_(s[f"u{j}"], a.eq(s[f"t{j}"], a.lit(x))) for j in slots))
            out.append(implies(a, a.not_(inside), a.eq(s[f"f{x}"], a.lit(0))))
            out.append(between(a, 0, s[f"g{x}"], VALUES))
        return a.and_(*out)

    return (Prop("pool_facts", "4.7.3", "池之结构事实", "the pool's structural facts", facts),)
