"""Propositions the 艺术家 asks about and the 博学者 is told — read, where the engine can, and judged on the
state, so that their answers are constrained as the text says.

* 艺术家 作画 「提出一个命题, 获得信息：该命题是否为真。（真/假/不确定）」: a sober 艺术家 gets the truth — 真 or 假
  when the state decides it, any of 真 / 假 / 不确定 when a registration leaves it open (隐士
  「可能被视为一个邪恶角色」); a proposition the engine cannot read is answered freely and logged
  ``unverifiable``.
* 博学者 博学 「两条信息，其中一条是正确的，一条是错误的」, and its note 「如果博学者拥有[迷乱]状态，两条信息都是错误的」:
  an answer is two statements joined by 「｜」; sober, one must be true and the other false, [迷乱] both
  false, 醉酒 / 中毒 anything.  A statement the engine cannot read is accepted and logged.

What the engine reads (seats as ``N号``; roles by their Chinese names, kinds as 村民 / 外来者 / 爪牙 / 恶魔):
``N号是<身份>``, ``N号是<种类>``, ``N号是善良`` / ``N号是邪恶`` (阵营), ``N号存活`` / ``N号死亡``,
``场上有<身份>`` / ``<身份>在场``, ``N号不是…``, and any of them joined by 「且」 / 「或」 (且 binds first).
Each is judged as the asking seat sees it (提线木偶 as its Townsfolk to a good seat).
"""

from __future__ import annotations

import re
from typing import Any

from ruleproof.specs.botc_m124.engine import info
from ruleproof.specs.botc_m124.engine.model import Player
from ruleproof.specs.botc_m124.roles import ROLE_BY_KEY, ROLE_BY_ZH, Kind
from ruleproof.specs.botc_m124.tables import ANSWERS as TABLE_ANSWERS

Truth = frozenset[bool]
"""The values a proposition may take: {True}, {False}, or both when a registration leaves it open."""

T: Truth = frozenset({True})
F: Truth = frozenset({False})
EITHER: Truth = frozenset({True, False})
KINDS = {k.value: k for k in Kind}
SEP = "｜"
GOOD_ZH, EVIL_ZH = "善良", "邪恶"
_SEAT = re.compile(r"^(\d{1,2})号(不是|是|存活|死亡|已死亡)(.*)$")
_IN_PLAY = re.compile(r"^(?:场上有(.+)|(.+)在场)$")


def _role(name: str) -> str | None:
    name = name.strip()
    if name in ROLE_BY_ZH:
        return ROLE_BY_ZH[name].key
    return name if name in ROLE_BY_KEY else None


def _atom(g: Any, viewer: Player, text: str) -> Truth | None:
    text = text.strip().rstrip("。")
    m = _SEAT.match(text)
    if m:
        n, verb, rest = int(m.group(1)), m.group(2), m.group(3).strip()
        if not 1 <= n <= len(g.players):
            return None
        q = g.players[n - 1]
        if verb in ("存活", "死亡", "已死亡"):
            if rest:
                return None
            alive = g.alive_pred(q)
            return T if alive == (verb == "存活") else F
        value = _is(g, viewer, q, rest)
        if value is None:
            return None
        return frozenset(not v for v in value) if verb == "不是" else value
    m = _IN_PLAY.match(text)
    if m:
        role = _role(m.group(1) or m.group(2))
        if role is None:
            return None
        in_play = role in {p.role for p in g.players} or (role == "lilmonsta" and g.setup.monsta)
        return T if in_play else F
    return None


def _is(g: Any, viewer: Player, q: Player, what: str) -> Truth | None:
    what = what.removesuffix("阵营").removesuffix("角色").strip()
    if what in (GOOD_ZH, EVIL_ZH):
        views = set(info.evil_views(g, q))
        return frozenset(v == (what == EVIL_ZH) for v in views)
    if what in KINDS:
        if KINDS[what] is Kind.DEMON:
            return T if g.is_demon(q) else F
        seen = ROLE_BY_KEY[info.registered_role(g, q, viewer)].kind
        return T if seen is KINDS[what] else F
    role = _role(what)
    if role is None:
        return None
    return T if info.registered_role(g, q, viewer) == role else F


