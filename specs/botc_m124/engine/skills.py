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

from ruleproof.runtime import SkillImpl
from ruleproof.specs.botc_m124.engine import info
from ruleproof.specs.botc_m124.engine.game import Game, count_execution, hhmm, vote_counts
from ruleproof.specs.botc_m124.engine.model import EVIL, GOOD, BotcAction, Nomination, Player
from ruleproof.specs.botc_m124.engine.registry import (
    DAWN,
    DAYTIME,
    DUSK,
    NOMINATE,
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
    upto: int | None = None  # at most (抛出: 一至五)
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
    "juggler.throw": Targets(1, upto=5),
    "godfather.judge": Targets(1),
    "poisoner.poison": Targets(1),
    "devilsadvocate.defend": Targets(1, alive=True, quote="一名没有[被辩护]标记的存活角色"),
    "assassin.assassinate": Targets(1),
    "witch.curse": Targets(1),
    "cerenovus.brainwash": Targets(1, role=True, good_role=True),
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
    "savant.info": Targets(0),
    "goblin.claim": Targets(0),
}
"""The targets each player-chosen skill takes (from its 「选择目标」)."""

UNIMPLEMENTED = frozenset(
    {
        "amnesiac.guess",
        "amnesiac.unknown",
        "taskmaster.accept",
        "taskmaster.complete",
        "taskmaster.reward",
        "pithag.brew",
        "cannibal.eat",
        "pixie.disguise",
        "mezepheles.spoken",
        "mezepheles.control",
        "goon.roam",
        "goon.hire",
        "mathematician.audit",
    }
)
"""Skills the engine refuses (``NotImplementedRule``): a set-up holding them is not played (docs)."""


def _illegal(g: Game, clause: str, zh: str, en: str, a: Any) -> Exception:
    return g.illegal(clause, zh, en, a)


def first_night_ok(g: Game, p: Player, key: str) -> bool:
    h = p.held[key]
    if g.spec.reading("first_night.scope") == "game":
        return g.night == 1
    return g.night == h.joined


