"""Theorems about what the engine accepts, decided by probing the engine's own legality checks.

``targets_equal_quota`` — 2.5.1 「单次出手可指定的目标数上限恒等于该技能当时剩余额度⸺额度即上限」, with the
one exception the sentence itself makes (「全局 1 次额度可一次性指定 1~3 名目标」: the patrol).  For every
skill whose quota the spec names (``SkillDef.quota``), the engine's checks (``check_common`` and the skill's
``check``, as a submitted action meets them) are run on a real table for every quota held ``q`` up to a
bound and every number of targets up to ``q + 1``: exactly ``1 … q`` must be accepted.  The patrol must
accept ``1 … 3`` (the number the sentence writes).  Exhaustive up to the bound, so the verdict is
``holds-to-depth`` (the depth being the largest quota probed), or ``violated`` with the first refusal or
acceptance that breaks it; never ``proved`` — quotas are unbounded.
"""

from __future__ import annotations

from typing import Any

from ruleproof.claims import ClaimPattern
from ruleproof.errors import UserError
from ruleproof.smt.invariant import Checked, Invariant
from ruleproof.smt.ts import CheckResult, Options, Status, Trace
from ruleproof.specs.fanhanglu import Spec
from ruleproof.specs.fanhanglu.roles import SKILLS
from ruleproof.specs.model import SkillDef
from ruleproof.text import Document

from . import scenario as sc

BOUND = 3  # quotas probed: 0 … 3

# who holds each quota skill on a table (the standard one, with the seat variant where needed)
HOLDER: dict[str, tuple[int, dict[str, str]]] = {
    "shoot": (sc.POLICE, {}),
    "heal": (7, {}),
    "rescue": (8, {}),
    "inoculate": (7, {"p7": "vaccine_researcher"}),
    "revive": (sc.ALIEN, {"p15": "death_row_alien"}),
}


def _probe(spec: Spec, skill: SkillDef, held: int | None, n: int) -> bool:
    """Does the engine accept ``skill`` with ``n`` targets when its actor holds ``held`` (None: as set up)?"""
    from ruleproof.specs.fanhanglu.engine import Game
    from ruleproof.specs.fanhanglu.engine.model import Action
    from ruleproof.specs.fanhanglu.engine.policy import PassPolicy
    from ruleproof.specs.fanhanglu.engine.registry import SKILL_IMPLS
    from ruleproof.specs.fanhanglu.roles import RESCUE_SKILLS

    actor, changes = HOLDER.get(skill.key, (sc.POLICE, {}))
    roles = [r for _, r in sorted(sc.players(**changes).items(), key=lambda kv: int(kv[0]))]
    g = Game(spec, roles, PassPolicy(), seed=0)
    g.night, g.step = 1, skill.step
    g.make_order()
    p = g.players[actor - 1]
    if held is not None:
        setattr(p, skill.quota, held)
    targets = tuple(t for t in range(1, len(g.players) + 1) if t != actor)[:n]
    if skill.key in RESCUE_SKILLS:
        for t in targets:
            g.players[t - 1].dying = True  # rescue and revive name dying players (4.6.1, 6.8.4)
    a = Action(actor, skill.key, targets)
    try:
        g.check_common(p, a)
        SKILL_IMPLS[skill.key].check(g, p, a)
    except UserError:
        return False
    return True


class TargetsEqualQuota(Invariant[Spec]):
    name = "targets_equal_quota"
    title = "额度即上限：单次出手可指定之目标数恒等于该技能当时剩余额度（巡逻为 1~3 名之明文例外）"
    title_en = (
        "a quota is the ceiling: an action may name exactly 1 to the quota held (the patrol 1–3 excepted)"
    )
    cites = ("2.5.1", "4.4.1", "4.4.4")
    abstraction = (
        "the engine's own checks, probed for every quota 0..3 and every target count up to quota + 1"
    )
    claims = (
        ClaimPattern("ceiling", "2.5.1", "单次出手可指定的目标数上限恒等于该技能当时剩余额度"),
        ClaimPattern("patrol", "2.5.1", "全局{uses}次额度可一次性指定1~{most}名目标"),
    )

    def check(self, spec: Spec, opts: Options, doc: Document) -> Checked:
        claims = self.claims_or_gap(doc, "probe")
        if isinstance(claims, Checked):
            return claims
        quoted = [c.to_json() for c in claims.values()]
        most = claims["patrol"].num("most")
        failures: list[dict[str, Any]] = []
        probed = 0
        for skill in (s for s in SKILLS if s.quota):
            for held in range(BOUND + 1):
                for n in range(1, held + 2):
                    probed += 1
                    if _probe(spec, skill, held, n) != (n <= held):
                        failures.append(
                            {"skill": skill.key, "held": held, "targets": n, "accepted": n > held}
                        )
        patrol = next(s for s in SKILLS if s.key == "patrol")
        for n in range(1, most + 2):
            probed += 1
            if _probe(spec, patrol, None, n) != (n <= most):
                failures.append({"skill": "patrol", "held": None, "targets": n, "accepted": n > most})
        details: dict[str, Any] = {
            "probes": probed,
            "skills": [s.key for s in SKILLS if s.quota] + ["patrol"],
            "bound": BOUND,
            "alive": [
                {
                    "kind": "premise",
                    "name": "quota_skills",
                    "clause": "2.5.1",
                    "zh": "规格中有以额度计之技能",
                    "en": "the spec has quota skills",
                    "status": "reached" if probed else "unreached",
                    "depth": 0,
                }
            ],
        }
        if failures:
            first = failures[0]
            trace = Trace([dict(first)], [], ["quota_is_the_ceiling"], True)
            note = ", ".join(
                f"{f['skill']} with {f['held']} held: {f['targets']} target(s) {'accepted' if f['accepted'] else 'refused'}"
                for f in failures[:4]
            )
            details["failures"] = failures
            result = CheckResult(Status.VIOLATED, "probe", BOUND, trace=trace, note=note)
            return Checked(
                result, details=details, claims=quoted, scenario_note="a legality probe: see details"
            )
        if not probed:
            return Checked(
                CheckResult(Status.VACUOUS, "probe", 0, note="vacuous: no quota skill"),
                details=details,
                claims=quoted,
            )
        return Checked(
            CheckResult(Status.HOLDS, "probe", BOUND, note=f"quotas up to {BOUND} probed"),
            details=details,
            claims=quoted,
        )


TARGETS_EQUAL_QUOTA = TargetsEqualQuota()
