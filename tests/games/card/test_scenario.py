"""Card positions set up by hand (`scenario.arrange`): what it lays out and what it refuses."""

from __future__ import annotations

import pytest

from pickletable.games.card.codes import Step
from pickletable.games.card.scenario import ScenarioError, arrange
from tests.games.card.helpers import NORTH, SOUTH, new_game

HANDS = [
    ["1", "2", "3", "4", "5", "6", "7"],
    ["dink", "dink", "pickler", "pickler", "8", "9", "10"],
]


def test_the_hands_discards_and_rest_of_the_deck_are_laid_out() -> None:
    state = arrange(new_game(2), HANDS, discards=["kitchen", "1"], server=SOUTH, scores=(3, 4))
    assert state.hands[SOUTH] == ("8", "9", "10", "pickler", "pickler", "dink", "dink")
    assert state.discards == ["kitchen", "1"] and len(state.pile) == 52 - 16
    assert state.step == Step.TURN and state.current_player == NORTH
    assert state.scores == [3, 4] and state.serving_team == 1


def test_more_copies_than_the_deck_holds_are_refused() -> None:
    with pytest.raises(ScenarioError, match="no more 'dink' cards"):
        arrange(new_game(2), HANDS, discards=["dink"])


def test_every_seat_needs_a_full_hand() -> None:
    with pytest.raises(ScenarioError, match="give 7 cards for each of the 2 seats"):
        arrange(new_game(2), [HANDS[0], HANDS[1][:6]])
