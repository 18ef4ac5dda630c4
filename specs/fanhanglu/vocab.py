"""The vocabulary vectors use: state fields an expectation may name, private-feedback kinds, event kinds.

``ruleproof vocab`` prints these together with the roles, skills, seats and batches; docs/vectors.md
embeds its markdown output.  The engine's snapshots export exactly :data:`STATE_FIELDS` (a test keeps
the two in step).
"""

from __future__ import annotations

from ruleproof.specs.model import FeedbackKind, StateField, ViewField

P, G = "player", "game"

STATE_FIELDS: tuple[StateField, ...] = (
    # ── per player ──────────────────────────────────────────────────────────────────────────
    StateField("role", P, "str", "真实职业（转职后为新职业）", "2.8.1"),
    StateField("presented_role", P, "str", "呈现职业（不含乔装）", "2.8.1"),
    StateField("faction", P, "str", "真实阵营 humans∕xenos∕alien", "2.8.1"),
    StateField("alive", P, "bool", "存活（未死亡、未出局）", "2.6"),
    StateField("out", P, "str", "出局方式 dead∕exiled∕escaped，存活者为 null", "2.6"),
    StateField("dying", P, "bool", "濒死（仅步骤 9 前可为真）", "4.10.4"),
    StateField("silenced", P, "bool", "当夜被沉默封锁", "6.1.2"),
    StateField("bullets", P, "int", "子弹存量（警长∕猎手∕武装船员）", "4.4.6"),
    StateField("knife_count", P, "int", "异形刀数", "5.6.2"),
    StateField("direction", P, "str", "异形进化方向 sabotage∕infection∕kill，未进化为 null", "5.1"),
    StateField("conversions", P, "int", "已转化次数", "5.5.1"),
    StateField("extra_knife", P, "int", "剩余额外出刀次数（击杀进化）", "5.4.2"),
    StateField("mark", P, "str", "感染标记 none∕true∕fake", "3.3.3"),
    StateField("mark_due", P, "int", "真标记致死之夜（步骤 0.55），无则 null", "3.3.3"),
    StateField("suppressions", P, "int", "剩余感染抑制次数", "3.3.4"),
    StateField("immunity", P, "int", "外星人剩余夜晚免疫次数", "6.4.1"),
    StateField("self_heal_quota", P, "int", "外星人感染治疗额度", "6.5"),
    StateField("heal", P, "int", "治疗额度", "4.5.1"),
    StateField("rescue", P, "int", "救援额度", "4.6.1"),
    StateField("self_rescue", P, "int", "自救额度", "4.5.2"),
    StateField("pharma_progress", P, "int", "制药进度（已投入夜数）", "3.3.1"),
    StateField("antibody_night", P, "int", "抗体有效之夜，无则 null", "3.3.8"),
    StateField("shield", P, "bool", "持有结茧护盾", "5.7"),
    StateField("armor", P, "bool", "持有护甲（伤害∕感染两计数任一尚存）", "4.11.1"),
    StateField("disguises", P, "int", "剩余乔装次数", "7.3.1"),
    StateField("patrol_used", P, "bool", "警长已用巡逻", "4.4.4"),
    StateField("safe_rooms", P, "int", "剩余安全室次数", "4.3.1"),
    StateField("extra_repairs", P, "int", "剩余追加维修次数", "4.3.3"),
    StateField("repair_total", P, "decimal", "累计维修量（暴露计数）", "4.3.6"),
    StateField("sabotage_total", P, "decimal", "个体累计破坏量（暴露计数）", "3.2.4"),
    StateField("exposed", P, "bool", "已因维修∕破坏暴露", "2.8.12"),
    StateField("awakened", P, "bool", "外星人已觉醒", "6.2"),
    StateField("alien_sabotages", P, "int", "外星人剩余破坏次数", "6.3"),
    StateField("save_progress", P, "int", "猎手攒弹进度", "4.4.7"),
    StateField("sniff_nights", P, "int", "猎手剩余嗅探夜数", "4.4.8"),
    StateField(
        "detective_pool",
        P,
        "list",
        "神探已查验池 [[编号, 职业], …]（先进先出；神探死亡后作废，为 null）",
        "4.7.3",
    ),
    StateField(
        "ferry_log",
        P,
        "list",
        "摆渡人私人日志：调查结论 [{corpse, group, killer}, …]（出局即作废，为 null）",
        "4.13.7",
    ),
    StateField("main_action", P, "str", "当夜已占用出手栏之技能（每夜一类出手），无则 null", "2.5.3"),
    StateField("infections_used", P, "int", "当夜已投放之感染名额（落空亦消耗）", "5.3.1"),
    StateField("last_protected", P, "int", "保镖上一夜保护之目标，无则 null", "4.8.1"),
    StateField("poisoned", P, "bool", "带毒药标记（毒师与本人可见）", "4.6.4"),
    StateField("poison_due", P, "int", "毒药致濒死之夜（步骤 0.55），无则 null", "4.6.4"),
    StateField("poison_quota", P, "int", "毒药额度", "4.6.4"),
    StateField("antidote_quota", P, "int", "解药额度", "4.6.4"),
    StateField("armor_until", P, "int", "所佩速成护甲有效之末夜，常规护甲或无护甲为 null", "4.11.2"),
    StateField("armor_stock", P, "int", "工匠库存·常规护甲（未分配）", "4.11.3"),
    StateField("quick_stock", P, "int", "工匠库存·速成护甲（未分配）", "4.11.3"),
    StateField("forge_progress", P, "int", "常规铸造进度（已投入夜数）", "4.11.2"),
    StateField("samples", P, "int", "疫苗研究员样本数（解锁后不再记录，为 0）", "4.14.2"),
    StateField("research_unlocked", P, "bool", "已解锁研制", "4.14.3"),
    StateField("vaccines", P, "int", "疫苗（额度）", "4.14.4"),
    StateField("vaccine_until", P, "int", "疫苗抗体有效之末夜，无则 null", "4.14.4"),
    StateField("revives", P, "int", "死囚剩余复生次数", "6.8.4"),
    StateField("transform_night", P, "int", "死囚上次变形之夜，无则 null", "6.8.3"),
    StateField("bloodstain", P, "int", "出刀致濒死累计次数（染血计数）", "7.2.7"),
    StateField("escape_score", P, "decimal", "外星人逃亡积分（本人可见）", "6.9.1"),
    StateField("escape_eligible", P, "bool", "已取得逃亡资格", "6.9.2"),
    StateField("vote_maps", P, "int", "验票官剩余公开票源图次数", "4.9.3"),
    # ── game ────────────────────────────────────────────────────────────────────────────────
    StateField("night", G, "int", "夜数", "1.5.2"),
    StateField("phase", G, "str", "阶段 normal∕extinction（寂灭）∕duel（决斗）∕extinction_duel", "1.4"),
    StateField("countdown", G, "decimal", "倒计时内部实际值", "3.1"),
    StateField("net_damage", G, "decimal", "净破坏量", "1.3.3"),
    StateField("shutdown_tiers", G, "list", "已触发之停摆档位（1∕2∕3）", "1.3.2"),
    StateField("countdown_void", G, "bool", "人类倒计时胜利已永久失效（9.0 或寂灭）", "1.3.1"),
    StateField("occupancy", G, "dict", "各进化方向当前占位数", "1.5.1"),
    StateField("alive_count", G, "dict", "各阵营存活人数", "1.2.3"),
    StateField("stalemate", G, "int", "决斗时刻连续僵持夜数", "1.4.3"),
    StateField("meetings", G, "int", "已召开之紧急会议次数（全场唯一一次）", "4.9.2"),
    StateField("secondary", G, "list", "已取得次胜（逃亡）者编号", "1.2.5"),
    StateField("overtime", G, "int", "已用加时（分钟）", "1.5.3"),
)

