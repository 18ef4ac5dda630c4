"""[165]原神's game: the family machinery with this book's tables and rules (docs/genshin165.md).

What the game itself runs (hooks, not submitted skills): the vote and the sheriff (投票, 投票规则, 其他),
cards (违规判定), the night's exit list (凌晨（9）) and chained exits (注), the dawn (晨曦), feedback
timing (公示/通知), the kill knife ([群内] / [接刀]), and win determination (胜负判定).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ruleproof.runtime import SYSTEM, Action, Observer, Phase, Policy, Until
from ruleproof.specs._werewolf_family.engine import FamilyGame, Hit, Player, SkillState
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs._werewolf_family.spec import LoadedSpec
from ruleproof.specs.genshin165 import tables
from ruleproof.specs.genshin165.engine.registry import (
    DUSK,
    MOON_NIGHT,
    NIGHT,
    NIGHT_STEPS,
    NOON,
    RULES,
    SEGMENT_ENDS,
    START,
    SUN_NOON,
)
from ruleproof.specs.genshin165.roles import roles, roster
from ruleproof.specs.genshin165.rules import Camp, rules

VILLAGE, WOLF, NONE = "村民", "狼人", "无阵营"
OUT_WORD = {
    Damage.KILL: "killed",
    Damage.PIERCE: "pierced",
    Damage.LETHAL: "lethal",
    Damage.VOTE: "voted",
    Damage.RED: "red",
}
AFTER_EXIT = ("最后一枪", "报复", "光明狩猎")  # used in the first window after the holder's exit
ROUND_CAP = 40  # ruleproof's stalemate horizon (胜负判定: 「无法正常进行」 → the sheriff's faction)
UNLISTED_RANK = len(tables.EXIT_ORDER.entries)


USES_PARAMS = {
    "救药": "witch.save",
    "毒药": "witch.poison",
    "猎杀": "demon_hunter.uses",
    "捕杀": "bounty.start",
    "裁决": "judge.uses",
    "归元": "taiji.uses",
    "迷魂药": "pharmacist.charm",
    "回复药": "pharmacist.heal",
}


def skill_name(key: str) -> str:
    """The printed skill name of a skill key (「石像鬼<查验>」 → 查验)."""
    return key[key.index("<") + 1 : -1] if key.endswith(">") and "<" in key else key


def faction_of(role: str) -> str:
    """The faction a role starts in (阵营: 角色在被分发身份后，最开始属于其身份所属阵营)."""
    camp = roles()[role].camp
    if camp is Camp.VILLAGE:
        return VILLAGE
    if camp is Camp.WOLF:
        return WOLF
    if camp is Camp.UNDETERMINED:
        return NONE
    return "双子星" if role.startswith("双子星") else role


def surface_camp_word(faction: str) -> str:
    return {VILLAGE: "村民阵营", WOLF: "狼人阵营", NONE: "无阵营"}.get(faction, f"{faction}阵营")


class SameNameOrder:
    """The policy as the game asks it, with a step's actions of one skill put in the same-name order (总体流程
    注: 真身份牌的优先，其余角色…按照发动者[实际身份]排序在真身份牌的后面): the runtime resolves a step in the
    spec's skill order and, within one skill, in submission order."""

    def __init__(self, inner: Policy, game: Game) -> None:
        self.inner = inner
        self.game = game

    def actions(self, g: Any, step: str) -> list[Action]:
        acts = list(self.inner.actions(g, step))
        key = self.game.same_name_key
        return sorted(acts, key=lambda a: (RULES.rank.get(a.skill, 0), key(a.actor, a.skill)))

    def order(self, g: Any, night: int) -> Sequence[int] | None:
        return self.inner.order(g, night)

    def choose(self, g: Any, key: str, options: Sequence[int | str]) -> int | str | None:
        return self.inner.choose(g, key, options)


