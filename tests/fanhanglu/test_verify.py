"""The theorems of 返航录 on the spec and text: statuses in every reading, theorems as written (a reform or a
revision of the rule alone breaks them), non-vacuity, minimal counterexamples replayed on the engine,
broken orders and step tables caught, unknown honoured."""

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
from ruleproof.smt.invariant import FormulaInvariant, SystemInvariant
from ruleproof.smt.ts import Options, Status, check
from ruleproof.specs.fanhanglu import load_spec
from ruleproof.specs.fanhanglu.engine import check_expectations, run_vector
from ruleproof.specs.fanhanglu.roles import SKILL_BY_KEY
from ruleproof.text import Document, read_document
from ruleproof.text.normalize import normalize
from ruleproof.vectors.format import load_vector, parse_vector
from tests.heavy_split import first_of_each

# v1preview1.0 with the default readings: what the text states, checked against what it rules
STATUSES = {
    "bullet_conservation": Status.PROVED,
    # 4.4.6's 守恒定理 literally (the whole next-night stock, m the targets that died): a teammate shot dead
    # returns nothing (4.4.2①), and the 4.4.3 extras arrive on top
    "bullet_stock_equation": Status.VIOLATED,
    "sheriff_bullet_cap": Status.PROVED,
    "armed_crew_at_most_one": Status.PROVED,
    "no_cross_night_dying": Status.PROVED,
    "dying_leaves_no_trace": Status.PROVED,
    "batch_zero_inference": Status.PROVED,
    # 2.1.7③: batch ③ carries the patrol count and announcements but is withheld when nobody checked
    "batch_nothing_lost": Status.VIOLATED,
    "detective_announcement_published": Status.VIOLATED,
    "detective_pool": Status.PROVED,
    "net_damage_never_negative": Status.PROVED,
    "occupancy_at_most_two": Status.PROVED,
    # 5.1 「不存在进化失败」 against the fizzle reading of 1.5.1
    "no_evolution_failure": Status.VIOLATED,
    # 5.1's premise, which does hold: a full direction is never offered (the failures are races)
    "full_direction_not_offered": Status.PROVED,
    "priority_tables_consistent": Status.PROVED,
    "stated_step_orders": Status.PROVED,
    "dying_damage_zero": Status.PROVED,
    "faction_seats_constant": Status.PROVED,
    "no_phase_after_wipeout": Status.PROVED,
    # 1.4.1.5 「不存在同归于尽」: a residual poison and the alien's infection fall due on the same 0.55
    "no_mutual_destruction": Status.VIOLATED,
    "exile_impossible_few_alive": Status.PROVED,
    "escape_peace_route": Status.PROVED,
    # 6.9.5④ 「故其积分构成必然同时取自两方」: an alien scores on humans alone and escapes
    "escape_needs_both_factions": Status.VIOLATED,
    "kill_points_as_written": Status.PROVED,
    "targets_equal_quota": Status.HOLDS,  # an engine probe: exhaustive to its bound, never «proved»
}


@pytest.fixture(scope="module")
def default_report(fanhanglu: Document):  # type: ignore[no-untyped-def]
    return verify_all(load_spec(), fanhanglu)


def by_name(report, name):  # type: ignore[no-untyped-def]
    return next(r for r in report.invariants if r.invariant.name == name)


def _text(*pairs: tuple[str, str], count: int = 1) -> Document:
    text = normalize(load_source(None).data.decode("utf-8"))
    for old, new in pairs:
        assert text.count(old) == count, old
        text = text.replace(old, new)
    return read_document(Source("edited.txt", text.encode("utf-8")))


def test_names_clauses_and_sentences(fanhanglu: Document) -> None:
    assert [inv.name for inv in INVARIANTS] == list(STATUSES)
    for inv in INVARIANTS:
        assert inv.cites and inv.claims, inv.name
        claims = inv.read_claims(fanhanglu)  # every theorem is read from the sentence that states it
        assert all(
            (c.quote and c.line and fanhanglu.clause(c.clause)) or c.clause.startswith("附录")
            for c in claims.values()
        )


