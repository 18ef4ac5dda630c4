"""Turning an abstract counterexample into a ``ruleproof-vector/1`` scenario on the standard table of the
hand-written vectors (tests/jiejie140/vectors/): 1 永恒者, 2–6 感应者 清晰者 思考者 耳语者 传递者 (永恒),
7 凝聚者, 8–12 清晰者 预知者 传承者 支援者 沉默者 (凝聚), 13 欺骗者, 14–16 适应者."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ruleproof.smt.invariant import spec_header
from ruleproof.specs.jiejie140 import BOOK_ID, Spec
from ruleproof.vectors.format import new_vector

STANDARD: dict[str, str] = {
    "1": "eternal_leader",
    "2": "sensor@eternal",
    "3": "clearsight@eternal",
    "4": "thinker@eternal",
    "5": "whisperer@eternal",
    "6": "transmitter@eternal",
    "7": "cohesion_leader",
    "8": "clearsight@cohesion",
    "9": "foreseer@cohesion",
    "10": "inheritor@cohesion",
    "11": "supporter@cohesion",
    "12": "silencer@cohesion",
    "13": "deceiver",
    "14": "adaptor",
    "15": "adaptor",
    "16": "adaptor",
}
DECEIVER, SUPPORTER = 13, 11


def action(actor: int, skill: str, targets: Sequence[int] = (), **fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"actor": actor, "skill": skill}
    if targets:
        out["targets"] = list(targets)
    out.update(fields)
    return out


def vector(spec: Spec, **body: Any) -> dict[str, Any]:
    """A scenario on the standard table (``body``: id, title, description, cites, script, expect)."""
    return new_vector(
        BOOK_ID, spec_header(spec), {"players": dict(STANDARD), "seed": 0}, run="script", **body
    )


__all__ = ["DECEIVER", "STANDARD", "SUPPORTER", "action", "vector"]
