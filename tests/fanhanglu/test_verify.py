"""The five invariants on the 返航录 spec and text: statuses in every reading, the what-if of issue 5,
minimal counterexamples replayed on the engine, broken orders and step tables caught, unknown honoured."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import z3

from ruleproof.books import BOOKS, Source, load_source
from ruleproof.invariants.fanhanglu import INVARIANT_BY_NAME, INVARIANTS
from ruleproof.invariants.fanhanglu.dying import dying_system
from ruleproof.invariants.fanhanglu.orders import PriorityTablesConsistent
from ruleproof.smt import ts, verify_all
from ruleproof.smt.invariant import SystemInvariant
from ruleproof.smt.ts import Options, Status, check
from ruleproof.specs.fanhanglu import load_spec
from ruleproof.specs.fanhanglu.engine import check_expectations, run_vector
from ruleproof.specs.fanhanglu.roles import SKILL_BY_KEY
from ruleproof.text import Document, read_document
from ruleproof.text.normalize import normalize
from ruleproof.vectors.format import load_vector, parse_vector

NAMES = [
    "bullet_conservation",
    "no_cross_night_dying",
    "batch_zero_inference",
    "occupancy_at_most_two",
    "priority_tables_consistent",
]


@pytest.fixture(scope="module")
def default_report(fanhanglu: Document):  # type: ignore[no-untyped-def]
    return verify_all(load_spec(), fanhanglu)


def by_name(report, name):  # type: ignore[no-untyped-def]
    return next(r for r in report.invariants if r.invariant.name == name)


def test_the_five_names_and_their_clauses() -> None:
    assert [inv.name for inv in INVARIANTS] == NAMES
    for inv in INVARIANTS:
        assert inv.cites and all(c for c in inv.cites)


def test_default_spec_statuses(default_report) -> None:  # type: ignore[no-untyped-def]
    status = {r.invariant.name: r.status for r in default_report.invariants}
    assert status == {
        "bullet_conservation": Status.PROVED,
        "no_cross_night_dying": Status.PROVED,
        # 2.1.7③: batch ③ carries the patrol count but is not published when nobody checked — the text's own
        # contradiction (see docs/verify.md); it is violated in every reading, each in its own way
        "batch_zero_inference": Status.VIOLATED,
        "occupancy_at_most_two": Status.PROVED,
        "priority_tables_consistent": Status.PROVED,
    }
    assert default_report.exit_code() == 1


def test_readings_that_differ(default_report) -> None:  # type: ignore[no-untyped-def]
    def statuses(name: str) -> dict[tuple[tuple[str, str], ...], str]:
        inv = by_name(default_report, name)
        return {tuple(rr.readings.items()): rr.status.value for rr in inv.readings}

    assert statuses("occupancy_at_most_two") == {
        (("evolution.same_snapshot_overflow", "fizzle"),): "proved",
        (("evolution.same_snapshot_overflow", "admit"),): "violated",
    }
    assert statuses("priority_tables_consistent") == {
        (("damage.night_immunity_position", "full_reduction_first"),): "proved",
        (("damage.night_immunity_position", "after_layers"),): "violated",
    }
    assert set(statuses("bullet_conservation").values()) == {"proved"}
    assert set(statuses("no_cross_night_dying").values()) == {"proved"}
    assert len(statuses("no_cross_night_dying")) == 8  # three switches, every combination
    batch = by_name(default_report, "batch_zero_inference")
    failed = {rr.readings["batch3.zero_rule"]: rr.checked.result.trace.failed for rr in batch.readings}
    assert failed == {"strict": ["batch3_nothing_lost"], "content": ["batch3_unpublished_iff_zero"]}


def test_bounty_two_per_kill_is_a_minimal_violation(fanhanglu: Document) -> None:
    spec = load_spec({"bounty.bullets_per_kill": 2})
    report = verify_all(spec, fanhanglu, invariants=[INVARIANT_BY_NAME["bullet_conservation"]])
    inv = report.invariants[0]
    assert inv.status is Status.VIOLATED and report.exit_code() == 1
    r = inv.headline.checked.result
    assert r.trace is not None and r.trace.minimized
    assert r.depth == 2  # shoot on night 1, the bounty arrives on night 2: no shorter violation exists
    first, second = r.trace.inputs
    assert (first["k"], first["m"], r.trace.states[0]["role"]) == (1, 1, 0)  # one shot, one kill, the sheriff
    assert (second["k"], second["m"]) == (0, 0)
    assert set(r.trace.failed) == {"recovery", "conservation"}
    # nothing shorter: with one night there is no arrival of a bounty yet
    assert (
        check(INVARIANT_BY_NAME["bullet_conservation"].system(spec), Options(depth=1)).status is Status.HOLDS
    )  # type: ignore[attr-defined]
    vec = parse_vector(inv.headline.checked.scenario)
    out = run_vector(vec, trace=True)
    assert check_expectations(vec, out) == []
    assert {"recovery", "conservation"} <= INVARIANT_BY_NAME["bullet_conservation"].monitor(out)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("reform", "status"),
    [
        ({"sheriff.bullet_cap": 1}, Status.PROVED),
        ({"sheriff.bullet_cap": 3}, Status.PROVED),
        ({"sheriff.initial_bullets": 3}, Status.VIOLATED),  # above the cap from the start
        ({"bounty.bullets_per_kill": 0}, Status.VIOLATED),  # N − k + m fails (≤ N still holds)
    ],
)
def test_bullet_what_ifs(fanhanglu: Document, reform: dict[str, int], status: Status) -> None:
    report = verify_all(load_spec(reform), fanhanglu, invariants=[INVARIANT_BY_NAME["bullet_conservation"]])
    assert report.invariants[0].status is status


@pytest.mark.parametrize("capacity", [1, 3])
def test_direction_capacity_what_if(fanhanglu: Document, capacity: int) -> None:
    report = verify_all(
        load_spec({"xeno.direction_capacity": capacity}),
        fanhanglu,
        invariants=[INVARIANT_BY_NAME["occupancy_at_most_two"]],
    )
    admit = report.invariants[0].readings[1]
    assert report.invariants[0].status is Status.PROVED
    # with room for all three xenos even the admit reading cannot overflow
    assert admit.status is (Status.PROVED if capacity == 3 else Status.VIOLATED)


def _mutated(*pairs: tuple[str, str], count: int = 1) -> Document:
    text = normalize(load_source(None).data.decode("utf-8"))
    for old, new in pairs:
        assert text.count(old) == count, old
        text = text.replace(old, new)
    return read_document(Source("mutated.txt", text.encode("utf-8")))


def test_a_swapped_restatement_breaks_the_order_tables() -> None:
    doc = _mutated(("层序依 2.8.2 为「保护→巡逻→护甲", "层序依 2.8.2 为「巡逻→保护→护甲"))
    checked = PriorityTablesConsistent().check(load_spec(), Options(), doc)
    assert checked.result.status is Status.VIOLATED
    damage = next(o for o in checked.details["orders"] if o["order"] == "damage_layers")
    assert {s["source"] for s in damage["text_conflict"]} == {
        "附录一",
        "2.8.2",
    }  # the text contradicts itself
    assert {(s["before"], s["after"]) for s in damage["text_conflict"]} == {
        ("patrol", "protection"),
        ("protection", "patrol"),
    }
    assert checked.scenario is None  # a contradiction inside the text is not a game


def test_a_text_that_agrees_with_itself_but_not_with_the_spec() -> None:
    # every statement of 护甲 before 护盾 turned round: the text is consistent, the spec's order is not
    doc = _mutated(("护甲→护盾", "护盾→护甲"), ("护甲先于护盾", "护盾先于护甲"), count=3)
    checked = PriorityTablesConsistent().check(load_spec(), Options(), doc)
    assert checked.result.status is Status.VIOLATED
    damage = next(o for o in checked.details["orders"] if o["order"] == "damage_layers")
    assert damage["text_conflict"] == []
    core = damage["spec_conflict"]
    assert [(s["before"], s["after"], s["source"]) for s in core if s["source"] == "spec"] == [
        ("armor", "shield", "spec")
    ]
    assert {(s["before"], s["after"]) for s in core if s["source"] != "spec"} == {("shield", "armor")}
    # the scenario: the craftsman wears its initial armor (4.11.1③), a xeno cocoons it (5.7) and another
    # knifes it — the engine consumes the armor first, where this text puts the shield first
    assert checked.scenario is not None
    assert checked.scenario["setup"]["players"]["10"] == "craftsman"
    vec = parse_vector(checked.scenario)
    out = run_vector(vec)
    assert check_expectations(vec, out) == []
    hits = [e.data for e in out.events if e.kind == "hit"]
    assert hits == [{"attacker": 12, "target": 10, "type": "xeno_knife", "result": "armor"}]


def test_a_damage_step_after_settlement_breaks_no_cross_night_dying() -> None:
    skills = dict(SKILL_BY_KEY)
    skills["shoot"] = replace(skills["shoot"], step="10")  # a gunshot after the death settlement
    r = check(dying_system(load_spec(), skills=skills), Options(depth=3))
    assert r.status is Status.VIOLATED and r.trace is not None
    assert "not_dying_after_10" in r.trace.failed and r.depth == 1


def test_unknown_is_reported_and_exits_3(monkeypatch: pytest.MonkeyPatch, fanhanglu: Document) -> None:
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    report = verify_all(load_spec(), fanhanglu)
    assert {r.status for r in report.invariants} == {Status.UNKNOWN}
    assert report.exit_code() == 3


# ── the committed counterexamples ─────────────────────────────────────────────────────────────

FIXTURES = Path(__file__).resolve().parents[2] / str(BOOKS["fanhanglu"].counterexamples)  # the book's folder
FILES = sorted(FIXTURES.glob("*.json"))


def test_there_are_fixtures() -> None:
    names = {f.name.split("--")[0] for f in FILES}
    assert {
        "bullet_conservation",
        "batch_zero_inference",
        "occupancy_at_most_two",
        "priority_tables_consistent",
    } <= names
    assert (FIXTURES / "bullet_conservation--bounty.bullets_per_kill=2.json").exists()


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_fixture_replays_the_violation_on_the_engine(path: Path) -> None:
    vec = load_vector(path)
    out = run_vector(vec, trace=True)
    assert check_expectations(vec, out) == []
    inv = INVARIANT_BY_NAME[path.stem.split("--")[0]]
    if isinstance(inv, SystemInvariant):
        assert inv.monitor(out), "the engine run must show the violation"


def test_fixtures_are_what_the_verifier_writes_now(tmp_path: Path, fanhanglu: Document) -> None:
    verify_all(load_spec(), fanhanglu, write_dir=tmp_path)
    verify_all(
        load_spec({"bounty.bullets_per_kill": 2}),
        fanhanglu,
        invariants=[INVARIANT_BY_NAME["bullet_conservation"]],
        write_dir=tmp_path,
    )
    written = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in written] == [f.name for f in FILES]
    for new in written:
        assert new.read_text(encoding="utf-8") == (FIXTURES / new.name).read_text(encoding="utf-8"), new.name


def test_each_batch_on_its_own(default_report) -> None:  # type: ignore[no-untyped-def]
    batch = by_name(default_report, "batch_zero_inference")
    per = batch.headline.checked.details["batches"]
    assert {k: v["status"] for k, v in per.items()} == {
        "2": "proved",
        "3": "violated",
        "4": "proved",
        "5": "proved",
        "6": "proved",
        "8": "proved",
    }
    published_reading = next(
        rr for rr in batch.readings if rr.readings["batches.zero_rule_4_6_8"] == "published"
    )
    assert set(published_reading.checked.details["batches"]) == {"2", "3", "5"}  # ④⑥⑧ have no zero rule then


def test_exposure_at_zero_loses_batch_4_content(fanhanglu: Document) -> None:
    # what-if: the engineer is exposed from the first repair — on a stall night that repair settles at 0,
    # batch ④ is not published and the exposure with it (2.8.13, 4.3.6)
    report = verify_all(
        load_spec({"engineer.exposure": 0}),
        fanhanglu,
        invariants=[INVARIANT_BY_NAME["batch_zero_inference"]],
        all_readings=False,
    )
    per = report.invariants[0].headline.checked.details["batches"]
    assert per["4"] == {"status": "violated", "failed": ["batch4_nothing_lost"], "k": None}


# ── counterexamples the scenario builders used to leave unplayed ─────────────────────────────────


def test_a_mirror_ledger_violation_is_played_by_a_death_row_alien() -> None:
    """2.8.5: the bullet model covers a death-row alien's sheriff ledger; a violation found on it (here
    forced, with two bullets per kill) is played by a death-row alien that transforms into the sheriff."""
    spec = load_spec({"bounty.bullets_per_kill": 2})
    inv = INVARIANT_BY_NAME["bullet_conservation"]
    assert isinstance(inv, SystemInvariant)
    plain = inv.system(spec)
    forced = replace(plain, init=lambda a, s: a.and_(plain.init(a, s), s["mirror"]))
    r = check(forced, Options(depth=4))
    assert r.status is Status.VIOLATED and r.trace is not None and r.trace.states[0]["mirror"]
    raw = inv.scenario(spec, r.trace)
    assert raw["setup"]["players"]["15"] == "death_row_alien"
    assert raw["script"][0]["actions"][0] == {"actor": 15, "skill": "transform", "identities": ["sheriff"]}
    vec = parse_vector(raw)
    out = run_vector(vec, trace=True)
    assert check_expectations(vec, out) == []
    assert {"recovery", "conservation"} <= inv.monitor(out)


def test_a_violation_needing_mass_deaths_is_played_by_the_shortest_scripted_one(fanhanglu: Document) -> None:
    """armed.initial_bullets=2: the minimal violation (2 nights) needs 9 players gone after night 1, which
    no scripted game does; the written scenario is the shortest one the builder plays (the job change of
    night 6, 4.2.1), and the verdict stays the minimal one."""
    spec = load_spec({"armed.initial_bullets": 2})
    report = verify_all(
        spec, fanhanglu, invariants=[INVARIANT_BY_NAME["bullet_conservation"]], all_readings=False
    )
    head = report.invariants[0].headline
    assert head.status is Status.VIOLATED and head.checked.result.depth == 2
    assert "needs 6 players alive" in head.checked.scenario_note
    assert head.checked.details["scenario_trace"] == {"depth": 6, "failed": ["armed_at_most_one"]}
    vec = parse_vector(head.checked.scenario)
    out = run_vector(vec, trace=True)
    assert check_expectations(vec, out) == []
    assert INVARIANT_BY_NAME["bullet_conservation"].monitor(out) == {"armed_at_most_one"}  # type: ignore[attr-defined]


def test_batch_scenarios_play_deaths_and_a_death_row_alien_in_xeno_form() -> None:
    """The batch scenario builder scripts a night's deaths (a xeno's knife) and the alien seat's sabotage by
    a death-row alien in xeno form (6.8.3, transformed on night 1): a violation found with both (forced
    here on night 1) replays on the engine."""
    spec = load_spec()
    inv = INVARIANT_BY_NAME["batch_zero_inference"]
    assert isinstance(inv, SystemInvariant)
    plain = inv.system(spec)

    def guard(a, s, i):  # type: ignore[no-untyped-def]
        forced = a.and_(i["xform"], i["does3"], a.eq(i["deaths"], a.lit(1)))
        return a.and_(plain.guard(a, s, i), a.or_(a.not_(a.eq(s["n"], a.lit(1))), forced))

    r = check(replace(plain, guard=guard), Options(depth=2))
    assert r.status is Status.VIOLATED and r.trace is not None
    raw = inv.scenario(spec, r.trace)
    assert raw["setup"]["players"]["15"] == "death_row_alien"
    night1 = raw["script"][0]["actions"]
    assert {"actor": 15, "skill": "transform", "identities": ["xeno"]} in night1
    assert any(a["skill"] == "knife" and a["targets"] == [7] for a in night1)
    vec = parse_vector(raw)
    out = run_vector(vec, trace=True)
    assert check_expectations(vec, out) == []
    assert set(r.trace.failed) <= inv.monitor(out)
    assert [e.data["player"] for e in out.events if e.kind == "death"] == [7]


def test_an_armor_conflict_on_another_player_forges_and_distributes() -> None:
    """A damage-layer conflict between armor and a layer only another player holds (the alien's night
    immunity): the craftsman forges a quick armor on night 1 and gives it to the alien on night 2 (4.11.2),
    where the knife falls on both layers."""
    from ruleproof.invariants.fanhanglu import orders
    from ruleproof.smt.ranks import Statement

    spec = load_spec()
    damage = next(o for o in orders.spec_orders(spec) if o.key == "damage_layers")
    said = Statement("armor", "night_immunity", "9.9", 1, "护甲→夜晚免疫")  # a text that puts armor first
    verdict = orders.OrderVerdict(damage, ["9.9"], [], [said], [], [], [])
    raw = orders._scenario(spec, [verdict])
    assert raw["setup"]["players"]["10"] == "craftsman"
    assert [item["night"] for item in raw["script"]] == [1, 2]
    vec = parse_vector(raw)
    out = run_vector(vec)
    assert check_expectations(vec, out) == []
    hits = [e.data for e in out.events if e.kind == "hit"]
    assert hits == [{"attacker": 12, "target": 15, "type": "xeno_knife", "result": "immunity_consumed"}]
    assert [(e.night, e.to) for e in out.events if e.kind == "armor_worn"] == [(2, (15,))]


# ── vacuity: the hunter's registered exception must be reachable ────────────────────────────────


def test_the_hunters_exception_is_reachable(default_report) -> None:  # type: ignore[no-untyped-def]
    """4.4.7③ (registered 2.8.9(14)): a hunter above the sheriff's 2-bullet cap is reachable — the
    exception is not dead text; the shortest witness saves twice and takes the alive ≤ 6 extra bullet."""
    inv = by_name(default_report, "bullet_conservation")
    for rr in inv.readings:
        (w,) = rr.checked.details["witnesses"]
        assert (w["name"], w["clause"], w["status"]) == ("hunter_above_cap", "4.4.7", "reachable")
        assert w["path"]["last"]["role"] == 1 and w["path"]["last"]["N"] > 2


def test_a_cap_the_hunter_cannot_pass_is_not_reached(fanhanglu: Document) -> None:
    report = verify_all(
        load_spec({"sheriff.bullet_cap": 9}),
        fanhanglu,
        invariants=[INVARIANT_BY_NAME["bullet_conservation"]],
        all_readings=False,
    )
    (w,) = report.invariants[0].headline.checked.details["witnesses"]
    assert (w["status"], w["depth"]) == ("not-reached-to-depth", 6)  # bounded: never called dead


def test_a_proved_unreachable_exception_is_a_finding(fanhanglu: Document) -> None:
    from ruleproof.smt.invariant import Checked
    from ruleproof.smt.ts import CheckResult
    from ruleproof.smt.verify import InvariantResult, ReadingResult, VerifyReport, report_findings

    w = {
        "name": "hunter_above_cap",
        "clause": "4.4.7",
        "zh": "猎手…",
        "en": "a hunter…",
        "status": "unreachable",
    }
    checked = Checked(CheckResult(Status.PROVED, "k-induction", 1, k=1), details={"witnesses": [w]})
    inv = InvariantResult(
        INVARIANT_BY_NAME["bullet_conservation"], [ReadingResult({}, checked, 0.0, None, True)]
    )
    findings = report_findings(VerifyReport(load_spec(), Options(), [inv]), fanhanglu)
    assert [(f.check, f.clause, f.severity.value) for f in findings] == [
        ("exception-unreachable", "4.4.7", "warning")
    ]
