from __future__ import annotations

from pathlib import Path

import pytest

from ruleproof.runtime.replay import Mismatch, Outcome
from ruleproof.specs.jiejie140 import Spec, load_spec
from ruleproof.specs.jiejie140.engine.runner import ENGINE
from ruleproof.specs.jiejie140.source import bundled
from ruleproof.text import Document
from ruleproof.vectors.format import Vector

ROOT = Path(__file__).resolve().parents[2]
VECTORS = sorted((ROOT / "tests" / "jiejie140" / "vectors").glob("*.json"))
COUNTEREXAMPLES = sorted((ROOT / "counterexamples" / "jiejie140").glob("*.json"))


@pytest.fixture(scope="session")
def jiejie() -> Document:
    """The bundled [140]乘风破浪的姐姐2 text, read once per worker."""
    return bundled()


@pytest.fixture(scope="session")
def spec() -> Spec:
    return load_spec()


@pytest.fixture(scope="session")
def replays() -> dict[str, tuple[Vector, Outcome, list[Mismatch]]]:
    """Every hand-checked vector and counterexample, replayed once per worker."""
    return {p.name: ENGINE.replay(p) for p in [*VECTORS, *COUNTEREXAMPLES]}
