"""Small helpers over the kernel algebra shared by the 返航录 models."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.kernel.algebra import Algebra


def iff(a: Algebra[Any, Any], x: Any, y: Any) -> Any:
    return a.ite_b(x, y, a.not_(y))


def implies(a: Algebra[Any, Any], x: Any, y: Any) -> Any:
    return a.or_(a.not_(x), y)


def between(a: Algebra[Any, Any], lo: int, x: Any, hi: int) -> Any:
    return a.and_(a.le(a.lit(lo), x), a.le(x, a.lit(hi)))


def onehot(a: Algebra[Any, Any], x: Any, values: Sequence[int]) -> tuple[Any, ...]:
    """``x == v`` for each ``v``: a one-hot vector of booleans for an int that names a slot."""
    return tuple(a.eq(x, a.lit(v)) for v in values)
