"""Effective output (4.10.0) on the initiator ledger (2.8.16), the alien's escape points (6.9.1), eligibility
after step 9 (6.9.2), the escape itself by day, in the alien's own night action windows or in the meeting
(6.9.3) with its restriction at each (6.9.5: it may not hand humans or xenos an immediate win) and its exit effect (6.9.4: batch ⑩, 「已逃亡」, a secondary win that
stands whatever happens next, 1.2.5).

The ledger is the engine's own record: ``kill_by`` (who made a player dying tonight, 4.10.6 / 4.10.1④),
``landed_by`` and the retro archives ``g.archives`` opened when an initiator's point broke an armor or a
shield or consumed a night immunity (4.10.0④).  Every settlement is logged as ``effective_output``; only a
player of the alien faction scores (6.9.1: 现行援引者为 6.9).
"""

from __future__ import annotations

import random

from mypy_extensions import mypyc_attr

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player
from ruleproof.specs.fanhanglu.engine.registry import SKILL_IMPLS, SkillImpl, hook, skill
from ruleproof.specs.fanhanglu.engine.skills.common import VOTE_LISTENERS, reveal
from ruleproof.specs.fanhanglu.kernels import (
    PY,
    Tier,
    capped_add,
    escape_allowed,
    kill_points,
    output_tier,
    pair_increment,
)
from ruleproof.specs.fanhanglu.roles import ACTION_WINDOWS, SKILLS
from ruleproof.specs.fanhanglu.tables import VICTORY_ORDER
from ruleproof.specs.model import Slot

ALIEN = "alien"


def kill_value(g: Game, target: Player) -> int:
    """6.9.1①: by the target's true faction (2.8.1③) — ordinary crew, job-changed or professional, xeno."""
    values = (g.p("escape.kill_crew"), g.p("escape.kill_job"), g.p("escape.kill_xeno"))
    return kill_points(PY, target.faction == "xenos", target.true_role == "crew", values)


def tier_value(g: Game, tier: Tier, target: Player) -> int:
    if tier == Tier.LETHAL:
        return kill_value(g, target)
    return g.p("escape.dying") if tier == Tier.DYING else g.p("escape.retro")


def show_score(g: Game, p: Player) -> None:
    """6.9.2⑤ 「本人独家可见：外星人本人可持续查看自己之当前积分」: after each settlement that changed it (step 9,
    a vote, a silence), the alien alone is shown its score and whether it is eligible; ④ nobody else."""
    g.private(p.n, "escape_score", {"score": p.escape_score / 100, "eligible": p.eligible})


def add_points(g: Game, p: Player, points: int, what: str) -> None:
    if points:
        p.escape_score += points
        g.log(
            "escape_points",
            {"player": p.n, "points": points / 100, "for": what, "score": p.escape_score / 100},
        )


@hook("9", "post")
def _effective_output(g: Game) -> None:
    """4.10.0 at step 9: for every (initiator, target) pair of tonight, the highest tier reached (⑦(b)(c));
    retro archives settle when their target dies within the window (④, 6.9.1③) and expire after it."""
    n = g.night
    window = g.p("escape.retro_nights")
    best: dict[tuple[int, int], Tier] = {}
    for q in g.players:
        if q.kill_by:
            died = q.out == "dead" and q.death_night == n
            tier = Tier(output_tier(PY, True, died, False, q.kill_by == q.n))
            if tier:
                best[(q.kill_by, q.n)] = max(best.get((q.kill_by, q.n), Tier.NONE), tier)
    kept = []
    for i, t, night in g.archives:
        target = g.players[t - 1]
        died = target.out == "dead" and target.death_night == n
        tier = Tier(output_tier(PY, False, died, True, i == t))
        if tier:
            best[(i, t)] = max(best.get((i, t), Tier.NONE), tier)
        elif target.alive and g.players[i - 1].alive and n < night + window - 1:
            kept.append((i, t, night))  # 追溯时限: the break night and the next four; ⑤ destruction
    g.archives = kept
    before = {p.n: p.escape_score for p in g.players if p.faction == ALIEN}
    per_pair = g.interp["escape.tier_scope"] == "per_pair"
    for (i, t), tier in sorted(best.items()):
        initiator, target = g.players[i - 1], g.players[t - 1]
        g.log("effective_output", {"initiator": i, "target": t, "tier": tier.name.lower()})
        if initiator.faction != ALIEN:
            continue
        value = tier_value(g, tier, target)
        points, g.settled[(i, t)] = pair_increment(PY, g.settled.get((i, t), 0), value, per_pair)
        add_points(g, initiator, points, tier.name.lower())
    for p in g.players:  # 6.9.2①: eligibility is checked once step 9 is settled, and kept for good
        if p.alive and p.faction == ALIEN and not p.eligible and p.escape_score >= g.p("escape.threshold"):
            p.eligible = True
            g.log("escape_eligible", {"player": p.n, "score": p.escape_score / 100})
    for n, score in before.items():
        p = g.players[n - 1]
        if p.alive and p.escape_score != score:
            show_score(g, p)


def drop_archives(g: Game, gone: Player) -> None:
    """4.10.0⑤: an initiator's archives go when it leaves; a target's when it leaves without dying."""
    g.archives = [(i, t, night) for i, t, night in g.archives if gone.n not in (i, t)]


