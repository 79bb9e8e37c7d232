"""The card renderer and the hand report, rendered into a string and compared as text."""

from __future__ import annotations

import io

import pytest
from rich.console import Console, RenderableType

from pickletable.cli.hand_command import hand_report
from pickletable.core.errors import PickletableError
from pickletable.games.card import GAME
from pickletable.games.card.cards import CardNameError, HandError
from pickletable.games.card.state import CardState
from pickletable.games.card.terminal import render
from tests.games.card.helpers import NORTH, SOUTH, deal, draw, pass_turn, start, turn
from tests.games.card.test_rally import JUNK_A


def text_of(renderable: RenderableType, width: int = 80) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def second_rally() -> CardState:
    """South lays down a complete hand as receiver; rally 2, North to discard."""
    state = start({NORTH: JUNK_A, SOUTH: "1 2 3 5 5 5 smash"}, flip="9")
    turn(state, "8", lay=True)
    pass_turn(state)
    deal(state, {NORTH: "2 3 4 6 7 8 dink", SOUTH: "1 1 4 9 10 kitchen kitchen"}, flip="6")
    draw(state, "9")
    return state


EXPECTED_NORTH = """\
╭────────────────── Rally 2 — to 11 by 2 — North 0, South 0 ───────────────────╮
│  Seat     Cards  On the table                                                │
│  North ◀      8                                                              │
│  South        7                                                              │
│ Draw pile: 36 cards   Discard pile: 6 (the only card)   South serves         │
│ Rally 1 scored (every final turn was played): North 0; South 0. South laid   │
│ down the first complete hand and serves next.                                │
╰──────────────────────────────────────────────────────────────────────────────╯
Your hand — North: [2 3 4]  [6 7 8 9]  free: Dink Shot
  complete  — discard any card to lay down
North to discard, and lay down if the hand allows
"""


def test_your_hand_is_shown_sorted_in_melds_with_its_verdict() -> None:
    assert text_of(render(GAME.presenter.view(second_rally(), NORTH))) == EXPECTED_NORTH


def test_another_seats_hand_is_never_drawn() -> None:
    state = second_rally()
    shown = text_of(render(GAME.presenter.view(state, SOUTH)))
    assert "Your hand — South" in shown and "Dink Shot" not in shown.split("Rally 1")[0]
    assert "Your hand" not in text_of(render(GAME.presenter.view(state, None)))


def test_laid_down_hands_and_final_turns_are_on_the_table() -> None:
    state = start({NORTH: JUNK_A, SOUTH: "1 2 3 5 5 5 smash"}, flip="9")
    turn(state, "8", lay=True)
    shown = text_of(render(GAME.presenter.view(state, NORTH)), width=100)
    assert "laid down: 1 2 3 5 5 5 Smash (complete)" in shown
    assert "Final turns: 1 left" in shown
    assert "Melds:  [1 2]" not in shown and "6 cards loose" in shown


def test_the_rally_summary_says_why_each_point_was_scored() -> None:
    state = start({NORTH: "1 2 3 4 5 pickler dink", SOUTH: "2 4 6 8 10 3 dink"}, flip="9")
    turn(state, "8")
    turn(state, "9", lay=True)
    pass_turn(state)
    shown = text_of(render(GAME.presenter.view(state, NORTH)), width=120)
    shown = " ".join(shown.replace("│", " ").split())  # the summary's lines, as one
    assert (
        "North: 1 for Dink Shot, 1 for complete hand while serving, "
        "1 for Pickler in a complete hand"
    ) in shown
    assert "South: 1 for Dink Shot" in shown
    assert "North laid down the first Dink Shot and serves next." in shown


def test_a_rally_ended_by_the_draw_pile_says_how_often_it_ran_out() -> None:
    # Without a reshuffle the pile runs out once; the log and the panel say so alike.
    state = start({NORTH: JUNK_A, SOUTH: "1 3 5 6 9 10 kitchen"}, flip="9", reshuffle_limit=0)
    while state.rally == 1:
        pass_turn(state)
    shown = text_of(render(GAME.presenter.view(state, NORTH)))
    assert "Rally 1 scored (the draw pile ran out)" in shown


def test_first_server_cards_are_shown_face_up() -> None:
    from tests.games.card.helpers import new_game, play

    state = new_game(3)
    play(state, "show 4", "show dink")
    shown = text_of(render(GAME.presenter.view(state, None)))
    assert "Dealt face up for the first server: North 4, East Dink Shot" in shown


# --- pickletable hand -------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (
            "3 3 3 5 6 7 smash",
            """\
Hand: 3 3 3 5 6 7 Smash
Complete.
Split: [3 3 3]  [5 6 7 Smash=8]
Value laid down by the serving team: 1 (complete 1).
""",
        ),
        (
            "pickler pickler 1 2 3 4 dink",
            """\
Hand: 1 2 3 4 Pickler Pickler Dink Shot
Complete.
Split: [1 Pickler=1 Pickler=1]  [2 3 4]  free: Dink Shot
Value laid down by the serving team: 4 (complete 1, Picklers 2, Dink Shot 1).
""",
        ),
        (
            "9 10 Smash 2 2 2 kitchen",
            """\
Hand: 2 2 2 9 10 Smash Kitchen
Complete.
Split: [2 2 2]  [Smash=8 9 10]  free: Kitchen
Value laid down by the serving team: 1 (complete 1).
""",
        ),
        (
            "dink 1 2 4 6 8 10",
            """\
Hand: 1 2 4 6 8 10 Dink Shot
Not complete: 6 cards loose.
Best split: no meld  free: Dink Shot  loose: 1 2 4 6 8 10
Value laid down by the serving team: 1 (Dink Shot 1).
""",
        ),
        (
            "kitchen dink 1 2 3 4 5",
            """\
Hand: 1 2 3 4 5 Kitchen Dink Shot
Not complete: 1 card loose.
Best split: [1 2 3 4 5]  free: Dink Shot  loose: Kitchen
Value laid down by the serving team: 1 (Dink Shot 1).
""",
        ),
        (
            "1 2 4 5 7 8 kitchen",
            """\
Hand: 1 2 4 5 7 8 Kitchen
Not complete: 6 cards loose.
Best split: no meld  free: Kitchen  loose: 1 2 4 5 7 8
It may not be laid down (incomplete, no Dink Shot); it scores 0.
""",
        ),
    ],
)
def test_hand_report(hand: str, expected: str) -> None:
    assert text_of(hand_report(hand)) == expected


def test_hand_report_names_the_allowed_cards_for_a_bad_name() -> None:
    with pytest.raises(CardNameError) as error:
        hand_report("3 3 3 5 6 7 joker")
    assert isinstance(error.value, PickletableError)
    assert "'joker' is not a card of this deck" in str(error.value)
    assert "smash, pickler, kitchen, dink" in str(error.value)


@pytest.mark.parametrize(
    ("hand", "problem"),
    [
        ("3 3 3 5 6 7", "a hand has 7 cards; '3 3 3 5 6 7' has 6"),
        ("3 3 3 5 6 7 8 9", "has 8"),
        ("3 3 3 3 3 6 7", "the deck has only 4 copies of 3; the hand has 5"),
        ("dink dink dink 1 2 3 4", "only 2 copies of Dink Shot"),
    ],
)
def test_hand_report_refuses_hands_the_deck_cannot_hold(hand: str, problem: str) -> None:
    with pytest.raises(HandError, match=problem):
        hand_report(hand)


def test_hand_accepts_dink_shot_as_two_words_and_commas() -> None:
    assert "Complete." in text_of(hand_report("1, 2, 3, 4, 5, 6, Dink Shot"))
