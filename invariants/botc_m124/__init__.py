"""[M124] 血染钟楼 invariants: properties the text states, each quoting its section, decided by Z3 over
the same kernels the engine runs (:mod:`ruleproof.specs.botc_m124.kernels`) and the set-up encoding.

| name | section | kind |
|---|---|---|
| ``setup_counts`` | 前言, 游戏流程及其他说明 0 | every legal set-up seats 12 with no negative count (Z3 over the set-up encoding) |
| ``modifier_order_independent`` | the modifiers' sections | the line-up does not depend on the order the modifiers apply |
| ``execution_at_most_one`` | 处决，死亡与复活 | the day-end rule executes at most one nominee, for any votes and living count |
| ``dead_vote_once`` | 提名与投票 | a dead seat's counted 是 votes never exceed one (1-induction over the vote kernel) |
| ``wins_exclusive`` | 邪恶阵营 | 「双方阵营胜利条件相互排斥」 for every living count and Demon count |
| ``undying_blocks_judgment`` | 常见状态特效 | [不死]: no death judgment kills |
| ``suspension_well_founded`` | 技能, 常见状态特效, 酒鬼 | the suspension rule has a consistent reading for a skill that impairs its own holder |
"""

from __future__ import annotations

import z3

from ruleproof import solvers
from ruleproof.config.solver import Status as ConfigStatus
from ruleproof.kernel.z3algebra import Z3
from ruleproof.smt.invariant import Checked, Invariant
from ruleproof.smt.ts import CheckResult, Options, Status, check_sat, new_solver
from ruleproof.specs.botc_m124 import Spec
from ruleproof.specs.botc_m124.kernels import (
    dead_vote,
    dies_of_judgment,
    evil_wins,
    execution_flags,
    good_wins,
)
from ruleproof.specs.botc_m124.setup import Encoding, order_dependence
from ruleproof.text import Document


def _decide(solver: z3.Solver, what: str) -> CheckResult:
    """UNSAT of the negated property: proved; SAT: violated; otherwise unknown (never rounded up)."""
    result = check_sat(solver)
    if result == z3.unsat:
        return CheckResult(Status.PROVED, "z3", 0)
    if result == z3.sat:
        return CheckResult(Status.VIOLATED, "z3", 0, note=f"{what}: {solver.model()}")
    return CheckResult(
        Status.UNKNOWN,
        "z3",
        0,
        note=f"{what}: {solvers.why(solver)}",
        unknown=solvers.answer(solver, result).value,
    )


def _solver(opts: Options) -> z3.Solver:
    return new_solver(opts)  # seeded, budgeted, interruptible (ruleproof.solvers)


class SetupCounts(Invariant[Spec]):
    name = "setup_counts"
    title = "合法配置恰好 12 人且各种类人数非负"
    title_en = "every legal set-up seats the players with no negative count"
    cites = ("前言", "游戏流程及其他说明")
    params = ("base.townsfolk", "base.outsiders", "base.minions", "base.demons")
    abstraction = "the set-up rules as Z3 constraints (one Boolean per role); the negation asked for"

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        enc = Encoding(spec)
        t, o, m, d = enc.final
        status = enc.check(z3.Or(t + o + m + d != spec.p("players"), t < 0, o < 0, m < 0, d < 0))
        if status is ConfigStatus.UNKNOWN:
            return Checked(CheckResult(Status.UNKNOWN, "z3", 0, note="solver unknown"))
        if status is ConfigStatus.UNSAT:
            return Checked(CheckResult(Status.PROVED, "z3", 0))
        return Checked(CheckResult(Status.VIOLATED, "z3", 0, note=str(enc.solver.model())))


class ModifierOrder(Invariant[Spec]):
    name = "modifier_order_independent"
    title = "配置调整与先后次序无关"
    title_en = "the setup modifiers commute"
    cites = ("冒险家", "提线木偶", "教父", "蚀梦游魂", "亡灵法师", "恶魔宝宝")
    params = ("base.outsiders",)
    abstraction = "pairwise commutation over the reachable Outsider range (Z3), exhaustive witness search"

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        status, witness = order_dependence(spec)
        if status is ConfigStatus.UNSAT:
            return Checked(CheckResult(Status.PROVED, "z3", 0))
        if status is ConfigStatus.SAT:
            return Checked(
                CheckResult(Status.VIOLATED, "z3", 0),
                details={"witness": witness},
                scenario_note="a set-up witness, not a game",
            )
        return Checked(CheckResult(Status.UNKNOWN, "z3", 0))


class ExecutionAtMostOne(Invariant[Spec]):
    name = "execution_at_most_one"
    title = "每日至多处决一名被提名者"
    title_en = "at most one execution by the votes per day"
    cites = ("处决，死亡与复活", "提名与投票")
    params = ("execute.factor",)
    abstraction = "the day-end kernel over 12 symbolic nominees' vote counts and a symbolic living count"

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        n = spec.p("players")
        votes = [z3.Int(f"v{i}") for i in range(n)]
        noms = [z3.Bool(f"nominated{i}") for i in range(n)]
        alive = z3.Int("alive")
        s = _solver(opts)
        s.add(*[z3.And(v >= 0, v <= n) for v in votes], alive >= 1, alive <= n)
        flags = execution_flags(Z3, votes, noms, alive, spec.p("execute.factor"), z3.BoolVal(False))
        s.add(z3.Sum([z3.If(f, 1, 0) for f in flags]) > 1)
        return Checked(_decide(s, "two nominees executed"))


