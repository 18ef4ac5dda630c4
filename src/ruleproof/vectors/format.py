"""``ruleproof-vector/1``: load, validate and dump language-neutral test vectors.

A vector is one JSON object (see docs/vectors.md for the full format)::

    {"format": "ruleproof-vector/1", "book": "fanhanglu/v1preview1.0", "id": "…", "title": "…",
     "cites": ["4.4.6"], "interpretation": {}, "params": {},
     "setup": {"players": {"1": "crew", …, "15": "alien"}},
     "script": [{"night": 1, "order": [3, 1], "actions": [{"actor": 6, "skill": "shoot", "targets": [12]}]},
                {"day": 1, "votes": {"4": 12, "5": 12, "6": null}}],
     "run": "script",
     "expect": [{"after": "night 1", "dead": [12]}, {"final": {"winner": "humans"}}]}

The shape is the same for every book; the words are the book's.  A :class:`Vocabulary` (from the book's
profile, found by the vector's ``book`` field) says which extra action fields, script item keys,
expectation keys and clause ids the book's vectors use.  Loading checks the shape only; the book's
engine checks the rules.  Errors are :class:`ruleproof.errors.BadInput` naming the file and the place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
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
CORE_ACTION_KEYS = ("actor", "skill", "targets", "step")
# expectation keys every book has; a book adds its seat sets (dead, exiled…) and its own (batches…)
EXPECT_KEYS = frozenset({"after", "state", "feedback", "no_feedback", "events", "no_events", "note"})
RUN_MODES = ("script", "pass", "random")
AFTER_RE = re.compile(r"^(night (\d+)( start| step (\S+))?|day (\d+)( step (\S+))?)$")
START = "start"  # parse_after's step for "night N start": the book's first step of the night

FieldParser = Callable[[str, Any], Any]  # (where, raw JSON value) → the field's value; raises BadInput
ItemParser = Callable[[str, Mapping[str, Any]], Any]  # (where, script item) → the book's extra data or None


def _bad(where: str, zh: str, en: str) -> BadInput:
    return BadInput(f"{where}：{zh}", f"{where}: {en}")


def _int(where: str, v: Any, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _bad(where, f"{what} 须为整数", f"{what} must be an integer")
    return v


# ── field parsers a book's vocabulary is built from ────────────────────────────────────────────


def int_field(name: str) -> FieldParser:
    return lambda where, v: _int(where, v, name)


def optional_int_field(name: str) -> FieldParser:
    return lambda where, v: None if v is None else _int(where, v, name)


def str_field(where: str, v: Any) -> str:
    return str(v)


def bool_field(where: str, v: Any) -> bool:
    return bool(v)


def str_list_field(name: str, zh: str | None = None, en: str | None = None) -> FieldParser:
    def parse(where: str, v: Any) -> tuple[str, ...]:
        if not isinstance(v, list) or not all(isinstance(i, str) for i in v):
            raise _bad(where, zh or f"{name} 须为字符串列表", en or f"{name} must be a list of strings")
        return tuple(v)

    return parse


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


@dataclass(frozen=True)
class Vocabulary:
    """The book-specific words of its vectors.

    * ``action_fields`` — action keys beyond ``actor``, ``skill``, ``targets``, ``step``, each with its
      parser, in the order the book documents them (``at``: a real-time moment, read by stream periods);
    * ``item_keys`` — the keys a ``night`` / ``day`` script item may hold (``order``, ``actions``,
      ``choices`` and ``note`` are read here, the keys of ``vote_items`` as votes, the rest by
      ``item_parser``);
    * ``vote_items`` — per half, item keys written ``{"voter": target | null}`` and the skill each vote is;
    * ``item_parser`` — per half, reads the book's own item keys; its result is kept in ``Vector.extras``;
    * ``seat_sets`` — expectation keys listing seats: ``out`` (the seats whose ``out`` state field is the
      key: dead, exiled) or ``flag`` (a true boolean state field: alive, dying);
    * ``expect_keys`` — further expectation keys the book's engine checks (batches);
    * ``day_steps`` — whether checkpoints may name a step of the day (``day N step S``);
    * ``clause_re`` — what a clause id of the book looks like (``cites``).
    """

    action_fields: Mapping[str, FieldParser] = field(default_factory=dict)
    item_keys: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: {
            "night": ("night", "order", "actions", "choices", "note"),
            "day": ("day", "votes", "actions", "choices", "note"),
        }
    )
    vote_items: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: {"day": {"votes": "vote"}})
    item_parser: Mapping[str, ItemParser] = field(default_factory=dict)
    seat_sets: Mapping[str, str] = field(default_factory=lambda: {"dead": "out", "alive": "flag"})
    expect_keys: frozenset[str] = frozenset()
    day_steps: bool = False
    clause_re: re.Pattern[str] = re.compile(r"^\S+$")

    def expectation_keys(self) -> list[str]:
        """Every key an expectation may hold (with ``final`` and ``illegal``), sorted."""
        return sorted(EXPECT_KEYS | set(self.seat_sets) | self.expect_keys | {"final", "illegal"})

    def action_keys(self) -> tuple[str, ...]:
        return (*CORE_ACTION_KEYS, *self.action_fields)


@dataclass
class ActionSpec:
    """An action as written in a vector: the shared keys, and the book's fields parsed (``fields``)."""

    night: int  # the round of the item it stands in
    actor: int
    skill: str
    targets: tuple[int, ...] = ()
    step: str | None = None  # the window of a skill with several
    fields: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


