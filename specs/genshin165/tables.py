"""[165]原神's ordered tables, each written once with the clause it cites and the phrase it quotes:
the phases and their numbered sub-steps (总体流程), the night exit-resolution order and the chain order,
the 「踢球制」 redirection chain, the statuses and what each defensive status cancels, the kill
inheritance order, the third-party win priority, and the names the flow text uses for roles.

A step's entries are read from its quote (:func:`ruleproof.specs._werewolf_family.lists.pairs`), so each
list exists once: in the phrase the drift check compares with the text.
"""

from __future__ import annotations

from ruleproof.specs._werewolf_family.lists import pairs
from ruleproof.specs._werewolf_family.model import (
    Cited,
    Damage,
    Defence,
    Family,
    OrderTable,
    PhaseDef,
    StatusDef,
    Step,
    Timing,
)

FLOW = "总体流程"


def _step(phase: str, label: str, quote: str, *, ordered: bool = True) -> Step:
    return Step(f"{phase}.{label}", phase, f"（{label}）", pairs(quote), FLOW, quote, ordered)


# ── the phases (总体流程 1–10) ─────────────────────────────────────────────────────────────────

START_STEPS = (
    _step(
        "start",
        "1",
        "盗贼<偷换>，鬼魂新娘<冥婚>，丘比特<丘比特之箭>、混血儿<认亲>、影子<附身>、复仇者<寻仇>、聂小倩<鬼情>、"
        "暗恋者<跨越千里>、养殖者<养殖>、大天狗<家国抉择>、隐狼<伪装>、狼弟<潜藏>、随机妖狐小弟和<化形>、"
        "变脸者<变脸>、双重人格<双重人格>、守卫<模式选择>、狼群<窥天>依次发动进行",
    ),
)
START = PhaseDef("start", Timing.START, "setup", START_STEPS, FLOW, "1、游戏开始阶段")

NOON = PhaseDef(
    "noon",
    Timing.NOON,
    "day",
    (),
    FLOW,
    "开始讨论，白昼阶段发动的技能，按照现实时间立刻结算，结算顺序也和现实时间一致。",
    stream=True,
)

DUSK_STEPS = (
    _step("dusk", "1", "（1）结算被[投票出局]的角色或平票时替罪羊<冤死>，询问混血儿<护主>"),
    _step(
        "dusk",
        "2",
        "（2）猎人<最后一枪>，光<光明狩猎>，黑狼王<报复>，炸弹<炸弹>，腐尸<腐化>和对应的亡灵状态发动技能",
    ),
    _step("dusk", "3", "（3）公示[投票出局]的角色和其他原因出局的角色名单，分开列出。"),
    _step(
        "dusk",
        "4",
        "（4）混血儿<择木而栖>、复仇者<择主而弑>、肉猪<苟活>、机械狼<学习>、影子<附身>、女仆<顺从>、"
        "双重人格<主人格><双重人格>、祭品<献祭唤醒>、变脸者<变脸>、富商<交易><暴利>、白狼<遗泽>、恶灵<虚体>、"
        "熊<咆哮>、替罪羊<迷魂羊肉>、蛊惑师<堕落>、幽灵<附体>、<夺舍>，养殖者<烤乳猪>，光<寻觅>、长老狼<归途>、"
        "定序王子<重定时间>依次发动",
    ),
)
DUSK = PhaseDef("dusk", Timing.DUSK, "day", DUSK_STEPS, FLOW, "3、进入黄昏阶段")

