"""The typed spec: written once, citing the text, and consistent with itself."""

from __future__ import annotations

import pytest

from ruleproof.books import DEFAULT_BOOK, Source
from ruleproof.drift import drift_findings
from ruleproof.errors import UserError
from ruleproof.specs.fanhanglu import (
    BATCHES,
    NIGHT_STEPS,
    PARAMS,
    ROLES,
    SEATS,
    SKILLS,
    SWITCHES,
    load_spec,
    parse_assignment,
)
from ruleproof.specs.fanhanglu.drift import quotes
from ruleproof.specs.fanhanglu.kernels.settlement import WINNER_BY_KEY
from ruleproof.specs.fanhanglu.roles import ROLE_BY_KEY
from ruleproof.specs.fanhanglu.tables import DAMAGE_ORDER, INFECTION_ORDER, STEP_BY_KEY, VICTORY_ORDER
from ruleproof.text import Document, read_document

TEXT = DEFAULT_BOOK.read_bytes().decode("utf-8")


def test_every_quote_is_in_the_clause_it_cites(fanhanglu: Document) -> None:
    assert drift_findings(fanhanglu, quotes()) == []


def test_drift_is_detected_when_the_text_changes() -> None:
    edited = read_document(Source("edited.txt", TEXT.replace("不得超过2发", "不得超过3发").encode("utf-8")))
    found = drift_findings(edited, quotes())
    assert [(f.check, f.extra["key"]) for f in found] == [("spec-quote-missing", "param sheriff.bullet_cap")]
    assert found[0].clause == "4.4.6"


@pytest.mark.parametrize(
    "clause", sorted({p.clause for p in PARAMS} | {s.clause for s in SKILLS} | {r.clause for r in ROLES})
)
def test_cited_clauses_exist(clause: str, fanhanglu: Document) -> None:
    assert fanhanglu.resolves(clause)


def test_keys_are_unique_and_orders_are_total() -> None:
    for items in (PARAMS, SWITCHES, ROLES, SKILLS, SEATS, BATCHES, NIGHT_STEPS):
        keys = [x.key for x in items]
        assert len(keys) == len(set(keys))
    assert [b.key for b in BATCHES] == [str(i) for i in range(12)]
    assert [r.row for r in VICTORY_ORDER] == ["〇", "①", "②", "③", "④"]
    assert {r.winner for r in VICTORY_ORDER} <= set(WINNER_BY_KEY)


def test_layer_orders_follow_the_class_order() -> None:
    rank = {"full": 0, "timed": 1, "persistent": 2}
    for order in (DAMAGE_ORDER, INFECTION_ORDER):
        classes = [rank[layer.klass.value] for layer in order.layers]
        assert classes == sorted(classes)  # 2.8.2②: 全额减免 → 时限类 → 存续类
    keys = [layer.key for layer in DAMAGE_ORDER.layers]
    assert keys.index("armor") < keys.index("shield")  # 护甲先于护盾


def test_skills_and_seats_refer_to_known_things() -> None:
    for s in SKILLS:
        assert s.step == "day" or s.step in STEP_BY_KEY, s.key
        assert all(r in ROLE_BY_KEY for r in s.roles), s.key
        if not s.implemented:
            assert s.issue
    for seat in SEATS:
        assert all(ROLE_BY_KEY[v].seat == seat.key for v in seat.variants)
        assert ROLE_BY_KEY[seat.variants[0]].implemented  # the default variant runs
    for r in ROLES:
        assert r.implemented or r.issue


def test_switch_defaults_are_readings() -> None:
    for s in SWITCHES:
        assert s.default in s.choices and len(s.choices) >= 2
        assert all(r.clauses for r in s.readings)
        assert len(s.clauses) >= 2


def test_overrides_and_errors() -> None:
    spec = load_spec({"sheriff.bullet_cap": 3}, {"bounty.count_basis": "per_shot"})
    assert spec.p("sheriff.bullet_cap") == 3 and spec.reading("bounty.count_basis") == "per_shot"
    assert spec.describe_changes()["params"] == {"sheriff.bullet_cap": 3}
    assert load_spec().p("sheriff.bullet_cap") == 2  # overrides never leak into the defaults
    with pytest.raises(UserError, match="未知参数"):
        load_spec({"sheriff.cap": 3})
    with pytest.raises(UserError, match="结构常量"):
        load_spec({"players.total": 16})
    with pytest.raises(UserError):
        load_spec({"sheriff.bullet_cap": 0})
    with pytest.raises(UserError):
        load_spec({"sheriff.bullet_cap": "2"})
    with pytest.raises(UserError, match="解释开关"):
        load_spec(interpretation={"bounty.count_basis": "maybe"})


def test_parse_assignment_units() -> None:
    assert parse_assignment("countdown.initial=30") == ("countdown.initial", 3000)
    assert parse_assignment("repair.max=1.25") == ("repair.max", 125)
    assert parse_assignment("bio.heal_nights=1,2") == ("bio.heal_nights", (1, 2))
    for bad in ("nokey", "sheriff.bullet_cap=two", "countdown.initial=1.234", "=3"):
        with pytest.raises(UserError):
            parse_assignment(bad)
