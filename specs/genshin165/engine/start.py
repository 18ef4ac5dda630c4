"""The game start (总体流程 1) and what it shares with a skill taken later: each [开局] skill is a submitted
skill of ``start.1`` whose seat may script it (``targets``, ``choices``); a seat that does not is given the
skill's default (:meth:`StartSkill.fill`, its choices drawn by the policy), so every start skill resolves
in the flow's order.  A char that takes an identity later with 「刷新至初始」 decides its [开局] skills at once
(「在获取技能的那个时段需要立刻决定是否发动[开局]类技能」): :func:`start_now`.

Also here: identities drawn from those not dealt (身份更换: 盗贼, 变脸者, 双重人格), the lovers' table
(丘比特: 「[真爱情侣]按照以下条目顺次判定」) and the chars that follow another's faction (混血儿, 影子, 复仇者,
聂小倩, 暗恋者)."""

from __future__ import annotations

import random
from typing import ClassVar

from ruleproof.runtime import Action
from ruleproof.specs._werewolf_family.engine import Player, SkillState
from ruleproof.specs.genshin165 import tables
from ruleproof.specs.genshin165.engine.game import NONE, VILLAGE, WOLF, Game, faction_of
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.engine.skills import Impl, Targeted, skill
from ruleproof.specs.genshin165.roles import ABSENT_ROLES, BLACK_LOVERS, roles, roster
from ruleproof.specs.genshin165.rules import Camp, rules

BLACK = BLACK_LOVERS


class StartSkill(Impl):
    """A [开局] skill: ``fill`` is the action of a seat that did not script it."""

    def fill(self, g: Game, p: Player) -> Action | None:
        return Action(p.n, self.key)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return None  # the default (fill) draws through the policy's choices


class StartTargeted(Targeted):
    """A <指定> [开局] skill: the default picks its targets through the policy's choices."""

    fill_key: ClassVar[str] = ""

    def fill(self, g: Game, p: Player) -> Action | None:
        pool = self.candidates(g, p)
        chosen: list[int] = []
        for i in range(self.n_min):
            options: list[int | str] = [n for n in pool if n not in chosen]
            if not options:
                return None
            chosen.append(int(pick(g, f"{self.key}:{p.n}:{i + 1}", options, self.clause(p))))
        return Action(p.n, self.key, tuple(chosen))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return None

    def candidates(self, g: Game, p: Player) -> list[int]:
        return [q.n for q in g.players if q.alive and (self.self_ok or q is not p)]


def pick(g: Game, key: str, options: list[int | str], clause: str) -> int | str:
    """A seat's decision the rules leave open, asked through the policy (a seeded draw by default)."""
    return g.choose(key, options, clause=clause, default=g.rng.randrange(len(options)))


def start_now(g: Game, p: Player, names: list[str]) -> None:
    """[开局] skills just taken with 「刷新至初始」: decided at once."""
    for name in names:
        impl = RULES.skills.get(name)
        fill = getattr(impl, "fill", None)
        if impl is None or fill is None or not p.holds(name):
            continue
        a = fill(g, p)
        if a is not None:
            g.log("start_skill", {"seat": p.n, "skill": name, "targets": list(a.targets)})
            impl.resolve(g, p, a)


def defaults(g: Game, step: str, acts: list[Action]) -> list[Action]:
    """A step's actions: those submitted, and the skills a seat may not leave unused — every [开局] skill at
    the start (「依次发动进行」), a <强制> one at its step (「不允许放弃发动」) — filled by their default."""
    done = {(a.actor, a.skill) for a in acts}
    out = list(acts)
    for p in g.players:
        if not p.alive:
            continue
        for name in list(p.skills):
            impl = RULES.skills.get(name)
            fill = getattr(impl, "fill", None)
            info = RULES.info.get(name)
            if fill is None or info is None or step not in info.steps or (p.n, name) in done:
                continue
            if step != "start.1" and not g.forced(p, name):
                continue
            if not p.holds(name) or not g.capable(p, name):
                continue
            a = fill(g, p)
            if a is not None:
                out.append(a)
    return out


# ── identities not dealt (身份更换) ─────────────────────────────────────────────────────────────


