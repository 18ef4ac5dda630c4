"""What a solver question is, as text: the fingerprint under which :func:`ruleproof.smt.cache.question`
keeps its answer.

A procedure of :mod:`ruleproof.smt.ts` (BMC + induction, non-vacuity) unrolls a transition system by
applying its functions (``init``, ``guard``, ``step``, the properties, covers and cost terms) to fresh
constants, night after night; every query it sends Z3 is made of those terms with the constants renamed.
So the SMT-LIB2 text of each function applied once to symbolic arguments — with the declarations, labels and
sentences a result reports — determines every query, hence (Z3 being deterministic for a question, a seed
and a work budget) the answer.  Two rulebook texts that build the same formulas ask the same question.

Z3's ``sexpr`` prints a term in full (shared subterms as ``let``), never abbreviated, so different formulas
never print the same.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import z3


def term(x: Any) -> str:
    """A term's SMT-LIB2 text (a Python constant a kernel returned: its type and value)."""
    if isinstance(x, z3.ExprRef):
        return str(x.sexpr())
    if isinstance(x, bool | int | str):
        return f"{type(x).__name__}:{x!r}"
    raise TypeError(f"not a term of a solver question: {x!r}")


def digest(parts: Iterable[str]) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()


def prefix_digests(head: Iterable[str], tail: Iterable[str]) -> list[str]:
    """``digest([*head, *tail[:n + 1]])`` for every ``n`` (one per part of ``tail``), hashing each part once."""
    h = hashlib.sha256()
    for p in head:
        h.update(p.encode())
        h.update(b"\0")
    out = []
    for p in tail:
        h.update(p.encode())
        h.update(b"\0")
        out.append(h.copy().hexdigest())
    return out


__all__ = ["digest", "prefix_digests", "term"]
