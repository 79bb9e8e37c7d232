"""A bot decides from what its seat may know: hidden cards dealt otherwise change nothing.

Each pair of positions is one position and a `resample` of it for the seat
to act: everything that seat sees is the same, every hidden card may differ.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pickletable.bots import HeuristicBot, ISMCTSBot, RandomBot
from pickletable.core.agents import Agent, AgentView
from tests.bots.positions import VARIANTS, random_decisions, variant_id

HIDDEN = [variant for variant in VARIANTS if variant[0] != "board"]


def pairs(variant: tuple[str, int, dict[str, Any]], count: int) -> list[tuple[Any, Any, int]]:
    game, players, options = variant
    found = []
    for index, state in enumerate(random_decisions(game, players, options, count, seed=17)):
        seat = state.current_player
        assert seat is not None
        other = state.resample(seat, random.Random(1000 + index))
        assert other.observation(seat) == state.observation(seat)
        found.append((state, other, seat))
    return found


def decisions(bot: Agent, state: Any, seat: int, seed: int) -> str:
    return str(bot.choose(AgentView(state, seat), random.Random(seed)))


@pytest.mark.parametrize("variant", HIDDEN, ids=variant_id)
def test_random_and_heuristic_bots_ignore_hidden_cards(variant: tuple[str, int, Any]) -> None:
    for index, (state, other, seat) in enumerate(pairs(variant, 25)):
        for bot in (RandomBot(), HeuristicBot()):
            assert decisions(bot, state, seat, index) == decisions(bot, other, seat, index)


@pytest.mark.parametrize("variant", HIDDEN, ids=variant_id)
def test_ismcts_ignores_hidden_cards(variant: tuple[str, int, Any]) -> None:
    for index, (state, other, seat) in enumerate(pairs(variant, 6)):
        bot = ISMCTSBot(25, prior=False)
        assert decisions(bot, state, seat, index) == decisions(bot, other, seat, index)


def test_ismcts_reads_only_the_view_on_the_open_board_game() -> None:
    # The board game hides nothing: a clone is all there is to vary.
    for index, state in enumerate(random_decisions("board", 2, {"level": "advanced"}, 5, seed=4)):
        seat = state.current_player
        assert seat is not None
        bot = ISMCTSBot(25)
        assert decisions(bot, state, seat, index) == decisions(bot, state.clone(), seat, index)


def test_ismcts_is_deterministic_for_a_seed() -> None:
    state = next(random_decisions("slam", 3, {}, 1, seed=8))
    seat = state.current_player
    assert seat is not None
    first = [decisions(ISMCTSBot(40), state, seat, seed) for seed in range(4)]
    assert first == [decisions(ISMCTSBot(40), state, seat, seed) for seed in range(4)]
