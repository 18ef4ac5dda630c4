"""Rules that can never fire — vacuity of the *text*, not of a model (issue 11 §4, docs/verify.md).

Every rule the spec marks with a clause — each skill (:class:`~ruleproof.specs.model.SkillDef`, its effect
at its step) and each row of the victory order (1.2.3) — gets a reachability query in two parts:

1. **a witness**: seeded random games of the reference engine (seeds ``0 … games−1``, under the spec's
   readings and reforms).  A skill fires when one of its actions resolves (the engine's ledger, after the
   capability checks), a victory row when it decides a game.  The witness is the seed, night and step:
   ``ruleproof play --seed N`` (with the same ``--set`` / ``--interpret``) replays it.
2. **a refutation**, for a rule no game reached: Z3 over the facts the rule needs, each labelled with the
   clause that states it — for a skill, a holder at the table (a role seated by 1.1 / 1.1.1 or made from
   one by a job change, 4.2.1) and a step of the step table 2.1.1 to run at; for a victory row, the faction
   counts the seats allow, the row's condition (the kernel :func:`victory_conditions`) and every earlier
   row false (the first row that holds decides).  Unsat: ``unreachable``, with a minimal unsat core named
   by its clauses — a finding on the text or the spec.  Sat: ``unwitnessed`` — neither reached by a game nor
   refuted (the refutation's facts are necessary conditions, not sufficient ones): not a proof either way.

The refutation is deliberately coarse (it knows nothing of who may be dying at a step, of quotas, of the
escape restriction): what it refutes is refuted, what it allows is only *not refuted*.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from ruleproof.kernel.z3algebra import Z3
from ruleproof.smt.ranks import Unknown
from ruleproof.smt.ts import Options, check_sat, new_solver
from ruleproof.specs.fanhanglu import Spec, tables
from ruleproof.specs.fanhanglu import roles as role_tables
from ruleproof.specs.fanhanglu.kernels import victory_conditions
from ruleproof.specs.fanhanglu.params import PARAM_BY_KEY

GAMES = 300  # seeded random games searched for witnesses (≈ 1.5 s of CPU)


@dataclass(frozen=True)
class Rule:
    kind: str  # "skill" | "victory"
    key: str  # the skill's key, or the row's symbol
    zh: str
    clause: str


@dataclass
class Firing:
    rule: Rule
    status: str  # "reached" | "unreachable" | "unwitnessed"
    witness: dict[str, Any] | None = None  # {"seed", "night", "step"} of the first game that fires it
    core: list[dict[str, str]] = field(default_factory=list)  # the facts that make it unreachable

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.rule.kind,
            "rule": self.rule.key,
            "zh": self.rule.zh,
            "clause": self.rule.clause,
            "status": self.status,
            "witness": self.witness,
            "core": self.core,
        }


def rules() -> list[Rule]:
    """The rules the spec marks with a clause: every skill, every row of the victory order."""
    out = [Rule("skill", s.key, s.zh, s.clause) for s in role_tables.SKILL_BY_KEY.values()]
    out += [Rule("victory", r.row, r.quote, r.clause) for r in tables.VICTORY_ORDER]
    return out


def witnesses(spec: Spec, games: int) -> dict[tuple[str, str], dict[str, Any]]:
    """The first seeded game (seed, night, step) in which each rule fires."""
    from ruleproof.specs.fanhanglu.engine.runner import FanhangluEngine

    engine = FanhangluEngine()
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for seed in range(games):
        g = engine.random_game(spec, seed)
        g.run()
        for entry in g.ledger:
            found.setdefault(("skill", entry.skill), {"seed": seed, "night": entry.night, "step": entry.step})
        if g.result is not None:
            found.setdefault(
                ("victory", g.result.row), {"seed": seed, "night": g.result.night, "step": g.result.node}
            )
    return found


Fact = tuple[str, str, str, Any]  # (clause, zh, en, Z3 formula)


def _seated() -> tuple[dict[str, Any], list[Fact]]:
    """Who can be at the table: a Z3 Boolean per role, and the facts (1.1 / 1.1.1, 4.2.1) that define it."""
    roles = role_tables.ROLE_BY_KEY
    at = {k: z3.Bool(f"seated.{k}") for k in roles}
    facts: list[Fact] = []
    for r in roles.values():
        if r.count > 0:
            how = f"开局入座（{r.count} 名）" if r.seat is None else f"开局入座（座位「{r.seat}」之一种）"
            facts.append((r.clause, f"{r.zh}{how}", f"{r.key} is seated at the start", at[r.key]))
        elif r.derived_from is not None and r.derived_from in at:
            src = roles[r.derived_from]
            facts.append(
                (
                    r.clause,
                    f"{r.zh}由{src.zh}转职而来",
                    f"{r.key} is made from {src.key} by a job change",
                    at[r.key] == at[src.key],
                )
            )
        else:
            facts.append(
                (r.clause, f"{r.zh}开局人数为 0", f"nobody is a {r.key} at the start", z3.Not(at[r.key]))
            )
    return at, facts


def skill_facts(key: str) -> tuple[list[Fact], Any]:
    """The facts a skill needs to fire and the goal: a holder at the table, a step to run at."""
    s = role_tables.SKILL_BY_KEY[key]
    at, facts = _seated()
    held, runs = z3.Bool(f"held.{key}"), z3.Bool(f"runs.{key}")
    holders = [at[r] for r in s.roles if r in at]
    facts.append(
        (
            s.clause,
            f"「{s.zh}」之持有者：{'、'.join(s.roles) or '无'}",
            f"{key} is held by {', '.join(s.roles) or 'nobody'}",
            held == (z3.Or(*holders) if holders else z3.BoolVal(False)),
        )
    )
    steps = (s.step, *s.windows)
    known = [st for st in steps if st == "day" or st in tables.STEP_BY_KEY]
    where = "、".join(f"步骤 {st}" if st != "day" else "白天" for st in steps)
    facts.append(
        (
            s.clause,
            f"「{s.zh}」于{where}执行",
            f"{key} runs at {', '.join(steps)}",
            runs == z3.Or(*(z3.Bool(f"step.{st}") for st in steps)),
        )
    )
    for st in steps:
        if st == "day":
            facts.append(("2.1", "白天阶段每轮皆有", "every round has a day", z3.Bool("step.day")))
        elif st in known:
            facts.append(
                (
                    "2.1.1",
                    f"步骤 {st} 在夜晚步骤表中",
                    f"step {st} is in the night's table",
                    z3.Bool(f"step.{st}"),
                )
            )
        else:
            facts.append(
                (
                    "2.1.1",
                    f"夜晚步骤表无步骤 {st}",
                    f"the night's table has no step {st}",
                    z3.Not(z3.Bool(f"step.{st}")),
                )
            )
    return facts, z3.And(held, runs)


def victory_facts(row: str, players: int) -> tuple[list[Fact], Any]:
    """The facts a victory row needs to decide: counts the seats allow, its condition, the earlier rows false."""
    order = tables.VICTORY_ORDER
    idx = next(n for n, r in enumerate(order) if r.row == row)
    humans, xenos, alien, countdown = z3.Ints("humans xenos alien countdown")
    void, cap = z3.Bools("countdown_void night_cap")
    cond = victory_conditions(Z3, humans, xenos, alien, countdown, void, cap)
    facts: list[Fact] = [
        (
            PARAM_BY_KEY["players.total"].clause,
            f"三方存活人数非负，合计至多 {players} 名",
            f"the living of each faction are ≥ 0 and {players} at most together",
            z3.And(humans >= 0, xenos >= 0, alien >= 0, humans + xenos + alien <= players),
        )
    ]
    for earlier in order[:idx]:
        facts.append(
            (
                earlier.clause,
                f"{earlier.row} 先判（{earlier.quote}）",
                f"row {earlier.row} is decided first",
                z3.Not(cond[earlier.condition]),
            )
        )
    this = order[idx]
    goal = z3.Bool(f"row.{row}")
    facts.append(
        (
            this.clause,
            f"{this.row}：{this.quote}",
            f"row {this.row}'s condition",
            goal == cond[this.condition],
        )
    )
    return facts, goal


def refute(facts: Sequence[Fact], goal: Any, opts: Options) -> list[Fact] | None:
    """None when the facts allow the goal; else a minimal subset of them that rules it out."""

    def unsat(subset: Sequence[Fact]) -> bool:
        s = new_solver(opts)
        s.add(goal, *(f[3] for f in subset))
        r = check_sat(s)
        if r == z3.unknown:
            raise Unknown(s.reason_unknown())
        return bool(r == z3.unsat)

    if not unsat(facts):
        return None
    core = list(facts)
    for fact in list(core):  # deletion-based minimization: each fact left is needed
        rest = [f for f in core if f is not fact]
        if unsat(rest):
            core = rest
    return core


def firing(spec: Spec, opts: Options, games: int = GAMES) -> list[Firing]:
    """Every rule's verdict: reached (with its witness), unreachable (with its core) or unwitnessed."""
    seen = witnesses(spec, games)
    players = spec.p("players.total")
    out = []
    for rule in rules():
        w = seen.get((rule.kind, rule.key))
        if w is not None:
            out.append(Firing(rule, "reached", w))
            continue
        if rule.kind == "skill":
            facts, goal = skill_facts(rule.key)
        else:
            facts, goal = victory_facts(rule.key, players)
        try:
            core = refute(facts, goal, opts)
        except Unknown:  # the solver gave no answer in time: not refuted, so neither reached nor unreachable
            core = None
        if core is None:
            out.append(Firing(rule, "unwitnessed"))
        else:
            out.append(
                Firing(rule, "unreachable", core=[{"clause": c, "zh": zh, "en": en} for c, zh, en, _ in core])
            )
    return out
