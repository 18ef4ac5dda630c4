"""The set-up rules: Z3 and the plain checker agree, generation is seeded, the author's checks find what
a reform breaks and nothing on the text."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.cli import main
from ruleproof.config.solver import Status
from ruleproof.specs.botc_m124 import load_spec
from ruleproof.specs.botc_m124.cli import check_findings
from ruleproof.specs.botc_m124.engine.runner import random_setup
from ruleproof.specs.botc_m124.official import OFFICIAL, compare
from ruleproof.specs.botc_m124.roles import ROLES
from ruleproof.specs.botc_m124.setup import (
    Encoding,
    Setup,
    final_counts,
    generate,
    order_dependence,
    permutations_agree,
    violations,
)

SPEC = load_spec()


def test_base_and_modifiers() -> None:
    assert final_counts(SPEC, ()) == (7, 2, 2, 1)
    assert final_counts(SPEC, {"fanggu"}) == (6, 3, 2, 1)
    assert final_counts(SPEC, {"fanggu", "godfather"}, godfather_plus=True) == (5, 4, 2, 1)
    assert final_counts(SPEC, {"fanggu", "godfather"}, godfather_plus=False) == (7, 2, 2, 1)
    assert final_counts(SPEC, {"lilmonsta"}) == (7, 2, 3, 0)
    assert final_counts(SPEC, {"marionette", "imp"}, marionette_fake="adventurer") == (5, 4, 2, 1)
    assert final_counts(SPEC, {"vigormortis"}) == (8, 1, 2, 1)


def test_the_text_is_order_independent_and_every_role_reachable() -> None:
    findings, proofs = check_findings(SPEC)
    assert findings == [] and proofs["modifier_order"].startswith("order-independent")


def test_a_reform_makes_the_order_matter() -> None:
    spec = load_spec({"base.outsiders": 0, "base.townsfolk": 9})
    status, witness = order_dependence(spec)
    assert status is Status.SAT and witness is not None
    assert witness["line_ups"][0] != witness["line_ups"][1]
    assert not permutations_agree(spec, set(witness["in_play"]), True, None)
    findings, _ = check_findings(spec)
    assert [f.check for f in findings] == ["config.order-dependent"]


def test_a_reform_makes_roles_unreachable() -> None:
    findings, _ = check_findings(load_spec({"base.demons": 0, "base.townsfolk": 8}))
    roles = {f.extra["role"] for f in findings if f.check == "config.role-impossible"}
    assert {"imp", "marionette", "lilmonsta"} <= roles and all(f.line for f in findings)


def test_generation_is_seeded_and_legal() -> None:
    a = generate(SPEC, 5, 2)
    b = generate(SPEC, 5, 2)
    assert [s.to_json() for s in a] == [s.to_json() for s in b]
    assert all(violations(SPEC, s) == [] for s in a)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_random_setups_are_legal_for_both_checkers(seed: int) -> None:
    s = random_setup(SPEC, seed)
    assert violations(SPEC, s) == []
    enc = Encoding(SPEC)
    present = s.in_play()
    assert (
        enc.check(
            *[enc.lit[r.key] if r.key in present else __import__("z3").Not(enc.lit[r.key]) for r in ROLES]
        )
        is Status.SAT
    )


def test_checker_rejects() -> None:
    base = random_setup(SPEC, 1)
    assert violations(SPEC, Setup(base.seats[:11])) != []
    bad = Setup(tuple("imp" if i == 0 else r for i, r in enumerate(base.seats)))
    assert violations(SPEC, bad) != []


def test_official_comparison_facts() -> None:
    diffs = compare()
    kinds = {d.kind for d in diffs}
    assert {"night-order", "night-extra", "night-missing", "timing", "setup", "unofficial"} <= kinds
    assert {d.roles[0] for d in diffs if d.kind == "unofficial"} == {"adventurer", "taskmaster"}
    assert len(OFFICIAL) == 71


def test_config_cli(capsys: pytest.CaptureFixture[str]) -> None:
    # in process: what this checks is the command's exit status, JSON and error line, not the entry point
    # (tests/test_cli_text.py's subprocess tests are); an exception would fail the test as a traceback would
    assert main(["config", "botc-m124", "--seed", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["setups"][0]["verified"] is True
    assert main(["config", "botc-m124", "--set", "players=9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ruleproof: ") and "Traceback" not in err
