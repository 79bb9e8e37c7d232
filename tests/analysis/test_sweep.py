"""Sweeps compare: each value against the baseline, game by game over the same seeds."""

from __future__ import annotations

import math

import pytest

from pickletable.analysis.collectors import GameSummary
from pickletable.analysis.sweep import (
    baseline_index,
    combinations,
    compare_studies,
    paired_difference,
)
from pickletable.core.errors import OptionError


def _game(index: int, rallies: float, first_won: int) -> GameSummary:
    return GameSummary(
        index=index,
        seed=index,
        seats=(0, 1),
        bots=("random", "random"),
        winners=(0,),
        termination="target",
        first=0,
        scores={},
        counts={"rallies": rallies, "lead_changes": 0.0, "decided_at": 0.0, "choices": 1.0},
        seat_counts={},
        tallies={"first_wins": [first_won, 1]},
    )


def test_a_paired_difference_recomputed_by_hand() -> None:
    baseline = [_game(0, 10, 1), _game(1, 12, 0), _game(2, 11, 1), _game(3, 9, 0)]
    other = [_game(0, 13, 1), _game(1, 14, 1), _game(2, 15, 0), _game(3, 10, 0)]
    difference = paired_difference("rallies", baseline, other)
    # per game: +3, +2, +4, +1; mean 2.5; sd sqrt(5/3); t(3) = 3.182
    half = 3.182 * math.sqrt(5 / 3) / 2
    assert difference.value == pytest.approx(2.5)
    assert (difference.low, difference.high) == pytest.approx((2.5 - half, 2.5 + half))
    assert difference.pairs == 4
    first = paired_difference("first_wins", baseline, other)
    assert first.value == pytest.approx(0.0)  # 0, +1, -1, 0


def test_only_games_of_the_same_seed_are_paired() -> None:
    baseline = [_game(0, 10, 1), _game(1, 12, 0)]
    other = [_game(1, 20, 0), _game(2, 99, 0)]  # game 2 has no partner
    difference = paired_difference("rallies", baseline, other)
    assert (difference.value, difference.pairs) == (8.0, 1)


def test_the_baseline_row_is_zero_and_every_value_is_compared() -> None:
    baseline = [_game(i, 10 + i, 1) for i in range(5)]
    other = [_game(i, 12 + i, 1) for i in range(5)]
    rows = compare_studies([other, baseline], 1)
    assert all(d.value == 0 for d in rows[1])
    assert next(d for d in rows[0] if d.metric == "rallies").value == pytest.approx(2.0)


def test_the_baseline_is_the_default_unless_named() -> None:
    values = combinations(["target=3,5,7"])
    assert baseline_index(values, [False, True, False]) == 1
    assert baseline_index(values, [False, False, False]) == 0
    assert baseline_index(values, [False, True, False], "target=7") == 2
    with pytest.raises(OptionError, match="not one of the swept values"):
        baseline_index(values, [False, True, False], "target=9")
