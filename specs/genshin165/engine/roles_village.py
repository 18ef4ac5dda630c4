"""[165]原神's 村民阵营 roles that take or give skills, revive, or act on the identities of others:
预言学徒, 圣裁者, 阴阳使者, 慰魂师, 女巫学徒 — and 预言家<天意>.  Each docstring quotes what it implements."""

from __future__ import annotations

import random

from ruleproof.runtime import Action
from ruleproof.specs._werewolf_family.engine import Player
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.genshin165.engine.game import ON_EXIT, VILLAGE, WOLF, Game, surface_camp_word
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.engine.skills import Damaging, Impl, Targeted, legal, skill, swapped_camp
from ruleproof.specs.genshin165.engine.start import pick
from ruleproof.specs.genshin165.roles import roles
from ruleproof.specs.genshin165.rules import Camp

MECH = "机械狼"


# ── 预言学徒 ───────────────────────────────────────────────────────────────────────────────────


def _inheritance(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    """传承<强制><限定> (预言学徒): 若验人系的身份出局，预言学徒立刻获得该角色的身份技能并刷新至初始，然后表面身份变更为
    继承的身份."""
    role = t.role
    if role not in roles() or not roles()[role].seer:
        return
    for p in g.living():
        state = p.skills.get("传承")
        if state is None or state.lost or state.spent or not g.capable_forced(p, "传承"):
            continue
        state.spent = True
        names = g.acquire(p, role, origin="传承", version=g.version(p, "传承"))
        g.set_surface(p, role=role, by="传承")
        p.marks["copy_as"] = role
        g.tell(p.n, "传承", {"role": role, "skills": names})
        return


ON_EXIT.append(_inheritance)


# ── 圣裁者 ─────────────────────────────────────────────────────────────────────────────────────


def heresy(g: Game, asker: Player, role: str, present: bool) -> None:
    """异端 [深夜]<强制> (圣裁者): 若持有[询问]技能的角色询问狼人阵营身份且该身份存在，圣裁者会立即得知该玩家马甲，下一晚
    可对其发动裁决 (机械狼's: 询问非狼人阵营且存在)."""
    if not present or role not in roles():
        return
    camp = roles()[role].camp
    for judge in g.living():
        if not judge.holds("异端") or not g.capable_forced(judge, "异端"):
            continue
        wanted = Camp.WOLF if g.version(judge, "异端") != MECH else None
        if (wanted is Camp.WOLF and camp is not Camp.WOLF) or (wanted is None and camp is Camp.WOLF):
            continue
        seats = [q.n for q in g.players if q.true_role == role]
        if seats:
            judge.marks["heretic"] = (g.night, seats[0])
            g.tell(judge.n, "异端", {"seat": seats[0]})


@skill
class Verdict(Damaging):
    """裁决 [深夜][指定][2] (圣裁者): 选择范围：[异端]上一晚收到的角色，每晚只能发动1次: [穿透]; 辉耀发动的当晚失效."""

    key = "裁决"
    kind = Damage.PIERCE
    entry = "圣裁者<裁决>"

    def allowed(self, g: Game, p: Player) -> set[int]:
        heretic = p.marks.get("heretic")
        if heretic is None or heretic[0] != g.night - 1 or p.marks.get("radiance") == g.night:
            return set()
        return {int(heretic[1])}

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if not set(a.targets) <= self.allowed(g, p):
            raise g.illegal(
                "圣裁者", "选择范围：[异端]上一晚收到的角色", "only the char 异端 gave last night", a
            )

    def candidates(self, g: Game, p: Player) -> list[int]:
        return [n for n in self.allowed(g, p) if g.seat(n).alive]

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        if p.marks.get("radiance") == g.night:  # 辉耀: 发动此技能时，[异端][裁决]当晚失效
            g.log("void", {"actor": p.n, "skill": self.key, "why": "辉耀"})
            return
        super().resolve(g, p, a)


@skill
class Radiance(Damaging):
    """辉耀<限定> [深夜][指定] (圣裁者): 任意角色，发动此技能时，[异端][裁决]当晚失效: [穿透] (exit list 「圣裁者裁决/辉耀」)."""

    key = "辉耀"
    kind = Damage.PIERCE
    entry = "圣裁者<辉耀>"

    def before(self, g: Game, p: Player, a: Action) -> None:
        p.marks["radiance"] = g.night

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if rng.random() < 0.2 else None


# ── 阴阳使者 ───────────────────────────────────────────────────────────────────────────────────


@skill
class Revive(Targeted):
    """复活<限定>[凌晨][指定] (阴阳使者): 任意尸体尚在的已出局角色: 目标在下一个[晨曦]阶段开始时复活，所有状态按出局时为准;
    每次可发动技能的时候得知哪些尸体被吃了."""

    key = "复活"
    dead_only = True
    targets_may_be_out = True

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if any(g.seat(t).marks.get("eaten") for t in a.targets):
            raise g.illegal("阴阳使者", "选择范围：尸体尚在的已出局角色", "the body must remain", a)

    def candidates(self, g: Game, p: Player) -> list[int]:
        return [q.n for q in g.players if not q.alive and not q.marks.get("eaten")]

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.revivals.append((t.n, p.n, self.key))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if rng.random() < 0.5 else None


def _revive_at_dawn(g: Game) -> None:
    due, g.revivals = g.revivals, []
    for seat, by, name in due:
        g.revive(g.seat(seat), by=by, skill=name)


RULES.hook("dawn.1", "pre")(_revive_at_dawn)
RULES.hook("moon.dawn.1", "pre")(_revive_at_dawn)


@RULES.hook("late.3", "pre")
def _bodies(g: Game) -> None:
    for p in g.living():
        if p.holds("复活") and not p.skills["复活"].spent:
            g.tell(p.n, "bodies", {"eaten": [q.n for q in g.players if q.marks.get("eaten")]})


# ── 慰魂师 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class Requiem(Targeted):
    """安魂[深夜][指定]<限定> (慰魂师): 若结算目标的[实际阵营]属于狼人阵营，在夜晚结束后，该角色必须选择：1，下一个[正午]阶段
    开始时[翻牌]；2，永久获得[净化]状态 (机械狼's: 村民阵营, and only 净化)."""

    key = "安魂"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if g.judged_camp(t, p) != swapped_camp(g, p, self.key, WOLF):
            return
        g.requiems.append((t.n, p.n, g.version(p, self.key) == MECH))


def _requiem_choices(g: Game) -> None:
    due, g.requiems = g.requiems, []
    for seat, source, mech in due:
        t = g.seat(seat)
        options: list[int | str] = ["净化"] if mech else ["翻牌", "净化"]
        choice = str(pick(g, f"安魂:{seat}", options, "慰魂师"))
        if choice == "净化":
            g.give(t, "净化", source=source)
        else:
            t.marks["flip_at_noon"] = g.night + 1


RULES.hook("dawn.4", "post")(_requiem_choices)


@RULES.hook("noon", "pre")
def _flip_at_noon(g: Game) -> None:
    for p in g.players:
        if p.marks.get("flip_at_noon") == g.night:
            p.marks.pop("flip_at_noon")
            p.flipped = True
            g.announce("flip", {"seat": p.n, "role": p.true_role})


@skill
class Calling(Targeted):
    """感召[早夜][指定][限定] (慰魂师): 若结算目标[实际阵营]属于村民阵营，则该角色的[表面身份]转变为[使徒]，慰魂师与该角色共群，
    并且该角色额外获得[虔诚][长眠]技能（持有负面状态时那些负面状态都会消除）；否则该角色获知[发动者是慰魂师]."""

    key = "感召"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if g.judged_camp(t, p) == swapped_camp(g, p, self.key, VILLAGE):
            g.set_surface(t, role="使徒", by=self.key)
            for name in ("虔诚", "长眠"):
                sd = roles()["慰魂师"].skill(name)
                g.grant(
                    t,
                    name,
                    origin="感召",
                    role="慰魂师",
                    uses=g.initial_uses(t, name, sd.count if sd else None),
                )
            for s in list(g.statuses.of(t.n)):
                spec = g.family.statuses.get(s.name)
                if (spec is not None and spec.negative) or s.data.get("negative"):
                    g.statuses.active.remove(s)
            g.tell(t.n, "感召", {"with": p.n})
            g.tell(p.n, "感召", {"with": t.n})
        else:
            g.tell(t.n, "感召", {"actor_role": p.true_role})


@skill
class LongSleep(Damaging):
    """长眠[深夜][指定][2] (感召所得): 若结算目标的[实际身份]为告死者（或者盗贼告死）或持有[亡灵]状态，对结算目标造成一次致死伤害."""

    key = "长眠"
    kind = Damage.LETHAL
    entry = "使徒<长眠>"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if t.role == "告死者" or g.has(t, "亡灵"):
            super().effect(g, p, a, selected, t)


# ── 女巫学徒 ───────────────────────────────────────────────────────────────────────────────────


def _witch_acted(g: Game) -> None:
    """实验's trigger: 必须是实际身份为女巫的角色发动技能（任意药）或出局."""
    for entry in g.ledger:
        if entry.night == g.night and entry.true_role == "女巫" and entry.skill in ("救药", "毒药"):
            g.witch_acted = g.witch_acted or g.night


RULES.hook("late.9", "pre")(_witch_acted)
RULES.hook("moon.late.9", "pre")(_witch_acted)


def _witch_out(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    """女巫死亡的下一个游戏日夜晚: out by day in round n → the night of round n; out at night → the next one."""
    if t.true_role == "女巫" and not g.witch_acted:
        g.witch_acted = g.night - 1 if g.current_phase.kind == "day" else g.night


ON_EXIT.append(_witch_out)


@skill
class Experiment(Impl):
    """实验[凌晨] (女巫学徒): 女巫使用过任意药或女巫死亡的下一个游戏日夜晚起可以进行药物研发：1-3 研发失败，发动者承担[致死伤害]，
    第二天白天公示[发动者的实验室发生了爆炸]；4-6 研发成功，立刻选择获得[灵通][救药]或[毒药]之一（重复获得则次数+1）.
    女巫的爱护<强制>: 第一次实验如果失败，自己不会承担来自[实验]的致死伤害.  机械狼's: 每天都能研发，且只能研发毒药."""

    key = "实验"

    def open(self, g: Game, p: Player) -> bool:
        if g.version(p, self.key) == MECH:
            return True
        return bool(g.witch_acted) and g.witch_acted < g.night

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not self.open(g, p):
            raise g.illegal(
                "女巫学徒",
                "女巫使用过任意药或女巫死亡的下一个游戏日夜晚才可发动",
                "only after the witch acted",
                a,
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        die = int(pick(g, f"实验:{p.n}", [1, 2, 3, 4, 5, 6], "女巫学徒"))
        g.log("dice", {"seat": p.n, "skill": self.key, "value": die})
        if die <= 3:
            shield = p.holds("女巫的爱护") and not p.marks.get("failed_once")
            p.marks["failed_once"] = True
            if not shield:
                g.damage(p.n, Damage.LETHAL, p, self.key, "女巫学徒<实验>")
                g.pending_day.append(("explosion", {"seat": p.n}))
            return
        options: list[int | str] = ["毒药"] if g.version(p, self.key) == MECH else ["灵通", "救药", "毒药"]
        got = str(pick(g, f"研发:{p.n}", options, "女巫学徒"))
        sd = roles()["女巫"].skill(got)
        g.grant(p, got, origin="实验", role="女巫", uses=g.initial_uses(p, got, sd.count if sd else None))
        g.tell(p.n, "实验", {"skill": got})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.5 else None


# ── 预言家<天意> ────────────────────────────────────────────────────────────────────────────────


def _providence(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    """天意<强制><限定> (预言家): 若[预言]反馈为[非村民阵营]，该反馈的[结算目标]因最高票[投票出局]，且预言家当天投票给了该角色
    时，预言家会收到通知，仅限下一晚，[预言]可额外发动一次."""
    if kind is not Damage.VOTE:
        return
    for p in g.living():
        state = p.skills.get("天意")
        if state is None or state.lost or state.spent or not g.capable_forced(p, "天意"):
            continue
        if t.n in p.marks.get("seen_black", ()) and g.ballots.get(p.n) == t.n:
            state.spent = True
            p.marks["providence"] = g.night
            g.tell(p.n, "天意", {"seat": t.n})


ON_EXIT.append(_providence)

__all__ = ["heresy"]
_ = surface_camp_word