def test_default_spec_statuses(default_report) -> None:  # type: ignore[no-untyped-def]
    assert {r.invariant.name: r.status for r in default_report.invariants} == STATUSES
    assert default_report.exit_code() == 1


def test_every_proof_carries_its_witnesses(default_report) -> None:  # type: ignore[no-untyped-def]
    for inv in default_report.invariants:
        for rr in inv.readings:
            if rr.status is Status.PROVED:
                alive = rr.checked.details["alive"]
                assert alive and all(w["status"] == "reached" for w in alive if w["kind"] != "outcome"), (
                    inv.invariant.name,
                    rr.readings,
                )


def test_readings_that_differ(default_report) -> None:  # type: ignore[no-untyped-def]
    def statuses(name: str) -> dict[tuple[tuple[str, str], ...], str]:
        inv = by_name(default_report, name)
        return {tuple(rr.readings.items()): rr.status.value for rr in inv.readings}

    assert statuses("occupancy_at_most_two") == {
        (("evolution.same_snapshot_overflow", "fizzle"),): "proved",
        (("evolution.same_snapshot_overflow", "admit"),): "violated",
    }
    # 1.5.1 and 5.1 cannot both hold: each reading breaks one of them (a finding on the text)
    assert statuses("no_evolution_failure") == {
        (("evolution.same_snapshot_overflow", "fizzle"),): "violated",
        (("evolution.same_snapshot_overflow", "admit"),): "proved",
    }
    assert statuses("priority_tables_consistent") == {
        (("damage.night_immunity_position", "full_reduction_first"),): "proved",
        (("damage.night_immunity_position", "after_layers"),): "violated",
    }
    assert statuses("dying_leaves_no_trace") == {
        (("process.dying_later_same_night", "keep"),): "proved",
        (("process.dying_later_same_night", "annul"),): "violated",
    }
    assert set(statuses("bullet_conservation").values()) == {"proved"}
    assert set(statuses("bullet_stock_equation").values()) == {"violated"}  # in every reading
    assert len(statuses("no_cross_night_dying")) == 8  # three switches, every combination
    # 2.1.7③: no reading keeps both 「为 0 时不发布」 and the announcement / patrol count it carries
    zero = {
        r.readings["batch3.zero_rule"]: r.status
        for r in by_name(default_report, "batch_zero_inference").readings
        if r.readings["batches.zero_rule_4_6_8"] == "unpublished"
    }
    lost = {
        r.readings["batch3.zero_rule"]: r.status
        for r in by_name(default_report, "batch_nothing_lost").readings
        if r.readings["batches.zero_rule_4_6_8"] == "unpublished"
    }
    assert zero == {"strict": Status.PROVED, "content": Status.VIOLATED}
    assert lost == {"strict": Status.VIOLATED, "content": Status.PROVED}


# ── theorems as written ───────────────────────────────────────────────────────────────────────


def test_a_reform_of_the_cap_breaks_the_stated_cap(fanhanglu: Document) -> None:
    """--set sheriff.bullet_cap=3: the rules now let the sheriff hold 3, the text still says 「上限 2 发」."""
    report = verify_all(
        load_spec({"sheriff.bullet_cap": 3}),
        fanhanglu,
        invariants=[INVARIANT_BY_NAME["sheriff_bullet_cap"]],
        all_readings=False,
    )
    head = report.invariants[0].headline
    assert head.status is Status.VIOLATED and head.checked.result.trace is not None
    assert "sheriff_cap" in head.checked.result.trace.failed
    assert head.checked.claims[0]["values"] == {"cap": "2"}


