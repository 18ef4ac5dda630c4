"""Family q (issue 10, tenth pass): the text declares the one authoritative clause of some matters
(「【进程型产出的唯一权威源】」); a citation of the matter at that clause's sibling is reported
(``lint/citeauthority.py``)."""

from __future__ import annotations

from ruleproof.lint import citeauthority, run_lint, topics
from ruleproof.lint.context import LintContext
from ruleproof.text.model import RefKind
from tests.conftest import doc_from_text
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_near

BOOK = """示例规则书 · 正文 v0.1

0.1 总则

本书为示例，供检查工具测试。

一、机制

1.1 查验通则

每夜可查验 1 名目标；查验结果仅查验者本人可见。

1.2 资源生产通则【进程型产出的唯一权威源】

凡投入若干夜晚、完成后产出固定一份者，一律适用本条。

1.3 维修

维修者每夜维修 1 次；维修零件属进程型产出者另依 1.2 记账。
"""


def _topic_findings(text: str) -> list[tuple[str, str]]:
    return [(f.clause, f.message) for f in run_lint(doc_from_text(text)) if f.check == "citation-topic"]


def test_the_small_book_is_silent() -> None:
    assert _topic_findings(BOOK) == []


def test_the_declared_matter_cited_at_a_sibling_names_its_authority() -> None:
    """Retargeted to 1.1, the phrase's 进程型产出 is 1.2's declared matter, which 1.1 never says (family q's term
    check reports it too: the verdict chain stops at the first; this rule is asked on its own here)."""
    text = BOOK.replace("另依 1.2 记账", "另依 1.1 记账")
    assert [c for c, _m in _topic_findings(text)] == ["1.3"]
    ctx = LintContext(doc_from_text(text))
    tp = topics.Topics(ctx)
    unit = ctx.unit_by_id["1.3"]
    ref = next(r for r in ctx.refs_by_unit["1.3"] if r.raw.strip() == "1.1")
    at = tp.locate(unit, ref)
    assert at is not None
    found = citeauthority.authority_verdict(tp, unit, at, ref)
    assert found is not None and found[2].name == "1.2" and found[1] == ["进程型产出"]
    likely = found[2]
    assert isinstance(likely, citeauthority.AuthorityPlace)
    zh, _en = likely.explain(ref.raw, "1.1", "进程型产出")
    assert zh == "引用 1.1：此处讲「进程型产出」，全文声明其唯一权威源为 1.2；1.1 不讲它，疑为改号后未同步"


def test_the_declarations_are_read(judged: tuple[LintContext, topics.Topics]) -> None:
    _ctx, tp = judged
    declared = citeauthority.authorities(tp)
    assert declared["进程型产出"] == "2.9"
    assert declared["伤害侧层序"] == "2.8.2"
    assert declared["感染侧层序"] == "5.3.3"  # 「感染侧层序的唯一权威源为 5.3.3」, declared in 2.8.2's title
    assert declared["封锁"] == "2.8.3"  # 「封锁事项」: the matters of 封锁


def test_a_clause_citing_its_ancestor_for_the_matter(judged: tuple[LintContext, topics.Topics]) -> None:
    """2.8.10's gate ⑦ 「属进程型产出者另依 2.9记账」 retargeted to 2.8, its own ancestor (mutate seed 2 cite-008,
    seed 3 cite-006): 2.8 says 进程型产出 only in 2.8.9's row citing 2.9, which does not count."""
    cited = citation_near(judged[1], "2.8.10", "2.9", before="另依")
    # at its own target not its own family (judged by verdict); retargeted, it is
    _place, terms, _likely = assert_retarget_caught(
        judged, topics.self_citation, cited, "2.8", kind=citeauthority.AuthorityPlace
    )
    assert terms == ["进程型产出"]


def test_a_phrase_naming_another_matter_of_the_cited_clause(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """2.8.9's row 「5.3.2 夜晚免疫不参与感染侧层序」 cites where 夜晚免疫 is, though 5.3.3 rules 感染侧层序."""
    ctx, tp = judged
    unit = ctx.unit_by_id["2.8.9"]
    hits = []
    for ref in ctx.refs_by_unit["2.8.9"]:
        at = tp.locate(unit, ref)
        if ref.raw.strip() == "5.3.2" and at is not None:
            hits.append(citeauthority.authority_fit(tp, unit, at, ref))
    assert hits and all(h is None for h in hits)


def test_the_texts_own_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    assert_silent_at_own_targets(
        judged, citeauthority.authority_verdict, kinds=(RefKind.CLAUSE,), at_least=500
    )
