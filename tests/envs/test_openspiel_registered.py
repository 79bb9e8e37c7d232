"""The games registered with OpenSpiel (`pickletable.openspiel`), run by OpenSpiel's own code:
its random-simulation test, its MCTS bot, and exact CFR and exploitability on the tiny board
game. Needs the open_spiel wheel (the ``peers`` extra, which `make test` installs)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the open_spiel wheel is not installed (pip install 'pickletable[peers]')"
)

from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability, mcts  # noqa: E402

from pickletable.core.errors import OptionError  # noqa: E402
from pickletable.openspiel import (  # noqa: E402
    GAMES,
    OpenSpielGame,
    bridge_of,
    load,
    register,
    tiny_board,
)

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("board", {}),
    ("board", {"players": 4, "level": "intermediate", "target": 1.5}),
    ("card", {}),
    ("card", {"players": 3, "target_score": 3}),
    ("slam", {"players": 3}),
    ("slam", {"players": 6, "tokens_to_win": 1}),
]


def test_importing_the_bridge_registers_every_game_with_openspiel() -> None:
    registered = set(pyspiel.registered_names())
    assert {f"pickletable_{game}" for game in GAMES} <= registered
    assert register("card") == "pickletable_card"  # again: nothing changes


def test_a_variant_is_loaded_by_its_parameters_as_openspiel_loads_its_own_games() -> None:
    game = pyspiel.load_game("pickletable_card(players=3,target_score=5)")
    assert game.num_players() == 3 and bridge_of(game).options["target_score"] == 5
    plain = OpenSpielGame("card", players=3)
    assert game.num_distinct_actions() == plain.num_distinct_actions()
    assert game.get_type().max_num_players == 4 and game.get_type().min_num_players == 2
    with pytest.raises(OptionError, match="played by 2, 4 players, not 3"):
        pyspiel.load_game("pickletable_board(players=3)")


@pytest.mark.parametrize(
    ("game_id", "options"), VARIANTS, ids=[f"{g}-{o or 'default'}" for g, o in VARIANTS]
)
def test_every_game_passes_openspiels_own_random_simulation_test(
    game_id: str, options: dict[str, Any]
) -> None:
    game = load(game_id, **options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiels_mcts_bot_plays_a_whole_game() -> None:
    game = load("card", target_score=3)
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


def test_cfr_on_the_tiny_board_game_lowers_its_exact_exploitability() -> None:
    """OpenSpiel's exact best response over the whole tree of the tiny board game (cut at 13
    steps: 1,493 states): uniform play can be exploited, two CFR iterations less so."""
    game = load("board", **tiny_board(13))
    uniform = exploitability.exploitability(game, policy_lib.TabularPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    learned = exploitability.exploitability(game, solver.average_policy())
    assert uniform > 0 and 0 <= learned < uniform