@dataclass
class Vector:
    raw: dict[str, Any]
    path: str
    vocabulary: Vocabulary = field(default_factory=Vocabulary)
    nights: dict[int, list[ActionSpec]] = field(default_factory=dict)
    days: dict[int, list[ActionSpec]] = field(default_factory=dict)
    orders: dict[int, list[int]] = field(default_factory=dict)
    choices: dict[tuple[str, int], list[tuple[str, int | str]]] = field(default_factory=dict)
    extras: dict[tuple[str, int], Any] = field(default_factory=dict)  # (half, round) → the book's item data
    last: tuple[str, int] = ("night", 0)  # the last scripted item

    @property
    def id(self) -> str:
        return str(self.raw["id"])

    @property
    def book(self) -> str:
        return str(self.raw["book"])

    @property
    def expect(self) -> list[dict[str, Any]]:
        return list(self.raw["expect"])

    @property
    def run_mode(self) -> str:
        return str(self.raw.get("run", "script"))


def _action(where: str, night: int, obj: Any, vocab: Vocabulary) -> ActionSpec:
    if not isinstance(obj, dict):
        raise _bad(where, "行动须为对象", "an action must be an object")
    unknown = set(obj) - set(vocab.action_keys())
    if unknown:
        raise _bad(where, f"未知字段 {sorted(unknown)}", f"unknown keys {sorted(unknown)}")
    if "actor" not in obj or "skill" not in obj:
        raise _bad(where, "行动须含 actor 与 skill", "an action needs actor and skill")
    targets = obj.get("targets", [])
    if not isinstance(targets, list):
        raise _bad(where, "targets 须为列表", "targets must be a list")
    fields = {key: parse(where, obj[key]) for key, parse in vocab.action_fields.items() if key in obj}
    return ActionSpec(
        night=night,
        actor=_int(where, obj["actor"], "actor"),
        skill=str(obj["skill"]),
        targets=tuple(_int(where, t, "target") for t in targets),
        step=str(obj["step"]) if "step" in obj else None,
        fields=fields,
    )


def vocabulary_for(raw: Mapping[str, Any], path: str) -> Vocabulary:
    """The vocabulary of the book a vector names (its ``book`` field), from the book registry."""
    from ruleproof.books import engine_for_vector

    return engine_for_vector(raw.get("book"), path).vocabulary


