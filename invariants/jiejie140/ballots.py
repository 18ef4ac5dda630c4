"""``ballot_threshold`` — 阵营技能 投票指标 as written: a faction skill reaches its target iff 「票数超过阵营内
当前存活人数一半」 (集团念力) / 「票数大于存活适应者人数的一半」 (聚灵晋升), with the text's exclusions: the votes of
voters dead by day do not count (「白天死者的票不计，审判致死视为白天死亡」), a 聚灵晋升 vote cancels one (「抵消」), and
隐匿推流's votes count in the declared tally but not in its living count (「不计入其存活人数计数」).

The claim (comparison and fraction) is read from the 投票指标 cell of the text being verified; the rule is
the engine's kernel :func:`tally` over the spec's threshold.  Z3 decides it for every ballot list of up to
``MAX`` ballots (each cancelled or not, its voter alive or dead by day, a member or a 隐匿推流 voter) and
every living count up to ``MAX``.
"""

from __future__ import annotations

import z3

from ruleproof.errors import BadInput
from ruleproof.kernel.z3algebra import Z3
from ruleproof.smt.invariant import Checked, Invariant
from ruleproof.smt.ts import CheckResult, Options, Status, check_sat, new_solver
from ruleproof.specs.jiejie140 import Spec
from ruleproof.specs.jiejie140.kernels import tally
from ruleproof.specs.jiejie140.skills import read_skills
from ruleproof.text import Document

MAX = 10


class BallotThreshold(Invariant[Spec]):
    name = "ballot_threshold"
    title = "阵营技能达标 ⇔ 有效票数超过阵营当前存活人数的一半"
    title_en = "a faction skill succeeds iff its valid votes exceed half its living members"
    cites = ("阵营技能", "开场行动")
    switches = ()
    abstraction = f"one target's ballots (≤ {MAX}) and its faction's members (≤ {MAX}) at the tally"

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        try:
            written = read_skills(doc).skills
        except BadInput as exc:  # a cell the spec cannot read: the claim is unknown, never a pass
            return Checked(CheckResult(Status.UNKNOWN, "z3", 0, note=f"not read: {exc.en}"))
        notes = []
        for key in ("telekinesis", "ascend"):
            claim = written[key].threshold if key in written else None
            rule = spec.skills.skills[key].threshold
            if claim is None or rule is None:
                notes.append(f"{key}: no threshold stated")
                continue
            s = new_solver(opts)
            counts = [z3.Bool(f"{key}.counts.{i}") for i in range(MAX)]
            alive_voter = [z3.Bool(f"{key}.voter_alive.{i}") for i in range(MAX)]
            members = [z3.Bool(f"{key}.member_alive.{i}") for i in range(MAX)]
            _votes, _alive, passed = tally(Z3, list(zip(counts, alive_voter, strict=True)), members, rule)
            valid = z3.Sum([z3.If(z3.And(c, v), 1, 0) for c, v in zip(counts, alive_voter, strict=True)])
            living = z3.Sum([z3.If(m, 1, 0) for m in members])
            stated = (
                valid * claim.den > living * claim.num
                if claim.strict
                else valid * claim.den >= living * claim.num
            )
            s.add(passed != stated)
            r = check_sat(s)
            if r == z3.unknown:
                return Checked(CheckResult(Status.UNKNOWN, "z3", 0, note=f"{key}: solver unknown"))
            if r == z3.sat:
                m = s.model()
                w = {
                    "votes": m.eval(valid, model_completion=True).as_long(),
                    "alive": m.eval(living, model_completion=True).as_long(),
                }
                return Checked(
                    CheckResult(
                        Status.VIOLATED,
                        "z3",
                        0,
                        note=f"{key}: the rule and 「{written[key].cell('投票指标').text}」 differ at {w}",
                    ),
                    details={"witness": w, "skill": key},
                )
        return Checked(CheckResult(Status.PROVED, "z3", 0, note="; ".join(notes)))


__all__ = ["BallotThreshold"]