def undealt(g: Game, camp: Camp | None = None, *, gods: bool = False) -> list[str]:
    """Identities not in this game a skill may draw (身份更换): never a seer (1), never a parent identity
    whose child is in play (2: 「若场上有圣裁，变脸一定摸不到上帝」); ``gods``: a village identity other than
    a plain villager."""
    dealt = {p.true_role for p in g.players}
    parents = {d.requires for d in rules().dependencies if d.role in dealt}
    out = []
    for name in roster():
        info = roles()[name]
        if name in dealt or name in ABSENT_ROLES or info.seer or name in parents:
            continue
        if camp is not None and info.camp is not camp:
            continue
        out.append(name)
    return out


def draw(g: Game, key: str, pool: list[str], k: int, clause: str) -> list[str]:
    """``k`` distinct identities drawn from ``pool`` (the director's draw, seeded)."""
    out: list[str] = []
    for i in range(k):
        options: list[int | str] = [r for r in pool if r not in out]
        if not options:
            break
        out.append(str(pick(g, f"{key}:{i + 1}", options, clause)))
    return out


def become(g: Game, p: Player, role: str, *, by: str) -> None:
    """盗贼<偷换>: 「除[实际身份]仍然为盗贼以外，其余属性与被选择的身份相同」 — identity, faction, tags, surface,
    skills (its own, initial; its [开局] skills decided at once)."""
    info = roles()[role]
    p.role = role
    g.set_faction(p, faction_of(role), why=by)
    p.tags = {t for t, on in (("[群内]", info.pack), ("[接刀]", info.inherit)) if on}
    g.set_surface(p, role=role, camp=p.faction, by=by)
    for sd in info.dealt:
        p.skills[sd.name] = SkillState(g.initial_uses(p, sd.name, sd.count))
    for hook in RULES.setup_hooks.get(role, ()):
        hook(g, p)
    start_now(g, p, [sd.name for sd in info.dealt])


@skill
class Swapout(StartSkill):
    """偷换 (盗贼) [开局]<强制>: 盗贼获得两张未加入的身份，选择一个身份作为自己本次游戏的身份."""

    key = "偷换"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        cards = draw(g, f"偷换牌:{p.n}", undealt(g), 2, "盗贼")
        if not cards:
            return
        options: list[int | str] = list(cards)
        chosen = str(pick(g, f"偷换:{p.n}", options, "盗贼"))
        p.skills["偷换"].spent = True
        g.tell(p.n, "偷换", {"cards": cards, "chosen": chosen})
        become(g, p, chosen, by="偷换")


# ── lovers (丘比特, 鬼魂新娘) ─────────────────────────────────────────────────────────────────────


def lover_void(g: Game, q: Player) -> bool:
    """「如果情侣之一是炸弹，上帝使徒，双子星，证婚人或持有[隐身][真爱情侣]状态，链接情侣无效」."""
    if q.role in tables.LOVERS_VOID_ROLES or q.marks.get("witness"):
        return True
    return g.has(q, "隐身") or any(kind == "真爱情侣" and q.n in (x, y) for x, y, kind in g.couples)


def couple(g: Game, x: Player, y: Player, kind: str, source: int) -> bool:
    """Both get [情侣] (共群, 共死); 「[情侣]状态若一方因为种种原因没有成功获得，则另外一方也不会获得」."""
    if g.immune_status(x) or g.immune_status(y):
        g.log("couple_void", {"seats": [x.n, y.n], "kind": kind})
        return False
    for q in (x, y):
        g.give(q, "情侣", source=source, kind=kind)
        g.tell(q.n, "lovers", {"with": (x if q is y else y).n, "kind": kind})
    g.couples.append((x.n, y.n, kind))
    return True


