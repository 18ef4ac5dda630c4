"""Theorems about one situation (:class:`~ruleproof.smt.invariant.FormulaInvariant`), each read from its
sentence: decided by Z3 for every situation the rules allow, over the engine's kernels and the spec's data.

| name | clause | the sentence |
|---|---|---|
| ``dying_damage_zero`` | 4.10.4③ | 「对该目标造成的伤害恒为0⸺即不产生濒死、不加重状态、不触发任何致死效果」 |
| ``faction_seats_constant`` | 2.3.0② | 「各阵营席位人数恒定⸺人类 11、异形 3、外星人1」 |
| ``no_phase_after_wipeout`` | 1.4.1.2 | 「不存在「残局中某方全灭后仍继续」」; 「决斗时刻若一方死亡使存活数降至 1 名，即于当夜步骤 9 后的判定中结束」 |
| ``exile_impossible_few_alive`` | 附录四 | 「存活 ≤3 名时可得票数至多 2 票，驱逐永远不可能成立」 |
| ``stated_step_orders`` | 4.10.6, 1.4.1.5, 2.1.1, 4.6.4, 4.10.4 | the step orders the text states in prose |
"""

from __future__ import annotations

from typing import Any

from ruleproof.claims import ClaimPattern
from ruleproof.kernel.algebra import Algebra, count_true
from ruleproof.smt.formula import Env, Formula
from ruleproof.smt.invariant import Claims, FormulaInvariant, ModelGap
from ruleproof.smt.ts import Prop, Var, bools, ints
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.kernels import (
    DamageLayers,
    Hit,
    Poison,
    Winner,
    damage_point,
    exile_outcome,
    poison_application,
    victory,
    vote_valid,
)
from ruleproof.specs.fanhanglu.roles import (
    DAMAGE_SKILLS,
    RESCUE_SKILLS,
    ROLE_BY_KEY,
    SEATS,
    SKILL_BY_KEY,
)
from ruleproof.specs.fanhanglu.tables import NIGHT_STEPS, STEP_INDEX, VICTORY_ORDER

from .util import between, implies

FACTIONS = ("humans", "xenos", "alien")


def _const(value: bool) -> Any:
    return lambda a, e: a.bool_(value)


def _seats_are(count: Any, faction: str, n: int) -> Any:
    return lambda a, e: a.eq(count(a, e, faction), a.lit(n))


def _true(zh: str, en: str, label: str = "situation", clause: str = "") -> Prop:
    return Prop(label, clause, zh, en, lambda a, e: a.bool_(True))


# ── 4.10.4③ ───────────────────────────────────────────────────────────────────────────────────

LAYER_VARS: tuple[Var, ...] = (
    *bools("safe_room", "immune_tonight", "protection", "patrol", "armor", "shield", "poisoned"),
    *ints("immunity"),
)


