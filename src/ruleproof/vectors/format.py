"""``ruleproof-vector/1``: load, validate and dump language-neutral test vectors.

A vector is one JSON object (see docs/vectors.md for the full format)::

    {"format": "ruleproof-vector/1", "book": "fanhanglu/v1preview1.0", "id": "…", "title": "…",
     "cites": ["4.4.6"], "interpretation": {}, "params": {},
     "setup": {"players": {"1": "crew", …, "15": "alien"}},
     "script": [{"night": 1, "order": [3, 1], "actions": [{"actor": 6, "skill": "shoot", "targets": [12]}]},
                {"day": 1, "votes": {"4": 12, "5": 12, "6": null}}],
     "run": "script",
     "expect": [{"after": "night 1", "dead": [12]}, {"final": {"winner": "humans"}}]}

Loading checks the shape only (known keys, types, ids); the engine checks the rules.  Errors are
:class:`ruleproof.errors.BadInput` naming the file and the offending place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from ruleproof.errors import BadInput, UserError
from ruleproof.jsonout import dumps

FORMAT = "ruleproof-vector/1"
TOP_KEYS = {
    "format",
    "book",
    "id",
    "title",
    "description",
    "cites",
    "interpretation",
    "params",
    "setup",
    "script",
    "run",
    "expect",
}
REQUIRED = ("format", "book", "id", "cites", "setup", "script", "expect")
ACTION_KEYS = {
    "actor",
    "skill",
    "targets",
    "amount",
    "direction",
    "identities",
    "product",
    "silence",
    "strong",
    "accept",
    "corpse",
    "kinds",
    "step",
    "sessions",
    "content",
}
EXPECT_KEYS = {
    "after",
    "dead",
    "exiled",
    "alive",
    "dying",
    "state",
    "batches",
    "feedback",
    "no_feedback",
    "events",
    "no_events",
    "note",
}
RUN_MODES = ("script", "pass", "random")
CLAUSE_RE = re.compile(r"^(\d+(\.\d+)*|附录[一二三四])$")
AFTER_RE = re.compile(r"^(night (\d+)( start| step (\S+))?|day (\d+))$")


@dataclass
class ActionSpec:
    """An action as written in a vector, with amounts converted to hundredths."""

    night: int  # the night (or the day's night number for votes)
    actor: int
    skill: str
    targets: tuple[int, ...] = ()
    amount: int | None = None
    direction: str | None = None
    identities: tuple[str, ...] = ()
    product: str | None = None
    silence: bool = False
    strong: bool = False
    accept: int | None = None
    corpse: int | None = None
    kinds: tuple[str, ...] = ()
    step: str | None = None  # the window of a skill with several (the night escape, 6.9.3①)
    sessions: tuple[str, ...] = ()  # vote sessions ("day 2", "meeting 4") of a public vote-source map
    content: tuple[str, ...] = ()  # the eavesdropper's report: the text filed for each reported pair


@dataclass
class Vector:
    raw: dict[str, Any]
    path: str
    nights: dict[int, list[ActionSpec]] = field(default_factory=dict)
    days: dict[int, list[ActionSpec]] = field(default_factory=dict)
    orders: dict[int, list[int]] = field(default_factory=dict)
    draws: dict[int, tuple[int, dict[int, bool]]] = field(default_factory=dict)  # day → (clock, votes)
    last: tuple[str, int] = ("night", 0)  # the last scripted item

    @property
    def id(self) -> str:
        return str(self.raw["id"])

    @property
    def expect(self) -> list[dict[str, Any]]:
        return list(self.raw["expect"])

    @property
    def run_mode(self) -> str:
        return str(self.raw.get("run", "script"))


def _bad(where: str, zh: str, en: str) -> BadInput:
    return BadInput(f"{where}：{zh}", f"{where}: {en}")


def _int(where: str, v: Any, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _bad(where, f"{what} 须为整数", f"{what} must be an integer")
    return v


def centi(where: str, v: Any) -> int:
    """An author's decimal (1.5) as hundredths (150); exact, at most two decimals."""
    if isinstance(v, bool) or not isinstance(v, int | float | str):
        raise _bad(where, "amount 须为数", "amount must be a number")
    try:
        d = Decimal(str(v)) * 100
    except InvalidOperation:
        raise _bad(where, "amount 须为数", "amount must be a number") from None
    if d != d.to_integral_value():
        raise _bad(where, "amount 至多两位小数", "amount has at most two decimals")
    return int(d)


