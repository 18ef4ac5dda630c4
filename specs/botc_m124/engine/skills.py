"""Every skill's legality and effect, the slots' hooks (passive and automatic skills, the storyteller
filling in a <强制> target nobody chose), and the day's nominations and votes.

Legality (:func:`check_common`): the seat holds the skill; its time label allows it now ([白天] in
9:00–20:00 and not after an execution that day; [夜晚*] not on the opening night; [首夜] only on the
holder's first night — per the reading ``first_night.scope``); <被动> skills are never submitted; a used
<限定> skill is gone; [沉默] blocks non-<被动> skills; the dead act only with <无视死亡> (or [亡魂]); the
targets are as the skill says (「两名不同角色」, 「除…外」, 「存活角色」).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ruleproof.runtime import LedgerEntry, ScriptPolicy, SkillImpl
from ruleproof.specs.botc_m124.engine import (
    cards,
    hidden,
    info,
    interference,
    madness,
    pithag,
    propositions,
    words,
)
from ruleproof.specs.botc_m124.engine.game import Game, count_execution, hhmm, vote_counts
from ruleproof.specs.botc_m124.engine.model import EVIL, GOOD, BotcAction, Nomination, Player, St
from ruleproof.specs.botc_m124.engine.registry import (
    DAWN,
    DAY_ACTIONS,
    DAYTIME,
    DUSK,
    NOMINATE,
    OPENING,
    PENALTY,
    RULES,
    SAY,
    SETTLE,
    VOTE,
)
from ruleproof.specs.botc_m124.engine.triggers import change_alignment, change_role
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, ROLES, SKILL_BY_KEY, SKILLS, Kind
from ruleproof.specs.botc_m124.tables import FIRST_NIGHT, OTHER_NIGHTS, Anchor

CLAUSE_DAY = "提名与投票"


@dataclass(frozen=True)
class Targets:
    n: int = 0
    upto: str | None = None  # the parameter bounding a number of targets (抛出: 「一至五名角色」)
    distinct: bool = False
    not_self: bool = False
    alive: bool = False
    role: bool = False  # the action names a role (赌博, 熬制, 洗脑)
    good_role: bool = False
    quote: str = ""


TARGETS: dict[str, Targets] = {
    "fortuneteller.info": Targets(2, distinct=True, quote="两名不同角色"),
    "chambermaid.serve": Targets(
        2, distinct=True, not_self=True, alive=True, quote="除侍女外的两名不同存活角色"
    ),
    "dreamer.info": Targets(1, not_self=True, quote="除筑梦师外的一名角色"),
    "monk.protect": Targets(1, not_self=True, quote="除僧侣外的一名角色"),
    "exorcist.exorcise": Targets(1, quote="一名不拥有[被驱魔]标记的角色"),
    "preacher.preach": Targets(1),
    "sailor.drink": Targets(1, alive=True, quote="一名存活角色"),
    "innkeeper.treat": Targets(2, distinct=True, quote="两名不同角色"),
    "gambler.gamble": Targets(1, role=True),
    "snakecharmer.charm": Targets(1, alive=True),
    "seamstress.info": Targets(2, distinct=True, not_self=True, quote="除裁缝外的两名不同角色"),
    "slayer.slay": Targets(1),
    "juggler.throw": Targets(1, upto="juggler.max"),
    "godfather.judge": Targets(1),
    "poisoner.poison": Targets(1),
    "devilsadvocate.defend": Targets(1, alive=True, quote="一名没有[被辩护]标记的存活角色"),
    "assassin.assassinate": Targets(1),
    "witch.curse": Targets(1),
    "cerenovus.brainwash": Targets(1, role=True, good_role=True),
    "pithag.brew": Targets(1, role=True),
    "zombuul.bite": Targets(1),
    "pukka.spread": Targets(1),
    "imp.kill": Targets(1),
    "fanggu.kill": Targets(1),
    "po.bloom": Targets(3),
    "po.choose": Targets(1),
    "vigormortis.kill": Targets(1),
    "nodashii.kill": Targets(1),
    "vortox.kill": Targets(1),
    "lleech.parasite": Targets(1, alive=True),
    "lleech.kill": Targets(1),
    "lilmonsta.carry": Targets(1, alive=True),
    "lilmonsta.kill": Targets(1),
    "barber.swap": Targets(2, distinct=True),
    "puzzlemaster.guess": Targets(1),
    "moonchild.shine": Targets(1, alive=True),
    "gossip.rumor": Targets(0),
    "artist.info": Targets(0),
    "amnesiac.guess": Targets(0),
    "savant.info": Targets(0),
    "goblin.claim": Targets(0),
}
"""The targets each player-chosen skill takes (from its 「选择目标」)."""


def _illegal(g: Game, clause: str, zh: str, en: str, a: Any) -> Exception:
    return g.illegal(clause, zh, en, a)


def first_night_ok(g: Game, p: Player, key: str) -> bool:
    h = p.held[key]
    if g.spec.reading("first_night.scope") == "game":
        return g.night == 1
    return g.night == h.joined


def check_common(g: Game, p: Player, a: Any) -> None:
    if a.skill in DAY_ACTIONS:
        return check_day(g, p, a)
    sk = SKILL_BY_KEY[a.skill]
    clause = ROLE_BY_KEY[sk.role].clause
    if not g.holds(p, a.skill):
        raise _illegal(
            g, clause, f"{p.n} 号不持有（或已失去）{sk.quote}", f"seat {p.n} does not hold {a.skill}", a
        )
    if sk.passive:
        raise _illegal(
            g, "技能", "<被动>技能无需发动，会自行发动", "a <被动> skill is not used: it fires by itself", a
        )
    if a.skill not in TARGETS and a.skill != "amnesiac.unknown":
        raise _illegal(
            g,
            "技能",
            f"{sk.quote} 没有需要玩家作出的选择，满足条件时自行结算",
            f"{a.skill} takes no choice: it resolves by itself when its condition holds",
            a,
        )
    if sk.limited and p.held[a.skill].used:
        raise _illegal(g, "技能", "<限定>技能只能发动一次", "a <限定> skill is used once", a)
    if g.has(p.n, "沉默"):
        raise _illegal(g, "驱魔人", "[沉默]：无法发动非<被动>技能", "silenced: no non-passive skill", a)
    time = sk.time
    if g.current_phase.kind == "day":
        if time != "白天" and sk.night:
            raise _illegal(g, "技能", f"{sk.quote} 只能在夜晚发动", f"{a.skill} is a night skill", a)
        if g.day_over():
            raise _illegal(
                g, "技能", "当天已有玩家被处决，白天技能均不可发动", "an execution ended the day's skills", a
            )
        if a.at is not None and not (g.spec.p("skill.day_from") <= a.at <= g.spec.p("skill.day_to")):
            raise _illegal(
                g, "技能", "标明[白天]的技能，只能在每天的9:00-20:00发动", "[白天] skills: 9:00–20:00 only", a
            )
    else:
        if time == "白天":
            raise _illegal(g, "技能", f"{sk.quote} 只能在白天发动", f"{a.skill} is a day skill", a)
        if night_step(g, p, a.skill) != g.step:
            raise _illegal(
                g,
                "游戏流程及其他说明",
                f"{sk.quote} 不在「{g.step}」之位行动（其位为「{night_step(g, p, a.skill)}」）",
                f"{a.skill} does not act at {g.step}",
                a,
            )
        if time == "夜晚*" and g.night == 1:
            raise _illegal(
                g,
                "技能",
                "标明[夜晚*]的技能，只能在除了开局夜晚的夜晚发动",
                "[夜晚*]: not on the opening night",
                a,
            )
        if time == "首夜" and not first_night_ok(g, p, a.skill):
            raise _illegal(
                g,
                "技能",
                "标明[首夜]的技能，只能在第一个可以发动技能的夜晚发动",
                "[首夜]: the first night only",
                a,
            )
    cond = CONDITIONS.get(a.skill)
    if cond is not None and not cond(g, p):
        raise _illegal(
            g, clause, f"{sk.quote} 的发动条件不成立", f"the condition of {a.skill} does not hold", a
        )
    check_targets(g, p, a, clause)


def targets_of(g: Game, p: Player, key: str) -> Targets:
    """The targets ``p``'s ``key`` takes — for the 追忆者's ??? those of the skill behind it."""
    if key == "amnesiac.unknown":
        return TARGETS.get(hidden.hidden_skill(g, p), Targets(0))
    return TARGETS.get(key, Targets(0))


def check_targets(g: Game, p: Player, a: Any, clause: str) -> None:
    spec = targets_of(g, p, a.skill)
    n = len(a.targets)
    ok = n == spec.n if spec.upto is None else 1 <= n <= g.spec.p(spec.upto)
    if not ok:
        raise _illegal(
            g, clause, f"须选择 {spec.n} 个目标（{spec.quote or '选择目标'}）", f"needs {spec.n} targets", a
        )
    for t in a.targets:
        if not 1 <= t <= len(g.players):
            raise _illegal(g, "前言", f"没有 {t} 号玩家", f"no seat {t}", a)
    if spec.distinct and len(set(a.targets)) != n:
        raise _illegal(g, clause, f"须为不同角色（{spec.quote}）", "targets must differ", a)
    if spec.not_self and p.n in a.targets:
        raise _illegal(g, clause, f"不能选择自己（{spec.quote}）", "not oneself", a)
    if spec.alive and any(not g.alive_pred(g.players[t - 1]) for t in a.targets):
        raise _illegal(g, clause, f"须选择存活角色（{spec.quote}）", "living targets only", a)
    if spec.role and (a.role not in ROLE_BY_KEY or (spec.good_role and not ROLE_BY_KEY[a.role].good)):
        raise _illegal(g, clause, "须指定一个（善良）身份", "name a (good) role", a)
    if a.skill == "exorcist.exorcise" and a.targets[0] in g.marks("被驱魔"):
        raise _illegal(g, clause, "目标已拥有[被驱魔]标记", "target holds [被驱魔]", a)
    if a.skill == "devilsadvocate.defend" and a.targets[0] in g.marks("被辩护"):
        raise _illegal(g, clause, "目标已拥有[被辩护]标记", "target holds [被辩护]", a)
    if a.skill == "barber.swap" and any(g.is_demon(g.players[t - 1]) and t != p.n for t in a.targets):
        raise _illegal(
            g, "理发师", "场上有多个恶魔时，其他的恶魔为无效目标", "other Demons are invalid targets", a
        )
    if a.skill == "pithag.brew" and a.role in ROLE_BY_KEY:
        why = pithag.refusal(g, g.players[a.targets[0] - 1], a.role)
        if why is not None:
            raise _illegal(g, clause, why, "a role the Pit-Hag may not brew on this seat", a)
    if a.skill in ("artist.info", "amnesiac.guess") and not (a.word or "").strip():
        raise _illegal(g, clause, "须提出一个命题（word）", "the Artist asks a proposition (word)", a)
    if a.skill == "juggler.throw" and len(a.roles) != n:
        raise _illegal(g, clause, "相等数量且对应的数个身份", "one role per target", a)


def capable(g: Game, p: Player, key: str) -> bool:
    if key in DAY_ACTIONS:
        return True
    return g.holds(p, key) and not (g.has(p.n, "沉默") and not SKILL_BY_KEY[key].passive)


# ── conditions (「如果…」 lines above a skill) ─────────────────────────────────────────────────

CONDITIONS: dict[str, Callable[[Game, Player], bool]] = {
    "bountyhunter.bounty": lambda g, p: not any(g.players[h - 1].alive for h in g.marks("悬赏")),
    "undertaker.info": lambda g, p: g.exec_death_today is not None,
    "gossip.flood": lambda g, p: p.n in g.marks("造谣成功"),
    "godfather.judge": lambda g, p: g.outsider_died_today,
    "zombuul.bite": lambda g, p: not g.someone_died_today,
    "po.bloom": lambda g, p: g.po_skipped.get(p.n, False),
    "po.choose": lambda g, p: not g.po_skipped.get(p.n, False),
    "moonchild.blight": lambda g, p: bool(g.marks("被照耀")),
    "moonchild.shine": lambda g, p: not p.alive,
    "mezepheles.control": lambda g, p: bool(g.marks("被言中")),
    "amnesiac.unknown": lambda g, p: amnesiac_timely(g, p),
    "taskmaster.reward": lambda g, p: p.n in g.marks("已完成"),
}


# ── effects ──────────────────────────────────────────────────────────────────────────────────


def use(g: Game, p: Player, key: str) -> bool:
    """Spend a <限定> (even when the skill fails: 「使用[限定]技能仍会消耗限定」); True when it works."""
    h = p.held.get(key)
    if h is not None and SKILL_BY_KEY[key].limited:
        h.used = True
    works = not g.fails(p, key)
    if not works:
        g.log("fizzle", {"seat": p.n, "skill": key, "why": "impaired"})
        if interference.by_other(g, p.n, key):
            interference.thwarted(g, p.n, key, "impaired")
    return works


def kill_skill(g: Game, p: Player, key: str, target: int) -> None:
    """A Demon's 「对其造成一次死亡判定」."""
    if key == "imp.kill" and target == p.n:
        # 「如果该技能的目标和来源都是小恶魔且小恶魔因此死亡，游戏不会因此结束，一名爪牙的身份转变为小恶魔」
        g.starpass = True
        try:
            died = g.judge(target, p, key) and not p.alive
            minions = [q for q in g.players if q.alive and ROLE_BY_KEY[q.role].kind is Kind.MINION]
            sw = next((q for q in minions if q.role == "imp"), None)  # the 猩红女士 went first (its note)
            if died and sw is None and minions:
                pick = int(g.choose("imp.starpass", [q.n for q in minions], clause="小恶魔"))
                change_role(g, g.players[pick - 1], "imp")
        finally:
            g.starpass = False
        g.check_win("death")
        return
    if key == "fanggu.kill":
        t = g.players[target - 1]
        if not g.fanggu_jumped and ROLE_BY_KEY[t.role].kind is Kind.OUTSIDER and t.alive:
            from ruleproof.kernel.algebra import PY
            from ruleproof.specs.botc_m124.kernels import dies_of_judgment

            would = dies_of_judgment(PY, g.has(target, "不死"), g.has(target, "庇护"), True, False, False)
            if would:
                g.fanggu_jumped = True  # 「该效果一局游戏仅可触发一次」
                change_role(g, t, "fanggu")
                change_alignment(g, t, EVIL)
                g._jumping = True  # 猩红女士 does not trigger on a jump (note)
                g.die(p, key, p)
                g._jumping = False
                return
    died = g.judge(target, p, key)
    if key == "vigormortis.kill" and died:
        t = g.players[target - 1]
        if ROLE_BY_KEY[t.role].kind is Kind.MINION:
            g.grant(target, "亡魂", p, key)
            near = g.neighbours(target, lambda q: ROLE_BY_KEY[q.role].kind is Kind.TOWNSFOLK)
            if near:
                pick = (
                    near[0]
                    if len(near) == 1
                    else int(g.choose("vigormortis.poison", near, clause="亡灵法师"))
                )
                g.grant(pick, "中毒", p, key)


