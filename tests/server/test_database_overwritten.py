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
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from pickletable.server.storage import Storage, sqlite_file
from tests.server.busy_tables import assert_nothing_lost, busy_tables, copy_in_place


def test_a_file_copied_over_the_database_loses_no_acknowledged_step(
    serve: Any, database_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = sqlite_file(database_url)
    if path is None:
        pytest.skip("a SQLite file only")
    other = tmp_path / "other.sqlite3"
    Storage(f"sqlite:///{other}").close()  # another server's database
    with busy_tables(serve) as busy:
        time.sleep(0.5)
        with sqlite3.connect(path) as reader:
            reader.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        with caplog.at_level(logging.CRITICAL, logger="pickletable.server"):
            copy_in_place(other, path)
            time.sleep(1.5)
            seen = busy.steps()
    assert_nothing_lost(serve, seen)
    assert any("overwritten in place" in record.message for record in caplog.records)
    assert [name for name in os.listdir(path.parent) if ".overwritten-" in name]
