"""随机配置法 4.1's game rules (用语定义 … 游戏流程, lines 79–209) as tables, each with its clause and quote.

The text defines the rules of the game — tags, statuses, the exit resolution and its strength order,
win determination, the phase order — but not its roles' skills (they are in another post).  So the
phases' entries are *slots*: 「守卫<守护>」 acts at its place in 午夜; what it does is the other post's, and
a vector states it (docs/random41.md).  A slot's entries are read from the quoted item.
"""

from __future__ import annotations

import re

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

_PIECE = re.compile(r"([^<>，、。]*)((?:<[^<>]+>)+)")


def slots(phrase: str) -> tuple[tuple[str, str], ...]:
    """(role as printed, skill) of every 「role<skill>」 in ``phrase``; 「A<x><y>」 is two slots of A."""
    out = []
    for m in _PIECE.finditer(phrase):
        role = re.sub(r"^\d+\.\s*", "", m.group(1).strip())
        for skill in re.findall(r"<([^<>]+)>", m.group(2)):
            out.append((role, skill))
    return tuple(out)


def _step(phase: str, n: str, clause: str, quote: str, *, ordered: bool = True) -> Step:
    return Step(f"{phase}.{n}", phase, f"{n}.", slots(quote), clause, quote, ordered)


# ── phases (游戏流程) ─────────────────────────────────────────────────────────────────────────

