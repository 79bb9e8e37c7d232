"""Small statistics the lab uses: intervals, percentiles, tests and their error control."""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist


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


# --- tests and their error control -------------------------------------------------------------
NORMAL = NormalDist()


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic.

    >>> round(two_sided_p(1.96), 3)
    0.05
    """
    return 2 * NORMAL.cdf(-abs(z))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values: reject those at most alpha and the family-wise
    error rate is at most alpha under any dependence between the tests.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(p_values)), key=lambda index: p_values[index])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return [round(value, 12) for value in adjusted]


def chi_square_p(statistic: float, degrees: int) -> float:
    """The upper tail of a chi-square distribution (the regularized upper incomplete gamma).

    >>> round(chi_square_p(3.841, 1), 3), round(chi_square_p(11.07, 5), 3)
    (0.05, 0.05)
    """
    if degrees <= 0:
        return 1.0
    if statistic <= 0:
        return 1.0
    a, x = degrees / 2, statistic / 2
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series of the lower gamma
        term = total = 1 / a
        for step in range(1, 500):
            term *= x / (a + step)
            total += term
            if term < total * 1e-15:
                break
        return max(0.0, 1 - math.exp(log_front) * total)
    # the continued fraction of the upper gamma (modified Lentz)
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    fraction = d
    for step in range(1, 500):
        an = -step * (step - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        change = c * d
        fraction *= change
        if abs(change - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * fraction)


_T_975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)
"""Student's t 97.5% quantiles for 1 to 10 degrees of freedom (any statistics table)."""


def t_975(degrees: int) -> float:
    """The 97.5% quantile of Student's t (table to 10, Cornish-Fisher beyond, within 0.001;
    the board game's exact analysis keeps its own copy, as a game may not import the lab).

    >>> t_975(2), t_975(30), round(t_975(10_000), 2)
    (4.303, 2.042, 1.96)
    """
    if degrees <= len(_T_975):
        return _T_975[max(1, degrees) - 1]
    z, v = 1.959964, float(degrees)
    return round(
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3),
        3,
    )


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation of two equally long samples (ties share their mean rank).

    0 when either sample has no spread.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 45])
    1.0
    >>> spearman([1, 2, 3, 4], [4, 3, 2, 1])
    -1.0
    >>> spearman([1, 1, 2, 2], [5, 6, 5, 6])
    0.0
    """
    if len(xs) != len(ys):
        raise ValueError(f"samples of {len(xs)} and {len(ys)} values cannot be paired")
    rx, ry = ranks(xs), ranks(ys)
    if not rx:
        return 0.0
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    covariance = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    spread = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return covariance / spread if spread else 0.0


def ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank from 0, ties sharing their mean rank.

    >>> ranks([30, 10, 20, 10])
    [3.0, 0.5, 2.0, 0.5]
    """
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2
        start = end + 1
    return result
