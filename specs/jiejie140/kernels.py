"""Rules of [140]乘风破浪的姐姐2 written once over the value algebra (``ruleproof.kernel.algebra``): the
engine evaluates them on Python ints, the verifier on Z3 terms — one definition, no drift.

| kernel | text | returns |
|---|---|---|
| :func:`ballot_passes` | 阵营技能 投票指标 (the threshold the cell prints) | did the ballot reach it |
| :func:`dual_priority` | 集团念力 「票数多的优先级高，票数相同时上票速度快的优先级高（仅以最后一票计）」 | does the first faction prevail |
| :func:`ceil_div` / :func:`arbiter_block` | 光辉仲裁 「当前存活人数的六分之一，向上取整」 | the block's size |
| :func:`charge_open` | 充能 「当前时段与下一时段可发动超能技能」 | is a charge window open |
| :func:`effect_gate` | 光辉仲裁, 安宁颂歌, 崩塌狙击 「不可规避」 (switch ``hymn.unavoidable``) | does an effect land, or what stops it |
| :func:`survives` | 灵能护盾 「目标当日不会死，也不会被转变阵营」 | is a death / faction change prevented |
| :func:`win_rows` | 胜负判定 rows 1–4 | each (faction, row) win, each faction's loss |
| :func:`resolve_winners` | PS1, PS2 (the order read from the text) | the winning factions after PS1 and PS2 |
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ruleproof.kernel.algebra import Algebra, count_true
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.skills import Threshold
from ruleproof.specs.jiejie140.tables import Priority

Alg = Algebra[Any, Any]


def ballot_passes(a: Alg, votes: Any, alive: Any, th: Threshold) -> Any:
    """``votes > alive × num / den`` (strict: 超过 / 大于) or ``≥`` (达到 / 不少于), without division."""
    lhs, rhs = a.scale(votes, th.den), a.scale(alive, th.num)
    return a.lt(rhs, lhs) if th.strict else a.le(rhs, lhs)


def tally(
    a: Alg, ballots: Sequence[tuple[Any, Any]], members_alive: Sequence[Any], th: Threshold
) -> tuple[Any, Any, Any]:
    """One faction's ballots on one target at its tally step: ``ballots`` are (counts, voter alive) pairs —
    ``counts`` is false for a ballot cancelled by 聚灵晋升 or void, and a voter dead by day (「白天死者的票不计」)
    does not count either; 隐匿推流 ballots are among them but their voters are not ``members_alive`` (「不计入
    其存活人数计数」).  Returns (votes, living members, passed)."""
    votes = count_true(a, (a.and_(c, alive) for c, alive in ballots))
    alive_n = count_true(a, members_alive)
    return votes, alive_n, ballot_passes(a, votes, alive_n, th)


def uses_left(a: Alg, count: Any, bonus: Any, debt: Any, used: Any) -> Any:
    """What a limit window has left: the limit's count (「每天限2次」), plus 双重武装's extra use, less the uses
    欺诈 took from it in advance (「占用次日技能使用次数」, possibly below zero) and the uses made."""
    return a.sub(a.sub(a.add(count, bonus), debt), used)


def arbiter_eligible(a: Alg, applied: Any, is_current: Any) -> Any:
    """仲裁者: an applicant qualifies unless it holds the office today (「仲裁者不可两日连任」)."""
    return a.and_(applied, a.not_(is_current))


def exits(a: Alg, alive: Any, attempt: Any, shielded: Any) -> tuple[Any, Any]:
    """One exit attempt on a seat (a kill, a red card, 虚妄消散): it leaves only if it is still in the game
    and not under 灵能护盾 (red cards ignore the shield).  Returns (alive after, left now as 0 / 1)."""
    leaves = a.and_(alive, attempt, a.not_(shielded))
    return a.and_(alive, a.not_(leaves)), a.ite_i(leaves, a.lit(1), a.lit(0))


def dual_priority(a: Alg, votes1: Any, last1: Any, votes2: Any, last2: Any) -> Any:
    """True when the first faction's 集团念力 prevails on a shared target: more votes, or as many votes
    and an earlier last vote.  Equal counts and equal last-vote times are a tie the text does not break:
    the first does *not* prevail then (nor, symmetrically, does the second)."""
    return a.or_(a.lt(votes2, votes1), a.and_(a.eq(votes1, votes2), a.lt(last1, last2)))


def ceil_div(a: Alg, x: Any, den: int, upper: int) -> Any:
    """⌈x / den⌉ for 0 ≤ x ≤ upper, as a count of multiples of ``den`` below ``x``."""
    return count_true(a, (a.lt(a.lit(i * den), x) for i in range(upper // den + 2)))


def arbiter_block(a: Alg, alive: Any, den: int, upper: int) -> Any:
    """光辉仲裁's block: ⌈alive / den⌉ living players, elevator-contiguous."""
    return ceil_div(a, alive, den, upper)