FIELD_BY_KEY: dict[str, StateField] = {f.key: f for f in STATE_FIELDS}

# What a seat sees of the state that is neither public nor its own field (ruleproof-vector/2 ``views``): the
# visibility the text grants by name (2.8.7).  ``who`` names the seats entitled to the key.
VIEW_FIELDS: tuple[ViewField, ...] = (
    ViewField("marked", "医生可见：当前带感染标记者之编号清单（不显真伪）", "3.3.10", "doctors"),
    ViewField("marks", "异形阵营可见：带感染标记者编号及其真伪 {编号: true∕fake}", "3.3.10", "xenos"),
    ViewField("team_knives", "异形本人与队友可见：各存活异形之刀数 {编号: 刀数}", "5.6.2", "xenos"),
    ViewField("team_cleansed", "异形队内可见：当夜已清洗之异形编号", "5.9", "xenos"),
    ViewField("team_disguises", "异形队内互相可见：当夜乔装之伪装身份 {编号: 职业}", "7.3.1", "xenos"),
    ViewField("team_sabotage", "同阵营队友可见：当夜各异形之破坏量 {编号: 破坏量}", "3.2.2", "xenos"),
)

VIEW_BY_KEY: dict[str, ViewField] = {f.key: f for f in VIEW_FIELDS}

