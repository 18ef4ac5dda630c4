"""The English identifiers of the spec (DESIGN.md "Naming"): factions, identities and skills by their
Chinese names.  Only *names* live here; everything a name stands for (which table row, its timing, its
limit…) is read from the text (:mod:`.skills`, :mod:`.tables`).

``ruleproof vocab --book jiejie140`` lists them with their clauses.
"""

from __future__ import annotations

from dataclasses import dataclass

# ── factions (阵营 line 215: 「存在4个阵营：【永恒者阵营】【凝聚者阵营】【欺骗者阵营】【适应者阵营】」) ──────

ETERNAL = "eternal"
COHESION = "cohesion"
DECEPTION = "deception"
ADAPTATION = "adaptation"
FACTIONS: tuple[str, ...] = (ETERNAL, COHESION, DECEPTION, ADAPTATION)
MIRROR: tuple[str, str] = (ETERNAL, COHESION)  # 镜像阵营 (永恒/凝聚): same member pool, enemies

FACTION_ZH: dict[str, str] = {
    ETERNAL: "永恒",
    COHESION: "凝聚",
    DECEPTION: "欺骗",
    ADAPTATION: "适应",
}
FACTION_EN: dict[str, str] = {
    ETERNAL: "Eternal",
    COHESION: "Cohesion",
    DECEPTION: "Deception",
    ADAPTATION: "Adaptation",
}
FACTION_BY_ZH: dict[str, str] = {zh: key for key, zh in FACTION_ZH.items()}


def enemy(faction: str) -> str:
    """The other mirror faction."""
    return COHESION if faction == ETERNAL else ETERNAL


# ── identities (身份) ────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Identity:
    key: str
    zh: str
    clause: str  # the section holding its skill table
    faction: str | None  # the faction it starts in (None: a mirror member, its leader's faction)
    number: int | None = None  # 1–11 for the mirror members (the heading's number)


MEMBER_KEYS: dict[str, str] = {
    "感应者": "sensor",
    "清晰者": "clearsight",
    "思考者": "thinker",
    "耳语者": "whisperer",
    "传递者": "transmitter",
    "预知者": "foreseer",
    "传承者": "inheritor",
    "支援者": "supporter",
    "沉默者": "silencer",
    "同调者": "synchronizer",
    "指引者": "guide",
}
LEADER_KEYS: dict[str, str] = {"永恒者": "eternal_leader", "凝聚者": "cohesion_leader"}
LEADER_OF: dict[str, str] = {ETERNAL: "eternal_leader", COHESION: "cohesion_leader"}
OTHER_KEYS: dict[str, str] = {
    "欺骗者": "deceiver",
    "追随者": "follower",
    "适应者": "adaptor",
    "升华者": "sublimator",
    "凝滞者": "stasis",
    "幻化者": "illusionist",
}
IDENTITY_KEYS: dict[str, str] = {**MEMBER_KEYS, **LEADER_KEYS, **OTHER_KEYS}
IDENTITY_ZH: dict[str, str] = {key: zh for zh, key in IDENTITY_KEYS.items()}

PROMOTED: tuple[str, ...] = ("sublimator", "stasis", "illusionist")  # 升华者、凝滞者、幻化者
LEADERS: tuple[str, ...] = ("eternal_leader", "cohesion_leader")

# add-on identities (附加身份): offices held on top of one's identity
JUDGE = "judge"
ARBITER = "arbiter"
OFFICE_KEYS: dict[str, str] = {"审判者": JUDGE, "仲裁者": ARBITER}

# ── skills (技能名称 cells) ──────────────────────────────────────────────────────────────────────

SKILL_KEYS: dict[str, str] = {
    # 感应者
    "敌意感应": "hostile_sense",
    "危机规避": "crisis_avoid",
    "极限反击": "counterstrike",
    "连锁感应": "chain_sense",
    # 清晰者
    "崩塌狙击": "collapse_snipe",
    "超限锁定": "overlimit_lock",
    # 思考者
    "思维涌动·灵感": "surge_inspire",
    "思维涌动·专注": "surge_focus",
    "脑内强化": "brain_boost",
    # 耳语者
    "精神干扰": "mind_jam",
    "感观封锁": "sense_block",
    "机能破坏": "function_break",
    # 传递者
    "灵魂传递": "soul_relay",
    "灵魂遗示": "soul_testament",
    "灵魂链接": "soul_link",
    # 预知者
    "时间观望": "time_watch",
    "命运洪流": "fate_torrent",
    "时间接触": "time_touch",
    # 传承者
    "轮回重现": "rebirth_echo",
    "英灵召唤": "hero_summon",
    "灵能储备": "psi_reserve",
    "绝境先驱": "last_vanguard",
    "魂灵共振": "soul_resonance",
    # 支援者
    "双重武装": "double_arm",
    "高效蓄能": "quick_recharge",
    # 沉默者
    "沉默封锁": "silence_lock",
    "静寂感知": "quiet_sense",
    "安宁颂歌": "peace_hymn",
    # 同调者
    "同调测试": "attune_test",
    "同步链接": "sync_link",
    # 指引者
    "虚无指引": "void_guide",
    "虚空信标": "void_beacon",
    # 永恒者/凝聚者
    "驱除": "expel",
    "感召": "summon",
    "汇聚": "gather",
    "昭示": "reveal",
    "充能": "charge",
    "遗泽": "legacy",
    # 欺骗者
    "起源": "origin",
    "欺骗": "deceive",
    "欺诈": "fraud",
    "引导": "lure",
    "误导": "mislead",
    "消逝": "fade",
    # 追随者
    "虚妄消散": "dissipate",
    # 适应者
    "灵能溪流": "psi_stream",
    "灵能爆发": "psi_burst",
    # 升华者
    "灵能感应": "psi_sense",
    "灵能护盾": "psi_shield",
    # 凝滞者
    "时间凝滞": "time_stasis",
    "凝滞永续": "stasis_forever",
    # 幻化者
    "局势掌控": "situation",
    "幻化重塑": "reshape",
    "协作调度": "coop_dispatch",
    # 阵营技能
    "集团念力": "telekinesis",
    "聚灵晋升": "ascend",
    "隐匿推流": "hidden_push",
    # 附加身份
    "复仇审判": "revenge_trial",
    "光辉仲裁": "radiant_arbitration",
}
SKILL_ZH: dict[str, str] = {key: zh for zh, key in SKILL_KEYS.items()}

# The procedure's own actions (not skills of any table): a vote in the public trial (附加身份 审判者:
# 「可选择表达“支持”、“反对”、“弃权”三种态度」) and an application for the arbiter's office (仲裁者:
# 「申请仲裁者」).
TRIAL_VOTE = "trial_vote"
ARBITER_APPLY = "arbiter_apply"

__all__ = [
    "ADAPTATION",
    "ARBITER",
    "ARBITER_APPLY",
    "COHESION",
    "DECEPTION",
    "ETERNAL",
    "FACTIONS",
    "FACTION_BY_ZH",
    "FACTION_EN",
    "FACTION_ZH",
    "IDENTITY_KEYS",
    "IDENTITY_ZH",
    "JUDGE",
    "LEADERS",
    "LEADER_KEYS",
    "LEADER_OF",
    "MEMBER_KEYS",
    "MIRROR",
    "OFFICE_KEYS",
    "OTHER_KEYS",
    "PROMOTED",
    "SKILL_KEYS",
    "SKILL_ZH",
    "TRIAL_VOTE",
    "Identity",
    "enemy",
]
