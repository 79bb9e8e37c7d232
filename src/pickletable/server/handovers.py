"""Handing a seat to a bot and taking it back: a player who leaves (or, once an away
player's grace time is over, another player) gives the seat to a bot; the player who
left takes it back with their seat token (mixed into the table manager)."""

from __future__ import annotations

from pickletable.core.seats import DEFAULT_BOT_LEVEL
from pickletable.server.errors import NotYours, Refused
from pickletable.server.live import OVER, LiveTable
from pickletable.server.parts import ManagerParts
from pickletable.server.seats import BOT, HUMAN
from pickletable.server.turns import duration, is_long


class Handovers(ManagerParts):
    """A seat handed to a bot and taken back (mixed into the table manager)."""

    def hand_over_in(self, table: LiveTable, seat: int) -> float:
        """Seconds until another player may hand an away seat to a bot (0: now; counted
        here, by the process that holds the table's connections, never from a wall clock)."""
        gone = self.hub.gone_for(table.id, seat)
        if gone is None:
            return self.settings.grace_seconds
        return round(max(0.0, self.settings.grace_seconds - gone), 1)

    async def hand_to_bot(
        self, table_id: str, token: str | None, seat_number: int, level: str = DEFAULT_BOT_LEVEL
    ) -> None:
        """A seat's player leaves (or, once they have gone, another player hands it over)."""
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            asker = self._seated(table, token)
            self._writable(table)
            seat = self._seat(table, seat_number)
            if seat.is_bot:
                raise Refused(f"a bot already plays {seat.name}")
            if table.status == OVER:
                raise Refused("the game is over")
            if asker.seat != seat.seat and not seat.is_free and is_long(table.turn_seconds):
                raise Refused(
                    f"this table waits for its players' moves (a clock of "
                    f"{duration(table.turn_seconds)} a move): a bot takes {seat.label()}'s "
                    "seat only when their clock runs out"
                )
            if asker.seat != seat.seat and not seat.is_free:
                wait = self.hand_over_in(table, seat.seat)
                if self.hub.gone_for(table.id, seat.seat) is None or wait > 0:
                    raise Refused(
                        f"{seat.label()} is still at the table; only they can "
                        "hand their seat to a bot for now"
                        + (f" (possible in {wait:.0f} s)" if wait > 0 else "")
                    )
            if all(other.is_bot or other is seat for other in table.seats):
                # the last person leaves: one more table of bots
                await self._check_room(table.id, bots_only=True)
            seat.kind, seat.level, seat.was_human = BOT, level, not seat.is_free
            table.note(f"A bot ({level}) now plays {seat.name}.")
            await self._save_seats(table)
            await self.hub.broadcast(table)
        self._wake_driver(table)

    async def reclaim(self, table_id: str, token: str | None, seat_number: int) -> None:
        """A player who left takes their seat back from the bot, with their seat token."""
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            seat = self._seat(table, seat_number)
            if not token or not seat.holds(token):
                raise NotYours(
                    f"only the player who left {seat.name} can take it back, "
                    "with the seat token their browser keeps"
                )
            self._writable(table)
            if not seat.is_bot or not seat.was_human:
                raise Refused(f"{seat.name} is not played by a bot: there is nothing to take back")
            if table.status == OVER:
                raise Refused("the game is over")
            seat.kind, seat.level, seat.was_human = HUMAN, "", False
            table.note(f"{seat.player or seat.name} takes {seat.name} back from the bot.")
            await self._save_seats(table)
            await self.hub.broadcast(table)
        self._wake_driver(table)
