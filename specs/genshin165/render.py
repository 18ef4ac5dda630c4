"""[165]原神 boards and rules as text tables (Chinese role names) and as deterministic JSON objects."""

from __future__ import annotations

from typing import Any

from ruleproof.config.render import pct
from ruleproof.specs.genshin165 import rules as g
from ruleproof.specs.genshin165.smt import GROUPS, Board, group_of


def genshin_rules(n: int, reading: g.TCapReading) -> dict[str, Any]:
    rules = g.rules()
    bounds = {
        b.id: {"value": b.value(n), "rule": b.formula(), "line": b.cite.line}
        for b in rules.bounds_for(reading)
    }
    seer = {
        str(p.k): {"as_written": pct(p.literal(n)), "used": pct(p.clamped(n))}
        for p in rules.seer_probabilities
    }
    return {"bounds": bounds, "seer_probabilities": seer, "third_share": pct(rules.split_third)}


def genshin_board_json(board: Board, problems: list[str]) -> dict[str, Any]:
    rules = g.rules()
    groups: dict[str, list[str]] = {name: [] for name in GROUPS}
    for name in board.roles:
        groups[group_of(rules.role(name))].append(name)
    return {
        "counts": board.counts,
        "roles": board.roles,
        "by_group": groups,
        "verified": not problems,
        "problems": problems,
        "notes": board.notes,
    }


def genshin_text(doc: dict[str, Any]) -> str:
    lines = [
        f"[165]原神 身份配置 — {doc['players']} 人，种子 {doc['seed']}，"
        f"{len(doc['boards'])}/{doc['requested']} 个方案（状态：{doc['status']}）"
    ]
    b = doc["rules"]["bounds"]
    t_caps = [str(b[k]["value"]) for k in ("T.max", "T.max-formula") if k in b]
    lines.append(
        f"规则：村民阵营 {b['V.min']['value']}–{b['V.max']['value']}，狼人 {b['W.min']['value']}–{b['W.max']['value']}，"
        f"三方+不定 ≤ {' 且 ≤ '.join(t_caps)}，验人系 {b['K.min']['value']}–{b['K.max']['value']}；"
        "验人系数量概率 "
        + "、".join(f"{k} 个 {v['used']}" for k, v in doc["rules"]["seer_probabilities"].items())
    )
    for i, board in enumerate(doc["boards"], start=1):
        c = board["counts"]
        check = "独立校验通过" if board["verified"] else "独立校验失败：" + "；".join(board["problems"])
        lines.append(
            f"方案 {i}：村民阵营 {c['V']}（验人系 {c['K']}）· 狼人 {c['W']} · 三方 {c['三方']} · 不定 {c['不定']}（{check}）"
        )
        for group, names in board["by_group"].items():
            lines.append(f"  {group}：{'、'.join(names) if names else '—'}")
        lines.extend(f"  注：{note}" for note in board["notes"])
    lines.extend(f"注：{note}" for note in doc["notes"])
    return "\n".join(lines) + "\n"
