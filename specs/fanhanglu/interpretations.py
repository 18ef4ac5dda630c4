"""Interpretation switches: where 返航录 contradicts itself, the readings, the default and why.

Each reading cites the clauses it follows.  The defaults follow §0.5 (裁判次序): a rule registered in
2.8.9 wins (①②); otherwise the general rule (通则) wins over an unregistered special clause (③, §0.3).
docs/interpretations.md is the prose version of this table (and lists differences between the notes
and the text).
"""

from __future__ import annotations

from ruleproof.specs.model import Reading, Switch

SWITCHES: tuple[Switch, ...] = (
    Switch(
        "damage.night_immunity_position",
        "夜晚免疫在伤害侧层序中的位置",
        "where night immunity sits in the damage-side layer order",
        (
            Reading(
                "full_reduction_first",
                ("2.8.2", "5.7"),
                "全额减免层，先于一切抵挡层：伤害到达时先消耗夜晚免疫，保护∕巡逻∕护甲∕护盾不耗（2.8.2⑥、5.7⑤前句）",
                "a full-reduction layer before every other layer: the first point consumes immunity",
            ),
            Reading(
                "after_layers",
                ("6.4.1", "4.8.1"),
                "仅于伤害未被任何抵挡层拦下、将要命中时消耗（6.4.1③；4.8.1「完全抵挡时不触发目标的夜晚免疫」）",
                "consumed only when a point passed every layer (6.4.1③, 4.8.1)",
            ),
        ),
        "full_reduction_first",
        "2.8.2 为伤害侧层序之唯一权威源（通则），其⑥明列夜晚免疫为全额减免层；6.4.1③ 与之冲突而未标〔例外〕、未登记 2.8.9，依 §0.3 以通则为准。",
        "2.8.2 is the general rule and sole authority on the damage order; 6.4.1③ conflicts but is not "
        "registered in 2.8.9, so §0.3 lets the general rule prevail.",
    ),
    Switch(
        "silence.effect_night",
        "沉默覆盖的夜晚",
        "which night a silence blocks",
        (
            Reading(
                "same_night",
                ("6.1.2", "2.1.1"),
                "施加当夜自步骤 0.5 起封锁（6.1.2「沉默于当夜生效」，2.1.1）",
                "blocks the night it is applied, from step 0.5 on",
            ),
            Reading(
                "next_night",
                ("7.2.3",),
                "封锁次夜的夜间主动技能（7.2.3 ¶178「即次夜的夜间主动技能被封锁」）",
                "blocks the next night's active skills (7.2.3 ¶178)",
            ),
        ),
        "same_night",
        "6.1.2 为沉默机制之专门条款且与通则 2.1.1 一致；7.2.3 为反馈内容之描述，其 ¶179 亦称「所告知的沉默效果亦于当夜生效」，¶178 之「次夜」为改造残留（附录四 N-5）。",
        "6.1.2 and the general step table 2.1.1 agree on the same night; 7.2.3 ¶179 agrees too; ¶178's "
        "'next night' is a leftover of an earlier revision (N-5).",
    ),
    Switch(
        "bounty.count_basis",
        "悬赏回复的计数单位",
        "what the bounty counts",
        (
            Reading(
                "per_enemy",
                ("4.4.2",),
                "每击杀一名敌方单位回复 1 颗：同一射手同夜两发指向同一死亡敌人只回 1 颗（4.4.2 首句）",
                "one bullet per enemy killed: two shots at one dead enemy recover one",
            ),
            Reading(
                "per_shot",
                ("4.4.2", "4.4.6"),
                "「打出k发、击杀m发则回复m发」：每一发指向于步骤 9 死亡之敌方单位的子弹各回 1 颗（4.4.2③、4.4.6）",
                "'k shots, m killing shots, m recovered': each shot at an enemy who dies recovers one",
            ),
        ),
        "per_enemy",
        "4.4.2 首句为悬赏之定义（「每击杀一名敌方单位」）；③ 之守恒式为推论，其「m ≤ k」两种读法皆成立。",
        "the defining sentence of 4.4.2 counts enemies; the conservation formula of ③ is a corollary that "
        "holds under both readings.",
    ),
    Switch(
        "rescue.self_when_dying",
        "濒死的救援医师∕临时医生∕疫苗研究员能否以救援额度救自己",
        "may a dying rescue doctor / temp doctor / vaccine researcher rescue themself",
        (
            Reading(
                "allowed",
                ("3.3.6", "3.3.4", "4.5.2", "4.14.6"),
                "可以：救援额度可指向自身，「自身感染致濒死时可自行救回」（3.3.6，3.3.4「含…救援医师的自救」，4.5.2 括注「系救援额度指向自身」，4.14.6②「制药产出之通用救援额度可指向自身〔定案〕」）；按自救类处理，不受濒死∕沉默∕抑制封锁（毒师除外：4.6.4⑤③ 明文「濒死者当夜无从再推进本表任何出手」）",
                "yes: the rescue quota may target oneself while dying (3.3.6, 3.3.4, 4.5.2, 4.14.6②); "
                "never the poisoner (4.6.4⑤③)",
            ),
            Reading(
                "forbidden",
                ("4.10.4", "2.8.3"),
                "不可：濒死者除持有自救额度者之自救外丧失全部行动能力（4.10.4①、2.8.3④①「现行唯生化医师持有」）",
                "no: a dying player cannot act except a self-rescue quota holder (4.10.4①, 2.8.3④①)",
            ),
        ),
        "allowed",
        "3.3.6 为感染通则（唯一权威源）之明文授权，4.5.2 亦承认其路径（仅称其非「自救额度」）；4.10.4① 之「医生自救」字面可涵盖之。",
        "3.3.6 (general infection rule) grants it explicitly and 4.5.2 acknowledges the path; 4.10.4①'s "
        "'医生自救' literally covers it.",
    ),
    Switch(
        "duel.countdown_runs",
        "决斗时刻（人类尚存）步骤 11 是否结算",
        "does step 11 run in a duel where a human is alive",
        (
            Reading(
                "runs",
                ("1.4.3", "1.5.2"),
                "照常结算：「倒计时胜利仍有效时，决斗时刻可随时因倒计时归零而结束」（1.4.3），「人类尚有存活者的决斗时刻取步骤 11」（1.5.2）",
                "it runs (1.4.3, 1.5.2)",
            ),
            Reading(
                "frozen",
                ("3.2.5",),
                "冻结：3.2.5「若该次夜处于寂灭时刻或决斗时刻（步骤 11 已冻结，依1.4）」",
                "frozen, per the parenthesis of 3.2.5",
            ),
        ),
        "runs",
        "1.4 为残局之专门条款，所述冻结项（1.4.1.3）仅属寂灭时刻；3.2.5 之括注援引 1.4 而 1.4 无此规定。",
        "1.4 freezes step 11 only in extinction; 3.2.5's parenthesis cites 1.4 for a rule 1.4 does not contain.",
    ),
    Switch(
        "batches.zero_rule_4_6_8",
        "批次④⑥⑧为 0∕无变化时是否发布",
        "are batches ④⑥⑧ published when zero / unchanged",
        (
            Reading(
                "unpublished",
                ("附录三", "6.8.7"),
                "不发布：附录三要点①「④维修总量、⑥死亡名单、⑧倒计时值三者同制⸺为 0 或无变化时亦不发布」；6.8.7⑤「当夜无死亡者批次⑥不发布」",
                "not published (appendix 3 point ①; 6.8.7⑤ for ⑥)",
            ),
            Reading(
                "published",
                ("2.1.7", "2.8.9"),
                "照常发布：2.1.7 与登记册 2.8.9⑦ 仅以 ②③⑤ 为「不发布即为 0」",
                "published: 2.1.7 and registry entry 2.8.9⑦ name only ②③⑤",
            ),
        ),
        "unpublished",
        "附录三为唯一明述 ④⑧ 者，6.8.7⑤ 明述 ⑥；修订记录 I-16 称已写入 2.1.7 而正文未见（见 interpretations.md）。",
        "appendix 3 is the only statement for ④⑧ and 6.8.7⑤ states it for ⑥; revision I-16 claims 2.1.7 "
        "says so, but 2.1.7 does not.",
    ),
    Switch(
        "evolution.same_snapshot_overflow",
        "同一快照下两只异形争同一方向最后一个空位",
        "two xenos racing for a direction's last free slot on one snapshot",
        (
            Reading(
                "fizzle",
                ("1.5.1", "2.1.2"),
                "后结算者落空（不进化、可于他夜再试）：占位上限为硬上限（1.5.1①），同步骤串行结算、后者可能落空（2.1.2②③）",
                "the later one fizzles (1.5.1①, 2.1.2②③)",
            ),
            Reading(
                "admit",
                ("5.1", "5.5.2"),
                "两者皆进化：5.1「无空位的方向当夜 UI不予呈现…故不存在「进化失败」」；仅及进化——转化仍依 5.5.2 第 2 步检查空位",
                "both evolve: 5.1 says evolution never fails; evolutions only — a conversion still needs a free "
                "slot (5.5.2 step 2)",
            ),
        ),
        "fizzle",
        "1.5.1 为存活占位制之权威条款（「占位数恒＝当前实际占用的存活异形数」），5.1 亦称「占位数依当夜结算顺序串行实时更新」。",
        "1.5.1 is the authority on occupancy, and 5.1 itself says occupancy is updated serially.",
    ),
    Switch(
        "repair.engineer_range",
        "工程师∕助理工程师每夜维修量",
        "the engineer's nightly repair amount",
        (
            Reading(
                "range",
                ("4.3.2", "3.2.1"),
                "自选 −1.0~1.5，步长 0.1（4.3.2、3.2.1 表）",
                "chosen in 1.0–1.5 by 0.1 (4.3.2, 3.2.1)",
            ),
            Reading(
                "fixed",
                ("1.3.3",),
                "固定 −1.0（1.3.3②「工程师与助理工程师的维修（每夜−1.0）」）",
                "fixed 1.0 (1.3.3②)",
            ),
        ),
        "range",
        "4.3.2 为维修之专门条款、3.2.1 为数值总表，二者一致；1.3.3② 为净破坏量之概述。",
        "4.3.2 (the repair clause) and the table 3.2.1 agree; 1.3.3② is a summary of net damage.",
    ),
    Switch(
        "batch3.zero_rule",
        "查验人次为 0 时批次③所载巡逻统计与神探公告",
        "batch ③ when the check count is 0 but a patrol or announcement happened",
        (
            Reading(
                "strict",
                ("2.1.7", "2.8.9"),
                "不发布：2.1.7③「当夜总人次为 0 时不发布」，登记于 2.8.9⑦；巡逻人数与神探公告随之不发布",
                "not published (2.1.7③, registered 2.8.9⑦): patrol count and announcement are lost",
            ),
            Reading(
                "content",
                ("4.7.6", "4.4.4"),
                "照常发布其余内容：4.7.6「公告在步骤 2 结算后立即发布」，2.1.7③「巡逻指定人数同批发布」",
                "published with its other content (4.7.6, 2.1.7③ patrol count)",
            ),
        ),
        "strict",
        "依 §0.5①②，「不发布即为 0」已登记于 2.8.9⑦，从其明文；4.7.6 未标〔例外〕。",
        "per §0.5 ①②, the zero rule is registered in 2.8.9⑦ and is followed literally; 4.7.6 is not an "
        "exception.",
    ),
    Switch(
        "sniff.antibody_counts",
        "嗅探是否把抗体视为保护状态",
        "does a sniff report an antibody as protection",
        (
            Reading(
                "no",
                ("4.4.8", "附录一"),
                "否：嗅探查「抵挡层」，术语表定义抵挡层为抵挡伤害之层；抗体为感染侧专属（2.8.2④）",
                "no: a 抵挡层 is a damage layer (glossary); the antibody is infection-only",
            ),
            Reading(
                "yes",
                ("4.4.8", "2.8.2"),
                "是：4.4.8④「及一切非全额减免类的抵挡层」，抗体为时限类减免层（2.8.2④）",
                "yes: 4.4.8④ 'every non-full-reduction layer'; the antibody is a timed layer",
            ),
        ),
        "no",
        "附录一术语表分列「抵挡层（伤害）」与「抵免层（感染）」，4.4.8④ 所列皆为伤害侧抵挡层。",
        "the glossary separates damage layers (抵挡层) from infection layers (抵免层); 4.4.8④ lists only "
        "damage layers.",
    ),
    Switch(
        "escape.tier_scope",
        "有效输出「取最高档、不叠加」的范围",
        "over what the highest tier of an effective output is taken",
        (
            Reading(
                "per_night",
                ("4.10.0", "6.9.1"),
                "每夜：同一发起者对同一目标于同一夜至多结算一次，取该夜最高档；各夜分别结算、已结算者落袋为安（4.10.0⑦(c)、⑤「已结算之致死型与濒死型分数落袋为安」）",
                "per night: one settlement per initiator, target and night, at that night's highest tier; "
                "settled points are kept (4.10.0⑦(c), ⑤)",
            ),
            Reading(
                "per_pair",
                ("4.10.0", "6.9.1"),
                "全局：同一发起者对同一目标整局只取最高档（4.10.0⑦(b)「命中多项者，取最高档，不叠加」未限于同夜；6.9.1⑥）；后夜更高档只补差额",
                "per pair: one initiator–target pair scores only its highest tier over the game "
                "(4.10.0⑦(b) is not limited to one night); a later higher tier adds the difference",
            ),
        ),
        "per_night",
        "4.10.0 为有效输出之唯一权威源：⑦(c) 以「同一夜」为结算单位，(b) 之取最高档即于该单位内适用；若跨夜取高，(c) 成赘文，且与⑤「已结算…落袋为安」相抵。",
        "4.10.0 is the sole authority: ⑦(c) makes one night the unit of settlement and (b) applies within "
        "it; reading (b) across nights would make (c) redundant and contradict ⑤ (settled points are kept).",
    ),
    Switch(
        "revive.self_when_dying",
        "濒死的死囚外星人能否复生自己",
        "may a dying death-row alien revive itself",
        (
            Reading(
                "allowed",
                ("6.8.4", "3.3.6", "1.4.1.3"),
                "可以：复生对象「含死囚自己（自救）」，「属主动技能，受沉默与感染抑制封锁，自救豁免」（6.8.4④⑤）；3.3.6 列复生为感染致死之生路，1.4.1.3「不要求目标保有行动能力」",
                "yes: 6.8.4④⑤ include the death-row alien itself, with self-revival exempt from blocking; "
                "3.3.6 and 1.4.1.3 agree",
            ),
            Reading(
                "forbidden",
                ("4.10.4", "2.8.3"),
                "不可：濒死者立即失去全部行动能力（医生自救除外，4.10.4①）；豁免清单仅「持有自救额度者之自救」（2.8.3④①，现行唯生化医师持有）",
                "no: a dying player loses every ability except a doctor's self-rescue (4.10.4①); the "
                "exemption list names only self-rescue quota holders (2.8.3④①)",
            ),
        ),
        "allowed",
        "3.3.6 为感染致死生路之唯一权威源，明列死囚复生且不设行动能力条件；6.8.4④⑤ 明文含自救并豁免封锁；与 rescue.self_when_dying 同一口径。",
        "3.3.6, the sole authority on the ways out of infection death, lists the revive without a capacity "
        "condition, and 6.8.4④⑤ include self-revival explicitly; same reading as rescue.self_when_dying.",
    ),
    Switch(
        "death_row.timer_in_xeno_form",
        "带真标记的死囚变形为异形后，感染是否照常致死",
        "does a true mark still kill a death-row alien that transformed into a xeno",
        (
            Reading(
                "runs",
                ("5.3.3",),
                "照常计时致死：「已计时的标记亦不因持有者变形、转职或变为效果免疫形态而停止计时」（5.3.3）",
                "it still counts down and kills (5.3.3: not stopped by transforming into an effect-immune form)",
            ),
            Reading(
                "immune",
                ("4.10.6", "1.4.1.3"),
                "不致死：「呈现异形者依效果免疫根本不进入感染致死」（4.10.6、1.4.1.3）",
                "it does not kill: a player presenting a xeno never enters infection death (4.10.6, 1.4.1.3)",
            ),
        ),
        "runs",
        "5.3.3 为感染侧之唯一权威源且专述此情形；4.10.6 自称「本处仅补充两项」、1.4.1.3 亦援引 3.3.6，二者均未标〔例外〕、未登记 2.8.9，依 §0.3 从通则。",
        "5.3.3, the sole authority on the infection side, addresses exactly this case; 4.10.6 calls its "
        "text a supplement and neither it nor 1.4.1.3 is a registered exception, so §0.3 keeps 5.3.3.",
    ),
    # ── issue 11: readings the engine took without a switch ─────────────────────────────────────
    Switch(
        "capability.rescued_same_step",
        "步骤决策快照时濒死、而于同一步骤较早结算中获救者，能否于该步骤稍后出手",
        "may a player dying at a step's decision snapshot, rescued earlier in that step's settlement, still act later in the step",
        (
            Reading(
                "snapshot",
                ("2.1.2", "2.4.2", "4.6.4", "3.3.1"),
                "不能：行动能力依该步骤之观测快照判定（2.1.2①「各玩家的决策均基于同一份「观测快照」独立做出」）；"
                "「濒死者当夜无从再推进本表任何出手」（4.6.4⑤③），「当夜无从推进制药∕下毒∕分配等任何主动技能」（2.4.2④），"
                "「该夜因已丧失行动能力而无可推进制药」（3.3.1〔展开·八〕）",
                "no: capability is read on the step's decision snapshot (2.1.2①; 4.6.4⑤③, 2.4.2④, 3.3.1)",
            ),
            Reading(
                "live",
                ("4.10.4", "2.1.2"),
                "能：「若步骤 8 获救则恢复全部能力」（4.10.4①），先结算者的效果对后结算者即时可见（2.1.2②）",
                "yes: rescued at step 8, all abilities come back at once (4.10.4①, 2.1.2②)",
            ),
        ),
        "snapshot",
        "2.1.2 为同一步骤结算语义之通则，2.4.2④、4.6.4⑤③、3.3.1〔展开·八〕三处明述其结果（自救当夜不得推进制药）；4.10.4①「恢复全部能力」读作其后之步骤与夜晚。",
        "2.1.2 is the general rule of a step's settlement, and 2.4.2④, 4.6.4⑤③ and 3.3.1 state its consequence "
        "(no pharma the night of a self-rescue); 4.10.4①'s recovery is read as the later steps and nights.",
    ),
    Switch(
        "process.dying_later_same_night",
        "进程（攒弹、铸造）已于当夜推进、其后同夜陷入濒死者，该夜进度是否保留",
        "does a process advanced tonight (saving, forging) keep tonight's progress when its holder becomes dying later that night",
        (
            Reading(
                "keep",
                ("4.10.3", "2.9", "4.10.4"),
                "保留：「已发生状态不回滚」（4.10.3），进程「不推进、亦不回退（已完成部分保留）」（2.9⑧），濒死「不产生任何跨夜或白天效果」（4.10.4①）",
                "kept: what happened is not rolled back (4.10.3, 2.9⑧, 4.10.4①)",
            ),
            Reading(
                "annul",
                ("2.9", "4.4.7"),
                "作废当夜之推进：「沉默、感染抑制或濒死者不可推进进程；…于该等当夜不推进」（2.9⑧），「濒死当夜不可攒弹」（4.4.7②(f)）——濒死之夜即不推进",
                "tonight's advance is annulled: a dying night is not an advancing night (2.9⑧, 4.4.7②(f))",
            ),
        ),
        "keep",
        "4.10.3 为总则（已发生状态不回滚），2.9⑧ 明言不回退；「濒死当夜不可攒弹」读作决策时之状态（与 capability.rescued_same_step 同一口径）。",
        "4.10.3 (nothing that happened is rolled back) is the general rule and 2.9⑧ says no rollback; 'not on "
        "a dying night' is read at the decision (as capability.rescued_same_step).",
    ),
    Switch(
        "immunity.notice_time",
        "步骤 6 枪击消耗夜晚免疫时，私人反馈之送达时点",
        "when the notice of a night immunity consumed by a step-6 shot is delivered",
        (
            Reading(
                "after_step_7",
                ("7.2.4",),
                "步骤 7 结算后：「伤害侧于步骤 7 结算后送达」（7.2.4 183.）",
                "after step 7: 'the damage side is delivered after step 7' (7.2.4 183.)",
            ),
            Reading(
                "after_step",
                ("7.2.4", "2.1.2"),
                "该次消耗所在步骤结算后：「随该次消耗所在步骤结算完成后立即送达」（7.2.4 183. 首句；步骤之结算单位依 2.1.2）",
                "after the step of the consumption: 'right after the step in which it was consumed' (7.2.4 183.)",
            ),
        ),
        "after_step_7",
        "同条之后句专述伤害侧（「伤害侧于步骤 7 结算后送达」），为前句通述之特别规定。",
        "the later sentence of the same paragraph names the damage side specifically, a special case of the "
        "general first sentence.",
    ),
    Switch(
        "self_heal.quota_arrived_tonight",
        "外星人于当夜步骤 7 获得之感染治疗额度，能否于同夜步骤 8 使用",
        "may the alien self-heal at step 8 with a quota it received at step 7 the same night",
        (
            Reading(
                "usable",
                ("2.1.2", "6.5"),
                "能：步骤 8 之观测快照已持有该额度（2.1.2①），自我治疗「与医生的治疗∕救援同窗口结算」（6.5④）",
                "yes: the step-8 snapshot holds the quota (2.1.2①; 6.5④ settles with the doctors)",
            ),
            Reading(
                "not_usable",
                ("6.5",),
                "不能：四选一「须于当夜行动时一次性声明」（6.5④），声明时尚未持有额度",
                "no: the four-way choice is declared once for the night (6.5④), before the quota arrived",
            ),
        ),
        "usable",
        "2.1.2 以步骤之观测快照为决策基准（通则）；6.5④「一次性声明」约束的是名额之占用（四选一），不是额度之持有时点。",
        "2.1.2 (decisions on the step's snapshot) is the general rule; 6.5④'s one declaration is about taking "
        "the night's action, not about when the quota is held.",
    ),
    Switch(
        "poison.perceived_when_due",
        "毒药于步骤 0.55 到期时，是否为保镖受袭感知之新指定",
        "is a poison falling due at step 0.55 a new designation the bodyguard perceives",
        (
            Reading(
                "placement_only",
                ("4.6.4", "4.8.3"),
                "否：毒药之指定只在步骤 8 投放时；到期为毒药「独立计时」之状态，「非「某夜的系统事件」」（4.6.4③）",
                "no: the poison is designated only when placed at step 8; falling due is its own timer (4.6.4③)",
            ),
            Reading(
                "also_when_due",
                ("4.8.3",),
                "是：到期当夜被保护者「被指定为攻击目标并结算」（4.8.3「只要被保护者被指定为攻击目标并结算即触发」），保镖可见「中毒」",
                "yes: on the night it falls due the protected target is 'a target settled' (4.8.3)",
            ),
        ),
        "placement_only",
        "4.6.4③ 专述毒药之性质：落身后独立计时，非该夜之系统事件；4.8.3 之「指定」为攻击方之指定。",
        "4.6.4③ defines the poison as a timer on the victim, not an event of the night; 4.8.3's designation is "
        "the attacker's.",
    ),
    Switch(
        "bounty.blocked_shot",
        "被抵挡之子弹，其目标当夜死于他因时是否回复悬赏",
        "does a blocked shot earn the bounty when its target dies of something else that night",
        (
            Reading(
                "target_dies",
                ("4.4.2",),
                "回复：「悬赏只要求目标死亡，不要求取得击杀归属」（4.4.2②），对已濒死目标之后手攻击亦回复（⑤）",
                "yes: 'the bounty only needs the target dead, not the kill attribution' (4.4.2②, ⑤)",
            ),
            Reading(
                "shot_must_land",
                ("4.4.2", "4.4.6"),
                "不回复：「每击杀一名敌方单位」须该发子弹击中（4.4.2 首句），「打出k发、击杀m发」（4.4.6）只计击杀之发",
                "no: 'each enemy killed' needs the shot to land (4.4.2), 4.4.6 counts killing shots",
            ),
        ),
        "target_dies",
        "4.4.2② 明文「悬赏只要求目标死亡」，⑤ 更举对已濒死目标之后手攻击亦回复为例。",
        "4.4.2② says in so many words that only the target's death counts, and ⑤ extends it to a shot at a "
        "target already dying.",
    ),
)

SWITCH_BY_KEY: dict[str, Switch] = {s.key: s for s in SWITCHES}