def test_a_revision_of_the_rule_alone_breaks_the_stated_cap() -> None:
    """The rule 「存量一律不得超过2发」 edited to 3, the theorem sentence 「设上限 2 发」 left alone: the rule is
    read from the text (and reported), the theorem too — violated."""
    doc = _text(("存量一律不得超过2发", "存量一律不得超过3发"))
    report = verify_all(
        load_spec(), doc, invariants=[INVARIANT_BY_NAME["sheriff_bullet_cap"]], all_readings=False
    )
    assert [(t.key, t.spec_value, t.text_value) for t in report.text_rules] == [("sheriff.bullet_cap", 2, 3)]
    assert report.invariants[0].status is Status.VIOLATED and report.spec.p("sheriff.bullet_cap") == 3
    # …and a revision that edits both says what it rules: proved again, with the new number quoted
    both = _text(
        ("存量一律不得超过2发", "存量一律不得超过3发"),
        ("警长的子弹存量设上限 2 发", "警长的子弹存量设上限 3 发"),
        ("k\n\n≤ 2），", "k\n\n≤ 3），"),
    )
    again = verify_all(
        load_spec(), both, invariants=[INVARIANT_BY_NAME["sheriff_bullet_cap"]], all_readings=False
    )
    assert again.invariants[0].status is Status.PROVED
    assert again.invariants[0].headline.checked.claims[0]["values"] == {"cap": "3"}


def test_a_theorem_no_longer_stated_is_unknown_not_proved() -> None:
    doc = _text(("故不存在「进化失败」", "故「进化」照常结算"))
    report = verify_all(
        load_spec(), doc, invariants=[INVARIANT_BY_NAME["no_evolution_failure"]], all_readings=False
    )
    head = report.invariants[0].headline
    assert head.status is Status.UNKNOWN and "not stated" in head.checked.result.note
    assert report.exit_code() == 3


def test_the_text_names_the_batches_the_zero_rule_covers() -> None:
    """2.1.7 「②③⑤同制」: a revision that names ④ too checks ④ under 2.1.7, in every reading."""
    doc = _text(("不发布即意味着该夜为 0，②③⑤同制", "不发布即意味着该夜为 0，②③④⑤同制"))
    report = verify_all(
        load_spec(interpretation={"batches.zero_rule_4_6_8": "published"}),
        doc,
        invariants=[INVARIANT_BY_NAME["batch_zero_inference"]],
        all_readings=False,
    )
    per = report.invariants[0].headline.checked.details["batches"]
    assert per["4"]["status"] == "violated"  # published with a total of 0


def test_bounty_two_per_kill_is_a_minimal_violation(fanhanglu: Document) -> None:
    spec = load_spec({"bounty.bullets_per_kill": 2})
    report = verify_all(spec, fanhanglu, invariants=[INVARIANT_BY_NAME["bullet_conservation"]])
    inv = report.invariants[0]
    assert inv.headline.checked.claims[0]["values"]["rhs"] == {"N": 1, "k": -1, "m": 1}
    assert inv.status is Status.VIOLATED and report.exit_code() == 1
    r = inv.headline.checked.result
    assert r.trace is not None and r.trace.minimized
    assert r.depth == 2  # shoot on night 1, the bounty arrives on night 2: no shorter violation exists
    first, second = r.trace.inputs
    # one shot, one xeno killed, the sheriff
    assert (first["k"], first["m_xenos"], first["m_humans"], first["m_alien"]) == (1, 1, 0, 0)
    assert r.trace.states[0]["role"] == 0
    assert (second["k"], second["m_xenos"] + second["m_humans"] + second["m_alien"]) == (0, 0)
    assert set(r.trace.failed) == {"recovery", "conservation"}
    # nothing shorter: with one night there is no arrival of a bounty yet
    assert (
        check(INVARIANT_BY_NAME["bullet_conservation"].system(spec), Options(depth=1)).status is Status.HOLDS
    )  # type: ignore[attr-defined]
    vec = parse_vector(inv.headline.checked.scenario)
    out = run_vector(vec, trace=True)
    assert check_expectations(vec, out) == []
    assert {"recovery", "conservation"} <= INVARIANT_BY_NAME["bullet_conservation"].monitor(out)  # type: ignore[attr-defined]


