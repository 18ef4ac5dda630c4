"""熬药巫婆 熬制[夜晚*]<强制><指定>: 「选择目标：一名角色和一个身份；结算效果：如果场上不存在该身份，则使该角色的身份转变
为该身份」, with its note:

* invalid choices (「如果选择的是无效的目标，则会被告知重新选择」): 「熬药巫婆不能熬制恶魔宝宝，也不能将携带恶魔宝宝的
  爪牙熬制成一个恶魔。熬药巫婆不能将邪恶角色熬制成暴徒、政客，熬药巫婆不能将角色熬制成异端分子」;
* 「如果熬药巫婆的技能熬制了一个恶魔，当晚可能会有0-n个玩家受到一次死亡判定……其余均视为熬药巫婆造成」 — the
  storyteller names them one by one (choice ``pithag.death``: a seat, or 0 to stop; default none); the
  note's 「一般地」 cases are what a storyteller typically picks, not rules the engine could apply;
* 「熬药巫婆创造的身份，如果行动顺序在熬药巫婆之前，则在熬药巫婆后马上行动一次，但若熬药巫婆选择了自己则没有此效果」 —
  the new role's night skills slotted before 熬药巫婆 tonight act at once: automatic ones run, a chosen
  one's targets come from the choice stream (``<skill>.target``, as the new holder picks them; a skill
  that is not <强制> first asks ``pithag.extra``: no / yes).

「场上不存在该身份」: no seat — living or dead — has the role (the 恶魔宝宝 is in play in its own game).
"""

from __future__ import annotations

from typing import Any

from ruleproof.specs.botc_m124.engine.model import EVIL, Player
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, ROLES, Kind
from ruleproof.specs.botc_m124.tables import BREW_LIMITS

CLAUSE = "熬药巫婆"
STOP = 0


def refusal(g: Any, target: Player, role: str) -> str | None:
    """Why brewing ``role`` on ``target`` is an invalid choice (the note's limits, from the spec; None:
    valid)."""
    for limit in BREW_LIMITS:
        if not (role in limit.roles or (limit.demon and ROLE_BY_KEY[role].kind is Kind.DEMON)):
            continue
        if (
            limit.target == "any"
            or (limit.target == "evil" and target.faction == EVIL)
            or (limit.target == "babysitter" and target.n in g.marks("携带宝宝"))
        ):
            return limit.quote
    return None


def role_options(g: Any, target: Player) -> list[str]:
    return [r.key for r in ROLES if refusal(g, target, r.key) is None]


def in_play(g: Any) -> set[str]:
    return {q.role for q in g.players} | ({"lilmonsta"} if g.setup.monsta else set())


def brew(g: Any, p: Player, target: Player, role: str) -> None:
    from ruleproof.specs.botc_m124.engine import skills
    from ruleproof.specs.botc_m124.engine.triggers import change_role

    if role in in_play(g):
        g.log("pithag", {"seat": p.n, "target": target.n, "role": role, "changed": False})
        return
    change_role(g, target, role)
    g.log("pithag", {"seat": p.n, "target": target.n, "role": role, "changed": True})
    if ROLE_BY_KEY[role].kind is Kind.DEMON:
        while g.result is None:
            living = [q.n for q in g.players if g.alive_pred(q)]
            pick = int(g.choose("pithag.death", [STOP, *living], clause=CLAUSE))
            if pick == STOP:
                break
            g.judge(pick, p, "pithag.brew")
    if target.n != p.n:
        skills.act_at_once(g, target, "熬药巫婆")


__all__ = ["STOP", "brew", "in_play", "refusal", "role_options"]
