"""The death-row alien (6.8): transformation at the identity-change sub-step with mirror ledgers (2.8.5),
the 2-night cooldown, the cloned xeno kit without occupancy (6.8.3⑧, 6.8.5④), revival at step 8 (6.8.4,
2 per game, traced in batch ⑥ and deferred while ⑥ is not published).

The body keeps what belongs to the person — life, layers, marks, poison, suppressions (2.8.5⑩), disguises and
conversions (counted by the body, 6.8.2, 5.5.1), revives, bloodstain and escape points; each transformable
role has its own ledger (:data:`LEDGER_FIELDS`) that keeps accruing passive quotas while not presented
(2.8.5②, via :func:`ruleproof.specs.fanhanglu.engine.skills.util.ledger_holders`) and is swapped in on a transform.
"""

from __future__ import annotations

import random

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import TRUE, Action, Player
from ruleproof.specs.fanhanglu.engine.registry import (
    SETUP_HOOKS,
    SkillImpl,
    hook,
    on_arrival,
    on_setup,
    skill,
)
from ruleproof.specs.fanhanglu.engine.skills.police import SHOOTERS, arrive
from ruleproof.specs.fanhanglu.engine.skills.util import DERIVED, dying_targets, quota_held, quota_targets
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY

DEATH_ROW = "death_row_alien"

# What a role's mirror ledger holds (2.8.5①④): its quotas, stocks, processes and the history its skills
# depend on; everything else stays with the body.
LEDGER_FIELDS: tuple[str, ...] = (
    "bullets",
    "recovery",
    "bullets_pending",
    "extra_alive_done",
    "patrol_used",
    "save_progress",
    "sniff_nights",
    "heal",
    "rescue",
    "self_rescue",
    "heal_pending",
    "rescue_pending",
    "pharma_progress",
    "safe_rooms",
    "extra_repairs",
    "last_protected",
    "guard_night",
    "check_counts",
    "pool",
    "knife_count",
    "knifed_night",
    "direction",
    "evolved_night",
    "direction_night",
    "extra_knife",
    "extra_knife_granted",
    "poison_quota",
    "antidote_quota",
    "armor_stock",
    "quick_stock",
    "forge_progress",
    "quick_progress",
    "forge_pending",
    "quick_pending",
    "samples",
    "unlocked",
    "vaccines",
    "vote_maps",
)


def transform_pool(g: Game) -> list[str]:
    """6.8.3①: every human role of the opening announcement (the seats as chosen) and the xeno — never an
    alien variant nor a job-change role; fixed at the start (dead roles stay in it)."""
    humans = [r for r in g.roles_in_game if ROLE_BY_KEY[r].faction == "humans" and r not in DERIVED]
    return [*humans, "xeno"]


@on_setup(DEATH_ROW)
def _death_row(g: Game, p: Player) -> None:
    p.revives = g.p("death_row.revives")
    p.no_occupancy = True  # 6.8.5④
    p.disguises = g.p("disguise.uses")  # 6.8.2: cloned when presenting a xeno, counted by the body
    mirrors: dict[str, Player] = {}
    for role in transform_pool(g):
        m = Player(p.n, role, p.faction)
        for fn in SETUP_HOOKS.get(role, ()):
            fn(g, m)  # 2.8.5②: initial quotas accrue in the ledger from the start
        mirrors[role] = m
    g.mirrors[p.n] = mirrors


def can_transform(g: Game, p: Player) -> bool:
    """6.8.3③ / 2.8.1: after a transform, 2 nights of cooldown (none before the first)."""
    return not p.transform_night or g.night > p.transform_night + g.p("death_row.transform_cooldown")


@skill
class Transform(SkillImpl):
    key = "transform"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not can_transform(g, p):
            raise g.illegal("6.8.3", "变形后 2 夜冷却", "2 nights of cooldown after a transform", a)
        ident = a.identities[0] if len(a.identities) == 1 else ""
        if ident not in transform_pool(g) or ident == p.role:
            raise g.illegal(
                "6.8.3",
                "须变为本局开局公告所列之人类职业或异形（非外星人、非转职职业、非当前呈现）",
                "transform into an announced human role or a xeno (not an alien, a job-change role or "
                "the current form)",
                a,
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        mirrors = g.mirrors[p.n]
        if p.role in mirrors:  # seal the ledger of the form left (2.8.5⑦: no new ledger, nothing reset)
            store(p, mirrors[p.role])
        new = mirrors[a.identities[0]]
        store(new, p)
        p.role = p.presented = new.role
        p.transform_night = g.night
        if new.deferred_night == g.night:  # 2.8.5③, 6.8.3④: presented tonight
            arrive(g, p, {source: g.p("extra_bullet.amount") for source in new.deferred_extras})
        new.deferred_extras = ()
        g.log("transform", {"player": p.n, "role": p.role})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if not can_transform(g, p) or rng.random() < 0.6:
            return None
        choices = [r for r in transform_pool(g) if r != p.role]
        return Action(p.n, "transform", identities=(rng.choice(choices),))


def store(src: Player, dst: Player) -> None:
    for f in LEDGER_FIELDS:
        value = getattr(src, f)
        setattr(dst, f, value.copy() if isinstance(value, list | dict) else value)


@on_arrival
def _reset_revives(g: Game) -> None:
    g.revived_tonight = 0


@skill
class Revive(SkillImpl):
    key = "revive"

    def check(self, g: Game, p: Player, a: Action) -> None:
        quota_targets(g, a, quota_held(p, a), "复生次数", "revives")  # 6.8.4④ 每夜至多使用「当前持有额度」次
        dying_targets(g, a, "6.8.4")

    def capable(self, g: Game, p: Player, a: Action) -> bool:
        if p.dying and a.targets == (p.n,) and g.interp["revive.self_when_dying"] == "allowed":
            return p.alive  # 6.8.4⑤ 自救豁免
        return g.capable(p, a.skill)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        for t in a.targets:
            p.revives -= 1
            q = g.players[t - 1]
            if not q.dying:  # already saved earlier in the settlement order: fizzle, spent (6.8.4②)
                g.log("fizzle", {"actor": p.n, "skill": "revive", "target": t})
                continue
            g.end_dying(q)
            if q.mark == TRUE and q.mark_due <= g.night:
                g.clear_mark(q)  # reading: the mark that fell due is spent with the revival
            g.revived_tonight += 1
            g.log("revived", {"actor": p.n, "target": t})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        dying = [q.n for q in g.players if q.alive and q.dying]
        if p.revives <= 0 or not dying or rng.random() < 0.4:
            return None
        if p.dying and g.interp["revive.self_when_dying"] == "allowed":
            return Action(p.n, "revive", (p.n,))
        return Action(p.n, "revive", tuple(rng.sample(dying, min(len(dying), p.revives))))


@hook("8", "post")
def _revive_trace(g: Game) -> None:
    """6.8.4⑥: 「本夜发生 N 次复生」 and the revives left, without numbers, in batch ⑥ — or in the next
    published batch ⑥ when tonight's is not published (6.8.7⑤)."""
    if not g.revived_tonight:
        return
    left = sum(p.revives for p in g.players if p.true_role == DEATH_ROW)
    earlier = list(g.revive_trace.get("revives", []))
    g.revive_trace = {
        "revives": [*earlier, {"night": g.night, "count": g.revived_tonight}],
        "revives_left": left,
    }


__all__ = ["LEDGER_FIELDS", "SHOOTERS"]