EARLY_STEPS = (
    _step(
        "early",
        "1",
        "（1）上帝使徒<询问>、赌徒<赌博>、圣诞老狼\\其他身份<礼物>、占星师<占卜>、食尸鬼<食尸>、寂夜导师<时间凝滞>、<凝滞永续>",
    ),
    _step("early", "2", "（2）噬时狼妃<时间逆流>"),
    _step("early", "3", "（3）隐者<脱下隐身衣>"),
    _step("early", "4", "（4）鹫狼<鹰袭>、<报信><隼眼>"),
    _step("early", "5", "（5）怪盗<偷盗>"),
    _step("early", "6", "（6）太极宗师<归元>"),
    _step("early", "7", "（7）噩梦之影<恐惧>"),
    _step("early", "8", "（8）月女<操纵>"),
    _step("early", "9", "（9）见习守卫<宣誓效忠>、慰魂师<感召>"),
    _step("early", "10", "（10）雪狼<暴风雪>、狼弟<继承>"),
)
EARLY = PhaseDef("early", Timing.EARLY, "night", EARLY_STEPS, FLOW, "4、进入早夜阶段")

MID_STEPS = (
    _step("mid", "1", "（1）魔术师<交换>"),
    _step("mid", "2", "（2）花蝴蝶<拥抱>"),
    _step("mid", "3", "（3）赤狼<业炎>"),
    _step("mid", "4", "（4）纵火犯<纵火>"),
    _step("mid", "5", "（5）企鹅<冰冻>"),
    _step("mid", "6", "（6）雪狼<雪隐>"),
    _step("mid", "7", "（7）蛊惑师<蛊惑>、锁链师<链接>、<暴走>"),
    _step(
        "mid",
        "8",
        "（8）守卫<守护>、摄梦人<摄梦>、见习守卫<见习>、渊狼<深渊>、黑蝙蝠<庇护>、光<光明守护>、暗<黑暗守护>",
    ),
    _step("mid", "9", "（9）石像鬼<查验><凝望>、狼妹妹<援交>"),
    _step("mid", "10", "（10）炼金魔女<未明之雾>"),
)
MID = PhaseDef("mid", Timing.MID, "night", MID_STEPS, FLOW, "5、进入午夜阶段")

DEEP_STEPS = (
    _step(
        "deep",
        "1",
        "（1）血族<初拥>、狼队<杀人>、其余身份<杀人>、活尸<啃咬>、狼王<冲锋>、狼孩<利爪>、幼狼<牺牲>、<激励>、狼兄<暴怒>。",
    ),
    _step(
        "deep",
        "2",
        "（2）大野狼<野性>、白狼<撕咬>、警犬<撕咬>、光<继承黑夜>、暗<黑夜狩猎>、狙击手<瞄准>、狙击手<狙击>、狼美人<魅惑>、"
        "狼祭司<伪神冠冕>、猎魔<猎杀>、赏金猎人<悬赏><捕杀>、潜行者<潜行>、圣裁者<辉耀>、<异端>、<裁决>",
    ),
    _step(
        "deep",
        "3",
        "（3）预言家<预言>、通灵师<通灵>、狐狸<狡黠>、占卜师<占卜>、 慰魂师<安魂>、使徒<长眠>、药剂师<迷魂药><回复药>、"
        "黑商<馈赠>、血族乌鸦<诽谤>、灵能<感知>、机械熊<训熊>、狼学者<诡辩>、大天狗<吞噬><天狗吞月>、吹笛者<迷惑>、"
        "复仇者<雪恨>。",
    ),
)
DEEP = PhaseDef("deep", Timing.DEEP, "night", DEEP_STEPS, FLOW, "6、进入深夜阶段")

LATE_STEPS = (
    _step("late", "1", "（1）女巫学徒<实验>"),
    _step("late", "2", "（2）女巫<灵通>、<救药>、<毒药>、其他身份<毒药>"),
    _step("late", "3", "（3）阴阳使者<复活>"),
    _step("late", "4", "（4）灵鹿<森林庇护>"),
    _step("late", "5", "（5）圣女<净化>"),
    _step("late", "6", "（6）恶灵骑士<主宰黑夜><邪恶>、黑蝙蝠<反弹>。"),
    _step("late", "7", "（7）初步按照（9）的顺序结算出局名单，然后告死者<死灵咒>"),
    _step("late", "8", "（8）镜<反射>结算反馈给镜。"),
    _step("late", "9", "（9）每次出局效果依次结算"),
)
LATE = PhaseDef("late", Timing.LATE, "night", LATE_STEPS, FLOW, "7、进入凌晨阶段")

