"""Where the [165]原神 text supports two readings: one switch each, naming the clauses of both readings, a
default and the reason for it.  ``--interpret KEY=READING`` picks another; vectors name theirs in
``interpretation``; the distinguishing vectors in tests/genshin165/vectors/ differ between the readings.
"""

from __future__ import annotations

from ruleproof.specs._werewolf_family.model import Cited
from ruleproof.specs.model import Reading, Switch

SWITCHES: tuple[Switch, ...] = (
    Switch(
        "config.twins",
        "光暗依存：只有「有光必有暗」还是双向",
        "twin stars: only 光 ⇒ 暗, or both ways",
        (
            Reading(
                "one_way", ("双子星光", "双子星暗"), "光 ⇒ 暗（文中两处都只写「有光必有暗」）", "光 ⇒ 暗 only"
            ),
            Reading(
                "both", ("双子星光", "双子星暗"), "光 ⇔ 暗（两者「为同一阵营」，无光之暗无从共享）", "光 ⇔ 暗"
            ),
        ),
        "one_way",
        "文中只写「有光必有暗」（第 810、819 行），从未写「有暗必有光」；双向是推断。",
        "the text writes only 有光必有暗 (twice); the converse is an inference.",
    ),
    Switch(
        "config.tengu_home_pack",
        "大天狗选择「回家」是否计入开局[群内]人数（长老狼规则）",
        "does 大天狗's 回家 count toward the opening [群内] share (长老狼's rule)",
        (
            Reading(
                "no",
                ("长老狼", "大天狗"),
                "不计：大天狗的标题无[群内]，回家是开局后的选择",
                "no: chosen after the line-up",
            ),
            Reading("yes", ("长老狼", "大天狗"), "计入：选择回家即获得[群内]标签", "yes: 回家 gives [群内]"),
        ),
        "no",
        "配置在分发身份时就要确定，而大天狗在开局阶段才选择回家或远征（总体流程 1）。",
        "the line-up is fixed when identities are dealt; 大天狗 chooses at game start (flow step 1).",
    ),
    Switch(
        "election_day.exile",
        "竞选日（第一天）最高票是否出局",
        "is the election day's top vote also exiled",
        (
            Reading(
                "no",
                ("其他", "替罪羊"),
                "不出局：第一天的投票只选警长（竞选日另有冤死/替死/决斗的例外）",
                "no: day 1 only elects",
            ),
            Reading(
                "yes",
                ("投票", "其他"),
                "出局：「讨论日获得投票最多的角色将出局」对每一天都成立",
                "yes: every day exiles",
            ),
        ),
        "no",
        "第一天称作竞选日，冤死、替死、决斗、神风突击都把竞选日除外，只有竞选日不放逐时这些例外才有意义。",
        "day 1 is called the election day and several skills except it; those exceptions only make sense if it exiles nobody.",
    ),
    Switch(
        "guard.consumption",
        "同时持有[守护]与其他防御状态时，[指杀]先消耗哪一个",
        "a 指杀 on a holder of 守护 and another defence: which absorbs it",
        (
            Reading(
                "guard_first",
                ("非负面状态特效",),
                "先消耗[守护]（「将会抵消掉X次[指杀]」）",
                "守护 is spent first",
            ),
            Reading(
                "shortest_first",
                ("非负面状态特效",),
                "时限最短的防御状态先抵消（只在[守护]之间写明）",
                "the soonest-ending defence first",
            ),
        ),
        "guard_first",
        "文中只规定[守护]之间先消耗时限较短者；[守护]的定义是「抵消掉X次[指杀]」，持有即消耗。",
        "the text only orders 守护 against 守护; its definition says it cancels X 指杀 while held.",
    ),
)
SWITCH_BY_KEY: dict[str, Switch] = {s.key: s for s in SWITCHES}
DEFAULTS: dict[str, str] = {s.key: s.default for s in SWITCHES}

SWITCH_QUOTES: tuple[Cited, ...] = (
    Cited("switch config.twins", "双子星光", "有光必有暗，光暗为同一阵营"),
    Cited("switch config.tengu_home_pack", "大天狗", "若选择回家，则获得[群内]标签"),
    Cited("switch election_day.exile", "替罪羊", "游戏日白天如出现平票（不包括竞选日）时"),
    Cited("switch election_day.exile", "投票", "讨论日获得投票最多的角色将出局"),
    Cited("switch guard.consumption", "非负面状态特效", "会优先消耗掉时限较短的[守护]状态以抵消"),
)

__all__ = ["DEFAULTS", "SWITCHES", "SWITCH_BY_KEY", "SWITCH_QUOTES"]
