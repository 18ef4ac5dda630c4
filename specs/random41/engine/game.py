"""随机配置法 4.1's game rules on the family machinery (docs/random41.md).

The text defines the framework — tags, the knife, statuses, the exit resolution, votes, wins, the phase
order — and leaves the roles' skills to another post.  A role's skill here is a *slot*: it acts at its
place in the phase lists, and the vector says what it does (``effect``: a damage, a status given or
removed, a redirection for the night).  Everything the framework says about that effect is the engine's.

The round: ``night N`` = 早夜 … 凌晨, 竞选 (day 1 only), 晨曦; ``day N`` = 正午, 黄昏.  The game starts
with 开局 and then 黄昏 step 5 of day 0 (黄昏 4: 「开局阶段结束后，游戏从此处开始，并设置当前游戏天数为0」).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pypinyin import Style, lazy_pinyin

from ruleproof.kernel.algebra import PY as _PY
from ruleproof.runtime import Action, Observer, Phase, Policy, Ruleset, SkillInfo, Until
from ruleproof.specs._werewolf_family import kernels
from ruleproof.specs._werewolf_family.engine import FamilyGame, Hit, Player
from ruleproof.specs._werewolf_family.model import Damage, PhaseDef
from ruleproof.specs._werewolf_family.spec import LoadedSpec
from ruleproof.specs.random41 import tables

VILLAGE, WOLF = "村民阵营", "狼人阵营"
OUT_WORD = {
    Damage.KILL: "killed",
    Damage.PIERCE: "pierced",
    Damage.LETHAL: "lethal",
    Damage.VOTE: "voted",
    Damage.CHAIN: "chained",
}


def _keys(phase: PhaseDef) -> tuple[str, ...]:
    return tuple(s.key for s in phase.steps)


START = Phase("start", "night", (*_keys(tables.START), "dusk0.5"))
NIGHT = Phase(
    "night",
    "night",
    (
        *_keys(tables.EARLY),
        *_keys(tables.MID),
        *_keys(tables.DEEP),
        *_keys(tables.LATE),
        "election.1",
        *_keys(tables.DAWN),
    ),
)
DAY = Phase("day", "day", (*_keys(tables.NOON), *_keys(tables.DUSK)))

KNIFE_SLOT = "当前持刀狼人或接刀黑情侣或接刀丘比特<杀人>"
# ruleproof's horizon, not a rule of the text: 随机配置法 4.1 has no stalemate rule (原神's 「无法正常进行」 is not
# in it), and random play can leave seats no rule can remove (a 不死 until the end of the game) — after this
# many rounds the game ends undecided, logged as the horizon so that it is never read as a result of the rules
ROUND_CAP = 60
REDIRECT_SLOTS = {"时间逆流", "交换", "拥抱", "导", "因果干涉"}


def slot_steps() -> dict[str, list[str]]:
    """Slot key 「role<skill>」 → the steps it acts at (a slot listed at 黄昏 5 also acts at day 0's)."""
    out: dict[str, list[str]] = {}
    for ph in tables.PHASES:
        for s in ph.steps:
            for role, skill in s.entries:
                key = f"{role}<{skill}>"
                steps = out.setdefault(key, [])
                if s.key not in steps:
                    steps.append(s.key)
                if s.key == "dusk.5" and "dusk0.5" not in steps:
                    steps.append("dusk0.5")
    return out


SLOTS = slot_steps()
RULES: Ruleset[Any, Player, Action] = Ruleset(
    "random41",
    (NIGHT, DAY),
    {"seat": "身份和阵营", "out": "出局结算", "skill": "游戏流程"},
    other_phases=(START,),
)
_DECL = [SkillInfo(k, tuple(v), frozenset({"*"}), "游戏流程") for k, v in SLOTS.items() if k != KNIFE_SLOT]
_DECL += [
    SkillInfo("杀人", ("deep.3",), frozenset({"*"}), "身份标签"),
    SkillInfo("投票", ("noon.2",), frozenset({"*"}), "出局结算"),
    SkillInfo("警长", ("election.1",), frozenset({"*"}), "竞选"),
]
RULES.declare(_DECL)


def pinyin_key(name: str) -> list[str]:
    """音序: a role name's pinyin, letters then tone (接刀顺序)."""
    return lazy_pinyin(name, style=Style.TONE3)


class Seat41(Player):
    __slots__ = ("category",)

    def __init__(self, n: int, role: str, faction: str, category: str) -> None:
        super().__init__(n, role, faction)
        self.category = category


class Game(FamilyGame):
    rules = RULES
    family = tables.FAMILY

    def __init__(
        self,
        spec: LoadedSpec,
        seats: Sequence[tuple[str, str, str, tuple[str, ...]]],
        policy: Policy,
        *,
        seed: int = 0,
        observer: Observer | None = None,
        stop_after: tuple[str, int] | None = None,
    ) -> None:
        players: list[Player] = []
        for i, (role, camp, category, tags) in enumerate(seats):
            p = Seat41(i + 1, role, camp, category)
            p.tags.update(f"[{t}]" for t in tags)
            players.append(p)
        super().__init__(players, policy, seed=seed, observer=observer, stop_after=stop_after)
        self.spec = spec
        self.shortest_first = True  # 「且会优先抵消时效更短的防御状态」
        self.day = 0
        self.sheriff = 0
        self.lost: set[str] = set()
        self.hits: list[Hit] = []
        self.seq = 0
        self.ballots: dict[int, int | None] = {}
        self.night_exits: list[int] = []
        self.dusk_exits: list[int] = []
        self.stages: dict[str, dict[int, int]] = {}
        self.curse: Counter[int] = Counter()
        self.yize = 0  # 白眼狼<遗泽>: non-<强制> skills used through it
        self.day_bleeds: list[Hit] = []

    # ── the round ────────────────────────────────────────────────────────────────────────────

    def phases(self, n: int) -> Sequence[Phase]:
        return (START, NIGHT, DAY) if n == 1 else (NIGHT, DAY)

    def run_phase(self, n: int, phase: Phase) -> None:
        if phase is NIGHT:
            self.stages, self.hits = {}, []
        super().run_phase(n, phase)
        if self.result is None and n >= ROUND_CAP and phase is DAY:
            self.finish(
                "draw", self.step, "horizon", f"no result after {ROUND_CAP} rounds (ruleproof's horizon)"
            )

    def step_frozen(self, key: str) -> bool:
        return key == "election.1" and self.day != self.spec.p("election.day")

    def night_step(self) -> bool:
        return self.current_phase is NIGHT and not self.step.startswith(("dawn", "election"))

    def check_common(self, pl: Player, a: Action) -> None:
        """出局者不行动也不被选择; a slot is its role's (「预言家/黑商馈赠<预言>」: either)."""
        if not pl.alive:
            raise self.illegal("出局结算", "出局者不能行动", "players out cannot act", a)
        if a.skill not in ("杀人", "投票", "警长"):
            role, _, _ = a.skill.partition("<")
            if pl.role not in role.split("/") and pl.role != role:
                raise self.illegal("游戏流程", f"{pl.role} 不持有此技能", f"a {pl.role} has no {a.skill}", a)
        for t in a.targets:
            if not self.player(t, a.skill).alive:
                raise self.illegal("出局结算", f"目标 {t} 号已出局", f"target {t} is out", a)

    def knife_holders(self) -> list[Player]:
        """当前持刀狼人: the living [群内] not under 超度, else the first living [接刀] in 音序."""
        pack = [p for p in self.living() if "[群内]" in p.tags and "release" not in self.effects(p)]
        if pack:
            return pack
        heirs = [p for p in self.living() if "[接刀]" in p.tags and "release" not in self.effects(p)]
        heirs.sort(key=lambda p: pinyin_key(p.role))
        return heirs[:1]

    def capable(self, pl: Player, skill: str) -> bool:
        if not pl.alive:
            return False
        eff = self.effects(pl)
        if skill == "杀人":
            if pl not in self.knife_holders() or eff & {"disarm", "release"}:
                return False
            return not any("disarm" in self.effects(q) for q in self.knife_holders())
        if skill in ("投票", "警长"):
            return True
        return "silence" not in eff  # 沉默: 不能发动[杀人]技能外的非[强制]技能

    # ── statuses: 漏洞 / 秩序, 流血, 血咒 ──────────────────────────────────────────────────────

    def give(self, p: Player, name: str, *, source: int, until: Until | None = None, **data: Any) -> Any:
        spec = self.family.statuses.get(name)
        negative = spec.negative if spec is not None else False
        loophole, order = self.has(p, "漏洞"), self.has(p, "秩序")
        if name in ("漏洞", "秩序"):
            a, b = kernels.grant_exclusive(
                _PY, loophole, order, name == "漏洞", name == "秩序"
            )  # 「角色同时获得[漏洞][秩序]时，后获得的状态无效」
            if (name == "漏洞" and not a) or (name == "秩序" and not b):
                self.log("status_refused", {"holder": p.n, "status": name, "why": "漏洞/秩序"})
                return None
        if negative and order and name != "漏洞":
            self.log("status_refused", {"holder": p.n, "status": name, "why": "秩序"})
            return None
        if not negative and loophole and name != "情侣":
            self.log("status_refused", {"holder": p.n, "status": name, "why": "漏洞"})
            return None
        if name == "流血" and self.has(p, "流血"):  # 再次获得该状态时，改为受到[致死伤害]
            self.log("bleed_twice", {"holder": p.n, "source": source})
            self.damage(p.n, Damage.LETHAL, source, "[流血]", "[流血]")
            return None
        status = super().give(p, name, source=source, until=until, **data)
        if name == "漏洞":  # 会失去…所有非负面状态 (情侣 stays)
            for s in list(self.statuses.of(p.n)):
                st = self.family.statuses.get(s.name)
                if st is not None and not st.negative and s.name != "情侣":
                    self.statuses.active.remove(s)
        if name == "秩序":
            for s in list(self.statuses.of(p.n)):
                st = self.family.statuses.get(s.name)
                if st is not None and st.negative:
                    self.statuses.active.remove(s)
        return status

    def cursed_act(self, p: Player) -> None:
        """血咒: 计数+1; 每获得3个计数 → [流血]（赋予者为[血咒]状态的赋予者）."""
        curse = next((s for s in self.statuses.of(p.n) if s.name == "血咒"), None)
        if curse is None:
            return
        self.curse[p.n] += 1
        if self.curse[p.n] % self.spec.p("curse.per_bleed") == 0:
            self.give(p, "流血", source=curse.source)

    # ── damage and exits ─────────────────────────────────────────────────────────────────────

    def damage(self, target: int, kind: Damage, source: int, skill: str, row: str = "") -> None:
        self.seq += 1
        entries = tables.EXIT_ORDER.entries
        rank = (entries.index(row) if row in entries else len(entries),)
        src = self.seat(source) if source else None
        hit = Hit(target, kind, source, skill, rank, self.seq, against=src.faction if src else None)
        if self.night_step():
            self.hits.append(hit)
            self.log("hit_queued", {"target": target, "kind": kind.value, "skill": skill, "source": source})
        elif self.step == "noon.1" or self.step.startswith("noon"):
            self.resolve_hit(hit)
        elif skill == "[流血]" and self.current_phase is DAY:
            self.day_bleeds.append(hit)
        else:
            self.resolve_hit(hit)

    def cancels_otherwise(self, t: Player, h: Hit) -> bool:
        """[混沌]: 若场上存在其他处于该状态的角色，则抵消此次伤害，然后其他处于该状态的角色失去[混沌]并受到
        [致死伤害]（来源为受到伤害的角色原本处于的[混沌]状态的赋予者）."""
        own = next((s for s in self.statuses.of(t.n) if s.name == "混沌"), None)
        others = [q for q in self.living() if q.n != t.n and self.has(q, "混沌")]
        if own is None or not others:
            return False
        self.log("chaos", {"holder": t.n, "to": [q.n for q in others]})
        for q in others:
            self.statuses.remove(q.n, "混沌")
        for q in others:
            self.resolve_hit(Hit(q.n, Damage.LETHAL, own.source, "[混沌]"))
        return True

    def exit(self, t: Player, kind: Damage, source: int, skill: str) -> None:
        """连带出局顺序: 狼美人<魅惑> chains first, then the exit itself, then [情侣]."""
        charmed = [s.holder for s in self.statuses.active if s.name == "魅惑" and s.source == t.n]
        for n in charmed:
            q = self.seat(n)
            if q.alive:
                self.log("chain", {"row": "狼美人<魅惑>", "from": t.n, "to": n})
                self._out(q, Damage.CHAIN, t.n, "[魅惑]")
        self._out(t, kind, source, skill)
        if self.has(t, "情侣"):
            for q in self.living():
                if self.has(q, "情侣"):
                    self.log("chain", {"row": "[情侣]", "from": t.n, "to": q.n})
                    self._out(q, Damage.CHAIN, t.n, "[情侣]")

    def _out(self, t: Player, kind: Damage, source: int, skill: str) -> None:
        if not t.alive:
            return
        t.alive = False
        t.out = OUT_WORD[kind]
        self.exits.append((t.n, t.out, self.step))
        if self.current_phase is DAY:
            self.dusk_exits.append(t.n)
        else:
            self.night_exits.append(t.n)
        self.log("exit", {"seat": t.n, "how": t.out, "source": source, "skill": skill})
        if t.sheriff:
            t.sheriff = False
            living = [p.n for p in self.living()]
            if living:
                heir = int(
                    self.choose(
                        f"移交警徽:{t.n}", living, clause="晨曦", default=self.rng.randrange(len(living))
                    )
                )
                self.sheriff = heir
                self.seat(heir).sheriff = True
            else:
                self.sheriff = 0
        self.check_win(immediate=True)

    def stage_table(self, stage: str, actor: Player, skill: str) -> list[int]:
        table = [p.n for p in self.players]
        for a, b in self.stages.get(stage, {}).items():
            table[a - 1] = b
        return table

    # ── win determination ────────────────────────────────────────────────────────────────────

    def factions(self) -> list[str]:
        return list(dict.fromkeys([*(p.faction for p in self.players)]))

    def loses(self, f: str) -> bool:
        members = [p for p in self.players if p.faction == f]
        if f == VILLAGE:
            cats = ("神职", "村民") if self.spec.reading("village.rules") == "standard" else ("强神", "弱神")
            seats = [p for p in members if isinstance(p, Seat41)]
            return any(
                all(not p.alive for p in seats if p.category == c) and any(p.category == c for p in seats)
                for c in cats
            ) or not any(p.alive for p in members)
        if f == "鬼魂情侣阵营" and self.spec.reading("ghost_lovers.loss") == "as_written":
            return all(
                not p.alive for p in self.players if p.faction == "黑情侣阵营"
            )  # 「黑情侣阵营的所有角色均出局」
        return not any(p.alive for p in members)

    def wins(self, f: str) -> bool:
        members = [p for p in self.players if p.faction == f]
        if f == "吹笛者阵营":
            return any(p.alive and p.role == "吹笛者" for p in members) and all(
                self.has(q, "吹笛") for q in self.living() if q.faction != f
            )
        if f == "白眼狼阵营":
            return self.yize > len(self.living()) / 2
        if f == "妖狐阵营":
            standing = [g for g in self.factions() if g not in self.lost]
            return f in standing and len(standing) == 2
        return False

    def check_win(self, immediate: bool = False) -> None:
        if self.result is not None:
            return
        factions = self.factions()
        if not immediate:
            for f in factions:
                if f not in self.lost and self.loses(f):
                    self.lost.add(f)
                    self.log("faction_lost", {"faction": f})
        lost = {f: f in self.lost for f in factions}
        alive = {f: any(p.alive and p.faction == f for p in self.players) for f in factions}
        wins = {f: (not immediate) and self.wins(f) for f in factions}
        fox = any(p.alive and p.faction == "妖狐阵营" for p in self.players) and "妖狐阵营" not in self.lost
        winner = self.decide(factions, lost, wins, alive, list(tables.PRIORITY.entries))
        if winner is None:
            if all(lost.values()):  # 「所有阵营同时被判负 … 第一个未被判负的阵营获得胜利」: there is none
                self.finish("draw", self.step, "priority", "all factions lost")
            return
        if fox and winner != "妖狐阵营":  # 妖狐代替该阵营获得胜利
            self.finish("妖狐阵营", self.step, "win.fox", f"instead of {winner}")
            return
        row = "win.massacre" if not wins[winner] else f"win.{winner}"
        self.finish(winner, self.step, row, "massacre" if not wins[winner] else "win condition")

    def snapshot(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "sheriff": self.sheriff,
            "lost": sorted(self.lost),
            "players": {
                str(p.n): {
                    **self.seat_snapshot(p),
                    "curse": self.curse[p.n],
                    "category": p.category if isinstance(p, Seat41) else "",
                }
                for p in self.players
            },
        }


__all__ = [
    "DAY",
    "KNIFE_SLOT",
    "NIGHT",
    "ROUND_CAP",
    "RULES",
    "SLOTS",
    "START",
    "Game",
    "Seat41",
    "pinyin_key",
]
