"""One-shot theorems: a property of the rules that needs no night-by-night unrolling.

Some theorems the text states are about one situation, not about a path: 「对该目标造成的伤害恒为0」 (every
layer state of a dying target), 「人类 11、异形 3、外星人1」 (every choice of seat variants), 「存活 ≤3 名时…
驱逐永远不可能成立」 (every way three players can vote).  A :class:`Formula` is written over the kernel
algebra like a transition system: free variables, the rules that constrain them (``domain``), the situation
the theorem talks about (``premise``) and its properties.  :func:`decide` asks Z3 for a situation in the
domain and the premise where a property fails: none ⇒ ``proved`` (for every such situation), one ⇒
``violated`` with the situation as a one-state trace; and whether the premise can happen at all (else
``vacuous``: the theorem would talk about nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from ruleproof.kernel.algebra import PY, Algebra
from ruleproof.kernel.z3algebra import Z3
from ruleproof.smt import cache, question, ts
from ruleproof.smt.ts import (
    CheckResult,
    Live,
    Options,
    Prop,
    Sort,
    Status,
    Trace,
    Var,
    Witness,
    new_solver,
)

Env = Mapping[str, Any]


@dataclass(frozen=True)
class Formula:
    name: str
    variables: tuple[Var, ...]
    domain: Callable[[Algebra[Any, Any], Env], Any]  # the rules: which situations exist
    premise: Prop  # the situation the theorem talks about (must be satisfiable)
    props: tuple[Prop, ...]
    # smallest-first order of the reported situation (each minimized in turn)
    costs: Callable[[Algebra[Any, Any], Env], Sequence[Any]] | None = None


def _vars(f: Formula) -> dict[str, Any]:
    return {v.name: (z3.Int(v.name) if v.sort is Sort.INT else z3.Bool(v.name)) for v in f.variables}


def _as_bool(x: Any) -> Any:
    return z3.BoolVal(x) if isinstance(x, bool) else x


def fingerprint(f: Formula) -> str:
    """The question ``f`` is, as text (:mod:`ruleproof.smt.question`)."""
    env = _vars(f)
    p = f.premise
    parts = [f.name, repr(f.variables), question.term(f.domain(Z3, env))]
    parts += [f"premise:{p.label}|{p.clause}|{p.zh}|{p.en}|{question.term(p.fn(Z3, env))}"]
    parts += [f"prop:{q.label}|{q.clause}|{q.zh}|{q.en}|{question.term(q.fn(Z3, env))}" for q in f.props]
    if f.costs is not None:
        parts.append("costs:" + "|".join(map(question.term, f.costs(Z3, env))))
    return question.digest(parts)


def decide(f: Formula, opts: Options) -> tuple[CheckResult, list[Witness]]:
    """:func:`decide_formula`, kept by its question under :func:`ruleproof.smt.cache.by_question`.  A formula
    has no nights: its answer depends on the solver's options (budget, seed, timeout), not on the depth or
    the induction bound — ``check``'s and ``verify``'s runs ask one question."""
    return cache.question(
        "formula.decide", lambda: fingerprint(f), ts.solver_options(opts), lambda: decide_formula(f, opts)
    )


def decide_formula(f: Formula, opts: Options) -> tuple[CheckResult, list[Witness]]:
    """Proved, violated (with the smallest situation found) or unknown; and the premise's witness."""
    env = _vars(f)
    base = [_as_bool(f.domain(Z3, env)), _as_bool(f.premise.fn(Z3, env))]
    s = new_solver(opts)
    s.add(*base)
    w = Witness("premise", f.premise.label, f.premise.clause, f.premise.zh, f.premise.en, Live.UNREACHED)
    r = ts.check_sat(s)
    if r == z3.unknown:
        w.status = Live.UNKNOWN
        return CheckResult(Status.UNKNOWN, "smt", 0, note=f"solver unknown ({s.reason_unknown()})"), [w]
    if r == z3.sat:
        w.status, w.depth = Live.REACHED, 0
    holds = z3.And(*[_as_bool(p.fn(Z3, env)) for p in f.props])
    s.add(z3.Not(holds))
    r = ts.check_sat(s)
    if r == z3.unknown:
        return CheckResult(Status.UNKNOWN, "smt", 0, note=f"solver unknown ({s.reason_unknown()})"), [w]
    if r == z3.unsat:
        status = Status.PROVED if w.status is Live.REACHED else Status.VACUOUS
        note = "" if status is Status.PROVED else f"vacuous: premise {f.premise.label} is unsatisfiable"
        return CheckResult(status, "smt", 0, note=note), [w]
    model = _smallest(f, env, s, opts) or s.model()
    values = {
        v.name: (
            bool(z3.is_true(model.eval(env[v.name], model_completion=True)))
            if v.sort is Sort.BOOL
            else int(model.eval(env[v.name], model_completion=True).as_long())
        )
        for v in f.variables
    }
    failed = [p.label for p in f.props if not p.fn(PY, values)]
    return CheckResult(Status.VIOLATED, "smt", 0, trace=Trace([values], [], failed, True)), [w]


def _smallest(f: Formula, env: Env, s: z3.Solver, opts: Options) -> z3.ModelRef | None:
    """The violating situation with the smallest cost terms, then the smallest value of every variable in
    order — unique, so the same question gives the same answer."""
    o = ts.new_optimize(opts)
    o.add(*s.assertions())
    terms = list(f.costs(Z3, env)) if f.costs else []
    terms += [z3.If(env[v.name], 1, 0) if v.sort is Sort.BOOL else env[v.name] for v in f.variables]
    for term in terms:
        o.push()
        h = o.minimize(term)
        r = ts.check_sat(o)
        value = h.value() if r == z3.sat else None
        o.pop()
        if value is None or not z3.is_int_value(value):
            return None
        o.add(term == value)
    if ts.check_sat(o) != z3.sat:
        return None
    return o.model()


__all__ = ["Formula", "decide", "decide_formula", "fingerprint"]
