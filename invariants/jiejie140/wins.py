"""The win table's two priority rules as written (胜负判定 PS1, PS2), checked on the kernels the engine
decides wins with (:func:`win_rows`, :func:`resolve_winners`), for every situation the counts allow.

* ``lost_never_wins`` — PS1 「某阵营达成失败条件后，不可再达成获胜条件」: no faction that has lost is among
  the winners;
* ``single_winner`` — PS2 「如果多个阵营同时获胜，适应者阵营34>永恒者/凝聚者阵营2>欺骗者阵营1>永恒者/凝聚者阵营1>
  适应者阵营12」 ranks the rows to leave one winner: after PS1 and PS2, at most one faction wins.  The order is
  read from the text being verified; the rows' meaning is the spec's.

Situations: any living / initial counts per faction (0–12), kills credited per mirror faction (0–6), the
adaptation faction's promoted and unpromoted counts, the day (1–12) and daytime, and any set of factions
having lost before — constrained only by what the counts mean (living ≤ initial, kills ≤ the enemy's
members, promoted and unpromoted within the living).
"""

from __future__ import annotations

from typing import Any

import z3

from ruleproof.errors import BadInput
from ruleproof.kernel.z3algebra import Z3
from ruleproof.runtime.replay import Outcome
from ruleproof.smt.invariant import Checked, Invariant
from ruleproof.smt.ts import CheckResult, Options, Status, check_sat, new_solver
from ruleproof.specs.jiejie140 import Spec
from ruleproof.specs.jiejie140 import names as nm
from ruleproof.specs.jiejie140.kernels import WinInputs, resolve_winners, win_rows
from ruleproof.specs.jiejie140.tables import WIN_CLAUSE, read_wins
from ruleproof.text import Document

MAX = 12


def situation(s: z3.Solver, spec: Spec) -> tuple[WinInputs, dict[str, Any]]:
    alive = {f: z3.Int(f"alive.{f}") for f in nm.FACTIONS}
    initial = {f: z3.Int(f"initial.{f}") for f in nm.FACTIONS}
    leader = {f: z3.Bool(f"leader_killed_by.{f}") for f in nm.MIRROR}
    members = {f: z3.Int(f"members_killed_by.{f}") for f in nm.MIRROR}
    promoted, unpromoted, day = z3.Int("promoted"), z3.Int("unpromoted"), z3.Int("day")
    daytime = z3.Bool("daytime")
    lost = {f: z3.Bool(f"lost.{f}") for f in nm.FACTIONS}
    for f in nm.FACTIONS:
        s.add(alive[f] >= 0, alive[f] <= initial[f], initial[f] <= MAX)
    for f in nm.MIRROR:  # 开场行动: a leader and a line-up of at least lineup_min members
        s.add(initial[f] >= 1 + spec.p("setup.lineup_min"))
    s.add(initial[nm.DECEPTION] >= 1)
    for f in nm.MIRROR:
        e = nm.enemy(f)
        s.add(members[f] >= 0, members[f] <= initial[e] - 1)
        s.add(z3.Implies(leader[f], alive[e] <= initial[e] - 1 - members[f]))
        s.add(alive[e] + members[f] <= initial[e])
    s.add(
        promoted >= 0, promoted <= initial[nm.ADAPTATION], unpromoted >= 0, unpromoted <= alive[nm.ADAPTATION]
    )
    s.add(day >= 1, day <= MAX)
    w = WinInputs(alive, initial, leader, members, promoted, unpromoted, day, daytime)
    return w, {"lost": lost, **alive, "promoted": promoted, "day": day}


