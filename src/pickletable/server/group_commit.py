"""Group commit: the steps of every table that moved while the database was busy, in one commit.

Each table's moves are committed before anyone hears of them, and a table
waits for its own commit (under its lock), so its steps stay in order. While
one commit is being written, the moves of other tables queue up here and go
into the next commit together: under load the database writes one
transaction per batch rather than one per move, and nothing waits longer
than the commit in flight.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from pickletable.server.storage import Appended

Commit = Callable[[Sequence[Appended]], Awaitable[None]]


class GroupCommit:
    """Queues `Appended` items and commits them in batches through `commit`.

    A batch that fails is tried again item by item, so one table's failure
    (a row gone, say) is reported to that table only.
    """

    def __init__(self, commit: Commit) -> None:
        self._commit = commit
        self._pending: list[tuple[Appended, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.batches = 0
        """How many commits were written (for the curious: moves per commit under load)."""

    async def append(self, item: Appended) -> None:
        """Commit `item` with whatever else is waiting; returns once it is committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="group commit")
        await future

    async def close(self) -> None:
        """Wait for the commits in flight."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            self.batches += 1
            try:
                await self._commit([item for item, _ in batch])
            except Exception:
                await self._one_by_one(batch)
            else:
                for _, future in batch:
                    _settle(future, None)

    async def _one_by_one(self, batch: list[tuple[Appended, asyncio.Future[None]]]) -> None:
        for item, future in batch:
            try:
                await self._commit([item])
            except Exception as error:
                _settle(future, error)
            else:
                _settle(future, None)


def _settle(future: asyncio.Future[None], error: Exception | None) -> None:
    """Resolve a waiter that may have stopped waiting (its task was cancelled)."""
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
