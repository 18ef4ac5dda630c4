"""What the text states that is checked on the engine's traces (the suite's Hypothesis games), each with
the sentence it checks.  ``violations(game, factions_at_start)`` returns one line per breach."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.skills import Kind

EXITS = "出局「每名角色仅能出局一次」"
ANNOUNCED = "出局「已经公示的出局角色不属于游戏范畴，不允许被选为技能或投票的目标」"
THRESHOLD = "阵营技能「票数超过阵营内当前存活人数一半」"
RECOUNT = "开场行动 1「注意白天死者的票不计」, 聚灵晋升「抵消」, 误导「误导票视为原投票时间」"
LIMIT = "次数限制（计入窗口的本人发动不超过上限加双重武装的次数）"
CONSECUTIVE = "「不可对同一目标连续使用」"
SUPER = "导言「超能技能只有在有充能的情况下才可以使用」"
SHIELD = "灵能护盾「目标当日不会死，也不会被转变阵营」"
ARBITER = "仲裁者「仲裁者不可两日连任」"
PS1 = "胜负判定 PS1「某阵营达成失败条件后，不可再达成获胜条件」"
PS2 = "胜负判定 PS2（只有永恒 1 与凝聚 1 同列，可能同时获胜）"
LEGACY = "遗泽「所有存活的成员获得“充能”」"
FADE = "消逝「击杀欺骗者的阵营所有存活的成员获得“充能”」"
REACTION = "危机规避 / 极限反击「发动后无法发动…」（每次触发至多一种反应）"
TARGET_OK_DEAD = {"hero_summon"}  # 「选定一个死亡队友」


def violations(g: Any, factions: dict[int, str]) -> list[str]:
    """Check a finished (or stopped) game; ``factions`` is each seat's faction at the start."""
    out: list[str] = []
    spec = g.spec
    faction = dict(factions)
    alive = {p.n: True for p in g.players}
    announced: set[int] = set()
    seen_deaths: set[int] = set()
    counts: dict[tuple[int, str, str], int] = defaultdict(int)
    bonus: dict[tuple[int, str, str], int] = defaultdict(int)
    last_target: dict[tuple[int, str], list[int]] = {}
    charge_period: dict[int, int] = {}
    shields: list[tuple[int, int, int | None]] = []
    ballots: dict[int, dict[str, Any]] = {}
    arbiters: dict[int, int] = {}
    lost: set[str] = set()
    pending_charge: tuple[str, set[int], int] | None = None  # (source, expected seats, death seq)
    reactions = 0
    broken: dict[int, int] = {}  # 机能破坏: seat → the period from which it lost its normal abilities
    for e in g.events:
        d = e.data
        k = e.kind
        if pending_charge is not None and k not in ("charge", "charged", "quick_recharge"):
            src, want, _ = pending_charge
            if want:
                out.append(f"{LEGACY if src == 'legacy' else FADE}: seats {sorted(want)} not charged")
            pending_charge = None
        if k == "death":
            seat = int(d["seat"])
            if seat in seen_deaths:
                out.append(f"{EXITS}: seat {seat} died twice")
            seen_deaths.add(seat)
            alive[seat] = False
            for s_, start, end in shields:
                if s_ == seat and start <= int(d["period"]) and (end is None or int(d["period"]) <= end):
                    out.append(f"{SHIELD}: seat {seat} died under the shield")
            role = g.players[seat - 1].true_role
            holds = seat not in broken or int(d["period"]) < broken[seat]
            if role in nm.LEADERS and holds:
                want = {s for s, f in faction.items() if alive[s] and f == faction[seat]}
                pending_charge = ("legacy", want, 0)
            elif role == "deceiver" and holds and d["kill"] and d["credit"] and d["cause"] != "trial":
                want = {s for s, f in faction.items() if alive[s] and f in d["credit"]}
                pending_charge = ("fade", want, 0)
        elif k == "charge":
            seat = int(d["seat"])
            charge_period[seat] = int(d["period"])
            if pending_charge is not None and d["source"] == pending_charge[0]:
                pending_charge[1].discard(seat)
        elif k == "faction_change":
            seat = int(d["seat"])
            for s_, start, end in shields:
                if s_ == seat and start <= int(d["period"]) and (end is None or int(d["period"]) <= end):
                    out.append(f"{SHIELD}: seat {seat} changed faction under the shield")
            faction[seat] = str(d["to"])
        elif k == "effect" and d["effect"] == "psi_shield":
            shields.append((int(d["holder"]), int(d["from"]), d["to"]))
        elif k == "effect" and d["effect"] == "function_break":
            broken.setdefault(int(d["holder"]), int(d["from"]))
        elif k == "exits":
            announced.update(int(s) for s in d["seats"])
        elif k == "used":
            _used(spec, d, e, announced, counts, last_target, charge_period, out)
        elif k == "bonus":
            bonus[(int(d["seat"]), str(d["skill"]), str(d["window"]))] += 1
        elif k == "ballot":
            b = dict(d)
            b["round"] = e.night
            ballots[int(d["id"])] = b
            if int(d["target"]) in announced:
                out.append(f"{ANNOUNCED}: a ballot on seat {d['target']}")
        elif k in ("ballot_rewritten", "ballot_redirected"):
            ballots[int(d["id"])]["target"] = int(d["to"])
        elif k == "ballot_cancelled":
            ballots[int(d["id"])]["cancelled"] = True
        elif k == "ballot_void":
            ballots[int(d["id"])]["void"] = d["void"]
        elif k == "tally":
            votes, alive_n, passed = int(d["votes"]), int(d["alive"]), bool(d["passed"])
            th = spec.skills.skills[d["skill"]].threshold
            if passed != (
                votes * th.den > alive_n * th.num if th.strict else votes * th.den >= alive_n * th.num
            ):
                out.append(f"{THRESHOLD}: {d}")
            if d["skill"] == "telekinesis":
                recount = sum(
                    1
                    for b in ballots.values()
                    if b["round"] == e.night
                    and b["tally"] == d["faction"]
                    and b["target"] == d["target"]
                    and not b.get("cancelled")
                    and not b.get("void")
                )
                living = sum(1 for s, f in faction.items() if f == d["faction"] and alive[s])
                if (recount, living) != (votes, alive_n):
                    out.append(f"{RECOUNT}: recount {(recount, living)} vs tally {(votes, alive_n)}")
        elif k == "arbiter" and e.audience == "system":
            arbiters[int(d["round"])] = int(d["seat"])
        elif k == "faction_lost":
            lost.add(str(d["faction"]))
        elif k == "hostile_sense":
            reactions = 0
        elif k in ("avoided", "counterstrike"):
            reactions += 1
            if reactions > 1:
                out.append(f"{REACTION}: two reactions to one trigger")
        elif k == "result":
            won = str(d["winner"]).split("+")
            if set(won) & lost:
                out.append(f"{PS1}: {won} won after losing")
            if len(won) > 1 and sorted(str(d["row"]).split(",")) != ["cohesion/1", "eternal/1"]:
                out.append(f"{PS2}: {d}")
    for (seat, key, window), n in counts.items():
        rec = spec.skills.skills[key]
        if n > rec.limit.count + bonus[(seat, key, window)]:
            out.append(f"{LIMIT}: seat {seat} used {key} {n}× in window {window}")
    for r, seat in arbiters.items():
        if arbiters.get(r + 1) == seat:
            out.append(f"{ARBITER}: seat {seat} on days {r} and {r + 1}")
    return out