def parse_vector(raw: Any, path: str = "<vector>", vocabulary: Vocabulary | None = None) -> Vector:
    """Validate the shape of a vector object and split its script by night and day.  Without a
    ``vocabulary``, the one of the book the vector names."""
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
    vocab = vocabulary if vocabulary is not None else vocabulary_for(raw, path)
    cites = raw["cites"]
    if (
        not isinstance(cites, list)
        or not cites
        or not all(isinstance(c, str) and vocab.clause_re.match(c) for c in cites)
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
    vec = Vector(raw=raw, path=path, vocabulary=vocab)
    script = raw["script"]
    if not isinstance(script, list):
        raise _bad(path, "script 须为列表", "script must be a list")
    for i, item in enumerate(script):
        where = f"{path} script[{i}]"
        if not isinstance(item, dict) or ("night" in item) == ("day" in item):
            raise _bad(where, "每项须恰含 night 或 day", "each item has exactly one of night / day")
        half = "night" if "night" in item else "day"
        n = _int(where, item[half], half)
        acts = (vec.nights if half == "night" else vec.days).setdefault(n, [])
        acts.extend(_item_actions(where, n, item, vocab.item_keys[half], vocab))
        for key, skill in vocab.vote_items.get(half, {}).items():
            acts.extend(_votes(where, n, item.get(key, {}), skill))
        if half == "night" and "order" in item:
            order = item["order"]
            if not isinstance(order, list):
                raise _bad(where, "order 须为编号列表", "order must be a list of numbers")
            vec.orders[n] = [_int(where, x, "order") for x in order]
        if "choices" in item:
            vec.choices.setdefault((half, n), []).extend(_choices(where, item["choices"]))
        parser = vocab.item_parser.get(half)
        if parser is not None:
            extra = parser(where, item)
            if extra is not None:
                vec.extras[(half, n)] = extra
        vec.last = max(vec.last, (half, n), key=_item_rank)
    expect = raw["expect"]
    if not isinstance(expect, list) or not expect:
        raise _bad(path, "expect 须为非空列表", "expect must be a non-empty list")
    for i, e in enumerate(expect):
        _check_expectation(f"{path} expect[{i}]", e, vocab)
    return vec


def _item_actions(
    where: str, n: int, item: dict[str, Any], keys: tuple[str, ...], vocab: Vocabulary
) -> list[ActionSpec]:
    """The keys a night or day item may hold, and its ``actions``."""
    if set(item) - set(keys):
        kind = "夜项" if keys[0] == "night" else "日项"
        raise _bad(where, f"{kind}仅含 {'∕'.join(keys)}", f"{keys[0]} items hold {'/'.join(keys)}")
    acts = item.get("actions", [])
    if not isinstance(acts, list):
        raise _bad(where, "actions 须为列表", "actions must be a list")
    return [_action(f"{where} actions[{j}]", n, a, vocab) for j, a in enumerate(acts)]


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


def _choices(where: str, items: Any) -> list[tuple[str, int | str]]:
    """``[{"choice": KEY, "pick": VALUE}, …]``: the system player's picks, in the order the rules ask."""
    if not isinstance(items, list):
        raise _bad(where, "choices 须为列表", "choices must be a list")
    out: list[tuple[str, int | str]] = []
    for item in items:
        if (
            not isinstance(item, dict)
            or set(item) != {"choice", "pick"}
            or not isinstance(item["choice"], str)
            or isinstance(item["pick"], bool)
            or not isinstance(item["pick"], int | str)
        ):
            raise _bad(
                where,
                'choices 之项须为 {"choice": 名称, "pick": 编号或字符串}',
                'each choice is {"choice": KEY, "pick": number or string}',
            )
        out.append((item["choice"], item["pick"]))
    return out


def _item_rank(item: tuple[str, int]) -> tuple[int, int]:
    kind, n = item
    return (n, 1 if kind == "day" else 0)


def _check_expectation(where: str, e: Any, vocab: Vocabulary) -> None:
    if not isinstance(e, dict):
        raise _bad(where, "期望须为对象", "an expectation is an object")
    if "final" in e or "illegal" in e:
        if len(e) != 1:
            raise _bad(where, "final∕illegal 期望须单独成项", "final / illegal stand alone")
        return
    m = AFTER_RE.match(e["after"]) if isinstance(e.get("after"), str) else None
    if m is None or (m.group(6) and not vocab.day_steps):
        day = "、'day N step S'" if vocab.day_steps else ""
        day_en = ", 'day N step S'" if vocab.day_steps else ""
        raise _bad(
            where,
            f"after 须为 'night N'、'night N start'、'night N step S' 或 'day N'{day}",
            f"after must be 'night N', 'night N start', 'night N step S' or 'day N'{day_en}",
        )
    unknown = set(e) - EXPECT_KEYS - set(vocab.seat_sets) - vocab.expect_keys
    if unknown:
        raise _bad(where, f"未知期望字段 {sorted(unknown)}", f"unknown expectation keys {sorted(unknown)}")


def read_raw(path: str | Path) -> dict[str, Any]:
    """A vector file's JSON object (shape unchecked)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"找不到向量文件：{path}", f"vector file not found: {path}") from None
    except UnicodeDecodeError:
        raise BadInput(f"{path}：不是 UTF-8 文本", f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise BadInput(f"无法读取 {path}：{exc.strerror}", f"cannot read {path}: {exc.strerror}") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(
            f"{path}：不是合法 JSON（第 {exc.lineno} 行）", f"{path}: invalid JSON (line {exc.lineno})"
        ) from None
    if not isinstance(raw, dict):
        raise _bad(str(path), "向量须为 JSON 对象", "a vector is a JSON object")
    return raw


def load_vector(path: str | Path, vocabulary: Vocabulary | None = None) -> Vector:
    return parse_vector(read_raw(path), str(path), vocabulary)


def new_vector(
    book_id: str, header: Mapping[str, Any], setup: Mapping[str, Any], **body: Any
) -> dict[str, Any]:
    """A vector object in the key order of docs/vectors.md: ``body`` gives ``id``, ``title``,
    ``description``, ``cites``, ``script``, ``run`` and ``expect``; ``header`` the spec's readings and
    parameters (``spec.vector_header()``)."""
    out: dict[str, Any] = {"format": FORMAT, "book": book_id}
    for key in ("id", "title", "description", "cites"):
        if key in body:
            out[key] = body[key]
    out.update(header)
    out["setup"] = dict(setup)
    for key in ("script", "run", "expect"):
        if key in body:
            out[key] = body[key]
    return out


def dump_vector(raw: Mapping[str, Any]) -> str:
    """Deterministic JSON text of a vector (key order as given, UTF-8, two-space indent)."""
    return dumps(dict(raw))


def parse_after(label: str) -> tuple[str, int, str | None]:
    """'night 5' → ('night', 5, None); 'night 5 start' → ('night', 5, START);
    'night 5 step 0.55' → ('night', 5, '0.55'); 'day 5' → ('day', 5, None); 'day 5 step S' → ('day', 5, S)."""
    m = AFTER_RE.match(label)
    if m is None:
        raise UserError(f"无法解析 after：{label}", f"cannot parse after: {label}")
    if m.group(5):
        return "day", int(m.group(5)), m.group(7)
    step = START if m.group(3) == " start" else m.group(4)
    return "night", int(m.group(2)), step


__all__ = [
    "EXPECT_KEYS",
    "FORMAT",
    "RUN_MODES",
    "START",
    "ActionSpec",
    "FieldParser",
    "ItemParser",
    "Vector",
    "Vocabulary",
    "bool_field",
    "centi",
    "dump_vector",
    "int_field",
    "load_vector",
    "optional_int_field",
    "parse_after",
    "parse_vector",
    "read_raw",
    "str_field",
    "str_list_field",
]
