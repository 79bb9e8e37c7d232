"""The table manager's side of the database: one writer thread, group commits, failures logged.

Every write runs on one worker thread, in order, so a commit never stalls
the event loop. Moves go through `GroupCommit`: the steps of every table
that moved while the last commit was written share the next one. A write
that fails undoes the change in memory and is refused with a clear message;
the log says why at most once every 10 s (a full disk repeats).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from pickletable.server.config import Settings
from pickletable.server.errors import Unavailable
from pickletable.server.group_commit import GroupCommit
from pickletable.server.live import LiveTable
from pickletable.server.storage import Appended, Storage, StoredStep

log = logging.getLogger("pickletable.server")
T = TypeVar("T")
LOG_EVERY_SECONDS = 10.0
"""A failing write is logged with its traceback at most this often."""


class Persistence:
    """Writing tables and their steps (mixed into the table manager)."""

    settings: Settings
    storage: Storage | None

    def _open_writer(self) -> None:
        self._db = ThreadPoolExecutor(1, thread_name_prefix="pickletable-db")
        self._group = GroupCommit(self._append_many)
        self._write_failures = 0
        self._write_failure_logged = 0.0

    async def _close_writer(self) -> None:
        await self._group.close()
        if self.storage is not None:
            await self._in_db(self.storage.close)
        self._db.shutdown(wait=True)

    def _storage(self) -> Storage:
        if self.storage is None:
            raise Unavailable("the server is still starting")
        return self.storage

    async def _in_db(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, partial(function, *args, **kwargs))

    async def _write(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        try:
            await self._in_db(function, *args, **kwargs)
        except Exception as error:
            raise self._refusal(error) from None

    async def _append_many(self, batch: Sequence[Appended]) -> None:
        await self._in_db(self._storage().append_many, batch)

    async def _commit(self, table: LiveTable, steps: Iterable[StoredStep]) -> None:
        """Write steps before anyone hears of them; on failure undo them in memory."""
        steps = list(steps)
        self._touch(table)
        changes = {"status": table.status, "notes": table.notes_json(), "active": table.active}
        try:
            await self._group.append(Appended(table.id, steps, changes))
        except Exception as error:
            table.rollback(len(table.steps) - len(steps))
            raise self._refusal(error) from None

    async def _save_seats(self, table: LiveTable) -> None:
        self._touch(table)
        await self._write(
            self._storage().update_table,
            table.id,
            seats=table.seats_json(),
            notes=table.notes_json(),
            active=table.active,
        )

    def _touch(self, table: LiveTable) -> None:
        """Something happened at the table: the lobby counts its idle time from now."""
        table.active = self.settings.now()

    async def _watch_file(self) -> None:
        """Notice a deleted database file even while nobody moves (writes check it too)."""
        while True:
            await asyncio.sleep(self.settings.limits.file_check_seconds)
            try:
                await self._in_db(self._storage().check_file)
            except Exception as error:
                self._log_write_failure(error)

    def _refusal(self, error: Exception) -> Unavailable:
        """Log a failed write and say so to whoever asked for it."""
        self._log_write_failure(error)
        return Unavailable(
            f"the table could not be saved ({type(error).__name__}); nothing changed, try again"
        )

    def _log_write_failure(self, error: Exception) -> None:
        """Log a failed write with its traceback, at most once every 10 s (a full disk repeats)."""
        self._write_failures += 1
        now = time.monotonic()
        if now - self._write_failure_logged < LOG_EVERY_SECONDS:
            return
        self._write_failure_logged = now
        repeats = self._write_failures - 1
        self._write_failures = 0
        more = f" ({repeats} more since the last report)" if repeats else ""
        log.error("database write failed%s", more, exc_info=error)
