"""Event data in words, for a game log a person reads: ``target=8，answers={'vote_inspector': False}``
becomes ``目标 8 号，答复：验票官 否``.

:func:`describe` renders any event's data (a JSON-like dict) with the field names of :data:`FIELDS`, seats
as 「N 号」, booleans as 是∕否, and every other word through the book's :class:`Glossary` (its roles,
skills, causes of death, event kinds…); a word neither knows is shown as it is, never dropped.  Every book
inherits it: the runtime's default log uses it, and a book's own renderer may fall back on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# field name → (中文, English); the fields events of the bundled books carry
FIELDS: dict[str, tuple[str, str]] = {
    "actor": ("行动者", "actor"),
    "amount": ("数量", "amount"),
    "announcements": ("公告", "announcements"),
    "answers": ("答复", "answers"),
    "armor": ("护甲", "armor"),
    "attacker": ("攻击者", "attacker"),
    "batch": ("批次", "batch"),
    "blocks_night": ("受阻之夜", "blocked night"),
    "cause": ("原因", "cause"),
    "checks": ("查验人次", "checks"),
    "chosen": ("选定", "chosen"),
    "corpse": ("尸体", "corpse"),
    "count": ("次数", "count"),
    "countdown": ("倒计时", "countdown"),
    "deaths": ("死亡", "deaths"),
    "direction": ("方向", "direction"),
    "due": ("到期", "due"),
    "eligible": ("有资格者", "eligible"),
    "evolved": ("进化数", "evolved"),
    "exiled": ("被驱逐者", "exiled"),
    "exposed": ("暴露", "exposed"),
    "for": ("所为", "for"),
    "group": ("组", "group"),
    "initiator": ("发起者", "initiator"),
    "killer": ("击杀者", "killer"),
    "kind": ("种类", "kind"),
    "layer": ("抵挡层", "layer"),
    "n": ("次数", "count"),
    "night": ("夜", "night"),
    "net_damage": ("净破坏量", "net damage"),
    "pairs": ("配对", "pairs"),
    "partner": ("同伴", "partner"),
    "path": ("途径", "path"),
    "patrol": ("巡逻", "patrol"),
    "player": ("玩家", "player"),
    "players": ("玩家", "players"),
    "points": ("积分", "points"),
    "poisoned": ("中毒", "poisoned"),
    "protected": ("受保护", "protected"),
    "reason": ("原因", "reason"),
    "remaining": ("剩余", "remaining"),
    "result": ("结果", "result"),
    "results": ("结果", "results"),
    "revives": ("复生", "revives"),
    "revives_left": ("剩余复生次数", "revives left"),
    "role": ("职业", "role"),
    "score": ("得分", "score"),
    "settled": ("结算", "settled"),
    "shutdown": ("停摆", "shutdown"),
    "skill": ("技能", "skill"),
    "source": ("来源", "source"),
    "sources": ("来源", "sources"),
    "stock": ("库存", "stock"),
    "target": ("目标", "target"),
    "targets": ("目标", "targets"),
    "tier": ("程度", "tier"),
    "total": ("总量", "total"),
    "type": ("类型", "type"),
    "voided": ("作废", "voided"),
    "votes": ("票型", "votes"),
}

# fields whose numbers are seats (玩家 N 号)
SEAT_FIELDS = frozenset(
    {
        "actor",
        "attacker",
        "corpse",
        "eligible",
        "exiled",
        "initiator",
        "killer",
        "partner",
        "player",
        "players",
        "target",
        "targets",
        "votes",
    }
)

# values the runtime itself uses
VALUES: dict[str, tuple[str, str]] = {
    "dying": ("濒死", "dying"),
    "dead": ("死亡", "dead"),
    "death": ("死亡", "death"),
    "effective": ("生效", "effective"),
    "ineffective": ("无效", "ineffective"),
    "blocked": ("被挡下", "blocked"),
    "none": ("无", "none"),
}


@dataclass(frozen=True)
class Glossary:
    """A book's words: identifier → (中文, English) — roles, skills, causes, event kinds, results."""

    words: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def word(self, key: str, lang: str) -> str:
        pair = self.words.get(key) or VALUES.get(key)
        if pair is None:
            return key
        return pair[1] if lang == "en" else pair[0]


def _seat(n: Any, lang: str) -> str:
    return f"player {n}" if lang == "en" else f"{n} 号"


def value(v: Any, lang: str, glossary: Glossary, *, seat: bool = False) -> str:
    """One value in words (``seat``: its numbers are players)."""
    zh = lang != "en"
    if isinstance(v, bool):
        return ("是" if v else "否") if zh else ("yes" if v else "no")
    if v is None:
        return "—"
    if isinstance(v, int) and seat:
        return _seat(v, lang)
    if isinstance(v, int | float):
        return f"{v:g}" if isinstance(v, float) else str(v)
    if isinstance(v, str):
        if seat and v.isdigit():
            return _seat(v, lang)
        return glossary.word(v, lang)
    if isinstance(v, list | tuple):
        if not v:
            return "无" if zh else "none"
        return ("、" if zh else ", ").join(value(x, lang, glossary, seat=seat) for x in v)
    if isinstance(v, Mapping):
        if not v:
            return "无" if zh else "none"
        return ("；" if zh else "; ").join(_pair(k, x, lang, glossary, seat) for k, x in v.items())
    return str(v)


def _pair(k: Any, x: Any, lang: str, glossary: Glossary, seat: bool) -> str:
    key = str(k)
    if key in FIELDS:
        name = FIELDS[key][1] if lang == "en" else FIELDS[key][0]
        return f"{name} {value(x, lang, glossary, seat=key in SEAT_FIELDS)}"
    if key.isdigit():  # a map keyed by seat: votes {"13": 1}
        label = _seat(key, lang)
        return f"{label}→{value(x, lang, glossary, seat=seat)}"
    return f"{glossary.word(key, lang)} {value(x, lang, glossary)}"


def describe(data: Mapping[str, Any], lang: str = "zh", glossary: Glossary | None = None) -> str:
    """An event's data in words, fields in their order: 「目标 8 号，答复：验票官 否」."""
    g = glossary or Glossary()
    if not data:
        return "—"
    sep = "，" if lang != "en" else ", "
    return sep.join(_pair(k, v, lang, g, False) for k, v in data.items())


__all__ = ["FIELDS", "SEAT_FIELDS", "Glossary", "describe", "value"]
