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
from ruleproof.fsutil import read_limited
from ruleproof.jsonout import dumps
from ruleproof.vectors import v2

FORMAT = "ruleproof-vector/1"
FORMAT_2 = "ruleproof-vector/2"
FORMATS = (FORMAT, FORMAT_2)
# What ``ruleproof-vector/2`` adds to /1 (a superset: every /1 vector is a /2 vector once its ``format`` says
# so).  A vector declares the lowest version whose words it uses, so a runner written for /1 refuses a
# vector it could not check rather than skipping the keys it does not know (docs/vectors.md, "Versions").
V2_TOP_KEYS = frozenset({"readings"})
# expectation keys the runtime checks for every book: counts and exact lists of messages, ordered events,
# a seat's private view, the initiator ledger, the menus offered at a step's decision, a reading filter
V2_EXPECT_KEYS = frozenset(
    {
        "feedback_count",
        "feedback_exact",
        "events_count",
        "events_ordered",
        "views",
        "ledger",
        "menus",
        "under",
    }
)
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
    *V2_TOP_KEYS,
}
REQUIRED = ("format", "book", "id", "cites", "setup", "script", "expect")
CORE_ACTION_KEYS = ("actor", "skill", "targets", "step")
# expectation keys every book has; a book adds its seat sets (dead, exiled…) and its own (batches…)
EXPECT_KEYS = frozenset(
    {"after", "state", "feedback", "no_feedback", "events", "no_events", "note", *V2_EXPECT_KEYS}
)
RUN_MODES = ("script", "pass", "random")
AFTER_RE = re.compile(r"^(night (\d+)( start| step (\S+))?|day (\d+)( step (\S+))?)$")
START = "start"  # parse_after's step for "night N start": the book's first step of the night

FieldParser = Callable[[str, Any], Any]  # (where, raw JSON value) → the field's value; raises BadInput
ItemParser = Callable[[str, Mapping[str, Any]], Any]  # (where, script item) → the book's extra data or None


# Limits of what a vector may hold: beyond them it is malformed (one line, exit 2), never a slow run or a
# traceback.  A real vector is a few kilobytes, a few levels deep, with nights in the tens.
MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 64  # nesting of arrays and objects
MAX_INT = 10**15  # any integer (a seed, a clock) — larger ones are a typo or an attack
MAX_ROUND = 1000  # night / day numbers are 1..MAX_ROUND


class MalformedVector(BadInput):
    """A vector file that is not a valid ``ruleproof-vector/1`` object: its place is named as a JSON path
    (``$.script[0].night``).  Never confused with a failing expectation (exit 2, not 1)."""


def bad_at(where: str, zh: str, en: str) -> MalformedVector:
    return MalformedVector(f"{where}：{zh}", f"{where}: {en}")


def _at(path: str, pointer: str = "$") -> str:
    """The place of an error: the file and a JSON path in it."""
    return f"{path}: {pointer}"


def _int(where: str, v: Any, what: str, *, low: int | None = None, high: int = MAX_INT) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise bad_at(where, f"{what} 须为整数", f"{what} must be an integer")
    if low is not None and v < low:
        raise bad_at(where, f"{what} 须 ≥ {low}", f"{what} must be ≥ {low}")
    if abs(v) > high:
        raise bad_at(where, f"{what} 过大（上限 {high}）", f"{what} is too large (at most {high})")
    return v


def _seat(where: str, v: Any, what: str) -> int:
    return _int(where, v, what, low=0, high=MAX_INT)


def _round(where: str, v: Any, what: str) -> int:
    """A night or day number: 1..MAX_ROUND."""
    return _int(where, v, what, low=1, high=MAX_ROUND)


# ── field parsers a book's vocabulary is built from ────────────────────────────────────────────


# the JSON Schema of the value each shared field parser accepts (vectors.schema reads it; a book's own
# parser without one is left open in the schema and checked by the loader alone)
_FIELD_SCHEMAS: dict[Any, dict[str, Any]] = {}


def typed_field(parse: FieldParser, schema: Mapping[str, Any]) -> FieldParser:
    """Declare the JSON Schema of what ``parse`` accepts (for the generated vector schema)."""
    _FIELD_SCHEMAS[parse] = dict(schema)
    return parse


def field_schema(parse: FieldParser) -> dict[str, Any]:
    """The JSON Schema declared for a field parser ({} when none: any value, the loader decides)."""
    return dict(_FIELD_SCHEMAS.get(parse, {}))


