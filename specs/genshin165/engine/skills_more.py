"""More of [165]原神's roles: 狐狸, 赏金猎人, 圣女, 纵火犯, 上帝使徒, 药剂师<回复药> · 幼狼<牺牲>, 长老狼, 狼学者,
恶灵骑士.  Each docstring quotes what it implements; what it leaves out is in docs/genshin165.md."""

from __future__ import annotations

import random

from ruleproof.runtime import Action, Until
from ruleproof.specs._werewolf_family.engine import Hit, Player, SkillState
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.genshin165 import tables
from ruleproof.specs.genshin165.engine.game import VILLAGE, WOLF, Game
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.engine.skills import (
    Damaging,
    Impl,
    Targeted,
    legal,
    night_end,
    skill,
    swapped_camp,
)
from ruleproof.specs.genshin165.roles import roles, roster
from ruleproof.specs.genshin165.rules import Camp


@skill
class Cunning(Impl):
    """狡黠 (狐狸) [深夜]: 查验电梯楼上的一名角色和其相邻的两名玩家的[表面身份]是否都为<非村民阵营>或<村民阵营>
    （首尾也算邻居，不计当天白天和黄昏已出局角色）：是 → 反馈并失去此技能；不是 → <气息杂乱无法分辨>."""

    key = "狡黠"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) != 1:
            raise g.illegal("狐狸", "选择电梯楼上的一名角色", "choose one seat", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.seat(a.targets[0])
        left, right = g.neighbours(t)
        camps = {q.surface_camp == VILLAGE for q in (left, t, right)}
        if len(camps) == 1:
            g.tell(p.n, "狡黠", {"target": t.n, "camp": "村民阵营" if camps.pop() else "非村民阵营"})
            p.skills[self.key].lost = True
        else:
            g.tell(p.n, "狡黠", {"target": t.n, "camp": "气息杂乱无法分辨"})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key, (rng.choice([q.n for q in g.living()]),))


def bounty_lost(g: Game, p: Player, name: str) -> bool:
    """机械狼's 悬赏/捕杀: 在获得[群内]标签或接刀之后失去这两个技能."""
    return g.version(p, name) == "机械狼" and ("[群内]" in p.tags or p in g.knife_holders())


@skill
class Bounty(Targeted):
    """悬赏 (赏金猎人): [结算目标]若在开门时公示出局，发动者收到通知，捕杀次数+1."""

    key = "悬赏"

    def capable(self, g: Game, p: Player, a: Action) -> bool:
        return g.capable(p, self.key) and not bounty_lost(g, p, self.key)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        p.marks["bounty"] = (g.night, t.n)


@skill
class Capture(Damaging):
    """捕杀 (赏金猎人) [0]: 任意和自己当晚[悬赏]不重复的角色: 一次[指杀]."""

    key = "捕杀"
    kill = True
    entry = "赏金猎人<捕杀>"

    def capable(self, g: Game, p: Player, a: Action) -> bool:
        return g.capable(p, self.key) and not bounty_lost(g, p, self.key)

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        tonight = [x.targets for x in g.submitted if x.actor == p.n and x.skill == "悬赏"]
        if any(set(a.targets) & set(t) for t in tonight):
            raise g.illegal("赏金猎人", "选择范围：和自己当晚[悬赏]不重复的角色", "not tonight's bounty", a)


@RULES.hook("dawn.4", "post")
def _bounty_paid(g: Game) -> None:
    for p in g.players:
        night_target = p.marks.get("bounty")
        if night_target and night_target[0] == g.night and not g.seat(night_target[1]).alive:
            state = p.skills.get("捕杀")
            if state is not None and state.uses is not None:
                state.uses += 1
                g.private(p.n, "悬赏", {"target": night_target[1], "捕杀": state.uses})


@skill
class Purify(Targeted):
    """净化 (圣女) <限定>: 村民阵营 → 该玩家[实际身份]的对应技能刷新至初始并通知; 狼人阵营 → 永久[净化];
    三方阵营 → 永久[超度]."""

    key = "净化"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        camp = roles()[t.true_role].camp
        judged = swapped_camp(g, p, self.key, g.judged_camp(t, p))  # 机械狼's: 狼人/村民的效果对调
        if judged == VILLAGE:
            fresh = {s.name: s.count for s in roles()[t.true_role].dealt}
            for name, count in fresh.items():
                if name in t.skills:
                    base = g.initial_uses(t, name, count)
                    t.skills[name] = SkillState(base)
            g.tell(t.n, "skills_refreshed", {})
        elif judged == WOLF:
            g.give(t, "净化", source=p.n)
        elif camp is Camp.THIRD:
            g.give(t, "超度", source=p.n)


