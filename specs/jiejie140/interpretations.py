"""Interpretation switches: where [140]乘风破浪的姐姐2 supports two readings (or is silent where the engine
must decide), the readings with the sections they follow, the default and why.

docs/jiejie140.md is the prose version of this table; every switch has vectors on which its readings
differ (tests/jiejie140/vectors/, named ``…-<reading>``).
"""

from __future__ import annotations

from ruleproof.specs.model import Reading, Switch

SWITCHES: tuple[Switch, ...] = (
    Switch(
        "setup.member_pool",
        "成员身份池与感召范围",
        "the member pool and the summoning range",
        (
            Reading(
                "table",
                ("开场行动",),
                "开场行动表：保护、驱除与阵容均在「1-11中」，阵容 5–6 个，感召范围「阵容数*2+2」",
                "the set-up table: 11 identities (1-11), a line-up of 5-6, a range of line-up × 2 + 2",
            ),
            Reading(
                "skill_text",
                ("永恒者/凝聚者",),
                "技能表：驱除自「敌对阵营的9个成员身份」，感召「全名单中除自己外12个目标」，「随机生成5名本阵营成员（…剩余8个身份中，选择4个身份）」",
                "the leaders' table: 9 member identities, a range of 12, 5 members from 4 chosen identities",
            ),
        ),
        "table",
        "开场行动为导演执行的步骤表，且成员身份一节实列 11 个身份；技能表的 9 个身份无从确定是哪 9 个，"
        "「5名成员」与「4个身份」又互相矛盾（config jiejie140 --check 报告此读法无解）。",
        "the set-up table is the director's procedure and the text prints 11 member sections; the table's "
        "9 identities name no particular nine, and its 5 members from 4 identities contradict each other "
        "(config jiejie140 --check reports that reading infeasible).",
    ),
    Switch(
        "ballot.cancel_timing",
        "聚灵晋升抵消票的时点",
        "when 聚灵晋升 votes cancel other ballots",
        (
            Reading(
                "before_tally",
                ("阵营技能",),
                "抵消在步骤 1 计集团念力票之前即生效：当日对某目标的聚灵晋升票各抵消一票以它为目标的其他阵营技能（从后往前）",
                "the cancellation applies before step 1 counts 集团念力: each 聚灵晋升 vote on a target cancels "
                "one other faction ballot on it, latest first",
            ),
            Reading(
                "at_ascend_step",
                ("开场行动",),
                "抵消随聚灵晋升于夜晚步骤 10 结算，此时集团念力已于步骤 1 结算完毕，抵消不再改变其结果",
                "the cancellation resolves with 聚灵晋升 at night step 10, after step 1 has counted 集团念力",
            ),
        ),
        "before_tally",
        "「目标每获得一票…则抵消一票以它为目标的其他阵营技能」只有在集团念力计票前生效才有作用；"
        "按步骤 10 读，这句规则永远不改变任何结果（vacuous）。",
        "the sentence only ever has an effect if it applies before step 1; read at step 10 it never "
        "changes any outcome (vacuous).",
    ),
    Switch(
        "ballot.dual",
        "永恒与凝聚集团念力同击一目标时优先级低的一方",
        "the lower-priority faction when both 集团念力 hit one target",
        (
            Reading(
                "priority_only",
                ("阵营技能",),
                "「票数多的优先级高…」：目标只被优先的一方击杀，击杀计入该方，承受反击与灵能溪流的是该方的最后一票；另一方的集团念力无效",
                "only the priority faction kills: the kill, the counter and 灵能溪流 go to its last voter",
            ),
            Reading(
                "both_credited",
                ("阵营技能", "胜负判定"),
                "目标一死，两方集团念力都达成了指标：击杀同时计入两方（胜利条件 1 的「本阵营击杀」），优先级只决定由哪方最后一票承受反击与灵能溪流",
                "both factions reached the threshold: the kill counts for both (mirror win 1); the priority "
                "decides only whose last voter bears the counter and 灵能溪流",
            ),
        ),
        "priority_only",
        "「优先级」意指一方优先生效；文中没有一次死亡计入两方的写法。",
        "'priority' means one side prevails; the text never counts one death for two factions.",
    ),
    Switch(
        "trial.is_kill",
        "审判处死是否为「击杀」",
        "whether a trial execution is a kill",
        (
            Reading(
                "no",
                ("出局",),
                "「被击杀包括“技能·极限反击”、“技能·崩塌狙击”、“超能技能·超限狙击”、“阵营技能·集团念力”」未列审判：处死不计入胜利条件 1 的本阵营击杀",
                "出局 lists the kills and the trial is not among them: an execution is no kill for mirror win 1",
            ),
            Reading(
                "yes",
                ("附加身份", "胜负判定"),
                "审判处决由「最后一个投“支持”的人」承受反击与灵能溪流的「指示凶手效果」，即视其为凶手：处死计为该人所在阵营的击杀",
                "the last supporter bears the counter and is named the killer: the execution is a kill by "
                "the last supporter's faction",
            ),
        ),
        "no",
        "出局一节列举击杀方式而未列审判；附加身份只说最后支持者「承受」两技能的效果，没有说处死是击杀。",
        "出局 enumerates the kills without the trial; 附加身份 only makes the last supporter bear two skills' effects.",
    ),
    Switch(
        "mind_jam.ballots",
        "精神干扰是否禁止阵营投票",
        "whether 精神干扰 blocks faction ballots",
        (
            Reading(
                "blocked",
                ("耳语者",),
                "「使目标下一日整天无法使用任何能力」：阵营能力（集团念力∕聚灵晋升∕隐匿推流）也是能力，次日投票无效",
                "'cannot use any ability' includes faction abilities: its ballots that day are void",
            ),
            Reading(
                "allowed",
                ("投票", "耳语者"),
                "投票是每个可投票者的权利（投票一节），精神干扰只禁个人技能（普通∕超能），次日仍可投票",
                "voting is every voter's right (投票); 精神干扰 blocks personal skills only",
            ),
        ),
        "blocked",
        "「任何能力」按字面包括阵营能力；机能破坏特意写明「阵营能力依然可以正常使用」，精神干扰没有这一例外。",
        "'any ability' literally includes faction abilities; 机能破坏 states the exception for faction "
        "abilities, 精神干扰 does not.",
    ),
    Switch(
        "hymn.unavoidable",
        "安宁颂歌与「不可规避」",
        "安宁颂歌 against 「不可规避」",
        (
            Reading(
                "hymn_protects",
                ("沉默者",),
                "安宁颂歌使目标「当天不受敌意技能影响」：崩塌狙击也伤不到它；「不可规避」只针对感应者的危机规避",
                "the hymn makes the target unaffected by hostile skills, 崩塌狙击 included; 'cannot be avoided' "
                "speaks of the sensor's 危机规避",
            ),
            Reading(
                "unavoidable_pierces",
                ("清晰者",),
                "崩塌狙击「击杀目标，不可规避」：任何规避都无效，安宁颂歌保护下的目标仍被击杀",
                "崩塌狙击 cannot be avoided by anything: it kills a hymned target",
            ),
        ),
        "hymn_protects",
        "「规避」在文中是危机规避的用词（「规避“敌意技能”的效果」）；安宁颂歌不是目标自己规避，而是不受影响。",
        "the text's 规避 is 危机规避's word; the hymn is not the target avoiding but being unaffected.",
    ),
    Switch(
        "sync_link.death",
        "同步链接是否传递死亡",
        "whether 同步链接 passes on a death",
        (
            Reading(
                "propagates",
                ("同调者",),
                "「当AB两人中任意一人受到其他技能影响时，另一方也会受到同样影响」：击杀一方，另一方同样被击杀",
                "any skill's effect on one applies to the other: a kill kills both",
            ),
            Reading(
                "spared",
                ("同调者", "出局"),
                "同步链接只传递技能的状态效果；击杀是出局的结算，不是「影响」，另一方不随之死亡",
                "the link passes on statuses; a kill is an exit, not an 'effect', and does not pass",
            ),
        ),
        "propagates",
        "「同样影响」不分效果种类；文中没有把击杀排除在影响之外的句子。",
        "'the same effect' names no kind of effect; nothing in the text leaves kills out.",
    ),
    Switch(
        "win.promoted_count",
        "适应胜利 1 的晋级者计数",
        "who counts for adaptation win 1",
        (
            Reading(
                "alive",
                ("胜负判定", "出局"),
                "只计存活的（经聚灵晋升产生的）升华者、凝滞者、幻化者：出局者「不属于游戏范畴」",
                "only living ones count: those out are 'no longer part of the game'",
            ),
            Reading(
                "cumulative",
                ("胜负判定",),
                "「总数」计所有曾经聚灵晋升产生的晋级者，包括已死者",
                "the 'total' counts every player ever promoted by 聚灵晋升, the dead included",
            ),
        ),
        "alive",
        "胜利条件 2 以「存活的全员」说存活，条件 1 的「总数」与出局规则一起读：出局者不再计入。",
        "read with the exit rule: players out of the game no longer count.",
    ),
    Switch(
        "win.check",
        "胜负判定的时点",
        "when wins are checked",
        (
            Reading(
                "continuous",
                ("胜负判定",),
                "每次结算后立即判定（任一阵营达成胜利条件，游戏即结束；适应胜利 1 写明「白天时」，只在白天判定）",
                "after every resolution (adaptation win 1 says 'by day' and is checked by day only)",
            ),
            Reading(
                "day_start",
                ("公示", "胜负判定"),
                "每个游戏日白天开始公示出局名单时统一判定：多阵营同时达成时按 PS2",
                "once a day, when the day opens and the exits are announced; PS2 orders simultaneous wins",
            ),
        ),
        "continuous",
        "胜负表没有写判定时点；只有适应胜利 1 写「白天时」，可见其余条件不限时点。",
        "the win table names no time; only adaptation win 1 says 'by day', so the others hold whenever.",
    ),
    Switch(
        "night.mode",
        "夜间结算模式（导演开场前宣布）",
        "the night's resolution mode (announced by the director)",
        (
            Reading(
                "batch",
                ("开场行动",),
                "第一种：提交所有夜晚行动，「提交的行动均视为有效（夜晚被弄死也视为技能用出去了）」",
                "every submitted night action is valid, even if its actor is killed earlier that night",
            ),
            Reading(
                "dynamic",
                ("开场行动",),
                "第二种：动态结算，「如果干掉了某人，那么死者的夜晚行动视为没有发动」",
                "dynamic: a player killed earlier in the night's steps has its later actions void",
            ),
        ),
        "batch",
        "文中把第一种标为「推荐，省事」。",
        "the text marks the first mode as recommended.",
    ),
    Switch(
        "day.scope",
        "「当日」「当天」「1天」的范围",
        "what 'that day' covers",
        (
            Reading(
                "round",
                ("游戏日",),
                "一日＝白天及其后的夜晚（「游戏以<天>为主要时间单位」）：灵能护盾、安宁颂歌、光辉仲裁、同步链接的效果持续到次日开始",
                "a day is the daytime and the night after it: the shield, the hymn, the arbiter's block and "
                "the link last until the next day begins",
            ),
            Reading(
                "period",
                ("游戏日", "永恒者/凝聚者"),
                "「当日」只指使用时所在的时段（充能一条把「白天」与「当夜」分开说）：白天给的效果在入夜时结束，夜里给的只管当夜",
                "'that day' is the period of use (充能 speaks of 白天 and 当夜 apart): a daytime effect ends at "
                "nightfall, a night one covers that night",
            ),
        ),
        "round",
        "游戏以天为单位，精神干扰「下一日整天」、时间凝滞「延后一天」都把夜晚算在一日之内。",
        "the game counts in days; 精神干扰's 'whole next day' and 时间凝滞's 'one day later' include the night.",
    ),
    Switch(
        "night.anytime",
        "「任意时刻」的技能在夜间何时结算",
        "when an any-time skill resolves at night",
        (
            Reading(
                "inserted",
                ("开场行动", "永恒者/凝聚者"),
                "夜晚步骤表未列的任意时刻技能可在夜间使用，于使用者指定的步骤插入结算（充能「夜间充能则当夜…可发动超能技能」）",
                "an any-time skill the night table does not list may be used at night, inserted at the step "
                "its user names (a night charge opens super skills 'that night')",
            ),
            Reading(
                "day_only",
                ("开场行动",),
                "夜晚只结算步骤表列出的技能；未列出的任意时刻技能只能白天使用",
                "the night resolves only what its step table lists; unlisted any-time skills wait for the day",
            ),
        ),
        "inserted",
        "「任意时刻」字面包括夜间，充能一条明说夜间充能后当夜即可发动超能技能，而超能技能大多不在步骤表中。",
        "'any time' includes the night, and 充能 says a night charge opens super skills that night, most "
        "of which the night table does not list.",
    ),
    Switch(
        "ballot.sublimator",
        "升华者能否投聚灵晋升",
        "whether a 升华者 casts 聚灵晋升 ballots",
        (
            Reading(
                "excluded",
                ("投票",),
                "「每天白天，除欺骗者阵营以及升华者均可参与投票」：升华者不投票",
                "'everyone but the deception faction and the 升华者 may vote'",
            ),
            Reading(
                "votes",
                ("阵营技能",),
                "聚灵晋升的发动人员是「所有适应者」，即适应阵营全员，升华者也可投",
                "聚灵晋升 is cast by 'all adaptors', the whole adaptation faction, 升华者 included",
            ),
        ),
        "excluded",
        "投票一节点名排除升华者，阵营技能表的「所有适应者」不必包括已晋级者；欺骗阵营由隐匿推流另行规定，不受该句排除。",
        "投票 names the 升华者 explicitly; the deception faction votes by the specific 隐匿推流 row.",
    ),
)
SWITCH_BY_KEY: dict[str, Switch] = {s.key: s for s in SWITCHES}

__all__ = ["SWITCHES", "SWITCH_BY_KEY"]
