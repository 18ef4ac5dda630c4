"""[165]原神's 不定阵营 roles after the start (their [开局] skills are in :mod:`.start`): 混血儿 (护主, 择木而栖),
影子 (taking its master's skills), 女仆<顺从>, 双重人格<主人格>, 复仇者 (雪恨, 择主而弑), 祭品<献祭唤醒>, 暗恋者
(情书, 跨越千里's win), 聂小倩 (鬼情's inheritance).  Each docstring quotes what it implements."""

from __future__ import annotations

import random

from ruleproof.runtime import Action
from ruleproof.specs._werewolf_family.engine import Player
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.genshin165.engine.game import NONE, ON_EXIT, VILLAGE, WOLF, Game, faction_of
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.engine.skills import Impl, legal, skill
from ruleproof.specs.genshin165.engine.start import pick, start_now
from ruleproof.specs.genshin165.roles import roles
from ruleproof.specs.genshin165.rules import Camp

MECH = "机械狼"


def inherit(
    g: Game, p: Player, t: Player, *, origin: str, tags: bool = True, surface: bool = False
) -> list[str]:
    """``p`` takes ``t``'s identity skills (initial state), and its [群内]/[接刀] (with its place in the inheritance
    order: 「[接刀]标签的接刀顺序与目标角色一致」) — 影子, 女仆, 祭品, 聂小倩."""
    role = g.copy_source(t)
    if not role:
        return []
    version = MECH if g.version(p, origin) == MECH else ""
    if version:
        from ruleproof.specs.genshin165.engine.roles_wolf import take

        return take(g, p, role, origin=origin)
    names = g.acquire(p, role, origin=origin)
    if tags:
        for tag in ("[群内]", "[接刀]"):
            if tag in t.tags and not (tag == "[群内]" and p.marks.get("tengu") == "远征"):
                p.tags.add(tag)
        if "[接刀]" in t.tags:
            p.marks["heir_as"] = t.marks.get("heir_as", t.role)
    if surface:
        g.set_surface(p, role=role, by=origin)
        p.marks["copy_as"] = role
    start_now(g, p, names)
    return names


# ── 混血儿 ─────────────────────────────────────────────────────────────────────────────────────


def takes_exile(g: Game, master: Player) -> Player | None:
    """The 混血儿 asked whether it takes its master's vote exit (「在第二个白天之后」: from the third day)."""
    if g.night <= 2:
        return None
    for p in g.living():
        if p.marks.get("target:认亲") == master.n and p.holds("护主") and g.capable(p, "护主"):
            return p
    return None