class DeadVoteOnce(Invariant[Spec]):
    name = "dead_vote_once"
    title = "死亡角色只有一次机会投“是”"
    title_en = "a dead seat's yes votes count at most once"
    cites = ("提名与投票",)
    abstraction = "one seat: (alive, token used, dead yes counted); 1-induction over the vote kernel"

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        alive, used, count = z3.Bool("alive"), z3.Bool("used"), z3.Int("count")
        alive2, yes = z3.Bool("alive2"), z3.Bool("yes")
        counted, used2 = dead_vote(Z3, alive2, used, yes)
        count2 = count + z3.If(z3.And(counted, z3.Not(alive2)), 1, 0)
        inv = z3.And(
            count >= 0,
            count <= 1,
            z3.Implies(count == 1, used),
            z3.Implies(alive, z3.And(count == 0, z3.Not(used))),
        )
        inv2 = z3.And(
            count2 >= 0,
            count2 <= 1,
            z3.Implies(count2 == 1, used2),
            z3.Implies(alive2, z3.And(count2 == 0, z3.Not(used2))),
        )
        s = _solver(opts)
        # 「只有死亡角色会复活」 and no role of this text resurrects: a dead seat stays dead
        s.add(inv, z3.Implies(z3.Not(alive), z3.Not(alive2)), z3.Not(inv2))
        step = _decide(s, "induction step")
        init = _solver(opts)
        init.add(alive, z3.Not(used), count == 0, z3.Not(inv))
        base = _decide(init, "initial state")
        status = (
            Status.PROVED if step.status is Status.PROVED and base.status is Status.PROVED else step.status
        )
        return Checked(
            CheckResult(status, "k-induction", 1, k=1, note="" if status is Status.PROVED else step.note)
        )


class WinsExclusive(Invariant[Spec]):
    name = "wins_exclusive"
    title = "双方阵营胜利条件相互排斥"
    title_en = "the two sides' win conditions exclude each other"
    cites = ("邪恶阵营", "善良阵营")
    switches = ("win.evil_alive",)
    abstraction = "the two base conditions over a symbolic living count and living Demon count"

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        alive, demons = z3.Int("alive"), z3.Int("demons")
        s = _solver(opts)
        s.add(alive >= 0, alive <= spec.p("players"), demons >= 0, demons <= alive)
        exactly = spec.reading("win.evil_alive") == "exactly"
        s.add(good_wins(Z3, demons), evil_wins(Z3, alive, demons, spec.p("win.evil_alive"), exactly))
        return Checked(_decide(s, "both sides win"))


class UndyingBlocksJudgment(Invariant[Spec]):
    name = "undying_blocks_judgment"
    title = "[不死]：受到死亡判定时不会死亡"
    title_en = "[不死]: no death judgment kills"
    cites = ("常见状态特效", "僧侣", "律师")
    abstraction = "the judgment kernel over every status combination"

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        b = z3.Bools("sanctuary by_demon defended execution")
        s = _solver(opts)
        s.add(dies_of_judgment(Z3, z3.BoolVal(True), *b))
        return Checked(_decide(s, "an undying seat dies"))


class SuspensionWellFounded(Invariant[Spec]):
    name = "suspension_well_founded"
    title = "「失去技能或技能失效」规则对自致醉酒∕中毒的技能有一致的读法"
    title_en = "the suspension rule is consistent for a skill impairing its own holder"
    cites = ("技能", "常见状态特效", "酒鬼", "疯子", "提线木偶")
    abstraction = (
        "x = 醉意 works; the text: x ⇔ ¬drunk, drunk ⇔ x (the status is in force only while x works)"
    )

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        works, drunk = z3.Bools("works drunk")
        s = _solver(opts)
        s.add(works == z3.Not(drunk), drunk == works)
        result = check_sat(s)
        if result == z3.unsat:
            return Checked(
                CheckResult(
                    Status.VIOLATED,
                    "z3",
                    0,
                    note="no consistent state: 醉意 / 木偶 switch themselves off and on",
                ),
                scenario_note="a property of the rules, not of a game; the engine reads a status as never suspending its own source",
                details={"skills": ["drunk.drunk", "lunatic.drunk", "marionette.puppet"]},
            )
        return Checked(_decide(s, "consistent"))


INVARIANTS: tuple[Invariant[Spec], ...] = (
    SetupCounts(),
    ModifierOrder(),
    ExecutionAtMostOne(),
    DeadVoteOnce(),
    WinsExclusive(),
    UndyingBlocksJudgment(),
    SuspensionWellFounded(),
)
INVARIANT_BY_NAME: dict[str, Invariant[Spec]] = {inv.name: inv for inv in INVARIANTS}


__all__ = ["INVARIANTS", "INVARIANT_BY_NAME"]