WHAT_IFS = [
    ({"sheriff.bullet_cap": 1}, "bullet_conservation", Status.PROVED),
    # the rules' cap of 1 never lets the sheriff hold the 2 the theorem talks about: a proof of nothing
    ({"sheriff.bullet_cap": 1}, "sheriff_bullet_cap", Status.VACUOUS),
    ({"sheriff.bullet_cap": 3}, "bullet_conservation", Status.PROVED),
    (
        {"sheriff.initial_bullets": 3},
        "bullet_conservation",
        Status.VIOLATED,
    ),  # the cap voids an initial bullet
    (
        {"bounty.bullets_per_kill": 0},
        "bullet_conservation",
        Status.VIOLATED,
    ),  # N − k + m fails (≤ N holds)
    ({"vote.exile_min_votes": 2}, "exile_impossible_few_alive", Status.VIOLATED),
    ({"escape.threshold": 500}, "escape_peace_route", Status.VIOLATED),  # 6 points now suffice
    ({"detective.pool_size": 4}, "detective_pool", Status.VIOLATED),
    ({"patrol.max_targets": 2}, "targets_equal_quota", Status.VIOLATED),  # 2.5.1 writes 1~3
]
# One what-if per verdict it must reach (proved, vacuous, violated) in the suite — the first in the table;
# the others (each verify of another reform of the spec for one theorem) run in the heavy job.
WHAT_IF_IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in reform.items())}" for reform, name, _ in WHAT_IFS]
WHAT_IF_SPLIT = first_of_each(
    "tests/fanhanglu/test_verify.py::test_what_ifs", WHAT_IF_IDS, [status for _, _, status in WHAT_IFS]
)


@pytest.mark.parametrize(
    ("reform", "name", "status"),
    [WHAT_IF_SPLIT.param(*case, id=i) for case, i in zip(WHAT_IFS, WHAT_IF_IDS, strict=True)],
)
def test_what_ifs(fanhanglu: Document, reform: dict[str, int], name: str, status: Status) -> None:
    report = verify_all(
        load_spec(reform), fanhanglu, invariants=[INVARIANT_BY_NAME[name]], all_readings=False
    )
    assert report.invariants[0].status is status


# a work budget per solver call for the vacuity test: about twice what any query of the occupancy model
# answered before the search for a full direction uses (≤ 5.7 M units with xeno.direction_capacity=1), a fifth
# of the default.  At the default budget that search ends the same way (an unsat of 49.6 M units, then an
# unknown of the whole 50 M): 87 CPU-s instead of 12 (2026-12-02, load 14; docs/robustness.md).
VACUITY_RLIMIT = 10_000_000


def test_a_direction_capacity_below_the_stated_one_is_vacuous(fanhanglu: Document) -> None:
    """xeno.direction_capacity=1: the rules never let a direction hold the 2 xenos 1.5.1 talks about — the
    theorem holds of nothing it talks about: ``vacuous``, with the premise named.  The same budget reaches a
    full direction under the stated capacity (night 3): the verdict is the model's, not the budget's."""
    occupancy = INVARIANT_BY_NAME["occupancy_at_most_two"]
    opts = Options(rlimit=VACUITY_RLIMIT)
    report = verify_all(
        load_spec({"xeno.direction_capacity": 1}),
        fanhanglu,
        options=opts,
        invariants=[occupancy],
        all_readings=False,
    )
    head = report.invariants[0].headline
    assert head.status is Status.VACUOUS and "direction_full" in head.checked.result.note
    stated = verify_all(load_spec(), fanhanglu, options=opts, invariants=[occupancy], all_readings=False)
    alive = {w["name"]: w["status"] for w in stated.invariants[0].headline.checked.details["alive"]}
    assert stated.invariants[0].status is Status.PROVED and alive["direction_full"] == "reached"


def _mutated(*pairs: tuple[str, str], count: int = 1) -> Document:
    return _text(*pairs, count=count)


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


