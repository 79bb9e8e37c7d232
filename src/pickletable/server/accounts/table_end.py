"""When a table ends: rate it (if it was asked to be rated), off the event loop, once."""

from __future__ import annotations

import asyncio
import logging

from pickletable.server.accounts.rating_store import FinishedTable, Ratings, SeatAtEnd
from pickletable.server.live import LiveTable

log = logging.getLogger("pickletable.server")


def finished_table(table: LiveTable) -> FinishedTable | None:
    """What rating needs of a finished table (None while it goes on)."""
    outcome = table.state.outcome
    if outcome is None:
        return None
    seats = tuple(
        SeatAtEnd(
            seat=seat.seat,
            human=not seat.is_bot or seat.was_human,
            left=seat.is_bot and seat.was_human,
            level=seat.level,
        )
        for seat in table.seats
    )
    return FinishedTable(table.id, outcome, seats)


class RateWhenOver:
    """The table manager's `when_over` hook: each finished table rated in a thread."""

    def __init__(self, ratings: Ratings) -> None:
        self.ratings = ratings
        self.running: set[asyncio.Task[bool]] = set()

    def __call__(self, table: LiveTable) -> None:
        finished = finished_table(table)
        if finished is None:
            return
        task = asyncio.get_running_loop().create_task(self._rate(finished))
        self.running.add(task)
        task.add_done_callback(self.running.discard)

    async def _rate(self, finished: FinishedTable) -> bool:
        try:
            return await asyncio.to_thread(self.ratings.table_over, finished)
        except Exception:
            log.exception("table %s not rated", finished.table_id)
            return False

    async def settle(self) -> None:
        """Wait for the ratings under way (tests, and a server stopping)."""
        while self.running:
            await asyncio.gather(*self.running, return_exceptions=True)
