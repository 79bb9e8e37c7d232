"""``hint`` at a terminal prompt: the hard bot's move and its win chance against the next best."""

from __future__ import annotations

import random

from pickletable.bots.coaching import hint
from pickletable.core.registry import get_game
from tests.cli.screen import play_to_prompt


def test_hint_at_the_card_prompt_names_a_move_and_its_win_chance() -> None:
    screen, terminal = play_to_prompt("card", ["hint"], seats="human,bot:easy", seed=5, players=2)
    assert "Hint: " in screen
    assert "Win chance after it about" in screen
    assert terminal.recorder.meta["hints"] == {"0": 1}  # the record says who used one


def test_a_hint_never_uses_the_other_seats_hidden_cards() -> None:
    """Two deals that look the same to the seat get the same hint."""
    state = get_game("card").new_game(2)
    rng = random.Random(3)
    while state.current_player == -1:
        state.push(state.sample_chance(rng))
    seat = state.current_player
    assert seat is not None
    other = state.resample(seat, random.Random(8))
    assert other.observe(seat) == state.observe(seat)
    assert hint(other, seat, {}) == hint(state, seat, {})
