"""Every constant of 返航录 the engine uses, once, with its clause and the phrase it is read from.

Decimal quantities are in hundredths (``Unit.CENTI``).  ``tunable=False`` marks structural constants
the engine cannot vary (the text calls the player counts 结构常量, 2.3.0②附二).
"""

from __future__ import annotations

from ruleproof.specs.model import Param, Unit

C = Unit.CENTI
N = Unit.NIGHT
M = Unit.MINUTE

PARAMS: tuple[Param, ...] = (
    # ── players and factions ────────────────────────────────────────────────────────────────
    Param("players.total", 15, "1.1", "玩家总数 15 人", "玩家总数", "total players", tunable=False),
    Param("players.humans", 11, "1.1", "人类 11", "人类人数", "humans", tunable=False),
    Param("players.xenos", 3, "1.1", "异形 3", "异形只数", "xenos", tunable=False),
    Param("players.aliens", 1, "1.1", "外星人1", "外星人人数", "aliens", tunable=False),
    Param("players.crew", 4, "1.1", "普通船员×4", "普通船员人数", "ordinary crew", tunable=False),
    # ── countdown, shutdown, night cap ──────────────────────────────────────────────────────
    Param("countdown.initial", 2400, "3.1", "初始 24 昼夜", "初始倒计时", "initial countdown", C, minimum=1),
    Param("countdown.natural", 100, "3.1", "每夜步骤 11 自然−1", "每夜自然流逝", "natural decrement", C),
    Param("shutdown.tier1", 300, "1.3.1", "3.0 倒计时+2.5", "停摆第一档阈值", "shutdown tier 1 threshold", C),
    Param("shutdown.tier1_bonus", 250, "1.3.1", "3.0 倒计时+2.5", "第一档倒计时奖励", "tier 1 bonus", C),
    Param("shutdown.tier2", 600, "1.3.1", "6.0 倒计时+5.0", "停摆第二档阈值", "shutdown tier 2 threshold", C),
    Param("shutdown.tier2_bonus", 500, "1.3.1", "6.0 倒计时+5.0", "第二档倒计时奖励", "tier 2 bonus", C),
    Param(
        "shutdown.tier3",
        900,
        "1.3.1",
        "9.0 人类倒计时胜利永久失效",
        "倒计时胜利永久失效阈值",
        "threshold voiding the countdown victory",
        C,
    ),
    Param(
        "night_cap", 99, "1.5.2", "至第 99 夜结束时仍未有任何一方达成", "夜数上限", "night cap", N, minimum=1
    ),
    # ── day ─────────────────────────────────────────────────────────────────────────────────
    Param(
        "vote.exile_min_votes",
        3,
        "2.3.4",
        "至少获得3 票",
        "驱逐最少票数",
        "minimum votes to exile",
        minimum=1,
    ),
    Param(
        "chat.per_night",
        1,
        "2.2",
        "每人每夜 1 次发起+ 1 次接受",
        "每夜私聊发起次数",
        "chat initiations per night",
        tunable=False,
    ),
    # ── crew, job change, repair ───────────────────────────────────────────────────────────
    Param("crew.assist_min", 20, "4.1.2", "区间 [0.20, 0.50]", "协助维修下限", "assist repair minimum", C),
    Param("crew.assist_max", 50, "4.1.2", "区间 [0.20, 0.50]", "协助维修上限", "assist repair maximum", C),
    Param("crew.assist_step", 5, "4.1.2", "步长 0.05", "协助维修步长", "assist repair step", C, minimum=1),
    Param(
        "jobchange.alive_threshold",
        6,
        "4.2.1",
        "全场剩余存活玩家总数≤ 6 时",
        "提前转职的存活人数",
        "alive threshold for job change",
    ),
    Param(
        "jobchange.guaranteed_night",
        6,
        "4.2.1",
        "第 6 夜保底获得资格",
        "保底转职夜",
        "guaranteed job-change night",
        N,
    ),
    Param("armed.initial_bullets", 1, "4.2.2", "武装船员获得 1 发子弹", "武装船员子弹", "armed crew bullets"),
    Param("temp_doctor.rescue", 1, "4.2.2", "临时医生救援 1 次", "临时医生救援额度", "temp doctor rescues"),
    Param("temp_doctor.heal", 2, "4.2.2", "治疗 2次", "临时医生治疗额度", "temp doctor heals"),
    Param("repair.min", 100, "4.3.2", "每夜−1.0~1.5", "维修下限", "repair minimum", C),
    Param("repair.max", 150, "4.3.2", "每夜−1.0~1.5", "维修上限", "repair maximum", C),
    Param("repair.step", 10, "4.3.2", "步长 0.1", "维修步长", "repair step", C, minimum=1),
    Param(
        "engineer.extra_repairs",
        3,
        "4.3.3",
        "额度为工程师个人全局 3次",
        "追加维修次数",
        "extra repairs per game",
    ),
    Param("engineer.safe_rooms", 1, "4.3.1", "全局 1 次", "安全室次数", "safe-room uses"),
    Param(
        "engineer.exposure",
        400,
        "4.3.6",
        "累计维修量达 4.0 时",
        "工程师暴露阈值",
        "engineer exposure threshold",
        C,
    ),
    Param(
        "assistant.exposure",
        300,
        "4.2.2",
        "累计维修量达 3.0即向全体暴露",
        "助理工程师暴露阈值",
        "assistant exposure",
        C,
    ),
    # ── sheriff, hunter, bounty ─────────────────────────────────────────────────────────────
    Param("sheriff.initial_bullets", 1, "4.4.1", "初始 1发子弹", "警长初始子弹", "sheriff initial bullets"),
    Param(
        "sheriff.bullet_cap",
        2,
        "4.4.6",
        "存量一律不得超过2发",
        "警长子弹存储上限",
        "sheriff bullet stock cap",
        minimum=1,
    ),
    Param(
        "bounty.bullets_per_kill",
        1,
        "4.4.2",
        "即于下一个夜晚回复 1 颗子弹",
        "悬赏每击杀回复子弹数",
        "bullets recovered per enemy killed",
    ),
    Param(
        "extra_bullet.night", 5, "4.4.3", "第 5 夜（全局仅此 1 次）", "额外子弹之夜", "extra-bullet night", N
    ),
    Param("extra_bullet.amount", 1, "4.4.3", "警长获得 1 发子弹", "额外子弹每次发数", "bullets per extra"),
    Param(
        "extra_bullet.alive_threshold",
        6,
        "4.4.3",
        "全场存活玩家总数≤ 6名时",
        "额外子弹存活阈值",
        "alive threshold for the extra bullet",
    ),
    Param("patrol.uses", 1, "4.4.4", "全局 1 次，仅限前 3 夜", "巡逻次数", "patrol uses"),
    Param("patrol.last_night", 3, "4.4.4", "仅限前 3 夜", "巡逻最晚之夜", "last patrol night", N),
    Param("patrol.max_targets", 3, "4.4.4", "指定 1~3名玩家", "巡逻人数上限", "patrol targets", minimum=1),
    Param("hunter.initial_bullets", 1, "4.4.7", "初始 1 发", "猎手初始子弹", "hunter initial bullets"),
    Param(
        "hunter.save_nights",
        2,
        "4.4.7",
        "固定放弃2 个夜晚",
        "攒弹投入夜数",
        "nights per saved bullet",
        N,
        minimum=1,
    ),
    Param("sniff.nights", 2, "4.4.8", "全局仅限 2 个夜晚可发动", "嗅探夜数", "sniff nights", N),
    Param("sniff.max_targets", 2, "4.4.8", "每夜至多查询2名存活玩家", "嗅探人数", "sniff targets", minimum=1),
    # ── doctors ─────────────────────────────────────────────────────────────────────────────
    Param(
        "bio.heal_nights",
        (1, 2, 3),
        "4.5.1",
        "第 1、2、3 夜各获得 1 次",
        "治疗额度到账之夜",
        "heal arrival nights",
        N,
    ),
    Param("bio.self_rescues", 1, "4.5.2", "全局1次，且仅限自救", "自救额度", "self-rescues"),
    Param(
        "rescue.rescue_nights",
        (1, 2),
        "4.6.1",
        "第 1、2 夜各获得 1 次",
        "救援额度到账之夜",
        "rescue arrival nights",
        N,
    ),
    Param("rescue.heals", 1, "4.6.2", "1 次：可清除目标感染", "救援医师治疗额度", "rescue-doctor heals"),
    Param("pharma.nights", 2, "3.3.1", "放弃2个夜晚的行动", "制药投入夜数", "pharma nights", N, minimum=1),
    Param("pharma.rescue_yield", 1, "3.3.1", "1 瓶救援药剂", "制药救援产量", "pharma rescue yield"),
    Param("pharma.heal_yield", 2, "3.3.1", "2 瓶治疗药剂", "制药治疗产量", "pharma heal yield"),
    # ── infection ───────────────────────────────────────────────────────────────────────────
    Param("infection.quota", 2, "5.3.1", "其余一律至多 2名", "感染名额", "infections per night"),
    Param(
        "infection.quota_evolved",
        3,
        "5.3.1",
        "每夜至多可感染 3 名",
        "感染进化名额",
        "infections per night (evolved)",
    ),
    Param(
        "infection.death_night",
        3,
        "3.3.3",
        "真标记于施加后的第 3 夜的步骤",
        "普通感染致死之相对夜",
        "relative death night",
        N,
        minimum=1,
    ),
    Param(
        "infection.death_night_evolved",
        2,
        "5.3.0",
        "提前至第 2 夜",
        "感染进化致死之相对夜",
        "relative death night (evolved)",
        N,
        minimum=1,
    ),
    Param(
        "suppression.uses",
        2,
        "3.3.4",
        "每名人类与外星人各自独立持有 2次",
        "感染抑制次数",
        "suppressions per player",
    ),
    Param(
        "suppression.delay",
        1,
        "3.3.4",
        "使用后该次感染死亡夜延后 1夜",
        "抑制延后夜数",
        "suppression delay",
        N,
    ),
    # ── bodyguard, detective ────────────────────────────────────────────────────────────────
    Param(
        "crew_check.first_identities",
        1,
        "4.1.1",
        "只可提交 1 个身份",
        "首次查验可提交身份数",
        "identities on a first check",
        minimum=1,
    ),
    Param(
        "crew_check.later_identities",
        2,
        "4.1.1",
        "可提交 1~2 个互不相同的身份",
        "其后查验可提交身份数",
        "identities on later checks",
        minimum=1,
    ),
    Param(
        "detective.pool_size", 3, "4.7.3", "池容量恒为 3项", "已查验池容量", "checked-pool size", minimum=1
    ),
    # ── xenos ───────────────────────────────────────────────────────────────────────────────
    Param("xeno.evolution_night", 3, "5.1", "第 3 夜起可进化", "可进化之夜", "first evolution night", N),
    Param(
        "xeno.direction_capacity",
        2,
        "1.5.1",
        "每方向至多 2 只存活异形同时占用",
        "每方向占位上限",
        "xenos per direction",
        minimum=1,
    ),
    Param("xeno.conversions", 2, "1.5.1", "每只异形整局最多转化 2 次", "转化次数", "conversions per xeno"),
    Param("xeno.knife_initial", 1, "5.6.2", "初始 1，上限 2", "刀数初始", "initial knife count"),
    Param("xeno.knife_cap", 2, "5.6.2", "初始 1，上限 2", "刀数上限", "knife count cap"),
    Param("xeno.extra_knives", 1, "5.4.2", "全局仅限使用1次", "额外出刀次数", "extra-knife uses"),
    Param("xeno.knives_per_night", 1, "5.6.1", "每夜至多 1 刀", "每夜出刀数", "knives per night", minimum=1),
    Param(
        "xeno.knives_with_extra",
        2,
        "5.4.2",
        "使用当夜至多出 2 次致死伤害行为",
        "动用额外出刀之夜的刀数",
        "knives on the extra-knife night",
        minimum=1,
    ),
    Param(
        "sabotage.min",
        150,
        "3.2.1",
        "未进化异形+1.5 ~+2.0",
        "未进化破坏下限",
        "sabotage minimum (unevolved)",
        C,
    ),
    Param(
        "sabotage.max",
        200,
        "3.2.1",
        "未进化异形+1.5 ~+2.0",
        "未进化破坏上限",
        "sabotage maximum (unevolved)",
        C,
    ),
    Param(
        "sabotage.evolved_min", 200, "5.2", "破坏量+2.0~3.0", "破坏进化下限", "sabotage minimum (evolved)", C
    ),
    Param(
        "sabotage.evolved_max", 300, "5.2", "破坏量+2.0~3.0", "破坏进化上限", "sabotage maximum (evolved)", C
    ),
    Param("sabotage.step", 10, "3.2.2", "步长 0.1", "破坏步长", "sabotage step", C, minimum=1),
    Param("sabotage.exposure", 600, "2.1.7", "累计破坏量达 6.0 时", "破坏者暴露阈值", "saboteur exposure", C),
    Param(
        "repair_cut.one", 25, "3.2.6", "1 只→25%", "一只破坏进化之维修削减", "repair cut (one)", Unit.PERCENT
    ),
    Param(
        "repair_cut.two", 50, "3.2.6", "2只 →50%", "两只破坏进化之维修削减", "repair cut (two)", Unit.PERCENT
    ),
    Param("disguise.uses", 2, "7.3.1", "每个个体全局限 2次", "乔装次数", "disguise charges"),
    # ── classic alien ───────────────────────────────────────────────────────────────────────
    Param(
        "alien.immunity_initial",
        1,
        "6.4.1",
        "初始于开局获得 1 次",
        "夜晚免疫初始次数",
        "initial night immunity",
    ),
    Param(
        "alien.immunity_night", 7, "6.4.1", "第 7 夜获得 1次", "夜晚免疫到账之夜", "immunity grant night", N
    ),
    Param("alien.immunity_cap", 2, "6.4.1", "全局累计最多2次", "夜晚免疫上限", "immunity cap"),
    Param("alien.awaken_night", 6, "6.2", "第 6夜起", "觉醒之夜", "awakening night", N),
    Param(
        "alien.awaken_alive",
        6,
        "6.2",
        "全场存活玩家总数≤ 6名时",
        "觉醒存活阈值",
        "alive threshold for awakening",
    ),
    Param(
        "alien.knives", 1, "6.2", "未觉醒时每夜至多1刀", "未觉醒刀数", "knives before awakening", minimum=1
    ),
    Param(
        "alien.knives_awakened",
        2,
        "6.2",
        "觉醒后每夜至多 2 刀",
        "觉醒后刀数",
        "knives after awakening",
        minimum=1,
    ),
    Param("alien.sabotage_min", 200, "6.3", "+2.0~3.0", "外星人破坏下限", "alien sabotage minimum", C),
    Param("alien.sabotage_max", 300, "6.3", "+2.0~3.0", "外星人破坏上限", "alien sabotage maximum", C),
    Param("alien.sabotages", 1, "6.3", "全局1次", "外星人破坏次数", "alien sabotages"),
    Param(
        "alien.heal_quota_cap", 1, "6.5", "同时至多持有 1次", "感染治疗额度持有上限", "self-heal quota cap"
    ),
    # ── poisoner (4.6.4) ────────────────────────────────────────────────────────────────────
    Param(
        "poisoner.poison_nights",
        (1, 3, 5),
        "4.6.4",
        "第 1、3、5 夜各到账 1 份",
        "毒药到账之夜",
        "poison arrival nights",
        N,
    ),
    Param(
        "poisoner.antidote_nights",
        (1, 3, 5),
        "4.6.4",
        "第 1、3、5 夜各到账 1 份",
        "解药到账之夜",
        "antidote arrival nights",
        N,
    ),
    Param(
        "poison.death_night",
        3,
        "4.6.4",
        "第 3夜步骤 0.55陷入濒死",
        "毒药致濒死之相对夜（落身当夜为第 1 夜）",
        "relative night the poison makes its target dying",
        N,
        minimum=1,
    ),
    # ── craftsman (4.11) ────────────────────────────────────────────────────────────────────
    Param("craftsman.initial_armor", 1, "4.11.1", "开局自带 1件常规护甲", "开局装备护甲", "initial armor"),
    Param(
        "craftsman.forge_nights",
        2,
        "4.11.2",
        "投入 2 个夜晚产出 1 件常规护甲",
        "常规铸造投入夜数",
        "nights per regular armor",
        N,
        minimum=1,
    ),
    Param(
        "craftsman.quick_nights",
        1,
        "4.11.2",
        "只投入 1 个夜晚产出 1件速成护甲",
        "速成铸造投入夜数",
        "nights per quick armor",
        N,
        minimum=1,
    ),
    Param(
        "craftsman.quick_valid_nights",
        3,
        "4.11.2",
        "第 2、3 夜继续具有保护功能，第 4夜自动消失",
        "速成护甲有效夜数（自佩戴当夜起）",
        "nights a quick armor lasts from the night it is worn",
        N,
        minimum=1,
    ),
    Param("craftsman.stock_cap", 3, "4.11.3", "库存上限 3件", "护甲库存上限", "armor stock cap"),
    # ── vote inspector, eavesdropper, ferryman (4.9, 4.12, 4.13) ────────────────────────────
    Param("meeting.alive_min", 5, "4.9.2", "全场存活≥ 5", "紧急会议存活下限", "alive players for a meeting"),
    Param("meeting.uses", 1, "4.9.2", "全场唯一一次", "紧急会议次数", "emergency meetings per game"),
    Param("vote_map.uses", 1, "4.9.3", "全局限 1次", "公开票源图次数", "public vote-source maps per game"),
    Param(
        "eavesdrop.reports_per_night",
        1,
        "4.12.2",
        "报告每夜 1次",
        "窃听报告每夜次数",
        "eavesdrop reports per night",
        tunable=False,  # one submission per skill and step (2.5.4①): structural in this engine
    ),
    Param(
        "ferry.max_group", 3, "4.13.1", "1~3名编号", "摆渡人自选编号组上限", "ferryman group size", minimum=1
    ),
    Param(
        "ferry.per_day",
        1,
        "4.13.1",
        "每昼夜至多1次",
        "摆渡人每昼夜调查次数",
        "investigations per day",
        tunable=False,  # one submission per skill and step (2.5.4①): structural in this engine
    ),
    # ── vaccine researcher (4.14) ───────────────────────────────────────────────────────────
    Param(
        "vaccine.samples_per_diagnosis",
        1,
        "4.14.2",
        "每实际执行一次诊断，获得1份样本",
        "每次诊断所得样本",
        "samples per diagnosis",
    ),
    Param(
        "vaccine.unlock_samples",
        2,
        "4.14.3",
        "消耗2份样本以解锁研制流程",
        "解锁研制所需样本",
        "samples to unlock research",
        minimum=1,
    ),
    Param(
        "vaccine.antibody_nights",
        4,
        "4.14.4",
        "连续4个夜晚",
        "疫苗抗体有效夜数（接种次夜起）",
        "nights of vaccine antibody (from the next night)",
        N,
        minimum=1,
    ),
    Param(
        "vaccine.pharma_rescue_yield",
        1,
        "4.14.1",
        "固定产出「1瓶救援药剂」",
        "疫苗研究员制药产量",
        "vaccine researcher pharma yield",
    ),
    # ── death-row alien (6.8) ───────────────────────────────────────────────────────────────
    Param("death_row.revives", 2, "6.8.4", "全局 2 次", "复生次数", "revives per game"),
    Param(
        "death_row.transform_cooldown",
        2,
        "2.8.1",
        "受 2 夜冷却",
        "变形冷却夜数（变形后）",
        "nights of cooldown after a transform",
        N,
    ),
    # ── bloodstain (7.2.7), escape (6.9) ────────────────────────────────────────────────────
    Param(
        "bloodstain.threshold",
        3,
        "7.2.7",
        "累计达 3 次",
        "染血指认所需出刀致濒死次数",
        "knives into dying before the bloodstain",
    ),
    Param("escape.kill_crew", 150, "6.9.1", "普通船员 1.5 分", "击杀分·普通船员", "kill: ordinary crew", C),
    Param(
        "escape.kill_job",
        200,
        "6.9.1",
        "转职者及一切有职业者 2.0 分",
        "击杀分·转职者与有职业者",
        "kill: job-changed or professional",
        C,
    ),
    Param("escape.kill_xeno", 250, "6.9.1", "异形 2.5 分", "击杀分·异形", "kill: xeno", C),
    Param("escape.dying", 100, "6.9.1", "濒死型·助攻分：1.0 分", "濒死型助攻分", "dying-tier assist", C),
    Param("escape.retro", 50, "6.9.1", "追溯型·助攻分：0.5 分", "追溯型助攻分", "retro-tier assist", C),
    Param(
        "escape.retro_nights",
        5,
        "6.9.1",
        "追溯时限 5 夜",
        "追溯时限（自击破∕消耗当夜起）",
        "retro window (from the break night)",
        N,
        minimum=1,
    ),
    Param(
        "escape.exile_vote",
        50,
        "6.9.1",
        "投给最终被驱逐者（2.3.4）者 0.5 分",
        "参与成功驱逐分",
        "vote for the exiled player",
        C,
    ),
    Param("escape.exile_cap", 300, "6.9.1", "本项累计上限 3 分", "驱逐分上限", "cap of exile points", C),
    Param("escape.silence", 50, "6.9.1", "发动沉默者 0.5 分", "沉默分", "silence points", C),
    Param("escape.silence_cap", 300, "6.9.1", "本项累计上限 3 分", "沉默分上限", "cap of silence points", C),
    Param("escape.threshold", 1000, "6.9.1", "门槛＝10 分", "逃亡门槛", "escape threshold", C, minimum=1),
    # ── real-time draw (1.5.3) ──────────────────────────────────────────────────────────────
    Param(
        "realtime.start", 180, "1.5.3", "满3小时", "可提出求和之对局时长", "minutes before a draw offer", M
    ),
    Param("realtime.overtime", 10, "1.5.3", "加时 10 分钟", "每次加时", "overtime per failed offer", M),
    Param("realtime.overtime_cap", 60, "1.5.3", "累计加时最多 60 分钟", "累计加时上限", "overtime cap", M),
    # ── endgame ─────────────────────────────────────────────────────────────────────────────
    Param(
        "duel.players",
        2,
        "1.4.2",
        "全局存活玩家恰好 2名",
        "决斗时刻存活人数",
        "players alive in a duel",
        tunable=False,
    ),
    Param(
        "duel.stalemate_nights", 3, "1.4.3", "连续 3个僵持夜后", "僵持夜数", "stalemate nights", N, minimum=1
    ),
)

PARAM_BY_KEY: dict[str, Param] = {p.key: p for p in PARAMS}
