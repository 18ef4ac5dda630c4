"""Helpers shared by several roles: identity pools (4.1.1, 7.3.1), repair settlement (2.8.13), amounts,
random choices for the seeded policy."""

from __future__ import annotations

import random

from ruleproof.specs.fanhanglu.engine.game import Game
from ruleproof.specs.fanhanglu.engine.model import Action, Player
from ruleproof.specs.fanhanglu.kernels import PY, quota_allows
from ruleproof.specs.fanhanglu.roles import JOB_CHANGE_DIRECTIONS, ROLE_BY_KEY, SKILL_BY_KEY

DERIVED = frozenset(JOB_CHANGE_DIRECTIONS)


def identity_pool(g: Game, humans_only: bool) -> list[str]:
    """4.1.1①② / 7.3.1: the roles of the opening announcement (no job-change roles); ③ roles whose
    every true holder is out are removed."""
    pool = []
    for role in g.roles_in_game:
        if role in DERIVED or (humans_only and ROLE_BY_KEY[role].faction != "humans"):
            continue
        if g.role_holders_alive(role):
            pool.append(role)
    return pool


def disguise_pool(g: Game) -> list[str]:
    """7.3.1 伪装身份池: the full role pool of the opening announcement, no job-change roles."""
    return [r for r in g.roles_in_game if r not in DERIVED]


def crew_check_identity(g: Game, p: Player) -> str:
    """4.1.1 查证呈现身份: the disguise tonight, else 普通船员 for (job-changed) crew, else the role."""
    if p.disguise_night == g.night:
        return p.disguise_id
    if p.base_role == "crew":
        return "crew"
    return p.presented


def checked_role(g: Game, p: Player) -> str:
    """2.8.1③之二②: what a detective check or an ambush check sees — the presented role, or tonight's
    strong disguise (7.3.0②, 2.8.1③之三③); an ordinary disguise fools crew checks only."""
    if p.disguise_night == g.night and p.disguise_strong:
        return p.disguise_id
    return p.presented


def with_original(role: str) -> dict[str, str]:
    """4.7.5 / 6.1.1①: a job-changed role is shown with 原职业：普通船员."""
    return {"role": role, "original": "crew"} if role in DERIVED else {"role": role}


def check_amount(g: Game, a: Action, lo_key: str, hi_key: str, step_key: str, clause: str) -> int:
    lo, hi, step = g.p(lo_key), g.p(hi_key), g.p(step_key)
    if a.amount is None or not lo <= a.amount <= hi or (a.amount - lo) % step:
        shown = f"{lo / 100:.2f}~{hi / 100:.2f}，步长 {step / 100:.2f}"
        raise g.illegal(
            clause, f"数值须在 {shown}", f"amount must be in {lo / 100}..{hi / 100} by {step / 100}", a
        )
    return a.amount


def settle_repair(g: Game, amount: int) -> int:
    """2.8.13: the settled repair after a stall night (100 %) or a repair cut (25 %/50 %); the highest
    cut alone applies (③); rounded half up to 0.01 (⑥)."""
    pct = 100 if g.stall_night == g.night else (g.repair_cut_pct if g.repair_cut_night == g.night else 0)
    return (amount * (100 - pct) + 50) // 100


def random_amount(rng: random.Random, g: Game, lo_key: str, hi_key: str, step_key: str) -> int:
    lo, hi, step = g.p(lo_key), g.p(hi_key), g.p(step_key)
    return lo + step * rng.randrange((hi - lo) // step + 1)


def living_others(g: Game, p: Player) -> list[int]:
    return [q.n for q in g.players if q.alive and q.n != p.n]


def living(g: Game) -> list[int]:
    return [q.n for q in g.players if q.alive]


def attack_feedback(g: Game, p: Player, targets: tuple[int, ...], results: list[bool]) -> None:
    """7.2.2: one combined message per action, one 生效∕无效 per portion."""
    g.private(
        p.n,
        "attack_result",
        {"targets": list(targets), "results": ["effective" if r else "ineffective" for r in results]},
    )


def ledger_holders(g: Game) -> list[Player]:
    """Everyone whose passive quotas accrue (2.1.5): the players, and the inactive mirror ledgers of a
    living death-row alien (2.8.5②: a mirror keeps accruing whether or not its role is presented)."""
    if not g.mirrors:
        return g.players
    out = list(g.players)
    for n, mirrors in g.mirrors.items():
        body = g.players[n - 1]
        if body.alive:
            out.extend(m for role, m in mirrors.items() if role != body.role)
    return out


def is_mirror(g: Game, p: Player) -> bool:
    return g.players[p.n - 1] is not p


def dying_targets(g: Game, a: Action, clause: str) -> None:
    """4.6.1 / 6.8.4④: the targets of a rescue or revive must be dying at the step's snapshot."""
    for t in a.targets:
        if not g.players[t - 1].dying:
            raise g.illegal(clause, f"{t} 号未处于濒死", f"player {t} is not dying", a)


def quota_held(p: Player, a: Action) -> int:
    """What ``p`` holds of the quota of ``a``'s skill (the spec names the counter: ``SkillDef.quota``)."""
    value = getattr(p, SKILL_BY_KEY[a.skill].quota)
    assert isinstance(value, int)
    return value


def quota_targets(g: Game, a: Action, held: int, what: str, what_en: str) -> None:
    """2.5.1 额度即上限: one target per unit held, at least one."""
    if not quota_allows(PY, len(a.targets), held):
        raise g.illegal(
            "2.5.1", f"可指定目标数＝剩余{what}（{held}）", f"targets ≤ {what_en} held ({held})", a
        )