def resolve(g: Game, p: Player, a: Any) -> None:
    if g.result is not None:
        return  # the game is over
    key = a.skill
    t = a.targets
    interference.goon_intercept(g, p, key, t)
    works = use(g, p, key)
    g.log("skill", {"seat": p.n, "skill": key, "targets": list(t), "works": works})
    sk = SKILL_BY_KEY[key]
    if key == "amnesiac.unknown":
        return amnesiac_act(g, p, t)
    if "info" in sk.effects:
        return resolve_info(g, p, a)
    if key == "exorcist.exorcise":
        marks_ok = works or g.spec.reading("drunk.mixed_skill") == "marks_survive"
        if marks_ok:
            g.grant(t[0], "被驱魔", p, key)
        target = g.players[t[0] - 1]
        if g.is_demon(target):
            if works:
                g.grant(t[0], "沉默", p, key)
            g.private(t[0], "learn", {"skill": key, "exorcist": p.n})  # 获知: unaffected
        return
    if key == "devilsadvocate.defend":
        if works or g.spec.reading("drunk.mixed_skill") == "marks_survive":
            g.grant(t[0], "被辩护", p, key)
        if works:
            g.grant(t[0], "霸道", p, key)
        return
    if key == "preacher.preach":
        q = g.players[t[0] - 1]
        if ROLE_BY_KEY[q.role].kind is Kind.MINION:
            if works:
                g.grant(t[0], "超度", p, key)
            g.private(t[0], "learn", {"skill": key, "preacher": p.n})
        return
    if not works:
        return
    if key == "monk.protect":
        g.grant(t[0], "庇护", p, key)
    elif key == "sailor.drink":
        pick = int(g.choose("sailor.drunk", [p.n, t[0]], clause="水手"))
        g.grant(pick, "醉酒", p, key)
    elif key == "innkeeper.treat":
        pick = int(g.choose("innkeeper.drunk", list(t), clause="旅店老板"))
        g.grant(pick, "醉酒", p, key)
        for x in t:
            g.grant(x, "不死", p, key)
    elif key == "gambler.gamble":
        if info.registered_role(g, g.players[t[0] - 1], p) != a.role:
            g.judge(p.n, p, key)
    elif key == "snakecharmer.charm":
        q = g.players[t[0] - 1]
        if g.is_demon(q):
            mine, theirs = p.role, q.role
            mf, tf = p.faction, q.faction
            change_role(g, p, theirs)
            change_role(g, q, mine)
            change_alignment(g, p, tf)
            change_alignment(g, q, mf)
            g.grant(q.n, "中毒", q, "snakecharmer.charm")
    elif key == "slayer.slay":
        # 「如果其为恶魔，则对其造成一次死亡判定」; 噬脑魔's note: 「如果猎手的技能对象为拥有[被寄生]标记的角色且正常
        # 发动，拥有[被寄生]标记的角色会受到一次死亡判定」
        if g.is_demon(g.players[t[0] - 1]) or t[0] in g.marks("被寄生"):
            g.judge(t[0], p, key)
    elif key == "godfather.judge" or key in (
        "zombuul.bite",
        "nodashii.kill",
        "vortox.kill",
        "lleech.kill",
        "lilmonsta.kill",
        "imp.kill",
        "fanggu.kill",
        "vigormortis.kill",
    ):
        if key == "godfather.judge":
            g.judge(t[0], p, key)
        else:
            kill_skill(g, p, key, t[0])
    elif key == "po.choose":
        g.po_skipped[p.n] = False
        kill_skill(g, p, key, t[0])
    elif key == "po.bloom":
        g.po_skipped[p.n] = False
        for x in t:
            g.judge(x, p, key)
    elif key == "poisoner.poison":
        g.grant(t[0], "中毒", p, key)
    elif key == "assassin.assassinate":
        g.die(g.players[t[0] - 1], key, p)  # 「其死亡」: no judgment
    elif key == "witch.curse":
        g.grant(t[0], "诅咒", p, key)
    elif key == "cerenovus.brainwash":
        g.grant(t[0], "疯狂", p, key, role=a.role)
        g.private(t[0], "learn", {"skill": key, "role": a.role})
    elif key == "pukka.spread":
        if not (g.has(t[0], "庇护")):
            g.grant(t[0], "中毒", p, key)
            g.grant(t[0], "因纯血恶魔中毒", p, key)
    elif key == "lleech.parasite":
        if not g.has(t[0], "庇护"):
            g.grant(t[0], "中毒", p, key)
        g.grant(t[0], "被寄生", p, key)
    elif key == "barber.swap":
        a1, a2 = (g.players[x - 1] for x in t)
        r1, r2 = a1.role, a2.role
        change_role(g, a1, r2)
        change_role(g, a2, r1)
    elif key == "moonchild.shine":
        if g.players[t[0] - 1].faction == GOOD:
            g.grant(t[0], "被照耀", p, key)
    elif key == "gossip.rumor":
        if g.choose("gossip.true", ["假", "真"], clause="造谣者") == "真":
            g.grant(p.n, "造谣成功", p, key)
    elif key == "goblin.claim":
        nom = next(
            (
                nm
                for nm in g.nominations
                if nm.nominee == p.n and nm.at <= (a.at or 0) <= nm.at + g.spec.p("goblin.window")
            ),
            None,
        )
        if nom is None:
            g.log("goblin_late", {"seat": p.n})
        else:
            nom.claimed = True
        g.announce("declaration", {"seat": p.n, "skill": key})
    elif key == "pithag.brew":
        pithag.brew(g, p, g.players[t[0] - 1], str(a.role))
    elif key == "juggler.throw":
        for x, r in zip(t, a.roles, strict=True):
            if info.registered_role(g, g.players[x - 1], p) == r:
                g.grant(x, "被猜中", p, key)


