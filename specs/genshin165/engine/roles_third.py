"""[165]原神's 三方阵营 roles: 白眼狼 (遗计/遗泽), 赌徒, 蛊惑师, 死灵术师, 占星师, 富商, 妖狐, 告死者 and the
identities it makes (血族, 恶灵, 活尸, 腐尸) — and 镜<镜像>, 双子星 (寻觅, 光明守护, 黑暗守护), 吹笛<混乱>.
Each docstring quotes what it implements."""

from __future__ import annotations

import random

from ruleproof.runtime import Action, Until
from ruleproof.specs._werewolf_family.engine import Hit, Player
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.genshin165.engine.game import (
    CANCELS,
    IMMUNE,
    ON_EXIT,
    PASSIVES,
    ROUTES,
    VILLAGE,
    WOLF,
    Game,
    skill_name,
)
from ruleproof.specs.genshin165.engine.registry import RULES
from ruleproof.specs.genshin165.engine.skills import (
    Damaging,
    Granting,
    Impl,
    Targeted,
    legal,
    next_night,
    skill,
)
from ruleproof.specs.genshin165.engine.start import pick
from ruleproof.specs.genshin165.roles import roles, roster
from ruleproof.specs.genshin165.rules import Camp

MECH = "机械狼"


# ── 白眼狼 ─────────────────────────────────────────────────────────────────────────────────────


