"""随机配置法 4.1's submitted actions and the steps' system work.

* a *slot* 「role<skill>」 of the phase lists: its effect is the vector's (``effect``), its place and what the
  framework does with the effect are the text's: a damage at night joins the exit list at the slot's row
  (凌晨 4; a slot with no row there cannot damage at night), a targeted effect passes the 「选择目标 →
  结算目标」 chain and [隐身]; a redirection (「时间逆流」「交换」「拥抱」) sets its stage for the night;
* 杀人 (身份标签): the current knife holder's [指杀];
* 投票 at 正午 2, resolved at 黄昏 1 (最高票[投票出局] unless [霸道]/[不死]; [独裁] adds votes);
* 警长 at 竞选 (day 1 only): the seat the election made sheriff (the text gives no election procedure).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ruleproof.runtime import Action, SkillImpl, Until
from ruleproof.specs._werewolf_family.engine import Hit, Player
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.random41 import tables
from ruleproof.specs.random41.engine.game import DAY, KNIFE_SLOT, NIGHT, RULES, SLOTS, Game

DAMAGES = {d.value: d for d in (Damage.KILL, Damage.PIERCE, Damage.LETHAL)}
UNTIL = ("night", "day", "game")
Impl = SkillImpl[Game, Player, Action]


def _until(g: Game, how: str) -> Until | None:
    if how == "night":  # 当晚: through the dawn's exit resolution
        return Until(g.night, "dawn.1", "end")
    if how == "day":
        return Until(g.night, "dusk.5", "end")
    return None


class Slot(Impl):
    key: ClassVar[str]
    skill: ClassVar[str]

    def check(self, g: Game, p: Player, a: Action) -> None:
        eff = getattr(a, "effect", None) or {}
        if "damage" in eff and g.night_step() and self.key not in tables.EXIT_ORDER.entries:
            raise g.illegal(
                "凌晨",
                f"{self.key} 不在出局名单的顺序中，夜间不能造成出局",
                f"{self.key} has no row in the exit list",
                a,
            )
        if "redirect" in eff and self.skill not in ("时间逆流", "交换", "拥抱"):
            raise g.illegal(
                "技能标签", "只有过渡列出的技能改变结算目标", "only the chain's skills redirect", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        eff: dict[str, Any] = dict(getattr(a, "effect", None) or {})
        if not eff.get("forced"):
            g.cursed_act(p)  # 血咒（2）发动非[强制]技能
        if "redirect" in eff:
            g.stages.setdefault(self.skill, {}).update({int(x): int(y) for x, y in eff["redirect"]})
            return
        if eff.get("yize"):
            g.yize += 1
        for selected in a.targets:
            final = g.kick(p, selected, self.key) if a.targets else selected
            t = g.seat(final)
            if g.has(t, "隐身"):  # 将处于该状态的角色从目标中删除
                g.log("void", {"actor": p.n, "skill": self.key, "selected": selected, "why": "隐身"})
                continue
            self.apply(g, p, t, eff)

    def apply(self, g: Game, p: Player, t: Player, eff: dict[str, Any]) -> None:
        if "damage" in eff:
            g.damage(t.n, DAMAGES[eff["damage"]], p.n, self.key, self.key)
        if "status" in eff:
            data = {"count": int(eff["count"])} if "count" in eff else {}
            g.give(t, str(eff["status"]), source=p.n, until=_until(g, str(eff.get("until", "game"))), **data)
        if "remove" in eff:
            g.statuses.remove(t.n, str(eff["remove"]))
        if eff.get("cut"):
            g.cursed_act(t)  # 血咒（3）被[割裂]


for _key in SLOTS:
    if _key == KNIFE_SLOT:
        continue
    RULES.skill(
        type(f"Slot_{abs(hash(_key))}", (Slot,), {"key": _key, "skill": _key.rpartition("<")[2][:-1]})
    )


@RULES.skill
class Kill(Impl):
    """杀人[深夜][指定]——选择范围：任意一名角色；结算效果：对结算目标造成[指杀]."""

    key = "杀人"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) != 1:
            raise g.illegal("身份标签", "选择范围：任意一名角色", "one target", a)
        if p not in g.knife_holders():
            raise g.illegal(
                "身份标签", "只有当前持刀狼人持有[杀人]", "only the current knife holder kills", a
            )
        if sum(1 for x in g.submitted if x.skill == "杀人") > 1:
            raise g.illegal("身份标签", "所有[群内]共享[杀人]技能", "the pack shares one kill", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.seat(g.kick(p, a.targets[0], self.key))
        if g.has(t, "隐身"):
            g.log("void", {"actor": p.n, "skill": self.key, "why": "隐身"})
            return
        g.damage(t.n, Damage.KILL, p.n, "杀人", KNIFE_SLOT)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        holders = g.knife_holders()
        if not holders or p is not holders[0]:
            return None
        pool = [q.n for q in g.living() if q.faction != p.faction] or [q.n for q in g.living()]
        return Action(p.n, self.key, (rng.choice(pool),))


@RULES.skill
class Vote(Impl):
    """放逐投票 (正午 2); an empty target is 弃权."""

    key = "投票"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) > 1:
            raise g.illegal("出局结算", "每票投一人（空为弃权）", "one target (none: abstain)", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        g.ballots[p.n] = a.targets[0] if a.targets else None

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        pool = [q.n for q in g.living() if q.n != p.n]
        return Action(p.n, self.key, (rng.choice(pool),)) if pool else None


@RULES.skill
class Sheriff(Impl):
    """竞选: the seat the election made sheriff (若当前游戏天数为1)."""

    key = "警长"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.sheriff:
            raise g.illegal("竞选", "警长只有一位", "one sheriff", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        g.sheriff = p.n
        p.sheriff = True
        g.announce("sheriff", {"seat": p.n})


# ── the steps ────────────────────────────────────────────────────────────────────────────────


@RULES.hook("early.1", "pre")
def _day(g: Game) -> None:
    """早夜 1: 当前游戏天数增加1."""
    g.day += 1
    g.log("day", {"day": g.day})


@RULES.hook("late.4", "post")
def _list(g: Game) -> None:
    """凌晨 4: 按以下顺序得到出局名单 (ties: the order of submission)."""
    g.hits.sort(key=lambda h: (h.rank, h.seq))
    g.log(
        "exit_list", {"order": [[h.target, h.skill] for h in g.hits], "ranks": [list(h.rank) for h in g.hits]}
    )


@RULES.hook("dawn.1", "pre")
def _resolve(g: Game) -> None:
    """晨曦 1: 按出局名单的顺序结算出局."""
    queue, g.hits = g.hits, []
    for h in queue:
        g.resolve_hit(h)


@RULES.hook("dawn.2", "pre")
def _tetanus(g: Game) -> None:
    """晨曦 2: [破伤风]状态 — 每个[晨曦]阶段都会受到[致死伤害]，伤害来源为赋予者."""
    for s in [s for s in g.statuses.active if s.name == "破伤风"]:
        if g.seat(s.holder).alive:
            g.resolve_hit(Hit(s.holder, Damage.LETHAL, s.source, "[破伤风]"))


@RULES.hook("dawn.3", "pre")
def _publish_dawn(g: Game) -> None:
    """晨曦: 公示前一晚出局角色名单…按角色编号的顺序排序."""
    g.announce("night_exits", {"seats": sorted(g.night_exits)})
    g.night_exits = []
    g.check_win()


@RULES.hook("noon.2", "pre")
def _open_vote(g: Game) -> None:
    g.ballots = {}


@RULES.hook("dusk.1", "pre")
def _exile(g: Game) -> None:
    """黄昏 1: 最高票[投票出局]（[霸道]/[不死] 抵消; [独裁] 票权+1 each）, then [流血]."""
    ballots = {v: t for v, t in g.ballots.items() if g.seat(v).alive and t is not None and g.seat(t).alive}
    for v in ballots:
        g.cursed_act(g.seat(v))  # 血咒（1）投弃权以外的放逐票且结算
    per = g.spec.p("dictator.votes")
    weight = {p.n: 1 + per * sum(1 for s in g.statuses.of(p.n) if s.name == "独裁") for p in g.players}
    counts, tops = g.count_votes(ballots, lambda p: weight[p.n], {})
    g.log("tally", {"counts": {str(k): v for k, v in counts.items() if v}, "top": tops})
    if len(tops) > 1 and g.spec.reading("vote.tie") == "nobody":
        tops = []
    for t in tops:
        p = g.seat(t)
        if g.absorb(p, Hit(t, Damage.VOTE, 0, "投票")):
            g.announce("spared", {"seat": t})
        else:
            g.exit(p, Damage.VOTE, 0, "投票")
    for h in g.day_bleeds:
        g.resolve_hit(h)
    g.day_bleeds = []


@RULES.hook("dusk.3", "pre")
def _publish_dusk(g: Game) -> None:
    """黄昏: 公示…出局角色名单，按角色出局的顺序排序."""
    g.announce("dusk_exits", {"seats": list(g.dusk_exits)})
    g.dusk_exits = []


def _phase_end(g: Game) -> None:
    g.check_win()


for _k in ("dusk0.5", "dusk.5", "dawn.3", "noon.3"):
    RULES.hook(_k, "post")(_phase_end)

_ = (DAY, NIGHT)