def test_a_deleted_step_and_a_dropped_batch_are_noticed(
    fanhanglu: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tables a model reads are compared with the text's: a step deleted from the spec's table 2.1.1 (the
    order is still consistent) and a batch dropped from 2.1.6 make the tables check fail."""
    from ruleproof.invariants.fanhanglu import orders

    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    monkeypatch.setattr(orders, "NIGHT_STEPS", tuple(s for s in orders.NIGHT_STEPS if s.key != "3.5"))
    checked = PriorityTablesConsistent().check(load_spec(), Options(), fanhanglu)
    assert checked.result.status is Status.VIOLATED and "步骤3.5" in checked.result.note
    monkeypatch.undo()
    monkeypatch.setattr(orders, "BATCHES", tuple(b for b in orders.BATCHES if b.key != "11"))
    checked = PriorityTablesConsistent().check(load_spec(), Options(), fanhanglu)
    assert checked.result.status is Status.VIOLATED and "⑪" in checked.result.note


def test_unknown_is_reported_and_exits_3(monkeypatch: pytest.MonkeyPatch, fanhanglu: Document) -> None:
    monkeypatch.setenv("RULEPROOF_CACHE", "off")
    monkeypatch.setattr(ts, "check_sat", lambda solver, *a: z3.unknown)
    solved = [i for i in INVARIANTS if isinstance(i, SystemInvariant | FormulaInvariant)]  # not the probe
    report = verify_all(load_spec(), fanhanglu, invariants=solved[:3] + solved[-3:])
    assert {r.status for r in report.invariants} == {Status.UNKNOWN}
    assert report.exit_code() == 3


# ── the committed counterexamples ─────────────────────────────────────────────────────────────

FIXTURES = Path(__file__).resolve().parents[2] / str(BOOKS["fanhanglu"].counterexamples)  # the book's folder
FILES = sorted(FIXTURES.glob("*.json"))


def test_there_are_fixtures(default_report) -> None:  # type: ignore[no-untyped-def]
    names = {f.name.split("--")[0] for f in FILES}
    # every violated theorem (in the configured readings) has its counterexample vector
    assert {n for n, st in STATUSES.items() if st is Status.VIOLATED} <= names
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
    assert {k: v["status"] for k, v in per.items()} == {k: "proved" for k in ("2", "3", "4", "5", "6", "8")}
    # the batches are the ones 2.1.7 and 附录三 name, whatever the reading: under «published» 附录三's ④⑥ fail
    published = next(
        rr
        for rr in batch.readings
        if rr.readings == {"batch3.zero_rule": "strict", "batches.zero_rule_4_6_8": "published"}
    )
    assert {k for k, v in published.checked.details["batches"].items() if v["status"] == "violated"} == {
        "4",
        "6",
        "8",
    }
    lost = by_name(default_report, "batch_nothing_lost").headline.checked.details["batches"]
    assert {k: v["status"] for k, v in lost.items()} == {"3": "violated", "4": "proved", "5": "proved"}


def test_exposure_at_zero_loses_batch_4_content(fanhanglu: Document) -> None:
    # what-if: the engineer is exposed from the first repair — on a stall night that repair settles at 0,
    # batch ④ is not published and the exposure with it (2.8.13, 4.3.6)
    report = verify_all(
        load_spec({"engineer.exposure": 0}),
        fanhanglu,
        invariants=[INVARIANT_BY_NAME["batch_nothing_lost"]],
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
        spec, fanhanglu, invariants=[INVARIANT_BY_NAME["armed_crew_at_most_one"]], all_readings=False
    )
    head = report.invariants[0].headline
    assert head.status is Status.VIOLATED and head.checked.result.depth == 2
    assert "needs 6 players alive" in head.checked.scenario_note
    assert head.checked.details["scenario_trace"] == {"depth": 6, "failed": ["armed_at_most_one"]}
    vec = parse_vector(head.checked.scenario)
    out = run_vector(vec, trace=True)
    assert check_expectations(vec, out) == []
    assert "armed_at_most_one" in INVARIANT_BY_NAME["armed_crew_at_most_one"].monitor(out)  # type: ignore[attr-defined]


def test_batch_scenarios_play_deaths_and_a_death_row_alien_in_xeno_form() -> None:
    """The batch scenario builder scripts a night's deaths (a xeno's knife) and the alien seat's sabotage by
    a death-row alien in xeno form (6.8.3, transformed on night 1): a violation found with both (forced
    here on night 1) replays on the engine."""
    spec = load_spec()
    inv = INVARIANT_BY_NAME["batch_nothing_lost"]
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


# ── vacuity ──────────────────────────────────────────────────────────────────────────────────────


def test_the_hunters_exception_is_reachable(default_report) -> None:  # type: ignore[no-untyped-def]
    """4.4.7③ (registered 2.8.9(14)): a hunter above the sheriff's 2-bullet cap is reachable — the
    exception is not dead text; the shortest witness saves twice and takes the alive ≤ 6 extra bullet."""
    inv = by_name(default_report, "sheriff_bullet_cap")
    for rr in inv.readings:
        (w,) = rr.checked.details["witnesses"]
        assert (w["name"], w["clause"], w["status"]) == ("hunter_above_cap", "4.4.7", "reachable")
        assert w["path"]["last"]["role"] == 1 and w["path"]["last"]["N"] > 2


class _Deliberately(SystemInvariant):
    """A theorem over a model made vacuous on purpose (for the tests)."""

    name, title, title_en, cites = "deliberately_vacuous", "故意空证", "vacuous on purpose", ("4.4.6",)

    def __init__(self, base: SystemInvariant, change) -> None:  # type: ignore[no-untyped-def]
        self.base, self.change = base, change
        self.claims = base.claims

    def system(self, spec, claims=None):  # type: ignore[no-untyped-def]
        return self.change(self.base.system(spec, claims))

    def monitor(self, outcome):  # type: ignore[no-untyped-def]
        return set()


def test_an_unsatisfiable_guard_is_vacuous_not_proved(fanhanglu: Document) -> None:
    """A bullet model whose nights can never happen (an unsatisfiable guard) proves conservation trivially:
    reported ``vacuous``, with the dead witnesses named."""
    inv = _Deliberately(
        INVARIANT_BY_NAME["bullet_conservation"], lambda s: replace(s, guard=lambda a, st, i: a.bool_(False))
    )  # type: ignore[arg-type]
    checked = inv.check(load_spec(), Options(depth=3), fanhanglu)
    assert checked.result.status is Status.VACUOUS
    dead = {w["name"] for w in checked.details["alive"] if w["status"] != "reached"}
    assert {"any_transition", "shot", "bounty_after_kill"} <= dead


def test_a_transition_that_never_fires_is_vacuous(fanhanglu: Document) -> None:
    """The dying model with the rescue skills moved out of the night (to step 11, after the settlement): no
    rescue can ever end dying — that transition kind never fires, so the proof is ``vacuous``."""
    skills = dict(SKILL_BY_KEY)
    for k in ("rescue", "self_rescue", "revive"):
        skills[k] = replace(skills[k], step="11")
    inv = _Deliberately(INVARIANT_BY_NAME["no_cross_night_dying"], lambda s: s)  # type: ignore[arg-type]
    inv.system = lambda spec, claims=None: dying_system(spec, skills=skills)  # type: ignore[method-assign]
    checked = inv.check(load_spec(), Options(depth=2), fanhanglu)
    assert checked.result.status is Status.VACUOUS and "rescue" in checked.result.note


def test_an_initial_state_that_cannot_exist_is_vacuous(fanhanglu: Document) -> None:
    inv = _Deliberately(
        INVARIANT_BY_NAME["occupancy_at_most_two"], lambda s: replace(s, init=lambda a, st: a.bool_(False))
    )  # type: ignore[arg-type]
    checked = inv.check(load_spec(), Options(depth=2), fanhanglu)
    assert checked.result.status is Status.VACUOUS and "init" in checked.result.note


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


def test_a_full_direction_offered_is_caught_and_replayed(
    fanhanglu: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5.1 「无空位的方向…不得提交」: an offer check that lets a full direction through (in the kernel the
    engine and the model share) breaks ``full_direction_not_offered``; the engine replays the scenario and
    its monitor sees the submission into the full direction."""
    from ruleproof.invariants.fanhanglu import occupancy
    from ruleproof.specs.fanhanglu.engine.skills import aliens

    def always(alg, counts, target, capacity, takes_slot=True):  # type: ignore[no-untyped-def]
        return alg.bool_(True)

    monkeypatch.setenv("RULEPROOF_CACHE", "off")  # the patch is invisible to the cache's code hash
    monkeypatch.setattr(occupancy, "direction_offered", always)
    monkeypatch.setattr(aliens, "direction_offered", always)
    report = verify_all(
        load_spec(),
        fanhanglu,
        invariants=[INVARIANT_BY_NAME["full_direction_not_offered"]],
        all_readings=False,
    )
    head = report.invariants[0].headline
    assert head.status is Status.VIOLATED
    assert head.checked.details["engine"]["replays"] and head.checked.details["engine"]["shows_violation"]