class DyingDamageZero(FormulaInvariant[Spec]):
    name = "dying_damage_zero"
    title = "对濒死目标伤害恒为 0：不产生濒死、不消耗任何层、不触发任何致死效果（含毒药）"
    title_en = "damage to a dying target is always 0: no layer consumed, nothing triggered (poison included)"
    cites = ("4.10.4", "4.6.4")
    switches = ("damage.night_immunity_position",)
    abstraction = (
        "one point of damage (kernel damage_point) and one poison (poison_application) on a dying target"
    )
    claims = (
        ClaimPattern(
            "zero", "4.10.4", "对该目标造成的伤害恒为{zero}⸺即不产生濒死、不加重状态、不触发任何致死效果"
        ),
    )

    def formula(self, spec: Spec, claims: Claims) -> Formula:
        if claims["zero"].num("zero") != 0:
            raise ModelGap("the sentence no longer says the damage is 0")
        order = spec.damage_order()

        def result(a: Algebra[Any, Any], e: Env) -> tuple[Any, Any]:
            layers = DamageLayers(
                a.bool_(True),
                e["safe_room"],
                e["immune_tonight"],
                e["immunity"],
                e["protection"],
                e["patrol"],
                e["armor"],
                e["shield"],
            )
            return damage_point(a, layers, order)

        def untouched(a: Algebra[Any, Any], e: Env) -> Any:
            new, code = result(a, e)
            return a.and_(
                a.eq(code, a.lit(Hit.ALREADY_DYING)),
                new.dying,
                a.eq(new.immunity, e["immunity"]),
                a.ite_b(new.immune_tonight, e["immune_tonight"], a.not_(e["immune_tonight"])),
                *(
                    a.ite_b(getattr(new, k), e[k], a.not_(e[k]))
                    for k in ("protection", "patrol", "armor", "shield")
                ),
            )

        def no_poison(a: Algebra[Any, Any], e: Env) -> Any:
            code = poison_application(a, a.bool_(True), e["safe_room"], e["poisoned"])
            return a.eq(code, a.lit(Poison.FIZZLE_DYING))

        return Formula(
            self.name,
            LAYER_VARS,
            lambda a, e: between(a, 0, e["immunity"], spec.p("alien.immunity_cap")),
            _true("一名濒死目标，任意层态", "a dying target in any layer state", "dying_target", "4.10.4"),
            (
                Prop(
                    "damage_zero",
                    "4.10.4",
                    "对濒死目标之伤害不消耗任何层、不改变状态",
                    "a point on a dying target changes nothing",
                    untouched,
                ),
                Prop(
                    "poison_no_effect",
                    "4.6.4",
                    "毒药对濒死者不产生任何效果",
                    "a poison on a dying target has no effect",
                    no_poison,
                ),
            ),
        )


# ── 2.3.0② ───────────────────────────────────────────────────────────────────────────────────


class FactionSeatsConstant(FormulaInvariant[Spec]):
    name = "faction_seats_constant"
    title = "各阵营席位人数恒定：任何席位变体组合下人类 11、异形 3、外星人 1；转职不改阵营"
    title_en = (
        "faction seat counts are constant in every choice of seat variants; a job change keeps the faction"
    )
    cites = ("2.3.0", "1.1.1", "4.2.2")
    abstraction = "the spec's seats, variants and role counts; one choice variable per seat"
    claims = (ClaimPattern("counts", "2.3.0", "各阵营席位人数恒定⸺人类{humans}、异形{xenos}、外星人{alien}"),)

    def formula(self, spec: Spec, claims: Claims) -> Formula:
        said = {f: claims["counts"].num(f) for f in FACTIONS}
        seated = {v for seat in SEATS for v in seat.variants}
        roles = list(ROLE_BY_KEY.values())  # the view of the role table the engine deals and plays from
        fixed = [r for r in roles if r.key not in seated and r.derived_from is None]
        choice = ints(*(f"seat_{seat.key}" for seat in SEATS))

        def count(a: Algebra[Any, Any], e: Env, faction: str) -> Any:
            total = a.lit(sum(r.count for r in fixed if r.faction == faction))
            for seat in SEATS:
                for idx, role in enumerate(seat.variants):
                    r = ROLE_BY_KEY[role]
                    if r.faction == faction:
                        total = a.add(
                            total, a.ite_i(a.eq(e[f"seat_{seat.key}"], a.lit(idx)), a.lit(r.count), a.lit(0))
                        )
            return total

        derived = [r for r in roles if r.derived_from is not None]
        props = tuple(
            Prop(
                f"{f}_seats",
                "2.3.0",
                f"{f} 席位 = {said[f]}",
                f"{f} seats = {said[f]}",
                _seats_are(count, f, said[f]),
            )
            for f in FACTIONS
        ) + tuple(
            Prop(
                f"{r.key}_keeps_faction",
                "4.2.2",
                f"转职为{r.zh}不改阵营",
                f"changing job to {r.key} keeps the faction",
                _const(r.faction == ROLE_BY_KEY[r.derived_from or r.key].faction),
            )
            for r in derived
        )
        return Formula(
            self.name,
            choice,
            lambda a, e: a.and_(
                *(between(a, 0, e[f"seat_{seat.key}"], len(seat.variants) - 1) for seat in SEATS)
            ),
            _true("任一席位变体组合", "any choice of seat variants", "seat_choice", "1.1.1"),
            props,
        )


