"""[M124] 血染钟楼's 73 roles and their 102 skills, as the text prints them.

Each role cites its own section (the section id is the role's name, 「小恶魔」); each skill quotes its
heading as printed — its name and labels in order (「薪火[夜晚*]<强制><指定>」) — so the drift check
notices a relabelled or renamed skill.  ``effects`` classify what a skill does, for the drunk / poisoned
matrix of 常见状态特效 (lines 51–53):

* ``info``   — 获得信息: may be false while drunk or poisoned, always false under [迷乱];
* ``learn``  — 获知: never affected;
* ``mark``   — makes or removes a mark: a skill that *only* does this is never affected;
* ``effect`` — anything else (statuses, deaths, role or alignment changes): fails while drunk/poisoned.

Role keys are the official script ids where the role is an official one (``imp``, ``fanggu``); the two
roles of the director's own (冒险家, 任务达人) are ``adventurer`` and ``taskmaster``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """身份的种类 — the four sections the roles stand under."""

    TOWNSFOLK = "村民"
    OUTSIDER = "外来者"
    MINION = "爪牙"
    DEMON = "恶魔"


GOOD_KINDS = frozenset({Kind.TOWNSFOLK, Kind.OUTSIDER})
"""「起始身份为村民和外来者的角色起始属于善良阵营，起始身份为爪牙和恶魔的起始属于邪恶阵营」 (身份和阵营)."""

TIME_LABELS = ("[白天]", "[夜晚]", "[首夜]", "[夜晚*]")
FLAG_LABELS = ("<限定>", "<指定>", "<强制>", "<宣言>", "<被动>", "<无视死亡>", "<团队>")


@dataclass(frozen=True)
class Skill:
    key: str  # "imp.kill"
    zh: str  # 薪火
    role: str  # the role key holding it
    labels: tuple[str, ...]  # as printed, in order: ("[夜晚*]", "<强制>", "<指定>")
    effects: frozenset[str]  # info / learn / mark / effect

    @property
    def quote(self) -> str:
        """The skill's heading as the text prints it (spaces between labels are not significant)."""
        return self.zh + "".join(self.labels)

    @property
    def time(self) -> str | None:
        """白天 / 夜晚 / 首夜 / 夜晚* — or None for a skill with no time label."""
        for label in self.labels:
            if label in TIME_LABELS:
                return label[1:-1]
        return None

    def has(self, flag: str) -> bool:
        """Whether the skill carries the label ``<flag>`` (限定, 指定, 强制, 宣言, 被动, 无视死亡, 团队)."""
        return f"<{flag}>" in self.labels

    @property
    def passive(self) -> bool:
        return self.has("被动")

    @property
    def limited(self) -> bool:
        return self.has("限定")

    @property
    def forced(self) -> bool:
        return self.has("强制")

    @property
    def targeted(self) -> bool:
        """<指定> — and <强制>, 「是<指定>技能的一种」 (技能, line 33)."""
        return self.has("指定") or self.has("强制")

    @property
    def survives_death(self) -> bool:
        return self.has("无视死亡")

    @property
    def night(self) -> bool:
        return self.time in ("夜晚", "首夜", "夜晚*")

    @property
    def unaffected_by_impairment(self) -> bool:
        """Skills that only make or remove marks, or only 获知, are not affected by 醉酒 / 中毒 (line 51)."""
        return self.effects <= {"mark", "learn"}


@dataclass(frozen=True)
class Role:
    key: str
    zh: str  # the section id
    kind: Kind
    skills: tuple[str, ...]  # skill keys in printed order

    @property
    def clause(self) -> str:
        return self.zh

    @property
    def good(self) -> bool:
        return self.kind in GOOD_KINDS


INF, L, M, E = "info", "learn", "mark", "effect"

