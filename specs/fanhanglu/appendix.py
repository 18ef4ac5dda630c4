"""返航录's three appendices as the spec generates them: 附录一 术语表, 附录二 职业速查卡, 附录三 一页速查.

Everything printed comes from the spec (roles, seats, skills with their steps, params with their
clauses, the night step table, batches and their publication rules, layer orders) and from the clause
tree (a term's defining sentence, a role's ten-gate line), with numbers read from the text as it is now
(:mod:`ruleproof.appendix.values`).  What this module adds is layout and vocabulary only: the order of
the printed rows, the names a printed appendix uses for a role or skill (「外星人」 for 经典外星人), the
wording of each row's key quotas as templates over spec params, and the terms of the glossary with the
clause that defines each (:data:`TERMS`, guarded by the drift check like every quoted phrase).
"""

from __future__ import annotations

import re

from ruleproof.appendix.build import fill, sentence
from ruleproof.appendix.model import AppendixDef, Cell, Chain, Entry, Problem, Profile, Table, Which
from ruleproof.appendix.values import BodyReader
from ruleproof.specs.fanhanglu.params import PARAM_BY_KEY
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY, SEATS, SKILLS, skill_steps
from ruleproof.specs.fanhanglu.tables import (
    BATCH_BY_KEY,
    BATCHES,
    DAMAGE_ORDER,
    FACTIONS,
    INFECTION_ORDER,
    NIGHT_STEPS,
    STEP_BY_KEY,
)
from ruleproof.specs.model import LayerClass, LayerOrder, PublishRule, SkillDef, StepKind, TermDef
from ruleproof.text.model import Document

