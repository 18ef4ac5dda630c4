"""``batch_zero_inference`` — 2.1.7 「不发布即意味着该夜为 0，②③⑤同制」 (registered 2.8.9⑦), and 附录三 for
④⑥⑧ under the reading ``batches.zero_rule_4_6_8=unpublished``: for every batch whose rule says "not
published means 0", not published ⇔ its quantity is 0 — and nothing else the batch carries (2.1.6: ③ also
carries the patrol head count and the detective's announcements, ④ the repairers' exposure, ⑤ the net
damage, the shutdown tiers and the saboteurs' exposure) is lost when it is not published.

Which batches are checked comes from the spec (``BATCHES``: rule ``nonzero``, or ``changed`` when the
reading makes 0 unpublished).  Publication is the engine's kernel ``batch_published`` (with the engine's
handling of ③ under ``batch3.zero_rule=content``).  Abstraction, night by night: the tallies the batches
report — evolutions, checks by source, patrol targets, announcements, settled repairs per repairer,
sabotage per saboteur, deaths, the step-11 decrement (⑧ reports the value: its quantity is the night's
change of the countdown) — are free within the limits the rules set (one
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

from ruleproof.kernel.algebra import Algebra, count_true, one_if, sum_i
from ruleproof.smt.invariant import Checked, ModelGap, NotConcretizable, SystemInvariant
from ruleproof.smt.ts import (
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

# per batch: the tested quantity and the other content it carries, as observation variables
CONTENT: dict[str, tuple[str, tuple[str, ...]]] = {
    "2": ("evolved", ()),
    "3": ("checks", ("patrol", "announcements")),
    "4": ("repair", ("repair_exposed",)),
    "5": ("sabotage", ("net_increase", "shutdown", "sabotage_exposed")),
    "6": (
        "deaths",
        (),
    ),  # the revive trace rides on ⑥ but is deferred by rule when ⑥ is not published (6.8.7⑤)
    "8": ("countdown_change", ()),
}
OBS = tuple(dict.fromkeys(v for q, rest in CONTENT.values() for v in (q, *rest)))


def checked_batches(spec: Spec, batches: Sequence[BatchDef] = BATCHES) -> list[BatchDef]:
    """The batches whose rule, in the active reading, says "not published means 0"."""
    zero_rule = spec.reading("batches.zero_rule_4_6_8") == "unpublished"
    return [
        b for b in batches if b.rule is PublishRule.NONZERO or (b.rule is PublishRule.CHANGED and zero_rule)
    ]


STATE: tuple[Var, ...] = (
    *ints("n", "net", *(f"R_{r}" for r in REPAIRERS), *(f"S{j}" for j in range(SABOTEURS))),
    *ints(*OBS),
    *bools("pool", "alien_used", "stall", "humans", "ast", "t1", "t2", "t3"),
    *bools(*(f"X_{r}" for r in REPAIRERS), *(f"E{j}" for j in range(SABOTEURS))),
    *bools(*(f"pub{key}" for key in CONTENT)),
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


def batch_system(spec: Spec, batches: Sequence[BatchDef] = BATCHES) -> TransitionSystem:
    checked = checked_batches(spec, batches)
    missing = [b.key for b in checked if b.key not in CONTENT]
    if missing:
        raise ModelGap(f"batch(es) {missing} have a zero rule but no content model")
    zero_rule = spec.reading("batches.zero_rule_4_6_8") == "unpublished"
    content3 = spec.reading("batch3.zero_rule") == "content"
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
        false = ["pool", "alien_used", "stall", "ast", "t1", "t2", "t3"]
        false += [f"X_{r}" for r in REPAIRERS] + [f"E{j}" for j in range(SABOTEURS)]
        false += [f"pub{key}" for key in CONTENT]
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
        for k, v in zip(("t1", "t2", "t3"), tiers, strict=True):
            out[k] = a.ite_b(some, v, s[k])
        # ② ⑥ ⑧
        out["evolved"], out["deaths"] = i["evo"], i["deaths"]
        # ⑧ reports the countdown value: it changes by the repairs (4a), the tier bonus (4b) and the natural
        # decrement of step 11 (3.1; none without humans or on a stall night, 3.2.5)
        natural = a.ite_i(a.and_(i["humans"], a.not_(s["stall"])), lit(p("countdown.natural")), lit(0))
        out["countdown_change"] = a.sub(a.sub(a.ite_i(some, bonus, lit(0)), repair), natural)
        # publication (2.1.7, the engine's ③ handling under batch3.zero_rule=content)
        for key, (qty, rest) in CONTENT.items():
            q = out[qty]
            if key == "3" and content3:
                other = a.or_(*(a.lt(lit(0), out[f]) for f in rest))
                q = a.ite_i(a.eq(q, lit(0)), one_if(a, other), q)
            bdef = next(b for b in BATCHES if b.key == key)
            out[f"pub{key}"] = batch_published(a, bdef.rule, q, zero_rule)
        out["n"] = a.add(s["n"], lit(1))
        alien_sabotage = a.and_(i[f"does{ALIEN_SEAT}"], a.not_(i["xform"]))
        out["alien_used"] = a.or_(s["alien_used"], alien_sabotage)
        out["stall"] = alien_sabotage  # 3.2.5 the night after the alien's sabotage
        out["humans"], out["ast"] = i["humans"], i["ast"]
        return out

    props: list[Prop] = []
    for b in checked:
        qty, rest = CONTENT[b.key]
        props.append(
            Prop(
                f"batch{b.key}_unpublished_iff_zero",
                b.rule_clause,
                f"批次{b.symbol}：不发布 ⇔ {b.quantity}为 0",
                f"batch {b.symbol}: not published ⇔ {qty} = 0",
                _iff_zero(f"pub{b.key}", qty),
            )
        )
        if rest:
            props.append(
                Prop(
                    f"batch{b.key}_nothing_lost",
                    "2.1.6",
                    f"批次{b.symbol}不发布时，其所载其余内容（{'、'.join(rest)}）皆为 0",
                    f"batch {b.symbol} unpublished: its other content ({', '.join(rest)}) is all 0",
                    _nothing_lost(f"pub{b.key}", rest),
                )
            )

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
    return TransitionSystem("batches", STATE, INPUTS, init, guard, step, tuple(props), lemmas, costs)


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
        key = label.removeprefix("batch").split("_", 1)[0]
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
            check["events"] = [withheld]
        if check not in expect:
            expect.append(check)
    what = ", ".join(trace.failed)
    return sc.vector(
        spec,
        table=table,
        ident="batch_zero_inference",
        title=f"批次「不发布即为 0」被违反：第 {d} 夜（{what}）",
        description=(
            "由验证器生成的最小反例：某批次之发布规则为「数量为 0 时不发布」（2.1.7），"
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
    """2.1.7 on an engine run: every published or withheld batch with a zero rule, from its event data."""
    checked = {b.key for b in checked_batches(outcome.spec)}
    failed: set[str] = set()
    for e in outcome.events:
        if e.kind not in ("batch", "batch_withheld") or e.data["batch"] not in checked:
            continue
        key, data = e.data["batch"], e.data
        quantity = _quantity(key, data)
        if quantity is None:
            continue
        shown = e.kind == "batch"
        if shown == (quantity == 0):
            failed.add(f"batch{key}_unpublished_iff_zero")
        if not shown and any(data.get(k) for k in _OTHER.get(key, ())):
            failed.add(f"batch{key}_nothing_lost")
    return failed


_OTHER = {"3": ("patrol", "announcements"), "4": ("exposed",), "5": ("shutdown", "exposed")}


def _quantity(key: str, data: dict[str, Any]) -> float | None:
    if key == "2":
        return float(data["evolved"])
    if key == "3":
        return float(data["checks"])
    if key in ("4", "5"):
        return float(data["total"])
    if key == "6":
        return float(len(data["deaths"]))
    return None  # ⑧ carries the value, not the night's change: checked by the model only


class BatchZeroInference(SystemInvariant[Spec]):
    name = "batch_zero_inference"
    title = "批次「不发布即为 0」：不发布 ⇔ 数量为 0，且不发布时不丢失该批次所载其他内容"
    title_en = "batch zero inference: not published ⇔ quantity 0, and no other content is lost"
    cites = ("2.1.7", "2.1.6", "2.8.9", "附录三")
    switches = ("batch3.zero_rule", "batches.zero_rule_4_6_8")
    params = (
        "patrol.max_targets",
        "patrol.last_night",
        "engineer.exposure",
        "sabotage.exposure",
        "sabotage.min",
    )
    abstraction = (
        "each batch's quantity, publication and other content per night; tallies free within the rules"
    )

    system = staticmethod(batch_system)

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        """The whole property, then each batch on its own (so a violation of ③ does not hide the others)."""
        out = super().check(spec, opts, doc)
        if out.result.status is Status.UNKNOWN and not out.result.trace:
            return out
        whole = batch_system(spec)
        per: dict[str, Any] = {}
        for b in checked_batches(spec):
            props = tuple(p for p in whole.props if p.label.startswith(f"batch{b.key}_"))
            r = check(replace(whole, props=props), opts)
            per[b.key] = {"status": r.status.value, "failed": r.trace.failed if r.trace else [], "k": r.k}
        out.details["batches"] = per
        return out

    scenario = staticmethod(_scenario)

    playable = staticmethod(_playable)

    monitor = staticmethod(_monitor)
