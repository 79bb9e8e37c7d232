"""The board game's `hard` bot: whole-game rollouts with `medium` at every seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickletable.bots import bot_from_name, make_bot
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.errors import SeatError
from pickletable.core.registry import get_game
from pickletable.core.state import GameState
from pickletable.games.board.bots.fast_medium import fast_medium
from pickletable.games.board.bots.hard import BoardRolloutBot, play_rally
from pickletable.games.board.bots.heuristic import choose
from pickletable.games.board.bots.value import applies, win_chance
from pickletable.games.board.codes import Step
from pickletable.games.board.position import BoardPosition
from tests.bots.positions import VARIANTS, random_decisions, variant_id

BOARD = [variant for variant in VARIANTS if variant[0] == "board"]


def as_board(state: GameState) -> BoardPosition:
    assert isinstance(state, BoardPosition)
    return state


@pytest.mark.parametrize("variant", BOARD, ids=variant_id)
def test_the_rollouts_play_medium_exactly(variant: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = variant
    for index, state in enumerate(random_decisions(game, players, options, 150, seed=41)):
        seat = state.current_player
        assert seat is not None
        expected = choose(AgentView(state, seat), random.Random(index))
        assert fast_medium(as_board(state), seat) == expected


@pytest.mark.parametrize("variant", BOARD, ids=variant_id)
def test_it_answers_random_positions_legally(variant: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = variant
    bot = BoardRolloutBot(6)
    for index, state in enumerate(random_decisions(game, players, options, 30, seed=43)):
        seat = state.current_player
        assert seat is not None
        view = AgentView(state, seat)
        assert bot.choose(view, random.Random(index)) in view.legal_actions


class CountingView(AgentView):
    """An agent view that counts the determinised states drawn from it."""

    samples = 0

    def sample(self, rng: random.Random) -> GameState:
        self.samples += 1
        return super().sample(rng)


def test_a_single_legal_action_is_played_at_once() -> None:
    state = get_game("board").new_game(2, {"level": "advanced"})
    for text in ["draw dinkin-dana", "draw lobster-lou"]:
        state.apply_text(text)
    while state.current_player == -1:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    view = CountingView(state, seat)
    assert [str(action) for action in view.legal_actions] == ["serve"]
    assert str(BoardRolloutBot(50).choose(view, random.Random(0))) == "serve"
    assert view.samples == 0


def one_point_game() -> GameState:
    """Advanced singles to 0.5: the server's ACE Skill Card at hit 3 wins on the spot."""
    state = get_game("board").new_game(2, {"level": "advanced", "target": 0.5, "starting_cards": 0})
    for text in ["draw dinkin-dana", "draw lobster-lou", "roll blue", "serve"]:
        state.apply_text(text)
    for text in ["roll in", "roll", "roll in", "roll drive"]:
        state.apply_text(text)
    board = as_board(state)
    board.skill_hand[0] = ["ace", "in-drop"]
    return state


def test_a_winning_ace_is_found_and_the_rest_dropped_early() -> None:
    state = one_point_game()
    view = AgentView(state, 0)
    assert {str(action) for action in view.legal_actions} >= {"roll", "skill ace"}
    bot = BoardRolloutBot(400, prior=False)
    assert str(bot.choose(view, random.Random(2))) == "skill ace"
    assert bot.last_rounds < 400  # the losing choices were eliminated


def test_the_values_count_wins_of_the_seats_side() -> None:
    state = one_point_game()
    values = BoardRolloutBot(30).values(
        as_board(state.clone()), 0, state.legal_actions(), random.Random(5)
    )
    assert set(values) == set(state.legal_actions())
    ace = next(action for action in values if str(action) == "skill ace")
    assert values[ace] and all(result == 1.0 for result in values[ace])
    assert all(result in (0.0, 1.0) for results in values.values() for result in results)


def test_a_decision_is_the_same_for_the_same_seed() -> None:
    bot = BoardRolloutBot(20)
    for index, state in enumerate(random_decisions("board", 2, {"level": "advanced"}, 6, 47)):
        seat = state.current_player
        assert seat is not None
        first = bot.choose(AgentView(state, seat), random.Random(index))
        assert bot.choose(AgentView(state, seat), random.Random(index)) == first


def test_hard_is_the_rollout_bot_in_the_board_game_only() -> None:
    assert make_bot("hard", "board").name == "rollout(300, 800ms)"
    assert bot_from_name("hard", "board").name == "rollout(300, 800ms)"
    assert make_bot("hard", "card").name.startswith("ismcts")
    assert bot_from_name("rollout:2000", "board").name == "rollout(2000)"
    assert bot_from_name("rollout:50:400ms", "board").name == "rollout(50, 400ms)"
    assert bot_from_name("rollout:400:game", "board").name == "rollout(400, game)"
    assert bot_from_name("ismcts:40", "board").name == "ismcts(40)"


@pytest.mark.parametrize("name", ["rollout:0", "rollout:fast", "rollout:1:2:3:4"])
def test_a_bad_rollout_name_is_refused_clearly(name: str) -> None:
    with pytest.raises(SeatError, match="rollout"):
        bot_from_name(name, "board")


def test_the_rollout_bot_is_refused_in_other_games() -> None:
    with pytest.raises(SeatError, match="board game only"):
        bot_from_name("rollout", "card")


def advanced_singles_rally() -> BoardPosition:
    """An advanced singles game at the first serve."""
    state = as_board(get_game("board").new_game(2, {"level": "advanced"}))
    for text in ["draw dinkin-dana", "draw lobster-lou"]:
        state.apply_text(text)
    while state.current_player == -1:
        state.apply(state.legal_actions()[0])
    return state


def test_the_two_chances_of_winning_add_up_to_one() -> None:
    state = advanced_singles_rally()
    assert applies(state)
    state.skill = [6, 0, 3, 0]
    assert win_chance(state, 0) + win_chance(state, 2) == pytest.approx(1.0)
    assert win_chance(state, 0) > 0.5  # three spaces ahead


def test_an_ace_in_hand_raises_the_chance_of_winning() -> None:
    state = advanced_singles_rally()
    state.skill_hand[0] = ["in-drop"]
    without = win_chance(state, 0)
    state.skill_hand[0] = ["in-drop", "ace"]
    assert win_chance(state, 0) > without


def test_the_model_is_only_used_where_it_was_fitted() -> None:
    variants: list[tuple[int, dict[str, Any]]] = [
        (4, {"level": "advanced"}),
        (2, {"level": "intermediate"}),
        (2, {"level": "advanced", "target": 2.5}),
    ]
    for players, options in variants:
        assert not applies(as_board(get_game("board").new_game(players, options)))


def test_a_rally_rollout_stops_at_the_next_serve() -> None:
    state = as_board(one_point_game().clone())
    state.rules = advanced_singles_rally().rules  # the fitted track, so the model applies
    state.push(Action("roll"))
    chance = play_rally(state, 0, random.Random(4))
    assert state.step in (Step.SERVE, Step.OVER)
    assert 0.0 <= chance <= 1.0
