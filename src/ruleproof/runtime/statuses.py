"""Statuses with durations: 「获得[冰冻]，持续至下一个[正午]阶段开始」, 「中毒至下一个黄昏」, a protection for
tonight.  A status names its holder, its source and the edge of a step at which it ends; the game expires
statuses as it walks the steps (:meth:`Statuses.expire` at each step's start and end), logging each one
that ends — a status whose moment was skipped (its period did not happen that round) ends at the first
edge after it.  A book whose statuses are plain fields on its seats need not use this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr


class Until(NamedTuple):
    """The moment a status ends: the ``edge`` (``start`` or ``end``) of step ``step`` in round ``night``."""

    night: int
    step: str
    edge: str = "start"


@dataclass
@mypyc_attr(allow_interpreted_subclasses=True)
class Status:
    name: str
    holder: int
    source: int
    until: Until | None  # None: until removed
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.name, "holder": self.holder, "source": self.source}
        if self.until is not None:
            out["until"] = list(self.until)
        return out


@mypyc_attr(allow_interpreted_subclasses=True)
class Statuses:
    """The statuses in force, in the order they were given; ``steps`` is the cycle's step order."""

    def __init__(self, steps: tuple[str, ...] = ()) -> None:
        self.active: list[Status] = []
        self.index = {key: i for i, key in enumerate(steps)}

    def _moment(self, until: Until) -> tuple[int, int, int]:
        return until.night, self.index[until.step], 0 if until.edge == "start" else 1

    def add(self, holder: int, name: str, *, source: int, until: Until | None = None, **data: Any) -> Status:
        if until is not None and until.edge not in ("start", "end"):
            raise ValueError(f"a status ends at a step's start or end, not {until.edge!r}")
        if until is not None and until.step not in self.index:
            raise ValueError(f"a status cannot end at {until.step!r}: not a step of the cycle")
        status = Status(name, holder, source, until, dict(data))
        self.active.append(status)
        return status

    def has(self, holder: int, name: str) -> bool:
        return any(s.holder == holder and s.name == name for s in self.active)

    def of(self, holder: int) -> list[Status]:
        return [s for s in self.active if s.holder == holder]

    def remove(self, holder: int, name: str) -> list[Status]:
        gone = [s for s in self.active if s.holder == holder and s.name == name]
        self.active = [s for s in self.active if not (s.holder == holder and s.name == name)]
        return gone

    def expire(self, g: Any, night: int, step: str, edge: str) -> list[Status]:
        """End every status due at (or before) this edge of this step; each is logged ``status_ended``."""
        if step not in self.index:
            return []
        now = self._moment(Until(night, step, edge))
        gone = [s for s in self.active if s.until is not None and self._moment(s.until) <= now]
        if gone:
            self.active = [s for s in self.active if s not in gone]
            for s in gone:
                g.log("status_ended", s.to_json())
        return gone


__all__ = ["Status", "Statuses", "Until"]
