"""Board positions set up by hand (`scenario.arrange`): what it lays out and what it refuses."""

from __future__ import annotations

import pytest

from pickletable.games.board.codes import Step
from pickletable.games.board.scenario import ScenarioError, arrange

from .helpers import BO, DANA, levels, new_game


def test_the_named_characters_levels_and_server_are_laid_out_at_the_serve() -> None:
    state = arrange(new_game(2, "beginner"), characters=[DANA, BO], skill=[1.5, 3.0], server=2)
    assert state.character[0] == DANA and state.character[2] == BO
    assert levels(state) == {"blue": 1.5, "yellow": 3.0}
    assert state.step == Step.SERVE and state.current_player == 2
    assert state.piles["character"].unseen.get(DANA, 0) == 0


def test_a_character_the_pile_lacks_is_refused() -> None:
    with pytest.raises(ScenarioError, match="no \\(more\\) 'dinkin-dana'"):
        arrange(new_game(2, "beginner"), characters=[DANA, DANA])


def test_a_level_off_the_track_is_refused() -> None:
    with pytest.raises(ScenarioError, match="not a level on the track"):
        arrange(new_game(2, "beginner"), skill=[1.25, 0])


def test_cards_in_hand_are_for_the_advanced_game() -> None:
    with pytest.raises(ScenarioError, match="advanced game only"):
        arrange(new_game(2, "beginner"), strategy_hands=[["dink"], []])
    state = arrange(new_game(2, "advanced"), strategy_hands=[["dink"], ["lob", "lob"]])
    assert state.strategy_hand[0] == ["dink"] and state.strategy_hand[2] == ["lob", "lob"]
