"""[165]原神's invariants as the verifier runs them (docs/genshin165.md): the family's, with this book's
tables.  The engine-level ones (a char exits at most once, at most one sheriff, the vote rules, the
exit list as written) are monitors on every replayed vector and every Hypothesis game of the suite
(tests/genshin165/test_engine.py) — checked, not proved, and reported as such."""

from __future__ import annotations

from typing import Any

from ruleproof.smt import ranks
from ruleproof.smt.invariant import Invariant
from ruleproof.specs._werewolf_family.invariants import (
    DefencesAsDefined,
    ListCovers,
    OrdersAcyclic,
    RedirectionOnce,
    WinAtMostOne,
    phase_statements,
)
from ruleproof.specs.genshin165 import tables
from ruleproof.specs.genshin165.roles import ABSENT_ROLES, document, factions
from ruleproof.text import Document


def order_statements() -> list[ranks.Statement]:
    return phase_statements(
        [tables.START, *tables.CYCLE],
        [
            tables.EXIT_ORDER,
            tables.CHAIN_ORDER,
            tables.REDIRECTION,
            tables.INHERIT_ORDER,
            tables.THIRD_PRIORITY,
        ],
        tables.FLOW,
        tables.CYCLE_QUOTES[0].quote,
    )


def missing_rows(doc: Document | None = None) -> list[str]:
    return [c.key for c, row in tables.NIGHT_EXITS if row is None]


def scenario() -> dict[str, Any]:
    """双子星光<继承黑夜> (no row) and the pack's 杀人 on one night: ruleproof's reading resolves the listed
    row first, the unlisted skill after the list."""
    return {
        "format": "ruleproof-vector/1",
        "book": "genshin165/165",
        "id": "exit-list-missing-row",
        "title": "出局结算顺序缺少 双子星光<继承黑夜> 等：未列出的夜间出局按 ruleproof 的读法排在列表之后",
        "cites": ["总体流程", "双子星光"],
        "setup": {
            "players": {
                "1": "预言家",
                "2": "女巫",
                "3": "守卫",
                "4": "猎人",
                "5": "骑士",
                "6": "黑狼王",
                "7": "双子星光",
                "8": "双子星暗",
            },
            "lineup": "free",
        },
        "script": [
            {"night": 1, "actions": [{"actor": 2, "skill": "毒药", "targets": [8]}]},
            {
                "night": 2,
                "actions": [
                    {"actor": 7, "skill": "继承黑夜", "targets": [4]},
                    {"actor": 6, "skill": "杀人", "targets": [5]},
                ],
            },
        ],
        "expect": [{"after": "night 2", "events": [{"kind": "night_exits", "seats": [5, 4]}]}],
    }


def absent_cited(doc: Document | None = None) -> list[str]:
    """Roles the text deletes or names without a section (roles.ABSENT), cited inside another role's
    section: 「恶灵骑士无法反制炼金魔女…」 (炼金魔女 deleted), 「顺序在黑客之后」 (no 黑客)."""
    doc = doc or document()
    sections = {d.clause for d in doc.names.of("role")}
    out = []
    for name in ABSENT_ROLES:
        for clause in doc.clauses.values():
            if clause.id not in sections or name == clause.id:
                continue
            for span in clause.spans:
                if name in span.text:
                    out.append(f"{name}（{clause.id} 第 {span.line} 行）")
    return out


class AbsentNotCited(ListCovers):
    name = "absent_roles_not_cited"
    title = "已删除或不在本场的身份不应出现在其他身份的规则中"
    title_en = "roles deleted or not in this game are not cited in another role's rules"
    abstraction = "every role section's text against the roles the text deletes or never defines"
    label = "cited"


INVARIANTS: tuple[Invariant[Any], ...] = (
    OrdersAcyclic((tables.FLOW, "技能", "胜负判定"), order_statements),
    DefencesAsDefined(
        ("非负面状态特效", "出局"),
        lambda spec: tables.DEFENCES,
        lambda spec: spec.reading("guard.consumption") == "shortest_first",
    ),
    RedirectionOnce(("技能",), tables.REDIRECTION),
    WinAtMostOne(
        ("胜负判定",),
        lambda: list(dict.fromkeys([*factions(), *tables.THIRD_PRIORITY.entries])),
        lambda: list(tables.THIRD_PRIORITY.entries),
    ),
    ListCovers((tables.FLOW,), missing_rows, scenario),
    AbsentNotCited(("部分修改简略摘要", "恶灵骑士", "混血儿"), absent_cited, lambda: None),
)
for _inv in INVARIANTS:
    if isinstance(_inv, DefencesAsDefined):
        _inv.switches = ("guard.consumption",)

__all__ = ["INVARIANTS", "missing_rows", "order_statements", "scenario"]
