"""[165]原神's 狼人阵营 roles that take over actions, hand out or take skills, or change what checks see:
怪盗, 养殖者, 圣诞老狼, 食尸鬼, 鹫狼, 幽灵, 雪狼, 狼祭司, 寂夜导师, 机械狼 — and 黑蝙蝠<反弹>, 石像鬼<凝望>,
大天狗 远征 (天狗吞月, 不归).  Each docstring quotes what it implements."""

from __future__ import annotations

import random
from typing import ClassVar

from ruleproof.runtime import Action, Until
from ruleproof.specs._werewolf_family.engine import Hit, Player
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.genshin165.engine.game import (
    NONE,
    ON_EXIT,
    ROUTES,
    VILLAGE,
    WOLF,
    Game,
    skill_name,
    surface_camp_word,
)
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.engine.skills import (
    Damaging,
    Granting,
    Impl,
    Targeted,
    legal,
    next_night,
    night_end,
    skill,
)
from ruleproof.specs.genshin165.engine.start import pick, start_now, surface_choice
from ruleproof.specs.genshin165.roles import mech_table, roles
from ruleproof.specs.genshin165.rules import Camp

MECH = "机械狼"


# ── 怪盗 ───────────────────────────────────────────────────────────────────────────────────────


@skill
class Steal(Targeted):
    """偷盗[早夜][指定]<限定> (怪盗): 任意2个角色: 当晚结算目标若发动了非<强制>技能时，怪盗可以获知其技能名称以及选择目标，并
    重新为其选择技能目标，若该技能有反馈，将由怪盗得知反馈，目标角色不会得知反馈和新技能目标；目标角色会被通知<你被偷盗了>."""

    key = "偷盗"
    n_min = n_max = 2

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.stolen[t.n] = p.n
        g.tell(t.n, "偷盗", {"text": "你被偷盗了"})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if rng.random() < 0.3 else None


def _steal_route(g: Game, p: Player, a: Action) -> list[tuple[int, str]]:
    thief = g.stolen.get(p.n)
    if thief is None or not g.night_step() or g.forced(p, skill_name(a.skill)):
        return []
    return [(thief, "take")]


ROUTES.append(_steal_route)


