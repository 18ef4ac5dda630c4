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
from ruleproof.specs._werewolf_family.model import Damage, SkillDef
from ruleproof.specs._werewolf_family.spec import LoadedSpec
from ruleproof.specs.genshin165 import tables
from ruleproof.specs.genshin165.engine.registry import (
    CLASHES,
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
from ruleproof.specs.genshin165.roles import NONE, VILLAGE, WOLF, faction_of, roles, roster
from ruleproof.specs.genshin165.rules import Camp, rules

OPPOSITE = {VILLAGE: WOLF, WOLF: VILLAGE}
PRIORITY_FACTION = {
    "不定互指": NONE
}  # 「不定互指」 in the priority: the 不定阵营 (merged with it, 修改摘要 4)
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


def surface_camp_word(faction: str) -> str:
    return {VILLAGE: "村民阵营", WOLF: "狼人阵营", NONE: "无阵营"}.get(faction, f"{faction}阵营")


# What the role modules add to the game's own rules (each a list the modules append to at import):
# ROUTES — who takes over or watches an action as it resolves: hook(g, actor, action) → [(seat, "take" | "copy")]
# ON_EXIT — what a char's exit triggers: hook(g, char, damage, source seat, skill)
# CANCELS — 「有其他效果可以抵消伤害」: hook(g, char, hit) → True when it cancels the exit
# IMMUNE — chars that cannot take a negative status: hook(g, char, status) → True
# PASSIVES — what holding a skill gives at once (苟活's [守护：1], 隐身衣's statuses …): name → hook(g, seat), run
# for a seat's dealt skills at the deal and for a skill taken later when it is granted
PASSIVES: dict[str, Any] = {}
ROUTES: list[Any] = []
ON_EXIT: list[Any] = []
CANCELS: list[Any] = []
IMMUNE: list[Any] = []


class _Unchecked:
    """A skill made to act by 混乱2: its own range and use checks do not apply (「无条件使用出该技能」)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def check(self, g: Any, p: Any, a: Any) -> None:
        return None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class Thread:
    """One vote thread (投票贴): ballots, the log of votes, changes, the 太阳's speakers (None: everybody)."""

    __slots__ = ("ballots", "changes", "key", "lock_change", "log", "speakers", "sun")

    def __init__(self, key: str, speakers: set[int] | None = None, sun: int = 0) -> None:
        self.key = key
        self.ballots: dict[int, int | None] = {}
        self.log: list[tuple[int, int | None, int]] = []
        self.changes: Counter[int] = Counter()
        self.lock_change: set[int] = set()
        self.speakers = speakers
        self.sun = sun


class SameNameOrder:
    """The policy as the game asks it, with a step's actions of one skill put in the same-name order (总体流程
    注: 真身份牌的优先，其余角色…按照发动者[实际身份]排序在真身份牌的后面): the runtime resolves a step in the
    spec's skill order and, within one skill, in submission order."""

    def __init__(self, inner: Policy, game: Game) -> None:
        self.inner = inner
        self.game = game

    def actions(self, g: Any, step: str) -> list[Action]:
        from ruleproof.specs.genshin165.engine.start import defaults

        acts = defaults(self.game, step, list(self.inner.actions(g, step)))
        game = self.game
        if game.chaos_forced and game.night_step():  # 混乱2: 会占用目标当晚的技能使用
            for seat, (forced, targets, _piper) in game.chaos_forced.items():
                info = RULES.info.get(forced)
                if info is None or step not in info.steps or not game.seat(seat).alive:
                    continue
                acts = [a for a in acts if not (a.actor == seat and a.skill == forced)]
                acts.append(Action(seat, forced, targets))
        key = self.game.same_name_key
        rank = RULES.step_rank(step)
        return sorted(acts, key=lambda a: (rank.get(a.skill, 0), key(a.actor, a.skill)))

    def order(self, g: Any, night: int) -> Sequence[int] | None:
        return self.inner.order(g, night)

    def keeps(self, g: Any, a: Action) -> bool:
        keeps = getattr(self.inner, "keeps", None)
        return True if keeps is None else bool(keeps(g, a))

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
        self.threads: list[Thread] = [Thread("投票")]  # today's vote threads (投票贴), in settlement order
        self.noon_exits: set[int] = set()
        self.slander: Counter[int] = Counter()
        self.scapegoats: list[int] = []  # 替死 users today
        self.sheriff = 0
        self.lost: set[str] = set()
        self.round_exits: list[int] = []
        self.day_exits: list[tuple[int, str]] = []
        self.suns: dict[int, list[int]] = {}  # round → the 太阳 whose extra 正午 it has, in exit order
        self.moon_nights: Counter[int] = Counter()  # round → extra nights (月亮<夜>)
        self.extra_vote = 0  # 重定时间: the round whose 正午 opens a second vote thread
        self.carried: list[tuple[str, int, int]] = []  # 凝滞: (thread, target, votes) counted the next day
        self.chaos_votes: int | None = None  # 混乱1: today's piper
        self.chaos_forced: dict[
            int, tuple[str, tuple[int, ...], int]
        ] = {}  # 混乱2: seat → (skill, targets, piper)
        self.words_out_at_open = False  # 开门时公布遗言已耗尽
        self.traded_today: list[int] = []  # 交易
        self.riches: list[tuple[int, int]] = []  # 富有: (round, seat) refreshed at that dusk's end
        self.curse: dict[int, int] = {}  # 死灵咒: tonight's char → the 告死者
        self.embraced: set[int] = set()  # 初拥 targets tonight
        self.kills_allowed = 1
        self.kills_done = 0
        self.bonus_kill = False
        self.last_wolf_exit = (0, 0)  # (round, step index) of the last wolf exit (利维坦)
        self.couples: list[tuple[int, int, str]] = []  # [情侣]: (seat, seat, 真爱情侣 | 虚情情侣)
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
        self.arson: tuple[int, int, bool] | None = None  # (round, target) of 纵火
        self.mourning: list[tuple[int, str]] = []  # 神恩: (round whose night starts it, the faction's [净化])
        self.gifts: list[tuple[int, str, str]] = []  # (seat, skill, giver role) granted at the night's end
        self.route: tuple[int, list[int], bool] | None = None  # (actor, who gets its feedback, actor too)
        self.blocked_names: set[str] = set()  # 鹰袭: skills nobody may use tonight
        self.storm = 0  # 暴风雪: the round whose night it holds
        self.kill_sources: list[int] = []  # tonight's 杀人 actors
        self.pack_source: tuple[int, int] | None = None  # (round, seat) drawn as the pack kill's 技能来源
        self.deferred: list[tuple[int, str, Any]] = []  # 凝滞: (round, step, effect)
        self.deferred_now = False  # a delayed effect is resolving
        self.stolen: dict[int, int] = {}  # 偷盗: tonight's targets → the 怪盗
        self.chain_exits: list[tuple[int, int, int]] = []  # [链接] exits: (round, seat, the attack's source)
        self.haunts: dict[int, int] = {}  # 附体: tonight's target → the 幽灵
        self.seized: dict[int, int] = {}  # 夺舍: tonight's target → the 幽灵
        self.presents: list[tuple[int, int, int]] = []  # 礼物: (target, giver, good face or 0)
        self.falcons: list[tuple[int, int]] = []  # 隼眼: (watcher, target)
        self.disguises: list[tuple[int, int, Any, Any]] = []  # 雪隐: (round it ends, seat, before, after)
        self.revivals: list[tuple[int, int, str]] = []  # 复活: (seat, by, skill) at the next 晨曦
        self.bear_trained = 0  # 训熊: the round the first 训熊 changed tomorrow's roars
        self.revivals_at_dusk: list[tuple[int, int]] = []  # 重定时间: (seat, by) at this 黄昏's end
        self.requiems: list[tuple[int, int, bool]] = []  # 安魂: (target, source, 机械狼's)
        self.witch_acted = 0  # the round the 女巫 first used a potion or went out (实验)
        self.eclipse_last: set[int] = set()  # 天狗吞月: last night's list
        self.eclipse_now: set[int] = set()
        self.apprentice: dict[int, int] = {}  # tonight's 见习 target → the 见习守卫
        self.saved_once: set[int] = set()  # chars whose first exit tonight 见习 already took
        for p in self.players:
            self._deal(p)
        self.setup_seats()
        for p in self.players:
            for name in list(p.skills):
                if name in PASSIVES:
                    PASSIVES[name](self, p)

    # ── setup ────────────────────────────────────────────────────────────────────────────────

    def _deal(self, p: Player) -> None:
        info = roles()[p.role]
        if info.pack:
            p.tags.add("[群内]")
        if info.inherit:
            p.tags.add("[接刀]")
        for s in info.dealt:
            p.skills[s.name] = SkillState(self.initial_uses(p, s.name, s.count))

    def initial_uses(self, p: Player, name: str, count: int | None) -> int | None:
        """A skill's uses at the start (刷新至初始): the spec's parameter where it has one, else the count the
        skill's line prints ([X] skills whose X the text fixes elsewhere have none here)."""
        key = USES_PARAMS.get(name)
        if key is not None:
            return self.spec.p(key)
        return count if count is not None and count >= 0 else None

    @property
    def ballots(self) -> dict[int, int | None]:
        """The main vote thread's ballots."""
        return self.threads[0].ballots

    @property
    def vote_log(self) -> list[tuple[int, int | None, int]]:
        """Every vote of the day's threads (潜行者: 「若一天内有多个投票贴，…可以一次性出多刀」)."""
        return [v for t in self.threads for v in t.log]

    @property
    def changes(self) -> Counter[int]:
        out: Counter[int] = Counter()
        for t in self.threads:
            for voter, k in t.changes.items():
                out[voter] = max(out[voter], k)
        return out

    def phases(self, n: int) -> Sequence[Phase]:
        out: list[Phase] = [NOON]
        out += [SUN_NOON] * len(
            self.suns.get(n, ())
        )  # 日不落: 下一个白天额外进行一轮[正午]（多个太阳轮流触发）
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

        if self.result is None and n >= ROUND_CAP and phase.kind == "night":
            self.stalemate()

    def begin_noon(self, n: int, phase: Phase) -> None:
        if phase is NOON:
            self.threads = [Thread("投票")]
            if self.extra_vote == n:  # 重定时间: 下一个[正午]阶段额外进行一次投票并公示
                self.threads.append(Thread("重定投票"))
                self.pending_day.append(("extra_vote", {"text": "额外进行一次投票"}))
            self.noon_exits, self.scapegoats = set(), []
            self.day_exits = []
            self.chaos_votes = None
        else:
            done = sum(1 for t in self.threads if t.sun)
            sun = self.suns[n][done]
            self.threads.append(Thread("投票", self.sun_speakers(sun), sun))
        for p in self.living():
            if self.capable_forced(p, "日"):  # 日: 太阳在游戏日白天常驻[不死]状态
                self.give(p, "不死", source=p.n, until=Until(n, "dusk.4", "end"), intrinsic=True)

    def sun_speakers(self, sun: int) -> set[int]:
        """日: 只有太阳指定的角色可以发言（包括在投票帖发言），最多可选择场上存活人数一半的玩家 — the 太阳's choices
        「日:太阳:k」 one seat at a time (0: no more)."""
        cap = len(self.living()) // 2
        chosen: list[int] = []
        while len(chosen) < cap:
            options: list[int | str] = [0, *(q.n for q in self.living() if q.n not in chosen)]
            pick = int(self.choose(f"日:{sun}:{len(chosen) + 1}", options, clause="太阳", default=0))
            if pick == 0:
                break
            chosen.append(pick)
        self.announce("sun_speakers", {"sun": sun, "seats": sorted(chosen)})
        return set(chosen)

    def thread_for(self, skill: str) -> Thread:
        """The vote thread an action votes in: the second thread (重定投票), the current 太阳 noon's, the main."""
        if skill == "重定投票":
            return next((t for t in self.threads if t.key == "重定投票"), self.threads[0])
        if self.step == "noon.sun":
            return self.threads[-1]
        return self.threads[0]

    def begin_night(self, n: int, phase: Phase) -> None:
        self.hits, self.swaps, self.reversals, self.hunted = [], [], set(), []
        self.blocked_names, self.kill_sources = set(), []
        self.stolen = {}
        if phase is NIGHT:  # 附体 / 夺舍 at 黄昏 watch the night that follows
            self.haunts = {
                k: v for k, v in self.haunts.items() if self.seat(v).marks.get("haunted", {}).get(n) == k
            }
            self.seized = {
                k: v for k, v in self.seized.items() if self.seat(v).marks.get("haunted", {}).get(n) == k
            }
        self.selected_kills = []
        self.apprentice, self.saved_once = {}, set()
        self.last_dreams, self.dreams = self.dreams, {}
        self.kills_done = 0
        self.kills_allowed = 1 + (1 if self.bonus_kill else 0)
        self.bonus_kill = False
        prefix = "moon." if phase is MOON_NIGHT else ""
        end = Until(n, f"{prefix}late.9", "end")
        if phase is NIGHT:
            due = [f for r, f in self.mourning if r == n]
            self.mourning = [(r, f) for r, f in self.mourning if r != n]
            for (
                faction
            ) in due:  # 神恩: 所有村民阵营的角色仅下一晚开始获得[净化]，持续至那之后下一个[正午]阶段
                for q in self.living():
                    if q.faction == faction:
                        self.give(q, "净化", source=0, until=Until(n + 1, "noon", "start"))
        for p in self.living():
            if self.capable_forced(p, "夜"):  # 夜: 月亮在游戏日夜晚常驻[不死]状态（对殉情无效）
                self.give(p, "不死", source=p.n, until=end, not_against="殉情")
            if self.capable_forced(
                p, "宿命"
            ):  # 宿命: 仅针对[实际阵营]为[村民阵营]的[坚韧] (机械狼's: 狼人阵营)
                camp = WOLF if self.version(p, "宿命") == "机械狼" else VILLAGE
                self.give(p, "坚韧", source=p.n, until=end, against=camp)
            if self.capable_forced(p, "主宰黑夜"):  # 主宰黑夜: 游戏日夜晚获得[不死]
                self.give(p, "不死", source=p.n, until=end)

    # ── the runtime's questions ──────────────────────────────────────────────────────────────

    def night_step(self) -> bool:
        return self.current_phase.kind == "night" and not self.step.removeprefix("moon.").startswith("dawn")

    def acts_while_out(self, p: Player, skill: str) -> bool:
        """Skills a char out of the game still uses: a shot in the window after its exit, 定序王子's self-rescue,
        腐尸/恶灵 after a vote exit, a vote cast for it (夺魂) or kept (虚体), 聂小倩's inherited skills."""
        if p.alive:
            return False
        if skill in AFTER_EXIT:
            return bool(p.marks.get("window"))
        if skill in ("投票", "重定投票"):
            return p.marks.get("soul") == self.night or bool(p.marks.get("keeps_vote"))
        if skill == "重定时间":
            return p.marks.get("out_today") == self.night
        if skill in ("腐化", "虚体"):
            return p.marks.get("rot_window") == self.night
        state = p.skills.get(skill_name(skill))
        return state is not None and state.origin == "鬼情" and not state.lost

    def check_common(self, pl: Player, a: Action) -> None:
        if a.skill in ("蓝牌", "黄牌", "红牌"):
            return  # 已出局角色仍可被判罚: a card names the carded seat as its actor
        if (pl.n, a.skill) in self.chaos_actions():
            return  # 混乱2: 无条件使用出该技能
        if not pl.alive and self.acts_while_out(pl, a.skill) and a.skill not in AFTER_EXIT:
            impl = self.rules.skills.get(a.skill)
            for t in a.targets:
                if not self.player(t, a.skill).alive and not (impl is not None and impl.targets_may_be_out):
                    raise self.illegal("出局", f"目标 {t} 号已出局", f"target {t} is out", a)
            return
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
        acquired = state is not None and state.acquired and not state.lost  # 获取技能: a gift, a copy …
        if (
            acquired
            and state is not None
            and state.role
            and a.skill in CLASHES.values()
            and a.skill != CLASHES.get((state.role, skill_name(a.skill)), a.skill)
        ):
            raise self.illegal(
                roles()[pl.role].clause or "技能",
                "所持同名技能属于另一身份",
                "the skill held is another role's",
                a,
            )
        if a.skill == "杀人" or acquired:
            if not pl.alive:
                raise self.illegal("出局", "出局者不再参与任何投票与行动", "players out cannot act", a)
            impl = self.rules.skills.get(a.skill)
            for t in a.targets:
                if not self.player(t, a.skill).alive and not (impl is not None and impl.targets_may_be_out):
                    raise self.illegal("出局", f"目标 {t} 号已出局", f"target {t} is out", a)
            return
        super().check_common(pl, a)

    def knife_holders(self) -> list[Player]:
        """Who holds the pack's [杀人] now (【狼人阵营】通用): the living [群内] of the 狼人阵营 (not 超度/业炎/净化'd;
        活尸 「群内标签依然存在，但没有出刀权」), else the first living [接刀] in the inheritance order (接刀顺序), else
        the chars whose [接刀] comes after all others' (丘比特's lovers, 鬼魂新娘)."""
        pack = [
            p
            for p in self.living()
            if "[群内]" in p.tags
            and p.faction == WOLF
            and "release" not in self.effects(p)
            and p.role != "活尸"
            and not p.marks.get("lover_knife")
        ]
        if pack:
            return pack
        heirs = [
            p
            for p in self.living()
            if "[接刀]" in p.tags
            and "release" not in self.effects(p)
            and (p.faction == WOLF or p.marks.get("late_heir"))
        ]
        heirs.sort(key=self.heir_rank)
        return heirs[:1]

    def heir_rank(self, p: Player) -> tuple[int, int]:
        """A [接刀] char's place: the inheritance order's (by the identity it inherits as: 影子's 「接刀顺序与目标
        角色一致」), chars the order does not list after it, the late heirs last."""
        order = tables.INHERIT_ORDER.entries
        role = str(p.marks.get("heir_as", p.role))
        rank = order.index(role) if role in order else len(order)
        return (1 if p.marks.get("late_heir") else 0, rank)

    def kill_source(self, h: Hit) -> int:
        """技能来源 of a hit: the actor — for the pack's 杀人, 「随机一群内成为该技能的来源」 (a draw, once per night)."""
        if h.skill != "杀人" or h.rank[:1] != (tables.EXIT_ORDER.rank("[群内]<杀人>"),):
            return h.source
        return self.pack_kill_source(h.source)

    def pack_kill_source(self, fallback: int) -> int:
        """The pack's 杀人's 技能来源 tonight: 「随机一群内成为该技能的来源」, drawn once a night."""
        if self.pack_source is None or self.pack_source[0] != self.night:
            pack = [q.n for q in self.players if "[群内]" in q.tags and q.faction == WOLF and q.alive] or [
                fallback
            ]
            pick = int(
                self.choose("杀人来源", list(pack), clause="狼人阵营", default=self.rng.randrange(len(pack)))
            )
            self.pack_source = (self.night, pick)
        return self.pack_source[1]

    def knife_group(self, p: Player) -> str | None:
        """Which [杀人] ``p`` would use: its own (an acquired 杀人: 赌徒, a gift, 死灵术师 …), the black lovers'
        (「不加入狼群，额外出刀」), the pack's, or none."""
        own = p.skills.get("杀人")
        if own is not None and not own.lost and (own.uses is None or own.uses > 0):
            return "own"
        if p.marks.get("lover_knife") and p.alive:
            return "lovers"
        if p in self.knife_holders():
            return "pack"
        return None

    def capable(self, pl: Player, skill: str) -> bool:
        if skill in AFTER_EXIT:
            return bool(pl.marks.get("window")) and pl.holds(skill)
        if (pl.n, skill) in self.chaos_actions():
            return True  # 混乱2: 可以突破[状态]，[限定]，[次数]，[已失去技能]的限制
        if not pl.alive and not self.acts_while_out(pl, skill):
            return False
        if skill in ("投票", "重定投票"):
            return not pl.marks.get("no_vote")
        if skill == "赌博":
            return pl.holds(skill)  # 赌博技能在任何状态下都不会丢失，都可以发动
        if skill == "杀人":
            group = self.knife_group(pl)
            if group is None or "杀人" in self.blocked_names:
                return False
            eff = self.effects(pl)
            if eff & {"silence", "disarm", "release"} and self.family.silence_blocks_kill:
                return False
            if group == "pack":  # [缴械]: 若是[群内]，也会影响整个群内不能发动杀人
                return not any("disarm" in self.effects(q) for q in self.knife_holders())
            return True
        name = skill_name(skill)
        state = pl.skills.get(name)
        if state is None or state.lost:
            return False
        if name in self.blocked_names and not self.forced(pl, name):  # 鹰袭: 当晚不可使用
            return False
        info = self.skill_def(pl, name)
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
        if any(hook(self, p, name) for hook in IMMUNE):
            return True
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
        if self.night_step() and mirror.alive and self.keeps(mirror, "反射"):
            pool = [q.n for q in self.players if q.alive and not q.holds("反射")]
            if pool:
                third[ball - 1] = int(
                    self.choose(f"反射:{ball}", pool, clause="镜", default=self.rng.randrange(len(pool)))
                )
                self.tell(ball, "反射", {"skill": skill, "to": third[ball - 1]})
                if actor.faction != mirror.faction:  # 镜's win: 反射来源与自己[实际阵营]不相同的技能数量
                    mirror.marks["reflected"] = int(mirror.marks.get("reflected", 0)) + 1
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
        """Private information: at night it waits for the end of the current segment (公示/通知).  While an
        action another char took over resolves (偷盗, 堕落), its feedback goes to that char instead; a
        watched one's (附体) to the watcher as well."""
        if self.route is not None and to == self.route[0]:
            actor, others, keep = self.route
            for o in others:
                self._tell(o, kind, {**data, "via": actor})
            if not keep:
                return
        self._tell(to, kind, data)

    def _tell(self, to: int, kind: str, data: dict[str, Any]) -> None:
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
        """凌晨（9）: every exit effect in the text's order — a row's skills in the order they were used, one
        skill's hits by the same-name rule, then submission.  An exit resolving may add one (a [亡灵] with too
        few 亡灵低语): it follows the list."""
        while self.hits:
            first: dict[tuple[int, str], int] = {}
            for h in self.hits:
                k = (h.rank[0], h.skill)
                first[k] = min(first.get(k, h.seq), h.seq)
            keyed = sorted(
                ((h.rank[0], first[(h.rank[0], h.skill)], *h.rank[1:], h.seq), h) for h in self.hits
            )
            queue = [h for _k, h in keyed]
            self.hits = []
            self.log(
                "exit_list",
                {"order": [[h.target, h.skill] for h in queue], "ranks": [list(k) for k, _h in keyed]},
            )
            for h in queue:
                self.resolve_hit(h)

    def cancels_otherwise(self, t: Player, h: Hit) -> bool:
        """「有其他效果可以抵消」: the role modules' (不朽, 蛊惑, 死灵咒 …), then 见习."""
        for hook in CANCELS:
            if hook(self, t, h):
                return True
        return self.apprentice_saves(t, h)

    def apprentice_saves(self, t: Player, h: Hit) -> bool:
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
        if self.current_phase.kind == "day" and not self.step.startswith(("dawn", "moon.dawn")):
            t.marks["out_today"] = self.night
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
            if row == "[情侣]":
                for x, y, _kind in list(self.couples):
                    if t.n not in (x, y):
                        continue
                    other = self.seat(x + y - t.n)
                    if (
                        other.alive
                    ):  # 当情侣中的一人出局，另外一人承受非[指定]的[致死伤害]，来源视为殉情者自己
                        self.log("chain", {"row": row, "from": t.n, "to": other.n})
                        self.resolve_hit(Hit(other.n, Damage.LETHAL, other.n, "殉情"))
            elif row == "摄梦人<摄梦连带>" and t.n in self.dreams and self.night_step():
                target = self.seat(self.dreams.pop(t.n))
                if target.alive:
                    self.log("chain", {"row": row, "from": t.n, "to": target.n})
                    self.resolve_hit(Hit(target.n, Damage.LETHAL, t.n, "摄梦"))
            elif row == "[链接]" and self.has(t, "链接") and kind is not Damage.VOTE:
                for q in self.living():
                    if self.has(q, "链接") and q.n != t.n and not self.keeps(q, "免疫"):
                        self.log("chain", {"row": row, "from": t.n, "to": q.n})
                        if self.resolve_hit(Hit(q.n, kind, source, skill)):
                            self.chain_exits.append((self.night, q.n, source))
            elif row == "妖狐小弟共死" and t.true_role == "妖狐":  # 妖狐出局时，那个角色会连带承受[致死伤害]
                for q in self.living():
                    if q.marks.get("fox_minion") == t.n:
                        self.log("chain", {"row": row, "from": t.n, "to": q.n})
                        self.resolve_hit(Hit(q.n, Damage.LETHAL, t.n, "妖狐"))
            elif (
                row == "告死者小弟共死" and t.true_role == "告死者"
            ):  # 告死者出局时，所有持有[亡灵]状态的角色一起出局
                for q in self.living():
                    if self.has(q, "亡灵"):
                        self.log("chain", {"row": row, "from": t.n, "to": q.n})
                        self.resolve_hit(Hit(q.n, Damage.LETHAL, t.n, "告死者"))

    def keeps(self, t: Player, name: str) -> bool:
        """``t`` (in the game or just out) still has the skill at work: held, and not a <强制> one under [遗忘]."""
        return t.holds(name) and not ("forget" in self.effects(t) and self.forced(t, name))

    def triggers(self, t: Player, kind: Damage, source: int, skill: str) -> None:
        src = self.seat(source) if source else None
        light = self.version(t, "光明狩猎") == "机械狼" or any(
            q.alive and q.role == "双子星暗" for q in self.players
        )
        if t.holds("最后一枪") or (t.holds("光明狩猎") and light):
            t.marks["window"] = True
        if t.holds("报复") and kind is Damage.VOTE and "冲锋" in t.skills and not t.skills["冲锋"].spent:
            t.marks["window"] = True  # 报复: 若狼王被[投票出局]时，冲锋可用
        if self.keeps(t, "破伤风") and src is not None:
            camp = WOLF if self.version(t, "破伤风") != "机械狼" else VILLAGE  # 机械狼's: 狼人阵营 → 村民阵营
            if src.faction == camp:
                self.tetanus(t, camp)
        if t.role == "吹笛":
            for q in self.players:
                self.statuses.remove(q.n, "吹笛")
            self.announce("piper_out", {"text": "吹笛者已出局，所有吹笛状态已解除"})
        if "[群内]" in t.tags:  # 业炎: 每有一只[群内]狼死亡，该技能次数+1
            for q in self.players:
                if "业炎" in q.skills and q.skills["业炎"].uses is not None:
                    q.skills["业炎"].uses = (q.skills["业炎"].uses or 0) + 1
        if self.keeps(t, "激励") and kind is not Damage.RED:
            self.bonus_kill = True  # 激励: 仅限下一个[深夜]阶段，可以额外使用一次<杀人>
        if self.keeps(t, "日") and not t.flipped:
            t.flipped = True
            self.suns.setdefault(self.night + 1, []).append(t.n)  # 下一个白天额外进行一轮[正午]
            self.announce("flip", {"seat": t.n, "text": "日不落"})
        if self.keeps(t, "夜") and not t.flipped:
            t.flipped = True
            self.moon_nights[self.night if self.current_phase.kind == "day" else self.night + 1] += 1
            self.announce("flip", {"seat": t.n, "text": "长夜漫漫"})
        if self.keeps(t, "炸弹"):
            t.marks["bomb"] = kind.value
        if self.keeps(t, "神恩") or self.has(
            t, "伪神"
        ):  # 神恩 ([伪神]: 视作拥有[神恩]技能): 若自己出局，立刻翻开身份牌
            mech = self.version(t, "神恩") == "机械狼"
            t.flipped = True
            self.announce("flip", {"seat": t.n, "role": "机械狼" if mech else t.true_role})
            if mech:  # 机械狼因狼人阵营技能击杀出局 → 仅下一晚，狼人阵营全体成员获得[净化]
                if src is not None and src.faction == WOLF and kind is not Damage.VOTE:
                    self.mourning.append(
                        (self.night if self.current_phase.kind == "day" else self.night + 1, WOLF)
                    )
                    self.announce("mourning", {"text": "狼人阵营害死了机械上帝使徒，自发前来默哀"})
            elif kind is Damage.VOTE or (src is not None and src.faction == VILLAGE):
                # 仅下一晚开始: tonight's, if it happened by day; tomorrow's, if at night or dawn
                self.mourning.append(
                    (self.night if self.current_phase.kind == "day" else self.night + 1, VILLAGE)
                )
                self.announce("mourning", {"text": f"村民阵营害死了{t.true_role}，自发前来默哀"})
        for scholar in t.marks.get("scholars", ()):  # 诡辩: 目标若出局，发动者的票数永久+1
            s = self.seat(scholar)
            s.marks["extra_votes"] = int(s.marks.get("extra_votes", 0)) + 1
        for q in self.living():
            if q.role in ("双子星光", "双子星暗") and t.role in ("双子星光", "双子星暗"):
                self.tell(q.n, "twin_out", {"seat": t.n})
        if len(self.living()) * 2 <= self.n_start:  # 隐身衣: 当场上人数变为开局人数的一半及以下时，该技能失效
            for q in self.players:
                state = q.skills.get("隐身衣")
                if state is not None and not state.lost and self.version(q, "隐身衣") != "机械狼":
                    state.lost = True
                    for name in ("隐身", "迷魂"):
                        for st in list(self.statuses.of(q.n)):
                            if st.name == name and st.data.get("cloak"):
                                self.statuses.active.remove(st)
                    self.log("cloak_off", {"seat": q.n})
        for hook in ON_EXIT:
            hook(self, t, kind, source, skill)

    def tetanus(self, knight: Player, camp: str = WOLF) -> None:
        """破伤风: 锈剑骑士电梯楼下方第一个[实际阵营]为[狼人阵营]的角色永久获得状态[破伤风] (机械狼's: 村民阵营)."""
        n = len(self.players)
        for k in range(1, n + 1):
            q = self.seat((knight.n - 1 + k) % n + 1)
            if q.alive and q.faction == camp:
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
        """判负: 所有判负条件对应的均为实际阵营和实际身份，不定阵营的身份不计入狼人和村民阵营的判负条件中."""
        members = [p for p in self.players if p.faction == f]
        reds = sum(p.cards["red"] for p in members)
        if reds >= self.spec.p("card.reds_lose"):
            return True
        if f in (VILLAGE, WOLF):
            camp = Camp.VILLAGE if f == VILLAGE else Camp.WOLF
            counted = [p for p in members if roles()[p.true_role].camp is not Camp.UNDETERMINED]
            living = [p for p in counted if p.alive]
            if not living or all(self.has(p, "吹笛") for p in living):
                return True
            out_real = sum(1 for p in counted if not p.alive and roles()[p.true_role].camp is camp)
            if f == WOLF:
                armed = any(q.alive and q.tags & {"[群内]", "[接刀]"} for q in counted)
                return not armed and out_real >= self.w_min
            return out_real >= self.v_min
        return not any(p.alive for p in members)

    def threshold(self, key: str) -> int:
        from ruleproof.specs.genshin165.params import THRESHOLD_BY_KEY

        return THRESHOLD_BY_KEY[key].value(self.n_start)

    def wins(self, f: str) -> bool:
        """The third parties' win conditions (胜负判定/三方阵营 胜), 利维坦's, 暗恋者's; 屠城 is :meth:`check_win`'s."""
        living = self.living()
        members = [p for p in self.players if p.faction == f]
        alive = [p for p in members if p.alive]
        if f == "吹笛":
            return bool(alive) and all(self.has(q, "吹笛") for q in living if q.faction != f)
        if (
            f == "炸弹"
        ):  # 炸弹翻牌结算后，除炸弹阵营外，仍然有角色存活的阵营只有一个或没有；或炸弹存活场上存活人数为4
            standing = {q.faction for q in living if q.faction != f}
            flipped = any(p.marks.get("bomb_done") for p in members)
            return (bool(alive) and len(living) == 4) or (flipped and len(standing) <= 1)
        if f == NONE:  # 所有不定阵营: 不定阵营有人存活且场上存活人数为4
            return bool(alive) and len(living) == 4
        if f == "富商":  # 富商存活且场上存活人数为4及以下或者存活已经全部拒绝过交易
            refused = {n for p in members for n in p.marks.get("refused", ())}
            others = [q.n for q in living if q.faction != f]
            return bool(alive) and (len(living) <= 4 or (bool(others) and set(others) <= refused))
        if f == "白眼狼":
            from ruleproof.specs.genshin165.engine.roles_third import bequest_used

            return any(bequest_used(self, p) >= self.threshold("white_wolf.skills") for p in members)
        if f == "蛊惑师":
            return any(self.enchanter_done(p) for p in members)
        if f == "占星师":  # 使用[命运洪流]猜对过场上全部马甲（包括已出局）对应身份
            return any(
                set(p.marks.get("known", ())) >= {q.n for q in self.players if q is not p} for p in members
            )
        if f == "锁链师":
            return self.chain_done(f)
        if f == "镜":
            return any(self.mirror_score(p) >= self.threshold("mirror.score") for p in members)
        if f == WOLF and any(p.alive and p.holds("吞食天地") for p in members):
            quiet = self.spec.p("leviathan.quiet_days")
            return self.night - self.last_wolf_exit[0] >= quiet and self.current_phase.kind == "night"
        return False

    def enchanter_done(self, p: Player) -> bool:
        """蛊惑师: 使用[蛊惑]击杀[实际身份]为村民阵营，狼人阵营，三方/不定阵营的身份各1个，或村民阵营，狼人阵营各2个（从20人
        开始，人数每增加4，还需额外使用[蛊惑]击杀1人）."""
        camps = [roles()[r].camp for r in p.marks.get("enchant_kills", ()) if r in roles()]
        v = camps.count(Camp.VILLAGE)
        w = camps.count(Camp.WOLF)
        t = len(camps) - v - w
        extra = self.threshold("enchanter.extra")
        return len(camps) >= (3 + extra if v >= 1 and w >= 1 and t >= 1 else 4 + extra) and (
            (v >= 1 and w >= 1 and t >= 1) or (v >= 2 and w >= 2)
        )

    def chain_done(self, f: str) -> bool:
        """锁链师: 通过[锁链]状态让初始底牌为2个村民阵营，2个狼人阵营，1个三方/不定阵营的角色出局，或3个村民阵营，3个狼人阵营
        （胜利条件不计传导开始的目标；从20人开始，人数每增加5，村民和狼人所需出局数量增加1）."""
        camps = [roles()[self.seat(n).true_role].camp for _r, n, _s in self.chain_exits]
        v, w = camps.count(Camp.VILLAGE), camps.count(Camp.WOLF)
        t = len(camps) - v - w
        extra = self.threshold("chain.extra")
        return (v >= 2 + extra and w >= 2 + extra and t >= 1) or (v >= 3 + extra and w >= 3 + extra)

    def mirror_score(self, p: Player) -> int:
        """镜: 反射来源与自己[实际阵营]不相同的技能数量 + 镜使用[镜像]获得的技能亲手击杀的数量."""
        image = p.marks.get("image")
        kills = 0
        if image is not None:
            kills = sum(
                1
                for e in self.events
                if e.kind == "exit" and e.data.get("source") == p.n and e.data.get("skill") == image[1]
            )
        return int(p.marks.get("reflected", 0)) + kills

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
        crush = self.crush_winner() if not immediate else None
        if crush is not None:  # 跨越千里: 你所在的阵营直接获胜
            wins[crush] = True
        priority = [PRIORITY_FACTION.get(f, f) for f in tables.THIRD_PRIORITY.entries]
        priority = [f for f in priority if f in factions]
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

    def crush_winner(self) -> str | None:
        from ruleproof.specs.genshin165.engine.roles_undetermined import crush_wins

        return crush_wins(self)

    def stalemate(self) -> None:
        """「因为非违规的特殊情况导致游戏无法正常进行…警长在谁手里，那个角色所属的阵营就获胜」."""
        holder = self.seat(self.sheriff) if self.sheriff else None
        self.finish(holder.faction if holder else "draw", self.step, "win.stalemate", "stalemate")

    # ── identities and the skills a seat holds (获取技能, 身份更换, 表面身份) ──────────────────────────

    def role_skills(self, role: str) -> Sequence[SkillDef]:
        info = roles().get(role)
        return info.skills if info is not None else ()

    def grant(self, p: Player, name: str, **kw: Any) -> SkillState:
        held = p.skills.get(name)
        state = super().grant(p, name, **kw)
        if state is not held and name in PASSIVES:
            PASSIVES[name](self, p)
        return state

    def skill_def(self, p: Player, name: str) -> SkillDef | None:
        """The definition of a skill ``p`` holds: the section it was taken from, else ``p``'s identity's."""
        state = p.skills.get(name)
        table = roles()
        for role in (state.role if state is not None else "", p.role, p.true_role):
            if role and role in table:
                d = table[role].skill(name)
                if d is not None:
                    return d
        return None

    def capable_forced(self, p: Player, name: str) -> bool:
        """A triggered <强制> skill can still work: its holder in the game, the skill held, not under [遗忘]."""
        return p.alive and p.holds(name) and "forget" not in self.effects(p)

    def forced(self, p: Player, name: str) -> bool:
        d = self.skill_def(p, name)
        return bool(d is not None and d.forced)

    def version(self, p: Player, name: str) -> str:
        """The variant of a held skill (``机械狼``: the 机械狼 table's version), "" for the printed one."""
        state = p.skills.get(name)
        return state.version if state is not None else ""

    def copy_source(self, t: Player) -> str | None:
        """The identity whose skills a copier of ``t`` takes: the one it uses now, or — for a char that changes
        identities (变脸者, 双重人格) — the last one changed to, none before a change (身份更换 4)."""
        if "copy_as" in t.marks:
            return str(t.marks["copy_as"]) or None
        return t.role

    def set_surface(
        self,
        p: Player,
        *,
        role: str | None = None,
        camp: str | None = None,
        knife: bool | None = None,
        by: str,
    ) -> None:
        """A surface change (表面身份/表面阵营/表面带刀): the last one made stands (「最后发动的技能所造成的表面身份更换生效」)."""
        if role is not None:
            p.surface_role = role
        if camp is not None:
            p.surface_camp = camp
        if knife is not None:
            p.surface_knife = knife
        self.log(
            "surface",
            {"seat": p.n, "role": p.surface_role, "camp": p.surface_camp, "knife": p.surface_knife, "by": by},
        )

    def faction_told(self, p: Player) -> None:
        self.tell(p.n, "faction", {"faction": surface_camp_word(p.faction)})

    def followed_faction(self, follower: Player, leader_faction: str) -> str:
        """复仇者 follows its target's faction to the opposite one (村民 ↔ 狼人; a third party or no faction: the
        director's draw between the two)."""
        if follower.follow is None or follower.follow[1] != "opposite":
            return leader_faction
        if leader_faction in OPPOSITE:
            return OPPOSITE[leader_faction]
        return str(
            self.choose(
                f"寻仇阵营:{follower.n}", [VILLAGE, WOLF], clause="复仇者", default=self.rng.randrange(2)
            )
        )

    def judged_camp(self, t: Player, actor: Player) -> str:
        """``t``'s 实际阵营 as a skill that judges it sees (隐狼's 伪装 4: a 村民阵营 skill sees it as 村民阵营)."""
        if t.marks.get("as_village") and actor.faction == VILLAGE:
            return VILLAGE
        return t.faction

    def immune_status(self, p: Player) -> bool:
        """归元: 本次游戏之后永久不会获得任何[状态]."""
        return bool(p.marks.get("taiji"))

    def invisible_to(self, t: Player, actor: Player) -> bool:
        """[隐身]: a targeted effect on ``t`` is not resolved (富商's 「仅针对该角色的[隐身]」 only against that char;
        「狼人阵营[杀人]则需要随机判定到技能来源为该角色才会无效」)."""
        for s in self.statuses.of(t.n):
            if s.name != "隐身":
                continue
            only = s.data.get("only")
            if only is None:
                return True
            who = actor.n
            pack = self.knife_holders()
            if only != who and self.resolving == "杀人" and actor in pack and self.seat(only) in pack:
                who = self.pack_kill_source(actor.n)
            if only == who:
                return True
        return False

    def storm_range(self, p: Player) -> set[int] | None:
        """暴风雪: on the blizzard's night a char not of the 狼人阵营 may target only itself and its two living
        neighbours (首尾也算邻居); None when no blizzard holds."""
        if self.storm != self.night or not self.night_step() or p.faction == WOLF:
            return None
        left, right = self.neighbours(p)
        return {p.n, left.n, right.n}

    def knife_shown(self, t: Player) -> bool:
        """表面带刀 (占卜师's 「验证表面是否带刀」): a disguise's, else whether it can kill."""
        if t.surface_knife is not None:
            return t.surface_knife
        return bool(t.tags & {"[群内]", "[接刀]"}) or self.knife_group(t) is not None

    def revive(self, p: Player, *, by: int, skill: str) -> None:
        super().revive(p, by=by, skill=skill)
        self.tell(p.n, "revive_notice", {"skill": skill})

    # ── acting on an action as it resolves (偷盗, 堕落, 附体) and delays (凝滞) ───────────────────────

    def chaos_actions(self) -> set[tuple[int, str]]:
        """Tonight's actions 混乱2 made: (seat, skill)."""
        if not self.chaos_forced or not self.night_step():
            return set()
        return {(seat, key) for seat, (key, _t, _p) in self.chaos_forced.items()}

    def impl(self, a: Action) -> Any:
        real = super().impl(a)
        if (a.actor, a.skill) in self.chaos_actions():
            return _Unchecked(real)
        return real

    def resolve_action(self, impl: Any, pl: Player, a: Action) -> None:
        routes = [r for hook in ROUTES for r in hook(self, pl, a)]
        forced = self.chaos_forced.get(pl.n) if self.night_step() else None
        if forced is not None and forced[0] == a.skill:
            routes.append((forced[2], "copy"))  # 若该技能有反馈，吹笛者还将得知该反馈
        if not routes:
            impl.resolve(self, pl, a)
            return
        take = next(((seat, how) for seat, how in routes if how in ("take", "blind")), None)
        taker = take[0] if take is not None else None
        if take is not None:
            a = self.retarget(impl, pl, a, take[0], show=take[1] == "take")
        previous = self.route
        self.route = (pl.n, [seat for seat, _ in routes], taker is None)
        try:
            impl.resolve(self, pl, a)
        finally:
            self.route = previous

    def retarget(self, impl: Any, pl: Player, a: Action, taker: int, *, show: bool = True) -> Action:
        """The taker chooses the targets anew: 偷盗 learns the skill's name and its selected targets first; 堕落
        does not learn them (「但是不得知该身份原本的技能目标」)."""
        if show:
            self.tell(taker, "taken", {"seat": pl.n, "skill": a.skill, "targets": list(a.targets)})
        if not a.targets:
            return a
        pool_fn = getattr(impl, "candidates", None)
        pool: list[int] = list(pool_fn(self, pl)) if pool_fn is not None else [q.n for q in self.living()]
        chosen: list[int] = []
        for i, old in enumerate(a.targets):
            options: list[int | str] = [n for n in pool if n not in chosen] or [old]
            default = options.index(old) if old in options else 0
            chosen.append(
                int(self.choose(f"改目标:{taker}:{a.skill}:{i + 1}", options, clause="怪盗", default=default))
            )
        self.log("retargeted", {"actor": pl.n, "skill": a.skill, "by": taker, "targets": chosen})
        return Action(a.actor, a.skill, tuple(chosen), step=a.step, at=a.at)

    def defer(self, fn: Any, why: str, seat: int) -> None:
        """An effect delayed to the same moment of the next day (凝滞: 「效果延迟到下一天的同一时刻结算」)."""
        self.deferred.append((self.night + 1, self.step, fn))
        self.log("deferred", {"seat": seat, "why": why, "to": [self.night + 1, self.step]})

    def run_step(self, phase: Phase, key: str) -> None:
        if self.deferred:
            due = [d for d in self.deferred if d[0] == self.night and d[1] == key]
            if due:
                self.deferred = [d for d in self.deferred if d not in due]
                self.deferred_now = True
                for _n, _k, fn in due:
                    fn()
                self.deferred_now = False
        super().run_step(phase, key)

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
                    "skills": {k: v.origin for k, v in p.skills.items() if not v.lost},
                    "cards": dict(p.cards),
                }
                for p in self.players
            },
        }


__all__ = ["AFTER_EXIT", "NONE", "VILLAGE", "WOLF", "Game", "faction_of", "surface_camp_word"]
_ = (NIGHT_STEPS, SEGMENT_ENDS, SYSTEM)
