"""Every constant of [M124] 血染钟楼 the engine and the setup rules use, once, with its clause and phrase.

Clock times are minutes since midnight (``Unit.MINUTE``: 14:00 → 840).  ``tunable=False`` marks the
constants a reform cannot vary (the seat count the whole script is built for).
"""

from __future__ import annotations

from ruleproof.specs.model import Param, Unit

M = Unit.MINUTE
PREAMBLE = "前言"
"""The clause id of the text before the first heading (本局为12人局…): the reader's preamble."""

PARAMS: tuple[Param, ...] = (
    Param("players", 12, PREAMBLE, "本局为12人局", "玩家人数", "players", tunable=False),
    Param("base.townsfolk", 7, PREAMBLE, "原始配置为7村民", "原始村民数", "base Townsfolk"),
    Param("base.outsiders", 2, PREAMBLE, "2外来者", "原始外来者数", "base Outsiders"),
    Param("base.minions", 2, PREAMBLE, "2爪牙", "原始爪牙数", "base Minions"),
    Param("base.demons", 1, PREAMBLE, "1恶魔", "原始恶魔数", "base Demons", minimum=0),
    Param(
        "demon.bluffs",
        3,
        "恶魔",
        "三个不同的不存在场上的善良身份",
        "恶魔获知的不在场善良身份数",
        "Demon bluffs",
    ),
    Param("day.open", 540, "讨论日长短", "讨论日为每天9:00-20:00", "讨论日开始", "discussion day opens", M),
    Param(
        "day.close",
        1200,
        "讨论日长短",
        "讨论日为每天9:00-20:00",
        "讨论日结束（关门）",
        "discussion day closes",
        M,
    ),
    Param(
        "skill.day_from", 540, "技能", "只能在每天的9:00-20:00发动", "[白天]技能起", "[白天] skills from", M
    ),
    Param(
        "skill.day_to", 1200, "技能", "只能在每天的9:00-20:00发动", "[白天]技能止", "[白天] skills until", M
    ),
    Param("nominate.from", 840, "提名与投票", "每个讨论日14:00-19:00", "提名起", "nominations from", M),
    Param("nominate.to", 1140, "提名与投票", "每个讨论日14:00-19:00", "提名止", "nominations until", M),
    Param(
        "vote.delay",
        10,
        "提名与投票",
        "导演会在十分钟后在投票贴发起提名投票",
        "提名至投票贴",
        "nomination to vote post",
        M,
    ),
    Param(
        "vote.window",
        60,
        "提名与投票",
        "距发起投票超过六十分钟",
        "投票时限",
        "voting time limit",
        M,
        minimum=1,
    ),
    Param(
        "vote.dead_yes",
        1,
        "提名与投票",
        "但只有一次机会投“是”",
        "死亡角色“是”票次数",
        "yes votes of a dead seat",
    ),
    Param(
        "nominate.per_day",
        1,
        "提名与投票",
        "每个角色仅可提名与被提名一次",
        "每日提名次数",
        "nominations per seat per day",
        minimum=1,
    ),
    Param(
        "nominated.per_day",
        1,
        "提名与投票",
        "每个角色仅可提名与被提名一次",
        "每日被提名次数",
        "times nominated per seat per day",
        minimum=1,
    ),
    Param(
        "execute.factor",
        2,
        "处决，死亡与复活",
        "获得票数的两倍大于等于当时存活角色数量",
        "处决票数倍数",
        "vote multiplier of the threshold",
        minimum=1,
    ),
    Param(
        "win.evil_alive",
        2,
        "邪恶阵营",
        "场上仅剩两名存活角色",
        "邪恶胜利的存活人数",
        "living seats for the evil win",
        minimum=1,
    ),
    Param(
        "scarletwoman.min_alive",
        5,
        "猩红女士",
        "场上的存活角色数量大于等于5",
        "猩红女士转化所需存活人数",
        "living seats for the Scarlet Woman",
    ),
    Param(
        "witch.alive",
        3,
        "女巫",
        "当场上存活玩家数量等于三名玩家时",
        "女巫失去技能时的存活人数",
        "living seats at which the Witch loses her skills",
    ),
    Param(
        "juggler.max", 5, "杂耍者", "一至五名角色", "杂耍者最多猜测数", "Juggler guesses at most", minimum=1
    ),
    Param(
        "goblin.window",
        10,
        "哥布林",
        "哥布林的嚣张需在被提名后十分钟内发动",
        "哥布林宣言时限",
        "Goblin claim window",
        M,
    ),
    Param(
        "moonchild.window",
        60,
        "月之子",
        "月之子的照耀需在宣布死亡后一小时内发动",
        "月之子照耀时限",
        "Moonchild choice window",
        M,
    ),
    Param("noble.names", 3, "贵族", "三名不同角色的马甲名", "贵族获知人数", "Noble names"),
    Param(
        "cards.blue_per_yellow",
        3,
        "蓝牌",
        "累计三张“蓝牌”合并为一张“黄牌”",
        "蓝牌合黄",
        "blue cards per yellow",
        minimum=1,
    ),
    Param(
        "cards.yellow_per_red",
        3,
        "黄牌",
        "累计三张“黄牌”合并为一张“红牌”",
        "黄牌合红",
        "yellow cards per red",
        minimum=1,
    ),
    Param(
        "cards.red_team_loss",
        2,
        "红牌",
        "同一阵营的角色累计获得两张或以上红牌时，阵营判负",
        "阵营判负红牌数",
        "red cards that lose a team",
        minimum=1,
    ),
)
PARAM_BY_KEY: dict[str, Param] = {p.key: p for p in PARAMS}

__all__ = ["PARAMS", "PARAM_BY_KEY", "PREAMBLE"]
