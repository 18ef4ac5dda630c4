"""The ordered tables of [M124] 血染钟楼: the night orders, the setup modifiers and exclusions, the
statuses and marks with their durations, and the win rows — each entry with its clause and phrase.

The night orders are written as the slots the text prints (「疯子自大」, 「小恶魔」), each bound to the
skills it wakes; the quote of each order is the printed list itself (joined with 「，」), so the drift
check sees any reordering, insertion or deletion.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ruleproof.specs.botc_m124.params import PREAMBLE

FLOW = "游戏流程及其他说明"


@dataclass(frozen=True)
class Slot:
    """One printed entry of a night order and the skills it wakes (in the order they act)."""

    printed: str  # 「疯子自大」
    skills: tuple[str, ...]


@dataclass(frozen=True)
class NightPhase:
    key: str  # 早夜 / 午夜 / 深夜 / 子夜 / 凌晨 (or 开局夜晚)
    item: str  # the numbered item of 游戏流程及其他说明 that lists it
    slots: tuple[Slot, ...]
    ending: str  # 「依次行动」 / 「依次发动」: what the printed list is followed by

    @property
    def quote(self) -> str:
        return "，".join(s.printed for s in self.slots) + self.ending


def _slots(*pairs: tuple[str, tuple[str, ...]]) -> tuple[Slot, ...]:
    return tuple(Slot(p, s) for p, s in pairs)


_EARLY = (
    ("炼金术士", ("alchemist.learn",)),
    ("疯子自大", ("lunatic.conceit",)),
    ("水手共饮", ("sailor.drink",)),
    ("提线木偶提线", ("marionette.strings",)),
    ("追忆者？？？", ("amnesiac.unknown",)),
)
_INFO = (
    ("小精灵观察", ("pixie.observe",)),
    ("洗衣妇", ("washerwoman.info",)),
    ("图书管理员", ("librarian.info",)),
    ("调查员", ("investigator.info",)),
    ("厨师", ("chef.info",)),
    ("共情者", ("empath.info",)),
    ("占卜师", ("fortuneteller.info",)),
    ("钟表匠", ("clockmaker.info",)),
)

FIRST_NIGHT = NightPhase(
    "开局夜晚",
    "1",
    _slots(
        *_EARLY,
        ("任务达人接取", ("taskmaster.accept",)),
        ("传教士", ("preacher.preach",)),
        ("噬脑魔寄生", ("lleech.parasite",)),
        ("恶魔宝宝携带", ("lilmonsta.carry",)),
        ("投毒者", ("poisoner.poison",)),
        ("舞蛇人", ("snakecharmer.charm",)),
        ("教父教权", ("godfather.know",)),
        ("律师", ("devilsadvocate.defend",)),
        ("女巫", ("witch.curse",)),
        ("洗脑师", ("cerenovus.brainwash",)),
        ("灵言师", ("mezepheles.word", "mezepheles.control")),
        ("疯子疯魔", ("lunatic.mania",)),
        ("纯血恶魔传播", ("pukka.spread",)),
        *_INFO,
        ("筑梦师", ("dreamer.info",)),
        ("裁缝", ("seamstress.info",)),
        ("贵族", ("noble.info",)),
        ("冒险家", ("adventurer.adventure", "adventurer.return")),
        ("赏金猎人", ("bountyhunter.bounty",)),
        ("侍女服侍", ("chambermaid.serve",)),
        ("数学家统计", ("mathematician.count",)),
    ),
    "依次行动",
)
"""「1进入开局的夜晚阶段，炼金术士，疯子自大，…，数学家统计依次行动。」"""

OTHER_NIGHTS: tuple[NightPhase, ...] = (
    NightPhase(
        "早夜",
        "6",
        _slots(
            *_EARLY,
            ("任务达人接取奖励", ("taskmaster.accept", "taskmaster.reward")),
            ("传教士", ("preacher.preach",)),
            ("噬脑魔寄生", ("lleech.parasite",)),
            ("恶魔宝宝携带", ("lilmonsta.carry",)),
        ),
        "依次发动",
    ),
    NightPhase(
        "午夜",
        "7",
        _slots(
            ("投毒者", ("poisoner.poison",)),
            ("旅店老板", ("innkeeper.treat",)),
            ("赌徒", ("gambler.gamble",)),
            ("舞蛇人", ("snakecharmer.charm",)),
            ("僧侣", ("monk.protect",)),
            ("教父教权", ("godfather.know",)),
            ("律师", ("devilsadvocate.defend",)),
            ("女巫", ("witch.curse",)),
            ("洗脑师", ("cerenovus.brainwash",)),
            ("熬药巫婆", ("pithag.brew",)),
            ("灵言师", ("mezepheles.word", "mezepheles.control")),
            ("疯子疯魔", ("lunatic.mania",)),
            ("驱魔人", ("exorcist.exorcise",)),
        ),
        "依次发动",
    ),
    NightPhase(
        "深夜",
        "8",
        _slots(
            ("小恶魔", ("imp.kill",)),
            ("丧尸撕咬", ("zombuul.bite",)),
            ("纯血恶魔传播", ("pukka.spread",)),
            ("魄", ("po.bloom", "po.choose")),
            ("蚀梦游魂", ("fanggu.kill",)),
            ("腐化邪神杀人", ("nodashii.kill",)),
            ("亡灵法师", ("vigormortis.kill",)),
            ("迷乱漩涡杀人", ("vortox.kill",)),
            ("噬脑魔杀人", ("lleech.kill",)),
            ("恶魔宝宝杀人", ("lilmonsta.kill",)),
        ),
        "依次发动",
    ),
    NightPhase(
        "子夜",
        "9",
        _slots(
            ("刺客", ("assassin.assassinate",)),
            ("教父审判", ("godfather.judge",)),
            ("马戏演员", ("acrobat.circus",)),
            ("理发师交换", ("barber.swap",)),
            ("造谣者泛滥", ("gossip.flood",)),
            ("月之子侵染", ("moonchild.blight",)),
        ),
        "依次发动",
    ),
    NightPhase(
        "凌晨",
        "10",
        _slots(
            *_INFO,
            ("送葬者", ("undertaker.info",)),
            ("筑梦师", ("dreamer.info",)),
            ("花艺师", ("flowergirl.info",)),
            ("公告员", ("towncrier.info",)),
            ("裁缝", ("seamstress.info",)),
            ("贵族", ("noble.info",)),
            ("杂耍者接住", ("juggler.catch",)),
            ("冒险家", ("adventurer.adventure", "adventurer.return")),
            ("赏金猎人", ("bountyhunter.bounty",)),
            ("侍女服侍", ("chambermaid.serve",)),
            ("数学家统计", ("mathematician.count",)),
        ),
        "依次发动",
    ),
)
"""Items 6–10 of 游戏流程及其他说明: the five phases of every later night, each 「关门后N分钟内」."""

UNSLOTTED_CLAUSE = (FLOW, "没有夜间行动顺序的技能，会在满足发动条件时发动")


def other_night_slots() -> tuple[Slot, ...]:
    return tuple(s for phase in OTHER_NIGHTS for s in phase.slots)


def slot_of(order: tuple[Slot, ...], skill: str) -> Slot | None:
    for slot in order:
        if skill in slot.skills:
            return slot
    return None


# ── the day's periods (游戏流程及其他说明 2–5) ──────────────────────────────────────────────────


@dataclass(frozen=True)
class Period:
    key: str
    item: str
    quote: str


DAY_PERIODS: tuple[Period, ...] = (
    Period("拂晓", "2", "夜晚结束后到下一天讨论日开始前为拂晓阶段"),
    Period("白天", "3", "进入第一日讨论日，角色可发动白天技能，进行提名，投票，处决"),
    Period("白天结算", "4", "关门后五分钟内为白天结算，结算处决及后续技能"),
    Period("黄昏", "5", "关门后十分钟内为黄昏阶段"),
)


# ── setup (身份 sections; the preamble's base line-up) ─────────────────────────────────────────


@dataclass(frozen=True)
class Delta:
    """One way a setup modifier changes the counts; ``min_outsiders``: applies only when the Outsider
    count is at least this when the modifier is applied (None: always)."""

    townsfolk: int = 0
    outsiders: int = 0
    minions: int = 0
    demons: int = 0
    min_outsiders: int | None = None


@dataclass(frozen=True)
class Modifier:
    role: str
    deltas: tuple[Delta, ...]  # more than one: the storyteller chooses (教父's 「或」)
    clause: str
    quote: str


OUT_PLUS = Delta(townsfolk=-1, outsiders=1)
OUT_MINUS = Delta(townsfolk=1, outsiders=-1, min_outsiders=1)

MODIFIERS: tuple[Modifier, ...] = (
    Modifier("adventurer", (OUT_PLUS,), "冒险家", "本局游戏外来者+1，村民-1。"),
    Modifier("marionette", (OUT_PLUS,), "提线木偶", "本局游戏外来者+1，村民-1。"),
    Modifier(
        "godfather",
        (OUT_PLUS, OUT_MINUS),
        "教父",
        "本局游戏外来者+1，村民-1或如果本局游戏外来者数量≥1，则本局游戏外来者-1，村民+1。",
    ),
    Modifier("fanggu", (OUT_PLUS,), "蚀梦游魂", "本局游戏外来者+1，村民-1。"),
    Modifier(
        "vigormortis", (OUT_MINUS,), "亡灵法师", "如果本局游戏外来者数量≥1，则本局游戏外来者-1，村民+1。"
    ),
    Modifier("lilmonsta", (Delta(minions=1, demons=-1),), "恶魔宝宝", "本局游戏+1爪牙，-1恶魔"),
)
MODIFIER_BY_ROLE: dict[str, Modifier] = {m.role: m for m in MODIFIERS}

MARIONETTE_FAKE_MODIFIER = (
    "提线木偶",
    "提线木偶选到冒险家也会使得本局游戏外来者+1，村民-1，故而合计外来者+2，村民-2",
)
"""The Marionette's fake Townsfolk brings its own modifier (the note names 冒险家)."""