def int_field(name: str) -> FieldParser:
    return typed_field(lambda where, v: _int(where, v, name), {"type": "integer"})


def optional_int_field(name: str) -> FieldParser:
    return typed_field(
        lambda where, v: None if v is None else _int(where, v, name), {"type": ["integer", "null"]}
    )


def str_field(where: str, v: Any) -> str:
    if not isinstance(v, str):
        raise bad_at(where, "须为字符串", "must be a string")
    return v


def bool_field(where: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise bad_at(where, "须为 true 或 false", "must be true or false")
    return v


def object_field(name: str) -> FieldParser:
    """A JSON object (the book reads its keys)."""

    def parse(where: str, v: Any) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise bad_at(where, f"{name} 须为对象", f"{name} must be an object")
        return v

    return parse


def str_list_field(name: str, zh: str | None = None, en: str | None = None) -> FieldParser:
    def parse(where: str, v: Any) -> tuple[str, ...]:
        if not isinstance(v, list) or not all(isinstance(i, str) for i in v):
            raise bad_at(where, zh or f"{name} 须为字符串列表", en or f"{name} must be a list of strings")
        return tuple(v)

    return typed_field(parse, {"type": "array", "items": {"type": "string"}})


typed_field(str_field, {"type": "string"})
typed_field(bool_field, {"type": "boolean"})


def centi(where: str, v: Any) -> int:
    """An author's decimal (1.5) as hundredths (150); exact, at most two decimals."""
    if isinstance(v, bool) or not isinstance(v, int | float | str):
        raise bad_at(where, "amount 须为数", "amount must be a number")
    try:
        d = Decimal(str(v)) * 100
    except InvalidOperation:
        raise bad_at(where, "amount 须为数", "amount must be a number") from None
    if not d.is_finite() or abs(d) > MAX_INT:
        raise bad_at(where, "amount 须为有限且不过大的数", "amount must be a finite, moderate number")
    if d != d.to_integral_value():
        raise bad_at(where, "amount 至多两位小数", "amount has at most two decimals")
    return int(d)


typed_field(centi, {"type": ["number", "string"]})


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
    * ``expect_keys`` — further expectation keys the book's engine checks (batches), and
      ``expect_parsers`` the shape each must have (checked when the vector is loaded);
    * ``day_steps`` — whether checkpoints may name a step of the day (``day N step S``);
    * ``clause_re`` — what a clause id of the book looks like (``cites``);
    * ``view_fields`` — the keys of a seat's private view (``views`` expectations, /2); None: the book
      reports no views, any key is accepted and the engine's answer decides.
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
    expect_parsers: Mapping[str, FieldParser] = field(default_factory=dict)
    day_steps: bool = False
    clause_re: re.Pattern[str] = re.compile(r"^\S+$")
    view_fields: frozenset[str] | None = None  # the keys of a seat's private view (ruleproof-vector/2 views)

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
        raise bad_at(where, "行动须为对象", "an action must be an object")
    unknown = set(obj) - set(vocab.action_keys())
    if unknown:
        raise bad_at(where, f"未知字段 {sorted(unknown)}", f"unknown keys {sorted(unknown)}")
    if "actor" not in obj or "skill" not in obj:
        raise bad_at(where, "行动须含 actor 与 skill", "an action needs actor and skill")
    targets = obj.get("targets", [])
    if not isinstance(targets, list):
        raise bad_at(f"{where}.targets", "targets 须为列表", "targets must be a list")
    fields = {
        key: parse(f"{where}.{key}", obj[key]) for key, parse in vocab.action_fields.items() if key in obj
    }
    return ActionSpec(
        night=night,
        actor=_seat(f"{where}.actor", obj["actor"], "actor"),
        skill=str_field(f"{where}.skill", obj["skill"]),
        targets=tuple(_seat(f"{where}.targets[{j}]", x, "target") for j, x in enumerate(targets)),
        step=str_field(f"{where}.step", obj["step"]) if "step" in obj else None,
        fields=fields,
    )


def vocabulary_for(raw: Mapping[str, Any], path: str) -> Vocabulary:
    """The vocabulary of the book a vector names (its ``book`` field), from the book registry."""
    from ruleproof.books import engine_for_vector

    return engine_for_vector(raw.get("book"), path).vocabulary


def parse_vector(raw: Any, path: str = "<vector>", vocabulary: Vocabulary | None = None) -> Vector:
    """Validate the shape of a vector object and split its script by night and day.  Without a
    ``vocabulary``, the one of the book the vector names.  Errors are :class:`MalformedVector`, naming
    the file and the JSON path of the place."""
    top = _at(path)
    if not isinstance(raw, dict):
        raise bad_at(top, "向量须为 JSON 对象", "a vector is a JSON object")
    missing = [k for k in REQUIRED if k not in raw]
    if missing:
        raise bad_at(top, f"缺少字段 {missing}", f"missing keys {missing}")
    unknown = set(raw) - TOP_KEYS
    if unknown:
        raise bad_at(top, f"未知字段 {sorted(unknown)}", f"unknown keys {sorted(unknown)}")
    v2.check_format(raw, _at(path, "$.format"))
    if not isinstance(raw["book"], str):
        raise bad_at(_at(path, "$.book"), "book 须为 规则书/版本", "book must be BOOK/VERSION")
    if not isinstance(raw["id"], str) or not raw["id"].strip():
        raise bad_at(_at(path, "$.id"), "id 须为非空字符串", "id must be a non-empty string")
    _id_matches_file(raw["id"], path)
    for key in ("title", "description"):
        if key in raw and not isinstance(raw[key], str):
            raise bad_at(_at(path, f"$.{key}"), f"{key} 须为字符串", f"{key} must be a string")
    v2.check_readings(raw, top)
    vocab = vocabulary if vocabulary is not None else vocabulary_for(raw, path)
    cites = raw["cites"]
    if (
        not isinstance(cites, list)
        or not cites
        or not all(isinstance(c, str) and vocab.clause_re.match(c) for c in cites)
    ):
        raise bad_at(
            _at(path, "$.cites"),
            "cites 须为非空的条款编号列表",
            "cites must be a non-empty list of clause ids",
        )
    for key in ("interpretation", "params"):
        value = raw.get(key, {})
        if not isinstance(value, dict):
            raise bad_at(_at(path, f"$.{key}"), f"{key} 须为对象", f"{key} must be an object")
        if key == "interpretation" and not all(isinstance(v, str) for v in value.values()):
            bad = next(k for k, v in value.items() if not isinstance(v, str))
            raise bad_at(_at(path, f"$.{key}.{bad}"), "解读须为字符串", "a reading must be a string")
    setup = raw["setup"]
    if not isinstance(setup, dict) or not isinstance(setup.get("players"), dict):
        raise bad_at(
            _at(path, "$.setup.players"),
            "setup.players 须为 编号→职业 的对象",
            "setup.players must map numbers to roles",
        )
    for seat, role in setup["players"].items():
        if not str(seat).isdigit() or not isinstance(role, str):
            raise bad_at(
                _at(path, f"$.setup.players.{seat}"),
                "setup.players 须为 编号→职业（字符串）",
                "setup.players maps seat numbers to role names (strings)",
            )
    if "seed" in setup:
        _int(_at(path, "$.setup.seed"), setup["seed"], "seed", low=0)
    if raw.get("run", "script") not in RUN_MODES:
        raise bad_at(_at(path, "$.run"), f"run 须为 {RUN_MODES} 之一", f"run must be one of {RUN_MODES}")
    vec = Vector(raw=raw, path=path, vocabulary=vocab)
    script = raw["script"]
    if not isinstance(script, list):
        raise bad_at(_at(path, "$.script"), "script 须为列表", "script must be a list")
    for i, item in enumerate(script):
        where = _at(path, f"$.script[{i}]")
        if not isinstance(item, dict) or ("night" in item) == ("day" in item):
            raise bad_at(where, "每项须恰含 night 或 day", "each item has exactly one of night / day")
        half = "night" if "night" in item else "day"
        n = _round(f"{where}.{half}", item[half], half)
        acts = (vec.nights if half == "night" else vec.days).setdefault(n, [])
        acts.extend(_item_actions(where, n, item, vocab.item_keys[half], vocab))
        for key, skill in vocab.vote_items.get(half, {}).items():
            acts.extend(_votes(f"{where}.{key}", n, item.get(key, {}), skill))
        if half == "night" and "order" in item:
            order = item["order"]
            if not isinstance(order, list):
                raise bad_at(f"{where}.order", "order 须为编号列表", "order must be a list of numbers")
            vec.orders[n] = [_seat(f"{where}.order[{j}]", x, "order") for j, x in enumerate(order)]
        if "choices" in item:
            vec.choices.setdefault((half, n), []).extend(_choices(f"{where}.choices", item["choices"]))
        if "note" in item and not isinstance(item["note"], str):
            raise bad_at(f"{where}.note", "note 须为字符串", "note must be a string")
        parser = vocab.item_parser.get(half)
        if parser is not None:
            extra = parser(where, item)
            if extra is not None:
                vec.extras[(half, n)] = extra
        vec.last = max(vec.last, (half, n), key=_item_rank)
    expect = raw["expect"]
    if not isinstance(expect, list) or not expect:
        raise bad_at(_at(path, "$.expect"), "expect 须为非空列表", "expect must be a non-empty list")
    for i, e in enumerate(expect):
        _check_expectation(_at(path, f"$.expect[{i}]"), e, vocab)
    return vec


def _id_matches_file(vector_id: str, path: str) -> None:
    """A vector file is named after its id (``<id>.json``): a copied file whose id was not changed would
    report under another vector's name."""
    if not path.endswith(".json"):
        return  # an object given in memory, or a file of another naming: nothing to compare
    stem = Path(path).name[: -len(".json")]
    if stem != vector_id:
        raise bad_at(
            _at(path, "$.id"),
            f"id「{vector_id}」与文件名「{stem}.json」不符",
            f"id {vector_id!r} does not match the file name {stem}.json",
        )


def _item_actions(
    where: str, n: int, item: dict[str, Any], keys: tuple[str, ...], vocab: Vocabulary
) -> list[ActionSpec]:
    """The keys a night or day item may hold, and its ``actions``."""
    if set(item) - set(keys):
        kind = "夜项" if keys[0] == "night" else "日项"
        raise bad_at(where, f"{kind}仅含 {'∕'.join(keys)}", f"{keys[0]} items hold {'/'.join(keys)}")
    acts = item.get("actions", [])
    if not isinstance(acts, list):
        raise bad_at(f"{where}.actions", "actions 须为列表", "actions must be a list")
    return [_action(f"{where}.actions[{j}]", n, a, vocab) for j, a in enumerate(acts)]


def _votes(where: str, n: int, votes: Any, skill: str) -> list[ActionSpec]:
    """``{"voter": target | null}`` → one action per vote (null = abstain), in voter order."""
    if not isinstance(votes, dict):
        raise bad_at(where, "votes 须为 投票者→目标 的对象", "votes maps voter → target")
    for voter in votes:
        if not str(voter).isdigit() or len(str(voter)) > 15:
            raise bad_at(f"{where}.{voter}", f"投票者须为编号：{voter}", f"voter must be a number: {voter}")
    out = []
    for voter, target in sorted(votes.items(), key=lambda kv: int(kv[0])):
        if target is not None:
            out.append(
                ActionSpec(
                    night=n,
                    actor=int(voter),
                    skill=skill,
                    targets=(_seat(f"{where}.{voter}", target, "vote target"),),
                )
            )
    return out


def _choices(where: str, items: Any) -> list[tuple[str, int | str]]:
    """``[{"choice": KEY, "pick": VALUE}, …]``: the system player's picks, in the order the rules ask."""
    if not isinstance(items, list):
        raise bad_at(where, "choices 须为列表", "choices must be a list")
    out: list[tuple[str, int | str]] = []
    for j, item in enumerate(items):
        if (
            not isinstance(item, dict)
            or set(item) != {"choice", "pick"}
            or not isinstance(item["choice"], str)
            or isinstance(item["pick"], bool)
            or not isinstance(item["pick"], int | str)
        ):
            raise bad_at(
                f"{where}[{j}]",
                'choices 之项须为 {"choice": 名称, "pick": 编号或字符串}',
                'each choice is {"choice": KEY, "pick": number or string}',
            )
        if isinstance(item["pick"], int):
            _int(f"{where}[{j}].pick", item["pick"], "pick")
        out.append((item["choice"], item["pick"]))
    return out


def _item_rank(item: tuple[str, int]) -> tuple[int, int]:
    kind, n = item
    return (n, 1 if kind == "day" else 0)


def _seat_list(where: str, v: Any, key: str) -> None:
    if not isinstance(v, list):
        raise bad_at(where, f"{key} 须为编号列表", f"{key} must be a list of seat numbers")
    for j, x in enumerate(v):
        _seat(f"{where}[{j}]", x, key)


def _event_list(where: str, v: Any, key: str) -> None:
    if not isinstance(v, list) or not all(isinstance(x, dict) and isinstance(x.get("kind"), str) for x in v):
        raise bad_at(where, f"{key} 须为含 kind 的对象列表", f"{key} must be a list of objects with a kind")


def _per_seat(where: str, v: Any, key: str, lists: str) -> None:
    """``{"seat": [...]}`` (feedback: event objects; no_feedback: kinds)."""
    if not isinstance(v, dict):
        raise bad_at(where, f"{key} 须为 编号→列表 的对象", f"{key} maps seat numbers to lists")
    for seat, items in v.items():
        if not str(seat).isdigit() or len(str(seat)) > 15:
            raise bad_at(f"{where}.{seat}", f"{key} 的键须为编号", f"{key} keys are seat numbers")
        if lists == "events":
            _event_list(f"{where}.{seat}", items, key)
        elif not isinstance(items, list) or not all(isinstance(x, str) for x in items):
            raise bad_at(f"{where}.{seat}", f"{key} 须为事件种类列表", f"{key} lists event kinds")


def _check_expectation(where: str, e: Any, vocab: Vocabulary) -> None:
    if not isinstance(e, dict):
        raise bad_at(where, "期望须为对象", "an expectation is an object")
    if "final" in e or "illegal" in e:
        if len(set(e) - {"under"}) != 1:
            raise bad_at(where, "final∕illegal 期望须单独成项", "final / illegal stand alone")
        key = "final" if "final" in e else "illegal"
        if not isinstance(e[key], dict) and not (key == "final" and e[key] is None):
            raise bad_at(f"{where}.{key}", f"{key} 须为对象", f"{key} must be an object")
        v2.check_expectation(where, e, vocab.view_fields)
        return
    if "at" in e:
        v2.check_menu_expectation(where, e, vocab.day_steps)
        v2.check_expectation(where, e, vocab.view_fields)
        return
    m = AFTER_RE.match(e["after"]) if isinstance(e.get("after"), str) else None
    if m is None or (m.group(6) and not vocab.day_steps):
        day = "、'day N step S'" if vocab.day_steps else ""
        day_en = ", 'day N step S'" if vocab.day_steps else ""
        raise bad_at(
            f"{where}.after",
            f"after 须为 'night N'、'night N start'、'night N step S' 或 'day N'{day}",
            f"after must be 'night N', 'night N start', 'night N step S' or 'day N'{day_en}",
        )
    number = m.group(2) or m.group(5)
    if len(number) > 4 or not 1 <= int(number) <= MAX_ROUND:
        raise bad_at(f"{where}.after", f"轮次须在 1..{MAX_ROUND}", f"the round must be within 1..{MAX_ROUND}")
    unknown = set(e) - EXPECT_KEYS - set(vocab.seat_sets) - vocab.expect_keys
    if unknown:
        raise bad_at(where, f"未知期望字段 {sorted(unknown)}", f"unknown expectation keys {sorted(unknown)}")
    for key in vocab.seat_sets:
        if key in e:
            _seat_list(f"{where}.{key}", e[key], key)
    if "state" in e and not isinstance(e["state"], dict):
        raise bad_at(f"{where}.state", "state 须为 字段→值 的对象", "state maps fields to values")
    for key in ("events", "no_events"):
        if key in e:
            _event_list(f"{where}.{key}", e[key], key)
    if "feedback" in e:
        _per_seat(f"{where}.feedback", e["feedback"], "feedback", "events")
    if "no_feedback" in e:
        _per_seat(f"{where}.no_feedback", e["no_feedback"], "no_feedback", "kinds")
    if "note" in e and not isinstance(e["note"], str):
        raise bad_at(f"{where}.note", "note 须为字符串", "note must be a string")
    for key, parse in vocab.expect_parsers.items():
        if key in e:
            parse(f"{where}.{key}", e[key])
    if "menus" in e:
        raise bad_at(
            where,
            "menus 须配 at（步骤之决策时点），不配 after",
            "menus go with at (a step's decision), not after",
        )
    v2.check_expectation(where, e, vocab.view_fields)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-finite number {name}")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 15:
        raise ValueError(f"integer too large ({len(text)} digits)")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"non-finite number {text[:20]}")
    return value


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings skipped), in one pass."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _looks_utf16(head: bytes) -> bool:
    """UTF-16 without a byte-order mark: ASCII text with a NUL in every other byte, on one side only."""
    even, odd = head[0::2], head[1::2]
    return len(head) >= 4 and (
        (even.count(0) == 0 and odd.count(0) * 2 > len(odd))
        or (odd.count(0) == 0 and even.count(0) * 2 > len(even))
    )


