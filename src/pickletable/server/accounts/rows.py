"""The accounts' database tables (Alembic revisions 0002 to 0004)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from pickletable.server.storage import Base


class UserRow(Base):
    """One account. A deleted one keeps its id (its games name "deleted player")."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str | None] = mapped_column(String(24), nullable=True)
    """The name as its owner wrote it (None once deleted)."""
    name_key: Mapped[str | None] = mapped_column(String(24), unique=True, nullable=True)
    """The name folded (`name_key`): no two accounts differ by case only."""
    password_hash: Mapped[str] = mapped_column(String(200))
    created: Mapped[float] = mapped_column(Float)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)


class SessionRow(Base):
    """One signed-in browser: the hash of its cookie's secret, and its CSRF token."""

    __tablename__ = "user_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)
    seen: Mapped[float] = mapped_column(Float)


class AccountSeatRow(Base):
    """A seat an account holds (or held) at a table."""

    __tablename__ = "account_seats"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)


class RatedTableRow(Base):
    """A table its players asked to be rated (before its start)."""

    __tablename__ = "rated_tables"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    mode: Mapped[str] = mapped_column(String(24))
    requested: Mapped[float] = mapped_column(Float)


class RatingResultRow(Base):
    """A finished rated table, rated once: the primary key makes a second rating fail."""

    __tablename__ = "rating_results"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    rated: Mapped[bool] = mapped_column(Boolean)
    """False when it could not count (a human seat not signed in at the end)."""
    finished: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """One account's OpenSkill rating in one game and mode."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    mode: Mapped[str] = mapped_column(String(24), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatingChangeRow(Base):
    """What one rated table did to one account's rating."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    seat: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(16))
    mode: Mapped[str] = mapped_column(String(24))
    result: Mapped[str] = mapped_column(String(8))
    """won, lost, drew or left."""
    place: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    finished: Mapped[float] = mapped_column(Float)


class QueueRow(Base):
    """A signed-in player waiting for a quick match (one queue entry per account)."""

    __tablename__ = "match_queue"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    mode: Mapped[str] = mapped_column(String(24))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    rating: Mapped[float] = mapped_column(Float)
    since: Mapped[float] = mapped_column(Float)
    bots: Mapped[bool] = mapped_column(Boolean)
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """The table opened for the match ("~..." while it is being opened)."""
    token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The seat token, handed to its player as often as they ask until the table is over
    (then the row goes)."""
