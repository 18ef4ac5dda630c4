"""Family q (issue 10, tenth pass): a citation that leads a statement (「依 X，…」「同 X：…」) is judged by the
words it governs (``lint/citegoverned.py``)."""

from __future__ import annotations

import pytest

from ruleproof.lint import citegoverned, citetext, topics
from ruleproof.lint.context import LintContext
from ruleproof.text.model import Ref
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_near


def _citation(
    judged: tuple[LintContext, topics.Topics], unit_id: str, raw: str, after: str
) -> tuple[Ref, int]:
    """The citation ``raw`` of ``unit_id`` whose text right after it starts with ``after``."""
    return citation_near(judged[1], unit_id, raw, after=after)


@pytest.mark.parametrize(
    ("unit_id", "raw", "after", "wrong", "meant", "evidence"),
    [
        # 「依4.10.2③之例外，对已濒死目标之后续攻击虽无效果，仍属落身、记入报告」: ③ says 8 of the words, ④ none
        ("4.13.1", "4.10.2③", "之例外", "④", "4.10.2③", "仍属落身"),
        # 「同2.6.2：异形出局后即丧失队内私聊、队友身份可见性…」: 2.6.2 prints 19 characters of it
        ("5.10", "2.6.2", "：", "2.6.3", "2.6.2", "与其余出局者在死人频道中地位平等"),
        ("5.10", "2.6.2", "：", "2.6.1", "2.6.2", "与其余出局者在死人频道中地位平等"),
        # 附录三 「④驱逐门槛 3 票⸺依 2.3.4，须同时满足票数最多、无平票、至少 3 票」: 2.3.3 says 票数 (mutate seed 5
        # cite-020), 2.3.4 nine of the words
        ("附录三", "2.3.4", "，须同时满足", "2.3.3", "2.3.4", "须同时满足票数最多"),
    ],
)
def test_governed_words_name_the_place_meant(
    judged: tuple[LintContext, topics.Topics],
    unit_id: str,
    raw: str,
    after: str,
    wrong: str,
    meant: str,
    evidence: str,
) -> None:
    cited = _citation(judged, unit_id, raw, after)
    _place, terms, _likely = assert_retarget_caught(
        judged, citegoverned.governed_verdict, cited, wrong, meant=meant, kind=citegoverned.GovernedPlace
    )
    assert evidence in terms[0]


def test_the_texts_own_governing_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every clause and item citation of the text that governs words, at its own target: no finding."""
    assert_silent_at_own_targets(
        judged,
        citegoverned.governed_verdict,
        where=lambda unit, at, ref: citegoverned.governed(unit, at, ref.raw) is not None,
        at_least=40,
    )


def test_a_loose_restatement_is_not_read_as_a_sibling_s(judged: tuple[LintContext, topics.Topics]) -> None:
    """4.2.2 「同4.3：削减倒计时与净破坏量同额」: 4.1 prints ten characters of it, 4.3 paraphrases; 4.1 says 7 of
    its words against 4.3's 4, under the ratio — silent."""
    ctx, tp = judged
    ref, at = _citation(judged, "4.2.2", "4.3", "：")
    unit = ctx.unit_by_id["4.2.2"]
    said = citegoverned.governed(unit, at, ref.raw)
    assert said is not None and "削减倒计时与净破坏量同额" in said
    words = citetext.bigrams(said) - tp.common_words
    counts = {c: sum(w in tp.places.clause_text(c) for w in words) for c in ("4.1", "4.3")}
    assert counts["4.1"] > counts["4.3"] > 0
    assert counts["4.1"] < citegoverned.RESTATED_RATIO * counts["4.3"]
    assert citegoverned.governed_verdict(tp, unit, at, ref) is None


def test_an_item_restating_a_sibling_is_not_read_by_its_runs(
    judged: tuple[LintContext, topics.Topics],
) -> None:
    """7.3.7 「依 4.7.5②，神探不获任何「本条可能不可靠」之提示」: ④'s text holds 「②③之别：…故②不含任何「本条可能
    不可靠」之提示」 (the items are split at their labels), so the run rule is not asked for items, and the words
    rule needs the cited item to say none of the words (② says two)."""
    ctx, tp = judged
    ref, at = _citation(judged, "7.3.7", "4.7.5②", "，")
    unit = ctx.unit_by_id["7.3.7"]
    assert citegoverned.governed_verdict(tp, unit, at, ref) is None


def test_governed_words_need_a_lead_and_a_comma(judged: tuple[LintContext, topics.Topics]) -> None:
    """5.3.3 「第一层抗体（4.5，感染侧专属，不参与伤害侧）」: no lead — the words after go on about 抗体."""
    ctx, _tp = judged
    ref, at = _citation(judged, "5.3.3", "4.5", "，感染侧专属")
    assert citegoverned.governed(ctx.unit_by_id["5.3.3"], at, ref.raw) is None


def test_stretches() -> None:
    shared = frozenset({"仍属", "属落", "落身", "记入", "报告"})
    assert citegoverned._stretches("仍属落身、记入报告，故其", shared) == ["仍属落身", "记入报告"]
    assert citegoverned._stretches("甲乙丙", shared) == []