def resolve_info(g: Game, p: Player, a: Any) -> None:
    key, t = a.skill, a.targets
    if key == "fortuneteller.info":
        info.fortuneteller(g, p, key, t)
    elif key == "chambermaid.serve":
        n = sum(1 for x in t if x in g.marks("可行动"))
        info.give(g, p, key, [str(n)], info.counts(2), payload={"targets": list(t)})
    elif key == "dreamer.info":
        info.dreamer(g, p, key, t[0])
    elif key == "seamstress.info":
        a1, a2 = (g.players[x - 1] for x in t)
        same = {x == y for x in info.evil_views(g, a1) for y in info.evil_views(g, a2)}
        info.give(
            g,
            p,
            key,
            [info.YES if s else info.NO for s in same],
            lambda: [info.YES, info.NO],
            payload={"targets": list(t)},
        )
    elif key == "puzzlemaster.guess":
        demons = [q.n for q in g.players if g.is_demon(q)]
        if t[0] in g.marks("谜底"):
            info.seats_answer(g, p, key, demons)
        else:
            info.seats_answer(g, p, key, [q.n for q in g.players if q.n not in demons])
    elif key == "savant.info":
        propositions.savant(g, p, key)
    elif key == "artist.info":
        propositions.artist(g, p, key, str(a.word))
    elif key == "amnesiac.guess":
        hidden.guess(g, p, key, str(a.word))
    else:
        answer(g, p, key)


