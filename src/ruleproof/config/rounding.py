"""Exact rounding of player-count formulas.

The texts use 四舍五入 (round half up) and 上取整 (ceiling).  Python's ``round`` rounds half to even
(``round(4.5) == 4``), which gives the wrong answer exactly where the texts need it (0.3 × 15 = 4.5),
so it is never used here.  Every helper works on :class:`fractions.Fraction` — no floats.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction


class Rounding(StrEnum):
    HALF_UP = "四舍五入"
    CEIL = "上取整"
    FLOOR = "下取整"
    EXACT = "不取整"


def half_up(x: Fraction) -> int:
    """四舍五入: the integer nearest to ``x``, halves going up (``half_up(Fraction(9, 2)) == 5``)."""
    return (2 * x.numerator + x.denominator) // (2 * x.denominator)


def ceil(x: Fraction) -> int:
    return -((-x.numerator) // x.denominator)


def floor(x: Fraction) -> int:
    return x.numerator // x.denominator


def apply(rounding: Rounding, x: Fraction) -> int:
    """Round ``x`` as the text says; ``EXACT`` requires ``x`` to be an integer already."""
    if rounding is Rounding.HALF_UP:
        return half_up(x)
    if rounding is Rounding.CEIL:
        return ceil(x)
    if rounding is Rounding.FLOOR:
        return floor(x)
    if x.denominator != 1:
        raise ValueError(f"{x} is not an integer")
    return x.numerator


def fmt_fraction(x: Fraction) -> str:
    """``Fraction(229, 220)`` → ``"229/220"``; integers print without a denominator."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def fmt_decimal(x: Fraction, places: int = 4) -> str:
    """A fixed-point rendering (half up) for display only; comparisons always use the fraction."""
    scaled = half_up(x * 10**places)
    sign = "-" if scaled < 0 else ""
    scaled = abs(scaled)
    whole, frac = divmod(scaled, 10**places)
    return f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"
