"""Storage through SQLAlchemy: a table row per table, a step row per action.

SQLite by default, any SQLAlchemy URL (PostgreSQL, say) by configuration.
The schema is kept by the Alembic revisions in `pickletable.server.migrations`,
applied when a `Storage` opens the database.
The methods are synchronous; the table manager calls them from one worker
thread so that a commit never stalls the event loop and writes keep their order.

A SQLite file that is deleted (or replaced) while the server runs is noticed
after every write and by `check_file`: the server still has the old file
open, so it copies it, every write included, to a new file at the
configured path, says so loudly in the log, and goes on.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from pickletable.server.migrations import upgrade

log = logging.getLogger("pickletable.server")
CHANCE_BY = -1
"""The `by` column of a chance step."""


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class TableRow(Base):
    """One table: its game, options, content, seats and where it stands."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    content: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    notes: Mapped[list[list[Any]]] = mapped_column(JSON, default=list)
    """Log lines that are not game events, as [step, text] pairs (a seat handed to a bot)."""
    seed: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    turn_seconds: Mapped[int] = mapped_column(Integer, default=0)
    rematch_of: Mapped[str | None] = mapped_column(String(16), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created: Mapped[str] = mapped_column(String(40))
    active: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When anything last happened at the table, in seconds since the epoch (None: an older row)."""
    made_with: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The pickletable version that created the table (None: an older row)."""
    rules: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The edition of the game's rules the table was made under (None: an older row, 1)."""


class StepRow(Base):
    """One applied action of one table, with the events it caused (secrets included)."""

    __tablename__ = "steps"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    by: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSON)


@dataclass
class StoredStep:
    """A step as the table manager hands it to storage."""

    index: int
    by: int
    action: str
    events: list[dict[str, Any]]


@dataclass
class Appended:
    """The steps of one table to commit, with the table columns that change with them."""

    table_id: str
    steps: list[StoredStep]
    changes: dict[str, Any] = field(default_factory=dict)


@dataclass
class StoredTable:
    """A table read back from the database with all its steps."""

    row: dict[str, Any]
    steps: list[StoredStep]


TABLE_FIELDS = (
    "id",
    "game",
    "players",
    "options",
    "content",
    "seats",
    "notes",
    "seed",
    "status",
    "turn_seconds",
    "rematch_of",
    "rematch_id",
    "created",
    "active",
    "made_with",
    "rules",
)