# ── 养殖者 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class Feed(Impl):
    """喂食[黄昏][2] (养殖者): 该技能每天只能发动1次，奇数游戏日黄昏，令肉猪的[苟活]技能，其[守护]状态的次数增加1."""

    key = "喂食"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.night % 2 == 0:
            raise g.illegal("养殖者", "奇数游戏日黄昏才可发动", "odd days only", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        state = p.skills[self.key]
        if state.uses is not None:
            state.uses -= 1
        p.marks["fed"] = int(p.marks.get("fed", 0)) + 1
        for pig in g.players:
            if pig.true_role == "肉猪":
                for s in g.statuses.of(pig.n):
                    if s.name == "守护" and s.data.get("pig"):
                        s.data["count"] = int(s.data.get("count", 0)) + 1

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.6 else None


@RULES.hook("dusk.4", "post")
def _roast(g: Game) -> None:
    """烤乳猪[强制][黄昏][限定] (养殖者): [实际身份]为[肉猪]的角色公布出局后的下一个[黄昏]，根据发动过的[喂食]数量（奖励累加）：
    未发动：获得临时技能[通灵]，持续至当晚结束；发动1次：得知当天夜晚所有技能的发动情况；发动2次：获得临时技能[礼物]，次数只有1，
    只会开出好礼物."""
    for p in g.living():
        state = p.skills.get("烤乳猪")
        if state is None or state.spent or not g.capable_forced(p, "烤乳猪"):
            continue
        pig = next((q for q in g.players if q.true_role == "肉猪"), None)
        if pig is None or pig.alive or pig.marks.get("roast_at") is None or pig.marks["roast_at"] > g.night:
            continue
        state.spent = True
        fed = int(p.marks.get("fed", 0))
        end = night_end(g)
        g.grant(p, "通灵", origin="烤乳猪", role="通灵师", until=end)
        if fed >= 1:
            p.marks["sees_night"] = g.night
        if fed >= 2:
            g.grant(p, "礼物", origin="烤乳猪", role="圣诞老狼", uses=1, until=end)
            p.marks["good_gifts"] = True
        g.tell(p.n, "烤乳猪", {"fed": fed})


def _pig_out(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    """The first 黄昏 after the exit is announced: a night exit is announced at the next door opening (that day's
    黄昏), a 正午 exit at once (this 黄昏), a 黄昏 exit at that 黄昏's publication (the next day's 黄昏)."""
    if t.true_role == "肉猪":
        at_noon = g.current_phase.kind == "day" and g.step in ("noon", "noon.sun")
        t.marks["roast_at"] = g.night if at_noon else g.night + 1


ON_EXIT.append(_pig_out)


def _night_report(g: Game) -> None:
    """烤乳猪 发动1次: 得知当天夜晚所有技能的发动情况（不得知发动者的马甲和身份）."""
    used = sorted({e.skill for e in g.ledger if e.night == g.night and e.step not in ("noon", "noon.sun")})
    for p in g.players:
        if p.marks.get("sees_night") == g.night:
            g.private(p.n, "烤乳猪", {"skills": used})


RULES.hook("late.9", "post")(_night_report)


# ── 圣诞老狼 ───────────────────────────────────────────────────────────────────────────────────


def gift_skill(g: Game, t: Player, face: int) -> tuple[str, str] | None:
    """The good gift of die face ``face`` for ``t`` (礼物 1–6), as (skill, section)."""
    village = t.faction == VILLAGE
    wolf = t.faction == WOLF
    table: dict[int, tuple[str, str]] = {
        1: ("预言", "预言家") if village else ("石像鬼<查验>", "石像鬼") if wolf else ("通灵", "通灵师"),
        2: ("毒药", "女巫"),
        3: ("最后一枪", "猎人"),
        4: ("操纵", "操纵月亮的女孩") if village else ("恐惧", "噩梦之影"),
        5: ("杀人", "[群内]"),
        6: ("德式守护", "守卫") if village else ("深渊", "渊狼"),
    }
    return table.get(face)


@skill
class Present(Targeted):
    """礼物[早夜][指定][4] (圣诞老狼): 骰点2次后，选择一个除自己外任意角色，每晚只能发动1次: 第一个骰点为偶数 → 坏礼物；奇数 →
    好礼物，第二个骰点决定内容 (1 验人 2 毒药 3 猎枪 4 控制 5 杀人 6 保护).  结算目标在[早夜]阶段结束后选择是否打开：不打开 →
    [迷魂]至下一个夜晚开始；好礼物 → 收下（除猎枪外在下一个游戏日白天进入正午阶段时失效）；坏礼物 → 承受来自于圣诞老狼的[致死伤害].
    礼物制作: 若次数尚足够，[礼物]的次数额外减少1，圣诞老狼可以无需骰点，直接决定礼物的内容."""

    key = "礼物"
    self_ok = False

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        made = any(x.actor == p.n and x.skill == "礼物制作" for x in g.submitted)
        state = p.skills.get(self.key)
        if made and state is not None and state.uses is not None and state.uses >= 1:
            state.uses -= 1
            face = int(pick(g, f"礼物内容:{p.n}", [1, 2, 3, 4, 5, 6], "圣诞老狼"))
            good = True
        else:
            first = int(pick(g, f"礼物骰1:{p.n}", [1, 2, 3, 4, 5, 6], "圣诞老狼"))
            good = first % 2 == 1 or bool(p.marks.get("good_gifts"))
            face = int(pick(g, f"礼物骰2:{p.n}", [1, 2, 3, 4, 5, 6], "圣诞老狼")) if good else 0
        g.log("gift", {"from": p.n, "to": t.n, "good": good, "face": face})
        g.presents.append((t.n, p.n, face if good else 0))


@skill
class GiftMaking(Impl):
    """礼物制作[早夜] (圣诞老狼): 在发动[礼物]时额外发动 (read by 礼物)."""

    key = "礼物制作"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not any(x.actor == p.n and x.skill == "礼物" for x in g.submitted):
            raise g.illegal("圣诞老狼", "在发动[礼物]时才可额外发动", "only with 礼物", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        g.log("gift_making", {"seat": p.n})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if rng.random() < 0.3 else None


def _open_presents(g: Game) -> None:
    due, g.presents = g.presents, []
    for seat, giver, face in due:
        t = g.seat(seat)
        if not t.alive:
            continue
        opened = str(pick(g, f"拆礼物:{seat}", ["打开", "不打开"], "圣诞老狼")) == "打开"
        if not opened:
            g.give(t, "迷魂", source=giver, until=next_night(g))
            g.pending_day.append(("present", {"text": "有人拒绝了礼物！", "good": face > 0}))
        elif face == 0:
            g.damage(t.n, Damage.LETHAL, g.seat(giver), "礼物", "圣诞老狼<礼物>")
            g.pending_day.append(("present", {"text": "有人打开了坏礼物！"}))
        else:
            got = gift_skill(g, t, face)
            if got is None:
                continue
            name, section = got
            until = None if name == "最后一枪" else Until(g.night + 1, "noon", "start")
            sd = roles()[section].skill(skill_name(name)) if section in roles() else None
            uses = 1 if name == "杀人" else g.initial_uses(t, skill_name(name), sd.count if sd else None)
            g.grant(t, skill_name(name), origin="礼物", role=section, uses=uses, until=until)
            g.tell(t.n, "gift", {"skill": skill_name(name)})
            g.pending_day.append(("present", {"text": "有人打开了好礼物！"}))


RULES.hook("early.10", "post")(_open_presents)
RULES.hook("moon.early.10", "post")(_open_presents)


# ── 食尸鬼 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class Ghoul(Targeted):
    """食尸[早夜][指定] (食尸鬼): 任意尸体尚在的已出局角色: 毁灭结算目标的尸体，并获得结算目标的身份技能（机械狼版本）且刷新至初始，
    持续至下一个[夜晚]开始前；吞食机械狼获其表面身份技能；吞食隐狼获得的技能永久有效；吞火狼当夜可业炎一名玩家.  吞食[实际阵营]为
    [非狼人阵营]的角色 → 不获得技能，食尸鬼承受[致死伤害]并公示[发动者吃多了不消化撑死了]（已吞食两个狼人阵营角色之后不再自杀）."""

    key = "食尸"
    dead_only = True
    targets_may_be_out = True

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if any(g.seat(t).marks.get("eaten") for t in a.targets):
            raise g.illegal("食尸鬼", "选择范围：尸体尚在的已出局角色", "the body must remain", a)

    def candidates(self, g: Game, p: Player) -> list[int]:
        return [q.n for q in g.players if not q.alive and not q.marks.get("eaten")]

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        t.marks["eaten"] = True
        eaten = int(p.marks.get("wolves_eaten", 0))
        if t.faction != WOLF and eaten < 2:
            g.damage(p.n, Damage.LETHAL, p, self.key, "食尸鬼<吞噬失败>")
            g.pending_day.append(("ghoul", {"text": "发动者吃多了不消化撑死了"}))
            return
        if t.faction == WOLF:
            p.marks["wolves_eaten"] = eaten + 1
        role = t.marks.get("learned") or g.copy_source(t)  # 机械狼: 其表面身份技能
        if not role:
            return
        permanent = t.true_role == "隐狼"
        until = None if permanent else next_night(g)
        names = take(g, p, str(role), origin="食尸", until=until)
        if t.true_role == "赤狼":  # 吞火狼，当夜可业炎一名玩家
            state = p.skills.get("业炎")
            if state is not None:
                state.uses = max(state.uses or 0, 1)
        g.tell(p.n, "食尸", {"role": role, "skills": names})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        pool = [
            n
            for n in self.candidates(g, p)
            if g.seat(n).faction == WOLF or int(p.marks.get("wolves_eaten", 0)) >= 2
        ]
        return Action(p.n, self.key, (rng.choice(pool),)) if pool and rng.random() < 0.7 else None


# ── 鹫狼 ───────────────────────────────────────────────────────────────────────────────────────


def blockable(g: Game) -> list[int | str]:
    """The names of non-<强制> skills (鹰袭's choice)."""
    return sorted({s.name for r in roles().values() for s in r.skills if not s.forced})


@skill
class EagleRaid(Impl):
    """鹰袭[早夜] (鹫狼): 奇数游戏日夜晚，鹫狼可以指定一个非强制技能当晚不可使用，所有持有该技能的角色会得到通知 (封锁的是名字)."""

    key = "鹰袭"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.night % 2 == 0:
            raise g.illegal("鹫狼", "奇数游戏日夜晚才可发动", "odd nights only", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        name = str(pick(g, f"鹰袭:{p.n}", blockable(g), "鹫狼"))
        g.blocked_names.add(name)
        g.log("blocked", {"skill": name, "by": p.n})
        for q in g.living():
            if q.holds(name):
                g.tell(q.n, "鹰袭", {"skill": name})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.5 else None


@skill
class Falcon(Targeted):
    """隼眼[早夜][指定][限定] (鹫狼): 下一个[晨曦]阶段开始后，获知结算目标的[表面身份]与[表面阵营]、当晚该角色被使用了哪些[指定]技能、
    当晚该角色对谁使用了什么技能（不得知技能反馈）."""

    key = "隼眼"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.falcons.append((p.n, t.n))


def _falcon_report(g: Game) -> None:
    due, g.falcons = g.falcons, []
    for watcher, seat in due:
        t = g.seat(seat)
        on = sorted({skill for target, skill, _a in g.hunted if target == seat})
        by = [[e.skill, list(e.targets)] for e in g.ledger if e.night == g.night and e.initiator == seat]
        g.private(
            watcher,
            "隼眼",
            {
                "seat": seat,
                "role": t.surface_role,
                "camp": surface_camp_word(t.surface_camp),
                "on": on,
                "by": by,
            },
        )


RULES.hook("dawn.1", "pre")(_falcon_report)
RULES.hook("moon.dawn.1", "pre")(_falcon_report)


@skill
class Message(Impl):
    """报信[早夜] (鹫狼): 可对狼群内私聊50字以内的一段话，狼群会于早夜阶段结束后收到报信内容 (the words are the seat's)."""

    key = "报信"

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if rng.random() < 0.3 else None

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        for q in g.players:
            if "[群内]" in q.tags and q.faction == WOLF:
                g.tell(q.n, "报信", {"from": p.n})


# ── 幽灵 ───────────────────────────────────────────────────────────────────────────────────────


@skill
class Haunt(Targeted):
    """附体[黄昏][指定] (幽灵): 若结算成功，则获知该玩家当夜所有操作和所有反馈，并且若目标玩家当晚出局，幽灵会受到[致死伤害]."""

    key = "附体"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        history = p.marks.setdefault("haunted", {})
        history[g.night] = t.n
        g.haunts[t.n] = p.n

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        before = p.marks.get("haunted", {}).get(g.night - 1)
        if before is not None and g.seat(before).alive and rng.random() < 0.5:
            return Action(p.n, self.key, (before,))
        return super().propose(g, p, rng)


@skill
class Seize(Impl):
    """夺舍[黄昏] (幽灵): 若连续两个游戏日[附体]的结算目标皆为同一个角色，可发动：当夜获得此玩家的操作权（被操纵的人获得通知，可获知
    幽灵当夜所有操作；技能反馈幽灵和被操控者均可获得；夺舍群内狼人可以改<杀人>的目标，但不会多一刀)."""

    key = "夺舍"

    def target(self, g: Game, p: Player) -> int | None:
        """Today's 附体 target (resolved, or submitted at this step), if it was yesterday's too."""
        history = p.marks.get("haunted", {})
        today = history.get(g.night)
        if today is None:
            today = next(
                (x.targets[0] for x in g.submitted if x.actor == p.n and x.skill == "附体" and x.targets),
                None,
            )
        before = history.get(g.night - 1)
        return today if today is not None and today == before else None

    def check(self, g: Game, p: Player, a: Action) -> None:
        if self.target(g, p) is None:
            raise g.illegal(
                "幽灵", "连续两个游戏日[附体]同一个角色后才可发动", "after two days of 附体 on one char", a
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        seat = self.target(g, p)
        assert seat is not None
        g.seized[seat] = p.n
        g.tell(seat, "夺舍", {"by": p.n})
        g.tell(p.n, "夺舍", {"skills": sorted(k for k, st in g.seat(seat).skills.items() if not st.lost)})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if self.target(g, p) is not None else None


def _ghost_route(g: Game, p: Player, a: Action) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for watched in (g.haunts, g.seized):
        ghost = watched.get(p.n)
        if ghost is not None and g.night_step():
            g.tell(ghost, "附体", {"seat": p.n, "skill": a.skill, "targets": list(a.targets)})
            out.append((ghost, "copy"))
    ghost_of = {v: k for k, v in g.seized.items()}
    if p.n in ghost_of and g.night_step():  # 被操纵的人可获知幽灵当夜所有操作
        out.append((ghost_of[p.n], "copy"))
    return out


ROUTES.append(_ghost_route)


def _haunt_death(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    ghost = g.haunts.get(t.n)
    if ghost is not None and g.night_step() and g.seat(ghost).alive:
        g.resolve_hit(Hit(ghost, Damage.LETHAL, ghost, "附体"))


ON_EXIT.append(_haunt_death)


# ── 雪狼 ───────────────────────────────────────────────────────────────────────────────────────


@skill
class SnowCover(Targeted):
    """雪隐[午夜][指定] (雪狼): 任意最多2个角色，并决定目标的表面阵营，表面身份，表面带刀伪装；只选择一个时可额外赋予[坚韧]（每个角色
    只能通过此法获得1次[坚韧]），持续至下一个夜晚开始.  机械狼's: 得知雪狼<雪隐>的发动目标，只能选择其他目标."""

    key = "雪隐"
    n_max = 2

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if g.version(p, self.key) == MECH:
            taken = {t for x in g.submitted if x.skill == self.key and x.actor != p.n for t in x.targets}
            if taken & set(a.targets):
                raise g.illegal("机械狼", "机械狼只能选择雪狼雪隐之外的目标", "other targets than 雪狼's", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        before = (t.surface_role, t.surface_camp, t.surface_knife)
        surface_choice(g, t, f"雪隐:{p.n}:", "雪狼")
        g.disguises.append((g.night + 1, t.n, before, (t.surface_role, t.surface_camp, t.surface_knife)))
        once = len(a.targets) == 1 and t.n not in p.marks.get("snow_tough", ())
        if once and str(pick(g, f"雪隐坚韧:{p.n}", ["是", "否"], "雪狼")) == "是":
            p.marks["snow_tough"] = (*p.marks.get("snow_tough", ()), t.n)
            g.give(t, "坚韧", source=p.n, until=next_night(g))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if rng.random() < 0.4 else None


@RULES.hook("mid.3", "pre")
def _karma_count(g: Game) -> None:
    """机械狼's 业炎: 将在技能的发动时点得到通知当前有多少[群内]狼出局."""
    for p in g.living():
        if p.holds("业炎") and g.version(p, "业炎") == MECH:
            g.tell(p.n, "业炎", {"pack_out": sum(1 for q in g.players if "[群内]" in q.tags and not q.alive)})


@RULES.hook("early.1", "pre")
def _melt(g: Game) -> None:
    """雪隐's disguise lasts 「至下一个夜晚开始」: the surface it replaced comes back (unless changed since)."""
    keep = []
    for due, seat, before, after in g.disguises:
        if due > g.night:
            keep.append((due, seat, before, after))
            continue
        t = g.seat(seat)
        if (t.surface_role, t.surface_camp, t.surface_knife) == after:
            g.set_surface(t, role=before[0], camp=before[1], knife=before[2], by="雪隐结束")
            if before[2] is None:
                t.surface_knife = None
    g.disguises = keep


@skill
class Blizzard(Impl):
    """暴风雪[早夜][限定] (雪狼): 发动后会于明天白天公示[发生了暴风雪]，下一个夜晚，[实际阵营]为[非狼人阵营]的角色均只能对电梯楼邻居两个
    角色以及自己使用[指定]技能."""

    key = "暴风雪"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.skills[self.key].spent = True
        g.storm = g.night + 1
        g.pending_day.append(("blizzard", {"text": "发生了暴风雪"}))

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.skills[self.key].spent:
            raise g.illegal("雪狼", "<限定>技能只允许发动一次", "once only", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.1 else None


# ── 狼祭司 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class FalseCrown(Targeted):
    """伪神冠冕[深夜][指定] (狼祭司): 任意最多2个角色: [实际阵营]若是[村民阵营]，则永久获得状态[伪神]（负面状态，不会得知，视作拥有[神恩]
    技能，不持有免控效果）."""

    key = "伪神冠冕"
    n_max = 2

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if t.faction == VILLAGE:
            g.give(t, "伪神", source=p.n, negative=True)


# ── 寂夜导师 ───────────────────────────────────────────────────────────────────────────────────


@skill
class Stasis(Targeted):
    """时间凝滞[早夜][指定] (寂夜导师): 目标角色获得[凝滞]状态，持续至下一个[黄昏]结束."""

    key = "时间凝滞"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if g.give(t, "凝滞", source=p.n, until=Until(g.night + 1, "dusk.4", "end")) is not None:
            t.marks["ever_stasis"] = True

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return super().propose(g, p, rng) if rng.random() < 0.3 else None


@skill
class StasisForever(Impl):
    """凝滞永续[早夜][限定] (寂夜导师): 曾获得过[凝滞]状态的角色，永久获得此状态."""

    key = "凝滞永续"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.skills[self.key].spent:
            raise g.illegal("寂夜导师", "<限定>技能只允许发动一次", "once only", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.1 else None

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.skills[self.key].spent = True
        for q in g.players:
            if q.marks.get("ever_stasis"):
                g.statuses.remove(q.n, "凝滞")
                g.give(q, "凝滞", source=p.n)


# ── 机械狼 ─────────────────────────────────────────────────────────────────────────────────────


def mech_refused() -> set[str]:
    """Identities whose 机械狼 row names skills the text never defines (双子星暗: <暗之王>, <暗夜守护>) — a
    机械狼 that learns one cannot be played (the engine refuses it)."""
    return {role for role, entry in mech_table().items() if entry.undefined}


def take(g: Game, p: Player, role: str, *, origin: str, until: Until | None = None) -> list[str]:
    """``p`` takes the 机械狼 version of ``role``'s skills, refreshed (学习, 食尸): the 机械狼 table's skills where it
    lists the role (tables.MECH), the role's own otherwise (「未提及的身份则学习获取的技能和目标角色的身份一致」)."""
    entry = mech_table().get(role)
    if role in mech_refused() and entry is not None:
        from ruleproof.runtime import NotImplementedRule

        raise NotImplementedRule(
            f"机械狼学习{role}：文中第 {entry.line} 行的技能 {'、'.join(entry.undefined)} 没有定义",
            f"机械狼 learning {role}: line {entry.line} names skills the text never defines: {', '.join(entry.undefined)}",
        )
    names: list[str] = []
    if entry is None:
        names = g.acquire(p, role, origin=origin, until=until, version=MECH)
    else:
        for name, section in entry.skills:
            sd = roles()[section].skill(name) if section in roles() else None
            if sd is None:
                continue
            g.grant(
                p,
                name,
                origin=origin,
                role=section,
                uses=g.initial_uses(p, name, sd.count),
                until=until,
                version=MECH,
            )
            names.append(name)
    if (
        "杀人" in names and until is None
    ):  # 通过接刀以外的方式获得了永久的<杀人> → 不能使用，知晓[群内][接刀]名单
        p.skills.pop("杀人", None)
        g.tell(
            p.n,
            "机械狼",
            {
                "pack": [q.n for q in g.players if "[群内]" in q.tags],
                "heirs": [q.n for q in g.players if "[接刀]" in q.tags],
            },
        )
    start_now(g, p, names)
    return names


@skill
class Learn(Targeted):
    """学习[开局][黄昏]<限定>[指定] (机械狼): 除自己外任意角色: 得知结算目标的表里身份，并按照学习的身份获取下列效果之一且刷新至初始，
    行动顺序为该身份对应的技能之后，随后表面身份，表面阵营，表面带刀变为与目标角色当前情况相同."""

    key = "学习"
    self_ok = False

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        role = g.copy_source(t)
        g.tell(p.n, "学习", {"target": selected, "surface": t.surface_role, "role": t.true_role})
        if t.true_role == "变脸者":
            g.tell(p.n, "学习", {"copied": "变脸者"})
        g.set_surface(p, role=t.surface_role, camp=t.surface_camp, knife=g.knife_shown(t), by=self.key)
        cards = list(t.marks.get("cards", ())) if t.true_role == "双重人格" else []
        if cards:  # 双重人格: 获得双重人格的两张底牌，可立即选择一张学习，获得该身份对应的机械身份牌技能
            role = str(pick(g, f"学习底牌:{p.n}", list(cards), "机械狼"))
        if not role:
            return
        p.marks["learned"] = role
        take(g, p, role, origin=self.key)

    def fill(self, g: Game, p: Player) -> Action | None:
        return None  # 学习 at the start is the seat's choice (not <强制>)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if p.skills[self.key].spent or rng.random() < 0.5:
            return None
        pool = [q.n for q in g.living() if q is not p and (g.copy_source(q) or "") not in mech_refused()]
        return Action(p.n, self.key, (rng.choice(pool),)) if pool else None


# ── 黑蝙蝠<反弹>, 石像鬼<凝望>, 大天狗 远征 ─────────────────────────────────────────────────────────


@skill
class Rebound(Damaging):
    """反弹[凌晨][强制][指定] (黑蝙蝠): 选择范围：第一个对自己发动的[庇护]结算目标实行[指杀][穿透]的角色: 对结算目标造成[穿透]."""

    key = "反弹"
    kind = Damage.PIERCE

    def attacker(self, g: Game, p: Player) -> int | None:
        """The first char whose [指杀]/[穿透] tonight aims at a char the 黑蝙蝠 sheltered — for the pack's kill, its
        source (「若[杀人]需要判定技能来源，则随机一群内成为该技能的来源」)."""
        sheltered = {t for t, skill_, actor in g.hunted if skill_ == "庇护" and actor == p.n}
        for h in sorted(g.hits, key=lambda h: h.seq):
            if h.target in sheltered and h.kind in (Damage.KILL, Damage.PIERCE):
                return g.kill_source(h)
        return None

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if list(a.targets) != [self.attacker(g, p)]:
            raise g.illegal(
                "黑蝙蝠",
                "选择范围：第一个攻击[庇护]目标的角色",
                "only the first attacker of the sheltered",
                a,
            )

    def fill(self, g: Game, p: Player) -> Action | None:
        first = self.attacker(g, p)
        if first is None or not g.seat(first).alive:
            return None
        g.tell(p.n, "反弹", {"seat": first})
        return Action(p.n, self.key, (first,))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return None


@skill
class Gaze(Impl):
    """凝望[午夜][限定] (石像鬼): 给自阵营的所有存活角色发送一直以来的全部[查验]结果，然后失去[查验]技能，丢失[接刀]标签."""

    key = "凝望"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if p.skills[self.key].spent:
            raise g.illegal("石像鬼", "<限定>技能只允许发动一次", "once only", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.skills[self.key].spent = True
        results = list(p.marks.get("checks", []))
        for q in g.living():
            if q.faction == p.faction and q is not p:
                g.tell(q.n, "凝望", {"from": p.n, "checks": results})
        if "查验" in p.skills:
            p.skills["查验"].lost = True
        p.tags.discard("[接刀]")

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.05 else None


@skill
class Eclipse(Targeted):
    """天狗吞月<强制>[指定][深夜] (大天狗 远征): 选择范围：当天不在[天狗吞月]公示的名单内任意一定数量的角色（5名玩家与当夜存活人数的1/3
    （向下取整）中的较小者）: [霸道]至下一个夜晚开始，并公示[所有结算目标获得了霸道状态]；多个天狗吞月的名单整合，下一晚都不能再选."""

    key = "天狗吞月"

    def size(self, g: Game) -> int:
        return min(g.spec.p("tengu.cap"), len(g.living()) // 3)

    def candidates(self, g: Game, p: Player) -> list[int]:
        return [q.n for q in g.living() if q.n not in g.eclipse_last]

    def check(self, g: Game, p: Player, a: Action) -> None:
        n = self.size(g)
        if len(a.targets) != n or len(set(a.targets)) != n:
            raise g.illegal("大天狗", f"须选择 {n} 个角色", f"choose exactly {n}", a)
        if set(a.targets) & g.eclipse_last:
            raise g.illegal("大天狗", "不能选择上一晚[天狗吞月]名单内的角色", "not last night's list", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.give(t, "霸道", source=p.n, until=next_night(g))
        g.eclipse_now.add(t.n)

    def after_all(self, g: Game) -> None:
        pass

    def fill(self, g: Game, p: Player) -> Action | None:
        pool = self.candidates(g, p)
        n = self.size(g)
        if len(pool) < n or n == 0:
            return None
        chosen: list[int] = []
        for i in range(n):
            options: list[int | str] = [s for s in pool if s not in chosen]
            chosen.append(int(pick(g, f"天狗吞月:{p.n}:{i + 1}", options, "大天狗")))
        return Action(p.n, self.key, tuple(sorted(chosen)))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return None  # <强制>: filled


def _eclipse_list(g: Game) -> None:
    if g.eclipse_now:
        g.pending_day.append(("eclipse", {"seats": sorted(g.eclipse_now)}))
    g.eclipse_last, g.eclipse_now = set(g.eclipse_now), set()


RULES.hook("dawn.4", "post")(_eclipse_list)


__all__ = ["Learn", "take"]
_ = (ClassVar, Granting, NONE, Camp)


# ── the 机械狼 table's own variants (修改迷惑, 修改链接, 训熊) ────────────────────────────────────────


class Toggle(Targeted):
    """「<修改X>[深夜][指定]——选择范围：任意角色。结算效果：结算目标若没有[X]状态，则获得[X]状态，若有，则消除[X]状态。当晚获得并立刻
    消除[X]状态时，不会通知目标获得[X]状态」."""

    status: ClassVar[str] = ""

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if g.has(t, self.status):
            g.statuses.remove(t.n, self.status)
            g.log("status_removed", {"holder": t.n, "status": self.status, "by": p.n})
        else:
            g.give(t, self.status, source=p.n, negative=True)


@skill
class MechBewitch(Toggle):
    """修改迷惑 (机械狼 learning 吹笛): toggles [吹笛]."""

    key = "修改迷惑"
    status = "吹笛"


@skill
class MechLink(Toggle):
    """修改链接 (机械狼 learning 锁链师): toggles the chain status (printed 「[锁链]」, the text's [链接]); with 暴走
    (「[链接]技能可选择任意3个角色」) three chars once."""

    key = "修改链接"
    status = "链接"
    n_max = 3

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) > 1 and (
            len(a.targets) != 3 or p.skills.get("暴走") is None or p.skills["暴走"].spent
        ):
            raise g.illegal("锁链师", "任意角色（<暴走>: 3个）", "one char (three with 暴走)", a)

    def before(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) == 3:
            p.skills["暴走"].spent = True


@skill
class TrainBear(Impl):
    """训熊 (机械狼 learning 熊): 机械熊可以得知自己和明天公示的咆哮情况，可以任意修改明天公示的咆哮情况（是否有咆哮，咆哮几声）；多个
    训熊存在时，先发动的训熊有效 (the count is a choice 「训熊:座位」)."""

    key = "训熊"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        roars = sum(1 for kind, _d in g.pending_day if kind == "roar")
        g.tell(p.n, "训熊", {"roars": roars})
        if g.bear_trained == g.night:
            return
        g.bear_trained = g.night
        count = int(pick(g, f"训熊:{p.n}", [0, 1, 2, 3], "机械狼"))
        g.pending_day = [(k, d) for k, d in g.pending_day if k != "roar"] + [("roar", {})] * count

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if rng.random() < 0.5 else None
