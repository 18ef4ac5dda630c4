"""The ordered tables of 返航录: night steps (2.1.1), batches (2.1.6/2.1.7), layer orders (2.8.2, 5.3.3),
victory order (1.2.3).  Each table is written here once; the engine, kernels and docs iterate over it.
"""

from __future__ import annotations

from ruleproof.specs.model import (
    BatchDef,
    LayerClass,
    LayerDef,
    LayerOrder,
    OrderRow,
    PublishRule,
    StepDef,
    StepKind,
    VictoryRow,
)

S = StepKind.STEP

# 2.1.1 夜间步骤总表, with the passive arrival point of 2.1.5 and the two pre-step-0 sub-stages.
NIGHT_STEPS: tuple[StepDef, ...] = (
    StepDef("arrival", "额度被动到账", "quota arrival", "2.1.5", StepKind.ARRIVAL),
    StepDef("iss", "身份改变子步骤", "identity-change sub-step", "2.1.1", StepKind.SUBSTAGE),
    StepDef(
        "edc", "昼末清理阶段", "end-of-day cleanup", "2.1.1", StepKind.SUBSTAGE, frozen_in_extinction=True
    ),
    StepDef("0", "私聊", "private chat", "2.2", S, frozen_in_extinction=True, batch="1"),
    StepDef("0.1", "外星人蛰伏", "alien ambush", "6.1.1", S),
    StepDef("0.2", "窃听者窃听", "eavesdropping", "4.12.1", S),
    StepDef("0.5", "感染抑制", "infection suppression", "3.3.4", S),
    StepDef("0.55", "感染致死", "infection death", "2.1.4", S),
    StepDef("0.6", "进化∕转化∕转职", "evolution / conversion / job change", "2.1.1", S, batch="2"),
    StepDef("1", "乔装", "disguise", "7.3", S),
    StepDef("2", "查验∕巡逻", "checks / patrol", "2.1.1", S, batch="3"),
    StepDef("3", "保镖保护∕工匠护甲", "protection / armor / safe room", "2.1.1", S),
    StepDef("3.5", "嗅探", "sniff", "4.4.8", S),
    StepDef("4a", "维修", "repair", "4.3.2", S, frozen_in_extinction=True, batch="4"),
    StepDef("4b", "破坏∕结茧", "sabotage / cocoon", "3.2", S, batch="5"),
    StepDef("5", "外星人击杀", "alien kill", "6.6", S),
    StepDef("6", "警长∕猎手∕武装船员枪击", "gunshots", "4.4.1", S),
    StepDef("7", "异形行动", "xeno knife / infection", "5.8.1", S),
    StepDef("8", "医生", "doctors", "3.3.2", S),
    StepDef("9", "死亡结算", "death settlement", "4.10.6", S, batch="6"),
    StepDef("10", "验票官紧急会议", "emergency meeting", "4.9.2", S, batch="7"),
    StepDef("11", "倒计时结算", "countdown settlement", "3.1", S, frozen_in_extinction=True, batch="8"),
)

STEP_BY_KEY: dict[str, StepDef] = {s.key: s for s in NIGHT_STEPS}
STEP_INDEX: dict[str, int] = {s.key: i for i, s in enumerate(NIGHT_STEPS)}