# ── 附录一 术语表 ──────────────────────────────────────────────────────────────────────────────
# Each term with the clause that defines it and the phrase of that clause the definition sentence is
# found by (the term itself unless the clause words it otherwise).  The 附录一 terms 「组位」「组位表」
# are not here: the clause they cite (2.8.14) is not in the text, so the body defines neither.
_T = TermDef
TERMS: tuple[TermDef, ...] = (
    _T("ferryman", "摆渡人", "4.13", "摆渡人"),
    _T("culprits", "凶手集合", "4.13.1", "凶手集合"),
    _T("private_log", "私人日志", "4.13.3", "私人日志"),
    _T("vaccine_researcher", "疫苗研究员", "4.14", "疫苗研究员"),
    _T("diagnosis", "诊断", "4.14.2", "诊断"),
    _T("sample", "样本", "4.14.2", "样本"),
    _T("vaccine_antibody", "疫苗抗体", "4.14.4", "疫苗抗体"),
    _T("damage_act", "伤害行为", "4.10.1", "伤害行为"),
    _T("dying", "濒死", "4.10.4", "濒死"),
    _T("blocking_layer", "抵挡层", "2.8.2", "抵挡"),
    _T("infection_layer", "抵免层", "5.3.3", "抵免层"),
    _T("full_reduction", "全额减免", "2.8.2", "全额减免"),
    _T("single_reduction", "单次抵免", "5.3.2", "单次抵免"),
    _T("effect_immunity", "效果免疫", "5.3.2", "效果免疫"),
    _T("cocoon_shield", "结茧护盾", "5.7", "为存续型"),
    _T("exposure", "暴露", "2.8.12", "暴露"),
    _T("timed_class", "时限类", "2.8.2", "时限类"),
    _T("infection_only_layer", "感染侧专属层", "2.8.2", "感染侧专属"),
    _T("persistent_type", "存续型", "4.10.5", "存续型"),
    _T("timed_type", "时限型", "4.10.5", "时限型"),
    _T("quota", "额度", "2.1.5", "额度"),
    _T("active_skill", "主动技能", "2.4.2", "主动技能"),
    _T("passive", "被动", "2.4.2", "被动"),
    _T("snapshot", "观测快照", "2.1.2", "观测快照"),
    _T("resolution_order", "结算顺序", "2.1.3", "结算顺序"),
    _T("sabotage_amount", "破坏量", "3.2.2", "破坏量"),
    _T("net_damage", "净破坏量", "1.3.3", "净破坏量"),
    _T("stall_night", "停转夜", "3.2.5", "停转夜"),
    _T("true_mark", "真标记", "3.3.3", "真标记"),
    _T("false_mark", "假标记", "5.3.5", "假标记"),
    _T("doctor", "医生", "3.3", "医生"),
    _T("enemy_unit", "敌方单位", "4.4.2", "敌方单位"),
    _T("endorsement", "官方背书", "4.7.5", "官方背书"),
    _T("bullet_cap", "子弹存储上限", "4.4.6", "子弹存储上限"),
    _T("verification", "查证（验证式）", "4.1", "查验的方式为「验证式」", ("查证",)),
    _T("check_identity", "查证呈现身份", "4.1", "查证呈现身份"),
    _T("presented_role", "呈现职业", "4.1", "呈现职业"),
    _T("disguise_identity", "伪装身份", "7.3.1", "伪装身份"),
    _T("check_pool", "查证池", "4.1.1", "首次查验某目标候选池", ("查证池增",)),
    _T("literal_identity", "字面身份", "2.8.1", "字面身份"),
    _T("armor", "护甲", "4.11.1", "护甲"),
    _T("quick_armor", "速成护甲", "4.11.2", "速成护甲"),
    _T("transform", "变形", "6.8.3", "变形"),
    _T("investigation_report", "调查报告", "4.10.6", "调查报告"),
    _T("landing", "落身", "4.10.6", "落身"),
    _T("kill_credit", "击杀归属", "4.10.6", "击杀归属"),
    _T("eavesdropper", "窃听者", "4.12", "窃听者"),
    _T("eavesdrop", "窃听", "4.12.1", "窃听"),
    _T("eavesdrop_report", "窃听报告", "4.12.2", "报告"),
    _T("fourth_tier", "官方背书第四档", "4.7.5", "官方背书第四档"),
    _T("hunter", "猎手", "4.4.7", "猎手"),
    _T("sniff", "嗅探", "4.4.8", "嗅探"),
    _T("save_bullet", "攒弹", "4.4.7", "攒弹"),
    _T("safe_room", "安全室", "4.3.1", "安全室"),
    _T("repair_cut", "维修效力削减", "3.2.6", "维修效力削减"),
    _T("output_modifier", "产出效力修正", "2.8.13", "产出效力修正"),
    _T("action_slot", "行动位", "2.8.6", "行动位"),
    _T("seat", "席位", "1.1.1", "席位"),
    _T("disguise", "乔装", "7.3", "乔装"),
    _T("strong_disguise", "强力乔装", "7.3.0", "强力乔装"),
    _T("bloodstain", "染血指认", "7.2.7", "染血指认", ("染血（染血指认）", "染血")),
    _T("vote_publication", "票数公开", "2.3.4", "各被投票者之编号及其得票数"),
    _T("escape", "逃亡（次胜）", "6.9", "逃亡", ("逃亡",)),
    _T("escape_points", "逃亡积分", "6.9.1", "积分构成"),
    _T("effective_output", "有效输出", "4.10.0", "有效输出"),
    _T("retro_file", "追溯档案", "4.10.0", "追溯档案"),
    _T("initiator_ledger", "发起者记账", "2.8.16", "发起者"),
    _T("direct_damage", "直接致死伤害行为", "4.10.1", "直接致死伤害行为"),
    _T("delayed_damage", "延迟致死伤害行为", "4.10.1", "延迟致死伤害行为"),
    _T("secondary_win", "次胜", "6.9", "次胜"),
)
TERM_BY_KEY = {t.key: t for t in TERMS}

