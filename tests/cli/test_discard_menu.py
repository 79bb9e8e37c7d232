"""The card game's discard menu: one choice per card; laying down is that choice's flag.

The notation and the records are unchanged (``discard 4 lay``); only the
menu a person reads groups the two actions of a card into one line.
"""

from __future__ import annotations

import pytest

from pickletable.cli.menu import Menu, Pick, Refusal
from pickletable.games.card import GAME
from tests.cli.screen import play_to_prompt
from tests.cli.test_card_render import second_rally
from tests.games.card.helpers import NORTH, SOUTH, draw, start

DRAW = "1"
"""Seed 3: North draws a Smash; only discarding the 4 lays the hand down (complete)."""


def north_moves(answers: list[str]) -> list[str]:
    """North's moves in the record after `answers` (seed 3, North against a random bot)."""
    _, terminal = play_to_prompt("card", answers, seats="human,bot:easy", seed=3)
    return [step["action"] for step in terminal.recorder.steps if step["by"] == NORTH]


def test_each_card_is_offered_once_and_the_lay_down_is_marked_on_its_line() -> None:
    screen, _ = play_to_prompt("card", [DRAW], seats="human,bot:easy", seed=3)
    menu = screen.split("North to discard, and lay down if the hand allows\n")[1]
    assert menu.splitlines()[:6] == [
        " 1.  Discard the 4        [discard 4]        1L: lay down (complete)",
        " 2.  Discard the 7        [discard 7]",
        " 3.  Discard the 9        [discard 9]",
        " 4.  Discard the 10       [discard 10]",
        " 5.  Discard the Smash    [discard smash]",
        " 6.  Discard the Kitchen  [discard kitchen]",
    ]
    assert "and lay down" not in menu


def test_a_number_and_l_discards_and_lays_down_at_once() -> None:
    assert north_moves([DRAW, "1L"]) == ["draw", "discard 4 lay"]
    assert north_moves([DRAW, "1 l"]) == ["draw", "discard 4 lay"]


@pytest.mark.parametrize(("answer", "move"), [("y", "discard 4 lay"), ("n", "discard 4")])
def test_a_number_alone_asks_whether_to_lay_down_too(answer: str, move: str) -> None:
    screen, _ = play_to_prompt("card", [DRAW, "1"], seats="human,bot:easy", seed=3)
    assert screen.endswith(
        "North, your move > 1\n"
        "Discard the 4, and lay down (complete)? y or n (Enter: choose again) >"
    )
    assert north_moves([DRAW, "1", answer]) == ["draw", move]


def test_enter_at_the_question_goes_back_to_the_menu() -> None:
    screen, _ = play_to_prompt("card", [DRAW, "1", "", "2"], seats="human,bot:easy", seed=3)
    assert "(Enter: choose again) >\nNorth, your move > 2" in screen
    assert north_moves([DRAW, "1", "", "2"]) == ["draw", "discard 7"]


def test_a_card_that_lays_nothing_down_is_discarded_without_a_question() -> None:
    assert north_moves([DRAW, "3"]) == ["draw", "discard 9"]


def test_l_on_a_card_that_cannot_lay_down_is_refused_with_the_reason() -> None:
    screen, _ = play_to_prompt("card", [DRAW, "3L"], seats="human,bot:easy", seed=3)
    assert "Choice 3 has no 'L'; type 3 alone." in screen


def test_the_notation_still_names_both_actions() -> None:
    assert north_moves([DRAW, "discard 4 lay"]) == ["draw", "discard 4 lay"]
    assert north_moves([DRAW, "discard 4"]) == ["draw", "discard 4"]
    assert north_moves([DRAW, "4 lay"]) == ["draw", "discard 4 lay"]


def test_the_presenter_groups_every_discard_with_its_lay_down() -> None:
    # North holds 2 3 4 6 7 8 9 Dink Shot: any discard lays down, with the Dink Shot
    # or, discarding the Dink Shot, complete.
    state = second_rally()
    actions = state.legal_actions()
    choices = GAME.presenter.menu(state, actions)
    assert len(choices) == len(set(state.hands[NORTH]))
    assert [(c.label, str(c.flagged), c.flag_label) for c in choices][:2] == [
        ("Discard the 2", "discard 2 lay", "lay down (with a Dink Shot)"),
        ("Discard the 3", "discard 3 lay", "lay down (with a Dink Shot)"),
    ]
    assert (choices[-1].label, choices[-1].flag_label) == (
        "Discard the Dink Shot",
        "lay down (complete)",
    )
    menu = Menu(choices, actions)
    every = {str(c.action) for c in choices} | {str(c.flagged) for c in choices}
    assert every == {str(a) for a in actions}  # nothing offered is lost
    assert isinstance(menu.read("1"), Pick) and menu.read("1") == Pick(choices[0])


def test_a_hand_that_cannot_lay_down_has_no_flag_anywhere() -> None:
    state = start({NORTH: "1 2 4 7 8 10 kitchen", SOUTH: "1 3 5 6 9 10 kitchen"}, flip="9")
    draw(state, "3")
    choices = GAME.presenter.menu(state, state.legal_actions())
    assert all(choice.flagged is None for choice in choices)
    assert isinstance(Menu(choices).read("1L"), Refusal)