# ── 1.4.1.2 ───────────────────────────────────────────────────────────────────────────────────


class NoPhaseAfterWipeout(FormulaInvariant[Spec]):
    name = "no_phase_after_wipeout"
    title = "残局中任一阵营全灭即结束对局：寂灭时刻与决斗时刻不在某方全灭后继续"
    title_en = "an endgame ends as soon as a faction is wiped out (extinction and duel alike)"
    cites = ("1.4.1.2", "1.4.2", "1.2.3")
    abstraction = "living counts per faction before and after a night of an endgame; the victory kernel"
    claims = (
        ClaimPattern("never", "1.4.1.2", "不存在「残局中某方全灭后仍继续」"),
        ClaimPattern(
            "duel", "1.4.1.2", "决斗时刻若一方死亡使存活数降至{n}名，即于当夜步骤{step:step}后的判定中结束"
        ),
    )

    def formula(self, spec: Spec, claims: Claims) -> Formula:
        if claims["duel"].values["step"] not in STEP_INDEX:
            raise ModelGap(
                f"the text ends the duel after step {claims['duel'].values['step']}, not a step of the spec"
            )
        before = ints("h0", "x0", "a0")
        after = ints("h", "x", "a", "countdown")
        cap = spec.p("players.total")

        def domain(a: Algebra[Any, Any], e: Env) -> Any:
            lit = a.lit
            ranges = [between(a, 0, e[f"{f}0"], cap) for f in "hxa"]
            ranges += [a.and_(a.le(lit(0), e[f]), a.le(e[f], e[f"{f}0"])) for f in "hxa"]
            total0 = a.add(a.add(e["h0"], e["x0"]), e["a0"])
            factions0 = count_true(a, (a.lt(lit(0), e[f"{f}0"]) for f in "hxa"))
            # 1.4.1.1 extinction: the humans are gone, xenos and the alien alive (the countdown victory void,
            # 1.2.4); 1.4.2 duel: exactly 2 alive, of two hostile factions
            extinction = a.and_(
                a.eq(e["h0"], lit(0)), a.lt(lit(0), e["x0"]), a.lt(lit(0), e["a0"]), e["void"]
            )
            duel = a.and_(a.eq(total0, lit(spec.p("duel.players"))), a.eq(factions0, lit(2)))
            return a.and_(*ranges, a.or_(extinction, duel))

        def wiped(a: Algebra[Any, Any], e: Env) -> Any:
            return a.or_(*(a.and_(a.lt(a.lit(0), e[f"{f}0"]), a.eq(e[f], a.lit(0))) for f in "hxa"))

        def ends(a: Algebra[Any, Any], e: Env) -> Any:
            winner, _ = victory(a, VICTORY_ORDER, e["h"], e["x"], e["a"], e["countdown"], e["void"], e["cap"])
            return a.not_(a.eq(winner, a.lit(Winner.NONE)))

        return Formula(
            self.name,
            (*before, *after, *bools("void", "cap")),
            domain,
            Prop(
                "wiped", "1.4.1.2", "残局中某一阵营存活数归零", "a faction is wiped out in an endgame", wiped
            ),
            (
                Prop(
                    "game_ends",
                    "1.4.1.2",
                    "判定顺序给出胜负（对局结束）",
                    "the victory order decides (the game ends)",
                    lambda a, e: implies(a, wiped(a, e), ends(a, e)),
                ),
            ),
        )


# ── 附录四 ─────────────────────────────────────────────────────────────────────────────────────


