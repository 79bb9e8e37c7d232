"""Which tables the lobby lists: open or in play, recently active, most recent first.

A table nobody has touched for a long time drops off the list (it stays on
the server, and its link still works): a table that never started after
`STALE_WAITING_SECONDS` without activity, a game in play after
`STALE_PLAYING_SECONDS` without a move. Read-only tables (their steps no
longer replay under these rules) are not listed, like finished ones: nobody
can join or play them, and their links still work.
"""

from __future__ import annotations

from collections.abc import Iterable

from pickletable.server.live import PLAYING, WAITING, LiveTable

STALE_WAITING_SECONDS = 24 * 60 * 60
"""A table that has not started leaves the list after a day with nobody joining or starting it."""
STALE_PLAYING_SECONDS = 7 * 24 * 60 * 60
"""A game in play leaves the list after a week without a move."""


def is_listed(table: LiveTable, now: float) -> bool:
    """Whether the lobby shows the table at time `now` (epoch seconds)."""
    idle = now - table.active
    if table.read_only is not None:
        return False
    if table.status == WAITING:
        return idle <= STALE_WAITING_SECONDS
    if table.status == PLAYING:
        return idle <= STALE_PLAYING_SECONDS
    return False  # finished games are found through their players, not the lobby


def listed(tables: Iterable[LiveTable], now: float) -> list[LiveTable]:
    """The tables the lobby shows at `now`, the most recently active first."""
    shown = [table for table in tables if is_listed(table, now)]
    return sorted(shown, key=lambda table: table.active, reverse=True)
