"""适应阵营: 适应者, 升华者, 凝滞者, 幻化者."""

from __future__ import annotations

import random
from typing import Any

from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.engine.game import Game
from ruleproof.specs.jiejie140.engine.model import JAction, JSeat
from ruleproof.specs.jiejie140.engine.registry import skill
from ruleproof.specs.jiejie140.engine.skills import JSkill


@skill
class PsiBurst(JSkill):
    """灵能爆发: 「自选转化为升华者、凝滞者、幻化者三者之一，并公示。以此技能转化产生的…不计入获胜条件计数中。」"""

    key = "psi_burst"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if a.identity not in nm.PROMOTED:
            raise g.illegal(
                self.rec(g).clause,
                "须自选升华者、凝滞者、幻化者之一（identity）",
                "pick a promoted identity",
                a,
            )

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        assert a.identity is not None
        g.promote(p, a.identity, "burst")
        g.announce("promoted", {"seat": p.n, "identity": a.identity, "by": "psi_burst"})

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"identity": rng.choice(nm.PROMOTED)}


@skill
class PsiSense(JSkill):
    """灵能感应 (敌意): 「获知该目标是否为适应者」."""

    key = "psi_sense"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.affect(
            p.n,
            self.rec(g),
            a.targets[0],
            lambda v: g.tell(p.n, "psi_sense", {"target": v.n, "adaptor": v.role == "adaptor"}),
        )


@skill
class PsiShield(JSkill):
    """灵能护盾: 「目标当日不会死，也不会被转变阵营」."""

    key = "psi_shield"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.affect(p.n, self.rec(g), a.targets[0], lambda v: g.add_effect(v.n, "psi_shield", p.n, g.that_day()))


@skill
class TimeStasis(JSkill):
    """时间凝滞: 「使该目标下一日发动的所有能力技能，视为延后一天发动。该效果持续1天」; after 凝滞永续, one already
    affected once keeps it for good."""

    key = "time_stasis"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        def apply(v: JSeat) -> None:
            start, end = g.next_day()
            forever = v.n in g.stasis_armed
            g.add_effect(v.n, "time_stasis", p.n, (start, None if forever else end))
            v.stasised_ever = True

        g.affect(p.n, self.rec(g), a.targets[0], apply)


@skill
class StasisForever(JSkill):
    """凝滞永续: 「曾受到过技能·时间凝滞影响的角色，再次受到技能·时间凝滞影响，效果永久持续」."""

    key = "stasis_forever"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        for q in g.players:
            if q.stasised_ever:
                g.stasis_armed.add(q.n)
        g.log("stasis_forever", {"armed": sorted(g.stasis_armed)})


@skill
class Situation(JSkill):
    """局势掌控: 「获知当前各阵营最高票目标（如果有多目标平票情况，则多个目标均获知）」."""

    key = "situation"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        top: dict[str, list[int]] = {}
        for f in (nm.ETERNAL, nm.COHESION, nm.ADAPTATION):
            counts: dict[int, int] = {}
            for b in g.ballots:
                if b.round == g.night and b.tally == f and not b.void:
                    counts[b.target] = counts.get(b.target, 0) + 1
            if counts:
                best = max(counts.values())
                top[f] = sorted(t for t, c in counts.items() if c == best)
        g.tell(p.n, "situation", {"top": top})


@skill
class Reshape(JSkill):
    """幻化重塑: 「使目标下一日起，被特定探查技能查验时反馈为幻化者设定的阵营身份…效果永久持续」 (fields
    ``identity``, ``faction``)."""

    key = "reshape"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if a.identity not in g.spec.skills.identities or a.faction not in nm.FACTIONS:
            raise g.illegal(
                self.rec(g).clause, "须设定阵营身份（identity, faction）", "set identity and faction", a
            )

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        def apply(v: JSeat) -> None:
            g.add_effect(v.n, "reshape", p.n, (g.next_day()[0], None), identity=a.identity, faction=a.faction)
            g.tell(v.n, "reshape", {"identity": a.identity, "faction": a.faction})

        g.affect(p.n, self.rec(g), a.targets[0], apply)

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"identity": "adaptor", "faction": nm.ADAPTATION}


@skill
class CoopDispatch(JSkill):
    """协作调度: 「为幻化者充能的人员的阵营投票，改为投给该目标，最多为3票」 — the ballots of whoever gave the
    current charge, not yet counted tonight, earliest first."""

    key = "coop_dispatch"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        tally_step = g.spec.order.tally_steps()
        step_no = int(g.step)
        later = {f for f in nm.FACTIONS if int(tally_step.get(nm_skill(f), "0") or 0) > step_no}
        mine = sorted(
            (b for b in g.ballots if b.round == g.night and b.voter in p.chargers and b.tally in later),
            key=lambda b: (b.at, b.id),
        )[: g.spec.p("coop.max_votes")]
        for b in mine:
            g.log("ballot_redirected", {"id": b.id, "from": b.target, "to": a.targets[0]})
            b.target = a.targets[0]
        g.log("coop_dispatch", {"chargers": list(p.chargers), "redirected": len(mine)})


def nm_skill(faction: str) -> str:
    return "telekinesis" if faction in nm.MIRROR else ("ascend" if faction == nm.ADAPTATION else "")


__all__ = ["nm_skill"]