# ── automatic and passive night skills, by slot ────────────────────────────────────────────


def timely(g: Game, p: Player, key: str) -> bool:
    """Tonight is a night the skill acts on ([夜晚*], [首夜]) and its 「如果…」 condition holds."""
    sk = SKILL_BY_KEY[key]
    if sk.time == "夜晚*" and g.night == 1:
        return False
    if sk.time == "首夜" and not first_night_ok(g, p, key):
        return False
    cond = CONDITIONS.get(key)
    return cond is None or cond(g, p)


def target_options(g: Game, p: Player, key: str, picked: list[int]) -> list[int]:
    """The seats a skill may still choose (its 「选择目标」 and the marks that exclude a seat)."""
    spec = targets_of(g, p, key)
    return [
        q.n
        for q in g.players
        if not (spec.alive and not g.alive_pred(q))
        and not (spec.not_self and q.n == p.n)
        and not (spec.distinct and q.n in picked)
        and not (key == "exorcist.exorcise" and q.n in g.marks("被驱魔"))
        and not (key == "devilsadvocate.defend" and q.n in g.marks("被辩护"))
        and not (key == "barber.swap" and g.is_demon(q) and q.n != p.n)
    ]


def _pixie(g: Game, p: Player, key: str) -> None:
    seen = {info.registered_role(g, q, p) for q in g.players if q.n != p.n}
    truth = sorted(r for r in seen if r != "pixie" and ROLE_BY_KEY[r].kind is Kind.TOWNSFOLK)
    x = info.give(g, p, key, truth, lambda: [r.key for r in ROLES if r.kind is Kind.TOWNSFOLK])
    if g.answer_as is None:
        g.pixie_x[p.n] = x


def _undertaker(g: Game, p: Player, key: str) -> None:
    q = g.players[(g.exec_death_today or 1) - 1]
    info.role_answer(g, p, key, info.registered_role(g, q, p), {"target": q.n})


def _juggler(g: Game, p: Player, key: str) -> None:
    n = sum(len(v) for (h, name), v in g.force().items() if name == "被猜中")
    info.give(g, p, key, [str(n)], info.counts(g.spec.p("juggler.max")))


ANSWERS: dict[str, Callable[[Game, Player, str], object]] = {
    "washerwoman.info": lambda g, p, k: info.first_night_pair(g, p, k, Kind.TOWNSFOLK),
    "librarian.info": lambda g, p, k: info.first_night_pair(g, p, k, Kind.OUTSIDER),
    "investigator.info": lambda g, p, k: info.first_night_pair(g, p, k, Kind.MINION),
    "chef.info": info.chef,
    "clockmaker.info": info.clockmaker,
    "noble.info": info.noble,
    "empath.info": info.empath,
    "pixie.observe": _pixie,
    "mathematician.count": lambda g, p, k: info.give(
        g, p, k, [str(len(g.marks("错误")))], info.counts(len(g.players))
    ),
    "undertaker.info": _undertaker,
    "flowergirl.info": lambda g, p, k: info.yes_no(g, p, k, g.demon_voted_today),
    "towncrier.info": lambda g, p, k: info.yes_no(g, p, k, g.minion_nominated_today),
    "juggler.catch": _juggler,
}
"""Information skills without targets: the truth from the state, the storyteller's pick among what the
seat's state allows."""


def answer(g: Game, p: Player, key: str) -> None:
    ANSWERS[key](g, p, key)


OTHER_AUTO: dict[str, Callable[[Game, Player, str], None]] = {
    "mezepheles.word": words.learn_word,
    "taskmaster.accept": madness.accept_task,
    "taskmaster.reward": madness.reward,
}
"""Automatic skills of the 灵言师 and the 任务达人 (their modules)."""


def amnesiac_timely(g: Game, p: Player) -> bool:
    """??? acts under the time label and condition of the skill behind it."""
    key = hidden.hidden_skill(g, p)
    sk = SKILL_BY_KEY[key]
    if sk.time == "夜晚*" and g.night == 1:
        return False
    if sk.time == "首夜" and not first_night_ok(g, p, "amnesiac.unknown"):
        return False
    cond = CONDITIONS.get(key)
    return cond is None or cond(g, p)


def amnesiac_act(g: Game, p: Player, targets: tuple[int, ...]) -> None:
    """??? 「技能会正常发动，正常反馈」: the skill behind it, answered as ``amnesiac.unknown``."""
    key = hidden.hidden_skill(g, p)
    g.answer_as = "amnesiac.unknown"
    try:
        if targets:
            resolve_info(g, p, BotcAction(p.n, key, targets))
        else:
            answer(g, p, key)
    finally:
        g.answer_as = None


