"""Wilson intervals and percentiles."""

from __future__ import annotations

from pickletable.analysis.statistics import percentile, wilson_interval


def test_wilson_interval_contains_the_rate_and_stays_in_range() -> None:
    for wins, games in [(0, 10), (10, 10), (3, 7), (500, 1000)]:
        low, high = wilson_interval(wins, games)
        assert 0.0 <= low <= wins / games <= high <= 1.0


def test_wilson_interval_narrows_with_more_games() -> None:
    small = wilson_interval(6, 10)
    large = wilson_interval(600, 1000)
    assert large[1] - large[0] < small[1] - small[0]


def test_a_known_value() -> None:
    # 90 of 100: 0.826 to 0.945 (Wilson, z = 1.96).
    low, high = wilson_interval(90, 100)
    assert (round(low, 3), round(high, 3)) == (0.826, 0.945)


def test_percentile_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.95) == 95.0
    assert percentile([], 0.95) == 0.0
