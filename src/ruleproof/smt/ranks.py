"""Whether a set of precedence statements can all hold: an integer rank per element, ``rank(a) < rank(b)``
per statement.  Satisfiable ⇔ the statements' graph is acyclic; when it is not, the unsat core, shrunk by
deletion to a minimal set, names exactly the statements that contradict each other."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx
import z3

from ruleproof import solvers
from ruleproof.smt import ts
from ruleproof.smt.ts import Options, new_solver


@dataclass(frozen=True)
class Statement:
    """``before`` comes before ``after``, as ``source`` (``"spec"`` or a clause id) says at ``line``."""

    before: str
    after: str
    source: str
    line: int | None
    quote: str

    def to_json(self) -> dict[str, object]:
        return {
            "before": self.before,
            "after": self.after,
            "source": self.source,
            "line": self.line,
            "quote": self.quote,
        }


class Unknown(Exception):
    """The solver gave no answer."""


def conflict(statements: Sequence[Statement], opts: Options) -> list[Statement]:
    """[] when Z3 finds ranks satisfying every statement; else a smallest subset that cannot all hold.

    Z3 decides; the explanation is then shrunk to a minimum: a set of precedences is contradictory
    exactly when it contains a cycle, so a shortest cycle of the statement graph is a minimum unsat core
    (checked unsat by Z3 again).  Ties go to the statements listed first."""
    if not _core(statements, opts):
        return []
    first: dict[tuple[str, str], int] = {}
    for n, st in enumerate(statements):
        first.setdefault((st.before, st.after), n)
    g: nx.DiGraph[str] = nx.DiGraph()
    g.add_edges_from(first)
    best: list[Statement] | None = None
    for (a, b), n in sorted(first.items(), key=lambda kv: kv[1]):
        if not nx.has_path(g, b, a):
            continue
        path = nx.shortest_path(g, b, a)
        cycle = [statements[n], *(statements[first[e]] for e in itertools.pairwise(path))]
        if best is None or len(cycle) < len(best):
            best = cycle
    if best is None or not _core(best, opts):  # pragma: no cover - Z3 and the graph disagree
        raise Unknown("unsat, but no cycle found")
    return sorted(best, key=statements.index)


def _core(statements: Sequence[Statement], opts: Options) -> list[Statement]:
    """[] when satisfiable, else the statements of Z3's unsat core (not necessarily minimal)."""
    s = new_solver(opts)
    rank: dict[str, z3.ArithRef] = {}
    flags = []
    for n, st in enumerate(statements):
        for e in (st.before, st.after):
            rank.setdefault(e, z3.Int(f"rank.{e}"))
        flag = z3.Bool(f"st{n}")
        flags.append(flag)
        s.add(z3.Implies(flag, rank[st.before] < rank[st.after]))
    r = ts.check_sat(s, *flags)
    if r == z3.unknown:
        raise Unknown(solvers.why(s))
    if r == z3.sat:
        return []
    used = {str(c) for c in s.unsat_core()}
    return [st for n, st in enumerate(statements) if f"st{n}" in used]