def auto(g: Game, p: Player, key: str) -> None:
    """A night skill with no choice of the player's: the engine runs it in its slot."""
    if g.result is not None or not timely(g, p, key):
        return
    sk = SKILL_BY_KEY[key]
    if not sk.passive and g.has(p.n, "沉默"):
        return
    if sk.limited and p.held[key].used:
        return
    works = use(g, p, key)
    if key in ANSWERS:
        answer(g, p, key)
    elif key == "bountyhunter.bounty":
        pick = info.seats_answer(
            g, p, key, [q.n for q in g.players if q.faction == EVIL and q.n != p.n], exclude=p.n
        )
        g.grant(int(pick), "悬赏", p, key)
    elif key == "adventurer.adventure":
        kinds = [k.value for k in Kind]
        mine = {name for (h, name) in g.force() if h == p.n}
        missing = [k for k in kinds if k not in mine]
        if g.spec.reading("adventurer.condition") == "none_present" and len(missing) < len(kinds):
            return
        if missing:
            pick = str(g.choose("adventurer.mark", missing, clause="冒险家"))
            g.seq += 1
            g.entries.append(St(pick, True, p.n, key, g.seq, holder=p.n))
            g.adventurer_mark[p.n] = pick
            g.touch()
    elif key == "adventurer.return":
        mark = g.adventurer_mark.pop(p.n, None)
        if mark is not None:
            seats_of_kind = [q.n for q in g.players if ROLE_BY_KEY[q.role].kind.value == mark]
            info.seats_answer(g, p, key, seats_of_kind)
    elif key == "chambermaid.accompany":
        for q in g.players:
            if q.alive and any(can_act_tonight(g, q, k) for k in q.held):
                g.grant(q.n, "可行动", p, key)
    elif key in (
        "alchemist.learn",
        "godfather.know",
        "lunatic.conceit",
        "marionette.strings",
        "lunatic.mania",
    ):
        learn(g, p, key)
    elif key in OTHER_AUTO:
        OTHER_AUTO[key](g, p, key)
    elif key == "mezepheles.control":
        words.control(g, p, key, works)
    elif key == "gossip.flood" and works:
        g.judge(int(g.choose("gossip.victim", [q.n for q in g.living()], clause="造谣者")), p, key)
    elif key == "acrobat.circus" and works:
        near = g.neighbours(p.n, lambda q: g.alive_pred(q) and q.faction == GOOD)
        if any(g.impaired(x) for x in near):
            g.judge(p.n, p, key)
    elif key == "moonchild.blight" and works:
        for x in g.marks("被照耀"):
            g.judge(x, p, key)


def learn(g: Game, p: Player, key: str) -> None:
    """获知 — always true (「“获知”效果也不受影响」)."""
    demons = [q.n for q in g.players if g.is_demon(q)]
    if key == "alchemist.learn":
        g.private(p.n, "learn", {"skill": key, "role": g.setup.alchemist_minion})
    elif key == "godfather.know":
        g.private(
            p.n,
            "learn",
            {
                "skill": key,
                "roles": sorted(q.role for q in g.players if ROLE_BY_KEY[q.role].kind is Kind.OUTSIDER),
            },
        )
    elif key == "lunatic.conceit":
        for d in demons:
            g.private(d, "learn", {"skill": key, "lunatic": p.n})
    elif key == "marionette.strings":
        for d in demons:
            g.private(d, "learn", {"skill": key, "marionette": p.n})
    elif key == "lunatic.mania":
        chosen = [
            e.targets
            for e in g.ledger
            if e.initiator == p.n
            and e.night == g.night
            and SKILL_BY_KEY.get(e.skill) is not None
            and ROLE_BY_KEY[SKILL_BY_KEY[e.skill].role].kind is Kind.DEMON
        ]
        if chosen:
            for d in demons:
                g.private(d, "learn", {"skill": key, "lunatic": p.n, "targets": list(chosen[-1])})


def can_act_tonight(g: Game, q: Player, key: str) -> bool:
    """侍女 陪伴: 「如果一名角色可以发动非<被动>技能」 tonight (the 理发师's temporary skill excluded)."""
    if key not in SKILL_BY_KEY or not g.holds(q, key):
        return False
    sk = SKILL_BY_KEY[key]
    if sk.passive or not sk.night or q.held[key].until_dawn is not None:
        return False
    if sk.time == "夜晚*" and g.night == 1:
        return False
    if sk.time == "首夜" and not first_night_ok(g, q, key):
        return False
    cond = CONDITIONS.get(key)
    return cond is None or cond(g, q)


AUTO_SKILLS = frozenset(
    s.key for s in SKILLS if s.night and s.key not in TARGETS and s.key != "ravenkeeper.info"
)


OTHER_SLOTS = tuple(slot for ph in OTHER_NIGHTS for slot in ph.slots)
SLOT_SKILLS: dict[str, tuple[str, ...]] = {
    slot.printed: slot.skills for ph in (FIRST_NIGHT, *OTHER_NIGHTS) for slot in ph.slots
}
"""Printed slot → the skills it wakes (a slot printed in both orders wakes the same skills in both)."""


def slot_skills(step: str) -> tuple[str, ...]:
    return SLOT_SKILLS.get(step, ())


def _holders(g: Game, key: str) -> list[Player]:
    """Seats holding ``key``: the original role's first, then those who gained it (「行动顺序在原角色之后」)."""
    return [p for p in g.holders_index().get(key, ()) if g.holds(p, key)]


MANIA_SLOT = next(s.printed for s in FIRST_NIGHT.slots if "lunatic.mania" in s.skills)
"""「疯子疯魔」: where the Lunatic's Demon skill acts under ``lunatic.demon_skill_slot=mania_slot``."""
POST_PASSIVES = frozenset({"lunatic.mania"})
"""Passives of a slot that report what the slot's actions did, so they fire after them (疯魔: 「使恶魔获知疯子
技能的选择目标」)."""


def lunatic_held(p: Player, key: str) -> bool:
    """A Demon skill the 疯子 holds from its believed Demon (「并拥有该恶魔的所有能力」)."""
    h = p.held.get(key)
    return h is not None and h.source == "lunatic"


def night_step(g: Game, p: Player, key: str) -> str | None:
    """The step of tonight's order at which ``p``'s ``key`` wakes (None: no slot tonight): its printed slot,
    except a Demon skill the 疯子 holds under ``lunatic.demon_skill_slot=mania_slot`` — then 「疯子疯魔」."""
    if lunatic_held(p, key) and g.spec.reading("lunatic.demon_skill_slot") == "mania_slot":
        return MANIA_SLOT
    order = FIRST_NIGHT.slots if g.current_phase is OPENING else OTHER_SLOTS
    for slot in order:
        if key in slot.skills:
            return slot.printed
    return None