# 2.1.6 公告批次一览, 2.1.7 各批次统计口径.
BATCHES: tuple[BatchDef, ...] = (
    BatchDef(
        "0",
        "〇",
        "开局职业公告（本局全部职业构成，含外星人变体）",
        "opening role composition",
        "setup",
        "2.3.0",
        PublishRule.ALWAYS,
        "2.3.0",
        "—",
    ),
    BatchDef(
        "1", "①", "私聊配对（内容不公开）", "private-chat pairs", "0", "2.2", PublishRule.ALWAYS, "2.2", "—"
    ),
    BatchDef(
        "2",
        "②",
        "异形进化只数",
        "number of xenos that evolved",
        "0.6",
        "2.1.7",
        PublishRule.NONZERO,
        "2.1.7",
        "进化只数",
        measure="evolved",
    ),
    BatchDef(
        "3",
        "③",
        "全部阵营查验出手人次、巡逻统计与神探公告",
        "check count, patrol count, detective announcements",
        "2",
        "2.1.7",
        PublishRule.NONZERO,
        "2.1.7",
        "查验出手人次",
        measure="checks",
        carries=("patrol", "announcements"),
    ),
    BatchDef(
        "4",
        "④",
        "维修总量＋维修者暴露",
        "repair total and repairer exposure",
        "4a",
        "2.1.6",
        PublishRule.CHANGED,
        "附录三",
        "维修总量",
        measure="total",
        carries=("exposed",),
    ),
    BatchDef(
        "5",
        "⑤",
        "当夜总破坏量、净破坏量与停摆触发（＋破坏者暴露）",
        "sabotage total, net damage, shutdown triggers, saboteur exposure",
        "4b",
        "2.1.7",
        PublishRule.NONZERO,
        "2.1.7",
        "当夜总破坏量",
        measure="total",
        carries=("net_damage", "shutdown", "exposed"),
    ),
    BatchDef(
        "6",
        "⑥",
        "死亡名单（含调查报告）",
        "death list with investigation reports",
        "9",
        "4.10.6",
        PublishRule.CHANGED,
        "附录三",
        "死亡人数",
        measure="deaths",
    ),
    BatchDef(
        "7",
        "⑦",
        "紧急会议召开与验票官编号及身份",
        "emergency meeting opening",
        "10",
        "4.9.2",
        PublishRule.ON_EVENT,
        "4.9.2",
        "—",
    ),
    BatchDef(
        "8", "⑧", "倒计时值", "countdown value", "11", "3.1", PublishRule.CHANGED, "附录三", "倒计时变化"
    ),
    BatchDef(
        "9",
        "⑨",
        "票数公开（各被投票者之编号及其得票数）",
        "vote counts per candidate",
        "day",
        "2.3.4",
        PublishRule.ALWAYS,
        "2.1.7",
        "—",
    ),
    BatchDef(
        "10",
        "⑩",
        "驱逐结果（被驱逐者编号与身份）",
        "exile result",
        "day",
        "2.3.4",
        PublishRule.ON_EVENT,
        "2.3.4",
        "—",
    ),
    BatchDef("11", "⑪", "窃听报告", "eavesdrop report", "day", "4.12.2", PublishRule.ON_EVENT, "2.1.7", "—"),
)

BATCH_BY_KEY: dict[str, BatchDef] = {b.key: b for b in BATCHES}

# 2.8.2⑥ 现行层序·伤害侧【唯一权威源】: 全额减免 → 时限类 → 存续类 (护甲先于护盾).
SAFE_ROOM = LayerDef("safe_room", "工程师安全室", LayerClass.FULL, "4.3.1")
NIGHT_IMMUNITY = LayerDef("night_immunity", "外星人夜晚免疫", LayerClass.FULL, "6.4")
VACCINE = LayerDef("vaccine_antibody", "疫苗抗体", LayerClass.FULL, "4.14.4")
ANTIBODY = LayerDef("antibody", "抗体", LayerClass.TIMED, "4.5")
PROTECTION = LayerDef("protection", "保镖保护", LayerClass.TIMED, "4.8")
PATROL = LayerDef("patrol", "警长巡逻", LayerClass.TIMED, "4.4.4")
ARMOR = LayerDef("armor", "工匠护甲", LayerClass.PERSISTENT, "4.11")
SHIELD = LayerDef("shield", "结茧护盾", LayerClass.PERSISTENT, "5.7")

DAMAGE_ORDER = LayerOrder(
    "damage",
    (SAFE_ROOM, NIGHT_IMMUNITY, PROTECTION, PATROL, ARMOR, SHIELD),
    "2.8.2",
    "全额减免〔工程师安全室（4.3.1）、外星人夜晚免疫（6.4）〕→时限类〔保镖保护、警长巡逻〕→存续类〔工匠护甲、结茧护盾〕",
)

# 5.3.3 感染侧层序【唯一权威源】 (with the vaccine antibody of 4.14.4 among the full reductions).
INFECTION_ORDER = LayerOrder(
    "infection",
    (SAFE_ROOM, VACCINE, ANTIBODY, PROTECTION, PATROL, ARMOR),
    "5.3.3",
    "时限类〔第一层抗体（4.5，感染侧专属，不参与伤害侧）→第二层保镖保护（4.8）→第三层警长巡逻（4.4）〕→存续类〔第四层工匠护甲（4.11）〕",
)