@skill
class Arson(Targeted):
    """纵火 (纵火犯) <限定>: 结算目标获得[业炎]; 若成功赋予，且当晚所有的[杀人]技能目标正好是纵火目标，则[杀人]无效，
    技能来源受到[致死伤害]."""

    key = "纵火"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if g.give(t, "业炎", source=p.n) is not None:
            g.arson = (g.night, t.n, g.version(p, self.key) == "机械狼")
            g.tell(t.n, "status", {"status": "业炎"})


def _arson_backfire(g: Game) -> None:
    """纵火: 当晚所有的[杀人]技能目标正好是纵火目标，则[杀人]无效，技能来源受到[致死伤害]."""
    if not g.arson or g.arson[0] != g.night or g.arson[2]:
        return
    kills = [h for h in g.hits if h.skill == "杀人"]
    if kills and all(h.target == g.arson[1] for h in kills):
        g.hits = [h for h in g.hits if h.skill != "杀人"]
        source = g.kill_source(kills[0])
        g.log("arson_backfire", {"target": g.arson[1], "source": source})
        g.damage(source, Damage.LETHAL, g.seat(source), "纵火", "纵火犯<纵火>")


def _arson_mech(g: Game) -> None:
    """机械狼's 纵火: 不反弹[杀人]，而是反弹当晚第一个对其使用[指杀][穿透][致死伤害]效果的村民阵营角色."""
    if not g.arson or g.arson[0] != g.night or not g.arson[2]:
        return
    for h in sorted(g.hits, key=lambda h: h.seq):
        if h.target == g.arson[1] and h.source and g.seat(h.source).faction == VILLAGE:
            g.hits.remove(h)
            g.log("arson_backfire", {"target": g.arson[1], "source": h.source})
            g.damage(h.source, Damage.LETHAL, g.seat(h.source), "纵火", "纵火犯<纵火>")
            return


RULES.hook("late.9", "pre")(_arson_mech)
RULES.hook("moon.late.9", "pre")(_arson_mech)
RULES.hook("deep.1", "post")(_arson_backfire)
RULES.hook("moon.deep.1", "post")(_arson_backfire)


@skill
class Ask(Impl):
    """询问 (上帝使徒) [早夜]: 游戏日夜晚可选择1张身份牌询问，场上（开局身份表）是否有此身份牌，询问结果可选择是否在明日公示；
    若该身份为部分身份所持有的底牌身份（如变脸者底牌，双重人格底牌）也会反馈存在 (the card and the publication are the seat's
    choices).  机械狼's: 询问结果可选择传递给场上另一名玩家或狼群或者公开."""

    key = "询问"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        names = list(roster())
        pick = str(g.choose(f"询问:{p.n}", names, clause="上帝使徒", default=g.rng.randrange(len(names))))
        present = any(
            q.true_role == pick or q.role == pick or pick in q.marks.get("cards", ()) for q in g.players
        )
        g.tell(p.n, "询问", {"role": pick, "present": present})
        if g.version(p, self.key) == "机械狼":
            options: list[int | str] = ["不传递", "公开", "狼群", *(q.n for q in g.living() if q is not p)]
            to = g.choose(f"询问传递:{p.n}", options, clause="机械狼", default=0)
            if to == "公开":
                g.pending_day.append(("ask", {"role": pick, "present": present, "mech": True}))
            elif to == "狼群":
                for q in g.players:
                    if "[群内]" in q.tags and q.faction == WOLF:
                        g.tell(q.n, "询问", {"role": pick, "present": present})
            elif isinstance(to, int):
                g.tell(to, "询问", {"role": pick, "present": present})
        elif str(g.choose(f"询问公示:{p.n}", ["不公示", "公示"], clause="上帝使徒", default=0)) == "公示":
            g.pending_day.append(("ask", {"role": pick, "present": present}))
        from ruleproof.specs.genshin165.engine.roles_village import heresy

        heresy(g, p, pick, present)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key)


