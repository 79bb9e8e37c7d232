"""The OpenSpiel bridge: OpenSpiel's state conventions checked over random games (always),
and OpenSpiel's own MCTS bot playing a whole game (only where the open_spiel wheel is
installed: the ``peers`` extra)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from pickletable.envs.openspiel import (
    CHANCE_PLAYER,
    TERMINAL,
    OpenSpielGame,
    OpenSpielState,
    register_pyspiel,
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
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(actions, weights=weights)[0]
            else:
                action = rng.choice(state.legal_actions())
            if steps % 25 == 0:  # a clone follows the same path, and leaves the original alone
                copy = state.clone()
                copy.apply_action(action)
                assert copy.history() == [*state.history(), action]
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


def test_openspiels_mcts_bot_plays_a_whole_game() -> None:
    pyspiel = pytest.importorskip(
        "pyspiel", reason="the open_spiel wheel is not installed (pip install 'pickletable[peers]')"
    )
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = OpenSpielGame("card", players=2, target_score=1)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=random_state)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(random_state.choice(actions, p=weights)))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_a_registered_game_passes_openspiels_own_random_simulation_test() -> None:
    # Slam to one token: OpenSpiel's test replays each state's history, so a long game (the
    # card game's rallies can run to hundreds of steps) costs minutes.
    game_id, options = "slam", {"players": 3, "tokens_to_win": 1}
    pyspiel = pytest.importorskip(
        "pyspiel", reason="the open_spiel wheel is not installed (pip install 'pickletable[peers]')"
    )
    game = pyspiel.load_game(register_pyspiel(game_id, **options))
    assert game.num_distinct_actions() == OpenSpielGame(game_id, **options).num_distinct_actions()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    assert register_pyspiel(game_id, **options) == f"pickletable_{game_id}"  # once is enough
    with pytest.raises(ValueError, match="is registered already"):
        register_pyspiel(game_id, players=4)