def charge_open(a: Alg, charged_at: Any, now: Any) -> Any:
    """A charge given in period ``charged_at`` opens super skills in that period and the next one
    (periods numbered 2·day for the daytime, 2·day + 1 for the night after it)."""
    return a.and_(a.le(charged_at, now), a.le(now, a.add(charged_at, a.lit(1))))


class Gate(IntEnum):
    LANDS = 0
    ARBITER = 1  # 光辉仲裁: 「被仲裁目标不会被任何能力技能影响」
    HYMN = 2  # 安宁颂歌: 「使目标当天不受敌意技能影响」


def effect_gate(
    a: Alg, *, ability: Any, hostile: Any, unavoidable: Any, arbiter: Any, hymn: Any, pierce: bool
) -> Any:
    """What stops a skill's effect on its target (``Gate`` code).  ``pierce`` is the reading
    ``hymn.unavoidable=unavoidable_pierces``: an unavoidable skill goes through the hymn."""
    hymn_stops = a.and_(hymn, hostile, a.not_(unavoidable)) if pierce else a.and_(hymn, hostile)
    return a.ite_i(
        a.and_(arbiter, ability),
        a.lit(int(Gate.ARBITER)),
        a.ite_i(hymn_stops, a.lit(int(Gate.HYMN)), a.lit(int(Gate.LANDS))),
    )


def survives(a: Alg, shielded: Any) -> Any:
    """灵能护盾: a shielded target neither dies nor changes faction that day."""
    return shielded


@dataclass(frozen=True)
class WinInputs:
    """What the win rows read, per faction (values of the algebra)."""

    alive: Mapping[str, Any]  # living members per faction
    initial: Mapping[str, Any]  # members per faction at the end of set-up
    leader_killed_by: Mapping[str, Any]  # mirror faction F → the enemy leader was killed by F (B)
    members_killed_by: Mapping[str, Any]  # mirror faction F → enemy members (not the leader) F killed (I)
    promoted: Any  # 适应 row 1's count (聚灵晋升 promotions, as switch win.promoted_count counts them)
    unpromoted_alive: Any  # living adaptation members still 适应者 (or another unpromoted identity)
    day: Any  # the day the game has reached
    daytime: Any  # B: a check by day


# (faction group, row number) → the predicate of that row; the text of each row is quoted by the drift
# check (tables.WinRow), so a rewritten row is noticed rather than silently mis-modelled.
WIN_ROWS: tuple[tuple[str, int], ...] = (
    ("mirror", 1),
    ("mirror", 2),
    (nm.DECEPTION, 1),
    (nm.ADAPTATION, 1),
    (nm.ADAPTATION, 2),
    (nm.ADAPTATION, 3),
    (nm.ADAPTATION, 4),
)


