"""Undo requests at casual web tables: ask, the other people answer, the moves go.

A seat asks to take back its last move (`Undos.ask_undo`). The rule is the
terminal's (`core.undo.take_back_from`): refused once a die or a card came up
since, and, in a game with hidden information, once another seat has moved
since (its move showed something of its hand). Every other person at the
table is asked (the view's ``undo`` says who is still to answer); bots
accept, so with no other person the undo is granted at once. One refusal
ends the request. While it is open the table's bots hold their moves; a
person who moves instead of answering lets it lapse (the position it was
about is gone).

Granting deletes the steps taken back from the database and writes the
table's notes and ``undone`` list in the same transaction
(`Storage.take_back`, fenced like an append when processes share the
database), then rebuilds the table from the steps that stay; the record
keeps the undo in ``meta.undone`` and still replays. A request lives in the
memory of the process that holds the table only: a restart, or the table
moving to another process, forgets an open one (the player asks again).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from pickletable.core.records import step_json
from pickletable.core.state import CHANCE
from pickletable.core.undo import UndoRefused, take_back_from, undo_note
from pickletable.server.coaching import Coach
from pickletable.server.errors import NotYours, Refused
from pickletable.server.live import PLAYING, WAITING, LiveTable
from pickletable.server.parts import ManagerParts
from pickletable.server.seats import HUMAN, Seat
from pickletable.server.storage import StoredStep


@dataclass
class UndoRequest:
    """One open request: who asked, from which step, and who is still to answer."""

    seat: int
    start: int
    step: int
    """The table's step when it was asked: a move since lets the request lapse."""
    undos: int
    """How many undos the table had then (a step count alone may come round again)."""
    waiting: set[int] = field(default_factory=set)
    """The people (seats) still to answer."""

    def about(self, table: LiveTable) -> bool:
        """Whether the table still stands where the request was made."""
        return len(table.steps) == self.step and len(table.undone) == self.undos


