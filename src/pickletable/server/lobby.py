"""Which tables the lobby lists: open or in play, recently active, most recent first.

A table nobody has touched for a long time drops off the list (it stays on
the server, and its link still works): a table that never started after
`Limits.lobby_waiting_seconds` without activity (a day), a game in play after
`Limits.lobby_playing_seconds` without a move (a week), a finished game after
`Limits.lobby_finished_seconds` (at once, by default). A table where only bots
play, abandoned by its people or never had any, goes after
`Limits.lobby_bots_seconds` without a move (ten minutes): it moves only while
someone watches it. Read-only tables (their
steps no longer replay under these rules) are not listed: nobody can join or
play them, and their links still work.
"""

from __future__ import annotations

from collections.abc import Iterable

from pickletable.server.config import Limits
from pickletable.server.live import OVER, PLAYING, WAITING, LiveTable


def is_listed(table: LiveTable, now: float, limits: Limits) -> bool:
    """Whether the lobby shows the table at time `now` (epoch seconds)."""
    idle = now - table.active
    if table.read_only is not None:
        return False
    if table.status != OVER and all(seat.is_bot for seat in table.seats):
        return idle <= limits.lobby_bots_seconds
    if table.status == WAITING:
        return idle <= limits.lobby_waiting_seconds
    if table.status == PLAYING:
        return idle <= limits.lobby_playing_seconds
    return table.status == OVER and idle < limits.lobby_finished_seconds


def listed(tables: Iterable[LiveTable], now: float, limits: Limits) -> list[LiveTable]:
    """The tables the lobby shows at `now`, the most recently active first."""
    shown = [table for table in tables if is_listed(table, now, limits)]
    return sorted(shown, key=lambda table: table.active, reverse=True)
