"""Batches — 2.1.7 「不发布即意味着该夜为 0，②③⑤同制」 (registered 2.8.9⑦) and 附录三 「④维修总量、⑥死亡名单、
⑧倒计时值三者同制」, as the text states them, and what publication loses.

* ``batch_zero_inference`` — for every batch the two sentences name (read from them, not from the spec's
  table): not published ⇔ its quantity is 0 (「为 0 时不发布」 and 「不发布即为 0」).
* ``batch_nothing_lost`` — ours, implied by 2.1.6 (what each batch carries) and 2.1.7③ 「巡逻指定人数同批
  发布」: a batch withheld for a zero quantity loses nothing else it carries (③ the patrol head count and the
  detective's announcements, ④ the repairers' exposure, ⑤ the net damage, tier triggers and exposure).
* ``detective_announcement_published`` — 4.7.6 「公告在步骤 2 结算后立即发布」: an announcement is always
  published, in the batch after that step.

In the reading ``batch3.zero_rule=strict`` an announcement (or a patrol) on a night nobody checks is lost
with ③; in ``content`` ③ is published with a check count of 0.  No reading keeps every sentence: the text
contradicts itself in 2.1.7③ (a finding on the text, with a counterexample per reading).

What each batch measures and carries is the spec's (``BatchDef.measure`` / ``carries``, which the engine's
``publish`` reads too); publication is the engine's kernel ``batch_published``.  Abstraction, night by
night: the tallies the batches report — evolutions, checks by source, patrol targets, announcements,
settled repairs per repairer, sabotage per saboteur, deaths, the step-11 decrement (⑧ reports the value:
its quantity is the night's change of the countdown) — are free within the limits the rules set (one
main action each, patrol once in the first 3 nights, the alien's one sabotage, ranges of 3.2.1 / 5.2 /
6.3, a stall night settles repairs at 0 (2.8.13), an announcement needs a checked pool); kept as state:
the cumulative repair and sabotage totals with the exposure flags (4.3.6, 3.2.4), the net damage and
shutdown tiers (kernels ``net_damage_apply`` and ``shutdown_tiers``), the stall night (3.2.5) and whether
humans are alive (3.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ruleproof.claims import ClaimPattern
from ruleproof.kernel.algebra import Algebra, count_true, one_if, sum_i
from ruleproof.smt.invariant import (
    Checked,
    Claims,
    FamilyInvariant,
    ModelGap,
    NotConcretizable,
    bundled_claims,
)
from ruleproof.smt.ts import (
    Cover,
    Inputs,
    Options,
    Prop,
    State,
    Status,
    Trace,
    TransitionSystem,
    Var,
    bools,
    check,
    ints,
)
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.game import batch_quantity
from ruleproof.specs.fanhanglu.engine.runner import Outcome
from ruleproof.specs.fanhanglu.kernels import batch_published, net_damage_apply, shutdown_tiers
from ruleproof.specs.fanhanglu.tables import BATCHES
from ruleproof.specs.model import BatchDef, PublishRule

from . import scenario as sc
from .util import between, iff, implies

if TYPE_CHECKING:
    from ruleproof.text import Document

SABOTEURS = 4  # three xenos and the alien seat (index 3)
ALIEN_SEAT = SABOTEURS - 1
REPAIRERS = ("eng", "ast")  # the engineer and an assistant engineer (4.2.2) — exposure counts (4.3.6)

# The model's value for each content field of the spec's batches (``BatchDef.measure`` / ``carries``; ⑧'s
# quantity, the countdown's change, is not a published field: key ""), as observation variables.  ⑤'s
# net damage is a cumulative display: what its batch loses is the night's increase.  The revive trace
# rides on ⑥ but is deferred by rule when ⑥ is not published (6.8.7⑤), so it is not content lost.
MODEL_FIELDS: dict[tuple[str, str], str] = {
    ("2", "evolved"): "evolved",
    ("3", "checks"): "checks",
    ("3", "patrol"): "patrol",
    ("3", "announcements"): "announcements",
    ("4", "total"): "repair",
    ("4", "exposed"): "repair_exposed",
    ("5", "total"): "sabotage",
    ("5", "net_damage"): "net_increase",
    ("5", "shutdown"): "shutdown",
    ("5", "exposed"): "sabotage_exposed",
    ("6", "deaths"): "deaths",
    ("8", ""): "countdown_change",
}
MODELLED = tuple(dict.fromkeys(key for key, _ in MODEL_FIELDS))
OBS = tuple(dict.fromkeys(MODEL_FIELDS.values()))
BATCH = {b.key: b for b in BATCHES}


def quantity_of(bdef: BatchDef) -> str:
    """The model variable of the quantity ``bdef``'s zero rule tests."""
    var = MODEL_FIELDS.get((bdef.key, bdef.measure))
    if var is None:
        raise ModelGap(f"batch {bdef.symbol}: no model of its quantity {bdef.measure or bdef.quantity!r}")
    return var


