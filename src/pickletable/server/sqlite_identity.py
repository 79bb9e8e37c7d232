"""Telling the server's own SQLite file from any other: which file is at the path, the
identity in its header, its size and time, and the steps it must still hold (the checks
`pickletable.server.storage` makes around every write)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy import Engine


class DatabaseOverwritten(OSError):
    """The SQLite file at the path was overwritten in place: its identity is not ours."""


SQLITE_MAGIC = b"SQLite format 3\x00"

IDENTITY_AT = 60
"""Where the SQLite header keeps ``user_version``, the file's identity here (4 bytes)."""


def file_identity(path: Path | None) -> tuple[int, int] | None:
    """Which file is at `path` now (device and inode), or None if none is."""
    if path is None:
        return None
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return (status.st_dev, status.st_ino)


def give_stamp(engine: Engine) -> int:
    """The file's identity, given a random one first if it has none, and in the file itself."""
    with engine.connect() as connection:
        stamp = int(connection.exec_driver_sql("PRAGMA user_version").scalar() or 0)
        if not stamp:
            stamp = secrets.randbelow(2**31 - 2) + 1
            connection.exec_driver_sql(f"PRAGMA user_version={stamp}")
            connection.commit()
        # the header (page 1) goes from the write-ahead log into the file, where it is read
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    return stamp


def size_and_time(path: Path | None) -> tuple[int, int] | None:
    """The size and modification time of the file at `path` (None: no file, or no path)."""
    if path is None:
        return None
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_size, status.st_mtime_ns)


class HeaderReader:
    """Reads the identity in the header of the file at a path, through a descriptor it
    keeps open.

    The process's SQLite connections hold POSIX locks on the file, and closing *any*
    descriptor of a file drops every such lock the process holds on it: a header read by
    opening and closing the file would let another process write, or checkpoint the log,
    under the server's reads (it read "database disk image is malformed" and took its own
    file for an overwritten one). So the file is opened once, read with `os.pread`, and its
    descriptor closed only for a file the server's connections have left (a new file at
    the path, or the storage closing).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "t.sqlite3"
    >>> with sqlite3.connect(path) as made:
    ...     _ = made.execute("PRAGMA user_version=7")
    >>> reader = HeaderReader(path)
    >>> reader.stamp()
    7
    >>> reader.close()
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        """The file (None: a database that is no SQLite file, which has no header here)."""
        self._descriptor: int | None = None

    def stamp(self) -> int | None:
        """The identity in the header of the file at the path (None: no SQLite file).

        Read from the file the descriptor was opened on: the caller closes it when a new
        file takes the path (once its connections to the old one are gone)."""
        if self.path is None:
            return None
        try:
            if self._descriptor is None:
                self._descriptor = os.open(self.path, os.O_RDONLY)
            header = os.pread(self._descriptor, IDENTITY_AT + 4, 0)
        except OSError:
            return None
        if len(header) < IDENTITY_AT + 4 or not header.startswith(SQLITE_MAGIC):
            return None
        return int.from_bytes(header[IDENTITY_AT:], "big")

    def close(self) -> None:
        """Close the descriptor (only once no connection of this process uses its file)."""
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None


def check_steps_in_file(path: Path, last_written: dict[str, int]) -> None:
    """Raise `DatabaseOverwritten` if a table lacks steps this server wrote to it.

    Read through a connection of its own (the server's may still hold the older
    pages in its cache), so what is checked is what the file holds now.
    """
    if not last_written:
        return
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    try:
        found = dict(reader.execute('SELECT table_id, MAX("index") FROM steps GROUP BY table_id'))
    except sqlite3.Error as error:
        raise DatabaseOverwritten(
            f"the database file {path} was overwritten in place: its steps cannot be read ({error})"
        ) from error
    finally:
        reader.close()
    for table_id, last in last_written.items():
        there = found.get(table_id, -1)
        if there < last:
            raise DatabaseOverwritten(
                f"the database file {path} was overwritten in place: table "
                f"{table_id} has {there + 1} steps there, not {last + 1} (an older copy?)"
            )


class DatabaseInUse(OSError):
    """Another server process already serves this SQLite file."""


@contextlib.contextmanager
def only_server(database: Path) -> Iterator[None]:
    """Hold the file's server lock (``<file>.lock``, an advisory `flock`) while serving.

    Two servers on one SQLite file would each keep their own tables in memory and write
    over the other's, so a second one is refused. The kernel drops the lock when the
    holder ends, however it ends (``kill -9`` included), so a restart never finds it stale.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with only_server(folder / "tables.sqlite3"):
    ...     try:
    ...         with only_server(folder / "tables.sqlite3"):
    ...             pass
    ...     except DatabaseInUse as refused:
    ...         print(refused)
    another pickletable server is serving this database (its lock tables.sqlite3.lock is held)
    """
    lock_path = database.with_name(database.name + ".lock")
    with open(lock_path, "a+b") as lock:
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise DatabaseInUse(
                "another pickletable server is serving this database "
                f"(its lock {lock_path.name} is held)"
            ) from None
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
