"""Family q's gate excuse on the real 返航录 text (:mod:`ruleproof.lint.gatecites`): a 「十关核验」 line's
citation of its gate's source stays unjudged when the checklist (2.8.10) is edited, and a gate label glued to a
clause id (「记账依2.9⑧不新增批次」) is read as the citation of the clause."""

from __future__ import annotations

import functools

import pytest

from ruleproof.findings import Finding
from ruleproof.lint import numbering, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.gatecites import as_cited
from ruleproof.lint.gatelines import find_gate_lines, label_of, parse_gates
from ruleproof.text.model import Ref, RefKind
from tests.lint.edited import edited, findings, unedited, unedited_context

CHECKLIST = "2.8.10"
GATE_1 = "①行动位归属（2.8.6）｜"
GATE_7 = "｜⑦额度记账（2.5、2.9 与 2.8.5；属进程型产出者另依 2.9记账）"


@functools.cache
def _context(*pairs: tuple[str, str]) -> LintContext:
    """The bundled text with each ``old`` replaced by ``new`` (each found once), as a lint context (the
    unedited one is the process's, tests/lint/edited.py)."""
    return LintContext(edited(*pairs)) if pairs else unedited_context()


def _new(*pairs: tuple[str, str], family: str) -> list[Finding]:
    """The findings of one lint family on the edited text that the unedited text does not have (the
    unedited text's linted once per process and family)."""
    before = {f.fingerprint() for f in unedited(family)}
    return [f for f in findings(_context(*pairs), family) if f.fingerprint() not in before]


@pytest.mark.parametrize(
    "pairs",
    [
        # mutate --seed 6 --class gate, gate-008: gate ⑦ deleted from the checklist made 4.11.6's 「⑦额度记账依
        # 2.5」 and 「记账依2.9⑧」 two citation-topic findings (「2.8 才讲这些」「2.9② 才讲这些」)
        ((GATE_7, ""),),
        # the checklist's source of gate ⑦ retargeted: 4.11.6's 「依 2.5」 was judged by its words the same way
        (("⑦额度记账（2.5、2.9", "⑦额度记账（2.6、2.9"),),
        # gate ① deleted: no line was read as a ten-gate line any more (they open with ①), so none was excused
        ((GATE_1, ""),),
    ],
    ids=["gate-7-deleted", "gate-7-source-retargeted", "gate-1-deleted"],
)
def test_an_edit_of_the_checklist_makes_no_citation_finding_in_the_lines(
    pairs: tuple[tuple[str, str]],
) -> None:
    found = _new(*pairs, family=topics.__name__)
    assert [f.clause for f in found if f.clause != CHECKLIST] == [], [(f.clause, f.message) for f in found]


def test_the_deleted_gate_is_still_reported_where_it_was_deleted() -> None:
    found = _new((GATE_7, ""), family=numbering.__name__)
    assert [(f.check, f.clause, f.quote) for f in found] == [("item-numbering", CHECKLIST, "2.8.10 缺 ⑦")]


def test_a_line_retargeted_off_its_gates_source_is_still_caught() -> None:
    """The lines' votes excuse the sources the text cites under the gate, not any clause: 4.11.6's 「⑦额度记账依
    2.5」 retargeted to 2.6 (cited under ⑦ by no line, listed by no checklist) is a finding at 4.11.6."""
    found = _new(("⑦额度记账依 2.5（", "⑦额度记账依 2.6（"), family=topics.__name__)
    assert [(f.check, f.clause) for f in found] == [("citation-topic", "4.11.6")]


def _line_refs(unit_id: str) -> dict[str, Ref]:
    """Each citation of the unit by its printed form, as family q judges it."""
    ctx = _context()
    tp = topics.Topics(ctx)
    unit = ctx.unit_by_id[unit_id]
    out: dict[str, Ref] = {}
    for ref in ctx.refs_by_unit[unit_id]:
        at = tp.locate(unit, ref)
        if at is not None:
            out[ref.raw] = as_cited(tp, unit, at, ref)
    return out


def test_a_gate_label_glued_to_a_clause_id_is_no_item() -> None:
    refs = _line_refs("4.11.6")
    glued = refs["2.9⑧"]  # 「记账依2.9⑧不新增批次」: gate ⑧ 不新增批次 after 「依2.9」
    assert (glued.kind, glued.target_clause, glued.target_item, glued.raw) == (
        RefKind.CLAUSE,
        "2.9",
        None,
        "2.9",
    )
    item = refs["2.8.2⑥"]  # 「层序依2.8.2⑥（护甲先于护盾）」: item ⑥ of 2.8.2, no gate
    assert (item.kind, item.target_item) == (RefKind.ITEM, "⑥")


def test_the_lines_vote_by_clause_never_the_citing_ones() -> None:
    tp = topics.Topics(_context())
    sources = tp.gate_sources
    assert sources.voted("⑦", "2.5", "4.11.6")  # eight clauses' lines cite 2.5 under ⑦
    assert not sources.voted("⑦", "2.9", "4.11.6")  # 4.11.6's own line alone
    assert not sources.voted("⑦", "2.6", "4.11.6")


def test_each_gate_label_of_a_line_is_where_the_line_reader_found_it() -> None:
    ctx = _context()
    parsed = parse_gates(ctx)
    assert parsed is not None
    lines = find_gate_lines(ctx, parsed[1])
    assert len(lines) >= 10
    for gl in lines:
        text = ctx.unit_by_id[gl.unit].text
        printed = [text[at : at + len(label_of(key))] for at, key in zip(gl.labels_at, gl.found, strict=True)]
        assert printed == [label_of(key) for key in gl.found], gl.unit


def test_the_lines_are_read_when_the_checklist_loses_its_first_gate() -> None:
    """Every line opens with ①: with the checklist's ① deleted they are still lines (on main none was, and the
    whole lint made 41 new findings, 31 of them at clauses that do not cite 2.8.10; now 5, all citing it)."""

    def lines(ctx: LintContext) -> list[tuple[str, int]]:
        parsed = parse_gates(ctx)
        assert parsed is not None
        return [(gl.unit, gl.start) for gl in find_gate_lines(ctx, parsed[1])]

    assert lines(_context((GATE_1, ""))) == lines(_context())
