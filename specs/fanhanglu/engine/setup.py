"""Game setup: which role each of the 15 players holds (1.1, 1.1.1, 2.3.0②附二)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ruleproof.errors import UserError
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.engine.model import NotImplementedRule
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY, ROLES, SEATS

FIXED: tuple[str, ...] = tuple(r.key for r in ROLES for _ in range(r.count) if r.seat is None)


def implemented_variants(seat: str) -> tuple[str, ...]:
    for s in SEATS:
        if s.key == seat:
            return tuple(v for v in s.variants if ROLE_BY_KEY[v].implemented)
    raise KeyError(seat)


def composition(variants: Mapping[str, str]) -> list[str]:
    """The 15 roles of a game with the given seat variants (every seat must be named)."""
    roles = list(FIXED)
    for s in SEATS:
        roles.append(variants[s.key])
    return roles


def random_roles(seed: int, variants: Mapping[str, str] | None = None) -> list[str]:
    """Seeded: each seat takes a random implemented variant (unless given), then roles are dealt."""
    rng = random.Random(f"setup:{seed}")
    chosen = {s.key: rng.choice(implemented_variants(s.key)) for s in SEATS}
    chosen.update(variants or {})
    roles = composition(chosen)
    rng.shuffle(roles)
    return roles


def validate_roles(spec: Spec, players: Mapping[str, str]) -> list[str]:
    """Check a vector's ``setup.players`` (player number → role key) against 1.1 / 1.1.1."""
    total = spec.p("players.total")
    keys = sorted(players, key=lambda k: int(k) if k.isdigit() else 0)
    if keys != [str(i) for i in range(1, total + 1)]:
        raise UserError(
            f"setup.players 须恰好列出 1~{total} 号玩家", f"setup.players must list players 1–{total}"
        )
    roles = [players[k] for k in keys]
    for r in roles:
        if r not in ROLE_BY_KEY:
            raise UserError(
                f"未知职业 {r}（用 ruleproof vocab 查看）", f"unknown role {r} (see `ruleproof vocab`)"
            )
        rdef = ROLE_BY_KEY[r]
        if rdef.derived_from:
            raise UserError(
                f"{rdef.zh}为转职衍生职业，开局不可分配（4.2.2）",
                f"{r} is a job-change role, not dealt at start",
            )
        if not rdef.implemented:
            raise NotImplementedRule(
                f"席位变体 {rdef.zh}（{rdef.clause}）尚未实现（{rdef.issue}）",
                f"seat variant {r} ({rdef.clause}) is not implemented yet ({rdef.issue})",
            )
    for s in SEATS:
        present = [r for r in roles if r in s.variants]
        if len(present) != 1:
            raise UserError(
                f"席位「{s.zh}」须恰有一名在场（1.1.1），实有 {len(present)}",
                f"seat {s.key} needs exactly one player (1.1.1), got {len(present)}",
            )
    for rdef in ROLES:
        if rdef.seat is None and rdef.count and roles.count(rdef.key) != rdef.count:
            raise UserError(
                f"{rdef.zh}须为 {rdef.count} 名（1.1），实有 {roles.count(rdef.key)}",
                f"{rdef.key} must number {rdef.count} (1.1), got {roles.count(rdef.key)}",
            )
    return roles
