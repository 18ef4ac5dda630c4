"""Use limits as written against the rules that move them: 崩塌狙击 「全局限1次」 and 欺骗 「每天限2次」.

The text states each limit once, in its skill's 次数限制 cell; the claim is read from *that cell of the text
being verified*.  The rules that move a count are the spec's: 双重武装 (「次日该技能可以额外使用一次，若该技能
已经没有使用次数了，则恢复1次使用次数」) adds a use, 欺诈 (「可突破使用次数限制，可计算到负数」, 「不占用当日技能
使用次数，占用次日技能使用次数」) forces one past the limit and charges it to the next window.

Two properties per skill, one transition per day (the engine's kernel :func:`uses_left` decides every
own use):

* ``counted`` — the uses counted against a window never exceed its limit plus the uses 双重武装 granted
  (the bookkeeping is sound);
* ``as_written`` — the uses actually made in a window never exceed the limit the cell prints.

Abstraction: one holder and its one skill; each day the holder may use it as often as the kernel allows
(``own``), the deceiver may force one more use (``forced``, 欺诈 being 每天限1次 — read from its record),
and the supporter may boost it for the next day (``boost``, when 双重武装 can boost this limit kind).  What
the uses do is irrelevant to counting them.
"""

from __future__ import annotations

from typing import Any

from ruleproof.errors import BadInput
from ruleproof.kernel.algebra import Algebra
from ruleproof.runtime.replay import Outcome
from ruleproof.smt.invariant import Claims, ModelGap, NotConcretizable, SystemInvariant
from ruleproof.smt.ts import Inputs, Prop, State, Trace, TransitionSystem, bools, ints
from ruleproof.specs.jiejie140 import Spec
from ruleproof.specs.jiejie140.engine.skills.mirror import BOOSTABLE
from ruleproof.specs.jiejie140.kernels import uses_left
from ruleproof.specs.jiejie140.skills import LimitKind, read_skills
from ruleproof.text import Document

from . import scenario as sc

MAX_OWN = 3  # own uses tried per day (the limit admits at most count + bonus of them)
STATE = ("bonus", "debt", "used", "made", "own", "granted", "owed")


