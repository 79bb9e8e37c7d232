"""What the table manager's parts call on one another.

The table manager is put together from parts, one module each (persistence,
undo, the driver, rematches, invites, handovers). `ManagerParts` names, for
the type checker, the state they share and the methods one part calls on
another, so each part declares only what is its own. The stubs exist only
for the type checker: at run time nothing here can hide a part's method.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from pickletable.server.config import Settings
from pickletable.server.connections import Hub
from pickletable.server.live import LiveTable

if TYPE_CHECKING:
    from pickletable.server.seats import Seat
    from pickletable.server.storage import Storage, StoredStep


class ManagerParts:
    """The table manager as each of its parts sees it."""

    settings: Settings
    hub: Hub
    tables: dict[str, LiveTable]
    _locks: dict[str, asyncio.Lock]

    if TYPE_CHECKING:  # the manager's

        async def fetch(self, table_id: str) -> LiveTable: ...
        def _add(self, table: LiveTable) -> None: ...
        def _seat(self, table: LiveTable, number: int) -> Seat: ...
        def _seated(self, table: LiveTable, token: str | None) -> Seat: ...
        def _writable(self, table: LiveTable) -> None: ...

        # persistence's
        async def _check_room(self, table_id: str, *, bots_only: bool) -> None: ...
        def _storage(self) -> Storage: ...
        async def _write(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None: ...
        async def _commit(self, table: LiveTable, steps: Iterable[StoredStep]) -> None: ...
        async def _save_seats(self, table: LiveTable) -> None: ...
        async def _save_deadline(self, table: LiveTable) -> None: ...
        def _touch(self, table: LiveTable) -> None: ...

        # the driver's
        def _wake_driver(self, table: LiveTable) -> None: ...
