"""The Z3 algebra's direct term builders (``and_``, ``or_``, ``not_``, ``le``, ``lt``, ``eq``, ``ite_*``, ``lit``)
make exactly the term ``z3``'s operators make — the same node, printed the same — so every solver question's
text (its cache key) is what it was with the operators; anything they would coerce goes through them."""

from __future__ import annotations

from typing import Any

import pytest
import z3

from ruleproof.kernel.z3algebra import Z3

x, y = z3.Ints("x y")
r = z3.Real("r")
p, q = z3.Bools("p q")
two = Z3.lit(2)

CASES: list[tuple[str, Any, Any]] = [
    ("le", lambda: Z3.le(x, y), lambda: x <= y),
    ("le-numeral-right", lambda: Z3.le(x, two), lambda: x <= z3.IntVal(2)),  # Python asks 2 >= x
    ("le-numeral-left", lambda: Z3.le(two, x), lambda: z3.IntVal(2) <= x),
    ("lt-numeral-right", lambda: Z3.lt(x, two), lambda: x < z3.IntVal(2)),
    ("eq-numeral-right", lambda: Z3.eq(x, two), lambda: x == z3.IntVal(2)),
    ("eq-bools", lambda: Z3.eq(p, q), lambda: p == q),
    ("le-int-real", lambda: Z3.le(x, r), lambda: x <= r),  # coerced: ToReal(x)
    ("le-python-int", lambda: Z3.le(x, 3), lambda: x <= 3),
    ("and", lambda: Z3.and_(p, q, Z3.not_(p)), lambda: z3.And(p, q, z3.Not(p))),
    ("and-one", lambda: Z3.and_(p), lambda: z3.And(p)),
    ("and-python-bool", lambda: Z3.and_(p, True), lambda: z3.And(p, True)),
    ("or", lambda: Z3.or_(p, q), lambda: z3.Or(p, q)),
    ("ite-int", lambda: Z3.ite_i(p, x, two), lambda: z3.If(p, x, z3.IntVal(2))),
    ("ite-int-real", lambda: Z3.ite_i(p, x, r), lambda: z3.If(p, x, r)),
    ("ite-python-int", lambda: Z3.ite_i(p, x, 0), lambda: z3.If(p, x, 0)),
    ("ite-bool", lambda: Z3.ite_b(p, q, Z3.not_(q)), lambda: z3.If(p, q, z3.Not(q))),
    ("ite-python-bool", lambda: Z3.ite_b(p, True, q), lambda: z3.If(p, True, q)),
]


@pytest.mark.parametrize(("ours", "theirs"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_algebra_makes_the_operators_term(ours: Any, theirs: Any) -> None:
    a, b = ours(), theirs()
    assert type(a) is type(b) and a.get_id() == b.get_id() and a.sexpr() == b.sexpr()


def test_a_literal_is_the_numeral() -> None:
    assert Z3.lit(7).eq(z3.IntVal(7)) and Z3.lit(7) is Z3.lit(7) and Z3.lit(True).eq(z3.IntVal(1))
