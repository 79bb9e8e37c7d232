"""The server process's garbage collector, set up for long runs with many tables.

A full collection walks every object the process holds and stops the event
loop while it does: at a hundred tables that was the longest pause a move
could meet. Two things keep it rare and short:

- everything loaded at start (modules, games, bots, the app) is moved out of
  the collector's sight (`gc.freeze`): it lives as long as the process;
- collections of young objects run less often, so fewer objects are
  promoted and full collections come seldom. Almost everything the server
  makes is freed by reference counting the moment it is dropped (a view
  once sent, a table once it leaves memory); the collector is only needed
  for the rare cycles, which wait a little longer.
"""

from __future__ import annotations

import gc

from pickletable.bots import make_bot
from pickletable.core.registry import available_games, get_game

YOUNG_THRESHOLD = 20_000
"""Allocations (less deallocations) of tracked objects between young collections (Python: 700)."""
OLDER_THRESHOLDS = (20, 20)
"""Collections of one generation before the next one is looked at (Python: 10, 10)."""


def settle() -> None:
    """Load what every table will need, then freeze it and space out the collections."""
    for game_id in available_games():
        get_game(game_id)
        for level in ("easy", "medium", "hard"):
            make_bot(level, game_id)
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
