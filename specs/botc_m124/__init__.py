"""[M124] 血染钟楼 (seed 003) as a typed spec: roles and skills with their printed labels, the night
orders, the setup modifiers, the statuses and marks with their durations, the win rules, parameters and
interpretation switches — each entry citing the section it comes from and quoting its phrase.

``load_spec(overrides=…, interpretation=…)`` gives a :class:`Spec` (defaults with a reform applied and a
reading chosen for every switch); bad keys or values raise :class:`ruleproof.errors.UserError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ruleproof.errors import UserError
from ruleproof.specs.botc_m124.interpretations import SWITCH_BY_KEY, SWITCHES
from ruleproof.specs.botc_m124.params import PARAM_BY_KEY, PARAMS

BOOK_ID = "botc-m124/M124"


@dataclass(frozen=True)
class Spec:
    """Effective parameters and readings (``overrides``: what a reform changed)."""

    params: Mapping[str, int]
    interpretation: Mapping[str, str]
    overrides: Mapping[str, int] = field(default_factory=dict)
    book: str = BOOK_ID

    def p(self, key: str) -> int:
        return self.params[key]

    def reading(self, key: str) -> str:
        return self.interpretation[key]

    def describe_changes(self) -> dict[str, object]:
        return {
            "params": {k: self.overrides[k] for k in sorted(self.overrides)},
            "interpretation": {
                k: v for k, v in sorted(self.interpretation.items()) if SWITCH_BY_KEY[k].default != v
            },
        }

    def vector_header(self) -> dict[str, object]:
        """The vector keys that pin this spec (non-default readings and overrides)."""
        changes = self.describe_changes()
        return {"interpretation": changes["interpretation"], "params": changes["params"]}


def _param_value(key: str, value: object) -> int:
    param = PARAM_BY_KEY.get(key)
    if param is None:
        raise UserError(
            f"未知参数 {key}（用 ruleproof params --book botc-m124 查看）", f"unknown parameter {key}"
        )
    if not param.tunable:
        raise UserError(
            f"参数 {key} 为结构常量（{param.clause}），不可调整", f"{key} is structural ({param.clause})"
        )
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(f"参数 {key} 须为整数", f"parameter {key} must be an integer")
    if value < param.minimum:
        raise UserError(f"参数 {key} 的值不得小于 {param.minimum}", f"{key} must be ≥ {param.minimum}")
    return value


def load_spec(
    overrides: Mapping[str, object] | None = None, interpretation: Mapping[str, str] | None = None
) -> Spec:
    params = {p.key: int(p.value) for p in PARAMS if isinstance(p.value, int)}
    applied = {key: _param_value(key, value) for key, value in sorted((overrides or {}).items())}
    params.update(applied)
    readings = {s.key: s.default for s in SWITCHES}
    for key, value in sorted((interpretation or {}).items()):
        switch = SWITCH_BY_KEY.get(key)
        if switch is None:
            raise UserError(f"未知解释开关 {key}", f"unknown interpretation switch {key}")
        if value not in switch.choices:
            raise UserError(
                f"解释开关 {key} 的取值须为 {'、'.join(switch.choices)}",
                f"switch {key} takes one of {', '.join(switch.choices)}",
            )
        readings[key] = value
    return Spec(params, readings, applied)


def parse_assignment(text: str) -> tuple[str, int]:
    """``KEY=VALUE`` as an author writes it; clock parameters also take ``HH:MM``."""
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key:
        raise UserError(f"参数赋值须写作 KEY=VALUE：{text}", f"expected KEY=VALUE, got {text!r}")
    hours, colon, minutes = raw.partition(":")
    try:
        value = int(hours) * 60 + int(minutes) if colon else int(raw)
    except ValueError:
        raise UserError(f"参数 {key} 的值不是整数：{raw}", f"{key}: not an integer: {raw!r}") from None
    return key, _param_value(key, value)


__all__ = ["BOOK_ID", "PARAMS", "SWITCHES", "Spec", "load_spec", "parse_assignment"]
