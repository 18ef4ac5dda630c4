"""[165]原神's submitted skills.  Every <指定> skill goes through :class:`Targeted`: its selection range
(选择范围) is checked at the decision snapshot, each selected target is kicked through the redirection
chain (「踢球制」) at resolution, a final target under [隐身] is not resolved, and feedback names the
*selected* target while it is computed on the final one (用语定义/技能)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ruleproof.runtime import Action, IllegalAction, SkillImpl, Until
from ruleproof.specs._werewolf_family.engine import Player
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.genshin165.engine.game import VILLAGE, WOLF, Game, skill_name, surface_camp_word
from ruleproof.specs.genshin165.engine.hooks import card
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.roles import roles

Impl = SkillImpl[Game, Player, Action]


def night_end(g: Game) -> Until:
    prefix = "moon." if g.step.startswith("moon.") else ""
    return Until(g.night, f"{prefix}late.9", "end")


def next_night(g: Game) -> Until:
    """「持续至下一个夜晚开始」: the start of the next round's 早夜."""
    return Until(g.night + 1, "early.1", "start")


def next_noon(g: Game) -> Until:
    return Until(g.night + 1, "noon", "start")


class Targeted(Impl):
    """A <指定> skill.  Subclasses set the range and write :meth:`effect` on one final target."""

    key: ClassVar[str]
    role: ClassVar[str] = ""  # the section the skill is printed in (clause of its errors)
    n_min: ClassVar[int] = 1
    n_max: ClassVar[int] = 1
    self_ok: ClassVar[bool] = True
    no_repeat: ClassVar[bool] = False  # 不能连续两晚选择同一个角色
    once_each: ClassVar[bool] = False  # 每个角色只能被选择一次
    dead_only: ClassVar[bool] = False  # 选择范围：任意已出局角色
    kill: ClassVar[bool] = False  # an [指杀] (女巫<灵通> reports its selected targets)
    spends: ClassVar[int] = 1  # uses a count skill spends

    def clause(self, p: Player) -> str:
        return self.role or roles()[p.role].clause or "技能"

    def check(self, g: Game, p: Player, a: Action) -> None:
        c = self.clause(p)
        if not self.n_min <= len(a.targets) <= self.n_max:
            raise g.illegal(
                c, f"须选择 {self.n_min}–{self.n_max} 个目标", f"choose {self.n_min}–{self.n_max} targets", a
            )
        if len(set(a.targets)) != len(a.targets):
            raise g.illegal(c, "目标重复", "a target twice", a)
        if not self.self_ok and p.n in a.targets:
            raise g.illegal(c, "选择范围不含自己", "the range excludes oneself", a)
        for t in a.targets:
            q = g.player(t, a.skill)
            if self.dead_only and q.alive:
                raise g.illegal(c, f"{t} 号尚未出局", f"{t} is not out", a)
        if self.no_repeat and set(a.targets) & self.last_night(g, p):
            raise g.illegal(c, "不能连续两晚选择同一个角色", "not the same target two nights running", a)
        if self.once_each and set(a.targets) & set(p.marks.get(f"ever:{self.key}", ())):
            raise g.illegal(c, "每个角色只能被选择一次", "each target only once", a)
        storm = g.storm_range(p)
        if storm is not None and not set(a.targets) <= storm:
            raise g.illegal(
                "雪狼",
                "暴风雪：只能对电梯楼邻居两个角色以及自己使用[指定]技能",
                "blizzard: only the two neighbours and oneself",
                a,
            )
        self.extra_check(g, p, a)

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        """Further range rules of the skill."""

    def last_night(self, g: Game, p: Player) -> set[int]:
        """「不能连续两晚选择同一个角色」 with 月亮's rule: the previous round's targets, whichever of its nights
        (「本次的两个夜晚可以选择同一个人」; 「若本次两个夜晚分别选择了B和C，则下一晚不能选择B和C」)."""
        rounds: dict[int, set[int]] = p.marks.get(f"rounds:{self.key}", {})
        return rounds.get(g.night - 1, set())

    def spend(self, g: Game, p: Player, a: Action) -> None:
        state = p.skills.get(skill_name(self.key))
        if state is None:
            return
        if state.uses is not None:
            state.uses -= self.spends
        if state.origin in ONE_USE:  # 临时技能: 使用一次后就丢失
            state.lost = True
        info = g.skill_def(p, skill_name(self.key))
        if info is not None and info.limited:
            state.spent = True

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        self.spend(g, p, a)
        p.marks.setdefault(f"rounds:{self.key}", {}).setdefault(g.night, set()).update(a.targets)
        p.marks.setdefault(f"ever:{self.key}", ())
        p.marks[f"ever:{self.key}"] = (*p.marks[f"ever:{self.key}"], *a.targets)
        if self.kill:
            g.selected_kills += [(t, self.key) for t in a.targets]
        for t in a.targets:
            g.hunted.append((t, self.key, p.n))
        self.before(g, p, a)
        for selected in a.targets:
            final = g.kick(p, selected, self.key)
            target = g.seat(final)
            if g.invisible_to(target, p):
                g.log(
                    "void",
                    {"actor": p.n, "skill": self.key, "selected": selected, "final": final, "why": "隐身"},
                )
                continue
            mirror = g.seat(selected)
            if mirror.holds("镜像") and mirror is not p:  # 镜像: 曾对自身操作过的技能（反射的也算）
                mirror.marks.setdefault("used_on_me", []).append(self.key)
                sd = g.skill_def(p, skill_name(self.key))
                mirror.marks.setdefault("used_on_me_roles", {})[self.key] = _section_role(
                    sd.role if sd else p.role
                )
            # 凝滞: 延迟的是结算效果（从选择目标过度到结算效果期间不会延迟）
            if g.has(p, "凝滞") or g.has(target, "凝滞"):
                g.defer(_later(self, g, p, a, selected, target), "凝滞", target.n)
                continue
            self.effect(g, p, a, selected, target)

    def before(self, g: Game, p: Player, a: Action) -> None:
        """Once per action, before its targets resolve."""

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        raise NotImplementedError(self.key)

    def candidates(self, g: Game, p: Player) -> list[int]:
        pool = [q.n for q in g.players if (not q.alive if self.dead_only else q.alive)]
        if not self.self_ok:
            pool = [n for n in pool if n != p.n]
        if self.no_repeat:
            pool = [n for n in pool if n not in self.last_night(g, p)]
        if self.once_each:
            pool = [n for n in pool if n not in p.marks.get(f"ever:{self.key}", ())]
        return pool

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        pool = self.candidates(g, p)
        if len(pool) < self.n_min or rng.random() < 0.25:
            return None
        k = rng.randint(self.n_min, min(self.n_max, len(pool)))
        return legal(g, p, self, Action(p.n, self.key, tuple(sorted(rng.sample(pool, k)))))


