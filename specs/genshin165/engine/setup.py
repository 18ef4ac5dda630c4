"""What a seat holds from the deal, and the game start (总体流程 1): 守卫<模式选择>, 大天狗<家国抉择>,
丘比特<丘比特之箭>, 养殖者<养殖>, 妖狐's minion, 狼群<窥天> — each a decision of its seat, asked through
the policy (``choices`` in a vector); a seat that does not decide gets the rule's default draw."""

from __future__ import annotations

from ruleproof.specs._werewolf_family.engine import Player
from ruleproof.specs.genshin165.engine.game import VILLAGE, Game
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.roles import roles, roster
from ruleproof.specs.genshin165.rules import Camp


@RULES.on_setup("肉猪")
def _pig(g: Game, p: Player) -> None:
    """苟活: 本次游戏肉猪获得[守护：1]."""
    g.give(p, "守护", source=p.n, count=g.spec.p("pig.guard"))


@RULES.on_setup("灵鹿")
def _deer(g: Game, p: Player) -> None:
    """长寿之命: 灵鹿永久获得[守护：1]状态."""
    g.give(p, "守护", source=p.n, count=g.spec.p("deer.guard"))


@RULES.on_setup("隐者")
def _hermit(g: Game, p: Player) -> None:
    """隐身衣: 常驻[隐身][迷魂]状态."""
    g.give(p, "隐身", source=p.n)
    g.give(p, "迷魂", source=p.n)


def _pick(g: Game, key: str, options: list[int | str], clause: str) -> int | str:
    return g.choose(key, options, clause=clause, default=g.rng.randrange(len(options)))


@RULES.hook("start.1", "post")
def start(g: Game) -> None:
    """The start skills in the flow's order, for the seats that have not acted."""
    acted = {(e.initiator, e.skill) for e in g.ledger}
    for p in g.players:
        if p.role == "丘比特" and (p.n, "丘比特之箭") not in acted:
            first = int(_pick(g, f"丘比特之箭:{p.n}", [q.n for q in g.players], "丘比特"))
            second = int(_pick(g, f"丘比特之箭:{p.n}", [q.n for q in g.players if q.n != first], "丘比特"))
            from ruleproof.runtime import Action

            g.rules.skills["丘比特之箭"].resolve(g, p, Action(p.n, "丘比特之箭", (first, second)))
        if p.role == "养殖者":
            pig = [q.n for q in g.players if q.true_role == "肉猪"]
            g.private(p.n, "养殖", {"seats": pig})
        if p.role == "大天狗" and (p.n, "家国抉择") not in acted:
            pick = _pick(g, f"家国抉择:{p.n}", ["回家", "远征"], "大天狗")
            p.tags.add("[群内]" if pick == "回家" else "[接刀]")
        if p.role == "守卫" and (p.n, "模式选择") not in acted:
            modes: list[int | str] = ["德式守护", "日式守护", "版杀守护"]
            pick = _pick(g, f"模式选择:{p.n}", modes, "守卫")
            for m in modes:
                if m != pick:
                    p.skills[str(m)].lost = True
        if p.role == "妖狐":
            _fox(g, p)
    pack = [p for p in g.players if "[群内]" in p.tags]
    if pack:  # 窥天: 群内狼可以如同上帝使徒一般询问2张村民阵营的身份牌是否存在
        village = [r for r in roster() if roles()[r].camp is Camp.VILLAGE]
        dealt = {p.true_role for p in g.players}
        asked = [_pick(g, "窥天", list(village), "[群内]可用技能") for _ in range(2)]
        for q in pack:
            g.private(q.n, "窥天", {"asked": asked, "present": [r in dealt for r in asked]})


def _fox(g: Game, fox: Player) -> None:
    """妖狐出现时，随机一个村民阵营的角色，阵营变为和妖狐相同的阵营，该角色额外获得技能[通灵]，并得知妖狐名单."""
    from ruleproof.specs._werewolf_family.engine import SkillState

    village = [q.n for q in g.players if q.faction == VILLAGE]
    if not village:
        return
    minion = g.seat(int(_pick(g, f"妖狐小弟:{fox.n}", list(village), "妖狐")))
    minion.faction = fox.faction
    minion.skills["通灵"] = SkillState(origin="妖狐")
    minion.marks["fox_minion"] = fox.n
    g.private(minion.n, "fox", {"fox": fox.n})


__all__ = ["start"]