def carried_of(bdef: BatchDef) -> tuple[str, ...]:
    """The model variables of what ``bdef`` carries besides its quantity."""
    missing = [f for f in bdef.carries if (bdef.key, f) not in MODEL_FIELDS]
    if missing:
        raise ModelGap(f"batch {bdef.symbol}: no model of its content {missing}")
    return tuple(MODEL_FIELDS[(bdef.key, f)] for f in bdef.carries)


def named_batches(claims: Claims) -> list[BatchDef]:
    """The batches the sentences name (2.1.7 ②③⑤, 附录三 ④⑥⑧), as the spec's batch rows."""
    keys = sorted({n for c in claims.values() for n in c.values.get("batches", ())})
    unknown = [k for k in keys if str(k) not in BATCH]
    if unknown:
        raise ModelGap(f"the text names batches {unknown} that the spec's batch table 2.1.6 does not have")
    return [BATCH[str(k)] for k in keys]


STATE: tuple[Var, ...] = (
    *ints("n", "net", *(f"R_{r}" for r in REPAIRERS), *(f"S{j}" for j in range(SABOTEURS))),
    *ints(*OBS),
    *bools("pool", "alien_used", "stall", "humans", "ast", "t1", "t2", "t3", "pt1", "pt2", "pt3"),
    *bools(*(f"X_{r}" for r in REPAIRERS), *(f"E{j}" for j in range(SABOTEURS))),
    *bools(*(f"pub{key}" for key in MODELLED)),
)
INPUTS: tuple[Var, ...] = (
    *ints("evo", "amb", "crew", "det", "ann", "patrol", "assists", "crew_rep", "deaths"),
    *ints(*(f"rep_{r}" for r in REPAIRERS), *(f"sab{j}" for j in range(SABOTEURS))),
    *bools(
        *(f"acts_{r}" for r in REPAIRERS),
        *(f"does{j}" for j in range(SABOTEURS)),
        *(f"evd{j}" for j in range(SABOTEURS)),
        "xform",
    ),
    *bools("humans", "ast"),
)


