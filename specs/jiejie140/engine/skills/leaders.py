"""永恒者 / 凝聚者, the faction skills (阵营技能: the ballots), the offices (附加身份) and the procedure's
own actions (a trial vote, an arbiter application)."""

from __future__ import annotations

import random
from typing import Any

from ruleproof.kernel.algebra import PY
from ruleproof.specs.jiejie140 import kernels as k
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.engine.game import Game
from ruleproof.specs.jiejie140.engine.model import JAction, JSeat
from ruleproof.specs.jiejie140.engine.registry import skill
from ruleproof.specs.jiejie140.engine.skills import JSkill

# ── 永恒者 / 凝聚者 ─────────────────────────────────────────────────────────────────────────────


@skill
class Gather(JSkill):
    """汇聚 (无队友共群的任意时刻): 「使自己与该队友共群」."""

    key = "gather"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        p.grouped = True
        g.players[a.targets[0] - 1].grouped = True
        g.tell(a.targets[0], "gathered", {"with": p.n})


@skill
class Reveal(JSkill):
    """昭示: 「公示改目标身份与阵营」 — the truth: 起源's and 幻化重塑's disguises are 「对…昭示无效」."""

    key = "reveal"
    rate = 0.05

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        def apply(v: JSeat) -> None:
            g.announce("reveal", {"seat": v.n, "identity": v.role, "faction": v.faction})

        g.affect(p.n, self.rec(g), a.targets[0], apply)


@skill
class Charge(JSkill):
    """充能 (每天限1次): 「使目标“充能”…成功失败均不反馈。被充能者会接到充能提示。」"""

    key = "charge"
    rate = 0.5

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.affect(p.n, self.rec(g), a.targets[0], lambda v: g.give_charge(v, (p.n,), "charge"))

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        mates = [q.n for q in g.players if q.alive and q.faction == p.faction and q.n != p.n]
        return (rng.choice(mates),) if mates else None


# ── the ballots ─────────────────────────────────────────────────────────────────────────────────


class BallotSkill(JSkill):
    """A faction skill: one ballot a day (虚无指引: one more), cast by day with its moment, counted in the
    night's tally step."""

    rate = 0.85

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.cast(p, a)

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        focus = g.focus(p, rng)
        return (focus,) if focus else None


@skill
class Telekinesis(BallotSkill):
    """集团念力: 「达成投票指标后，击杀目标，最后一名投票者承受“技能·极限反击”、“技能·灵能溪流”」."""

    key = "telekinesis"


@skill
class Ascend(BallotSkill):
    """聚灵晋升: 「达成投票指标后，如果目标是适应者，则该目标自选转化为升华者、凝滞者、幻化者三者之一」."""

    key = "ascend"


@skill
class HiddenPush(BallotSkill):
    """隐匿推流: 「使用前需声明该票的阵营归属（永恒/凝聚/适应）」 (field ``declare``)."""

    key = "hidden_push"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if a.declare not in (nm.ETERNAL, nm.COHESION, nm.ADAPTATION):
            raise g.illegal(
                self.rec(g).clause,
                "须声明该票的阵营归属（永恒/凝聚/适应）",
                "declare eternal / cohesion / adaptation",
                a,
            )

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"declare": rng.choice((nm.ETERNAL, nm.COHESION, nm.ADAPTATION))}


# ── the offices ─────────────────────────────────────────────────────────────────────────────────


@skill
class RevengeTrial(JSkill):
    """复仇审判 (每一日开始前): the judge names today's trial target; everyone but the judge and the target
    votes in public (``trial_vote``), counted at the close."""

    key = "revenge_trial"
    rate = 0.9

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if not g.players[a.targets[0] - 1].alive:
            raise g.illegal("出局", "审判目标须在场", "the trial target must be in the game", a)

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.trial[g.night] = {"target": a.targets[0], "votes": {}}
        g.announce("trial", {"judge": p.n, "target": a.targets[0]})


@skill
class RadiantArbitration(JSkill):
    """光辉仲裁 (每一日开始前): 「指定电梯楼相连的若干目标（头尾视为相连），数量为当前存活人数的六分之一，向上取整。」
    — 「被仲裁目标不会被任何能力技能影响」.  The elevator lists the living seats in seat order."""

    key = "radiant_arbitration"
    rate = 0.9

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        living = [q.n for q in g.players if q.alive]
        size = int(k.arbiter_block(PY, len(living), g.spec.p("arbiter.block_den"), len(g.players)))
        if len(a.targets) != size or not contiguous(living, a.targets):
            raise g.illegal(
                "附加身份",
                f"须为电梯楼相连（头尾相连）的 {size} 名存活角色",
                f"{size} living seats, contiguous in the elevator (wrapping)",
                a,
            )

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.protected[g.night] = frozenset(a.targets)
        g.announce("arbitration", {"arbiter": p.n, "seats": sorted(a.targets)})

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        living = [q.n for q in g.players if q.alive]
        size = int(k.arbiter_block(PY, len(living), g.spec.p("arbiter.block_den"), len(g.players)))
        start = rng.randrange(len(living))
        return tuple(living[(start + i) % len(living)] for i in range(size))


def contiguous(ring: list[int], block: tuple[int, ...]) -> bool:
    """``block`` is a run of consecutive entries of ``ring`` (head and tail adjacent)."""
    if not block or len(set(block)) != len(block) or not set(block) <= set(ring):
        return False
    n = len(ring)
    pos = sorted(ring.index(s) for s in block)
    return any(sorted((start + i) % n for i in range(len(block))) == pos for start in range(n))


# ── the procedure's own actions ─────────────────────────────────────────────────────────────────


@skill
class TrialVote(JSkill):
    """A vote in the trial (field ``vote``: support / oppose / abstain); a later vote replaces an earlier."""

    key = nm.TRIAL_VOTE
    rate = 0.6

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        t = g.trial.get(g.night)
        if not t:
            raise g.illegal("附加身份", "今日没有复仇审判", "no trial today", a)
        if p.n in (t["target"], g.judge.get(g.night)):
            raise g.illegal(
                "附加身份", "审判者与审判目标不参与公决", "the judge and the target do not vote", a
            )
        if a.vote not in ("support", "oppose", "abstain"):
            raise g.illegal("附加身份", "态度须为支持、反对或弃权", "support / oppose / abstain", a)

    def resolve(self, g: Game, p: JSeat, a: JAction) -> None:
        assert a.vote is not None
        g.trial[g.night]["votes"][p.n] = (a.vote, g.moment)
        g.announce("trial_vote", {"seat": p.n, "vote": a.vote})  # 「公决投票为公开投票」

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        return ()

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"vote": rng.choice(("support", "oppose", "abstain"))}


@skill
class ArbiterApply(JSkill):
    """Applying for the arbiter's office: 「前一日放弃使用当日所有技能，申请仲裁者…当日使用过技能后无法申请。申请
    则会被公示。」"""

    key = nm.ARBITER_APPLY
    rate = 0.05

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if p.n in g.used_today.get(g.night, set()):
            raise g.illegal(
                "附加身份", "当日使用过技能后无法申请仲裁者", "used a skill today: cannot apply", a
            )
        if p.n in g.applicants.get(g.night, {}):
            raise g.illegal("附加身份", "已经申请过", "applied already", a)

    def resolve(self, g: Game, p: JSeat, a: JAction) -> None:
        g.applicants.setdefault(g.night, {})[p.n] = g.moment
        g.announce("arbiter_application", {"seat": p.n})

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        return ()


__all__ = ["BallotSkill", "contiguous"]
