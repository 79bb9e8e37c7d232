"""The table manager's side of the database: one writer thread, group commits, failures logged.

Every write runs on one worker thread, in order, so a commit never stalls
the event loop. Moves go through `GroupCommit`: the steps of every table
that moved while the last commit was written share the next one. A write
that fails undoes the change in memory and is refused with a clear message;
the log says why at most once every 10 s (a full disk repeats).

A SQLite file overwritten in place (`storage.DatabaseOverwritten`) takes no
more writes: every change is refused (503) while the manager writes every
table it holds, each acknowledged step included, to a new file; then play
goes on. The log says so at CRITICAL, once.
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
from pickletable.server.live import OVER, LiveTable
from pickletable.server.moves import check_room
from pickletable.server.storage import (
    Appended,
    DatabaseOverwritten,
    Storage,
    StoredStep,
    StoredTable,
)

log = logging.getLogger("pickletable.server")
T = TypeVar("T")
LOG_EVERY_SECONDS = 10.0
"""A failing write is logged with its traceback at most this often."""


class Persistence:
    """Writing tables and their steps (mixed into the table manager)."""

    settings: Settings
    storage: Storage | None
    tables: dict[str, LiveTable]

    def _open_writer(self) -> None:
        self.when_over: list[Callable[[LiveTable], None]] = []
        """Called once a finished table's last step is written (ratings: `accounts`)."""
        self._db = ThreadPoolExecutor(1, thread_name_prefix="pickletable-db")
        self._group = GroupCommit(self._append_many)
        self._write_failures = 0
        self._write_failure_logged = 0.0
        self._rewriting: asyncio.Task[None] | None = None
        self.creating: dict[str, LiveTable] = {}
        """Tables being written for the first time: the limits count them already."""

    def _held(self) -> list[LiveTable]:
        """The tables in memory and those being written for the first time."""
        return [*self.tables.values(), *self.creating.values()]

    async def _check_room(self, table_id: str, *, bots_only: bool) -> None:
        """Refuse a new table past the live-table or bot-only-table limit (those being
        written count too); `table_id` is the table that would be one more (several
        processes count it in Redis: `cluster.manager`)."""
        check_room(self.settings.limits, self._held(), bots_only=bots_only)

    async def _create_row(self, table: LiveTable) -> None:
        """Write a new table's row; the limits count it from now on (tables asked for at once
        are all counted, not each checked before any is written)."""
        self.creating[table.id] = table
        try:
            row = {**table.row(), "created": table.created}
            await self._write(self._storage().create_table, row)
        finally:
            del self.creating[table.id]

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
        self._check_writable()
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
        changes = {
            "status": table.status,
            "notes": table.notes_json(),
            "active": table.active,
            "to_move": table.to_move(),
            "turn_deadline": None,  # a new position: its clock, if any, is armed after
        }
        try:
            self._check_writable()
            await self._group.append(Appended(table.id, steps, changes))
        except Exception as error:
            table.rollback(len(table.steps) - len(steps))
            raise self._refusal(error) from None
        table.turn_deadline = None
        if table.status == OVER:
            for hook in self.when_over:
                hook(table)

    async def _save_seats(self, table: LiveTable) -> None:
        self._touch(table)
        await self._write(
            self._storage().update_table,
            table.id,
            seats=table.seats_json(),
            notes=table.notes_json(),
            active=table.active,
        )

    async def _save_deadline(self, table: LiveTable) -> None:
        """Store when the table's long turn clock runs out (`server.turns`)."""
        await self._write(self._storage().update_table, table.id, turn_deadline=table.turn_deadline)

    def _touch(self, table: LiveTable) -> None:
        """Something happened at the table: the lobby counts its idle time from now."""
        table.active = self.settings.now()

    async def _watch_file(self) -> None:
        """Notice a deleted database file even while nobody moves (writes check it too)."""
        while True:
            await asyncio.sleep(self.settings.limits.file_check_seconds)
            if self._rewriting is not None and not self._rewriting.done():
                continue
            try:
                await self._in_db(self._storage().check_file)
            except Exception as error:
                self._refusal(error)

    def _check_writable(self) -> None:
        if self._rewriting is not None and not self._rewriting.done():
            raise Unavailable(
                "the database file was overwritten by another: the server is writing every "
                "table again from memory; nothing changed, try again in a moment"
            )

    def _refusal(self, error: Exception) -> Unavailable:
        """Log a failed write and say so to whoever asked for it."""
        if isinstance(error, Unavailable):
            return error
        if isinstance(error, DatabaseOverwritten):
            if self._rewriting is None or self._rewriting.done():
                self._rewriting = asyncio.create_task(self._rewrite_from_memory(error))
            return Unavailable(
                "the database file was overwritten by another: the server is writing every "
                "table again from memory; nothing changed, try again in a moment"
            )
        self._log_write_failure(error)
        return Unavailable(
            f"the table could not be saved ({type(error).__name__}); nothing changed, try again"
        )

    async def _rewrite_from_memory(self, error: DatabaseOverwritten) -> None:
        """Write every table in memory (each step acknowledged so far) to a new database file."""
        log.critical("%s: no more writes go to it", error)
        await self._group.close()  # the commits in flight fail or land first
        held = [
            StoredTable({**table.row(), "created": table.created}, list(table.steps))
            for table in self.tables.values()
        ]
        try:
            aside = await self._in_db(self._storage().rewrite_from_memory, held)
        except Exception:
            log.critical("writing the tables again failed: no change is saved", exc_info=True)
            raise
        steps = sum(len(table.steps) for table in held)
        log.critical(
            "wrote the %d tables the server holds (%d steps) to a new database file; the "
            "overwritten one is at %s (finished tables that were only in the database are "
            "in neither); play goes on",
            len(held),
            steps,
            aside,
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
