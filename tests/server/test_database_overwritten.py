"""A database file overwritten in place is noticed, and nothing acknowledged is lost.

The attack (issue 28, item 4): after a checkpoint, ``cp other.db
tables.sqlite3`` mid-play. The file keeps its inode, so a check of which
file is at the path sees nothing; its pages are another database's. The
server once went on writing into it, refused every move, and after a
restart every table was gone. Now the file's own identity (in its header)
is checked on every write: the server refuses to write there, writes every
table it holds to a new file, and play goes on.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pickletable.server.storage import Storage, sqlite_file
from tests.server.conftest import TEST_LIMITS, Player, new_table

LIMITS = replace(TEST_LIMITS, file_check_seconds=0.2)


def test_a_file_copied_over_the_database_loses_no_acknowledged_step(
    serve: Any, database_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = sqlite_file(database_url)
    if path is None:
        pytest.skip("a SQLite file only")
    other = tmp_path / "other.sqlite3"
    Storage(f"sqlite:///{other}").close()  # another server's database
    seen: dict[str, int] = {}
    with serve(bot_delay=0.02, limits=LIMITS) as client:
        tables = [
            new_table(client, "card", ["bot:easy"] * 2, options={"target_score": 99}, sit=False)
            for _ in range(3)
        ]
        ids = [made["table"]["id"] for made in tables]
        sockets = [client.websocket_connect(f"/ws/tables/{table_id}") for table_id in ids]
        watchers = [Player(socket.__enter__(), None) for socket in sockets]
        time.sleep(0.5)
        with sqlite3.connect(path) as reader:
            reader.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        inode = path.stat().st_ino
        with caplog.at_level(logging.CRITICAL, logger="pickletable.server"):
            shutil.copyfile(other, path)  # in place: the same inode
            assert path.stat().st_ino == inode
            time.sleep(1.5)
            for table_id, watcher in zip(ids, watchers, strict=True):
                seen[table_id] = watcher.current()["step"]
        for socket in sockets:
            socket.__exit__(None, None, None)
    with serve() as client:
        for table_id, step in seen.items():
            answer = client.get(f"/api/tables/{table_id}")
            assert answer.status_code == 200, answer.text
            assert answer.json()["steps"] >= step > 0
    assert any("overwritten in place" in record.message for record in caplog.records)
    assert [name for name in os.listdir(path.parent) if ".overwritten-" in name]
