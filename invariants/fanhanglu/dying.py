"""``no_cross_night_dying`` — 4.10.4 濒死（即时状态，不跨夜）and 4.10.6 当夜死亡结算: 「当夜步骤 9 前必定
终结」; no player is dying after step 9 of any night, and dying never reaches a day.

Abstraction: one player's alive / dying flags and damage layers (night immunity charges, armor, shield
persist; safe room, protection and patrol are tonight's), walked through the night steps of the spec
(``NIGHT_STEPS``, 2.1.1) in order.  Where dying can start is read from the spec, not assumed: at the step
of every skill that deals damage (``shoot`` 6, ``alien_kill`` 5, ``knife`` 7 — the skills that call the
damage chain 4.10.2) one point of damage may arrive, resolved by the engine's kernel ``damage_point``
with the spec's layer order; at the infection-death step (2.1.4, 0.55) a due mark or poison may make the
player dying; at the step of the rescue skills (8: rescue, self-rescue, the death-row alien's revive) a
rescue may end it; the death-settlement step (the step of clause 4.10.6) runs the kernel
``settle_deaths``; at the steps of the removing skills (the escape's windows 0.1…8 of 6.9.3① and the
meeting's, the meeting's exile at 10) and at the day the player may leave the game.  The player is observed after every
step from the death settlement on, and at the day.  Players only interact through these free choices
(who attacks, who rescues), so one player is the whole property: the flags of different players never
read each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ruleproof.claims import ClaimPattern
from ruleproof.kernel.algebra import PY, Algebra, count_true
from ruleproof.smt.invariant import (
    Claims,
    ModelGap,
    NotConcretizable,
    SystemInvariant,
    bundled_claims,
    kept_model,
)
from ruleproof.smt.ts import Cover, Inputs, Prop, State, Trace, TransitionSystem, Var, bools, ints
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.runner import Outcome
from ruleproof.specs.fanhanglu.kernels import DamageLayers, damage_point, process_advance, settle_deaths
from ruleproof.specs.fanhanglu.roles import (
    DAMAGE_SKILLS,
    REMOVAL_SKILLS,
    RESCUE_SKILLS,
    SKILL_BY_KEY,
    skill_steps,
)
from ruleproof.specs.fanhanglu.tables import NIGHT_STEPS
from ruleproof.specs.model import SkillDef, StepDef

from . import scenario as sc
from .util import implies

# What each skill can do to a dying flag is the spec's (the engine refuses any other skill doing it)
DAMAGING_SKILLS, RESCUING_SKILLS, REMOVING_SKILLS = DAMAGE_SKILLS, RESCUE_SKILLS, REMOVAL_SKILLS
INFECTION_DEATH_CLAUSE = "2.1.4"  # the step at which a due mark or poison makes its holder dying
SETTLEMENT_CLAUSE = "4.10.6"  # the death-settlement step


def _plan(steps: Sequence[StepDef], skills: dict[str, SkillDef]) -> tuple[list[tuple[str, str]], int | None]:
    """What each step of the night can do to a dying flag, and the index of the settlement step."""
    damage = {skills[k].step for k in DAMAGING_SKILLS}
    rescue = {skills[k].step for k in RESCUING_SKILLS}
    removal = {step for k in REMOVING_SKILLS for step in skill_steps(skills[k])}
    plan: list[tuple[str, str]] = []
    settle: int | None = None
    for idx, st in enumerate(steps):
        kinds = []
        if st.clause == INFECTION_DEATH_CLAUSE:
            kinds.append("infection")
        if st.key in damage:
            kinds.append("damage")
        if st.key in rescue:
            kinds.append("rescue")
        if st.clause == SETTLEMENT_CLAUSE:
            kinds.append("settle")
            settle = idx if settle is None else settle
        if st.key in removal:
            kinds.append("removal")
        plan.extend((st.key, k) for k in kinds)
    return plan, settle


def dying_system(
    spec: Spec,
    steps: Sequence[StepDef] = NIGHT_STEPS,
    skills: dict[str, SkillDef] | None = None,
    ends: str = "9",
) -> TransitionSystem:
    """The model; ``ends`` is the step the text says dying ends by (4.10.4 「于当夜步骤 9前必定终结」): the
    player is observed from that step on."""
    skills = skills if skills is not None else SKILL_BY_KEY
    plan, _ = _plan(steps, skills)
    order = spec.damage_order()
    keys = [st.key for st in steps]
    if ends not in keys:
        raise ModelGap(f"the text says dying ends by step {ends}, which the spec's step table does not have")
    watched = keys[keys.index(ends) :]
    hit_steps = [key for key, kind in plan if kind == "damage"]
    gone_steps = [key for key, kind in plan if kind == "removal"]
    obs = [f"dy_{k}" for k in watched] + ["dy_day"]
    # a 2.9 process the player may advance at its step (the hunter's saving, 4.4.7②: the process step
    # earliest in the night that damage can follow), and what becomes of it when dying comes later
    process = PROCESS_SKILL
    process_step = skills[process].step
    need = spec.p(PROCESS_NIGHTS)
    annul = spec.reading("process.dying_later_same_night") == "annul"
    state: tuple[Var, ...] = (
        *ints("immunity", "prog", "pend"),
        *bools("alive", "dying", "armor", "shield", "was", "lost", "adv_dying", *obs),
    )
    inputs: tuple[Var, ...] = (
        *bools(*(f"{f}_{k}" for k in hit_steps for f in ("hit", "safe", "imm", "prot", "pat"))),
        *bools(*(f"gone_{k}" for k in gone_steps)),
        *bools("inf", "rescue", "exile", "adv"),
    )

    def init(a: Algebra[Any, Any], s: State) -> Any:
        return a.and_(
            s["alive"],
            a.not_(s["dying"]),
            a.le(a.lit(0), s["immunity"]),
            a.le(s["immunity"], a.lit(spec.p("alien.immunity_initial"))),
            *(a.not_(s[o]) for o in obs),
            a.not_(s["was"]),
            a.eq(s["prog"], a.lit(0)),
            a.eq(s["pend"], a.lit(0)),
            a.not_(s["lost"]),
            a.not_(s["adv_dying"]),
        )

    def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
        return a.and_(
            implies(a, i["exile"], s["alive"]), *(implies(a, i[f"gone_{k}"], s["alive"]) for k in gone_steps)
        )

    def step(a: Algebra[Any, Any], s: State, i: Inputs) -> dict[str, Any]:
        return dict(night(a, s, i)[0])

    # The last night built and what it was built from (held, so compared by identity: the covers of one
    # state and inputs — ~20, each one flag of the same night — build it once, not once each: the covers'
    # terms were a third of a cold ``verify``'s fingerprinting and non-vacuity search).
    last: list[tuple[Algebra[Any, Any], State, Inputs, tuple[dict[str, Any], dict[str, Any]]]] = []

    def night(a: Algebra[Any, Any], s: State, i: Inputs) -> tuple[dict[str, Any], dict[str, Any]]:
        if last and last[0][0] is a and last[0][1] is s and last[0][2] is i:
            return last[0][3]
        built = build_night(a, s, i)
        last[:] = [(a, s, i, built)]
        return built

    def build_night(a: Algebra[Any, Any], s: State, i: Inputs) -> tuple[dict[str, Any], dict[str, Any]]:
        """The next state, and what happened (for the covers)."""
        alive, dying = s["alive"], s["dying"]
        immunity, armor, shield = s["immunity"], s["armor"], s["shield"]
        immune_tonight = a.bool_(False)
        out: dict[str, Any] = {}
        flags: dict[str, Any] = {}
        was = a.bool_(False)
        prog, pend = s["prog"], a.lit(0)  # a bullet completed last night arrived at tonight's arrival point
        before = (prog, pend)  # the process before tonight's advance
        advanced = a.bool_(False)  # advanced tonight (capable at the process step's snapshot)
        kept = (prog, pend)  # what tonight's advance gave
        kinds: dict[str, list[str]] = {}
        for key, kind in plan:
            kinds.setdefault(key, []).append(kind)
        for st in steps:
            if st.key == process_step:  # 2.9: capable at the step's snapshot (alive, not dying)
                advanced = a.and_(i["adv"], alive, a.not_(dying))
                new_prog, done = process_advance(a, prog, need)
                prog = a.ite_i(advanced, new_prog, prog)
                pend = a.ite_i(a.and_(advanced, done), a.add(pend, a.lit(1)), pend)
                kept = (prog, pend)
            for kind in kinds.get(st.key, ()):
                if kind == "infection":
                    flags["infection"] = a.and_(alive, a.not_(dying), i["inf"])
                    dying = a.or_(dying, a.and_(alive, i["inf"]))
                elif kind == "damage":
                    k = st.key
                    layers = DamageLayers(
                        dying,
                        i[f"safe_{k}"],
                        immune_tonight,
                        immunity,
                        i[f"prot_{k}"],
                        i[f"pat_{k}"],
                        armor,
                        shield,
                    )
                    new, _ = damage_point(a, layers, order)
                    hit = a.and_(alive, i[f"hit_{k}"])
                    flags[f"damage_{k}"] = a.and_(hit, a.not_(dying), new.dying)
                    flags[f"blocked_{k}"] = a.and_(hit, a.not_(dying), a.not_(new.dying))
                    if annul:  # process.dying_later_same_night=annul: tonight's advance is taken back
                        back = a.and_(flags[f"damage_{k}"], advanced)
                        prog, pend = a.ite_i(back, before[0], prog), a.ite_i(back, before[1], pend)
                    flags[f"adv_dying_{k}"] = a.and_(flags[f"damage_{k}"], advanced)
                    dying = a.ite_b(hit, new.dying, dying)
                    immunity = a.ite_i(hit, new.immunity, immunity)
                    immune_tonight = a.ite_b(hit, new.immune_tonight, immune_tonight)
                    armor = a.ite_b(hit, new.armor, armor)
                    shield = a.ite_b(hit, new.shield, shield)
                elif kind == "rescue":
                    flags["rescue"] = a.and_(alive, dying, i["rescue"])
                    dying = a.and_(dying, a.not_(i["rescue"]))
                elif kind == "removal":  # out of the game (escape, the meeting's exile): no longer dying
                    flags[f"removed_{st.key}"] = a.and_(alive, i[f"gone_{st.key}"])
                    alive = a.and_(alive, a.not_(i[f"gone_{st.key}"]))
                else:  # settle
                    after, died, left = settle_deaths(a, (alive,), (dying,))
                    flags["settled"] = died[0]
                    alive, dying = after[0], left[0]
                if kind != "settle":
                    was = a.or_(was, a.and_(alive, dying))
            if st.key in watched:
                out[f"dy_{st.key}"] = a.and_(alive, dying)
        flags["exile"] = a.and_(alive, i["exile"])
        alive = a.and_(alive, a.not_(i["exile"]))
        out["dy_day"] = a.and_(alive, dying)
        out.update(alive=alive, dying=dying, immunity=immunity, armor=armor, shield=shield, was=was)
        # 4.10.4 「不产生任何跨夜…效果」: what the night's advance gave is what the next night has
        out["lost"] = a.not_(a.and_(a.eq(prog, kept[0]), a.eq(pend, kept[1])))
        later = [flags[f] for f in flags if f.startswith("adv_dying_")]
        out["adv_dying"] = a.and_(alive, a.or_(*later)) if later else a.bool_(False)
        out["prog"], out["pend"] = prog, pend
        return out, flags

    def cover(flag: str, zh: str, en: str) -> Cover:
        return Cover(flag, "4.10", zh, en, lambda a, s, i: night(a, s, i)[1][flag])

    covers = [cover("infection", "感染∕毒药致濒死", "a due mark or poison makes the player dying")]
    covers += [
        cover(f"damage_{k}", f"步骤 {k} 伤害致濒死", f"damage at step {k} makes dying") for k in hit_steps
    ]
    covers += [
        cover(f"blocked_{k}", f"步骤 {k} 伤害被抵挡", f"damage at step {k} is blocked") for k in hit_steps
    ]
    covers += [
        cover("rescue", "救援解除濒死", "a rescue ends dying"),
        cover("settled", "步骤 9 濒死者死亡", "step 9: the dying die"),
    ]
    covers += [cover(f"removed_{k}", f"步骤 {k} 出局", f"out of the game at step {k}") for k in gone_steps]
    covers.append(cover("exile", "白天驱逐", "exiled by day"))
    covers += [
        Cover(
            "advance", "2.9", "推进进程", "the process advances", lambda a, s, i: a.and_(i["adv"], s["alive"])
        )
    ]
    premise = Prop(
        "dying_tonight",
        "4.10.4",
        "某夜有玩家处于濒死",
        "a player is dying on some night",
        lambda a, s: s["was"],
    )

    props = tuple(
        Prop(
            f"not_dying_after_{o.removeprefix('dy_')}" if o != "dy_day" else "not_dying_at_day",
            "4.10.4" if o == "dy_day" else "4.10.6",
            "濒死不跨夜：白天无濒死者" if o == "dy_day" else f"步骤 {o.removeprefix('dy_')} 后无濒死者",
            "no dying player at the day"
            if o == "dy_day"
            else f"no dying player after step {o.removeprefix('dy_')}",
            _not(o),
        )
        for o in obs
    )

    def costs(a: Algebra[Any, Any], states: Sequence[State], ins: Sequence[Inputs]) -> list[Any]:
        return [
            count_true(a, (i[f"hit_{k}"] for i in ins for k in hit_steps)),
            count_true(a, (i["inf"] for i in ins)),
        ]

    lemmas = (
        Prop(
            "immunity_nonnegative",
            "6.4.1",
            "夜晚免疫次数非负",
            "immunity ≥ 0",
            lambda a, s: a.le(a.lit(0), s["immunity"]),
        ),
    )
    return TransitionSystem(
        "dying",
        state,
        inputs,
        init,
        guard,
        step,
        props,
        lemmas,
        costs,
        covers=tuple(covers),
        premises=(premise,),
    )


def kept_dying_system(spec: Spec, ends: str = "9") -> TransitionSystem:
    """:func:`dying_system` with the spec's own steps and skills, kept per process within a ``verify`` job like a
    family's model (:func:`~ruleproof.smt.invariant.kept_model`), keyed also by ``ends`` — the claim that
    shapes it: both dying theorems read the model (one with the step the text states, one with step 9), and a
    later ``verify`` of an edited text stating the same rules reads the kept model's fingerprint parts."""
    return kept_model((dying_system, ends), spec, lambda: dying_system(spec, ends=ends))


