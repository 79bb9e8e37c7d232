"""Finished post-game reviews in the database, beside their table (Alembic revision 0007).

A review is seconds to tens of seconds of CPU and the same for the same record, seed and
budget (`pickletable.analysis.review`), so once made it is kept with the table: a server
restarted, or another worker on the same database, answers it from here without weighing
a move again, and the table's downloaded record carries it (``meta.reviews``). One row per
(table, seat): the review of the latest seed, budget and pickletable version asked for.
A review made with another budget, seed or version is made again and replaces it.

Called on the table manager's database thread (`Storage`'s methods are synchronous), with
the same checks of the SQLite file around a write as every other write.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from pickletable import __version__
from pickletable.server.storage import Base, Storage


class ReviewRow(Base):
    """One seat's finished review of one table."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[int] = mapped_column(Integer)
    budget: Mapped[int] = mapped_column(Integer)
    made_with: Mapped[str] = mapped_column(String(32))
    """The pickletable version that made it (another version's rollouts may play otherwise)."""
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The review of the one seat, as `Review.to_json` gives it."""


def save_review(storage: Storage, table_id: str, seat: int, review: dict[str, Any]) -> None:
    """Keep `review` (one seat's, as JSON) for the table, in place of any older one."""
    row = {
        "table_id": table_id,
        "seat": seat,
        "seed": int(review["seed"]),
        "budget": int(review["budget"]),
        "made_with": __version__,
        "review": review,
    }
    storage.check_file()
    try:
        with storage.engine.begin() as connection:
            connection.execute(
                delete(ReviewRow).where(ReviewRow.table_id == table_id, ReviewRow.seat == seat)
            )
            connection.execute(insert(ReviewRow).values(**row))
    except IntegrityError:
        pass  # another worker kept the same review at the same instant: it is the same
    storage.check_file()


def stored_review(
    storage: Storage, table_id: str, seat: int, *, seed: int, budget: int
) -> dict[str, Any] | None:
    """The kept review of `seat` at the table, if it was made with this seed, budget and
    pickletable version (None: it must be made)."""
    with storage.engine.connect() as connection:
        found = connection.execute(
            select(ReviewRow.review).where(
                ReviewRow.table_id == table_id,
                ReviewRow.seat == seat,
                ReviewRow.seed == seed,
                ReviewRow.budget == budget,
                ReviewRow.made_with == __version__,
            )
        ).scalar_one_or_none()
    return None if found is None else dict(found)


def stored_reviews(storage: Storage, table_id: str) -> list[dict[str, Any]]:
    """Every review kept for the table, by seat (a record's ``meta.reviews``)."""
    with storage.engine.connect() as connection:
        rows = connection.execute(
            select(ReviewRow.review).where(ReviewRow.table_id == table_id).order_by(ReviewRow.seat)
        ).scalars()
        return [dict(review) for review in rows]
