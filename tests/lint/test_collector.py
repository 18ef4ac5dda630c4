"""The collector's pace during a lint (:mod:`ruleproof.lint.collector`): raised while it runs, restored after."""

from __future__ import annotations

import gc

import pytest

from ruleproof.lint.collector import LINT_THRESHOLD, paced_collector
from ruleproof.text import Document


def test_the_first_threshold_is_raised_inside_and_restored_after() -> None:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        with paced_collector():
            assert gc.get_threshold() == (LINT_THRESHOLD, 10, 10)
        assert gc.get_threshold() == (700, 10, 10)
        with pytest.raises(RuntimeError), paced_collector():
            raise RuntimeError("a failing check")
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


@pytest.mark.parametrize("first", [0, LINT_THRESHOLD * 2])
def test_a_higher_threshold_or_automatic_collection_off_is_left_alone(first: int) -> None:
    before = gc.get_threshold()
    gc.set_threshold(first, 10, 10)
    try:
        with paced_collector():
            assert gc.get_threshold() == (first, 10, 10)
        assert gc.get_threshold() == (first, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_run_lint_puts_the_thresholds_back(fanhanglu: Document) -> None:
    from ruleproof.lint import run_lint

    before = gc.get_threshold()
    assert run_lint(fanhanglu)
    assert gc.get_threshold() == before


def test_a_lint_leaves_its_tables_to_reference_counting_not_to_the_collector(fanhanglu: Document) -> None:
    """``run_lint`` drops its context's views and family q's reader drops its own: the lint's tables (a
    hundred thousand objects in cycles through the context before) are freed when the lint returns, not
    at the collector's next full collection — two lints' tables are never alive at once."""
    from ruleproof.lint import run_lint

    run_lint(fanhanglu)
    gc.collect()
    gc.disable()
    try:
        assert run_lint(fanhanglu)
        assert gc.collect() < 2_000  # (536 on 返航录; 101,334 before the views were dropped)
    finally:
        gc.enable()


def test_a_context_answers_again_after_its_views_are_dropped(fanhanglu: Document) -> None:
    from ruleproof.lint.context import LintContext
    from ruleproof.lint.families import lint_context

    ctx = LintContext(fanhanglu)
    first = lint_context(ctx)
    assert ctx.memos and "facts" in vars(ctx)  # (built by the lint: the drop below has something to drop)
    ctx.drop_views()
    assert ctx.memos == {} and "facts" not in vars(ctx)
    assert lint_context(ctx) == first
