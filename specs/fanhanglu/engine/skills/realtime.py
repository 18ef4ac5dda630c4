"""1.5.3 实际对局的时长制: after 3 hours any living player may propose a draw; a majority of the votes cast
(abstentions not counted) makes it a draw; otherwise 10 minutes of overtime, at most 60 in all, and a draw
when it is used up.  Not in the endgames (⑦: no day flow).  The wall clock comes from the policy (a
vector's day item ``clock`` with its ``draw_votes``); random play never proposes a draw."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import IllegalAction
from ruleproof.specs.fanhanglu.engine.registry import hook

DrawSource = Callable[[Game], "tuple[int, Mapping[int, bool]] | None"]


@hook("day", "post")
def _draw_offer(g: Game) -> None:
    """Read at the end of the day's flow (after the votes): a reading — the text fixes no moment."""
    source: DrawSource | None = getattr(g.policy, "draw", None)
    offer = source(g) if source is not None else None
    if offer is None:
        return
    clock, votes = offer
    start, step, cap = g.p("realtime.start"), g.p("realtime.overtime"), g.p("realtime.overtime_cap")
    if g.overtime >= cap and clock >= g.draw_deadline:  # ⑥ 用满即平，不再表决
        g.finish("draw", "realtime", "〇", "overtime_used_up")
        return
    if not votes:
        return
    if clock < max(start, g.draw_deadline):  # ① 满 3 小时 / ④ 每次加时届满可再提求和
        raise IllegalAction(
            "1.5.3",
            f"对局时长 {clock} 分钟：须满 3 小时且当前加时届满方可求和",
            f"clock {clock} min: a draw may be proposed after 3 hours, once the overtime ran out",
            night=None,
            skill="draw_votes",
        )
    voters = {n: v for n, v in votes.items() if g.players[n - 1].alive}  # 表决仅由存活玩家投出
    yes = sum(1 for v in voters.values() if v)
    g.log("draw_vote", {"clock": clock, "yes": yes, "no": len(voters) - yes})
    if 2 * yes > len(voters):  # ② 赞成票超过参与表决人数半数
        g.finish("draw", "realtime", "〇", "draw_vote")
        return
    g.overtime = min(cap, g.overtime + step)  # ③ 加时 10 分钟, ⑤ 累计至多 60 分钟
    g.draw_deadline = clock + step
