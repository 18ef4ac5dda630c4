"""欺骗阵营: 欺骗者 and its 追随者."""

from __future__ import annotations

import random
from typing import Any

from ruleproof.runtime.model import NotImplementedRule
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.engine.game import Game
from ruleproof.specs.jiejie140.engine.model import JAction, JSeat
from ruleproof.specs.jiejie140.engine.registry import AUTOMATIC, skill
from ruleproof.specs.jiejie140.engine.skills import JSkill
from ruleproof.specs.jiejie140.engine.skills.mirror import message
from ruleproof.specs.jiejie140.skills import Kind, Target

MIRROR_IDENTITIES = None  # filled lazily: member and leader identities (起源 may show one of them)


@skill
class Origin(JSkill):
    """起源 (每一日开始前): today's disguise for 「特定探查技能」 — 「不可设定为欺骗阵营与适应阵营身份」 (fields
    ``identity``, ``faction``); 昭示 sees through it."""

    key = "origin"
    rate = 0.7

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        book = g.spec.skills.identities
        mirror = {d.key for d in book.values() if d.number is not None} | set(nm.LEADERS)
        if a.identity not in mirror or a.faction not in nm.MIRROR:
            raise g.illegal(
                self.rec(g).clause,
                "伪装身份不可设定为欺骗阵营与适应阵营身份（identity 须为镜像阵营身份，faction 为永恒或凝聚）",
                "the disguise is a mirror identity of 永恒 or 凝聚",
                a,
            )

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.add_effect(p.n, "origin", p.n, g.that_day(), identity=a.identity, faction=a.faction)

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"identity": rng.choice(("sensor", "thinker", "guide")), "faction": rng.choice(nm.MIRROR)}


@skill
class Deceive(JSkill):
    """欺骗 (每天限2次): an anonymous message; 「被获知时显示为“技能·灵魂传递”」."""

    key = "deceive"

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        message(g, p.n, a.targets[0], self.key, "soul_relay", False)


@skill
class Fraud(JSkill):
    """欺诈: 「使A向B使用某种能力技能。需要说明使用了A的几号技能，B可以是A…不占用当日技能使用次数，占用次日技能
    使用次数。可突破主动被动限制。可突破使用次数限制，可计算到负数，可突破使用时间限制。可突破技能·精神干扰限制。」
    Resolved at once (「发动则立刻插入结算」); the deceiver gets the feedback, A none (fields ``index``,
    ``super``; targets ``[A]`` or ``[A, B]``)."""

    key = "fraud"
    rate = 0.1

    def forced_action(self, g: Game, p: JSeat, a: JAction) -> JAction:
        A = g.players[a.targets[0] - 1]
        B = a.targets[1] if len(a.targets) > 1 else A.n
        skills = g.indexed(A)
        if a.index is None or not 1 <= a.index <= len(skills):
            raise g.illegal(self.rec(g).clause, f"A 没有 {a.index} 号技能", f"A has no skill #{a.index}", a)
        key = skills[a.index - 1]
        rec = g.rec(key)
        assert rec is not None
        if not rec.kind.ability:
            raise g.illegal(self.rec(g).clause, "只能使 A 使用能力技能", "only an ability skill", a)
        if rec.kind is Kind.SUPER and not a.super_:
            raise g.illegal(
                self.rec(g).clause,
                "可使用出超能技能，但需额外说明（super）",
                "a super skill must be declared",
                a,
            )
        if key in AUTOMATIC or rec.kind is Kind.FACTION:
            raise NotImplementedRule(
                f"欺诈迫使 A 发动被动∕触发技能或阵营技能（{rec.zh}）的结果文中未定义，引擎未实现",
                f"forcing a passive / triggered or faction skill ({key}) is not modelled",
            )
        shape = rec.target
        if shape in (Target.NONE, Target.SELF):
            targets: tuple[int, ...] = () if shape is Target.NONE else (A.n,)
        elif shape in (Target.ONE, Target.OTHER):
            targets = (B,)
        else:
            raise NotImplementedRule(
                f"欺诈只指定一个 B，{rec.zh} 的目标为「{rec.cell('目标').text}」：引擎未实现",
                f"欺诈 names one B; {key} takes {shape.value}: not modelled",
            )
        return JAction(A.n, key, targets, step=g.step, at=a.at, index=None, super_=a.super_)

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        self.forced_action(g, p, a)

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        act = self.forced_action(g, p, a)
        A = g.players[act.actor - 1]
        impl = g.rules.skills[act.skill]
        g.log("forced", {"deceiver": p.n, "actor": A.n, "skill": act.skill, "targets": list(act.targets)})
        g.forced = (A.n, p.n)
        try:
            g.check_common(A, act)
            impl.check(g, A, act)
            impl.resolve(g, A, act)
        finally:
            g.forced = None

    def fields(self, g: Game, p: JSeat, rng: random.Random) -> dict[str, Any] | None:
        return {"index": 1}


@skill
class Lure(JSkill):
    """引导: 「可使一名适应者转化为自身的追随者，对非适应者无效。技能发动成功与失败均收到反馈…当追随者存活时，不可
    发动。」 The follower keeps its identity's skills from #2 on (追随者 备注) and joins the deception faction."""

    key = "lure"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if any(q.alive and q.role == "follower" and q.faction == p.faction for q in g.players):
            raise g.illegal(self.rec(g).clause, "当追随者存活时，不可发动", "a follower is alive", a)

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        q = g.players[a.targets[0] - 1]
        ok = q.role == "adaptor" and q.alive
        if ok:
            ok = g.affect(p.n, self.rec(g), q.n, lambda v: self._convert(g, p, v)) and q.role == "follower"
        g.tell(p.n, "lure", {"target": q.n, "success": ok})

    def _convert(self, g: Game, p: JSeat, v: JSeat) -> None:
        if g.change_faction(v, p.faction, "lure"):
            v.base = v.role
            v.role = v.true_role = "follower"
            g.ver += 1
            v.follower_since = g.night
            g.tell(v.n, "follower", {"of": p.n})

    def targets(self, g: Game, p: JSeat, rng: random.Random) -> tuple[int, ...] | None:
        pool = [q.n for q in g.players if q.alive and q.faction == nm.ADAPTATION]
        return (rng.choice(pool),) if pool else None


@skill
class Mislead(JSkill):
    """误导 (入夜之前): chosen by day, resolved at nightfall — 「入夜时获得该角色的阵营技能使用情况（投票情况），并决定
    是否改动…（误导票视为原投票时间）」 (field ``rewrite``: the new target, or none)."""

    key = "mislead"

    def verify(self, g: Game, p: JSeat, a: JAction) -> None:
        if a.rewrite is not None and (
            not 1 <= a.rewrite <= len(g.players) or g.players[a.rewrite - 1].announced
        ):
            raise g.illegal(
                "出局", "改投的目标须为在场角色", "the rewritten ballot's target must be in the game", a
            )

    def effect(self, g: Game, p: JSeat, a: JAction) -> None:
        g.misleads.append((p.n, a.targets[0], a.rewrite))


def resolve_misleads(g: Game) -> None:
    for deceiver, target, rewrite in g.misleads:
        mine = [b for b in g.ballots if b.voter == target and b.round == g.night]
        g.tell(deceiver, "mislead", {"target": target, "ballots": [b.target for b in mine]})
        if rewrite is None:
            continue
        for b in mine:
            g.log("ballot_rewritten", {"id": b.id, "from": b.target, "to": rewrite, "at": b.at})
            b.target = rewrite
    g.misleads = []


__all__ = ["resolve_misleads"]
