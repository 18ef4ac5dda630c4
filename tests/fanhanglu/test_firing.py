"""Rules that can never fire (``ruleproof firing``): witnesses from seeded engine games, refutations with a
minimal core named by clauses, and the three verdicts kept apart."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ruleproof.cli import main
from ruleproof.invariants.fanhanglu import firing as F
from ruleproof.smt.ts import Options
from ruleproof.specs.fanhanglu import load_spec, roles, tables
from ruleproof.specs.fanhanglu.engine.runner import FanhangluEngine


@pytest.fixture(scope="module")
def default() -> list[F.Firing]:
    return F.firing(load_spec({}), Options())


def test_every_rule_the_spec_marks_gets_a_verdict(default: list[F.Firing]) -> None:
    keys = {(f.rule.kind, f.rule.key) for f in default}
    assert {("skill", s) for s in roles.SKILL_BY_KEY} <= keys
    assert {("victory", r.row) for r in tables.VICTORY_ORDER} <= keys
    # on v1preview1.0 nothing is refuted; nearly every rule fires in the seeded games
    assert not [f for f in default if f.status == "unreachable"]
    assert sum(f.status == "reached" for f in default) >= len(default) - 3


def test_a_witness_replays_on_the_engine(default: list[F.Firing]) -> None:
    """The witness is a seed: the same seed plays the same game, and the rule fires there as reported."""
    engine, spec = FanhangluEngine(), load_spec({})
    for f in default:
        if f.status != "reached" or f.rule.kind != "skill":
            continue
        w = f.witness
        assert w is not None
        g = engine.random_game(spec, w["seed"])
        g.run()
        assert any(e.skill == f.rule.key and e.night == w["night"] and e.step == w["step"] for e in g.ledger)


def test_a_skill_at_a_step_the_table_lacks_is_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(roles.SKILL_BY_KEY, "sniff", replace(roles.SKILL_BY_KEY["sniff"], step="3.6"))
    facts, goal = F.skill_facts("sniff")
    core = F.refute(facts, goal, Options())
    assert core is not None
    assert {c[0] for c in core} == {"4.4.8", "2.1.1"} and any("3.6" in c[1] for c in core)


def test_a_skill_nobody_can_hold_is_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Held only by a role nobody is seated as (count 0, not made by a job change): refuted through the role."""
    orphan = replace(roles.ROLE_BY_KEY["temp_doctor"], derived_from=None)
    monkeypatch.setitem(roles.ROLE_BY_KEY, "temp_doctor", orphan)
    monkeypatch.setitem(
        roles.SKILL_BY_KEY, "sniff", replace(roles.SKILL_BY_KEY["sniff"], roles=("temp_doctor",))
    )
    core = F.refute(*F.skill_facts("sniff"), Options())
    assert core is not None and {c[0] for c in core} == {"4.4.8", orphan.clause}
    # the same role made by a job change again: allowed (not refuted)
    monkeypatch.setitem(roles.ROLE_BY_KEY, "temp_doctor", replace(orphan, derived_from="crew"))
    assert F.refute(*F.skill_facts("sniff"), Options()) is None


def test_a_victory_row_an_earlier_row_covers_is_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    order = list(tables.VICTORY_ORDER)
    # a revision that gives row ③ the condition of row ①: ① is decided first, so ③ can never decide
    order[3] = replace(order[3], condition=order[1].condition)
    monkeypatch.setattr(tables, "VICTORY_ORDER", tuple(order))
    core = F.refute(*F.victory_facts("③", 15), Options())
    assert core is not None and [c[1].split("：")[0] for c in core] == [
        "① 先判（异形+外星人全灭人类清场胜利）",
        "③",
    ]
    assert F.refute(*F.victory_facts("②", 15), Options()) is None


def test_no_witness_and_no_refutation_is_unwitnessed_never_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(F, "witnesses", lambda spec, games: {})
    verdicts = F.firing(load_spec({}), Options(), games=1)
    assert {f.status for f in verdicts} == {"unwitnessed"}


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["firing", "--json", "--games", "40", "--set", "night_cap=2"])
    data = json.loads(capsys.readouterr().out)
    # every game a draw at night 2: the draw row is witnessed, the other rows are not (exit 3, not 0)
    rows = {r["rule"]: r for r in data["rules"] if r["kind"] == "victory"}
    assert rows["〇"]["status"] == "reached" and rows["〇"]["witness"]["night"] == 2
    assert rows["①"]["status"] == "unwitnessed" and code == 3
    assert main(["--lang", "en", "firing", "--book", "botc-m124"]) == 2
    assert main(["firing", "--games", "0"]) == 2
    assert "firing" in capsys.readouterr().err