def wakers(g: Game, step: str) -> list[tuple[Player, str]]:
    """Who wakes at ``step`` with which skill, in the order they act: each printed skill's holders (the
    original role first), and at 「疯子疯魔」 the 疯子's Demon skills when they act there (cached on the
    state's version)."""
    seen = (step, g.version, g.night)
    if g.wakers_cache[0] == seen:
        return g.wakers_cache[1]
    idx = g.holders_index()
    out: list[tuple[Player, str]] = []
    g.wakers_cache = (seen, out)
    for key in slot_skills(step):
        for p in idx.get(key, ()):
            if g.holds(p, key) and night_step(g, p, key) == step:
                out.append((p, key))
    if step == MANIA_SLOT:
        for p in idx.get("lunatic.mania", ()):
            for key in p.held:
                if lunatic_held(p, key) and g.holds(p, key) and night_step(g, p, key) == step:
                    out.append((p, key))
    return out


def slot_pre(g: Game) -> None:
    step = g.step
    if step == g.current_phase.steps[0]:
        night_start(g)
    woken = wakers(g, step)
    if not woken:
        return  # nobody wakes at this slot
    order: list[int] = []
    for p, _key in woken:
        if p.n not in order:
            order.append(p.n)
    g.pos = {n: i for i, n in enumerate(order)}
    for p, key in woken:
        sk = SKILL_BY_KEY[key]
        if key in AUTO_SKILLS and (sk.passive or key == "adventurer.adventure") and key not in POST_PASSIVES:
            auto(g, p, key)


def script_step(g: Game, a: Any) -> str | None:
    """Where a scripted night action without a ``step`` is collected: the slot its actor's skill wakes at
    tonight (:func:`night_step`); None when that is not known (a day, a seat or skill that does not exist)."""
    if g.current_phase.kind == "day" or not 1 <= a.actor <= len(g.players) or a.skill not in SKILL_BY_KEY:
        return None
    return night_step(g, g.players[a.actor - 1], a.skill)


class BotcScriptPolicy(ScriptPolicy):
    """A vector's script, each night action collected at the slot its actor's skill wakes at tonight."""

    def step_for(self, g: Any, a: Any) -> str:
        return a.step or script_step(g, a) or self.step_of.get(a.skill, "?")


def leftovers(g: Game) -> None:
    """A scripted night action whose skill has no slot in tonight's order was never asked for: it is
    illegal, never silently dropped ([夜晚*] on the opening night, a <被动> skill, an unslotted skill)."""
    policy = g.policy
    if not isinstance(policy, ScriptPolicy) or not policy._scripted(g.night):
        return
    steps = set(g.current_phase.steps)
    for a in policy.nights.get(g.night, ()):
        step = policy.step_for(g, a)
        if step in steps:
            continue
        sk = SKILL_BY_KEY.get(a.skill)
        if sk is not None and sk.passive:
            raise g.illegal(
                "技能", "<被动>技能无需发动，会自行发动", "a <被动> skill is not used: it fires by itself", a
            )
        if sk is not None and sk.time == "夜晚*" and g.night == 1:
            raise g.illegal(
                "技能",
                "标明[夜晚*]的技能，只能在除了开局夜晚的夜晚发动",
                "[夜晚*]: not on the opening night",
                a,
            )
        raise g.illegal(
            "游戏流程及其他说明", f"{a.skill} 在今夜的行动顺序中没有位置", f"{a.skill} has no slot tonight", a
        )


def slot_post(g: Game) -> None:
    if g.step == g.current_phase.steps[-1]:
        leftovers(g)
    submitted = {(a.actor, a.skill) for a in g.submitted} if g.submitted else set()
    g.submitted = ()
    woken = wakers(g, g.step)
    for key in dict.fromkeys(k for _p, k in woken if k in TEAM):
        team_settle(g, key, [p for p, k in woken if k == key])
    for p, key in woken:
        sk = SKILL_BY_KEY[key]
        if key in POST_PASSIVES or key in TEAM:
            continue
        if key in AUTO_SKILLS and not sk.passive and key != "adventurer.adventure":
            auto(g, p, key)
        elif key == "amnesiac.unknown":
            if targets_of(g, p, key).n == 0 and timely(g, p, key) and g.result is None:
                use(g, p, key)
                amnesiac_act(g, p, ())
        elif sk.forced and key in TARGETS and (p.n, key) not in submitted:
            fill_forced(g, p, key)
        elif (
            key == "po.choose"
            and (p.n, key) not in submitted
            and CONDITIONS[key](g, p)
            and g.night > 1
            and p.alive
        ):
            g.po_skipped[p.n] = True
    for p, key in woken:
        if key in POST_PASSIVES:
            auto(g, p, key)
    if g.night > 1 and g.spec.reading("pukka.burst_timing") == "immediate" and g.marks("因纯血恶魔中毒"):
        burst(g)  # 「会在满足发动条件时发动」: as soon as a mark exists at night
    g.check_win("slot")


def role_options(g: Game, p: Player, key: str, targets: list[int] | tuple[int, ...]) -> list[str]:
    """The roles a skill naming one may name (洗脑: good roles; 熬制: none of the note's forbidden ones)."""
    if key == "pithag.brew" and targets:
        return pithag.role_options(g, g.players[targets[0] - 1])
    spec = targets_of(g, p, key)
    return [r.key for r in ROLES if not spec.good_role or r.good]


def act_at_once(g: Game, p: Player, after: str) -> None:
    """熬药巫婆's note: the new role's skills slotted before ``after`` tonight act once, right now."""
    slots = [s.printed for s in OTHER_SLOTS]
    limit = slots.index(after)
    for key in ROLE_BY_KEY[p.role].skills:
        step = night_step(g, p, key)
        if step is None or slots.index(step) >= limit or g.result is not None:
            continue
        sk = SKILL_BY_KEY[key]
        g.log("act_at_once", {"seat": p.n, "skill": key, "after": after})
        if key in AUTO_SKILLS:
            auto(g, p, key)
        elif (
            key in TARGETS
            and sk.night
            and (sk.forced or g.choose("pithag.extra", ["no", "yes"], clause="熬药巫婆") == "yes")
        ):
            fill_forced(g, p, key, by="holder")


DEMON_SKILLS = frozenset(s.key for s in SKILLS if ROLE_BY_KEY[s.role].kind is Kind.DEMON)


def watch(g: Game, key: str) -> None:
    """After a skill resolved: the 数学家's note on the 疯子 (its targets against the Demon's)."""
    if (
        key in DEMON_SKILLS
        and "mathematician.audit" in g.holders_index()
        and "lunatic.mania" in g.holders_index()
    ):
        interference.lunatic_check(g)


TEAM = frozenset(s.key for s in SKILLS if s.has("团队"))
"""恶魔宝宝's <团队> skills: the Minions' ballots, settled once per slot by :func:`team_settle`."""


