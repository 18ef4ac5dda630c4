"""[140]乘风破浪的姐姐2's rules for the runtime: its round — the daytime (每一日开始前, the door, the
real-time stream, the close, 入夜之前) then the night steps 1–11 *as the text's table lists them* — the
clauses of the rules the runtime enforces, every skill of the tables with the steps at which it may act,
and the registry the skill modules fill.

Where a skill acts comes from its record (发动时间) and the night-step table:

* 任意时刻 — the day's stream, and by night the step the table lists it at, or (reading
  ``night.anytime=inserted``) any step, inserted where its user names;
* 白天任意时间 / 入夜之前 — the stream (a ballot is cast by day and counted in the night's tally step);
* 夜间 — the step the night table lists;
* 每一日开始前 — dawn;
* 死亡后 / triggered-and-active (绝境先驱) — the stream and any night step;
* passive and triggered-automatic skills (敌意感应, 灵能储备, 遗泽, 消逝, …) and the sensor's reactions
  (危机规避, 极限反击: a choice when 敌意感应 fires) are not actions: the engine applies them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ruleproof.runtime import rules as runtime
from ruleproof.runtime.rules import Phase, Ruleset, SkillInfo
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.skills import Mode, SkillRecord, Timing, bundled_skills
from ruleproof.specs.jiejie140.tables import bundled_order

if TYPE_CHECKING:
    from ruleproof.specs.jiejie140.engine.game import Game
    from ruleproof.specs.jiejie140.engine.model import JAction, JSeat

DAY_STEPS: tuple[str, ...] = ("dawn", "open", "stream", "close", "dusk")
NIGHT_STEPS: tuple[str, ...] = tuple(r.key for r in bundled_order().night)
DAY = Phase("day", "day", DAY_STEPS, stream=True)  # 白天行动 1 开门 · 2 随时接收技能 · 3 关门
NIGHT = Phase("night", "night", NIGHT_STEPS)  # 夜晚行动 1–11

# Skills the engine applies by itself (passive / triggered-automatic) or asks as a reaction: a vector
# names them only in expectations, never as an action.
AUTOMATIC: frozenset[str] = frozenset(
    {
        "hostile_sense",  # 被敌意能力指定后触发
        "crisis_avoid",  # a reaction to 敌意感应 (choice react:<seat>)
        "counterstrike",  # a reaction to 敌意感应 (choice react:<seat>)
        "psi_reserve",  # 充能后触发
        "quick_recharge",  # 充能后触发
        "legacy",  # 死亡后，被动常驻
        "fade",  # 被能力技能击杀后，被动常驻
        "dissipate",  # 成为追随者满两天后每个夜晚，触发生效
        "psi_stream",  # 死亡后，被动发动 (choice stream:<seat>: publish or not)
        "rebirth_echo",  # 夜间被动
        "expel",  # 游戏开始前: the set-up (setup.deal)
        "summon",  # 游戏开始前: the set-up (setup.deal)
    }
)


def night_steps_of(rec: SkillRecord) -> tuple[str, ...]:
    """The night steps at which ``rec`` may act (a superset over the readings; the game narrows it)."""
    hit = _NIGHT_WINDOWS.get(rec.key)
    if hit is not None and hit[0] is rec:
        return hit[1]
    out = _night_steps_of(rec)
    _NIGHT_WINDOWS[rec.key] = (rec, out)
    return out


_NIGHT_WINDOWS: dict[str, tuple[SkillRecord, tuple[str, ...]]] = {}


def _night_steps_of(rec: SkillRecord) -> tuple[str, ...]:
    listed = bundled_order().night_step_of().get(rec.key)
    tally = bundled_order().tally_steps()
    if rec.timing in (Timing.NIGHT,):
        return (listed,) if listed else ()
    if rec.timing is Timing.ANY:
        return (listed,) if listed else NIGHT_STEPS
    if rec.timing is Timing.DEATH or (rec.timing is Timing.TRIGGER and rec.trigger == "leader_dead"):
        return NIGHT_STEPS
    if rec.timing is Timing.TRIGGER and rec.trigger in tally:  # 超限锁定: after its faction's tally
        after = NIGHT_STEPS.index(tally[rec.trigger]) + 1
        return NIGHT_STEPS[after:]
    return ()


def steps_of(rec: SkillRecord) -> tuple[str, ...]:
    """Every step ``rec`` may act at; its first is the default of a vector's day item."""
    if rec.key in AUTOMATIC:
        listed = bundled_order().night_step_of().get(rec.key)
        return (listed,) if listed else ("stream",)
    day: tuple[str, ...] = ()
    if rec.timing is Timing.DAWN:
        day = ("dawn",)
    elif (
        rec.timing in (Timing.ANY, Timing.DAYTIME, Timing.DUSK, Timing.DEATH) or rec.trigger == "leader_dead"
    ):
        day = ("stream",)
    return day + night_steps_of(rec)


RULES: Ruleset[Game, JSeat, JAction] = Ruleset(
    "jiejie140",
    (DAY, NIGHT),
    {
        "seat": "开场行动",  # the seats the set-up dealt
        "out": "出局",  # 「已经公示的出局角色不属于游戏范畴，不允许被选为技能或投票的目标」
        "skill": "镜像阵营身份",  # an action must name a skill of the tables
    },
)


def _declare() -> None:
    book = bundled_skills()
    infos = []
    for rec in book.skills.values():
        infos.append(
            SkillInfo(
                rec.key,
                steps_of(rec),
                frozenset(rec.holders),
                rec.clause,
                excludes=rec.excludes,
            )
        )
    everyone = frozenset(book.identities)
    infos.append(SkillInfo(nm.TRIAL_VOTE, ("stream",), everyone, "附加身份"))
    infos.append(SkillInfo(nm.ARBITER_APPLY, ("stream",), everyone, "附加身份"))
    RULES.declare(infos)


_declare()


def active_mode(rec: SkillRecord) -> bool:
    return rec.key not in AUTOMATIC and (Mode.ACTIVE in rec.modes or Mode.TRIGGERED in rec.modes)


class SkillImpl(runtime.SkillImpl["Game", "JSeat", "JAction"]):
    """How one skill resolves (its generic checks — holding, timing, limits, charge, targets — are the
    game's, from the record)."""

    dead_target_clause: ClassVar[str] = RULES.clauses["out"]


skill = RULES.skill
hook = RULES.hook

__all__ = [
    "AUTOMATIC",
    "DAY",
    "DAY_STEPS",
    "NIGHT",
    "NIGHT_STEPS",
    "RULES",
    "SkillImpl",
    "active_mode",
    "hook",
    "night_steps_of",
    "skill",
    "steps_of",
]