DAWN_STEPS = (
    _step("dawn", "1", "（1）结算当晚出局的角色，随后锈剑骑士<破伤风出局>"),
    _step("dawn", "2", "（2）猎人<最后一枪>，光<光明狩猎>，黑狼王<报复>，炸弹<炸弹>，发动技能"),
    _step("dawn", "3", "（3）死灵术士<夺魂>，镜<镜像>"),
    _step("dawn", "4", "（4）应当留下遗言的角色收到遗言通知，并留下遗言。"),
)
DAWN = PhaseDef("dawn", Timing.DAWN, "day", DAWN_STEPS, FLOW, "8、进入晨曦阶段")

# 开局 → 正午 (the election day) → 黄昏 → 早夜 → 午夜 → 深夜 → 凌晨 → 晨曦 → 正午 …  (总体流程 2, 3, 9, 10)
CYCLE: tuple[PhaseDef, ...] = (NOON, DUSK, EARLY, MID, DEEP, LATE, DAWN)
PHASES: tuple[PhaseDef, ...] = (START, *CYCLE)
CYCLE_QUOTES = (
    Cited("cycle.first-day", FLOW, "2、所有角色阵营确定，表面身份确定，开始第一讨论日的白昼阶段。"),
    Cited("cycle.loop", FLOW, "10、讨论、投票结束，投票结算。随后跳至第3步。"),
)

# The flow text names some roles and skills otherwise than their sections do (lint reports them too).
ALIASES: dict[str, str] = {
    "光": "双子星光",
    "暗": "双子星暗",
    "白狼": "白眼狼",
    "狼王": "黑狼王",
    "月女": "操纵月亮的女孩",
    "猎魔": "猎魔人",
    "吹笛者": "吹笛",
    "死灵术士": "死灵术师",
    "狼群": "[群内]",
    "狼队": "[群内]",
    "狼人": "[群内]",
    "血族乌鸦": "乌鸦",  # 「血族乌鸦<诽谤>」: 血族's 诽谤 is the same skill (same-name rule)
    "使徒": "慰魂师",  # 长眠 is printed in 慰魂师's 额外技能, held by the 感召 target (表面身份 使徒)
    "机械熊": "机械狼",
}
# flow entries printed without their role (「圣诞老狼\\其他身份<礼物>」 reads as 「其他身份<礼物>」; 「随机妖狐小弟和<化形>」)
ENTRY_ROLES: dict[tuple[str, str], str] = {
    ("其他身份", "礼物"): "圣诞老狼",
    ("随机妖狐小弟和", "化形"): "妖狐",
}
# Skills with a timing tag that no step of the flow lists: ruleproof acts them at the step named here
# (the last step of their period, or beside the skill they go with) — each quoted; the flow's gaps are
# reported in docs/genshin165.md.
UNLISTED: dict[tuple[str, str], Cited] = {
    ("养殖者", "喂食"): Cited("dusk.4", "养殖者", "喂食[黄昏][2]——该技能每天只能发动1次"),
    ("圣诞老狼", "礼物制作"): Cited("early.1", "圣诞老狼", "礼物制作[早夜]——在发动[礼物]时"),
    ("机械狼", "修改迷惑"): Cited("deep.3", "机械狼/三方阵营", "<修改迷惑>[深夜][指定]"),
    ("机械狼", "修改链接"): Cited("deep.3", "机械狼/三方阵营", "<修改链接>[深夜][指定]"),
}
SKILL_ALIASES: dict[tuple[str, str], str] = {
    ("占星师", "占卜"): "查验",  # 占星师's skill is 查验 (its section), the flow writes 占卜
    ("大天狗", "吞噬"): "吞食",  # 回家技能 吞食
    ("守卫", "守护"): "守护",  # the mode's 德式/日式/版杀守护
}