def team_settle(g: Game, key: str, members: list[Player]) -> None:
    """「爪牙可以发若干条马甲名，直到所有爪牙最后发出的马甲名为相同的，如果超过行动时限也没有统一或有爪牙没有发送马甲名，
    则选择最后发出的马甲名里最多的为结果」: each Minion's ballot is its last name; the most named wins (a tie is the
    storyteller's pick, ``<skill>.tie``); no ballot at all: <强制>, the storyteller picks (``<skill>.target``)."""
    ballots = dict(g.ballots.pop(key, []))  # seat → its last ballot
    live = [p for p in members if p.alive and timely(g, p, key)]
    if not live or g.result is not None:
        return
    if ballots:
        counts: dict[int, int] = {}
        for t in ballots.values():
            counts[t] = counts.get(t, 0) + 1
        top = max(counts.values())
        tied = sorted(t for t, c in counts.items() if c == top)
        target = tied[0] if len(tied) == 1 else int(g.choose(f"{key}.tie", tied, clause="恶魔宝宝"))
    else:
        options = target_options(g, live[0], key, [])
        if not options:
            return
        target = int(g.choose(f"{key}.target", options, clause="恶魔宝宝"))
    g.log(
        "team", {"skill": key, "target": target, "ballots": {str(n): t for n, t in sorted(ballots.items())}}
    )
    if key == "lilmonsta.carry":
        g.carry(target)
        return
    sitter = next((q for q in g.players if g.is_demon(q) and q.alive), None)
    if sitter is None:
        return
    if g.fails(sitter, key):  # the Lil' Monsta's ability is its babysitter's: impaired, it fails
        g.log("fizzle", {"seat": sitter.n, "skill": key, "why": "impaired"})
        return
    g.judge(target, sitter, key)


def fill_forced(g: Game, p: Player, key: str, *, by: str = "storyteller") -> None:
    """<强制>: 「不可以放弃发动……如玩家因一些原因没有选择目标，则由说书人选择」 — the targets from the choice
    stream (``<skill>.target``; ``by``: whose pick that is, for the log)."""
    sk = SKILL_BY_KEY[key]
    if g.result is not None or not (p.alive or sk.survives_death) or not timely(g, p, key):
        return
    if not capable(g, p, key):
        if g.holds(p, key) and any(st.source != p.n for st in g.force().get((p.n, "沉默"), ())):
            interference.thwarted(g, p.n, key, "silenced")
        return
    spec = TARGETS[key]
    picked: list[int] = []
    for _ in range(spec.n):
        options = target_options(g, p, key, picked)
        if not options:
            return
        picked.append(int(g.choose(f"{key}.target", options, clause=ROLE_BY_KEY[sk.role].clause)))
    role = None
    if spec.role:
        roles = role_options(g, p, key, picked)
        role = str(g.choose(f"{key}.role", roles, clause=ROLE_BY_KEY[sk.role].clause))
    a = BotcAction(p.n, key, tuple(picked), role=role)
    g.log(f"{by}_target", {"seat": p.n, "skill": key, "targets": picked})
    g.ledger.append(LedgerEntry(g.night, g.step, p.n, p.true_role, key, a.targets))
    resolve(g, p, a)
    watch(g, key)


def night_start(g: Game) -> None:
    """The night begins: 纯血恶魔 毒发 on the marks made on earlier nights (both readings of
    ``pukka.burst_timing``: under ``immediate`` they are there as the night opens, so it fires now too)."""
    g.clock = 1200
    if g.night > 1:
        burst(g)
    for p in _holders(
        g, "chambermaid.accompany"
    ):  # unslotted: 「会在满足发动条件时发动」 — as the night opens
        auto(g, p, "chambermaid.accompany")


def _spread_on(t: int) -> Callable[[Any], bool]:
    """纯血恶魔 毒发 「并使其解除[中毒]效果，解除[因纯血恶魔中毒]标记」 — only what 传播 gave."""
    return lambda e: bool(e.holder == t and e.skill == "pukka.spread")


def _mark_on(t: int) -> Callable[[Any], bool]:
    return lambda e: bool(e.holder == t and e.name == "因纯血恶魔中毒")


def burst(g: Game) -> None:
    for p in g.players:
        if "pukka.burst" in p.held and g.holds(p, "pukka.burst"):
            for t in g.marks("因纯血恶魔中毒"):
                if not g.fails(p, "pukka.burst"):
                    g.judge(t, p, "pukka.burst")
                    g.remove(_spread_on(t))
                elif g.spec.reading("drunk.mixed_skill") == "marks_survive":  # the mark part still acts
                    g.remove(_mark_on(t))
                else:
                    g.log("fizzle", {"seat": p.n, "skill": "pukka.burst", "why": "impaired"})


# ── the day ────────────────────────────────────────────────────────────────────────────────


def check_day(g: Game, p: Player, a: Any) -> None:
    at = a.at
    if g.current_phase.kind != "day" or at is None:
        raise _illegal(
            g,
            CLAUSE_DAY,
            "提名、投票须在讨论日并注明时刻",
            "nominations and votes happen in the day, with a time",
            a,
        )
    if a.skill == PENALTY:
        if a.card not in cards.CARDS:
            raise _illegal(g, "判罚制度", "card 须为 blue / yellow / red", "card: blue, yellow or red", a)
        return
    if p.out == cards.OUT:
        raise _illegal(g, "红牌", "红牌罚下者已出局", "a seat sent off with a red card is out of the game", a)
    if a.skill == SAY:
        return
    if a.skill == NOMINATE:
        if not g.alive_pred(p):
            raise _illegal(g, CLAUSE_DAY, "只有存活角色可以进行提名", "only the living nominate", a)
        if not (g.spec.p("nominate.from") <= at <= g.spec.p("nominate.to")):
            raise _illegal(
                g, CLAUSE_DAY, "每个讨论日14:00-19:00，存活角色可以进行提名", "nominations: 14:00–19:00", a
            )
        if len(a.targets) != 1:
            raise _illegal(g, CLAUSE_DAY, "提名一名角色", "nominate one seat", a)
        if g.day_over():
            raise _illegal(
                g, "处决，死亡与复活", "一旦有玩家被处决，白天结束", "an execution ended the day", a
            )
        if any(nm.nominator == p.n for nm in g.nominations):
            raise _illegal(
                g, CLAUSE_DAY, "每个角色仅可提名与被提名一次", "one nomination per seat per day", a
            )
        if any(nm.nominee == a.targets[0] for nm in g.nominations):
            raise _illegal(g, CLAUSE_DAY, "每个角色仅可提名与被提名一次", "nominated once per day", a)
        if any(nm.count is None for nm in g.nominations):
            raise _illegal(
                g, CLAUSE_DAY, "在一次提名尚未结束时，不可发起下一次提名", "one nomination open at a time", a
            )
        return
    nom = next(
        (nm for nm in g.nominations if a.targets and nm.nominee == a.targets[0] and nm.count is None), None
    )
    if nom is None or not (nom.opens <= at <= nom.closes):
        raise _illegal(
            g, CLAUSE_DAY, "投票须在该提名的投票贴开放期间", "a vote belongs to an open vote post", a
        )
    if p.n in nom.voted:
        raise _illegal(g, CLAUSE_DAY, "每次提名每人投票一次", "one vote per nomination", a)


