"""Sheriff (4.4), hunter (4.4.7, 4.4.8) and armed crew (4.2.2): shots, patrol, bounty, extra bullets,
the stock cap, saving bullets, sniffing.
"""

from __future__ import annotations

import random

from ruleproof.specs.fanhanglu.engine.game import GUNSHOT, Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, hook, on_arrival, on_setup, skill
from ruleproof.specs.fanhanglu.engine.skills.common import remember_process
from ruleproof.specs.fanhanglu.engine.skills.util import (
    attack_feedback,
    is_mirror,
    ledger_holders,
    living,
    living_others,
    quota_held,
)
from ruleproof.specs.fanhanglu.kernels import (
    LANDED,
    PY,
    bounty_kills,
    bounty_recovery,
    bullet_arrival,
    bullet_arrivals,
    process_advance,
    quota_allows,
    quota_spend,
)
from ruleproof.specs.fanhanglu.tables import BOUNTY_FACTIONS, BULLET_ARRIVALS

SHOOTERS = ("sheriff", "hunter", "armed_crew")


@on_setup("sheriff")
def _sheriff(g: Game, p: Player) -> None:
    receive(g, p, g.p("sheriff.initial_bullets"), "initial")  # 4.4.6: the initial bullet is a source too


@on_setup("hunter")
def _hunter(g: Game, p: Player) -> None:
    receive(g, p, g.p("hunter.initial_bullets"), "initial")
    p.sniff_nights = g.p("sniff.nights")


def receive(g: Game, p: Player, amount: int, source: str) -> None:
    """Bullets arriving at the default time (2.1.5); only the sheriff's stock is capped (4.4.6, 4.4.7③)."""
    if amount <= 0:
        return
    capped = p.role == "sheriff"
    p.bullets, voided = bullet_arrival(PY, p.bullets, amount, g.p("sheriff.bullet_cap"), capped)
    g.log(
        "bullets", {"player": p.n, "source": source, "amount": amount, "voided": voided, "stock": p.bullets}
    )


EXTRAS = ("extra_night", "extra_alive")  # the 4.4.3 sources of BULLET_ARRIVALS


@on_arrival
def _bullets(g: Game) -> None:
    """2.1.5: every shooter's bullets of the night, in the spec's order ``BULLET_ARRIVALS`` through the cap."""
    alive = g.alive_count()
    extra = g.p("extra_bullet.amount")
    for p in ledger_holders(g):
        if not p.alive or p.role not in SHOOTERS:
            p.recovery = 0
            continue
        due = {"bounty": p.recovery, "saved": p.bullets_pending}  # 4.4.2③ next night, 4.4.7② (d)
        p.recovery = p.bullets_pending = 0
        if p.role != "armed_crew":  # 4.4.3 extras are the sheriff's (and the hunter's, 4.4.7①)
            if g.night == g.p("extra_bullet.night"):
                due["extra_night"] = extra
            if not p.extra_alive_done and alive <= g.p("extra_bullet.alive_threshold"):
                p.extra_alive_done = True  # 全局仅此1次, even when voided by the cap
                due["extra_alive"] = extra
            if is_mirror(g, p):  # 2.8.5③: only if the death-row alien presents this role tonight
                p.deferred_extras = tuple(src for src in EXTRAS if due.pop(src, 0))
                p.deferred_night = g.night
        arrive(g, p, due)


def arrive(g: Game, p: Player, due: dict[str, int]) -> None:
    """Bullets due from several sources, one arrival after another in the spec's order (each logged)."""
    sources = [src for src, _ in BULLET_ARRIVALS]
    amounts = [due.get(src, 0) for src in sources]
    p.bullets, steps = bullet_arrivals(PY, p.bullets, amounts, g.p("sheriff.bullet_cap"), p.role == "sheriff")
    for src, amount, (stock, voided) in zip(sources, amounts, steps, strict=True):
        if amount > 0:
            g.log(
                "bullets", {"player": p.n, "source": src, "amount": amount, "voided": voided, "stock": stock}
            )