class ExileImpossibleFewAlive(FormulaInvariant[Spec]):
    name = "exile_impossible_few_alive"
    title = "存活≤3 名时可得票数至多 2 票，驱逐永远不可能成立（附录四）"
    title_en = "with at most 3 alive a candidate gets at most 2 votes: no exile is possible (appendix 4)"
    cites = ("附录四", "2.3.4")
    abstraction = "every vote of up to N living players (kernels vote_valid and exile_outcome)"
    claims = (ClaimPattern("few", "附录四", "存活≤{alive}名时可得票数至多{votes}票，驱逐永远不可能成立"),)

    def formula(self, spec: Spec, claims: Claims) -> Formula:
        n, most = claims["few"].num("alive"), claims["few"].num("votes")
        voters = range(n)
        # vote_j = k: player j votes for player k; -1: abstains (2.3.4 可弃票); alive_j: still in the game
        variables = (*ints(*(f"vote{j}" for j in voters)), *bools(*(f"alive{j}" for j in voters)))

        def tally(a: Algebra[Any, Any], e: Env) -> list[Any]:
            return [
                count_true(a, (a.and_(e[f"alive{j}"], a.eq(e[f"vote{j}"], a.lit(k))) for j in voters))
                for k in voters
            ]

        def domain(a: Algebra[Any, Any], e: Env) -> Any:
            out = []
            for j in voters:
                out.append(between(a, -1, e[f"vote{j}"], n - 1))
                for k in voters:
                    chosen = a.eq(e[f"vote{j}"], a.lit(k))
                    out.append(implies(a, chosen, vote_valid(a, a.bool_(j == k), e[f"alive{k}"])))
            return a.and_(*out)

        def no_exile(a: Algebra[Any, Any], e: Env) -> Any:
            chosen = exile_outcome(a, tally(a, e), a.lit(spec.p("vote.exile_min_votes")))
            return a.not_(a.or_(*(a.and_(c, e[f"alive{k}"]) for k, c in enumerate(chosen))))

        def at_most(a: Algebra[Any, Any], e: Env) -> Any:
            return a.and_(
                *(implies(a, e[f"alive{k}"], a.le(t, a.lit(most))) for k, t in enumerate(tally(a, e)))
            )

        full = Prop(
            "all_vote",
            "附录四",
            f"存活 {n} 名，人人投票",
            f"{n} alive, everybody votes",
            lambda a, e: a.and_(*(a.and_(e[f"alive{j}"], a.le(a.lit(0), e[f"vote{j}"])) for j in voters)),
        )
        return Formula(
            self.name,
            variables,
            domain,
            full,
            (
                Prop(
                    "at_most_votes",
                    "附录四",
                    f"任一候选人至多 {most} 票",
                    f"no candidate gets more than {most}",
                    at_most,
                ),
                Prop("no_exile", "附录四", "无人被驱逐", "nobody is exiled", no_exile),
            ),
        )


# ── step orders stated in prose ──────────────────────────────────────────────────────────────


def _step_of_clause(clause: str) -> str:
    found = [s.key for s in NIGHT_STEPS if s.clause == clause]
    if not found:
        raise ModelGap(f"no step of the spec's table 2.1.1 cites {clause}")
    return found[0]