START = PhaseDef(
    "start",
    Timing.START,
    "setup",
    (
        _step(
            "start",
            "1",
            "开局",
            "1. 盗贼<偷换>，魔偶师<人偶>，灵鹿<长寿之命>，长老<长寿之命>，玄武<长寿之命>，哈利波特<主角光环>，魔偶师人偶<人偶之身>，"
            "妖狐<化形>，流光伯爵<神恩>，循声检事<神恩>，火神<神恩>，吸血鬼<渴血症>，斩魔大帝<功德无量>，隐者<隐身衣>，克隆人<克隆>，"
            "丘比特<丘比特之箭>，鬼魂新娘<冥婚>，混血儿<认亲>，复仇者<寻仇>，暗恋者<跨越千里>，夜翎<帷幕>，有先后顺序。",
        ),
        _step("start", "2", "开局", "2. 狼人共群，情侣共群。"),
        _step("start", "3", "开局", "3. 解谜者<谜题>，循声检事<音符>，互不影响。", ordered=False),
        _step("start", "4", "开局", "4. 小木匠<人狼>。"),
        _step("start", "5", "开局", "5. 所有得知名单类的身份属性在此时反馈。"),
    ),
    "开局",
    "开局",
)
EARLY = PhaseDef(
    "early",
    Timing.EARLY,
    "night",
    (
        _step("early", "1", "早夜", "1. 当前游戏天数增加1。"),
        _step(
            "early",
            "2",
            "早夜",
            "2. 占星师<生占><死占>，白昼学者/寂夜导师<时波增幅><时波削弱>，仲裁官/阴谋家<倒悬>，寂夜导师<时波混乱>，阴谋家<零和>，"
            "幼狼<激励>反馈，互不影响。",
            ordered=False,
        ),
        _step(
            "early",
            "3",
            "早夜",
            "3. 蚀时狼妃<时间逆流>，梦林<梦>，狼鸦之爪<夜之锋刃>，隐者<脱下隐身衣>，挽风<既往芳华>，流光伯爵<流光庇护>，龙魂<龙魄>，"
            "噩梦之影<恐惧>，道士<结印>，有先后顺序。",
        ),
    ),
    "早夜",
    "1. 当前游戏天数增加1。",
)
MID = PhaseDef(
    "mid",
    Timing.MID,
    "night",
    (
        Step(
            "mid.1",
            "mid",
            "",
            slots(
                "花蝴蝶<拥抱>，魔术师<交换>，魔偶师<人偶操控>，赤狼<业炎>，火神<煜华>，邪恶术士<术法仪式>，企鹅<冰冻>，子狐<咒缚>，"
                "科技先驱<改造>，血魔<血咒>，真理祭坛<朝闻道>，混沌之魔<混沌>，挽风<救赎挽歌>，守卫<守护>，摄梦人<摄梦>，水手<护海>，"
                "皇城空卫<护翼>，医生<救治>，保险丝<熔断>，黑蝙蝠<庇护>，狼道君<飞升>，刺客<预谋>，石像鬼<查验>，邪恶赌怪<赌博>，"
                "夜翎<夜影>，小木匠<月圆>，伏兵<十面埋伏>，炼金魔女<未明之雾>，解谜者<灰色线索>，有先后顺序。"
            ),
            "午夜",
            "花蝴蝶<拥抱>，魔术师<交换>，魔偶师<人偶操控>，赤狼<业炎>，火神<煜华>，邪恶术士<术法仪式>，企鹅<冰冻>，子狐<咒缚>，"
            "科技先驱<改造>，血魔<血咒>，真理祭坛<朝闻道>，混沌之魔<混沌>，挽风<救赎挽歌>，守卫<守护>，摄梦人<摄梦>，水手<护海>，"
            "皇城空卫<护翼>，医生<救治>，保险丝<熔断>，黑蝙蝠<庇护>，狼道君<飞升>，刺客<预谋>，石像鬼<查验>，邪恶赌怪<赌博>，"
            "夜翎<夜影>，小木匠<月圆>，伏兵<十面埋伏>，炼金魔女<未明之雾>，解谜者<灰色线索>，有先后顺序。",
        ),
    ),
    "午夜",
    "午夜",
)
DEEP_KILLS = (
    "3. 当前持刀狼人或接刀黑情侣或接刀丘比特<杀人>，小木匠<杀人>，伏兵十面埋伏<杀人>（具体顺序由伏兵决定），哈利波特<杀人>，"
    "幼狼<杀人>，大灰狼<冲锋>，血魔<割裂>，大野狼<野性>，邪恶术士<咒杀>，邪恶赌怪<赌约>，刺客<刺杀>，哈迪寂亚<生存还是死亡>，"
    "黑骑士<堕落之刃>，吸血鬼<饮血刃>，军团<野性挥砍><野性狂暴>白眼狼<撕咬>，启明星使<天妒>，教宗<抉眼>，纯白之女<耀光>，"
    "潜行者<潜行>，赏金猎人<悬赏>，赏金猎人<捕杀>，猎魔人<猎杀>，特工<伏击>，舞者<共舞>，灾星<血光之灾>，皇城空卫<殉航>，"
    "弈圣<对弈>，女巫<灵通>，天使长<希望之羽>，魂灵使徒<汲魂秘术>，女巫<毒药>，黑商馈赠<毒药>，克隆人征调<毒药>，有先后顺序。"
)
DEEP = PhaseDef(
    "deep",
    Timing.DEEP,
    "night",
    (
        _step(
            "deep",
            "1",
            "深夜",
            "1. 预言家/黑商馈赠<预言>，纯白之女<照耀>，通灵师<通灵>，迪拉熊<通灵>，克隆人征调<通灵>，狐狸<狡黠>，解谜者<死亡拼图>，"
            "循声检事<循迹>，狼巫<黑暗侦测>，灵能<感知>，摆渡人<检视>，吹笛者<吹笛>，梦林<林>，黑武士<御前决斗>，狼美人<魅惑>，"
            "狼道君<神仙丹>，乌鸦<诽谤>，黑商<馈赠>，互不影响。",
            ordered=False,
        ),
        _step("deep", "2", "深夜", "2. 幼狼<激励>在此时反馈。"),
        _step("deep", "3", "深夜", DEEP_KILLS),
    ),
    "深夜",
    "深夜",
)
LATE = PhaseDef(
    "late",
    Timing.LATE,
    "night",
    (
        _step(
            "late",
            "1",
            "凌晨",
            "1. 混血猎手<随行>，混血猎手<狩猎>，猎魔人<宿命>，舞者<宿命>，特工<潜藏>，弈圣<悔子>，斩魔大帝<舍身崖前>，"
            "恶灵骑士<主宰黑夜>，女巫<救药>，枢<介>，灵鹿<森林庇护>，修女<圣水>，恶灵骑士<邪恶>，黑蝙蝠<反弹>，有先后顺序。",
        ),
        _step(
            "late",
            "2",
            "凌晨",
            "2. 玄武<命数感知>，玄武<阴阳变转>，亡灵法师<亡灵秘法>，亡灵法师<固灵术>，亡灵法师<亡灵毒药>，魂灵使徒<魂灵秘法>，"
            "魂灵使徒<圣灵统御>，炼金魔女<魔女秘法>，炼金魔女<法老之蛇>，摆渡人<入阴>，摆渡人<摆渡>，皇城空卫<巡备>，巡夜人<巡逻>，"
            "循声检事<心证>，有先后顺序。",
        ),
        _step("late", "3", "凌晨", "3. 黑商<馈赠>在此时反馈。"),
        _step("late", "4", "凌晨", "4. 按以下顺序得到出局名单："),
    ),
    "凌晨",
    "凌晨",
)
ELECTION = PhaseDef(
    "election",
    Timing.ELECTION,
    "night",
    (Step("election.1", "election", "", (), "竞选", "若当前游戏天数为1，在此处插入警长竞选环节"),),
    "竞选",
    "若当前游戏天数为1，在此处插入警长竞选环节",
    stream=True,
)
DAWN = PhaseDef(
    "dawn",
    Timing.DAWN,
    "night",
    (
        _step("dawn", "1", "晨曦", "1. 按出局名单的顺序结算出局。"),
        _step(
            "dawn",
            "2",
            "晨曦",
            "2. [破伤风]状态，猎人<最后一枪>，黑商馈赠<最后一枪>，黑狼王<报复>，克隆人征调<报复>，锈剑骑士<破伤风>，河豚<豚毒>，"
            "长老<村镇之殇>，太阳<日>，月亮<夜>，哈利波特<逝者箴言>，哈利波特<救世之星>，钟<时光倒流>，即时插入结算，"
            "若多个技能同时插入则按上述顺序。",
        ),
        _step(
            "dawn",
            "3",
            "晨曦",
            "3. 公示信息，警长出局移交警徽，晨曦阶段遗言，梦林<林>的判定在此处开始和结束。",
        ),
    ),
    "晨曦",
    "晨曦",
)
NOON = PhaseDef(
    "noon",
    Timing.NOON,
    "day",
    (
        _step(
            "noon",
            "1",
            "正午",
            "1. 所有角色依次发言，若有角色发动技能，按照现实时间立刻结算，结算顺序也和现实时间一致。",
        ),
        _step("noon", "2", "正午", "2. 公示<诽谤>信息，所有角色进行放逐投票，线人<诈降>。"),
        _step("noon", "3", "正午", "3. 公示投票结果，定序王子<重定时间>。"),
    ),
    "正午",
    "正午",
)
DUSK = PhaseDef(
    "dusk",
    Timing.DUSK,
    "day",
    (
        _step(
            "dusk", "1", "黄昏", "1. 按以下顺序结算出局：最高票[投票出局]，海象<象粮>[投票出局]，[流血]状态。"
        ),
        _step(
            "dusk",
            "2",
            "黄昏",
            "2. 判官<示怨>，教主<赎罪券>，白猫<猫有九命>，摆渡人<摆渡>，枢<斥>，猎人<最后一枪>，黑商馈赠<最后一枪>，黑狼王<报复>，"
            "克隆人征调<报复>，河豚<河豚之怒>，锈剑骑士<破伤风>，河豚<豚毒>，长老<村镇之殇>，太阳<日>，月亮<夜>，哈利波特<逝者箴言>，"
            "海象<象牙>，哈利波特<救世之星>，钟<时光倒流>，即时插入结算，若多个技能同时插入则按上述顺序。",
        ),
        _step("dusk", "3", "黄昏", "3. 公示信息，警长出局移交警徽，黄昏阶段遗言。"),
        _step("dusk", "4", "黄昏", "4. 开局阶段结束后，游戏从此处开始，并设置当前游戏天数为0。"),
        _step(
            "dusk",
            "5",
            "黄昏",
            "5. 隐狼<伪装>，白眼狼<遗泽>，迪拉熊<灵吼>，熊<咆哮>，迪拉熊<咆哮>，蚀日侍女<日光窃取>，枢<运>，长老狼<归途>，有先后顺序。",
        ),
    ),
    "黄昏",
    "黄昏",
)
PHASES = (START, EARLY, MID, DEEP, LATE, ELECTION, DAWN, NOON, DUSK)

