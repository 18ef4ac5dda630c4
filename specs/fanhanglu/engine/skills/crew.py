"""Ordinary crew (4.1): checks, assist repair, job change (4.2); the engineer (4.3): safe room, repair,
extra repair, repair exposure; batch ④.
"""

from __future__ import annotations

import random

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player, centi_json
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, hook, on_setup, skill
from ruleproof.specs.fanhanglu.engine.skills.common import reduce_net_damage
from ruleproof.specs.fanhanglu.engine.skills.util import (
    check_amount,
    crew_check_identity,
    identity_pool,
    living_others,
    random_amount,
    settle_repair,
)
from ruleproof.specs.fanhanglu.roles import JOB_CHANGE_DIRECTIONS


def add_check_source(g: Game, target: int, source: str) -> None:
    """7.2.1: a checked player learns the source category, merged per step, each category once."""
    g.checks += 1
    sources = g.check_sources.setdefault(target, [])
    if source not in sources:
        sources.append(source)


SOURCE_ORDER = ("crew", "detective", "alien")  # 7.2.1: three categories, no order or count shown


def flush_check_sources(g: Game) -> None:
    for target in sorted(g.check_sources):
        sources = [s for s in SOURCE_ORDER if s in g.check_sources[target]]
        g.private(target, "check_source", {"sources": sources})
    g.check_sources = {}


