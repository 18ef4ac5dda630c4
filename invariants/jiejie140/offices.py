"""``arbiter_not_twice`` — 仲裁者 「仲裁者不可两日连任」; ``exits_once`` — 出局 「每名角色仅能出局一次」.

Both as transition systems over the engine's kernels, one transition per day:

* the arbiter: ``K`` seats, any of them applying each day (「前一日放弃使用当日所有技能，申请仲裁者。如果有
  多个合格申请者则随机生成」), the pick free among the eligible ones as the kernel :func:`arbiter_eligible`
  says (the engine's choice of ``arbiter``); the property: tomorrow's arbiter is never today's;
* the exits of one seat: each day any of a kill, a red card or 虚妄消散 may be aimed at it (灵能护盾 may
  hold), the kernel :func:`exits` counting what the engine's ``kill`` and the cards do; the property: the
  seat leaves the game at most once.
"""

from __future__ import annotations

from typing import Any

from ruleproof.kernel.algebra import Algebra, count_true
from ruleproof.runtime.replay import Outcome
from ruleproof.smt.invariant import Claims, NotConcretizable, SystemInvariant
from ruleproof.smt.ts import Inputs, Prop, State, Trace, TransitionSystem, bools, ints
from ruleproof.specs.jiejie140 import Spec
from ruleproof.specs.jiejie140.kernels import arbiter_eligible, exits

K = 4


class ArbiterNotTwice(SystemInvariant[Spec]):
    name = "arbiter_not_twice"
    title = "仲裁者不可两日连任"
    title_en = "no arbiter two days running"
    cites = ("附加身份",)
    switches = ()
    abstraction = f"{K} seats applying or not each day; the pick among the eligible"

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        def init(a: Algebra[Any, Any], s: State) -> Any:
            return a.and_(a.eq(s["arb"], a.lit(0)), a.eq(s["prev"], a.lit(0)))

        def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
            lit = a.lit
            ok = [arbiter_eligible(a, i[f"applied{j}"], a.eq(s["arb"], lit(j))) for j in range(1, K + 1)]
            picked = [a.and_(a.eq(i["pick"], lit(j)), ok[j - 1]) for j in range(1, K + 1)]
            none_ok = a.not_(a.or_(*ok))
            return a.or_(a.and_(none_ok, a.eq(i["pick"], lit(0))), a.or_(*picked))

        def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
            return {"prev": s["arb"], "arb": i["pick"]}

        prop = Prop(
            "not_twice",
            "附加身份",
            "仲裁者不可两日连任",
            "tomorrow's arbiter is never today's",
            lambda a, s: a.or_(a.eq(s["arb"], a.lit(0)), a.not_(a.eq(s["arb"], s["prev"]))),
        )
        return TransitionSystem(
            name=self.name,
            state=ints("arb", "prev"),
            inputs=(*ints("pick"), *bools(*(f"applied{j}" for j in range(1, K + 1)))),
            init=init,
            guard=guard,
            step=step,
            props=(prop,),
        )

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        raise NotConcretizable("the property is not violated by any trace")

    def monitor(self, outcome: Outcome) -> set[str]:
        rounds = {int(e.data["round"]): int(e.data["seat"]) for e in outcome.events if e.kind == "arbiter"}
        bad = any(rounds.get(r) == rounds.get(r + 1) for r in rounds if r + 1 in rounds)
        return {"not_twice"} if bad else set()


class ExitsOnce(SystemInvariant[Spec]):
    name = "exits_once"
    title = "每名角色仅能出局一次"
    title_en = "every character leaves the game at most once"
    cites = ("出局",)
    switches = ()
    abstraction = "one seat; each day any of a kill, a red card, 虚妄消散 aimed at it, 灵能护盾 or not"

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        def init(a: Algebra[Any, Any], s: State) -> Any:
            return a.and_(s["alive"], a.eq(s["exits"], a.lit(0)))

        def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
            return a.bool_(True)

        def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
            alive = s["alive"]
            for kind in ("kill", "red", "dissipate"):
                alive, left = exits(a, alive, i[kind], a.and_(i["shield"], a.bool_(kind != "red")))
                s = {**s, "exits": a.add(s["exits"], left)}
            return {"alive": alive, "exits": s["exits"]}

        prop = Prop(
            "once",
            "出局",
            "每名角色仅能出局一次",
            "a seat leaves the game at most once",
            lambda a, s: a.le(s["exits"], a.lit(1)),
        )
        lemma = Prop(
            "dead_counted",
            "出局",
            "在场者未曾出局，出局者恰出局一次",
            "alive ⇔ no exit yet",
            lambda a, s: a.eq(s["exits"], a.ite_i(s["alive"], a.lit(0), a.lit(1))),
        )
        return TransitionSystem(
            name=self.name,
            state=(*bools("alive"), *ints("exits")),
            inputs=bools("kill", "red", "dissipate", "shield"),
            init=init,
            guard=guard,
            step=step,
            props=(prop,),
            lemmas=(lemma,),
        )

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        raise NotConcretizable("the property is not violated by any trace")

    def monitor(self, outcome: Outcome) -> set[str]:
        seats = [int(e.data["seat"]) for e in outcome.events if e.kind == "death"]
        return {"once"} if len(seats) != len(set(seats)) else set()


__all__ = ["ArbiterNotTwice", "ExitsOnce", "count_true"]