EXIT_QUOTE = (
    "4. 按以下顺序得到出局名单：[流血]状态，当前持刀狼人或接刀黑情侣或接刀丘比特<杀人>，小木匠<杀人>，伏兵十面埋伏<杀人>"
    "（具体顺序与技能发动的顺序相同），哈利波特<杀人>，大灰狼<冲锋>，大野狼<野性>，邪恶赌怪<赌约>，刺客<刺杀>，"
    "哈迪寂亚<生存还是死亡>（具体顺序由哈迪寂亚决定），黑骑士<堕落之刃>，吸血鬼<饮血刃>，混血猎手<狩猎>，恶灵骑士<邪恶>，"
    "白眼狼<撕咬>，教宗<抉眼>，摄梦人<摄梦>（3），寂夜导师<时波混乱>，仲裁官<零和>，纯白之女<耀光>，潜行者<潜行>，猎魔人<猎杀>，"
    "特工<伏击>，舞者<共舞>，火神<煜华>，弈圣<对弈>，灾星<血光之灾>，天使长<希望之羽>，魂灵使徒<汲魂秘术>，女巫<毒药>，"
    "黑商馈赠<毒药>，克隆人征调<毒药>，亡灵法师<亡灵毒药>，妖狐<融化>，黑商<馈赠>（1），解谜者<死亡拼图>（2），水手<护海>（2），"
    "启明星使<天妒>（3），保险丝<熔断>，皇城空卫<殉航>（皇城空卫在先，结算目标在后），蚀日侍女<日光窃取>（3），血月使徒<苟住>（2），"
    "幼狼<牺牲>。"
)
EXIT_ORDER = OrderTable(
    "exit-order", ("[流血]", *(f"{r}<{s}>" for r, s in slots(EXIT_QUOTE))), "凌晨", EXIT_QUOTE
)
CHAIN_QUOTE = (
    "连带出局顺序 按照以下方式排列：狼美人<魅惑>，原本的出局结算，[情侣]状态，暗恋者<生死相随>，摄梦人<摄梦>（2），"
    "魔偶师人偶<消逝>，女王观战者<陪葬>。"
)
CHAIN_ORDER = OrderTable(
    "chain-order",
    (
        "狼美人<魅惑>",
        "原本的出局结算",
        "[情侣]",
        "暗恋者<生死相随>",
        "摄梦人<摄梦>",
        "魔偶师人偶<消逝>",
        "女王观战者<陪葬>",
    ),
    "游戏流程",
    CHAIN_QUOTE,
)
DUSK_EXITS = OrderTable(
    "dusk-exits",
    ("最高票[投票出局]", "海象<象粮>", "[流血]"),
    "黄昏",
    "1. 按以下顺序结算出局：最高票[投票出局]，海象<象粮>[投票出局]，[流血]状态。",
)
INSERTION = Cited(
    "insertion",
    "游戏流程",
    "即时插入结算 如果该阶段发动的技能导致另外一个该阶段发动的技能可以发动，则立刻插入结算发动",
)

