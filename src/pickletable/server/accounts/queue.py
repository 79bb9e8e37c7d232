"""The quick-match queue, in the database so every worker sees the same one.

A signed-in player joins the queue of a game and mode (`join`); any
request to the queue then pairs who can be paired (`matchmaking.pair`).
The rows of one match are claimed in one transaction (each only if still
unclaimed, so two workers pairing at once never seat a player twice); then
the table is opened, rated, filled and started, and each row keeps its
player's seat token while the table plays. The token is handed over only in
answer to a POST of its owner's session (with the session's CSRF token:
`seat`, or the join that made the match), as often as the owner asks: a
reload loses nothing, and a link that makes the owner's browser GET the
queue spends nothing and shows no token. The row, token included, goes when
its table is over, or when its player leaves or queues again.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select, update
from sqlalchemy.orm import Session, sessionmaker

from pickletable.core.registry import kit_for
from pickletable.server.accounts.matchmaking import Match, Waiting, pair, window
from pickletable.server.accounts.rating_store import Ratings
from pickletable.server.accounts.ratings import DOUBLES, mode_of, shown
from pickletable.server.accounts.rows import QueueRow, RatingRow
from pickletable.server.accounts.users import User, Users
from pickletable.server.errors import BadRequest, NotFound
from pickletable.server.live import OVER
from pickletable.server.manager import TableManager
from pickletable.server.storage import TableRow

PENDING = "~"
"""The start of a claimed row's table id while its table is being opened."""


