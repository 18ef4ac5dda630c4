"""A JSON Schema (draft 2020-12) of each book's vectors, generated from its vocabulary.

The schema says in a language-neutral way what the loader (:func:`ruleproof.vectors.format.parse_vector`)
checks of a vector's shape: the top-level keys, the formats, the book, the clause ids (the book's
``clause_re``), the script items and their keys, the actions and their fields (the book's
``action_fields``; their types where the book's parser declares one), the skills (the book's ruleset),
the expectation keys (shared, the book's seat sets and own keys), the checkpoints, the ``ruleproof-vector/2``
words (counts, exact and ordered lists, views with the book's view keys, menus, the ledger, readings /
under) and, where the book lists them, its state fields.  The loader stays the authority on what a schema
cannot say (a /1 vector that uses a /2 word, an ``under`` switch every run reads, the book's setup rules).

``ruleproof vectors schema [--book B]`` prints it; the package ships one file per book
(``ruleproof/data/schema/<key>.schema.json``, kept current by the suite) and ``vectors export`` copies
them beside the corpus; ``replay`` and ``conform`` validate every vector against its book's schema, with
the ``jsonschema`` library, before running it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from ruleproof.runtime.replay import BookEngine
from ruleproof.vectors import v2
from ruleproof.vectors.format import (
    AFTER_RE,
    CORE_ACTION_KEYS,
    EXPECT_KEYS,
    FORMATS,
    REQUIRED,
    RUN_MODES,
    TOP_KEYS,
    MalformedVector,
    field_schema,
)

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SEAT = {"type": "string", "pattern": "^[0-9]+$"}
INT = {"type": "integer"}
SEATS = {"type": "array", "items": INT}
PATTERN = {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}}


def _per_seat(value: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "object", "propertyNames": SEAT, "additionalProperties": value}


def _count() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["match", "count"],
        "additionalProperties": False,
        "properties": {"match": PATTERN, "count": {"type": "integer", "minimum": 0}},
    }


def schema_of(engine: BookEngine) -> dict[str, Any]:
    """The JSON Schema of ``engine``'s book's vectors (deterministic: same vocabulary, same bytes)."""
    vocab = engine.vocabulary
    info = engine.vocabulary_json()
    skills = sorted(engine.rules.info)
    action_props: dict[str, Any] = {
        "actor": INT,
        "skill": {"enum": skills},
        "targets": SEATS,
        "step": {"type": ["string", "integer", "number"]},
    }
    for key, parse in vocab.action_fields.items():
        action_props[key] = field_schema(parse)
    action = {
        "type": "object",
        "required": ["actor", "skill"],
        "properties": action_props,
        "additionalProperties": False,
    }
    votes = _per_seat({"type": ["integer", "null"]})
    choices = {
        "type": "array",
        "items": {
            "type": "object",
            "required": ["choice", "pick"],
            "additionalProperties": False,
            "properties": {"choice": {"type": "string"}, "pick": {"type": ["integer", "string"]}},
        },
    }
    items = []
    for half in ("night", "day"):
        props: dict[str, Any] = {}
        for key in vocab.item_keys.get(half, (half,)):
            props[key] = {"note": {"type": "string"}}.get(key, {})
        props[half] = INT
        props["actions"] = {"type": "array", "items": action}
        if "order" in props:
            props["order"] = SEATS
        if "choices" in props:
            props["choices"] = choices
        for key in vocab.vote_items.get(half, {}):
            props[key] = votes
        items.append(
            {"type": "object", "required": [half], "properties": props, "additionalProperties": False}
        )
    state_keys = [f["key"] for f in info.get("state_fields", [])]
    state: dict[str, Any] = {"type": "object"}
    if state_keys:
        state["propertyNames"] = {"enum": state_keys}
    views_value: dict[str, Any] = {"type": "object"}
    if vocab.view_fields is not None:
        views_value["propertyNames"] = {"enum": sorted(vocab.view_fields)}
    checks: dict[str, Any] = {
        "after": {
            "type": "string",
            "pattern": AFTER_RE.pattern,
        },  # the loader's grammar (day steps: the book's)
        "note": {"type": "string"},
        "under": {"type": "object", "minProperties": 1, "additionalProperties": {"type": "string"}},
        "state": state,
        "feedback": _per_seat({"type": "array", "items": PATTERN}),
        "no_feedback": _per_seat({"type": "array", "items": {"type": "string"}}),
        "events": {"type": "array", "items": PATTERN},
        "no_events": {"type": "array", "items": PATTERN},
        "feedback_count": _per_seat({"type": "array", "items": _count()}),
        "feedback_exact": _per_seat({"type": "array", "items": PATTERN}),
        "events_count": {"type": "array", "minItems": 1, "items": _count()},
        "events_ordered": {"type": "array", "minItems": 1, "items": PATTERN},
        "views": {
            "type": "object",
            "minProperties": 1,
            "propertyNames": SEAT,
            "additionalProperties": views_value,
        },
        "ledger": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "minProperties": 1,
                "propertyNames": {"enum": sorted(v2.LEDGER_KEYS)},
            },
        },
    }
    for key in vocab.seat_sets:
        checks[key] = SEATS
    for key in sorted(vocab.expect_keys):
        checks[key] = {"type": "object"}
    assert set(checks) >= (EXPECT_KEYS - {"menus"}) | set(vocab.seat_sets), "a shared check has no schema"
    menu_entry = {
        "anyOf": [
            {"type": "null"},
            {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "targets": SEATS,
                    "greyed": SEATS,
                    "options": {"type": "object", "additionalProperties": {"type": "array"}},
                },
            },
        ]
    }
    expectations = [
        {
            "type": "object",
            "required": ["final"],
            "additionalProperties": False,
            "properties": {"final": {"type": ["object", "null"]}, "under": checks["under"]},
        },
        {
            "type": "object",
            "required": ["illegal"],
            "additionalProperties": False,
            "properties": {"illegal": {"type": "object"}, "under": checks["under"]},
        },
        {
            "type": "object",
            "required": ["at", "menus"],
            "additionalProperties": False,
            "properties": {
                "at": {"type": "string", "pattern": v2.AT_RE.pattern},
                "menus": {
                    "type": "object",
                    "minProperties": 1,
                    "propertyNames": SEAT,
                    "additionalProperties": {
                        "type": "object",
                        "minProperties": 1,
                        "additionalProperties": menu_entry,
                    },
                },
                "under": checks["under"],
                "note": {"type": "string"},
            },
        },
        {"type": "object", "required": ["after"], "additionalProperties": False, "properties": checks},
    ]
    reading = {"type": "object", "additionalProperties": {"type": "string"}}
    top: dict[str, Any] = {
        "format": {"enum": list(FORMATS)},
        "book": {"const": engine.book_id},
        "id": {"type": "string", "minLength": 1},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "cites": {
            "type": "array",
            "minItems": 1,
            "items": {"type": "string", "pattern": vocab.clause_re.pattern},
        },
        "interpretation": reading,
        "readings": {"type": "array", "minItems": 1, "items": {**reading, "minProperties": 1}},
        "params": {"type": "object"},
        "setup": {
            "type": "object",
            "required": ["players"],
            "properties": {
                "players": {"type": "object", "propertyNames": SEAT},
                "seed": {"type": "integer"},
            },
        },
        "script": {"type": "array", "items": {"oneOf": items}},
        "run": {"enum": list(RUN_MODES)},
        "expect": {"type": "array", "minItems": 1, "items": {"anyOf": expectations}},
    }
    assert set(top) == TOP_KEYS, "every top-level key of the format has a schema"
    return {
        "$schema": DRAFT,
        "$id": f"urn:ruleproof:vector-schema:{engine.book_id}",
        "title": f"ruleproof test vector — {engine.book_id}",
        "description": (
            "Generated from the book's vocabulary by `ruleproof vectors schema`; "
            f"formats {', '.join(FORMATS)} (docs/vectors.md, docs/conformance.md)."
        ),
        "type": "object",
        "required": list(REQUIRED),
        "additionalProperties": False,
        "properties": top,
        "$comment": f"action keys: {', '.join((*CORE_ACTION_KEYS, *vocab.action_fields))}",
    }


def shipped(key: str) -> dict[str, Any] | None:
    """The schema file the package ships for book ``key`` (None: none shipped)."""
    import json

    path = resources.files("ruleproof") / "data" / "schema" / f"{key}.schema.json"
    if not path.is_file():
        return None
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


@cache
def _validator(engine: BookEngine) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema_of(engine))


def validate(raw: Any, engine: BookEngine, path: str) -> None:
    """Raise MalformedVector naming the file and the JSON path of the first place ``raw`` breaks its book's
    schema (the loader's own errors name their place the same way)."""
    from jsonschema.exceptions import best_match

    error = best_match(_validator(engine).iter_errors(raw))
    if error is None:
        return
    # a oneOf / anyOf names only the place of the alternatives: say where the alternative that matched
    # furthest breaks (the deepest place), as the loader's own errors do
    while error.context:
        error = max(error.context, key=lambda e: len(e.absolute_path))
    zh = error.message
    if error.validator == "additionalProperties":  # the one the loader words as 「未知字段」
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        zh = f"未知字段：{'、'.join(map(str, extra))}"
    raise MalformedVector(
        f"{path}: {error.json_path}：不符合向量模式（JSON Schema）：{zh}",
        f"{path}: {error.json_path}: does not match the vector schema: {error.message}",
    )


__all__ = ["DRAFT", "schema_of", "shipped", "validate"]
