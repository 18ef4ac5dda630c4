"""The tiny value algebra the resolution kernels are written against.

A kernel never uses Python ``if``/``and``/``+`` on rule values; it calls an :class:`Algebra`.  The engine
passes :data:`PY` (plain ``int``/``bool``); the Z3 verifier passes an algebra whose values are Z3
terms, so the very same kernel function builds the formula.  Only *static* data (the spec's tables,
interpretation readings, player counts) may steer Python control flow inside a kernel.

Operations: integer literals, ``add``/``sub``/``scale`` (multiplication by a Python int), comparisons
``lt``/``le``/``eq``, boolean ``and_``/``or_``/``not_``, and ``ite_i``/``ite_b`` (if-then-else on ints /
bools).  Bounded player sets are tuples of booleans, one per player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

B = TypeVar("B")  # the boolean sort
I = TypeVar("I")  # noqa: E741 — the integer sort


class Algebra(Protocol[B, I]):
    """Operations over a boolean sort ``B`` and an integer sort ``I``."""

    def lit(self, value: int) -> I: ...

    def bool_(self, value: bool) -> B: ...

    def add(self, a: I, b: I) -> I: ...

    def sub(self, a: I, b: I) -> I: ...

    def scale(self, a: I, k: int) -> I: ...

    def lt(self, a: I, b: I) -> B: ...

    def le(self, a: I, b: I) -> B: ...

    def eq(self, a: I, b: I) -> B: ...

    def and_(self, *xs: B) -> B: ...

    def or_(self, *xs: B) -> B: ...

    def not_(self, a: B) -> B: ...

    def ite_i(self, c: B, a: I, b: I) -> I: ...

    def ite_b(self, c: B, a: B, b: B) -> B: ...


class PyAlgebra:
    """The algebra over Python ``bool`` and ``int`` used by the engine (the hot path)."""

    __slots__ = ()

    def lit(self, value: int) -> int:
        return value

    def bool_(self, value: bool) -> bool:
        return value

    def add(self, a: int, b: int) -> int:
        return a + b

    def sub(self, a: int, b: int) -> int:
        return a - b

    def scale(self, a: int, k: int) -> int:
        return a * k

    def lt(self, a: int, b: int) -> bool:
        return a < b

    def le(self, a: int, b: int) -> bool:
        return a <= b

    def eq(self, a: int, b: int) -> bool:
        return a == b

    def and_(self, *xs: bool) -> bool:
        return all(xs)

    def or_(self, *xs: bool) -> bool:
        return any(xs)

    def not_(self, a: bool) -> bool:
        return not a

    def ite_i(self, c: bool, a: int, b: int) -> int:
        return a if c else b

    def ite_b(self, c: bool, a: bool, b: bool) -> bool:
        return a if c else b


PY = PyAlgebra()


# ── derived operations (written once, over any algebra) ────────────────────────────────────────


def gt(alg: Algebra[B, I], a: I, b: I) -> B:
    return alg.lt(b, a)


def ge(alg: Algebra[B, I], a: I, b: I) -> B:
    return alg.le(b, a)


def ne(alg: Algebra[B, I], a: I, b: I) -> B:
    return alg.not_(alg.eq(a, b))


def min_i(alg: Algebra[B, I], a: I, b: I) -> I:
    return alg.ite_i(alg.le(a, b), a, b)


def max_i(alg: Algebra[B, I], a: I, b: I) -> I:
    return alg.ite_i(alg.le(a, b), b, a)


def one_if(alg: Algebra[B, I], c: B) -> I:
    return alg.ite_i(c, alg.lit(1), alg.lit(0))


def sum_i(alg: Algebra[B, I], xs: Iterable[I]) -> I:
    total = alg.lit(0)
    for x in xs:
        total = alg.add(total, x)
    return total


def count_true(alg: Algebra[B, I], xs: Iterable[B]) -> I:
    return sum_i(alg, (one_if(alg, x) for x in xs))


def select(alg: Algebra[B, I], onehot: Sequence[B], values: Sequence[I]) -> I:
    """The value at the (single) true position of ``onehot``; 0 when none is true."""
    out = alg.lit(0)
    for flag, value in zip(onehot, values, strict=True):
        out = alg.ite_i(flag, value, out)
    return out
