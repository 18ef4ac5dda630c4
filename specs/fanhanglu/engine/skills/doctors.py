"""Doctors at step 8 (3.3.2): heal (3.3.9), rescue (4.6.1), the bio-doctor's self-rescue (4.5.2) and
pharma (3.3.1, a 2.9 process).  Bio-doctor (4.5), rescue doctor (4.6), temp doctor (4.2.2)."""

from __future__ import annotations

import random

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import FAKE, NONE, TRUE, Action, Player
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, hook, on_arrival, on_setup, skill
from ruleproof.specs.fanhanglu.engine.skills.common import report
from ruleproof.specs.fanhanglu.engine.skills.util import (
    dying_targets,
    ledger_holders,
    quota_held,
    quota_targets,
)
from ruleproof.specs.fanhanglu.kernels import PY, process_advance, quota_spend
from ruleproof.specs.fanhanglu.roles import DOCTORS


@on_setup("bio_doctor")
def _bio(g: Game, p: Player) -> None:
    p.self_rescue = g.p("bio.self_rescues")


@on_setup("rescue_doctor")
def _rescue(g: Game, p: Player) -> None:
    p.heal = g.p("rescue.heals")


@on_arrival
def _doctor_quotas(g: Game) -> None:
    """2.1.5: per-night quotas (4.5.1, 4.6.1) and pharma products (3.3.1③) arrive before step 0."""
    for p in ledger_holders(g):
        if not p.alive:
            continue
        if p.role == "bio_doctor" and g.night in g.spec.pt("bio.heal_nights"):
            p.heal += 1
        if p.role == "rescue_doctor" and g.night in g.spec.pt("rescue.rescue_nights"):
            p.rescue += 1
        if p.heal_pending or p.rescue_pending:
            p.heal += p.heal_pending
            p.rescue += p.rescue_pending
            p.heal_pending = p.rescue_pending = 0


@hook("8", "pre")
def _dying_view(g: Game) -> None:
    """Who is dying tonight, on the step-8 snapshot — visible to the doctors (7.1.3②, 3.3.12: 「医生可见当夜
    濒死者」, by the role a player uses) and to the death-row alien (6.8.4③ 明文授予「可见当夜濒死者」, 7.1.3③);
    numbers only — the sources of dying need an actual rescue (4.6.1).  Nothing is sent when nobody is dying."""
    dying = [q.n for q in g.players if q.alive and q.dying]
    if not dying:
        return
    for p in g.players:
        if p.alive and (p.role in DOCTORS or p.true_role == "death_row_alien"):
            g.private(p.n, "dying_view", {"players": dying})


def give_antibody(g: Game, p: Player, source: int) -> None:
    """3.3.8: an antibody for the next night only, blocking one infection."""
    p.antibody_night = g.night + 1
    p.antibody_src = source


@skill
class Heal(SkillImpl):
    key = "heal"

    def check(self, g: Game, p: Player, a: Action) -> None:
        quota_targets(g, a, quota_held(p, a), "治疗额度", "heal quota")

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.heal = quota_spend(PY, p.heal, len(a.targets))
        for t in a.targets:
            q = g.players[t - 1]
            if q.mark == NONE:  # 3.3.2: nothing to clear — the heal fizzles, quota spent
                g.log("fizzle", {"actor": p.n, "skill": "heal", "target": t})
                continue
            was_true = q.mark == TRUE
            g.clear_mark(q)
            if was_true and p.role == "bio_doctor":  # 3.3.9①; a fake mark gives nothing more (5.3.5 ¶132)
                give_antibody(g, q, p.n)
            g.log("healed", {"actor": p.n, "target": t})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.heal <= 0:
            return None
        marked = [q.n for q in g.players if q.alive and q.mark != NONE]  # 3.3.10① doctors see the list
        if not marked or rng.random() < 0.3:
            return None
        return Action(p.n, "heal", tuple(rng.sample(marked, min(len(marked), p.heal, 2))))


