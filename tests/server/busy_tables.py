"""Three card tables of bots playing to 99 on a server with a quick file check, watched by
one socket each: what the database-overwrite tests copy files under."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import TEST_LIMITS, Player, new_table

LIMITS = replace(TEST_LIMITS, file_check_seconds=0.2)


@dataclass
class BusyTables:
    """The running server's client and each table's watcher."""

    client: Any
    watchers: dict[str, Player]

    def steps(self) -> dict[str, int]:
        """The step each table's watcher has heard of (acknowledged) by now."""
        return {table_id: watcher.current()["step"] for table_id, watcher in self.watchers.items()}


@contextmanager
def busy_tables(serve: Any) -> Iterator[BusyTables]:
    """Serve three busy bot tables; their sockets close before the server stops."""
    with serve(bot_delay=0.02, limits=LIMITS) as client:
        made = [
            new_table(client, "card", ["bot:easy"] * 2, options={"target_score": 99}, sit=False)
            for _ in range(3)
        ]
        ids = [table["table"]["id"] for table in made]
        sockets = [client.websocket_connect(f"/ws/tables/{table_id}") for table_id in ids]
        watchers = {
            table_id: Player(socket.__enter__(), None)
            for table_id, socket in zip(ids, sockets, strict=True)
        }
        try:
            yield BusyTables(client, watchers)
        finally:
            for socket in sockets:
                socket.__exit__(None, None, None)


def assert_nothing_lost(serve: Any, seen: dict[str, int]) -> None:
    """After a restart every table holds at least the steps that were acknowledged."""
    with serve() as client:
        for table_id, step in seen.items():
            answer = client.get(f"/api/tables/{table_id}")
            assert answer.status_code == 200, answer.text
            assert answer.json()["steps"] >= step > 0


def assert_not_taken_for_an_overwrite(
    serve: Any, path: Path, caplog: pytest.LogCaptureFixture, seen: dict[str, int]
) -> None:
    """The server logged nothing critical (an overwrite), moved no file aside, and lost no
    acknowledged step."""
    assert [record.message for record in caplog.records] == []
    assert not [name for name in os.listdir(path.parent) if ".overwritten-" in name]
    assert_nothing_lost(serve, seen)


def copy_in_place(source: Path, path: Path) -> None:
    """Write `source` over the file at `path` in place (as ``cp`` does: the same inode).

    The inode is checked on the open file: by the time a look by name came, the server
    may already have noticed and moved the file aside."""
    inode = path.stat().st_ino
    with path.open("r+b") as target:
        target.truncate(0)
        target.write(source.read_bytes())
        assert os.fstat(target.fileno()).st_ino == inode
