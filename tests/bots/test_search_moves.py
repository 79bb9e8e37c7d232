"""The search bots play, move for move, the games they played before their rollouts moved onto
the one game loop (and Slam's onto the observer's lean mode): each game's moves, as a digest."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from pickletable.bots import bot_from_name
from pickletable.core.agents import Agent
from pickletable.core.match import run_match
from pickletable.core.registry import get_game

# game, players, options, the bot at the first seat (medium elsewhere), seed, steps, digest
GAMES: list[tuple[str, int, dict[str, Any], str, int, int, str]] = [
    ("board", 2, {"level": "advanced"}, "hard", 0, 171, "4490324ed8fe"),
    ("card", 2, {}, "hard", 0, 226, "ed56b28fdfd3"),
    ("slam", 3, {"tokens_to_win": 1}, "hard", 2, 59, "d1985e680b61"),
    ("card", 3, {}, "ismcts:40", 0, 211, "33d7307f6d13"),
    ("slam", 3, {"tokens_to_win": 1}, "ismcts:40", 1, 37, "32f91b439232"),
    ("board", 2, {"level": "intermediate"}, "ismcts:40", 0, 192, "d36dc46a5208"),
]


def lighter(bot: Agent) -> Agent:
    """The bot with a small fixed budget and no clock: the same moves on any machine."""
    parts: list[Any] = [bot, getattr(bot, "search", None)]
    for part in parts:
        if part is None:
            continue
        if hasattr(part, "milliseconds"):
            part.milliseconds = None
        if isinstance(getattr(part, "rollouts", None), int):
            part.rollouts = 24
        if hasattr(part, "iterations"):
            part.iterations = 40
    return bot


@pytest.mark.parametrize(("game", "players", "options", "bot", "seed", "steps", "digest"), GAMES)
def test_a_search_bot_plays_the_game_it_played_before(
    game: str, players: int, options: dict[str, Any], bot: str, seed: int, steps: int, digest: str
) -> None:
    state = get_game(game).new_game(players, options)
    agents = {
        seat: lighter(bot_from_name(bot if seat == state.seats[0] else "medium", game))
        for seat in state.seats
    }
    run_match(state, agents, random.Random(seed))
    moves = " ".join(str(action) for action in state.history)
    assert (len(state.history), hashlib.sha1(moves.encode()).hexdigest()[:12]) == (steps, digest)