FEEDBACK_KINDS: tuple[FeedbackKind, ...] = (
    FeedbackKind("check_source", "被查验者的查验来源反馈", "7.2.1", ("sources",)),
    FeedbackKind("attack_result", "攻击方的攻击结果反馈（生效∕无效）", "7.2.2", ("targets", "results")),
    FeedbackKind("silenced", "被沉默者的沉默告知", "7.2.3", ()),
    FeedbackKind("immunity_consumed", "外星人的夜晚免疫消耗告知", "7.2.4", ("path", "remaining")),
    FeedbackKind("protected", "被保护者的保护告知", "7.2.5", ()),
    FeedbackKind("shield_gained", "结茧护盾的施加告知", "7.2.6", ()),
    FeedbackKind("crew_check_result", "船员查证结论", "4.1.1", ("target", "answers")),
    FeedbackKind("detective_result", "神探查验结果", "4.7.1", ("target", "role")),
    FeedbackKind("ambush_result", "蛰伏查验结果", "6.1.1", ("target", "role", "original")),
    FeedbackKind("attack_type", "保镖受袭感知（伤害类型）", "4.8.3", ("type",)),
    FeedbackKind("antibody_triggered", "抗体触发感知", "4.5.3", ()),
    FeedbackKind("repair_count", "维修人数消息", "4.1.3", ("n",)),
    FeedbackKind("armed_identification", "武装识别", "4.4.5", ("partner", "role")),
    FeedbackKind("rescue_sources", "救援时可见之落身致死来源清单", "4.6.1", ("target", "sources")),
    FeedbackKind("sniff_result", "嗅探结果", "4.4.8", ("target", "protected")),
    FeedbackKind("mark_known", "被感染者知晓自身标记与致死时点", "3.3.10", ("due",)),
    FeedbackKind("layer_broken", "护盾∕护甲被打破时知情", "5.7", ("layer",)),
    FeedbackKind("vote_sources", "验票官票源可见", "4.9.1", ("votes",)),
    FeedbackKind("team_votes", "异形可见本方队友票型", "2.3.5", ("votes",)),
    FeedbackKind("job_changed", "转职完成", "4.2.1", ("direction",)),
    FeedbackKind("poisoned", "被下毒者知情（毒发时点）", "4.6.4", ("due",)),
    FeedbackKind("armor_worn", "持有者自知带甲（不知来源）", "4.11.4", ("quick", "until")),
    FeedbackKind("armor_expired", "速成护甲到期消失", "4.11.4", ()),
    FeedbackKind("eavesdrop_read", "窃听所得（当夜配对组）", "4.12.1", ("pairs",)),
    FeedbackKind(
        "ferry_result", "摆渡人调查结论（有∕无凶手，7.2.10）", "4.13.3", ("corpse", "group", "killer")
    ),
    FeedbackKind("vaccinated", "接种告知（持有与有效夜，7.2.8）", "4.14.4", ("from", "until")),
    FeedbackKind("vaccine_triggered", "疫苗抗体生效感知（7.2.9）", "4.14.4", ()),
    FeedbackKind("bloodstain", "染血指认（攻击者编号）", "7.2.7", ("attacker",)),
    # visibility the text grants by name (2.8.7 明文授予), delivered as private messages
    FeedbackKind("poison_list", "毒师可见全场毒药清单（编号与毒发之夜）", "4.6.4", ("poisoned",)),
    FeedbackKind("dying_view", "当夜濒死者（医生与死囚外星人可见）", "6.8.4", ("players",)),
    FeedbackKind("escape_score", "外星人本人可见之逃亡积分与资格", "6.9.2", ("score", "eligible")),
)

FEEDBACK_BY_KEY: dict[str, FeedbackKind] = {f.key: f for f in FEEDBACK_KINDS}

# Damage types (2.8.4) and the fifth death source of the investigation report (4.10.6).
DAMAGE_TYPES: tuple[tuple[str, str], ...] = (
    ("xeno_knife", "异形出刀"),
    ("alien_knife", "外星人出刀"),
    ("gunshot", "枪击"),
    ("poison", "中毒"),
)
DEATH_SOURCES: tuple[tuple[str, str], ...] = (*DAMAGE_TYPES, ("infection", "感染"))