# ── the 「选择目标 → 结算目标」 chain (技能标签 指定) ───────────────────────────────────────────────

REDIRECTION = OrderTable(
    "redirection",
    ("导", "因果干涉", "时间逆流", "交换", "拥抱"),
    "技能标签",
    "从选择目标到结算目标的过渡，依次结算下列技能的影响：[导]、[因果干涉]、[时间逆流]、[交换]、[拥抱]。",
)

# ── statuses (负面状态 / 非负面状态) ──────────────────────────────────────────────────────────────

NEG, NONNEG = "负面状态", "非负面状态"


def _st(
    name: str, negative: bool, effects: set[str], quote: str, *, notified: bool = True, defence: bool = False
) -> StatusDef:
    return StatusDef(
        name, negative, frozenset(effects), NEG if negative else NONNEG, quote, notified, defence
    )


STATUSES: dict[str, StatusDef] = {
    s.name: s
    for s in (
        _st("沉默", True, {"silence"}, "[沉默] 该状态下，不能发动[杀人]技能外的非[强制]技能。"),
        _st("缴械", True, {"disarm"}, "[缴械] 该状态下，不能发动[杀人]技能"),
        _st(
            "遗忘", True, {"forget"}, "[遗忘] 仅在角色持有[强制]技能时会得知。该状态下，失去所有[强制]技能。"
        ),
        _st("超度", True, {"release"}, "该状态下，不能发动[杀人]技能，会失去且无法获得[群内]或[接刀]标签。"),
        _st("冰冻", True, {"silence", "disarm"}, "[冰冻/恐惧] 该状态等同于[沉默]+[缴械]。"),
        _st("恐惧", True, {"silence", "disarm"}, "[冰冻/恐惧] 该状态等同于[沉默]+[缴械]。"),
        _st("净化", True, {"silence", "release", "forget"}, "[净化] 该状态等同于[沉默]+[超度]+[遗忘]。"),
        _st(
            "流血",
            True,
            {"bleed"},
            "[流血] 该状态不予通知。处于该状态的角色再次获得该状态时，改为受到[致死伤害]",
            notified=False,
        ),
        _st("血咒", True, {"curse"}, "每获得3个计数，就会获得[流血]状态", notified=False),
        _st("破伤风", True, {"tetanus"}, "处于该状态的角色每个[晨曦]阶段都会受到[致死伤害]", notified=False),
        _st(
            "魅惑", True, {"charm"}, "该状态的赋予者出局时，处于该状态的角色受到[连带出局]。", notified=False
        ),
        _st("漏洞", True, {"loophole"}, "[漏洞] 该状态下，会失去且无法获得所有非负面状态。"),
        _st("吹笛", True, set(), "[吹笛] 该状态仅与吹笛者的胜利条件有关，无特殊效果。"),
        _st(
            "守护", False, set(), "[守护：X] 该状态下，可以抵消X次[指杀]伤害。", notified=False, defence=True
        ),
        _st(
            "坚韧", False, set(), "[坚韧] 该状态下，可以抵消[指杀][穿透]伤害。", notified=False, defence=True
        ),
        _st("霸道", False, set(), "[霸道] 该状态下，可以抵消[投票出局]伤害。", notified=False, defence=True),
        _st("不死", False, set(), "[不死] 该状态下，可以抵消任意伤害。", notified=False, defence=True),
        _st(
            "隐身",
            False,
            {"invisible"},
            "[隐身] 该状态下，成为[指定]技能的结算目标时，将处于该状态的角色从目标中删除。",
            notified=False,
        ),
        _st(
            "自由",
            False,
            set(),
            "[自由] 该状态下，无视当前阶段和生死情况，任何时候都可以发言。",
            notified=False,
        ),
        _st("独裁", False, {"extra_vote"}, "[独裁] 该状态下，票权增加1票。该状态可以叠加。", notified=False),
        _st("秩序", False, {"order"}, "[秩序] 该状态下，会失去且无法获得所有负面状态。", notified=False),
        _st("混沌", False, {"chaos"}, "[混沌] 处于该状态的角色受到足以导致角色出局的伤害时", notified=False),
        _st("情侣", False, {"lovers"}, "[情侣] 该状态不会因[漏洞]丢失。", notified=False),
    )
}
EXCLUSIVE = Cited("漏洞/秩序", NEG, "角色同时获得[漏洞][秩序]时，后获得的状态无效。")
CONTROL = Cited("control", NEG, "[沉默][缴械][超度][冰冻][恐惧][净化]统称控制状态。")
DEFENCE_SET = Cited("defences", NONNEG, "[守护][坚韧][霸道][不死]统称防御状态。")

