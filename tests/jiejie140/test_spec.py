"""The spec read from the text: every skill row classified as the Chinese text says (a hand-read table),
the step and win tables, the drift check, and a revision's cells followed by the spec (or refused when
the vocabulary does not know them)."""

from __future__ import annotations

import pytest

from ruleproof.books import BOOKS, Source
from ruleproof.drift import drift_findings
from ruleproof.errors import BadInput
from ruleproof.specs.jiejie140 import Spec, load_spec
from ruleproof.specs.jiejie140.drift import quotes
from ruleproof.specs.jiejie140.skills import UnreadCell, read_skills
from ruleproof.specs.jiejie140.source import BOOK
from ruleproof.specs.jiejie140.tables import read_order, read_wins
from ruleproof.text import Document, read_document

# Read by hand from the tables (lines 20–141, 148–149): skill, timing, trigger, target, limit, count,
# layers, 是否敌意, 类型, flags (D 受伪装身份影响, N 不可对同一目标连续使用, U 不可规避, C 不可反击, O 指定过的不可再次).
HAND = """
hostile_sense trigger hostile_target none none 0 0 friendly normal -
crisis_avoid trigger hostile_sense sensed_source per_trigger 1 0 friendly normal -
counterstrike trigger hostile_sense sensed_source per_trigger 1 0 hostile normal -
chain_sense any - one per_charge 1 0 friendly super -
collapse_snipe any - one global 1 0 hostile normal UC
overlimit_lock trigger telekinesis tally_target per_charge 1 0 hostile super -
surge_inspire any - self per_day 1 0 friendly normal D
surge_focus any - one per_day 1 0 friendly normal D
brain_boost any - self per_charge 1 0 friendly super -
mind_jam night - one per_night 1 0 hostile normal N
sense_block daytime - one per_day 1 0 hostile normal N
function_break night - one per_charge 1 0 hostile super -
soul_relay any - pair per_day 1 0 friendly normal -
soul_testament death - many_or_public global 1 0 friendly normal -
soul_link any - pair per_charge 1 0 friendly super -
time_watch night - skill per_night 1 0 friendly normal -
fate_torrent any - none global 1 0 friendly normal -
time_touch night - one_and_teammate per_charge 1 0 hostile super D
rebirth_echo night - none none 0 0 friendly normal -
hero_summon night - dead_teammate per_night 1 0 friendly normal -
psi_reserve trigger charged none none 0 0 friendly normal -
last_vanguard trigger leader_dead self global 1 2 friendly super -
soul_resonance any - self per_day 1 1 friendly super -
double_arm night - other per_night 1 0 friendly normal -
quick_recharge trigger charged none none 0 0 friendly super -
silence_lock night - one per_night 1 0 hostile normal -
quiet_sense night - self per_night 1 0 friendly normal -
peace_hymn any - other per_charge 1 0 friendly super N
attune_test any - pair_others per_day 1 0 friendly normal -
sync_link any - pair_others per_charge 1 0 friendly super O
void_guide daytime - other per_daytime 1 0 friendly normal DN
void_beacon any - teammate per_charge 1 0 friendly super -
expel setup - enemy_identity global 1 0 hostile initial -
summon setup - range global 1 0 friendly initial -
gather any ungrouped teammate global 1 0 friendly normal -
reveal any - one global 1 0 friendly normal -
charge any - one per_day 1 0 friendly normal -
legacy death - all_teammates global 1 0 friendly normal -
origin dawn - self per_day 1 0 friendly normal -
deceive any - one per_day 2 0 friendly normal -
fraud any - a_optional_b per_day 1 0 friendly normal -
lure night - one per_day 1 0 friendly normal -
mislead dusk - one per_day 1 0 friendly normal -
fade trigger killed_by_ability killer_faction global 1 0 friendly normal -
dissipate trigger follower_days self per_trigger 1 0 friendly normal -
psi_stream death - one global 1 0 friendly normal -
psi_burst daytime - self per_charge 1 0 friendly super -
psi_sense night - other per_night 1 0 hostile normal -
psi_shield any - one per_charge 1 0 friendly super -
time_stasis night - other per_day 1 0 friendly normal -
stasis_forever any - all_affected per_charge 1 0 friendly super -
situation any - none per_day 1 0 friendly normal -
reshape night - other per_night 1 0 friendly normal -
coop_dispatch night - one per_charge 1 0 friendly super -
telekinesis dusk - one per_day 1 0 hostile faction -
ascend dusk - one per_day 1 0 friendly faction -
hidden_push dusk - one_declared per_day 1 0 by_declaration faction -
revenge_trial dawn - one per_day 1 0 unstated power -
radiant_arbitration dawn - elevator_block per_day 1 0 unstated power -
"""


def test_every_skill_row_reads_as_the_text_says(spec: Spec) -> None:
    rows = [line.split() for line in HAND.strip().splitlines()]
    assert [r[0] for r in rows] == list(spec.skills.skills)
    for key, timing, trigger, target, kind, count, layers, hostility, typ, flags in rows:
        rec = spec.skills.skills[key]
        got = (
            rec.timing.value,
            rec.trigger or "-",
            rec.target.value,
            rec.limit.kind.value,
            str(rec.limit.count),
            str(rec.limit.layers),
            rec.hostility.value,
            rec.kind.value,
        )
        assert got == (timing, trigger, target, kind, count, layers, hostility, typ), key
        assert rec.disguise == ("D" in flags), key
        assert rec.no_consecutive == ("N" in flags), key
        assert (rec.unavoidable, rec.uncounterable) == ("U" in flags, "C" in flags), key
        assert rec.once_per_target == ("O" in flags), key