# ── night exit resolution (凌晨（9）) and chains (注 after 晨曦) ──────────────────────────────────

EXIT_ORDER = OrderTable(
    "exit-order",
    (
        "食尸鬼<吞噬失败>",
        "狼弟<继承>",
        "血族<初拥>",
        "[群内]<杀人>",
        "其余身份<杀人>",
        "活尸<啃咬>",
        "黑狼王<冲锋>",
        "狼孩<利爪>",
        "大野狼<野性>",
        "白眼狼<撕咬>",
        "双子星暗<黑夜狩猎>",
        "恶灵骑士<邪恶>",
        "狙击手<狙击>",
        "摄梦人<摄梦>",
        "猎魔人<猎杀>",
        "赏金猎人<捕杀>",
        "潜行者<潜行>",
        "圣裁者<裁决>",
        "使徒<长眠>",
        "女巫<毒药>",
        "黑商<馈赠>",
        "女巫学徒<实验>",
        "圣诞老狼<礼物>",
        "[亡灵]",
        "幼狼<牺牲>",
    ),
    FLOW,
    "（9）每次出局效果依次结算：食尸鬼<吞噬失败>，狼弟<继承>、血族<初拥判定>、狼人<杀人>（独立阵营的<杀人>一律跟在这后面，"
    "按照身份表顺序排列），活尸<啃咬>，狼王<冲锋>、狼孩<利爪>、大野狼野性，白狼撕咬，暗<黑夜狩猎>、恶灵骑士<邪恶>、"
    "狙击手<狙击>、摄梦人连续两晚<摄梦>的对象出局、猎魔人猎杀，赏金猎人赏金、潜行者潜行、圣裁者裁决/辉耀、使徒<长眠>，"
    "女巫毒药（黑商赌徒圣诞老狼等毒药跟在女巫毒药后），黑商馈赠失败，女巫学徒炸死，圣诞坏礼物炸死，夜晚的[亡灵]状态，"
    "幼狼<牺牲>（若未决定结算顺序）。",
)
# entries of the exit list that stand for more than one skill (圣裁者裁决/辉耀)
EXIT_SAME_SLOT: dict[str, str] = {"圣裁者<辉耀>": "圣裁者<裁决>"}

CHAIN_ORDER = OrderTable(
    "chain-order",
    ("[情侣]", "摄梦人<摄梦连带>", "狼美人<魅惑连带>", "[链接]", "妖狐小弟共死", "告死者小弟共死"),
    FLOW,
    "连带关系出局，被连带的出局排列在那个出局方式后面，若有多种连带关系，按照以下方式排列：[情侣]状态，摄梦人<摄梦连带>，"
    "狼美人<魅惑连带>，[锁链]状态，妖狐小弟共死，告死者小弟共死。",
)
SAME_NAME = Cited(
    "same-name order",
    FLOW,
    "注：若存在多个同名技能，则真身份牌的优先，其余角色发动的同名技能按照发动者[实际身份]排序在真身份牌的后面，结算同名的出局顺序也是如此",
)

# ── 「踢球制」: 选择目标 → 结算目标 (用语定义/技能) ──────────────────────────────────────────────

REDIRECTION = OrderTable(
    "redirection",
    ("时间逆流", "交换", "反射"),
    "技能",
    "[选择目标]——蚀时狼妃[时间逆流]——魔术师[交换]——镜[反射]——最终会进行结算效果的所有目标",
)
KICK_ONCE = Cited(
    "redirection.once",
    "技能",
    "然后再检测球当前所在的A有没有魔术技能（不会再次检测狼妃），以此类推。",
)

# ── statuses (常见负面状态特效 / 非负面状态特效) and what each defence cancels ──────────────────

NEG = "常见负面状态特效"
NONNEG = "非负面状态特效"


