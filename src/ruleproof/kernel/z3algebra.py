"""The kernel algebra over Z3 terms: the same kernel functions build formulas for the verifier.

``Z3Algebra`` implements :class:`ruleproof.kernel.algebra.Algebra` with ``z3.BoolRef`` / ``z3.ArithRef``
values.  Literals are Z3 constants; ``ite_*`` are ``z3.If``.  Kept here, next to the Python algebra, so
the two cannot drift; the differential test in tests/fanhanglu/test_kernels.py runs every kernel on both.
"""

from __future__ import annotations

from typing import Any

import z3


class Z3Algebra:
    """An algebra whose booleans and integers are Z3 expressions."""

    __slots__ = ()

    def lit(self, value: int) -> Any:
        return z3.IntVal(int(value))

    def bool_(self, value: bool) -> Any:
        return z3.BoolVal(value)

    def add(self, a: Any, b: Any) -> Any:
        return a + b

    def sub(self, a: Any, b: Any) -> Any:
        return a - b

    def scale(self, a: Any, k: int) -> Any:
        return a * k

    def lt(self, a: Any, b: Any) -> Any:
        return a < b

    def le(self, a: Any, b: Any) -> Any:
        return a <= b

    def eq(self, a: Any, b: Any) -> Any:
        return a == b

    def and_(self, *xs: Any) -> Any:
        return z3.And(*xs) if xs else z3.BoolVal(True)

    def or_(self, *xs: Any) -> Any:
        return z3.Or(*xs) if xs else z3.BoolVal(False)

    def not_(self, a: Any) -> Any:
        return z3.Not(a)

    def ite_i(self, c: Any, a: Any, b: Any) -> Any:
        return z3.If(c, a, b)

    def ite_b(self, c: Any, a: Any, b: Any) -> Any:
        return z3.If(c, a, b)


Z3 = Z3Algebra()
