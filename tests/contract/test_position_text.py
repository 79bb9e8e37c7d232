"""Every position of every variant prints as text and reads back as the same position.

Random positions of each variant (levels, table sizes, doubles, house
rules: `tests.contract.variants`) are written with the game definition's
`position_text` and read back with `position_from_text`: the rebuilt state
holds the same fields, lists the same legal actions and chance outcomes,
shows every seat (and a spectator) the same observation, and writes the
same text again; and both print (``str``) the same few readable lines.
"""

from __future__ import annotations

import random

import pytest

from pickletable.core.game import GameDefinition
from pickletable.core.position_text import PositionTextError
from pickletable.core.registry import get_game
from pickletable.core.state import GameState
from tests.contract.playout import choose
from tests.contract.snapshot import differences, snapshot
from tests.contract.variants import VARIANTS, Variant

EVERY = 5
"""A position is checked every this many steps (and the last one)."""


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant.name for variant in VARIANTS])
def test_a_position_read_back_from_its_text_is_the_same_position(variant: Variant) -> None:
    game = get_game(variant.game)
    state = game.new_game(variant.players, variant.options)
    rng = random.Random(7)
    step = 0
    while not state.is_over:
        if step % EVERY == 0:
            check_round_trip(game, state, f"{variant.name} step={step}")
        state.push(choose(state, rng))
        step += 1
    check_round_trip(game, state, f"{variant.name} at the end")


def check_round_trip(game: GameDefinition, state: GameState, where: str) -> None:
    text = game.position_text(state)
    again = game.position_from_text(text)
    assert snapshot(again) == snapshot(state), (
        f"{where}: {differences(snapshot(state), snapshot(again))}"
    )
    assert again.current_player == state.current_player, where
    assert again.legal_actions() == state.legal_actions(), where
    assert again.chance_outcomes() == state.chance_outcomes(), where
    for seat in (*state.seats, None):
        assert again.observe(seat) == state.observe(seat), f"{where}: seat {seat} sees otherwise"
    assert again.outcome == state.outcome, where
    assert game.position_text(again) == text, f"{where}: the text changed on reading"
    printed = str(state)
    assert printed == str(again), f"{where}: the rebuilt position prints otherwise"
    assert len(printed.splitlines()) >= 3 and " object at 0x" not in printed, where


@pytest.mark.parametrize("game_id", ["board", "card", "slam"])
def test_a_position_text_of_another_game_is_refused(game_id: str) -> None:
    other = "card" if game_id != "card" else "slam"
    text = get_game(other).position_text(get_game(other).new_game())
    with pytest.raises(PositionTextError, match=f"of game '{other}'"):
        get_game(game_id).position_from_text(text)


def test_a_position_text_naming_a_value_the_game_lacks_is_refused() -> None:
    game = get_game("board")
    text = game.position_text(game.new_game(2))
    bad = text.replace('step: {"$Step": "deal"}', 'step: {"$Outcome2": "deal"}')
    with pytest.raises(PositionTextError, match="no value of type 'Outcome2'"):
        game.position_from_text(bad)


def test_a_position_text_with_a_field_the_game_lacks_is_refused() -> None:
    game = get_game("card")
    text = game.position_text(game.new_game(2)) + "mood: 1\n"
    with pytest.raises(PositionTextError, match="no field 'mood'"):
        game.position_from_text(text)
