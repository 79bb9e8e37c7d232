"""The live win chance's calibration: its figures against games played on from the true state,
over positions it was not tuned on, and the figures that sum the gaps up."""

from __future__ import annotations

import random

import pytest

from pickletable.bots.calibration import Calibration, decision_position, measure

HELD_OUT_SEED = 9001
"""Positions from games no other test or figure in the docs uses."""
TOLERANCE = 0.17
"""The mean gap allowed at 40 rollouts a side. The two figures' own noise alone is about
0.09 on average (the gap of two 40-game shares near a half); over 200 positions at the live
budget the evaluator's mean gap was 0.06 to 0.11 (docs/coaching.md). A model that ignores
the position (a half everywhere) is off by 0.22 to 0.25 on these positions, and fails."""
POSITIONS = {"board": 12, "card": 6, "slam": 8}
"""Held-out positions per game: under a second of CPU each."""


def test_the_figures_sum_up_the_gaps_between_predicted_and_observed() -> None:
    result = Calibration("card", [(0.12, 0.2), (0.18, 0.1), (0.9, 0.7)], 60, 100)
    rounded = [(b.low, b.count, round(b.predicted, 3), round(b.observed, 3)) for b in result.bins]
    assert rounded == [(0.1, 2, 0.15, 0.15), (0.9, 1, 0.9, 0.7)]  # a tenth of predicted each
    assert result.mean_abs_error == pytest.approx(0.12)
    assert result.bias == pytest.approx(0.2 / 3)  # too hopeful, on average
    assert result.calibration_error == pytest.approx(0.2 / 3)  # the first bin's gaps cancel


@pytest.mark.parametrize("game", ["board", "card", "slam"])
def test_a_position_is_a_decision_of_the_seat_to_move(game: str) -> None:
    state, seat = decision_position(game, random.Random(HELD_OUT_SEED))
    assert state.current_player == seat and len(state.legal_actions()) >= 2


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_the_win_chance_agrees_with_games_played_on_over_held_out_positions(game: str) -> None:
    positions = POSITIONS[game]
    result = measure(
        game, positions=positions, predicted_rollouts=40, observed_games=40, seed=HELD_OUT_SEED
    )
    assert len(result.points) == positions
    assert result.mean_abs_error <= TOLERANCE, result.points