@skill
class Rescue(SkillImpl):
    key = "rescue"

    def check(self, g: Game, p: Player, a: Action) -> None:
        quota_targets(g, a, quota_held(p, a), "救援额度", "rescue quota")
        dying_targets(g, a, "4.6.1")

    def capable(self, g: Game, p: Player, a: Action) -> bool:
        if p.dying and a.targets == (p.n,) and self_rescue_by_rescue(g, p):
            return p.alive  # 3.3.6 / 3.3.4: a dying doctor's rescue aimed at itself counts as self-rescue
        return g.capable(p, a.skill)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.rescue = quota_spend(PY, p.rescue, len(a.targets))
        for t in a.targets:
            q = g.players[t - 1]
            if not q.dying:  # already rescued earlier in the settlement order: fizzle (3.3.2)
                g.log("fizzle", {"actor": p.n, "skill": "rescue", "target": t})
                continue
            g.end_dying(q)
            g.clear_mark(q)  # 救援自带清除感染 (4.6.1), fake marks included (5.3.5 ¶132)
            if p.role != "poisoner":  # 4.6.4②: 尸检清单可见（4.6.1） 不继承
                g.private(p.n, "rescue_sources", {"target": t, "sources": report(q)})  # 4.6.1
            g.log("rescued", {"actor": p.n, "target": t})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.rescue <= 0:
            return None
        dying = [q.n for q in g.players if q.alive and q.dying]
        if not dying or rng.random() < 0.15:
            return None
        if p.dying and self_rescue_by_rescue(g, p):
            return Action(p.n, "rescue", (p.n,))
        return Action(p.n, "rescue", tuple(rng.sample(dying, min(len(dying), p.rescue))))


def self_rescue_by_rescue(g: Game, p: Player) -> bool:
    """Whether a dying doctor may aim its rescue quota at itself: the switch ``rescue.self_when_dying``;
    never the poisoner (4.6.4⑤③ 濒死者当夜无从再推进本表任何出手)."""
    return p.role != "poisoner" and g.interp["rescue.self_when_dying"] == "allowed"


@skill
class SelfRescue(SkillImpl):
    key = "self_rescue"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.self_rescue <= 0:
            raise g.illegal("4.5.2", "自救额度全局 1 次，已用", "self-rescue already used", a)
        if not p.dying:
            raise g.illegal("2.4.2", "自救须本人已处于濒死", "self-rescue needs oneself dying", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.self_rescue -= 1
        if not p.dying:  # rescued earlier in the settlement order: fizzle, quota spent (2.1.2③)
            g.log("fizzle", {"actor": p.n, "skill": "self_rescue", "target": p.n})
            return
        g.end_dying(p)
        g.clear_mark(p)
        give_antibody(g, p, p.n)  # 4.5.2: 解除濒死…清除自身感染、获得抗体
        g.log("rescued", {"actor": p.n, "target": p.n, "self": True})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, "self_rescue", (p.n,)) if p.dying and p.self_rescue > 0 else None


@skill
class Pharma(SkillImpl):
    key = "pharma"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if a.product not in ("rescue", "heal"):
            raise g.illegal(
                "3.3.1",
                "制药产物二选一：rescue（1 瓶救援药剂）∕heal（2 瓶治疗药剂）",
                "product is rescue or heal",
                a,
            )
        if p.role == "vaccine_researcher" and a.product != "rescue":
            raise g.illegal(
                "4.14.1",
                "疫苗研究员制药固定产出 1 瓶救援药剂",
                "the vaccine researcher makes rescues only",
                a,
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.pharma_progress, done = process_advance(PY, p.pharma_progress, g.p("pharma.nights"))
        if done:  # 2.9⑥⑦: product fixed at completion, arrives next night
            if p.role == "vaccine_researcher":  # 4.14.1② (2.8.9(23))
                p.rescue_pending += g.p("vaccine.pharma_rescue_yield")
            elif a.product == "rescue":
                p.rescue_pending += g.p("pharma.rescue_yield")
            else:
                p.heal_pending += g.p("pharma.heal_yield")

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if rng.random() >= 0.25:
            return None
        product = "rescue" if p.role == "vaccine_researcher" else rng.choice(("rescue", "heal"))
        return Action(p.n, "pharma", product=product)


__all__ = ["FAKE"]