# (role key, 中文, kind, ((skill key suffix, 中文, labels, effects), …)) in the text's order
_ROLES: tuple[tuple[str, str, Kind, tuple[tuple[str, str, str, tuple[str, ...]], ...]], ...] = (
    ("washerwoman", "洗衣妇", Kind.TOWNSFOLK, (("info", "纯良", "[首夜]", (INF,)),)),
    ("librarian", "图书管理员", Kind.TOWNSFOLK, (("info", "见识", "[首夜]", (INF,)),)),
    ("investigator", "调查员", Kind.TOWNSFOLK, (("info", "调查", "[首夜]", (INF,)),)),
    ("chef", "厨师", Kind.TOWNSFOLK, (("info", "款待", "[首夜]", (INF,)),)),
    ("clockmaker", "钟表匠", Kind.TOWNSFOLK, (("info", "调节", "[首夜]", (INF,)),)),
    ("noble", "贵族", Kind.TOWNSFOLK, (("info", "高贵", "[首夜]", (INF,)),)),
    (
        "pixie",
        "小精灵",
        Kind.TOWNSFOLK,
        (("observe", "观察", "[首夜]", (INF,)), ("disguise", "伪装", "", (E,))),
    ),
    ("bountyhunter", "赏金猎人", Kind.TOWNSFOLK, (("bounty", "悬赏", "[夜晚]", (INF, M)),)),
    ("empath", "共情者", Kind.TOWNSFOLK, (("info", "共情", "[夜晚]", (INF,)),)),
    (
        "mathematician",
        "数学家",
        Kind.TOWNSFOLK,
        (("audit", "验算", "<被动>", (M,)), ("count", "统计", "[夜晚]", (INF,))),
    ),
    (
        "adventurer",
        "冒险家",
        Kind.TOWNSFOLK,
        (("adventure", "冒险", "[夜晚]<被动>", (M,)), ("return", "回归", "[夜晚]", (INF,))),
    ),
    ("undertaker", "送葬者", Kind.TOWNSFOLK, (("info", "送葬", "[夜晚*]", (INF,)),)),
    ("flowergirl", "花艺师", Kind.TOWNSFOLK, (("info", "花艺", "[夜晚*]", (INF,)),)),
    ("towncrier", "公告员", Kind.TOWNSFOLK, (("info", "公告", "[夜晚*]", (INF,)),)),
    ("savant", "博学者", Kind.TOWNSFOLK, (("info", "博学", "[白天]", (INF,)),)),
    ("fortuneteller", "占卜师", Kind.TOWNSFOLK, (("info", "占卜", "[夜晚]<指定>", (INF,)),)),
    (
        "chambermaid",
        "侍女",
        Kind.TOWNSFOLK,
        (("accompany", "陪伴", "[夜晚]<被动>", (M,)), ("serve", "服侍", "[夜晚]<指定>", (INF,))),
    ),
    ("dreamer", "筑梦师", Kind.TOWNSFOLK, (("info", "筑梦", "[夜晚]<指定>", (INF,)),)),
    ("monk", "僧侣", Kind.TOWNSFOLK, (("protect", "保护", "[夜晚*]<强制><指定>", (E,)),)),
    ("exorcist", "驱魔人", Kind.TOWNSFOLK, (("exorcise", "驱魔", "[夜晚*]<强制><指定>", (M, E, L)),)),
    ("preacher", "传教士", Kind.TOWNSFOLK, (("preach", "传教", "[夜晚]<强制><指定>", (E, L)),)),
    (
        "sailor",
        "水手",
        Kind.TOWNSFOLK,
        (("sturdy", "强健", "<被动>", (E,)), ("drink", "共饮", "[夜晚]<强制><指定>", (E,))),
    ),
    ("innkeeper", "旅店老板", Kind.TOWNSFOLK, (("treat", "请客", "[夜晚*]<强制><指定>", (E,)),)),
    ("gambler", "赌徒", Kind.TOWNSFOLK, (("gamble", "赌博", "[夜晚*]<强制><指定>", (E,)),)),
    ("snakecharmer", "舞蛇人", Kind.TOWNSFOLK, (("charm", "舞动", "[夜晚]<强制><指定>", (E,)),)),
    ("seamstress", "裁缝", Kind.TOWNSFOLK, (("info", "裁衣", "[夜晚]<指定><限定>", (INF,)),)),
    ("artist", "艺术家", Kind.TOWNSFOLK, (("info", "作画", "[白天]<限定>", (INF,)),)),
    ("virgin", "贞洁者", Kind.TOWNSFOLK, (("purity", "贞洁", "<被动><限定>", (E,)),)),
    ("tealady", "茶艺师", Kind.TOWNSFOLK, (("tea", "茶艺", "<被动>", (E,)),)),
    ("minstrel", "吟游诗人", Kind.TOWNSFOLK, (("song", "吟诗", "<被动>", (E,)),)),
    ("sage", "贤者", Kind.TOWNSFOLK, (("info", "贤能", "", (INF,)),)),
    ("ravenkeeper", "守鸦人", Kind.TOWNSFOLK, (("info", "豢养", "[夜晚]<指定>", (INF,)),)),
    ("slayer", "猎手", Kind.TOWNSFOLK, (("slay", "猎杀", "[白天]<指定><宣言><限定>", (E,)),)),
    (
        "gossip",
        "造谣者",
        Kind.TOWNSFOLK,
        (("rumor", "造谣", "[白天]<宣言>", (M,)), ("flood", "泛滥", "[夜晚*]<被动>", (E,))),
    ),
    (
        "juggler",
        "杂耍者",
        Kind.TOWNSFOLK,
        (("throw", "抛出", "[白天]<指定><宣言>", (M,)), ("catch", "接住", "[夜晚*]<强制><限定>", (INF,))),
    ),
    ("alchemist", "炼金术士", Kind.TOWNSFOLK, (("learn", "炼金", "[首夜]", (L,)),)),
    (
        "amnesiac",
        "追忆者",
        Kind.TOWNSFOLK,
        (("guess", "追忆", "[白天]", (INF,)), ("unknown", "？？？", "", (INF,))),
    ),
    ("cannibal", "食人族", Kind.TOWNSFOLK, (("eat", "食人", "<被动>", (E,)),)),
    (
        "taskmaster",
        "任务达人",
        Kind.TOWNSFOLK,
        (
            ("accept", "接取", "[夜晚]", (L,)),
            ("complete", "完成", "[白天]<被动>", (M,)),
            ("reward", "奖励", "[夜晚*]", (INF,)),
        ),
    ),
    ("drunk", "酒鬼", Kind.OUTSIDER, (("drunk", "醉意", "<被动>", (E,)),)),
    (
        "lunatic",
        "疯子",
        Kind.OUTSIDER,
        (
            ("drunk", "醉意", "<被动>", (E,)),
            ("conceit", "自大", "[首夜]<被动>", (L,)),
            ("mania", "疯魔", "[夜晚]<被动>", (L,)),
        ),
    ),
    ("mutant", "畸形秀演员", Kind.OUTSIDER, (("mutate", "畸形", "<被动>", (E,)),)),
    ("acrobat", "马戏演员", Kind.OUTSIDER, (("circus", "马戏", "[夜晚*]<被动>", (E,)),)),
    ("goon", "暴徒", Kind.OUTSIDER, (("roam", "游荡", "[夜晚]<被动>", (E,)), ("hire", "雇佣", "", (E,)))),
    (
        "puzzlemaster",
        "解谜大师",
        Kind.OUTSIDER,
        (("riddle", "谜语", "<被动>", (M, E)), ("guess", "猜谜", "<指定><限定>", (INF,))),
    ),
    ("recluse", "隐士", Kind.OUTSIDER, (("hermit", "隐居", "<被动><无视死亡>", (E,)),)),
    ("politician", "政客", Kind.OUTSIDER, (("sway", "操弄", "<被动><无视死亡>", (E,)),)),
    ("heretic", "异端分子", Kind.OUTSIDER, (("heresy", "异端", "<被动><无视死亡>", (E,)),)),
    ("sweetheart", "心上人", Kind.OUTSIDER, (("love", "倾心", "<被动><无视死亡>", (E,)),)),
    (
        "barber",
        "理发师",
        Kind.OUTSIDER,
        (("haircut", "理发", "<被动><无视死亡>", (E,)), ("swap", "交换", "[夜晚]<指定>", (E,))),
    ),
    (
        "moonchild",
        "月之子",
        Kind.OUTSIDER,
        (
            ("shine", "照耀", "<强制><指定><宣言><无视死亡>", (M,)),
            ("blight", "侵染", "[夜晚]<被动><无视死亡>", (E,)),
        ),
    ),
    ("scarletwoman", "猩红女士", Kind.MINION, (("convert", "转化", "", (E,)),)),
    ("mastermind", "主谋", Kind.MINION, (("scheme", "谋划", "<被动>", (E,)),)),
    (
        "marionette",
        "提线木偶",
        Kind.MINION,
        (("puppet", "木偶", "<被动>", (E,)), ("strings", "提线", "[首夜]<被动>", (L,))),
    ),
    (
        "godfather",
        "教父",
        Kind.MINION,
        (("know", "教权", "[首夜]", (L,)), ("judge", "审判", "[夜晚*]<强制><指定>", (E,))),
    ),
    ("poisoner", "投毒者", Kind.MINION, (("poison", "投毒", "[夜晚]<强制><指定>", (E,)),)),
    ("devilsadvocate", "律师", Kind.MINION, (("defend", "辩护", "[夜晚]<强制><指定>", (E, M)),)),
    ("assassin", "刺客", Kind.MINION, (("assassinate", "刺杀", "[夜晚*]<指定><限定>", (E,)),)),
    ("witch", "女巫", Kind.MINION, (("curse", "诅咒", "[夜晚]<强制><指定>", (E,)),)),
    ("cerenovus", "洗脑师", Kind.MINION, (("brainwash", "洗脑", "[夜晚]<强制><指定>", (E,)),)),
    ("pithag", "熬药巫婆", Kind.MINION, (("brew", "熬制", "[夜晚*]<强制><指定>", (E,)),)),
    (
        "mezepheles",
        "灵言师",
        Kind.MINION,
        (
            ("word", "言灵", "[首夜]", (INF,)),
            ("spoken", "言中", "[白天]<被动><限定>", (M,)),
            ("control", "控制", "[夜晚*]<被动><限定>", (E,)),
        ),
    ),
    ("goblin", "哥布林", Kind.MINION, (("claim", "嚣张", "[白天]<宣言>", (E,)),)),
    (
        "zombuul",
        "丧尸",
        Kind.DEMON,
        (("undead", "尸变", "<被动><限定>", (E,)), ("bite", "撕咬", "[夜晚*]<强制><指定>", (E,))),
    ),
    (
        "pukka",
        "纯血恶魔",
        Kind.DEMON,
        (("burst", "毒发", "[夜晚*]<被动>", (E, M)), ("spread", "传播", "[夜晚]<强制><指定>", (E, M))),
    ),
    ("imp", "小恶魔", Kind.DEMON, (("kill", "薪火", "[夜晚*]<强制><指定>", (E,)),)),
    ("fanggu", "蚀梦游魂", Kind.DEMON, (("kill", "噩梦", "[夜晚*]<强制><指定>", (E,)),)),
    (
        "po",
        "魄",
        Kind.DEMON,
        (("bloom", "盛放", "[夜晚*]<强制><指定>", (E,)), ("choose", "抉择", "[夜晚*]<指定>", (E,))),
    ),
    ("vigormortis", "亡灵法师", Kind.DEMON, (("kill", "招灵", "[夜晚*]<强制><指定>", (E,)),)),
    (
        "nodashii",
        "腐化邪神",
        Kind.DEMON,
        (("corrupt", "腐化", "<被动>", (E,)), ("kill", "杀人", "[夜晚*]<强制><指定>", (E,))),
    ),
    (
        "vortox",
        "迷乱漩涡",
        Kind.DEMON,
        (("confuse", "迷乱", "<被动>", (E,)), ("kill", "杀人", "[夜晚*]<强制><指定>", (E,))),
    ),
    (
        "lleech",
        "噬脑魔",
        Kind.DEMON,
        (
            ("parasite", "寄生", "[首夜]<强制><指定>", (E, M)),
            ("host", "寄宿", "<被动>", (E,)),
            ("kill", "杀人", "[夜晚*]<强制><指定>", (E,)),
        ),
    ),
    (
        "lilmonsta",
        "恶魔宝宝",
        Kind.DEMON,
        (
            ("carry", "携带", "[夜晚]<强制><团队>", (M, L)),
            ("vice", "恶习", "<被动>", (E,)),
            ("kill", "杀人", "[夜晚*]<强制><团队>", (E,)),
        ),
    ),
)