@dataclass(frozen=True)
class SetupRule:
    key: str
    clause: str
    quote: str
    zh: str
    en: str


SETUP_RULES: tuple[SetupRule, ...] = (
    SetupRule(
        "final",
        FLOW,
        "0游戏一开始，根据各身份技能决定本局最终配置",
        "按技能决定最终配置",
        "modifiers decide the final line-up",
    ),
    SetupRule("base", PREAMBLE, "原始配置为7村民，2外来者，2爪牙，1恶魔", "原始配置", "base line-up"),
    SetupRule(
        "heretic_no_godfather",
        "异端分子",
        "如果场上有异端分子，则不会有教父",
        "有异端分子则无教父",
        "Heretic ⇒ no Godfather",
    ),
    SetupRule(
        "monsta_no_marionette",
        "提线木偶",
        "提线木偶不会出现在恶魔宝宝局中",
        "恶魔宝宝局无提线木偶",
        "Lil' Monsta ⇒ no Marionette",
    ),
    SetupRule(
        "monsta_no_demon",
        "恶魔宝宝",
        "由于恶魔宝宝的局没有恶魔",
        "恶魔宝宝局没有恶魔",
        "Lil' Monsta ⇒ no Demon seat",
    ),
    SetupRule(
        "marionette_adjacent",
        "提线木偶",
        "如果开局时提线木偶在场，则提线木偶一定与恶魔相邻",
        "提线木偶与恶魔相邻",
        "Marionette neighbours the Demon",
    ),
    SetupRule(
        "marionette_fake",
        "提线木偶",
        "提线木偶认为自己是一个不在场的村民x",
        "提线木偶的村民x不在场",
        "Marionette's Townsfolk x is not in play",
    ),
    SetupRule(
        "drunk_fake",
        "酒鬼",
        "酒鬼认为自己是一个不在场的村民",
        "酒鬼的村民不在场",
        "Drunk's Townsfolk is not in play",
    ),
    SetupRule(
        "lunatic_fake", "疯子", "疯子认为自己是一个恶魔", "疯子认为自己是恶魔", "Lunatic thinks it is a Demon"
    ),
    SetupRule(
        "alchemist_minion",
        "炼金术士",
        "获得一个不在场的爪牙所有的技能",
        "炼金术士的爪牙不在场",
        "Alchemist's Minion is not in play",
    ),
    SetupRule(
        "bluffs",
        "恶魔",
        "三个不同的不存在场上的善良身份",
        "恶魔的三个不在场善良身份",
        "Demon bluffs: 3 good roles not in play",
    ),
    SetupRule(
        "monsta_no_bluffs",
        "恶魔宝宝",
        "因此也不会获得三个不在场的身份，但爪牙间互知",
        "恶魔宝宝局无伪装身份",
        "no bluffs in a Lil' Monsta game",
    ),
    SetupRule(
        "bounty_evil", "赏金猎人", "一名村民转变为邪恶阵营。", "一名村民为邪恶", "one Townsfolk is evil"
    ),
    SetupRule(
        "fortune_nemesis",
        "占卜师",
        "使一名善良玩家获得[宿敌]标记。",
        "一名善良玩家为宿敌",
        "a good player is the red herring",
    ),
    SetupRule(
        "puzzle_answer",
        "解谜大师",
        "使一个除解谜大师外的角色获得[谜底]标记",
        "谜底为他人",
        "the puzzle answer is another seat",
    ),
)
SETUP_RULE_BY_KEY: dict[str, SetupRule] = {r.key: r for r in SETUP_RULES}