def _section_role(name: str) -> str:
    """The roster's name of a section's role (「顺从的女仆」 → 女仆)."""
    table = roles()
    if name in table:
        return name
    return next((r for r in table if name.endswith(r)), name)


def _later(impl: Targeted, g: Game, p: Player, a: Action, selected: int, t: Player) -> Any:
    def run() -> None:
        if not g.invisible_to(t, p):
            impl.effect(g, p, a, selected, t)

    return run


# skills held from these sources are lost once used (黑商's 「这些技能使用一次后就丢失」)
ONE_USE = frozenset({"黑商", "礼物", "烤乳猪"})


def swapped_camp(g: Game, p: Player, name: str, camp: str) -> str:
    """The camp a skill's effect table is read with: 机械狼's version swaps 狼人阵营 and 村民阵营 (「其实行的[狼人阵营]和
    [村民阵营]的效果对调」); the printed one reads it as it is."""
    if g.version(p, name) != "机械狼":
        return camp
    return {VILLAGE: WOLF, WOLF: VILLAGE}.get(camp, camp)


def legal(g: Game, p: Player, impl: Impl, a: Action | None) -> Action | None:
    """``a`` if the skill's own range rules accept it now (what the random policy may submit)."""
    if a is None:
        return None
    try:
        impl.check(g, p, a)
    except IllegalAction:
        return None
    return a


def skill(cls: type[Impl]) -> type[Impl]:
    return RULES.skill(cls)