class StatedStepOrders(FormulaInvariant[Spec]):
    name = "stated_step_orders"
    title = "正文以文字所述之步骤先后：免疫先于救援、外星人出刀先于异形、乔装先于查验、毒药晚于一切攻击、救援先于死亡结算"
    title_en = "step orders the text states in prose hold in the spec's step table and skills"
    cites = ("4.10.6", "1.4.1.5", "2.1.1", "4.6.4", "4.10.4")
    abstraction = (
        "the steps the spec gives the skills and the clauses, against the step numbers each sentence writes"
    )
    claims = (
        ClaimPattern(
            "immunity", "4.10.6", "夜晚免疫（步骤{a:step}）先于救援与死囚复生（步骤{b:step}），不存在同夜竞合"
        ),
        ClaimPattern(
            "knives", "1.4.1.5", "外星人在步骤{a:step}、异形在步骤{b:step}，故同夜外星人先于异形结算"
        ),
        ClaimPattern("disguise", "2.1.1", "排在步骤{b:step}之前，故发动当夜必然覆盖当夜的船员查验"),
        ClaimPattern("poison", "4.6.4", "投放步骤{a:step}（原救援医师行动位，晚于全部攻击结算）"),
        ClaimPattern(
            "rescue",
            "4.10.4",
            "若步骤{a:step}获救则恢复全部能力，若步骤{a2:step}结束仍未获救则于步骤{b:step}死亡",
        ),
    )

    def facts(self, claims: Claims) -> list[tuple[str, str, str, bool]]:
        """(label, clause, what, holds) for every fact: the steps the sentence writes are the spec's, and in
        the order it says."""
        idx = STEP_INDEX
        step = {k: s.step for k, s in SKILL_BY_KEY.items()}

        def at(key: str) -> int:
            if key not in idx:
                raise ModelGap(f"step {key} is not in the spec's step table 2.1.1")
            return idx[key]

        v = {k: c.values for k, c in claims.items()}
        infection = _step_of_clause("2.1.4")  # the step at which night immunity meets a delayed lethal act
        settle = _step_of_clause("4.10.6")
        out = [
            (
                "immunity_step",
                "4.10.6",
                f"夜晚免疫于步骤 {v['immunity']['a']}",
                infection == v["immunity"]["a"],
            ),
            (
                "rescue_revive_step",
                "4.10.6",
                f"救援与复生于步骤 {v['immunity']['b']}",
                all(step[k] == v["immunity"]["b"] for k in ("rescue", "revive")),
            ),
            (
                "immunity_before_rescue",
                "4.10.6",
                "免疫先于救援与复生",
                at(infection) < min(at(step[k]) for k in RESCUE_SKILLS),
            ),
            (
                "knife_steps",
                "1.4.1.5",
                f"外星人出刀步骤 {v['knives']['a']}、异形出刀步骤 {v['knives']['b']}",
                step["alien_kill"] == v["knives"]["a"] and step["knife"] == v["knives"]["b"],
            ),
            (
                "alien_before_xeno",
                "1.4.1.5",
                "外星人出刀先于异形",
                at(step["alien_kill"]) < at(step["knife"]),
            ),
            (
                "check_step",
                "2.1.1",
                f"船员查验于步骤 {v['disguise']['b']}",
                step["crew_check"] == v["disguise"]["b"],
            ),
            (
                "disguise_before_check",
                "2.1.1",
                "乔装先于船员查验",
                at(step["disguise"]) < at(step["crew_check"]),
            ),
            ("poison_step", "4.6.4", f"毒药于步骤 {v['poison']['a']}", step["poison"] == v["poison"]["a"]),
            (
                "poison_after_attacks",
                "4.6.4",
                "毒药晚于全部攻击",
                all(at(step["poison"]) > at(step[k]) for k in DAMAGE_SKILLS),
            ),
            (
                "rescue_then_settle",
                "4.10.4",
                f"救援于步骤 {v['rescue']['a']}、死亡结算于步骤 {v['rescue']['b']}",
                step["rescue"] == v["rescue"]["a"] == v["rescue"]["a2"] and settle == v["rescue"]["b"],
            ),
            ("rescue_before_settle", "4.10.4", "救援先于死亡结算", at(step["rescue"]) < at(settle)),
        ]
        return out

    def formula(self, spec: Spec, claims: Claims) -> Formula:
        props = tuple(
            Prop(label, clause, what, what, _const(ok)) for label, clause, what, ok in self.facts(claims)
        )
        return Formula(
            self.name,
            (),
            lambda a, e: a.bool_(True),
            _true("规格之步骤表", "the spec's step table", "step_table", "2.1.1"),
            props,
        )


DYING_DAMAGE_ZERO = DyingDamageZero()
FACTION_SEATS_CONSTANT = FactionSeatsConstant()
NO_PHASE_AFTER_WIPEOUT = NoPhaseAfterWipeout()
EXILE_IMPOSSIBLE_FEW_ALIVE = ExileImpossibleFewAlive()
STATED_STEP_ORDERS = StatedStepOrders()