@skill
class HealPotion(Targeted):
    """回复药 (药剂师) [1]: 目标持有次数技能 → [深夜]结束后通知，其中一个次数技能次数+1; 否则发动者[迷魂药]+1.
    药剂师每天只能使用1瓶药."""

    key = "回复药"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if p.true_role == "药剂师" and any(x.actor == p.n and x.skill == "迷魂药" for x in g.submitted):
            raise g.illegal("药剂师", "药剂师每天只能使用1瓶药", "one potion a day", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        counted = [k for k, s in t.skills.items() if s.uses is not None and s.origin == "own"]
        if counted:
            pick = str(g.choose(f"回复药:{t.n}", counted, clause="药剂师", default=0))
            uses = t.skills[pick].uses
            t.skills[pick].uses = (uses or 0) + 1
            g.tell(t.n, "回复药", {"skill": pick})
        else:
            state = p.skills.get("迷魂药")
            if state is not None:
                state.uses = (state.uses or 0) + 1
            g.tell(p.n, "回复药", {"target": selected, "迷魂药": state.uses if state else None})


@skill
class Sacrifice(Impl):
    """牺牲 (幼狼) [深夜]: 若幼狼不是最后一只群内狼，幼狼可以对自己造成[致死伤害]，这个技能发动后，幼狼可以选择[牺牲]在出局效果
    结算步骤中的哪个步骤结算 (a choice 「牺牲:座位」 among the rows of 凌晨（9）; 「幼狼<牺牲>（若未决定结算顺序）」 by default)."""

    key = "牺牲"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len([q for q in g.living() if "[群内]" in q.tags and q.faction == WOLF]) <= 1:
            raise g.illegal("幼狼", "幼狼是最后一只群内狼时不能牺牲", "not the last of the pack", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        rows: list[int | str] = list(tables.EXIT_ORDER.entries)
        row = str(g.choose(f"牺牲:{p.n}", rows, clause="幼狼", default=rows.index("幼狼<牺牲>")))
        g.damage(p.n, Damage.LETHAL, p, self.key, row)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.05 else None


@skill
class HomeBound(Targeted):
    """归途 (长老狼) [黄昏]: 结算目标[实际阵营]是狼人阵营且没有[群内]标签 → 于早夜结束时获得[群内]并通知."""

    key = "归途"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if t.faction == WOLF and "[群内]" not in t.tags and not t.holds("不归"):  # 不归: 无法获得[群内]标签
            t.marks["homebound"] = g.night  # this round's 早夜 follows this 黄昏


def _join_pack(g: Game) -> None:
    for p in g.players:
        if p.marks.get("homebound") == g.night and p.faction == WOLF:
            p.tags.add("[群内]")
            g.private(p.n, "归途", {"pack": True})
            p.marks.pop("homebound")


RULES.hook("early.10", "post")(_join_pack)


@skill
class Sophistry(Targeted):
    """诡辩 (狼学者) [深夜]: 猜测一个身份并选择任意角色; 猜对 → 目标永久[迷魂]，且目标若出局，发动者的票数永久+1;
    不通知发动者任何情况 (the guess is the seat's choice)."""

    key = "诡辩"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        names = list(roster())
        guess = str(g.choose(f"诡辩:{p.n}", names, clause="狼学者", default=g.rng.randrange(len(names))))
        if guess == t.true_role:
            g.give(t, "迷魂", source=p.n)
            t.marks.setdefault("scholars", []).append(p.n)


@RULES.hook("late.6", "pre")
def _evil(g: Game) -> None:
    """主宰黑夜 / 邪恶 (恶灵骑士): 受到村民阵营的技能时于凌晨得到通知; 邪恶<限定><强制>: 按反击顺序（能造成伤害的技能 ＞
    验人系技能 ＞ 其他，同类以发动顺序）选择优先级第一的目标，对选择目标造成[致死伤害]（无视[隐身]、[交换]）."""
    for p in g.living():
        if p.true_role != "恶灵骑士" or not p.holds("邪恶") or p.skills["邪恶"].spent:
            continue
        hits = [
            (skill, actor)
            for target, skill, actor in g.hunted
            if target == p.n and g.seat(actor).faction == VILLAGE
        ]
        if not hits:
            continue
        g.private(p.n, "主宰黑夜", {"operated": True})

        def tier(item: tuple[str, int]) -> int:
            impl = RULES.skills.get(item[0])
            if isinstance(impl, Damaging) or item[0] in ("毒药", "猎杀", "决斗"):
                return 0
            return 1 if roles()[g.seat(item[1]).true_role].seer else 2

        first = sorted(enumerate(hits), key=lambda e: (tier(e[1]), e[0]))[0][1]
        p.skills["邪恶"].spent = True
        g.hits.append(
            Hit(first[1], Damage.LETHAL, p.n, "邪恶", g.exit_rank("恶灵骑士<邪恶>", p, "邪恶"), g.seq)
        )
        g.log("hit_queued", {"target": first[1], "kind": Damage.LETHAL.value, "skill": "邪恶", "source": p.n})


__all__ = [
    "Arson",
    "Ask",
    "Bounty",
    "Capture",
    "Cunning",
    "HealPotion",
    "HomeBound",
    "Purify",
    "Sacrifice",
    "Sophistry",
]
_ = (Until, night_end)


GIFTS = {"验人": "通灵", "毒药": "毒药", "猎枪": "最后一枪", "守护": "版杀守护", "控制": "冰冻"}


@skill
class Gift(Targeted):
    """馈赠 (黑商) <限定>: 除自己以外任意角色，并决定赠送验人，毒药，猎枪，守护，控制其中之一; 结算目标[实际阵营]为
    狼人阵营 → 发动者受到[致死伤害]; 否则结算目标在夜晚结束时得到通知，获得对应的临时技能，使用一次后就丢失."""

    key = "馈赠"
    self_ok = False

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        kinds = list(GIFTS)
        kind = str(g.choose(f"馈赠:{p.n}", kinds, clause="黑商", default=g.rng.randrange(len(kinds))))
        wolf = g.judged_camp(t, p) == WOLF
        if g.version(p, self.key) == "机械狼":  # 机械狼's: [狼人阵营]和[非狼阵营]的效果对调
            wolf = not wolf
        if wolf:
            g.damage(p.n, Damage.LETHAL, p, self.key, "黑商<馈赠>")
        else:
            g.gifts.append((t.n, GIFTS[kind], "黑商"))


def _hand_gifts(g: Game) -> None:
    for seat, name, giver in g.gifts:
        t = g.seat(seat)
        if t.alive:
            t.skills[name] = SkillState(1, origin=giver)
            g.private(t.n, "gift", {"skill": name})
    g.gifts = []


RULES.hook("late.9", "post")(_hand_gifts)
RULES.hook("moon.late.9", "post")(_hand_gifts)


@skill
class Inherit(Damaging):
    """继承 (狼弟) [早夜]<限定><强制>: 狼兄出局后，或获取[群内]标签的当晚: [致死伤害]; 发动后若是狼人阵营则获得[群内]，
    潜藏失效."""

    key = "继承"
    kind = Damage.LETHAL
    entry = "狼弟<继承>"
    after_out = "狼兄"

    def before(self, g: Game, p: Player, a: Action) -> None:
        if p.faction == WOLF:
            p.tags.add("[群内]")
        g.set_surface(p, role=p.true_role, camp=p.faction, by="继承")  # 潜藏: [继承]发动后失效
        p.surface_knife = None


@RULES.on_setup("狼弟")
def _hidden(g: Game, p: Player) -> None:
    """潜藏 [开局]<强制>: 狼弟可以设置自己的表面阵营，表面身份，表面带刀 — the engine lets the seat choose the surface
    camp (a choice keyed to the seat); the surface identity and knife are not modelled."""
    camps: list[int | str] = [VILLAGE, WOLF]
    pick = str(g.choose(f"潜藏:{p.n}", camps, clause="狼弟", default=0))
    p.surface_camp = pick


@RULES.on_setup("狼兄")
def _brothers(g: Game, p: Player) -> None:
    """与狼弟互知不共群."""
    for q in g.players:
        if q.true_role == "狼弟":
            g.private(p.n, "brother", {"seat": q.n})
            g.private(q.n, "brother", {"seat": p.n})


@skill
class Apprentice(Targeted):
    """见习 (见习守卫): 结算目标当晚第一次出局时不出局，发动者承受[致死伤害] (Game.cancels_otherwise)."""

    key = "见习"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.apprentice[t.n] = p.n


@skill
class Oath(Targeted):
    """宣誓效忠 (见习守卫) <限定>: [实际身份]属于村民阵营 → 共群，对其使用[见习]时改为失去[见习]; 否则见习守卫承受
    [致死伤害]."""

    key = "宣誓效忠"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        wanted = (
            Camp.WOLF if g.version(p, self.key) == "机械狼" else Camp.VILLAGE
        )  # 机械狼's: [狼人阵营][非狼人阵营]
        if roles()[t.true_role].camp is wanted:
            p.marks["sworn"] = t.n
            g.tell(t.n, "oath", {"with": p.n})
        else:
            g.damage(p.n, Damage.LETHAL, p, self.key, "见习守卫<宣誓效忠>")