def win_rows(a: Alg, w: WinInputs, p: Mapping[str, int]) -> tuple[dict[tuple[str, int], Any], dict[str, Any]]:
    """Each faction's win rows and its loss (失败条件), as the table states them, before PS1 / PS2."""
    lit = a.lit
    wins: dict[tuple[str, int], Any] = {}
    for f in nm.MIRROR:
        e = nm.enemy(f)
        # 1：击杀敌对阵营永恒者/凝聚者和其四名不同的成员（必须为本阵营击杀）
        wins[(f, 1)] = a.and_(
            w.leader_killed_by[f], a.le(lit(p["win.members_killed"]), w.members_killed_by[f])
        )
        # 2：敌对的永恒者/凝聚者阵营全灭
        wins[(f, 2)] = a.eq(w.alive[e], lit(0))
    # 欺骗 1：除欺骗者阵营外，其他各个阵营存活人数低于初始人数一半
    den = p["win.deception_den"]
    others = [f for f in nm.FACTIONS if f != nm.DECEPTION]
    wins[(nm.DECEPTION, 1)] = a.and_(*(a.lt(a.scale(w.alive[f], den), w.initial[f]) for f in others))
    alive_a = w.alive[nm.ADAPTATION]
    # 适应 1：白天时，升华者凝滞者幻化者总数超过2（不计初始产生以及灵能爆发产生的）
    wins[(nm.ADAPTATION, 1)] = a.and_(w.daytime, a.lt(lit(p["win.promoted_over"]), w.promoted))
    # 2：适应者阵营有存活的成员，且存活的全员都已晋级
    wins[(nm.ADAPTATION, 2)] = a.and_(a.lt(lit(0), alive_a), a.eq(w.unpromoted_alive, lit(0)))
    # 3：适应者阵营全灭，且游戏进程已经到达第八天
    wins[(nm.ADAPTATION, 3)] = a.and_(a.eq(alive_a, lit(0)), a.le(lit(p["win.adaptation_day"]), w.day))
    # 4：适应阵营仅有一个成员存活
    wins[(nm.ADAPTATION, 4)] = a.eq(alive_a, lit(p["win.adaptation_last"]))
    losses = {f: a.eq(w.alive[f], lit(0)) for f in nm.FACTIONS if f != nm.ADAPTATION}  # 1：本阵营全灭
    losses[nm.ADAPTATION] = a.bool_(False)  # 适应：失败条件「无」
    return wins, losses


def resolve_winners(
    a: Alg,
    wins: Mapping[tuple[str, int], Any],
    lost: Mapping[str, Any],
    priority: Sequence[Priority],
) -> dict[str, Any]:
    """PS1 (「某阵营达成失败条件后，不可再达成获胜条件」) masks the wins of a faction that has lost (``lost``
    is cumulative: once lost, always lost); PS2 (the order read from the text) keeps the wins of the
    first entry that has any.  Win rows PS2 does not rank come after every ranked one.  Returns each
    faction's final win flag — several when one PS2 entry ranks two factions together."""
    live = {key: a.and_(v, a.not_(lost[key[0]])) for key, v in wins.items()}
    entries: list[list[tuple[str, int]]] = []
    ranked: set[tuple[str, int]] = set()
    for pr in priority:
        keys = [(f, r) for f in pr.factions for r in pr.rows if (f, r) in live]
        entries.append(keys)
        ranked.update(keys)
    rest = [k for k in live if k not in ranked]
    if rest:
        entries.append(rest)
    out = {f: a.bool_(False) for f in nm.FACTIONS}
    decided = a.bool_(False)
    for keys in entries:
        any_here = a.or_(*(live[k] for k in keys)) if keys else a.bool_(False)
        for f in nm.FACTIONS:
            mine = [live[k] for k in keys if k[0] == f]
            if mine:
                out[f] = a.or_(out[f], a.and_(a.not_(decided), a.or_(*mine)))
        decided = a.or_(decided, any_here)
    return out


__all__ = [
    "WIN_ROWS",
    "Gate",
    "WinInputs",
    "arbiter_block",
    "arbiter_eligible",
    "ballot_passes",
    "ceil_div",
    "charge_open",
    "dual_priority",
    "effect_gate",
    "exits",
    "resolve_winners",
    "survives",
    "tally",
    "uses_left",
    "win_rows",
]
