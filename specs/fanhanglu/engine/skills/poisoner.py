"""The poisoner (4.6.4): poison and antidote at step 8 (one of five with rescue / heal / pharma, 4.6.4⑤),
quotas on nights 1, 3, 5, the poison mark falling due at step 0.55 of its third night (2.1.4), stopped only by
full reductions (2.8.2⑧: the safe room at landing, night immunity at 0.55)."""

from __future__ import annotations

import random

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, hook, on_arrival, skill
from ruleproof.specs.fanhanglu.engine.skills.common import fall_due
from ruleproof.specs.fanhanglu.engine.skills.util import ledger_holders, living
from ruleproof.specs.fanhanglu.kernels import PY, Poison, poison_application


@on_arrival
def _poison_quotas(g: Game) -> None:
    """4.6.4⑥: poison and antidote arrive on nights 1, 3, 5 at the default time (2.1.5)."""
    for p in ledger_holders(g):
        if p.alive and p.role == "poisoner":
            if g.night in g.spec.pt("poisoner.poison_nights"):
                p.poison_quota += 1
            if g.night in g.spec.pt("poisoner.antidote_nights"):
                p.antidote_quota += 1


@skill
class PoisonSkill(SkillImpl):
    key = "poison"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.poison_quota <= 0:
            raise g.illegal("4.6.4", "毒药额度已用尽（第 1、3、5 夜各到账 1 份）", "no poison left", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.poison_quota -= 1
        t = g.players[a.targets[0] - 1]
        n = g.night
        if t.protect_night == n and t.protected_by:  # 4.8.3: the bodyguard perceives 「中毒」, blocked or not
            g.private(t.protected_by, "attack_type", {"type": "poison"})
        code = Poison(poison_application(PY, t.dying, t.safe_room_night == n, t.poisoned))
        if code == Poison.LANDS:
            t.poisoned, t.poison_by = True, p.n
            t.poison_due = n + g.p("poison.death_night") - 1  # 落身当夜即为第 1 夜
            g.private(t.n, "poisoned", {"due": t.poison_due})  # 4.6.4③ 被下毒者本人可见
        g.log("poison", {"actor": p.n, "target": t.n, "result": code.name.lower()})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.poison_quota <= 0 or rng.random() < 0.7:
            return None
        return Action(p.n, "poison", (rng.choice(living(g)),))


@skill
class Antidote(SkillImpl):
    key = "antidote"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.antidote_quota <= 0:
            raise g.illegal("4.6.4", "解药额度已用尽（第 1、3、5 夜各到账 1 份）", "no antidote left", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.antidote_quota -= 1
        t = g.players[a.targets[0] - 1]
        if not t.poisoned:  # 4.6.4④: on an unpoisoned target the antidote fizzles, quota spent
            g.log("fizzle", {"actor": p.n, "skill": "antidote", "target": t.n})
            return
        clear_poison(t)  # the infection mark, if any, stays (解药…非感染之清除途径)
        g.log("antidote", {"actor": p.n, "target": t.n})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        poisoned = [q.n for q in g.players if q.alive and q.poisoned]  # 4.6.4③ 毒师本人可见全场毒药清单
        if p.antidote_quota <= 0 or not poisoned or rng.random() < 0.5:
            return None
        return Action(p.n, "antidote", (rng.choice(poisoned),))


def clear_poison(p: Player) -> None:
    p.poisoned, p.poison_due, p.poison_by = False, 0, 0


def _poison_view(g: Game) -> None:
    """4.6.4③ 「毒师本人可见全场毒药清单」 (2.8.7 明文授予): every living holder of the poisoner role (the
    one whose skills it uses, 2.8.1①) is shown the list — each living poisoned player with the night its
    poison falls due — whenever it differs from what that holder was last shown: after the poisons and
    antidotes of step 8, after poisons fall due at 0.55, after deaths at step 9, and after a transform into
    the poisoner.  Nobody else sees it (the poisoned player learns only its own poison)."""
    if "poisoner" not in g.roles_in_game:  # nobody can hold the role (a transform takes an opening role)
        return
    shown = [{"player": q.n, "due": q.poison_due} for q in g.players if q.alive and q.poisoned]
    for p in g.players:
        if p.alive and p.role == "poisoner" and g.poison_seen.get(p.n, []) != shown:
            g.poison_seen[p.n] = shown
            g.private(p.n, "poison_list", {"poisoned": shown})


for _step in ("iss", "0.55", "8", "9"):
    hook(_step, "post")(_poison_view)


@hook("0.55", "pre")
def _poison_death(g: Game) -> None:
    """4.6.4③ / 2.1.4: a poison due tonight makes its holder dying at 0.55, judged independently of the
    infection due at the same point; the mark is consumed either way (or cleared with the night immunity
    that stopped it, 6.4.2).  The poisoner's own exit changes nothing; extinction does not freeze it."""
    for n in g.order:
        p = g.players[n - 1]
        if p.poisoned and p.poison_due == g.night:
            by = p.poison_by
            p.poison_fell_night = g.night  # poison.perceived_when_due: a designation of tonight?
            clear_poison(p)
            fall_due(g, p, "poison", by)
