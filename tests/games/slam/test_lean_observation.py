"""Slam's lean observation (what a search's rollouts read): the full one, less what they skip."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pickletable.core.match import random_policy, run_match
from pickletable.core.state import CHANCE
from pickletable.games.slam import GAME
from pickletable.games.slam.observer import observe
from pickletable.games.slam.position import SlamPosition

SKIPPED = {
    "discard_counts": (),
    "stack_count": 0,
    "centre": (),
    "may_follow": (),
    "starter": None,
    "draw_turns": None,
    "tokens": (),
    "outcome": None,
    "discards": (),
    "known_hands": {},
}
"""The fields a lean observation leaves empty; its hand is the full one's in another order."""


@pytest.mark.parametrize(
    "options", [{"players": 3}, {"players": 6}, {"players": 4, "doubles": True}]
)
def test_a_lean_observation_is_the_full_one_but_for_the_fields_rollouts_never_read(
    options: dict[str, object],
) -> None:
    players = int(str(options.pop("players")))
    for seed in range(4):
        state = GAME.new_game(players, options)
        assert isinstance(state, SlamPosition)
        rng = random.Random(seed)
        while state.current_player is not None:
            seat = state.current_player
            if seat != CHANCE:
                full, lean = observe(state, seat), observe(state, seat, lean=True)
                assert sorted(lean.hand) == sorted(full.hand)
                assert lean == replace(full, hand=lean.hand, **SKIPPED)  # type: ignore[arg-type]
            run_match(state, random_policy, rng, max_steps=1, must_end=False)
