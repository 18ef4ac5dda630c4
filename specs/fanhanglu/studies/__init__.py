"""返航录's balance studies: one per measurement the author lists as open in 附录四 五、遗留事项 (P3), plus a
generic one (win rates per faction, game length).  ``ruleproof study NAME`` runs them (docs/studies.md).

Settings (``--set K=V``, ``--sweep K=V1,V2,…``):

* a spec parameter (``escape.threshold=8``; see ``ruleproof params``): a reform, in the author's units;
* ``seat.SEAT=VARIANT`` — the variant a seat of 1.1.1 takes in every game (``seat.alien=death_row_alien``);
  unset seats take a random variant per game, as ``simulate`` does;
* ``policy.WHO=NAME`` — the same as ``--policy WHO=NAME`` (so a sweep can compare policies);
* ``target=LO..HI`` — a target interval for the secondary-win rate (``secondary`` reports which swept
  values reach it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ruleproof.errors import UserError
from ruleproof.specs.fanhanglu import load_spec, parse_assignment
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY, SEATS
from ruleproof.specs.fanhanglu.studies.catalog import STUDY_LIST, FanhangluStudy
from ruleproof.specs.fanhanglu.studies.games import Setup
from ruleproof.specs.fanhanglu.studies.policies import BUILTIN
from ruleproof.studies.policy import PolicyTable, resolve_policies
from ruleproof.studies.study import Config, Study

FACTIONS = ("humans", "xenos", "alien")
SEAT_KEYS = {s.key: s for s in SEATS}


@dataclass(frozen=True)
class Context:
    setup: Setup
    settings: Mapping[str, str]
    policies: Mapping[str, str]

    def describe(self) -> dict[str, Any]:
        return {
            "spec": self.setup.spec.describe_changes(),
            "seats": dict(sorted(self.setup.variants.items())),
            "policies": dict(sorted(self.policies.items())),
        }


def parse_target(text: str) -> tuple[float, float]:
    lo, sep, hi = text.partition("..")
    try:
        a, b = float(lo), float(hi)
    except ValueError:
        a, b = -1.0, -1.0
    if not sep or not 0 <= a <= b <= 1:
        raise UserError(
            f"target 须写作 下限..上限（0~1 之间的比率，如 0.15..0.30），实为 {text!r}",
            f"target is LO..HI (rates between 0 and 1, e.g. 0.15..0.30), got {text!r}",
        )
    return a, b


class FanhangluStudies:
    """The ``studies`` part of 返航录's profile."""

    studies: Mapping[str, FanhangluStudy] = {s.name: s for s in STUDY_LIST}

    def policy_names(self) -> Mapping[str, tuple[str, str]]:
        return {name: cls.summary for name, cls in sorted(BUILTIN.items())}

    def context(self, study: Study, config: Config) -> Context:
        assert isinstance(study, FanhangluStudy)
        settings = {**dict(study.defaults), **dict(config.settings)}
        variants: dict[str, str] = {}
        overrides: dict[str, object] = {}
        policy_items = [f"{k}={v}" for k, v in study.policies.items()]
        for key, value in settings.items():
            if key.startswith("seat."):
                seat = SEAT_KEYS.get(key[5:])
                if seat is None:
                    raise UserError(
                        f"未知席位 {key[5:]}（可用：{'、'.join(SEAT_KEYS)}）",
                        f"unknown seat {key[5:]} (known: {', '.join(SEAT_KEYS)})",
                    )
                if value not in seat.variants or not ROLE_BY_KEY[value].implemented:
                    raise UserError(
                        f"席位 {seat.key} 无变体 {value}（可用：{'、'.join(seat.variants)}）",
                        f"seat {seat.key} has no variant {value} (variants: {', '.join(seat.variants)})",
                    )
                variants[seat.key] = value
            elif key.startswith("policy."):
                policy_items.append(f"{key[7:]}={value}")
            elif key == "target":
                parse_target(value)
            else:
                k, v = parse_assignment(f"{key}={value}")
                overrides[k] = v
        policy_items += list(config.policies)
        plugins = resolve_policies(policy_items, BUILTIN, {})
        for who in plugins:
            if who != "*" and who not in FACTIONS and who not in ROLE_BY_KEY:
                raise UserError(
                    f"--policy 的对象须为阵营（{'、'.join(FACTIONS)}）、职业或 *，实为 {who}",
                    f"--policy names a faction ({', '.join(FACTIONS)}), a role or *, not {who}",
                )
        spec = load_spec(overrides, dict(config.readings))
        names = {who: p.name for who, p in plugins.items()}
        return Context(Setup(spec, variants, PolicyTable(plugins), study.track), settings, names)


STUDIES = FanhangluStudies()

__all__ = ["STUDIES", "Context", "FanhangluStudies", "parse_target"]
