"""Madness (疯狂 — 「当一个角色极力证明一件事是真的，则视为该角色对这件事疯狂」) and what the storyteller rules on
it, and the 任务达人's tasks — every ruling an explicit storyteller choice.

* 畸形秀演员 畸形<被动>: 「如果畸形秀演员对自己是一个外来者疯狂，畸形秀演员可能被处决」, and its note: 「在处于夜晚的
  讨论日……畸形秀演员仍然可能被处决，且因此被处决同样会公示，被洗脑的角色也是如此」.
* 洗脑师's [对身份y疯狂]: 「如果不对该身份疯狂，其可能会被处决」.
  Both are asked (``mutant.execute`` / ``cerenovus.execute``: no / yes) at the end of the discussion day,
  before the day-end execution by the votes, for each living seat they concern; such an execution is
  not capped by an earlier one (the note), and like any execution it blocks the vote's
  (「如果尚未有角色被处决」).  The engine cannot place the ruling at another moment of the day.
* 小精灵 伪装: 「一旦身份是身份x的角色死亡，如果小精灵从小精灵出现在场到当时一直对自己是身份x疯狂，则小精灵获得该身份的
  所有技能」 — x is what its 观察 named; at that death the storyteller rules (``pixie.mad``) whether it was
  mad all along.
* 任务达人: 「一旦任务达人对自己是任务达人疯狂，则任务达人失去所有技能」 (``taskmaster.mad`` at the day's end:
  for good); 接取[夜晚] 「获知一个任务」 (``taskmaster.task``: the storyteller's task, any text);
  完成[白天]<被动> 「如果一个任务被完成，则使任务达人获得[已完成]标记，该标记可以叠加」 (``taskmaster.completed``: how
  many of its open tasks were completed while the 白天 lasted); 奖励[夜晚*] 「获得信息：等同于任务达人拥有的
  [已完成]标记数量的信息」 (``taskmaster.reward``: that many pieces, joined by 「｜」; their content is the
  storyteller's, the engine checks only their number).
"""

from __future__ import annotations

from typing import Any

from ruleproof.specs.botc_m124.engine import info, passives
from ruleproof.specs.botc_m124.engine.model import Player
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY

NO, YES = "no", "yes"
TASKS = ("在公聊贴发言十帖", "提名一名角色", "与一名角色私聊")
"""Tasks random play draws from (the text leaves the task to the storyteller; a vector may give any)."""
SEP = "｜"


def _text(pick: object) -> str | None:
    return None if isinstance(pick, str) and pick.strip() else "须为一段文字"


def day_end(g: Any) -> None:
    """The storyteller's rulings at the end of the discussion day (before the vote's execution)."""
    for p in list(g.players):
        if g.result is not None:
            return
        if not g.alive_pred(p):
            continue
        mutant = "mutant.mutate" in p.held and g.works(p, "mutant.mutate")
        if mutant and g.choose("mutant.execute", [NO, YES], clause="畸形秀演员") == YES:
            g.execute(p.n, "mutant.mutate")
            continue
        if g.has(p.n, "疯狂") and g.choose("cerenovus.execute", [NO, YES], clause="洗脑师") == YES:
            g.execute(p.n, "cerenovus.brainwash")
    for p in list(g.players):
        if g.result is None:
            tasks(g, p)


def tasks(g: Any, p: Player) -> None:
    if "taskmaster.complete" in p.held and g.holds(p, "taskmaster.complete"):
        open_tasks = g.tasks.get(p.n, [])
        if open_tasks:
            done = int(g.choose("taskmaster.completed", list(range(len(open_tasks) + 1)), clause="任务达人"))
            for task in open_tasks[:done]:
                g.grant(p.n, "已完成", p, "taskmaster.complete", task=task)
            g.tasks[p.n] = open_tasks[done:]
    asked = p.role == "taskmaster" and p.n not in g.taskmaster_lost
    if asked and g.choose("taskmaster.mad", [NO, YES], clause="任务达人") == YES:
        g.taskmaster_lost.add(p.n)  # 「一旦……则任务达人失去所有技能」: not a skill, for good
        p.held.clear()
        g.held_changed()
        g.private(p.n, "lost_skills", {"why": "taskmaster.mad"})


def accept_task(g: Any, p: Player, key: str) -> None:
    """接取: 获知 a task (never false)."""
    task = str(g.choose("taskmaster.task", list(TASKS), clause="任务达人", accept=_text))
    g.tasks.setdefault(p.n, []).append(task)
    g.private(p.n, "learn", {"skill": key, "task": task})


def reward(g: Any, p: Player, key: str) -> None:
    """奖励: as many pieces of information as [已完成] marks."""
    count = len(g.force().get((p.n, "已完成"), ()))
    pieces = SEP.join(["信息"] * count)

    def accept(state: str, pick: str) -> str | None:
        parts = [x for x in pick.split(SEP) if x.strip()]
        return None if len(parts) == count else f"须为 {count} 条信息，以「{SEP}」分隔"

    info.give(g, p, key, [pieces], lambda: [pieces], accept=accept, is_true=lambda _pick: None)


def pixie_death(g: Any, t: Player) -> None:
    """伪装: the seat of the 小精灵's x died."""
    for p in list(g.holders_index().get("pixie.disguise", ())):
        if g.pixie_x.get(p.n) != t.role or not g.works(p, "pixie.disguise"):
            continue
        if g.choose("pixie.mad", [NO, YES], clause="小精灵") == YES:
            keys = [k for k in ROLE_BY_KEY[t.role].skills if k not in p.held]
            g.gain(p, t.role, "pixie")
            passives.install(g, p, keys)
            g.private(p.n, "gained", {"skill": "pixie.disguise", "role": t.role})


__all__ = ["NO", "TASKS", "YES", "accept_task", "day_end", "pixie_death", "reward", "tasks"]
