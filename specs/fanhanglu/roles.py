"""Seats (1.1.1), roles and skills of 返航录.

Seat variants are all listed; a variant or skill not implemented would carry ``implemented=False`` and
``issue`` (the engine refuses it with a clear error instead of ignoring it) — today every one is.  Skills carry the
night step they act at (2.1.1), whether they take the night's one action (``Slot.MAIN``), what blocks
them (2.8.3, 4.10.4) and the clause that defines them.
"""

from __future__ import annotations

from ruleproof.specs.fanhanglu.tables import STEP_INDEX
from ruleproof.specs.model import RoleDef, SeatDef, SkillDef, Slot

SEATS: tuple[SeatDef, ...] = (
    SeatDef("police", "警长∕猎手", ("sheriff", "hunter"), "1.1.1"),
    SeatDef("bio", "生化医师∕疫苗研究员", ("bio_doctor", "vaccine_researcher"), "1.1.1"),
    SeatDef("rescue", "救援医师∕毒师", ("rescue_doctor", "poisoner"), "1.1.1"),
    SeatDef("investigator", "神探∕摆渡人", ("detective", "ferryman"), "1.1.1"),
    SeatDef("defender", "保镖∕工匠", ("bodyguard", "craftsman"), "1.1.1"),
    SeatDef("social", "验票官∕窃听者", ("vote_inspector", "eavesdropper"), "1.1.1"),
    SeatDef("alien", "经典外星人∕死囚外星人", ("alien", "death_row_alien"), "1.1.1"),
)

H, X, A = "humans", "xenos", "alien"

ROLES: tuple[RoleDef, ...] = (
    RoleDef("crew", "普通船员", H, "4.1", count=4),
    RoleDef("engineer", "工程师", H, "4.3"),
    RoleDef("sheriff", "警长", H, "4.4", seat="police"),
    RoleDef("hunter", "猎手", H, "4.4.7", seat="police"),
    RoleDef("bio_doctor", "生化医师", H, "4.5", seat="bio"),
    RoleDef("vaccine_researcher", "疫苗研究员", H, "4.14", seat="bio"),
    RoleDef("rescue_doctor", "救援医师", H, "4.6", seat="rescue"),
    RoleDef("poisoner", "毒师", H, "4.6.4", seat="rescue"),
    RoleDef("detective", "神探", H, "4.7", seat="investigator"),
    RoleDef("ferryman", "摆渡人", H, "4.13", seat="investigator"),
    RoleDef("bodyguard", "保镖", H, "4.8", seat="defender"),
    RoleDef("craftsman", "工匠", H, "4.11", seat="defender"),
    RoleDef("vote_inspector", "验票官", H, "4.9", seat="social"),
    RoleDef("eavesdropper", "窃听者", H, "4.12", seat="social"),
    RoleDef("armed_crew", "武装船员", H, "4.2.2", count=0, derived_from="crew"),
    RoleDef("assistant_engineer", "助理工程师", H, "4.2.2", count=0, derived_from="crew"),
    RoleDef("temp_doctor", "临时医生", H, "4.2.2", count=0, derived_from="crew"),
    RoleDef("xeno", "异形", X, "5", count=3),
    RoleDef("alien", "经典外星人", A, "6.1", seat="alien"),
    RoleDef("death_row_alien", "死囚外星人", A, "6.8", seat="alien"),
)

ROLE_BY_KEY: dict[str, RoleDef] = {r.key: r for r in ROLES}

# 4.2.2 三个转职方向.
JOB_CHANGE_DIRECTIONS: tuple[str, ...] = ("armed_crew", "assistant_engineer", "temp_doctor")

# 5.1 方向破坏∕感染∕击杀三选一.
DIRECTIONS: tuple[tuple[str, str], ...] = (("sabotage", "破坏"), ("infection", "感染"), ("kill", "击杀"))

# 3.3 医生: the doctor family (pharma, mark visibility).
DOCTORS: tuple[str, ...] = ("bio_doctor", "vaccine_researcher", "rescue_doctor", "poisoner", "temp_doctor")

# Roles that hold the two infection suppressions (3.3.4: 每名人类与外星人; 异形不持有).
SUPPRESSION_FACTIONS: tuple[str, ...] = (H, A)

HUMAN_ROLES = tuple(r.key for r in ROLES if r.faction == H)
# 3.3.1 制药 (医生通用): every doctor; the poisoner and the vaccine researcher rescue with its products.
PHARMA_ROLES = ("bio_doctor", "vaccine_researcher", "rescue_doctor", "poisoner", "temp_doctor")
ALL = tuple(r.key for r in ROLES)
BLOCK_ALL = ("silence", "suppression", "dying")
M, F = Slot.MAIN, Slot.FREE

