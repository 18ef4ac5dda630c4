"""Skills that watch other skills: the 暴徒 (a <指定> skill choosing it makes its source drunk, and may
hire it) and the 数学家 (a skill that did not take its intended effect because of another character's
ability gets [错误]).

* 暴徒 游荡 「一旦暴徒在每个夜晚第一次被选为<指定>技能的目标，技能的来源获得[醉酒]状态，持续至下一个黄昏；如果技能
  的来源与暴徒阵营不同：雇佣：暴徒转变阵营」: checked when a skill is resolved (a player's choice or the
  storyteller's fill-in alike), before its effect — so the source's skill meets its drunkenness at once.
  The source of 交换 is the 理发师 (its note: 「交换身份的技能来源判定仍为理发师」).
* 数学家 验算 「如果一个角色的技能因为其他角色的能力没有发挥预定的效果，则使该角色获得[错误]标记，持续至下一个拂晓」
  and its note on the 疯子.  The engine marks: a skill failing from an impairment another seat's skill gave;
  an information skill answered falsely while so impaired or [迷乱]; a death judgment stopped by a status
  another seat's skill gave ([不死], [庇护], [霸道] of an execution has no skill to mark); a <强制> skill
  that could not be used for [沉默]; the 疯子 whose targets differ from the Demon's.  A seat's own
  impairment (酒鬼's 醉意) is its own ability, not another's.  It is a mark-only passive: drunk or
  poisoned, it still works (常见状态特效).
"""

from __future__ import annotations

from typing import Any

from ruleproof.specs.botc_m124.engine.model import Player
from ruleproof.specs.botc_m124.engine.triggers import change_alignment
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, SKILL_BY_KEY, Kind

IMPAIRING = ("醉酒", "中毒")


def impairers(g: Any, n: int, skill: str | None) -> list[int]:
    """The seats whose skills impair seat ``n`` now ([醉酒] / [中毒] in force; not what ``skill`` of ``n``
    gives itself)."""
    out: list[int] = []
    force = g.force()
    for name in IMPAIRING:
        for st in force.get((n, name), ()):
            if not (st.source == n and st.skill == skill):
                out.append(st.source)
    return out


def by_other(g: Any, n: int, skill: str | None) -> bool:
    """Seat ``n`` is impaired by another seat's ability (its own 醉意 / 木偶 / 食人 do not count)."""
    return any(src != n for src in impairers(g, n, skill))


def thwarted(g: Any, n: int, skill: str, why: str) -> None:
    """Seat ``n``'s ``skill`` did not take its intended effect because of another seat's ability: every
    数学家 holding 验算 gives it [错误] until the next dawn."""
    for m in g.holders_index().get("mathematician.audit", ()):
        if g.holds(m, "mathematician.audit"):
            g.grant(n, "错误", m, "mathematician.audit", thwarted=skill, why=why)


def judgment_blocked(g: Any, target: int, source: Player | None, skill: str, statuses: list[str]) -> None:
    """A death judgment by ``source``'s ``skill`` did not kill because of ``statuses`` of the target: the
    source is thwarted when one of them comes from another seat."""
    if source is None or skill not in SKILL_BY_KEY:
        return
    force = g.force()
    if any(st.source != source.n for name in statuses for st in force.get((target, name), ())):
        thwarted(g, source.n, skill, "blocked:" + "/".join(statuses))


def lunatic_check(g: Any) -> None:
    """数学家's note: 「如果恶魔选择的目标与疯子不完全相同，则疯子也会获得[错误]标记」 — once both chose tonight."""
    chosen: dict[int, tuple[int, ...]] = {}
    lunatics: dict[int, tuple[int, ...]] = {}
    for e in g.ledger:
        if e.night != g.night or e.skill not in SKILL_BY_KEY:
            continue
        if ROLE_BY_KEY[SKILL_BY_KEY[e.skill].role].kind is not Kind.DEMON:
            continue
        p = g.players[e.initiator - 1]
        h = p.held.get(e.skill)
        if h is not None and h.source == "lunatic":
            lunatics[p.n] = e.targets
        else:
            chosen[p.n] = e.targets
    for n, targets in lunatics.items():
        marked = any(st.data.get("why") == "lunatic" for st in g.force().get((n, "错误"), ()))
        if chosen and all(t != targets for t in chosen.values()) and not marked:
            thwarted(g, n, "lunatic", "lunatic")


def goon_intercept(g: Any, p: Player, key: str, targets: tuple[int, ...]) -> None:
    """暴徒 游荡 / 雇佣 on the night's first <指定> choice of the 暴徒 (any number of 暴徒 chosen at once)."""
    if g.current_phase.kind != "night" or not targets:
        return
    sk = SKILL_BY_KEY.get(key)
    if sk is None or not sk.targeted:
        return
    for t in dict.fromkeys(targets):
        goon = g.players[t - 1]
        if "goon.roam" not in goon.held or g.goon_nights.get(goon.n) == g.night:
            continue
        if not g.holds(goon, "goon.roam"):
            continue
        g.goon_nights[goon.n] = g.night  # 「在每个夜晚第一次被选为<指定>技能的目标」
        if g.fails(goon, "goon.roam"):
            g.log("fizzle", {"seat": goon.n, "skill": "goon.roam", "why": "impaired"})
            continue
        source = g.players[g.barber_of.get(p.n, p.n) - 1] if key == "barber.swap" else p
        g.grant(source.n, "醉酒", goon, "goon.roam")
        g.log("goon", {"goon": goon.n, "source": source.n, "skill": key})
        if source.faction != goon.faction:  # 雇佣：暴徒转变阵营
            change_alignment(g, goon, source.faction)


__all__ = ["by_other", "goon_intercept", "impairers", "judgment_blocked", "lunatic_check", "thwarted"]
