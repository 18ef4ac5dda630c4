"""返航录 v1preview1.0 typed spec.

``load_spec(overrides=…, interpretation=…)`` returns a :class:`Spec`: the tables of this package plus
the effective parameter values (defaults with overrides — a *reform*) and the effective reading of every
interpretation switch.  Bad keys or values raise :class:`ruleproof.errors.UserError`.

Modules: :mod:`.params` (constants), :mod:`.tables` (steps, batches, layer orders, victory order),
:mod:`.roles` (seats, roles, skills), :mod:`.interpretations` (switches), :mod:`.vocab` (state fields,
feedback kinds).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from ruleproof.errors import UserError
from ruleproof.specs.fanhanglu.interpretations import SWITCH_BY_KEY, SWITCHES
from ruleproof.specs.fanhanglu.params import PARAM_BY_KEY, PARAMS
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY, ROLES, SEATS, SKILL_BY_KEY, SKILLS
from ruleproof.specs.fanhanglu.tables import (
    ADJUDICATION_ORDER,
    BATCHES,
    DAMAGE_ORDER,
    INFECTION_ORDER,
    NIGHT_STEPS,
    VICTORY_ORDER,
)
from ruleproof.specs.model import Param, Unit, centi_json

BOOK_ID = "fanhanglu/v1preview1.0"

ParamValue = int | tuple[int, ...]

__all__ = [
    "ADJUDICATION_ORDER",
    "BATCHES",
    "BOOK_ID",
    "DAMAGE_ORDER",
    "INFECTION_ORDER",
    "NIGHT_STEPS",
    "PARAMS",
    "ROLES",
    "SEATS",
    "SKILLS",
    "SWITCHES",
    "VICTORY_ORDER",
    "Spec",
    "load_spec",
    "parse_assignment",
    "to_internal",
]


@dataclass(frozen=True)
class Spec:
    """The spec with effective parameter values and interpretation readings."""

    params: Mapping[str, ParamValue]
    interpretation: Mapping[str, str]
    overrides: Mapping[str, ParamValue] = field(default_factory=dict)
    book: str = BOOK_ID

    def p(self, key: str) -> int:
        value = self.params[key]
        assert isinstance(value, int), key
        return value

    def pt(self, key: str) -> tuple[int, ...]:
        value = self.params[key]
        assert isinstance(value, tuple), key
        return value

    def reading(self, key: str) -> str:
        return self.interpretation[key]

    def damage_order(self) -> tuple[str, ...]:
        """Layer keys of the damage side in resolution order, for the active reading (2.8.2⑥ / 6.4.1③)."""
        keys = tuple(layer.key for layer in DAMAGE_ORDER.layers)
        if self.reading("damage.night_immunity_position") == "after_layers":
            keys = (*tuple(k for k in keys if k != "night_immunity"), "night_immunity")
        return keys

    def publishes_carried(self, batch: str) -> bool:
        """Whether ``batch`` is published for its other content when its quantity is 0: ③ under the reading
        ``batch3.zero_rule=content`` (4.7.6, 2.1.7③ 巡逻指定人数同批发布)."""
        return batch == "3" and self.reading("batch3.zero_rule") == "content"

    def zero_means_unpublished(self) -> bool:
        """附录三: ④⑥⑧ are not published when 0 / unchanged (the reading ``batches.zero_rule_4_6_8``)."""
        return self.reading("batches.zero_rule_4_6_8") == "unpublished"

    def infection_order(self) -> tuple[str, ...]:
        return tuple(layer.key for layer in INFECTION_ORDER.layers)

    def vector_header(self) -> dict[str, object]:
        """The vector keys that pin this spec: the readings and parameter overrides (in authors' units)."""
        params: dict[str, object] = {}
        for key in sorted(self.overrides):
            value = self.overrides[key]
            centi = PARAM_BY_KEY[key].unit is Unit.CENTI
            params[key] = centi_json(value) if centi and isinstance(value, int) else value
        return {"interpretation": dict(sorted(self.interpretation.items())), "params": params}

    def describe_changes(self) -> dict[str, object]:
        """Non-default parameters and readings, for reports (deterministic key order)."""
        return {
            "params": {k: self.params[k] for k in sorted(self.overrides)},
            "interpretation": {
                k: v for k, v in sorted(self.interpretation.items()) if SWITCH_BY_KEY[k].default != v
            },
        }


def _check_value(param: Param, value: object) -> ParamValue:
    key = param.key
    if isinstance(param.value, tuple):
        if not isinstance(value, list | tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise UserError(f"参数 {key} 须为整数列表", f"parameter {key} must be a list of integers")
        out = tuple(int(v) for v in value)
        if any(v < param.minimum for v in out):
            raise UserError(f"参数 {key} 的值不得小于 {param.minimum}", f"{key} must be ≥ {param.minimum}")
        return out
    if not isinstance(value, int) or isinstance(value, bool):
        raise UserError(
            f"参数 {key} 须为整数（内部单位）", f"parameter {key} must be an integer (internal unit)"
        )
    if value < param.minimum:
        raise UserError(f"参数 {key} 的值不得小于 {param.minimum}", f"{key} must be ≥ {param.minimum}")
    return value


def load_spec(
    overrides: Mapping[str, object] | None = None, interpretation: Mapping[str, str] | None = None
) -> Spec:
    """The 返航录 spec with parameter ``overrides`` (internal units) and switch readings applied."""
    params: dict[str, ParamValue] = {p.key: p.value for p in PARAMS}
    applied: dict[str, ParamValue] = {}
    for key, value in sorted((overrides or {}).items()):
        param = PARAM_BY_KEY.get(key)
        if param is None:
            raise UserError(
                f"未知参数 {key}（用 ruleproof params 查看可调参数）",
                f"unknown parameter {key} (see `ruleproof params`)",
            )
        if not param.tunable:
            raise UserError(
                f"参数 {key} 为结构常量（{param.clause}），不可调整", f"{key} is structural ({param.clause})"
            )
        applied[key] = params[key] = _check_value(param, value)
    readings: dict[str, str] = {s.key: s.default for s in SWITCHES}
    for key, value in sorted((interpretation or {}).items()):
        switch = SWITCH_BY_KEY.get(key)
        if switch is None:
            raise UserError(f"未知解释开关 {key}", f"unknown interpretation switch {key}")
        if value not in switch.choices:
            choices = "、".join(switch.choices)
            raise UserError(
                f"解释开关 {key} 的取值须为 {choices}",
                f"switch {key} takes one of {', '.join(switch.choices)}",
            )
        readings[key] = value
    return Spec(params=params, interpretation=readings, overrides=applied)


def parse_assignment(text: str) -> tuple[str, ParamValue]:
    """Parse ``KEY=VALUE`` as written by a rule author (decimals for hundredths, commas for lists)."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise UserError(f"参数赋值须写作 KEY=VALUE：{text}", f"expected KEY=VALUE, got {text!r}")
    if "," in raw:
        return key, to_internal(key, [s for s in raw.split(",") if s.strip()])
    return key, to_internal(key, raw)


def to_internal(key: str, value: object) -> ParamValue:
    """A parameter value as an author writes it (``2.5``, ``"3"``, ``[1, 3]``) → internal units."""
    param = PARAM_BY_KEY.get(key)
    if param is None:
        raise UserError(f"未知参数 {key}（用 ruleproof params 查看可调参数）", f"unknown parameter {key}")

    def one(v: object) -> int:
        if isinstance(v, bool) or not isinstance(v, int | float | str):
            raise UserError(f"参数 {key} 的值不是数：{v!r}", f"{key}: not a number: {v!r}")
        try:
            d = Decimal(str(v).strip())
        except InvalidOperation:
            raise UserError(f"参数 {key} 的值不是数：{v}", f"{key}: not a number: {v!r}") from None
        if param.unit is Unit.CENTI:
            d = d * 100
        if d != d.to_integral_value():
            raise UserError(f"参数 {key} 的值精度过高：{v}", f"{key}: too many decimals: {v!r}")
        return int(d)

    if isinstance(param.value, tuple):
        items = value if isinstance(value, list | tuple) else [value]
        return tuple(one(v) for v in items)
    if isinstance(value, list | tuple):
        raise UserError(f"参数 {key} 须为单个数", f"{key} takes a single number")
    return one(value)


ROLE_KEYS = tuple(ROLE_BY_KEY)
SKILL_KEYS = tuple(SKILL_BY_KEY)
