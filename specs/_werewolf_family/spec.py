"""A book's loaded spec (effective parameters and readings) and the object the registry hands to the shared
commands (``params``, ``--set``, ``--interpret``, ``verify``) — the same for every book of the family."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ruleproof.errors import UserError
from ruleproof.specs.model import Param, Switch


@dataclass(frozen=True)
class LoadedSpec:
    book: str
    params: Mapping[str, int]
    interpretation: Mapping[str, str]
    overrides: Mapping[str, int] = field(default_factory=dict)
    defaults: Mapping[str, str] = field(default_factory=dict)

    def p(self, key: str) -> int:
        return self.params[key]

    def reading(self, key: str) -> str:
        return self.interpretation[key]

    def vector_header(self) -> dict[str, object]:
        return {
            "interpretation": dict(sorted(self.interpretation.items())),
            "params": {k: self.overrides[k] for k in sorted(self.overrides)},
        }

    def describe_changes(self) -> dict[str, object]:
        return {
            "params": {k: self.params[k] for k in sorted(self.overrides)},
            "interpretation": {
                k: v for k, v in sorted(self.interpretation.items()) if self.defaults.get(k) != v
            },
        }


class FamilySpec:
    """An :class:`~ruleproof.books.protocols.ExecutableSpec` over a book's params and switches."""

    def __init__(self, book_id: str, params: Sequence[Param], switches: Sequence[Switch]) -> None:
        self.book_id = book_id
        self.params = tuple(params)
        self.switches = tuple(switches)
        self._by_key = {p.key: p for p in self.params}
        self._switch = {s.key: s for s in self.switches}

    def load(
        self, overrides: Mapping[str, object] | None = None, interpretation: Mapping[str, str] | None = None
    ) -> LoadedSpec:
        values = {p.key: int(p.value) for p in self.params if isinstance(p.value, int)}
        checked: dict[str, int] = {}
        for key, value in (overrides or {}).items():
            param = self._by_key.get(key)
            if param is None:
                raise UserError(f"未知参数 {key}（见 ruleproof params）", f"unknown parameter {key}")
            if not param.tunable:
                raise UserError(f"参数 {key} 是结构常量，不可修改", f"parameter {key} is structural")
            if isinstance(value, bool) or not isinstance(value, int) or value < param.minimum:
                raise UserError(
                    f"参数 {key} 须为不小于 {param.minimum} 的整数",
                    f"{key} must be an integer ≥ {param.minimum}",
                )
            checked[key] = value
        values.update(checked)
        readings = {s.key: s.default for s in self.switches}
        for key, value in (interpretation or {}).items():
            switch = self._switch.get(key)
            if switch is None:
                raise UserError(f"未知解释开关 {key}", f"unknown interpretation switch {key}")
            if value not in switch.choices:
                raise UserError(
                    f"开关 {key} 的读法须为 {'/'.join(switch.choices)} 之一",
                    f"{key} must be one of {', '.join(switch.choices)}",
                )
            readings[key] = value
        return LoadedSpec(self.book_id, values, readings, checked, {s.key: s.default for s in self.switches})

    def parse_assignment(self, text: str) -> tuple[str, object]:
        key, sep, raw = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(f"须写成 KEY=VALUE：{text}", f"expected KEY=VALUE: {text}")
        if key not in self._by_key:
            raise UserError(f"未知参数 {key}（见 ruleproof params）", f"unknown parameter {key}")
        try:
            return key, int(raw.strip())
        except ValueError:
            raise UserError(f"参数 {key} 的值须为整数：{raw}", f"{key} needs an integer: {raw}") from None


__all__ = ["FamilySpec", "LoadedSpec"]
