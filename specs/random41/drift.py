"""Every phrase 随机配置法 4.1's game-rules spec quotes, with the clause it cites."""

from __future__ import annotations

from ruleproof.specs._werewolf_family.model import Cited
from ruleproof.specs.random41 import tables


def quotes() -> list[Cited]:
    from ruleproof.specs.random41.game_params import PARAMS, SWITCH_QUOTES

    return [*tables.quotes(), *(Cited(f"param {p.key}", p.clause, p.quote) for p in PARAMS), *SWITCH_QUOTES]


__all__ = ["quotes"]
