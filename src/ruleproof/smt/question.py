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

Printing is most of what taking a fingerprint costs, and the same terms are printed again and again: the
check of a system, its non-vacuity search and each of its witnesses' reachability ask questions that share
the system's ``init``, ``guard``, ``step`` and covers, and the readings of one invariant share most of
them.  Z3 keeps one node per distinct term (hash-consing), so a term built again is the *same* node: the text
of each node is kept (:func:`term`), with the node itself so that its id is never reused while the text is.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

import z3

KEPT = 4096  # texts of terms kept per process (the least recently used goes first)
_TEXTS: OrderedDict[tuple[int, int], tuple[z3.ExprRef, str]] = OrderedDict()


def term(x: Any) -> str:
    """A term's SMT-LIB2 text (a Python constant a kernel returned: its type and value).  A Z3 term's text
    is kept by its node (its context and id, the node held so the id stays its own): the same term printed
    again is read, not printed (see the module's doc)."""
    if isinstance(x, z3.ExprRef):
        node = (id(x.ctx), x.get_id())
        got = _TEXTS.get(node)
        if got is not None and got[0].ctx is x.ctx and got[0].eq(x):
            _TEXTS.move_to_end(node)
            return got[1]
        text = str(x.sexpr())
        _TEXTS[node] = (x, text)
        while len(_TEXTS) > KEPT:  # (a loop: ``KEPT`` may have been lowered since)
            _TEXTS.popitem(last=False)
        return text
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
