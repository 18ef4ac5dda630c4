"""[165]原神 ``generate``: the (V, W, T) triples it keeps per seer-type count are the ones Z3 enumerates
anew, after boards are excluded too — including when an exclusion leaves a triple with no line-up."""

from __future__ import annotations

import z3

from ruleproof.config.solver import require
from ruleproof.specs.genshin165.rules import Count
from ruleproof.specs.genshin165.smt import Encoding, _Triples, count_tuples, generate, group_of


def test_kept_triples_follow_the_excluded_boards() -> None:
    enc = Encoding(3)
    # few roles allowed (a legal board's and one more per group), so a few exclusions empty a triple
    (board,) = generate(3, 0, 1)[1]
    allowed = set(board.roles)
    for group in {group_of(r) for r in enc.rules.roles}:
        allowed.add(next(r.name for r in enc.rules.roles if group_of(r) == group and r.name not in allowed))
    enc.solver.add(*[z3.Not(lit) for name, lit in enc.lit.items() if name not in allowed])
    triples = _Triples(enc)
    lost = 0
    for k in (1, 2, 3):
        kk = enc.count[Count.K] == k
        for _ in range(40):
            kept = triples.of(k)
            assert kept == count_tuples(enc, kk)
            if not kept:
                break
            v, w, t = kept[0]
            assert require(
                enc.check(kk, enc.count[Count.V] == v, enc.count[Count.W] == w, enc.count[Count.T] == t),
                "test",
            )
            model = enc.solver.model()
            chosen = [
                name for name, lit in enc.lit.items() if z3.is_true(model.eval(lit, model_completion=True))
            ]
            enc.solver.add(z3.Not(enc.role_lits(chosen)))
            triples.excluded(k, (v, w, t))
            lost += (v, w, t) not in count_tuples(enc, kk)
    assert lost > 0  # some exclusion did leave a triple with no line-up: the re-asked case was exercised