class Rechoose(Impl):
    """择木而栖 / 择主而弑 (第一天游戏日黄昏): 若对象在当天白天发言贴数不足15贴（the director's count: a choice
    「发言不足:座位」），可以重新选择一个对象，但不得知阵营变化."""

    follow_skill = ""
    relation = "same"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.night != 1:
            raise g.illegal(p.role, "第一天游戏日黄昏", "the first dusk only", a)
        if len(a.targets) != 1 or a.targets[0] == p.n:
            raise g.illegal(p.role, "重新选择一个对象", "choose one other char", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        old = p.marks.get(f"target:{self.follow_skill}")
        if old is None or str(pick(g, f"发言不足:{old}", ["是", "否"], p.role)) != "是":
            g.log("rechoose_refused", {"seat": p.n, "skill": self.key})
            return
        t = g.seat(a.targets[0])
        p.marks[f"target:{self.follow_skill}"] = t.n
        if p.follow is not None:
            p.follow = (t.n, self.relation)
            faction = g.followed_faction(p, t.faction)
            if faction != p.faction:  # 但不得知阵营变化
                g.log("faction", {"seat": p.n, "from": p.faction, "to": faction, "why": self.key})
                p.faction = faction

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if g.night != 1 or rng.random() < 0.8:
            return None
        pool = [q.n for q in g.living() if q is not p]
        return Action(p.n, self.key, (rng.choice(pool),)) if pool else None


@skill
class Rechoose1(Rechoose):
    key = "择木而栖"
    follow_skill = "认亲"


@skill
class Rechoose2(Rechoose):
    key = "择主而弑"
    follow_skill = "寻仇"
    relation = "opposite"


# ── 影子, 聂小倩 ───────────────────────────────────────────────────────────────────────────────


def _shadow(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    """附身 (影子): 当该角色出局时，获得该角色的全部技能，且继承得到的技能为初始状态；[群内]或[接刀]标签也会获得并执行相应效果.
    鬼情 (聂小倩): 若发动者和宁采臣都出局，发动者加入宁采臣所在的阵营并跟随变动，并获得宁采臣的技能且刷新至初始."""
    for p in g.players:
        if p.marks.get("target:附身") == t.n and p.alive and not p.marks.get("shadowed"):
            p.marks["shadowed"] = True
            names = inherit(g, p, t, origin="附身")
            g.tell(p.n, "附身", {"seat": t.n, "skills": names})
    for p in g.players:
        ning = p.marks.get("ning")
        if ning is None or p.marks.get("ning_done"):
            continue
        other = g.seat(int(ning))
        if p.alive or other.alive:
            continue
        p.marks["ning_done"] = True
        g.set_faction(p, other.faction, why="鬼情", follow=(other.n, "same"))
        names = inherit(g, p, other, origin="鬼情")
        for name in names:
            p.skills[name].origin = "鬼情"  # 以此获得的技能即使自己已出局也可以使用或者有效
        g.tell(p.n, "鬼情", {"seat": other.n, "skills": names})


ON_EXIT.append(_shadow)


# ── 女仆 ───────────────────────────────────────────────────────────────────────────────────────


@skill
class Obey(Impl):
    """顺从[黄昏]<限定> (女仆): 当天若有角色在[正午]或[黄昏]出局，选择其中一个出局角色，获得该角色的全部技能并刷新至初始状态，阵营也转变
    为和该角色相同，同时获得该身份所拥有的[群内]或[接刀]标签，并且表面身份变更为继承的身份；当女仆为[真爱情侣]，则该技能不能发动；发动后
    公布[有角色发动了[顺从]和发动目标交换了身份].  机械狼's: 获得目标身份的机械身份牌技能，表面阵营与身份转化为与目标相同."""

    key = "顺从"
    targets_may_be_out = True

    def options(self, g: Game) -> list[int]:
        return [n for n, _how in g.day_exits]

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.skills[self.key].spent:
            raise g.illegal("顺从的女仆", "<限定>技能只允许发动一次", "once only", a)
        if any(kind == "真爱情侣" and p.n in (x, y) for x, y, kind in g.couples):
            raise g.illegal("顺从的女仆", "当女仆为[真爱情侣]，则该技能不能发动", "not as a true lover", a)
        if len(a.targets) != 1 or a.targets[0] not in self.options(g):
            raise g.illegal(
                "顺从的女仆", "选择当天在[正午]或[黄昏]出局的一个角色", "one char out today by day", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.skills[self.key].spent = True
        t = g.seat(a.targets[0])
        if g.version(p, self.key) == MECH:
            g.set_surface(p, role=t.surface_role, camp=t.surface_camp, by=self.key)
        else:
            g.set_faction(p, t.faction, why=self.key)
        names = inherit(g, p, t, origin=self.key, surface=True)
        g.announce("obey", {"text": "有角色发动了[顺从]和发动目标交换了身份"})
        g.tell(p.n, "顺从", {"seat": t.n, "skills": names})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        pool = self.options(g)
        return (
            legal(g, p, self, Action(p.n, self.key, (rng.choice(pool),)))
            if pool and rng.random() < 0.5
            else None
        )


# ── 双重人格 ───────────────────────────────────────────────────────────────────────────────────


@skill
class MainSelf(Impl):
    """主人格[黄昏]<强制> (双重人格): 若当天开门时公布遗言已耗尽，或双重人格已经不是无阵营，则当天游戏日黄昏，[双重人格]失效，并获得当前
    置顶身份的身份技能且刷新至初始，若触发时双重人格的[实际阵营]为无阵营，双重人格的[实际阵营]变为当前置顶身份的阵营."""

    key = "主人格"

    def due(self, g: Game, p: Player) -> bool:
        return bool(p.marks.get("top")) and (g.words_out_at_open or p.faction != NONE)

    def fill(self, g: Game, p: Player) -> Action | None:
        return Action(p.n, self.key) if self.due(g, p) else None

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not self.due(g, p):
            raise g.illegal(
                "双重人格", "遗言耗尽或已不是无阵营时触发", "when last words are out or it has a faction", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        top = str(p.marks["top"])
        p.skills[self.key].spent = True
        if "双重人格" in p.skills:
            p.skills["双重人格"].lost = True
        if p.faction == NONE:
            g.set_faction(p, faction_of(top), why=self.key)
        info = roles()[top]
        if info.pack:
            p.tags.add("[群内]")
        if info.inherit:
            p.tags.add("[接刀]")
        names = g.acquire(p, top, origin=self.key, version=g.version(p, self.key))
        p.marks["copy_as"] = top
        start_now(g, p, names)
        g.tell(p.n, "主人格", {"role": top, "skills": names})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return None


# ── 复仇者 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class Revenge2(Impl):
    """雪恨[深夜]<限定> (复仇者): 指定首日讨论日电梯楼的连续三名玩家成为<雪恨>的目标，随机得知这三个人之间任意两个人的具体阵营 (机械狼's:
    不再是限定技，每夜可用).  The first of the three is the action's target."""

    key = "雪恨"
    targets_may_be_out = True

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) != 1:
            raise g.illegal(
                "复仇者", "指定连续三名玩家（写其中第一名）", "the first of three consecutive seats", a
            )
        if g.version(p, self.key) != MECH and p.skills[self.key].spent:
            raise g.illegal("复仇者", "<限定>技能只允许发动一次", "once only", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        if g.version(p, self.key) != MECH:
            p.skills[self.key].spent = True
        n = len(g.players)
        three = [(a.targets[0] - 1 + k) % n + 1 for k in range(3)]
        first = int(pick(g, f"雪恨:{p.n}:1", list(three), "复仇者"))
        second = int(pick(g, f"雪恨:{p.n}:2", [s for s in three if s != first], "复仇者"))
        g.tell(p.n, "雪恨", {str(s): g.seat(s).faction for s in sorted((first, second))})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.skills[self.key].spent or rng.random() < 0.7:
            return None
        return Action(p.n, self.key, (rng.randrange(1, len(g.players) + 1),))


# ── 祭品 ───────────────────────────────────────────────────────────────────────────────────────


@skill
class Awaken(Impl):
    """献祭唤醒[黄昏][强制] (祭品): 若当天开门时公布遗言已耗尽，则游戏日黄昏，检查当前已出局好人阵营角色/狼人阵营角色占比开局双方对应阵营
    人数的百分比，祭品的[实际阵营]变更为已出局百分比较多的阵营并收到通知，然后选择：1，选择一个已出局角色，若该角色与你同阵营，获得该角色身份
    技能并刷新至初始；2，从对应阵营的已出局的角色随机选择一个获得.  若获得的身份有[群内][接刀]标签，也会获得该标签."""

    key = "献祭唤醒"
    targets_may_be_out = True

    def due(self, g: Game, p: Player) -> bool:
        return g.words_out_at_open and not p.skills[self.key].spent

    def fill(self, g: Game, p: Player) -> Action | None:
        return Action(p.n, self.key) if self.due(g, p) else None

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not self.due(g, p):
            raise g.illegal("祭品", "当天开门时公布遗言已耗尽时触发", "when the last words are out", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.skills[self.key].spent = True

        def share(f: str) -> float:
            start = [q for q in g.players if faction_of(q.true_role) == f]
            out = [q for q in start if not q.alive]
            return len(out) / len(start) if start else 0.0

        v, w = share(VILLAGE), share(WOLF)
        faction = (
            VILLAGE if v > w else WOLF if w > v else str(pick(g, f"献祭阵营:{p.n}", [VILLAGE, WOLF], "祭品"))
        )
        g.set_faction(p, faction, why=self.key)
        dead = [q for q in g.players if not q.alive and q.faction == faction]
        if not dead:
            return
        if a.targets:
            t = g.seat(a.targets[0])
            if t.alive or t.faction != faction:
                g.tell(p.n, "献祭唤醒", {"seat": t.n, "got": []})
                return
        else:
            t = g.seat(int(pick(g, f"献祭唤醒:{p.n}", [q.n for q in dead], "祭品")))
        names = inherit(g, p, t, origin=self.key)
        p.marks["copy_as"] = g.copy_source(t) or ""
        g.tell(p.n, "献祭唤醒", {"seat": t.n, "got": names})
        for q in g.living():  # 机械狼's 献祭唤醒: 祭品激活后，机械狼获得祭品所获身份牌的机械狼版本
            if q.marks.get("learned") == "祭品" and q.holds("献祭唤醒"):
                from ruleproof.specs.genshin165.engine.roles_wolf import take

                take(g, q, str(p.marks["copy_as"]), origin="献祭唤醒")

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return None


# ── 暗恋者 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class LoveLetter(Impl):
    """情书[正午] (暗恋者): 在前2个正午阶段可以发动，发动后你和主人互相发送一条信息.  身份属性: 在触发该身份任意一个技能之后，若暗恋者尚无
    阵营，则暗恋者的阵营变为和主人相同的阵营但不获得通知，且跟随主人变动."""

    key = "情书"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.night > 2 and not p.marks.get("letters"):
            raise g.illegal("暗恋者", "在前2个正午阶段可以发动", "only in the first two noons", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.marks["letters"] = True
        crush = p.marks.get("crush")
        if crush is not None:
            g.tell(int(crush), "情书", {"from": p.n})
            join_master(g, p)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return (
            Action(p.n, self.key, (), at=rng.randrange(540, 1100))
            if g.night <= 2 and rng.random() < 0.3
            else None
        )


def join_master(g: Game, p: Player) -> None:
    crush = p.marks.get("crush")
    if crush is None or p.faction != NONE:
        return
    master = g.seat(int(crush))
    p.follow = (master.n, "same")
    p.faction = master.faction  # 但不获得通知加入了什么阵营
    p.marks["joined_master"] = True
    g.log("faction", {"seat": p.n, "from": NONE, "to": master.faction, "why": "暗恋者"})


def crush_wins(g: Game) -> str | None:
    """跨越千里[强制]: 当你和暗恋对象为邻居时触发此技能，你所在的阵营直接获胜."""
    for p in g.living():
        crush = p.marks.get("crush")
        if crush is None or not g.seat(int(crush)).alive:
            continue
        left, right = g.neighbours(p)
        if int(crush) in (left.n, right.n) and left is not right:
            join_master(g, p)
            return p.faction
    return None


def _admirer_loss(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    """若暗恋者加入了主人的阵营之后，暗恋者和主人任何一个出局，暗恋者单独落败."""
    for p in g.players:
        if (
            p.marks.get("joined_master")
            and (t is p or p.marks.get("crush") == t.n)
            and not p.marks.get("lost_alone")
        ):
            p.marks["lost_alone"] = True
            g.log("individual_loss", {"seat": p.n})


ON_EXIT.append(_admirer_loss)


@RULES.hook("dusk.4", "pre")
def _dual_switch_marker(g: Game) -> None:
    """双重人格's 黄昏 switch follows 主人格 in （4） (「双重人格<主人格><双重人格>」): the switch is its own filled action."""


__all__ = ["crush_wins", "inherit", "join_master", "takes_exile"]
_ = (Camp, WOLF)
