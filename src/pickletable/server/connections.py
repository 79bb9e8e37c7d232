"""Who is watching which table: connections, seats present or gone, and sending views."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from pickletable.server.live import LiveTable

log = logging.getLogger("pickletable.server")
Send = Callable[[dict[str, Any]], Awaitable[None]]
Extras = Callable[[LiveTable], dict[str, Any]]


@dataclass(eq=False)
class Connection:
    """One browser (or test client) watching a table, as a seat or a spectator."""

    table_id: str
    seat: int | None
    _send: Send
    log_sent: int = 0
    """How many log lines this connection has been sent."""
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message; sends on one connection never interleave."""
        async with self._lock:
            await self._send(message)


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
        connections.discard(connection)
        seat = connection.seat
        if seat is not None and all(c.seat != seat for c in connections):
            self._left_at[(connection.table_id, seat)] = time.monotonic()

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
        """Send every connection of the table its own view."""
        for connection in self.of(table.id):
            await self.send_view(table, connection)

    async def send_view(self, table: LiveTable, connection: Connection) -> None:
        """Send one connection its view, with the log lines it has not had yet."""
        message = table.view(connection.seat, connection.log_sent)
        message.update(self._extras(table))
        connection.log_sent = message["log_start"] + len(message["log"])
        await self.send(connection, message)

    async def tell(self, table_id: str, message: dict[str, Any]) -> None:
        """Send one message to every connection of a table."""
        for connection in self.of(table_id):
            await self.send(connection, message)

    async def send(self, connection: Connection, message: dict[str, Any]) -> None:
        """Send, ignoring a socket that has just closed (its reader removes it)."""
        try:
            await connection.send(message)
        except Exception:
            log.debug("send to a closed connection of table %s", connection.table_id)
