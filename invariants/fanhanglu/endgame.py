"""``no_mutual_destruction`` — 1.4.1.5 「不存在同归于尽：双方出刀分属步骤 5 与步骤 7 两个先后时点，同夜相互攻击
必有先后」: in extinction (the humans gone), no night ends with the alien and the last xenos all dead.

The sentence's reason is about knives (the alien's at step 5, the xenos' at step 7: `stated_step_orders`
checks those steps), but the claim is about the night: lethal acts laid *before* extinction keep their
timers (4.6.4③ 「残留毒药在其到期步骤照常致濒死」, 1.4.1.3: infection timers run) and fall due at the same step
0.55, judged independently (2.1.4).

Abstraction — one night at a time from any extinction state (an over-approximation of the reachable ones,
so a proof would be sound): the living xenos (1–3), the classic alien with its night-immunity charges
(6.4.1), the nights until a true mark on the alien falls due, the nights until a residual poison on a xeno
falls due; at 0.55 the kernel ``delayed_lethal`` (immunity stops one lethal act, 6.4.2) for the alien, the
poison makes its xeno dying; at step 5 the alien, unless dying, kills up to its knives (1, or 2 awakened)
of the xenos not dying; at step 7 a xeno able to act may knife the alien; no doctor (1.4.1.3); step 9 settles
(``settle_deaths``).  The scenario is a scripted game (five nights) that reaches the extinction state the
minimal trace starts from: the sheriff spends the alien's immunity on night 1, a xeno infects the alien and
the poisoner poisons that xeno on night 3 (both fall due on night 5), everybody else dies or is exiled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.claims import ClaimPattern
from ruleproof.kernel.algebra import Algebra, one_if
from ruleproof.smt.invariant import Claims, NotConcretizable, SystemInvariant
from ruleproof.smt.ts import Cover, Inputs, Prop, State, Trace, TransitionSystem, bools, ints
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.runner import Outcome
from ruleproof.specs.fanhanglu.kernels import Lethal, delayed_lethal

from . import scenario as sc
from .util import between, implies

HORIZON = 3  # timers are nights remaining: 0 none, 1 falls due tonight, … (an infection lasts 3 nights)


def endgame_system(spec: Spec) -> TransitionSystem:
    knives, knives_awake = spec.p("alien.knives"), spec.p("alien.knives_awakened")
    state = (
        *ints("x", "imm", "mark", "poison", "o_x", "o_al"),
        *bools("al", "first", "o_both"),
    )
    inputs = (*ints("kills"), *bools("knife", "awake"))

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(
            s["al"],
            s["first"],
            between(a, 1, s["x"], spec.p("players.xenos")),
            between(a, 0, s["imm"], spec.p("alien.immunity_cap")),
            between(a, 0, s["mark"], HORIZON),
            between(a, 0, s["poison"], HORIZON),
            a.eq(s["o_x"], s["x"]),
            a.eq(s["o_al"], a.lit(1)),
            a.not_(s["o_both"]),
        )

    def night(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        lit = a.lit
        due = a.and_(s["al"], a.eq(s["mark"], lit(1)))
        code, imm = delayed_lethal(a, a.bool_(False), s["imm"])  # 0.55: the alien's mark (6.4.2)
        alien_dying = a.and_(due, a.eq(code, lit(Lethal.DYING)))
        imm = a.ite_i(due, imm, s["imm"])
        poisoned = one_if(a, a.and_(a.lt(lit(0), s["x"]), a.eq(s["poison"], lit(1))))  # a xeno's poison
        # step 5: the alien, not dying, kills xenos not dying; step 7: a xeno able to act knifes the alien
        kills = a.ite_i(a.and_(s["al"], a.not_(alien_dying)), i["kills"], lit(0))
        standing = a.sub(a.sub(s["x"], poisoned), kills)
        knifed = a.and_(i["knife"], a.lt(lit(0), standing), s["al"])
        alien_dies = a.and_(s["al"], a.or_(alien_dying, knifed))
        x = a.sub(a.sub(s["x"], poisoned), kills)
        both = a.and_(s["al"], a.lt(lit(0), s["x"]), alien_dies, a.eq(x, lit(0)))
        mark = a.ite_i(a.lt(lit(0), s["mark"]), a.sub(s["mark"], lit(1)), lit(0))
        poison = a.ite_i(a.lt(lit(0), s["poison"]), a.sub(s["poison"], lit(1)), lit(0))
        return {
            "x": x,
            "imm": imm,
            "mark": mark,
            "poison": poison,
            "al": a.and_(s["al"], a.not_(alien_dies)),
            "first": a.bool_(False),
            "o_x": x,
            "o_al": one_if(a, a.and_(s["al"], a.not_(alien_dies))),
            "o_both": both,
        }

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        most = a.ite_i(i["awake"], a.lit(knives_awake), a.lit(knives))
        return a.and_(
            a.lt(a.lit(0), s["x"]),  # the endgame goes on while a xeno and the alien live
            s["al"],
            between(a, 0, i["kills"], 3),
            a.le(i["kills"], most),
            a.le(i["kills"], s["x"]),
        )

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        return night(a, s, i)

    def costs(a: Algebra[Any, Any], states: Sequence[State], ins: Sequence[Inputs]) -> list[Any]:
        return [states[0]["x"], states[0]["imm"], states[0]["mark"], states[0]["poison"]]

    covers = (
        Cover(
            "alien_kills",
            "6.6",
            "外星人出刀杀异形",
            "the alien kills a xeno",
            lambda a, s, i: a.lt(a.lit(0), i["kills"]),
        ),
        Cover("xeno_knifes", "5.6.1", "异形出刀", "a xeno knifes the alien", lambda a, s, i: i["knife"]),
        Cover(
            "mark_due",
            "3.3.3",
            "外星人之真标记到期",
            "the alien's mark falls due",
            lambda a, s, i: a.eq(s["mark"], a.lit(1)),
        ),
        Cover(
            "poison_due",
            "4.6.4",
            "残留毒药到期",
            "a residual poison falls due",
            lambda a, s, i: a.eq(s["poison"], a.lit(1)),
        ),
    )
    return TransitionSystem("endgame", state, inputs, init, guard, step, (), costs=costs, covers=covers)


# the scripted game that reaches the extinction duel of night 5 (sheriff 6 spends the alien's immunity; xeno
# 14 infects the alien and the poisoner 8 poisons 14 on night 3; everybody else dies or is exiled by night 4)
PREFIX: tuple[dict[str, Any], ...] = (
    {
        "night": 1,
        "actions": [
            {"actor": 6, "skill": "shoot", "targets": [15]},
            {"actor": 12, "skill": "knife", "targets": [1]},
            {"actor": 14, "skill": "knife", "targets": [2]},
            {"actor": 15, "skill": "alien_kill", "targets": [13]},
        ],
    },
    {"day": 1, "votes": {"12": 3, "14": 3, "15": 3}},
    {"night": 2, "actions": [{"actor": 15, "skill": "alien_kill", "targets": [4]}]},
    {"day": 2, "votes": {"12": 5, "14": 5, "15": 5}},
    {
        "night": 3,
        "actions": [
            {"actor": 15, "skill": "alien_kill", "targets": [6]},
            {"actor": 12, "skill": "knife", "targets": [7]},
            {"actor": 14, "skill": "infect", "targets": [15]},
            {"actor": 8, "skill": "poison", "targets": [14]},
            {"actor": 11, "skill": "emergency_meeting"},
            {"actor": 10, "skill": "meeting_vote", "targets": [9]},
            {"actor": 11, "skill": "meeting_vote", "targets": [9]},
            {"actor": 12, "skill": "meeting_vote", "targets": [9]},
        ],
    },
    {"day": 3, "votes": {"12": 10, "14": 10, "15": 10}},
    {
        "night": 4,
        "actions": [
            {"actor": 15, "skill": "awaken"},
            {"actor": 15, "skill": "alien_kill", "targets": [8, 11]},
            {"actor": 14, "skill": "knife", "targets": [12]},
        ],
    },
)
PREFIX_STATE = {"x": 1, "imm": 0, "mark": 1, "poison": 1}  # extinction on night 5, as PREFIX leaves it


def _playable(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
    """What the builder scripts: from the state PREFIX reaches, the night the timers fall due."""
    start = a.and_(*(a.eq(s[k], a.lit(v)) for k, v in PREFIX_STATE.items()))
    return a.and_(implies(a, s["first"], start), a.eq(i["kills"], a.lit(0)), a.not_(i["knife"]))


class NoMutualDestruction(SystemInvariant[Spec]):
    name = "no_mutual_destruction"
    title = "寂灭时刻不存在同归于尽：外星人与最后之异形不会同夜全灭"
    title_en = "no mutual destruction in extinction: the alien and the last xenos never all die on one night"
    cites = ("1.4.1.5", "4.6.4", "2.1.4")
    abstraction = (
        "one extinction night at a time from any state: xenos, the alien's immunity, mark and poison timers"
    )
    claims = (ClaimPattern("none", "1.4.1.5", "不存在同归于尽"),)

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        from dataclasses import replace

        prop = Prop(
            "no_mutual_destruction",
            "1.4.1.5",
            "外星人与最后之异形不同夜全灭",
            "the alien and the last xenos do not all die on one night",
            lambda a, s: a.not_(s["o_both"]),
        )
        last = Prop(
            "last_xeno_dies",
            "1.4.1.2",
            "寂灭时刻中最后之异形死亡",
            "the last xeno dies in extinction",
            lambda a, s: a.and_(a.eq(s["o_x"], a.lit(0)), a.not_(s["first"])),
        )
        return replace(endgame_system(spec), props=(prop,), premises=(last,))

    def playable(self, spec: Spec) -> Any:
        return _playable

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        first = trace.states[0]
        if any(int(first[k]) != v for k, v in PREFIX_STATE.items()) or len(trace.inputs) != 1:
            raise NotConcretizable("the builder scripts one extinction state (PREFIX), not this one")
        i = trace.inputs[0]
        if i["kills"] or i["knife"]:
            raise NotConcretizable("knives on the last night are not scripted")
        table = sc.players(p8="poisoner")
        return sc.vector(
            spec,
            ident="no_mutual_destruction",
            title="寂灭时刻同归于尽：外星人之感染与最后异形之残留毒药同于步骤 0.55 到期",
            description=(
                "由验证器生成之反例（脚本五夜）：第 1 夜警长耗尽外星人夜晚免疫；第 3 夜 14 号异形感染外星人、毒师毒 14 号"
                "（二者皆于第 5 夜步骤 0.55 到期，2.1.4 各自独立判定）；第 4 夜后人类全灭、进入寂灭时刻（兼决斗时刻）。"
                "第 5 夜二者同时濒死、步骤 9 同时死亡——1.4.1.5「不存在同归于尽」不成立；判定顺序①随即判人类胜（人类已全灭）。"
            ),
            cites=["1.4.1.5", "4.6.4", "2.1.4", "1.2.3"],
            script=[*(dict(x) for x in PREFIX), {"night": 5, "actions": []}],
            expect=[
                {"after": "night 4", "alive": [14, 15]},
                {"after": "night 5", "dead": [1, 2, 4, 6, 7, 8, 11, 12, 13, 14, 15]},
                {"final": {"winner": "humans", "night": 5, "row": "①"}},
            ],
            table=table,
        )

    def monitor(self, outcome: Outcome) -> set[str]:
        """A night on which the alien and the last xenos all died (true factions from the table)."""
        faction = {
            n + 1: ("xenos" if r == "xeno" else "alien" if "alien" in r else "humans")
            for n, r in enumerate(outcome.roles)
        }
        failed = set()
        nights = sorted({e.night for e in outcome.events if e.kind == "death"})
        gone: set[int] = set()
        for n in nights:
            before_x = {p for p, f in faction.items() if f == "xenos" and p not in gone}
            before_a = {p for p, f in faction.items() if f == "alien" and p not in gone}
            gone |= {e.data["player"] for e in outcome.events if e.kind in ("death",) and e.night == n}
            gone |= {
                e.data["exiled"]
                for e in outcome.events
                if e.kind == "vote_result" and e.night == n and e.data["exiled"]
            }
            if before_x and before_a and before_x <= gone and before_a <= gone:
                failed.add("no_mutual_destruction")
        return failed


NO_MUTUAL_DESTRUCTION = NoMutualDestruction()