def _used(
    spec: Any,
    d: dict[str, Any],
    e: Any,
    announced: set[int],
    counts: dict[tuple[int, str, str], int],
    last_target: dict[tuple[int, str], list[int]],
    charge_period: dict[int, int],
    out: list[str],
) -> None:
    key = str(d["skill"])
    rec = spec.skills.skills.get(key)
    if rec is None:
        return
    seat = int(d["actor"])
    targets = [int(t) for t in d["targets"]]
    check = targets[:1] if key == "time_touch" else targets  # 「若该成员未存活」: the teammate may be dead
    if key not in TARGET_OK_DEAD and e.step != "dawn" and set(check) & announced:
        out.append(f"{ANNOUNCED}: {key} by {seat} on {sorted(set(check) & announced)}")
    if rec.no_consecutive and targets:
        if last_target.get((seat, key)) == targets:
            out.append(f"{CONSECUTIVE}: {key} by {seat} on {targets} twice running")
        last_target[(seat, key)] = targets
    if d["forced"]:
        return
    if d["window"] is not None and rec.kind is not Kind.FACTION:
        counts[(seat, key, str(d["window"]))] += 1
    if rec.kind is Kind.SUPER and not rec.limit.layers and d["via"] != "summoned":
        start = charge_period.get(seat)
        if start is None or not start <= int(d["period"]) <= start + 1:
            out.append(f"{SUPER}: {key} by {seat} in period {d['period']} (charged in {start})")


__all__ = ["violations"]