def _st(name: str, negative: bool, effects: set[str], clause: str, quote: str, **kw: bool) -> StatusDef:
    return StatusDef(name, negative, frozenset(effects), clause, quote, **kw)


STATUSES: dict[str, StatusDef] = {
    s.name: s
    for s in (
        _st("沉默", True, {"silence"}, NEG, "[沉默]：该状态下不能发动[强制]技能以外的技能"),
        _st(
            "缴械",
            True,
            {"disarm"},
            NEG,
            "[缴械]：该状态下不能发动[杀人]，若是[群内]，也会影响整个群内不能发动杀人。",
        ),
        _st(
            "遗忘",
            True,
            {"forget"},
            NEG,
            "[遗忘]：仅在角色持有[强制]技能时会得知，该状态下失去所有[强制]技能",
        ),
        _st(
            "超度",
            True,
            {"release"},
            NEG,
            "[超度]：仅在角色[带刀]（参考占卜师定义）时会得知，该状态下不能发动[杀人]",
        ),
        _st("迷魂", True, {"mute_vote"}, NEG, "[迷魂]：该状态下投票算作0票"),
        _st("业炎", True, {"silence", "release", "forget"}, NEG, "[业炎/净化]：[沉默]+[超度]+[遗忘]"),
        _st("净化", True, {"silence", "release", "forget"}, NEG, "[业炎/净化]：[沉默]+[超度]+[遗忘]"),
        _st("冰冻", True, {"silence", "disarm"}, NEG, "[冰冻/恐惧]：[沉默]+[缴械]"),
        _st("恐惧", True, {"silence", "disarm"}, NEG, "[冰冻/恐惧]：[沉默]+[缴械]"),
        _st(
            "隐身",
            False,
            {"invisible"},
            NONNEG,
            "[隐身]：该状态下，所有[指定]技能以该角色进行[最终结算目标]的效果，不进行结算。",
        ),
        _st("守护", False, set(), NONNEG, "[守护：X]：该状态下，将会抵消掉X次[指杀]", defence=True),
        _st(
            "坚韧",
            False,
            set(),
            NONNEG,
            "[坚韧]：该状态下，除了红牌罚下，[致死伤害]和投票出局，其他情况下都不会出局。",
            defence=True,
        ),
        _st("霸道", False, set(), NONNEG, "[霸道]：该状态下，不会被投票出局。", defence=True),
        _st("不死", False, set(), NONNEG, "[不死]：除了红牌罚下，其他情况下都不会出局。", defence=True),
    )
}

DEFENCES: tuple[Defence, ...] = (
    Defence(
        "守护",
        frozenset({Damage.KILL}),
        NONNEG,
        "将会抵消掉X次[指杀]，会优先消耗掉时限较短的[守护]状态以抵消",
        counted=True,
    ),
    Defence(
        "坚韧",
        frozenset({Damage.KILL, Damage.PIERCE}),
        NONNEG,
        "[坚韧]：该状态下，除了红牌罚下，[致死伤害]和投票出局，其他情况下都不会出局。",
    ),
    Defence("霸道", frozenset({Damage.VOTE}), NONNEG, "[霸道]：该状态下，不会被投票出局。"),
    Defence(
        "不死",
        frozenset({Damage.KILL, Damage.PIERCE, Damage.LETHAL, Damage.VOTE}),
        NONNEG,
        "[不死]：除了红牌罚下，其他情况下都不会出局。",
    ),
)
DAMAGE_QUOTES = (
    Cited("damage 指杀", "出局", "[指杀]：通常的出局方式，会被大多数技能抵消"),
    Cited("damage 穿透", "出局", "[穿透]：强化的出局方式，无视[守护]"),
    Cited("damage 致死伤害", "出局", "[致死伤害]：除了[不死]状态，其他情况下承受[致死伤害]将会立刻出局。"),
)

FAMILY = Family(
    statuses=STATUSES,
    defences=DEFENCES,
    redirection=REDIRECTION,
    silence_blocks_kill=True,  # 「不能发动[强制]技能以外的技能」: [杀人] is not <强制>
)

