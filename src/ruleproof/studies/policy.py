"""Decision policies for studies: small, named, documented, seeded plug-ins that see only what their player
may see.

A plug-in never receives the game.  At each of its player's decisions it gets a :class:`View` — the seat's
number, the role it uses, its own faction, the round and step, who is still in the game, the teammates
its rules name (a team that knows each other), the public events so far, the private events addressed
to this seat, and the seat's own counters that its rules let it know (a book's whitelist) — and the
engine's random legal candidate for the skill (``proposal``: ``None`` when the random policy would pass).
It answers :data:`KEEP` (the candidate), ``None`` (pass) or an :class:`Act` (its own targets / fields),
which the engine checks like any submitted action; an illegal one is refused and the candidate kept, as
a referee's form would refuse it.  A book adds its own kinds of decision (返航录's night plan of the
alien) with the same view.

A user adds a plug-in in a file: a class with ``name``, ``summary`` (zh, en) and the methods below
(any missing method keeps the engine's choice), named on the command line as ``FILE.py:Class``.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Final

from ruleproof.errors import UserError
from ruleproof.runtime.model import Event


class _Keep:
    __slots__ = ()

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = _Keep()
"""Keep the engine's random legal candidate."""


@dataclass(frozen=True)
class Act:
    """A plug-in's own action: its targets and any of the book's action fields."""

    targets: tuple[int, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)


Decision = _Keep | Act | None


class View:
    """What one player may know at one decision.  Holds no reference to the game or to any seat object:
    numbers, strings, the events the player saw (shared, read-only by convention), its own counters, the
    rules in force (``params``: the spec's parameter values, public) and ``memo``, the player's own notes
    of this game (a plug-in object is shared by every game of a process: keep per-game memory here)."""

    __slots__ = (
        "alive",
        "faction",
        "memo",
        "night",
        "own",
        "params",
        "private",
        "public",
        "role",
        "seat",
        "step",
        "team",
    )

    def __init__(
        self,
        seat: int,
        role: str,
        faction: str,
        night: int,
        step: str,
        alive: tuple[int, ...],
        team: frozenset[int],
        public: Sequence[Event],
        private: Sequence[Event],
        own: Mapping[str, Any],
        params: Mapping[str, Any],
        memo: dict[str, Any],
    ) -> None:
        self.seat = seat
        self.role = role
        self.faction = faction
        self.night = night
        self.step = step
        self.alive = alive
        self.team = team
        self.public = public
        self.private = private
        self.own = own
        self.params = params  # the rules in force (public: the rulebook and its announced reforms)
        self.memo = memo  # the player's own notes of this game (what it did), kept between its decisions

    def others(self) -> list[int]:
        """Living seats other than this one and its known teammates."""
        return [n for n in self.alive if n != self.seat and n not in self.team]


class Plugin:
    """A named decision policy.  Subclass and override what it decides; the defaults keep the engine's
    random legal play.  ``rng`` is the plug-in's own seeded generator (per game and seat)."""

    name: ClassVar[str] = "random"
    summary: ClassVar[tuple[str, str]] = (
        "引擎的均匀随机合法行动",
        "the engine's uniformly random legal play",
    )
    skills: ClassVar[frozenset[str] | None] = None
    """The skills :meth:`decide` is asked about (None: all); the others keep the engine's choice without a
    view being built (a speed matter only)."""

    def decide(
        self, view: View, skill: str, proposal: tuple[int, ...] | None, rng: random.Random
    ) -> Decision:
        """The action for ``skill`` at this step (``proposal``: the random candidate's targets, or None)."""
        return KEEP

    def plan(self, view: View, options: Sequence[str], rng: random.Random) -> str | None:
        """A book's up-front plan of the round (返航录: the alien's one night action, 6.5④); None keeps the
        random pick."""
        return None


class PolicyTable:
    """Which plug-in decides for whom: by role first, then by faction, then ``*`` (default: random)."""

    def __init__(self, table: Mapping[str, Plugin]) -> None:
        self.table = dict(table)

    def for_seat(self, role: str, true_role: str, faction: str) -> Plugin | None:
        t = self.table
        return t.get(role) or t.get(true_role) or t.get(faction) or t.get("*")

    def describe(self) -> dict[str, dict[str, str]]:
        return {
            who: {"policy": p.name, "zh": p.summary[0], "en": p.summary[1]}
            for who, p in sorted(self.table.items())
        }


def load_plugin_file(ref: str) -> type[Plugin]:
    """``FILE.py:Class`` → the class (a user's plug-in); one clear error otherwise."""
    path_s, _, cls_name = ref.rpartition(":")
    path = Path(path_s)
    if not path_s or not cls_name or path.suffix != ".py":
        raise UserError(
            f"策略插件须写作 文件.py:类名，实为 {ref!r}", f"a policy plug-in is FILE.py:Class, got {ref!r}"
        )
    if not path.is_file():
        raise UserError(f"找不到策略插件文件 {path}", f"policy plug-in file not found: {path}")
    mod_name = f"ruleproof_user_policy_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(mod_name, path)
    if spec is None or spec.loader is None:
        raise UserError(f"无法读取策略插件 {path}", f"cannot load the policy plug-in {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a user's file: any error is bad input, reported in one line
        raise UserError(
            f"策略插件 {path} 载入失败：{type(exc).__name__}: {exc}",
            f"the policy plug-in {path} failed to load: {type(exc).__name__}: {exc}",
        ) from exc
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Plugin)):
        raise UserError(
            f"{path} 中没有 Plugin 子类 {cls_name}（ruleproof.studies.policy.Plugin）",
            f"{path} has no Plugin subclass {cls_name} (ruleproof.studies.policy.Plugin)",
        )
    return cls


def resolve_policies(
    specs: Sequence[str], builtin: Mapping[str, type[Plugin]], defaults: Mapping[str, str]
) -> dict[str, Plugin]:
    """``--policy WHO=NAME`` entries (``NAME`` a built-in or ``FILE.py:Class``) over a study's defaults."""
    chosen = dict(defaults)
    for item in specs:
        who, sep, name = item.partition("=")
        if not sep or not who or not name:
            raise UserError(
                f"--policy 须写作 对象=策略（如 alien=aggressive），实为 {item!r}",
                f"--policy is WHO=NAME (e.g. alien=aggressive), got {item!r}",
            )
        chosen[who] = name
    out: dict[str, Plugin] = {}
    for who, name in chosen.items():
        if name.endswith(".py") or ".py:" in name:
            out[who] = load_plugin_file(name)()
        elif name in builtin:
            out[who] = builtin[name]()
        else:
            raise UserError(
                f"未知策略 {name}（可用：{'、'.join(sorted(builtin))}，或 文件.py:类名）",
                f"unknown policy {name} (built-in: {', '.join(sorted(builtin))}, or FILE.py:Class)",
            )
    return out


__all__ = ["KEEP", "Act", "Decision", "Plugin", "PolicyTable", "View", "load_plugin_file", "resolve_policies"]