@skill
class CrewCheck(SkillImpl):
    key = "crew_check"

    def check(self, g: Game, p: Player, a: Action) -> None:
        t = a.targets[0]
        if t == p.n:
            raise g.illegal("4.1", "不可查验自己", "cannot check oneself", a)
        first = p.check_counts.get(t, 0) == 0
        ids = a.identities
        most = g.p("crew_check.first_identities") if first else g.p("crew_check.later_identities")
        if not ids or len(set(ids)) != len(ids) or len(ids) > most:
            raise g.illegal(
                "4.1.1",
                "首次查验只可提交 1 个身份，其后 1~2 个互不相同的身份",
                "1 identity first, then 1–2 distinct",
                a,
            )
        pool = identity_pool(g, humans_only=first)
        for ident in ids:
            if ident not in pool:
                raise g.illegal("4.1.1", f"身份 {ident} 不在本次可查范围", f"{ident} is not in the pool", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.players[a.targets[0] - 1]
        p.check_counts[t.n] = p.check_counts.get(t.n, 0) + 1
        add_check_source(g, t.n, "crew")
        shown = crew_check_identity(g, t)
        g.private(p.n, "crew_check_result", {"target": t.n, "answers": {i: i == shown for i in a.identities}})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() < 0.35:
            return None
        t = rng.choice(living_others(g, p))
        first = p.check_counts.get(t, 0) == 0
        pool = identity_pool(g, humans_only=first)
        if not pool:
            return None
        most = g.p("crew_check.first_identities") if first else g.p("crew_check.later_identities")
        k = rng.randint(1, min(most, len(pool)))
        return Action(p.n, "crew_check", (t,), identities=tuple(rng.sample(pool, k)))


@skill
class AssistRepair(SkillImpl):
    key = "assist_repair"

    def check(self, g: Game, p: Player, a: Action) -> None:
        check_amount(g, a, "crew.assist_min", "crew.assist_max", "crew.assist_step", "4.1.2")

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        assert a.amount is not None
        settled = settle_repair(g, a.amount)
        g.countdown -= settled
        reduce_net_damage(g, settled)
        g.repair_settled += settled
        g.assisting_crew.append(p.n)
        g.log("repair", {"player": p.n, "chosen": a.amount, "settled": settled})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() < 0.5:
            return None
        return Action(
            p.n,
            "assist_repair",
            amount=random_amount(rng, g, "crew.assist_min", "crew.assist_max", "crew.assist_step"),
        )


@skill
class JobChange(SkillImpl):
    key = "job_change"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.true_role != "crew":
            raise g.illegal(
                "6.8.3", "变形者不得执行普通船员转职", "a transformed player cannot change job", a
            )
        if not (
            g.alive_count() <= g.p("jobchange.alive_threshold")
            or g.night >= g.p("jobchange.guaranteed_night")
        ):
            raise g.illegal(
                "4.2.1", "存活≤6 或第 6 夜起方可转职", "job change needs alive ≤ 6 or night ≥ 6", a
            )
        if a.direction not in JOB_CHANGE_DIRECTIONS:
            raise g.illegal(
                "4.2.2", "转职方向须为武装船员∕助理工程师∕临时医生", "unknown job-change direction", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        assert a.direction is not None
        p.role = p.presented = p.true_role = (
            a.direction
        )  # 4.2.1②: the crew skills and quotas go, the new ones come
        if a.direction == "armed_crew":
            p.bullets = g.p("armed.initial_bullets")
            police = next((q for q in g.players if q.alive and q.role in ("sheriff", "hunter")), None)
            if police is not None:  # 4.4.5 / 4.4.7⑤ 武装识别（双向）
                g.private(p.n, "armed_identification", {"partner": police.n, "role": police.presented})
                g.private(police.n, "armed_identification", {"partner": p.n, "role": "armed_crew"})
        elif a.direction == "temp_doctor":
            p.rescue += g.p("temp_doctor.rescue")
            p.heal += g.p("temp_doctor.heal")
        elif a.direction == "assistant_engineer":
            p.repair_total = 0  # 4.2.1④: exposure counts from 0
        g.private(p.n, "job_changed", {"direction": a.direction})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.true_role != "crew":
            return None
        eligible = g.alive_count() <= g.p("jobchange.alive_threshold") or g.night >= g.p(
            "jobchange.guaranteed_night"
        )
        if not eligible or rng.random() < 0.4:
            return None
        return Action(p.n, "job_change", direction=rng.choice(JOB_CHANGE_DIRECTIONS))


# ── engineer (and assistant engineer) ───────────────────────────────────────────────────────


@on_setup("engineer")
def _engineer(g: Game, p: Player) -> None:
    p.safe_rooms = g.p("engineer.safe_rooms")
    p.extra_repairs = g.p("engineer.extra_repairs")


@skill
class SafeRoom(SkillImpl):
    key = "safe_room"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.safe_rooms <= 0:
            raise g.illegal("4.3.1", "安全室全局 1 次，已用", "the safe room was used", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.safe_rooms -= 1
        p.safe_room_night = g.night

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, "safe_room", (p.n,)) if p.safe_rooms > 0 and rng.random() < 0.1 else None

    def available(self, g: Game, p: Player) -> bool:
        return p.safe_rooms > 0


def repair_bounds(g: Game) -> tuple[str, str]:
    fixed = g.interp["repair.engineer_range"] == "fixed"
    return ("repair.min", "repair.min") if fixed else ("repair.min", "repair.max")


def apply_repair(g: Game, p: Player, amount: int) -> None:
    """4.3.2: countdown and net damage both decrease by the settled value; it counts toward exposure."""
    settled = settle_repair(g, amount)
    g.countdown -= settled
    reduce_net_damage(g, settled)
    g.repair_settled += settled
    p.repair_total += settled
    threshold = g.p("engineer.exposure") if p.role == "engineer" else g.p("assistant.exposure")
    if not p.exposed and p.repair_total >= threshold:  # 4.3.6 维修暴露
        p.exposed = True
        g.repair_exposures.append({"player": p.n, "presented_role": p.presented})
    g.log("repair", {"player": p.n, "chosen": amount, "settled": settled})


@skill
class Repair(SkillImpl):
    key = "repair"

    def check(self, g: Game, p: Player, a: Action) -> None:
        lo, hi = repair_bounds(g)
        check_amount(g, a, lo, hi, "repair.step", "4.3.2")

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        assert a.amount is not None
        apply_repair(g, p, a.amount)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() < 0.2:
            return None
        lo, hi = repair_bounds(g)
        return Action(p.n, "repair", amount=random_amount(rng, g, lo, hi, "repair.step"))


@skill
class ExtraRepair(SkillImpl):
    key = "extra_repair"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if "repair" not in p.used:
            raise g.illegal(
                "4.3.3", "追加维修须紧接本人维修的当夜使用", "extra repair needs one's own repair tonight", a
            )
        if p.extra_repairs <= 0:
            raise g.illegal("4.3.3", "追加维修全局 3 次已用尽", "no extra repair left", a)
        lo, hi = repair_bounds(g)
        check_amount(g, a, lo, hi, "repair.step", "4.3.3")

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        assert a.amount is not None
        p.extra_repairs -= 1
        apply_repair(g, p, a.amount)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if (p.n, "repair") not in g.proposed or p.extra_repairs <= 0 or rng.random() < 0.7:
            return None
        lo, hi = repair_bounds(g)
        return Action(p.n, "extra_repair", amount=random_amount(rng, g, lo, hi, "repair.step"))


@hook("4a", "post")
def _repair_batch(g: Game) -> None:
    """Batch ④ (2.1.6): the settled repair total and first-time exposures; 4.1.3 the crew's N message."""
    if g.extinction:
        return
    for n in g.assisting_crew:
        g.private(n, "repair_count", {"n": len(g.assisting_crew)})
    g.publish("4", None, {"total": centi_json(g.repair_settled), "exposed": g.repair_exposures})
