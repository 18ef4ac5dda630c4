"""Interpretation switches: where [M124] 血染钟楼 supports two readings, both, the default and why.

Each reading names the clauses it follows; docs/botc-m124.md gives the distinguishing vector of each
(``tests/botc_m124/vectors/switch-*.json``: one scenario, replayed under both readings, two outcomes).
Line 7 of the text (「如果本规则有因理解有误导致与原规则不同的地方，以原规则为准」) is the text's own
tie-breaker: where a literal reading would empty a skill of its effect, the default follows the official
game and says so.
"""

from __future__ import annotations

from ruleproof.specs.botc_m124.params import PREAMBLE
from ruleproof.specs.model import Reading, Switch

SWITCHES: tuple[Switch, ...] = (
    Switch(
        "execution.alive_basis",
        "处决门槛中「当时存活」的时点",
        "when 「当时存活」 of the execution threshold is counted",
        (
            Reading(
                "day_end",
                ("处决，死亡与复活",),
                "讨论日结束时的存活人数（「在每个讨论日结束时……当时存活角色数量」，全句的时点即日终）",
                "the living count at the end of the discussion day (the sentence's own moment)",
            ),
            Reading(
                "at_tally",
                ("处决，死亡与复活", "提名与投票"),
                "该提名计票时的存活人数（「票数将进行结算」之时）",
                "the living count when that nomination's votes were tallied",
            ),
        ),
        "day_end",
        "「当时」所指的是本句所述的时点——「在每个讨论日结束时」；计票时点只出现在「提名与投票」一节，未与门槛相连。",
        "「当时」 refers back to the sentence's own moment, the end of the discussion day; the tally "
        "moment belongs to another section and is not tied to the threshold.",
    ),
    Switch(
        "win.evil_alive",
        "邪恶胜利是否须恰好剩两人",
        "whether the evil win needs exactly two alive",
        (
            Reading(
                "exactly",
                ("邪恶阵营",),
                "恰好剩两名存活角色（「场上仅剩两名存活角色」）",
                "exactly two living seats (「仅剩两名」)",
            ),
            Reading(
                "at_most",
                ("邪恶阵营", PREAMBLE),
                "存活角色不多于两名（原规则：只剩两人时邪恶胜；一夜死多人时跳过两人）",
                "two or fewer (the official game; several deaths at once can skip two)",
            ),
        ),
        "exactly",
        "「仅剩两名」字面为恰好两名；恰好一名存活时（魄一夜三杀）两方都不胜是文本的缺口，以 at_most 读法另行检验。",
        "「仅剩两名」 says exactly two; that nobody wins when one seat is left (the Po's three kills) is a "
        "gap of the text, checked under the at_most reading.",
    ),
    Switch(
        "first_night.scope",
        "[首夜]技能是对座位而言还是对全局而言",
        "whether a [首夜] skill's first night is the seat's or the game's",
        (
            Reading(
                "per_seat",
                ("技能", "身份和阵营"),
                "持有者第一个可以发动技能的夜晚；身份转变或获得技能后「视为在此刻起加入游戏」，其首夜重新计算",
                "the holder's first night able to use it; a new role 'joins the game now'",
            ),
            Reading(
                "game",
                ("技能", "游戏流程及其他说明"),
                "只在开局夜晚（第 1 夜）",
                "only on the opening night of the game",
            ),
        ),
        "per_seat",
        "「第一个可以发动技能的夜晚」与「新身份视为在此刻起加入游戏」连读，即对持有者而言；其他夜晚的行动顺序仍列出[首夜]技能（炼金术士、洗衣妇……）也只有在此读法下才有意义。",
        "「第一个可以发动技能的夜晚」 read with 「新身份视为在此刻起加入游戏」 is the holder's; the later "
        "nights' orders still list [首夜] skills, which only matters under this reading.",
    ),
    Switch(
        "win.check_time",
        "胜负何时判定",
        "when a win is checked",
        (
            Reading(
                "immediate",
                ("胜负判定", PREAMBLE),
                "条件一旦成立即结束（原规则）",
                "as soon as a condition holds (the official game)",
            ),
            Reading(
                "phase_end",
                ("胜负判定", "游戏流程及其他说明"),
                "每个阶段结束时（白天结算之后、夜晚结束时）判定",
                "at the end of each phase (after the day's settlement, at the night's end)",
            ),
        ),
        "immediate",
        "文本未说何时判定；第 7 行「以原规则为准」，原规则为即时判定。",
        "The text does not say; line 7 defers to the official game, which checks immediately.",
    ),
    Switch(
        "drunk.mixed_skill",
        "醉酒∕中毒时既造成标记又有其他效果的技能",
        "a skill that makes marks and does more, while drunk or poisoned",
        (
            Reading(
                "whole",
                ("常见状态特效",),
                "整个技能失效（只有「仅仅造成或解除标记的技能」不受影响），「获知」部分仍生效",
                "the whole skill fails (only a skill that *only* makes marks is spared); 获知 parts still happen",
            ),
            Reading(
                "marks_survive",
                ("常见状态特效",),
                "按效果拆分：标记照常落下，其余效果失效（驱魔的[被驱魔]、辩护的[被辩护]仍落下）",
                "split per effect: the marks land, the other effects fail",
            ),
        ),
        "whole",
        "文本说「仅仅造成或解除标记的技能不受影响」，「仅仅」排除了兼有其他效果的技能；拆分读法是规则摘要（notes）的解读，文本未写。",
        "The text spares skills that *only* make or remove marks; splitting per effect is the notes' reading.",
    ),
    Switch(
        "pukka.burst_timing",
        "纯血恶魔「毒发」何时发动",
        "when the Pukka's 毒发 fires",
        (
            Reading(
                "night_start",
                ("纯血恶魔", "游戏流程及其他说明"),
                "每个非开局夜晚开始时，对当时拥有[因纯血恶魔中毒]标记者发动（中毒一夜后死亡，原规则）",
                "at the start of every later night, on the seat marked then (dies a night later, official)",
            ),
            Reading(
                "immediate",
                ("纯血恶魔", "游戏流程及其他说明"),
                "无行动顺序的技能「会在满足发动条件时发动」：夜晚中标记一出现即发动（当夜传播当夜毒发）",
                "unslotted skills fire 'when their condition holds': the moment a mark exists at night",
            ),
        ),
        "night_start",
        "字面读法使「传播」的中毒毫无作用（当夜即死并解除中毒）；第 7 行「以原规则为准」，原规则为次夜死亡。",
        "The literal reading empties 传播's poison (the target dies and is cured the same night); line 7 "
        "defers to the official game, where the target dies the next night.",
    ),
    Switch(
        "lunatic.demon_skill_slot",
        "疯子的恶魔技能在哪个位置行动",
        "where the Lunatic's Demon skill acts",
        (
            Reading(
                "mania_slot",
                ("疯子", "游戏流程及其他说明"),
                "在「疯子疯魔」之位（午夜）行动，疯魔随即使恶魔获知其目标（原规则疯子先于恶魔）",
                "at the 「疯子疯魔」 slot (午夜); 疯魔 then tells the Demon its targets (official)",
            ),
            Reading(
                "demon_slot",
                ("技能", "疯子"),
                "获得的技能「行动顺序在原角色之后」：在该恶魔之位（深夜）之后行动，午夜的疯魔当夜无目标可告知",
                "gained skills act after their original role (深夜); 疯魔 at 午夜 has nothing to tell that night",
            ),
        ),
        "mania_slot",
        "行动顺序把「疯子疯魔」列在午夜、恶魔之前，只有疯子在此行动，疯魔才有内容；原规则亦然。",
        "The order puts 「疯子疯魔」 before the Demons; only if the Lunatic acts there does 疯魔 tell anything.",
    ),
    Switch(
        "zombuul.win_registration",
        "「被视为死亡」的丧尸是否算存活的恶魔",
        "whether a Zombuul registering as dead is a living Demon for the win",
        (
            Reading(
                "alive",
                ("丧尸", PREAMBLE),
                "仍为存活的恶魔，善良不因此获胜（原规则）",
                "still a living Demon; good does not win (official)",
            ),
            Reading(
                "dead",
                ("丧尸", "善良阵营"),
                "视为死亡，若为唯一恶魔则「场上不存在存活的恶魔」，善良获胜",
                "registers dead; if it is the only Demon, good wins at once",
            ),
        ),
        "alive",
        "字面读法使「尸变」毫无作用（一旦触发善良即胜）；第 7 行「以原规则为准」。",
        "The literal reading empties 尸变 (good wins the moment it fires); line 7 defers to the official game.",
    ),
    Switch(
        "scarletwoman.count",
        "猩红女士的「存活角色数量大于等于5」在恶魔死前还是死后计",
        "whether the Scarlet Woman's ≥5 alive counts before or after the Demon's death",
        (
            Reading(
                "before_death",
                ("猩红女士", PREAMBLE),
                "恶魔死亡之前的存活人数（原规则：5 人存活时恶魔死亡即转化）",
                "the living count before the Demon's death (official)",
            ),
            Reading(
                "after_death",
                ("猩红女士",),
                "恶魔死亡之后的存活人数（「一旦……死亡，如果场上的存活角色数量」）",
                "the living count after the death",
            ),
        ),
        "before_death",
        "文本句序两可；第 7 行「以原规则为准」，原规则在死前计（含恶魔）。",
        "The sentence supports both; line 7 defers to the official count, taken before the death.",
    ),
    Switch(
        "adventurer.condition",
        "冒险家「不存在……任意一个」的条件",
        "the Adventurer's 「不存在……任意一个」 condition",
        (
            Reading(
                "any_missing",
                ("冒险家",),
                "四个标记中有任一个不在场上时发动（每夜一个，直到集齐）",
                "fires while any of the four marks is missing (one a night until all four)",
            ),
            Reading(
                "none_present",
                ("冒险家",),
                "四个标记都不在场上时才发动（只发动一次）",
                "fires only while none of the four is present (once)",
            ),
        ),
        "any_missing",
        "「冒险」获得「场上不存在的标记之一」——只有在已有标记时才需挑选「不存在的」，故条件指任一缺失。",
        "冒险 gains 'one of the marks not present' — a choice that only matters once some are present.",
    ),
)
SWITCH_BY_KEY: dict[str, Switch] = {s.key: s for s in SWITCHES}

__all__ = ["SWITCHES", "SWITCH_BY_KEY"]