# ── 验人系 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class Prophecy(Targeted):
    """预言: 反馈结算目标的[表面阵营]，若其为[村民阵营]，反馈[选择目标为村民阵营]，否则[…为非村民阵营].  天意: 仅限下一晚，
    [预言]可额外发动一次 (a second target that night)."""

    key = "预言"
    n_max = 2

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) > 1 + (1 if p.marks.get("providence") == g.night else 0):
            raise g.illegal("预言家", "[预言]每晚一次（天意的下一晚两次）", "one a night (two after 天意)", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        a = super().propose(g, p, rng)
        if a is not None and len(a.targets) > 1 and p.marks.get("providence") != g.night:
            return Action(a.actor, a.skill, a.targets[:1])
        return a

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        camp = "村民阵营" if t.surface_camp == VILLAGE else "非村民阵营"
        if camp == "非村民阵营":
            p.marks["seen_black"] = (*p.marks.get("seen_black", ()), t.n)
        g.tell(p.n, "预言", {"target": selected, "camp": camp})
        fox_check(g, p, t, self.key)


def fox_check(g: Game, p: Player, t: Player, key: str) -> None:
    from ruleproof.specs.genshin165.engine.roles_third import fox_checked

    fox_checked(g, p, t, key)


@skill
class Medium(Targeted):
    """通灵: 反馈结算目标的[表面身份]，反馈格式为[选择目标是XX身份]."""

    key = "通灵"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.tell(p.n, "通灵", {"target": selected, "role": t.surface_role})
        fox_check(g, p, t, self.key)


@skill
class Divination(Targeted):
    """占卜: 任意2个角色; 若结算目标有[群内][接刀]标签，或是持有[杀人]技能 → [选择目标可以杀人]."""

    key = "占卜"
    n_min = n_max = 2

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.tell(p.n, "占卜", {"target": selected, "can_kill": g.knife_shown(t)})
        fox_check(g, p, t, self.key)


@skill
class Sense(Targeted):
    """感知 (灵能): 任意已出局角色; 获知[结算目标]的[实际阵营]."""

    key = "感知"
    dead_only = True
    targets_may_be_out = True

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.tell(p.n, "感知", {"target": selected, "camp": surface_camp_word(t.faction)})


@skill
class GargoyleCheck(Targeted):
    """石像鬼<查验>: [午夜]结束后，反馈结算目标的[实际阵营]与[实际身份]."""

    key = "石像鬼<查验>"
    role = "石像鬼"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.tell(p.n, "查验", {"target": selected, "camp": surface_camp_word(t.faction), "role": t.true_role})
        p.marks.setdefault("checks", []).append([t.n, surface_camp_word(t.faction), t.true_role])


@skill
class Escort(Targeted):
    """援交 (狼妹妹): [午夜]结束时反馈结算目标的[表面阵营]和[表面身份]有多少个字."""

    key = "援交"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.tell(
            p.n,
            "援交",
            {"target": selected, "camp": surface_camp_word(t.surface_camp), "letters": len(t.surface_role)},
        )


# ── the knife and other kills ───────────────────────────────────────────────────────────────


@skill
class Kill(Targeted):
    """杀人 ([群内]可用技能): 对结算目标造成一次[指杀].  群内共享一个杀人技能 (幼狼<激励>: 额外一次); the black lovers
    share theirs (「不加入狼群，额外出刀」); a char holding its own 杀人 (赌徒, a gift, 死灵术师 …) uses it at the row
    「其余身份<杀人>」 (「独立阵营的<杀人>一律跟在这后面，按照身份表顺序排列」)."""

    key = "杀人"
    role = "[群内]可用技能"
    kill = True

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        group = g.knife_group(p)
        if group is None:
            raise g.illegal(
                "狼人阵营", "只有[群内]（或接刀者）可以发动杀人", "only the pack (or the heir) kills", a
            )
        same = [x for x in g.submitted if x.skill == "杀人" and g.knife_group(g.seat(x.actor)) == group]
        if group == "pack" and len(same) > g.kills_allowed:
            raise g.illegal("狼人阵营", "群内共享一个杀人技能", "the pack shares one kill", a)
        if group == "lovers" and len(same) > 1:
            raise g.illegal("丘比特", "情侣共享一个杀人技能", "the lovers share one kill", a)

    def spend(self, g: Game, p: Player, a: Action) -> None:
        if g.knife_group(p) == "own":
            super().spend(g, p, a)
        else:
            g.kills_done += 1

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        entry = "[群内]<杀人>" if p in g.knife_holders() else "其余身份<杀人>"
        g.damage(t.n, Damage.KILL, p, "杀人", entry)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        g.kill_sources.append(p.n)
        super().resolve(g, p, a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        group = g.knife_group(p)
        if group is None:
            return None
        if group == "pack" and p is not g.knife_holders()[0]:
            return None
        if group == "lovers" and any(q.marks.get("lover_knife") and q.alive for q in g.players if q.n < p.n):
            return None
        pool = [q.n for q in g.living() if q.faction != p.faction] or [q.n for q in g.living() if q is not p]
        return Action(p.n, self.key, (rng.choice(pool),)) if pool else None


class Damaging(Targeted):
    """A skill whose effect is one hit of ``kind`` (its exit-list row is ``entry``)."""

    kind: ClassVar[Damage] = Damage.KILL
    entry: ClassVar[str] = ""
    after_out: ClassVar[str] = ""  # 「X出局后」: the [实际身份] that must be out first

    def partner_out(self, g: Game) -> bool:
        return not self.after_out or any(q.true_role == self.after_out and not q.alive for q in g.players)

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if not self.partner_out(g):
            raise g.illegal(
                self.clause(p), f"{self.after_out}出局后才可发动", f"only after {self.after_out} is out", a
            )

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if self.partner_out(g) else None

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.damage(t.n, self.kind, p, self.key, self.entry or f"{p.role}<{self.key}>")


@skill
class Charge(Damaging):
    """冲锋 (黑狼王) <限定>: 对结算目标造成一次[指杀]."""

    key = "冲锋"
    kill = True
    entry = "黑狼王<冲锋>"


@skill
class Wild(Damaging):
    """野性 (大野狼): 偶数日夜晚，若[群内]杀人可用，且大野狼不是最后一个[群内]: 一次[指杀]."""

    key = "野性"
    kill = True
    entry = "大野狼<野性>"

    def open(self, g: Game, p: Player) -> bool:
        """偶数日夜晚，若[群内]杀人可用，且大野狼不是最后一个[群内] (机械狼's: 每个偶数日夜晚都能指杀，而不论狼群内是否最后
        一狼或不能杀人)."""
        if g.night % 2:
            return False
        if g.version(p, self.key) == "机械狼":
            return True
        pack = [q for q in g.living() if "[群内]" in q.tags and q.faction == WOLF]
        return len(pack) > 1 and bool(g.knife_holders()) and "杀人" not in g.blocked_names

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if not self.open(g, p):
            raise g.illegal(
                "大野狼", "仅偶数日夜晚且不是最后一个[群内]", "even nights, not the last of the pack", a
            )

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if self.open(g, p) else None


@skill
class Bite(Damaging):
    """撕咬 (白眼狼): 偶数日夜晚: 一次[指杀]."""

    key = "撕咬"
    kill = True
    entry = "白眼狼<撕咬>"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if g.night % 2:
            raise g.illegal("白眼狼", "仅偶数日夜晚", "even nights only", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return None if g.night % 2 else super().propose(g, p, rng)


@skill
class Snipe(Damaging):
    """狙击 (狙击手): 偶数游戏日夜晚: 永久[遗忘]并承受[致死伤害]."""

    key = "狙击"
    kind = Damage.LETHAL
    entry = "狙击手<狙击>"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if g.night % 2:
            raise g.illegal("狙击手", "仅偶数游戏日夜晚", "even nights only", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "遗忘", source=p.n)
        super().effect(g, p, a, selected, t)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return None if g.night % 2 else super().propose(g, p, rng)


@skill
class DarkHunt(Damaging):
    """黑夜狩猎 (双子星暗): 偶数日夜晚（光出局后去除限制）: [指杀]."""

    key = "黑夜狩猎"
    kill = True
    entry = "双子星暗<黑夜狩猎>"

    def open(self, g: Game) -> bool:
        light_out = any(q.role == "双子星光" and not q.alive for q in g.players)
        return light_out or g.night % 2 == 0

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if not self.open(g):
            raise g.illegal("双子星暗", "仅偶数日夜晚（光出局后去除限制）", "even nights unless 光 is out", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if self.open(g) else None


@skill
class NightHeir(Damaging):
    """继承黑夜 (双子星光) <限定>: 暗出局后: [指杀]."""

    key = "继承黑夜"
    kill = True
    after_out = "双子星暗"


@skill
class Rage(Damaging):
    """暴怒 (狼兄) <限定>: 狼弟出局后: [穿透]."""

    key = "暴怒"
    kind = Damage.PIERCE
    after_out = "狼弟"


@skill
class Hunt(Targeted):
    """猎杀 (猎魔人) [3], 每晚1次: 狼人阵营 → [穿透]; 三方/不定 额外消耗1; 村民 额外消耗2; 次数为负 →
    猎魔人受到[致死伤害]."""

    key = "猎杀"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        camp = swapped_camp(g, p, self.key, g.judged_camp(t, p))  # 机械狼's: 狼人/村民的效果对调
        if camp == WOLF:
            g.damage(t.n, Damage.PIERCE, p, self.key, "猎魔人<猎杀>")
            return
        state = p.skills.get(self.key)  # a delayed effect (凝滞) may outlive a skill held for a while
        if state is None or state.uses is None:
            return
        state.uses -= g.spec.p(
            "demon_hunter.extra_village" if camp == VILLAGE else "demon_hunter.extra_third"
        )
        if state.uses < 0 and g.deferred_now:  # the delayed cost: 次数为负数 → [致死伤害]
            g.damage(p.n, Damage.LETHAL, p, self.key, "猎魔人<猎杀>")

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        super().resolve(g, p, a)
        state = p.skills.get(self.key)
        if state is not None and state.uses is not None and state.uses < 0:
            g.damage(
                p.n, Damage.LETHAL, p, self.key, "猎魔人<猎杀>"
            )  # 无论是否存在结算目标…若发动[猎杀]后次数为负数


@skill
class Stalk(Damaging):
    """潜行 (潜行者) <限定>: 当天投票的对象中尚未出局者: [致死伤害]."""

    key = "潜行"
    kind = Damage.LETHAL
    n_max = 99
    entry = "潜行者<潜行>"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        voted = {t for v, t, _ in g.vote_log if v == p.n and t is not None}
        if not set(a.targets) <= voted:
            raise g.illegal("潜行者", "只能选择当天投票的对象", "only seats voted for today", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        voted = sorted({t for v, t, _ in g.vote_log if v == p.n and t is not None and g.seat(t).alive})
        if not voted or rng.random() < 0.7:
            return None
        return Action(p.n, self.key, tuple(voted))


@skill
class Poison(Damaging):
    """毒药 (女巫) [1]: [穿透]; 当晚使用了<救药>时不可选择."""

    key = "毒药"
    kind = Damage.PIERCE
    entry = "女巫<毒药>"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if any(x.skill == "救药" and x.actor == p.n for x in g.submitted):
            raise g.illegal("女巫", "当晚使用了<救药>时不可选择", "not with the save the same night", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if rng.random() < 0.3 else None


@skill
class Save(Targeted):
    """救药 (女巫) [1]: 令结算目标获得状态[守护：∞]，持续至夜晚结束."""

    key = "救药"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if any(x.skill == "毒药" and x.actor == p.n for x in g.submitted):
            raise g.illegal("女巫", "当晚使用了<毒药>时不可选择", "not with the poison the same night", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "守护", source=p.n, until=night_end(g), count=1 << 20)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        chosen = [t for t, _ in g.selected_kills]
        if not chosen or rng.random() < 0.4:
            return None
        return Action(p.n, self.key, (rng.choice(chosen),))


# ── protection and control ──────────────────────────────────────────────────────────────────


class Guard(Targeted):
    status: ClassVar[str] = "守护"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "守护", source=p.n, until=night_end(g), count=1 << 20)


@skill
class GermanGuard(Guard):
    """德式守护: 任意角色，不能连续两晚选择同一个角色: [守护：∞] 至夜晚结束."""

    key = "德式守护"
    no_repeat = True


@skill
class JapaneseGuard(Guard):
    """日式守护: 除自己外任意角色: [守护：∞] 至夜晚结束."""

    key = "日式守护"
    self_ok = False


@skill
class ForumGuard(Guard):
    """版杀守护: 每个角色只能被选择一次: 仅针对[实际阵营]为[狼人阵营]的[坚韧]，持续至夜晚结束."""

    key = "版杀守护"
    once_each = True

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "坚韧", source=p.n, until=night_end(g), against=WOLF)


@skill
class Dream(Targeted):
    """摄梦: 除自己外; 当晚[坚韧]; 发动者当晚出局 → 目标[致死伤害]（摄梦连带）; 连续两夜 → [致死伤害]."""

    key = "摄梦"
    self_ok = False

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "坚韧", source=p.n, until=night_end(g))
        if g.last_dreams.get(p.n) == t.n:
            g.damage(t.n, Damage.LETHAL, p, self.key, "摄梦人<摄梦>")
        g.dreams[p.n] = t.n


class Granting(Targeted):
    """A skill whose effect is one status on the target, to the night's end or the next 正午's start; a
    negative one is told (常见负面状态特效: 角色会得知被附加的效果)."""

    status: ClassVar[str]
    to_noon: ClassVar[bool] = False
    permanent: ClassVar[bool] = False  # 「永久获得」

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        until = None if self.permanent else next_noon(g) if self.to_noon else night_end(g)
        given = g.give(t, self.status, source=p.n, until=until)
        spec = g.family.statuses.get(self.status)
        if given is not None and spec is not None and spec.negative:
            g.tell(t.n, "status", {"status": self.status})


@skill
class Abyss(Granting):
    """深渊 (渊狼): 每名角色只可选择一次: 当晚[不死]."""

    key = "深渊"
    once_each = True
    status = "不死"


@skill
class Shelter(Granting):
    """庇护 (黑蝙蝠): 不能连续两天选择同一个角色: [坚韧]至当晚结束."""

    key = "庇护"
    no_repeat = True
    status = "坚韧"


@skill
class Freeze(Granting):
    """冰冻 (企鹅): 不能连续两晚选择同一个角色: [冰冻]至下一个[正午]阶段开始."""

    key = "冰冻"
    no_repeat = True
    status = "冰冻"
    to_noon = True


@skill
class Fear(Freeze):
    """恐惧 (噩梦之影): 不可连续两晚选择同一角色: [恐惧]至下一个[正午]阶段开始; 第一次使用 → [群内]."""

    key = "恐惧"
    status = "恐惧"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        super().effect(g, p, a, selected, t)
        if p.true_role == "噩梦之影":
            p.tags.add("[群内]")


@skill
class Manipulate(Freeze):
    """操纵 (操纵月亮的女孩): 不能连续两晚选择同一个角色: [沉默]至下一个[正午]阶段开始."""

    key = "操纵"
    status = "沉默"


@skill
class Karma(Granting):
    """业炎 (赤狼) [0]: 每有一只[群内]狼死亡，次数+1: 结算目标永久获得[业炎]."""

    key = "业炎"
    status = "业炎"
    permanent = True


@skill
class Slander(Targeted):
    """诽谤 (乌鸦 / 血族): 下一个游戏日投票时被投票数多计两票，并公示[目标角色被诽谤]（多次只公示一次）."""

    key = "诽谤"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if not g.slander[t.n]:
            g.pending_day.append(("slandered", {"seat": t.n}))
        g.slander[t.n] += 1


@skill
class CharmPotion(Targeted):
    """迷魂药 (药剂师) [1]: 结算目标永久获得[迷魂]; 药剂师每天只能使用1瓶药."""

    key = "迷魂药"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "迷魂", source=p.n)


@skill
class Swap(Targeted):
    """交换 (魔术师): 任意2个角色，每个角色只能被选择一次; 最终结算目标正好为2个 → 当晚之后所有[指定]技能
    的结算目标都会被交换; 后发动的交换若结算到先交换的结算目标，交换发动无效."""

    key = "交换"
    n_min = n_max = 2
    once_each = True

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        self.spend(g, p, a)
        p.marks[f"ever:{self.key}"] = (*p.marks.get(f"ever:{self.key}", ()), *a.targets)
        finals = [g.kick(p, t, self.key) for t in a.targets]
        finals = [f for f in finals if not g.has(f, "隐身")]
        taken = {s for pair in g.swaps for s in pair}
        if len(set(finals)) != 2 or taken & set(finals):
            g.log("void", {"actor": p.n, "skill": self.key, "selected": list(a.targets), "why": "not two"})
            return
        g.swaps.append((finals[0], finals[1]))
        g.log("swap", {"pair": finals})


@skill
class Reversal(Targeted):
    """时间逆流 (噬时狼妃): 当晚除了实际阵营为[狼人阵营]以外的所有角色对目标角色发动[指定]技能时，结算目标
    全部改为发动者自己; 成功反弹后失去此技能."""

    key = "时间逆流"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.reversals.add(t.n)
        g.reversal_owner[t.n] = p.n


@skill
class TakeOff(Targeted):
    """脱下隐身衣 (隐者): [隐身衣]尚有效: 结算目标获得[隐身]至下一个[黄昏]阶段结束; [隐身衣]失效."""

    key = "脱下隐身衣"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if p.marks.get("cloak_off"):
            raise g.illegal("隐者", "[隐身衣]已失效", "the cloak is gone", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        p.marks["cloak_off"] = True
        g.statuses.remove(p.n, "隐身")
        g.statuses.remove(p.n, "迷魂")
        g.give(t, "隐身", source=p.n, until=Until(g.night + 1, "dusk.4", "end"))


@skill
class Return(Targeted):
    """归元 (太极宗师) [2]: 结算目标立刻失去所有[状态]，并且之后永久不会获得任何[状态]."""

    key = "归元"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        for s in list(g.statuses.of(t.n)):
            g.statuses.active.remove(s)
        t.marks["taiji"] = True


@skill
class Link(Targeted):
    """链接 (锁链师): 任意2个角色（<暴走>: 3个）: [链接]; [链接]角色因技能出局时，所有被[链接]的角色都受到
    一次与出局角色相同的攻击（免疫: 锁链师自己无效）."""

    key = "链接"
    n_min = 2
    n_max = 3

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) == 3 and (p.skills.get("暴走") is None or p.skills["暴走"].spent):
            raise g.illegal("锁链师", "3个角色需要<暴走>（限定）", "three targets need 暴走 (once)", a)

    def before(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) == 3:
            p.skills["暴走"].spent = True

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "链接", source=p.n, negative=True)


@skill
class Bewitch(Targeted):
    """迷惑 (吹笛): 除自己以外不持有[吹笛]状态的任意最多2个角色: [吹笛]."""

    key = "迷惑"
    n_min = 1
    n_max = 2
    self_ok = False

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if any(g.has(t, "吹笛") for t in a.targets):
            raise g.illegal("吹笛", "只能选择不持有[吹笛]状态的角色", "only seats not yet piped", a)

    def candidates(self, g: Game, p: Player) -> list[int]:
        return [n for n in super().candidates(g, p) if not g.has(n, "吹笛")]

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "吹笛", source=p.n, negative=True)


