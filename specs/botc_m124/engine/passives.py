"""Passive skills that give statuses for as long as they work: 强健, 茶艺, 腐化, 迷乱, 寄宿, and the
self-given ones (醉意 of 酒鬼 / 疯子, 木偶 of 提线木偶), and the 解谜大师's 谜语."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ruleproof.specs.botc_m124.engine.model import GOOD, Player
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, Kind


def _townsfolk(g: Any) -> Any:
    return lambda q: ROLE_BY_KEY[q.role].kind is Kind.TOWNSFOLK


def install(g: Any, p: Player, only: Iterable[str] | None = None) -> None:
    """Install the statuses of ``p``'s passives (only those of ``only``, when given: skills just gained)."""
    n = p.n
    held = p.held if only is None else {k: p.held[k] for k in only if k in p.held}
    # the self-given impairments first: given earlier, they suspend the statuses of the seat's other
    # skills (a 疯子 believing it is the 迷乱漩涡 confuses nobody), never the reverse
    for key in ("drunk.drunk", "lunatic.drunk"):
        if key in held:
            g.grant(n, "醉酒", p, key)
    if "marionette.puppet" in held:
        g.grant(n, "中毒", p, "marionette.puppet")
    if "sailor.sturdy" in held:
        g.ongoing("不死", p, "sailor.sturdy", lambda gg: [n])
    if "tealady.tea" in held:

        def tea(gg: Any) -> list[int]:
            if not gg.players[n - 1].alive:
                return []
            near: list[int] = gg.neighbours(n, gg.alive_pred)
            if len(near) == 2 and all(gg.players[x - 1].faction == GOOD for x in near):
                return near
            return []

        g.ongoing("不死", p, "tealady.tea", tea)
    if "nodashii.corrupt" in held:
        g.ongoing("中毒", p, "nodashii.corrupt", lambda gg: gg.neighbours(n, _townsfolk(gg)))
    if "vortox.confuse" in held:
        g.ongoing(
            "迷乱",
            p,
            "vortox.confuse",
            lambda gg: [q.n for q in gg.players if ROLE_BY_KEY[q.role].kind is Kind.TOWNSFOLK],
        )
    if "lleech.host" in held:

        def host(gg: Any) -> list[int]:
            hosts: list[int] = [
                e.holder for e in gg.entries if e.name == "被寄生"
            ]  # not through force(): no recursion
            return [n] if any(gg.players[h - 1].alive for h in hosts) else []

        g.ongoing("不死", p, "lleech.host", host)
    if "puzzlemaster.riddle" in held and g.setup.puzzle_answer:
        g.grant(g.setup.puzzle_answer, "谜底", p, "puzzlemaster.riddle")
        g.grant(g.setup.puzzle_answer, "醉酒", p, "puzzlemaster.riddle")


__all__ = ["install"]
