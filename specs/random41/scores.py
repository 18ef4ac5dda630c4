"""Role score tables for 随机配置法 4.1: what the text gives, and what a user's TOML file adds.

The text refers to 《算分表V4.0》 but does not contain it.  The only scores it gives are the
全员随机 score changes in its changelog ("仲裁官10-9" — the current score is the second number); it
gives no 普通狼人规则 score at all, and no role's category except four tier moves (强神/弱神).
Nothing else is invented: a role without a score or category is named, and left out of the draw.

A user table is TOML, one array entry per rule set and role::

    [[standard]]
    name = "预言家"
    category = "验人系"     # one of the rule set's seven categories (required)
    score = 4               # integer, decimal or "a/b" (optional for all-random roles the text scores)
    weight = 1              # optional, default 1
    min_players = 8         # optional, default 0: the role appears only when N ≥ min_players
    copies = 1              # optional, default 1: how many copies one board may hold

    [[all-random]]
    name = "仲裁官"
    category = "验人系强神"  # score 9 comes from the text

(``[standard."预言家"]`` tables keyed by the quoted name are accepted too.)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ruleproof.books import load_source
from ruleproof.config.source import Cite
from ruleproof.errors import BadInput
from ruleproof.specs.random41.rules import CATEGORIES, COARSE_OF, Category, Variant, score_changes

_FIELDS = {"name", "category", "score", "weight", "min_players", "copies"}


@dataclass(frozen=True)
class Entry:
    name: str
    category: Category | None
    score: Fraction | None
    weight: Fraction = Fraction(1)
    min_players: int = 0
    copies: int = 1
    score_source: str = "file"  # "file" or "text"
    cite: Cite | None = None  # the changelog item a text score comes from

    @property
    def drawable(self) -> bool:
        return self.category is not None and self.score is not None


@dataclass
class ScoreTable:
    variant: Variant
    roles: dict[str, Entry]
    source: str  # "text" or the file name
    notes: list[str] = field(default_factory=list)

    def lacking_score(self) -> list[str]:
        return [e.name for e in self.roles.values() if e.score is None]

    def lacking_category(self) -> list[str]:
        return [e.name for e in self.roles.values() if e.category is None]

    def eligible(self, n: int) -> list[Entry]:
        return [e for e in self.roles.values() if e.drawable and e.min_players <= n]


def text_scores() -> dict[str, tuple[int, Cite, str | None]]:
    """All-random scores the changelog gives: role → (current score, source item, tier it moved to)."""
    out: dict[str, tuple[int, Cite, str | None]] = {}
    for change in score_changes():
        out[change.role] = (change.new, change.cite, change.tier_to)
    return out


def shipped(variant: Variant) -> ScoreTable:
    """The table the text itself gives (empty for the standard rules)."""
    if variant is Variant.STANDARD:
        return ScoreTable(variant, {}, "text")
    roles = {
        name: Entry(name, None, Fraction(score), score_source="text", cite=c)
        for name, (score, c, _tier) in text_scores().items()
    }
    return ScoreTable(variant, roles, "text")


def _bad(path: str, zh: str, en: str) -> BadInput:
    return BadInput(f"算分表 {path}：{zh}", f"score table {path}: {en}")


def _number(path: str, where: str, value: Any) -> Fraction:
    if isinstance(value, bool):
        raise _bad(path, f"{where} 应为数值", f"{where} must be a number")
    try:
        if isinstance(value, int):
            return Fraction(value)
        if isinstance(value, float):
            return Fraction(repr(value))  # 4.5 → 9/2, 0.3 → 3/10 (no binary noise)
        if isinstance(value, str):
            return Fraction(value.strip())
    except (ValueError, ZeroDivisionError):
        pass
    raise _bad(path, f"{where} 不是有效数值：{value!r}", f"{where} is not a number: {value!r}")


def _integer(path: str, where: str, value: Any, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise _bad(path, f"{where} 应为不小于 {minimum} 的整数", f"{where} must be an integer ≥ {minimum}")
    return value


def _entry(
    path: str, variant: Variant, name: str, spec: Any, text: dict[str, tuple[int, Cite, str | None]]
) -> tuple[Entry, list[str]]:
    where = f"[{variant.value}.{name}]"
    if not isinstance(spec, dict):
        raise _bad(path, f"{where} 应为表", f"{where} must be a table")
    unknown = sorted(set(spec) - _FIELDS)
    if unknown:
        raise _bad(
            path, f"{where} 有未知字段 {', '.join(unknown)}", f"{where} has unknown keys {', '.join(unknown)}"
        )
    if "category" not in spec:
        raise _bad(path, f"{where} 缺少 category", f"{where} lacks category")
    allowed = CATEGORIES[variant]
    names = [c.value for c in allowed]
    if spec["category"] not in names:
        raise _bad(
            path,
            f"{where} 的类别 {spec['category']!r} 不属于{variant.value}（可用：{'、'.join(names)}）",
            f"{where}: category {spec['category']!r} is not one of {', '.join(names)}",
        )
    category = Category(spec["category"])
    notes: list[str] = []
    score: Fraction | None = None
    source, cite = "file", None
    if "score" in spec:
        score = _number(path, f"{where} score", spec["score"])
        if name in text and Fraction(text[name][0]) != score:
            notes.append(
                f"{name}：文件算分 {score} 与正文（第 {text[name][1].line} 行）{text[name][0]} 不同，按文件计算"
            )
    elif name in text:
        score, source, cite = Fraction(text[name][0]), "text", text[name][1]
    if name in text and text[name][2] is not None and COARSE_OF[category] != text[name][2]:
        notes.append(
            f"{name}：正文（第 {text[name][1].line} 行）说它已变为{text[name][2]}，文件归为{category.value}"
        )
    weight = _number(path, f"{where} weight", spec.get("weight", 1))
    if weight <= 0:
        raise _bad(path, f"{where} weight 应为正数", f"{where} weight must be positive")
    entry = Entry(
        name=name,
        category=category,
        score=score,
        weight=weight,
        min_players=_integer(path, f"{where} min_players", spec.get("min_players", 0), 0),
        copies=_integer(path, f"{where} copies", spec.get("copies", 1), 1),
        score_source=source,
        cite=cite,
    )
    return entry, notes


def load(path: str, variant: Variant) -> ScoreTable:
    """Read a user's TOML table for ``variant``; every problem is one :class:`BadInput` line."""
    raw = load_source(path).data  # missing file / directory / unreadable: one BadInput line
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _bad(path, "不是 UTF-8 文本", "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise _bad(path, f"TOML 格式错误：{exc}", f"malformed TOML: {exc}") from None
    extra = sorted(set(data) - {v.value for v in Variant})
    if extra:
        raise _bad(
            path,
            f"未知的顶层表 {', '.join(extra)}（应为 standard 或 all-random）",
            f"unknown top-level tables {', '.join(extra)} (expected standard or all-random)",
        )
    section = data.get(variant.value, [])
    if isinstance(section, dict):
        items = list(section.items())
    elif isinstance(section, list):
        items = []
        for i, spec in enumerate(section, start=1):
            name = spec.get("name") if isinstance(spec, dict) else None
            if not isinstance(name, str) or not name.strip():
                raise _bad(
                    path, f"第 {i} 个 [[{variant.value}]] 缺少 name", f"[[{variant.value}]] #{i} lacks a name"
                )
            items.append((name.strip(), spec))
    else:
        raise _bad(
            path, f"{variant.value} 应为表或表数组", f"{variant.value} must be a table or an array of tables"
        )
    text = text_scores() if variant is Variant.ALL_RANDOM else {}
    table = ScoreTable(variant, {}, path)
    for name, spec in items:
        if name in table.roles:
            raise _bad(path, f"身份 {name} 出现了两次", f"role {name} is listed twice")
        entry, notes = _entry(path, variant, name, spec, text)
        table.roles[name] = entry
        table.notes.extend(notes)
    for name, (score, c, _tier) in text.items():  # text scores for roles the file does not place
        table.roles.setdefault(name, Entry(name, None, Fraction(score), score_source="text", cite=c))
    return table