def test_identities_and_indices(spec: Spec) -> None:
    ids = spec.skills.identities
    numbered = sorted((d.number, k) for k, d in ids.items() if d.number is not None)
    assert [k for _, k in numbered] == [
        "sensor", "clearsight", "thinker", "whisperer", "transmitter", "foreseer",
        "inheritor", "supporter", "silencer", "synchronizer", "guide",
    ]  # fmt: skip
    assert ids["clearsight"].skills[0] == "collapse_snipe"  # 双重武装 / 欺诈 name it #1
    assert ids["eternal_leader"].skills == ids["cohesion_leader"].skills
    assert ids["follower"].renumber == ("dissipate", 2)  # 「身份自带技能从2号开始顺延」
    exc = spec.skills.skills["crisis_avoid"]
    assert exc.excludes == ("counterstrike",) and exc.avoid_exempt == ("telekinesis",)
    th = spec.skills.skills["telekinesis"].threshold
    assert th is not None and (th.strict, th.num, th.den) == (True, 1, 2)


def test_night_steps_read_from_the_table(spec: Spec) -> None:
    steps = {r.key: r.skills for r in spec.order.night}
    assert list(steps) == [str(i) for i in range(1, 12)]
    assert steps["4"] == (
        "double_arm",
        "mind_jam",
        "function_break",
        "time_watch",
        "time_touch",
        "silence_lock",
        "quiet_sense",
    )
    assert steps["5"] == ("collapse_snipe",) and steps["6"] == ("charge", "reveal")
    assert spec.order.tally_steps() == {"telekinesis": "1", "ascend": "10"}
    assert (
        len(spec.order.inserted) == 6 and spec.order.inserted[0].skills[-1] == "counterstrike"
    )  # 「无限反击」


def test_win_table_and_ps2(spec: Spec) -> None:
    rows = {(r.factions, r.number, r.outcome) for r in spec.wins.rows}
    assert (("adaptation",), 4, "win") in rows and (("eternal", "cohesion"), 1, "loss") in rows
    order = [(p.factions, p.rows) for p in spec.wins.priority]
    assert order == [
        (("adaptation",), (3, 4)),
        (("eternal", "cohesion"), (2,)),
        (("deception",), (1,)),
        (("eternal", "cohesion"), (1,)),
        (("adaptation",), (1, 2)),
    ]
    assert spec.wins.rank("eternal", 1) == spec.wins.rank("cohesion", 1)  # PS2 ranks them together


def test_spec_quotes_all_in_the_bundled_text(jiejie: Document) -> None:
    q = quotes()
    assert len(q) > 500
    assert drift_findings(jiejie, q) == []


def _revised(text: str) -> Document:
    return read_document(Source(name="revised.txt", data=text.encode("utf-8")))


def _bundled_text() -> str:
    return BOOKS[BOOK].read_bytes().decode("utf-8")


def test_a_revised_cell_is_reported_and_followed() -> None:
    text = _bundled_text()
    old = "欺骗\t任意时刻\t指定一个目标\t每天限2次"
    assert text.count(old) == 1
    doc = _revised(text.replace(old, "欺骗\t任意时刻\t指定一个目标\t每天限3次"))
    found = drift_findings(doc, quotes())
    assert [(f.check, f.extra["key"]) for f in found] == [("spec-quote-missing", "skill deceive 次数限制")]
    assert load_spec(doc=doc).skills.skills["deceive"].limit.count == 3


def test_a_revised_win_row_and_ps2_are_reported() -> None:
    text = _bundled_text().replace("适应者阵营34>永恒者/凝聚者阵营2", "永恒者/凝聚者阵营2>适应者阵营34")
    doc = _revised(text)
    keys = {f.extra["key"] for f in drift_findings(doc, quotes())}
    assert keys == {"PS2"}
    assert read_wins(doc).priority[0].factions == ("eternal", "cohesion")


def test_an_unknown_cell_phrase_is_refused_with_its_line() -> None:
    text = _bundled_text().replace("每夜限1次\t敌意\t使目标下一日整天", "每周限1次\t敌意\t使目标下一日整天")
    with pytest.raises(UnreadCell) as err:
        read_skills(_revised(text))
    assert "第 38 行" in err.value.zh and "每周限1次" in err.value.zh
    assert isinstance(err.value, BadInput)


def test_a_step_table_naming_no_skill_is_refused() -> None:
    text = _bundled_text().replace("5\t清晰者“技能·崩塌狙击”", "5\t清晰者“技能·崩塌射击”")
    with pytest.raises(BadInput):
        read_order(_revised(text))


def test_params_and_switches(spec: Spec) -> None:
    assert spec.p("arbiter.block_den") == 6 and spec.p("win.members_killed") == 4
    reformed = load_spec({"win.adaptation_day": 6})
    assert reformed.p("win.adaptation_day") == 6 and reformed.vector_header()["params"] == {
        "win.adaptation_day": 6
    }
    from ruleproof.errors import UserError

    with pytest.raises(UserError):
        load_spec({"setup.pool": 9})  # structural
    with pytest.raises(UserError):
        load_spec(interpretation={"night.mode": "sideways"})