class Queue:
    """The queue over one database and the table manager that opens its tables."""

    def __init__(self, sessions: sessionmaker[Session], users: Users, ratings: Ratings) -> None:
        self.db = sessions
        self.users = users
        self.ratings = ratings

    async def join(self, user: User, game: str, players: int, doubles: bool, bots: bool) -> None:
        """Wait for a match of this game and mode (the entry replaces any other)."""
        kit = kit_for(game)
        definition = kit.definition()
        if players not in definition.player_counts:
            raise BadRequest(f"{definition.title} is played by {definition.player_counts} players")
        options: dict[str, Any] = dict(kit.doubles_options) if doubles and players == 4 else {}
        mode = mode_of(kit, players, options)
        if doubles and mode != DOUBLES:
            raise BadRequest(f"{definition.title} has no doubles at {players} players")
        await asyncio.to_thread(self._join, user, kit.id, mode, players, options, bots)

    def _join(
        self, user: User, game: str, mode: str, players: int, options: dict[str, Any], bots: bool
    ) -> None:
        with self.db.begin() as session:
            rating = session.get(RatingRow, (user.id, game, mode))
            ordinal = 0.0 if rating is None else shown(rating.mu, rating.sigma, 0)["rating"]
            session.execute(delete(QueueRow).where(QueueRow.user_id == user.id))
            session.add(
                QueueRow(user_id=user.id, game=game, mode=mode, players=players, options=options,
                         rating=ordinal, since=time.time(), bots=bots)
            )  # fmt: skip

    async def leave(self, user: User) -> None:
        """Leave the queue."""
        await asyncio.to_thread(self._leave, user.id)

    def _leave(self, user_id: int) -> None:
        with self.db.begin() as session:
            session.execute(delete(QueueRow).where(QueueRow.user_id == user_id))

    async def status(
        self, user: User, manager: TableManager, *, hand_over: bool = False
    ) -> dict[str, Any]:
        """Pair whoever can be, then this player's place: waiting, matched (the table, and
        with `hand_over` the seat token too), or not queued."""
        entry = await asyncio.to_thread(self._entry, user.id)
        if entry is None:
            return {"queued": False}
        await self.match(entry.game, entry.mode, manager)
        return await asyncio.to_thread(self._status, user.id, hand_over)

    async def seat(self, user: User) -> dict[str, Any]:
        """The table the queue seated this player at and their seat token (`NotFound` when
        it seated them nowhere, or that table is over)."""
        found = await asyncio.to_thread(self._status, user.id, True)
        if "token" not in found:
            raise NotFound("the quick-match queue has not seated you at a table")
        return found

    def _entry(self, user_id: int) -> QueueRow | None:
        with self.db() as session:
            return session.get(QueueRow, user_id)

    def _status(self, user_id: int, hand_over: bool) -> dict[str, Any]:
        with self.db.begin() as session:
            row = session.get(QueueRow, user_id)
            if row is None:
                return {"queued": False}
            if row.token is not None and row.table_id is not None:
                table = session.get(TableRow, row.table_id)
                if table is None or table.status == OVER:
                    session.delete(row)  # the game is over: its token is of no more use
                    return {"queued": False}
                found = {"queued": False, "table": row.table_id}
                return {**found, "token": row.token} if hand_over else found
            now = time.time()
            entry = Waiting(row.user_id, row.rating, row.since, row.bots)
            return {
                "queued": True, "game": row.game, "mode": row.mode,
                "waiting_seconds": round(now - row.since), "window": window(entry, now),
            }  # fmt: skip

    async def match(self, game: str, mode: str, manager: TableManager) -> int:
        """Open a table for every match the queue of this game and mode holds now."""
        claimed = await asyncio.to_thread(self._claim, game, mode)
        for marker, match, rows in claimed:
            await self._open(marker, match, rows, manager)
        return len(claimed)

    def _claim(self, game: str, mode: str) -> list[tuple[str, Match, list[QueueRow]]]:
        with self.db.begin() as session:
            rows = {
                row.user_id: row
                for row in session.scalars(
                    select(QueueRow).where(
                        QueueRow.game == game, QueueRow.mode == mode, QueueRow.table_id.is_(None)
                    )
                )
            }
        if not rows:
            return []
        size = next(iter(rows.values())).players
        waiting = [Waiting(r.user_id, r.rating, r.since, r.bots) for r in rows.values()]
        claimed = []
        for match in pair(waiting, size, time.time(), game):
            marker = PENDING + secrets.token_hex(7)
            try:
                with self.db.begin() as session:
                    done = session.execute(
                        update(QueueRow)
                        .where(QueueRow.user_id.in_(match.players), QueueRow.table_id.is_(None))
                        .values(table_id=marker)
                    )
                    if cast(CursorResult[Any], done).rowcount != len(match.players):
                        raise _Taken  # another worker took one of them: undo, skip the match
            except _Taken:
                continue
            claimed.append((marker, match, [rows[user] for user in match.players]))
        return claimed

    async def _open(
        self, marker: str, match: Match, rows: list[QueueRow], manager: TableManager
    ) -> None:
        first = rows[0]
        names = await asyncio.to_thread(self.users.names, set(match.players))
        seats = ["human"] * len(rows) + [f"bot:{level}" for level in match.bots]
        try:
            made = await manager.create(
                first.game, players=first.players, options=first.options, seats=seats,
                name=names[first.user_id],
            )  # fmt: skip
            tokens = {first.user_id: (made.seat, made.token)}
            for row in rows[1:]:
                joined = await manager.join(made.table.id, names[row.user_id])
                tokens[row.user_id] = (joined.seat, joined.token)
            for user, (seat, _token) in tokens.items():
                assert seat is not None
                await asyncio.to_thread(self.users.claim_seat, user, made.table.id, seat)
            await asyncio.to_thread(self.ratings.ask, made.table.id, first.game, first.mode)
            await manager.start_game(made.table.id, made.token, fill_with_bots=False)
        except Exception:
            await asyncio.to_thread(self._unclaim, marker)
            raise
        await asyncio.to_thread(self._seated, marker, made.table.id, tokens)

    def _unclaim(self, marker: str) -> None:
        with self.db.begin() as session:
            session.execute(
                update(QueueRow).where(QueueRow.table_id == marker).values(table_id=None)
            )

    def _seated(
        self, marker: str, table_id: str, tokens: dict[int, tuple[int | None, str | None]]
    ) -> None:
        with self.db.begin() as session:
            for user, (_seat, token) in tokens.items():
                session.execute(
                    update(QueueRow)
                    .where(QueueRow.user_id == user, QueueRow.table_id == marker)
                    .values(table_id=table_id, token=token)
                )


class _Taken(Exception):
    """A match's rows were claimed by someone else first."""
