"""``config genshin165 --check-lineup FILE|ROLES``: is a given line-up legal under the text's configuration
rules?  The line-up is fixed in the Z3 encoding; when unsatisfiable, the minimal unsat core names the
rules it breaks, each with its source sentence and line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ruleproof.config.solver import Status, require
from ruleproof.errors import BadInput
from ruleproof.specs.genshin165.rules import DEFAULT_READINGS, Readings, TCapReading, rules
from ruleproof.specs.genshin165.smt import Encoding


@dataclass(frozen=True)
class Problem:
    rule: str
    zh: str
    en: str
    line: int
    quote: str


def parse_roles(text: str) -> list[str]:
    """Role names separated by commas, 、, spaces or new lines (a file's content or the argument)."""
    import re

    names = [n for n in re.split(r"[\s,，、;；]+", text.strip()) if n]
    if not names:
        raise BadInput("配置为空", "the line-up is empty")
    return names


def lineup_problems(
    names: Sequence[str], reading: TCapReading = TCapReading.BOTH, readings: Readings = DEFAULT_READINGS
) -> list[Problem]:
    known = {r.name for r in rules().roles}
    unknown = [n for n in names if n not in known]
    if unknown:
        return [
            Problem(
                "roster",
                f"不在身份表中：{'、'.join(unknown)}",
                f"not in the roster: {', '.join(unknown)}",
                rules().roster.line,
                rules().roster.quote,
            )
        ]
    dup = sorted({n for n in names if list(names).count(n) > 1})
    if dup:
        return [
            Problem(
                "roster",
                f"同一身份出现多次：{'、'.join(dup)}",
                f"an identity twice: {', '.join(dup)}",
                rules().roster.line,
                rules().roster.quote,
            )
        ]
    enc = Encoding(len(names), reading, readings=readings)
    fixed = enc.role_lits(names)
    if require(enc.check(fixed), f"genshin165 line-up of {len(names)}"):
        return []
    core = enc.core(fixed)
    out = []
    for name in core:
        c = enc.constraints[name]
        out.append(
            Problem(
                name,
                f"{c.text}（第 {c.cite.line} 行「{c.cite.quote}」）",
                f"{c.text} (line {c.cite.line})",
                c.cite.line,
                c.cite.quote,
            )
        )
    return out


__all__ = ["Problem", "Status", "lineup_problems", "parse_roles"]