class Undos(ManagerParts):
    """Undo requests and their answers (mixed into the table manager)."""

    coach: Coach
    undo_requests: dict[str, UndoRequest]
    """The open request of each table that has one (the manager makes it empty)."""
    _deadlines: dict[str, tuple[int, int, float]]
    """The driver's running turn clock of each table: (seat, step, deadline)."""

    def _bots_wait(self, table: LiveTable) -> bool:
        """Whether the table's bots hold their moves: an undo request waits for answers."""
        return self.open_undo(table) is not None

    def open_undo(self, table: LiveTable) -> UndoRequest | None:
        """The table's open undo request, if it still applies: it lapses when the game
        moved on, or when everyone still to answer has left (a bot took the seat)."""
        request = self.undo_requests.get(table.id)
        if request is None:
            return None
        request.waiting = {seat for seat in request.waiting if table.seat(seat).kind == HUMAN}
        if not request.about(table) or not request.waiting:
            del self.undo_requests[table.id]
            return None
        return request

    def undo_facts(self, table: LiveTable) -> dict[str, Any]:
        """What every view says of undo: the open request (None), how many were granted,
        and the seats that may ask now (``may_ask``: the page offers them the button).

        Public: who asks, how many moves would go and who is still to answer; whether a
        seat may ask depends only on who moved and when a die or a card came up.
        """
        request = self.open_undo(table)
        asked = None
        may_ask: list[int] = []
        if request is not None:
            asked = {
                "seat": request.seat,
                "moves": len(table.steps) - request.start,
                "waiting": sorted(request.waiting),
            }
        elif table.status == PLAYING and table.read_only is None:
            may_ask = [seat.seat for seat in table.seats if self._may_ask(table, seat)]
        return {"request": asked, "granted": len(table.undone), "may_ask": may_ask}

    def _may_ask(self, table: LiveTable, seat: Seat) -> bool:
        if seat.kind != HUMAN or seat.is_free:
            return False
        try:
            self._start_of(table, seat)
        except UndoRefused:
            return False
        return True

    def _start_of(self, table: LiveTable, seat: Seat) -> int:
        """Where `seat`'s undo would take back from (`UndoRefused` when it may not ask)."""
        return take_back_from(
            _Movers(table.steps), seat.seat, hidden_information=table.game.hidden_information
        )

    async def ask_undo(self, table_id: str, token: str | None) -> dict[str, Any]:
        """A seat asks to take back its last move; granted at once when nobody is to ask."""
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            seat = self._seated(table, token)
            self._writable(table)
            if table.status == WAITING:
                raise Refused("the game has not started yet: there is nothing to take back")
            if table.status != PLAYING:
                raise Refused("the game is over: every move stands")
            if seat.is_bot:
                raise Refused(f"a bot plays {seat.name} now: take the seat back first")
            if self.open_undo(table) is not None:
                raise Refused("an undo request is already waiting for answers")
            try:
                start = self._start_of(table, seat)
            except UndoRefused as refused:
                raise Refused(str(refused)) from None
            others = {
                other.seat
                for other in table.seats
                if other.kind == HUMAN and other.seat != seat.seat and not other.is_free
            }
            if not others:
                await self._grant(table, seat, start, "")
                return {"granted": True, "waiting": []}
            request = UndoRequest(
                seat.seat, start, len(table.steps), len(table.undone), waiting=others
            )
            self.undo_requests[table.id] = request
            table.note(f"{who(seat)} asks to take back their last move.")
            await self.hub.broadcast(table)
            return {"granted": False, "waiting": sorted(others)}

    async def answer_undo(self, table_id: str, token: str | None, accept: bool) -> dict[str, Any]:
        """A person asked about an undo accepts or refuses it; the last acceptance grants it."""
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            seat = self._seated(table, token)
            self._writable(table)
            request = self.open_undo(table)
            if request is None:
                raise Refused("no undo request is waiting (it was answered, or the game moved on)")
            if seat.seat not in request.waiting:
                raise NotYours(
                    "only the other people at the table answer an undo request"
                    if seat.seat == request.seat
                    else "you have answered this undo request already"
                )
            asker = table.seat(request.seat)
            if not accept:
                del self.undo_requests[table.id]
                table.note(f"{who(seat)} refuses: {who(asker)}'s move stands.")
                await self.hub.broadcast(table)
                granted = False
            else:
                request.waiting.discard(seat.seat)
                granted = not request.waiting
                if granted:
                    del self.undo_requests[table.id]
                    await self._grant(table, asker, request.start, f" ({who(seat)} agreed)")
                else:
                    table.note(f"{who(seat)} accepts the undo.")
                    await self.hub.broadcast(table)
        if not granted:
            self._wake_driver(table)  # the bots held their moves while it was open
        return {"granted": granted, "waiting": sorted(request.waiting) if accept else []}

    async def withdraw_undo(self, table_id: str, token: str | None) -> None:
        """The asker takes its undo request back (nobody answered, say)."""
        table = await self.fetch(table_id)
        async with self._locks[table.id]:
            seat = self._seated(table, token)
            request = self.open_undo(table)
            if request is None or request.seat != seat.seat:
                raise Refused("you have no undo request waiting")
            del self.undo_requests[table.id]
            table.note(f"{who(seat)} withdraws the undo request.")
            await self.hub.broadcast(table)
        self._wake_driver(table)

    async def _grant(self, table: LiveTable, asker: Seat, start: int, agreed: str) -> None:
        """Take the moves back: the database first (steps, notes, undone), then memory."""
        steps = [step_json(s.by, s.action, s.events) for s in table.steps]
        entry = undo_note(asker.seat, start, steps)
        labels = ", ".join(_public_label(step) for step in table.steps[start:])
        text = f"{who(asker)} took back: {labels}{agreed}."
        notes = [[min(int(at), start), line] for at, line in table.notes] + [[start, text]]
        self._touch(table)
        await self._write(
            self._storage().take_back,
            table.id,
            start,
            notes=notes,
            undone=[*table.undone, entry],
            status=PLAYING,
            active=table.active,
            to_move=asker.seat,  # the position before the asker's move: theirs to play
            turn_deadline=None,  # the clock that ran then was the mover's since; a new one
        )
        table.take_back(start, entry, text)
        table.turn_deadline = None
        # the clock of the position taken back to stopped when its seat moved: a new one
        # (a step count that comes round again must not pass for the old clock's)
        self._deadlines.pop(table.id, None)
        self.coach.forget(table.id)
        for connection in self.hub.of(table.id):
            connection.log_sent = 0  # the log is another now: every browser gets it whole
        await self.hub.broadcast(table)
        self._wake_driver(table)


HIDDEN_MOVE = "a move only its player saw"
"""How the log names a move taken back whose card only its player saw (a face-down
discard in Slam, say): everyone reads the log, and the move's text names the card."""


def _public_label(step: StoredStep) -> str:
    """A step taken back as everyone at the table may read it."""
    return HIDDEN_MOVE if any("secret" in event for event in step.events) else step.action


class _Movers(Sequence[Mapping[str, Any]]):
    """Who made each stored step, as `core.undo` reads a record's steps (no copy made)."""

    def __init__(self, steps: list[StoredStep]) -> None:
        self._steps = steps

    def __len__(self) -> int:
        return len(self._steps)

    @overload
    def __getitem__(self, index: int) -> Mapping[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Mapping[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        by = self._steps[index].by
        return {"by": "chance" if by == CHANCE else by}


def who(seat: Seat) -> str:
    """A seat as the log names it: "North (Ann)"."""
    return f"{seat.name} ({seat.label()})"
