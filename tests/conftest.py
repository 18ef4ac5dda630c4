from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from ruleproof.books import Source, load_source
from ruleproof.text import Document, read_document

# the suite runs on pytest-xdist's workers, one per core: a command's own worker pool would only add overhead
os.environ["RULEPROOF_JOBS"] = "1"

# No test is timed (speed is measured by ci/bench_*): Hypothesis's default 200 ms deadline per example only
# turns a loaded machine into a flaky failure (test_question_cache's liveness test failed so at load 13).
settings.register_profile("ruleproof", deadline=None)
settings.load_profile("ruleproof")


@pytest.fixture(scope="session")
def fanhanglu() -> Document:
    """The bundled 返航录 v1preview1.0 text, read once per test session (per xdist worker)."""
    return read_document(load_source(None))


def doc_from_text(text: str, name: str = "synthetic.txt") -> Document:
    return read_document(Source(name=name, data=text.encode("utf-8")))


@pytest.fixture(scope="session", autouse=True)
def verdict_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """One verdict cache for the whole run, shared by the xdist workers (their base temp dirs share a
    parent) and by the CLI subprocesses (through the environment): solver work is done once per run.  The
    subprocesses also share one bytecode folder (compiled once per run, not once per process)."""
    import os

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    old = {
        k: os.environ.get(k) for k in ("RULEPROOF_CACHE", "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    }
    os.environ["RULEPROOF_CACHE"] = str(shared / "ruleproof-verdicts")
    # the CLI subprocesses tests start compile every module they import when bytecode is not written
    # (PYTHONDONTWRITEBYTECODE): they share one bytecode folder for the run instead, outside the tree
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(shared / "pycache")
    yield
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
