"""The round of [M124] 血染钟楼 as data, and the ruleset the runtime enforces.

* the opening night (游戏流程 1): one step per printed slot, in the text's order;
* every later night (游戏流程 6–10): the five phases' slots, one step each, in order;
* the day (游戏流程 2–5): 拂晓, 白天 (a real-time stream: nominations, votes, day skills at their
  moments), 白天结算 (the execution and what follows), 黄昏.

Step keys are the slots as printed (「疯子自大」, 「小恶魔」), so a vector reads ``night 2 step 小恶魔``.
"""

from __future__ import annotations

from typing import Any

from ruleproof.runtime import Phase, Ruleset, SkillInfo
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, SKILLS
from ruleproof.specs.botc_m124.tables import DAY_PERIODS, FIRST_NIGHT, OTHER_NIGHTS, slot_of

OPENING = Phase("opening", "night", tuple(s.printed for s in FIRST_NIGHT.slots))
NIGHT = Phase("night", "night", tuple(s.printed for ph in OTHER_NIGHTS for s in ph.slots))
DAY = Phase("day", "day", tuple(p.key for p in DAY_PERIODS), stream=True)
DAWN, DAYTIME, SETTLE, DUSK = DAY.steps

NOMINATE = "nominate"
VOTE = "vote"
SAY = "say"
PENALTY = "penalty"
DAY_ACTIONS = (NOMINATE, VOTE, SAY, PENALTY)

RULES: Ruleset[Any, Any, Any] = Ruleset(
    "botc-m124",
    (NIGHT, DAY),
    {"seat": "前言", "out": "处决，死亡与复活", "skill": "技能"},
    other_phases=(OPENING,),
)


def _steps(key: str) -> tuple[str, ...]:
    first = slot_of(FIRST_NIGHT.slots, key)
    other = slot_of(tuple(s for ph in OTHER_NIGHTS for s in ph.slots), key)
    steps = tuple(dict.fromkeys(s.printed for s in (other, first) if s is not None))
    return steps or (DAYTIME,)


def _declare() -> None:
    RULES.declare(
        [SkillInfo(s.key, _steps(s.key), frozenset({s.role}), ROLE_BY_KEY[s.role].clause) for s in SKILLS]
    )
    RULES.declare(
        [
            SkillInfo(NOMINATE, (DAYTIME,), frozenset(), "提名与投票"),
            SkillInfo(VOTE, (DAYTIME,), frozenset(), "提名与投票"),
            SkillInfo(SAY, (DAYTIME,), frozenset(), "灵言师"),
            SkillInfo(PENALTY, (DAYTIME,), frozenset(), "判罚制度"),
        ]
    )


_declare()

__all__ = [
    "DAWN",
    "DAY",
    "DAYTIME",
    "DAY_ACTIONS",
    "DUSK",
    "NIGHT",
    "NOMINATE",
    "OPENING",
    "PENALTY",
    "RULES",
    "SAY",
    "SETTLE",
    "VOTE",
]