DEFENCES: tuple[Defence, ...] = (
    Defence(
        "守护", frozenset({Damage.KILL}), NONNEG, "[守护：X] 该状态下，可以抵消X次[指杀]伤害。", counted=True
    ),
    Defence(
        "坚韧", frozenset({Damage.KILL, Damage.PIERCE}), NONNEG, "[坚韧] 该状态下，可以抵消[指杀][穿透]伤害。"
    ),
    Defence("霸道", frozenset({Damage.VOTE}), NONNEG, "[霸道] 该状态下，可以抵消[投票出局]伤害。"),
    Defence(
        "不死",
        frozenset({Damage.KILL, Damage.PIERCE, Damage.LETHAL, Damage.VOTE}),
        NONNEG,
        "[不死] 该状态下，可以抵消任意伤害。",
    ),
)
# 出局结算: the strength order, a second statement of what each defence cancels
STRENGTH = OrderTable(
    "strength",
    ("不死", "致死伤害", "坚韧", "穿透", "守护", "指杀"),
    "出局结算",
    "伤害强度与防御等级的强弱顺序为：[不死]>[致死伤害]>[坚韧]>[穿透]>[守护]>[指杀]。",
)
VOTE_EXIT = Cited(
    "vote exit", "出局结算", "在放逐投票中获得最高票的角色除非处于[霸道]或[不死]状态，否则将出局"
)
CHAIN_EXIT = Cited("chain exit", "出局结算", "若某些原因导致连带者免于出局，则被连带者也免于出局。")
SHORTEST = Cited("shortest", "出局结算", "且会优先抵消时效更短的防御状态")

