"""Xenos (chapter 5) and the classic alien (6.1–6.7): knives, infection, sabotage and shutdown, cocoon,
evolution and conversion with occupancy, cleanse, disguise; ambush and silence, awakening, double knife,
night immunity, self-heal; batches ② and ⑤.
"""

from __future__ import annotations

import random

from ruleproof.specs.fanhanglu.engine.game import ALIEN_KNIFE, DIRECTION_KEYS, XENO_KNIFE, Game
from ruleproof.specs.fanhanglu.engine.model import FAKE, TRUE, Action, Player, centi_json
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, hook, on_arrival, on_setup, skill
from ruleproof.specs.fanhanglu.engine.skills.crew import add_check_source
from ruleproof.specs.fanhanglu.engine.skills.doctors import give_antibody
from ruleproof.specs.fanhanglu.engine.skills.escape import award_silence
from ruleproof.specs.fanhanglu.engine.skills.util import (
    attack_feedback,
    check_amount,
    checked_role,
    disguise_pool,
    ledger_holders,
    living,
    living_others,
    random_amount,
    with_original,
)
from ruleproof.specs.fanhanglu.kernels import (
    PY,
    Convert,
    bullet_arrival,
    direction_offered,
    knife_count_next,
    net_damage_apply,
    occupancy_move,
    shutdown_tiers,
)
from ruleproof.specs.fanhanglu.roles import DAMAGE_SKILLS, SKILL_BY_KEY


@on_setup("xeno")
def _xeno(g: Game, p: Player) -> None:
    p.knife_count = g.p("xeno.knife_initial")
    p.disguises = g.p("disguise.uses")


@on_setup("alien")
def _alien(g: Game, p: Player) -> None:
    p.immunity = g.p("alien.immunity_initial")
    p.disguises = g.p("disguise.uses")
    p.alien_sabotages = g.p("alien.sabotages")


@on_arrival
def _immunity_grant(g: Game) -> None:
    """6.4.1①②: one more night immunity on night 7, unconditionally, within the cap."""
    if g.night != g.p("alien.immunity_night"):
        return
    for p in g.players:
        if p.alive and p.role == "alien":
            p.immunity, _ = bullet_arrival(PY, p.immunity, 1, g.p("alien.immunity_cap"), True)


def onehot(direction: str | None) -> tuple[bool, ...]:
    return tuple(d == direction for d in DIRECTION_KEYS)


# ── end-of-day cleanup, step 0.6, step 1 ───────────────────────────────────────────────────


@skill
class Cleanse(SkillImpl):
    key = "cleanse"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.cleanse_night = g.night  # 5.9⑦: the cleanse is visible to the xeno teammates
        if p.mark == FAKE:  # 5.9③: only one's own fake mark
            g.clear_mark(p)
            g.log("cleansed", {"player": p.n})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, "cleanse", (p.n,)) if p.mark == FAKE and rng.random() < 0.7 else None


def evolution_open(g: Game, p: Player) -> bool:
    return p.direction is None and g.night >= g.p("xeno.evolution_night")