def judge(g: Any, viewer: Player, text: str) -> Truth | None:
    """The values ``text`` may take for ``viewer`` now; None when the engine cannot read it."""
    out: set[bool] = {False}
    for disjunct in text.split("或"):
        values: set[bool] = {True}
        for conj in disjunct.split("且"):
            v = _atom(g, viewer, conj)
            if v is None:
                return None
            values = {a and b for a in values for b in v}
        out = {a or b for a in out for b in values}
    return frozenset(out)


# ── 艺术家 ─────────────────────────────────────────────────────────────────────────────────

ANSWERS = TABLE_ANSWERS["artist.info"]


def artist(g: Any, p: Player, key: str, proposition: str) -> str:
    value = judge(g, p, proposition)
    if value is None:
        g.log("unverifiable", {"seat": p.n, "skill": key, "proposition": proposition})
        truth = list(ANSWERS)
    elif value == T:
        truth = [ANSWERS[0]]
    elif value == F:
        truth = [ANSWERS[1]]
    else:
        truth = list(ANSWERS)

    def is_true(pick: str) -> bool | None:
        if value is None:
            return None
        return pick in truth

    return info.give(
        g, p, key, truth, lambda: list(ANSWERS), payload={"proposition": proposition}, is_true=is_true
    )


# ── 博学者 ─────────────────────────────────────────────────────────────────────────────────


def split(answer: str) -> list[str]:
    return [s.strip() for s in answer.replace("|", SEP).split(SEP)]


def savant_refusal(g: Any, p: Player, state: str, answer: str) -> str | None:
    """Why ``answer`` may not be the 博学者's in ``state`` (None: it may)."""
    parts = split(answer)
    if len(parts) != 2 or not all(parts):
        return "须为两条信息，以「｜」分隔"
    if state == "impaired":
        return None
    values = [judge(g, p, s) for s in parts]
    if any(v is None for v in values):
        return None  # the engine cannot read it: accepted, logged as unverifiable
    a, b = (v for v in values if v is not None)
    if state == "confused":
        return None if False in a and False in b else "[迷乱]：两条信息都须是错误的"
    if (True in a and False in b) or (False in a and True in b):
        return None
    return "须一条正确、一条错误"


def _statements(g: Any, p: Player) -> tuple[list[str], list[str]]:
    """True and false statements about every other seat's kind, as ``p`` sees them."""
    true: list[str] = []
    false: list[str] = []
    kinds = list(KINDS)
    for q in g.players:
        if q.n == p.n:
            continue
        seen = "恶魔" if g.is_demon(q) else ROLE_BY_KEY[info.registered_role(g, q, p)].kind.value
        true.append(f"{q.n}号是{seen}")
        false.append(f"{q.n}号是{kinds[(kinds.index(seen) + 1) % len(kinds)]}")
    return true, false


def savant(g: Any, p: Player, key: str) -> str:
    true, false = _statements(g, p)
    n = len(true)
    sober = [f"{true[i]}{SEP}{false[(i + 1) % n]}" for i in range(n)]
    sober += [f"{false[i]}{SEP}{true[(i + 1) % n]}" for i in range(n)]
    confused = [f"{false[i]}{SEP}{false[(i + 1) % n]}" for i in range(n)]
    every = sober + confused + [f"{true[i]}{SEP}{true[(i + 1) % n]}" for i in range(n)]

    def is_true(pick: str) -> bool | None:
        values = [judge(g, p, s) for s in split(pick)]
        if len(values) != 2 or any(v is None for v in values):
            return None
        return savant_refusal(g, p, "sober", pick) is None

    confused_now = g.has(p.n, "迷乱")  # the confused get what is not in the truth (info.give)
    return info.give(
        g,
        p,
        key,
        sober,
        (lambda: confused) if confused_now else (lambda: every),
        accept=lambda state, pick: savant_refusal(g, p, state, pick),
        is_true=is_true,
    )


__all__ = ["ANSWERS", "SEP", "artist", "judge", "savant", "savant_refusal", "split"]