# Terms that restate a layer order: the order and the classes of it they cover (抵挡层 are the blocking
# layers, 4.10.6 「抵挡层（保护∕巡逻∕护甲∕护盾）」; 抵免层 the whole infection side, 5.3.3).
TERM_CHAINS: dict[str, tuple[LayerOrder, tuple[LayerClass, ...]]] = {
    "blocking_layer": (DAMAGE_ORDER, (LayerClass.TIMED, LayerClass.PERSISTENT)),
    "infection_layer": (INFECTION_ORDER, (LayerClass.FULL, LayerClass.TIMED, LayerClass.PERSISTENT)),
}

# Printed texts of 附录一 that belong to no entry (its intro and the repeated column headers).
GLOSSARY_HEADERS: tuple[str, ...] = (
    "表：本表为正文术语的索引，定义以正文条款为准；此处仅作速查，不另设规则。",
    "术语补录（按 A1 镜像纪律，定义一律援引正文唯一权威源）：",
    "术语补录（定义一律援引正文唯一权威源）：",
    "术语 含义（对应条款）",
    "〔承上·查证（验证式）〕",
)

# ── 附录二 职业速查卡 ──────────────────────────────────────────────────────────────────────────
# Rows in the printed order; the names a card may print a role under besides its own.
CARD_ORDER: tuple[str, ...] = (
    "crew", "engineer", "sheriff", "bio_doctor", "hunter", "rescue_doctor", "detective", "bodyguard",
    "vote_inspector", "eavesdropper", "craftsman", "poisoner", "ferryman", "vaccine_researcher",
    "armed_crew", "assistant_engineer", "temp_doctor", "xeno", "alien", "death_row_alien",
)  # fmt: skip
ROLE_ALIASES: dict[str, tuple[str, ...]] = {"alien": ("外星人",)}
# Names a printed line may use for a skill besides the spec's (「双刀」 is the alien's kill).
SKILL_ALIASES: dict[str, tuple[str, ...]] = {
    "detective_check": ("查验",),
    "detective_announce": ("公告",),
    "alien_kill": ("双刀", "出刀"),
    "self_heal": ("感染治疗",),
    "quick_forge": ("速成",),
    "eavesdrop_report": ("报告",),
    "ferry_investigate": ("调查",),
    "night_escape": ("逃亡",),
    "meeting_escape": ("逃亡",),
}
# Each row's key quotas, worded in the card's style over the spec's params.
ROLE_QUOTAS: dict[str, str] = {
    "crew": (
        "查验首次 {crew_check.first_identities} 个、其后 1~{crew_check.later_identities} 个；"
        "协助维修 {crew.assist_min}~{crew.assist_max}（步长 {crew.assist_step}）；"
        "可转职（≤{jobchange.alive_threshold} 人或第 {jobchange.guaranteed_night} 夜）"
    ),
    "engineer": (
        "安全室全局 {engineer.safe_rooms} 次；每夜维修−{repair.min}~{repair.max}（步长{repair.step}）；"
        "追加维修全局 {engineer.extra_repairs} 次；累计维修 {engineer.exposure} 即全场暴露"
    ),
    "sheriff": (
        "初始 {sheriff.initial_bullets} 发；第 {extra_bullet.night} 夜 +1；存活≤{extra_bullet.alive_threshold} 名 +1；"
        "存储上限 {sheriff.bullet_cap} 发；悬赏每击杀回复 {bounty.bullets_per_kill} 发；"
        "巡逻全局 {patrol.uses} 次、限前 {patrol.last_night} 夜、1~{patrol.max_targets} 名"
    ),
    "hunter": (
        "初始 {hunter.initial_bullets} 发；第 {extra_bullet.night} 夜 +1；存活≤{extra_bullet.alive_threshold} 名 +1；"
        "攒弹每完成 {hunter.save_nights} 夜 +1 发；嗅探全局限 {sniff.nights} 个夜晚、每夜至多查 {sniff.max_targets} 名"
    ),
    "bio_doctor": "治疗 {len:bio.heal_nights} 次（第 {bio.heal_nights} 夜各 1）；自救全局 {bio.self_rescues} 次（仅自身）",
    "rescue_doctor": "救援 {len:rescue.rescue_nights} 次（第 {rescue.rescue_nights} 夜各 1）；治疗 {rescue.heals} 次",
    "poisoner": (
        "毒药∕解药各 {len:poisoner.poison_nights} 份，第 {poisoner.poison_nights} 夜各到账 1 份；"
        "毒药落身第 {poison.death_night} 夜致濒死"
    ),
    "detective": "已查验池定长 {detective.pool_size} 项",
    "ferryman": "提交 1~{ferry.max_group} 名存活者编号；每昼夜至多 {ferry.per_day} 次",
    "bodyguard": "",
    "vote_inspector": (
        "紧急会议全局 {meeting.uses} 次（存活≥{meeting.alive_min} 时可发动）；公开票源图全局 {vote_map.uses} 次"
    ),
    "eavesdropper": "报告每夜 {eavesdrop.reports_per_night} 次、不跨夜累积",
    "craftsman": (
        "常规 {craftsman.forge_nights} 夜 1 件∕速成 {craftsman.quick_nights} 夜 1 件；"
        "速成共 {craftsman.quick_valid_nights} 夜有效；初始 {craftsman.initial_armor} 件已装备；"
        "库存上限 {craftsman.stock_cap}"
    ),
    "vaccine_researcher": (
        "诊断（清感染＋产 {vaccine.samples_per_diagnosis} 份样本）；消耗 {vaccine.unlock_samples} 份样本解锁研制；"
        "接种授予 {vaccine.antibody_nights} 夜全额减免；制药固定产 {vaccine.pharma_rescue_yield} 瓶救援药剂"
    ),
    "armed_crew": "开枪（规则同警长）{armed.initial_bullets} 发",
    "assistant_engineer": "每夜维修−{repair.min}~{repair.max}（步长 {repair.step}）；累计维修 {assistant.exposure} 即暴露",
    "temp_doctor": "救援 {temp_doctor.rescue} 次；治疗 {temp_doctor.heal} 次",
    "xeno": (
        "第 {xeno.evolution_night} 夜起进化；刀数初始 {xeno.knife_initial}、上限 {xeno.knife_cap}；"
        "累计 {bloodstain.threshold} 次出刀致濒死后被攻击者得知其编号；"
        "感染 {infection.quota} 名（感染进化 {infection.quota_evolved} 名）；"
        "每方向存活占位至多 {xeno.direction_capacity} 只；每只整局至多转化 {xeno.conversions} 次；"
        "乔装每只全局 {disguise.uses} 次"
    ),
    "alien": (
        "夜晚免疫全局 {alien.immunity_cap} 次（开局 {alien.immunity_initial} 次，第 {alien.immunity_night} 夜 +1）；"
        "破坏全局 {alien.sabotages} 次；未觉醒每夜至多 {alien.knives} 刀，觉醒后每夜至多 {alien.knives_awakened} 刀"
        "（第 {alien.awaken_night} 夜起或存活≤{alien.awaken_alive} 名）；乔装全局 {disguise.uses} 次；"
        "逃亡积分：致死型 {escape.kill_crew}∕{escape.kill_job}∕{escape.kill_xeno}；濒死型助攻 {escape.dying}；"
        "追溯型助攻 {escape.retro}（破存续防护或耗夜晚免疫，{escape.retro_nights} 夜内目标死亡方结算）；"
        "驱逐 {escape.exile_vote}（上限 {escape.exile_cap}）、沉默 {escape.silence}（上限 {escape.silence_cap}）；"
        "门槛 {escape.threshold}"
    ),
    "death_row_alien": "变形后 {death_row.transform_cooldown} 夜冷却；复生全场 {death_row.revives} 次",
}

