"""Appendices generated from 返航录's body and diffed against the printed ones (issue 19).

On the real text: the generated appendices, the findings on v1preview1.0 (each one read against the
text), edits of the body (the generated appendix follows, the stale printed line is flagged), the round
trip (the generated appendix pasted in place of the printed one gives no appendix finding), the CLI.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ruleproof.appendix import Which, appendix_findings, diff, load_profile, profile_for
from ruleproof.appendix.diff import find_fact
from ruleproof.appendix.printed import read_rows, replace_printed
from ruleproof.appendix.render import render
from ruleproof.appendix.values import BodyReader
from ruleproof.books import load_source
from ruleproof.cli import main
from ruleproof.findings import Finding, Severity
from ruleproof.specs.fanhanglu.appendix import ROLE_QUOTAS, TERMS
from ruleproof.specs.fanhanglu.params import PARAM_BY_KEY, PARAMS
from ruleproof.text import Document
from ruleproof.text.normalize import normalize
from tests.conftest import doc_from_text
from tests.shared_check import shared_checks

PROFILE = load_profile("fanhanglu")
# the text with radical look-alikes mapped (one character to one: lines and columns are kept), so that
# edits can be written with ordinary ideographs
SOURCE = normalize(load_source(None).data.decode("utf-8"))


@pytest.fixture(scope="session")
def findings(fanhanglu: Document) -> list[Finding]:
    return appendix_findings(fanhanglu)


def _adef(which: Which):  # type: ignore[no-untyped-def]
    adef = PROFILE.get(which)
    assert adef is not None
    return adef


def _edit_clause(clause_id: str, doc: Document, old: str, new: str) -> str:
    """The source with ``old`` → ``new`` on the lines of ``clause_id`` only."""
    clause = doc.clauses[clause_id]
    lines = SOURCE.split("\n")
    hits = 0
    for i in range(clause.line - 1, clause.end_line):
        hits += lines[i].count(old)
        lines[i] = lines[i].replace(old, new)
    assert hits, (clause_id, old)
    return "\n".join(lines)


# ── reading the body ─────────────────────────────────────────────────────────────────────────


def test_every_param_the_card_uses_is_read_from_the_text(fanhanglu: Document) -> None:
    reader = BodyReader(fanhanglu)
    used = {k for t in ROLE_QUOTAS.values() for k in re.findall(r"\{(?:len:)?([a-z0-9_.]+)\}", t)}
    not_read = sorted(k for k in used if not reader.param(PARAM_BY_KEY[k]).found)
    # 4.9.2 prints the meeting count in words (「全场唯一一次」): the spec's value is used and said so
    assert not_read == ["meeting.uses"]
    assert sum(reader.param(p).found for p in PARAMS) >= len(PARAMS) - 2


def test_generated_tables_follow_the_spec_and_the_text(fanhanglu: Document) -> None:
    roles = _adef(Which.ROLES).build(fanhanglu)
    assert [e.key for e in roles.entries][:3] == ["crew", "engineer", "sheriff"]
    sheriff = roles.entry("sheriff")
    assert sheriff is not None
    assert "存储上限 2 发" in sheriff.text() and "（4.4.1、4.4.3、4.4.6" in render([roles], fanhanglu, "text")
    hunter = roles.entry("hunter")
    assert hunter is not None and "嗅探（步骤 3.5）" in hunter.text() and "4.4.9" in hunter.text()
    glossary = _adef(Which.GLOSSARY).build(fanhanglu)
    assert len(glossary.entries) == len(TERMS)
    cap = glossary.entry("bullet_cap")
    assert cap is not None and "2 发" in cap.text() and cap.clause == "4.4.6"
    flow = _adef(Which.FLOW).build(fanhanglu)
    step10 = flow.entry("10")
    assert step10 is not None and step10.marks == ("⑦", "⑨", "⑩")
    assert flow.notes[0].key == "publish"


# ── the findings on v1preview1.0 ─────────────────────────────────────────────────────────────


def _keyed(found: list[Finding]) -> set[tuple[str, str, int | None]]:
    return {(f.check, str(f.clause), f.line) for f in found}


def test_findings_on_the_real_text(findings: list[Finding]) -> None:
    warnings = {
        (f.check, f.clause, f.line, f.extra["entry"]) for f in findings if f.severity is not Severity.NOTE
    }
    assert warnings == {
        # 附录一 抵免层: the chain lacks 疫苗抗体, which 5.3.3 adds to the infection side's full reductions
        ("appendix-mismatch", "附录一", 4159, "抵免层"),
        # 附录一 组位 / 组位表 cite 2.8.14, which is not in the text
        ("appendix-entry-unbacked", "附录一", 4247, "组位"),
        ("appendix-entry-unbacked", "附录一", 4249, "组位表"),
        # 附录二 异形: 「每方向永久占位」 where 1.5.1 has 【存活占位制】
        ("appendix-mismatch", "附录二", 4335, "异形（×3）"),
        # 附录三 ①: ④⑥⑧ 「为 0 或无变化时亦不发布」, which 2.1.6 / 2.1.7 do not say
        ("appendix-unbacked-rule", "附录三", 4381, "「不发布」等于「为 0」"),
    }
    by_entry = {f.extra["entry"]: f for f in findings if f.check == "appendix-fact-missing"}
    assert "4.4.8" in by_entry["猎手"].message and "4.4.3" in by_entry["猎手"].message
    assert "安全室" in by_entry["3"].message
    # step 1's row is 「1 乔装（7.3）…」; 0.1's 「查验1名」 (a count glued to its word) is no row head (precision seed 13)
    assert "1" not in by_entry
    assert all(w in by_entry["8"].message for w in ("诊断", "研制", "接种", "自我治疗"))


def test_every_finding_quotes_both_sides(findings: list[Finding], fanhanglu: Document) -> None:
    lines = {a.name: (a.line, (a.spans[-1].line if a.spans else a.line)) for a in fanhanglu.appendices}
    for f in findings:
        lo, hi = lines[str(f.clause)]
        assert f.line is not None and lo <= f.line <= hi + 2, f
        assert f.quote and f.message and f.message_en
        assert f.extra["appendix"] == f.clause
        if f.check == "appendix-mismatch":
            assert f.related and f.related[0][0] in fanhanglu.clauses and f.extra["body_quote"], f


def test_mismatch_quotes_the_body_clause_and_line(findings: list[Finding]) -> None:
    occupancy = next(f for f in findings if f.line == 4335)
    assert "永久" in occupancy.message and "存活" in occupancy.message
    assert occupancy.related == (("1.5.1", 305),)
    assert occupancy.extra["body_quote"] == "每方向至多2只存活异形同时占用"


# ── edits of the body ────────────────────────────────────────────────────────────────────────


def test_a_body_number_flows_into_the_card_and_flags_the_stale_line(fanhanglu: Document) -> None:
    text = _edit_clause("4.4.6", fanhanglu, "2发", "3发")
    doc = doc_from_text(text.replace("上限 2 发", "上限 3 发").replace("（2 发）", "（3 发）"))
    roles = _adef(Which.ROLES).build(doc)
    sheriff = roles.entry("sheriff")
    assert sheriff is not None and "存储上限 3 发" in sheriff.text()
    found = diff(doc, _adef(Which.ROLES), roles)
    stale = [f for f in found if f.check == "appendix-mismatch" and f.extra["entry"] == "警长"]
    assert len(stale) == 1 and stale[0].line == 4287 and "存储上限 2发" in stale[0].message
    assert stale[0].related[0][0] == "4.4.6"
    glossary = [f for f in diff(doc, _adef(Which.GLOSSARY)) if f.extra["entry"] == "子弹存储上限"]
    assert glossary and glossary[0].check == "appendix-mismatch" and "2发" in glossary[0].message


def test_a_glossary_number_follows_its_defining_clause(fanhanglu: Document) -> None:
    text = _edit_clause("4.4.8", fanhanglu, "2 个夜晚", "3 个夜晚")
    doc = doc_from_text(
        text.replace("用满 2个夜晚", "用满 3个夜晚").replace("计，全局 2 个", "计，全局 3 个")
    )
    found = [f for f in diff(doc, _adef(Which.GLOSSARY)) if f.check == "appendix-mismatch"]
    assert any(f.extra["entry"] == "嗅探" and "2 个夜晚" in f.message for f in found)


def test_a_batch_moved_in_the_spec_table_is_a_step_mismatch(fanhanglu: Document) -> None:
    # the printed 附录三 says step 9 publishes ⑥; make it say ⑤ (a stale row after a renumbering)
    text = SOURCE.replace("9 死亡结算 ⑥死亡名单", "9 死亡结算 ⑤死亡名单")
    found = diff(doc_from_text(text), _adef(Which.FLOW))
    row = [f for f in found if f.extra["entry"] == "9"]
    assert len(row) == 1 and row[0].check == "appendix-mismatch" and "缺⑥" in row[0].message


def test_a_deleted_printed_entry_is_missing(fanhanglu: Document) -> None:
    start = SOURCE.index("攒弹 猎手的子弹成长方式")
    end = SOURCE.index("（4.4.7②）", start) + len("（4.4.7②）")
    text = SOURCE[:start] + SOURCE[end:]
    found = diff(doc_from_text(text), _adef(Which.GLOSSARY))
    assert [f.extra["entry"] for f in found if f.check == "appendix-entry-missing"] == ["攒弹"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.sampled_from(
        [
            ("patrol.last_night", "4.4.4", "仅限前 3 夜", "仅限前 {} 夜", "警长"),
            ("craftsman.stock_cap", "4.11.3", "库存上限 3件", "库存上限 {}件", "工匠"),
            ("xeno.evolution_night", "5.1", "第 3 夜起可进化", "第 {} 夜起可进化", "异形（×3）"),
            ("escape.threshold", "6.9.1", "门槛＝10 分", "门槛＝{} 分", "经典外星人"),
            ("death_row.revives", "6.8.4", "全局 2 次", "全局 {} 次", "死囚外星人"),
        ]
    ),
    st.integers(min_value=4, max_value=40),
)
def test_any_edited_quota_is_followed_and_flagged(
    fanhanglu: Document, case: tuple[str, str, str, str, str], value: int
) -> None:
    key, clause, old, new, row = case
    assume(new.format(value) != old)  # 门槛＝10 分 edited to 10 is no edit: nothing to follow or flag
    doc = doc_from_text(_edit_clause(clause, fanhanglu, old, new.format(value)))
    roles = _adef(Which.ROLES).build(doc)
    entry = next(e for e in roles.entries if e.name == row or e.name.startswith(row))
    fact = next(f for f in entry.facts if f.key == key)
    assert fact.numbers == (str(value),) and fact.value.found
    stale = [f for f in diff(doc, _adef(Which.ROLES), roles) if f.check == "appendix-mismatch"]
    assert any(f.extra["entry"] == row and f.related[0][0] == clause for f in stale), stale


def test_frames_prefer_the_more_specific_context(fanhanglu: Document) -> None:
    # 「觉醒后每夜至多 2 刀」 is the awakened count, not 6.2's 「未觉醒时每夜至多1刀」
    roles = _adef(Which.ROLES).build(fanhanglu)
    alien = roles.entry("alien")
    assert alien is not None
    awakened = next(f for f in alien.facts if f.key == "alien.knives_awakened")
    hits, _score = find_fact("觉醒后每夜至多 2 刀", awakened)
    assert [h.numbers for h in hits] and hits[0].numbers[0] == 2
    assert not any(
        f.check == "appendix-mismatch" and "刀" in f.message for f in diff(fanhanglu, _adef(Which.ROLES))
    )


# ── round trip ───────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_round_trip_gives_no_appendix_finding(fanhanglu: Document, fmt: str) -> None:
    text = SOURCE
    for adef in PROFILE.appendices:
        text = replace_printed(text, adef.name, render([adef.build(fanhanglu)], fanhanglu, fmt))
    doc = doc_from_text(text)
    assert [a.name for a in doc.appendices] == ["附录一", "附录二", "附录三", "附录四"]
    for adef in PROFILE.appendices:
        printed = read_rows(doc, adef, adef.build(doc).entries, adef.build(doc).notes)
        assert printed is not None and printed.generated_format
    assert appendix_findings(doc) == []


def test_round_trip_then_a_body_edit_is_flagged(fanhanglu: Document) -> None:
    text = SOURCE
    for adef in PROFILE.appendices:
        text = replace_printed(text, adef.name, render([adef.build(fanhanglu)], fanhanglu, "text"))
    text = text.replace("库存上限 3件", "库存上限 4件")
    found = appendix_findings(doc_from_text(text))
    assert [(f.check, f.extra["entry"]) for f in found] == [("appendix-mismatch", "工匠")]


# ── CLI ──────────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_cli_generates_each_format(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    assert main(["appendix", "--which", "roles", "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert "职业速查卡" in out and "存储上限 2 发" in out
    assert main(["appendix", "--which", "roles", "--format", fmt]) == 0
    assert capsys.readouterr().out == out  # same bytes


def test_cli_html_escapes_everything(
    tmp_path, capsys: pytest.CaptureFixture[str], fanhanglu: Document
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "book.txt"
    path.write_text(_edit_clause("4.13", fanhanglu, "摆渡人为白天行动角色", "摆渡人<script>为白天行动角色"))
    assert main(["appendix", str(path), "--which", "glossary", "--format", "html"]) == 0
    out = capsys.readouterr().out
    assert "<script>" not in out and "&lt;script&gt;" in out and out.startswith("<!DOCTYPE html>")


def test_cli_diff(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["appendix", "--which", "flow", "--diff", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert {f["check"] for f in data["findings"]} == {"appendix-unbacked-rule", "appendix-fact-missing"}
    assert main(["--lang", "en", "appendix", "--which", "glossary", "--diff"]) == 1
    assert "2.8.14" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["appendix", "bundled:genshin165"],
        ["appendix", "/nonexistent/book.txt"],
        ["appendix", "--diff", "--format", "html"],
        ["appendix", "--format", "json"],
    ],
)
def test_cli_bad_input_is_one_line_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err


def test_cli_unknown_appendix_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["appendix", "--which", "nope"])
    assert exc.value.code == 2 and "Traceback" not in capsys.readouterr().err


def test_check_includes_the_appendix_stage(capsys: pytest.CaptureFixture[str]) -> None:
    with shared_checks():  # the text's check, once per process (tests/shared_check.py)
        assert main(["check", "--spec", "none", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    stage = next(s for s in data["stages"] if s["name"] == "appendix")
    assert stage["status"] == "findings"
    assert any(f["check"] == "appendix-mismatch" for f in data["findings"])


# ── the profile hook ─────────────────────────────────────────────────────────────────────────


def test_a_book_without_a_profile_is_skipped() -> None:
    # another book (here 返航录's text under another title) has no appendix profile yet: nothing is reported
    doc = doc_from_text("另一本书规则\n" + SOURCE.split("\n", 1)[1])
    assert profile_for(doc) is None and appendix_findings(doc) == []


def test_an_excerpt_without_appendices_is_not_reported(fanhanglu: Document) -> None:
    head = SOURCE.split("\n")[: fanhanglu.appendices[0].line - 2]
    assert appendix_findings(doc_from_text("\n".join(head))) == []
