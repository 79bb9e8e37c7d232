"""A player's profile: ratings, and finished tables with result and rating change.

Only finished tables are listed with their facts; a table still in play is
listed with what the lobby shows anyone (its game and that it is in play),
never a hand, a score a spectator could not see, or whose turn it is.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from pickletable.server.accounts.rating_store import Ratings
from pickletable.server.accounts.ratings import shown
from pickletable.server.accounts.rows import AccountSeatRow, RatingChangeRow, UserRow
from pickletable.server.accounts.users import DELETED_NAME
from pickletable.server.errors import NotFound
from pickletable.server.live import OVER
from pickletable.server.storage import TableRow

HISTORY_LENGTH = 100


def profile(sessions: sessionmaker[Session], ratings: Ratings, user_id: int) -> dict[str, Any]:
    """A player's public page (`NotFound` for no such account)."""
    with sessions() as session:
        user = session.get(UserRow, user_id)
        if user is None:
            raise NotFound(f"no player {user_id}")
        rows = session.execute(
            select(AccountSeatRow.seat, TableRow.id, TableRow.game, TableRow.players,
                   TableRow.status, TableRow.created)
            .join(TableRow, TableRow.id == AccountSeatRow.table_id)
            .where(AccountSeatRow.user_id == user_id)
            .order_by(TableRow.created.desc())
            .limit(HISTORY_LENGTH)
        ).all()  # fmt: skip
        changes = {
            change.table_id: change
            for change in session.scalars(
                select(RatingChangeRow).where(RatingChangeRow.user_id == user_id)
            )
        }
    tables = [_entry(row, changes.get(row.id)) for row in rows]
    return {
        "id": user.id,
        "name": user.name or DELETED_NAME,
        "deleted": user.deleted,
        "ratings": [
            {**rating, "graph": _graph(user_id, rating["game"], rating["mode"])}
            for rating in ratings.of_user(user_id)
        ],
        "tables": tables,
    }


def _graph(user_id: int, game: str, mode: str) -> str:
    """Where the rating graph of a game and mode is (`routes.ratings.rating_graph`)."""
    return f"/api/players/{user_id}/rating-graph?" + urlencode({"game": game, "mode": mode})


def profile_exists(sessions: sessionmaker[Session], user_id: int) -> None:
    """`NotFound` unless there is (or was) an account `user_id`."""
    with sessions() as session:
        if session.get(UserRow, user_id) is None:
            raise NotFound(f"no player {user_id}")


def _entry(row: Any, change: RatingChangeRow | None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "table": row.id,
        "game": row.game,
        "players": row.players,
        "status": row.status,
        "created": row.created,
        "link": f"/table/{row.id}",
    }
    if row.status != OVER:
        return entry  # in play: only what the lobby shows anyone
    entry["seat"] = row.seat
    entry["replay"] = f"/table/{row.id}/replay"
    entry["record"] = f"/api/tables/{row.id}/record"
    entry["review"] = f"/table/{row.id}?review={row.seat}"  # the summary's review of the seat
    if change is not None:
        before = shown(change.mu_before, change.sigma_before, 0)["rating"]
        after = shown(change.mu_after, change.sigma_after, 0)["rating"]
        entry.update(
            result=change.result,
            place=change.place,
            mode=change.mode,
            rating_before=before,
            rating_after=after,
            rating_change=round(after - before, 1),
        )
    return entry