# ── 附录三 一页速查 ────────────────────────────────────────────────────────────────────────────
# 2.1.6: batches ⑨ and ⑩ are published after the day vote *and* after a step-10 meeting vote.
MEETING_BATCHES: tuple[str, ...] = ("9", "10")
MEETING_BATCHES_CLAUSE, MEETING_BATCHES_QUOTE = "2.1.6", "白天投票后∕步骤10会议投票"
FLOW_HEADERS: tuple[str, ...] = ("步骤 发生什么 相关公告批次",)
CARD_HEADERS: tuple[str, ...] = ("险∕定位", "职业 核心能力关键额度 暴露风险∕定位", "非人类阵营关键额度要点")
NOTES_MARKER = re.compile(r"[一二三四五六七八九十]个要点[：:]")


def _bare(s: SkillDef) -> str:
    """A skill's name without its qualifier: 「逃亡（夜间窗口）」 → 「逃亡」."""
    return re.sub(r"（[^）]*）$", "", s.zh)


def _names_of_skill(s: SkillDef) -> tuple[str, ...]:
    return tuple(dict.fromkeys((s.zh, _bare(s), *SKILL_ALIASES.get(s.key, ()))))


def _universal(s: SkillDef) -> bool:
    """A skill every player has (私聊, 投票, 感染抑制 …): not part of any one role's line."""
    humans = [r for r in ROLE_BY_KEY.values() if r.faction == "humans"]
    return all(r.key in s.roles for r in humans)


