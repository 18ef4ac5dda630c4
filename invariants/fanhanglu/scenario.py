"""Turning an abstract counterexample into a ``ruleproof-vector/1`` scenario on the standard table.

The standard table is the one the hand-written vectors use (tests/fanhanglu/vectors/): players 1–4 crew,
5 engineer, 6 sheriff, 7 bio-doctor, 8 rescue doctor, 9 detective, 10 bodyguard, 11 vote inspector,
12–14 xenos, 15 the classic alien.  Everybody not named in the script passes (``run: script``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ruleproof.smt.invariant import spec_header
from ruleproof.specs.fanhanglu import BOOK_ID, Spec
from ruleproof.vectors.format import FORMAT

STANDARD: dict[str, str] = {
    **{str(n): "crew" for n in range(1, 5)},
    "5": "engineer",
    "6": "sheriff",
    "7": "bio_doctor",
    "8": "rescue_doctor",
    "9": "detective",
    "10": "bodyguard",
    "11": "vote_inspector",
    **{str(n): "xeno" for n in range(12, 15)},
    "15": "alien",
}
CREW = (1, 2, 3, 4)
ENGINEER, POLICE, BODYGUARD, DETECTIVE = 5, 6, 10, 9
XENOS = (12, 13, 14)
ALIEN = 15


def players(**changes: str) -> dict[str, str]:
    """The standard table with some seats changed (``players(p6="hunter")``)."""
    out = dict(STANDARD)
    for key, role in changes.items():
        out[key.removeprefix("p")] = role
    return out


def night(n: int, *actions: Mapping[str, Any], order: Sequence[int] | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"night": n}
    if order is not None:
        item["order"] = list(order)
    item["actions"] = [dict(a) for a in actions]
    return item


def vector(
    spec: Spec,
    *,
    ident: str,
    title: str,
    description: str,
    cites: Sequence[str],
    script: Sequence[Mapping[str, Any]],
    expect: Sequence[Mapping[str, Any]],
    table: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """A complete vector object with the spec's readings and overrides pinned."""
    header = spec_header(spec)
    return {
        "format": FORMAT,
        "book": BOOK_ID,
        "id": ident,
        "title": title,
        "description": description,
        "cites": list(cites),
        "interpretation": header["interpretation"],
        "params": header["params"],
        "setup": {"players": dict(table or STANDARD)},
        "script": [dict(s) for s in script],
        "run": "script",
        "expect": [dict(e) for e in expect],
    }