# the process the model carries: the hunter's saving (4.4.7②), whose step (6) damage can follow
PROCESS_SKILL, PROCESS_NIGHTS = "save_bullet", "hunter.save_nights"


def _not(var: str) -> Any:
    return lambda a, s: a.not_(s[var])


class NoCrossNightDying(SystemInvariant[Spec]):
    name = "no_cross_night_dying"
    title = "濒死不跨夜：任何一夜步骤 9 之后无濒死者，濒死永不进入白天"
    title_en = "no dying after step 9 of any night; dying never reaches a day"
    cites = ("4.10.4", "4.10.6", "2.1.1")
    switches = ("damage.night_immunity_position", "rescue.self_when_dying", "revive.self_when_dying")
    params = ()
    abstraction = "one player's dying flag and layers through the spec's night steps; attacks, rescues free"
    claims = (
        ClaimPattern(
            "ends",
            "4.10.4",
            "濒死状态于当夜步骤{step:step}前必定终结（获救或死亡），不产生任何跨夜或白天效果",
        ),
    )

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        claims = claims if claims is not None else bundled_claims(self)
        return kept_dying_system(spec, ends=claims["ends"].values["step"])

    def monitor(self, outcome: Outcome) -> set[str]:
        failed = set()
        for label, snap in [*outcome.trace, *outcome.snapshots.items()]:
            after_settlement = (
                label.startswith("day")
                or label.endswith(("step 9", "step 10", "step 11"))
                or (label.startswith("night") and label.count(" ") == 1)
            )
            if after_settlement and any(p["dying"] for p in snap["players"].values()):
                failed.add(f"dying at {label}")
        return failed