def _settled_floor(spec: Spec, amount: int) -> int:
    """The smallest settled value of a repair of ``amount`` outside a stall night (2.8.13⑥ rounding)."""
    cuts = (0, spec.p("repair_cut.one"), spec.p("repair_cut.two"))
    return min((amount * (100 - pct) + 50) // 100 for pct in cuts)


def batch_system(spec: Spec) -> TransitionSystem:
    """The batches' tallies night by night, with the covers of every kind of night work (no properties:
    each theorem adds its own)."""
    zero_rule = spec.zero_means_unpublished()
    p = spec.p
    thresholds = (p("shutdown.tier1"), p("shutdown.tier2"), p("shutdown.tier3"))
    bonuses = (p("shutdown.tier1_bonus"), p("shutdown.tier2_bonus"))
    expose = {"eng": p("engineer.exposure"), "ast": p("assistant.exposure")}
    floor = {
        "eng": _settled_floor(spec, p("repair.min")),
        "ast": _settled_floor(spec, p("repair.min")),
        "crew": _settled_floor(spec, p("crew.assist_min")),
    }
    xeno_lo = min(p("sabotage.min"), p("sabotage.evolved_min"))

    def init(a: Algebra[Any, Any], s: State) -> Any:
        zero_ints = ["net", *(f"R_{r}" for r in REPAIRERS), *(f"S{j}" for j in range(SABOTEURS)), *OBS]
        false = ["pool", "alien_used", "stall", "ast", "t1", "t2", "t3", "pt1", "pt2", "pt3"]
        false += [f"X_{r}" for r in REPAIRERS] + [f"E{j}" for j in range(SABOTEURS)]
        false += [f"pub{key}" for key in MODELLED]
        return a.and_(
            a.eq(s["n"], a.lit(1)),
            s["humans"],
            *(a.eq(s[v], a.lit(0)) for v in zero_ints),
            *(a.not_(s[v]) for v in false),
        )

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        lit = a.lit
        out = [
            a.le(lit(0), i["evo"]),  # the xenos, and a death-row alien in xeno form (6.8.3)
            between(a, 0, i["amb"], 1),  # 6.1.1 ≤ 1 target a night
            # checks and announcements by anyone holding the role tonight (a death-row alien may present one)
            a.le(lit(0), i["crew"]),
            a.le(lit(0), i["det"]),
            a.le(lit(0), i["ann"]),
            implies(a, a.lt(lit(0), i["ann"]), s["pool"]),  # 4.7.5 an announcement needs a checked target
            # 4.4.4 patrol: only in the first 3 nights (once per sheriff — a death-row alien presenting the
            # sheriff has its own, so the count is not bounded here)
            a.le(lit(0), i["patrol"]),
            implies(a, a.lt(lit(0), i["patrol"]), a.le(s["n"], lit(p("patrol.last_night")))),
            # repairs (4.3.2, 4.1.2): settled 0 on a stall night (2.8.13), else at least the cut minimum
            a.le(lit(0), i["assists"]),
            a.le(lit(0), i["crew_rep"]),
            implies(a, a.or_(s["stall"], a.eq(i["assists"], lit(0))), a.eq(i["crew_rep"], lit(0))),
            implies(a, a.not_(s["stall"]), a.le(a.scale(i["assists"], floor["crew"]), i["crew_rep"])),
            a.le(lit(0), i["deaths"]),
            implies(a, i["humans"], s["humans"]),  # humans never come back
            implies(a, s["ast"], i["ast"]),  # a job change is for good
            implies(a, i["acts_ast"], i["ast"]),
        ]
        for r in REPAIRERS:
            rep = i[f"rep_{r}"]
            out.append(a.le(lit(0), rep))
            out.append(implies(a, a.or_(s["stall"], a.not_(i[f"acts_{r}"])), a.eq(rep, lit(0))))
            out.append(implies(a, a.and_(i[f"acts_{r}"], a.not_(s["stall"])), a.le(lit(floor[r]), rep)))
        for j in range(SABOTEURS):
            amount, does = i[f"sab{j}"], i[f"does{j}"]
            # 3.2.1 / 5.2: a xeno's range, unevolved or sabotage-evolved
            lo = a.ite_i(i[f"evd{j}"], lit(p("sabotage.evolved_min")), lit(p("sabotage.min")))
            hi = a.ite_i(i[f"evd{j}"], lit(p("sabotage.evolved_max")), lit(p("sabotage.max")))
            as_xeno = a.and_(a.le(lo, amount), a.le(amount, hi), a.le(lit(xeno_lo), amount))
            if (
                j == ALIEN_SEAT
            ):  # 6.3 the classic alien, once a game — or a death-row alien in xeno form (6.8.3)
                as_alien = a.and_(
                    between(a, p("alien.sabotage_min"), amount, p("alien.sabotage_max")),
                    a.not_(s["alien_used"]),
                )
                out.append(implies(a, does, a.ite_b(i["xform"], as_xeno, as_alien)))
            else:
                out.append(implies(a, does, as_xeno))
            out.append(implies(a, a.not_(does), a.eq(amount, lit(0))))
        return a.and_(*out)

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        lit = a.lit
        out: dict[str, Any] = {}
        # ③ step 2
        checks = a.add(a.add(i["amb"], i["crew"]), i["det"])
        out["checks"], out["patrol"], out["announcements"] = checks, i["patrol"], i["ann"]
        out["pool"] = a.or_(s["pool"], a.lt(lit(0), i["det"]))
        # ④ step 4a: settled repairs, exposure at the threshold (4.3.6, 4.2.2)
        repair = a.add(sum_i(a, (i[f"rep_{r}"] for r in REPAIRERS)), i["crew_rep"])
        exposed = []
        for r in REPAIRERS:
            restart = a.and_(i["ast"], a.not_(s["ast"])) if r == "ast" else a.bool_(False)  # 4.2.1④ from 0
            total = a.add(a.ite_i(restart, lit(0), s[f"R_{r}"]), i[f"rep_{r}"])
            fire = a.and_(i[f"acts_{r}"], a.not_(s[f"X_{r}"]), a.le(lit(expose[r]), total))
            exposed.append(fire)
            out[f"R_{r}"], out[f"X_{r}"] = total, a.or_(s[f"X_{r}"], fire)
        out["repair"], out["repair_exposed"] = repair, count_true(a, exposed)
        net = net_damage_apply(a, s["net"], a.sub(lit(0), repair))
        # ⑤ step 4b: sabotage, net damage, tiers, exposure (3.2.4)
        total = sum_i(a, (i[f"sab{j}"] for j in range(SABOTEURS)))
        some = a.lt(lit(0), total)
        raised = a.ite_i(some, net_damage_apply(a, net, total), net)
        tiers, bonus = shutdown_tiers(
            a, raised, (s["t1"], s["t2"], s["t3"]), [lit(t) for t in thresholds], [lit(b) for b in bonuses]
        )
        fired = [
            a.and_(some, new, a.not_(old))
            for new, old in zip(tiers, (s["t1"], s["t2"], s["t3"]), strict=True)
        ]
        sab_exposed = []
        for j in range(SABOTEURS):
            cum = a.add(s[f"S{j}"], i[f"sab{j}"])
            fire = a.and_(i[f"does{j}"], a.not_(s[f"E{j}"]), a.le(lit(p("sabotage.exposure")), cum))
            sab_exposed.append(fire)
            out[f"S{j}"], out[f"E{j}"] = cum, a.or_(s[f"E{j}"], fire)
        out["sabotage"], out["net_increase"] = total, a.sub(raised, net)
        out["shutdown"] = a.add(count_true(a, fired), a.ite_i(some, bonus, lit(0)))
        out["sabotage_exposed"] = count_true(a, sab_exposed)
        out["net"] = raised
        for k in ("t1", "t2", "t3"):
            out[f"p{k}"] = s[k]  # the tiers before tonight (1.3.3③: never rolled back)
        for k, v in zip(("t1", "t2", "t3"), tiers, strict=True):
            out[k] = a.ite_b(some, v, s[k])
        # ② ⑥ ⑧
        out["evolved"], out["deaths"] = i["evo"], i["deaths"]
        # ⑧ reports the countdown value: it changes by the repairs (4a), the tier bonus (4b) and the natural
        # decrement of step 11 (3.1; none without humans or on a stall night, 3.2.5)
        natural = a.ite_i(a.and_(i["humans"], a.not_(s["stall"])), lit(p("countdown.natural")), lit(0))
        out["countdown_change"] = a.sub(a.sub(a.ite_i(some, bonus, lit(0)), repair), natural)
        # publication: the engine's kernel on the spec's measure (and carried content, where the reading
        # publishes a batch for it)
        for key in MODELLED:
            bdef = BATCH[key]
            carried = None
            if spec.publishes_carried(key):
                carried = a.or_(*(a.lt(lit(0), out[f]) for f in carried_of(bdef)))
            out[f"pub{key}"] = batch_published(a, bdef.rule, out[quantity_of(bdef)], zero_rule, carried)
        out["n"] = a.add(s["n"], lit(1))
        alien_sabotage = a.and_(i[f"does{ALIEN_SEAT}"], a.not_(i["xform"]))
        out["alien_used"] = a.or_(s["alien_used"], alien_sabotage)
        out["stall"] = alien_sabotage  # 3.2.5 the night after the alien's sabotage
        out["humans"], out["ast"] = i["humans"], i["ast"]
        return out

    def costs(a: Algebra[Any, Any], states: Sequence[State], ins: Sequence[Inputs]) -> list[Any]:
        acts: list[Any] = []
        for i in ins:
            acts += [i["evo"], i["amb"], i["crew"], i["det"], i["ann"], i["assists"], i["deaths"]]
            acts += [one_if(a, i[f"acts_{r}"]) for r in REPAIRERS]
            acts += [one_if(a, i[f"does{j}"]) for j in range(SABOTEURS)]
            acts.append(one_if(a, a.lt(a.lit(0), i["patrol"])))
            acts += [one_if(a, a.not_(i["humans"])), one_if(a, i["ast"]), i["crew_rep"]]
        values = [i["patrol"] for i in ins] + [i[f"sab{j}"] for i in ins for j in range(SABOTEURS)]
        return [sum_i(a, acts), sum_i(a, values)]

    # exposure happens at the crossing of the threshold (4.3.6, 3.2.4): a total at or above it is exposed
    lemmas = tuple(
        Prop(
            f"exposed_{r}",
            "4.3.6",
            "累计维修量达阈值者已暴露",
            "a repair total at the threshold is exposed",
            _crossed(f"R_{r}", f"X_{r}", expose[r]),
        )
        for r in REPAIRERS
    ) + tuple(
        Prop(
            f"exposed_{j}",
            "3.2.4",
            "累计破坏量达阈值者已暴露",
            "a sabotage total at the threshold is exposed",
            _crossed(f"S{j}", f"E{j}", p("sabotage.exposure")),
        )
        for j in range(SABOTEURS)
    )

    def cover(label: str, clause: str, zh: str, en: str, fn: Any) -> Cover:
        return Cover(label, clause, zh, en, fn)

    def pos(name: str) -> Any:
        return lambda a, s, i: a.lt(a.lit(0), i[name])

    covers = (
        cover("evolution", "5.1", "进化", "an evolution", pos("evo")),
        cover("ambush", "6.1.1", "外星人蛰伏查验", "the alien's ambush check", pos("amb")),
        cover("crew_check", "4.1.1", "船员查验", "a crew check", pos("crew")),
        cover("detective_check", "4.7.1", "神探查验", "a detective check", pos("det")),
        cover("announcement", "4.7.2", "神探公告", "a detective announcement", pos("ann")),
        cover("patrol", "4.4.4", "巡逻", "a patrol", pos("patrol")),
        cover("repair", "4.3.2", "工程师维修", "the engineer repairs", lambda a, s, i: i["acts_eng"]),
        cover("assist", "4.1.2", "船员协助维修", "crew assist a repair", pos("assists")),
        cover(
            "assistant",
            "4.2.2",
            "助理工程师维修",
            "an assistant engineer repairs",
            lambda a, s, i: i["acts_ast"],
        ),
        cover("sabotage", "3.2.1", "异形破坏", "a xeno sabotages", lambda a, s, i: i["does0"]),
        cover(
            "alien_sabotage",
            "6.3",
            "外星人破坏",
            "the classic alien sabotages",
            lambda a, s, i: a.and_(i[f"does{ALIEN_SEAT}"], a.not_(i["xform"])),
        ),
        cover(
            "death_row_sabotage",
            "6.8.3",
            "死囚以异形形态破坏",
            "a death-row alien sabotages in xeno form",
            lambda a, s, i: a.and_(i[f"does{ALIEN_SEAT}"], i["xform"]),
        ),
        cover("stall_night", "3.2.5", "停转夜", "a stall night", lambda a, s, i: s["stall"]),
        cover("deaths", "4.10.6", "当夜有死亡", "deaths tonight", pos("deaths")),
        cover("humans_gone", "3.1", "人类全灭", "the humans are gone", lambda a, s, i: a.not_(i["humans"])),
    )
    return TransitionSystem("batches", STATE, INPUTS, init, guard, step, (), lemmas, costs, covers=covers)


def _crossed(total: str, flag: str, threshold: int) -> Callable[[Algebra[Any, Any], State], Any]:
    """Totals only grow from 0, so a total of 1 or more at the threshold has been exposed."""
    return lambda a, s: a.or_(a.lt(s[total], a.lit(max(threshold, 1))), s[flag])


def _iff_zero(pub: str, qty: str) -> Callable[[Algebra[Any, Any], State], Any]:
    return lambda a, s: iff(a, a.not_(s[pub]), a.eq(s[qty], a.lit(0)))


def _nothing_lost(pub: str, rest: Sequence[str]) -> Callable[[Algebra[Any, Any], State], Any]:
    return lambda a, s: implies(a, a.not_(s[pub]), a.and_(*(a.eq(s[f], a.lit(0)) for f in rest)))


VICTIMS = (7, 8, 10, 11)  # players nobody scripts otherwise: the doctors, the bodyguard, the vote inspector


def _scenario(spec: Spec, trace: Trace) -> dict[str, Any]:
    """The trace on the standard table.  Deaths are xeno knives (a xeno's knife count allowing, 5.6.2) or
    the classic alien's, on players nobody else scripts; the alien seat's sabotage in xeno form is a
    death-row alien (player 15) that transforms into a xeno on night 1 (6.8.3) and sabotages in a xeno's
    range.  Assists, an assistant engineer and the end of the humans are not scripted (:func:`_playable`)."""
    p = spec.p
    script: list[dict[str, Any]] = []
    checked_by_detective: list[int] = []
    xform = [bool(i["xform"] and i[f"does{ALIEN_SEAT}"]) for i in trace.inputs]
    classic = [bool(i[f"does{ALIEN_SEAT}"] and not i["xform"]) or bool(i["amb"]) for i in trace.inputs]
    death_row = any(xform)
    if death_row and any(classic):
        raise NotConcretizable("the alien seat acts both as the classic alien and as a death-row alien")
    table = sc.players(p15="death_row_alien") if death_row else sc.players()
    victims = list(VICTIMS)
    knives = {x: p("xeno.knife_initial") for x in sc.XENOS}
    for t, i in enumerate(trace.inputs, start=1):
        if i["assists"] or i["ast"] or not i["humans"] or i["rep_ast"]:
            raise NotConcretizable(f"night {t}: assists or an assistant engineer are not scripted")
        acts: list[dict[str, Any]] = []
        if t == 1 and death_row:
            acts.append({"actor": sc.ALIEN, "skill": "transform", "identities": ["xeno"]})
        for x in range(int(i["evo"])):
            acts.append(
                {"actor": sc.XENOS[x], "skill": "evolve", "direction": ("sabotage", "infection", "kill")[x]}
            )
        if i["amb"]:
            acts.append({"actor": sc.ALIEN, "skill": "ambush", "targets": [sc.CREW[0]]})
        for c in range(int(i["crew"])):
            acts.append(
                {
                    "actor": sc.CREW[c],
                    "skill": "crew_check",
                    "targets": [sc.ENGINEER],
                    "identities": ["engineer"],
                }
            )
        if i["det"]:
            acts.append({"actor": sc.DETECTIVE, "skill": "detective_check", "targets": [sc.CREW[0]]})
            checked_by_detective.append(sc.CREW[0])
        if i["ann"]:
            if not checked_by_detective:
                raise NotConcretizable(f"night {t}: an announcement needs an earlier detective check")
            acts.append(
                {"actor": sc.DETECTIVE, "skill": "detective_announce", "targets": [checked_by_detective[0]]}
            )
        if i["patrol"]:
            targets = [sc.POLICE, *sc.CREW][: int(i["patrol"])]
            acts.append({"actor": sc.POLICE, "skill": "patrol", "targets": targets})
        if i["acts_eng"]:
            acts.append({"actor": sc.ENGINEER, "skill": "repair", "amount": p("repair.min") / 100})
        busy = (
            set()
        )  # a saboteur skips the knife steps (2.1.1 4b 「选此…跳过步骤7」), the alien ambusher step 5
        for j in range(SABOTEURS):
            if i[f"does{j}"]:
                actor = sc.ALIEN if j == ALIEN_SEAT else sc.XENOS[j]
                busy.add(actor)
                acts.append({"actor": actor, "skill": "sabotage", "amount": int(i[f"sab{j}"]) / 100})
        if i["amb"]:
            busy.add(sc.ALIEN)
        for _ in range(int(i["deaths"])):  # an unprotected victim dies of one knife (4.10.2)
            if not victims:
                raise NotConcretizable(f"night {t}: more deaths than the script has victims")
            ready = [x for x in sc.XENOS if x not in busy and knives[x] >= 1]
            if not death_row and sc.ALIEN not in busy:
                ready.append(sc.ALIEN)
            if not ready:
                raise NotConcretizable(f"night {t}: {int(i['deaths'])} deaths and nobody free to knife")
            knifer, victim = ready[0], victims.pop(0)
            busy.add(knifer)
            skill = "alien_kill" if knifer == sc.ALIEN else "knife"
            acts.append({"actor": knifer, "skill": skill, "targets": [victim]})
            if knifer in knives:
                knives[knifer] -= 1
        for x in sc.XENOS:  # 5.6.2: a night without a knife recovers one, up to the cap
            if not any(a["actor"] == x and a["skill"] == "knife" for a in acts):
                knives[x] = min(knives[x] + 1, max(p("xeno.knife_cap"), knives[x]))
        if acts:
            script.append(sc.night(t, *acts))
    d = len(trace.inputs)
    last = trace.states[-1]
    expect: list[dict[str, Any]] = []
    for label in trace.failed:
        if label in ("net_at_least_floor", "tiers_never_roll_back"):  # 1.3.3③: the referee's own values
            net = int(last["net"])
            expect.append(
                {"after": f"night {d}", "state": {"net_damage": net // 100 if net % 100 == 0 else net / 100}}
            )
            continue
        key = "3" if label == "announcement_published" else label.removeprefix("batch").split("_", 1)[0]
        check: dict[str, Any] = {"after": f"night {d}"}
        if last[f"pub{key}"]:
            shown: dict[str, Any] = {}
            if key == "3":
                shown = {"checks": last["checks"], "patrol": last["patrol"]}
            check["batches"] = {key: shown}
        else:
            check["batches"] = {key: None}
            withheld: dict[str, Any] = {"kind": "batch_withheld", "batch": key}
            if key == "3":
                withheld.update(checks=last["checks"], patrol=last["patrol"])
                if last["announcements"]:
                    withheld["announcements"] = [{"player": sc.CREW[0], "role": "crew"}]
            check["events"] = [withheld]
        if check not in expect:
            expect.append(check)
    what = ", ".join(trace.failed)
    announcement = "announcement_published" in trace.failed
    return sc.vector(
        spec,
        table=table,
        ident="batch_zero_inference",
        title=f"{'神探公告未发布' if announcement else '批次「不发布即为 0」被违反'}：第 {d} 夜（{what}）",
        description=(
            "由验证器生成的最小反例：神探当夜发布公告而无人查验，批次③因查验人次为 0 不发布，公告随之不发布"
            "（4.7.6「公告在步骤 2 结算后立即发布」与 2.1.7③「当夜总人次为 0 时不发布」）。"
            if announcement
            else "由验证器生成的最小反例：某批次之发布规则为「数量为 0 时不发布」（2.1.7），"
            "但该批次另载之内容非 0（不发布即丢失），或数量为 0 而仍发布（不发布 ⇔ 0 不成立）。"
        ),
        cites=["2.1.7", "2.1.6", "2.8.9"],
        script=script,
        expect=expect,
    )


def _playable(spec: Spec) -> Any:
    """What :func:`_scenario` scripts: no assists, no assistant engineer, humans alive, at most one death a
    night."""

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        lit = a.lit
        return a.and_(
            a.eq(i["assists"], lit(0)),
            a.eq(i["crew_rep"], lit(0)),
            a.not_(i["ast"]),
            i["humans"],
            a.le(i["deaths"], lit(1)),
        )

    return guard


def _monitor(outcome: Outcome) -> set[str]:
    """The batch theorems on an engine run, from the published and withheld batches' event data (the batches
    the bundled text names; the spec's measure and carries)."""
    named = {b.key for b in named_batches(bundled_claims(BATCH_ZERO_INFERENCE))}
    failed: set[str] = set()
    for e in outcome.events:
        if e.kind not in ("batch", "batch_withheld"):
            continue
        key, data = e.data["batch"], e.data
        bdef = BATCH[key]
        shown = e.kind == "batch"
        if key in named and bdef.measure and shown == (batch_quantity(bdef, data) == 0):
            failed.add(f"batch{key}_unpublished_iff_zero")
        if not shown and any(data.get(k) for k in bdef.carries):
            failed.add(f"batch{key}_nothing_lost")
        if not shown and data.get("announcements"):
            failed.add("announcement_published")
    return failed


class _Batches(FamilyInvariant[Spec]):
    switches = ("batch3.zero_rule", "batches.zero_rule_4_6_8")
    params = (
        "patrol.max_targets",
        "patrol.last_night",
        "engineer.exposure",
        "sabotage.exposure",
        "sabotage.min",
    )
    abstraction = "each batch's quantity, publication and content per night; tallies free within the rules"

    def model(self, spec: Spec) -> TransitionSystem:
        return batch_system(spec)

    scenario = staticmethod(_scenario)
    playable = staticmethod(_playable)

    monitor = staticmethod(_monitor)

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        """The whole property, then each batch on its own (so a violation of ③ does not hide the others)."""
        out = super().check(spec, opts, doc)
        if out.result.status is Status.UNKNOWN and not out.result.trace:
            return out
        claims = self.read_claims(doc)
        whole = self.system(spec, claims)
        keys = list(dict.fromkeys(p.label.removeprefix("batch").split("_", 1)[0] for p in whole.props))
        if len(keys) > 1:
            per: dict[str, Any] = {}
            for key in keys:
                props = tuple(p for p in whole.props if p.label.startswith(f"batch{key}_"))
                r = check(replace(whole, props=props), opts)
                per[key] = {"status": r.status.value, "failed": r.trace.failed if r.trace else [], "k": r.k}
            out.details["batches"] = per
        return out


class BatchZeroInference(_Batches):
    name = "batch_zero_inference"
    title = "批次「不发布即为 0」：正文所列批次（2.1.7 ②③⑤、附录三 ④⑥⑧）不发布 ⇔ 当夜数量为 0"
    title_en = "batch zero inference: every batch the text names is not published ⇔ its quantity is 0"
    cites = ("2.1.7", "2.8.9", "附录三")
    claims = (
        ClaimPattern("rule", "2.1.7", "不发布即意味着该夜为{zero}，{batches:circled}同制"),
        ClaimPattern("appendix", "附录三", "{batches:circledlist}三者同制⸺为{zero}或无变化时亦不发布"),
    )

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        out = []
        for b in named_batches(claims):
            qty = quantity_of(b)
            out.append(
                Prop(
                    f"batch{b.key}_unpublished_iff_zero",
                    b.rule_clause,
                    f"批次{b.symbol}：不发布 ⇔ {b.quantity}为 0",
                    f"batch {b.symbol}: not published ⇔ {qty} = 0",
                    _iff_zero(f"pub{b.key}", qty),
                )
            )
        return tuple(out)

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        keys = [b.key for b in named_batches(claims)]
        return (
            Prop(
                "withheld",
                "2.1.7",
                "某批次因当夜为 0 而不发布",
                "a batch is withheld for a zero night",
                lambda a, s: a.or_(*(a.not_(s[f"pub{k}"]) for k in keys)),
            ),
        )


class BatchNothingLost(_Batches):
    name = "batch_nothing_lost"
    title = "不发布不丢失：批次因数量为 0 而不发布时，其所载其余内容（巡逻人数、神探公告、暴露、停摆）皆为 0"
    title_en = "nothing lost: a batch withheld for a zero quantity carries nothing else that night"
    cites = ("2.1.6", "2.1.7")
    stated = False  # implied by 2.1.6's contents and 2.1.7③ 「巡逻指定人数同批发布」, not stated as a theorem
    claims = (ClaimPattern("patrol", "2.1.7", "巡逻指定人数同批发布"),)

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        out = []
        for key in MODELLED:
            b = BATCH[key]
            rest = carried_of(b)
            if rest and b.rule is not PublishRule.ALWAYS:
                out.append(
                    Prop(
                        f"batch{b.key}_nothing_lost",
                        "2.1.6",
                        f"批次{b.symbol}不发布时，其所载其余内容（{'、'.join(b.carries)}）皆为 0",
                        f"batch {b.symbol} unpublished: its other content ({', '.join(b.carries)}) is all 0",
                        _nothing_lost(f"pub{b.key}", rest),
                    )
                )
        return tuple(out)

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (
            Prop(
                "carrying_batch_withheld",
                "2.1.6",
                "载有其余内容之批次某夜不发布",
                "a batch that carries other content is withheld",
                lambda a, s: a.or_(*(a.not_(s[f"pub{k}"]) for k in MODELLED if BATCH[k].carries)),
            ),
        )


class DetectiveAnnouncementPublished(_Batches):
    name = "detective_announcement_published"
    title = "神探公告必发布：公告在步骤 2 结算后立即发布（4.7.6）"
    title_en = "a detective announcement is always published right after step 2 (4.7.6)"
    cites = ("4.7.6", "2.1.7", "2.1.6")
    claims = (ClaimPattern("when", "4.7.6", "公告在步骤{step:step}结算后立即发布"),)

    def _batch(self, claims: Claims) -> BatchDef:
        step = claims["when"].values["step"]
        found = [b for b in BATCHES if b.when == step]
        if not found or (found[0].key, "announcements") not in MODEL_FIELDS:
            raise ModelGap(f"no batch of the spec publishes announcements after step {step}")
        return found[0]

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        b = self._batch(claims)
        return (
            Prop(
                "announcement_published",
                "4.7.6",
                f"神探公告当夜随批次{b.symbol}发布",
                f"a detective announcement is published with batch {b.symbol}",
                lambda a, s: implies(a, a.lt(a.lit(0), s["announcements"]), s[f"pub{b.key}"]),
            ),
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (
            Prop(
                "announced",
                "4.7.2",
                "神探某夜发布公告",
                "the detective announces on some night",
                lambda a, s: a.lt(a.lit(0), s["announcements"]),
            ),
        )


class NetDamageNeverNegative(_Batches):
    name = "net_damage_never_negative"
    title = "净破坏量下限与不回滚：最低为 0、不预存信用；已触发之停摆档位不回滚"
    title_en = "net damage never goes below 0 (no credit); a fired shutdown tier never rolls back"
    cites = ("1.3.3", "1.3.1", "4.1.2")
    claims = (
        ClaimPattern("floor", "1.3.3", "下限与不回滚：最低为{zero}，不预存信用；已触发的停摆奖励不回滚"),
    )

    def props(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        floor = claims["floor"].num("zero")
        return (
            Prop(
                "net_at_least_floor",
                "1.3.3",
                f"净破坏量 ≥ {floor}",
                f"net damage ≥ {floor}",
                lambda a, s: a.le(a.lit(floor), s["net"]),
            ),
            Prop(
                "tiers_never_roll_back",
                "1.3.3",
                "已触发之停摆档位不回滚",
                "a fired shutdown tier stays fired",
                lambda a, s: a.and_(*(implies(a, s[f"pt{k}"], s[f"t{k}"]) for k in (1, 2, 3))),
            ),
        )

    def premises(self, spec: Spec, claims: Claims) -> tuple[Prop, ...]:
        return (
            Prop(
                "repair_after_tier",
                "1.3.3",
                "停摆档位触发后之维修",
                "a repair after a shutdown tier fired",
                lambda a, s: a.and_(s["pt1"], a.lt(a.lit(0), s["repair"])),
            ),
            Prop(
                "repair_to_floor",
                "1.3.3",
                "维修量超过净破坏量（无信用可存）",
                "a repair larger than the net damage (no credit stored)",
                lambda a, s: a.and_(a.eq(s["net"], a.lit(0)), a.lt(a.lit(0), s["repair"])),
            ),
        )


BATCH_ZERO_INFERENCE = BatchZeroInference()
NET_DAMAGE_NEVER_NEGATIVE = NetDamageNeverNegative()
BATCH_NOTHING_LOST = BatchNothingLost()
DETECTIVE_ANNOUNCEMENT_PUBLISHED = DetectiveAnnouncementPublished()
