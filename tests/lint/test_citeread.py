"""What family q's verdict chain reads once per citation (lintcost23): the sentence kept per lint
(:mod:`ruleproof.lint.citeread`), the habit terms kept per lint, and the readers of a citation's text
memoised by text and offsets — each answers what it answered unmemoised, on every citation of 返航录."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruleproof.lint import citeread, forget_memos
from ruleproof.lint.citegoverned import governed_words
from ruleproof.lint.citenamed import bracketed_term
from ruleproof.lint.citeprinted import _backed
from ruleproof.lint.citetext import (
    body_text,
    close_bracket,
    in_list,
    in_tag,
    open_bracket,
)
from ruleproof.lint.citetitled import annotated_term, cjk_run_before
from ruleproof.lint.context import LintContext
from ruleproof.lint.frames import content
from ruleproof.lint.topics import Topics, _heads_of, judged_unit, run_before, said_in
from ruleproof.text import Document
from ruleproof.text.sentences import sentence_at


def _located(topics: Topics) -> list[tuple[Any, int, Any]]:
    out = []
    for ref in topics.ctx.doc.refs():
        unit = judged_unit(topics.ctx, ref)
        at = topics.locate(unit, ref) if unit is not None else None
        if unit is not None and at is not None:
            out.append((unit, at, ref))
    return out


def test_a_citations_sentence_is_the_one_looked_up(fanhanglu: Document) -> None:
    topics = Topics(LintContext(fanhanglu))
    located = _located(topics)
    assert len(located) > 1000
    for unit, at, _ in located:
        sent = citeread.sentence(topics, unit, at)
        assert sent == sentence_at(topics.sentences_of(unit), at)
        assert citeread.sentence(topics, unit, at) is sent  # (kept: the second ask is the same object)
    # a place no sentence holds (a blank run between sentences, past the text) answers None, kept too
    unit = located[0][0]
    assert citeread.sentence(topics, unit, len(unit.text) + 5) is None
    assert citeread.sentence(topics, unit, len(unit.text) + 5) is None


def _same(memoised: Callable[..., Any], *args: Any) -> None:
    wrapped = memoised.__wrapped__  # type: ignore[attr-defined]
    assert memoised(*args) == wrapped(*args), (memoised.__name__, args)


def test_memoised_readers_answer_as_unmemoised(fanhanglu: Document) -> None:
    """The ``lru_cache`` readers are pure in their arguments: asked twice (the second from the memo), each
    answers what its unmemoised body answers, for every located citation."""
    forget_memos()
    topics = Topics(LintContext(fanhanglu))
    for _ in range(2):
        for unit, at, ref in _located(topics):
            text, raw, end = unit.text, ref.raw, at + len(ref.raw)
            _same(open_bracket, text, at, 0)
            _same(close_bracket, text, max(0, at - 1), len(text))
            _same(in_list, text, at, end)
            _same(in_tag, text, at)
            _same(run_before, text, at)
            _same(annotated_term, text, at, raw)
            _same(bracketed_term, text, at, raw)
            _same(cjk_run_before, text, max(0, at - 1))
            _same(governed_words, text, at, raw)
            _same(_backed, text, at, raw)
            _same(content, text[max(0, at - 12) : at])
            place, near = topics.target(ref)
            for other in [place, *near] if place is not None else []:
                _same(body_text, other.text)
                _same(_heads_of, other.text)
            if place is not None:
                for term in topics.topic(unit, at, raw, wide=True):
                    _same(said_in, term, topics.cited_text(ref))


def test_habit_terms_kept_per_lint_answer_a_copy(fanhanglu: Document) -> None:
    """The habit terms of a citation are kept per lint: each ask answers an equal list the caller may
    extend without changing the next answer, equal to what a fresh reader computes."""
    topics = Topics(LintContext(fanhanglu))
    fresh = Topics(LintContext(fanhanglu))
    for unit, at, ref in _located(topics)[:400]:
        first = topics.habit_terms(unit, at, ref.raw)
        first.append("‹extended")
        assert topics.habit_terms(unit, at, ref.raw) == first[:-1]
        assert fresh.habit_terms(unit, at, ref.raw) == first[:-1]
