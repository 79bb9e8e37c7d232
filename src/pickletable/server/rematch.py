"""Rematch by consent: every person at a finished table says yes, then a new table opens.

A seat's yes is kept with the seat (`Seat.rematch`, stored and public, so
everyone sees who has accepted); bots accept at once, a seat whose player
left counts as a bot. When the last person accepts, the new table opens with
the same game, options and people, each seat keeping its token, and every
connection of the old table is told where it is (a ``rematch`` message).
"""

from __future__ import annotations

import asyncio
import secrets
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pickletable.server.config import Settings
from pickletable.server.connections import Hub
from pickletable.server.errors import Refused
from pickletable.server.live import PLAYING, WAITING, LiveTable
from pickletable.server.seats import BOT, HUMAN, Seat
from pickletable.server.storage import Storage


@dataclass
class RematchAnswer:
    """Where a rematch stands: who accepts, whom it waits for, the new table once it opens."""

    accepted: list[int]
    waiting: list[int]
    table: LiveTable | None


def waiting_for(table: LiveTable) -> list[Seat]:
    """The people at the table who have not accepted a rematch yet (bots accept at once)."""
    return [seat for seat in table.seats if needs_consent(seat) and not seat.rematch]


def needs_consent(seat: Seat) -> bool:
    """A seat a person plays (one who left and handed it to a bot counts as a bot)."""
    return seat.kind == HUMAN and not seat.is_free


class Rematches:
    """Asking everyone for a rematch and opening it (mixed into the table manager)."""

    settings: Settings
    hub: Hub
    _locks: dict[str, asyncio.Lock]

    @abstractmethod
    async def fetch(self, table_id: str) -> LiveTable:
        """A table by id (the manager's)."""

    @abstractmethod
    def _seated(self, table: LiveTable, token: str | None) -> Seat:
        """The seat of a token, or a refusal (the manager's)."""

    @abstractmethod
    def _check_room(self, *, bots_only: bool) -> None:
        """Refuse a new table past the limits (the manager's)."""

    @abstractmethod
    def _storage(self) -> Storage:
        """The database (the manager's)."""

    @abstractmethod
    async def _write(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """Write to the database (the manager's)."""

    @abstractmethod
    async def _save_seats(self, table: LiveTable) -> None:
        """Store a table's seats and notes (the manager's)."""

    @abstractmethod
    def _add(self, table: LiveTable) -> None:
        """Keep a new table in memory and drive it (the manager's)."""

    @abstractmethod
    def _touch(self, table: LiveTable) -> None:
        """Mark a table active now (the manager's)."""

    async def rematch(self, table_id: str, token: str | None) -> RematchAnswer:
        """The seat of `token` accepts a rematch; the new table opens once every person has.

        Offered once the game is over, or when the table is read-only (the rematch
        is played under this version's rules). Accepting twice changes nothing.
        """
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            seat = self._seated(table, token)
            if not table.closed:
                raise Refused("a rematch can start once the game is over")
            if table.rematch_id is None and not seat.rematch:
                seat.rematch = True
                waiting = waiting_for(table)
                later = f" (waiting for {_names(waiting)})" if waiting else ""
                table.note(f"{seat.player or seat.name} wants a rematch{later}.")
                await self._save_seats(table)
                await self.hub.broadcast(table)
            if table.rematch_id is None and not waiting_for(table):
                await self._open(table)  # also on a later ask, if opening failed the first time
            again = None if table.rematch_id is None else await self.fetch(table.rematch_id)
            return RematchAnswer(
                accepted=[s.seat for s in table.seats if s.rematch or not needs_consent(s)],
                waiting=[s.seat for s in waiting_for(table)],
                table=again,
            )

    async def _open(self, table: LiveTable) -> None:
        """Open the rematch and tell everyone at the old table where it is."""
        self._check_room(bots_only=False)
        again = LiveTable(
            id=secrets.token_urlsafe(6),
            game=table.game,
            players=table.players,
            options=dict(table.options),
            content=table.content,
            seats=[_again(seat) for seat in table.seats],
            seed=0,
            turn_seconds=table.turn_seconds,
            rematch_of=table.id,
            created=f"{self.settings.now():.6f}",
        )
        self._touch(again)
        again.status = WAITING if again.free_seats() else PLAYING
        await self._write(self._storage().create_table, {**again.row(), "created": again.created})
        table.rematch_id = again.id
        await self._write(self._storage().update_table, table.id, rematch_id=again.id)
        self._add(again)
        await self.hub.broadcast(table)
        await self.hub.tell(table.id, {"type": "rematch", "table": again.id})


def _again(seat: Seat) -> Seat:
    """A seat of the rematch: the same person and token; one who left and accepted plays."""
    copy = Seat.from_json(seat.to_json())
    copy.rematch = False
    if copy.kind == BOT and copy.was_human and seat.rematch:
        copy.kind, copy.level, copy.was_human = HUMAN, "", False
    return copy


def _names(seats: list[Seat]) -> str:
    names = [seat.player or seat.name for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
