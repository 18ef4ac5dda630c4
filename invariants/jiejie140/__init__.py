"""[140]乘风破浪的姐姐2 invariants: what the text states, each citing its section and line, checked by Z3
on the same kernels the engine runs (docs/jiejie140.md, "Invariants").

| name | section | kind |
|---|---|---|
| ``ballot_threshold`` | 阵营技能 (lines 139–141), 开场行动 (181, 190) | one-shot over the tally kernel |
| ``lost_never_wins`` | 胜负判定 PS1 (159) | one-shot over the win kernels |
| ``single_winner`` | 胜负判定 PS2 (160) | one-shot over the win kernels |
| ``snipe_at_most_once`` | 清晰者 (27), 欺骗者 (100), 支援者 (64) | transition system (a use ledger) |
| ``deceive_counted_per_day`` | 欺骗者 (99, 100) | transition system (a use ledger) |
| ``deceive_twice_a_day`` | 欺骗者 (99, 100) | transition system (a use ledger) |
| ``arbiter_not_twice`` | 附加身份 (149) | transition system (the office) |
| ``exits_once`` | 出局 (247) | transition system (one seat) |

The rest of what the issue lists is checked on the engine's traces by the suite's Hypothesis games
(tests/jiejie140/test_games.py): announced exits never targeted, 灵能护盾, 不可对同一目标连续使用, the sensor's
exclusive reactions, super skills only in a charge window, 遗泽 / 消逝 as written.
"""

from __future__ import annotations

from ruleproof.invariants.jiejie140.ballots import BallotThreshold
from ruleproof.invariants.jiejie140.limits import DeceiveCounted, DeceiveTwice, SnipeOnce
from ruleproof.invariants.jiejie140.offices import ArbiterNotTwice, ExitsOnce
from ruleproof.invariants.jiejie140.wins import LostNeverWins, SingleWinner
from ruleproof.smt.invariant import Invariant
from ruleproof.specs.jiejie140 import Spec

INVARIANTS: tuple[Invariant[Spec], ...] = (
    BallotThreshold(),
    LostNeverWins(),
    SingleWinner(),
    SnipeOnce(),
    DeceiveCounted(),
    DeceiveTwice(),
    ArbiterNotTwice(),
    ExitsOnce(),
)
INVARIANT_BY_NAME: dict[str, Invariant[Spec]] = {inv.name: inv for inv in INVARIANTS}

__all__ = ["INVARIANTS", "INVARIANT_BY_NAME"]