def nominate(g: Game, p: Player, a: Any) -> None:
    target = a.targets[0]
    at = a.at
    delay, window = g.spec.p("vote.delay"), g.spec.p("vote.window")
    nom = Nomination(p.n, target, at, at + delay, at + delay + window)
    g.nominations.append(nom)
    g.announce("nomination", {"nominator": p.n, "nominee": target, "at": hhmm(at)})
    if ROLE_BY_KEY[p.role].kind is Kind.MINION:
        g.minion_nominated_today = True
    if g.has(p.n, "诅咒"):  # 「一旦角色发起提名，其会受到一次死亡判定」
        src = g.force()[(p.n, "诅咒")][0]
        g.judge(p.n, g.players[src.source - 1], "witch.curse")
    q = g.players[target - 1]
    if g.result is not None:
        return
    if "virgin.purity" in q.held and g.holds(q, "virgin.purity") and not q.held["virgin.purity"].used:
        works = use(g, q, "virgin.purity")
        if works and ROLE_BY_KEY[p.role].kind is Kind.TOWNSFOLK:
            g.execute(p.n, "virgin.purity")  # 「提名者立刻被处决」
    g.at(nom.closes, lambda: tally(g, nom))


def tally(g: Game, nom: Nomination) -> None:
    if nom.count is not None or g.result is not None:
        return
    nom.count = len(nom.yes)
    nom.alive_at_tally = g.alive_count()
    g.announce("tally", {"nominee": nom.nominee, "yes": nom.count, "alive": nom.alive_at_tally})


def vote(g: Game, p: Player, a: Any) -> None:
    nom = next(nm for nm in g.nominations if nm.nominee == a.targets[0] and nm.count is None)
    nom.voted.add(p.n)
    yes = bool(a.yes)
    counted = vote_counts(g, p, yes)
    if counted:
        nom.yes.add(p.n)
        if g.is_demon(p):
            g.demon_voted_today = True  # 花艺师: 「投“是”算作投票」
    g.log("vote", {"voter": p.n, "nominee": nom.nominee, "yes": yes, "counted": counted})
    if len(nom.voted) == sum(q.out != cards.OUT for q in g.players):  # 「所有角色均进行投票」
        g.advance(a.at)
        tally(g, nom)


def say(g: Game, p: Player, a: Any) -> None:
    g.log("said", {"seat": p.n, "word": a.word})
    words.said(g, p, str(a.word or ""), a.at)


def dawn(g: Game) -> None:
    g.expire_anchor(Anchor.DAWN)
    g.clock = 0


def daytime_pre(g: Game) -> None:
    g.clock = g.spec.p("day.open")
    g.nominations = []
    g.executed_today = None
    g.exec_death_today = None
    g.deaths_today = []
    g.someone_died_today = False
    g.outsider_died_today = False
    g.demon_voted_today = False
    g.minion_nominated_today = False
    g.timers = []
    if g.night_deaths:  # 「夜晚的死亡会在第二天开门时公示」
        g.announce("deaths", {"players": sorted(set(g.night_deaths))})
        for n in g.night_deaths:
            moonchild_window(g, g.players[n - 1])
        g.night_deaths = []
    g.check_win("phase")


def moonchild_window(g: Game, p: Player) -> None:
    if "moonchild.shine" in p.held and g.holds(p, "moonchild.shine"):

        def default() -> None:
            if not any(
                e.initiator == p.n and e.skill == "moonchild.shine" and e.night == g.night for e in g.ledger
            ):
                fill_forced(g, p, "moonchild.shine")

        g.at(g.clock + g.spec.p("moonchild.window"), default)


def daytime_post(g: Game) -> None:
    if g.result is not None:
        return
    g.advance(g.spec.p("day.close"))
    for nm in g.nominations:
        tally(g, nm)
    madness.day_end(g)


def settle(g: Game) -> None:
    """白天结算: the execution by the votes, then 迷乱漩涡 and 主谋."""
    n = count_execution(g)
    if n is not None:
        g.execute(n, "vote")
    if g.result is not None:
        return
    if g.executed_today is None:
        for p in g.players:
            if p.alive and "vortox.confuse" in p.held and g.works(p, "vortox.confuse"):
                g.end(EVIL, "vortox", "迷乱漩涡：当天没有玩家被处决")
                return
        if g.mastermind_day == g.night:
            g.mastermind_day = None
            g.end(GOOD, "mastermind_good", "主谋：次日没有角色被处决")
            return
    g.check_win("phase")


def dusk(g: Game) -> None:
    g.expire_anchor(Anchor.DUSK)
    g.check_win("phase")


class BotcSkill(SkillImpl[Game, Player, Any]):
    """Every skill resolves through :func:`resolve` (the action carries its key)."""

    def resolve(self, g: Game, p: Player, a: Any) -> None:
        if a.skill == NOMINATE:
            nominate(g, p, a)
        elif a.skill == VOTE:
            vote(g, p, a)
        elif a.skill == SAY:
            say(g, p, a)
        elif a.skill == PENALTY:
            cards.give(g, p, str(a.card))
        elif a.skill in TEAM:
            g.ballots.setdefault(a.skill, []).append((p.n, a.targets[0]))
            g.log("ballot", {"seat": p.n, "skill": a.skill, "target": a.targets[0]})
        else:
            resolve(g, p, a)
            watch(g, a.skill)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Any:
        return policy.propose(g, p, self.key, rng)


def _register() -> None:
    for key in RULES.info:
        cls = type(f"Skill_{key.replace('.', '_')}", (BotcSkill,), {"key": key})
        RULES.skills[key] = cls()
    for step in {s for ph in (FIRST_NIGHT, *OTHER_NIGHTS) for s in (x.printed for x in ph.slots)}:
        RULES.hook(step, "pre")(slot_pre)
        RULES.hook(step, "post")(slot_post)
    RULES.hook(DAWN, "pre")(dawn)
    RULES.hook(DAYTIME, "pre")(daytime_pre)
    RULES.hook(DAYTIME, "post")(daytime_post)
    RULES.hook(SETTLE, "pre")(settle)
    RULES.hook(DUSK, "pre")(dusk)


_register()

from ruleproof.specs.botc_m124.engine import policy  # noqa: E402 - policy imports this module

__all__ = ["AUTO_SKILLS", "TARGETS", "capable", "check_common", "resolve"]