def _step_label(key: str) -> str:
    step = STEP_BY_KEY.get(key)
    if key == "day":
        return "白天"
    if step is None or step.kind is not StepKind.STEP:
        return step.zh if step else key
    return f"步骤 {key}"


def _steps_by_name(skills: list[SkillDef]) -> tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...]:
    """(names, clause, steps) per skill name: 「逃亡」 acts by day, at step 5 and at step 10 (6.9.3)."""
    grouped: dict[str, tuple[tuple[str, ...], str, tuple[str, ...]]] = {}
    for s in skills:
        names, clause, steps = grouped.get(_bare(s), ((), s.clause, ()))
        grouped[_bare(s)] = (
            tuple(dict.fromkeys((*names, *_names_of_skill(s)))),
            clause,
            tuple(dict.fromkeys((*steps, *skill_steps(s)))),
        )
    return tuple(grouped.values())


GateRow = tuple[str, str]  # (the unit a 「十关核验」 line stands in, the labels of the gates it names)


def _ten_gate_lines(doc: Document) -> list[GateRow]:
    """Every 「十关核验」 line of the text, read from the clause tree once per table (the lines do not
    depend on the role: reading them once per role was a fifth of the table's time)."""
    from ruleproof.lint.context import LintContext
    from ruleproof.lint.gatelines import find_gate_lines, parse_gates

    ctx = LintContext(doc)
    parsed = parse_gates(ctx)
    if parsed is None:
        return []
    _clause, gates = parsed
    labels = {g.key: g.label for g in gates}
    return [(line.unit, "".join(labels[k] for k in line.found)) for line in find_gate_lines(ctx, gates)]


def _ten_gate(doc: Document, role_key: str, lines: list[GateRow]) -> tuple[str, str]:
    """(clause, labels) of the role's 「十关核验」 line among ``lines``."""
    role = ROLE_BY_KEY[role_key]
    names = {r.zh for r in ROLE_BY_KEY.values()}
    for unit_id, labels in lines:
        unit = doc.clauses.get(unit_id)
        if unit is None:
            continue
        own = unit_id == role.clause or unit_id.startswith(role.clause + ".")
        title_names = {n for n in names if n in unit.title}
        if (own and (not title_names or role.zh in title_names)) or role.zh in title_names:
            return unit_id, labels
    return "", ""