# 2.8.2① the classes of layers, as the text names them in its chains (「全额减免〔…〕→时限类〔…〕→存续类〔…〕」).
LAYER_CLASS_ZH: dict[LayerClass, str] = {
    LayerClass.FULL: "全额减免",
    LayerClass.TIMED: "时限类",
    LayerClass.PERSISTENT: "存续类",
}

# 1.2.3 判定顺序: the first row that holds wins; 〇 (draw) is checked before ①–④.
VICTORY_ORDER: tuple[VictoryRow, ...] = (
    VictoryRow("〇", "night_cap", "draw", "1.2.3", "平局优先于①②③④"),
    VictoryRow("①", "xenos_and_alien_wiped", "humans", "1.2.3", "异形+外星人全灭人类清场胜利"),
    VictoryRow("②", "humans_and_alien_wiped", "xenos", "1.2.3", "人类全灭且外星人灭异形清场胜利"),
    VictoryRow(
        "③", "humans_and_xenos_wiped", "alien", "1.2.3", "人类全灭且异形全灭、外星人存活外星人独存胜利"
    ),
    VictoryRow(
        "④",
        "countdown_done",
        "humans",
        "1.2.3",
        "倒计时≤0，且人类尚未全灭，且未触发9.0永久失效人类倒计时胜利",
    ),
)

# 1.2.3: the settlement nodes at whose end victory is checked.
VICTORY_NODES: tuple[tuple[str, str], ...] = (
    ("step9", "步骤 9 死亡结算"),
    ("vote", "投票结算（白天驱逐与步骤 10 会议驱逐）"),
    ("step11", "步骤11倒计时结算"),
)

FACTIONS: tuple[tuple[str, str], ...] = (("humans", "人类"), ("xenos", "异形"), ("alien", "外星人"))
# The camp names the text gives the factions where it speaks of camps (the role headings 「五、异类阵营·异形」,
# 「六、第三阵营·外星人」; 4.4.2① 「真实阵营为异类阵营或第三阵营；人类…均不属于」): how a sentence naming camps
# is read back into the factions above.
FACTION_CAMPS: tuple[tuple[str, str], ...] = (
    ("humans", "人类"),
    ("xenos", "异类阵营"),
    ("alien", "第三阵营"),
)

# §0.5 裁判次序: how a conflict between clauses is adjudicated (the defaults of the interpretation
# switches follow it; the verifier checks the orders the spec uses against it).
ADJUDICATION_ORDER: tuple[OrderRow, ...] = (
    OrderRow("①", "registered", "0.5", "是否已登记于 2.8.9"),
    OrderRow("②", "follow_registered", "0.5", "是则从其明文"),
    OrderRow("③", "general_rule", "0.5", "否则适用通则"),
    OrderRow("④", "special_clause", "0.5", "通则未明文者，适用专门条款"),
    OrderRow("⑤", "principles", "0.5", "仍无答案者，依四条基本精神"),
)


# 2.1.5 / 4.4.6: where a shooter's bullets come from at a night's arrival point, in the order they arrive —
# the cap acts on each arrival in turn (4.4.6③ 「初始 1 发＋第5 夜 1 发即达上限，此时「全场存活≤ 6 名」那一项即告
# 作废」: the night-5 bullet before the alive ≤ 6 one).  The engine's arrival hook and the bullet model both
# apply them in this order through the kernel ``bullet_arrivals``.
BULLET_ARRIVALS: tuple[tuple[str, str], ...] = (
    ("bounty", "4.4.2"),  # 4.4.2③ recovered for last night's kills
    ("saved", "4.4.7"),  # 4.4.7② (d) a saving process completed last night
    ("extra_night", "4.4.3"),  # 4.4.3 第 5 夜
    ("extra_alive", "4.4.3"),  # 4.4.3 全场存活≤ 6 名时 (全局仅此 1 次)
)

# 4.4.2① 敌方单位: the true factions whose deaths pay a bounty (人类…与警长本人均不属于, ⑥ 误杀人类队友不予回复).
BOUNTY_FACTIONS: tuple[str, ...] = ("xenos", "alien")