FAMILY = Family(
    statuses=STATUSES,
    defences=DEFENCES,
    redirection=REDIRECTION,
    silence_blocks_kill=False,  # 「不能发动[杀人]技能外的非[强制]技能」
)

# ── identity tags (身份标签) ─────────────────────────────────────────────────────────────────────

PACK = Cited("pack", "身份标签", "狼人阵营的角色若标明[群内]，则入狼群，且所有[群内]共享[杀人]技能。")
INHERIT = Cited(
    "inherit",
    "身份标签",
    "[接刀]的角色获得[杀人]技能，之后若状态清除，则不再接刀，重新由[群内]持有[杀人]技能。",
)
INHERIT_ORDER = Cited(
    "inherit order",
    "身份标签",
    "狼人阵营的接刀顺序按身份名的音序顺序排列，然后是接刀黑情侣、鬼魂情侣、接刀丘比特、证婚人。",
)
INHERIT_TAIL = ("接刀黑情侣", "鬼魂情侣", "接刀丘比特", "证婚人")

# ── wins (胜负判定) ───────────────────────────────────────────────────────────────────────────────

PRIORITY = OrderTable(
    "priority",
    (
        "占星师阵营",
        "妖狐阵营",
        "吹笛者阵营",
        "杀手兔阵营",
        "白眼狼阵营",
        "黑情侣阵营",
        "鬼魂情侣阵营",
        "狼人阵营",
        "村民阵营",
    ),
    "胜负判定",
    "第一个未被判负的阵营获得胜利：占星师阵营，妖狐阵营，吹笛者阵营，杀手兔阵营，白眼狼阵营，黑情侣阵营，鬼魂情侣阵营、狼人阵营，村民阵营。",
)
DELETED = Cited("deleted 杀手兔", "4.0版本更新", "删除身份杀手兔")
WIN_QUOTES = (
    Cited(
        "win.lost-first",
        "胜负判定",
        "某阵营满足其判负条件之一时，该阵营优先判负。已经判负的阵营无法再次获得胜利。",
    ),
    Cited(
        "win.massacre",
        "胜负判定",
        "所有阵营的通用胜利方式：场上只有一个阵营尚未判负，或场上仅有一个阵营的角色存活，该阵营获胜。",
    ),
    Cited("win.timing", "胜负判定", "通用胜利即时判定，其余需要结算完当前阶段才会判定是否获胜或判负。"),
    Cited(
        "loss.village.standard",
        "村民阵营",
        "负（普通狼人规则） 下列条件满足其一：（1）村民阵营的神职全部出局；（2）村民阵营的村民全部出局。",
    ),
    Cited(
        "loss.village.all-random",
        "村民阵营",
        "负（全员随机规则） 下列条件满足其一：（1）村民阵营的强神全部出局；（2）村民阵营的弱神全部出局。",
    ),
    Cited("loss.wolf", "狼人阵营", "负 狼人阵营的所有角色均出局。"),
    Cited("loss.black-lovers", "黑情侣阵营", "负 黑情侣阵营的所有角色均出局。"),
    Cited("loss.ghost-lovers", "鬼魂情侣阵营", "负 黑情侣阵营的所有角色均出局。"),
    Cited("win.piper", "吹笛者阵营", "胜 吹笛者存活且除吹笛者阵营外的角色全部处于[吹笛]状态。"),
    Cited("win.white-wolf", "白眼狼阵营", "胜 通过<遗泽>成功发动的非<强制>技能数量大于存活人数的一半。"),
    Cited(
        "win.astrologer",
        "占星师阵营",
        "胜 通过[命运洪流]猜对过除占星师阵营外的全部角色（包括已出局角色）的实际身份。",
    ),
    Cited(
        "win.fox",
        "妖狐阵营",
        "胜 尚未判负的阵营仅有妖狐阵营和一个其他阵营，或有阵营宣布胜利时，妖狐仍然存活，则妖狐代替该阵营获得胜利。",
    ),
)
ANNOUNCE_QUOTES = (
    Cited(
        "announce.dawn",
        "公示和通知",
        "在[晨曦]阶段公示前一晚出局角色名单，以及夜晚期间需要公示的内容，公示出局名单时按角色编号的顺序排序。",
    ),
    Cited(
        "announce.dusk",
        "公示和通知",
        "在[黄昏]阶段公示包括投票出局在内的[黄昏]阶段出局角色名单，以及其他应当公示的信息，公示出局名单时按角色出局的顺序排序。",
    ),
)
SEQUENTIAL = Cited(
    "sequential",
    "出局结算",
    "多名角色依次出局时，依次结算每次出局的相关效果，因此造成新的伤害时，先插入结算新的伤害",
)