def build_roles(doc: Document) -> Table:
    reader = BodyReader(doc)
    gate_lines = _ten_gate_lines(doc)
    entries: list[Entry] = []
    seats = {s.key: s for s in SEATS}
    factions = dict(FACTIONS)
    for key in CARD_ORDER:
        role = ROLE_BY_KEY[key]
        skills = [s for s in SKILLS if key in s.roles and not _universal(s)]
        head = role.zh + (f"（×{role.count}）" if role.count > 1 else "")
        seat = seats.get(role.seat or "")
        shown_skills: dict[str, list[str]] = {}
        for s in skills:
            bare = _bare(s)
            shown_skills.setdefault(bare, [])
            for st in skill_steps(s):
                label = _step_label(st)
                if label not in shown_skills[bare]:
                    shown_skills[bare].append(label)
        skill_text = "；".join(f"{n}（{'∕'.join(st)}）" for n, st in shown_skills.items()) or "—"
        quota, facts = fill(ROLE_QUOTAS.get(key, ""), PARAM_BY_KEY, reader)
        gate_clause, gate_labels = _ten_gate(doc, key, gate_lines)
        exclusive = [
            s
            for s in skills
            if s.roles == (key,) or s.clause == role.clause or s.clause.startswith(role.clause + ".")
        ]
        entries.append(
            Entry(
                key=key,
                name=head,
                names=(role.zh, head, *ROLE_ALIASES.get(key, ())),
                cells=(
                    Cell(head, (role.clause,)),
                    Cell(seat.zh if seat else "—", (seat.clause,) if seat else ()),
                    Cell(factions.get(role.faction, role.faction)),
                    Cell(skill_text, tuple(dict.fromkeys(s.clause for s in skills))),
                    Cell(quota or "—", tuple(dict.fromkeys(f.value.clause for f in facts))),
                    Cell(
                        f"{gate_clause}（{gate_labels}）" if gate_clause else "—",
                        (gate_clause,) if gate_clause else (),
                    ),
                ),
                clause=role.clause,
                line=_line(doc, role.clause),
                facts=facts,
                mentions=tuple(dict.fromkeys((_bare(s), _names_of_skill(s), s.clause) for s in exclusive)),
                steps=_steps_by_name(skills),
            )
        )
    return Table(
        Which.ROLES,
        "附录二",
        "职业速查卡",
        "本卡由正文与规格生成：技能与步骤依 2.1.1 与各职业条款，额度数值取自正文现行条文。",
        ("职业", "席位", "阵营", "技能（步骤）", "关键额度", "十关核验"),
        tuple(entries),
    )


def build_glossary(doc: Document) -> Table:
    entries: list[Entry] = []
    problems: list[Problem] = []
    for term in TERMS:
        text, line = sentence(doc, term.clause, term.quote)
        chains: tuple[Chain, ...] = ()
        cells = [Cell(term.zh), Cell(text or "（正文已无此条）", (term.clause,))]
        if term.key in TERM_CHAINS:
            order, classes = TERM_CHAINS[term.key]
            members = tuple(
                (layer.key, _layer_names(layer.zh)) for layer in order.layers if layer.klass in classes
            )
            chains = (Chain(order.key, members, order.clause, order.quote),)
            cells.append(Cell("层序：" + "→".join(n[0] for _k, n in members), (order.clause,)))
        if doc.clauses.get(term.clause) is None:
            problems.append(
                Problem(
                    "appendix-entry-unbacked",
                    term.zh,
                    term.clause,
                    None,
                    f"术语「{term.zh}」的定义条款 {term.clause} 已不在正文中",
                    f"term {term.zh}: its defining clause {term.clause} is no longer in the text",
                    term.quote,
                )
            )
        entries.append(
            Entry(
                key=term.key,
                name=term.zh,
                names=(term.zh, *term.aliases),
                cells=tuple(cells),
                clause=term.clause,
                line=line,
                chains=chains,
                pool=(term.clause,),
            )
        )
    return Table(
        Which.GLOSSARY,
        "附录一",
        "术语表",
        "本表为正文术语的索引，每条取其定义条款的原文；定义以正文条款为准。",
        ("术语", "含义（定义条款原文）", "层序"),
        tuple(entries),
        tuple(problems),
    )


