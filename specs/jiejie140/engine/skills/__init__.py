"""The skills of [140]乘风破浪的姐姐2, one module per faction's identities.  Each is a
:class:`JSkill`: the game's generic checks run first (from the skill's record), then ``check`` for what is
the skill's own; ``effect`` is what it does (``resolve`` counts the use and lets the watchers see it).
``propose`` draws a random legal use for the seeded random policy."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ruleproof.runtime.model import IllegalAction
from ruleproof.specs.jiejie140.engine.game import Game
from ruleproof.specs.jiejie140.engine.model import JAction, JSeat
from ruleproof.specs.jiejie140.engine.registry import SkillImpl
from ruleproof.specs.jiejie140.skills import SkillRecord, Target

DAY_MINUTES = 720  # the random policy's day: moments 0…720 after the door opens

UNOBSERVABLE = frozenset({"origin", "fraud"})  # 「技能发动本身无法被其他人获知」, 「无法被其他人获知」


class JSkill(SkillImpl):
    """A skill of the tables."""

    key: ClassVar[str]
    rate: ClassVar[float] = 0.3  # how often the random policy uses it when it may

    def rec(self, g: Game) -> SkillRecord:
        rec = g.rec(self.key)
        assert rec is not None, self.key
        return rec

    def check(self, g: Game, p: JSeat, a: JAction) -> None:
        if not a.void:
            self.verify(g, p, a)

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        """The skill's own legality (raise ``g.illegal(...)``), after the game's generic checks."""

    def capable(self, g: Game, p: JSeat, a: JAction) -> bool:
        if a.void:
            return False
        return g.capable(p, self.key)

    def resolve(self, g: Game, p: JSeat, a: JAction) -> None:
        if g.result is not None:
            return
        rec = g.rec(self.key)
        if rec is not None:
            forced = g.forced is not None and g.forced[0] == p.n
            wk = g.window_key(p, rec)
            g.log(
                "used",
                {
                    "actor": p.n,
                    "skill": self.key,
                    "targets": list(a.targets),
                    "forced": forced,
                    "period": g.period,
                    "window": list(wk) if wk is not None else None,
                    "via": g.skills_of(p).get(self.key, "forced"),
                },
            )
            g.spend(p, rec, a)
            if self.key not in UNOBSERVABLE:
                g.observe_use(p, rec, a)
        self.effect(g, p, a)
        if g.is_day:
            g.wins_now("stream")

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        raise NotImplementedError(self.key)

    # ── random play ─────────────────────────────────────────────────────────────────────────────

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        """Random targets of the record's shape (None: no sensible target)."""
        t = self.rec(g).target
        living = [q.n for q in g.players if q.alive and not q.announced]
        others = [x for x in living if x != p.n]
        if t in (Target.NONE, Target.SKILL, Target.ALL_AFFECTED):
            return ()
        if t is Target.SELF:
            return (p.n,)
        if t in (Target.ONE, Target.ONE_DECLARED):
            return (rng.choice(living),) if living else None
        if t is Target.OTHER:
            return (rng.choice(others),) if others else None
        if t in (Target.PAIR, Target.PAIR_OTHERS):
            pool = others if t is Target.PAIR_OTHERS else living
            return tuple(rng.sample(pool, 2)) if len(pool) >= 2 else None
        if t is Target.TEAMMATE:
            mates = [x for x in others if g.players[x - 1].faction == p.faction]
            return (rng.choice(mates),) if mates else None
        if t is Target.ONE_AND_TEAMMATE:
            mates = [x for x in others if g.players[x - 1].faction == p.faction]
            return (rng.choice(others), rng.choice(mates)) if mates and others else None
        return None

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        """The skill's own action fields for a random use (None: do not use it)."""
        return {}

    def propose(self, g: Game, p: JSeat, rng: random.Random) -> JAction | None:
        if rng.random() >= self.rate:
            return None
        targets = self.targets(g, p, rng)
        if targets is None:
            return None
        extra = self.fields(g, p, rng)
        if extra is None:
            return None
        at = rng.randint(0, DAY_MINUTES) if g.step == "stream" else None
        a = JAction(p.n, self.key, targets, step=g.step, at=at, **extra)
        if not legal(g, p, a):
            return None
        a.tentative = True
        return a


def legal(g: Game, p: JSeat, a: JAction) -> bool:
    """Would ``a`` pass every check now (the random policy only proposes what a vector could script)."""
    impl = g.rules.skills.get(a.skill)
    if impl is None:
        return False
    try:
        g._check_common(p, a)
        impl.check(g, p, a)
    except IllegalAction:
        return False
    return True


__all__ = ["DAY_MINUTES", "UNOBSERVABLE", "JSkill", "legal"]