class Game(FamilyGame):
    rules = RULES
    family = tables.FAMILY

    def __init__(
        self,
        spec: LoadedSpec,
        seats: Sequence[str],
        policy: Policy,
        *,
        seed: int = 0,
        observer: Observer | None = None,
        stop_after: tuple[str, int] | None = None,
    ) -> None:
        players = [Player(i + 1, r, faction_of(r)) for i, r in enumerate(seats)]
        super().__init__(players, policy, seed=seed, observer=observer, stop_after=stop_after)
        self.policy = SameNameOrder(policy, self)
        self.spec = spec
        self.shortest_first = spec.reading("guard.consumption") == "shortest_first"
        self.n_start = len(players)
        r = rules()
        self.w_min = r.bound("W.min").value(self.n_start)
        self.v_min = r.bound("V.min").value(self.n_start)
        self.roster_index = {name: i for i, name in enumerate(roster())}
        self.hits: list[Hit] = []
        self.seq = 0
        self.pending: list[tuple[int, str, dict[str, Any]]] = []
        self.ballots: dict[int, int | None] = {}
        self.vote_log: list[tuple[int, int | None, int]] = []
        self.changes: Counter[int] = Counter()
        self.lock_change: set[int] = set()
        self.noon_exits: set[int] = set()
        self.slander: Counter[int] = Counter()
        self.scapegoats: list[int] = []  # 替死 users today
        self.sheriff = 0
        self.lost: set[str] = set()
        self.round_exits: list[int] = []
        self.day_exits: list[tuple[int, str]] = []
        self.extra_noon = False
        self.moon_nights: Counter[int] = Counter()  # round → extra nights (月亮<夜>)
        self.extra_vote = False
        self.kills_allowed = 1
        self.kills_done = 0
        self.bonus_kill = False
        self.last_wolf_exit = (0, 0)  # (round, step index) of the last wolf exit (利维坦)
        self.lovers: tuple[int, int] | None = None
        self.dreams: dict[int, int] = {}  # 摄梦人 → tonight's dream target
        self.last_dreams: dict[int, int] = {}
        self.swaps: list[tuple[int, int]] = []  # tonight's 交换 pairs, in order
        self.reversals: set[int] = set()  # tonight's 时间逆流 targets
        self.reversal_owner: dict[int, int] = {}
        self.hunted: list[
            tuple[int, str, int]
        ] = []  # tonight's targeted skills on each seat: (target, skill, actor)
        self.selected_kills: list[tuple[int, str]] = []  # tonight's [指杀] selected targets (女巫<灵通>)
        self.pending_day: list[tuple[str, dict[str, Any]]] = []  # published at the next door opening
        self.last_words = 0
        self.arson: tuple[int, int] | None = None  # (round, target) of 纵火
        self.mourning = 0  # 神恩: the round whose night starts the village's [净化]
        self.gifts: list[tuple[int, str, str]] = []  # (seat, skill, giver role) granted at the night's end
        self.apprentice: dict[int, int] = {}  # tonight's 见习 target → the 见习守卫
        self.saved_once: set[int] = set()  # chars whose first exit tonight 见习 already took
        for p in self.players:
            self._deal(p)
        self.setup_seats()

    # ── setup ────────────────────────────────────────────────────────────────────────────────

    def _deal(self, p: Player) -> None:
        info = roles()[p.role]
        if info.pack:
            p.tags.add("[群内]")
        if info.inherit:
            p.tags.add("[接刀]")
        for s in info.skills:
            p.skills[s.name] = SkillState(self.initial_uses(p, s.name, s.count))

    def initial_uses(self, p: Player, name: str, count: int | None) -> int | None:
        """A skill's uses at the start (刷新至初始): the spec's parameter where it has one, else the count the
        skill's line prints ([X] skills whose X the text fixes elsewhere have none here)."""
        key = USES_PARAMS.get(name)
        if key is not None:
            return self.spec.p(key)
        return count if count is not None and count >= 0 else None

    def phases(self, n: int) -> Sequence[Phase]:
        out: list[Phase] = [NOON]
        if self.extra_noon and n > 1:
            out.append(SUN_NOON)
        out += [DUSK, NIGHT]
        out += [MOON_NIGHT] * self.moon_nights[n]  # 长夜漫漫: 下一个游戏日夜晚额外进行一轮（可以叠加）
        return out

    def run_phase(self, n: int, phase: Phase) -> None:
        if phase is NOON and n == 1:  # 总体流程 1–2: the game start, then the first 白昼
            super().run_phase(n, START)
            if self.result is not None:
                return
        if phase is NOON or phase is SUN_NOON:
            self.begin_noon(n, phase)
        elif phase is NIGHT or phase is MOON_NIGHT:
            self.begin_night(n, phase)
        super().run_phase(n, phase)
        if phase is SUN_NOON:
            self.extra_noon = False

        if self.result is None and n >= ROUND_CAP and phase.kind == "night":
            self.stalemate()

    def begin_noon(self, n: int, phase: Phase) -> None:
        if phase is NOON:
            self.ballots, self.vote_log, self.changes = {}, [], Counter()
            self.lock_change, self.noon_exits, self.scapegoats = set(), set(), []
            self.day_exits = []
        for p in self.living():
            if p.role == "太阳":  # 日: 太阳在游戏日白天常驻[不死]状态
                self.give(p, "不死", source=p.n, until=Until(n, "dusk.4", "end"), intrinsic=True)

    def begin_night(self, n: int, phase: Phase) -> None:
        self.hits, self.swaps, self.reversals, self.hunted = [], [], set(), []
        self.selected_kills = []
        self.apprentice, self.saved_once = {}, set()
        self.last_dreams, self.dreams = self.dreams, {}
        self.kills_done = 0
        self.kills_allowed = 1 + (1 if self.bonus_kill else 0)
        self.bonus_kill = False
        prefix = "moon." if phase is MOON_NIGHT else ""
        end = Until(n, f"{prefix}late.9", "end")
        if self.mourning and self.mourning == n and phase is NIGHT:
            self.mourning = 0
            for q in self.living():
                if q.faction == VILLAGE:
                    self.give(q, "净化", source=0, until=Until(n + 1, "noon", "start"))
        for p in self.living():
            if p.role == "月亮":  # 夜: 月亮在游戏日夜晚常驻[不死]状态（对殉情无效）
                self.give(p, "不死", source=p.n, until=end, not_against="殉情")
            if p.role == "猎魔人":  # 宿命: 仅针对[实际阵营]为[村民阵营]的[坚韧]
                self.give(p, "坚韧", source=p.n, until=end, against=VILLAGE)
            if p.role == "恶灵骑士":  # 主宰黑夜: 游戏日夜晚获得[不死]
                self.give(p, "不死", source=p.n, until=end)

    # ── the runtime's questions ──────────────────────────────────────────────────────────────

    def night_step(self) -> bool:
        return self.current_phase.kind == "night" and not self.step.removeprefix("moon.").startswith("dawn")

    def check_common(self, pl: Player, a: Action) -> None:
        if a.skill in ("蓝牌", "黄牌", "红牌"):
            return  # 已出局角色仍可被判罚: a card names the carded seat as its actor
        if a.skill in AFTER_EXIT and not pl.alive:
            if not pl.marks.get("window"):
                raise self.illegal(
                    roles()[pl.role].clause,
                    "不在出局后的第一个可发动时点",
                    "not in the window after its exit",
                    a,
                )
            for t in a.targets:
                if not self.player(t, a.skill).alive:
                    raise self.illegal("出局", f"目标 {t} 号已出局", f"target {t} is out", a)
            return
        state = pl.skills.get(skill_name(a.skill))
        granted = state is not None and state.origin != "own" and not state.lost  # a gift (黑商<馈赠>)
        if a.skill == "杀人" or granted:
            if not pl.alive:
                raise self.illegal("出局", "出局者不再参与任何投票与行动", "players out cannot act", a)
            impl = self.rules.skills.get(a.skill)
            for t in a.targets:
                if not self.player(t, a.skill).alive and not (impl is not None and impl.targets_may_be_out):
                    raise self.illegal("出局", f"目标 {t} 号已出局", f"target {t} is out", a)
            return
        super().check_common(pl, a)

    def knife_holders(self) -> list[Player]:
        """Who holds [杀人] now: the living [群内] (not 超度/业炎/净化'd), else the first living [接刀] in the
        inheritance order (【狼人阵营】通用, 接刀顺序)."""
        pack = [
            p
            for p in self.living()
            if "[群内]" in p.tags and p.faction == WOLF and "release" not in self.effects(p)
        ]
        if pack:
            return pack
        order = tables.INHERIT_ORDER.entries
        heirs = [
            p
            for p in self.living()
            if "[接刀]" in p.tags and p.faction == WOLF and "release" not in self.effects(p)
        ]
        heirs.sort(key=lambda p: order.index(p.true_role) if p.true_role in order else len(order))
        return heirs[:1]

    def capable(self, pl: Player, skill: str) -> bool:
        if skill in AFTER_EXIT:
            return bool(pl.marks.get("window")) and pl.holds(skill)
        if not pl.alive:
            return False
        if skill == "投票":
            return not pl.marks.get("no_vote")
        if skill == "杀人":
            if pl not in self.knife_holders():
                return False
            eff = self.effects(pl)
            if eff & {"silence", "disarm", "release"} and self.family.silence_blocks_kill:
                return False
            return not any("disarm" in self.effects(q) for q in self.knife_holders())
        name = skill_name(skill)
        state = pl.skills.get(name)
        if state is None or state.lost:
            return False
        info = roles()[pl.role].skill(name) or roles()[pl.true_role].skill(name)
        forced = info.forced if info else False
        eff = self.effects(pl)
        if "silence" in eff and not forced:
            return False
        if "forget" in eff and forced:
            return False
        if state.uses is not None and state.uses <= 0:
            return False
        return not (info is not None and info.limited and state.spent)

    def incapacity(self, pl: Player) -> str:
        if not pl.alive:
            return "out"
        eff = self.effects(pl)
        return "silenced" if "silence" in eff else "disarmed" if "disarm" in eff else "blocked"

    def immune_to_negative(self, p: Player, name: str) -> bool:
        if p.true_role in ("上帝使徒", "慰魂师", "吹笛"):
            return True  # 神恩 / 虔诚: 不会承受任何负面状态; 吹笛: 也不会获得任何负面状态
        if p.marks.get("taiji"):
            return True  # 归元: 本次游戏之后永久不会获得任何[状态]
        return p.true_role == "蛊惑师" and self.night == 1 and self.current_phase.kind == "night"

    def give(self, p: Player, name: str, *, source: int, until: Until | None = None, **data: Any) -> Any:
        if p.marks.get("taiji") and not data.get("intrinsic"):
            self.log("status_refused", {"holder": p.n, "status": name, "source": source})
            return None
        return super().give(p, name, source=source, until=until, **data)

    def stage_table(self, stage: str, actor: Player, skill: str) -> list[int]:
        """Where each redirection stage sends a ball (用语定义/技能: 时间逆流 → 交换 → 反射)."""
        table = [p.n for p in self.players]
        if stage == "时间逆流" and actor.faction != WOLF:
            for n in self.reversals:
                table[n - 1] = actor.n
        elif stage == "交换":
            for a, b in self.swaps:
                table[a - 1], table[b - 1] = b, a
        return table

    def kick(self, actor: Player, selected: int, skill: str) -> int:
        """Each stage once, in order; 镜<反射> is asked only when the ball reaches a 镜 at night."""
        from ruleproof.kernel.algebra import PY
        from ruleproof.specs._werewolf_family import kernels

        first = self.stage_table("时间逆流", actor, skill)
        second = self.stage_table("交换", actor, skill)
        third = [p.n for p in self.players]
        ball = second[first[selected - 1] - 1]
        mirror = self.seat(ball)
        if self.night_step() and mirror.role == "镜" and mirror.alive and mirror.holds("反射"):
            pool = [q.n for q in self.players if q.alive and not q.holds("反射")]
            if pool:
                third[ball - 1] = int(
                    self.choose(f"反射:{ball}", pool, clause="镜", default=self.rng.randrange(len(pool)))
                )
                self.tell(ball, "反射", {"skill": skill, "to": third[ball - 1]})
        final, trail = kernels.kick(PY, selected - 1, [[d - 1 for d in t] for t in (first, second, third)])
        if first[selected - 1] != selected and actor.faction != WOLF:
            owner = self.reversal_owner.get(selected)
            if owner:
                self.tell(owner, "时间逆流", {"skill": skill})
                self.seat(owner).skills["时间逆流"].lost = True
        if any(t != selected - 1 for t in trail):
            self.log(
                "redirected",
                {"actor": actor.n, "skill": skill, "selected": selected, "trail": [t + 1 for t in trail]},
            )
        return final + 1

    def neighbours(self, p: Player) -> tuple[Player, Player]:
        """The living neighbours on the 电梯楼 (seat order, first and last adjacent)."""
        ring = [q for q in self.players if q.alive or q is p]
        i = ring.index(p)
        return ring[i - 1], ring[(i + 1) % len(ring)]

    # ── feedback and announcements ──────────────────────────────────────────────────────────

    def tell(self, to: int, kind: str, data: dict[str, Any]) -> None:
        """Private information: at night it waits for the end of the current segment (公示/通知)."""
        if self.night_step():
            self.pending.append((to, kind, data))
        else:
            self.private(to, kind, data)

    def flush(self) -> None:
        for to, kind, data in self.pending:
            self.private(to, kind, data)
        self.pending = []

    # ── damage and exits ─────────────────────────────────────────────────────────────────────

    def same_name_key(self, seat: int, skill: str) -> tuple[int, int]:
        """The same-name rule: the true identity's holder first, the others by their [实际身份]'s place in the role
        list."""
        p = self.seat(seat)
        native = (
            roles()[p.true_role].skill(skill_name(skill)) is not None if p.true_role in roles() else False
        )
        return (0 if native else 1, self.roster_index.get(p.true_role, 999))

    def exit_rank(self, entry: str, actor: Player, skill: str) -> tuple[int, ...]:
        """The position of a hit in the night's exit list: the entry's row, then the same-name rule
        (the true identity first, the others by their [实际身份]'s place in the role list)."""
        slot = tables.EXIT_SAME_SLOT.get(entry, entry)
        row = tables.EXIT_ORDER.entries.index(slot) if slot in tables.EXIT_ORDER.entries else UNLISTED_RANK
        native = roles()[actor.true_role].skill(skill) is not None
        return (row, 0 if native else 1, self.roster_index.get(actor.true_role, 999))

    def damage(self, target: int, kind: Damage, source: Player, skill: str, entry: str = "") -> None:
        """A hit from ``source``'s ``skill``: queued in the night's exit list, resolved now otherwise."""
        self.seq += 1
        hit = Hit(
            target,
            kind,
            source.n,
            skill,
            self.exit_rank(entry or f"{source.role}<{skill}>", source, skill),
            self.seq,
        )
        hit.against = source.faction
        if self.night_step():
            self.hits.append(hit)
            self.log("hit_queued", {"target": target, "kind": kind.value, "skill": skill, "source": source.n})
        else:
            self.resolve_hit(hit)

    def resolve_night(self) -> None:
        """凌晨（9）: every exit effect in the text's order (ties: the same-name rule, then submission)."""
        queue = sorted(self.hits, key=lambda h: (h.rank, h.seq))
        self.hits = []
        self.log(
            "exit_list",
            {"order": [[h.target, h.skill] for h in queue], "ranks": [list(h.rank) for h in queue]},
        )
        for h in queue:
            self.resolve_hit(h)

    def cancels_otherwise(self, t: Player, h: Hit) -> bool:
        """见习: 结算目标当晚第一次出局时，结算目标不出局，但是发动者承受[致死伤害]（来源为自己，顺序和结算目标那次出局
        同顺序）; sworn (宣誓效忠) targets cost the apprentice its 见习 instead."""
        keeper = self.apprentice.get(t.n)
        if keeper is None or t.n in self.saved_once or self.current_phase.kind != "night":
            return False
        self.saved_once.add(t.n)
        k = self.seat(keeper)
        self.log("apprentice", {"target": t.n, "keeper": keeper})
        if k.marks.get("sworn") == t.n:
            if "见习" in k.skills:
                k.skills["见习"].lost = True
        elif k.alive:
            self.resolve_hit(Hit(k.n, Damage.LETHAL, k.n, "见习"))
        return True

    def defences(self, p: Player, hit: Hit) -> list[Any]:
        out = super().defences(p, hit)
        return [(s, c and s.data.get("not_against") != hit.skill, k) for s, c, k in out]

    def exit(self, t: Player, kind: Damage, source: int, skill: str) -> None:
        """``t`` goes out; then its chained exits in the text's chain order, the sheriff's badge, and what
        its exit triggers."""
        t.alive = False
        t.out = OUT_WORD[kind]
        self.exits.append((t.n, t.out, self.step))
        t.exit_order = len(self.exits)
        self.round_exits.append(t.n)
        if self.current_phase.kind == "day":
            self.day_exits.append((t.n, t.out))
            if self.current_phase is NOON or self.current_phase is SUN_NOON:
                self.noon_exits.add(t.n)
                self.announce("noon_exit", {"seat": t.n})
        self.log("exit", {"seat": t.n, "how": t.out, "source": source, "skill": skill})
        self.tell(t.n, "out", {"how": t.out})
        if t.faction == WOLF:
            self.last_wolf_exit = (self.night, self.step_index.get(self.step, 0))
        if kind is not Damage.RED:
            self.triggers(t, kind, source, skill)
        self.chains(t, kind, source, skill)
        if t.sheriff:
            self.pass_badge(t)
        self.check_win(immediate=True)

    def chains(self, t: Player, kind: Damage, source: int, skill: str) -> None:
        """连带关系出局 after ``t``'s exit, in CHAIN_ORDER: [情侣], 摄梦连带, [链接] (the rows of roles this
        game does not have never fire)."""
        for row in tables.CHAIN_ORDER.entries:
            if row == "[情侣]" and self.lovers and t.n in self.lovers:
                other = self.seat(self.lovers[0] + self.lovers[1] - t.n)
                if other.alive:
                    self.log("chain", {"row": row, "from": t.n, "to": other.n})
                    self.resolve_hit(Hit(other.n, Damage.LETHAL, other.n, "殉情"))
            elif row == "摄梦人<摄梦连带>" and t.n in self.dreams and self.night_step():
                target = self.seat(self.dreams.pop(t.n))
                if target.alive:
                    self.log("chain", {"row": row, "from": t.n, "to": target.n})
                    self.resolve_hit(Hit(target.n, Damage.LETHAL, t.n, "摄梦"))
            elif row == "[链接]" and self.has(t, "链接") and kind is not Damage.VOTE:
                for q in self.living():
                    if self.has(q, "链接") and q.n != t.n and q.true_role != "锁链师":
                        self.log("chain", {"row": row, "from": t.n, "to": q.n})
                        self.resolve_hit(Hit(q.n, kind, source, skill))

    def triggers(self, t: Player, kind: Damage, source: int, skill: str) -> None:
        src = self.seat(source) if source else None
        if t.holds("最后一枪") or (
            t.role == "双子星光" and any(q.alive and q.role == "双子星暗" for q in self.players)
        ):
            t.marks["window"] = True
        if t.role == "黑狼王" and kind is Damage.VOTE and not t.skills["冲锋"].spent:
            t.marks["window"] = True  # 报复: 若狼王被[投票出局]时，冲锋可用
        if t.role == "锈剑骑士" and src is not None and src.faction == WOLF:
            self.tetanus(t)
        if t.role == "吹笛":
            for q in self.players:
                self.statuses.remove(q.n, "吹笛")
            self.announce("piper_out", {"text": "吹笛者已出局，所有吹笛状态已解除"})
        if "[群内]" in t.tags:  # 业炎: 每有一只[群内]狼死亡，该技能次数+1
            for q in self.players:
                if "业炎" in q.skills and q.skills["业炎"].uses is not None:
                    q.skills["业炎"].uses = (q.skills["业炎"].uses or 0) + 1
        if t.role == "幼狼" and kind is not Damage.RED:
            self.bonus_kill = True  # 激励: 仅限下一个[深夜]阶段，可以额外使用一次<杀人>
        if t.role == "太阳" and not t.flipped:
            t.flipped = True
            self.extra_noon = True
            self.announce("flip", {"seat": t.n, "text": "日不落"})
        if t.role == "月亮" and not t.flipped:
            t.flipped = True
            self.moon_nights[self.night if self.current_phase.kind == "day" else self.night + 1] += 1
            self.announce("flip", {"seat": t.n, "text": "长夜漫漫"})
        if t.role == "炸弹":
            t.marks["bomb"] = kind.value
        if t.true_role == "上帝使徒":  # 神恩: 若自己出局，立刻翻开身份牌
            t.flipped = True
            self.announce("flip", {"seat": t.n, "role": t.true_role})
            if kind is Damage.VOTE or (src is not None and src.faction == VILLAGE):
                # 仅下一晚开始: tonight's, if it happened by day; tomorrow's, if at night or dawn
                self.mourning = self.night if self.current_phase.kind == "day" else self.night + 1
                self.announce("mourning", {"text": f"村民阵营害死了{t.true_role}，自发前来默哀"})
        for scholar in t.marks.get("scholars", ()):  # 诡辩: 目标若出局，发动者的票数永久+1
            s = self.seat(scholar)
            s.marks["extra_votes"] = int(s.marks.get("extra_votes", 0)) + 1
        for q in self.living():
            if q.role in ("双子星光", "双子星暗") and t.role in ("双子星光", "双子星暗"):
                self.tell(q.n, "twin_out", {"seat": t.n})

    def tetanus(self, knight: Player) -> None:
        """破伤风: 锈剑骑士电梯楼下方第一个[实际阵营]为[狼人阵营]的角色永久获得状态[破伤风]."""
        n = len(self.players)
        for k in range(1, n + 1):
            q = self.seat((knight.n - 1 + k) % n + 1)
            if q.alive and q.faction == WOLF:
                self.give(q, "破伤风", source=knight.n, negative=True)
                return

    def pass_badge(self, old: Player) -> None:
        """殉职: 须选择一名未出局的角色移交警长; not chosen in time → at random."""
        old.sheriff = False
        living = [p.n for p in self.living()]
        self.sheriff = 0
        if not living:
            return
        heir = int(
            self.choose(f"殉职:{old.n}", living, clause="其他", default=self.rng.randrange(len(living)))
        )
        self.sheriff = heir
        self.seat(heir).sheriff = True
        self.tell(heir, "sheriff", {"from": old.n})
        if self.current_phase.kind == "day":
            self.announce("sheriff", {"seat": heir, "from": old.n})

    # ── win determination ────────────────────────────────────────────────────────────────────

    def factions(self) -> list[str]:
        return list(dict.fromkeys(p.faction for p in self.players))

    def loses(self, f: str) -> bool:
        members = [p for p in self.players if p.faction == f]
        living = [p for p in members if p.alive]
        reds = sum(p.cards["red"] for p in members)
        if reds >= self.spec.p("card.reds_lose"):
            return True
        if f in (VILLAGE, WOLF):
            camp = Camp.VILLAGE if f == VILLAGE else Camp.WOLF
            if not living or all(self.has(p, "吹笛") for p in living):
                return True
            out_real = sum(1 for p in members if not p.alive and roles()[p.true_role].camp is camp)
            if f == WOLF:
                armed = any(q.alive and q.tags & {"[群内]", "[接刀]"} for q in members)
                return not armed and out_real >= self.w_min
            return out_real >= self.v_min
        return not living

    def wins(self, f: str) -> bool:
        living = self.living()
        members = [p for p in self.players if p.faction == f]
        alive = [p for p in members if p.alive]
        if f == "吹笛":
            return bool(alive) and all(self.has(q, "吹笛") for q in living if q.faction != f)
        if f in ("炸弹", NONE):
            return bool(alive) and len(living) == 4
        if f == "富商":
            return bool(alive) and len(living) <= 4
        if f == WOLF and any(p.alive and p.holds("吞食天地") for p in members):
            quiet = self.spec.p("leviathan.quiet_days")
            return self.night - self.last_wolf_exit[0] >= quiet and self.current_phase.kind == "night"
        return False

    def check_win(self, immediate: bool = False) -> None:
        if self.result is not None:
            return
        factions = self.factions()
        for f in factions:
            if f not in self.lost and (not immediate or f in (VILLAGE, WOLF)) and self.loses(f):
                self.lost.add(f)
                self.log("faction_lost", {"faction": f})
        lost = {f: f in self.lost for f in factions}
        alive = {f: any(p.alive and p.faction == f for p in self.players) for f in factions}
        wins = {f: (not immediate) and self.wins(f) for f in factions}
        fox = any(p.alive and p.faction == "妖狐" for p in self.players)
        if fox:  # 妖狐: 有阵营宣布胜利时，妖狐仍然存活，会导致其他阵营无法获胜
            wins = {f: w and f == "妖狐" for f, w in wins.items()}
        priority = [f for f in tables.THIRD_PRIORITY.entries if f in factions]
        if "双子星" in factions:
            priority.append("双子星")
        winner = self.decide(factions, lost, wins, alive, priority)
        if winner is None:
            if all(lost.values()):
                self.finish("draw", self.step, "win.one", "all factions lost")
            return
        if fox and winner != "妖狐" and not lost.get("妖狐", True):
            return  # the fox blocks it
        if wins[winner]:
            self.finish(winner, self.step, "win.sole", "win condition")
        else:  # 通用屠城: 场上只有一个阵营尚未判负，或场上仅有一个阵营的角色存活
            standing = [f for f in factions if not lost[f]]
            self.finish(
                winner,
                self.step,
                "win.massacre",
                "only faction standing" if standing == [winner] else "only faction alive",
            )

    def stalemate(self) -> None:
        """「因为非违规的特殊情况导致游戏无法正常进行…警长在谁手里，那个角色所属的阵营就获胜」."""
        holder = self.seat(self.sheriff) if self.sheriff else None
        self.finish(holder.faction if holder else "draw", self.step, "win.stalemate", "stalemate")

    # ── snapshots ────────────────────────────────────────────────────────────────────────────

    def snapshot(self) -> dict[str, Any]:
        return {
            "round": self.night,
            "sheriff": self.sheriff,
            "lost": sorted(self.lost),
            "players": {
                str(p.n): {
                    **self.seat_snapshot(p),
                    "true_role": p.true_role,
                    "surface_role": p.surface_role,
                    "surface_camp": p.surface_camp,
                    "flipped": p.flipped,
                    "uses": {k: v.uses for k, v in p.skills.items() if v.uses is not None},
                    "cards": dict(p.cards),
                }
                for p in self.players
            },
        }


__all__ = ["AFTER_EXIT", "NONE", "VILLAGE", "WOLF", "Game", "faction_of", "surface_camp_word"]
_ = (NIGHT_STEPS, SEGMENT_ENDS, SYSTEM)
