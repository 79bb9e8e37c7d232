"""Random positions of every game and variant, for the bot tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pickletable.core.chance import sample_outcome
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState

VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("board", 2, {"level": "beginner"}),
    ("board", 2, {"level": "intermediate", "stanchion_rule": True}),
    ("board", 2, {"level": "advanced"}),
    ("board", 4, {"level": "advanced"}),
    ("card", 2, {}),
    ("card", 3, {}),
    ("card", 4, {}),
    ("slam", 3, {}),
    ("slam", 5, {}),
    ("slam", 4, {"doubles": True}),
]
"""Every game, at its table sizes and main options."""


def variant_id(variant: tuple[str, int, dict[str, Any]]) -> str:
    """A readable test id: ``card-3`` or ``board-2-level=advanced``."""
    game, players, options = variant
    words = [game, str(players), *(f"{k}={v}" for k, v in options.items())]
    return "-".join(words)


def random_decisions(
    game: str, players: int, options: dict[str, Any], count: int, seed: int
) -> Iterator[GameState]:
    """`count` positions where a seat is to act, reached by random play.

    A position with a real choice (two legal actions or more) is preferred;
    games without one (the beginner board game) give single-action positions.
    """
    rng = random.Random(seed)
    found = 0
    while found < count:
        state = get_game(game).new_game(players, options)
        stop = rng.randrange(5, 150)
        decisions = 0
        while state.current_player is not None:
            player = state.current_player
            legal = state.legal_actions()
            if player != CHANCE:
                decisions += 1
                if decisions >= stop and (len(legal) > 1 or decisions >= 3 * stop):
                    found += 1
                    yield state
                    break
            action = sample_outcome(state, rng) if player == CHANCE else rng.choice(legal)
            state.apply(action)