class Storage:
    """The database of tables and their steps."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.path = sqlite_file(url)
        """The SQLite file, watched for deletion (None for other databases and :memory:)."""
        self.engine = _make_engine(url)
        upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._identity = _identity(self.path)

    def close(self) -> None:
        """Release the connections (after saving the file again if it was deleted)."""
        self.check_file()
        self.engine.dispose()

    def check_file(self) -> None:
        """Write the database again at its path if its file was deleted or replaced.

        Called after every write (so no write is acknowledged into a deleted
        file) and now and then by the manager; raises `OSError` or
        `sqlite3.Error` when the file cannot be written again.
        """
        if self.path is None or _identity(self.path) == self._identity:
            return
        self._rewrite(self.path)

    def _rewrite(self, path: Path) -> None:
        found = path.exists()
        log.critical(
            "the database file %s was %s while the server was running: "
            "writing every table again from the copy the server still has open",
            path,
            "replaced by another file" if found else "deleted",
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        if found:  # someone else's file: keep it beside ours
            aside = path.with_name(f"{path.name}.replaced-{int(time.time())}")
            os.replace(path, aside)
            log.critical("the file found at %s was moved to %s", path, aside)
        fresh = path.with_name(f"{path.name}.rewrite")
        fresh.unlink(missing_ok=True)
        source = self.engine.raw_connection()
        try:
            target = sqlite3.connect(fresh)
            try:
                source.driver_connection.backup(target)  # type: ignore[union-attr]
            finally:
                target.close()
        finally:
            source.close()
        self.engine.dispose()  # the old file's last connection: it goes for good
        for leftover in ("-wal", "-shm", "-journal"):  # they belonged to the old file
            path.with_name(path.name + leftover).unlink(missing_ok=True)
        os.replace(fresh, path)
        self.engine = _make_engine(self.url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._identity = _identity(path)
        log.critical("the database %s is whole again; play goes on", path)

    def create_table(self, row: dict[str, Any]) -> None:
        """Insert a new table (with `created` filled in if missing)."""
        values = {"created": datetime.now(UTC).isoformat(timespec="seconds"), **row}
        with self._sessions.begin() as session:
            session.add(TableRow(**{key: values[key] for key in TABLE_FIELDS if key in values}))
        self.check_file()

    def update_table(self, table_id: str, **changes: Any) -> None:
        """Change some columns of one table."""
        with self._sessions.begin() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise KeyError(table_id)
            for key, value in changes.items():
                setattr(row, key, value)
        self.check_file()

    def append_steps(self, table_id: str, steps: Iterable[StoredStep], **changes: Any) -> None:
        """Commit steps (and any table changes, such as the status) in one transaction."""
        self.append_many([Appended(table_id, list(steps), changes)])

    def append_many(self, batch: Sequence[Appended]) -> None:
        """Commit the steps and table changes of several tables in one transaction.

        The server gathers every table that moved while the last commit was
        being written into the next one: one commit for many moves. Plain
        INSERT and UPDATE statements (no ORM session) keep the writer thread,
        which shares the interpreter with the event loop, brief.
        """
        rows = [
            {
                "table_id": item.table_id,
                "index": step.index,
                "by": step.by,
                "action": step.action,
                "events": step.events,
            }
            for item in batch
            for step in item.steps
        ]
        with self.engine.begin() as connection:
            if rows:
                connection.execute(insert(StepRow), rows)
            for item in batch:
                if not item.changes:
                    continue
                changed = connection.execute(
                    update(TableRow).where(TableRow.id == item.table_id).values(**item.changes)
                )
                if changed.rowcount == 0:
                    raise KeyError(item.table_id)
        self.check_file()

    def load(
        self, *, statuses: Iterable[str] | None = None, table_id: str | None = None
    ) -> list[StoredTable]:
        """Tables (all, those in `statuses`, or the one `table_id`) with their steps in order."""
        query = select(TableRow).order_by(TableRow.created)
        if statuses is not None:
            query = query.where(TableRow.status.in_(list(statuses)))
        if table_id is not None:
            query = query.where(TableRow.id == table_id)
        with Session(self.engine) as session:
            tables = session.scalars(query).all()
            steps: dict[str, list[StoredStep]] = {row.id: [] for row in tables}
            if steps:
                rows = session.scalars(
                    select(StepRow)
                    .where(StepRow.table_id.in_(list(steps)))
                    .order_by(StepRow.table_id, StepRow.index)
                )
                for step in rows:
                    steps[step.table_id].append(
                        StoredStep(step.index, step.by, step.action, list(step.events))
                    )
            return [
                StoredTable({key: getattr(row, key) for key in TABLE_FIELDS}, steps[row.id])
                for row in tables
            ]


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None for another database, or an in-memory one)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    return Path(database)


def _identity(path: Path | None) -> tuple[int, int] | None:
    """Which file is at `path` now (device and inode), or None if none is."""
    if path is None:
        return None
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return (status.st_dev, status.st_ino)


def make_sqlite_folder(url: str) -> None:
    """Create the folder of a SQLite file URL (a fresh account has no ``~/.local/share``)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return  # not a URL at all: the engine says so
    database = parsed.database
    if parsed.get_backend_name() == "sqlite" and database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)


def _make_engine(url: str) -> Engine:
    make_sqlite_folder(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL keeps readers and the single writer out of each other's way.

    With WAL, ``synchronous=NORMAL`` keeps every commit through a crash of the
    server (kill -9 included) and skips one fsync per commit; only a crash of
    the whole machine may lose the last commits.
    """
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