# ── statuses and marks, and every duration the text gives ───────────────────────────────────


class Anchor(StrEnum):
    DAWN = "拂晓"
    DUSK = "黄昏"


@dataclass(frozen=True)
class Duration:
    """「持续至下一个黄昏」 = (DUSK, 1); 「下下个拂晓」 = (DAWN, 2); 「下二个黄昏」 = (DUSK, 2)."""

    anchor: Anchor
    count: int


DAWN1 = Duration(Anchor.DAWN, 1)
DAWN2 = Duration(Anchor.DAWN, 2)
DUSK1 = Duration(Anchor.DUSK, 1)
DUSK2 = Duration(Anchor.DUSK, 2)


@dataclass(frozen=True)
class Grant:
    """One status or mark a skill gives: to whom, for how long (None: until removed), the phrase."""

    skill: str
    name: str  # 醉酒, 被驱魔…
    mark: bool
    duration: Duration | None
    clause: str
    quote: str
    since: Duration | None = None  # 洗脑: 「从下一个拂晓持续至下下个拂晓」


GRANTS: tuple[Grant, ...] = (
    Grant("mathematician.audit", "错误", True, DAWN1, "数学家", "使该角色获得[错误]标记，持续至下一个拂晓"),
    Grant("chambermaid.accompany", "可行动", True, DAWN1, "侍女", "使其获得[可行动]标记，持续至下一个拂晓"),
    Grant("monk.protect", "庇护", False, DUSK1, "僧侣", "使其获得[庇护]状态，持续至下一个黄昏"),
    Grant("exorcist.exorcise", "被驱魔", True, DAWN2, "驱魔人", "使其获得[被驱魔]标记，持续至下下个拂晓"),
    Grant("exorcist.exorcise", "沉默", False, DAWN1, "驱魔人", "使其获得[沉默]状态，持续至下一个拂晓"),
    Grant("preacher.preach", "超度", False, None, "传教士", "则使其获得[超度]状态"),
    Grant("sailor.sturdy", "不死", False, None, "水手", "使水手获得[不死]状态"),
    Grant("sailor.drink", "醉酒", False, DUSK1, "水手", "获得[醉酒]状态，持续至下一个黄昏"),
    Grant("innkeeper.treat", "醉酒", False, DUSK1, "旅店老板", "获得[醉酒]状态，持续至下一个黄昏"),
    Grant("innkeeper.treat", "不死", False, DAWN1, "旅店老板", "获得[不死]状态，持续至下一个拂晓"),
    Grant("snakecharmer.charm", "中毒", False, None, "舞蛇人", "然后使舞蛇人获得[中毒]状态"),
    Grant("tealady.tea", "不死", False, None, "茶艺师", "则使他们都获得[不死]状态"),
    Grant("minstrel.song", "醉酒", False, DUSK2, "吟游诗人", "获得[醉酒]状态，持续至下二个黄昏"),
    Grant(
        "gossip.rumor", "造谣成功", True, DAWN1, "造谣者", "则使造谣者获得[造谣成功]标记，持续至下一个拂晓"
    ),
    Grant("juggler.throw", "被猜中", True, DAWN1, "杂耍者", "该标记可以叠加，持续至下一个拂晓"),
    Grant("taskmaster.complete", "已完成", True, DAWN1, "任务达人", "该标记可以叠加，持续至下一个拂晓"),
    Grant("drunk.drunk", "醉酒", False, None, "酒鬼", "使酒鬼获得[醉酒]状态"),
    Grant("lunatic.drunk", "醉酒", False, None, "疯子", "使疯子获得[醉酒]状态"),
    Grant("goon.roam", "醉酒", False, DUSK1, "暴徒", "技能的来源获得[醉酒]状态，持续至下一个黄昏"),
    Grant("puzzlemaster.riddle", "谜底", True, None, "解谜大师", "获得[谜底]标记"),
    Grant("puzzlemaster.riddle", "醉酒", False, None, "解谜大师", "并使其获得[醉酒]状态"),
    Grant("sweetheart.love", "醉酒", False, None, "心上人", "则使一名角色获得[醉酒]状态"),
    Grant("moonchild.shine", "被照耀", True, DAWN1, "月之子", "使该角色获得[被照耀]标记，持续至下一个拂晓"),
    Grant("marionette.puppet", "中毒", False, None, "提线木偶", "使提线木偶获得[中毒]状态"),
    Grant("poisoner.poison", "中毒", False, DUSK1, "投毒者", "使其获得[中毒]状态，持续至下一个黄昏"),
    Grant("devilsadvocate.defend", "霸道", False, DUSK1, "律师", "使其获得[霸道]状态，持续至下一个黄昏"),
    Grant("devilsadvocate.defend", "被辩护", True, DAWN2, "律师", "使其获得[被辩护]标记，持续至下下个拂晓"),
    Grant("witch.curse", "诅咒", False, DUSK1, "女巫", "使其获得[诅咒]状态，持续至下一个黄昏"),
    Grant("cerenovus.brainwash", "疯狂", False, DAWN2, "洗脑师", "从下一个拂晓持续至下下个拂晓", since=DAWN1),
    Grant("vigormortis.kill", "亡魂", False, None, "亡灵法师", "则使该爪牙获得[亡魂]状态"),
    Grant("vigormortis.kill", "中毒", False, None, "亡灵法师", "并且使距离该爪牙最近的村民获得[中毒]状态"),
    Grant(
        "nodashii.corrupt",
        "中毒",
        False,
        None,
        "腐化邪神",
        "距离腐化邪神上下分别最近的两名村民获得[中毒]状态",
    ),
    Grant("vortox.confuse", "迷乱", False, None, "迷乱漩涡", "使所有村民获得[迷乱]状态"),
    Grant("lleech.parasite", "中毒", False, None, "噬脑魔", "使其获得[中毒]效果"),
    Grant("lleech.parasite", "被寄生", True, None, "噬脑魔", "并获得[被寄生]标记"),
    Grant("lleech.host", "不死", False, None, "噬脑魔", "则噬脑魔获得[不死]状态"),
    Grant("pukka.spread", "中毒", False, None, "纯血恶魔", "使其获得[中毒]状态"),
    Grant("pukka.spread", "因纯血恶魔中毒", True, None, "纯血恶魔", "使其获得[因纯血恶魔中毒]标记"),
    Grant("lilmonsta.carry", "携带宝宝", True, None, "恶魔宝宝", "使该角色获得[携带宝宝]标记"),
    Grant("bountyhunter.bounty", "悬赏", True, None, "赏金猎人", "并使该角色获得[悬赏]标记"),
    Grant(
        "adventurer.adventure",
        "冒险",
        True,
        None,
        "冒险家",
        "使冒险家获得[村民][外来者][爪牙][恶魔]四个标记中",
    ),
    Grant("mezepheles.spoken", "被言中", True, None, "灵言师", "说出词语x的善良角色会获得[被言中]标记"),
    Grant("cannibal.eat", "醉酒", False, None, "食人族", "食人族获得[醉酒]状态，持续至下一次善良角色被处决"),
)
"""Every status / mark application in the text; ``None`` durations are 「until removed」 (a passive's
status lasts while the passive works)."""

