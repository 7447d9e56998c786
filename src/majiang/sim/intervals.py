"""Student-t confidence intervals of a mean, as the arena reports them (no SciPy needed)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from majiang.errors import InvalidOptionError

__all__ = ["CONFIDENCE", "Interval", "mean_interval", "t_quantile"]

CONFIDENCE = 0.95


def _t_two_sided(x: float, df: int) -> float:
    """P(|T| < x) for Student's t with ``df`` degrees of freedom (the finite series for whole df)."""
    theta = math.atan(x / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df % 2 == 1:
        total = 0.0
        if df > 1:
            term = 1.0
            total = 1.0
            for k in range(1, (df - 3) // 2 + 1):
                term *= c2 * (2 * k) / (2 * k + 1)
                total += term
            total *= s * math.cos(theta)
        return 2.0 / math.pi * (theta + total)
    term = 1.0
    total = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return s * total


def t_quantile(confidence: float, df: int) -> float:
    """The two-sided critical value of Student's t: P(|T| < value) = ``confidence``.

    >>> round(t_quantile(0.95, 4), 4), round(t_quantile(0.95, 1), 3), round(t_quantile(0.95, 10_000), 2)
    (2.7764, 12.706, 1.96)
    """
    if df < 1:
        raise InvalidOptionError(f"degrees of freedom must be at least 1, not {df}")
    if not 0.0 < confidence < 1.0:
        raise InvalidOptionError(f"confidence must be between 0 and 1, not {confidence}")
    if df > 5000:
        # The series would take thousands of terms; the normal quantile is off by under 1e-3 here.
        z = statistics.NormalDist().inv_cdf(0.5 + confidence / 2)
        return z * (1.0 + (z * z + 1.0) / (4.0 * df))
    low, high = 0.0, 1.0
    while _t_two_sided(high, df) < confidence:
        high *= 2.0
    for _ in range(100):
        mid = (low + high) / 2
        if _t_two_sided(mid, df) < confidence:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and its confidence interval (Student t over ``n`` values)."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Distance from the mean to either end."""
        return (self.high - self.low) / 2

    def excludes_zero(self) -> bool:
        """Whether the whole interval lies on one side of 0 (the sign is significant)."""
        return self.low > 0.0 or self.high < 0.0

    def bounds(self) -> list[float | None]:
        """``[low, high]`` for JSON: ``None`` where the interval is unbounded (a single value)."""
        return [_finite(self.low), _finite(self.high)]

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "ci": self.bounds(), "n": self.n}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean of ``values`` with a Student-t interval (the sample standard deviation, n - 1).

    >>> i = mean_interval([1, 2, 3, 4, 5])
    >>> i.mean, round(i.low, 4), round(i.high, 4)
    (3.0, 1.0368, 4.9632)
    """
    n = len(values)
    if n == 0:
        raise InvalidOptionError("no values")
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    sd = statistics.stdev(values)
    half = t_quantile(confidence, n - 1) * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)