@skill
class Evolve(SkillImpl):
    key = "evolve"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not evolution_open(g, p):
            raise g.illegal(
                "5.1", "第 3 夜起可进化，且只进化一次（其后为转化）", "evolve from night 3, once", a
            )
        if a.direction not in DIRECTION_KEYS:
            raise g.illegal("5.1", "方向须为 sabotage∕infection∕kill", "unknown direction", a)
        offered = direction_offered(  # 6.8.5④: a death-row alien presenting a xeno is not blocked
            PY, g.occupancy, onehot(a.direction), g.p("xeno.direction_capacity"), not p.no_occupancy
        )
        if not offered:
            raise g.illegal("5.1", "无空位的方向当夜不得提交", "no free slot in that direction", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        code, counts = occupancy_move(
            PY,
            g.occupancy,
            onehot(None),
            onehot(a.direction),
            g.p("xeno.direction_capacity"),
            0,
            0,
            False,
            g.interp["evolution.same_snapshot_overflow"] == "admit",
            takes_slot=not p.no_occupancy,  # 6.8.5④: a death-row alien presenting a xeno takes none
        )
        if code != Convert.OK:  # a slot taken earlier in the settlement order (2.1.2②③)
            g.log("fizzle", {"actor": p.n, "skill": "evolve", "direction": a.direction})
            return
        g.occupancy = list(counts)
        p.direction, p.evolved_night, p.direction_night = a.direction, g.night, g.night
        g.evolutions += 1
        if a.direction == "kill" and not p.extra_knife_granted:  # 5.4.2
            p.extra_knife, p.extra_knife_granted = g.p("xeno.extra_knives"), True

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if not evolution_open(g, p) or rng.random() < 0.5:
            return None
        cap = g.p("xeno.direction_capacity")
        free = [d for i, d in enumerate(DIRECTION_KEYS) if g.occupancy[i] < cap]
        return Action(p.n, "evolve", direction=rng.choice(free)) if free else None


@skill
class Conversion(SkillImpl):
    key = "convert"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.direction is None or p.evolved_night >= g.night:  # 5.5.1 自进化后的下一个夜晚起
            raise g.illegal(
                "5.5.1", "已进化者自进化后的下一个夜晚起方可转化", "convert only after the evolution night", a
            )
        if "evolve" in p.used:
            raise g.illegal("5.5.1", "转化与进化不得在同一夜执行", "not on the evolution night", a)
        if a.direction not in DIRECTION_KEYS or a.direction == p.direction:
            raise g.illegal("5.5.1", "目标方向须为另两种方向之一", "one of the two other directions", a)
        if p.main_night == g.night:
            raise g.illegal("5.5.3", "转化当夜无任何行动", "no other action on a conversion night", a)
        p.no_main_night = g.night  # 5.5.3①, also when the conversion fails

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        code, counts = occupancy_move(
            PY,
            g.occupancy,
            onehot(p.direction),
            onehot(a.direction),
            g.p("xeno.direction_capacity"),
            p.conversions,
            g.p("xeno.conversions"),
            True,
            # the switch is about evolutions on one snapshot (5.1); a conversion always needs a free slot
            g.interp["evolution.same_snapshot_overflow"] == "admit",
            takes_slot=not p.no_occupancy,  # 6.8.5④: no slot, but the conversion limit still counts
        )
        if code != Convert.OK:  # 5.5.2: no count used, may retry another night
            g.log("convert_failed", {"player": p.n, "reason": Convert(code).name.lower()})
            return
        g.occupancy = list(counts)
        if p.direction == "kill":
            p.extra_knife = 0  # 5.4.2: leaving kill voids an unused extra knife
        p.direction, p.direction_night = a.direction, g.night
        p.conversions += 1
        if a.direction == "kill" and not p.extra_knife_granted:
            p.extra_knife, p.extra_knife_granted = g.p("xeno.extra_knives"), True
        g.log("converted", {"player": p.n, "direction": a.direction})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.direction is None or p.evolved_night >= g.night or "evolve" in p.used or rng.random() < 0.93:
            return None
        return Action(p.n, "convert", direction=rng.choice([d for d in DIRECTION_KEYS if d != p.direction]))


@hook("0.6", "post")
def _evolution_batch(g: Game) -> None:
    g.publish("2", None, {"evolved": g.evolutions})  # 2.1.7②: conversions not counted


@skill
class Disguise(SkillImpl):
    key = "disguise"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.disguises < disguise_cost(a.strong):
            if a.strong:
                raise g.illegal(
                    "7.3.0", "强力乔装消耗 2 次额度，持有 1 次者不可发动", "strong needs 2 charges", a
                )
            raise g.illegal("7.3.1", "每个个体全局限 2 次，已用尽", "no disguise left", a)
        if not a.identities or len(a.identities) != 1 or a.identities[0] not in disguise_pool(g):
            raise g.illegal("7.3.1", "须自伪装身份池选定 1 个身份", "pick one identity of the pool", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.disguises -= disguise_cost(a.strong)
        p.disguise_night, p.disguise_id, p.disguise_strong = g.night, a.identities[0], a.strong

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.disguises <= 0 or rng.random() < 0.85:
            return None
        strong = p.disguises >= disguise_cost(True) and rng.random() < 0.4
        return Action(p.n, "disguise", identities=(rng.choice(disguise_pool(g)),), strong=strong)


def disguise_cost(strong: bool) -> int:
    """7.3.0: an ordinary disguise spends 1 charge, a strong one 2 (so at most once per individual)."""
    return 2 if strong else 1


# ── step 4b: sabotage and cocoon; batch ⑤ ──────────────────────────────────────────────────


def sabotage_range(p: Player) -> tuple[str, str, str]:
    if p.role == "alien":
        return "alien.sabotage_min", "alien.sabotage_max", "6.3"
    if p.direction == "sabotage":
        return "sabotage.evolved_min", "sabotage.evolved_max", "5.2"
    return "sabotage.min", "sabotage.max", "3.2.1"  # unevolved — and, by reading, other directions


@skill
class Sabotage(SkillImpl):
    key = "sabotage"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.extinction:
            raise g.illegal("1.4.1.3", "寂灭时刻破坏冻结", "sabotage is frozen in extinction", a)
        if p.role == "alien" and p.alien_sabotages <= 0:
            raise g.illegal("6.3", "外星人破坏全局 1 次，已用", "the alien's sabotage was used", a)
        lo, hi, clause = sabotage_range(p)
        check_amount(g, a, lo, hi, "sabotage.step", clause)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        assert a.amount is not None
        g.sabotage_night += a.amount
        p.sabotage_at, p.sabotage_amount = g.night, a.amount  # 3.2.2③: disclosed to teammates only
        p.sabotage_total += a.amount
        if p.role == "alien":
            p.alien_sabotages -= 1
            g.stall_night = g.night + 1  # 3.2.5 停转夜
        elif p.direction == "sabotage":
            g.sabotage_evolved += 1  # 3.2.6
        if not p.exposed and p.sabotage_total >= g.p("sabotage.exposure"):  # 3.2.4 破坏者暴露
            p.exposed = True
            g.sabotage_exposures.append({"player": p.n, "presented_role": p.presented})

    def available(self, g: Game, p: Player) -> bool:
        return not g.extinction and (p.role != "alien" or p.alien_sabotages > 0)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if g.extinction or (p.role == "alien" and (p.alien_sabotages <= 0 or g.plan.get(p.n) != "sabotage")):
            return None
        if p.role == "xeno" and rng.random() < 0.8:
            return None
        lo, hi, _ = sabotage_range(p)
        return Action(p.n, "sabotage", amount=random_amount(rng, g, lo, hi, "sabotage.step"))


@skill
class Cocoon(SkillImpl):
    key = "cocoon"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.players[a.targets[0] - 1].shield:
            raise g.illegal("5.7", "已持有护盾者不可再被施加（置灰）", "the target already has a shield", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        q = g.players[a.targets[0] - 1]
        if q.shield:  # shielded earlier in the settlement order: fizzle (5.7⑨)
            g.log("fizzle", {"actor": p.n, "skill": "cocoon", "target": q.n})
            return
        q.shield = True
        g.private(q.n, "shield_gained", {})  # 7.2.6

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() < 0.9:
            return None
        choices = [n for n in living(g) if not g.players[n - 1].shield]
        return Action(p.n, "cocoon", (rng.choice(choices),)) if choices else None


@hook("4b", "post")
def _sabotage_batch(g: Game) -> None:
    """Batch ⑤ (2.1.7⑤): total, net damage, shutdown tiers (1.3) and exposures; 3.2.6 the repair cut."""
    total = g.sabotage_night
    fired: list[int] = []
    if total:
        g.net_damage = net_damage_apply(PY, g.net_damage, total)
        thresholds = (g.p("shutdown.tier1"), g.p("shutdown.tier2"), g.p("shutdown.tier3"))
        bonuses = (g.p("shutdown.tier1_bonus"), g.p("shutdown.tier2_bonus"))
        before = g.tiers
        g.tiers, bonus = shutdown_tiers(PY, g.net_damage, before, thresholds, bonuses)
        g.countdown += bonus
        fired = [i + 1 for i, (a, b) in enumerate(zip(before, g.tiers, strict=True)) if b and not a]
        if g.tiers[2]:
            g.countdown_void = True  # 9.0: the countdown victory is void for good
    if g.sabotage_evolved:
        g.repair_cut_night = g.night + 1
        g.repair_cut_pct = g.p("repair_cut.one") if g.sabotage_evolved == 1 else g.p("repair_cut.two")
    g.publish(
        "5",
        None,
        {
            "total": centi_json(total),
            "net_damage": centi_json(g.net_damage),
            "shutdown": fired,
            "exposed": g.sabotage_exposures,
        },
    )


# ── step 5: the alien's knife; step 7: xenos ────────────────────────────────────────────────


@skill
class AlienKill(SkillImpl):
    key = "alien_kill"

    def check(self, g: Game, p: Player, a: Action) -> None:
        most = g.p("alien.knives_awakened") if p.awakened else g.p("alien.knives")
        if not 1 <= len(a.targets) <= most:
            raise g.illegal(
                "6.2", f"未觉醒每夜至多 1 刀，觉醒后至多 {most} 刀", f"at most {most} knife(s)", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        knives(g, p, a.targets, ALIEN_KNIFE)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if g.plan.get(p.n) != "kill":
            return None
        k = rng.randint(1, g.p("alien.knives_awakened") if p.awakened else g.p("alien.knives"))
        pool = living_others(g, p)
        return Action(p.n, "alien_kill", tuple(rng.choice(pool) for _ in range(k))) if pool else None


def knives(g: Game, p: Player, targets: tuple[int, ...], kind: str) -> None:
    """The portions of one knife action, in listed order (4.10.2②), then one summary feedback (7.2.2).
    7.2.7 染血: once the individual has made 3 knives into dying, every later knife tells its victim the
    attacker's number, dying or not (within the same action too); a self-knife counts but tells nobody."""
    results = []
    threshold = g.p("bloodstain.threshold")
    for t in targets:
        q = g.players[t - 1]
        stained = p.bloodstain >= threshold
        made_dying = g.attack(p, q, kind)
        results.append(made_dying)
        if stained and q is not p:
            g.private(q.n, "bloodstain", {"attacker": p.n})
        if made_dying:
            p.bloodstain += 1
    attack_feedback(g, p, targets, results)


def extra_knife_ready(g: Game, p: Player) -> bool:
    return (
        p.direction == "kill" and p.extra_knife > 0 and p.direction_night < g.night
    )  # 5.4.2 进化当夜不可使用


@skill
class Knife(SkillImpl):
    key = "knife"

    def check(self, g: Game, p: Player, a: Action) -> None:
        kill = p.direction == "kill"
        if not kill and p.knife_count < 1:
            raise g.illegal("5.6.1", "刀数为 0 时不可出刀", "knife count is 0", a)
        most = g.p("xeno.knives_with_extra") if extra_knife_ready(g, p) else g.p("xeno.knives_per_night")
        if not 1 <= len(a.targets) <= most:
            raise g.illegal(
                "5.6.1", "每夜至多 1 刀（击杀进化之额外出刀当夜至多 2 刀）", f"at most {most} knife(s)", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.knifed_night = g.night
        if len(a.targets) > g.p("xeno.knives_per_night"):
            p.extra_knife -= 1  # the extra knife is used (5.4.2)
        knives(g, p, a.targets, XENO_KNIFE)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.direction != "kill" and p.knife_count < 1:
            return None
        if rng.random() < 0.3:
            return None
        pool = living(g)
        k = g.p("xeno.knives_with_extra") if extra_knife_ready(g, p) and rng.random() < 0.5 else 1
        return Action(p.n, "knife", tuple(rng.choice(pool) for _ in range(k)))


@skill
class Infect(SkillImpl):
    key = "infect"

    def check(self, g: Game, p: Player, a: Action) -> None:
        most = g.p("infection.quota_evolved") if p.direction == "infection" else g.p("infection.quota")
        if not 1 <= len(a.targets) <= most:
            raise g.illegal("5.3.1", f"每夜至多感染 {most} 名", f"at most {most} infections", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.infect_night, p.infect_count = g.night, len(a.targets)  # 5.3.1: each name spends one, landed or not
        for t in a.targets:
            g.infect(p, g.players[t - 1])

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        most = g.p("infection.quota_evolved") if p.direction == "infection" else g.p("infection.quota")
        pool = living(g)  # mostly enemies; a teammate or oneself gets a fake mark (5.3.4)
        return Action(p.n, "infect", tuple(rng.sample(pool, min(len(pool), rng.randint(1, most)))))


@hook("7", "post")
def _after_knives(g: Game) -> None:
    """5.6.2: knife counts recover after step 7; 7.2.4 damage-side immunity notices go out now."""
    cap = g.p("xeno.knife_cap")
    for p in ledger_holders(g):  # 6.8.3⑧: the knife count runs in the death-row's xeno mirror too
        if p.alive and p.role == "xeno":
            knifed = p.knifed_night == g.night
            p.knife_count = knife_count_next(PY, p.knife_count, knifed, p.direction == "kill", cap)
    immunity_notices(g)


def immunity_notices(g: Game) -> None:
    """7.2.4: the damage-side notices of the night immunities consumed so far."""
    for n in g._immunity_feedback:
        g.private(n, "immunity_consumed", {"path": "damage", "remaining": g.players[n - 1].immunity})
    g._immunity_feedback = []


def _notices_after_step(g: Game) -> None:
    """Under ``immunity.notice_time=after_step``: 「随该次消耗所在步骤结算完成后立即送达」 (7.2.4 183.)."""
    if g.interp["immunity.notice_time"] == "after_step":
        immunity_notices(g)


for _damage_step in sorted({SKILL_BY_KEY[k].step for k in DAMAGE_SKILLS}):
    hook(_damage_step, "post")(_notices_after_step)


# ── classic alien: awakening, ambush, self-heal ─────────────────────────────────────────────


def can_awaken(g: Game, p: Player) -> bool:
    return not p.awakened and (
        g.night >= g.p("alien.awaken_night") or g.alive_count() <= g.p("alien.awaken_alive")
    )


@skill
class Awaken(SkillImpl):
    key = "awaken"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not can_awaken(g, p):
            raise g.illegal(
                "6.2",
                "第 6 夜起或存活≤6 方可觉醒（不可逆，一次）",
                "awaken from night 6 or alive ≤ 6, once",
                a,
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.awakened = True

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, "awaken") if can_awaken(g, p) else None


def silenced_last_night(g: Game, t: Player) -> bool:
    """6.1.2: no silence on the same player two nights running (night 0 does not exist)."""
    return t.silence_night > 0 and t.silence_night == g.night - 1


@skill
class Ambush(SkillImpl):
    key = "ambush"

    def check(self, g: Game, p: Player, a: Action) -> None:
        t = g.players[a.targets[0] - 1]
        if t.n == p.n:
            raise g.illegal("6.1.1", "目标须为其他存活玩家", "target another living player", a)
        if a.silence and silenced_last_night(g, t):
            raise g.illegal("6.1.2", "同一角色不得连续两夜受到沉默", "no silence two nights running", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.players[a.targets[0] - 1]
        add_check_source(g, t.n, "alien")
        g.private(p.n, "ambush_result", {"target": t.n, **with_original(checked_role(g, t))})
        if a.silence:
            award_silence(g, p)  # 6.9.1⑤
            t.silence_night = g.night
            t.silenced_night = g.night if g.interp["silence.effect_night"] == "same_night" else g.night + 1
            g.private(t.n, "silenced", {})  # 7.2.3
            g.log("silence", {"actor": p.n, "target": t.n, "blocks_night": t.silenced_night})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if g.plan.get(p.n) != "ambush":
            return None
        t = g.players[rng.choice(living_others(g, p)) - 1]
        silence = not silenced_last_night(g, t) and rng.random() < 0.6
        return Action(p.n, "ambush", (t.n,), silence=silence)


@on_arrival
def _self_heal_at_arrival(g: Game) -> None:
    for p in g.players:
        p.self_heal_at_arrival = p.self_heal_quota


@skill
class SelfHeal(SkillImpl):
    key = "self_heal"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if self.held(g, p) <= 0 or p.mark != TRUE:
            raise g.illegal("6.5", "须持有感染治疗额度（获得真感染时取得）", "needs a self-heal quota", a)

    @staticmethod
    def held(g: Game, p: Player) -> int:
        """The quota usable tonight: all of it (the step-8 snapshot, 2.1.2①), or only what was held when the
        night began under ``self_heal.quota_arrived_tonight=not_usable`` (6.5④ 「须于当夜行动时一次性声明」)."""
        if g.interp["self_heal.quota_arrived_tonight"] == "not_usable":
            return min(p.self_heal_quota, p.self_heal_at_arrival)
        return p.self_heal_quota

    def available(self, g: Game, p: Player) -> bool:
        return self.held(g, p) > 0 and p.mark == TRUE

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        g.clear_mark(p)
        give_antibody(g, p, 0)  # 6.5③: clears and grants an antibody (no doctor to notify)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return (
            Action(p.n, "self_heal", (p.n,))
            if g.plan.get(p.n) == "self_heal" and self.held(g, p) > 0 and p.mark == TRUE
            else None
        )
