"""Which process owns which table: a lease row per table, with a fencing number.

A process owns a table while its lease row names it and has not expired; it
renews its leases every half second. A lease that expires (its process
died) or was released (its process stopped, or let the table leave memory)
may be taken by another process, which bumps the fencing number. Every
step append checks, in its own transaction, that the writing process still
holds the fencing number it took: a process that lost a table (paused,
partitioned, slow) has its appends refused (`StaleOwner`) instead of
interleaving with the new owner's. The unique step key (table, index)
stays the last line of defence.

Times are the database server's clock (``clock_timestamp()``), so the
processes' clocks need not agree. The lease table is coordination state,
not table data: it is created here, only when processes share a database,
and `Leases.create` may run any number of times.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import BigInteger, Column, Float, MetaData, String, Table, text, update
from sqlalchemy.engine import Connection, Engine

from pickletable.server.storage import Appended, Storage, TableRow

LEASES = Table(
    "table_leases",
    MetaData(),
    Column("table_id", String(16), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("fence", BigInteger, nullable=False),
    Column("expires", Float, nullable=False),
)
NOW = "extract(epoch from clock_timestamp())"
CREATE_LOCK = 0x7069636B6C65  # "pickle"
"""The advisory lock under which the lease table is created."""
RELEASED = ""
"""The owner of a lease given back on purpose: nobody claims it until someone asks for it."""


class StaleOwner(Exception):
    """A process wrote to a table whose lease it no longer holds; nothing was written."""

    def __init__(self, table_ids: Iterable[str]) -> None:
        self.table_ids = sorted(table_ids)
        super().__init__(f"this process no longer owns table(s) {', '.join(self.table_ids)}")


class Leases:
    """The lease rows, as one process (`owner`) sees them."""

    def __init__(self, engine: Engine, owner: str, seconds: float = 2.5) -> None:
        if not owner:
            raise ValueError("a process that owns tables needs a non-empty id")
        self.engine = engine
        self.owner = owner
        self.seconds = seconds

    def create(self) -> None:
        """Create the lease table if it is missing (workers starting together take turns)."""
        with self.engine.begin() as connection:
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": CREATE_LOCK})
            LEASES.create(connection, checkfirst=True)

    def acquire(self, table_id: str, *, must_exist: bool = True) -> int | None:
        """Take a table that is free (never leased, expired or released) or already ours.

        Returns the new fencing number, or None when another live process holds it
        (or, with `must_exist`, when there is no such table).
        """
        exists = ""
        if must_exist:
            exists = "WHERE EXISTS (SELECT 1 FROM tables WHERE id = CAST(:table AS VARCHAR))"
        query = text(
            f"""
            INSERT INTO table_leases (table_id, owner, fence, expires)
            SELECT CAST(:table AS VARCHAR), CAST(:owner AS VARCHAR), 1,
                   {NOW} + :seconds {exists}
            ON CONFLICT (table_id) DO UPDATE
            SET owner = excluded.owner, fence = table_leases.fence + 1, expires = excluded.expires
            WHERE table_leases.expires < {NOW} OR table_leases.owner IN (excluded.owner, :released)
            RETURNING fence
            """
        )
        values = {"table": table_id, "owner": self.owner, "seconds": self.seconds}
        with self.engine.begin() as connection:
            fence = connection.execute(query, {**values, "released": RELEASED}).scalar()
        return None if fence is None else int(fence)

    def renew(self, held: dict[str, int]) -> set[str]:
        """Extend the leases in `held` (table id to fencing number); returns those lost."""
        if not held:
            return set()
        query = text(
            f"""
            UPDATE table_leases SET expires = {NOW} + :seconds
            WHERE owner = :owner AND table_id = ANY(:tables)
            RETURNING table_id, fence
            """
        )
        values = {"owner": self.owner, "seconds": self.seconds, "tables": list(held)}
        with self.engine.begin() as connection:
            kept = {row[0]: int(row[1]) for row in connection.execute(query, values)}
        return {table for table, fence in held.items() if kept.get(table) != fence}

    def release(self, table_ids: Iterable[str], *, hand_over: bool = False) -> None:
        """Give tables back at once: to whoever asks for one next, or, when this process
        stops (`hand_over`), to the first process that looks for orphans."""
        tables = list(table_ids)
        if not tables:
            return
        owner = "owner" if hand_over else ":released"
        query = text(
            f"UPDATE table_leases SET owner = {owner}, expires = 0 "
            "WHERE owner = :owner AND table_id = ANY(:tables)"
        )
        with self.engine.begin() as connection:
            connection.execute(query, {"released": RELEASED, "owner": self.owner, "tables": tables})

    def owner_of(self, table_id: str) -> str | None:
        """The process that holds the table now (None: nobody, so whoever asks may take it)."""
        query = text(
            f"SELECT owner FROM table_leases WHERE table_id = :table "
            f"AND expires >= {NOW} AND owner <> :released"
        )
        with self.engine.connect() as connection:
            found = connection.execute(query, {"table": table_id, "released": RELEASED}).scalar()
        return None if found is None else str(found)

    def orphans(self, limit: int, grace_seconds: float = 10.0) -> list[str]:
        """Unfinished tables nobody holds: their lease expired (its process died), or
        they never had one and nothing happened there for `grace_seconds` (a table
        made before processes shared the database). Released ones wait to be asked for."""
        query = text(
            f"""
            SELECT tables.id FROM tables
            LEFT JOIN table_leases ON table_leases.table_id = tables.id
            WHERE tables.status IN ('waiting', 'playing') AND (
                (table_leases.table_id IS NULL
                 AND COALESCE(tables.active, 0) < {NOW} - :grace)
                OR (table_leases.owner <> :released AND table_leases.expires < {NOW})
            )
            ORDER BY random() LIMIT :limit
            """
        )
        values = {"grace": grace_seconds, "released": RELEASED, "limit": limit}
        with self.engine.connect() as connection:
            return [str(row[0]) for row in connection.execute(query, values)]

    def check(self, connection: Connection, fences: dict[str, int], tables: Sequence[str]) -> None:
        """Inside a write's transaction: raise `StaleOwner` unless every table in `tables`
        is still ours under the fencing number in `fences`.

        The rows are locked for share until the write commits, so a takeover waits for
        the write, and the new owner reads the steps after it.
        """
        wanted = sorted(set(tables))
        query = text(
            "SELECT table_id, fence FROM table_leases "
            "WHERE owner = :owner AND table_id = ANY(:tables) FOR SHARE"
        )
        found = {
            row[0]: int(row[1])
            for row in connection.execute(query, {"owner": self.owner, "tables": wanted})
        }
        stale = [
            table for table in wanted if table not in fences or found.get(table) != fences[table]
        ]
        if stale:
            raise StaleOwner(stale)


class FencedStorage(Storage):
    """Storage whose writes to a table (its steps, its seats and status) carry the fencing
    number of the table's lease."""

    def __init__(self, url: str, owner: str, lease_seconds: float = 2.5) -> None:
        super().__init__(url)
        self.leases = Leases(self.engine, owner, lease_seconds)
        self.leases.create()
        self.fences: dict[str, int] = {}
        """The fencing number of every table this process holds (table id to number)."""

    def create_table(self, row: dict[str, Any]) -> None:
        """Insert a new table, owned by this process from the start (a rematch too)."""
        super().create_table(row)
        fence = self.leases.acquire(str(row["id"]))
        if fence is None:  # another process took it in the instant since it was written
            raise StaleOwner([str(row["id"])])
        self.fences[str(row["id"])] = fence

    def update_table(self, table_id: str, **changes: Any) -> None:
        """Change some columns of one table, if this process still owns it (`StaleOwner`)."""
        with self.engine.begin() as connection:
            self.leases.check(connection, self.fences, [table_id])
            changed = connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(**changes)
            )
            if changed.rowcount == 0:
                raise KeyError(table_id)

    def check_append(self, connection: Connection, batch: Sequence[Appended]) -> None:
        """Refuse the batch if this process lost any of its tables (see `Leases.check`)."""
        self.leases.check(connection, self.fences, [item.table_id for item in batch])
