"""The kernel algebra over Z3 terms: the same kernel functions build formulas for the verifier.

``Z3Algebra`` implements :class:`ruleproof.kernel.algebra.Algebra` with ``z3.BoolRef`` / ``z3.ArithRef``
values.  Literals are Z3 constants; ``ite_*`` are ``z3.If``.  Kept here, next to the Python algebra, so
the two cannot drift; the differential test in tests/fanhanglu/test_kernels.py runs every kernel on both.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import z3


@lru_cache(maxsize=4096)
def _int(value: int) -> Any:
    """``z3.IntVal(value)``: Z3 makes one term of a numeral anyway, this keeps its Python wrapper (a
    verify's models ask for the same few literals tens of thousands of times)."""
    return z3.IntVal(value)


def _nary(mk: Callable[..., Any], xs: tuple[Any, ...]) -> Any:
    """``mk`` (``Z3_mk_and`` / ``Z3_mk_or``) applied to Z3 booleans of one context, as ``z3.And`` / ``z3.Or``
    apply it (the same term), without their argument coercion; None when an argument is anything else."""
    ctx = getattr(xs[0], "ctx", None)
    if ctx is None or not all(isinstance(x, z3.BoolRef) and x.ctx is ctx for x in xs):
        return None
    return z3.BoolRef(mk(ctx.ref(), len(xs), (z3.Ast * len(xs))(*(x.as_ast() for x in xs))), ctx)


def _alike(a: Any, b: Any) -> Any:
    """The context of two Z3 terms of one context and one sort (Z3 keeps one object per sort), which
    ``z3``'s operators would take as they are; None for anything else (a Python number, an Int beside a
    Real: the operators coerce those)."""
    ctx = getattr(a, "ctx", None)
    if ctx is None or not isinstance(a, z3.ExprRef) or not isinstance(b, z3.ExprRef) or b.ctx is not ctx:
        return None
    ref = ctx.ref()
    same = z3.Z3_get_sort(ref, a.as_ast()).value == z3.Z3_get_sort(ref, b.as_ast()).value
    return ctx if same else None


def _compare(mk: Callable[..., Any], reflected: Callable[..., Any], a: Any, b: Any) -> Any:
    """The term Python's ``a <= b`` (``a < b``, ``a == b``) makes of two alike terms, without ``z3``'s coercion:
    ``mk`` (``Z3_mk_le`` …) of ``a`` and ``b`` — or, as Python asks a right operand whose type is a subclass of
    the left's first (a numeral beside a variable: ``x <= 2`` is ``2 >= x``), ``reflected`` (``Z3_mk_ge`` …)
    of ``b`` and ``a``; None when they are not alike."""
    ctx = _alike(a, b)
    if ctx is None:
        return None
    if type(b) is not type(a) and isinstance(b, type(a)):
        a, b, mk = b, a, reflected
    return z3.BoolRef(mk(ctx.ref(), a.as_ast(), b.as_ast()), ctx)


class Z3Algebra:
    """An algebra whose booleans and integers are Z3 expressions."""

    __slots__ = ()

    def lit(self, value: int) -> Any:
        return _int(int(value))

    def bool_(self, value: bool) -> Any:
        return z3.BoolVal(value)

    def add(self, a: Any, b: Any) -> Any:
        return a + b

    def sub(self, a: Any, b: Any) -> Any:
        return a - b

    def scale(self, a: Any, k: int) -> Any:
        return a * k

    def lt(self, a: Any, b: Any) -> Any:
        got = _compare(z3.Z3_mk_lt, z3.Z3_mk_gt, a, b) if isinstance(a, z3.ArithRef) else None
        return a < b if got is None else got

    def le(self, a: Any, b: Any) -> Any:
        got = _compare(z3.Z3_mk_le, z3.Z3_mk_ge, a, b) if isinstance(a, z3.ArithRef) else None
        return a <= b if got is None else got

    def eq(self, a: Any, b: Any) -> Any:
        got = _compare(z3.Z3_mk_eq, z3.Z3_mk_eq, a, b)
        return a == b if got is None else got

    def and_(self, *xs: Any) -> Any:
        if not xs:
            return z3.BoolVal(True)
        got = _nary(z3.Z3_mk_and, xs)
        return z3.And(*xs) if got is None else got

    def or_(self, *xs: Any) -> Any:
        if not xs:
            return z3.BoolVal(False)
        got = _nary(z3.Z3_mk_or, xs)
        return z3.Or(*xs) if got is None else got

    def not_(self, a: Any) -> Any:
        if isinstance(a, z3.BoolRef):
            return z3.BoolRef(z3.Z3_mk_not(a.ctx.ref(), a.as_ast()), a.ctx)
        return z3.Not(a)

    def ite_i(self, c: Any, a: Any, b: Any) -> Any:
        ctx = _alike(a, b) if isinstance(c, z3.BoolRef) and isinstance(a, z3.ArithRef) else None
        if ctx is None or c.ctx is not ctx:
            return z3.If(c, a, b)
        return z3.ArithRef(z3.Z3_mk_ite(ctx.ref(), c.as_ast(), a.as_ast(), b.as_ast()), ctx)

    def ite_b(self, c: Any, a: Any, b: Any) -> Any:
        if isinstance(c, z3.BoolRef) and all(isinstance(x, z3.BoolRef) and x.ctx is c.ctx for x in (a, b)):
            return z3.BoolRef(z3.Z3_mk_ite(c.ctx.ref(), c.as_ast(), a.as_ast(), b.as_ast()), c.ctx)
        return z3.If(c, a, b)


Z3 = Z3Algebra()