def check_common(g: Game, p: Player, a: Any) -> None:
    if a.skill in (NOMINATE, VOTE, SAY):
        return check_day(g, p, a)
    sk = SKILL_BY_KEY[a.skill]
    clause = ROLE_BY_KEY[sk.role].clause
    if a.skill in UNIMPLEMENTED:
        from ruleproof.runtime import NotImplementedRule

        raise NotImplementedRule(
            f"引擎尚未实现技能 {sk.quote}", f"the engine does not implement {a.skill} yet"
        )
    if not g.holds(p, a.skill):
        raise _illegal(
            g, clause, f"{p.n} 号不持有（或已失去）{sk.quote}", f"seat {p.n} does not hold {a.skill}", a
        )
    if sk.passive:
        raise _illegal(
            g, "技能", "<被动>技能无需发动，会自行发动", "a <被动> skill is not used: it fires by itself", a
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


def check_targets(g: Game, p: Player, a: Any, clause: str) -> None:
    spec = TARGETS.get(a.skill, Targets(0))
    n = len(a.targets)
    ok = n == spec.n if spec.upto is None else 1 <= n <= spec.upto
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
    if a.skill == "juggler.throw" and len(a.roles) != n:
        raise _illegal(g, clause, "相等数量且对应的数个身份", "one role per target", a)


def capable(g: Game, p: Player, key: str) -> bool:
    if key in (NOMINATE, VOTE, SAY):
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
    return works


def kill_skill(g: Game, p: Player, key: str, target: int) -> None:
    """A Demon's 「对其造成一次死亡判定」."""
    if key == "imp.kill" and target == p.n:
        if g.judge(target, p, key) and not p.alive:
            minions = [q for q in g.players if q.alive and ROLE_BY_KEY[q.role].kind is Kind.MINION]
            sw = next((q for q in minions if q.role == "imp"), None)
            if sw is None and minions:  # 「一名爪牙的身份转变为小恶魔」
                pick = int(g.choose("imp.starpass", [q.n for q in minions], clause="小恶魔"))
                change_role(g, g.players[pick - 1], "imp")
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
    key = a.skill
    t = a.targets
    works = use(g, p, key)
    g.log("skill", {"seat": p.n, "skill": key, "targets": list(t), "works": works})
    sk = SKILL_BY_KEY[key]
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
    if key == "lilmonsta.carry":
        g.remove(lambda e: e.name == "携带宝宝")
        g.grant(t[0], "携带宝宝", p, key)
        g.private(t[0], "learn", {"skill": key, "babysitter": True})
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
        if g.is_demon(g.players[t[0] - 1]):
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
        info.give(g, p, key, ["真+假"], lambda: ["真+假", "假+假", "真+真"])
    elif key == "artist.info":
        info.give(g, p, key, ["真", "假", "不确定"], lambda: ["真", "假", "不确定"])


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
    spec = TARGETS[key]
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


def auto(g: Game, p: Player, key: str) -> None:
    """A night skill with no choice of the player's: the engine runs it in its slot."""
    if key in UNIMPLEMENTED or not timely(g, p, key):
        return
    sk = SKILL_BY_KEY[key]
    if not sk.passive and g.has(p.n, "沉默"):
        return
    if sk.limited and p.held[key].used:
        return
    works = use(g, p, key)
    if key == "washerwoman.info":
        info.first_night_pair(g, p, key, Kind.TOWNSFOLK)
    elif key == "librarian.info":
        info.first_night_pair(g, p, key, Kind.OUTSIDER)
    elif key == "investigator.info":
        info.first_night_pair(g, p, key, Kind.MINION)
    elif key == "chef.info":
        info.chef(g, p, key)
    elif key == "clockmaker.info":
        info.clockmaker(g, p, key)
    elif key == "noble.info":
        info.noble(g, p, key)
    elif key == "empath.info":
        info.empath(g, p, key)
    elif key == "pixie.observe":
        truth = sorted(
            {q.role for q in g.players if q.role != "pixie" and ROLE_BY_KEY[q.role].kind is Kind.TOWNSFOLK}
        )
        info.give(g, p, key, truth, lambda: [r.key for r in ROLES if r.kind is Kind.TOWNSFOLK])
    elif key == "bountyhunter.bounty":
        pick = info.seats_answer(
            g, p, key, [q.n for q in g.players if q.faction == EVIL and q.n != p.n], exclude=p.n
        )
        g.grant(int(pick), "悬赏", p, key)
    elif key == "mathematician.count":
        info.give(g, p, key, [str(len(g.marks("错误")))], info.counts(len(g.players)))
    elif key == "undertaker.info":
        q = g.players[(g.exec_death_today or 1) - 1]
        info.role_answer(g, p, key, q.role, {"target": q.n})
    elif key == "flowergirl.info":
        info.yes_no(g, p, key, g.demon_voted_today)
    elif key == "towncrier.info":
        info.yes_no(g, p, key, g.minion_nominated_today)
    elif key == "juggler.catch":
        n = sum(len(v) for (h, nm), v in g.force().items() if nm == "被猜中")
        info.give(g, p, key, [str(n)], info.counts(5))
    elif key == "adventurer.adventure":
        have = set(g.adventurer_mark.values())
        kinds = [k.value for k in Kind]
        missing = [k for k in kinds if k not in {m for (h, m) in g.force() if h == p.n}]
        if g.spec.reading("adventurer.condition") == "none_present" and len(missing) < len(kinds):
            return
        if missing:
            pick = str(g.choose("adventurer.mark", missing, clause="冒险家"))
            g.seq += 1
            from ruleproof.specs.botc_m124.engine.model import St

            g.entries.append(St(pick, True, p.n, key, g.seq, holder=p.n))
            g.adventurer_mark[p.n] = pick
            g.touch()
        del have
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
    elif key == "mezepheles.word":
        words = ["苹果", "月亮", "钟楼"]
        g.mezepheles_word = str(g.choose("mezepheles.word", words, clause="灵言师"))
        g.private(p.n, "info", {"skill": key, "value": g.mezepheles_word})
    elif key == "gossip.flood" and works:
        g.judge(int(g.choose("gossip.victim", [q.n for q in g.living()], clause="造谣者")), p, key)
    elif key == "acrobat.circus" and works:
        near = g.neighbours(p.n, lambda q: g.alive_pred(q) and q.faction == GOOD)
        if any(g.impaired(x) for x in near):
            g.judge(p.n, p, key)
    elif key == "moonchild.blight" and works:
        for x in g.marks("被照耀"):
            g.judge(x, p, key)
    elif key == "lunatic.conceit":
        learn(g, p, key)


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
    s.key
    for s in SKILLS
    if s.night and s.key not in TARGETS and s.key not in UNIMPLEMENTED and s.key != "ravenkeeper.info"
)


def slot_skills(step: str) -> tuple[str, ...]:
    for ph in (FIRST_NIGHT, *OTHER_NIGHTS):
        for slot in ph.slots:
            if slot.printed == step:
                return slot.skills
    return ()