def judge_lovers(g: Game, cupid: Player | None, x: Player, y: Player) -> str:
    """[真爱情侣]按照以下条目顺次判定 (丘比特): the faction of the lovers (and of 丘比特, who follows them)."""

    def camp(q: Player) -> str:
        return (
            VILLAGE if cupid is not None and q is cupid else q.faction
        )  # 丘比特在情侣性质判定中按照村民阵营计算

    camps = [camp(x), camp(y)]
    if NONE in camps:  # 如果情侣之一是不定阵营 → 黑情侣阵营; 情侣获得[群内]并持有杀人（不加入狼群，额外出刀）
        result = BLACK
        for q in (x, y):
            q.tags.discard("[接刀]")
            q.tags.add("[群内]")
            q.marks["lover_knife"] = True
    elif any(c not in (VILLAGE, WOLF) for c in camps):  # 之一是三方阵营 → 加入该三方阵营
        result = next(c for c in camps if c not in (VILLAGE, WOLF))
    elif sorted(camps) == sorted([VILLAGE, WOLF]):  # 狼+村民 → 黑情侣; 该狼人获得[接刀]（接刀顺序在最后）
        result = BLACK
        wolf = x if camp(x) == WOLF else y
        wolf.tags.discard("[群内]")
        wolf.tags.add("[接刀]")
        wolf.marks["late_heir"] = True
    elif camps == [WOLF, WOLF]:  # 双狼 → 丘加入狼人阵营并获得[接刀]（接刀顺序在最后）
        result = WOLF
        if cupid is not None:
            cupid.tags.add("[接刀]")
            cupid.marks["late_heir"] = True
    else:  # 双民 → 丘加入村民阵营
        result = VILLAGE
    for q in (x, y):
        if q is not cupid and q.faction != result:
            g.set_faction(q, result, why="情侣")
        if result != WOLF and camp(q) == WOLF and q.marks.get("late_heir") is None:
            q.tags -= {"[群内]", "[接刀]"}  # 除双狼情侣外，情侣中的狼人将不会获得本来的[群内]或[接刀]标签
        if result not in (VILLAGE, WOLF):  # 除了双狼或双民情侣组合，被验证均为黑情侣阵营
            g.set_surface(q, camp=result, by="情侣")
    if cupid is not None:
        g.set_faction(cupid, result, why="情侣", follow=(x.n if x is not cupid else y.n, "same"))
        if result not in (VILLAGE, WOLF):
            g.set_surface(cupid, camp=result, by="情侣")
    g.log("lovers_faction", {"lovers": [x.n, y.n], "faction": result})
    return result


@skill
class Arrow(StartTargeted):
    """丘比特之箭 (丘比特) [开局][指定]<强制>: 任意两名角色 → [真爱情侣], 按照条目依次判定阵营, 丘比特跟随情侣.
    「其他角色获得该技能时，获得后可以立刻选择连新情侣，并无视下列诸多限制，可以连任意角色，并令其获得[虚情情侣]状态」."""

    key = "丘比特之箭"
    n_min = n_max = 2

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        self.spend(g, p, a)
        x, y = (g.seat(t) for t in a.targets)
        state = p.skills.get(self.key)
        if state is not None and state.acquired:
            couple(g, x, y, "虚情情侣", p.n)
            return
        if lover_void(g, x) or lover_void(g, y):
            g.log("lovers_void", {"seats": [x.n, y.n]})
            g.set_faction(p, VILLAGE, why="情侣")  # 链接情侣无效，丘比特加入村民阵营
            return
        if couple(g, x, y, "真爱情侣", p.n):
            judge_lovers(g, p, x, y)


@skill
class GhostWedding(StartTargeted):
    """冥婚 (鬼魂新娘) [开局][指定]: 结算目标若不是丘比特，炸弹，上帝使徒，双子星或持有[隐身]状态，鬼魂新娘与目标
    角色获得[真爱情侣]状态（参考丘比特）；是上述角色则可立刻重新选择.  证婚人: 另外一半为村民阵营 → 随机一个狼人阵营
    的角色, 为狼人阵营 → 随机一个村民阵营的角色, 其实际阵营变为和情侣相同 (同丘比特随情侣变动)；三方或不定 → 情侣自行选择."""

    key = "冥婚"
    self_ok = False

    def candidates(self, g: Game, p: Player) -> list[int]:
        return [
            q.n
            for q in g.players
            if q is not p and q.role not in tables.BRIDE_REFUSED and not g.has(q, "隐身")
        ]

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.seat(a.targets[0])
        while t.role in tables.BRIDE_REFUSED or g.has(t, "隐身"):
            pool: list[int | str] = [n for n in self.candidates(g, p) if n != t.n]
            if not pool:
                return
            t = g.seat(int(pick(g, f"冥婚重选:{p.n}", pool, "鬼魂新娘")))
        base = t.faction
        if not couple(g, p, t, "真爱情侣", p.n):
            return
        faction = judge_lovers(g, None, p, t)
        if base == VILLAGE:
            pool2 = [q.n for q in g.players if q.faction == WOLF and q is not t]
        elif base == WOLF:
            pool2 = [q.n for q in g.players if q.faction == VILLAGE and q is not t]
        else:
            pool2 = [q.n for q in g.players if q is not p and q is not t]
        pool2 = [n for n in pool2 if g.seat(n).role not in tables.BRIDE_REFUSED and not g.has(n, "隐身")]
        if not pool2:
            return
        witness = g.seat(int(pick(g, f"证婚人:{p.n}", list(pool2), "鬼魂新娘")))
        witness.marks["witness"] = True
        g.set_faction(witness, faction, why="证婚人", follow=(p.n, "same"))
        for q in (p, t, witness):  # 情侣和证婚人互知不共群
            g.tell(q.n, "wedding", {"lovers": [p.n, t.n], "witness": witness.n})