def _votes_scored(g: Game, exiled: Player | None, votes: dict[int, int]) -> None:
    """6.9.1④: 0.5 per vote for the player finally exiled (day vote and meeting alike), capped at 3."""
    if exiled is None:
        return
    drop_archives(g, exiled)
    for voter, target in votes.items():
        p = g.players[voter - 1]
        if target == exiled.n and p.faction == ALIEN and p.n != exiled.n:
            total = capped_add(PY, p.exile_points, g.p("escape.exile_vote"), g.p("escape.exile_cap"))
            add_points(g, p, total - p.exile_points, "exile_vote")
            if total != p.exile_points and p.alive:
                show_score(g, p)
            p.exile_points = total


VOTE_LISTENERS.append(_votes_scored)


def award_silence(g: Game, p: Player) -> None:
    """6.9.1⑤: 0.5 per silence, capped at 3."""
    total = capped_add(PY, p.silence_points, g.p("escape.silence"), g.p("escape.silence_cap"))
    add_points(g, p, total - p.silence_points, "silence")
    if total != p.silence_points:
        show_score(g, p)
    p.silence_points = total


def check_escape(g: Game, p: Player, a: Action) -> None:
    if not p.eligible:
        raise g.illegal("6.9.2", "积分未达门槛（步骤 9 后检查），尚无逃亡资格", "not eligible to escape", a)
    if g.extinction or g.duel:
        raise g.illegal("6.9.7", "寂灭时刻与决斗时刻不适用逃亡", "no escape in the endgames", a)


def may_escape(g: Game, p: Player) -> bool:
    return p.eligible and not (g.extinction or g.duel)


# step → the main-slot skills acting there (the night menu of 2.5.3 / 5.8.1 / 6.5④), escape excluded
_MENU: dict[str, list[tuple[str, frozenset[str]]]] = {}
for _s in SKILLS:
    if _s.slot is Slot.MAIN and _s.key != "night_escape" and _s.step in ACTION_WINDOWS:
        _MENU.setdefault(_s.step, []).append((_s.key, frozenset(_s.roles)))


def is_window(g: Game, p: Player, step: str) -> bool:
    """6.9.3①: ``step`` is one of ``p``'s own action windows tonight — a step of 2.1.1 at which its menu
    (by the role it uses, 2.8.1①: a death-row alien's presented form) offers its night's action, with a
    quota left (「依其当夜实际可选之菜单」); none on a conversion night (5.5.3①).  Whether its night's action
    is still free is checked with every action (2.5.3), and a silenced or suppressed player's window is
    closed by the skill's blocking (2.8.3)."""
    if p.no_main_night == g.night:
        return False
    return any(p.role in roles and SKILL_IMPLS[key].available(g, p) for key, roles in _MENU.get(step, ()))


def try_escape(g: Game, p: Player) -> None:
    """6.9.5: refused (no effect, nothing spent, no window used, no announcement) if humans or xenos would
    win at once with the alien counted as wiped — checked at execution, at whichever window (②); else
    6.9.4: out like an exile, batch ⑩ reason 「逃亡」 with the report 「已逃亡」, a secondary win (1.2.5),
    archives destroyed (4.10.0⑤)."""
    humans, xenos, _ = g.faction_counts()
    if not escape_allowed(PY, VICTORY_ORDER, humans, xenos, g.countdown, g.countdown_void):
        if p.main_skill == "night_escape" and p.main_night == g.night:
            p.main_night, p.main_skill = 0, ""  # 不占用行动窗口: it may try again at a later window
        g.log("escape_refused", {"player": p.n})
        return
    g.remove(p, "escaped")
    g.secondary.append(p.n)
    g.publish("10", 1, {"exiled": {**reveal(p), "reason": "escape", "report": "escaped"}})
    g.log("escape", {"player": p.n, "score": p.escape_score / 100})
    drop_archives(g, p)


@mypyc_attr(native_class=False)  # subclassed by decorated (non-native) classes
class Escaping(SkillImpl):
    def check(self, g: Game, p: Player, a: Action) -> None:
        check_escape(g, p, a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        try_escape(g, p)


@skill
class Escape(Escaping):
    """By day, before the discussion (6.9.3①): resolves before the day's votes."""

    key = "escape"

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, "escape") if may_escape(g, p) and rng.random() < 0.5 else None


@skill
class NightEscape(Escaping):
    """In one of the actor's own night action windows (6.9.3①: 0.1, 3-type, 4b, 5, 6…, by its menu; step 5
    when the action names none) — it takes the night's one action (②), so a window exists only while that
    action is free; at step 5 it comes ahead of the xenos' step 7 (④)."""

    key = "night_escape"

    def check(self, g: Game, p: Player, a: Action) -> None:
        check_escape(g, p, a)
        if not is_window(g, p, g.step):
            raise g.illegal(
                "6.9.3",
                f"步骤 {g.step} 非其当夜自身之行动窗口（依其当夜实际可选之菜单）",
                f"step {g.step} is not one of its own action windows tonight (by its menu)",
                a,
            )

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if not (may_escape(g, p) and g.plan.get(p.n) == "escape" and is_window(g, p, g.step)):
            return None
        return Action(p.n, "night_escape", step=g.step) if rng.random() < 0.5 else None


@skill
class MeetingEscape(Escaping):
    """In the step-10 meeting, before the actor's own speech (6.9.3①): after the meeting is opened (batch ⑦)
    and before its votes.  Not the night's action (the meeting has the day vote's powers, 4.9.2): it needs no
    free action, and silence does not close it (as the day's).  Without a meeting tonight there is no
    window: the action is not executed."""

    key = "meeting_escape"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        if g.meeting_night != g.night:
            g.log("not_executed", {"actor": p.n, "skill": a.skill, "reason": "no_meeting"})
            return
        try_escape(g, p)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if not may_escape(g, p) or "meeting" not in g.plan.values() or rng.random() < 0.5:
            return None
        return Action(p.n, "meeting_escape")
