"""The family's invariants as the verifier runs them, instantiated by each book with its own tables.

* :class:`OrdersAcyclic` — the phases, their sub-steps and the book's other order tables as precedence
  statements; Z3 ranks exist ⇔ the orders are total and acyclic (``proved``), else the minimal cycle;
* :class:`DefencesAsDefined` — Z3 over :func:`.kernels.hit`: for every damage kind and every combination
  of defence instances held (any expiry, any count), the hit is cancelled exactly when a held instance's
  *definition* (the book's defence table, quoting the status's line) cancels that kind, the absorbing
  instance is one such, and only an absorbing counted status loses one use;
* :class:`RedirectionOnce` — Z3 over :func:`.kernels.kick`: for arbitrary stage tables the final target
  is each stage applied once, in the text's order (no stage re-checked);
* :class:`WinAtMostOne` — Z3 over :func:`.kernels.determine`: a check yields at most one winner, never a
  lost faction, and the first eligible one in the text's priority;
* :class:`ListCovers` — every skill of the book that puts a char out at night has a row in the night's
  exit list (a table check: ``violated`` names the rows missing, with a replayable scenario).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import z3

from ruleproof.kernel.z3algebra import Z3
from ruleproof.smt import ranks
from ruleproof.smt.invariant import Checked, Invariant
from ruleproof.smt.ts import CheckResult, Options, Status, check_sat, new_solver
from ruleproof.specs._werewolf_family import kernels
from ruleproof.specs._werewolf_family.model import Damage, Defence, OrderTable, PhaseDef
from ruleproof.text import Document


def _prove(s: z3.Solver, claim: Any, what: str) -> CheckResult:
    """``proved`` when ¬claim is unsat, ``violated`` with a model note, ``unknown`` on timeout."""
    s.add(z3.Not(claim))
    r = check_sat(s)
    if r == z3.unsat:
        return CheckResult(Status.PROVED, "z3", 0, note=what)
    if r == z3.sat:
        return CheckResult(Status.VIOLATED, "z3", 0, note=f"{what}: {s.model()}")
    return CheckResult(Status.UNKNOWN, "z3", 0, note=s.reason_unknown())


class OrdersAcyclic(Invariant[Any]):
    name = "orders_acyclic"
    title = "时段与子步骤、出局结算顺序、连带顺序各自是全序且无环"
    title_en = "phases, sub-steps and the book's order tables are total and acyclic"
    abstraction = "each table's listed order as precedence statements; Z3 integer ranks"

    def __init__(self, cites: tuple[str, ...], statements: Callable[[], list[ranks.Statement]]) -> None:
        self.cites = cites
        self._statements = statements

    def check(self, spec: Any, opts: Options, doc: Document) -> Checked:
        st = self._statements()
        try:
            cycle = ranks.conflict(st, opts)
        except ranks.Unknown as exc:
            return Checked(CheckResult(Status.UNKNOWN, "ranks", 0, note=str(exc)))
        if cycle:
            return Checked(
                CheckResult(Status.VIOLATED, "ranks", 0, note="cycle"),
                details={"cycle": [c.to_json() for c in cycle]},
            )
        return Checked(CheckResult(Status.PROVED, "ranks", 0, note=f"{len(st)} precedences"))


def chain_statements(key: str, entries: Sequence[str], clause: str, quote: str) -> list[ranks.Statement]:
    """``entries`` in order as precedences a < b for consecutive entries (repeats of an entry are the
    same element: a list naming one thing twice at two places is a cycle)."""
    return [
        ranks.Statement(f"{key}:{a}", f"{key}:{b}", clause, None, quote)
        for a, b in itertools.pairwise(entries)
    ]


def phase_statements(
    phases: Sequence[PhaseDef], tables: Sequence[OrderTable], clause: str, quote: str
) -> list[ranks.Statement]:
    """A book's orders as precedences: its phases in cycle order, each phase's steps, each ordered step's
    entries (「有先后顺序」), and each order table."""
    out = chain_statements("phase", [p.key for p in phases], clause, quote)
    for p in phases:
        out += chain_statements(f"steps:{p.key}", [s.key for s in p.steps], p.clause, p.quote)
        for s in p.steps:
            if s.ordered and len(s.entries) > 1:
                out += chain_statements(s.key, [f"{r}<{k}>" for r, k in s.entries], s.clause, s.quote)
    for t in tables:
        out += chain_statements(t.key, list(t.entries), t.clause, t.quote)
    return out


class DefencesAsDefined(Invariant[Any]):
    name = "defences_as_defined"
    title = "防御状态恰好抵消其定义所写的伤害"
    title_en = "defensive statuses cancel exactly what their definitions say"
    abstraction = "kernels.hit over up to 3 symbolic instances of each defence, any expiry and count"

    def __init__(
        self,
        cites: tuple[str, ...],
        defences: Callable[[Any], tuple[Defence, ...]],
        shortest: Callable[[Any], bool],
    ) -> None:
        self.cites = cites
        self._defences = defences
        self._shortest = shortest

    def check(self, spec: Any, opts: Options, doc: Document) -> Checked:
        table = self._defences(spec)
        notes = []
        for kind in Damage:
            inst = [d for d in table for _ in range(2)]
            n = len(inst)
            held = [z3.Bool(f"held{i}") for i in range(n)]
            expiry = [z3.Int(f"exp{i}") for i in range(n)]
            count = [z3.Int(f"cnt{i}") for i in range(n)]
            cancels = [kind in d.cancels for d in inst]
            counted = [d.counted for d in inst]
            found, best, after = kernels.hit(
                Z3, cancels, counted, held, expiry, count, shortest_first=self._shortest(spec)
            )
            usable = [z3.And(held[i], count[i] > 0) if counted[i] else held[i] for i in range(n)]
            expected = z3.Or([usable[i] for i in range(n) if cancels[i]] or [z3.BoolVal(False)])
            absorbing_ok = z3.Implies(
                found,
                z3.Or([z3.And(best == i, usable[i]) for i in range(n) if cancels[i]] or [z3.BoolVal(False)]),
            )
            spend = z3.And(
                [
                    after[i] == z3.If(z3.And(found, best == i), count[i] - 1, count[i])
                    if counted[i]
                    else after[i] == count[i]
                    for i in range(n)
                ]
            )
            s = new_solver(opts)
            r = _prove(s, z3.And(found == expected, absorbing_ok, spend), f"{kind.value}: {n} instances")
            if r.status is not Status.PROVED:
                return Checked(r, details={"damage": kind.value})
            notes.append(kind.value)
        return Checked(CheckResult(Status.PROVED, "z3", 0, note="; ".join(notes)))


class RedirectionOnce(Invariant[Any]):
    name = "redirection_once"
    title = "选择目标到结算目标：每个转移阶段按文中顺序各检测一次"
    title_en = "selected → final target: each redirection stage once, in the text's order"
    abstraction = "kernels.kick over arbitrary stage tables on 6 seats"

    def __init__(self, cites: tuple[str, ...], table: OrderTable) -> None:
        self.cites = cites
        self.table = table

    def check(self, spec: Any, opts: Options, doc: Document) -> Checked:
        n = 6
        stages = [[z3.Int(f"st{k}_{s}") for s in range(n)] for k in range(len(self.table.entries))]
        s = new_solver(opts)
        for table in stages:
            for d in table:
                s.add(d >= 0, d < n)
        sel = z3.Int("selected")
        s.add(sel >= 0, sel < n)
        final, trail = kernels.kick(Z3, sel, stages)
        ball: Any = sel
        steps = []
        for table in stages:
            ball = z3.Sum([z3.If(ball == i, table[i], 0) for i in range(n)])
            steps.append(ball)
        claim = z3.And(final == ball, *[t == b for t, b in zip(trail, steps, strict=True)])
        r = _prove(s, claim, " → ".join(self.table.entries))
        return Checked(r)


class WinAtMostOne(Invariant[Any]):
    name = "win_at_most_one"
    title = "每次判定至多一个阵营获胜，判负者不胜，按文中优先顺序"
    title_en = "each check: at most one winner, never a lost faction, the text's priority"
    abstraction = "kernels.determine over symbolic lost / win / alive flags"

    def __init__(
        self, cites: tuple[str, ...], factions: Callable[[], list[str]], priority: Callable[[], list[str]]
    ) -> None:
        self.cites = cites
        self._factions = factions
        self._priority = priority

    def check(self, spec: Any, opts: Options, doc: Document) -> Checked:
        factions = self._factions()
        k = len(factions)
        prio = [factions.index(f) for f in self._priority() if f in factions]
        lost = [z3.Bool(f"lost{i}") for i in range(k)]
        wins = [z3.Bool(f"win{i}") for i in range(k)]
        alive = [z3.Bool(f"alive{i}") for i in range(k)]
        winner, _ = kernels.determine(Z3, lost, wins, alive, prio)
        order = [*prio, *[f for f in range(k) if f not in prio]]
        standing = [z3.Not(x) for x in lost]
        eligible = [
            z3.And(
                standing[f],
                z3.Or(
                    wins[f],
                    z3.And([z3.Not(standing[g]) for g in range(k) if g != f]),
                    z3.And(alive[f], *[z3.Not(alive[g]) for g in range(k) if g != f]),
                ),
            )
            for f in range(k)
        ]
        claims = [z3.Or(winner == -1, z3.And(winner >= 0, winner < k))]
        for pos, f in enumerate(order):
            first = z3.And(eligible[f], *[z3.Not(eligible[g]) for g in order[:pos]])
            claims.append(z3.Implies(first, winner == f))
            claims.append(z3.Implies(winner == f, z3.And(standing[f], eligible[f])))
        claims.append(z3.Implies(z3.And([z3.Not(e) for e in eligible]), winner == -1))
        r = _prove(new_solver(opts), z3.And(claims), f"{k} factions")
        return Checked(r)


class ListCovers(Invariant[Any]):
    name = "exit_list_covers_night_exits"
    title = "夜间能造成出局的技能都在出局结算顺序中有位置"
    title_en = "every night skill that puts a char out has a row in the night's exit list"
    abstraction = "the book's table of night damage skills against the exit list's rows"
    label = "missing rows"

    def __init__(
        self,
        cites: tuple[str, ...],
        missing: Callable[[Document], list[str]],
        scenario: Callable[[], dict[str, Any] | None],
    ) -> None:
        self.cites = cites
        self._missing = missing
        self._scenario = scenario

    def check(self, spec: Any, opts: Options, doc: Document) -> Checked:
        gone = self._missing(doc)  # the text verify was given (a revision), not only the bundled one
        if not gone:
            return Checked(CheckResult(Status.PROVED, "table", 0, note="every row present"))
        return Checked(
            CheckResult(Status.VIOLATED, "table", 1, note=f"{self.label}: " + "、".join(gone)),
            scenario=self._scenario(),
            details={"missing": gone},
        )


__all__ = [
    "DefencesAsDefined",
    "ListCovers",
    "OrdersAcyclic",
    "RedirectionOnce",
    "WinAtMostOne",
    "chain_statements",
    "phase_statements",
]
