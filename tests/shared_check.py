"""One ``check`` of a text per process, shared by the tests that opt in (``with shared_checks(): …``).

Several modules run ``ruleproof check`` in process on the same bundled text with the same options and assert
on different parts of its report: its stages (test_book_profiles, test_appendix), its exit status
(test_cli_text), its verify stage (test_cli_verify), its HTML and JSON pages (test_html).  Inside
:func:`shared_checks`, ``check``'s :func:`~ruleproof.pipeline.run_check` answers from a memo kept for the
process (one xdist worker), keyed by every input of ``run_check`` (:func:`run_key`): the command itself —
reading the text, choosing the spec, rendering, the baseline, the exit status — runs on every call, and each
distinct input is checked for real once per process.  A test that changes what ``run_check`` computes without
changing its inputs (a patched solver, ``RULEPROOF_CACHE=off``) stays outside the block.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest

from ruleproof.pipeline import CheckRun, run_check
from ruleproof.text import Document

_MEMO: dict[tuple[object, ...], CheckRun] = {}


def run_key(doc: Document, **kw: Any) -> tuple[object, ...]:
    """Every input of ``run_check``: the text's name and lines, book, spec, stages, overrides, ``--spec
    none``, jobs, and the names of any other keyword (so a new parameter is never silently shared)."""
    over = kw.get("overrides")
    return (
        doc.name,
        tuple(doc.lines),
        *(id(kw.get(k)) for k in ("book", "against")),
        tuple(kw.get("stages", ())),
        None if over is None else tuple(sorted(over.items())),
        kw.get("spec_off"),
        kw.get("jobs"),
        tuple(sorted(set(kw) - {"book", "against", "stages", "overrides", "spec_off", "jobs"})),
    )


def copy(run: CheckRun) -> CheckRun:
    """The run with its own findings and stages lists (a caller may change them)."""
    return replace(run, findings=list(run.findings), stages=list(run.stages))


def memoised_run_check(doc: Document, **kw: Any) -> CheckRun:
    """``run_check`` answered from the process's memo, computed on a miss."""
    key = run_key(doc, **kw)
    if key not in _MEMO:
        _MEMO[key] = run_check(doc, **kw)
    return copy(_MEMO[key])


@contextmanager
def shared_checks() -> Iterator[None]:
    """Within the block, ``ruleproof check`` (the command, in process) checks each distinct input once per
    process."""
    import ruleproof.cli.cmd_check as cmd_check

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cmd_check, "run_check", memoised_run_check)
        yield
