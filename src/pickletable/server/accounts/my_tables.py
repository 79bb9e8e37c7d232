"""A player's tables for the lobby's "My tables", from the database alone.

The tables are those of the signed-in account (its seats, `AccountSeatRow`)
and those whose seat tokens the browser presents (a guest's, or a signed-in
browser's seats not linked yet). Everything is read from the tables' rows, so
every worker answers alike, whichever process holds a table. A seat's token
only ever proves a seat here; nothing of the game but what the lobby shows
anyone is told, and whose turn it is (every spectator sees that too).

Tables where it is your move come first (the soonest deadline first), then
the others in play or waiting (the most recently active first), then the last
few finished ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from pickletable.core.registry import kit_for
from pickletable.server.accounts.rows import AccountSeatRow
from pickletable.server.accounts.service import HeldSeat
from pickletable.server.live import OVER, PLAYING, WAITING, epoch_seconds
from pickletable.server.seats import Seat
from pickletable.server.storage import TableRow
from pickletable.server.turns import is_long

IN_PLAY_SHOWN = 100
"""At most this many tables in play or waiting (an account's, newest first)."""
FINISHED_SHOWN = 5
"""At most this many finished tables, the most recently active."""


@dataclass(frozen=True)
class Mine:
    """One table of the player's, with the seats there that are theirs."""

    row: TableRow
    seats: frozenset[int]


def my_tables(
    sessions: sessionmaker[Session], user_id: int | None, held: Sequence[HeldSeat], now: float
) -> dict[str, Any]:
    """The lobby's "My tables" for an account (None: a guest) and the seats a browser holds:
    ``tables``, and ``forget``, the tables named in `held` where no token holds a seat (or
    that do not exist), which the browser may forget."""
    with sessions() as session:
        mine = _of_account(session, user_id) if user_id is not None else {}
        for item in _held(session, held, set(mine)):
            mine[item.row.id] = item
    forget = sorted({item.table for item in held} - set(mine))
    entries = [_entry(item, now) for item in mine.values()]
    unfinished = [entry for entry in entries if entry["status"] != OVER]
    finished = [entry for entry in entries if entry["status"] == OVER]
    unfinished.sort(key=lambda entry: entry["idle_seconds"])
    unfinished.sort(key=lambda entry: _urgency(entry))
    finished.sort(key=lambda entry: entry["idle_seconds"])
    return {"tables": unfinished + finished[:FINISHED_SHOWN], "forget": forget}


def _urgency(entry: dict[str, Any]) -> tuple[int, float]:
    """Your move first, the soonest deadline first; then the rest as they were."""
    if not entry["your_move"]:
        return (1, 0.0)
    left = entry["seconds_left"]
    return (0, left if left is not None else float("inf"))


def _of_account(session: Session, user_id: int) -> dict[str, Mine]:
    seats: dict[str, set[int]] = {}
    for table_id, seat in session.execute(
        select(AccountSeatRow.table_id, AccountSeatRow.seat).where(
            AccountSeatRow.user_id == user_id
        )
    ):
        seats.setdefault(table_id, set()).add(seat)
    if not seats:
        return {}
    base = select(TableRow).where(TableRow.id.in_(list(seats)))
    unfinished = session.scalars(
        base.where(TableRow.status.in_([WAITING, PLAYING]))
        .order_by(TableRow.active.desc())
        .limit(IN_PLAY_SHOWN)
    ).all()
    finished = session.scalars(
        base.where(TableRow.status == OVER).order_by(TableRow.active.desc()).limit(FINISHED_SHOWN)
    ).all()
    return {row.id: Mine(row, frozenset(seats[row.id])) for row in [*unfinished, *finished]}


def _held(session: Session, held: Sequence[HeldSeat], known: set[str]) -> Iterable[Mine]:
    """The tables whose seat tokens the browser holds (a token proves its seat only)."""
    tokens: dict[str, list[str]] = {}
    for item in held:
        tokens.setdefault(item.table, []).append(item.token)
    wanted = [table_id for table_id in tokens if table_id not in known]  # known: an account's
    if not wanted:
        return []
    rows = session.scalars(select(TableRow).where(TableRow.id.in_(wanted))).all()
    found = []
    for row in rows:
        seats = frozenset(
            seat.seat
            for seat in map(Seat.from_json, row.seats)
            if any(seat.holds(token) for token in tokens[row.id])
        )
        if seats:
            found.append(Mine(row, seats))
    return found


def _entry(item: Mine, now: float) -> dict[str, Any]:
    row = item.row
    seats = [Seat.from_json(value) for value in row.seats]
    you = min(item.seats)
    to_move = row.to_move if row.status == PLAYING else None
    mover = next((seat for seat in seats if seat.seat == to_move), None)
    your_move = mover is not None and mover.seat in item.seats and not mover.is_bot
    if your_move and mover is not None:
        you = mover.seat
    created = epoch_seconds(row.created)
    active = row.active if row.active is not None else created
    left = None
    if your_move and row.turn_deadline is not None:
        left = round(max(0.0, row.turn_deadline - now), 1)
    return {
        "id": row.id,
        "game": row.game,
        "title": kit_for(row.game).title,
        "players": row.players,
        "status": row.status,
        "seats": [seat.public() for seat in seats],
        "you": you,
        "your_move": your_move,
        "to_move": to_move,
        "turn_seconds": row.turn_seconds,
        "turn_based": is_long(row.turn_seconds),
        "seconds_left": left,
        "age_seconds": max(0.0, now - created),
        "idle_seconds": max(0.0, now - active),
        "link": f"/table/{row.id}",
    }