# ── chars that follow another's faction (不定阵营) ─────────────────────────────────────────────


class Follow(StartTargeted):
    """A start skill choosing a char whose faction the actor follows (at the start only: 影子<附身> in 黄昏（4）
    is its taking over of its master's skills, which happens when the master goes out)."""

    self_ok = False
    relation: ClassVar[str] = "same"

    def fill(self, g: Game, p: Player) -> Action | None:
        return super().fill(g, p) if g.step == "start.1" else None

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.step != "start.1":
            raise g.illegal(self.clause(p), "游戏开始时发动", "at the game start only", a)
        super().check(g, p, a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        self.spend(g, p, a)
        t = g.seat(a.targets[0])
        p.marks[f"target:{self.key}"] = t.n
        if p.faction == NONE:  # 不是无阵营角色使用该系列身份的技能时，转变阵营的效果无效
            p.follow = (t.n, self.relation)
            faction = g.followed_faction(p, t.faction)
            g.set_faction(p, faction, why=self.key, follow=(t.n, self.relation))
        self.after(g, p, t)

    def after(self, g: Game, p: Player, t: Player) -> None:
        """What else the skill does: 机械狼's 认亲/附身 — 被通灵为混血儿/影子，知晓对象的初始身份但不知道是谁，且可使用其
        机械身份牌技能."""
        if g.version(p, self.key) != "机械狼":
            return
        from ruleproof.specs.genshin165.engine.roles_wolf import take

        g.set_surface(p, role=self.mech_surface, by=self.key)
        g.tell(p.n, self.key, {"role": t.true_role})
        role = g.copy_source(t)
        if role:
            take(g, p, role, origin=self.key)

    mech_surface: ClassVar[str] = ""


@skill
class Kinship(Follow):
    """认亲 (混血儿) [开局]<强制>: 混血儿的[实际阵营]成为与该角色相同的阵营，跟随该角色阵营变动；加入狼人阵营也不进狼群；
    为狼人阵营则获得[接刀]标签 (「顺序在黑客之后」: 黑客 is no role of the text — after every listed heir)."""

    key = "认亲"
    mech_surface = "混血儿"

    def after(self, g: Game, p: Player, t: Player) -> None:
        if p.faction == WOLF and g.version(p, self.key) != "机械狼":
            p.tags.add("[接刀]")
        super().after(g, p, t)


@skill
class Possess(Follow):
    """附身 (影子) [开局]<强制>: 转入相同阵营，跟随该角色阵营变动，拥有和附身对象相同的获胜条件；该角色出局时获得该角色的
    全部技能（初始状态），及其[群内]/[接刀]标签（接刀顺序与目标角色一致）."""

    key = "附身"
    mech_surface = "影子"


@skill
class Vendetta(Follow):
    """寻仇 (复仇者) [开局]<强制>: 加入与该角色对立的阵营并跟随该角色阵营变动（三方或无阵营: 法官在好人/狼阵营中随机）."""

    key = "寻仇"
    relation = "opposite"


@skill
class GhostLove(StartTargeted):
    """鬼情 (聂小倩) [开局][强制]: 选择一名角色认其为宁采臣；若发动者和宁采臣都出局，发动者加入宁采臣所在的阵营并跟随变动，
    并获得宁采臣的技能且刷新至初始，以此获得的技能即使自己已出局也可以使用或者有效."""

    key = "鬼情"
    self_ok = False

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        self.spend(g, p, a)
        p.marks["ning"] = a.targets[0]


@skill
class Crush(StartSkill):
    """跨越千里 (暗恋者) [强制]: 游戏开局，距离你电梯楼最远的角色为你的暗恋对象（若有2人，二选一）."""

    key = "跨越千里"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        n = len(g.players)
        far = max(min(abs(q.n - p.n), n - abs(q.n - p.n)) for q in g.players)
        options: list[int | str] = [q.n for q in g.players if min(abs(q.n - p.n), n - abs(q.n - p.n)) == far]
        crush = int(pick(g, f"跨越千里:{p.n}", options, "暗恋者")) if len(options) > 1 else int(options[0])
        p.marks["crush"] = crush
        g.tell(p.n, "crush", {"seat": crush})


@skill
class Breeding(StartSkill):
    """养殖 (养殖者) [开局]<强制>: 游戏开始时，养殖者获知实际身份为[肉猪]的马甲."""

    key = "养殖"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        g.tell(p.n, "养殖", {"seats": [q.n for q in g.players if q.true_role == "肉猪"]})


@skill
class Choose(StartSkill):
    """家国抉择 (大天狗) [开局]: 回家 → [群内] 与回家技能; 远征 → [接刀] 与远征技能."""

    key = "家国抉择"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        choice = str(pick(g, f"家国抉择:{p.n}", ["回家", "远征"], "大天狗"))
        p.marks["tengu"] = choice
        p.tags.add("[群内]" if choice == "回家" else "[接刀]")
        section = "回家技能" if choice == "回家" else "远征技能"
        for sd in roles()["大天狗"].skills:
            if sd.clause == section:
                g.grant(p, sd.name, origin="own", role="大天狗", uses=g.initial_uses(p, sd.name, sd.count))


@skill
class Mode(StartSkill):
    """模式选择 (守卫) [开局]: 德式 / 日式 / 版杀 守卫，其余两种守护失去 (刷新至初始: 可以重新选一个模式)."""

    key = "模式选择"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        modes: list[int | str] = ["德式守护", "日式守护", "版杀守护"]
        choice = str(pick(g, f"模式选择:{p.n}", modes, "守卫"))
        for m in modes:
            state = p.skills.get(str(m))
            if state is not None:
                state.lost = m != choice


def surface_choice(g: Game, p: Player, key: str, clause: str) -> None:
    """「可以设置自己的表面阵营，表面身份，表面带刀」: three choices of the seat (by default: what it shows now)."""

    def keep(what: str, options: list[int | str], now: int | str) -> str:
        default = options.index(now) if now in options else 0
        return str(g.choose(f"{key}{what}:{p.n}", options, clause=clause, default=default))

    camp = keep("阵营", [VILLAGE, WOLF, NONE], p.surface_camp)
    role = keep("身份", list(roster()), p.surface_role)
    knife = keep("带刀", ["带刀", "不带刀"], "带刀" if g.knife_shown(p) else "不带刀")
    g.set_surface(p, role=role, camp=camp, knife=knife == "带刀", by=key)


@skill
class Hidden(StartSkill):
    """潜藏 (狼弟) [开局]<强制>: 狼弟可以设置自己的表面阵营，表面身份，表面带刀，[继承]发动后失效."""

    key = "潜藏"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        surface_choice(g, p, "潜藏", "狼弟")


@skill
class Disguise(StartSkill):
    """伪装 (隐狼) [开局]: 从五项中选择三项: 1 [接刀]（机械狼之后）; 2 设置表面阵营/身份/带刀; 3 知晓同[实际阵营]名单;
    4 受到村民阵营以[实际阵营]判断的技能时以村民阵营判定; 5 让同[实际阵营]角色知晓你."""

    key = "伪装"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        chosen: list[int] = []
        for i in range(3):
            options: list[int | str] = [k for k in range(1, 6) if k not in chosen]
            chosen.append(int(pick(g, f"伪装:{p.n}:{i + 1}", options, "隐狼")))
        p.marks["disguise"] = sorted(chosen)
        mates = [q.n for q in g.players if q.faction == p.faction and q is not p]
        if 1 in chosen:
            p.tags.add("[接刀]")
        if 2 in chosen:
            surface_choice(g, p, "伪装", "隐狼")
        if 3 in chosen:
            g.tell(p.n, "伪装", {"same_faction": mates})
        if 4 in chosen:
            p.marks["as_village"] = True
        if 5 in chosen:
            for m in mates:
                g.tell(m, "伪装", {"seat": p.n})


@skill
class Shapeshift(StartSkill):
    """化形 (妖狐) [开局]<强制>: 妖狐的表面阵营，表面身份和表面带刀由妖狐开局自行决定; 妖狐出现时，随机一个村民阵营的角色
    阵营变为和妖狐相同，额外获得技能[通灵]，并得知妖狐名单（妖狐小弟）."""

    key = "化形"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        surface_choice(g, p, "化形", "妖狐")
        village: list[int | str] = [q.n for q in g.players if q.faction == VILLAGE]
        if not village:
            return
        minion = g.seat(int(pick(g, f"妖狐小弟:{p.n}", village, "妖狐")))
        g.set_faction(minion, p.faction, why="妖狐")
        g.grant(minion, "通灵", origin="妖狐", role="通灵师", uses=None)
        minion.marks["fox_minion"] = p.n
        g.tell(minion.n, "fox", {"fox": p.n})


@skill
class FaceDraw(StartSkill):
    """变脸 (变脸者) at the start: 随机抽取3个未出场的村民阵营身份作为变脸者底牌."""

    key = "变脸"

    def fill(self, g: Game, p: Player) -> Action | None:
        return None if g.step != "start.1" or "cards" in p.marks else Action(p.n, self.key)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        if g.step == "start.1":
            p.marks["cards"] = draw(g, f"变脸牌:{p.n}", undealt(g, Camp.VILLAGE), 3, "变脸者")
            p.marks["copy_as"] = ""  # 尚未变脸则无技能
            g.tell(p.n, "变脸", {"cards": p.marks["cards"]})
            return
        cards = [c for c in p.marks.get("cards", []) if c not in p.marks.get("used_cards", [])]
        if not cards:
            return
        options: list[int | str] = list(cards)
        card = str(pick(g, f"变脸:{p.n}", options, "变脸者"))
        p.marks.setdefault("used_cards", []).append(card)
        g.drop_acquired(p, "变脸")
        names = g.acquire(
            p,
            card,
            origin="变脸",
            until=g.until(g.night + 1, "dusk.4", "end"),
            version=g.version(p, self.key),
        )
        p.marks["copy_as"] = card
        g.set_surface(p, role=card, by="变脸")
        g.tell(p.n, "变脸", {"card": card, "skills": names})
        for q in g.living():  # 机械狼's 变脸: 技能随着变脸者选择的置顶而变
            if q.marks.get("learned") == "变脸者" and q.holds("变脸"):
                from ruleproof.specs.genshin165.engine.roles_wolf import take

                g.drop_acquired(q, "变脸")
                take(g, q, card, origin="变脸", until=g.until(g.night + 1, "dusk.4", "end"))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if g.step != "start.1" and rng.random() < 0.6 else None


@skill
class Dual(StartSkill):
    """双重人格 [开局][黄昏]<强制>: 游戏开始前随机获得未出场的一狼一神作为底牌，选择其中一张置顶（不持有其技能）；游戏日
    黄昏必须选择另外一张置顶；置顶神牌 → 表面阵营村民，置顶狼牌 → 表面阵营狼人；表面身份为当前置顶身份."""

    key = "双重人格"

    def fill(self, g: Game, p: Player) -> Action | None:
        return Action(p.n, self.key)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        if g.step == "start.1":
            wolf = draw(g, f"双重人格狼:{p.n}", undealt(g, Camp.WOLF), 1, "双重人格")
            god = draw(g, f"双重人格神:{p.n}", undealt(g, Camp.VILLAGE), 1, "双重人格")
            p.marks["cards"] = wolf + god
            if not p.marks["cards"]:
                return
            options: list[int | str] = list(p.marks["cards"])
            top = str(pick(g, f"置顶:{p.n}", options, "双重人格"))
            g.tell(p.n, "双重人格", {"cards": p.marks["cards"]})
        else:
            others = [c for c in p.marks.get("cards", []) if c != p.marks.get("top")]
            if not others:
                return
            top = others[0]
        p.marks["top"] = top
        p.marks["copy_as"] = ""  # 尚未更换身份则获取技能为无技能
        camp = WOLF if roles()[top].camp is Camp.WOLF else VILLAGE
        g.set_surface(p, role=top, camp=camp, by="双重人格")


__all__ = ["BLACK", "StartSkill", "become", "defaults", "judge_lovers", "pick", "start_now", "undealt"]
