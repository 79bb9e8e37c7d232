"""The terminal in an 80x24 window: what just happened stays in view above a short status.

Each test plays a seeded game at the terminal with scripted answers and
reads the window at the last prompt, line for line, as a person would.
"""

from __future__ import annotations

from typing import Any

import pytest

from pickletable.cli.layout import Layout
from pickletable.games.card import GAME as CARD
from pickletable.games.card import terminal as card_renderer
from tests.cli.screen import play_to_prompt
from tests.cli.scripted import run
from tests.cli.test_card_render import second_rally, text_of
from tests.games.card.helpers import NORTH, SOUTH, start, turn
from tests.games.card.test_rally import JUNK_A

CARD_AFTER_A_DRAW = """\
Rally 1: North 0, South 0 (first to 11 by 2); South serves
Cards: North 7, South 7
Draw pile: 37 cards   Discard pile: 5 (the only card)
Your hand: [7 Smash=8 9 10]  free: Kitchen  loose: 4 9
  2 cards loose
North to draw from the draw pile or take the 5 from the discard pile
 1.  Draw from the draw pile           [draw]
 2.  Take the 5 from the discard pile  [take 5]
North, your move > 1
  North draws from the draw pile.
  You draw the Smash.
Rally 1: North 0, South 0 (first to 11 by 2); South serves
Cards: North 8, South 7
Draw pile: 36 cards   Discard pile: 5 (the only card)
Your hand: [7 Smash=8 9]  [Smash=8 9 10]  free: Kitchen  loose: 4
  1 card loose  — discard 4 to lay down
North to discard, and lay down if the hand allows
 1.  Discard the 4        [discard 4]        1L: lay down (complete)
 2.  Discard the 7        [discard 7]
 3.  Discard the 9        [discard 9]
 4.  Discard the 10       [discard 10]
 5.  Discard the Smash    [discard smash]
 6.  Discard the Kitchen  [discard kitchen]
North, your move >"""


BOARD_AFTER_A_SKILL_CARD = """\
Yellow (bot): Serve: roll the IN/OUT/ACE die
  Yellow serves: IN.
Skill: Blue 0.0, Yellow 0.0 (to 5.0); Yellow serves
Last roll:  IN     rally: hit 2
Blue's shots: Nice Smash · Bad Volley
Blue's Skill Cards: [IN, Dink] [IN, Dink] [ACE]
Blue's Strategy Cards: [Volley] [Lob] [Drop]
Blue to hit the return of serve
 1.  Roll both dice  [roll]
Blue, your move (Enter: 1) > 1
  Blue returns the serve: IN, Drive.
Yellow (bot): Play Skill Card IN, Smash instead of rolling
  Yellow plays the Skill Card IN, Smash.
  Yellow hits shot 3: IN, Smash.
Skill: Blue 0.0, Yellow 0.0 (to 5.0); Yellow serves
Shot to answer:  Smash  (from a Skill Card)
Blue's shots: Nice Smash · Bad Volley
Blue's Skill Cards: [IN, Dink] [IN, Dink] [ACE]
Blue's Strategy Cards: [Volley] [Lob] [Drop]
Blue to hit shot 4
 1.  Roll both dice                               [roll]
 2.  Play Skill Card IN, Dink instead of rolling  [skill in-dink]
 3.  Play Skill Card ACE instead of rolling       [skill ace]
Blue, your move >"""


SLAM_IN_THE_PLAY_PHASE = """\
Cards:  Player 1 6 ◀, Player 2 4, Player 3 4 (dealer)
Centre: [DRAW] [PLAY] [2 (DRAW TWO)] [2] [3]
last number 3: next may be 3 or 4 (a DRAW card may always be played)
Your hand: [1] [3] [4] [4] [5] [5 (POACH)]
Your discards (face down): [2] [2] [2]
Player 1 to play on 3 (3 or 4)
 1.  Play 3  [play 3]
 2.  Play 4  [play 4]
Player 1, your move > 1
  Player 1 plays 3.
  Player 2 plays 4.
  Player 3 plays 4.
Round 1, PLAY phase (first to 3 tokens)   Stack: 22 cards
Tokens: Player 1 0, Player 2 0, Player 3 0
Cards:  Player 1 5 ◀, Player 2 3, Player 3 3 (dealer)
Centre: (2 below) [2 (DRAW TWO)] [2] [3] [3] [4] [4]
last number 4: next may be 4 or 5 (a DRAW card may always be played)
Your hand: [1] [4] [4] [5] [5 (POACH)]
Your discards (face down): [2] [2] [2]
Player 1 to play on 4 (4 or 5)
 1.  Play 4          [play 4]
 2.  Play 5          [play 5]
 3.  Play 5 (POACH)  [play poach-5]
Player 1, your move >"""


