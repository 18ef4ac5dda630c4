"""The state vectors compare: every field with its scope, type and the section that defines it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.model import StateField

if TYPE_CHECKING:
    from ruleproof.specs.jiejie140.engine.game import Game

F = StateField
STATE_FIELDS: tuple[StateField, ...] = (
    F("identity", "player", "str", "身份（追随者叠于其原身份之上：base）", "身份"),
    F("base", "player", "str", "追随者之下的原身份", "追随者"),
    F("faction", "player", "str", "当前阵营（引导可改变）", "阵营"),
    F("alive", "player", "bool", "在场", "出局"),
    F("out", "player", "str", "出局方式：dead（死亡）∕ red（红牌罚下）", "出局"),
    F("announced", "player", "bool", "出局已公示（此后不可被选为目标）", "出局"),
    F("charged", "player", "bool", "此刻处于可发动超能技能的充能状态", "永恒者/凝聚者"),
    F("layers", "player", "int", "传承者的充能层数", "传承者"),
    F(
        "promoted_by",
        "player",
        "str",
        "晋级方式：initial ∕ ascend（聚灵晋升）∕ burst（灵能爆发）",
        "胜负判定",
    ),
    F("effects", "player", "list", "此刻生效的效果名", "镜像阵营身份"),
    F("uses", "player", "dict", "技能 → 本窗口已用次数", "镜像阵营身份"),
    F("yellow", "player", "int", "黄牌数", "红牌"),
    F("killed_by", "player", "list", "死亡计入的阵营（胜利条件 1 的「本阵营击杀」）", "胜负判定"),
    F("round", "game", "int", "第几天", "游戏日"),
    F("lost", "game", "list", "已判负的阵营（不予公示）", "阵营"),
    F("judge", "game", "int", "今日审判者", "附加身份"),
    F("arbiter", "game", "int", "今日仲裁者", "附加身份"),
    F("protected", "game", "list", "今日光辉仲裁的范围", "附加身份"),
    F(
        "ballots",
        "game",
        "list",
        "今日的阵营技能投票（id, voter, tally, target, at, cancelled, void）",
        "阵营技能",
    ),
    F("alive_count", "game", "dict", "各阵营存活人数", "胜负判定"),
    F("initial_count", "game", "dict", "各阵营初始人数", "胜负判定"),
)
FIELD_BY_KEY = {f.key: f for f in STATE_FIELDS}


def snapshot(g: Game) -> dict[str, Any]:
    players: dict[str, dict[str, Any]] = {}
    for p in g.players:
        players[str(p.n)] = {
            "identity": p.role,
            "base": p.base,
            "faction": p.faction,
            "alive": p.alive,
            "out": p.out,
            "announced": p.announced,
            "charged": g.charged(p),
            "layers": p.layers,
            "promoted_by": p.promoted_by,
            "effects": sorted({e.name for e in g.effects if e.holder == p.n and e.active(g.period)}),
            "uses": {k: v for (k, _w), v in sorted(p.uses.items()) if v},
            "yellow": p.yellow,
            "killed_by": list(p.death.credit) if p.death else [],
        }
    return {
        "round": g.night,
        "lost": [f for f in nm.FACTIONS if g.lost[f]],
        "judge": g.judge.get(g.night),
        "arbiter": g.arbiter.get(g.night),
        "protected": sorted(g.protected.get(g.night, ())),
        "ballots": [b.to_json() for b in g.ballots if b.round == g.night],
        "alive_count": {f: sum(1 for p in g.players if p.alive and p.faction == f) for f in nm.FACTIONS},
        "initial_count": dict(g.initial),
        "players": players,
    }


__all__ = ["FIELD_BY_KEY", "STATE_FIELDS", "snapshot"]