def _action(where: str, night: int, obj: Any) -> ActionSpec:
    if not isinstance(obj, dict):
        raise _bad(where, "行动须为对象", "an action must be an object")
    unknown = set(obj) - ACTION_KEYS
    if unknown:
        raise _bad(where, f"未知字段 {sorted(unknown)}", f"unknown keys {sorted(unknown)}")
    if "actor" not in obj or "skill" not in obj:
        raise _bad(where, "行动须含 actor 与 skill", "an action needs actor and skill")
    targets = obj.get("targets", [])
    if not isinstance(targets, list):
        raise _bad(where, "targets 须为列表", "targets must be a list")
    ids = obj.get("identities", [])
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise _bad(where, "identities 须为字符串列表", "identities must be a list of strings")
    kinds = obj.get("kinds", [])
    if not isinstance(kinds, list) or not all(isinstance(i, str) for i in kinds):
        raise _bad(where, "kinds 须为字符串列表", "kinds must be a list of strings")
    sessions = obj.get("sessions", [])
    if not isinstance(sessions, list) or not all(isinstance(i, str) for i in sessions):
        raise _bad(where, "sessions 须为字符串列表", "sessions must be a list of strings")
    content = obj.get("content", [])
    if not isinstance(content, list) or not all(isinstance(i, str) for i in content):
        raise _bad(
            where, "content 须为字符串列表（每组一段）", "content must be a list of strings (one per pair)"
        )
    return ActionSpec(
        night=night,
        actor=_int(where, obj["actor"], "actor"),
        skill=str(obj["skill"]),
        targets=tuple(_int(where, t, "target") for t in targets),
        amount=centi(where, obj["amount"]) if "amount" in obj else None,
        direction=str(obj["direction"]) if "direction" in obj else None,
        identities=tuple(ids),
        product=str(obj["product"]) if "product" in obj else None,
        silence=bool(obj.get("silence", False)),
        strong=bool(obj.get("strong", False)),
        accept=_int(where, obj["accept"], "accept") if obj.get("accept") is not None else None,
        corpse=_int(where, obj["corpse"], "corpse") if obj.get("corpse") is not None else None,
        kinds=tuple(kinds),
        step=str(obj["step"]) if "step" in obj else None,
        sessions=tuple(sessions),
        content=tuple(content),
    )


def parse_vector(raw: Any, path: str = "<vector>") -> Vector:
    """Validate the shape of a vector object and split its script by night and day."""
    if not isinstance(raw, dict):
        raise _bad(path, "向量须为 JSON 对象", "a vector is a JSON object")
    missing = [k for k in REQUIRED if k not in raw]
    if missing:
        raise _bad(path, f"缺少字段 {missing}", f"missing keys {missing}")
    unknown = set(raw) - TOP_KEYS
    if unknown:
        raise _bad(path, f"未知字段 {sorted(unknown)}", f"unknown keys {sorted(unknown)}")
    if raw["format"] != FORMAT:
        raise _bad(path, f"format 须为 {FORMAT}", f"format must be {FORMAT}")
    cites = raw["cites"]
    if (
        not isinstance(cites, list)
        or not cites
        or not all(isinstance(c, str) and CLAUSE_RE.match(c) for c in cites)
    ):
        raise _bad(path, "cites 须为非空的条款编号列表", "cites must be a non-empty list of clause ids")
    for key in ("interpretation", "params"):
        if not isinstance(raw.get(key, {}), dict):
            raise _bad(path, f"{key} 须为对象", f"{key} must be an object")
    setup = raw["setup"]
    if not isinstance(setup, dict) or not isinstance(setup.get("players"), dict):
        raise _bad(path, "setup.players 须为 编号→职业 的对象", "setup.players must map numbers to roles")
    if raw.get("run", "script") not in RUN_MODES:
        raise _bad(path, f"run 须为 {RUN_MODES} 之一", f"run must be one of {RUN_MODES}")
    vec = Vector(raw=raw, path=path)
    script = raw["script"]
    if not isinstance(script, list):
        raise _bad(path, "script 须为列表", "script must be a list")
    for i, item in enumerate(script):
        where = f"{path} script[{i}]"
        if not isinstance(item, dict) or ("night" in item) == ("day" in item):
            raise _bad(where, "每项须恰含 night 或 day", "each item has exactly one of night / day")
        if "night" in item:
            n = _int(where, item["night"], "night")
            night = vec.nights.setdefault(n, [])
            night.extend(_item_actions(where, n, item, NIGHT_ITEM_KEYS))
            night.extend(_votes(where, n, item.get("meeting_votes", {}), "meeting_vote"))
            if "order" in item:
                order = item["order"]
                if not isinstance(order, list):
                    raise _bad(where, "order 须为编号列表", "order must be a list of numbers")
                vec.orders[n] = [_int(where, x, "order") for x in order]
            vec.last = max(vec.last, ("night", n), key=_item_rank)
        else:
            n = _int(where, item["day"], "day")
            day = vec.days.setdefault(n, [])
            day.extend(_item_actions(where, n, item, DAY_ITEM_KEYS))
            day.extend(_votes(where, n, item.get("votes", {}), "vote"))
            if "clock" in item or "draw_votes" in item:
                vec.draws[n] = _draw(where, item)
            vec.last = max(vec.last, ("day", n), key=_item_rank)
    expect = raw["expect"]
    if not isinstance(expect, list) or not expect:
        raise _bad(path, "expect 须为非空列表", "expect must be a non-empty list")
    for i, e in enumerate(expect):
        _check_expectation(f"{path} expect[{i}]", e)
    return vec