class DyingLeavesNoTrace(SystemInvariant[Spec]):
    name = "dying_leaves_no_trace"
    title = "濒死不产生跨夜效果：步骤 8 获救者恢复全部能力，当夜已推进之进程不因其后之濒死而丧失"
    title_en = (
        "dying leaves nothing past the night: rescued players recover everything, tonight's progress stays"
    )
    cites = ("4.10.4", "4.10.3", "2.9")
    switches = ("process.dying_later_same_night",)
    abstraction = (
        "one player's dying flag, layers and a 2.9 process (the hunter's saving) through the night steps"
    )
    claims = (
        ClaimPattern("rescued", "4.10.4", "若步骤{rescue:step}获救则恢复全部能力"),
        ClaimPattern("no_trace", "4.10.4", "不产生任何跨夜或白天效果"),
    )

    def system(self, spec: Spec, claims: Claims | None = None) -> TransitionSystem:
        claims = claims if claims is not None else bundled_claims(self)
        rescue_step = claims["rescued"].values["rescue"]
        if SKILL_BY_KEY["rescue"].step != rescue_step:
            raise ModelGap(
                f"the text rescues at step {rescue_step}, the spec's rescue skill acts at {SKILL_BY_KEY['rescue'].step}"
            )
        base = kept_dying_system(spec)
        kept = Prop(
            "progress_kept",
            "4.10.4",
            "获救者当夜已推进之进程于次夜仍在（不产生跨夜效果）",
            "a rescued player's progress of tonight is still there the next night",
            lambda a, s: implies(a, s["alive"], a.not_(s["lost"])),
        )
        recovered = Prop(
            "abilities_recovered",
            "4.10.4",
            "获救者次夜不再濒死（恢复全部能力）",
            "a rescued player is not dying the next night (all abilities back)",
            lambda a, s: implies(a, s["alive"], a.not_(s["dying"])),
        )
        premise = Prop(
            "advanced_then_dying",
            "4.10.4",
            "推进进程后同夜陷入濒死而获救",
            "advanced a process, then made dying the same night and rescued",
            lambda a, s: s["adv_dying"],
        )
        return replace(base, props=(kept, recovered), premises=(premise,))

    def playable(self, spec: Spec) -> Any:
        """What :meth:`scenario` scripts: the hunter saves, a xeno's knife at step 7 (no layer) and the rescue
        doctor's rescue — nothing else."""

        def guard(a: Algebra[Any, Any], s: State, i: Inputs) -> Any:
            others = [v for v in i if v not in ("adv", "hit_7", "rescue")]
            return a.and_(*(a.not_(i[v]) for v in others))

        return guard

    def scenario(self, spec: Spec, trace: Trace) -> dict[str, Any]:
        """The hunter (6) saves at step 6, xeno 12 knifes it at step 7, the rescue doctor (8) rescues it."""
        script = []
        for t, (s, i) in enumerate(zip(trace.states, trace.inputs, strict=False), start=1):
            if not self.playable(spec)(PY, s, i):
                raise NotConcretizable(f"night {t}: layers, other attacks, infection or removals")
            acts: list[dict[str, Any]] = []
            if i["adv"]:
                acts.append({"actor": sc.POLICE, "skill": "save_bullet"})
            if i["hit_7"]:
                acts.append({"actor": sc.XENOS[0], "skill": "knife", "targets": [sc.POLICE]})
            if i["rescue"] and i["hit_7"]:
                acts.append({"actor": 8, "skill": "rescue", "targets": [sc.POLICE]})
            if acts:
                script.append(sc.night(t, *acts))
        d = len(trace.inputs)
        last = trace.states[-1]
        expect: list[dict[str, Any]] = [
            {"after": f"night {d}", "events": [{"kind": "process_annulled", "player": sc.POLICE}]},
            {"after": f"night {d + 1} start", "state": {"save_progress": {str(sc.POLICE): last["prog"]}}},
        ]
        return sc.vector(
            spec,
            ident="dying_leaves_no_trace",
            title=f"濒死留下跨夜效果：第 {d} 夜攒弹后被刀濒死、获救，当夜进度作废",
            description=(
                "由验证器生成的最小反例：猎手步骤 6 攒弹、步骤 7 被刀濒死、步骤 8 获救；本解读下濒死之夜不推进进程，"
                "已推进之进度被撤回——4.10.4①「不产生任何跨夜或白天效果」不成立。"
            ),
            cites=["4.10.4", "2.9", "4.4.7"],
            script=script,
            expect=expect,
            table=sc.players(p6="hunter"),
        )

    def monitor(self, outcome: Outcome) -> set[str]:
        """An engine run where a process's progress was taken back from a player alive after the night."""
        failed = set()
        for e in outcome.events:
            if e.kind == "process_annulled":
                alive = {label: snap for label, snap in outcome.trace if label == f"night {e.night}"}
                snap = alive.get(f"night {e.night}")
                if snap is None or snap["players"][str(e.data["player"])]["alive"]:
                    failed.add("progress_kept")
        return failed


NO_CROSS_NIGHT_DYING = NoCrossNightDying()
DYING_LEAVES_NO_TRACE = DyingLeavesNoTrace()
