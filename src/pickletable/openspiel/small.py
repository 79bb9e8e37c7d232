"""Variants small enough for OpenSpiel's exact algorithms (CFR, exploitability).

No variant of the card game or Slam is: the smallest card deck the content
allows (30 cards, seven-card hands) has hundreds of millions of deals, and
Slam deals five cards to at least three players from 49. The board game at
the advanced level (the level with decisions: Skill and Strategy Cards) is
small once cut down:

- **`tiny_board.toml`**: two HIT faces (dink, lob), four characters (two of
  each Nice / Bad Shot pair), one Skill Card (IN, dink), one Strategy Card
  (lob), one Play Card; the IN/OUT/ACE die as in the box;
- **a one-space track** (`target` = `step` = 0.5: the first point wins),
  one Skill and one Strategy Card each;
- **cut** at `max_length` actions and chance outcomes (a draw there), since
  a serve can go back and forth for ever.

At a cut of 14 the tree has 2,135 states (500 decisions, at most 3 actions
each); at 18, 9,077.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

TINY_BOARD: dict[str, Any] = {
    "players": 2,
    "level": "advanced",
    "step": 0.5,
    "target": 0.5,
    "starting_cards": 1,
}
"""The tiny board game's table and options, but for its content file (see `tiny_board`)."""


def tiny_board(max_length: int = 14) -> dict[str, Any]:
    """The tiny board game's parameters, content file included, cut at `max_length`.

    >>> from pickletable.openspiel import OpenSpielGame
    >>> game = OpenSpielGame("board", **tiny_board())
    >>> game.num_players(), game.max_game_length()
    (2, 14)
    """
    content = resources.files("pickletable.openspiel").joinpath("tiny_board.toml")
    return {**TINY_BOARD, "content": str(content), "max_length": max_length}