class WinPriority(Invariant[Spec]):
    switches = ()
    abstraction = "the win rows and PS1 / PS2 over symbolic counts (any situation the counts allow)"

    def query(self, spec: Spec, doc: Document, s: z3.Solver) -> tuple[Any, dict[str, Any]]:
        raise NotImplementedError

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        s = new_solver(opts)
        try:
            bad, model_vars = self.query(spec, doc, s)
        except BadInput as exc:  # the win table the claim is read from cannot be read: unknown
            return Checked(CheckResult(Status.UNKNOWN, "z3", 0, note=f"not read: {exc.en}"))
        s.add(bad)
        r = check_sat(s)
        if r == z3.unknown:
            return Checked(
                CheckResult(Status.UNKNOWN, "z3", 0, note=f"solver unknown ({s.reason_unknown()})")
            )
        if r == z3.unsat:
            return Checked(CheckResult(Status.PROVED, "z3", 0))
        m = self.smallest(s, model_vars, opts) or s.model()
        witness = {k: _val(m, v) for k, v in model_vars.items()}
        out = Checked(CheckResult(Status.VIOLATED, "z3", 0, note=f"witness: {witness}"))
        out.details["witness"] = witness
        out.scenario_note = self.note
        return out

    note = "a situation of the win table, not a scripted game"

    def smallest(self, s: z3.Solver, model_vars: dict[str, Any], opts: Options) -> z3.ModelRef | None:
        """The witness with the smallest values, fixed one term after the other in a fixed order (the same
        question gives the same witness, whatever the solver saw before)."""
        for term in _terms(model_vars):
            values: list[Any] = (
                [z3.BoolVal(False), z3.BoolVal(True)] if z3.is_bool(term) else list(range(MAX + 1))
            )
            for v in values:
                s.push()
                s.add(term == v)
                if check_sat(s) == z3.sat:
                    s.pop()
                    s.add(term == v)
                    break
                s.pop()
        return s.model() if check_sat(s) == z3.sat else None

    def monitor(self, outcome: Outcome) -> set[str]:
        """Labels of the property an engine run violates."""
        return set()


def _terms(v: Any) -> list[Any]:
    if isinstance(v, dict):
        return [t for k in sorted(v) for t in _terms(v[k])]
    return [v] if z3.is_int(v) or z3.is_bool(v) else []


def _val(m: z3.ModelRef, v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _val(m, x) for k, x in v.items()}
    x = m.eval(v, model_completion=True)
    return bool(z3.is_true(x)) if z3.is_bool(x) else int(x.as_long())


class LostNeverWins(WinPriority):
    name = "lost_never_wins"
    title = "已判负的阵营不能获胜（PS1）"
    title_en = "a faction that has lost never wins (PS1)"
    cites = (WIN_CLAUSE,)

    def query(self, spec: Spec, doc: Document, s: z3.Solver) -> tuple[Any, dict[str, Any]]:
        w, seen = situation(s, spec)
        wins, losses = win_rows(Z3, w, spec.params)
        lost = {f: z3.Or(seen["lost"][f], losses[f]) for f in nm.FACTIONS}  # lost before, or now
        winners = resolve_winners(Z3, wins, lost, read_wins(doc).priority)
        return z3.Or(*(z3.And(winners[f], lost[f]) for f in nm.FACTIONS)), seen


class SingleWinner(WinPriority):
    name = "single_winner"
    title = "多个阵营同时获胜时，PS2 只留下一个胜者"
    title_en = "PS2 leaves one winner when several factions win at once"
    cites = (WIN_CLAUSE,)

    def query(self, spec: Spec, doc: Document, s: z3.Solver) -> tuple[Any, dict[str, Any]]:
        w, seen = situation(s, spec)
        wins, losses = win_rows(Z3, w, spec.params)
        lost = {f: z3.Or(seen["lost"][f], losses[f]) for f in nm.FACTIONS}
        winners = resolve_winners(Z3, wins, lost, read_wins(doc).priority)
        n = z3.Sum([z3.If(winners[f], 1, 0) for f in nm.FACTIONS])
        seen["winners"] = winners
        seen["rows"] = {f"{f}/{r}": v for (f, r), v in wins.items()}
        return n >= 2, seen

    note = (
        "a situation of the win table; a game reaching it was found by a random search and is replayable: "
        "counterexamples/jiejie140/single_winner--default.json (ci/jiejie_tie_search.py)"
    )

    def monitor(self, outcome: Outcome) -> set[str]:
        return {"single"} if outcome.result is not None and "+" in outcome.result.winner else set()


__all__ = ["LostNeverWins", "SingleWinner", "situation"]