NIGHT_ITEM_KEYS = ("night", "order", "actions", "meeting_votes", "note")
DAY_ITEM_KEYS = ("day", "votes", "actions", "clock", "draw_votes", "note")


def _item_actions(where: str, n: int, item: dict[str, Any], keys: tuple[str, ...]) -> list[ActionSpec]:
    """The keys a night or day item may hold, and its ``actions``."""
    if set(item) - set(keys):
        kind = "夜项" if keys[0] == "night" else "日项"
        raise _bad(where, f"{kind}仅含 {'∕'.join(keys)}", f"{keys[0]} items hold {'/'.join(keys)}")
    acts = item.get("actions", [])
    if not isinstance(acts, list):
        raise _bad(where, "actions 须为列表", "actions must be a list")
    return [_action(f"{where} actions[{j}]", n, a) for j, a in enumerate(acts)]


def _votes(where: str, n: int, votes: Any, skill: str) -> list[ActionSpec]:
    """``{"voter": target | null}`` → one action per vote (null = abstain), in voter order."""
    if not isinstance(votes, dict):
        raise _bad(where, "votes 须为 投票者→目标 的对象", "votes maps voter → target")
    out = []
    for voter, target in sorted(votes.items(), key=lambda kv: int(kv[0]) if str(kv[0]).isdigit() else 0):
        if not str(voter).isdigit():
            raise _bad(where, f"投票者须为编号：{voter}", f"voter must be a number: {voter}")
        if target is not None:
            out.append(
                ActionSpec(
                    night=n, actor=int(voter), skill=skill, targets=(_int(where, target, "vote target"),)
                )
            )
    return out


def _draw(where: str, item: dict[str, Any]) -> tuple[int, dict[int, bool]]:
    """1.5.3: the wall clock (minutes since the game started) and the draw votes of that day."""
    clock = _int(where, item.get("clock"), "clock")
    votes = item.get("draw_votes", {})
    if not isinstance(votes, dict) or not all(
        str(k).isdigit() and isinstance(v, bool) for k, v in votes.items()
    ):
        raise _bad(where, "draw_votes 须为 编号→true∕false", "draw_votes maps voter → true / false")
    return clock, {int(k): v for k, v in votes.items()}


def _item_rank(item: tuple[str, int]) -> tuple[int, int]:
    kind, n = item
    return (n, 1 if kind == "day" else 0)


def _check_expectation(where: str, e: Any) -> None:
    if not isinstance(e, dict):
        raise _bad(where, "期望须为对象", "an expectation is an object")
    if "final" in e or "illegal" in e:
        if len(e) != 1:
            raise _bad(where, "final∕illegal 期望须单独成项", "final / illegal stand alone")
        return
    if "after" not in e or not isinstance(e["after"], str) or not AFTER_RE.match(e["after"]):
        raise _bad(
            where,
            "after 须为 'night N'、'night N start'、'night N step S' 或 'day N'",
            "after must be 'night N', 'night N start', 'night N step S' or 'day N'",
        )
    unknown = set(e) - EXPECT_KEYS
    if unknown:
        raise _bad(where, f"未知期望字段 {sorted(unknown)}", f"unknown expectation keys {sorted(unknown)}")


def load_vector(path: str | Path) -> Vector:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"找不到向量文件：{path}", f"vector file not found: {path}") from None
    except OSError as exc:
        raise BadInput(f"无法读取 {path}：{exc.strerror}", f"cannot read {path}: {exc.strerror}") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(
            f"{path}：不是合法 JSON（第 {exc.lineno} 行）", f"{path}: invalid JSON (line {exc.lineno})"
        ) from None
    return parse_vector(raw, str(path))


def dump_vector(raw: Mapping[str, Any]) -> str:
    """Deterministic JSON text of a vector (key order as given, UTF-8, two-space indent)."""
    return dumps(dict(raw))


def parse_after(label: str) -> tuple[str, int, str | None]:
    """'night 5' → ('night', 5, None); 'night 5 start' → ('night', 5, 'arrival');
    'night 5 step 0.55' → ('night', 5, '0.55'); 'day 5' → ('day', 5, None)."""
    m = AFTER_RE.match(label)
    if m is None:
        raise UserError(f"无法解析 after：{label}", f"cannot parse after: {label}")
    if m.group(5):
        return "day", int(m.group(5)), None
    step = "arrival" if m.group(3) == " start" else m.group(4)
    return "night", int(m.group(2)), step


__all__ = [
    "FORMAT",
    "ActionSpec",
    "Vector",
    "centi",
    "dump_vector",
    "load_vector",
    "parse_after",
    "parse_vector",
]
