"""Penalty cards (判罚制度) as the director gives them: 「累计三张“蓝牌”合并为一张“黄牌”」, 「累计三张“黄牌”合并为一张
“红牌”」, 「玩家受到红牌判罚时出局（称为“红牌罚下”）」, 「判罚红牌时，导演视情况决定是否判负该玩家所在阵营。同一阵营的角色
累计获得两张或以上红牌时，阵营判负」.

A card is a day action ``penalty`` of the seat penalised (``card``: blue / yellow / red, at its moment of
the discussion day): what the speech rules (判罚依据) punish is the director's judgment and out of the
engine's scope, the cards and what they do are not.  A red card puts the seat out of the game — out, not
dead: no death judgment, no death triggers, no skill left (not even <无视死亡>); its team is the seat's
alignment at the card.  The team loses at its second red card, or at one if the director so rules
(choice ``redcard.forfeit``: no / yes); a forfeit ends the game at once and is final — it is a penalty,
not a win condition, so neither 异端分子 nor 政客 turns it.  Otherwise the win conditions are checked on the
seats left, as after a death.
"""

from __future__ import annotations

from typing import Any

from ruleproof.specs.botc_m124.engine.model import EVIL, GOOD, Player

CARDS = ("blue", "yellow", "red")
ZH = {"blue": "蓝牌", "yellow": "黄牌", "red": "红牌"}
OUT = "red_card"


def give(g: Any, p: Player, card: str) -> None:
    held = g.cards.setdefault(p.n, {c: 0 for c in CARDS})
    held[card] += 1
    g.announce("penalty", {"player": p.n, "card": card})
    per_yellow, per_red = g.spec.p("cards.blue_per_yellow"), g.spec.p("cards.yellow_per_red")
    while held["blue"] >= per_yellow:  # 「累计三张“蓝牌”合并为一张“黄牌”」
        held["blue"] -= per_yellow
        held["yellow"] += 1
        g.announce("penalty_merged", {"player": p.n, "from": "blue", "card": "yellow"})
    while held["yellow"] >= per_red:  # 「累计三张“黄牌”合并为一张“红牌”」
        held["yellow"] -= per_red
        held["red"] += 1
        g.announce("penalty_merged", {"player": p.n, "from": "yellow", "card": "red"})
        red(g, p)
    if card == "red":
        red(g, p)


def red(g: Any, p: Player) -> None:
    """红牌罚下, and the team's loss."""
    team = p.faction
    g.red_cards[team] += 1
    if p.out != OUT:
        p.alive = False
        p.out = OUT
        g.held_changed()
    g.announce("red_card", {"player": p.n, "team": team, "team_reds": g.red_cards[team]})
    if g.red_cards[team] >= g.spec.p("cards.red_team_loss"):
        forfeit(g, team, "red_cards", "同一阵营累计获得两张或以上红牌，阵营判负")
    elif g.choose("redcard.forfeit", ["no", "yes"], clause="红牌") == "yes":
        forfeit(g, team, "red_card_forfeit", "导演判罚红牌时判负该玩家所在阵营")
    else:
        g.check_win("death")


def forfeit(g: Any, team: str, row: str, reason: str) -> None:
    g.finish(GOOD if team == EVIL else EVIL, f"{g.current_phase.kind} {g.step}", row, reason)


__all__ = ["CARDS", "OUT", "ZH", "forfeit", "give", "red"]