@skill
class Eat(Targeted):
    """吞食 (大天狗 回家): 每个角色只能被选择一次: [霸道]至下一个夜晚开始."""

    key = "吞食"
    once_each = True

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "霸道", source=p.n, until=next_night(g))


@skill
class Forest(Impl):
    """森林庇护 (灵鹿) <限定>: 所有角色仅当晚获得[不死]状态."""

    key = "森林庇护"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.skills[self.key].spent = True
        for q in g.living():
            g.give(q, "不死", source=p.n, until=night_end(g))

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.skills[self.key].spent:
            raise g.illegal("灵鹿", "<限定>技能只允许发动一次", "a <限定> skill is used once", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if rng.random() < 0.1 and not p.skills[self.key].spent else None


@skill
class Duel(Targeted):
    """决斗 (骑士) [正午][翻牌]: 竞选日不可发动; 狼人阵营 → 目标[穿透]; 村民阵营 → 发动者[致死伤害]; 其他或
    [隐身] → 无事发生."""

    key = "决斗"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if g.night == 1:
            raise g.illegal("骑士", "竞选日不可发动", "not on the election day", a)
        if p.flipped:
            raise g.illegal("技能", "[实际身份]已经公开则无法发动", "the identity is already public", a)

    def before(self, g: Game, p: Player, a: Action) -> None:
        p.flipped = True
        g.announce("flip", {"seat": p.n, "role": p.true_role})

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        camp = swapped_camp(g, p, self.key, g.judged_camp(t, p))  # 机械狼's: 狼人/村民的效果对调
        if camp == WOLF:
            g.damage(t.n, Damage.PIERCE, p, self.key)
        elif camp == VILLAGE:
            g.damage(p.n, Damage.LETHAL, p, self.key)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if g.night == 1 or p.flipped or rng.random() < 0.9:
            return None
        a = super().propose(g, p, rng)
        return Action(a.actor, a.skill, a.targets, at=rng.randrange(1150, 1200)) if a else None


@skill
class Kamikaze(Targeted):
    """神风突击 (白狼王) [正午][翻牌]: 除竞选日外: 发动者承受[致死伤害]，然后结算目标承受[致死伤害]."""

    key = "神风突击"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if g.night == 1:
            raise g.illegal("白狼王", "除竞选日外", "not on the election day", a)
        if p.flipped:
            raise g.illegal("技能", "[实际身份]已经公开则无法发动", "the identity is already public", a)

    def before(self, g: Game, p: Player, a: Action) -> None:
        p.flipped = True
        g.announce("flip", {"seat": p.n, "role": p.true_role})
        g.damage(p.n, Damage.LETHAL, p, self.key)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.damage(t.n, Damage.LETHAL, p, self.key)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if g.night == 1 or p.flipped or rng.random() < 0.95:
            return None
        a = super().propose(g, p, rng)
        return Action(a.actor, a.skill, a.targets, at=rng.randrange(1150, 1200)) if a else None


class Shot(Targeted):
    """A shot after the holder's exit, in the first window (黄昏（2） / 晨曦（2）): [致死伤害]."""

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if p.alive or not p.marks.get("window"):
            raise g.illegal(
                self.clause(p),
                "选择范围：出局后下一个可发动技能的时点",
                "only in the window after its exit",
                a,
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.marks["window"] = False
        super().resolve(g, p, a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.damage(t.n, Damage.LETHAL, p, self.key)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if not p.marks.get("window"):
            return None
        pool = [q.n for q in g.living()]
        return Action(p.n, self.key, (rng.choice(pool),), step=g.step) if pool else None


@skill
class LastShot(Shot):
    """最后一枪 (猎人) [晨曦][黄昏]: 出局后下一个可发动技能的时点，选择任意角色: [致死伤害]."""

    key = "最后一枪"


@skill
class Revenge(Shot):
    """报复 (黑狼王): 若狼王被[投票出局]时冲锋可用，出局后的下一个可发动技能的时点: [致死伤害]."""

    key = "报复"


@skill
class LightHunt(Shot):
    """光明狩猎 (双子星光): 在暗尚存活时，出局后下一个可发动技能的时点: [致死伤害]."""

    key = "光明狩猎"


# ── day skills, votes, cards ────────────────────────────────────────────────────────────────


@skill
class Vote(Impl):
    """投票: 每名存活角色每个讨论日限投一票，投票完成后允许改票; 改票只允许进行一次; 关门前一小时不允许改票
    （投票的角色在正午就已出局时例外）; 空目标为弃权.  Each vote thread (投票贴) counts on its own; in a 太阳's
    正午 only the chars it named may post (「只有太阳指定的角色可以发言（包括在投票帖发言）」)."""

    key = "投票"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.marks.get("no_vote"):
            raise g.illegal("白痴", "白痴翻牌后不能参与投票", "a flipped idiot cannot vote", a)
        if len(a.targets) > 1:
            raise g.illegal("投票规则", "每票投一人（空为弃权）", "one target (none: abstain)", a)
        thread = g.thread_for(a.skill)
        if thread.speakers is not None and p.n not in thread.speakers:
            raise g.illegal(
                "太阳", "只有太阳指定的角色可以在投票帖发言", "only the chars 太阳 named may vote", a
            )
        if p.n not in thread.ballots:
            return
        at = a.at if a.at is not None else 0
        locked = at >= g.spec.p("noon.close") - g.spec.p("vote.lock_minutes")
        old = thread.ballots[p.n]
        exception = old is not None and old in g.noon_exits and p.n not in thread.lock_change
        if exception:
            return
        if locked:
            raise g.illegal("投票规则", "关门前一小时不允许改票", "no change in the last hour", a)
        if thread.changes[p.n] >= g.spec.p("vote.changes"):
            raise g.illegal("投票规则", "改票只允许进行一次", "one change only", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        thread = g.thread_for(a.skill)
        target = a.targets[0] if a.targets else None
        if p.n in thread.ballots:
            old = thread.ballots[p.n]
            if old is not None and old in g.noon_exits and p.n not in thread.lock_change:
                thread.lock_change.add(p.n)
            else:
                thread.changes[p.n] += 1
        thread.ballots[p.n] = target
        thread.log.append((p.n, target, a.at if a.at is not None else 0))
        g.log("vote", {"voter": p.n, "target": target, "at": a.at, "thread": thread.key})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.marks.get("no_vote"):
            return None
        thread = g.thread_for(self.key)
        if thread.speakers is not None and p.n not in thread.speakers:
            return None
        pool = [q.n for q in g.living() if q.n != p.n]
        if not pool:
            return Action(p.n, self.key, (), at=rng.randrange(540, 1100))
        return Action(p.n, self.key, (rng.choice(pool),), at=rng.randrange(540, 1100))


@skill
class SecondVote(Vote):
    """重定投票: the second vote thread of a 正午 after 重定时间 (「下一个[正午]阶段额外进行一次投票并公示」)."""

    key = "重定投票"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not any(t.key == self.key for t in g.threads):
            raise g.illegal("定序王子", "今天没有额外的投票贴", "no second vote thread today", a)
        super().check(g, p, a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if any(t.key == self.key for t in g.threads) else None


@skill
class SubstituteDeath(Impl):
    """替死 (替罪羊) [正午]: 除竞选日外; 发动者在当天的所有投票贴内视作最高票，不公示."""

    key = "替死"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.night == 1:
            raise g.illegal("替罪羊", "除竞选日外", "not on the election day", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        g.scapegoats.append(p.n)
        p.marks["goat_today"] = True

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return (
            Action(p.n, self.key, (), at=rng.randrange(540, 1200))
            if g.night > 1 and rng.random() < 0.05
            else None
        )


@skill
class Mutton(Targeted):
    """迷魂羊肉 (替罪羊) [黄昏]: 当天触发[冤死]或[替死]后，任意数量的角色: [迷魂]至下一天的[黄昏]结束."""

    key = "迷魂羊肉"
    n_max = 99

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if not p.marks.get("goat_today"):
            raise g.illegal("替罪羊", "当天触发[冤死]或[替死]后才可发动", "only after 冤死 or 替死 today", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "迷魂", source=p.n, until=Until(g.night + 1, "dusk.4", "end"))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if p.marks.get("goat_today") else None


class Card(Impl):
    """A card the director gives the actor (违规判定): 3 蓝 = 1 黄, 3 黄 = 1 红, 红牌罚下 after the vote."""

    color: ClassVar[str]

    def check(self, g: Game, p: Player, a: Action) -> None:
        if a.targets:
            raise g.illegal("判罚制度", "判罚的对象是行动者本人", "the carded seat is the actor", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        card(g, p, self.color, "判罚")

    def capable(self, g: Game, p: Player, a: Action) -> bool:
        return True


@skill
class Blue(Card):
    key = "蓝牌"
    color = "blue"


@skill
class Yellow(Card):
    key = "黄牌"
    color = "yellow"


@skill
class Red(Card):
    key = "红牌"
    color = "red"


@skill
class Reorder(Targeted):
    """重定时间 (定序王子) [黄昏][翻牌][指定]: 选择范围：当天[正午]或[黄昏]阶段之中出局的角色（若自己在这些时段出局则只能在下一个
    可发动技能的时点选择自己自救），允许不选择目标直接结算: 结算目标在[黄昏]阶段结束后复活，所有状态按出局时为准；无论是否存在结算目标，
    发动该技能后，下一个[正午]阶段额外进行一次投票并公示 (机械狼's: 可以额外决定是否开启).  Two vote threads and a 太阳's 正午: each
    正午 opens its threads (「先进行一轮正午阶段并且开启两个投票贴，之后再进行一轮正午阶段并只开启一个投票贴」)."""

    key = "重定时间"
    n_min = 0
    targets_may_be_out = True

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if p.flipped:
            raise g.illegal("技能", "[实际身份]已经公开则无法发动", "the identity is already public", a)
        out_today = {n for n, _how in g.day_exits}
        if not p.alive and set(a.targets) - {p.n}:
            raise g.illegal("定序王子", "自己在这些时段出局则只能选择自己自救", "out today: only itself", a)
        if not set(a.targets) <= out_today:
            raise g.illegal(
                "定序王子", "选择范围：当天[正午]或[黄昏]阶段之中出局的角色", "only chars out today by day", a
            )

    def candidates(self, g: Game, p: Player) -> list[int]:
        out_today = [n for n, _how in g.day_exits]
        return [p.n] if not p.alive and p.n in out_today else out_today

    def before(self, g: Game, p: Player, a: Action) -> None:
        p.flipped = True
        g.announce("flip", {"seat": p.n, "role": p.true_role})
        mech = g.version(p, self.key) == "机械狼"
        if (
            not mech
            or str(g.choose(f"重定投票:{p.n}", ["开启", "不开启"], clause="机械狼", default=0)) == "开启"
        ):
            g.extra_vote = g.night + 1

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        super().resolve(g, p, a)
        if not a.targets:
            self.before(g, p, a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.revivals_at_dusk.append((t.n, p.n))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.flipped or rng.random() < 0.7:
            return None
        pool = self.candidates(g, p)
        return Action(p.n, self.key, (rng.choice(pool),) if pool and rng.random() < 0.8 else ())


@RULES.hook("dusk.4", "post")
def _revive_after_dusk(g: Game) -> None:
    """重定时间: 结算目标在[黄昏]阶段结束后复活."""
    due, g.revivals_at_dusk = g.revivals_at_dusk, []
    for seat, by in due:
        g.revive(g.seat(seat), by=by, skill="重定时间")


__all__ = ["Targeted"]