class LimitAsWritten(SystemInvariant[Spec]):
    """A skill's 次数限制 against 双重武装 and 欺诈."""

    skill: str
    prop: str = "as_written"
    holder: int  # seat of the standard table
    targets: tuple[int, ...]  # seats its uses aim at in a scenario
    switches = ()
    abstraction = (
        "one holder's count of one skill, day by day; own, forced (欺诈) and boosted (双重武装) uses"
    )

    def __init__(self) -> None:
        self.doc: Document | None = None

    def claim(self, spec: Spec) -> int:
        """The limit as the text being verified prints it (falls back to the spec's when it has no such cell)."""
        if self.doc is not None:
            try:
                book = read_skills(self.doc)
            except BadInput as exc:  # a cell the spec cannot read: the claim is unknown, never a pass
                raise ModelGap(exc.en) from None
            if self.skill in book.skills:
                return book.skills[self.skill].limit.count
        return spec.skills.skills[self.skill].limit.count

    def check(self, spec: Spec, opts: Any, doc: Document) -> Any:
        self.doc = doc
        return super().check(spec, opts, doc)

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        rec = spec.skills.skills[self.skill]
        fraud = spec.skills.skills["fraud"]
        count = rec.limit.count
        per_day = rec.limit.kind in (LimitKind.PER_DAY, LimitKind.PER_NIGHT, LimitKind.PER_DAYTIME)
        boostable = rec.limit.kind in BOOSTABLE
        claim = self.claim(spec)
        max_forced = fraud.limit.count

        def init(a: Algebra[Any, Any], s: State) -> Any:
            return a.and_(*(a.eq(s[v], a.lit(0)) for v in STATE))

        def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
            lit = a.lit
            used = lit(0) if per_day else s["used"]
            left_after = uses_left(a, lit(count), s["bonus"], s["debt"], a.add(used, i["own"]))
            return a.and_(
                a.le(lit(0), i["own"]),
                a.le(i["own"], lit(MAX_OWN)),
                a.le(lit(0), i["forced"]),
                a.le(i["forced"], lit(max_forced)),
                a.le(lit(0), left_after),  # every own use passes the kernel's check
                a.or_(a.not_(i["boost"]), a.bool_(boostable)),
            )

        def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
            lit = a.lit
            one = a.ite_i(i["boost"], lit(1), lit(0))
            if per_day:  # a new window each day: today's bonus and debt were set yesterday
                return {
                    "bonus": one,
                    "debt": i["forced"],
                    "used": i["own"],
                    "made": a.add(i["own"], i["forced"]),
                    "own": i["own"],
                    "granted": s["bonus"],
                    "owed": s["debt"],
                }
            return {  # one window for the whole game
                "bonus": a.add(s["bonus"], one),
                "debt": a.add(s["debt"], i["forced"]),
                "used": a.add(s["used"], i["own"]),
                "made": a.add(s["made"], a.add(i["own"], i["forced"])),
                "own": a.add(s["own"], i["own"]),
                "granted": a.add(s["granted"], one),
                "owed": a.add(s["owed"], i["forced"]),
            }

        as_written = Prop(
            "as_written",
            rec.clause,
            f"{rec.zh}实际发动次数不超过「{rec.cell('次数限制').text}」",
            f"{self.skill}: uses made never exceed the printed limit {claim}",
            lambda a, s: a.le(s["made"], a.lit(claim)),
        )
        counted = Prop(
            "counted",
            rec.clause,
            "计入当日次数的发动（本人发动＋前一日欺诈预占的）不超过上限加双重武装给的次数",
            "the uses charged to a day (own + taken ahead by 欺诈 the day before) never exceed its limit plus "
            "双重武装's grant",
            lambda a, s: a.le(a.add(s["own"], s["owed"]), a.add(a.lit(claim), s["granted"])),
        )
        props = (counted,) if self.prop == "counted" else (as_written,)
        return TransitionSystem(
            name=self.name,
            state=ints(*STATE),
            inputs=(*ints("own", "forced"), *bools("boost")),
            init=init,
            guard=guard,
            step=step,
            props=props,
            costs=lambda a, ss, ii: [
                sum_all(a, [x["forced"] for x in ii]),
                sum_all(a, [a.ite_i(x["boost"], a.lit(1), a.lit(0)) for x in ii]),
                sum_all(a, [x["own"] for x in ii]),
            ],
        )

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        rec = spec.skills.skills[self.skill]
        index = spec.skills.identities[spec.skills.skills[self.skill].holders[0]].skills.index(self.skill) + 1
        pool = list(self.targets)
        script: list[dict[str, Any]] = []
        for day, inp in enumerate(trace.inputs, start=1):
            acts = []
            at = 10
            for _ in range(int(inp["own"])):
                if not pool:
                    raise NotConcretizable("not enough targets on the standard table")
                acts.append(sc.action(self.holder, self.skill, [pool.pop(0)], at=at))
                at += 10
            for _ in range(int(inp["forced"])):
                if not pool:
                    raise NotConcretizable("not enough targets on the standard table")
                acts.append(sc.action(sc.DECEIVER, "fraud", [self.holder, pool.pop(0)], at=at, index=index))
                at += 10
            if acts:
                script.append({"day": day, "actions": acts})
            if inp["boost"]:
                script.append(
                    {
                        "night": day,
                        "actions": [sc.action(sc.SUPPORTER, "double_arm", [self.holder], index=index)],
                    }
                )
        made = int(trace.states[-1]["made"])
        days = len(trace.inputs)
        return sc.vector(
            spec,
            id=f"{self.name}-counterexample",
            title=f"{rec.zh}「{rec.cell('次数限制').text}」被突破：{days} 天内实际发动 {made} 次",
            description=(
                f"{rec.clause}：{rec.zh}「{rec.cell('次数限制').text}」；欺骗者「欺诈」「可突破使用次数限制，可计算到负数」，"
                "支援者「双重武装」「若该技能已经没有使用次数了，则恢复1次使用次数」。"
            ),
            cites=[rec.clause, "欺骗者", "支援者"],
            script=script,
            expect=[{"after": f"day {days}", "events": [{"kind": "forced", "skill": self.skill}]}]
            if any(int(x["forced"]) for x in trace.inputs)
            else [{"after": f"day {days}", "state": {"uses": {str(self.holder): {self.skill: made}}}}],
        )

    def monitor(self, outcome: Outcome) -> set[str]:
        """``as_written`` is violated when the skill was used (own or forced) more often in one window than
        the printed limit (the ledger of executed actions, by round for a per-day limit)."""
        counts: dict[tuple[int, int], int] = {}
        per_day = self.skill != "collapse_snipe"
        for e in outcome.events:
            if e.kind == "used" and e.data.get("skill") == self.skill:
                key = (int(e.data["actor"]), e.night if per_day else 0)
                counts[key] = counts.get(key, 0) + 1
        limit = 2 if per_day else 1
        return (
            {"as_written"} if self.prop == "as_written" and any(v > limit for v in counts.values()) else set()
        )


def sum_all(a: Algebra[Any, Any], xs: list[Any]) -> Any:
    out = a.lit(0)
    for x in xs:
        out = a.add(out, x)
    return out


class SnipeOnce(LimitAsWritten):
    name = "snipe_at_most_once"
    title = "崩塌狙击全局至多发动一次"
    title_en = "崩塌狙击 is used at most once a game"
    cites = ("清晰者", "欺骗者", "支援者")
    skill = "collapse_snipe"
    holder = 3
    targets = (9, 10, 12, 7)


class DeceiveCounted(LimitAsWritten):
    name = "deceive_counted_per_day"
    title = "计入每日次数的欺骗不超过 2 次（欺诈预占次日次数）"
    title_en = "the uses of 欺骗 charged to a day never exceed 2 (欺诈 takes the next day's)"
    cites = ("欺骗者",)
    skill = "deceive"
    prop = "counted"
    holder = 13
    targets = (2, 4, 5, 6, 9, 10, 12, 8)


class DeceiveTwice(LimitAsWritten):
    name = "deceive_twice_a_day"
    title = "欺骗每天至多发动两次"
    title_en = "欺骗 is used at most twice a day"
    cites = ("欺骗者",)
    skill = "deceive"
    holder = 13
    targets = (2, 4, 5, 6, 9, 10, 12, 8)


__all__ = ["DeceiveCounted", "DeceiveTwice", "LimitAsWritten", "SnipeOnce"]
