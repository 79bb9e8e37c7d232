"""`board` at a prompt in an 80x24 window: the whole board and the menu on one screen."""

from __future__ import annotations

from pickletable.cli.layout import Layout
from tests.cli.screen import play_to_prompt

DOUBLES_BOARD = """\
╭───────────────── Court — Doubles, Advanced — skill to 5.0 ─────────────────╮
│        Yellow · Baseline Bea                Black · Third-Shot Theo        │
│       Nice Drive · Bad Volley                Nice Drop · Bad Smash         │
│           ·········· 0.0                        ·········· 0.0             │
│ ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━  NET  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ │
│        Red · Spin Doctor Sid                 Blue · Big Banger Bo          │
│        Nice Drive · Bad Lob                  Nice Drive · Bad Dink         │
│           ·········· 0.0              █········· 0.5 · serving · ● to hit  │
╰────────────────────────────────────────────────────────────────────────────╯
 Cards   Skill Cards                         Strategy Cards
 Blue    [IN, Volley] [IN, Drive] [IN, Lob]  [Volley] [Dink] [Dink]
 Red     [ACE] [IN, Lob]                     [Dink] [Lob] [Volley]
 Yellow  [IN, Dink] [ACE] [ACE]              [Drop] [Drop] [Lob]
 Black   [ACE] [IN, Drop] [IN, Dink]         [Drop] [Drive]
Last roll:  OUT    Smash     rally: hit 1
Last Play Card: You stop to tie a shoelace. Nothing happens.
Blue to serve
 1.  Serve: roll the IN/OUT/ACE die  [serve]
Blue, your move (Enter: 1) >"""


def test_the_doubles_board_fits_80x24_with_every_card_on_its_line() -> None:
    screen, _ = play_to_prompt(
        "board",
        ["1", "1", "board"],
        seats="human,bot:easy,bot:easy,bot:easy",
        seed=1,
        level="advanced",
        doubles=True,
        layout=Layout.COMPACT,
    )
    assert screen.endswith("board\n" + DOUBLES_BOARD)  # the top of the board is on screen
    assert DOUBLES_BOARD.count("\n") + 1 == 19  # room for a menu of five moves


def test_a_singles_board_with_a_long_menu_fits_80x24() -> None:
    screen, _ = play_to_prompt(
        "board", ["1", "1", "board"], seats="human,bot:easy", seed=2, level="advanced"
    )
    board_and_menu = screen[screen.rindex("board\n") + len("board\n") :]
    assert board_and_menu.startswith("╭")
    assert len(board_and_menu.split("\n")) <= 23


FOUR_PLAYER_CARD_TABLE = """\
╭─────────── Rally 1 — to 11 by 2 — North & South 0, East & West 0 ────────────╮
│  Seat     Cards  On the table                                                │
│  North ◀      8                                                              │
│  East         7                                                              │
│  South        7                                                              │
│  West         7  took from the discard pile: Smash                           │
│ Draw pile: 19 cards   Discard pile: 2 on top (4 cards)   West serves         │
╰──────────────────────────────────────────────────────────────────────────────╯
Your hand — North: none  free: Dink Shot  loose: 4 6 6 8 10 10 Kitchen
  7 cards loose  — discard any card but Dink Shot to lay down
North to discard, and lay down if the hand allows
 1.  Discard the 4          [discard 4]        1L: lay down (with a Dink Shot)
 2.  Discard the 6          [discard 6]        2L: lay down (with a Dink Shot)
 3.  Discard the 8          [discard 8]        3L: lay down (with a Dink Shot)
 4.  Discard the 10         [discard 10]       4L: lay down (with a Dink Shot)
 5.  Discard the Kitchen    [discard kitchen]  5L: lay down (with a Dink Shot)
 6.  Discard the Dink Shot  [discard dink]
North, your move >"""


def test_the_four_player_card_table_fits_80x24_with_its_menu() -> None:
    screen, _ = play_to_prompt(
        "card",
        ["1", "1", "n", "1", "board"],
        seats="human,bot:easy,bot:easy,bot:easy",
        seed=5,
        players=4,
    )
    assert screen.endswith("North, your move > board\n" + FOUR_PLAYER_CARD_TABLE)
