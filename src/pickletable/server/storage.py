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

A file overwritten in place (``cp other.db tables.sqlite3``: the same inode,
another database's pages) cannot be copied back: the server's own pages are
gone. Every SQLite file the server opens carries a random identity in its
header (``PRAGMA user_version``), read from the file itself before and
after every write; a file whose identity changed raises
`DatabaseOverwritten`, nothing more is written to it, and the table manager
writes every table it holds to a new file (`rewrite_from_memory`).

An older copy of the server's own file written over it carries the same
identity. So every commit also checks, in its transaction, that each table
it appends to holds exactly the steps before the new ones: a table that is
behind (or missing) means the file was rolled back, and it is treated as
overwritten. And since the server checkpoints the write-ahead log itself
(`Storage._checkpoint`), the file's size and modification time change only
when it does: any other change to them, found before and after every write,
means someone else wrote the file (even when the server's own connections
still hold the older pages). That alone proves nothing (another process's
checkpoint or a harmless write changes them too), so the file is then read
afresh: only a table lacking steps this server wrote counts as overwritten.
"""

from __future__ import annotations

import functools
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
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.sql.dml import Insert, Update

from pickletable.server.json_text import dumps
from pickletable.server.migrations import upgrade
from pickletable.server.sqlite_identity import (
    DatabaseOverwritten as DatabaseOverwritten,
)
from pickletable.server.sqlite_identity import (
    HeaderReader,
    check_steps_in_file,
    file_identity,
    give_stamp,
    size_and_time,
)

log = logging.getLogger("pickletable.server")
CHANCE_BY = -1
"""The `by` column of a chance step."""
CHECKPOINT_EVERY = 64
"""Commits of steps between two checkpoints of the write-ahead log into the file."""


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
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat whose decision the game waits for (None: nobody's, or an older row)."""
    turn_deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the long turn clock of `to_move` runs out, epoch seconds (None: no long clock
    running). Every step written clears it; the driver sets it when it arms the clock."""
    undone: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    """The moves taken back at the table, as a record's ``meta.undone`` (None: none)."""


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
    "to_move",
    "turn_deadline",
    "undone",
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
        self._identity = file_identity(self.path)
        self._stamp = give_stamp(self.engine) if self.path is not None else 0
        self._header = HeaderReader(self.path)
        """Reads the file's identity without dropping the connections' locks."""
        self._own = size_and_time(self.path)
        """The file's size and modification time as the server last left it."""
        self._last: dict[str, int] = {}
        """The last step index this server wrote for each table (SQLite): what a file
        someone else wrote must still hold."""
        self._commits = 0

    def close(self) -> None:
        """Release the connections (after saving the file again if it was deleted)."""
        self.check_file()
        self.engine.dispose()
        self._header.close()  # after the connections: closing it drops their locks

    def check_file(self) -> None:
        """Write the database again at its path if its file was deleted or replaced.

        Called after every write (so no write is acknowledged into a deleted
        file) and now and then by the manager; raises `OSError` or
        `sqlite3.Error` when the file cannot be written again.
        """
        if self.path is None:
            return
        if file_identity(self.path) != self._identity:
            self._rewrite(self.path)
            return
        self.check_stamp()

    def check_stamp(self) -> None:
        """Raise `DatabaseOverwritten` if the file at the path no longer carries our identity."""
        if self.path is None:
            return
        found = self._header.stamp()
        if found != self._stamp:
            raise DatabaseOverwritten(
                f"the database file {self.path} was overwritten in place: it is not the "
                f"server's any more (identity {found}, not {self._stamp})"
            )
        mark = size_and_time(self.path)
        if mark != self._own:
            # Someone else wrote the file: a harmless checkpoint or write by another
            # process, or an older copy put back. Only the file's content can tell.
            check_steps_in_file(self.path, self._last)
            self._own = mark

    def _checkpoint(self) -> None:
        """Write the write-ahead log into the file (only the server does), and remember it."""
        with self.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        self._own = size_and_time(self.path)

    def rewrite_from_memory(self, tables: Sequence[StoredTable]) -> Path:
        """Move the overwritten file aside and write `tables` to a new one at the path.

        Returns where the overwritten file went. Tables that were only in the
        overwritten file (finished ones not in memory) are not in the new one.
        """
        assert self.path is not None
        path = self.path
        aside = path.with_name(f"{path.name}.overwritten-{int(time.time())}")
        os.replace(path, aside)
        self.engine.dispose()
        self._header.close()  # it read the file now aside
        for leftover in ("-wal", "-shm", "-journal"):  # the old connection's, now meaningless
            path.with_name(path.name + leftover).unlink(missing_ok=True)
        self.engine = _make_engine(self.url)
        upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._stamp = give_stamp(self.engine)
        self._identity = file_identity(path)
        self._own = size_and_time(path)
        # What the new file must hold from now on: the tables written to it, not those that
        # had left memory (they are only in the overwritten file, and would be missed in
        # every later check).
        self._last = {}
        with self._sessions.begin() as session:
            for table in tables:
                row = table.row
                session.add(TableRow(**{key: row[key] for key in TABLE_FIELDS if key in row}))
        self.append_many([Appended(str(t.row["id"]), t.steps) for t in tables if t.steps])
        return aside

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
        self._header.close()
        for leftover in ("-wal", "-shm", "-journal"):  # they belonged to the old file
            path.with_name(path.name + leftover).unlink(missing_ok=True)
        os.replace(fresh, path)
        self.engine = _make_engine(self.url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._identity = file_identity(path)
        self._own = size_and_time(path)
        log.critical("the database %s is whole again; play goes on", path)

    def create_table(self, row: dict[str, Any]) -> None:
        """Insert a new table (with `created` filled in if missing)."""
        values = {"created": datetime.now(UTC).isoformat(timespec="seconds"), **row}
        fields = {key: values[key] for key in TABLE_FIELDS if key in values}
        self.check_file()
        with self.engine.begin() as connection:
            connection.execute(STATEMENTS.insert_table(tuple(fields)), fields)
        self.check_file()

    def update_table(self, table_id: str, **changes: Any) -> None:
        """Change some columns of one table."""
        self.check_file()
        with self.engine.begin() as connection:
            if changes:
                self._update(connection, table_id, changes)
            elif connection.execute(STATEMENTS.table_exists, {"_id": table_id}).first() is None:
                raise KeyError(table_id)
        self.check_file()

    def append_steps(self, table_id: str, steps: Iterable[StoredStep], **changes: Any) -> None:
        """Commit steps (and any table changes, such as the status) in one transaction."""
        self.append_many([Appended(table_id, list(steps), changes)])

    def append_many(self, batch: Sequence[Appended]) -> None:
        """Commit the steps and table changes of several tables in one transaction.

        The server gathers every table that moved while the last commit was
        being written into the next one: one commit for many moves. Plain
        INSERT and UPDATE statements, built once and reused (`_Statements`: no
        ORM session, no statement made per write), keep the writer thread,
        which shares the interpreter with the event loop, brief.
        """
        self.check_file()  # never write into someone else's file
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
            if self.path is None
        ]
        with self.engine.begin() as connection:
            self.check_append(connection, batch)
            if self.path is not None:  # SQLite: its own driver, without SQLAlchemy's layers
                _append_to_sqlite(connection.connection.driver_connection, self.path, batch)
            else:
                if rows:
                    connection.execute(STATEMENTS.insert_steps, rows)
                for item in batch:
                    if item.changes:
                        self._update(connection, item.table_id, item.changes)
        if self.path is not None:
            for item in batch:
                if item.steps:
                    self._last[item.table_id] = item.steps[-1].index
        self.check_file()
        self._commits += 1
        if self.path is not None and self._commits % CHECKPOINT_EVERY == 0:
            self._checkpoint()

    def take_back(self, table_id: str, start: int, **changes: Any) -> None:
        """Delete a table's steps from `start` on (an undo), with table changes, in one
        transaction; checked like an append (`check_append`: the owner's fencing number)."""
        self.check_file()
        with self.engine.begin() as connection:
            self.check_append(connection, [Appended(table_id, [], changes)])
            connection.execute(
                delete(StepRow).where(StepRow.table_id == table_id, StepRow.index >= start)
            )
            self._update(connection, table_id, changes)
        if table_id in self._last:
            self._last[table_id] = start - 1
        self.check_file()

    @staticmethod
    def _update(connection: Connection, table_id: str, changes: dict[str, Any]) -> None:
        """Change some columns of one table row (`KeyError` if there is no such row)."""
        statement = STATEMENTS.update_table(tuple(changes))
        changed = connection.execute(statement, {"_id": table_id, **changes})
        if changed.rowcount == 0:
            raise KeyError(table_id)

    def check_append(self, connection: Connection, batch: Sequence[Appended]) -> None:
        """Refuse a batch before it is written, in its transaction (nothing to check here).

        Several server processes on one database check that they still own each
        table (`pickletable.server.cluster.ownership.FencedStorage`).
        """

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


def _append_to_sqlite(raw: Any, path: Path, batch: Sequence[Appended]) -> None:
    """Write a batch through the SQLite driver's own connection `raw`, in its transaction.

    The same rows as the SQLAlchemy statements write (JSON as text), for a
    fraction of the processor time: on the writer thread, which shares the
    interpreter with the event loop, SQLAlchemy's execution layers cost more
    than SQLite's own work. First the rolled-back check (`_check_not_rolled_back`).
    """
    cursor = raw.cursor()
    try:
        _check_not_rolled_back(cursor, path, batch)
        cursor.executemany(
            _INSERT_STEP,
            [
                (item.table_id, step.index, step.by, step.action, dumps(step.events))
                for item in batch
                for step in item.steps
            ],
        )
        for item in batch:
            if item.changes:
                columns = tuple(item.changes)
                values = [
                    dumps(value) if column in _JSON_COLUMNS and value is not None else value
                    for column, value in item.changes.items()
                ]
                cursor.execute(_update_sql(columns), [*values, item.table_id])
                if cursor.rowcount == 0:
                    raise KeyError(item.table_id)
    finally:
        cursor.close()


def _check_not_rolled_back(cursor: Any, path: Path, batch: Sequence[Appended]) -> None:
    """Raise `DatabaseOverwritten` if a table in `batch` lacks steps it had before.

    One indexed query on the driver's cursor (the last step of each table the
    batch appends to, from the primary key), a few microseconds a commit.
    """
    first: dict[str, int] = {}
    for item in batch:
        if item.steps:
            index = item.steps[0].index
            first[item.table_id] = min(first.get(item.table_id, index), index)
    if not first:
        return
    marks = ", ".join("?" * len(first))
    cursor.execute(
        f'SELECT table_id, MAX("index") FROM steps WHERE table_id IN ({marks}) GROUP BY table_id',
        list(first),
    )
    last = dict(cursor.fetchall())
    for table_id, index in first.items():
        found = last.get(table_id)
        if (-1 if found is None else found) != index - 1:
            raise DatabaseOverwritten(
                f"the database file {path} was overwritten in place: table {table_id} has "
                f"{0 if found is None else found + 1} steps there, not {index} (an older copy?)"
            )


_INSERT_STEP = 'INSERT INTO steps (table_id, "index", by, action, events) VALUES (?, ?, ?, ?, ?)'
_JSON_COLUMNS = frozenset(
    column.name for column in TableRow.__table__.columns if isinstance(column.type, JSON)
)


@functools.cache
def _update_sql(columns: tuple[str, ...]) -> str:
    """The SQLite UPDATE of these columns of one table row (its id bound last)."""
    if not set(columns) <= set(TABLE_FIELDS) - {"id"}:
        raise KeyError(f"not columns of a table row: {sorted(set(columns) - set(TABLE_FIELDS))}")
    assignments = ", ".join(f'"{column}" = ?' for column in columns)
    return f"UPDATE tables SET {assignments} WHERE id = ?"


class _Statements:
    """The write statements, each built once (per set of columns) and reused.

    SQLAlchemy compiles a statement once and caches it, but building one
    (and the key it is cached under) for every write cost more than the write
    itself; these are made the first time they are needed and kept.
    """

    def __init__(self) -> None:
        self._tables = Base.metadata.tables[TableRow.__tablename__]
        self.insert_steps = insert(Base.metadata.tables[StepRow.__tablename__])
        self.table_exists = select(self._tables.c.id).where(self._tables.c.id == bindparam("_id"))
        self._updates: dict[tuple[str, ...], Update] = {}
        self._inserts: dict[tuple[str, ...], Insert] = {}

    def update_table(self, columns: tuple[str, ...]) -> Update:
        """UPDATE of these columns of the row whose id is bound as ``_id``."""
        statement = self._updates.get(columns)
        if statement is None:
            statement = self._updates[columns] = (
                update(self._tables)
                .where(self._tables.c.id == bindparam("_id"))
                .values({column: bindparam(column) for column in columns})
            )
        return statement

    def insert_table(self, columns: tuple[str, ...]) -> Insert:
        """INSERT of a table row with these columns."""
        statement = self._inserts.get(columns)
        if statement is None:
            statement = self._inserts[columns] = insert(self._tables).values(
                {column: bindparam(column) for column in columns}
            )
        return statement


STATEMENTS = _Statements()


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
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # the server checkpoints (`_checkpoint`)
    cursor.close()
