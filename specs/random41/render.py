"""随机配置法 4.1 boards as text tables (Chinese role names) and as deterministic JSON objects."""

from __future__ import annotations

from typing import Any

from ruleproof.books import BOOKS
from ruleproof.config.render import fraction_json
from ruleproof.specs.random41 import rules as r41
from ruleproof.specs.random41.scores import ScoreTable
from ruleproof.specs.random41.smt import Board as Board41
from ruleproof.specs.random41.smt import Result


def random41_board_json(board: Board41, variant: r41.Variant, problems: list[str] | None) -> dict[str, Any]:
    names = r41.COARSE_STANDARD if variant is r41.Variant.STANDARD else r41.COARSE_ALL_RANDOM
    return {
        "vector": dict(zip(names, board.vector, strict=True)),
        "categories": {c.value: k for c, k in board.categories.items()},
        "roles": board.roles,
        "wolf_score": fraction_json(board.wolf_score),
        "village_score": fraction_json(board.village_score),
        "ratio": fraction_json(board.ratio),
        "verified": None if problems is None else not problems,
        "problems": problems or [],
    }


def random41_doc(
    result: Result, table: ScoreTable | None, verified: list[list[str] | None], notes: list[str]
) -> dict[str, Any]:
    req = result.request
    status = result.status.value
    if result.status.value == "feasible":
        status = "ok" if len(result.boards) == result.boards_requested else "fewer"
    scores: dict[str, Any] = {"source": "none"}
    if table is not None:
        scores = {
            "source": table.source,
            "roles": len(table.roles),
            "lacking_score": table.lacking_score(),
            "lacking_category": table.lacking_category(),
            "notes": table.notes,
        }
    return {
        "book": BOOKS[r41.BOOK].book_id,
        "variant": req.variant.value,
        "mode": req.mode.value,
        "pool": req.pool.value,
        "players": result.players,
        "seed": result.seed,
        "level": result.level,
        "status": status,
        "requested": result.boards_requested,
        "band": {
            "lo": fraction_json(result.band.lo),
            "hi": fraction_json(result.band.hi),
            "closed": True,
            "lines": [c.line for c in result.band.cites],
        },
        "role_pool": result.pool,
        "scores": scores,
        "boards": [
            random41_board_json(b, req.variant, v) for b, v in zip(result.boards, verified, strict=True)
        ],
        "notes": notes,
    }


_VARIANT_ZH = {r41.Variant.STANDARD: "普通狼人规则", r41.Variant.ALL_RANDOM: "全员随机规则"}
_MODE_ZH = {r41.Mode.STANDARD: "标准模式", r41.Mode.FAVOR_VILLAGE: "利村模式"}
_POOL_ZH = {r41.Pool.FULL: "综合模式", r41.Pool.LIMITED: "限池模式"}


def random41_text(doc: dict[str, Any]) -> str:
    variant = r41.Variant(doc["variant"])
    mode = (
        _MODE_ZH[r41.Mode(doc["mode"])]
        if variant is r41.Variant.STANDARD
        else _POOL_ZH[r41.Pool(doc["pool"])]
    )
    band = doc["band"]
    lines = [
        f"随机配置法 4.1 {_VARIANT_ZH[variant]}（{mode}）— {doc['players']} 人，种子 {doc['seed']}，"
        f"{len(doc['boards'])}/{doc['requested']} 个方案（状态：{doc['status']}）",
        f"倍率范围 [{band['lo']['fraction']}, {band['hi']['fraction']}] ≈ "
        f"[{band['lo']['decimal']}, {band['hi']['decimal']}]（第 {'、'.join(map(str, band['lines']))} 行，闭区间）",
    ]
    s = doc["scores"]
    if s["source"] != "none":
        lines.append(f"算分表：{s['source']}（{s['roles']} 个身份）")
        if s["lacking_score"]:
            lines.append(f"  缺少算分（不参与抽取）：{'、'.join(s['lacking_score'])}")
        if s["lacking_category"]:
            lines.append(f"  缺少类别（不参与抽取）：{'、'.join(s['lacking_category'])}")
        lines.extend(f"  注：{note}" for note in s["notes"])
    if doc["role_pool"] is not None:
        lines.append(f"限池身份池：{'、'.join(doc['role_pool'])}")
    for i, board in enumerate(doc["boards"], start=1):
        cats = " · ".join(f"{c} {k}" for c, k in board["categories"].items() if k)
        if board["ratio"] is None:
            lines.append(f"方案 {i}：{cats}（仅类别，未检验倍率）")
            continue
        verdict = "独立校验通过" if board["verified"] else "独立校验失败：" + "；".join(board["problems"])
        lines.append(
            f"方案 {i}：倍率 {board['ratio']['fraction']} ≈ {board['ratio']['decimal']}"
            f"（狼人阵营 {board['wolf_score']['fraction']}，村民阵营净 {board['village_score']['fraction']}；{verdict}）"
        )
        for category in board["categories"]:
            members = [
                f"{name}×{k}" if k > 1 else name
                for name, k in board["roles"].items()
                if doc["_categories"].get(name) == category
            ]
            if members:
                lines.append(f"  {category}：{'、'.join(members)}")
    lines.extend(f"注：{note}" for note in doc["notes"])
    return "\n".join(lines) + "\n"
