"""Who is watching which table: connections, seats present or gone, and sending views.

Sending never blocks a table: each connection has a bounded queue of
outgoing messages drained by its own task, so a broadcast only puts
messages in queues. A connection whose queue fills up, or whose socket
takes too long to take one message, is dropped with a close code and a
reason (`SLOW_CLOSE_CODE`); its browser reconnects and gets its whole view
again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from pickletable.server.live import LiveTable
from pickletable.server.patches import make_patch

log = logging.getLogger("pickletable.server")
Send = Callable[[dict[str, Any]], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]
Extras = Callable[[LiveTable], dict[str, Any]]

SLOW_CLOSE_CODE = 4008
"""The WebSocket close code of a connection dropped because it did not keep up."""


async def no_close(_code: int, _reason: str) -> None:
    """The close of a connection that has no socket to close (tests)."""


@dataclass(eq=False)
class Connection:
    """One browser (or test client) watching a table, as a seat or a spectator.

    `send` only queues; the connection's own task (`start`) writes to the socket.
    """

    table_id: str
    seat: int | None
    _send: Send
    _close: Close = no_close
    queue_limit: int = 256
    """Messages that may wait for a slow socket before it is dropped."""
    send_timeout: float = 10.0
    """Seconds one message may take to leave before the socket is dropped."""
    log_sent: int = 0
    """How many log lines this connection has been sent."""
    dropped: str | None = None
    """Why the server dropped this connection (None while it is open)."""
    on_drop: Callable[[Connection], None] | None = None
    version: int = 0
    """How many views this connection has been sent (whole or as patches)."""
    last_view: dict[str, Any] | None = None
    """The whole view it was sent last, which the next patch changes (None: send it whole)."""
    synced_at: float = float("-inf")
    """When it was last sent its whole view on asking (`sync`; monotonic seconds)."""
    sync_due: bool = False
    """Whether a whole view is due to it for a sync that came too soon."""
    _queue: asyncio.Queue[dict[str, Any]] = field(init=False)
    _task: asyncio.Task[None] | None = field(default=None, init=False)
    _closing: asyncio.Task[None] | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self._queue = asyncio.Queue(self.queue_limit)

    def start(self) -> None:
        """Start the task that writes queued messages to the socket."""
        if self._task is None:
            self._task = asyncio.create_task(self._pump(), name=f"send {self.table_id}")

    def send(self, message: dict[str, Any]) -> None:
        """Queue one message (never waits); a full queue drops the connection."""
        if self.dropped is not None:
            return
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            self.drop(f"too slow: {self.queue_limit} messages were waiting to be read")

    def drop(self, reason: str) -> None:
        """Stop sending and close the socket with `SLOW_CLOSE_CODE` and `reason`."""
        if self.dropped is not None:
            return
        self.dropped = reason
        log.info("dropped a connection of table %s: %s", self.table_id, reason)
        if self._task is not None:
            self._task.cancel()
        self._closing = asyncio.create_task(self._close_quietly(reason))
        if self.on_drop is not None:
            self.on_drop(self)

    async def stop(self) -> None:
        """End the sending task (the socket is closing or closed)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _pump(self) -> None:
        while True:
            message = await self._queue.get()
            try:
                async with asyncio.timeout(
                    self.send_timeout
                ):  # no task per message, unlike wait_for
                    await self._send(message)
            except TimeoutError:
                self._queue.task_done()
                self.drop(f"too slow: a message waited more than {self.send_timeout:g} s")
                return
            except Exception:  # the socket has just closed; its reader removes it
                self._queue.task_done()
                self.dropped = "closed"
                return
            self._queue.task_done()

    async def _close_quietly(self, reason: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(SLOW_CLOSE_CODE, reason), self.send_timeout)


class Hub:
    """The connections of every table; `extras` adds table-wide facts to each view."""

    def __init__(self, extras: Extras) -> None:
        self._extras = extras
        self._connections: dict[str, set[Connection]] = {}
        self._left_at: dict[tuple[str, int], float] = {}
        self._since: dict[str, float] = {}

    def open_table(self, table_id: str) -> None:
        """Start counting a table's absent seats from now."""
        self._connections.setdefault(table_id, set())
        self._since[table_id] = time.monotonic()

    def close_table(self, table_id: str) -> None:
        """Forget a table that left memory (it has no connections)."""
        self._connections.pop(table_id, None)
        self._since.pop(table_id, None)
        for key in [key for key in self._left_at if key[0] == table_id]:
            del self._left_at[key]

    def of(self, table_id: str) -> list[Connection]:
        """The connections to one table."""
        return list(self._connections.get(table_id, ()))

    def add(self, connection: Connection) -> None:
        """A browser arrived; its seat is present again."""
        self._connections.setdefault(connection.table_id, set()).add(connection)
        if connection.seat is not None:
            self._left_at.pop((connection.table_id, connection.seat), None)

    def remove(self, connection: Connection) -> None:
        """A browser left; its seat counts as gone once no connection of it remains."""
        connections = self._connections.get(connection.table_id, set())
        if connection not in connections:
            return
        connections.discard(connection)
        seat = connection.seat
        if seat is not None and all(c.seat != seat for c in connections):
            self._left_at[(connection.table_id, seat)] = time.monotonic()

    def seen(self, table_id: str, seat: int) -> None:
        """A seat acted (over REST, say): it counts as gone only from now, if it has no socket."""
        if seat not in self.present(table_id):
            self._left_at[(table_id, seat)] = time.monotonic()

    def present(self, table_id: str) -> set[int | None]:
        """The seats with a connection now (`None` for spectators)."""
        return {c.seat for c in self._connections.get(table_id, ())}

    def spectators(self, table_id: str) -> int:
        """How many spectators are watching."""
        return sum(1 for c in self._connections.get(table_id, ()) if c.seat is None)

    def gone_for(self, table_id: str, seat: int) -> float | None:
        """Seconds since a seat last had a connection (`None` while it has one)."""
        if seat in self.present(table_id):
            return None
        left = self._left_at.get((table_id, seat), self._since.get(table_id, time.monotonic()))
        return time.monotonic() - left

    async def broadcast(self, table: LiveTable) -> None:
        """Queue for every connection of the table what changed in its view (never waits).

        Each audience's view is built once, however many connections share it.
        """
        extras = self._extras(table)
        built: dict[tuple[int | None, int], dict[str, Any]] = {}
        for connection in self.of(table.id):
            key = (connection.seat, connection.log_sent)
            view = built.get(key)
            if view is None:
                view = built[key] = {**table.view(connection.seat, connection.log_sent), **extras}
            self._queue_view(connection, view)

    async def send_view(
        self, table: LiveTable, connection: Connection, *, whole: bool = False
    ) -> None:
        """Queue one connection its view (`whole`: all of it, not a patch)."""
        if whole:
            connection.last_view = None
        view = table.view(connection.seat, connection.log_sent)
        self._queue_view(connection, {**view, **self._extras(table)})

    def _queue_view(self, connection: Connection, view: dict[str, Any]) -> None:
        """Send `view` (shared: not changed here) whole or as a patch of the last one sent."""
        connection.version += 1
        message = {**view, "version": connection.version}
        connection.log_sent = message["log_start"] + len(message["log"])
        last, connection.last_view = connection.last_view, message
        connection.send(message if last is None else make_patch(last, message))

    async def tell(self, table_id: str, message: dict[str, Any]) -> None:
        """Queue one message for every connection of a table."""
        for connection in self.of(table_id):
            connection.send(message)

    async def send(self, connection: Connection, message: dict[str, Any]) -> None:
        """Queue one message for one connection."""
        connection.send(message)
