"""Every bot plays only legal actions, in every game and variant."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickletable.bots import HeuristicBot, ISMCTSBot, RandomBot, bot_from_name, make_bot
from pickletable.core.agents import Agent, AgentView
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.core.state import GameState
from tests.bots.positions import VARIANTS, random_decisions, variant_id


def seen(state: GameState, seat: int | None) -> dict[str, Any]:
    """What a seat's client is sent (the game's presenter view)."""
    return get_game(state.game_id).presenter.view(state, seat)


def prompt(state: GameState) -> str:
    """What the engine waits for, in words."""
    return get_game(state.game_id).presenter.prompt(state)


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_heuristic_and_random_play_whole_games_legally(variant: tuple[str, int, Any]) -> None:
    # run_match raises IllegalActionError on the first illegal choice.
    game, players, options = variant
    for seed in range(3):
        state = get_game(game).new_game(players, options)
        seats = state.seats
        bots = {seat: HeuristicBot() if i % 2 == 0 else RandomBot() for i, seat in enumerate(seats)}
        assert run_match(state, bots, random.Random(seed)).is_over


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_every_bot_answers_random_positions_legally(variant: tuple[str, int, Any]) -> None:
    game, players, options = variant
    bots: list[Agent] = [
        RandomBot(),
        HeuristicBot(),
        ISMCTSBot(12),
        ISMCTSBot(8, rollout="heuristic"),
        bot_from_name("hard:8", game),
    ]
    for index, state in enumerate(
        random_decisions(game, players, options, 12, seed=index_seed(game))
    ):
        seat = state.current_player
        assert seat is not None
        for bot in bots:
            view = AgentView(state, seat)
            action = bot.choose(view, random.Random(index))
            assert action in view.legal_actions, (bot.name, str(action), prompt(state))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hard_card_bot_plays_whole_games_legally(players: int) -> None:
    # Its belief follows every seat's turns from one decision to the next, rally after rally.
    for seed in range(2):
        state = get_game("card").new_game(players, {"target_score": 3})
        bots: dict[int, Agent] = {
            seat: bot_from_name("hard:4", "card") if i % 2 == 0 else HeuristicBot()
            for i, seat in enumerate(state.seats)
        }
        assert run_match(state, bots, random.Random(seed)).is_over


def index_seed(game: str) -> int:
    """A fixed seed per game, so the positions are the same on every run."""
    return sum(map(ord, game))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_make_the_promised_bots(level: str) -> None:
    names = {"easy": "random", "medium": "heuristic", "hard": "ismcts"}
    assert make_bot(level, "card").name.startswith(names[level])


def test_the_search_leaves_the_true_state_alone() -> None:
    state = next(random_decisions("card", 2, {}, 1, seed=3))
    seat = state.current_player
    assert seat is not None
    before = seen(state, None), seen(state, seat), state.legal_actions()
    ISMCTSBot(30).choose(AgentView(state, seat), random.Random(1))
    assert (seen(state, None), seen(state, seat), state.legal_actions()) == before


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_a_caller_cannot_change_the_legal_actions_by_editing_the_list(
    variant: tuple[str, int, Any],
) -> None:
    # A bot may sort or trim the list it was given; the game must not see it.
    game, players, options = variant
    for state in random_decisions(game, players, options, 6, seed=index_seed(game)):
        expected = list(state.legal_actions())
        given = state.legal_actions()
        given.clear()
        assert state.legal_actions() == expected, prompt(state)
        clone = state.clone()
        clone.legal_actions().reverse()
        assert state.legal_actions() == expected