# ── [群内] / [接刀] (【狼人阵营】通用, 机械狼) ──────────────────────────────────────────────────

PACK = Cited("pack", "狼人阵营", "该阵营的角色若标明[群内]，则入狼群，并与所有群内共享一个杀人技能")
INHERIT = Cited(
    "inherit",
    "狼人阵营",
    "[接刀]的角色获得[杀人]技能并可使用，之后若[群内]狼复活，或状态已清除，则不再接刀，由[群内]进行出刀。",
)
INHERIT_ORDER = OrderTable(
    "inherit-order",
    ("石像鬼", "大天狗", "机械狼", "寂夜导师", "隐狼"),
    "机械狼",  # the closing note of its section (after the table's last list: sections._closing_notes)
    "不入群狼但可接刀的狼人角色接刀顺序：石像鬼，接刀大天狗，机械狼，寂夜导师，接刀隐狼。",
)

# ── lovers (丘比特, 鬼魂新娘) ─────────────────────────────────────────────────────────────────────

LOVERS_VOID = Cited(
    "lovers.void",
    "丘比特",
    "如果情侣之一是炸弹，上帝使徒，双子星，证婚人或持有[隐身][真爱情侣]状态，链接情侣无效，丘比特加入村民阵营。",
)
LOVERS_VOID_ROLES = ("炸弹", "上帝使徒", "双子星光", "双子星暗")  # the roles LOVERS_VOID names (双子星: both)
BRIDE = Cited("bride.refused", "鬼魂新娘", "结算目标若不是丘比特，炸弹，上帝使徒，双子星或持有[隐身]状态")
BRIDE_REFUSED = ("丘比特", *LOVERS_VOID_ROLES)
LOVERS_QUOTES = (
    LOVERS_VOID,
    BRIDE,
    Cited(
        "lovers.undetermined",
        "丘比特",
        "如果情侣之一是不定阵营，丘与情侣加入黑情侣阵营，情侣内部两人获得[群内]标签并持有杀人技能",
    ),
    Cited("lovers.third", "丘比特", "如果情侣之一是三方阵营，丘与情侣加入该三方阵营"),
    Cited(
        "lovers.mixed",
        "丘比特",
        "如果情侣是狼+村民组合，丘与情侣加入黑情侣阵营，该狼人不会获得[群内]标签，取而代之的是会获得[接刀]标签",
    ),
    Cited("lovers.wolves", "丘比特", "如果情侣是双狼组合，丘加入狼人阵营并获得[接刀]标签"),
    Cited("lovers.villagers", "丘比特", "如果情侣是双民组合，丘加入村民阵营。"),
    Cited("lovers.self", "丘比特", "丘比特自连，丘比特在情侣性质判定中按照村民阵营计算。"),
)

# ── win determination (胜负判定) ────────────────────────────────────────────────────────────────

