"""Shared helpers of the independent configuration checkers (``specs/<book>/checker.py``): plain Python, no Z3.

They read the rule *data* (numbers, categories, quotes) but re-derive everything else their own way:
rounding through :mod:`decimal` (ROUND_HALF_UP / ROUND_CEILING) instead of the integer helpers,
category vectors by explicit enumeration instead of linear constraints, multipliers as
:class:`fractions.Fraction` ratios instead of cross-multiplied integers.  Every board the generators
produce in the tests goes through here; a non-empty result is a list of violated rules.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal
from fractions import Fraction

from ruleproof.config.rounding import Rounding

_DECIMAL_MODE = {Rounding.HALF_UP: ROUND_HALF_UP, Rounding.CEIL: ROUND_CEILING, Rounding.FLOOR: ROUND_FLOOR}


def decimal_round(x: Fraction, rounding: Rounding) -> int:
    d = Decimal(x.numerator) / Decimal(x.denominator)  # exact for the tenths the texts use
    if rounding is Rounding.EXACT:
        if d != d.to_integral_value():
            raise ValueError(f"{x} is not an integer")
        return int(d)
    return int(d.quantize(Decimal(1), rounding=_DECIMAL_MODE[rounding]))
