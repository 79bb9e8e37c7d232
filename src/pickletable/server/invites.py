"""Inviting a friend into a bot's seat: before the start, a seated player may turn a seat
a bot was given at creation into a free seat, which the invite link then offers."""

from __future__ import annotations

from pickletable.server.errors import Refused
from pickletable.server.live import WAITING
from pickletable.server.parts import ManagerParts
from pickletable.server.seats import HUMAN


class Invites(ManagerParts):
    """Opening a bot's seat to an invited person (mixed into the table manager)."""

    async def open_seat(self, table_id: str, token: str | None, seat_number: int) -> None:
        """Make a bot's seat free for a friend (a seated player, before the start)."""
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            self._writable(table)
            self._seated(table, token)
            if table.status != WAITING:
                raise Refused("a bot's seat opens to a friend before the start only")
            seat = self._seat(table, seat_number)
            if not seat.is_bot:
                raise Refused(f"{seat.name} is not a bot's seat")
            seat.kind, seat.level, seat.player = HUMAN, "", ""
            seat.token_hash, seat.was_human = None, False
            await self._save_seats(table)
            await self.hub.broadcast(table)
