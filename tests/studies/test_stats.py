"""Study statistics: known values of the intervals, and merging chunks in any order gives the same bytes."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ruleproof.studies.stats import Aggregate, Hist, Mean, Rate, summary


def test_wilson_interval_known_values() -> None:
    # Wilson score interval for 8 of 10 (z = 1.96): [0.4902, 0.9433] (textbook value)
    lo, hi = Rate(8, 10).ci95() or (0.0, 0.0)
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943
    lo, hi = Rate(0, 50).ci95() or (1.0, 1.0)
    assert lo == 0.0 and 0.05 < hi < 0.08  # no degenerate [0, 0] at a zero rate
    assert Rate().ci95() is None and Rate().estimate() is None


def test_mean_and_median() -> None:
    m = Mean(scale=100)
    for x in (100, 200, 300):
        m.add(x)
    assert m.estimate() == 2.0
    lo, hi = m.ci95() or (0.0, 0.0)
    assert lo < 2.0 < hi
    h = Hist()
    for x in (7, 5, 9, 5, 8):
        h.add(x)
    assert h.median() == 7.0 and h.mean() == 6.8
    h.add(10)
    assert h.median() == 7.5
    s = summary(h)
    assert (
        s["kind"] == "median" and s["n"] == 6 and s["histogram"] == {"5": 2, "7": 1, "8": 1, "9": 1, "10": 1}
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), st.integers(0, 30), st.integers(-500, 500)), min_size=1, max_size=60),
    st.randoms(use_true_random=False),
)
def test_merge_is_order_free(obs: list[tuple[bool, int, int]], rnd: object) -> None:
    """Any partition into chunks, merged in any order, gives the same aggregate bytes."""
    import random

    assert isinstance(rnd, random.Random)

    def chunk(part: list[tuple[bool, int, int]]) -> Aggregate:
        a = Aggregate()
        for hit, night, pts in part:
            a.rate("r").add(hit)
            a.hist("h").add(night)
            a.mean("m", scale=100).add(pts)
            a.games += 1
        return a

    whole = chunk(obs)
    cuts = sorted(rnd.sample(range(len(obs) + 1), min(3, len(obs) + 1)))
    parts = [obs[a:b] for a, b in zip([0, *cuts], [*cuts, len(obs)], strict=True)]
    aggs = [chunk(p) for p in parts]
    rnd.shuffle(aggs)
    merged = Aggregate()
    for a in aggs:
        merged.merge(a)
    assert json.dumps(merged.to_json(), sort_keys=True) == json.dumps(whole.to_json(), sort_keys=True)
    assert Aggregate.from_json(merged.to_json()).to_json() == merged.to_json()