def _holders(g: Game, key: str) -> list[Player]:
    """Seats holding ``key``: the original role's first, then those who gained it (「行动顺序在原角色之后」)."""
    out = [p for p in g.players if key in p.held and g.holds(p, key)]
    return sorted(out, key=lambda p: (p.held[key].gained, p.n))


def slot_pre(g: Game) -> None:
    step = g.step
    if step == "炼金术士":
        night_start(g)
    keys = slot_skills(step)
    order: list[int] = []
    for key in keys:
        order += [p.n for p in _holders(g, key) if p.n not in order]
    g.pos = {n: i for i, n in enumerate(order)}
    for key in keys:
        if key in AUTO_SKILLS and (SKILL_BY_KEY[key].passive or key in ("adventurer.adventure",)):
            for p in _holders(g, key):
                auto(g, p, key)


def leftovers(g: Game) -> None:
    """A scripted night action whose skill has no slot in tonight's order was never asked for: it is
    illegal, never silently dropped ([夜晚*] on the opening night, a <被动> skill, an unslotted skill)."""
    from ruleproof.runtime import ScriptPolicy

    policy = g.policy
    if not isinstance(policy, ScriptPolicy) or not policy._scripted(g.night):
        return
    steps = set(g.current_phase.steps)
    for a in policy.nights.get(g.night, ()):
        step = a.step or policy.step_of.get(a.skill, "?")
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
    keys = slot_skills(g.step)
    submitted = {(a.actor, a.skill) for a in g.submitted} if g.submitted else set()
    g.submitted = ()
    for key in keys:
        sk = SKILL_BY_KEY[key]
        for p in _holders(g, key):
            if key in AUTO_SKILLS and not sk.passive and key != "adventurer.adventure":
                auto(g, p, key)
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
    g.check_win("slot")


def fill_forced(g: Game, p: Player, key: str) -> None:
    """<强制>: 「不可以放弃发动……如玩家因一些原因没有选择目标，则由说书人选择」."""
    sk = SKILL_BY_KEY[key]
    if not (p.alive or sk.survives_death) or not capable(g, p, key) or not timely(g, p, key):
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
        roles = [r.key for r in ROLES if not spec.good_role or r.good]
        role = str(g.choose(f"{key}.role", roles, clause=ROLE_BY_KEY[sk.role].clause))
    a = BotcAction(p.n, key, tuple(picked), role=role)
    g.log("storyteller_target", {"seat": p.n, "skill": key, "targets": picked})
    resolve(g, p, a)


def night_start(g: Game) -> None:
    """The night begins: 纯血恶魔 毒发 under the reading ``pukka.burst_timing=night_start``."""
    g.clock = 1200
    if g.night > 1 and g.spec.reading("pukka.burst_timing") == "night_start":
        burst(g)
    for p in _holders(
        g, "chambermaid.accompany"
    ):  # unslotted: 「会在满足发动条件时发动」 — as the night opens
        auto(g, p, "chambermaid.accompany")


def _spread_on(t: int) -> Callable[[Any], bool]:
    """纯血恶魔 毒发 「并使其解除[中毒]效果，解除[因纯血恶魔中毒]标记」 — only what 传播 gave."""
    return lambda e: bool(e.holder == t and e.skill == "pukka.spread")


def burst(g: Game) -> None:
    for p in g.players:
        if "pukka.burst" in p.held and g.holds(p, "pukka.burst"):
            for t in g.marks("因纯血恶魔中毒"):
                works = not g.fails(p, "pukka.burst")
                if works:
                    g.judge(t, p, "pukka.burst")
                g.remove(_spread_on(t))


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
    if "virgin.purity" in q.held and g.holds(q, "virgin.purity") and not q.held["virgin.purity"].used:
        works = use(g, q, "virgin.purity")
        if works and ROLE_BY_KEY[p.role].kind is Kind.TOWNSFOLK:
            g.execute(p.n, "virgin.purity")  # 「提名者立刻被处决」
    g.at(nom.closes, lambda: tally(g, nom))


def tally(g: Game, nom: Nomination) -> None:
    if nom.count is not None:
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
    if len(nom.voted) == len(g.players):
        g.advance(a.at)
        tally(g, nom)


def say(g: Game, p: Player, a: Any) -> None:
    g.log("said", {"seat": p.n, "word": a.word})


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
    g.advance(g.spec.p("day.close"))
    for nm in g.nominations:
        tally(g, nm)


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
        else:
            resolve(g, p, a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Any:
        from ruleproof.specs.botc_m124.engine import policy

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

__all__ = ["AUTO_SKILLS", "TARGETS", "UNIMPLEMENTED", "capable", "check_common", "resolve"]