STATUS_NAMES = ("醉酒", "中毒", "迷乱", "不死", "庇护", "沉默", "超度", "霸道", "诅咒", "疯狂", "亡魂")
IMPAIRING = ("醉酒", "中毒")

STATUS_DEFS: tuple[tuple[str, str, str], ...] = (
    ("醉酒", "常见状态特效", "[醉酒]：在该状态下，角色的技能如果是获得信息的技能，则可能获得错误的信息"),
    ("中毒", "常见状态特效", "[中毒]：在该状态下，角色的技能如果是获得信息的技能，则可能获得错误的信息"),
    ("不死", "常见状态特效", "[不死]：在该状态下，受到死亡判定时不会死亡。"),
    ("庇护", "僧侣", "[庇护]：在该状态下，角色不受到恶魔能力的负面影响，标记效果除外。"),
    ("沉默", "驱魔人", "[沉默]：在该状态下，角色会得知，无法发动非<被动>技能。"),
    ("超度", "传教士", "[超度]：在该状态下，角色会得知，失去所有技能。"),
    ("霸道", "律师", "[霸道]：在该状态下，角色不会因处决造成的死亡判定而死亡。"),
    ("诅咒", "女巫", "[诅咒]：在该状态下，一旦角色发起提名，其会受到一次死亡判定。"),
    ("疯狂", "洗脑师", "[对身份y疯狂]：在此状态下，角色会得知，如果不对该身份疯狂，其可能会被处决。"),
    ("亡魂", "亡灵法师", "[亡魂]：在该状态下，角色会得知，不会因为死亡而失去技能。"),
    (
        "迷乱",
        "迷乱漩涡",
        "[迷乱]：在该状态下，角色的技能如果是获得信息的技能，则一定获得错误的信息，该状态的效果优先于其他状态。",
    ),
)
"""Where each status is defined (its effect), quoted."""


