"""Nothing a split sweep checks is lost from CI: for every sweep split between the default suite and the heavy
job (tests/heavy_split.py), the test function's own parametrization — what pytest collects — has every case of
the sweep once, the cases without the ``heavy`` mark are exactly the split's default sample, the others are
marked heavy (CI's heavy job, ``pytest -m heavy``, runs them), and the sample has a case of every stratum."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tests.heavy_split import SWEEPS, Sweep, first_of_each

# every module that splits a sweep (importing it registers its split)
MODULES = (
    "tests.lint.test_fanhanglu_lint",
    "tests.lint.test_checklist_sources",
    "tests.lint.test_citejudge",
    "tests.fanhanglu.test_differential",
    "tests.fanhanglu.test_mutate",
    "tests.fanhanglu.test_verify",
    "tests.genshin165.test_config",
    "tests.robust.test_interrupts",
)


def _registered() -> dict[str, Sweep]:
    for module in MODULES:
        importlib.import_module(module)
    return dict(SWEEPS)


def _params(test: str) -> list[Any]:
    """The parameter sets of ``test`` (``path::function``) as pytest collects them: the parametrize mark
    whose arguments are the sweep's (the other marks of a stacked parametrize are variants, not cases)."""
    path, function = test.split("::")
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    marks = [m for m in getattr(getattr(module, function), "pytestmark", []) if m.name == "parametrize"]
    sweeps = [m for m in marks if all(isinstance(p, type(pytest.param(0))) for p in m.args[1])]
    ids = set(SWEEPS[test].ids)
    (mark,) = [m for m in sweeps if {p.id for p in m.args[1]} & ids]
    return list(mark.args[1])


def test_every_splitting_module_is_listed() -> None:
    assert {
        sweep.test.split("::")[0].removesuffix(".py").replace("/", ".") for sweep in _registered().values()
    } == set(MODULES)


@pytest.mark.parametrize("test", sorted(_registered()))
def test_default_and_heavy_cases_are_the_whole_sweep(test: str) -> None:
    sweep = SWEEPS[test]
    params = _params(test)
    ids = [p.id for p in params]
    assert sorted(ids) == sorted(sweep.ids) and len(set(ids)) == len(ids)  # every case, once
    default = {p.id for p in params if not any(m.name == "heavy" for m in p.marks)}
    heavy = {p.id for p in params if any(m.name == "heavy" for m in p.marks)}
    assert default == sweep.suite and default | heavy == set(sweep.ids) and not default & heavy
    # the sample covers every stratum, and the heavy job has something to run only where a stratum repeats
    by_id = dict(zip(sweep.ids, sweep.strata, strict=True))
    assert {by_id[i] for i in default} == set(sweep.strata)
    assert len(heavy) <= len(sweep.ids) - len(set(sweep.strata))


def test_first_of_each_takes_the_first_case_of_each_stratum_and_the_free_ones() -> None:
    sweep = first_of_each(
        "tests/test_heavy_split.py::<toy>",
        ["a", "b", "c", "d", "e"],
        [1, 2, 1, 2, 3],
        free=lambda c, kept: c == "d" and "b" in kept,
    )
    SWEEPS.pop(sweep.test)
    assert sweep.suite == {"a", "b", "d", "e"}
    assert [sweep.marks(c) for c in ("a", "c")] == [(), (pytest.mark.heavy,)]
