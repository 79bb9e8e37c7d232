"""Another process that checkpoints, opens or writes the server's SQLite file is no overwrite.

The file's size and time change when anyone but the server writes it, and an
older copy put back over it changes them too; but so does a harmless write: a
tool's `Storage` opening the file (its start-up checkpoint), or a `sqlite3`
shell's checkpoint. The server once took either for an overwrite, moved the
whole file aside and wrote back only the tables it held, losing finished tables
and every account. Now it reads the file afresh and goes on when every table
still holds the steps it wrote.
"""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys
import time
from typing import Any

import pytest

from pickletable.server.storage import Storage, sqlite_file
from tests.server.busy_tables import assert_not_taken_for_an_overwrite, busy_tables


def test_a_checkpoint_or_a_tool_opening_the_file_is_not_taken_for_an_overwrite(
    serve: Any, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = sqlite_file(database_url)
    if path is None:
        pytest.skip("a SQLite file only")
    with caplog.at_level(logging.CRITICAL, logger="pickletable.server"), busy_tables(serve) as busy:
        time.sleep(0.3)
        before = busy.steps()
        with sqlite3.connect(path) as shell:
            shell.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        time.sleep(0.5)
        Storage(database_url).close()  # a tool's start-up checkpoint
        time.sleep(0.8)  # a few file checks and many commits later
        seen = busy.steps()
    assert all(seen[table_id] > step for table_id, step in before.items())  # play went on
    assert_not_taken_for_an_overwrite(serve, path, caplog, seen)


WRITER = """
import sys, time
from tests.server.stored_tables import FIXTURES, put_stored_table
for number in range(30):
    put_stored_table(sys.argv[1], FIXTURES / "board-target-at-zero.table.json", f"other-{number}")
    time.sleep(0.05)
"""
"""Writes 30 tables into the database at ``argv[1]``, a table at a time."""


def test_another_process_writing_tables_into_the_file_is_not_taken_for_an_overwrite(
    serve: Any, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    # A second writer (a test staging a position, a tool adding a table) changes the file
    # while the server writes and checks it. The server's locks on the file hold (reading
    # its header once dropped them, and the half-written file read as "malformed"): it
    # finds its own steps there and plays on, and every table is kept.
    path = sqlite_file(database_url)
    if path is None:
        pytest.skip("a SQLite file only")
    with caplog.at_level(logging.CRITICAL, logger="pickletable.server"), busy_tables(serve) as busy:
        # another process: within one, SQLite's connections share their locks
        wrote = subprocess.run(
            [sys.executable, "-c", WRITER, database_url], capture_output=True, timeout=60
        )
        assert wrote.returncode == 0, wrote.stderr.decode()[-2000:]
        time.sleep(0.5)  # a file check or two after the last write
        seen = busy.steps()
        for number in range(30):
            answer = busy.client.get(f"/api/tables/other-{number}")
            assert answer.status_code == 200, answer.text
    assert_not_taken_for_an_overwrite(serve, path, caplog, seen)
