"""The omniscient yardstick: the hard bot's search on the true state, for the arena only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickletable.bots import OmniscientBot, bot_from_name, make_bot
from pickletable.bots.omniscient import _TrueView
from pickletable.core.agents import AgentView
from pickletable.core.errors import SeatError
from pickletable.core.registry import get_game
from pickletable.core.state import GameState
from tests.bots.positions import random_decisions


def seen(state: GameState, seat: int | None) -> dict[str, Any]:
    """What a seat's client is sent (the game's presenter view)."""
    return get_game(state.game_id).presenter.view(state, seat)


def test_the_arena_name_gives_the_hard_search_seeing_every_hand() -> None:
    bot = bot_from_name("omniscient", "card")
    assert isinstance(bot, OmniscientBot)
    assert bot.name == "omniscient(150, heuristic)"
    assert bot_from_name("omniscient:50:random", "slam").name == "omniscient(50)"
    assert bot_from_name("omniscient:200ms", "card").name == "omniscient(200ms, heuristic)"


def test_no_seat_at_a_table_can_get_it() -> None:
    with pytest.raises(SeatError, match="easy, medium, hard"):
        make_bot("omniscient", "card")


@pytest.mark.parametrize("game, players", [("card", 2), ("slam", 3)])
def test_its_samples_hold_the_true_hidden_cards(game: str, players: int) -> None:
    for state in random_decisions(game, players, {}, 5, seed=11):
        seat = state.current_player
        assert seat is not None
        fair = AgentView(state, seat)
        true = _TrueView(state, seat)
        for other in state.seats:
            truth = seen(state, other)
            assert seen(true.sample(random.Random(1)), other) == truth
        # The fair view's samples are only consistent with what the seat knows.
        assert seen(fair.sample(random.Random(1)), seat) == seen(state, seat)


def test_it_plays_legal_moves_and_leaves_the_true_state_alone() -> None:
    bot = bot_from_name("omniscient:30", "card")
    for state in random_decisions("card", 2, {}, 6, seed=4):
        seat = state.current_player
        assert seat is not None
        before = seen(state, None), [seen(state, s) for s in state.seats]
        action = bot.choose(AgentView(state, seat), random.Random(2))
        assert action in state.legal_actions()
        assert (seen(state, None), [seen(state, s) for s in state.seats]) == before