SKILLS: tuple[SkillDef, ...] = (
    # ── every player ─────────────────────────────────────────────────────────────────────────
    SkillDef("chat", "私聊", ALL, "0", "2.2", F, blocked=("dying",), targets="one", params=("accept",)),
    SkillDef(
        "suppress",
        "感染抑制",
        (*HUMAN_ROLES, "alien", "death_row_alien"),
        "0.5",
        "3.3.4",
        F,
        blocked=(),
        targets="self",
    ),
    SkillDef("vote", "投票", ALL, "day", "2.3.4", F, blocked=(), targets="one"),
    # ── crew and job change ──────────────────────────────────────────────────────────────────
    SkillDef("job_change", "转职", ("crew",), "0.6", "4.2.1", F, params=("direction",)),
    SkillDef("crew_check", "查验", ("crew",), "2", "4.1.1", M, targets="one", params=("identities",)),
    SkillDef("assist_repair", "协助维修", ("crew",), "4a", "4.1.2", M, params=("amount",)),
    # ── engineer ─────────────────────────────────────────────────────────────────────────────
    SkillDef("safe_room", "安全室", ("engineer",), "3", "4.3.1", M, targets="self"),
    SkillDef("repair", "维修", ("engineer", "assistant_engineer"), "4a", "4.3.2", M, params=("amount",)),
    SkillDef("extra_repair", "追加维修", ("engineer",), "4a", "4.3.3", F, params=("amount",)),
    # ── sheriff, hunter, armed crew ──────────────────────────────────────────────────────────
    SkillDef("patrol", "巡逻", ("sheriff",), "2", "4.4.4", M, targets="many"),
    SkillDef(
        "shoot", "开枪", ("sheriff", "hunter", "armed_crew"), "6", "4.4.1", M, targets="many", quota="bullets"
    ),
    SkillDef("save_bullet", "攒弹", ("hunter",), "6", "4.4.7", M, excludes=("sniff",)),
    SkillDef("sniff", "嗅探", ("hunter",), "3.5", "4.4.8", F, targets="many", excludes=("save_bullet",)),
    # ── doctors ──────────────────────────────────────────────────────────────────────────────
    SkillDef(
        "heal",
        "治疗",
        ("bio_doctor", "rescue_doctor", "poisoner", "temp_doctor"),
        "8",
        "3.3.9",
        M,
        targets="many",
        quota="heal",
    ),
    SkillDef("rescue", "救援", PHARMA_ROLES, "8", "4.6.1", M, targets="many", quota="rescue"),
    SkillDef("self_rescue", "自救", ("bio_doctor",), "8", "4.5.2", F, blocked=(), targets="self"),
    SkillDef("pharma", "制药", PHARMA_ROLES, "8", "3.3.1", M, params=("product",)),
    # ── detective, bodyguard, vote inspector ─────────────────────────────────────────────────
    SkillDef("detective_check", "神探查验", ("detective",), "2", "4.7.1", M, targets="one"),
    SkillDef("detective_announce", "神探公告", ("detective",), "2", "4.7.2", M, targets="one"),
    SkillDef("protect", "保护", ("bodyguard",), "3", "4.8.1", M, targets="one"),
    SkillDef("emergency_meeting", "紧急会议", ("vote_inspector",), "10", "4.9.2", M),
    SkillDef("meeting_vote", "会议投票", ALL, "10", "2.3.3", F, blocked=(), targets="one"),
    SkillDef("vote_map", "公开票源图", ("vote_inspector",), "10", "4.9.3", F, params=("sessions",)),
    SkillDef("accuse", "公开指控标记", ("vote_inspector",), "10", "4.9.6", F, targets="one"),
    # ── xenos ────────────────────────────────────────────────────────────────────────────────
    SkillDef("cleanse", "清洗", ("xeno",), "edc", "5.9", F, blocked=("dying",), targets="self"),
    SkillDef("evolve", "进化", ("xeno",), "0.6", "5.1", F, params=("direction",)),
    SkillDef("convert", "转化", ("xeno",), "0.6", "5.5", F, params=("direction",)),
    SkillDef("disguise", "乔装", ("xeno", "alien"), "1", "7.3", F, params=("identity", "strong")),
    SkillDef("sabotage", "破坏", ("xeno", "alien"), "4b", "3.2.1", M, params=("amount",)),
    SkillDef("cocoon", "结茧", ("xeno",), "4b", "5.7", M, targets="one"),
    SkillDef("knife", "出刀", ("xeno",), "7", "5.6.1", M, targets="many"),
    SkillDef("infect", "感染", ("xeno",), "7", "5.3.1", M, targets="many"),
    # ── classic alien ────────────────────────────────────────────────────────────────────────
    SkillDef("awaken", "觉醒", ("alien",), "iss", "6.2", F, blocked=()),
    SkillDef("ambush", "蛰伏", ("alien",), "0.1", "6.1.1", M, targets="one", params=("silence",)),
    SkillDef("alien_kill", "击杀", ("alien",), "5", "6.6", M, targets="many"),
    SkillDef(
        "self_heal",
        "自我治疗",
        ("alien",),
        "8",
        "6.5",
        M,
        blocked=("dying",),
        targets="self",
        excludes=("suppress",),
    ),
    # ── poisoner (4.6.4) ─────────────────────────────────────────────────────────────────────
    SkillDef("poison", "毒药", ("poisoner",), "8", "4.6.4", M, targets="one"),
    SkillDef("antidote", "解药", ("poisoner",), "8", "4.6.4", M, targets="one"),
    # ── craftsman (4.11) ─────────────────────────────────────────────────────────────────────
    SkillDef("forge", "铸造护甲", ("craftsman",), "3", "4.11.2", M),
    SkillDef("quick_forge", "速成护甲", ("craftsman",), "3", "4.11.2", M),
    SkillDef(
        "distribute_armor", "分配护甲", ("craftsman",), "3", "4.11.2", M, targets="many", params=("kinds",)
    ),
    # ── eavesdropper (4.12), ferryman (4.13) ─────────────────────────────────────────────────
    SkillDef("eavesdrop", "窃听", ("eavesdropper",), "0.2", "4.12.1", F, blocked=()),
    SkillDef(
        "eavesdrop_report",
        "窃听报告",
        ("eavesdropper",),
        "day",
        "4.12.2",
        F,
        blocked=(),
        targets="many",
        params=("content",),
    ),
    SkillDef(
        "ferry_investigate",
        "摆渡人调查",
        ("ferryman",),
        "day",
        "4.13.1",
        F,
        blocked=(),
        targets="many",
        params=("corpse",),
    ),
    # ── vaccine researcher (4.14) ────────────────────────────────────────────────────────────
    SkillDef("diagnose", "诊断", ("vaccine_researcher",), "8", "4.14.2", M, targets="one"),
    SkillDef("research", "研制", ("vaccine_researcher",), "8", "4.14.3", M),
    SkillDef(
        "inoculate", "接种", ("vaccine_researcher",), "8", "4.14.4", M, targets="many", quota="vaccines"
    ),
    # ── death-row alien (6.8) ────────────────────────────────────────────────────────────────
    SkillDef("transform", "变形", ("death_row_alien",), "iss", "6.8.3", F, blocked=(), params=("identity",)),
    SkillDef("revive", "复生", ("death_row_alien",), "8", "6.8.4", F, targets="many", quota="revives"),
)

