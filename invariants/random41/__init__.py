"""随机配置法 4.1's game-rule invariants (docs/random41.md): the family's, with this text's tables, and the
checks particular to it — the strength order against each defence's definition, each camp's loss line
about its own camp, the win priority naming only camps that exist, the redirection chain's skills all
scheduled, a winner when every camp loses at once."""

from __future__ import annotations

from typing import Any

import z3

from ruleproof.kernel.z3algebra import Z3
from ruleproof.smt import ranks
from ruleproof.smt.invariant import Checked, Invariant
from ruleproof.smt.ts import CheckResult, Options, Status, new_solver
from ruleproof.specs._werewolf_family import kernels
from ruleproof.specs._werewolf_family.invariants import (
    DefencesAsDefined,
    ListCovers,
    OrdersAcyclic,
    RedirectionOnce,
    WinAtMostOne,
    _prove,
    phase_statements,
)
from ruleproof.specs._werewolf_family.model import Damage
from ruleproof.specs.random41 import tables
from ruleproof.text import Document


def order_statements() -> list[ranks.Statement]:
    return phase_statements(
        list(tables.PHASES),
        [
            tables.EXIT_ORDER,
            tables.CHAIN_ORDER,
            tables.DUSK_EXITS,
            tables.REDIRECTION,
            tables.STRENGTH,
            tables.PRIORITY,
        ],
        "游戏流程",
        tables.INSERTION.quote,
    )


class StrengthAgrees(Invariant[Any]):
    """出局结算 states the defences twice: each status's own line, and the strength order
    「[不死]>[致死伤害]>[坚韧]>[穿透]>[守护]>[指杀]」.  Z3 over the hit kernel: a single held defence cancels a
    damage kind exactly when the order puts the defence above the kind."""

    name = "strength_order_agrees"
    title = "伤害强度与防御等级的强弱顺序与各防御状态的定义一致"
    title_en = "the strength order agrees with each defence's definition"
    cites = ("出局结算", "非负面状态")
    abstraction = "kernels.hit with one instance of each defence against each ranked damage kind"

    def check(self, spec: Any, opts: Options, doc: Document) -> Checked:
        order = tables.STRENGTH.entries
        rank = {e: i for i, e in enumerate(order)}
        kinds = [Damage(k) for k in order if k in {d.value for d in Damage}]
        for d in tables.DEFENCES:
            if d.status not in rank:
                continue
            for kind in kinds:
                held, expiry, count = z3.Bool("h"), z3.Int("e"), z3.Int("c")
                found, _best, _after = kernels.hit(
                    Z3, [kind in d.cancels], [d.counted], [held], [expiry], [count], shortest_first=True
                )
                above = rank[d.status] < rank[kind.value]
                usable = z3.And(held, count > 0) if d.counted else held
                s = new_solver(opts)
                r = _prove(
                    s, found == (usable if above else z3.BoolVal(False)), f"{d.status} vs {kind.value}"
                )
                if r.status is not Status.PROVED:
                    return Checked(
                        CheckResult(
                            Status.VIOLATED,
                            "z3",
                            0,
                            note=f"{d.status} vs {kind.value}: the order says {'cancels' if above else 'does not cancel'}",
                        ),
                        details={"defence": d.status, "damage": kind.value},
                    )
        return Checked(
            CheckResult(Status.PROVED, "z3", 0, note=f"{len(tables.DEFENCES)} defences × {len(kinds)} kinds")
        )


class AllLostHasWinner(Invariant[Any]):
    """胜负判定: 「所有阵营同时被判负…则按如下顺序，第一个未被判负的阵营获得胜利」 — Z3 over the determination
    kernel: when every camp is lost there is no 未被判负 camp, so the rule that promises a winner picks none."""

    name = "all_lost_has_winner"
    title = "所有阵营同时判负时，按顺序应有一个阵营获胜"
    title_en = "when every camp loses at once, the order picks a winner"
    cites = ("胜负判定",)
    abstraction = "kernels.determine over the priority list's camps, all lost"

    def check(self, spec: Any, opts: Options, doc: Document) -> Checked:
        k = len(tables.PRIORITY.entries)
        lost = [z3.BoolVal(True)] * k
        wins = [z3.Bool(f"w{i}") for i in range(k)]
        alive = [z3.Bool(f"a{i}") for i in range(k)]
        winner, _ = kernels.determine(Z3, lost, wins, alive, list(range(k)))
        r = _prove(new_solver(opts), winner >= 0, "all lost")
        if r.status is Status.VIOLATED:
            r = CheckResult(
                Status.VIOLATED, "z3", 0, note="all camps lost: 「第一个未被判负的阵营」 does not exist"
            )
        return Checked(r)


