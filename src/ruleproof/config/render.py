"""Shared rendering of configuration boards and findings (Chinese role names; deterministic JSON).

Each configuration book renders its own boards in ``specs/<book>/render.py`` with these helpers.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ruleproof.config.rounding import fmt_decimal, fmt_fraction
from ruleproof.findings import Finding


def pct(p: Fraction) -> str:
    return f"{fmt_decimal(p * 100, 2).rstrip('0').rstrip('.')}%"


def number_ranges(ns: Sequence[int]) -> str:
    """[8, 9, 10, 12] → "8–10, 12" (the player counts a finding holds for)."""
    runs: list[list[int]] = []
    for v in sorted(set(ns)):
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def findings_text(findings: Sequence[Finding], lang: str) -> str:
    if not findings:
        return "未发现问题\n" if lang == "zh" else "no findings\n"
    out = []
    for f in findings:
        out.append(
            f"第 {f.line} 行 [{f.severity.value}] {f.check}: {f.message if lang == 'zh' else f.message_en}"
        )
        out.append(f"    「{f.quote}」")
    return "\n".join(out) + "\n"


# --- 随机配置法 4.1 ------------------------------------------------------------------------------


def fraction_json(x: Fraction | None) -> dict[str, str] | None:
    return None if x is None else {"fraction": fmt_fraction(x), "decimal": fmt_decimal(x)}
