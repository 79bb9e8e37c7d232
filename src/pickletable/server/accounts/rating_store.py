"""Ratings in the database: tables asked to be rated, each rated once, boards, changes.

`Ratings.table_over` rates a finished table at most once: it first inserts
the table's `RatingResultRow`, whose primary key is the table id, in the
same transaction as the new ratings. A second call (the same process again,
a restart, or another worker finishing the same table at the same moment)
fails on that key and changes nothing. The ratings it moves are read
``FOR UPDATE`` (on PostgreSQL), in account order, so two tables finishing at
once for one player both count.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from pickletable.core.state import Outcome
from pickletable.server.accounts.ratings import DOUBLES, bot_rating, placing, shown, update
from pickletable.server.accounts.rows import (
    AccountSeatRow,
    RatedTableRow,
    RatingChangeRow,
    RatingResultRow,
    RatingRow,
    UserRow,
)
from pickletable.server.accounts.users import DELETED_NAME


@dataclass(frozen=True)
class SeatAtEnd:
    """A seat as the game ended: a person's (perhaps played by a bot since they left) or a
    bot's from the start."""

    seat: int
    human: bool
    left: bool
    level: str = ""


@dataclass(frozen=True)
class FinishedTable:
    """What rating a finished table needs to know."""

    table_id: str
    outcome: Outcome
    seats: tuple[SeatAtEnd, ...]


class Ratings:
    """The ratings of one database (synchronous: call from a worker thread)."""

    def __init__(self, sessions: sessionmaker[Session], model: PlackettLuce | None = None):
        self.db = sessions
        self.model = model or PlackettLuce()

    def ask(self, table_id: str, game: str, mode: str) -> None:
        """Mark a table to be rated (idempotent)."""
        with self.db.begin() as session:
            if session.get(RatedTableRow, table_id) is None:
                session.add(
                    RatedTableRow(table_id=table_id, game=game, mode=mode, requested=time.time())
                )

    def is_rated(self, table_id: str) -> bool:
        """Whether the table was asked to be rated."""
        with self.db() as session:
            return session.get(RatedTableRow, table_id) is not None

    def table_over(self, table: FinishedTable) -> bool:
        """Rate a finished table once; True if this call rated it."""
        try:
            with self.db.begin() as session:
                return self._rate(session, table)
        except IntegrityError:
            return False  # rated already, by this process or another

    def _rate(self, session: Session, table: FinishedTable) -> bool:
        asked = session.get(RatedTableRow, table.table_id)
        if asked is None:
            return False
        now = time.time()
        result = RatingResultRow(table_id=table.table_id, rated=False, finished=now)
        session.add(result)
        session.flush()  # the once-only key: a second rating stops here
        owners = {
            seat: user
            for seat, user in session.execute(
                select(AccountSeatRow.seat, AccountSeatRow.user_id).where(
                    AccountSeatRow.table_id == table.table_id
                )
            )
        }
        humans = [seat for seat in table.seats if seat.human]
        if not humans or any(seat.seat not in owners for seat in humans):
            return True  # not every person signed in: the table counts for nobody
        users = sorted({owners[seat.seat] for seat in humans})
        rows = {
            row.user_id: row
            for row in session.scalars(
                select(RatingRow)
                .where(RatingRow.user_id.in_(users))
                .where(RatingRow.game == asked.game, RatingRow.mode == asked.mode)
                .order_by(RatingRow.user_id)
                .with_for_update()
            )
        }
        for user in users:
            if user not in rows:
                start = self.model.rating()
                rows[user] = RatingRow(
                    user_id=user, game=asked.game, mode=asked.mode, mu=start.mu,
                    sigma=start.sigma, games=0,
                )  # fmt: skip
                session.add(rows[user])
        by_seat = {seat.seat: seat for seat in table.seats}
        order = placing(
            table.outcome,
            [seat.seat for seat in table.seats],
            {seat.seat for seat in table.seats if seat.left},
            asked.mode == DOUBLES,
        )
        if len(order.teams) < 2:
            return True  # a drawn doubles game names no teams: it counts for nobody
        teams = [
            [self._rating(by_seat[seat], owners, rows, asked.game) for seat in team]
            for team in order.teams
        ]
        after = update(self.model, teams, order.places)
        for team, place, new in zip(order.teams, order.places, after, strict=True):
            for seat, rating in zip(team, new, strict=True):
                if not by_seat[seat].human:
                    continue
                row = rows[owners[seat]]
                session.add(
                    RatingChangeRow(
                        table_id=table.table_id, user_id=row.user_id, seat=seat,
                        game=asked.game, mode=asked.mode,
                        result=_result(by_seat[seat], place, table.outcome),
                        place=place, mu_before=row.mu, sigma_before=row.sigma,
                        mu_after=rating.mu, sigma_after=rating.sigma, finished=now,
                    )
                )  # fmt: skip
                row.mu, row.sigma, row.games = rating.mu, rating.sigma, row.games + 1
        result.rated = True
        return True

    def _rating(
        self, seat: SeatAtEnd, owners: dict[int, int], rows: dict[int, RatingRow], game: str
    ) -> PlackettLuceRating:
        if seat.human:
            row = rows[owners[seat.seat]]
            return self.model.rating(mu=row.mu, sigma=row.sigma)
        mu, sigma = bot_rating(game, seat.level)
        return self.model.rating(mu=mu, sigma=sigma)

    def of_user(self, user_id: int) -> list[dict[str, Any]]:
        """Every rating of an account, by game and mode."""
        with self.db() as session:
            rows = session.scalars(
                select(RatingRow).where(RatingRow.user_id == user_id).order_by(RatingRow.game)
            )
            return [
                {"game": row.game, "mode": row.mode, **shown(row.mu, row.sigma, row.games)}
                for row in rows
            ]

    def leaderboard(self, game: str, mode: str, limit: int = 50) -> list[dict[str, Any]]:
        """The best ratings of one game and mode (by the ordinal, mu - 3 sigma)."""
        with self.db() as session:
            rows = session.execute(
                select(RatingRow, UserRow.name)
                .join(UserRow, UserRow.id == RatingRow.user_id)
                .where(RatingRow.game == game, RatingRow.mode == mode)
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc())
                .limit(limit)
            ).all()
            return [
                {"user": row.user_id, "name": name or DELETED_NAME,
                 **shown(row.mu, row.sigma, row.games)}
                for row, name in rows
            ]  # fmt: skip

    def changes_of(self, user_id: int) -> list[RatingChangeRow]:
        """The account's rated tables, newest first."""
        with self.db() as session:
            return list(
                session.scalars(
                    select(RatingChangeRow)
                    .where(RatingChangeRow.user_id == user_id)
                    .order_by(RatingChangeRow.finished.desc())
                )
            )


def _result(seat: SeatAtEnd, place: int, outcome: Outcome) -> str:
    if seat.left:
        return "left"
    if not outcome.winners:
        return "drew"
    return "won" if seat.seat in outcome.winners else "lost"
