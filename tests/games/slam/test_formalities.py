"""Formalities: a seat asked only so that being asked reveals nothing, with one answer.

Records and learning keep every step; `is_formality()` lets a front end
answer these for a person. A single action that is a real move (a lone
target, a lone card to answer with) is no formality.
"""

from __future__ import annotations

import random

import pytest

from pickletable.core.state import CHANCE
from tests.games.slam.helpers import arrange, legal, new_game, play

FORMAL = {"decline", "keep", "pass", "yours"}
"""The verbs a lone move has when it is a formality."""
HANDS_3 = [["1", "2", "3", "4", "5"], ["1", "2", "draw", "draw", "5"], ["1", "1", "2", "3", "4"]]


def test_keeping_a_dealt_hand_without_extra_draw_cards_is_a_formality() -> None:
    state = new_game(3)
    for index in range(15):
        play(state, f"card {HANDS_3[index % 3][index // 3]}")
    assert state.current_player == 0 and legal(state) == ["keep"]
    assert state.is_formality()
    play(state, "keep")
    # Player 2 was dealt two DRAW cards: keeping them is a choice.
    assert legal(state) == ["keep", "swap 1"]
    assert not state.is_formality()


def test_declining_a_poach_window_without_a_poach_is_a_formality() -> None:
    state = arrange(new_game(3), hands=[["target-5", "1"], ["2"], ["3"]], leader=0)
    play(state, "play target-5", "target p2")
    assert state.current_player == 2 and legal(state) == ["decline"]
    assert state.is_formality()


def test_a_poach_window_with_a_poach_in_hand_is_a_choice() -> None:
    state = arrange(new_game(3), hands=[["target-5", "1"], ["2"], ["poach-2"]], leader=0)
    play(state, "play target-5", "target p2")
    assert legal(state) == ["play poach-2", "decline"]
    assert not state.is_formality()


def test_a_forced_pass_is_a_formality() -> None:
    state = arrange(new_game(3), hands=[["3"], ["1"], ["4"]], leader=0)
    play(state, "play 3")
    assert state.current_player == 1 and legal(state) == ["pass"]
    assert state.is_formality()


def test_a_doubles_lead_who_cannot_play_handing_over_is_a_formality() -> None:
    state = arrange(
        new_game(4, doubles=True), hands=[["1"], ["4"], ["4"], ["4"]], leader=2, last_number=3
    )
    play(state, "play 4")
    assert legal(state) == ["yours"]
    assert state.is_formality()


def test_a_lead_who_can_play_or_hand_over_has_a_choice() -> None:
    state = arrange(new_game(4, doubles=True), hands=[["5", "1"], ["4"], ["4"], ["4"]], leader=2)
    play(state, "play 4")
    assert legal(state) == ["play 5", "yours"]
    assert not state.is_formality()


def test_a_play_is_never_a_formality_even_when_it_is_the_only_one() -> None:
    state = arrange(new_game(3), hands=[["3"], ["4", "1"], ["2"]], leader=0)
    play(state, "play 3")
    assert legal(state) == ["play 4"]
    assert not state.is_formality()


def test_a_lone_target_is_a_choice_made_not_a_formality() -> None:
    state = arrange(new_game(3), hands=[["switch-2", "1"], ["2"], []], leader=0)
    play(state, "play switch-2")
    assert legal(state) == ["target p2"]
    assert not state.is_formality()


def test_keeping_the_drawn_card_of_a_short_hand_is_a_formality() -> None:
    state = arrange(
        new_game(3, refill_short_hands=True), hands=[["1"], ["1"], ["2"]], phase="draw", leader=0
    )
    play(state, "card 4")
    assert legal(state) == ["keep"]
    assert state.is_formality()


def test_passing_an_empty_draw_turn_without_a_play_card_is_a_formality() -> None:
    state = arrange(
        new_game(3), hands=[["draw"], ["1"], []], leader=0, stack=[], centre=[], rest_to=2
    )
    play(state, "play draw")
    assert state.current_player == 1 and legal(state) == ["pass"]
    assert state.is_formality()
    play(state, "pass")
    # Player 3 holds a PLAY card: laying it or passing is a choice.
    assert legal(state) == ["discard play", "pass"]
    assert not state.is_formality()


def test_chance_and_the_end_of_the_game_are_no_formalities() -> None:
    state = new_game(3)
    assert not state.is_formality()
    state = arrange(new_game(3, tokens_to_win=1), hands=[["5"], [], []], leader=0)
    play(state, "play 5")
    assert state.is_over and not state.is_formality()


@pytest.mark.parametrize(
    "options",
    [{}, {"doubles": True}, {"refill_short_hands": True}, {"doubles": True, "must_play": False}],
    ids=["three", "doubles", "refill", "doubles-may-pass"],
)
def test_over_random_games_a_lone_move_is_a_formality_exactly_when_it_says_nothing(
    options: dict[str, object],
) -> None:
    # The front ends rely on this split: decline, keep, pass and "yours" alone are
    # answered for a person; a lone card played, answer, discard or target stays theirs.
    players = 4 if options.get("doubles") else 3
    seen: set[tuple[str, bool]] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(players, **options)
        while not state.is_over:
            legal = state.legal_actions()
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if len(legal) == 1:
                verb = legal[0].verb
                assert state.is_formality() == (verb in FORMAL), (verb, state.step)
                seen.add((verb, state.is_formality()))
            state.apply(legal[rng.randrange(len(legal))])
    assert {verb for verb, formal in seen if not formal} <= {"play", "target", "answer", "discard"}
    assert any(formal for _, formal in seen)
