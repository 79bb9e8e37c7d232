"""The OpenSpiel bridge in plain Python: OpenSpiel's state conventions over random games,
perfect-recall information states and the cut (`max_length`). OpenSpiel itself runs on the
registered games in test_openspiel_registered.py."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from pickletable.openspiel import (
    CHANCE_PLAYER,
    TERMINAL,
    OpenSpielGame,
    OpenSpielState,
    parameter_specification,
    tiny_board,
)

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("board", {"players": 2}),
    ("card", {"players": 3, "target_score": 1}),
    ("slam", {"players": 4, "tokens_to_win": 1}),
]
IDS = [f"{game}-{options['players']}" for game, options in GAMES]


def _check(state: OpenSpielState, game: OpenSpielGame) -> None:
    """What OpenSpiel's random-simulation test checks of every state it reaches."""
    player = state.current_player()
    if state.is_terminal():
        assert player == TERMINAL and state.legal_actions() == []
        returns = state.returns()
        assert abs(sum(returns)) < 1e-9 and max(returns) == game.max_utility()
        assert min(returns) >= game.min_utility()
        return
    legal = state.legal_actions()
    assert legal == sorted(legal) and legal, "a player or chance always has an action"
    if player == CHANCE_PLAYER:
        outcomes = state.chance_outcomes()
        assert [action for action, _ in outcomes] == legal
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and all(p > 0 for _, p in outcomes)
        return
    assert 0 <= player < game.num_players() and max(legal) < game.num_distinct_actions()
    assert sum(state.legal_actions_mask()) == len(legal)
    for other in range(game.num_players()):
        tensor = np.asarray(state.information_state_tensor(other))
        assert tensor.shape == tuple(game.information_state_tensor_shape())
        assert tensor.min() >= 0 and tensor.max() <= 1
        if other != player:
            assert state.legal_actions(other) == []
    assert state.returns() == [0.0] * game.num_players()


def _random_action(state: OpenSpielState, rng: random.Random) -> int:
    if state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choices(actions, weights=weights)[0])
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=IDS)
def test_random_games_keep_openspiels_state_conventions(
    game_id: str, options: dict[str, Any]
) -> None:
    game = OpenSpielGame(game_id, **options)
    rng = random.Random(0)
    for _ in range(2):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            _check(state, game)
            action = _random_action(state, rng)
            if steps % 25 == 0:  # a clone follows the same path, and leaves the original alone
                copy = state.clone()
                copy.apply_action(action)
                assert copy.history() == [*state.history(), action]
                assert str(copy).startswith(str(state).replace("(new game)", ""))
            state.apply_action(action)
            steps += 1
        _check(state, game)
        assert state.move_number() == steps == len(state.history())


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = OpenSpielGame("card", players=2, target_score=1)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    forbidden = next(
        a for a in range(game.num_distinct_actions()) if a not in state.legal_actions()
    )
    history = state.history()
    with pytest.raises(ValueError, match=f"action {forbidden} is not legal here"):
        state.apply_action(forbidden)
    assert state.history() == history
    assert state.action_to_string(state.current_player(), state.legal_actions()[0])


def test_an_information_state_remembers_everything_the_player_saw_and_did() -> None:
    """Perfect recall: a player's information state only grows, one line per step, and its
    own actions are in it; the observation string is what it sees now."""
    game = OpenSpielGame("card", players=2, target_score=1)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        before = [state.information_state_string(player) for player in range(2)]
        actor, action = state.current_player(), _random_action(state, rng)
        state.apply_action(action)
        for player in range(2):
            now = state.information_state_string(player)
            assert now.startswith(before[player] + "\n") and now.count("\n") == len(state.history())
            assert now.endswith(state.observation_string(player))
            assert now.splitlines()[-1].startswith(f"{action} -> ") == (actor == player)


def test_an_information_state_hides_what_the_player_may_not_see() -> None:
    """Two deals that differ only in the first card dealt give its holder different
    information states and the other player the same one."""
    game = OpenSpielGame("card", players=2, target_score=1)

    def deal(first: int) -> OpenSpielState:
        state, dealt = game.new_initial_state(), 0
        while dealt < 4:
            outcomes = state.legal_actions()
            is_deal = state.action_to_string(CHANCE_PLAYER, outcomes[0]).startswith("deal")
            state.apply_action(outcomes[first] if is_deal and dealt == 0 else outcomes[0])
            dealt += is_deal
        return state

    one, other = deal(0), deal(-1)
    assert one.history() != other.history()
    same = [one.information_state_string(p) == other.information_state_string(p) for p in (0, 1)]
    assert sorted(same) == [False, True], "one hand differs: only its holder can tell"


def test_a_cut_game_ends_at_max_length_as_a_draw() -> None:
    game = OpenSpielGame("board", max_length=30)
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        assert state.move_number() < 30
        state.apply_action(_random_action(state, rng))
    assert state.move_number() == 30 and state.is_cut() and not state.state.is_over
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.returns() == [0.0, 0.0]
    with pytest.raises(ValueError, match="max_length must be at least 1"):
        OpenSpielGame("board", max_length=0)


def test_every_option_and_the_table_size_are_openspiel_parameters() -> None:
    spec = parameter_specification("board")
    assert spec["players"] == 2 and spec["max_length"] == 0
    assert spec["level"] == "advanced" and spec["target"] == 5.0
    game = OpenSpielGame("board", **tiny_board(12))
    assert game.parameters()["max_length"] == 12 and game.parameters()["target"] == 0.5
    assert game.max_game_length() == 12 and OpenSpielGame("card").max_game_length() > 10_000
