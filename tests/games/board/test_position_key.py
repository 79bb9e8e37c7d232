"""A position's key: equal for positions the rules cannot tell apart, different otherwise."""

from __future__ import annotations

import random

from pickletable.core.actions import Action
from pickletable.core.state import CHANCE
from pickletable.games.board import GAME
from pickletable.games.board.key import position_key
from pickletable.games.board.state import BoardState


def _at_first_serve(players: int, level: str, seed: int = 0) -> BoardState:
    state = GAME.new_game(players, {"level": level})
    assert isinstance(state, BoardState)
    rng = random.Random(seed)
    while state.current_player == CHANCE:
        state.push(state.sample_chance(rng))
    return state


def test_a_clone_has_the_same_key_and_the_key_is_hashable() -> None:
    state = _at_first_serve(4, "advanced")
    assert position_key(state.clone()) == position_key(state)
    assert hash(position_key(state)) == hash(position_key(state.clone()))


def test_below_advanced_the_characters_dealt_do_not_count() -> None:
    one, other = GAME.new_game(2, {"level": "beginner"}), GAME.new_game(2, {"level": "beginner"})
    for pick, state in ((0, one), (-1, other)):  # first or last card at each deal
        while state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state.push(outcomes[pick if len(outcomes) > 2 else 0][0])
    assert isinstance(one, BoardState) and isinstance(other, BoardState)
    assert one.character != other.character
    assert position_key(one) == position_key(other)


def test_at_advanced_the_characters_count() -> None:
    state = _at_first_serve(2, "advanced")
    other = state.clone()
    other.character = [other.character[2], None, other.character[0], None]
    assert position_key(other) != position_key(state)


def test_what_only_tells_the_past_does_not_count() -> None:
    state = _at_first_serve(2, "intermediate")
    other = state.clone()
    other.last_dice = {"outcome": "out", "hit": "lob"}
    other.last_play_card = "sweet-spot"
    other.history.append(Action("serve"))
    assert position_key(other) == position_key(state)


def test_levels_server_and_play_pile_order_count() -> None:
    state = _at_first_serve(4, "intermediate")
    raised = state.clone()
    raised.skill[1] += 1
    assert position_key(raised) != position_key(state)
    served = state.clone()
    served.server = (state.server or 0) ^ 1
    assert position_key(served) != position_key(state)
    drawn = state.clone()
    card = next(iter(drawn.piles["play"].unseen))
    drawn.piles["play"].take(card)
    assert position_key(drawn) != position_key(state)
    drawn.piles["play"].put_bottom(card)
    assert position_key(drawn) != position_key(state)  # the card is now known, at the bottom


def test_the_hit_count_counts_only_up_to_the_third_shot_at_advanced() -> None:
    state = _at_first_serve(2, "advanced")
    third, fifth, second = state.clone(), state.clone(), state.clone()
    third.hit_number, fifth.hit_number, second.hit_number = 3, 5, 2
    assert position_key(third) == position_key(fifth)
    assert position_key(second) != position_key(third)


def test_positions_with_one_key_have_the_same_moves() -> None:
    rng = random.Random(5)
    for level in ("beginner", "intermediate", "advanced"):
        for players in (2, 4):
            state = _at_first_serve(players, level, rng.randrange(1000))
            seen: dict[object, BoardState] = {}
            for _ in range(400):
                if state.outcome is not None:
                    break
                key = position_key(state)
                twin = seen.setdefault(key, state.clone())
                assert twin.legal_actions() == state.legal_actions()
                assert twin.chance_outcomes() == state.chance_outcomes()
                legal = state.legal_actions()
                state.push(
                    state.sample_chance(rng)
                    if state.current_player == CHANCE
                    else legal[rng.randrange(len(legal))]
                )
