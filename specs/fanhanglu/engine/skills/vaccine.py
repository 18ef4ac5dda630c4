"""The vaccine researcher (4.14): diagnosis (a heal that yields a sample and no antibody), unlocking with
two samples, research (one vaccine a night), inoculation (a 2.5 quota) granting the vaccine antibody — an
infection-side full reduction on each of the next four nights (4.14.4④, 5.3.3) — and its pharma, fixed to one
rescue (4.14.1②, done in the doctors' module).  One of four per night (4.14.5): all take the main slot."""

from __future__ import annotations

import random

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import NONE, Action, Player
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, skill
from ruleproof.specs.fanhanglu.engine.skills.util import living, quota_held, quota_targets
from ruleproof.specs.fanhanglu.kernels import PY, quota_spend


@skill
class Diagnose(SkillImpl):
    key = "diagnose"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.players[a.targets[0] - 1]
        if t.mark == NONE:  # nothing to clear (or cleared earlier tonight): fizzle, no sample (2.1.2③)
            g.log("fizzle", {"actor": p.n, "skill": "diagnose", "target": t.n})
            return
        g.clear_mark(t)  # true or fake alike (4.14.2②), no antibody (4.14.1③)
        g.log("healed", {"actor": p.n, "target": t.n})
        if p.unlocked:
            return  # 4.14.3①: samples are no longer recorded once research is unlocked
        p.samples += g.p("vaccine.samples_per_diagnosis")
        if p.samples >= g.p("vaccine.unlock_samples"):  # reading: unlocking spends the samples at once
            p.unlocked, p.samples = True, 0
            g.log("research_unlocked", {"player": p.n})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        marked = [q.n for q in g.players if q.alive and q.mark != NONE]  # 3.3.10① doctors see the list
        return Action(p.n, "diagnose", (rng.choice(marked),)) if marked and rng.random() < 0.6 else None


@skill
class Research(SkillImpl):
    key = "research"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not p.unlocked:
            raise g.illegal("4.14.3", "须先以 2 份样本解锁研制流程", "research needs 2 samples first", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.vaccines += 1  # 即时产出 1 支疫苗 (not a 2.9 process)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, "research") if p.unlocked and rng.random() < 0.5 else None


@skill
class Inoculate(SkillImpl):
    key = "inoculate"

    def check(self, g: Game, p: Player, a: Action) -> None:
        quota_targets(g, a, quota_held(p, a), "疫苗", "vaccines")

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.vaccines = quota_spend(PY, p.vaccines, len(a.targets))
        n = g.night
        for t in a.targets:
            q = g.players[t - 1]
            if q.presented == "xeno":  # 4.14.4③: effect immunity — spent, no effect, no hint
                g.log("fizzle", {"actor": p.n, "skill": "inoculate", "target": t})
                continue
            if q.vaccine_until < n + 1:  # reading: a new inoculation extends a running window
                q.vaccine_from = n + 1
            q.vaccine_until = n + g.p("vaccine.antibody_nights")
            q.vaccine_src = p.n
            g.private(q.n, "vaccinated", {"from": q.vaccine_from, "until": q.vaccine_until})  # 7.2.8

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.vaccines <= 0 or rng.random() < 0.4:
            return None
        pool = living(g)
        return Action(p.n, "inoculate", tuple(rng.sample(pool, min(p.vaccines, len(pool)))))