def decode_json(data: bytes, path: str) -> Any:
    """A vector file's bytes as JSON: UTF-8 (a BOM is allowed), at most ``MAX_BYTES``, nested at most
    ``MAX_DEPTH`` deep, with finite numbers and integers of at most 15 digits; anything else is one
    :class:`MalformedVector` line."""
    where = _at(path)
    if len(data) > MAX_BYTES:
        raise bad_at(
            where,
            f"文件过大（上限 {MAX_BYTES // 1024 // 1024} MB）",
            f"file too large (at most {MAX_BYTES // 1024 // 1024} MB)",
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or _looks_utf16(data[:64]):
        raise bad_at(where, "是 UTF-16 编码：请存为 UTF-8", "UTF-16 encoded: save it as UTF-8")
    if b"\x00" in data:
        raise bad_at(where, "是二进制文件，不是 JSON 文本", "a binary file, not JSON text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise bad_at(
            where,
            f"不是 UTF-8 文本（第 {exc.start} 字节；GB18030 等编码请另存为 UTF-8）",
            f"not UTF-8 text (byte {exc.start}; save GB18030 and other encodings as UTF-8)",
        ) from None
    if _depth(text) > MAX_DEPTH:
        raise bad_at(
            where, f"嵌套过深（上限 {MAX_DEPTH} 层）", f"nested too deeply (at most {MAX_DEPTH} levels)"
        )
    try:
        return json.loads(
            text, parse_constant=_reject_constant, parse_int=_parse_int, parse_float=_parse_float
        )
    except json.JSONDecodeError as exc:
        raise bad_at(
            where,
            f"不是合法 JSON（第 {exc.lineno} 行第 {exc.colno} 列：{exc.msg}）",
            f"invalid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
        ) from None
    except (ValueError, RecursionError) as exc:
        raise bad_at(
            where,
            f"含无法接受的数（NaN、Infinity、溢出或过长的整数）：{exc}",
            f"holds a number that cannot be used (NaN, Infinity, overflow or a too long integer): {exc}",
        ) from None


def read_raw(path: str | Path) -> dict[str, Any]:
    """A vector file's JSON object (shape unchecked); see :func:`decode_json` for what is refused."""
    data = read_limited(path, MAX_BYTES, ("向量文件", "vector file"))
    raw = decode_json(data, str(path))
    if not isinstance(raw, dict):
        raise bad_at(_at(str(path)), "向量须为 JSON 对象", "a vector is a JSON object")
    return raw


def load_vector(path: str | Path, vocabulary: Vocabulary | None = None) -> Vector:
    return parse_vector(read_raw(path), str(path), vocabulary)


def new_vector(
    book_id: str, header: Mapping[str, Any], setup: Mapping[str, Any], **body: Any
) -> dict[str, Any]:
    """A vector object in the key order of docs/vectors.md: ``body`` gives ``id``, ``title``,
    ``description``, ``cites``, ``script``, ``run`` and ``expect``; ``header`` the spec's readings and
    parameters (``spec.vector_header()``)."""
    out: dict[str, Any] = {"format": FORMAT, "book": book_id}  # the version it needs: set at the end
    for key in ("id", "title", "description", "cites"):
        if key in body:
            out[key] = body[key]
    out.update(header)
    out["setup"] = dict(setup)
    for key in ("script", "run", "expect"):
        if key in body:
            out[key] = body[key]
    out["format"] = v2.needed_format(out)
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
    "MAX_ROUND",
    "RUN_MODES",
    "START",
    "ActionSpec",
    "FieldParser",
    "ItemParser",
    "MalformedVector",
    "Vector",
    "Vocabulary",
    "bool_field",
    "centi",
    "decode_json",
    "dump_vector",
    "int_field",
    "load_vector",
    "object_field",
    "optional_int_field",
    "parse_after",
    "parse_vector",
    "read_raw",
    "str_field",
    "str_list_field",
]
