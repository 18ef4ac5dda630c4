"""随机配置法 4.1's game constants and readings (the configuration rules have their own, in rules.py)."""

from __future__ import annotations

from ruleproof.specs._werewolf_family.model import Cited
from ruleproof.specs.model import Param, Reading, Switch

PARAMS: tuple[Param, ...] = (
    Param(
        "curse.per_bleed",
        3,
        "负面状态",
        "每获得3个计数，就会获得[流血]状态",
        "血咒计数几次得流血",
        "curse counts per bleed",
    ),
    Param(
        "dictator.votes",
        1,
        "非负面状态",
        "[独裁] 该状态下，票权增加1票。",
        "独裁每层加票",
        "votes per 独裁 stack",
    ),
    Param(
        "election.day",
        1,
        "竞选",
        "若当前游戏天数为1，在此处插入警长竞选环节",
        "竞选的天数",
        "the election's day",
        tunable=False,
    ),
    Param(
        "start.day",
        0,
        "黄昏",
        "4. 开局阶段结束后，游戏从此处开始，并设置当前游戏天数为0。",
        "开局后的天数",
        "day after the start",
        tunable=False,
    ),
)

SWITCHES: tuple[Switch, ...] = (
    Switch(
        "village.rules",
        "村民阵营的判负条件：普通狼人规则还是全员随机规则",
        "the village's loss: standard or all-random rules",
        (
            Reading("standard", ("村民阵营",), "神职或村民全部出局", "all 神职 or all 村民 out"),
            Reading("all-random", ("村民阵营",), "强神或弱神全部出局", "all 强神 or all 弱神 out"),
        ),
        "standard",
        "两种规则是配置的两种方式；默认按普通狼人规则。",
        "the two rule sets are two ways to configure; standard by default.",
    ),
    Switch(
        "ghost_lovers.loss",
        "鬼魂情侣阵营的判负条件写的是「黑情侣阵营的所有角色均出局」",
        "鬼魂情侣阵营's loss line names 黑情侣阵营",
        (
            Reading(
                "as_written",
                ("鬼魂情侣阵营",),
                "照原文：黑情侣阵营全部出局时鬼魂情侣阵营判负",
                "as written: when 黑情侣 is out",
            ),
            Reading(
                "own_camp",
                ("鬼魂情侣阵营", "黑情侣阵营"),
                "鬼魂情侣阵营自身全部出局时判负（疑为笔误）",
                "its own members out (a typo)",
            ),
        ),
        "as_written",
        "按文本执行，并把它作为文本缺陷报告（ruleproof verify: own_camp_loses）。",
        "the text as written; reported as a defect by verify.",
    ),
    Switch(
        "vote.tie",
        "放逐投票平票：文中只说「获得最高票的角色」出局",
        "an exile vote tie: the text names only 「获得最高票的角色」",
        (
            Reading(
                "nobody",
                ("出局结算",),
                "无人出局：最高票不止一人时没有「获得最高票的角色」",
                "nobody: no single top",
            ),
            Reading("all", ("出局结算",), "平票者全部出局", "every tied seat"),
        ),
        "nobody",
        "文中没有平票规则；多人同票时没有唯一的最高票者。",
        "the text has no tie rule; with a tie there is no single top.",
    ),
)
SWITCH_QUOTES: tuple[Cited, ...] = (
    Cited("switch village.rules", "村民阵营", "负（普通狼人规则）"),
    Cited("switch ghost_lovers.loss", "鬼魂情侣阵营", "负 黑情侣阵营的所有角色均出局。"),
    Cited(
        "switch vote.tie", "出局结算", "在放逐投票中获得最高票的角色除非处于[霸道]或[不死]状态，否则将出局"
    ),
)

__all__ = ["PARAMS", "SWITCHES", "SWITCH_QUOTES"]
