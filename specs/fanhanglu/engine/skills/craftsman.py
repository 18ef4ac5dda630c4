"""The craftsman (4.11): the initial worn armor, regular forging (2 nights) and quick forging (1 night) as
2.9 processes, the stock (cap 3, regular and quick together), distribution to several players at step 3,
quick armor lasting 3 nights from the night it is worn, and the armor's two independent units (4.11.1①)."""

from __future__ import annotations

import random
from typing import ClassVar

from mypy_extensions import mypyc_attr

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player
from ruleproof.specs.fanhanglu.engine.registry import SkillImpl, on_arrival, on_setup, skill
from ruleproof.specs.fanhanglu.engine.skills.common import remember_process
from ruleproof.specs.fanhanglu.engine.skills.util import ledger_holders, living
from ruleproof.specs.fanhanglu.kernels import PY, bullet_arrival, process_advance

KINDS = ("regular", "quick")


@on_setup("craftsman")
def _craftsman(g: Game, p: Player) -> None:
    if g.p("craftsman.initial_armor") > 0:  # 4.11.1③: worn from the start, outside the stock
        p.armor = p.armor_inf = True


def wears_armor(p: Player) -> bool:
    return p.armor or p.armor_inf


@on_arrival
def _armor_arrivals(g: Game) -> None:
    """2.9⑦: forged armor reaches the stock the night after its last forging night, through the stock cap
    of 4.11.3① (what does not fit is wasted: 满仓时再铸造即浪费); 4.11.2①之二: a quick armor worn on
    night d is gone on night d + 3, and its holder is told (4.11.4)."""
    cap = g.p("craftsman.stock_cap")
    for p in ledger_holders(g):
        if not p.alive:  # 4.11.3②: a holder's armor and a craftsman's stock go when they leave
            p.armor = p.armor_inf = False
            p.armor_stock = p.quick_stock = p.forge_pending = p.quick_pending = 0
            continue
        if not (p.forge_pending or p.quick_pending):
            continue
        for kind, amount in (("regular", p.forge_pending), ("quick", p.quick_pending)):
            if not amount:
                continue
            _total, voided = bullet_arrival(PY, p.armor_stock + p.quick_stock, amount, cap, True)
            added = amount - voided
            if kind == "regular":
                p.armor_stock += added
            else:
                p.quick_stock += added
            g.log("armor_stock", {"player": p.n, "armor": kind, "amount": amount, "voided": voided})
        p.forge_pending = p.quick_pending = 0
    for p in g.players:
        if p.alive and p.armor_until and g.night > p.armor_until and wears_armor(p):
            p.armor = p.armor_inf = False
            p.armor_until = 0
            g.private(p.n, "armor_expired", {})


def advance(g: Game, p: Player, quick: bool) -> None:
    """One night invested in a forging process (2.9②④); the product is fixed at completion."""
    if quick:
        remember_process(g, p, "quick_progress", "quick_pending")
        p.quick_progress, done = process_advance(PY, p.quick_progress, g.p("craftsman.quick_nights"))
        p.quick_pending += int(done)
    else:
        remember_process(g, p, "forge_progress", "forge_pending")
        p.forge_progress, done = process_advance(PY, p.forge_progress, g.p("craftsman.forge_nights"))
        p.forge_pending += int(done)


@mypyc_attr(native_class=False)  # subclassed by decorated (non-native) classes
class Forging(SkillImpl):
    """Regular (4.11.2①) or quick (①之二) forging: two processes, one unfinished at a time (2.9⑤)."""

    quick: ClassVar[bool] = False

    def other(self, p: Player) -> int:
        return p.forge_progress if self.quick else p.quick_progress

    def check(self, g: Game, p: Player, a: Action) -> None:
        if self.other(p):
            raise g.illegal(
                "4.11.2",
                "同一时期仅可存在一个未完成进程，常规与速成不得同夜并进（2.9⑤）",
                "one unfinished process at a time (2.9⑤)",
                a,
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        advance(g, p, self.quick)

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        return Action(p.n, self.key) if not self.other(p) and rng.random() < 0.3 else None


@skill
class Forge(Forging):
    key = "forge"


@skill
class QuickForge(Forging):
    key = "quick_forge"
    quick = True


def armor_kinds(p: Player, a: Action) -> list[str]:
    """The kind of armor each target gets: as listed in ``kinds``, else regular first (4.11.2②)."""
    if a.kinds:
        return list(a.kinds)
    n = len(a.targets)
    return ["regular"] * min(n, p.armor_stock) + ["quick"] * max(0, n - p.armor_stock)


@skill
class DistributeArmor(SkillImpl):
    key = "distribute_armor"

    def check(self, g: Game, p: Player, a: Action) -> None:
        kinds = armor_kinds(p, a)
        if (
            len(kinds) != len(a.targets)
            or any(k not in KINDS for k in kinds)
            or kinds.count("regular") > p.armor_stock
            or kinds.count("quick") > p.quick_stock
            or not a.targets
        ):
            raise g.illegal(
                "4.11.2",
                f"份数＝当前库存（常规 {p.armor_stock}、速成 {p.quick_stock}），kinds 逐一对应目标",
                f"pieces ≤ stock (regular {p.armor_stock}, quick {p.quick_stock}), one kind per target",
                a,
            )

    def resolve(self, g: Game, p: Player, a: Action) -> None:
        n = g.night
        for t, kind in zip(a.targets, armor_kinds(p, a), strict=True):
            quick = kind == "quick"
            if quick:
                p.quick_stock -= 1
            else:
                p.armor_stock -= 1
            q = g.players[t - 1]
            if wears_armor(q):  # 4.11.1④: at most one armor per holder; the piece is spent (2.5 落空)
                g.log("fizzle", {"actor": p.n, "skill": "distribute_armor", "target": t})
                continue
            q.armor = q.armor_inf = True  # 一经分配即于当夜生效
            q.armor_until = n + g.p("craftsman.quick_valid_nights") - 1 if quick else 0
            g.private(q.n, "armor_worn", {"quick": quick, "until": q.armor_until or None})  # 4.11.4

    def propose(self, g: Game, p: Player, rng: random.Random) -> Action | None:
        stock = p.armor_stock + p.quick_stock
        if not stock or rng.random() < 0.5:
            return None
        pool = living(g)
        return Action(p.n, "distribute_armor", tuple(rng.sample(pool, min(stock, len(pool)))))
