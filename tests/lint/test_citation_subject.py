"""Family q (issue 10, cite18): a word of the citing sentence part that one sibling's title alone holds
(``lint/citesubject.py``) — the part's subject, not the words glued to the citation."""

from __future__ import annotations

import pytest

from ruleproof.lint import citesubject, topics
from ruleproof.lint.context import LintContext
from ruleproof.lint.diagnosis import RENUMBERED_EN, RENUMBERED_ZH
from tests.lint.citing import assert_retarget_caught, assert_silent_at_own_targets, citation_near
from tests.lint.edited import FAMILY_OR_ALL, topic_messages, unedited_text

# ``judged``: tests/lint/conftest.py's session fixture (the rule memoises only per-lint tables, read-only)


@pytest.mark.parametrize(
    ("clause", "raw", "before", "wrong", "word"),
    [
        # 「无受袭感知（不享 4.8.3）」: the bracket holds words, so no glued reading; 受袭感知 is 4.8.3's title
        ("4.11.5", "4.8.3", "无受袭感知（不享", "4.8.2", "受袭感知"),
        # 「每夜出刀数依 6.2（未觉醒至多 1 刀、觉醒后至多 2刀）」: 觉醒 after the id, in the same part
        ("6.6", "6.2", "每夜出刀数依", "6.1", "觉醒"),
        # 「依 2.8.5 镜像账本取…」: 账本 inside 2.8.5's title 「变身份时的资源账本通则」
        ("4.6.4", "2.8.5", "依", "2.8.4", "账本"),
        # 「其发动、伪装身份池、效力与可见性一律依 7.3」: a sub-clause title of 7.3 holds 伪装身份
        ("6.7", "7.3", "一律依", "7.2", "伪装身份"),
    ],
)
def test_a_sibling_titled_by_the_parts_word_is_named(
    judged: tuple[LintContext, topics.Topics], clause: str, raw: str, before: str, wrong: str, word: str
) -> None:
    cited = citation_near(judged[1], clause, raw, before=before)
    place, words, likely = assert_retarget_caught(
        judged, citesubject.subject_verdict, cited, wrong, kind=citesubject.SubjectPlace
    )
    assert isinstance(likely, citesubject.SubjectPlace)
    assert place.name == wrong and words == [word] and likely.word == word
    zh, en = likely.explain(wrong, place.name, word)
    assert zh.startswith(f"引用 {wrong}：") and f"「{word}」" in zh and raw in zh
    assert zh.endswith(RENUMBERED_ZH) and en.endswith(RENUMBERED_EN)


def test_the_texts_own_citations_are_silent(judged: tuple[LintContext, topics.Topics]) -> None:
    """Every clause citation of the text at its own target: no finding — among them 1.2.2's 「含 4.2 转职、4.4.3
    额外子弹」 (the part cites 4.4's family itself), 5.4.1's 「仍受5.6的全部目标限制」 (after 的) and the registry's
    rows, which the guards leave; most parts say a title word of the cited place, so it is asked in earnest."""
    asked = assert_silent_at_own_targets(judged, citesubject.subject_verdict, at_least=1000)
    _ctx, tp = judged
    saying = 0
    for unit, at, ref in asked:
        place = tp.target(ref)[0]
        if place is None or ref.target_item:
            continue
        lo, hi = citesubject.sentence_part(unit.text, at, at + len(ref.raw))
        words = citesubject.title_words(tp, place.name)
        saying += any(w in unit.text[lo:hi] for w in words)
    assert saying >= 700, saying  # 766 of 1,142 on v1preview1.0


@pytest.mark.parametrize(
    ("text", "raw", "part"),
    [
        ("计分；破坏（6.3）、结茧等，其余依 6.5 计", "6.5", "其余依 6.5 计"),
        ("甲：乙依 2.8.5 镜像账本取额度。丙", "2.8.5", "乙依 2.8.5 镜像账本取额度"),
        ("其发动⸺一律依 7.3（唯一权威源）｜下一格", "7.3", "一律依 7.3（唯一权威源）"),
    ],
)
def test_sentence_part(text: str, raw: str, part: str) -> None:
    at = text.index(raw)
    lo, hi = citesubject.sentence_part(text, at, at + len(raw))
    assert text[lo:hi] == part


@FAMILY_OR_ALL
def test_an_edited_text_reports_the_parts_word(whole: bool) -> None:
    """6.7's 「一律依 7.3」 renumbered to 7.2 in the text: ``ruleproof lint`` reports it at 6.7, naming 7.3 and the
    word 伪装身份 (family q alone in the suite, every family in the heavy job)."""
    text = unedited_text()
    start = text.index("可见性一律依 7.3（唯一权威")  # 「其发动、伪装身份池、效力与」 ends the line before
    old = text[start : text.index("7.3", start) + 3]
    found = topic_messages(old, old[:-3] + "7.2", "6.7", whole)
    assert any("「伪装身份」" in m and "7.3" in m for m in found), found
