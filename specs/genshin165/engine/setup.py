"""What a seat holds from the deal, and the game start (总体流程 1): 守卫<模式选择>, 大天狗<家国抉择>,
丘比特<丘比特之箭>, 养殖者<养殖>, 妖狐's minion, 狼群<窥天> — each a decision of its seat, asked through
the policy (``choices`` in a vector); a seat that does not decide gets the rule's default draw."""

from __future__ import annotations

from collections.abc import Callable

from ruleproof.specs._werewolf_family.engine import Player
from ruleproof.specs.genshin165.engine.game import PASSIVES, WOLF, Game
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.roles import roles, roster
from ruleproof.specs.genshin165.rules import Camp


def passive(name: str) -> Callable[[Callable[[Game, Player], None]], Callable[[Game, Player], None]]:
    """What holding the skill ``name`` gives at once (game.PASSIVES)."""

    def deco(fn: Callable[[Game, Player], None]) -> Callable[[Game, Player], None]:
        PASSIVES[name] = fn
        return fn

    return deco


@passive("苟活")
def _pig(g: Game, p: Player) -> None:
    """苟活: 本次游戏肉猪获得[守护：1]."""
    g.give(p, "守护", source=p.n, count=g.spec.p("pig.guard"), pig=True)


@passive("长寿之命")
def _deer(g: Game, p: Player) -> None:
    """长寿之命: 灵鹿永久获得[守护：1]状态."""
    g.give(p, "守护", source=p.n, count=g.spec.p("deer.guard"))


@passive("隐身衣")
def _hermit(g: Game, p: Player) -> None:
    """隐身衣: 常驻[隐身][迷魂]状态."""
    g.give(p, "隐身", source=p.n, cloak=True)
    g.give(p, "迷魂", source=p.n, cloak=True)


def _pick(g: Game, key: str, options: list[int | str], clause: str) -> int | str:
    return g.choose(key, options, clause=clause, default=g.rng.randrange(len(options)))


@RULES.hook("start.1", "post")
def start(g: Game) -> None:
    """窥天 [开局][强制] (the pack's): 群内狼可以如同上帝使徒一般询问2张村民阵营的身份牌是否存在 — after the start
    skills of the seats (狼群<窥天> closes the flow's list)."""
    pack = [p for p in g.players if "[群内]" in p.tags and p.faction == WOLF]
    if pack:
        village: list[int | str] = [r for r in roster() if roles()[r].camp is Camp.VILLAGE]
        dealt = {p.true_role for p in g.players}
        asked = [_pick(g, "窥天", list(village), "[群内]可用技能") for _ in range(2)]
        for q in pack:
            g.private(q.n, "窥天", {"asked": asked, "present": [r in dealt for r in asked]})


__all__ = ["start"]
