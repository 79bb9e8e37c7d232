"""Small statistics the arena reports: Wilson score intervals and percentiles."""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at
    0 or all successes.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], share: float) -> float:
    """The `share` quantile (0..1) of `values`, by the nearest-rank method (0.0 if empty).

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.95)
    5.0
    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5)
    3.0
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def mean_interval(count: int, total: float, total_squares: float) -> tuple[float, float, float]:
    """The mean of `count` values (given their sum and sum of squares) and its 95% interval.

    The interval is the normal one, mean ± 1.96 standard errors (the studies
    here have hundreds of values; with one value or none it is the mean itself).

    >>> mean, low, high = mean_interval(4, 10.0, 30.0)  # the values 1, 2, 3, 4
    >>> mean, round(low, 3), round(high, 3)
    (2.5, 1.235, 3.765)
    """
    if count <= 0:
        return 0.0, 0.0, 0.0
    mean = total / count
    if count == 1:
        return mean, mean, mean
    variance = max(0.0, (total_squares - count * mean * mean) / (count - 1))
    half = 1.96 * math.sqrt(variance / count)
    return mean, mean - half, mean + half