WIN = "胜负判定"
THIRD_PRIORITY = OrderTable(
    "third-party-priority",
    ("吹笛", "占星师", "炸弹", "不定互指", "蛊惑师", "镜", "富商", "监视", "锁链师", "白眼狼"),
    WIN,
    "如果有多个三方同时达到胜利条件，则判定优先顺序为：吹笛者、占星师、炸弹、不定互指、蛊惑师、镜、富商、监视、锁链、白狼。",
)
WIN_QUOTES = (
    Cited(
        "win.lost-first", WIN, "某阵营满足其判负条件之一时，该阵营优先判负。已经判负的阵营无法再次获得胜利。"
    ),
    Cited("win.one", WIN, "只有一个阵营能获得胜利。"),
    Cited(
        "win.sole",
        WIN,
        "某未判负阵营满足其胜利条件之一，或场上仅有一个阵营尚未被判负时，宣布此阵营胜利、游戏结束。",
    ),
    Cited(
        "win.timing",
        WIN,
        "除了屠城胜利即时判定之外，宣布胜利或失败需要结算完当前阶段才会判定是否获胜或判负。",
    ),
    Cited(
        "win.massacre",
        WIN,
        "所有阵营的通用屠城胜利方式：场上只有一个阵营尚未判负，或场上仅有一个阵营的角色存活，该阵营获胜。",
    ),
    Cited("win.stalemate", WIN, "则警长在谁手里，那个角色所属的阵营就获胜。"),
    Cited(
        "win.both",
        WIN,
        "同时满足胜利和判负条件时，除了血月使徒，炸弹，占星师等技能上有写特殊胜利方式的视作胜利，否则视作判负。",
    ),
    Cited("loss.wolf.1", "胜负判定/狼人阵营", "1、不存在存活的狼人阵营角色。"),
    Cited("loss.wolf.2", "胜负判定/狼人阵营", "2、狼人阵营的存活角色全部进入吹笛状态。"),
    Cited(
        "loss.wolf.3",
        "胜负判定/狼人阵营",
        "3、狼人阵营所有[群内]和[接刀]的角色均出局，并且阵营为狼人阵营，实际身份也是狼人阵营的身份的角色出局开局狼人最低人数个",
    ),
    Cited("loss.village.1", "胜负判定/村民阵营", "1、不存在存活的村民阵营角色。"),
    Cited("loss.village.2", "胜负判定/村民阵营", "2、村民阵营的存活角色全部进入吹笛状态。"),
    Cited(
        "loss.village.3",
        "胜负判定/村民阵营",
        "3、阵营为村民阵营，实际身份也是村民阵营的身份的角色出局开局村民最低人数个",
    ),
    Cited("loss.third", "胜负判定/三方阵营", "【三方阵营】共通判负条件：所属阵营的全部角色均出局"),
    Cited("loss.red", "红牌", "同一阵营的角色累计获得两张或以上红牌时，阵营判负。"),
)

# ── voting, sheriff, cards ───────────────────────────────────────────────────────────────────────

VOTE_QUOTES = (
    Cited(
        "vote.top",
        "投票",
        "讨论日获得投票最多的角色将出局，若该角色持有[霸道]或[不死]状态，则不出局，公示平安日。",
    ),
    Cited("vote.tie", "投票", "“多于一名角色票数最高”称为平票。产生平票时，如有替罪羊，则替罪羊出局。"),
    Cited("vote.hidden", "投票", "每天的投票内容公开，但投票计数隐藏，将只宣布当天谁是最高票"),
    Cited(
        "vote.changed-target-out",
        "投票",
        "如果投票的角色在正午就已出局，即使在禁止改票的时间内也可以进行一次改票。",
    ),
    Cited("vote.one", "投票规则", "每名存活角色每个讨论日限投一票，投票完成后允许改票。"),
    Cited(
        "vote.change-once",
        "投票规则",
        "改票只允许进行一次。关门前一小时不允许改票或代投，执行加速时不允许改票。",
    ),
    Cited("vote.yellow", "投票规则", "讨论结束时，未回复投票帖者将被判罚黄牌"),
    Cited(
        "sheriff.elect", "其他", "竞岗<强制> —— 在游戏的第一天投票结束后，最先获得投票数最多的角色当选警长。"
    ),
    Cited(
        "sheriff.lead",
        "其他",
        "带队<强制> —— 计算投票数量时警长投出的票计为2票。如果场上无替罪羊，以警长票的人出局为准。",
    ),
    Cited(
        "sheriff.pass", "其他", "殉职<强制> —— 警长出局时，在出局的那个阶段内，须选择一名未出局的角色移交警长"
    ),
    Cited("card.blue", "蓝牌", "累计三张“蓝牌”合并为一张“黄牌”。"),
    Cited("card.yellow", "黄牌", "累计三张“黄牌”合并为一张“红牌”。"),
    Cited("card.red", "红牌", "玩家受到红牌判罚时出局（称为“红牌罚下”）。"),
    Cited("card.after-vote", "出局", "白天红牌罚下导致的出局结算在投票结算之后执行。"),
)