# ── 4.4.2①: which kills pay a bounty, and 6.9.1①: what each kill scores — both as the text states them ──


def test_a_bounty_for_a_human_breaks_the_stated_conservation(
    fanhanglu: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bullet model knows each kill's true faction and pays by the spec's ``BOUNTY_FACTIONS`` (the table
    the engine reads); the theorem's m is the kills of the camps 4.4.2① names.  A table that pays for humans
    breaks 「下夜存量＝N − k + m」 in one shot, and the engine, replaying, pays the human too."""
    from ruleproof.invariants.fanhanglu import bullets
    from ruleproof.specs.fanhanglu import tables
    from ruleproof.specs.fanhanglu.engine.skills import police

    inv = INVARIANT_BY_NAME["bullet_conservation"]
    assert bullets.enemy_factions(inv.read_claims(fanhanglu)) == ("xenos", "alien")
    paid = ("humans", "xenos", "alien")
    for module in (tables, bullets, police):
        monkeypatch.setattr(module, "BOUNTY_FACTIONS", paid)
    report = verify_all(load_spec(), fanhanglu, invariants=[inv], all_readings=False)
    checked = report.invariants[0].headline.checked
    assert report.invariants[0].status is Status.VIOLATED
    assert checked.result.trace is not None and "recovery" in checked.result.trace.failed
    first = checked.result.trace.inputs[0]
    assert (first["m_humans"], first["m_xenos"], first["m_alien"]) == (1, 0, 0)
    assert checked.details["engine"] == {"replays": True, "shows_violation": True, "mismatches": []}


def test_kill_points_are_compared_with_the_text_table(fanhanglu: Document) -> None:
    """6.9.1① 「普通船员 1.5 分…」 read from the text; a reform of a kill value breaks it on one kill, replayed."""
    inv = INVARIANT_BY_NAME["kill_points_as_written"]
    assert {k: str(v) for k, v in inv.read_claims(fanhanglu)["kill"].values.items()} == {
        "crew": "1.5",
        "job": "2.0",
        "xeno": "2.5",
    }
    report = verify_all(load_spec({"escape.kill_crew": 250}), fanhanglu, invariants=[inv], all_readings=False)
    checked = report.invariants[0].headline.checked
    assert report.invariants[0].status is Status.VIOLATED
    assert checked.result.trace is not None and list(checked.result.trace.failed) == ["kill_crew"]
    assert len(checked.result.trace.inputs) == 1  # one night, one kill
    assert checked.details["engine"] == {"replays": True, "shows_violation": True, "mismatches": []}
