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
