"""Skills whose holder does not know what they are: the 食人族's eaten skills and the 追忆者's ???.

* 食人族 食人<被动>: 「当一名邪恶角色被处决，食人族获得[醉酒]状态，持续至下一次善良角色被处决；每当一名角色被处决，
  食人族获得其所有技能，持续至下一次有角色被处决，但不会知晓是什么技能。……只能得知自己获得的技能是否有需要选择目标
  的，如果有，选择几个目标」 — at every execution (before its death judgment, whether or not it kills): the
  skills eaten before are lost, the executed seat's role's skills are gained (fresh, acting after their
  role's own holder), the 食人族 is told only how many targets each takes; an evil executee makes it drunk
  until a good seat is executed.  食人 is a skill that does more than marks: it fails while the 食人族 is
  drunk or poisoned by another seat (its own drunkenness is its own ability's, and never suspends it).
* 追忆者 ???: 「只能得知该技能是否需要选择目标，如果需要选择，选择几个目标，其余信息均不知晓，但技能会正常发动，正常
  反馈」 with the note 「???技能不一定是在规则贴中的技能，但一般地，不会是<限定>技能且是信息技能」.  The engine
  holds ??? as one skill of the text — a hidden set-up choice (``hidden.amnesiac_skill``; missing, the
  storyteller picks at set-up) among :data:`AMNESIAC_POOL`, the text's night information skills that are
  not <限定> — acting at the 「追忆者？？？」 slot under that skill's own time label and condition, answered
  under the name ``amnesiac.unknown``.  A skill outside the text has no rule the engine could run; that part
  of the note is not modelled (docs/botc-m124.md).
* 追忆者 追忆[白天]: 「可以猜测技能？？？的情况，获得信息：猜测与实际情况的相似度。（无关/有关/接近/完美）」 — the
  guess is the action's ``word``; a sober 追忆者 hears 完美 exactly when the guess names the skill (its key,
  its name, or role and name: 「共情者共情」), one of 无关 / 有关 / 接近 otherwise (how close is the
  storyteller's judgment).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruleproof.specs.botc_m124.engine import info, passives
from ruleproof.specs.botc_m124.engine.model import GOOD, Player
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, SKILL_BY_KEY, SKILLS
from ruleproof.specs.botc_m124.tables import ANSWERS

CANNIBAL = "cannibal"
NOT_POOLED_ROLES = frozenset({"amnesiac", "taskmaster", "adventurer", "mezepheles", "ravenkeeper"})
AMNESIAC_POOL: tuple[str, ...] = tuple(
    s.key
    for s in SKILLS
    if s.effects == frozenset({"info"}) and not s.limited and s.night and s.role not in NOT_POOLED_ROLES
)
"""What ??? may be: the text's night information skills that are not <限定> (the note's 「一般地」), except
those tied to their own role's other skills or marks (冒险家's 回归, 任务达人's 奖励), a word (灵言师) or a
death (守鸦人)."""

GRADES = ANSWERS["amnesiac.guess"]  # 无关 / 有关 / 接近 / 完美


# ── 食人族 ─────────────────────────────────────────────────────────────────────────────────


def drop_gained(g: Any, p: Player, source: str) -> list[str]:
    """``p`` loses the skills it gained from ``source`` (and the statuses they gave: a skill gained again
    later is fresh)."""
    gone = [k for k, h in p.held.items() if h.gained and h.source == source]
    if not gone:
        return []
    for k in gone:
        del p.held[k]
    g.remove(lambda e: e.source == p.n and e.skill in gone)
    g.held_changed()
    return gone


def _own_drunk(n: int) -> Callable[[Any], bool]:
    return lambda e: bool(e.source == n and e.skill == "cannibal.eat" and e.name == "醉酒")


def cannibal_eats(g: Any, executed: Player) -> None:
    from ruleproof.specs.botc_m124.engine import interference, skills

    for c in list(g.holders_index().get("cannibal.eat", ())):
        if c.n == executed.n or not g.holds(c, "cannibal.eat"):
            continue
        if g.fails(c, "cannibal.eat"):
            g.log("fizzle", {"seat": c.n, "skill": "cannibal.eat", "why": "impaired"})
            if interference.by_other(g, c.n, "cannibal.eat"):
                interference.thwarted(g, c.n, "cannibal.eat", "impaired")
            continue
        if executed.faction == GOOD:  # 「持续至下一次善良角色被处决」
            g.remove(_own_drunk(c.n))
        else:
            g.grant(c.n, "醉酒", c, "cannibal.eat", until="下一次善良角色被处决")
        drop_gained(g, c, CANNIBAL)
        keys = [k for k in ROLE_BY_KEY[executed.role].skills if k not in c.held]
        g.gain(c, executed.role, CANNIBAL)
        passives.install(g, c, keys)
        shapes = [skills.targets_of(g, c, k).n for k in keys if skills.targets_of(g, c, k).n]
        g.private(c.n, "eaten", {"skill": "cannibal.eat", "skills": len(keys), "targets": shapes})
        g.log("cannibal", {"seat": c.n, "executed": executed.n, "role": executed.role, "skills": keys})


# ── 追忆者 ─────────────────────────────────────────────────────────────────────────────────


def hidden_skill(g: Any, p: Player) -> str:
    """The skill behind ``p``'s ???: the set-up's, or — a seat that became the 追忆者 later — the
    storyteller's pick when it is first needed (choice ``amnesiac.skill``)."""
    if p.n not in g.amnesiac:
        g.amnesiac[p.n] = str(g.choose("amnesiac.skill", list(AMNESIAC_POOL), clause="追忆者"))
    return str(g.amnesiac[p.n])


def guess_truth(g: Any, p: Player, guess: str) -> list[str]:
    key = hidden_skill(g, p)
    sk = SKILL_BY_KEY[key]
    names = {key, sk.zh, ROLE_BY_KEY[sk.role].zh + sk.zh, sk.quote}
    return [GRADES[-1]] if guess.strip() in names else list(GRADES[:-1])


def guess(g: Any, p: Player, key: str, text: str) -> None:
    info.give(g, p, key, guess_truth(g, p, text), lambda: list(GRADES), payload={"guess": text})


__all__ = ["AMNESIAC_POOL", "CANNIBAL", "GRADES", "cannibal_eats", "drop_gained", "guess", "hidden_skill"]
