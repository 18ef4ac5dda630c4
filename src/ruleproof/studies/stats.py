"""Streaming, mergeable statistics for studies: every accumulator holds integers only, so merging chunks in
any order (local processes, a Dask cluster, one core) gives the same bytes; estimates and 95 % intervals
are computed from the merged integers at the end.

* :class:`Rate` — a proportion, with Wilson's score interval (good at rates near 0 or 1 and small N);
* :class:`Mean` — a mean of integer observations (scaled: hundredths stay hundredths) with a normal
  interval from the exact sums (N large; say so in the report when N is small);
* :class:`Hist` — a histogram of small integers (nights): mean, median, and a distribution-free interval
  for the median from the binomial order statistics.

Memory is flat in the number of games: a histogram of nights has a few dozen bins whatever N is.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054  # the standard normal's 97.5 % quantile


@dataclass
class Rate:
    """``hits`` of ``n``."""

    hits: int = 0
    n: int = 0

    def add(self, hit: bool) -> None:
        self.n += 1
        self.hits += hit

    def merge(self, other: Rate) -> None:
        self.hits += other.hits
        self.n += other.n

    def estimate(self) -> float | None:
        return self.hits / self.n if self.n else None

    def ci95(self) -> tuple[float, float] | None:
        """Wilson's score interval."""
        n = self.n
        if not n:
            return None
        p = self.hits / n
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        lo = 0.0 if self.hits == 0 else max(0.0, centre - half)
        hi = 1.0 if self.hits == n else min(1.0, centre + half)
        return lo, hi

    def to_json(self) -> dict[str, Any]:
        return {"kind": "rate", "hits": self.hits, "n": self.n}


@dataclass
class Mean:
    """The mean of integer observations (``scale``: the unit's divisor, 100 for hundredths)."""

    n: int = 0
    total: int = 0
    squares: int = 0
    scale: int = 1

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Mean) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def estimate(self) -> float | None:
        return self.total / self.n / self.scale if self.n else None

    def ci95(self) -> tuple[float, float] | None:
        n = self.n
        if n < 2:
            return None
        mean = self.total / n
        var = max(0.0, (self.squares - n * mean * mean) / (n - 1))
        half = Z95 * math.sqrt(var / n)
        return (mean - half) / self.scale, (mean + half) / self.scale

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "mean",
            "n": self.n,
            "total": self.total,
            "squares": self.squares,
            "scale": self.scale,
        }


@dataclass
class Hist:
    """A histogram of integer observations (nights, counts)."""

    counts: dict[int, int] = field(default_factory=dict)

    def add(self, x: int) -> None:
        self.counts[x] = self.counts.get(x, 0) + 1

    def merge(self, other: Hist) -> None:
        for k, v in other.counts.items():
            self.counts[k] = self.counts.get(k, 0) + v

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def _quantile_index(self, rank: int) -> int:
        """The value of the ``rank``-th smallest observation (0-based)."""
        seen = 0
        for k in sorted(self.counts):
            seen += self.counts[k]
            if rank < seen:
                return k
        raise IndexError(rank)

    def median(self) -> float | None:
        n = self.n
        if not n:
            return None
        if n % 2:
            return float(self._quantile_index(n // 2))
        return (self._quantile_index(n // 2 - 1) + self._quantile_index(n // 2)) / 2

    def median_ci95(self) -> tuple[float, float] | None:
        """Order statistics j ≤ k with P(X_(j) ≤ median ≤ X_(k)) ≈ 95 % (normal approximation to the
        binomial; distribution-free)."""
        n = self.n
        if n < 2:
            return None
        half = Z95 * math.sqrt(n) / 2
        lo = max(0, math.floor(n / 2 - half) - 1)
        hi = min(n - 1, math.ceil(n / 2 + half))
        return float(self._quantile_index(lo)), float(self._quantile_index(hi))

    def mean(self) -> float | None:
        n = self.n
        return sum(k * v for k, v in self.counts.items()) / n if n else None

    def share(self, predicate_values: Iterable[int]) -> float | None:
        n = self.n
        wanted = set(predicate_values)
        return sum(v for k, v in self.counts.items() if k in wanted) / n if n else None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "hist", "counts": {str(k): self.counts[k] for k in sorted(self.counts)}}


Acc = Rate | Mean | Hist


class Aggregate:
    """Named accumulators, merged by name (a study declares them as it observes games)."""

    def __init__(self) -> None:
        self.acc: dict[str, Acc] = {}
        self.games = 0

    def rate(self, name: str) -> Rate:
        a = self.acc.get(name)
        if a is None:
            a = self.acc[name] = Rate()
        assert isinstance(a, Rate)
        return a

    def mean(self, name: str, scale: int = 1) -> Mean:
        a = self.acc.get(name)
        if a is None:
            a = self.acc[name] = Mean(scale=scale)
        assert isinstance(a, Mean)
        return a

    def hist(self, name: str) -> Hist:
        a = self.acc.get(name)
        if a is None:
            a = self.acc[name] = Hist()
        assert isinstance(a, Hist)
        return a

    def merge(self, other: Aggregate) -> None:
        self.games += other.games
        for name, acc in other.acc.items():
            mine = self.acc.get(name)
            if mine is None:
                self.acc[name] = type(acc)()
                if isinstance(acc, Mean):
                    self.acc[name] = Mean(scale=acc.scale)
                mine = self.acc[name]
            mine.merge(acc)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "acc": {k: self.acc[k].to_json() for k in sorted(self.acc)}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Aggregate:
        out = cls()
        out.games = int(data["games"])
        for name, a in data["acc"].items():
            if a["kind"] == "rate":
                out.acc[name] = Rate(a["hits"], a["n"])
            elif a["kind"] == "mean":
                out.acc[name] = Mean(a["n"], a["total"], a["squares"], a["scale"])
            else:
                out.acc[name] = Hist({int(k): v for k, v in a["counts"].items()})
        return out


def summary(acc: Acc) -> dict[str, Any]:
    """Estimate, 95 % interval and N of one accumulator (a histogram: its median)."""
    if isinstance(acc, Rate):
        est, ci, n = acc.estimate(), acc.ci95(), acc.n
        extra: dict[str, Any] = {"kind": "rate"}
    elif isinstance(acc, Mean):
        est, ci, n = acc.estimate(), acc.ci95(), acc.n
        extra = {"kind": "mean"}
    else:
        est, ci, n = acc.median(), acc.median_ci95(), acc.n
        extra = {"kind": "median", "mean": _round(acc.mean()), "histogram": acc.to_json()["counts"]}
    return {
        "estimate": _round(est),
        "ci95": [_round(ci[0]), _round(ci[1])] if ci is not None else None,
        "n": n,
        **extra,
    }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


__all__ = ["Z95", "Acc", "Aggregate", "Hist", "Mean", "Rate", "summary"]