def _split(labels: str) -> tuple[str, ...]:
    out: list[str] = []
    i = 0
    while i < len(labels):
        close = "]" if labels[i] == "[" else ">"
        j = labels.index(close, i)
        out.append(labels[i : j + 1])
        i = j + 1
    return tuple(out)


ROLES: tuple[Role, ...] = tuple(
    Role(key, zh, kind, tuple(f"{key}.{s[0]}" for s in skills)) for key, zh, kind, skills in _ROLES
)
SKILLS: tuple[Skill, ...] = tuple(
    Skill(f"{key}.{suffix}", szh, key, _split(labels), frozenset(effects))
    for key, _zh, _kind, skills in _ROLES
    for suffix, szh, labels, effects in skills
)
ROLE_BY_KEY: dict[str, Role] = {r.key: r for r in ROLES}
ROLE_BY_ZH: dict[str, Role] = {r.zh: r for r in ROLES}
SKILL_BY_KEY: dict[str, Skill] = {s.key: s for s in SKILLS}


def role(key: str) -> Role:
    return ROLE_BY_KEY[key]


def kind_of(key: str) -> Kind:
    return ROLE_BY_KEY[key].kind


def roles_of(kind: Kind) -> tuple[str, ...]:
    return tuple(r.key for r in ROLES if r.kind is kind)


__all__ = [
    "FLAG_LABELS",
    "GOOD_KINDS",
    "ROLES",
    "ROLE_BY_KEY",
    "ROLE_BY_ZH",
    "SKILLS",
    "SKILL_BY_KEY",
    "TIME_LABELS",
    "Kind",
    "Role",
    "Skill",
    "kind_of",
    "role",
    "roles_of",
]
