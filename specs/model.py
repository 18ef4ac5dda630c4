"""Building blocks of a typed rule spec: every entry cites its clause and quotes its phrase.

A spec is data.  Engines, the Z3 encoding, the drift check and the docs read the same objects:

* :class:`Param` — one constant (a number, a night, a range bound), with the clause id and the Chinese
  phrase it comes from.  ``tunable`` params may be overridden ("a reform", in OpenFisca's words).
* :class:`Switch` — an interpretation switch: where the text contradicts itself, each reading names
  the clauses it follows; the default reading carries the reason it is the default.
* :class:`StepDef`, :class:`BatchDef`, :class:`LayerDef`, :class:`VictoryRow` — the ordered tables.
* :class:`SeatDef`, :class:`RoleDef`, :class:`SkillDef` — who plays, what they can do, when.
* :class:`StateField`, :class:`FeedbackKind` — the vocabulary vectors use for expectations.

Decimal quantities of the rules (countdown, net damage, repair amounts…) are kept as integers in
hundredths (unit ``centi``): 2.5 is ``250``.  That keeps arithmetic exact and lets the same kernels run
over Z3 integers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar

from ruleproof.errors import UserError


class Unit(StrEnum):
    COUNT = "count"  # a plain number of things (bullets, players, uses)
    NIGHT = "night"  # a night number (1-based) or a number of nights
    CENTI = "centi"  # a decimal quantity stored in hundredths (24.0 → 2400)
    PERCENT = "percent"
    MINUTE = "minute"  # wall-clock minutes (the real-time draw of 1.5.3)


@dataclass(frozen=True)
class Param:
    """One constant of the rules, written once."""

    key: str  # dotted key, e.g. "sheriff.bullet_cap"
    value: int | tuple[int, ...]
    clause: str  # clause id it comes from, e.g. "4.4.6"
    quote: str  # the Chinese phrase in that clause the value is read from
    doc: str  # Chinese description
    doc_en: str
    unit: Unit = Unit.COUNT
    tunable: bool = True  # may be overridden (a reform); False for structural constants
    minimum: int = 0

    def display(self, value: int | tuple[int, ...] | None = None) -> str:
        """The value as a rule author writes it (hundredths shown as decimals)."""
        v = self.value if value is None else value
        if isinstance(v, tuple):
            return ",".join(self._one(x) for x in v)
        return self._one(v)

    def _one(self, v: int) -> str:
        if self.unit is Unit.CENTI:
            whole, frac = divmod(abs(v), 100)
            sign = "-" if v < 0 else ""
            return f"{sign}{whole}.{frac:02d}".rstrip("0").rstrip(".") if frac else f"{sign}{whole}"
        return str(v)


@dataclass(frozen=True)
class Reading:
    """One reading of an interpretation switch."""

    value: str
    clauses: tuple[str, ...]
    zh: str
    en: str


@dataclass(frozen=True)
class Switch:
    """A place where the text contradicts itself (or leaves a gap): the readings and the default."""

    key: str
    title: str  # Chinese title
    title_en: str
    readings: tuple[Reading, ...]
    default: str
    reason: str  # why the default (Chinese)
    reason_en: str

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(r.value for r in self.readings)

    @property
    def clauses(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for r in self.readings:
            for c in r.clauses:
                seen.setdefault(c, None)
        return tuple(seen)

    def reading(self, value: str) -> Reading:
        for r in self.readings:
            if r.value == value:
                return r
        raise KeyError(value)


class StepKind(StrEnum):
    ARRIVAL = "arrival"  # passive quota arrival (2.1.5), not a numbered step
    SUBSTAGE = "substage"  # the two pre-step-0 sub-stages (2.1.1 ①②)
    STEP = "step"  # a numbered step of the night step table


S = TypeVar("S")


@dataclass(frozen=True)
class BookSpec(Generic[S]):
    """A book's executable spec as the registry hands it to the shared commands (``params``, ``--set``,
    ``--interpret``, ``verify``): its parameters, switches, loader and ``KEY=VALUE`` parser."""

    book_id: str
    params: Sequence[Param]
    switches: Sequence[Switch]
    loader: Callable[[Mapping[str, object] | None, Mapping[str, str] | None], S]
    parser: Callable[[str], tuple[str, object]]

    def load(
        self, overrides: Mapping[str, object] | None = None, interpretation: Mapping[str, str] | None = None
    ) -> S:
        return self.loader(overrides, interpretation)

    def parse_assignment(self, text: str) -> tuple[str, object]:
        return self.parser(text)


class IntSpec:
    """What a spec dataclass with whole-number ``params``, its ``interpretation`` and the ``overrides`` a
    reform applied offers the shared commands; ``switch_defaults`` says each switch's default."""

    params: Mapping[str, int]
    interpretation: Mapping[str, str]
    overrides: Mapping[str, int]

    def switch_defaults(self) -> Mapping[str, str]:
        raise NotImplementedError

    def p(self, key: str) -> int:
        return self.params[key]

    def reading(self, key: str) -> str:
        return self.interpretation[key]

    def vector_header(self) -> dict[str, object]:
        """The vector keys that pin this spec: readings and parameter overrides."""
        return {
            "interpretation": dict(sorted(self.interpretation.items())),
            "params": {k: self.overrides[k] for k in sorted(self.overrides)},
        }

    def describe_changes(self) -> dict[str, object]:
        """Non-default parameters and readings, for reports (deterministic key order)."""
        defaults = self.switch_defaults()
        return {
            "params": {k: self.params[k] for k in sorted(self.overrides)},
            "interpretation": {k: v for k, v in sorted(self.interpretation.items()) if defaults[k] != v},
        }