# 6.9.3① 「自身的行动窗口」: the steps of 2.1.1 at which a player can take its night's action (步骤 0.1 蛰伏、
# 步骤 3 类、步骤 4b、步骤 5、步骤 6 等) — the steps of the main-slot skills, the actor's menu deciding which
# are its own on a night — but not step 10, whose window is the meeting's (before the actor's own speech);
# steps 9 and 11 are system nodes with no action.  Step 5 is the night escape's step when none is named.
ACTION_WINDOWS: tuple[str, ...] = tuple(
    sorted(
        {s.step for s in SKILLS if s.slot is M and s.step not in ("day", "10")}, key=STEP_INDEX.__getitem__
    )
)

SKILLS += (
    # ── escape (6.9.3): by day before the discussion, in the night's own action windows, in the meeting ─
    SkillDef("escape", "逃亡", ("alien", "death_row_alien"), "day", "6.9.3", F, blocked=()),
    SkillDef(
        "night_escape",
        "逃亡（夜间窗口）",
        ("alien", "death_row_alien"),
        "5",
        "6.9.3",
        M,
        params=("step",),
        windows=ACTION_WINDOWS,
    ),
    SkillDef(
        "meeting_escape", "逃亡（会议窗口）", ("alien", "death_row_alien"), "10", "6.9.3", F, blocked=()
    ),
)

SKILL_BY_KEY: dict[str, SkillDef] = {s.key: s for s in SKILLS}


def skill_steps(s: SkillDef) -> tuple[str, ...]:
    """Every step ``s`` may be executed at: its own, then its further windows."""
    return (s.step, *(w for w in s.windows if w != s.step))


# What a skill can do to a dying flag — read by the engine (which refuses anything else) and by the dying
# model.  2.8.4 伤害类型 / 4.10.2: the skills that deal damage through the damage chain (poison lands at
# step 8 and makes dying only at a later 0.55, a delayed act, 4.10.1②); 4.6.1 / 4.5.2 / 6.8.4: the skills
# that end dying; 6.9.3 / 4.9.2: the skills that take a player out of the game at night.
DAMAGE_SKILLS: tuple[str, ...] = ("alien_kill", "shoot", "knife")
RESCUE_SKILLS: tuple[str, ...] = ("rescue", "self_rescue", "revive")
REMOVAL_SKILLS: tuple[str, ...] = ("night_escape", "meeting_escape", "meeting_vote")