def test_card_game_at_80x24_names_the_card_drawn_above_a_short_status_and_one_line_per_card() -> (
    None
):
    screen, _ = play_to_prompt("card", ["1"], seats="human,bot:easy", seed=3)
    assert screen == CARD_AFTER_A_DRAW


def test_board_game_at_80x24_shows_the_shot_to_answer_your_nice_and_bad_shots_and_cards() -> None:
    screen, _ = play_to_prompt(
        "board", ["1", "1"], seats="human,bot:easy", seed=2, level="advanced"
    )
    assert screen == BOARD_AFTER_A_SKILL_CARD


def test_slam_at_80x24_shows_the_moves_since_your_turn_above_a_short_status() -> None:
    screen, _ = play_to_prompt(
        "slam", ["1"] * 5, seats="human,bot:easy,bot:easy", seed=0, players=3
    )
    assert screen == SLAM_IN_THE_PLAY_PHASE


@pytest.mark.parametrize(
    ("game", "table", "seats"),
    [
        ("card", {}, "human,bot:easy"),
        ("board", {"level": "advanced", "doubles": True}, "human,bot:easy,bot:easy,bot:easy"),
        ("slam", {"players": 6}, "human," + ",".join(["bot:easy"] * 5)),
    ],
)
def test_a_tall_window_gets_the_full_board_and_a_small_one_the_status(
    game: str, table: dict[str, Any], seats: str
) -> None:
    small, _ = play_to_prompt(game, ["1"] * 3, seats=seats, seed=1, **table)
    tall, _ = play_to_prompt(game, ["1"] * 3, seats=seats, seed=1, height=70, **table)
    assert "╭" not in small  # no panel: the board is not drawn
    assert "╭" in tall.split("your move > 1")[-1]  # the last prompt drew the board


def test_layout_full_draws_the_board_even_in_a_small_window() -> None:
    screen, _ = play_to_prompt("card", ["1"], seats="human,bot:easy", seed=3, layout=Layout.FULL)
    assert "Your hand — North" in screen


def test_layout_compact_keeps_the_status_in_a_tall_window() -> None:
    screen, _ = play_to_prompt(
        "card", ["1"], seats="human,bot:easy", seed=3, layout=Layout.COMPACT, height=80
    )
    assert "╭" not in screen
    assert screen.count("Your hand: ") == 2


def test_board_draws_the_whole_table_at_any_prompt_and_asks_again() -> None:
    screen, terminal = play_to_prompt("card", ["board"], seats="human,bot:easy", seed=3)
    assert "North, your move > board" in screen
    after = screen.split("North, your move > board")[1]
    assert "Your hand — North" in after and "On the table" in after
    assert after.rstrip().endswith("North, your move >")
    assert after.count("1.  Draw from the draw pile") == 1  # the menu again, under the board
    assert [step["action"] for step in terminal.recorder.steps if step["by"] == 0] == []


def test_output_that_is_no_terminal_gets_the_full_board() -> None:
    code, out = run("play", "card", "--seed", "3", input="quit\n\n")
    assert code == 0
    assert "Your hand — North" in out


def test_an_unknown_layout_is_refused_with_the_choices() -> None:
    code, out = run("play", "card", "--layout", "wide")
    assert code == 2
    assert "compact" in out and "full" in out and "auto" in out


NORTH_TO_DISCARD = """\
Rally 2: North 0, South 0 (first to 11 by 2); South serves
Cards: North 8, South 7
Draw pile: 36 cards   Discard pile: 6 (the only card)
Your hand: [2 3 4]  [6 7 8 9]  free: Dink Shot
  complete  — discard any card to lay down
North to discard, and lay down if the hand allows
"""

FINAL_TURN = """\
Rally 1: North 0, South 0 (first to 11 by 2); North serves
Cards: North 7, South 7
Draw pile: 36 cards   Discard pile: 8 on top (2 cards)
South laid down: 1 2 3 5 5 5 Smash (complete)
Final turns: 1 left
Your hand: 1 2 4 7 8 10 Kitchen
  6 cards loose
North to draw from the draw pile or take the 8 from the discard pile (final
turn)
"""


def test_the_card_games_status_has_the_score_piles_table_and_your_hand_in_melds() -> None:
    shown = text_of(card_renderer.status(CARD.presenter.view(second_rally(), NORTH)))
    assert shown == NORTH_TO_DISCARD


def test_a_hand_laid_down_and_the_final_turns_are_in_the_status() -> None:
    state = start({NORTH: JUNK_A, SOUTH: "1 2 3 5 5 5 smash"}, flip="9")
    turn(state, "8", lay=True)
    lines = text_of(card_renderer.status(CARD.presenter.view(state, NORTH))).splitlines()
    assert "\n".join(line.rstrip() for line in lines) + "\n" == FINAL_TURN
    spectator = text_of(card_renderer.status(CARD.presenter.view(state, None)))
    assert "Your hand" not in spectator and "Kitchen" not in spectator