def resolve_int_params(
    params: Sequence[Param], overrides: Mapping[str, object] | None, book: str
) -> tuple[dict[str, int], dict[str, int]]:
    """Defaults with ``overrides`` applied (every parameter a whole number): (effective, applied).
    An unknown key, a structural one, or a value below the minimum is a :class:`UserError`."""
    by_key = {p.key: p for p in params}
    values = {p.key: p.value for p in params if isinstance(p.value, int)}
    applied: dict[str, int] = {}
    for key, value in sorted((overrides or {}).items()):
        param = by_key.get(key)
        if param is None:
            raise UserError(
                f"未知参数 {key}（用 ruleproof params --book {book} 查看）",
                f"unknown parameter {key} (see `ruleproof params --book {book}`)",
            )
        if not param.tunable:
            raise UserError(f"参数 {key} 为结构常量（{param.clause}），不可调整", f"{key} is structural")
        if isinstance(value, bool) or not isinstance(value, int) or value < param.minimum:
            raise UserError(
                f"参数 {key} 须为不小于 {param.minimum} 的整数", f"{key} must be an integer ≥ {param.minimum}"
            )
        applied[key] = values[key] = value
    return values, applied


def resolve_readings(switches: Sequence[Switch], interpretation: Mapping[str, str] | None) -> dict[str, str]:
    """Every switch's reading: its default unless ``interpretation`` names another (checked)."""
    by_key = {s.key: s for s in switches}
    readings = {s.key: s.default for s in switches}
    for key, value in sorted((interpretation or {}).items()):
        switch = by_key.get(key)
        if switch is None:
            raise UserError(f"未知解释开关 {key}", f"unknown interpretation switch {key}")
        if value not in switch.choices:
            raise UserError(
                f"解释开关 {key} 的取值须为 {'、'.join(switch.choices)}",
                f"switch {key} takes one of {', '.join(switch.choices)}",
            )
        readings[key] = value
    return readings


def switches_markdown(switches: tuple[Switch, ...] | list[Switch]) -> str:
    """Interpretation switches as prose: each switch, its readings (the default marked) and the reason —
    what a book's docs embed between ``<!-- switches:start -->`` and ``<!-- switches:end -->``."""
    lines: list[str] = []
    for s in switches:
        lines += [f"### `{s.key}` — {s.title}", "", f"*{s.title_en}*", ""]
        for r in s.readings:
            mark = " **(default)**" if r.value == s.default else ""
            lines.append(f"- `{r.value}`{mark} — {r.zh} — *{r.en}*")
        lines += ["", f"Why the default: {s.reason}", "", f"> {s.reason_en}", ""]
    return "\n".join(lines)


@dataclass(frozen=True)
class StepDef:
    key: str  # "0", "0.55", "4a", "iss", "edc", "arrival"
    zh: str
    en: str
    clause: str
    kind: StepKind
    frozen_in_extinction: bool = False  # 1.4.1.3
    batch: str | None = None  # key of the batch published right after this step


class PublishRule(StrEnum):
    ALWAYS = "always"  # published whenever its node happens
    NONZERO = "nonzero"  # not published ⇔ its quantity is 0 (2.1.7 ②③⑤)
    CHANGED = "changed"  # not published when 0 / unchanged (附录三 ④⑥⑧; a switch)
    ON_EVENT = "on_event"  # exists only when its event happens (meeting ⑦, eavesdrop ⑪)