def _legacy(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    """遗计 <强制> (白眼狼): 被撕咬杀死的身份的所有技能都会加入白狼的技能池（重置成初始），天亮获得新技能时得到通知；被撕咬出局的
    角色拥有<杀人>，则白狼单独拥有的<杀人>加入技能池."""
    if skill_ != "撕咬" or not source:
        return
    wolf = g.seat(source)
    if not g.capable_forced(wolf, "遗计") and not (wolf.holds("遗计") and wolf.alive):
        return
    role = g.copy_source(t)
    pool: list[tuple[str, str]] = list(wolf.marks.get("pool", []))
    if role:
        pool += [(sd.name, role) for sd in roles()[role].dealt if (sd.name, role) not in pool]
    if (g.knife_group(t) is not None or "[群内]" in t.tags) and ("杀人", "[群内]") not in pool:
        pool.append(("杀人", "[群内]"))
    wolf.marks["pool"] = pool
    g.tell(wolf.n, "遗计", {"pool": [f"{r}<{n}>" for n, r in pool]})


ON_EXIT.append(_legacy)


@skill
class Bequest(Impl):
    """遗泽 [黄昏] (白眼狼): 黄昏阶段，可在遗计池选择一个技能获得，持续到第二天[夜晚]开始前，这些技能独立计算使用情况."""

    key = "遗泽"

    @staticmethod
    def pool(g: Game, p: Player) -> list[tuple[str, str]]:
        """The 遗计 pool (机械狼's: 同步更新白狼遗计的技能池 — the 白眼狼's)."""
        if g.version(p, "遗泽") == MECH:
            wolf = next((q for q in g.players if q.true_role == "白眼狼"), None)
            return list(wolf.marks.get("pool", [])) if wolf is not None else []
        return list(p.marks.get("pool", []))

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not self.pool(g, p):
            raise g.illegal("白眼狼", "遗计池为空", "the pool is empty", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        entries = self.pool(g, p)
        pool = [f"{r}<{n}>" for n, r in entries]
        choice = str(pick(g, f"遗泽:{p.n}", list(pool), "白眼狼"))
        name, role = next((n, r) for n, r in entries if f"{r}<{n}>" == choice)
        sd0 = roles()[role].skill(name)
        if sd0 is not None and not sd0.forced:
            p.marks["bequeathed"] = (*p.marks.get("bequeathed", ()), name)
        sd = roles()[role].skill(name)
        g.grant(
            p,
            name,
            origin="遗泽",
            role=role,
            uses=1 if name == "杀人" else g.initial_uses(p, name, sd.count if sd else None),
            until=next_night(g),
        )
        g.tell(p.n, "遗泽", {"skill": name})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if self.pool(g, p) else None


def bequest_used(g: Game, p: Player) -> int:
    """白狼's win count: distinct non-<强制> skills used through 遗泽 (「成功使用出」: executed)."""
    names = {e.skill for e in g.ledger if e.initiator == p.n and e.skill in p.marks.get("bequeathed", ())}
    return len(names)


# ── 赌徒 ───────────────────────────────────────────────────────────────────────────────────────

DICE = {
    1: ("迷魂药", "药剂师"),
    2: ("杀人", "[群内]"),
    3: ("通灵", "通灵师"),
    4: ("德式守护", "守卫"),
    5: ("操纵", "操纵月亮的女孩"),
}


@skill
class Gamble(Impl):
    """赌博[早夜] (赌徒): 游戏日夜晚随机获得一个技能，永久有效；2,3,4,5若获得过一次，则2,3的内容更换成1，4,5的内容更换成6.
    1 迷魂药（或+1）2 <杀人> 3 <通灵> 4 <守卫> 5 <操纵> 6 出人票加1票（可叠加）.  赌博在任何状态下都不会丢失，都可以发动."""

    key = "赌博"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        die = int(pick(g, f"赌博:{p.n}", [1, 2, 3, 4, 5, 6], "赌徒"))
        got = p.marks.setdefault("dice", [])
        face = die
        if face in (2, 3) and face in got:
            face = 1
        elif face in (4, 5) and face in got:
            face = 6
        got.append(die)
        g.log("dice", {"seat": p.n, "skill": self.key, "value": die, "face": face})
        if face == 6:
            p.marks["extra_votes"] = int(p.marks.get("extra_votes", 0)) + 1
            g.tell(p.n, "赌博", {"face": face})
            return
        name, role = DICE[face]
        sd = roles()[role].skill(name) if role in roles() else None
        uses = 1 if name == "迷魂药" else g.initial_uses(p, name, sd.count if sd else None)
        g.grant(p, name, origin="赌博", role=role, uses=uses)
        g.tell(p.n, "赌博", {"face": face, "skill": name})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key)


# ── 蛊惑师 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class Enchant(Targeted):
    """蛊惑[午夜][指定] (蛊惑师): 连续两晚不能选择同一个角色: 若结算成功，蛊惑师当晚结算出局时不会出局，取而代之的是，结算目标承受
    [致死伤害]，结算顺序和蛊惑师原本的出局顺序一致."""

    key = "蛊惑"
    no_repeat = True

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        p.marks["enchanted"] = (g.night, t.n)


def _enchant_cancels(g: Game, t: Player, h: Hit) -> bool:
    mark = t.marks.get("enchanted")
    if mark is None or mark[0] != g.night or not g.night_step() or h.kind is Damage.RED:
        return False
    target = g.seat(int(mark[1]))
    t.marks.pop("enchanted")
    g.log("enchant", {"seat": t.n, "instead": target.n})
    if target.alive and g.resolve_hit(Hit(target.n, Damage.LETHAL, t.n, "蛊惑")):
        t.marks.setdefault("enchant_kills", []).append(target.true_role)
    return True


CANCELS.append(_enchant_cancels)


@skill
class Corrupt(Impl):
    """堕落[黄昏] (蛊惑师): 游戏日黄昏宣言一个技能，且宣言使用者初始身份，如果当夜被宣言的技能发动，技能发动者反馈空，由蛊惑师选择
    技能目标，若该技能有反馈，由蛊惑师获得反馈；不能连续两夜宣言同一个技能；宣言狼群技能<杀人>无效，宣言其他人单独拥有的<杀人>且宣言
    使用者身份正确则有效."""

    key = "堕落"

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        names: list[int | str] = sorted(
            {s.name for r in roles().values() for s in r.skills} - {p.marks.get("declared_skill", "")}
        )
        name = str(pick(g, f"堕落技能:{p.n}", names, "蛊惑师"))
        who = str(pick(g, f"堕落身份:{p.n}", list(roster()), "蛊惑师"))
        p.marks["declared"] = (g.night, name, who)
        p.marks["declared_skill"] = name

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if rng.random() < 0.5 else None


def _corrupt_route(g: Game, p: Player, a: Action) -> list[tuple[int, str]]:
    if not g.night_step():
        return []
    name = skill_name(a.skill)
    for q in g.living():
        mark = q.marks.get("declared")
        if mark is None or mark[0] != g.night or mark[1] != name or mark[2] != p.true_role:
            continue
        if name == "杀人" and g.knife_group(p) == "pack":
            continue  # 宣言狼群技能<杀人>无效
        return [(q.n, "blind")]
    return []


ROUTES.append(_corrupt_route)


# ── 死灵术师 ───────────────────────────────────────────────────────────────────────────────────


@skill
class SoulTake(Targeted):
    """夺魂[晨曦][指定] (死灵术师): 任意最多2个已出局角色: 结算目标获得通知，并于开门时公示[结算目标被夺魂]，被夺魂角色可以在下一个正午
    自由发言并拥有票权，其投票由发动者决定；第一次被结算[夺魂]时，死灵术士获得结算目标的身份技能（身份拥有[群内]标签则额外获得[杀人]），
    全效果持续至下一个正午开始.  同一天夺魂到同一角色时，先发动的夺魂有效."""

    key = "夺魂"
    n_max = 2
    dead_only = True
    targets_may_be_out = True

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if t.marks.get("soul") == g.night + 1:
            g.tell(p.n, "夺魂", {"seat": t.n, "taken": True})
            return
        t.marks["soul"] = g.night + 1
        t.marks["soul_by"] = p.n
        g.tell(t.n, "夺魂", {"by": "死灵术师"})
        g.pending_day.append(("soul", {"seat": t.n}))
        taken = p.marks.setdefault("souls", [])
        if t.n in taken:
            return
        taken.append(t.n)
        until = Until(g.night + 1, "noon", "start")
        role = g.copy_source(t)
        if role:
            g.acquire(p, role, origin="夺魂", until=until)
        if "[群内]" in t.tags:
            g.grant(p, "杀人", origin="夺魂", role="[群内]", uses=1, until=until)


# ── 占星师 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class AstroCheck(Targeted):
    """占星师<查验>[早夜][指定]: 一个任意角色和一个已出局任意角色: 反馈结算目标的[实际身份]."""

    key = "占星师<查验>"
    role = "占星师"
    n_min = n_max = 2
    targets_may_be_out = True

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if g.seat(a.targets[1]).alive:
            raise g.illegal("占星师", "第二个目标须为已出局角色", "the second target must be out", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.tell(p.n, "查验", {"target": selected, "role": t.true_role})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        dead = [q.n for q in g.players if not q.alive]
        alive = [q.n for q in g.living()]
        return Action(p.n, self.key, (rng.choice(alive), rng.choice(dead))) if dead and alive else None


@skill
class Destiny(Impl):
    """命运洪流[正午] (占星师): 除竞选日外，可以提交一份任意数量的马甲和实际身份的对应名单（可以包括已出局角色），若全部正确，则立刻公示
    [命运洪流不可阻挡]，所有被猜对的角色立刻获得[沉默]并收到通知，持续至下一个[正午]阶段开始 (each char once a game).
    The seats are the action's targets, each identity a choice 「命运洪流:占星师:座位」."""

    key = "命运洪流"
    targets_may_be_out = True

    def check(self, g: Game, p: Player, a: Action) -> None:
        if g.night == 1:
            raise g.illegal("占星师", "除竞选日外", "not on the election day", a)
        if not a.targets:
            raise g.illegal("占星师", "须提交至少一个马甲", "name at least one seat", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        names: list[int | str] = list(roster())
        guesses = {t: str(pick(g, f"命运洪流:{p.n}:{t}", names, "占星师")) for t in a.targets}
        right = all(g.seat(t).true_role == r for t, r in guesses.items())
        g.log("destiny", {"guesses": {str(k): v for k, v in guesses.items()}, "right": right})
        if not right:
            return
        g.announce("destiny", {"text": "命运洪流不可阻挡"})
        known = p.marks.setdefault("known", [])
        for t in a.targets:
            q = g.seat(t)
            if t not in known:
                known.append(t)
                if q.alive and not q.marks.get("destiny_silenced"):
                    q.marks["destiny_silenced"] = True
                    g.give(q, "沉默", source=p.n, until=Until(g.night + 1, "noon", "start"))
                    g.tell(t, "status", {"status": "沉默"})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        others = [q.n for q in g.players if q is not p]
        if g.night == 1 or not others or rng.random() < 0.95:
            return None
        return Action(p.n, self.key, (rng.choice(others),), at=rng.randrange(540, 1100))


# ── 富商 ───────────────────────────────────────────────────────────────────────────────────────


@skill
class Trade(Targeted):
    """交易[黄昏]<指定> (富商): 当前存活数大于15时，选择除自己外2人，小于等于15时1人: 结算目标选择是否接受；接受 → 富商可马上发动<暴利>；
    拒绝 → 富商获得仅针对该角色的[隐身]状态.  暴利: 获得该角色的身份技能（初始状态），目标角色获得[沉默]，全效果持续到第二天的[黄昏]
    阶段结束，交易对象为[群内]时可以额外使用一次<杀人>，以此获得的[指定]技能不能对当前交易对象使用.  富有<强制>: 交易被接受时，第二天的
    [黄昏]阶段结束，该角色持有的技能刷新至初始状态."""

    key = "交易"
    self_ok = False
    n_max = 2

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        want = 2 if len(g.living()) > g.spec.p("merchant.threshold") else 1
        if len(a.targets) != want:
            raise g.illegal("富商", f"须选择除自己外{want}人", f"choose {want} others", a)
        if g.version(p, self.key) == MECH and set(a.targets) & set(g.traded_today):
            raise g.illegal("机械狼", "只能选择当晚交易之外的角色", "not a char traded today", a)

    def candidates(self, g: Game, p: Player) -> list[int]:
        return [
            n
            for n in super().candidates(g, p)
            if not (g.version(p, self.key) == MECH and n in g.traded_today)
        ]

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        want = 2 if len(g.living()) > g.spec.p("merchant.threshold") else 1
        pool = self.candidates(g, p)
        if len(pool) < want or rng.random() < 0.4:
            return None
        return Action(p.n, self.key, tuple(sorted(rng.sample(pool, want))))

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        g.traded_today.append(t.n)
        accepted = str(pick(g, f"交易:{t.n}", ["接受", "拒绝"], "富商")) == "接受"
        if not accepted:
            g.give(p, "隐身", source=t.n, only=t.n)
            p.marks.setdefault("refused", []).append(t.n)
            return
        if p.holds("暴利") and str(pick(g, f"暴利:{p.n}", ["发动", "不发动"], "富商")) == "发动":
            until = Until(g.night + 1, "dusk.4", "end")
            role = g.copy_source(t)
            names = g.acquire(p, role, origin="暴利", until=until) if role else []
            g.give(t, "沉默", source=p.n, until=until)
            if "[群内]" in t.tags:
                g.grant(p, "杀人", origin="暴利", role="[群内]", uses=1, until=until)
            p.marks["profit_partner"] = t.n
            g.tell(p.n, "暴利", {"seat": t.n, "skills": names})
        if p.holds("富有"):
            g.riches.append((g.night + 1, t.n))


@RULES.hook("dusk.4", "post")
def _riches(g: Game) -> None:
    due = [s for n, s in g.riches if n == g.night]
    g.riches = [(n, s) for n, s in g.riches if n != g.night]
    for seat in due:
        t = g.seat(seat)
        for name, state in t.skills.items():
            if state.acquired:
                continue
            sd = g.skill_def(t, name)
            state.uses = g.initial_uses(t, name, sd.count if sd else None)
            state.spent = False
            state.lost = False
        g.log("refreshed", {"seat": seat, "by": "富有"})
    g.traded_today = []


# ── 妖狐 ───────────────────────────────────────────────────────────────────────────────────────

SEER_CHECKS = frozenset({"预言", "通灵", "占卜", "狡黠"})


def fox_checked(g: Game, actor: Player, t: Player, skill_: str) -> None:
    """妖狐: 若自己被验人系身份查验时，妖狐会受到来自于技能来源的<致死伤害> — only a char whose [实际身份] is a seer identity
    (「其他身份拿到验人系的技能进行查验也不会致死」; a gift of the same name counts when the identity is right)."""
    if t.true_role != "妖狐" or skill_ not in SEER_CHECKS:
        return
    if actor.true_role in roles() and roles()[actor.true_role].seer:
        g.damage(t.n, Damage.LETHAL, actor, "验杀", f"{actor.role}<{skill_}>")
        t.marks["checked_by_seer"] = True


def _fox_undying(g: Game, t: Player, h: Hit) -> bool:
    """妖狐持有对于查验致死和最高票[投票出局]以外情况的[不死]状态."""
    if t.true_role != "妖狐" or h.kind is Damage.RED or h.kind is Damage.VOTE or h.skill == "验杀":
        return False
    g.log(
        "absorbed", {"target": t.n, "by": "妖狐", "kind": h.kind.value, "skill": h.skill, "source": h.source}
    )
    return True


CANCELS.append(_fox_undying)


def _fox_minion(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    """且妖狐出局时，那个角色会连带承受[致死伤害] (连带: 妖狐小弟共死)."""


# ── 告死者 and its identities ───────────────────────────────────────────────────────────────────


def undead(g: Game, t: Player, source: int) -> None:
    """[亡灵]: 若场上有次数足够的技能[亡灵低语]，则按照那个技能转变，否则获得该状态瞬间就承受一次[致死伤害]."""
    if not t.alive:
        return
    if g.give(t, "亡灵", source=source, negative=True) is None:
        return
    g.tell(t.n, "status", {"status": "亡灵"})
    herald = next((q for q in g.players if q.holds("亡灵低语") and q.alive), None)
    if herald is None:
        g.damage(t.n, Damage.LETHAL, g.seat(source) if source else t, "亡灵", "[亡灵]")
        return
    convert(g, herald, t)


def convert(g: Game, herald: Player, t: Player) -> None:
    """亡灵低语[X][强制]: X为初始参与人数；次数足够时，被施加[亡灵]状态的角色按规则转变（群内 5 → 活尸；三方与不定 6 → 血族；验人系
    8 → 恶灵；其余 3 → 腐尸），实际阵营变为和告死者相同，表面身份变为对应身份，获得其一套新技能，其余技能均视作被[沉默]和[遗忘]."""
    state = herald.skills["亡灵低语"]
    if state.uses is None:
        state.uses = g.n_start
    camp = roles()[t.true_role].camp if t.true_role in roles() else None
    if "[群内]" in t.tags:
        new, cost = "活尸", 5
    elif camp in (Camp.THIRD, Camp.UNDETERMINED):
        new, cost = "血族", 6
    elif t.true_role in roles() and roles()[t.true_role].seer:
        new, cost = "恶灵", 8
    else:
        new, cost = "腐尸", 3
    if state.uses < cost:
        g.damage(t.n, Damage.LETHAL, herald, "亡灵", "[亡灵]")
        return
    state.uses -= cost
    for other in t.skills.values():
        other.lost = True
    g.set_faction(t, herald.faction, why="亡灵低语")
    t.role = new
    g.set_surface(t, role=new, camp=herald.faction, by="亡灵低语")
    for sd in roles()[new].dealt:
        g.grant(t, sd.name, origin="亡灵低语", role=new, uses=g.initial_uses(t, sd.name, sd.count))
    t.marks["undead_of"] = herald.n
    g.tell(t.n, "亡灵低语", {"role": new})
    if new == "恶灵":  # 灾厄<强制>: 恶灵诞生时，技能[亡灵低语]的次数+6
        state.uses += 6


def _herald(g: Game, p: Player) -> None:
    """亡灵低语[X]: X为初始参与人数."""
    p.skills["亡灵低语"].uses = g.n_start


PASSIVES["亡灵低语"] = _herald


@skill
class DeathCurse(Impl):
    """死灵咒[凌晨] (告死者): 初步按照（9）的顺序结算出局名单，告死者会知晓当晚和自己阵营不相同的出局角色名单，可以选择其中一个令其免疫
    此次出局，并施加[亡灵]状态 (the preliminary list: the targets of the night's queued exits)."""

    key = "死灵咒"

    def options(self, g: Game, p: Player) -> list[int]:
        return sorted(
            {h.target for h in g.hits if g.seat(h.target).alive and g.seat(h.target).faction != p.faction}
        )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        pool = self.options(g, p)
        g.tell(p.n, "死灵咒", {"seats": pool})
        if not pool:
            return
        choice = (
            a.targets[0]
            if a.targets and a.targets[0] in pool
            else int(pick(g, f"死灵咒:{p.n}", list(pool), "告死者"))
        )
        g.curse[choice] = p.n

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) > 1:
            raise g.illegal("告死者", "只能选择其中一个", "one char", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        pool = self.options(g, p)
        return Action(p.n, self.key, (rng.choice(pool),)) if pool and rng.random() < 0.6 else None

    targets_may_be_out = True


def _curse_cancels(g: Game, t: Player, h: Hit) -> bool:
    herald = g.curse.pop(t.n, None)
    if herald is None:
        return False
    g.log("curse", {"seat": t.n, "by": herald})
    undead(g, t, herald)
    return True


def _immortal(g: Game, t: Player, h: Hit) -> bool:
    """不朽[强制] (告死者): 告死者免疫第一次在夜晚的出局."""
    if not t.holds("不朽") or not g.night_step() or t.marks.get("immortal_used") or "forget" in g.effects(t):
        return False
    t.marks["immortal_used"] = True
    g.log(
        "absorbed", {"target": t.n, "by": "不朽", "kind": h.kind.value, "skill": h.skill, "source": h.source}
    )
    return True


CANCELS.append(_curse_cancels)
CANCELS.append(_immortal)


@skill
class Embrace(Targeted):
    """初拥[限定][指定][深夜] (血族): 若结算目标不是和告死者相同的阵营，则对其进行一次[指杀]，若该角色因此出局，不会出局，取而代之的是获得
    [亡灵]状态."""

    key = "初拥"

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if t.faction != p.faction:
            g.damage(t.n, Damage.KILL, p, self.key, "血族<初拥>")
            g.embraced.add(t.n)


def _embrace_cancels(g: Game, t: Player, h: Hit) -> bool:
    if h.skill != "初拥" or t.n not in g.embraced:
        return False
    g.embraced.discard(t.n)
    undead(g, t, h.source)
    return True


CANCELS.append(_embrace_cancels)


@skill
class Gnaw(Damaging):
    """啃咬[深夜][指定] (活尸): 拥有该技能的角色共群，共同选择一个任意角色；偶数日夜晚，若狼群只有存活的活尸或存活的活尸有3个及以上，去除
    偶数日夜晚的限制: [指杀]."""

    key = "啃咬"
    kill = True
    entry = "活尸<啃咬>"

    def open(self, g: Game) -> bool:
        corpses = [q for q in g.living() if q.holds("啃咬")]
        pack = [q for q in g.living() if "[群内]" in q.tags and q.faction == WOLF and q.role != "活尸"]
        return g.night % 2 == 0 or not pack or len(corpses) >= 3

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if not self.open(g):
            raise g.illegal("活尸", "偶数日夜晚（狼群只有活尸或活尸3个及以上时不限）", "even nights", a)
        if sum(1 for x in g.submitted if x.skill == self.key) > 1:
            raise g.illegal("活尸", "拥有该技能的角色共同选择一个角色", "one choice for all", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        first = next((q for q in g.living() if q.holds("啃咬")), None)
        return super().propose(g, p, rng) if first is p and self.open(g) else None


def voted_out_today(g: Game, p: Player) -> bool:
    """腐尸<腐化> / 恶灵<虚体>: the 黄昏 of the char's own vote exit."""
    return not p.alive and p.out == "voted" and p.marks.get("rot_window") == g.night


@skill
class Rot(Targeted):
    """腐化[指定][黄昏] (腐尸): 腐尸被[投票出局]时的下一个黄昏，可以选择任意角色: 若结算目标不是和告死者相同的阵营，令其获得[亡灵]状态."""

    key = "腐化"

    def extra_check(self, g: Game, p: Player, a: Action) -> None:
        if not voted_out_today(g, p):
            raise g.illegal("腐尸", "腐尸被[投票出局]时的下一个黄昏", "the dusk of its vote exit", a)

    def effect(self, g: Game, p: Player, a: Action, selected: int, t: Player) -> None:
        if t.faction != p.faction:
            undead(g, t, p.n)


@skill
class Phantom(Impl):
    """虚体[黄昏] (恶灵): 恶灵被[投票出局]时，可以选择公示[发动者是恶灵]，若如此做，其依然算作出局，但保留发言权和投票权，且[亡灵低语]的次数+6."""

    key = "虚体"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not voted_out_today(g, p):
            raise g.illegal("恶灵", "恶灵被[投票出局]时", "when voted out", a)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.5 else None

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        g.announce("phantom", {"seat": p.n, "text": "发动者是恶灵"})
        p.marks["keeps_vote"] = True
        herald = g.seat(int(p.marks.get("undead_of", 0))) if p.marks.get("undead_of") else None
        if herald is not None and herald.skills.get("亡灵低语") is not None:
            state = herald.skills["亡灵低语"]
            state.uses = (state.uses or 0) + 6


def _undead_exit(g: Game, t: Player, kind: Damage, source: int, skill_: str) -> None:
    if kind is Damage.VOTE and t.role in ("腐尸", "恶灵"):
        t.marks["rot_window"] = g.night


ON_EXIT.append(_undead_exit)


# ── 镜<镜像> ──────────────────────────────────────────────────────────────────────────────────


@skill
class MirrorImage(Impl):
    """镜像[晨曦]<限定> (镜): 可任意选择一种曾对自身操作过的技能复制，下一个游戏日夜晚开始永久生效；不使用时每天得知有哪些新技能对镜使用过."""

    key = "镜像"

    def seen(self, g: Game, p: Player) -> list[str]:
        return sorted(set(p.marks.get("used_on_me", [])))

    def check(self, g: Game, p: Player, a: Action) -> None:
        if not self.seen(g, p):
            raise g.illegal("镜", "还没有技能对镜使用过", "no skill was used on the mirror", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        p.skills[self.key].spent = True
        options: list[int | str] = list(self.seen(g, p))
        key = str(pick(g, f"镜像:{p.n}", options, "镜"))
        role = dict(p.marks.get("used_on_me_roles", {})).get(key, "")
        name = skill_name(key)
        sd = roles()[role].skill(name) if role in roles() else None
        p.marks["image"] = (g.night + 1, name)
        g.grant(p, name, origin="镜像", role=role, uses=g.initial_uses(p, name, sd.count if sd else None))
        g.tell(p.n, "镜像", {"skill": name})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return legal(g, p, self, Action(p.n, self.key)) if rng.random() < 0.3 else None


# ── 双子星 ─────────────────────────────────────────────────────────────────────────────────────


@skill
class Seek(Impl):
    """寻觅[黄昏] (双子星光): 游戏日黄昏，可向导演提交暗的马甲，如此玩家为暗，则光暗建群，互知."""

    key = "寻觅"

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) != 1:
            raise g.illegal("双子星光", "提交一个马甲", "one seat", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.seat(a.targets[0])
        if t.role == "双子星暗":
            p.marks["twins"] = t.n
            t.marks["twins"] = p.n
            g.tell(p.n, "寻觅", {"seat": t.n, "found": True})
            g.tell(t.n, "寻觅", {"seat": p.n, "found": True})
        else:
            g.tell(p.n, "寻觅", {"seat": t.n, "found": False})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        pool = [q.n for q in g.living() if q is not p]
        return Action(p.n, self.key, (rng.choice(pool),)) if pool and not p.marks.get("twins") else None


class TwinGuard(Impl):
    """A twin's guard: 可在光/暗中选择守护一名玩家，不能连续两晚选择同一个人（非指定技能，只选择光暗，不选择马甲）."""

    status = ""
    edge: tuple[str, str] = ("", "")
    next_round = False

    def twins(self, g: Game, p: Player) -> list[Player]:
        """光/暗 (机械狼's: 可守护机械狼与暗/光)."""
        if g.version(p, self.key) == MECH:
            return [q for q in g.players if (q is p or q.role in ("双子星光", "双子星暗")) and q.alive]
        return [q for q in g.players if q.role in ("双子星光", "双子星暗") and q.alive]

    def check(self, g: Game, p: Player, a: Action) -> None:
        if len(a.targets) != 1 or g.seat(a.targets[0]) not in self.twins(g, p):
            raise g.illegal(p.role, "只选择光暗", "光 or 暗 only", a)
        if p.marks.get(f"last:{self.key}") == (g.night - 1, a.targets[0]):
            raise g.illegal(p.role, "不能连续两晚选择同一个人", "not the same twin two nights running", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        t = g.seat(a.targets[0])
        p.marks[f"last:{self.key}"] = (g.night, t.n)
        if g.version(p, self.key) == MECH and t is not p:  # 机械狼's: 守护暗（光）无效
            g.log("void", {"actor": p.n, "skill": self.key, "why": "机械狼"})
            return
        step, edge = self.edge
        g.give(t, self.status, source=p.n, until=Until(g.night + (1 if self.next_round else 0), step, edge))

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        pool = [q.n for q in self.twins(g, p) if p.marks.get(f"last:{self.key}") != (g.night - 1, q.n)]
        return Action(p.n, self.key, (rng.choice(pool),)) if pool else None

    targets_may_be_out = False


@skill
class LightGuard(TwinGuard):
    """光明守护[午夜] (双子星光): 该角色当晚获得[不死]状态，持续至[晨曦]阶段开始."""

    key = "光明守护"
    status = "不死"
    edge = ("dawn.1", "start")


@skill
class DarkGuard(TwinGuard):
    """黑暗守护[午夜] (双子星暗): 该角色获得[霸道]状态，持续至下一个[黄昏]阶段结束."""

    key = "黑暗守护"
    status = "霸道"
    edge = ("dusk.4", "end")
    next_round = True


# ── 吹笛<混乱> ─────────────────────────────────────────────────────────────────────────────────


@skill
class Chaos(Impl):
    """混乱[正午][3] (吹笛): 游戏日白天择一发动，不公示.  1，消耗2点次数，令所有拥有[吹笛]状态的角色，当天视作投票给吹笛者投票的目标；
    2，消耗1点次数，令一个角色对任意数量的角色发动其[实际身份]对应的第X个技能，若是可以在夜晚发动的[指定]技能、目标数量正确、发动者持有
    [吹笛]状态，则目标角色立刻收到通知，当晚将以此使用（结算顺序同原本，突破状态、限定、次数、已失去技能、目标选择的限制），反馈吹笛者也得知.
    The effect is a choice 「混乱:吹笛」 (1 / 2); for 2 the first target is the char made to act, the others its targets, X a choice."""

    key = "混乱"
    targets_may_be_out = False

    def check(self, g: Game, p: Player, a: Action) -> None:
        uses = p.skills[self.key].uses or 0
        if uses < 1:
            raise g.illegal("吹笛", "次数不足", "no uses left", a)

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        state = p.skills[self.key]
        mode = int(pick(g, f"混乱:{p.n}", [1, 2] if (state.uses or 0) >= 2 else [2], "吹笛"))
        if mode == 1:
            state.uses = (state.uses or 0) - 2
            if g.chaos_votes is None:  # 若一天内发动了多个混乱1效果，只有第一个发动的有效
                g.chaos_votes = p.n
            return
        state.uses = (state.uses or 0) - 1
        if not a.targets:
            return
        actor = g.seat(a.targets[0])
        if actor.n in g.chaos_forced:  # 对同一个角色发动了多个混乱2效果，只有第一个有效
            return
        identity = actor.role if actor.true_role == "盗贼" else actor.true_role  # 盗贼则以选择的那张身份为准
        own = list(roles()[identity].dealt) if identity in roles() else []
        if not own:
            return
        x = int(pick(g, f"混乱技能:{p.n}", list(range(1, len(own) + 1)), "吹笛"))
        sd = own[x - 1]
        targets = tuple(a.targets[1:])
        night = bool(set(sd.timings) & {t for t in sd.timings if t.value in ("早夜", "午夜", "深夜", "凌晨")})
        impl = RULES.skills.get(skill_name(sd.name)) or RULES.skills.get(f"{actor.true_role}<{sd.name}>")
        n_ok = impl is not None and getattr(impl, "n_min", 1) <= len(targets) <= getattr(impl, "n_max", 1)
        if not (sd.targeted and night and n_ok and g.has(actor, "吹笛")):
            g.log("chaos_void", {"actor": actor.n, "skill": sd.name})
            return
        key = impl.key if impl is not None else sd.name
        g.chaos_forced[actor.n] = (key, targets, p.n)
        g.tell(actor.n, "混乱", {"skill": sd.name, "targets": list(targets)})

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        if (p.skills[self.key].uses or 0) < 2 or rng.random() < 0.9:
            return None
        return Action(p.n, self.key, (), at=rng.randrange(540, 1100))


__all__ = ["bequest_used", "convert", "fox_checked", "undead"]
_ = (Granting, VILLAGE, IMMUNE, _fox_minion, next_night)