def quotes() -> list[Cited]:
    out: list[Cited] = []
    for ph in PHASES:
        out += [Cited(f"step {s.key}", s.clause, s.quote) for s in ph.steps]
    for t in (EXIT_ORDER, CHAIN_ORDER, DUSK_EXITS, REDIRECTION, STRENGTH, PRIORITY):
        out.append(Cited(f"order {t.key}", t.clause, t.quote))
    out += [Cited(s.key, s.clause, s.quote) for s in STATUSES.values()]
    out += [Cited(d.key, d.clause, d.quote) for d in DEFENCES]
    out += [
        EXCLUSIVE,
        CONTROL,
        DEFENCE_SET,
        VOTE_EXIT,
        CHAIN_EXIT,
        SHORTEST,
        PACK,
        INHERIT,
        INHERIT_ORDER,
        INSERTION,
    ]
    out += [DELETED, *WIN_QUOTES, *ANNOUNCE_QUOTES, SEQUENTIAL]
    return out


__all__ = [
    "CHAIN_ORDER",
    "DEFENCES",
    "DUSK_EXITS",
    "EXIT_ORDER",
    "FAMILY",
    "PHASES",
    "PRIORITY",
    "REDIRECTION",
    "STATUSES",
    "STRENGTH",
    "quotes",
    "slots",
]