# ── what some skills' answers and choices may be ────────────────────────────────────────────


@dataclass(frozen=True)
class AnswerSet:
    """The answers a skill's information is printed with (「（真/假/不确定）」)."""

    skill: str
    answers: tuple[str, ...]
    clause: str
    quote: str


ANSWER_SETS: tuple[AnswerSet, ...] = (
    AnswerSet("artist.info", ("真", "假", "不确定"), "艺术家", "该命题是否为真。（真/假/不确定）"),
    AnswerSet(
        "amnesiac.guess", ("无关", "有关", "接近", "完美"), "追忆者", "相似度。（无关/有关/接近/完美）"
    ),
)
ANSWERS: dict[str, tuple[str, ...]] = {a.skill: a.answers for a in ANSWER_SETS}


@dataclass(frozen=True)
class BrewLimit:
    """A choice the 熬药巫婆's note makes invalid: brewing one of ``roles`` (or, ``demon``: any Demon) on a
    target that is ``any`` seat, an ``evil`` one, or the ``babysitter`` (the [携带宝宝] holder)."""

    key: str
    roles: tuple[str, ...]
    demon: bool
    target: str
    quote: str
    clause: str = "熬药巫婆"


BREW_LIMITS: tuple[BrewLimit, ...] = (
    BrewLimit("no_lilmonsta", ("lilmonsta",), False, "any", "熬药巫婆不能熬制恶魔宝宝"),
    BrewLimit("no_babysitter_demon", (), True, "babysitter", "也不能将携带恶魔宝宝的爪牙熬制成一个恶魔"),
    BrewLimit(
        "no_evil_goon_politician",
        ("goon", "politician"),
        False,
        "evil",
        "熬药巫婆不能将邪恶角色熬制成暴徒、政客",
    ),
    BrewLimit("no_heretic", ("heretic",), False, "any", "熬药巫婆不能将角色熬制成异端分子"),
)