@dataclass(frozen=True)
class BatchDef:
    key: str  # "0".."11" — the batch number; symbol is the circled form
    symbol: str  # 〇 ① … ⑪
    zh: str  # content
    en: str
    when: str  # step key or "day" / "setup"
    clause: str
    rule: PublishRule
    rule_clause: str  # the clause giving the publication rule
    quantity: str  # what "0" means for this batch (the quantity tested by the rule)
    # the content field whose size is that quantity (a number, or a list's length); "" when the quantity
    # is not a published field (⑧ tests the countdown's change but publishes its value)
    measure: str = ""
    carries: tuple[str, ...] = ()  # the other content the batch publishes with it (2.1.6)


class LayerClass(StrEnum):
    FULL = "full"  # 全额减免
    TIMED = "timed"  # 时限类
    PERSISTENT = "persistent"  # 存续类


@dataclass(frozen=True)
class LayerDef:
    key: str
    zh: str
    klass: LayerClass
    clause: str  # the clause defining the layer


@dataclass(frozen=True)
class LayerOrder:
    key: str  # "damage" / "infection"
    layers: tuple[LayerDef, ...]
    clause: str  # the authoritative clause of this order
    quote: str


@dataclass(frozen=True)
class VictoryRow:
    row: str  # "〇" "①" …
    condition: str  # condition key understood by the victory kernel
    winner: str  # "draw" or a faction key
    clause: str
    quote: str


@dataclass(frozen=True)
class OrderRow:
    """One row of an ordered table the text states (e.g. the adjudication order §0.5)."""

    row: str  # as printed: "①"
    key: str
    clause: str
    quote: str


@dataclass(frozen=True)
class SeatDef:
    key: str
    zh: str
    variants: tuple[str, ...]  # role keys; first is the default variant
    clause: str


@dataclass(frozen=True)
class RoleDef:
    key: str
    zh: str
    faction: str
    clause: str
    seat: str | None = None  # seat key when the role is a seat variant
    count: int = 1  # how many at game start (0 for derived roles)
    derived_from: str | None = None  # job-change roles: "crew"
    implemented: bool = True
    issue: str | None = None  # where a not-implemented role is planned


class Slot(StrEnum):
    MAIN = "main"  # the night's one action of this role (出手栏 / 行动名额 / 四选一)
    FREE = "free"  # does not take the night's action (乔装, 嗅探, 自救, 觉醒…)


@dataclass(frozen=True)
class SkillDef:
    key: str
    zh: str
    roles: tuple[str, ...]
    step: str  # StepDef.key, or "day"
    clause: str
    slot: Slot = Slot.MAIN
    blocked: tuple[str, ...] = ("silence", "suppression", "dying")  # 2.8.3 / 4.10.4
    targets: str = "none"  # "none" | "one" | "many" | "self"
    params: tuple[str, ...] = ()  # action fields besides targets, e.g. ("amount",)
    excludes: tuple[str, ...] = ()  # other skills of the same actor that may not be used the same night
    windows: tuple[str, ...] = ()  # further steps it may be executed at (the actor's own action windows)
    quota: str = ""  # the player's counter that is its quota: one target per unit held (2.5.1 额度即上限)
    implemented: bool = True
    issue: str | None = None


@dataclass(frozen=True)
class StateField:
    key: str
    scope: str  # "player" | "game"
    type: str  # "int", "bool", "decimal", "str", "list"
    zh: str
    clause: str


@dataclass(frozen=True)
class ViewField:
    """A key of a seat's private view (``ruleproof-vector/2`` ``views``): what the text lets some seats see
    of the state, with the clause granting it and who sees it (the book's word for the seats)."""

    key: str
    zh: str
    clause: str
    who: str


@dataclass(frozen=True)
class FeedbackKind:
    key: str
    zh: str
    clause: str
    fields: tuple[str, ...] = field(default_factory=tuple)


def centi_json(value: int) -> int | float:
    """Hundredths as the JSON number a rule author writes (250 → 2.5, 300 → 3)."""
    return value // 100 if value % 100 == 0 else value / 100


@dataclass(frozen=True)
class TermDef:
    """A term the text defines: where, and the phrase of that clause the definition is read from.

    ``quote`` anchors the defining sentence (the generated glossary prints that sentence, as the text
    words it now); the drift check guards that it is still in ``clause``.  ``aliases`` are the other
    names a glossary may print it under (「染血（染血指认）」).
    """

    key: str
    zh: str
    clause: str
    quote: str
    aliases: tuple[str, ...] = ()