def _layer_names(zh: str) -> tuple[str, ...]:
    """A layer's name and its short form without the holder (「保镖保护」 → 「保护」)."""
    holders = sorted({r.zh for r in ROLE_BY_KEY.values()} | {"外星人", "结茧"}, key=len, reverse=True)
    for h in holders:
        if zh.startswith(h) and len(zh) > len(h):
            return (zh, zh[len(h) :])
    return (zh,)


def _line(doc: Document, clause_id: str) -> int | None:
    clause = doc.clauses.get(clause_id)
    return clause.line if clause else None


def build_flow(doc: Document) -> Table:
    reader = BodyReader(doc)
    entries: list[Entry] = []
    steps = [s for s in NIGHT_STEPS if s.kind is not StepKind.ARRIVAL]
    published: dict[str, list[str]] = {}
    for b in BATCHES:
        if b.when in STEP_BY_KEY:
            published.setdefault(b.when, []).append(b.key)
    for key in MEETING_BATCHES:
        published.setdefault("10", []).append(key)
    for i, step in enumerate(steps):
        # a skill that may be used in any of the actor's windows (逃亡, 6.9.3) is no step's business
        acting = [s for s in SKILLS if step.key in skill_steps(s) and not _universal(s) and not s.windows]
        by_role: dict[str, list[str]] = {}
        for s in acting:
            for r in s.roles:
                role = ROLE_BY_KEY[r]
                names = by_role.setdefault(role.zh, [])
                bare = _bare(s)
                if bare not in names:
                    names.append(bare)
        what = step.zh + (
            "：" + "；".join(f"{r}（{'∕'.join(n)}）" for r, n in by_role.items()) if by_role else ""
        )
        batches = [BATCH_BY_KEY[k] for k in published.get(step.key, [])]
        batch_text = "；".join(f"{b.symbol}{b.zh}" for b in batches) or "无"
        label = step.key if step.kind is StepKind.STEP else step.zh
        names = [f"{step.key} {step.zh}", step.key] if step.kind is StepKind.STEP else [step.zh]
        if step.kind is StepKind.STEP:
            # a printed row may merge a step with its neighbour: 「0.5∕0.55 感染抑制∕感染致死」
            for other in (steps[i - 1] if i else None, steps[i + 1] if i + 1 < len(steps) else None):
                if other is not None and other.kind is StepKind.STEP:
                    first, second = sorted((step, other), key=lambda s: NIGHT_STEPS.index(s))
                    names.append(f"{first.key}∕{second.key} {first.zh}")
        entries.append(
            Entry(
                key=step.key,
                name=label,
                names=tuple(names),
                cells=(
                    Cell(label, (step.clause,)),
                    Cell(what, tuple(dict.fromkeys(s.clause for s in acting))),
                    Cell(batch_text, tuple(dict.fromkeys(b.clause for b in batches))),
                ),
                clause=step.clause,
                line=_line(doc, step.clause),
                mentions=tuple(
                    dict.fromkeys(
                        (
                            _bare(s),
                            (*_names_of_skill(s), *(ROLE_BY_KEY[r].zh for r in s.roles)),
                            s.clause,
                        )
                        for s in acting
                    )
                ),
                marks=tuple(b.symbol for b in batches),
                marks_clause="2.1.6",
            )
        )
    notes, problems = _key_points(doc, reader)
    return Table(
        Which.FLOW,
        "附录三",
        "一页速查：夜间流程与公告",
        "本页由 2.1.1 步骤表、各技能之步骤与 2.1.6∕2.1.7 公告批次生成。",
        ("步骤", "发生什么", "相关公告批次"),
        tuple(entries),
        tuple(problems),
        notes,
        "要点",
    )


