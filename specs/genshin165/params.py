"""[165]原神's constants, each once, with its clause (the reader's section id) and the phrase it is read
from.  ``--set KEY=VALUE`` overrides a tunable one (a what-if); the engine reads them from the loaded spec.
"""

from __future__ import annotations

from ruleproof.specs._werewolf_family.model import Threshold
from ruleproof.specs.model import Param, Unit

P = Param

PARAMS: tuple[Param, ...] = (
    P("witch.save", 1, "女巫", "救药 [凌晨][1][指定]", "女巫救药次数", "witch's saves"),
    P("witch.poison", 1, "女巫", "毒药[凌晨][1][指定]", "女巫毒药次数", "witch's poisons"),
    P("demon_hunter.uses", 3, "猎魔人", "猎杀 [深夜][指定][3]", "猎魔人猎杀次数", "demon hunter's hunts"),
    P(
        "demon_hunter.extra_third",
        1,
        "猎魔人",
        "若该角色是三方或不定阵营，该技能额外消耗1点次数",
        "猎杀三方/不定额外消耗",
        "extra cost on a third party / undetermined",
    ),
    P(
        "demon_hunter.extra_village",
        2,
        "猎魔人",
        "若该角色是村民阵营，该技能额外消耗2点次数",
        "猎杀村民额外消耗",
        "extra cost on a villager",
    ),
    P(
        "bounty.start",
        0,
        "赏金猎人",
        "捕杀[深夜][指定][0]",
        "赏金猎人捕杀初始次数",
        "bounty hunter's kills at start",
    ),
    P("judge.uses", 2, "圣裁者", "裁决[深夜][指定][2]", "圣裁者裁决次数", "judge's verdicts"),
    P("taiji.uses", 2, "太极宗师", "归元[早夜][指定][2]", "太极宗师归元次数", "taiji master's uses"),
    P("pharmacist.charm", 1, "药剂师", "迷魂药[深夜][指定][1]", "迷魂药次数", "charm potions"),
    P("pharmacist.heal", 1, "药剂师", "回复药[深夜][指定][1]", "回复药次数", "restoring potions"),
    P(
        "crow.extra_votes",
        2,
        "乌鸦",
        "结算目标在下一个游戏日投票时被投票数多计两票",
        "诽谤多计票数",
        "slander's extra votes",
    ),
    P(
        "sheriff.vote_weight",
        2,
        "其他",
        "计算投票数量时警长投出的票计为2票",
        "警长票数",
        "sheriff's vote weight",
    ),
    P("vote.changes", 1, "投票规则", "改票只允许进行一次", "改票次数", "vote changes allowed", tunable=False),
    P(
        "vote.lock_minutes",
        60,
        "投票规则",
        "关门前一小时不允许改票或代投",
        "禁止改票（分钟）",
        "locked minutes",
        Unit.MINUTE,
    ),
    P(
        "noon.open",
        9 * 60,
        "技能",
        "正午类技能只能在每天的9：00至21:00",
        "正午技能开始（分钟）",
        "noon skills from",
        Unit.MINUTE,
    ),
    P(
        "noon.close",
        21 * 60,
        "技能",
        "正午类技能只能在每天的9：00至21:00",
        "正午技能截止（分钟）",
        "noon skills until",
        Unit.MINUTE,
    ),
    P(
        "card.blue_per_yellow",
        3,
        "蓝牌",
        "累计三张“蓝牌”合并为一张“黄牌”。",
        "几张蓝牌合一黄牌",
        "blues per yellow",
    ),
    P(
        "card.yellow_per_red",
        3,
        "黄牌",
        "累计三张“黄牌”合并为一张“红牌”。",
        "几张黄牌合一红牌",
        "yellows per red",
    ),
    P(
        "card.reds_lose",
        2,
        "红牌",
        "同一阵营的角色累计获得两张或以上红牌时，阵营判负。",
        "阵营判负红牌数",
        "reds that lose a faction",
    ),
    P("pig.guard", 1, "肉猪", "本次游戏肉猪获得[守护：1]", "肉猪守护次数", "pig's guard"),
    P("deer.guard", 1, "灵鹿", "灵鹿永久获得[守护：1]状态", "灵鹿守护次数", "deer's guard"),
    P(
        "merchant.threshold",
        15,
        "富商",
        "当前存活数大于15时，选择除自己外2人",
        "富商交易人数阈值",
        "merchant's threshold",
    ),
    P(
        "tengu.cap",
        5,
        "远征技能",
        "一定数量是指5名玩家与当夜存活人数的1/3（向下取整）中的较小者",
        "天狗吞月上限",
        "tengu cap",
    ),
    P(
        "leviathan.quiet_days",
        2,
        "利维坦",
        "且连续2天2夜没有任何[实际阵营]为[狼人阵营]的角色出局",
        "利维坦天数",
        "leviathan days",
    ),
    P(
        "piper.targets",
        2,
        "吹笛",
        "除自己以外不持有[吹笛]状态的任意最多2个角色",
        "迷惑人数",
        "piper's targets",
    ),
    P(
        "idiot.vote",
        1,
        "白痴",
        "当白痴第一次承受投票出局的效果时",
        "白痴翻牌次数",
        "idiot's flip",
        tunable=False,
    ),
)
PARAM_BY_KEY: dict[str, Param] = {p.key: p for p in PARAMS}

# numbers that grow with the player count (胜负判定/三方阵营 胜)
THRESHOLDS: tuple[Threshold, ...] = (
    Threshold(
        "white_wolf.skills",
        3,
        "胜",
        "通过<遗泽>成功使用出3个或以上不同的非<强制>技能，从20人开始，人数每增加4，胜利条件所需数值增加1。",
        start=20,
        per=4,
    ),
    Threshold(
        "mirror.score", 5, "胜", "至少为5，从20人开始，人数每增加3，胜利条件所需数值增加1。", start=20, per=3
    ),
    Threshold(
        "enchanter.extra",
        0,
        "胜",
        "从20人开始，人数每增加4，除了原本胜利条件外，还需额外使用[蛊惑]击杀1人。",
        start=20,
        per=4,
    ),
    Threshold(
        "chain.extra",
        0,
        "胜",
        "从20人开始，人数每增加5，对应的村民阵营和狼人阵营所需出局数量增加1。",
        start=20,
        per=5,
    ),
)
THRESHOLD_BY_KEY: dict[str, Threshold] = {t.key: t for t in THRESHOLDS}

__all__ = ["PARAMS", "PARAM_BY_KEY", "THRESHOLDS", "THRESHOLD_BY_KEY"]
