"""The coaching evaluator: each seat's win chance, from one seat's view only."""

from __future__ import annotations

import random

import pytest

from pickletable.bots.win_odds import (
    known_or_rollouts,
    rollout_win_chance,
    simulated_win_chance,
)
from pickletable.core.kit import GameKit
from pickletable.core.registry import KITS
from pickletable.core.state import CHANCE, GameState

CALIBRATION_TOLERANCE = 0.25
"""Two independent 60-game estimates of one chance: each within 0.065 at one sigma,
so their gap is within 0.25 nearly always (about 2.7 sigma of the difference)."""


def _midgame(kit_id: str, steps: int = 12) -> GameState:
    kit = next(kit for kit in KITS if kit.id == kit_id)
    definition = kit.definition()
    state = definition.new_game(min(definition.player_counts))
    rng = random.Random(7)
    for _ in range(steps):
        if state.current_player is None:
            break
        if state.current_player == CHANCE:
            state.push(state.sample_chance(rng))
        else:
            state.push(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.id)
def test_every_kit_has_an_evaluator_whose_chances_sum_to_one(kit: GameKit) -> None:
    assert kit.evaluator is not None
    state = _midgame(kit.id)
    seat = state.seats[0]
    chances = rollout_win_chance(state, seat, iterations=10)
    assert set(chances) == set(state.seats)
    assert sum(chances.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.id)
def test_the_same_position_gets_the_same_figure(kit: GameKit) -> None:
    state = _midgame(kit.id)
    seat = state.seats[0]
    assert rollout_win_chance(state, seat, iterations=10) == rollout_win_chance(
        state, seat, iterations=10
    )


@pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.id)
def test_what_the_seat_cannot_see_changes_nothing(kit: GameKit) -> None:
    """Two states that differ only in the other seats' hidden cards get the same chances."""
    state = _midgame(kit.id)
    seat = state.seats[0]
    other = state.resample(seat, random.Random(99))
    assert other.observe(seat) == state.observe(seat)
    assert rollout_win_chance(other, seat, iterations=10) == rollout_win_chance(
        state, seat, iterations=10
    )
    evaluate = known_or_rollouts(iterations=10)  # the kit's evaluator, on a smaller budget
    assert evaluate(other, seat) == evaluate(state, seat)


@pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.id)
def test_a_finished_game_is_certain(kit: GameKit) -> None:
    state = _midgame(kit.id, steps=100_000)
    assert state.is_over
    winners = state.outcome.winners if state.outcome else ()
    chances = rollout_win_chance(state, state.seats[0])
    assert all(chances[seat] == 1.0 / len(winners) for seat in winners)


@pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.id)
def test_the_estimate_agrees_with_simulation(kit: GameKit) -> None:
    """Calibration: the seeded estimate against 60 games played on from the true state."""
    state = _midgame(kit.id)
    seat = state.seats[0]
    estimate = rollout_win_chance(state, seat, iterations=60)
    played = simulated_win_chance(state, iterations=60, seed=12345)
    for each in state.seats:
        assert abs(estimate[each] - played[each]) <= CALIBRATION_TOLERANCE


def test_the_live_win_chance_of_a_beginner_board_table_is_exact_at_every_serve() -> None:
    """Dice alone decide a beginner game and nothing is hidden: at a serve the bar shows the
    exact analysis's figure (no rollout noise); between serves too
    (tests/games/board/test_exact_chance.py)."""
    from pickletable.games.board.exact.analysis import analyse, make_variant

    kit = next(kit for kit in KITS if kit.id == "board")
    assert kit.evaluator is not None
    evaluate = kit.evaluator()
    variant = make_variant("as given", 2, [], "beginner")
    start = variant.starts((0,))[0]
    server, receiver = start.seats
    for seat in start.seats:
        chances = evaluate(start, seat)
        assert chances[server] == pytest.approx(float(analyse(variant).win), abs=1e-9)
        assert chances[server] + chances[receiver] == pytest.approx(1.0, abs=1e-9)
