"""[165]原神 configuration rules as Z3 constraints, and the seeded board generator.

One Boolean per roster role (each identity at most once).  Every rule is a named constraint guarded
by an indicator literal, so a query can switch rules on and off and an unsat core names the rules
that clash.  N is always a concrete integer, so every bound is an integer constant computed with the
exact rounding helpers; the constraints themselves are linear over the role Booleans.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import z3

from ruleproof.config.sampling import Need, Unit, guided_fill, weighted_index
from ruleproof.config.solver import Status, check, count, make_solver, require
from ruleproof.config.source import Cite
from ruleproof.specs.genshin165.rules import (
    DEFAULT_READINGS,
    TENGU,
    TWINS,
    Bound,
    Camp,
    Count,
    Readings,
    Role,
    Rules,
    TCapReading,
    rules,
)


@dataclass(frozen=True)
class Constraint:
    name: str
    cite: Cite
    text: str  # the constraint in symbols, e.g. "V ≥ 上取整(1/2·N) = 5"


GROUPS = ("验人系", "其余村民阵营", "狼人阵营", "三方阵营", "不定阵营")


def group_of(role: Role) -> str:
    if role.camp is Camp.VILLAGE:
        return GROUPS[0] if role.seer else GROUPS[1]
    return role.camp.value


class Encoding:
    """The rules at one player count N, in a seeded solver."""

    def __init__(
        self,
        n: int,
        reading: TCapReading = TCapReading.BOTH,
        seed: int = 0,
        readings: Readings = DEFAULT_READINGS,
        ctx: z3.Context | None = None,
    ) -> None:
        self.rules: Rules = rules()
        self.n = n
        self.reading = reading
        self.readings = readings
        self.ctx = ctx  # the Z3 context every term and the solver live in (None: Z3's main one)
        self.solver = make_solver(seed, ctx)
        self.lit = {r.name: z3.Bool(f"role:{r.name}", ctx) for r in self.rules.roles}
        roles = self.rules.roles
        self.count: dict[Count, z3.ArithRef] = {
            Count.V: count([self.lit[r.name] for r in roles if r.camp is Camp.VILLAGE], ctx),
            Count.W: count([self.lit[r.name] for r in roles if r.camp is Camp.WOLF], ctx),
            Count.T: count(
                [self.lit[r.name] for r in roles if r.camp in (Camp.THIRD, Camp.UNDETERMINED)], ctx
            ),
            Count.K: count([self.lit[r.name] for r in roles if r.seer], ctx),
        }
        self.third = count([self.lit[r.name] for r in roles if r.camp is Camp.THIRD], ctx)
        pack = [self.lit[r.name] for r in roles if r.pack]
        if readings.tengu_home_pack == "yes" and TENGU in self.lit:
            pack.append(self.lit[TENGU])
        self.pack = count(pack, ctx)
        self.constraints: dict[str, Constraint] = {}
        self.indicator: dict[str, z3.BoolRef] = {}
        self._build()

    def _add(self, name: str, expr: z3.BoolRef, cite: Cite, text: str) -> None:
        self.constraints[name] = Constraint(name, cite, text)
        self.indicator[name] = z3.Bool(f"rule:{name}", self.ctx)
        self.solver.add(z3.Implies(self.indicator[name], expr))

    def bound_expr(self, b: Bound) -> z3.BoolRef:
        term, value = self.count[b.count], b.value(self.n)
        return term >= value if b.op == ">=" else term <= value

    def _build(self) -> None:
        r, n, c = self.rules, self.n, self.count
        self._add("partition", c[Count.V] + c[Count.W] + c[Count.T] == n, r.partition, f"V + W + T = {n}")
        for b in r.bounds_for(self.reading):
            self._add(b.id, self.bound_expr(b), b.cite, f"{b.formula()} = {b.value(n)}")
        for d in r.dependencies:
            self._add(
                f"dep:{d.role}→{d.requires}@{d.cite.line}",
                z3.Implies(self.lit[d.role], self.lit[d.requires]),
                d.cite,
                f"{d.role} ⇒ {d.requires}",
            )
        light, dark = TWINS
        if self.readings.twins == "both" and light in self.lit and dark in self.lit:
            cite = next((d.cite for d in r.dependencies if d.role == light), r.roster)
            self._add(
                f"dep:{dark}→{light}@reading",
                z3.Implies(self.lit[dark], self.lit[light]),
                cite,
                f"{dark} ⇒ {light}（读法 both）",
            )
        for name in sorted(self.readings.exclude):
            if name in self.lit:
                self._add(f"exclude:{name}", z3.Not(self.lit[name]), r.roster, f"¬{name}（引擎未实现）")
        v_min = r.bound("V.min").value(n)
        fox = self.lit[r.fox_role]
        self._add("fox", z3.Implies(fox, c[Count.V] != v_min), r.fox, f"{r.fox_role} ⇒ V ≠ {v_min}")
        elder, w, g = self.lit[r.elder_role], c[Count.W], self.pack
        self._add("elder.present", z3.Implies(3 * g <= w, elder), r.elder, f"3G ≤ W ⇒ {r.elder_role}")
        self._add(
            "elder.absent", z3.Implies(3 * g > 2 * w, z3.Not(elder)), r.elder, f"3G > 2W ⇒ ¬{r.elder_role}"
        )

    def on(self, without: Iterable[str] = ()) -> list[z3.BoolRef]:
        skip = set(without)
        return [lit for name, lit in self.indicator.items() if name not in skip]

    def check(self, *extra: z3.BoolRef, without: Iterable[str] = ()) -> Status:
        return check(self.solver, *self.on(without), *extra)

    def core(self, *extra: z3.BoolRef) -> list[str]:
        """A minimal set of rules that, with ``extra``, is unsatisfiable (the query must be unsat)."""
        names = list(self.constraints)
        by_lit = {str(self.indicator[name]): name for name in names}
        kept = [by_lit[str(lit)] for lit in self.solver.unsat_core() if str(lit) in by_lit]
        for name in list(kept):  # deletion-based minimisation
            trial = [k for k in kept if k != name]
            status = check(self.solver, *[self.indicator[k] for k in trial], *extra)
            if status is Status.UNSAT:
                kept = trial
        return kept

    def role_lits(self, roles: Iterable[str]) -> z3.BoolRef:
        chosen = set(roles)
        return z3.And([lit if name in chosen else z3.Not(lit) for name, lit in self.lit.items()])


@dataclass
class Board:
    """One legal [165]原神 line-up."""

    players: int
    roles: list[str]  # roster order
    k_drawn: int
    counts: dict[str, int]
    notes: list[str] = field(default_factory=list)


def _pmf(weights: Mapping[int, Fraction], rng: random.Random) -> int:
    values = sorted(weights)
    return values[weighted_index(rng, [weights[v] for v in values])]


def _binomial(t: int, p: Fraction) -> dict[int, Fraction]:
    from math import comb

    return {x: comb(t, x) * p**x * (1 - p) ** (t - x) for x in range(t + 1)}


def _fixed_need(targets: Mapping[str, int]) -> Need:
    def need(group: str, filled: Mapping[str, int], _decided: Mapping[tuple[str, int], bool]) -> int:
        return targets[group] - filled[group]

    return need


def count_tuples(enc: Encoding, *extra: z3.BoolRef) -> list[tuple[int, int, int]]:
    """Every feasible (V, W, T) under the rules (and ``extra``), by Z3 enumeration."""
    out = []
    v, w, t = (enc.count[x] for x in (Count.V, Count.W, Count.T))
    enc.solver.push()
    try:
        while require(enc.check(*extra), f"genshin165 N={enc.n} count enumeration"):
            model = enc.solver.model()
            values = tuple(model.eval(x, model_completion=True).as_long() for x in (v, w, t))
            out.append((values[0], values[1], values[2]))
            enc.solver.add(z3.Or(v != values[0], w != values[1], t != values[2]))
    finally:
        enc.solver.pop()
    return sorted(out)


class _Triples:
    """:func:`count_tuples` under ``K = k``, enumerated once per k for all the boards :func:`generate` draws,
    and the same lists it would enumerate before each board.  A board drawn is excluded from the solver
    (``¬board``), which can only make infeasible the one triple that board has, with its own k — every
    other line-up differs from it in a count, so satisfies ``¬board`` — so only such triples are asked
    again.  (Enumerating every triple before every board was most of ``generate``'s time.)"""

    def __init__(self, enc: Encoding) -> None:
        self.enc = enc
        self.known: dict[int, list[tuple[int, int, int]]] = {}
        self.doubtful: dict[int, set[tuple[int, int, int]]] = {}

    def of(self, k: int) -> list[tuple[int, int, int]]:
        enc, kk = self.enc, self.enc.count[Count.K] == k
        if k not in self.known:
            self.known[k] = count_tuples(enc, kk)
            self.doubtful.pop(k, None)
        doubtful = self.doubtful.pop(k, set())
        if doubtful:
            v, w, t = (enc.count[x] for x in (Count.V, Count.W, Count.T))
            self.known[k] = [
                x
                for x in self.known[k]
                if x not in doubtful
                or require(
                    enc.check(kk, v == x[0], w == x[1], t == x[2]), f"genshin165 N={enc.n} count enumeration"
                )
            ]
        return self.known[k]

    def excluded(self, k: int, triple: tuple[int, int, int]) -> None:
        """A board with ``k`` seer-types and counts ``triple`` was excluded from the solver."""
        if k in self.known:
            self.doubtful.setdefault(k, set()).add(triple)


def generate(
    n: int,
    seed: int,
    boards: int,
    reading: TCapReading = TCapReading.BOTH,
    readings: Readings = DEFAULT_READINGS,
) -> tuple[Status, list[Board]]:
    """Up to ``boards`` distinct legal line-ups for ``n`` players, deterministic in ``seed``.

    Draw order (the text gives probabilities only for the seer-type count and the third-party /
    undetermined split; the rest is uniform over what the rules allow):
    K by the seer-type probabilities (kept inside [0, 1]); (V, W, T) uniformly among the feasible
    triples; each of the T slots third-party with probability 60%; then the roles, uniformly, each
    draw checked by Z3.
    """
    rng = random.Random(seed)
    enc = Encoding(n, reading, seed, readings)
    what = f"genshin165 N={n}"
    if not require(enc.check(), what):
        return Status.UNSAT, []
    r = enc.rules
    units = [Unit(role.name, 1, group_of(role), Fraction(1), enc.lit[role.name]) for role in r.roles]
    out: list[Board] = []
    triples = _Triples(enc)
    for _ in range(boards):
        notes: list[str] = []
        dist = {p.k: p.clamped(n) for p in r.seer_probabilities}
        k = _pmf(dist, rng)
        tuples = triples.of(k)
        if not tuples:
            alternatives = {x: p for x, p in dist.items() if p > 0 and x != k}
            feasible = {x: p for x, p in alternatives.items() if triples.of(x)}
            if not feasible:
                break
            notes.append(f"抽到验人系数量 {k}，但在其余规则下无解，改按剩余概率抽取")
            k = _pmf(feasible, rng)
            tuples = triples.of(k)
        v, w, t = tuples[rng.randrange(len(tuples))]
        fixed = [enc.count[Count.K] == k, enc.count[Count.V] == v, enc.count[Count.W] == w]
        splits = {
            x: p
            for x, p in _binomial(t, r.split_third).items()
            if require(enc.check(*fixed, enc.count[Count.T] == t, enc.third == x), f"{what} split")
        }
        third = _pmf(splits, rng)
        targets = {GROUPS[0]: k, GROUPS[1]: v - k, GROUPS[2]: w, GROUPS[3]: third, GROUPS[4]: t - third}
        enc.solver.push()
        enc.solver.add(*enc.on(), *fixed, enc.count[Count.T] == t, enc.third == third)
        decided = guided_fill(enc.solver, units, _fixed_need(targets), rng, f"{what} board")
        enc.solver.pop()
        chosen = [role.name for role in r.roles if decided[(role.name, 1)]]
        counts = {"V": v, "W": w, "T": t, "K": k, "三方": third, "不定": t - third}
        out.append(Board(n, chosen, k, counts, notes))
        enc.solver.add(z3.Not(enc.role_lits(chosen)))  # distinct boards
        triples.excluded(k, (v, w, t))
    return Status.SAT, out
