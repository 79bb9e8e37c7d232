"""The post-game review: a needless losing move is a blunder, the same inputs give the same
review, and each move is weighed from the reviewed seat's own view only."""

from __future__ import annotations

import random

import pytest

from pickletable.analysis.review import (
    MARKS,
    Decision,
    ReviewCancelled,
    ReviewError,
    review_record,
    weigh,
)
from pickletable.core.actions import Action
from pickletable.core.records import initial_state
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE
from tests.analysis.blunders import Blunder, bad_shot_at_game_point, blunder_record

BUDGET = 48
"""Rollouts per move at the one decision weighed: a loss of a half reads at least 0.3."""


def the_decision_of(blunder: Blunder) -> Decision:
    review = review_record(blunder.record, [blunder.seat], budget=BUDGET, at=[blunder.step])
    [seat] = review.seats
    [decision] = seat.decisions
    assert decision.step == blunder.step and decision.played.action == blunder.move
    assert decision.best.action in blunder.others
    assert decision.played.chance == 0.0  # the game was lost there and then
    return decision


def test_a_bad_shot_skill_card_that_loses_the_game_at_game_point_is_a_blunder() -> None:
    blunder = blunder_record("board", bad_shot_at_game_point)
    decision = the_decision_of(blunder)
    assert decision.mark == "blunder"
    review = review_record(blunder.record, [blunder.seat], budget=BUDGET, at=[blunder.step])
    [moment] = [each for each in review.seats[0].moments if each.kind == "choice"]
    assert moment.step == blunder.step and moment.swing <= -0.2
    assert review.seats[0].accuracy is not None and review.seats[0].accuracy < 50


def test_a_discard_that_hands_the_other_side_the_game_is_a_blunder() -> None:
    decision = the_decision_of(blunder_record("card"))
    assert decision.mark == "blunder"


def test_an_answer_that_loses_the_game_where_another_wins_it_is_a_blunder() -> None:
    decision = the_decision_of(blunder_record("slam"))
    assert decision.mark == "blunder"
    assert decision.loss == 1.0


def test_the_same_record_seed_and_budget_give_the_same_review() -> None:
    record = blunder_record("slam").record
    last_steps = range(len(record["steps"]) - 60, len(record["steps"]))
    first = review_record(record, budget=3, seed=5, at=last_steps).to_json()
    again = review_record(record, budget=3, seed=5, at=last_steps).to_json()
    assert first == again
    assert set(first["accuracy"]) == {str(seat) for seat in range(3)}
    assert sum(len(seat["decisions"]) for seat in first["seats"]) >= 5


def test_every_decision_of_the_seat_is_reviewed_and_nothing_else() -> None:
    blunder = blunder_record("board", bad_shot_at_game_point)
    state = initial_state(blunder.record)
    expected = []
    for index, step in enumerate(blunder.record["steps"]):
        if step["by"] == blunder.seat and len(state.legal_actions()) >= 2:
            expected.append(index)
        state.apply(Action.from_text(step["action"]))
    [seat] = review_record(blunder.record, [blunder.seat], budget=1).seats
    assert [decision.step for decision in seat.decisions] == expected
    assert all(decision.mark in MARKS for decision in seat.decisions)
    assert all((decision.loss == 0) == (decision.mark == "best") for decision in seat.decisions)
    assert seat.graph[-1] == (len(blunder.record["steps"]), seat.result)


def test_a_move_is_weighed_the_same_whatever_the_cards_the_seat_cannot_see() -> None:
    state = get_game("card").new_game(2)
    rng = random.Random(3)
    while state.current_player == CHANCE or len(state.legal_actions()) < 2:
        state.push(
            state.sample_chance(rng) if state.current_player == CHANCE else state.legal_actions()[0]
        )
    seat = state.current_player
    assert seat is not None
    other = state.resample(seat, random.Random(99))
    assert other.observe(seat) == state.observe(seat)
    for action in state.legal_actions()[:3]:
        assert weigh(other, seat, action, 6, "k") == weigh(state, seat, action, 6, "k")


def test_an_unfinished_game_or_a_seat_it_does_not_have_is_refused_in_words() -> None:
    record = blunder_record("slam").record
    with pytest.raises(ReviewError, match="its seats are 0 \\(Player 1\\), 1 \\(Player 2\\)"):
        review_record(record, [7], budget=1)
    unfinished = {**record, "steps": record["steps"][:40], "outcome": None}
    with pytest.raises(ReviewError, match="not finished"):
        review_record(unfinished, budget=1)


def test_a_review_stops_when_it_is_given_up_on_before_it_begins_or_midway() -> None:
    blunder = blunder_record("board", bad_shot_at_game_point)
    weighed: list[int] = []
    with pytest.raises(ReviewCancelled):  # even one with nothing to weigh (no step kept)
        review_record(blunder.record, [blunder.seat], budget=1, at=[], cancelled=lambda: True)
    with pytest.raises(ReviewCancelled):
        review_record(
            blunder.record,
            [blunder.seat],
            budget=1,
            progress=lambda done, total: weighed.append(done),
            cancelled=lambda: len(weighed) >= 3,
        )
    assert weighed == [1, 2, 3]  # nothing weighed after it was given up on
