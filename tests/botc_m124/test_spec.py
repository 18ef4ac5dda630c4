"""The [M124] 血染钟楼 spec against the bundled text: every quoted phrase is in the section it cites, the
roles and skills are the reader's, the night orders name real roles, and an edited text is noticed."""

from __future__ import annotations

import pytest

from ruleproof.books import load_source
from ruleproof.drift import drift_findings
from ruleproof.errors import UserError
from ruleproof.specs.botc_m124 import load_spec, parse_assignment
from ruleproof.specs.botc_m124.drift import quotes
from ruleproof.specs.botc_m124.roles import ROLES, SKILLS, Kind
from ruleproof.specs.botc_m124.tables import FIRST_NIGHT, OTHER_NIGHTS
from ruleproof.text import Document, read_document
from ruleproof.text.skilldefs import parse_skill_line


@pytest.fixture(scope="session")
def doc() -> Document:
    return read_document(load_source("bundled:botc-m124"))


def test_every_quote_is_in_its_section(doc: Document) -> None:
    found = drift_findings(doc, quotes())
    assert found == [], [f.message for f in found]
    assert len(quotes()) > 200


def test_an_edited_text_is_noticed() -> None:
    data = load_source("bundled:botc-m124").data.decode("utf-8")
    edited = data.replace("薪火[夜晚*]<强制><指定>", "薪火[夜晚]<强制><指定>").replace(
        "获得票数的两倍", "获得票数的三倍"
    )
    from ruleproof.books import Source

    doc = read_document(Source("bundled:botc-m124", edited.encode("utf-8")))
    keys = {f.extra["key"] for f in drift_findings(doc, quotes())}
    assert {"skill imp.kill", "param execute.factor"} <= keys


def test_roles_are_the_texts_sections(doc: Document) -> None:
    assert len(ROLES) == 73 and len(SKILLS) == 102
    counts = {k: sum(r.kind is k for r in ROLES) for k in Kind}
    assert counts == {Kind.TOWNSFOLK: 39, Kind.OUTSIDER: 12, Kind.MINION: 12, Kind.DEMON: 10}
    for r in ROLES:
        clause = doc.clauses[r.clause]
        assert clause.parent == r.kind.value, r.key


def test_skill_labels_are_the_printed_ones(doc: Document) -> None:
    """Each skill's labels, as the reader parses its heading line, equal the spec's."""
    for s in SKILLS:
        role = next(r for r in ROLES if r.key == s.role)
        clause = doc.clauses[role.clause]
        lines = [doc.lines[n - 1] for n in range(clause.line, clause.end_line + 1)]
        parsed = [p for p in (parse_skill_line(line) for line in lines) if p is not None and p.name == s.zh]
        assert parsed, s.key
        printed = tuple(f"[{lb}]" if br == "[]" else f"<{lb}>" for lb, br in parsed[0].labels)
        assert printed == s.labels, s.key


def test_night_orders_wake_skills_of_their_roles() -> None:
    for phase in (FIRST_NIGHT, *OTHER_NIGHTS):
        for slot in phase.slots:
            role = next(r for r in ROLES if r.key == slot.skills[0].split(".")[0])
            assert slot.printed.startswith(role.zh), slot.printed
    assert len(FIRST_NIGHT.slots) == 33
    assert [len(p.slots) for p in OTHER_NIGHTS] == [9, 13, 10, 6, 19]


def test_first_night_order_agrees_with_later_nights() -> None:
    """The roles both orders list stand in the same relative order (a check of the text)."""
    later = [s.printed for p in OTHER_NIGHTS for s in p.slots]
    common = [s.printed for s in FIRST_NIGHT.slots if s.printed in later]
    assert common == sorted(common, key=later.index)


def test_params_and_switches() -> None:
    spec = load_spec({"vote.window": 30}, {"win.evil_alive": "at_most"})
    assert spec.p("vote.window") == 30 and spec.reading("win.evil_alive") == "at_most"
    assert parse_assignment("nominate.from=13:30") == ("nominate.from", 810)
    with pytest.raises(UserError):
        load_spec({"players": 10})
    with pytest.raises(UserError):
        load_spec(interpretation={"win.evil_alive": "maybe"})
