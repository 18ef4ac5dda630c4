"""State snapshots: exactly the spec's state fields (specs/fanhanglu/vocab.py), as JSON-ready values.

Decimal quantities are given as rule authors write them (24 → 24, 22.75 → 22.75).  Snapshots are what
vector expectations compare against and what invariant checkers (issue 5) inspect on engine traces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ruleproof.specs.fanhanglu.engine.model import MARK_NAMES, Player, centi_json

if TYPE_CHECKING:
    from ruleproof.specs.fanhanglu.engine.game import Game

PlayerGetter = Callable[["Game", Player], Any]
GameGetter = Callable[["Game"], Any]


def _opt(v: int) -> int | None:
    return v or None


PLAYER_FIELDS: dict[str, PlayerGetter] = {
    "role": lambda g, p: p.true_role,
    "presented_role": lambda g, p: p.presented,
    "faction": lambda g, p: p.faction,
    "alive": lambda g, p: p.alive,
    "out": lambda g, p: p.out,
    "dying": lambda g, p: p.dying,
    "silenced": lambda g, p: p.silenced_night == g.night,
    "bullets": lambda g, p: p.bullets,
    "knife_count": lambda g, p: p.knife_count,
    "direction": lambda g, p: p.direction,
    "conversions": lambda g, p: p.conversions,
    "extra_knife": lambda g, p: max(p.extra_knife, 0),
    "mark": lambda g, p: MARK_NAMES[p.mark],
    "mark_due": lambda g, p: _opt(p.mark_due),
    "suppressions": lambda g, p: p.suppressions,
    "immunity": lambda g, p: p.immunity,
    "self_heal_quota": lambda g, p: p.self_heal_quota,
    "heal": lambda g, p: p.heal,
    "rescue": lambda g, p: p.rescue,
    "self_rescue": lambda g, p: p.self_rescue,
    "pharma_progress": lambda g, p: p.pharma_progress,
    "antibody_night": lambda g, p: _opt(p.antibody_night),
    "shield": lambda g, p: p.shield,
    "armor": lambda g, p: p.armor or p.armor_inf,
    "disguises": lambda g, p: p.disguises,
    "patrol_used": lambda g, p: p.patrol_used,
    "safe_rooms": lambda g, p: p.safe_rooms,
    "extra_repairs": lambda g, p: p.extra_repairs,
    "repair_total": lambda g, p: centi_json(p.repair_total),
    "sabotage_total": lambda g, p: centi_json(p.sabotage_total),
    "exposed": lambda g, p: p.exposed,
    "awakened": lambda g, p: p.awakened,
    "alien_sabotages": lambda g, p: p.alien_sabotages,
    "save_progress": lambda g, p: p.save_progress,
    "sniff_nights": lambda g, p: p.sniff_nights,
    # 4.7.3⑤ 「神探死亡后其池作废」 (death; exile is not named) — 4.13.7⑤ 「出局即作废」 (any exit)
    "detective_pool": lambda g, p: None if p.out == "dead" else [list(e) for e in p.pool],
    "ferry_log": lambda g, p: [dict(e) for e in p.ferry_log] if p.alive else None,  # 4.13.7⑤ 出局即作废
    "main_action": lambda g, p: p.main_skill if p.main_night == g.night and p.main_skill else None,
    "infections_used": lambda g, p: p.infect_count if p.infect_night == g.night else 0,
    "last_protected": lambda g, p: _opt(p.last_protected),
    "poisoned": lambda g, p: p.poisoned,
    "poison_due": lambda g, p: _opt(p.poison_due),
    "poison_quota": lambda g, p: p.poison_quota,
    "antidote_quota": lambda g, p: p.antidote_quota,
    "armor_until": lambda g, p: _opt(p.armor_until),
    "armor_stock": lambda g, p: p.armor_stock,
    "quick_stock": lambda g, p: p.quick_stock,
    "forge_progress": lambda g, p: p.forge_progress,
    "samples": lambda g, p: p.samples,
    "research_unlocked": lambda g, p: p.unlocked,
    "vaccines": lambda g, p: p.vaccines,
    "vaccine_until": lambda g, p: _opt(p.vaccine_until),
    "revives": lambda g, p: p.revives,
    "transform_night": lambda g, p: _opt(p.transform_night),
    "bloodstain": lambda g, p: p.bloodstain,
    "escape_score": lambda g, p: centi_json(p.escape_score),
    "escape_eligible": lambda g, p: p.eligible,
    "vote_maps": lambda g, p: p.vote_maps,
}

GAME_FIELDS: dict[str, GameGetter] = {
    "night": lambda g: g.night,
    "phase": lambda g: g.phase,
    "countdown": lambda g: centi_json(g.countdown),
    "net_damage": lambda g: centi_json(g.net_damage),
    "shutdown_tiers": lambda g: [i + 1 for i, fired in enumerate(g.tiers) if fired],
    "countdown_void": lambda g: g.countdown_void,
    "occupancy": lambda g: dict(zip(("sabotage", "infection", "kill"), g.occupancy, strict=True)),
    "alive_count": lambda g: dict(zip(("humans", "xenos", "alien"), g.faction_counts(), strict=True)),
    "stalemate": lambda g: g.stalemate,
    "meetings": lambda g: g.meetings,
    "secondary": lambda g: list(g.secondary),
    "overtime": lambda g: g.overtime,
}


def snapshot(g: Game) -> dict[str, Any]:
    out: dict[str, Any] = {key: fn(g) for key, fn in GAME_FIELDS.items()}
    out["players"] = {str(p.n): {key: fn(g, p) for key, fn in PLAYER_FIELDS.items()} for p in g.players}
    return out