def _key_points(doc: Document, reader: BodyReader) -> tuple[tuple[Entry, ...], list[Problem]]:
    problems: list[Problem] = []
    # a publication rule the spec can only take from an appendix is not the body's: not generated
    backed = [b for b in BATCHES if b.rule_clause in doc.clauses]
    unbacked = [b for b in BATCHES if b.rule_clause not in doc.clauses]
    nonzero = "".join(b.symbol for b in backed if b.rule is PublishRule.NONZERO)
    point1 = f"「不发布」等于「为 0」⸺依 {'、'.join(dict.fromkeys(b.rule_clause for b in backed if b.rule is PublishRule.NONZERO))}，{nonzero}当夜为 0 时不发布"
    points: list[tuple[str, tuple[str, ...], str, str]] = [
        (
            "stall",
            ("停转夜",),
            "3.2.5",
            "停转夜只由外星人破坏触发⸺依 3.2.5：" + sentence(doc, "3.2.5", "触发主体唯一")[0],
        ),
        (
            "immunity",
            ("夜晚免疫",),
            "6.4.2",
            "夜晚免疫不防感染⸺依 6.4.2：" + sentence(doc, "6.4.2", "本条仅于致死一刻生效")[0],
        ),
        (
            "exile",
            ("驱逐门槛",),
            "2.3.4",
            "驱逐门槛 {vote.exile_min_votes} 票⸺依 2.3.4，须同时满足票数最多、无平票、至少 {vote.exile_min_votes} 票",
        ),
        (
            "votes",
            ("票数公开",),
            "2.3.4",
            "票数公开⸺依 2.3.4 附：" + sentence(doc, "2.3.4", "各被投票者之编号及其得票数")[0],
        ),
        (
            "bloodstain",
            ("染血指认", "染血"),
            "7.2.7",
            "染血指认⸺依 7.2.7，个体累计 {bloodstain.threshold} 次出刀致濒死后，其后每一次出刀受攻击者均得知攻击者编号",
        ),
        (
            "escape",
            ("外星人逃亡", "逃亡"),
            "6.9",
            "外星人逃亡⸺依 6.9，积分达 {escape.threshold} 分后可脱离对局；沉默分与驱逐分各设 {escape.silence_cap} 分上限；"
            "破甲须于 {escape.retro_nights} 夜内接上击杀方结算追溯分",
        ),
    ]
    out = [
        Entry(
            "publish",
            "「不发布」等于「为 0」",
            ("不发布",),
            (Cell("①"), Cell(point1, tuple(dict.fromkeys(b.rule_clause for b in backed)))),
            "2.1.7",
            _line(doc, "2.1.7"),
            marks=tuple(nonzero),
            marks_clause="2.1.7",
            unbacked_marks=tuple(b.symbol for b in unbacked),
            unbacked_source="、".join(dict.fromkeys(b.rule_clause for b in unbacked)),
        )
    ]
    circled = "②③④⑤⑥⑦⑧⑨⑩"
    for i, (key, names, clause, template) in enumerate(points):
        text, facts = fill(template, PARAM_BY_KEY, reader)
        out.append(
            Entry(
                key,
                names[0],
                names,
                (Cell(circled[i]), Cell(text, (clause,))),
                clause,
                _line(doc, clause),
                facts,
            )
        )
    return tuple(out), problems


PROFILE = Profile(
    "fanhanglu",
    (
        AppendixDef(Which.GLOSSARY, "附录一", ("术语",), build_glossary, terms=True, skip=GLOSSARY_HEADERS),
        AppendixDef(Which.ROLES, "附录二", ("速查卡",), build_roles, skip=CARD_HEADERS),
        AppendixDef(
            Which.FLOW, "附录三", ("一页速查",), build_flow, skip=FLOW_HEADERS, notes_marker=NOTES_MARKER
        ),
    ),
)

__all__ = ["CARD_ORDER", "PROFILE", "ROLE_QUOTAS", "TERMS", "build_flow", "build_glossary", "build_roles"]