@skill
class Shoot(SkillImpl):
    key = "shoot"

    def check(self, g: Game, p: Player, a: Action) -> None:
        held = quota_held(p, a)
        most = min(held, g.p("armed.initial_bullets")) if p.role == "armed_crew" else held
        if not quota_allows(PY, len(a.targets), most):  # 2.5.1; the armed crew fires at most one (4.2.2)
            raise g.illegal(
                "4.4.1", f"可指定目标数＝当前剩余子弹数（{p.bullets}）", f"targets ≤ bullets ({p.bullets})", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.bullets = quota_spend(PY, p.bullets, len(a.targets))  # 子弹打出即消耗
        results = []
        for t in a.targets:
            results.append(g.attack(p, g.players[t - 1], GUNSHOT))
            p.shots.append(t)
            p.shots_landed.append(g.last_hit in LANDED)  # not stopped by a layer
        attack_feedback(g, p, a.targets, results)

    def available(self, g: Game, p: Player) -> bool:
        return p.bullets > 0

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.bullets <= 0 or rng.random() < 0.5:
            return None
        k = 1 if p.role == "armed_crew" else rng.randint(1, min(p.bullets, 2))
        pool = living(g)
        return Action(p.n, "shoot", tuple(rng.choice(pool) for _ in range(k)))


@hook("9", "post")
def _bounty(g: Game) -> None:
    """4.4.2: each enemy (true faction xenos / alien) shot tonight who died at step 9 returns bullets next
    night — per enemy, or per shot under the switch ``bounty.count_basis``."""
    per_shot = g.interp["bounty.count_basis"] == "per_shot"
    must_land = g.interp["bounty.blocked_shot"] == "shot_must_land"
    paid = [q.out == "dead" and q.death_night == g.night and q.faction in BOUNTY_FACTIONS for q in g.players]
    for p in g.players:
        if not p.shots:
            continue
        shots = [t for t, ok in zip(p.shots, p.shots_landed, strict=True) if ok or not must_land]
        kills = bounty_kills(PY, shots, paid, per_shot)
        if kills:
            p.recovery += bounty_recovery(PY, kills, g.p("bounty.bullets_per_kill"))


@skill
class Patrol(SkillImpl):
    key = "patrol"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.patrol_used:
            raise g.illegal("4.4.4", "巡逻全局 1 次，已用", "patrol already used", a)
        if g.night > g.p("patrol.last_night"):
            raise g.illegal("4.4.4", "巡逻仅限前 3 夜", "patrol only on the first 3 nights", a)
        if not 1 <= len(set(a.targets)) == len(a.targets) <= g.p("patrol.max_targets"):
            raise g.illegal("2.5.1", "巡逻指定 1~3 名不同玩家", "patrol 1–3 distinct players", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.patrol_used = True
        for t in a.targets:
            q = g.players[t - 1]
            q.patrol_night, q.patrol_dmg, q.patrol_inf = g.night, True, True
        g.patrolled += len(a.targets)

    def available(self, g: Game, p: Player) -> bool:
        return not p.patrol_used and g.night <= g.p("patrol.last_night")

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.patrol_used or g.night > g.p("patrol.last_night") or rng.random() < 0.6:
            return None
        pool = living(g)
        return Action(
            p.n, "patrol", tuple(rng.sample(pool, min(len(pool), rng.randint(1, g.p("patrol.max_targets")))))
        )


@skill
class SaveBullet(SkillImpl):
    key = "save_bullet"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        remember_process(g, p, "save_progress", "bullets_pending")
        p.save_progress, done = process_advance(PY, p.save_progress, g.p("hunter.save_nights"))
        if done:  # 2.9⑦: the bullet arrives next night
            p.bullets_pending += 1

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, "save_bullet") if "sniff" not in p.used and rng.random() < 0.25 else None


@skill
class Sniff(SkillImpl):
    key = "sniff"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.sniff_nights <= 0:
            raise g.illegal("4.4.8", "嗅探全局仅限 2 个夜晚", "no sniff nights left", a)
        if not 1 <= len(set(a.targets)) == len(a.targets) <= g.p("sniff.max_targets"):
            raise g.illegal("4.4.8", "每夜至多查询 2 名不同玩家", "at most 2 distinct players", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.sniff_nights -= 1
        n = g.night
        antibody = g.interp["sniff.antibody_counts"] == "yes"
        for t in a.targets:
            q = g.players[t - 1]
            protected = (
                (q.protect_night == n and q.protect_dmg)
                or (q.patrol_night == n and q.patrol_dmg)
                or q.armor
                or q.shield
                or (antibody and q.antibody_night == n)
            )
            g.private(p.n, "sniff_result", {"target": t, "protected": bool(protected)})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.sniff_nights <= 0 or rng.random() < 0.7:
            return None
        return Action(p.n, "sniff", (rng.choice(living_others(g, p)),))
