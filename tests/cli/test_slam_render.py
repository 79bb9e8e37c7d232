"""The Slam terminal renderer, rendered into a string and compared as text."""

from __future__ import annotations

import io

from rich.console import Console

from pickletable.games.slam.scenario import arrange
from pickletable.games.slam.state import SlamState
from pickletable.games.slam.terminal import render
from tests.games.slam.helpers import new_game, view_of


def text_of(state: SlamState, seat: int | None, width: int = 80) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(render(view_of(state, seat)))
    return console.export_text()


def duel() -> SlamState:
    state = arrange(
        new_game(4),
        hands=[["target-5", "3", "1"], ["4", "2"], ["poach-2"], ["1", "1"]],
        leader=0,
        discards=[["5"], [], [], []],
        tokens=[1, 0, 2, 0],
    )
    state.apply_text("play target-5")
    state.apply_text("target p2")
    return state


def test_slam_render_shows_the_table_the_centre_and_your_hand() -> None:
    assert (
        text_of(duel(), 2)
        == """\
╭───────── Pickleball Slam — round 1, PLAY phase — first to 3 tokens ──────────╮
│  Player      Hand  Discards  Tokens                                          │
│  Player 1       2         1       1  in the duel                             │
│  Player 2       2         0       0  in the duel                             │
│  Player 3 ◀     1         0       2  out, you                                │
│  Player 4       2         0       0  out, dealer                             │
╰──────────────────────────────────────────────────────────────────────────────╯
╭─────────────────────────────────── Table ────────────────────────────────────╮
│ Centre: [DRAW] [PLAY] [5 (TARGET & RESET)]                                   │
│ the duel's answer may be any number (a DRAW card may always be played)       │
│ Stack: 38 cards                                                              │
╰──────────────────────────────────────────────────────────────────────────────╯
╭────────────────────────────── Player 3's cards ──────────────────────────────╮
│ Hand: [2 (POACH)]                                                            │
│ Your discards (face down): —                                                 │
╰──────────────────────────────────────────────────────────────────────────────╯
Player 3: POACH to end the duel, or decline
"""
    )


def test_slam_render_shows_own_discards_and_the_last_number_to_follow() -> None:
    state = duel()
    for text in ("decline", "decline", "play 4"):
        state.apply_text(text)
    shown = text_of(state, 0)
    assert "Your discards (face down): [5]" in shown
    assert "Hand: [1] [3]" in shown
    assert "last number 4: next may be 4 or 5" in shown


def test_slam_render_for_a_spectator_has_no_hand() -> None:
    shown = text_of(duel(), None)
    assert "cards ─" not in shown
    assert "Hand:" not in shown
    assert "Stack: 38 cards" in shown


def test_slam_render_shows_the_drawn_card_and_doubles_teams() -> None:
    state = arrange(
        new_game(4, doubles=True),
        hands=[["1"], ["2"], ["3"], ["4"]],
        leader=0,
        phase="draw",
    )
    state.apply_text("card switch-4")
    shown = text_of(state, 0)
    assert "Drawn: [4 (SWITCH)]" in shown
    assert "Team" in shown
    assert "DRAW phase lap 1 of 5" in shown
    assert "switch" not in text_of(state, 1).lower()
