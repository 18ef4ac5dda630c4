"""Bullets — the theorems of 4.4.6 and 4.4.2③ as the text states them, and the hunter's exception 4.4.7③.

Four theorems, each read from its own sentence (constants included):

* ``bullet_conservation`` — 4.4.2③ 「打出k发、击杀m发（m ≤ k）则回复m发，下夜存量＝N − k + m ≤N」 and 4.4.6③
  「触发本上限的只有额外子弹」: the stock after the bounty's arrival is the sentence's expression of N, k, m
  and at most N; the cap never voids a bounty bullet.  For every shooter (4.4.7④, 4.2.2 各自独立判定).
* ``bullet_stock_equation`` — 4.4.6 守恒定理 literally: 「下夜存量＝N − k + m」 over the sheriff's *whole*
  next-night stock, the extra bullets and everything else that arrives included.  The text's own
  proof only accounts for the bounty; the 4.4.3 extras make it false in every reading (a finding on the
  text: its weaker intended form is ``bullet_conservation``, which holds).
* ``sheriff_bullet_cap`` — 4.4.6 「警长的子弹存量设上限 2 发」 and 「k≤ 2」: the sheriff's stock never exceeds
  the number the sentence writes, nor its shots in a night; the hunter above the cap is the registered
  exception 4.4.7③ (a reachability witness).  ``--set sheriff.bullet_cap=3`` (or a revision that edits the
  rule 「存量一律不得超过2发」 but not this sentence) breaks it.
* ``armed_crew_at_most_one`` — 4.4.6④ 「武装船员持有量恒≤1」.

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
its kills by the target's true faction (``m_humans``, ``m_xenos``, ``m_alien``; counted under either
reading of ``bounty.count_basis``) are free choices with ``0 ≤ Σ m_f ≤ k ≤ stock``.  The bounty pays the
kills of the spec's ``BOUNTY_FACTIONS`` (the table the engine pays by); the theorems' ``m`` is the kills of
the camps 4.4.2① names as 「敌方单位」, read from its sentence — so a bounty for a human is a violation,
not a different ``m``.  The shooter never dies (a dead shooter receives nothing, so this only adds
behaviours).  Shooters do not interact: every rule above reads one shooter's own state.  Arrivals are the
engine's kernels ``bullet_arrival`` (the cap) and ``bounty_recovery``, in the engine's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ruleproof.claims import ClaimPattern
from ruleproof.kernel.algebra import Algebra, count_true, min_i, one_if, sum_i
from ruleproof.smt.invariant import Claims, FamilyInvariant, NotConcretizable, bundled_claims
from ruleproof.smt.ts import Cover, Inputs, Prop, State, Trace, TransitionSystem, bools, ints
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.runner import Outcome
from ruleproof.specs.fanhanglu.kernels import (
    PY,
    bounty_kills,
    bounty_recovery,
    bullet_arrival,
    bullet_arrivals,
    process_advance,
    quota_allows,
    quota_spend,
)
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY
from ruleproof.specs.fanhanglu.tables import BOUNTY_FACTIONS, BULLET_ARRIVALS, FACTION_CAMPS, FACTIONS

from . import scenario as sc
from .util import iff, implies

SHERIFF, HUNTER, ARMED = 0, 1, 2
# the night's kills by the target's true faction (the spec's FACTIONS): ``m_humans``, ``m_xenos``, ``m_alien``
KILLS = tuple(f"m_{key}" for key, _ in FACTIONS)
ROLE_KEYS = ("sheriff", "hunter", "armed_crew")

STATE = (
    *ints("role", "n", "alive", "s", "r", "pend", "prog", "N", "k", "bN", "bk", "ab", "vb", "vx"),
    *ints(*KILLS, *(f"b{v}" for v in KILLS)),
    *bools("done", "active", "was", "had", "mirror", "pp"),
)
INPUTS = (*ints("alive", "k", *KILLS), *bools("save", "change", "pres"))
ZEROED = ("r", "pend", "prog", "N", "k", "bN", "bk", "ab", "vb", "vx", *KILLS, *(f"b{v}" for v in KILLS))
SOURCES = tuple(src for src, _ in BULLET_ARRIVALS)


def bullet_system(spec: Spec) -> TransitionSystem:
    """The shooter's bullets night by night, with the covers of every transition kind (no properties: each
    theorem adds its own, read from its sentence)."""
    cap_v = spec.p("sheriff.bullet_cap")
    per_kill = spec.p("bounty.bullets_per_kill")
    per_shot = spec.reading("bounty.count_basis") == "per_shot"
    total = spec.p("players.total")
    extra = spec.p("extra_bullet.amount")

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
        """The arrivals of the night (2.1.5, in the spec's order ``BULLET_ARRIVALS``) and the job change at
        step 0.6."""
        lit, role = a.lit, s["role"]
        capped = a.eq(role, lit(SHERIFF))  # 4.4.6④ / 4.4.7③: only the sheriff's stock is capped
        extras = a.and_(s["active"], a.not_(a.eq(role, lit(ARMED))))  # 4.4.3, 4.4.7①
        # 2.8.5③: a mirror ledger receives them only if its role is presented tonight (at the arrival
        # point, or from the identity-change sub-step on)
        presented = a.or_(a.not_(s["mirror"]), s["pp"], i["pres"])
        e1 = a.and_(extras, presented, a.eq(s["n"], lit(spec.p("extra_bullet.night"))))
        low = a.le(i["alive"], lit(spec.p("extra_bullet.alive_threshold")))
        due2 = a.and_(
            extras, low, a.not_(s["done"])
        )  # 全局仅此 1 次, spent even when voided or not presented
        due = {
            "bounty": s["r"],  # 4.4.2③ the bounty, next night
            "saved": s["pend"],  # 4.4.7② a saved bullet
            "extra_night": a.scale(one_if(a, e1), extra),
            "extra_alive": a.scale(one_if(a, a.and_(due2, presented)), extra),
        }
        stock, steps = bullet_arrivals(a, s["s"], [due[src] for src in SOURCES], lit(cap_v), capped)
        ab, vb = steps[SOURCES.index("bounty")]
        voided = [v for src, (_, v) in zip(SOURCES, steps, strict=True) if src != "bounty"]
        armed = a.ite_i(i["change"], lit(spec.p("armed.initial_bullets")), stock)  # 4.2.2
        return {
            "ab": ab,
            "vb": vb,
            "vx": sum_i(a, voided),
            "N": armed,
            "done": a.or_(s["done"], due2),
            "e1": e1,
            "e2": a.and_(due2, presented),
        }

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        lit, role, n = a.lit, s["role"], s["n"]
        t = tonight(a, s, i)
        may_change = a.or_(
            a.le(lit(spec.p("jobchange.guaranteed_night")), n),
            a.le(i["alive"], lit(spec.p("jobchange.alive_threshold"))),
        )
        # the enemies killed last night died at its step 9: at least m of them (per enemy), at least one of
        # them when shots are counted (per shot: two shots may count one death twice)
        killed = _all_kills(a, s)
        died = killed if not per_shot else min_i(a, killed, lit(1))
        most = a.ite_i(a.eq(role, lit(ARMED)), min_i(a, t["N"], lit(spec.p("armed.initial_bullets"))), t["N"])
        return a.and_(
            # the living count only falls — by last night's kills at least; on night 1 everybody is alive
            a.le(lit(1), i["alive"]),
            a.le(i["alive"], a.sub(s["alive"], died)),
            a.or_(a.not_(a.eq(n, lit(1))), a.eq(i["alive"], lit(total))),
            # 4.2.1: a crew member changes job (once) from night 6 or when at most 6 are alive
            a.or_(a.not_(i["change"]), a.and_(a.eq(role, lit(ARMED)), a.not_(s["active"]), may_change)),
            # 4.4.7②: saving is the hunter's night action instead of shooting
            a.or_(a.not_(i["save"]), a.and_(a.eq(role, lit(HUNTER)), a.eq(i["k"], lit(0)))),
            # 4.4.1 / 2.5.1: 1 to stock targets, the armed crew at most one (4.2.2); nothing unarmed
            a.le(lit(0), i["k"]),
            a.or_(a.eq(i["k"], lit(0)), quota_allows(a, i["k"], most)),
            a.or_(s["active"], i["change"], a.eq(i["k"], lit(0))),
            # step 9: the shots' kills, by the target's true faction, never exceed the shots (4.4.6 m ≤ k)
            *(a.le(lit(0), i[v]) for v in KILLS),
            a.le(_all_kills(a, i), i["k"]),
            # 2.8.5④: a mirror ledger acts only while presented (a real shooter always presents its role)
            implies(a, a.not_(s["mirror"]), i["pres"]),
            implies(a, a.not_(i["pres"]), a.and_(a.eq(i["k"], lit(0)), a.not_(i["save"]))),
        )

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        lit = a.lit
        t = tonight(a, s, i)
        # 4.4.7 攒弹 is a 2.9 process: the engine's kernel advances it (one source of truth)
        advanced, done = process_advance(a, s["prog"], spec.p("hunter.save_nights"))
        complete = a.and_(i["save"], done)
        return {
            "role": s["role"],
            "n": a.add(s["n"], lit(1)),
            "alive": i["alive"],
            "s": quota_spend(a, t["N"], i["k"]),  # 子弹打出即消耗
            # arrives the next night (4.4.2③) for the kills the rules pay (4.4.2①: the spec's BOUNTY_FACTIONS,
            # which the engine reads too)
            "r": bounty_recovery(a, _paid_kills(a, i), per_kill),
            "pend": one_if(a, complete),
            "prog": a.ite_i(i["save"], advanced, s["prog"]),
            "N": t["N"],
            "k": i["k"],
            **{v: i[v] for v in KILLS},
            "bN": s["N"],
            "bk": s["k"],
            **{f"b{v}": s[v] for v in KILLS},
            "ab": t["ab"],
            "vb": t["vb"],
            "vx": t["vx"],
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
            sum_i(a, (_all_kills(a, i) for i in inputs)),  # fewest kills
            sum_i(a, (i["m_alien"] for i in inputs)),  # xenos before the alien (what a script can kill)
            a.sub(a.lit(total), states[-1]["alive"]),  # fewest deaths
            states[0]["role"],  # the sheriff, then the hunter, then the armed crew
            one_if(a, states[0]["mirror"]),  # a real shooter before a death-row alien's mirror ledger
        ]

    def cover(label: str, zh: str, en: str, fn: Any) -> Cover:
        return Cover(label, "4.4", zh, en, fn)

    def lit(a: Algebra[Any, Any], v: int) -> Any:
        return a.lit(v)

    covers = (
        cover("shot", "开枪", "a shot", lambda a, s, i: a.lt(lit(a, 0), i["k"])),
        cover(
            "kill",
            "枪击致死敌方（异形）",
            "a shot kills an enemy (a xeno)",
            lambda a, s, i: a.lt(lit(a, 0), i["m_xenos"]),
        ),
        cover(
            "kill_human",
            "枪击误杀人类",
            "a shot kills a human",
            lambda a, s, i: a.lt(lit(a, 0), i["m_humans"]),
        ),
        cover("bounty", "悬赏到账", "a bounty arrives", lambda a, s, i: a.lt(lit(a, 0), s["r"])),
        cover(
            "extra_night",
            "第 5 夜额外子弹",
            "the night-5 extra bullet",
            lambda a, s, i: tonight(a, s, i)["e1"],
        ),
        cover(
            "extra_alive",
            "存活≤6 额外子弹",
            "the alive ≤ 6 extra bullet",
            lambda a, s, i: tonight(a, s, i)["e2"],
        ),
        cover("save", "猎手攒弹", "the hunter saves", lambda a, s, i: i["save"]),
        cover("saved", "攒弹到账", "a saved bullet arrives", lambda a, s, i: a.lt(lit(a, 0), s["pend"])),
        cover("job_change", "转职为武装船员", "a crew member becomes armed", lambda a, s, i: i["change"]),
        cover(
            "mirror_shows",
            "死囚呈现警长∕猎手",
            "a mirror ledger presented",
            lambda a, s, i: a.and_(s["mirror"], i["pres"]),
        ),
        cover(
            "mirror_hides",
            "死囚未呈现该职业",
            "a mirror ledger not presented",
            lambda a, s, i: a.and_(s["mirror"], a.not_(i["pres"])),
        ),
    )
    # facts of the model that make the theorems inductive: the rule's cap bounds the sheriff (4.4.6 as the
    # spec states it — an initial stock above it, possible only under a reform, fails the lemma and merely
    # disables induction); the stock after shooting is what was held minus the shots
    high = max(cap_v, spec.p("sheriff.initial_bullets"))
    lemmas = (
        Prop(
            "sheriff_within_rule_cap",
            "4.4.6",
            "警长存量不超过规则所定之上限",
            "the sheriff's stock stays within the rule's cap",
            lambda a, s: implies(
                a,
                a.eq(s["role"], a.lit(SHERIFF)),
                a.and_(a.le(s["N"], a.lit(high)), a.le(s["s"], a.lit(high))),
            ),
        ),
        Prop(
            "spent",
            "4.4.1",
            "出手后存量＝持有量－指定数",
            "the stock after shooting is N − k",
            lambda a, s: implies(a, s["was"], a.eq(s["s"], a.sub(s["N"], s["k"]))),
        ),
    )
    # an outcome of the kernel, not a kind of transition: reported (reachable or not), it does not make a
    # proof vacuous — under a cap no source can reach, the cap never has to void anything
    voids = Prop(
        "cap_voids",
        "4.4.6",
        "上限作废到账之额外子弹",
        "the cap voids an extra bullet",
        lambda a, s: a.lt(a.lit(0), s["vx"]),
    )
    return TransitionSystem(
        "bullets",
        STATE,
        INPUTS,
        init,
        guard,
        step,
        (),
        lemmas=lemmas,
        costs=costs,
        covers=covers,
        outcomes=(voids,),
    )


def _is(role: int) -> Any:
    return lambda a, s: a.eq(s["role"], a.lit(role))


def _all_kills(a: Algebra[Any, Any], d: State | Inputs, prefix: str = "") -> Any:
    """The night's kills by the shots, whatever the target's faction."""
    return sum_i(a, (d[prefix + v] for v in KILLS))


def _paid_kills(a: Algebra[Any, Any], d: State | Inputs) -> Any:
    """The kills the rules pay a bounty for: targets of the spec's ``BOUNTY_FACTIONS`` (4.4.2①), the table
    the engine's bounty reads too."""
    return sum_i(a, (d[f"m_{faction}"] for faction in BOUNTY_FACTIONS))


# 4.4.2① as the text states it: which camps are 「敌方单位」 — the ``m`` of 「击杀m 发」 and of 「N − k + m」
ENEMY = ClaimPattern("enemy", "4.4.2", "敌方单位被指定目标的真实阵营为{camps:any}；人类{rest:any}均不属于")


def enemy_factions(claims: Claims) -> tuple[str, ...]:
    """The factions 4.4.2① names as enemies (its camp names, the spec's ``FACTION_CAMPS``)."""
    camps = str(claims["enemy"].values["camps"])
    return tuple(key for key, name in FACTION_CAMPS if name in camps)


def _enemy_kills(a: Algebra[Any, Any], s: State, enemies: Sequence[str]) -> Any:
    """Last night's kills of the enemies the text names: the sentence's ``m``."""
    return sum_i(a, (s[f"bm_{faction}"] for faction in enemies))


def _after_bounty(a: Algebra[Any, Any], coeff: dict[str, int], s: State, enemies: Sequence[str]) -> Any:
    """The sentence's expression of N, k, m (「N − k + m」) over last night's values, m the kills of the
    enemies 4.4.2① names."""
    known = {"N": s["bN"], "k": s["bk"], "m": _enemy_kills(a, s, enemies)}
    out = a.lit(0)
    for var, c in sorted(coeff.items()):
        if var not in known:
            raise ValueError(f"the equation names {var!r}, not one of N, k, m")
        out = a.add(out, a.scale(known[var], c))
    return out


class _Bullets(FamilyInvariant[Spec]):
    """A bullet theorem: the shared system with this theorem's properties and premises."""

    switches = ("bounty.count_basis",)
    abstraction = "one shooter's stock and due bullets per night; shots k and kills m ≤ k free"

    def model(self, spec: Spec) -> TransitionSystem:
        return bullet_system(spec)

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        return _scenario(spec, trace)

    def playable(self, spec: Spec) -> Any:
        return _playable(spec)

    def monitor(self, outcome: Outcome) -> set[str]:
        return _monitor(outcome, bundled_claims(BULLET_STOCK_EQUATION)["equation"].values["rhs"])


class BulletConservation(_Bullets):
    name = "bullet_conservation"
    title = "悬赏回复守恒：回复后存量＝N−k+m≤N（4.4.2③），上限只作废额外子弹（4.4.6③）"
    title_en = "bounty conservation: the stock after the bounty = N−k+m ≤ N; the cap voids only the extras"
    cites = ("4.4.2", "4.4.6", "4.4.7")
    params = (
        "bounty.bullets_per_kill",
        "sheriff.bullet_cap",
        "sheriff.initial_bullets",
        "hunter.initial_bullets",
    )
    claims = (
        ClaimPattern("recovery", "4.4.2", "则回复{rec:expr}发，下夜存量＝{rhs:expr}≤N，恒不高于出手前持有量"),
        ClaimPattern("only_extras", "4.4.6", "触发本上限的只有额外子弹"),
        ENEMY,
    )

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        rhs = claims["recovery"].values["rhs"]
        shown = claims["recovery"].values["rhs"]
        enemies = enemy_factions(claims)
        expr = " ".join(
            f"{'+' if c > 0 else '−'} {abs(c) if abs(c) != 1 else ''}{v}" for v, c in sorted(shown.items())
        )
        return (
            Prop(
                "recovery",
                "4.4.2",
                f"悬赏到账后存量＝{expr.lstrip('+ ')}（4.4.2③）",
                f"stock after the bounty = {expr.lstrip('+ ')}",
                lambda a, s: implies(a, s["had"], a.eq(s["ab"], _after_bounty(a, rhs, s, enemies))),
            ),
            Prop(
                "conservation",
                "4.4.2",
                "悬赏回复后存量 ≤ 出手前持有量 N",
                "after the bounty the stock is ≤ N held before shooting",
                lambda a, s: implies(a, s["had"], a.le(s["ab"], s["bN"])),
            ),
            Prop(
                "cap_voids_only_extras",
                "4.4.6",
                "触发上限的只有额外子弹：悬赏回复永不作废",
                "the cap never voids a bounty bullet (only 4.4.3 extras)",
                lambda a, s: a.eq(s["vb"], a.lit(0)),
            ),
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (
            Prop(
                "bounty_after_kill",
                "4.4.2",
                "某夜击杀敌方后次夜悬赏到账",
                "a kill, then its bounty the next night",
                lambda a, s: a.and_(s["had"], a.lt(a.lit(0), _enemy_kills(a, s, enemy_factions(claims)))),
            ),
            Prop(
                "after_human_killed",
                "4.4.2",
                "某夜误杀人类（敌方之外）后之次夜",
                "the night after a shot killed a human (not an enemy)",
                lambda a, s: a.and_(s["had"], a.lt(a.lit(0), s["bm_humans"])),
            ),
        )


class BulletStockEquation(_Bullets):
    name = "bullet_stock_equation"
    title = "守恒定理（字面）：警长下夜存量＝N−k+m（含一切到账）"
    title_en = "conservation theorem (literal): the sheriff's whole next-night stock = N−k+m"
    cites = ("4.4.6", "4.4.3")
    params = ("bounty.bullets_per_kill", "extra_bullet.night", "extra_bullet.alive_threshold")
    # 4.4.6's m is every target that died at step 9 (「其中 m 名于步骤 9 死亡」), whatever its faction — not
    # 4.4.2③'s enemies killed
    claims = (
        ClaimPattern("equation", "4.4.6", "则下夜存量＝{rhs:expr}≤"),
        ClaimPattern("deaths", "4.4.6", "其中m名于步骤{step:step}死亡"),
    )

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        rhs = claims["equation"].values["rhs"]
        enemies = tuple(key for key, _ in FACTIONS)  # every faction: the targets that died
        return (
            Prop(
                "stock_equation",
                "4.4.6",
                "警长下夜存量（出手前持有、含一切到账）＝上夜 N − k + m",
                "the sheriff's next-night stock (everything that arrived included) = last night's N − k + m",
                lambda a, s: implies(
                    a,
                    a.and_(s["had"], _is(SHERIFF)(a, s)),
                    a.eq(s["N"], _after_bounty(a, rhs, s, enemies)),
                ),
            ),
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (
            Prop(
                "night_after_kills",
                "4.4.6",
                "警长某夜打出 k≥1、击杀 m≥1 后之次夜",
                "the night after a sheriff's night with k ≥ 1 shots and m ≥ 1 kills",
                lambda a, s: a.and_(s["had"], _is(SHERIFF)(a, s), a.lt(a.lit(0), _all_kills(a, s, "b"))),
            ),
        )


class SheriffBulletCap(_Bullets):
    name = "sheriff_bullet_cap"
    title = "警长子弹存储上限：存量不超过 2 发、每夜指定 k≤2（猎手为登记例外 4.4.7③）"
    title_en = (
        "the sheriff's stock cap: at most 2 held, at most 2 shots a night (the hunter excepted, 4.4.7③)"
    )
    cites = ("4.4.6", "4.4.3", "4.4.7")
    params = (
        "sheriff.bullet_cap",
        "sheriff.initial_bullets",
        "extra_bullet.night",
        "extra_bullet.alive_threshold",
    )
    claims = (
        ClaimPattern("cap", "4.4.6", "警长的子弹存量设上限{cap}发"),
        ClaimPattern("shots", "4.4.6", "当夜指定k名（k≤N且k≤{k}）"),
    )

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        cap, k = claims["cap"].num("cap"), claims["shots"].num("k")
        sheriff = _is(SHERIFF)
        return (
            Prop(
                "sheriff_cap",
                "4.4.6",
                f"警长存量不超过 {cap} 发",
                f"the sheriff never holds more than {cap}",
                lambda a, s: implies(
                    a, sheriff(a, s), a.and_(a.le(s["N"], a.lit(cap)), a.le(s["s"], a.lit(cap)))
                ),
            ),
            Prop(
                "sheriff_shots",
                "4.4.6",
                f"警长每夜指定 k ≤ {k}",
                f"the sheriff names at most {k} targets a night",
                lambda a, s: implies(a, sheriff(a, s), a.le(s["k"], a.lit(k))),
            ),
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        cap = claims["cap"].num("cap")
        return (
            Prop(
                "sheriff_at_cap",
                "4.4.6",
                f"警长存量达 {cap} 发",
                f"the sheriff holds {cap}",
                lambda a, s: a.and_(_is(SHERIFF)(a, s), a.eq(s["N"], a.lit(cap))),
            ),
        )

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        base = super().system(spec, claims)
        cap = (claims if claims is not None else bundled_claims(self))["cap"].num("cap")
        # the registered exception 4.4.7③ (2.8.9(14)) must be reachable, else it is dead text
        witness = Prop(
            "hunter_above_cap",
            "4.4.7",
            f"猎手存量超过 {cap} 发上限（登记例外 4.4.7③ 有可达之局面）",
            "a hunter holds more than the cap (the registered exception 4.4.7③ is exercised)",
            lambda a, s: a.and_(_is(HUNTER)(a, s), a.lt(a.lit(cap), s["N"])),
        )
        return replace(base, witnesses=(witness,))


class ArmedCrewAtMostOne(_Bullets):
    name = "armed_crew_at_most_one"
    title = "武装船员持有量恒≤1"
    title_en = "the armed crew holds at most 1"
    cites = ("4.4.6", "4.2.2")
    params = ("armed.initial_bullets", "bounty.bullets_per_kill")
    claims = (ClaimPattern("armed", "4.4.6", "武装船员{ref:any}持有量恒≤{n}"),)

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        n = claims["armed"].num("n")
        return (
            Prop(
                "armed_at_most_one",
                "4.4.6",
                f"武装船员持有量恒≤{n}",
                f"the armed crew holds at most {n}",
                lambda a, s: implies(
                    a, _is(ARMED)(a, s), a.and_(a.le(s["N"], a.lit(n)), a.le(s["s"], a.lit(n)))
                ),
            ),
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (
            Prop(
                "armed_holds",
                "4.2.2",
                "武装船员持有子弹",
                "an armed crew member holds a bullet",
                lambda a, s: a.and_(_is(ARMED)(a, s), s["active"], a.lt(a.lit(0), s["N"])),
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
        k, m, h = int(i["k"]), int(i["m_xenos"]), int(i["m_humans"])
        if k:
            if int(i["m_alien"]) or m + h != k:
                raise NotConcretizable(f"night {t}: a shot at the alien, or a shot that does not kill")
            if m > len(enemies) or h > len(misses):
                raise NotConcretizable(f"night {t} needs {m} xenos and {h} crew members to kill")
            shot = [enemies.pop(0) for _ in range(m)] + [misses.pop(0) for _ in range(h)]
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
        if int(prev["r"]):  # the bounty the rules pay for last night's kills
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
    if failed & {"stock_equation"}:
        prev = trace.states[-2]
        expect.append({"after": f"night {d - 1} step 0.6", "state": {"bullets": {str(shooter): prev["N"]}}})
        expect.append({"after": f"night {d - 1}", "dead": sorted(dead)})
        expect.append({"after": f"night {d} step 0.6", "state": {"bullets": {str(shooter): last["N"]}}})
    if failed & {"sheriff_cap", "armed_at_most_one"}:
        expect.append({"after": f"night {d} step 0.6", "state": {"bullets": {str(shooter): last["N"]}}})
    if failed & {"sheriff_shots"}:
        expect.append({"after": f"night {d}", "dead": sorted(dead)})
    prev = trace.states[-2]
    story = (
        f"第 {d - 1} 夜出手前持有 N={prev['N']}、打出 k={prev['k']}、击杀异形 {prev['m_xenos']}、"
        f"外星人 {prev['m_alien']}、人类 {prev['m_humans']}；第 {d} 夜悬赏到账后存量 "
        f"{last['ab']}（作废 {last['vb']}），当夜到账后存量 {last['N']}"
    )
    if mirror:
        story = f"死囚外星人之{police}镜像账本（2.8.5）：" + story
    return _vector(spec, role, shooter, table, script, expect, trace, story)


def _playable(spec: Spec) -> Any:
    """What :func:`_scenario` scripts: every shot kills its target (a xeno or a crew member, never the
    alien), nobody else dies."""

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        return a.and_(
            a.eq(i["alive"], a.sub(s["alive"], s["k"])),
            a.eq(i["k"], _all_kills(a, i)),
            a.eq(i["m_alien"], a.lit(0)),
        )

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


def _monitor(outcome: Outcome, equation: dict[str, int]) -> set[str]:
    """Recompute the bullet theorems from an engine run's events and state snapshots (``run_vector(...,
    trace=True)``), with the constants the bundled text states (cap 2, armed ≤ 1, the equation)."""
    spec = outcome.spec
    claims = bundled_claims(SHERIFF_BULLET_CAP)
    cap, most = claims["cap"].num("cap"), claims["shots"].num("k")
    armed_most = bundled_claims(ARMED_CREW_AT_MOST_ONE)["armed"].num("n")
    per_shot = spec.reading("bounty.count_basis") == "per_shot"
    # the sentence's m: kills of the enemies 4.4.2① names (not the spec's BOUNTY_FACTIONS, which the engine
    # pays by — a bounty for anybody else is what this monitor is for)
    enemies = enemy_factions(bundled_claims(BULLET_CONSERVATION))
    enemy = [ROLE_BY_KEY[r].faction in enemies for r in outcome.roles]
    failed: set[str] = set()
    starts = {label: snap for label, snap in outcome.trace if label.endswith(" start")}
    # the stock held before shooting: after tonight's arrivals, the job change and a transform (step 0.6)
    armed = {label: snap for label, snap in outcome.trace if label.endswith(" step 0.6")}
    for _, snap in outcome.trace:
        for ps in snap["players"].values():  # by the role used: a death-row alien's mirror ledger too
            if ps["presented_role"] == "sheriff" and ps["bullets"] > cap:
                failed.add("sheriff_cap")
            if ps["presented_role"] == "armed_crew" and ps["bullets"] > armed_most:
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
            died = {e.data["player"] for e in events if e.night == night and e.kind == "death"}
            paid = [n + 1 in died and enemy[n] for n in range(len(enemy))]
            m = bounty_kills(PY, shots, paid, per_shot)
            sheriff = ps["presented_role"] == "sheriff"
            if sheriff and len(shots) > most:
                failed.add("sheriff_shots")
            nxt = armed.get(f"night {night + 1} step 0.6")
            if sheriff and nxt is not None and nxt["players"][pn]["alive"]:  # 4.4.6 literally: every night
                said = (
                    equation.get("N", 0) * held
                    + equation.get("k", 0) * len(shots)
                    + equation.get("m", 0) * len(set(shots) & died)  # 4.4.6: the targets that died
                )
                if nxt["players"][pn]["bullets"] != said:
                    failed.add("stock_equation")
            if not shots:
                continue
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


BULLET_CONSERVATION = BulletConservation()
BULLET_STOCK_EQUATION = BulletStockEquation()
SHERIFF_BULLET_CAP = SheriffBulletCap()
ARMED_CREW_AT_MOST_ONE = ArmedCrewAtMostOne()