ANNOUNCE_QUOTES = (
    Cited("announce.flip", "公示/通知", "特别的，[翻牌]技能都会公示以下内容："),
    Cited("announce.night-private", "公示/通知", "而夜晚阶段，则需要等待当前行动时间段结束之后再通知。"),
    Cited("announce.order", "公示/通知", "公示出局名单时按角色出局的顺序排序。"),
)

__all__ = [
    "ALIASES",
    "ANNOUNCE_QUOTES",
    "BRIDE_REFUSED",
    "CHAIN_ORDER",
    "CYCLE",
    "CYCLE_QUOTES",
    "DAMAGE_QUOTES",
    "DAWN",
    "DEEP",
    "DEFENCES",
    "DUSK",
    "EARLY",
    "ENTRY_ROLES",
    "EXIT_ORDER",
    "EXIT_SAME_SLOT",
    "FAMILY",
    "FLOW",
    "INHERIT",
    "INHERIT_ORDER",
    "KICK_ONCE",
    "LATE",
    "LOVERS_QUOTES",
    "LOVERS_VOID_ROLES",
    "MID",
    "NOON",
    "PACK",
    "PHASES",
    "REDIRECTION",
    "SAME_NAME",
    "SKILL_ALIASES",
    "START",
    "STATUSES",
    "THIRD_PRIORITY",
    "UNLISTED",
    "VOTE_QUOTES",
    "WIN_QUOTES",
]


# Night skills whose effect puts a char out, as their sections print it, with their row in the exit
# list (None: the list has no row for it — ruleproof places them after the list, in the night's order).
NIGHT_EXITS: tuple[tuple[Cited, str | None], ...] = (
    (Cited("狼兄<暴怒>", "狼兄", "暴怒[深夜][指定]<限定>"), None),
    (Cited("双子星光<继承黑夜>", "双子星光", "继承黑夜[深夜]<限定>[指定]"), None),
    (Cited("黑蝙蝠<反弹>", "黑蝙蝠", "反弹[凌晨][强制][指定]"), None),
    (Cited("纵火犯<纵火>", "纵火犯", "技能来源受到[致死伤害]"), None),
    (Cited("见习守卫<见习>", "见习守卫", "结算目标不出局，但是发动者承受[致死伤害]"), None),
    (Cited("幽灵<附体>", "幽灵", "若目标玩家当晚出局，幽灵会受到[致死伤害]"), None),
    (Cited("妖狐<化形>", "妖狐", "若自己被验人系身份查验时，妖狐会受到来自于技能来源的<致死伤害>"), None),
    (Cited("[群内]<杀人>", "[群内]可用技能", "对结算目标造成一次[指杀]"), "[群内]<杀人>"),
    (Cited("黑狼王<冲锋>", "黑狼王", "冲锋[深夜][指定]<限定>"), "黑狼王<冲锋>"),
    (Cited("大野狼<野性>", "大野狼", "野性[深夜][指定]"), "大野狼<野性>"),
    (Cited("白眼狼<撕咬>", "白眼狼", "撕咬 [深夜][指定]"), "白眼狼<撕咬>"),
    (Cited("双子星暗<黑夜狩猎>", "双子星暗", "黑夜狩猎[深夜][指定]"), "双子星暗<黑夜狩猎>"),
    (Cited("狙击手<狙击>", "狙击手", "狙击[深夜][指定]"), "狙击手<狙击>"),
    (Cited("猎魔人<猎杀>", "猎魔人", "猎杀 [深夜][指定][3]"), "猎魔人<猎杀>"),
    (Cited("潜行者<潜行>", "潜行者", "潜行[深夜][指定]<限定>"), "潜行者<潜行>"),
    (Cited("女巫<毒药>", "女巫", "毒药[凌晨][1][指定]"), "女巫<毒药>"),
)
