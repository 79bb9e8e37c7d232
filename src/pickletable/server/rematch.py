"""Rematch by consent: every person at a finished table says yes, then a new table opens.

A seat's yes is kept with the seat (`Seat.rematch`, stored and public, so
everyone sees who has accepted); bots accept at once, a seat whose player
left counts as a bot. When the last person accepts, the new table opens with
the same game, options and people, each seat keeping its token, and every
connection of the old table is told where it is (a ``rematch`` message).
Someone who has gone for good does not hold the others up: once the only
people left to answer have been away for the grace period, the others may
open it with a bot in their seats (which they can take back).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from pickletable.core.seats import DEFAULT_BOT_LEVEL
from pickletable.server.errors import Refused
from pickletable.server.live import PLAYING, WAITING, LiveTable
from pickletable.server.parts import ManagerParts
from pickletable.server.seats import BOT, HUMAN, Seat


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


class Rematches(ManagerParts):
    """Asking everyone for a rematch and opening it (mixed into the table manager)."""

    async def rematch(
        self, table_id: str, token: str | None, *, without_absent: bool = False
    ) -> RematchAnswer:
        """The seat of `token` accepts a rematch; the new table opens once every person has.

        Offered once the game is over, or when the table is read-only (the rematch
        is played under this version's rules). Accepting twice changes nothing.
        With `without_absent`, the rematch opens now if everyone it still waits for
        has been away from the table for `Settings.grace_seconds`: a bot takes each
        of their seats, which they can take back with their token.
        """
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            seat = self._seated(table, token)
            if not table.closed:
                raise Refused("a rematch can start once the game is over")
            absent: list[Seat] = []
            if table.rematch_id is None and without_absent:
                absent = self._absent(table, seat)  # refused before anything changes
            if table.rematch_id is None and not seat.rematch:
                seat.rematch = True
                waiting = waiting_for(table)
                later = f" (waiting for {_names(waiting)})" if waiting else ""
                table.note(f"{seat.player or seat.name} wants a rematch{later}.")
                await self._save_seats(table)
                await self.hub.broadcast(table)
            if table.rematch_id is None and len(absent) == len(waiting_for(table)):
                await self._open(table, absent)  # also on a later ask, if opening failed
            again = None if table.rematch_id is None else await self.fetch(table.rematch_id)
            return RematchAnswer(
                accepted=[s.seat for s in table.seats if s.rematch or not needs_consent(s)],
                waiting=[s.seat for s in waiting_for(table)],
                table=again,
            )

    def _absent(self, table: LiveTable, asker: Seat) -> list[Seat]:
        """The people a rematch waits for besides `asker`, if every one of them has left."""
        waiting = [seat for seat in waiting_for(table) if seat is not asker]
        here = []
        for seat in waiting:
            gone = self.hub.gone_for(table.id, seat.seat)
            if gone is None or gone < self.settings.grace_seconds:
                here.append(seat)
        if here:
            raise Refused(
                f"{_names(here)} {'is' if len(here) == 1 else 'are'} still at the table or "
                f"left less than {self.settings.grace_seconds:g} s ago: wait for their answer"
            )
        return waiting

    async def _open(self, table: LiveTable, absent: list[Seat]) -> None:
        """Open the rematch (bots in the `absent` people's seats) and tell everyone where."""
        again = LiveTable(
            id=secrets.token_urlsafe(6),
            game=table.game,
            players=table.players,
            options=dict(table.options),
            content=table.content,
            seats=[_again(seat, seat in absent) for seat in table.seats],
            seed=0,
            turn_seconds=table.turn_seconds,
            rematch_of=table.id,
            created=f"{self.settings.now():.6f}",
        )
        bots_only = all(seat.is_bot or seat in absent for seat in table.seats)
        await self._check_room(again.id, bots_only=bots_only)
        self._touch(again)
        for seat in absent:
            who = seat.player or seat.name
            again.note(f"{who} had left: a bot ({DEFAULT_BOT_LEVEL}) plays {seat.name}.")
        again.status = WAITING if again.free_seats() else PLAYING
        await self._write(self._storage().create_table, {**again.row(), "created": again.created})
        table.rematch_id = again.id
        await self._write(self._storage().update_table, table.id, rematch_id=again.id)
        self._add(again)
        await self.hub.broadcast(table)
        await self.hub.tell(table.id, {"type": "rematch", "table": again.id})


def _again(seat: Seat, absent: bool) -> Seat:
    """A seat of the rematch: the same person and token; one who left and accepted plays;
    a bot plays for an `absent` person (who can take the seat back with their token)."""
    copy = Seat.from_json(seat.to_json())
    copy.rematch = False
    if copy.kind == BOT and copy.was_human and seat.rematch:
        copy.kind, copy.level, copy.was_human = HUMAN, "", False
    if absent:
        copy.kind, copy.level, copy.was_human = BOT, DEFAULT_BOT_LEVEL, True
    return copy


def _names(seats: list[Seat]) -> str:
    names = [seat.player or seat.name for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