def deleted_roles(doc: Document | None = None) -> list[str]:
    """Roles the text's revision notes delete (「删除身份X」 in a 版本更新 section)."""
    import re

    from ruleproof.books import load_source
    from ruleproof.text import read_document

    doc = doc or read_document(load_source("bundled:random41"))
    out: list[str] = []
    for clause in doc.clauses.values():
        if "版本更新" in clause.id:
            out += re.findall(r"删除身份([^，。、；\s]+)", clause.text)
    return out


def priority_unknown(doc: Document | None = None) -> list[str]:
    """Camps of the win priority named after a role the revision notes delete."""
    gone = deleted_roles(doc)
    return [c for c in tables.PRIORITY.entries if c.removesuffix("阵营") in gone]


def redirect_unscheduled(doc: Document | None = None) -> list[str]:
    """Skills of the 「选择目标 → 结算目标」 chain that no phase list schedules."""
    scheduled = {skill for ph in tables.PHASES for s in ph.steps for _r, skill in s.entries}
    return [s for s in tables.REDIRECTION.entries if s not in scheduled]


def own_camp_loss(doc: Document | None = None) -> list[str]:
    """A camp's loss line about another camp (鬼魂情侣阵营: 「黑情侣阵营的所有角色均出局」)."""
    from ruleproof.specs.random41.tables import WIN_QUOTES

    out = []
    for c in WIN_QUOTES:
        about = c.quote.removeprefix("负 ").split("的所有角色")[0]
        if (
            c.key.startswith("loss.")
            and c.clause.endswith("阵营")
            and "所有角色均出局" in c.quote
            and about != c.clause
        ):
            out.append(f"{c.clause}：「{c.quote}」")
    return out


def ghost_scenario() -> dict[str, Any]:
    """A table with a 鬼魂情侣阵营 and no 黑情侣阵营: as written, it loses before anything happens."""
    return {
        "format": "ruleproof-vector/1",
        "book": "random41/4.1",
        "id": "ghost-lovers-loss-names-black-lovers",
        "title": "鬼魂情侣阵营的判负条件写作「黑情侣阵营的所有角色均出局」：场上没有黑情侣阵营时，它在第一次判定就判负",
        "cites": ["鬼魂情侣阵营", "黑情侣阵营"],
        "setup": {
            "players": {
                "1": "守卫",
                "2": "预言家",
                "3": "女巫",
                "4": "村民",
                "5": "鬼魂新娘",
                "6": "狼人",
                "7": "狼人",
                "8": "摄梦人",
            },
            "camps": {"5": "鬼魂情侣阵营"},
        },
        "script": [{"night": 1}],
        "expect": [{"after": "night 1", "state": {"lost": ["鬼魂情侣阵营"]}}],
    }


class PriorityKnown(ListCovers):
    name = "priority_names_existing_camps"
    title = "胜负判定的顺序只列存在的阵营"
    title_en = "the win priority names only camps that exist"
    abstraction = "the priority list against the roles the changelog deletes"
    label = "deleted"


class ChainScheduled(ListCovers):
    name = "redirection_skills_scheduled"
    title = "选择目标到结算目标的过渡技能都在游戏流程中有时点"
    title_en = "every skill of the redirection chain has a slot in the game flow"
    abstraction = "the chain's skills against every phase list"
    label = "unscheduled"


class OwnCampLoss(ListCovers):
    name = "own_camp_loss"
    title = "每个阵营的判负条件说的是本阵营"
    title_en = "each camp's loss line is about its own camp"
    abstraction = "each 「负 X阵营的所有角色均出局」 line against the camp it stands under"
    label = "other camp"


INVARIANTS: tuple[Invariant[Any], ...] = (
    OrdersAcyclic(("游戏流程", "凌晨", "胜负判定"), order_statements),
    DefencesAsDefined(("非负面状态", "出局结算"), lambda spec: tables.DEFENCES, lambda spec: True),
    StrengthAgrees(),
    RedirectionOnce(("技能标签",), tables.REDIRECTION),
    WinAtMostOne(("胜负判定",), lambda: list(tables.PRIORITY.entries), lambda: list(tables.PRIORITY.entries)),
    AllLostHasWinner(),
    PriorityKnown(("胜负判定", "4.0版本更新"), priority_unknown, lambda: None),
    ChainScheduled(("技能标签",), redirect_unscheduled, lambda: None),
    OwnCampLoss(("鬼魂情侣阵营",), own_camp_loss, ghost_scenario),
)

__all__ = ["INVARIANTS", "order_statements"]
