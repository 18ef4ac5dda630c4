"""The engine's Python API as other tools (the Z3 verifier, other engines) use it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ruleproof.specs.fanhanglu import load_spec
from ruleproof.specs.fanhanglu.engine import (
    Game,
    NotImplementedRule,
    RandomPolicy,
    check_expectations,
    random_roles,
    run_vector,
)
from ruleproof.specs.fanhanglu.engine.snapshot import GAME_FIELDS, PLAYER_FIELDS
from ruleproof.specs.fanhanglu.vocab import STATE_FIELDS
from ruleproof.vectors import parse_vector

VECTORS = Path(__file__).parent / "vectors"


def vector(name: str) -> dict[str, object]:
    return json.loads((VECTORS / f"{name}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_snapshots_export_exactly_the_spec_state_fields() -> None:
    assert set(GAME_FIELDS) == {f.key for f in STATE_FIELDS if f.scope == "game"}
    assert set(PLAYER_FIELDS) == {f.key for f in STATE_FIELDS if f.scope == "player"}
    g = Game(load_spec(), random_roles(1), RandomPolicy(1), seed=1)
    g.run()
    snap = g.snapshot()
    assert set(snap) == set(GAME_FIELDS) | {"players"}
    assert set(snap["players"]["1"]) == set(PLAYER_FIELDS)
    json.dumps(snap)  # JSON-ready


def test_run_vector_from_a_dict_with_a_trace() -> None:
    out = run_vector(vector("sheriff-double-kill-cap"), trace=True)
    labels = [label for label, _ in out.trace]
    assert labels[:5] == ["night 1 start", "night 1 step 0.6", "night 1 step 9", "night 1", "day 1"]
    assert "night 6 start" in labels
    snap = dict(out.trace)["night 6 start"]
    assert snap["players"]["6"]["bullets"] == 2
    assert [e.data["batch"] for e in out.batches()][:2] == ["0", "1"]
    assert all(e.audience == "private" for e in out.feedback(6))


def test_replay_is_deterministic() -> None:
    a = run_vector(vector("layer-order-protection-patrol-shield"))
    b = run_vector(vector("layer-order-protection-patrol-shield"))
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


def test_reform_shows_a_violation_instead_of_hiding_it() -> None:
    """With two bullets per kill the conservation N − k + m ≤ N (4.4.6) fails on the engine's trace."""
    raw = vector("reform-two-bullets-per-kill")
    out = run_vector(raw, trace=True)
    before = dict(out.trace)["night 1 start"]["players"]["6"]["bullets"]
    after = dict(out.trace)["night 2 start"]["players"]["6"]["bullets"]
    assert after > before
    raw["params"] = {}
    assert check_expectations(parse_vector(raw), run_vector(raw))  # the default rules do not give 2


def test_initial_bullets_respect_the_cap() -> None:
    g = Game(
        load_spec({"sheriff.initial_bullets": 3}), random_roles(0, {"police": "sheriff"}), RandomPolicy(0)
    )
    sheriff = next(p for p in g.players if p.role == "sheriff")
    assert sheriff.bullets == 2  # 4.4.6: 「任何来源的子弹（初始 1 发…）到账后，存量一律不得超过2发」


def test_every_skill_of_the_spec_is_registered() -> None:
    from ruleproof.specs.fanhanglu import ROLES, SKILLS
    from ruleproof.specs.fanhanglu.engine.registry import SKILL_IMPLS

    assert all(s.implemented and s.key in SKILL_IMPLS for s in SKILLS)
    assert all(r.implemented for r in ROLES)


def test_a_variant_flagged_not_implemented_is_refused_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from ruleproof.specs.fanhanglu import roles

    monkeypatch.setitem(
        roles.ROLE_BY_KEY,
        "craftsman",
        replace(roles.ROLE_BY_KEY["craftsman"], implemented=False, issue="issue 99"),
    )
    raw = vector("disguise-charges")
    raw["setup"]["players"]["10"] = "craftsman"
    with pytest.raises(NotImplementedRule, match="issue 99"):
        run_vector(raw)


def test_observer_sees_every_step() -> None:
    seen: list[tuple[int, str]] = []
    g = Game(
        load_spec(), random_roles(3), RandomPolicy(3), seed=3, observer=lambda g, n, s: seen.append((n, s))
    )
    g.run()
    assert seen[:3] == [(1, "arrival"), (1, "iss"), (1, "edc")]
    assert (1, "day") in seen or g.result is not None


def test_initiator_ledger_records_true_identity() -> None:
    """2.8.16②: the ledger records the initiator's true identity — a transform changes the presented
    role, not the entry."""
    raw = vector("death-row-shoots-as-sheriff")
    from ruleproof.specs.fanhanglu.engine.policy import ScriptPolicy
    from ruleproof.specs.fanhanglu.engine.runner import to_action
    from ruleproof.specs.fanhanglu.engine.setup import validate_roles
    from ruleproof.vectors import parse_vector

    vec = parse_vector(raw)
    spec = load_spec()
    roles = validate_roles(spec, raw["setup"]["players"])
    policy = ScriptPolicy({n: [to_action(a) for a in acts] for n, acts in vec.nights.items()}, {}, {}, last=1)
    g = Game(spec, roles, policy, stop_after=("night", 1))
    g.run()
    shots = [e for e in g.ledger if e.skill == "shoot"]
    assert [(e.night, e.step, e.initiator, e.true_role, e.targets) for e in shots] == [
        (1, "6", 15, "death_row_alien", (12,))
    ]
    assert any(e.skill == "transform" and e.step == "iss" for e in g.ledger)