# ── winning (胜负判定) ──────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class WinRule:
    key: str
    winner: str  # good / evil / team of the seat / inverted
    clause: str
    quote: str


WIN_RULES: tuple[WinRule, ...] = (
    WinRule("good", "good", "善良阵营", "场上不存在存活的恶魔。"),
    WinRule("evil", "evil", "邪恶阵营", "场上仅剩两名存活角色，且场上存在存活的恶魔。"),
    WinRule(
        "exclusive", "-", "邪恶阵营", "双方阵营胜利条件相互排斥，有些技能会改变胜利条件，以角色技能优先。"
    ),
    WinRule("scarletwoman", "-", "猩红女士", "游戏不会因该恶魔死亡而结束"),
    WinRule("imp", "-", "小恶魔", "游戏不会因此结束，一名爪牙的身份转变为小恶魔"),
    WinRule("mastermind", "-", "主谋", "如果因恶魔被处决而死亡而导致游戏结束，游戏并不结束"),
    WinRule("mastermind_evil", "evil", "主谋", "下一个白天，如果一个善良角色被处决，则邪恶阵营获胜"),
    WinRule("mastermind_good", "good", "主谋", "如果一个邪恶角色被处决或没有角色被处决，则善良阵营获胜"),
    WinRule("vortox", "evil", "迷乱漩涡", "每个白天，如果没有玩家被处决，邪恶阵营获胜。"),
    WinRule("goblin", "team", "哥布林", "如果当天哥布林被处决，则哥布林所在的阵营获胜"),
    WinRule("zombuul", "-", "丧尸", "在丧尸死亡时，不死亡，但被视为死亡"),
    WinRule("lilmonsta", "-", "恶魔宝宝", "拥有[携带宝宝]标记的角色被视为恶魔"),
    WinRule("politician", "team", "政客", "则政客转变阵营并胜利"),
    WinRule("heretic", "inverted", "异端分子", "游戏结束时，胜利的角色落败，失败的角色胜利"),
    WinRule("red_cards", "loss", "红牌", "同一阵营的角色累计获得两张或以上红牌时，阵营判负"),
    WinRule("red_card_forfeit", "loss", "红牌", "判罚红牌时，导演视情况决定是否判负该玩家所在阵营"),
)
WIN_BY_KEY: dict[str, WinRule] = {w.key: w for w in WIN_RULES}

__all__ = [
    "ANSWERS",
    "ANSWER_SETS",
    "BREW_LIMITS",
    "DAY_PERIODS",
    "FIRST_NIGHT",
    "FLOW",
    "GRANTS",
    "MARIONETTE_FAKE_MODIFIER",
    "MODIFIERS",
    "MODIFIER_BY_ROLE",
    "OTHER_NIGHTS",
    "SETUP_RULES",
    "SETUP_RULE_BY_KEY",
    "STATUS_DEFS",
    "WIN_BY_KEY",
    "WIN_RULES",
    "Anchor",
    "AnswerSet",
    "BrewLimit",
    "Delta",
    "Duration",
    "Grant",
    "Modifier",
    "NightPhase",
    "Period",
    "SetupRule",
    "Slot",
    "WinRule",
    "other_night_slots",
    "slot_of",
]
